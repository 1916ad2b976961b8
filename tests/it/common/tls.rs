//! Certificates made for a test (rcgen), and gRPC and HTTP/1.1 clients over
//! TLS to the server's own TLS.

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;

use rustls::pki_types::{CertificateDer, PrivateKeyDer, ServerName};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tonic::transport::{Channel, Endpoint};

/// A certificate authority of the test's own.
pub struct Ca {
    issuer: rcgen::Issuer<'static, rcgen::KeyPair>,
    pub pem: String,
    pub der: CertificateDer<'static>,
}

/// A certificate signed by a [`Ca`], and its key.
pub struct Leaf {
    pub cert_pem: String,
    pub key_pem: String,
    pub cert: CertificateDer<'static>,
    pub key: PrivateKeyDer<'static>,
}

impl Ca {
    pub fn new(name: &str) -> Self {
        let key = rcgen::KeyPair::generate().expect("key");
        let mut params = rcgen::CertificateParams::new(Vec::<String>::new()).expect("params");
        params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
        params
            .distinguished_name
            .push(rcgen::DnType::CommonName, name);
        let cert = params.self_signed(&key).expect("CA");
        Self {
            pem: cert.pem(),
            der: cert.der().clone(),
            issuer: rcgen::Issuer::new(params, key),
        }
    }

    /// A certificate for these names (`127.0.0.1` is an IP address SAN).
    pub fn leaf(&self, names: &[&str]) -> Leaf {
        let key = rcgen::KeyPair::generate().expect("key");
        let names: Vec<String> = names.iter().map(|n| (*n).to_owned()).collect();
        let params = rcgen::CertificateParams::new(names).expect("params");
        let cert = params.signed_by(&key, &self.issuer).expect("signed");
        Leaf {
            cert_pem: cert.pem(),
            key_pem: key.serialize_pem(),
            cert: cert.der().clone(),
            key: PrivateKeyDer::try_from(key.serialize_der()).expect("key der"),
        }
    }

    pub fn write(&self, path: &Path) {
        std::fs::write(path, &self.pem).expect("write CA");
    }
}

impl Leaf {
    /// Write the certificate and the key (PEM) where the server reads them.
    pub fn write(&self, cert: &Path, key: &Path) {
        std::fs::write(cert, &self.cert_pem).expect("write cert");
        std::fs::write(key, &self.key_pem).expect("write key");
    }
}

/// A client configuration trusting `ca` only, with a client certificate
/// when given, offering `alpn`.
fn client_config(ca: &Ca, client: Option<&Leaf>, alpn: &[u8]) -> rustls::ClientConfig {
    let mut roots = rustls::RootCertStore::empty();
    roots.add(ca.der.clone()).expect("root");
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let builder = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .expect("versions")
        .with_root_certificates(roots);
    let mut config = match client {
        Some(leaf) => builder
            .with_client_auth_cert(vec![leaf.cert.clone()], leaf.key.clone_key())
            .expect("client cert"),
        None => builder.with_no_client_auth(),
    };
    config.alpn_protocols = vec![alpn.to_vec()];
    config
}

/// A gRPC channel to `addr` over TLS (ALPN h2), trusting `ca` only.
pub async fn channel(
    addr: SocketAddr,
    ca: &Ca,
    client: Option<&Leaf>,
) -> Result<Channel, tonic::transport::Error> {
    let connector = tokio_rustls::TlsConnector::from(Arc::new(client_config(ca, client, b"h2")));
    Endpoint::from_shared(format!("http://{addr}"))
        .expect("endpoint")
        .connect_with_connector(tower::service_fn(move |_| {
            let connector = connector.clone();
            async move {
                let tcp = TcpStream::connect(addr).await?;
                let name = ServerName::IpAddress(addr.ip().into());
                let tls = connector.connect(name, tcp).await?;
                Ok::<_, std::io::Error>(hyper_util::rt::TokioIo::new(tls))
            }
        }))
        .await
}

/// `GET path` over HTTP/1.1 in TLS (ALPN http/1.1); the whole answer.
pub async fn get(addr: SocketAddr, ca: &Ca, path: &str) -> std::io::Result<String> {
    let connector =
        tokio_rustls::TlsConnector::from(Arc::new(client_config(ca, None, b"http/1.1")));
    let tcp = TcpStream::connect(addr).await?;
    let mut tls = connector
        .connect(ServerName::IpAddress(addr.ip().into()), tcp)
        .await?;
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    tls.write_all(request.as_bytes()).await?;
    let mut raw = Vec::new();
    // A peer that closes without close_notify still gave its answer.
    let _ = tls.read_to_end(&mut raw).await;
    Ok(String::from_utf8_lossy(&raw).into_owned())
}
