//! TLS of the server's own (`--tls-cert`, `--tls-key`, `--tls-client-ca`).
//!
//! - The certificate chain and its key are PEM files; the key must match
//!   the chain's first certificate. Unreadable, empty or mismatched files
//!   stop start-up with an error that names the flag and the file.
//! - ALPN offers `h2` and `http/1.1`, so gRPC (HTTP/2) and gRPC-Web, the
//!   web page and the HTTP probes (HTTP/1.1) all work over TLS on the one
//!   port.
//! - With `--tls-client-ca`, every client must present a certificate
//!   signed by one of that file's CAs (mTLS); the handshake fails
//!   otherwise. A client certificate authenticates the connection only: it
//!   maps to no access role (API keys in `x-api-key` still decide roles).
//! - The files are read again when their content changes (looked at every
//!   [`POLL`]) or on SIGHUP. A reload that fails is logged and the
//!   previous certificate stays in use; a reload that works applies to new
//!   connections, while open ones (and their streams) go on with the
//!   certificate they were made with.
//! - `satrap_tls_certificate_expiry_seconds`: the Unix time at which the
//!   certificate in use expires (alert when it comes near).

use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};
use std::time::Duration;

use rustls::ServerConfig;
use rustls::crypto::CryptoProvider;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use rustls::server::WebPkiClientVerifier;
use rustls::sign::CertifiedKey;
use sha2::{Digest, Sha256};
use tokio::sync::watch;

/// How often the files are looked at for changes.
pub const POLL: Duration = Duration::from_secs(1);
/// The protocols offered by ALPN, preferred first.
const ALPN: [&[u8]; 2] = [b"h2", b"http/1.1"];

/// The files of the TLS flags.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TlsFiles {
    /// `--tls-cert`: the certificate chain, leaf first.
    pub cert: PathBuf,
    /// `--tls-key`: the leaf's private key (PKCS#8, PKCS#1 or SEC1).
    pub key: PathBuf,
    /// `--tls-client-ca`: the CAs client certificates must chain to.
    pub client_ca: Option<PathBuf>,
}

/// Why the TLS files cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum TlsError {
    #[error("{flag} {path}: cannot read it: {source}")]
    Read {
        flag: &'static str,
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{flag} {path}: no PEM {expected} in it")]
    Empty {
        flag: &'static str,
        path: PathBuf,
        expected: &'static str,
    },
    #[error("{flag} {path}: not valid PEM: {detail}")]
    Pem {
        flag: &'static str,
        path: PathBuf,
        detail: String,
    },
    #[error("--tls-key {key}: unusable private key: {detail}")]
    Key { key: PathBuf, detail: String },
    #[error("--tls-key {key} does not match the certificate of --tls-cert {cert}")]
    Mismatch { cert: PathBuf, key: PathBuf },
    #[error("--tls-cert {path}: {detail}")]
    Certificate { path: PathBuf, detail: String },
    #[error("--tls-client-ca {path}: {detail}")]
    ClientCa { path: PathBuf, detail: String },
}

/// A loaded configuration and what is published about it.
struct Loaded {
    config: Arc<ServerConfig>,
    /// The leaf's notAfter, Unix seconds.
    expires_at: i64,
}

/// The server's TLS: the configuration new connections use, reloaded from
/// the files (see the module docs). Cheap to clone.
#[derive(Clone)]
pub struct Tls {
    files: Arc<TlsFiles>,
    current: Arc<RwLock<Arc<ServerConfig>>>,
    expires_at: Arc<RwLock<i64>>,
}

impl Tls {
    /// Load the files; any problem is an error (start-up refuses).
    pub fn load(files: TlsFiles) -> Result<Self, TlsError> {
        let loaded = load(&files)?;
        Ok(Self {
            files: Arc::new(files),
            current: Arc::new(RwLock::new(loaded.config)),
            expires_at: Arc::new(RwLock::new(loaded.expires_at)),
        })
    }

    /// The acceptor for a new connection (the configuration as of now).
    pub fn acceptor(&self) -> tokio_rustls::TlsAcceptor {
        let config = self
            .current
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .clone();
        tokio_rustls::TlsAcceptor::from(config)
    }

    /// The certificate in use expires then (Unix seconds).
    pub fn expires_at(&self) -> i64 {
        *self.expires_at.read().unwrap_or_else(|p| p.into_inner())
    }

    /// Set the expiry gauge (after the metrics recorder is installed).
    pub fn publish(&self) {
        metrics::gauge!(crate::telemetry::TLS_CERT_EXPIRY).set(self.expires_at() as f64);
    }

    /// Read the files again and use them for new connections; on an error
    /// the previous configuration stays.
    pub fn reload(&self) -> Result<(), TlsError> {
        let loaded = load(&self.files)?;
        *self.current.write().unwrap_or_else(|p| p.into_inner()) = loaded.config;
        *self.expires_at.write().unwrap_or_else(|p| p.into_inner()) = loaded.expires_at;
        self.publish();
        Ok(())
    }

    /// Until `stop`: reload when the files' content changes (looked at
    /// every `every`) or on SIGHUP. Each failing content is logged once.
    pub async fn watch(self, every: Duration, mut stop: watch::Receiver<bool>) {
        #[cfg(unix)]
        let mut hangup =
            tokio::signal::unix::signal(tokio::signal::unix::SignalKind::hangup()).ok();
        let mut seen = digest(&self.files);
        loop {
            #[cfg(unix)]
            let hup = async {
                match hangup.as_mut() {
                    Some(h) => {
                        h.recv().await;
                    }
                    None => std::future::pending().await,
                }
            };
            #[cfg(not(unix))]
            let hup = std::future::pending::<()>();
            let forced = tokio::select! {
                _ = tokio::time::sleep(every) => false,
                () = hup => true,
                _ = stop.changed() => return,
            };
            let now = digest(&self.files);
            if !forced && now == seen {
                continue;
            }
            seen = now;
            match self.reload() {
                Ok(()) => tracing::info!(
                    cert = %self.files.cert.display(),
                    expires_at = self.expires_at(),
                    "TLS certificate reloaded: new connections use it"
                ),
                Err(e) => tracing::error!(
                    error = %e,
                    "TLS files not reloaded: the previous certificate stays in use"
                ),
            }
        }
    }
}

/// A digest of the files' contents (unreadable files count as empty), to
/// notice a change whatever the file systems' timestamps do.
fn digest(files: &TlsFiles) -> [u8; 32] {
    let mut hash = Sha256::new();
    for path in [
        Some(&files.cert),
        Some(&files.key),
        files.client_ca.as_ref(),
    ]
    .into_iter()
    .flatten()
    {
        let content = std::fs::read(path).unwrap_or_default();
        hash.update((content.len() as u64).to_le_bytes());
        hash.update(&content);
    }
    hash.finalize().into()
}

fn read(flag: &'static str, path: &Path) -> Result<Vec<u8>, TlsError> {
    std::fs::read(path).map_err(|source| TlsError::Read {
        flag,
        path: path.to_owned(),
        source,
    })
}

fn certificates(flag: &'static str, path: &Path) -> Result<Vec<CertificateDer<'static>>, TlsError> {
    let pem = read(flag, path)?;
    let certs = CertificateDer::pem_slice_iter(&pem)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| TlsError::Pem {
            flag,
            path: path.to_owned(),
            detail: e.to_string(),
        })?;
    if certs.is_empty() {
        return Err(TlsError::Empty {
            flag,
            path: path.to_owned(),
            expected: "certificate",
        });
    }
    Ok(certs)
}

fn load(files: &TlsFiles) -> Result<Loaded, TlsError> {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let certs = certificates("--tls-cert", &files.cert)?;
    let key_pem = read("--tls-key", &files.key)?;
    let key = PrivateKeyDer::from_pem_slice(&key_pem).map_err(|e| match e {
        rustls::pki_types::pem::Error::NoItemsFound => TlsError::Empty {
            flag: "--tls-key",
            path: files.key.clone(),
            expected: "private key",
        },
        other => TlsError::Pem {
            flag: "--tls-key",
            path: files.key.clone(),
            detail: other.to_string(),
        },
    })?;
    let expires_at = not_after(&certs[0]).map_err(|detail| TlsError::Certificate {
        path: files.cert.clone(),
        detail,
    })?;
    let signing = provider
        .key_provider
        .load_private_key(key.clone_key())
        .map_err(|e| TlsError::Key {
            key: files.key.clone(),
            detail: e.to_string(),
        })?;
    let certified = CertifiedKey::new(certs.clone(), signing);
    match certified.keys_match() {
        Ok(()) => {}
        // A key whose public half the provider cannot tell: the handshake
        // would find out; nothing to compare here.
        Err(rustls::Error::InconsistentKeys(rustls::InconsistentKeys::Unknown)) => {}
        Err(_) => {
            return Err(TlsError::Mismatch {
                cert: files.cert.clone(),
                key: files.key.clone(),
            });
        }
    }
    let builder = ServerConfig::builder_with_provider(provider.clone())
        .with_safe_default_protocol_versions()
        .map_err(|e| TlsError::Certificate {
            path: files.cert.clone(),
            detail: e.to_string(),
        })?;
    let builder = match &files.client_ca {
        Some(path) => builder.with_client_cert_verifier(client_verifier(path, provider)?),
        None => builder.with_no_client_auth(),
    };
    let mut config = builder.with_single_cert(certs, key).map_err(|e| match e {
        rustls::Error::InconsistentKeys(_) => TlsError::Mismatch {
            cert: files.cert.clone(),
            key: files.key.clone(),
        },
        other => TlsError::Certificate {
            path: files.cert.clone(),
            detail: other.to_string(),
        },
    })?;
    config.alpn_protocols = ALPN.iter().map(|p| p.to_vec()).collect();
    Ok(Loaded {
        config: Arc::new(config),
        expires_at,
    })
}

/// The verifier of client certificates: they must chain to a CA of `path`.
fn client_verifier(
    path: &Path,
    provider: Arc<CryptoProvider>,
) -> Result<Arc<dyn rustls::server::danger::ClientCertVerifier>, TlsError> {
    let mut roots = rustls::RootCertStore::empty();
    for cert in certificates("--tls-client-ca", path)? {
        roots.add(cert).map_err(|e| TlsError::ClientCa {
            path: path.to_owned(),
            detail: e.to_string(),
        })?;
    }
    WebPkiClientVerifier::builder_with_provider(Arc::new(roots), provider)
        .build()
        .map_err(|e| TlsError::ClientCa {
            path: path.to_owned(),
            detail: e.to_string(),
        })
}

/// The certificate's notAfter, in Unix seconds.
fn not_after(cert: &CertificateDer<'_>) -> Result<i64, String> {
    use x509_cert::der::Decode;
    let parsed = x509_cert::Certificate::from_der(cert.as_ref())
        .map_err(|e| format!("not an X.509 certificate: {e}"))?;
    let seconds = parsed
        .tbs_certificate
        .validity
        .not_after
        .to_unix_duration()
        .as_secs();
    i64::try_from(seconds).map_err(|_| "its expiry is out of range".to_owned())
}

/// A connection over TLS, after its handshake: what tonic serves.
pub struct TlsConn(pub tokio_rustls::server::TlsStream<crate::conn::Conn>);

impl tonic::transport::server::Connected for TlsConn {
    type ConnectInfo = crate::conn::ConnInfo;

    fn connect_info(&self) -> crate::conn::ConnInfo {
        self.0.get_ref().0.connect_info()
    }
}

impl tokio::io::AsyncRead for TlsConn {
    fn poll_read(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &mut tokio::io::ReadBuf<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.0).poll_read(cx, buf)
    }
}

impl tokio::io::AsyncWrite for TlsConn {
    fn poll_write(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &[u8],
    ) -> std::task::Poll<std::io::Result<usize>> {
        std::pin::Pin::new(&mut self.0).poll_write(cx, buf)
    }

    fn poll_flush(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.0).poll_flush(cx)
    }

    fn poll_shutdown(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.0).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> std::task::Poll<std::io::Result<usize>> {
        std::pin::Pin::new(&mut self.0).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.0.is_write_vectored()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh directory for one test's files.
    fn dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "satrap-tls-{name}-{}-{}",
            std::process::id(),
            satrap_store::now_ms()
        ));
        std::fs::create_dir_all(&dir).expect("temp dir");
        dir
    }

    /// A self-signed certificate for 127.0.0.1 and its key, as PEM.
    fn self_signed() -> (String, String) {
        self_signed_with(|_| {})
    }

    /// [`self_signed`] with its parameters changed by `edit` first.
    fn self_signed_with(edit: impl FnOnce(&mut rcgen::CertificateParams)) -> (String, String) {
        let key = rcgen::KeyPair::generate().expect("key");
        let mut params =
            rcgen::CertificateParams::new(vec!["127.0.0.1".to_owned()]).expect("params");
        edit(&mut params);
        let cert = params.self_signed(&key).expect("cert");
        (cert.pem(), key.serialize_pem())
    }

    fn files(dir: &Path, cert: &str, key: &str) -> TlsFiles {
        std::fs::write(dir.join("cert.pem"), cert).expect("write");
        std::fs::write(dir.join("key.pem"), key).expect("write");
        TlsFiles {
            cert: dir.join("cert.pem"),
            key: dir.join("key.pem"),
            client_ca: None,
        }
    }

    #[test]
    fn a_matching_pair_loads_with_h2_and_http1_and_its_expiry() {
        let dir = dir("ok");
        let (cert, key) = self_signed();
        let tls = Tls::load(files(&dir, &cert, &key)).expect("loads");
        let config = tls.current.read().expect("lock").clone();
        assert_eq!(
            config.alpn_protocols,
            vec![b"h2".to_vec(), b"http/1.1".to_vec()]
        );
        // rcgen's default validity ends on 4096-01-01 (GeneralizedTime).
        assert_eq!(tls.expires_at(), 67_090_118_400);
    }

    #[test]
    fn the_expiry_is_the_certificates_not_after() {
        let dir = dir("expiry");
        // Before 2050 the expiry is a UTCTime.
        let (cert, key) =
            self_signed_with(|params| params.not_after = rcgen::date_time_ymd(2031, 5, 17));
        let tls = Tls::load(files(&dir, &cert, &key)).expect("loads");
        assert_eq!(tls.expires_at(), 1_936_742_400);
    }

    #[test]
    fn a_key_of_another_certificate_is_refused() {
        let dir = dir("mismatch");
        let (cert, _) = self_signed();
        let (_, other_key) = self_signed();
        let err = Tls::load(files(&dir, &cert, &other_key))
            .err()
            .expect("refused");
        assert!(matches!(err, TlsError::Mismatch { .. }), "{err}");
        assert!(err.to_string().contains("does not match"), "{err}");
    }

    #[test]
    fn unreadable_empty_and_garbled_files_are_refused_by_name() {
        let dir = dir("bad");
        let (cert, key) = self_signed();
        let mut missing = files(&dir, &cert, &key);
        missing.cert = dir.join("absent.pem");
        let err = Tls::load(missing).err().expect("refused");
        assert!(
            matches!(
                err,
                TlsError::Read {
                    flag: "--tls-cert",
                    ..
                }
            ),
            "{err}"
        );
        assert!(err.to_string().contains("absent.pem"), "{err}");

        let err = Tls::load(files(&dir, "", &key)).err().expect("refused");
        assert!(
            matches!(
                err,
                TlsError::Empty {
                    flag: "--tls-cert",
                    ..
                }
            ),
            "{err}"
        );
        let err = Tls::load(files(&dir, &cert, "no key here"))
            .err()
            .expect("refused");
        assert!(
            matches!(
                err,
                TlsError::Empty {
                    flag: "--tls-key",
                    ..
                }
            ),
            "{err}"
        );

        let mut ca = files(&dir, &cert, &key);
        std::fs::write(dir.join("ca.pem"), "").expect("write");
        ca.client_ca = Some(dir.join("ca.pem"));
        let err = Tls::load(ca).err().expect("refused");
        assert!(
            matches!(
                err,
                TlsError::Empty {
                    flag: "--tls-client-ca",
                    ..
                }
            ),
            "{err}"
        );
    }

    #[test]
    fn a_failed_reload_keeps_the_previous_certificate() {
        let dir = dir("reload");
        let (cert, key) = self_signed();
        let files = files(&dir, &cert, &key);
        let tls = Tls::load(files.clone()).expect("loads");
        let before = tls.current.read().expect("lock").clone();
        std::fs::write(&files.key, "garbage").expect("write");
        assert!(tls.reload().is_err());
        assert!(Arc::ptr_eq(&before, &tls.current.read().expect("lock")));
        let (cert, key) = self_signed();
        std::fs::write(&files.cert, cert).expect("write");
        std::fs::write(&files.key, key).expect("write");
        tls.reload().expect("reloads");
        assert!(!Arc::ptr_eq(&before, &tls.current.read().expect("lock")));
    }
}
