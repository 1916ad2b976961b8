//! `satrap health` over the server's own TLS. The probe runs beside the
//! server (a container's HEALTHCHECK, an operator on the host), where the
//! server's certificate file is at hand, so it trusts exactly that
//! certificate (pinned) instead of a CA: a server certificate made for a
//! DNS name still answers a probe of 127.0.0.1, and no CA file is needed.
//! The handshake's signature is still checked against the pinned
//! certificate's key. For a server that requires client certificates
//! (`--tls-client-ca`), the probe presents one of its own.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::CryptoProvider;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer, ServerName, UnixTime};
use rustls::{CertificateError, DigitallySignedStruct, SignatureScheme};

/// Why the probe's TLS could not be set up.
#[derive(Debug, thiserror::Error)]
pub enum ProbeTlsError {
    #[error("{flag} {path}: {reason}")]
    File {
        flag: &'static str,
        path: PathBuf,
        reason: String,
    },
    #[error("TLS: {0}")]
    Rustls(#[from] rustls::Error),
}

/// The server's certificate to trust and, for mTLS, the probe's own.
pub struct ProbeTls {
    config: Arc<rustls::ClientConfig>,
}

fn certs(flag: &'static str, path: &Path) -> Result<Vec<CertificateDer<'static>>, ProbeTlsError> {
    let fail = |reason: String| ProbeTlsError::File {
        flag,
        path: path.to_owned(),
        reason,
    };
    let pem = std::fs::read(path).map_err(|e| fail(e.to_string()))?;
    let certs = CertificateDer::pem_slice_iter(&pem)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| fail(e.to_string()))?;
    if certs.is_empty() {
        return Err(fail("no certificate in the file".into()));
    }
    Ok(certs)
}

impl ProbeTls {
    /// Trust the first certificate of `server_cert` (PEM, the server's
    /// `--tls-cert`); present `client` (certificate chain, key) if given.
    pub fn load(server_cert: &Path, client: Option<(&Path, &Path)>) -> Result<Self, ProbeTlsError> {
        let pinned = certs("--server-cert", server_cert)?.remove(0);
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let builder = rustls::ClientConfig::builder_with_provider(provider.clone())
            .with_safe_default_protocol_versions()?
            .dangerous()
            .with_custom_certificate_verifier(Arc::new(Pinned { pinned, provider }));
        let mut config = match client {
            Some((cert, key)) => {
                let chain = certs("--client-cert", cert)?;
                let key = PrivateKeyDer::from_pem_file(key).map_err(|e| ProbeTlsError::File {
                    flag: "--client-key",
                    path: key.to_owned(),
                    reason: e.to_string(),
                })?;
                builder.with_client_auth_cert(chain, key)?
            }
            None => builder.with_no_client_auth(),
        };
        config.alpn_protocols = vec![b"h2".to_vec()];
        Ok(Self {
            config: Arc::new(config),
        })
    }

    /// A gRPC channel to `addr` (`host:port`) over this TLS.
    pub async fn channel(&self, addr: &str) -> Result<tonic::transport::Channel, String> {
        let config = self.config.clone();
        let target = addr.to_owned();
        let connector = tower::service_fn(move |_: tonic::transport::Uri| {
            let config = config.clone();
            let target = target.clone();
            async move {
                let tcp = tokio::net::TcpStream::connect(&target).await?;
                // The name is not checked (the certificate is pinned); it is
                // only what the server sees as SNI.
                let name = ServerName::try_from("localhost").expect("a valid name");
                let tls = tokio_rustls::TlsConnector::from(config)
                    .connect(name, tcp)
                    .await?;
                Ok::<_, std::io::Error>(hyper_util::rt::TokioIo::new(tls))
            }
        });
        tonic::transport::Endpoint::from_shared(format!("https://{addr}"))
            .map_err(|e| format!("address {addr}: {e}"))?
            .connect_with_connector(connector)
            .await
            .map_err(|e| format!("connect {addr} over TLS: {e}"))
    }
}

/// Trusts exactly one certificate; signatures checked as usual.
#[derive(Debug)]
struct Pinned {
    pinned: CertificateDer<'static>,
    provider: Arc<CryptoProvider>,
}

impl ServerCertVerifier for Pinned {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        if end_entity.as_ref() == self.pinned.as_ref() {
            Ok(ServerCertVerified::assertion())
        } else {
            Err(rustls::Error::InvalidCertificate(
                CertificateError::ApplicationVerificationFailure,
            ))
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(
            message,
            cert,
            dss,
            &self.provider.signature_verification_algorithms,
        )
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(
            message,
            cert,
            dss,
            &self.provider.signature_verification_algorithms,
        )
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.provider
            .signature_verification_algorithms
            .supported_schemes()
    }
}
