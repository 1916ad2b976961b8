//! TLS for the PostgreSQL store: libpq's `sslmode` and `sslrootcert` URL
//! parameters on top of rustls (with the `ring` provider, so building needs
//! nothing beyond the Rust toolchain and a C compiler).
//!
//! tokio-postgres parses `sslmode` itself but knows only `disable`, `prefer`
//! and `require`, and it rejects `sslrootcert`; so [`split_url`] takes both
//! out of the URL before tokio-postgres sees it, and [`TlsSettings`] turns
//! them into the SSL mode tokio-postgres negotiates with and a rustls
//! configuration that verifies what libpq would:
//!
//! | `sslmode`            | TLS                         | certificate checked                          |
//! |----------------------|-----------------------------|----------------------------------------------|
//! | `disable`            | never                       | —                                            |
//! | `prefer` (default)   | if the server offers it     | no                                           |
//! | `require`            | always                      | no; the chain (as `verify-ca`) if `sslrootcert` is given |
//! | `verify-ca`          | always                      | the chain, against `sslrootcert` or the system roots |
//! | `verify-full`        | always                      | the chain and the host name                  |
//!
//! `sslrootcert` is a PEM file of CA certificates, or `system` for the
//! operating system's roots (libpq 16's spelling); without it `verify-ca`
//! and `verify-full` use the system roots. Client certificates (`sslcert`,
//! `sslkey`) are refused by name rather than silently ignored.

use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;

use rustls::client::WebPkiServerVerifier;
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::CryptoProvider;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{CertificateError, DigitallySignedStruct, RootCertStore, SignatureScheme};
use tokio_postgres::config::SslMode as WireMode;
use tokio_postgres_rustls::MakeRustlsConnect;

/// libpq's `sslmode` values that satrap supports (libpq's `allow`, which
/// tries plaintext first, is deliberately left out).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SslMode {
    Disable,
    /// libpq's default.
    #[default]
    Prefer,
    Require,
    VerifyCa,
    VerifyFull,
}

impl SslMode {
    fn parse(value: &str) -> Result<Self, TlsError> {
        Ok(match value {
            "disable" => Self::Disable,
            "prefer" => Self::Prefer,
            "require" => Self::Require,
            "verify-ca" => Self::VerifyCa,
            "verify-full" => Self::VerifyFull,
            other => return Err(TlsError::UnknownMode(other.to_owned())),
        })
    }

    fn as_str(self) -> &'static str {
        match self {
            Self::Disable => "disable",
            Self::Prefer => "prefer",
            Self::Require => "require",
            Self::VerifyCa => "verify-ca",
            Self::VerifyFull => "verify-full",
        }
    }

    /// What tokio-postgres negotiates: the verifying modes are `require` on
    /// the wire; the verification itself is rustls's job.
    fn wire(self) -> WireMode {
        match self {
            Self::Disable => WireMode::Disable,
            Self::Prefer => WireMode::Prefer,
            Self::Require | Self::VerifyCa | Self::VerifyFull => WireMode::Require,
        }
    }
}

/// Where trusted CA certificates come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RootCert {
    /// A PEM file (`sslrootcert=/path/ca.pem`).
    File(PathBuf),
    /// The operating system's trust store (`sslrootcert=system`).
    System,
}

/// The TLS part of a PostgreSQL URL.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TlsSettings {
    pub mode: SslMode,
    pub root_cert: Option<RootCert>,
}

/// How much of the server's certificate is checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Check {
    Nothing,
    Chain,
    ChainAndName,
}

impl TlsSettings {
    fn check(&self) -> Check {
        match self.mode {
            SslMode::Disable | SslMode::Prefer => Check::Nothing,
            // libpq: "if a root CA file exists, the behavior of
            // sslmode=require will be the same as that of verify-ca".
            SslMode::Require if self.root_cert.is_some() => Check::Chain,
            SslMode::Require => Check::Nothing,
            SslMode::VerifyCa => Check::Chain,
            SslMode::VerifyFull => Check::ChainAndName,
        }
    }

    /// The SSL mode tokio-postgres negotiates with.
    pub fn wire_mode(&self) -> WireMode {
        self.mode.wire()
    }

    /// The connector for tokio-postgres (also for `disable`, where it is
    /// never used, so that one connector type serves every mode).
    pub fn connector(&self) -> Result<MakeRustlsConnect, TlsError> {
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let verifier: Arc<dyn ServerCertVerifier> = match self.check() {
            Check::Nothing => Arc::new(AnyCertificate(provider.clone())),
            check => {
                let roots = self.roots()?;
                let webpki =
                    WebPkiServerVerifier::builder_with_provider(Arc::new(roots), provider.clone())
                        .build()
                        .map_err(|e| TlsError::Config(e.to_string()))?;
                if check == Check::Chain {
                    Arc::new(ChainOnly(webpki))
                } else {
                    webpki
                }
            }
        };
        let config = rustls::ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(|e| TlsError::Config(e.to_string()))?
            .dangerous()
            .with_custom_certificate_verifier(verifier)
            .with_no_client_auth();
        Ok(MakeRustlsConnect::new(config))
    }

    fn roots(&self) -> Result<RootCertStore, TlsError> {
        let mut roots = RootCertStore::empty();
        match &self.root_cert {
            Some(RootCert::File(path)) => {
                let pem = std::fs::read(path).map_err(|source| TlsError::ReadRootCert {
                    path: path.clone(),
                    source,
                })?;
                let certs = CertificateDer::pem_slice_iter(&pem)
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|e| TlsError::BadRootCert {
                        path: path.clone(),
                        why: e.to_string(),
                    })?;
                if certs.is_empty() {
                    return Err(TlsError::BadRootCert {
                        path: path.clone(),
                        why: "no PEM certificate in it".into(),
                    });
                }
                for cert in certs {
                    roots.add(cert).map_err(|e| TlsError::BadRootCert {
                        path: path.clone(),
                        why: e.to_string(),
                    })?;
                }
            }
            Some(RootCert::System) | None => {
                let found = rustls_native_certs::load_native_certs();
                let (added, _) = roots.add_parsable_certificates(found.certs);
                if added == 0 {
                    return Err(TlsError::NoSystemRoots);
                }
            }
        }
        Ok(roots)
    }
}

impl fmt::Display for TlsSettings {
    /// `sslmode=verify-full sslrootcert=/etc/ca.pem`, for error messages.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "sslmode={}", self.mode.as_str())?;
        match &self.root_cert {
            Some(RootCert::File(path)) => write!(f, " sslrootcert={}", path.display()),
            Some(RootCert::System) => write!(f, " sslrootcert=system"),
            None => Ok(()),
        }
    }
}

/// Why the TLS settings of a PostgreSQL URL cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum TlsError {
    #[error(
        "sslmode={0:?} is not supported: use disable, prefer, require, verify-ca or verify-full"
    )]
    UnknownMode(String),
    #[error("{0} is not supported (satrap does not present client certificates)")]
    ClientCertificate(&'static str),
    #[error("URL parameter {0} is not valid UTF-8 after percent-decoding")]
    Encoding(&'static str),
    #[error("cannot read sslrootcert {path}: {source}")]
    ReadRootCert {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("sslrootcert {path}: {why}")]
    BadRootCert { path: PathBuf, why: String },
    #[error(
        "no system root certificates found (install ca-certificates, or name a CA file with sslrootcert=PATH)"
    )]
    NoSystemRoots,
    #[error("TLS configuration: {0}")]
    Config(String),
}

/// URL parameters naming client certificates, which satrap refuses.
const CLIENT_CERT_PARAMS: &[&str] = &["sslcert", "sslkey", "sslpassword"];

/// Split a `postgres://` URL into the URL tokio-postgres parses (without
/// `sslmode` and `sslrootcert`) and the TLS settings. Other parameters pass
/// through untouched and in order; when a parameter repeats, the last one
/// counts, as in libpq.
pub fn split_url(url: &str) -> Result<(String, TlsSettings), TlsError> {
    let mut settings = TlsSettings::default();
    let Some((base, query)) = url.split_once('?') else {
        return Ok((url.to_owned(), settings));
    };
    let mut kept = Vec::new();
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        match key {
            "sslmode" => settings.mode = SslMode::parse(&decode(value, "sslmode")?)?,
            "sslrootcert" => {
                let value = decode(value, "sslrootcert")?;
                settings.root_cert = match value.as_str() {
                    "" => None,
                    "system" => Some(RootCert::System),
                    path => Some(RootCert::File(PathBuf::from(path))),
                };
            }
            key => {
                if let Some(name) = CLIENT_CERT_PARAMS.iter().find(|n| **n == key) {
                    return Err(TlsError::ClientCertificate(name));
                }
                kept.push(pair);
            }
        }
    }
    let rest = if kept.is_empty() {
        base.to_owned()
    } else {
        format!("{base}?{}", kept.join("&"))
    };
    Ok((rest, settings))
}

fn decode(value: &str, name: &'static str) -> Result<String, TlsError> {
    percent_encoding::percent_decode_str(value)
        .decode_utf8()
        .map(|v| v.into_owned())
        .map_err(|_| TlsError::Encoding(name))
}

/// `prefer` and `require` without a CA: encrypt, but accept any certificate
/// (libpq's behaviour: protection from eavesdroppers, not from an active
/// man in the middle). Handshake signatures are still checked, so the peer
/// must hold the key of the certificate it shows.
#[derive(Debug)]
struct AnyCertificate(Arc<CryptoProvider>);

impl ServerCertVerifier for AnyCertificate {
    fn verify_server_cert(
        &self,
        _end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        Ok(ServerCertVerified::assertion())
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
            &self.0.signature_verification_algorithms,
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
            &self.0.signature_verification_algorithms,
        )
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.0.signature_verification_algorithms.supported_schemes()
    }
}

/// `verify-ca`: the chain must lead to a trusted root (and be valid now),
/// but the certificate need not name the host. webpki checks the name only
/// after the chain, so a name mismatch means everything else passed.
#[derive(Debug)]
struct ChainOnly(Arc<WebPkiServerVerifier>);

impl ServerCertVerifier for ChainOnly {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        ocsp_response: &[u8],
        now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        match self
            .0
            .verify_server_cert(end_entity, intermediates, server_name, ocsp_response, now)
        {
            Err(rustls::Error::InvalidCertificate(
                CertificateError::NotValidForName | CertificateError::NotValidForNameContext { .. },
            )) => Ok(ServerCertVerified::assertion()),
            other => other,
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        self.0.verify_tls12_signature(message, cert, dss)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        self.0.verify_tls13_signature(message, cert, dss)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.0.supported_verify_schemes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(url: &str) -> (String, TlsSettings) {
        split_url(url).expect("valid URL")
    }

    #[test]
    fn default_is_prefer_without_a_root_cert() {
        let (rest, tls) = split("postgres://u:p@h:5432/db");
        assert_eq!(rest, "postgres://u:p@h:5432/db");
        assert_eq!(tls, TlsSettings::default());
        assert_eq!(tls.mode, SslMode::Prefer);
        assert_eq!(tls.check(), Check::Nothing);
    }

    #[test]
    fn every_libpq_mode_parses_and_maps_to_a_wire_mode() {
        for (name, mode, wire, check) in [
            (
                "disable",
                SslMode::Disable,
                WireMode::Disable,
                Check::Nothing,
            ),
            ("prefer", SslMode::Prefer, WireMode::Prefer, Check::Nothing),
            (
                "require",
                SslMode::Require,
                WireMode::Require,
                Check::Nothing,
            ),
            (
                "verify-ca",
                SslMode::VerifyCa,
                WireMode::Require,
                Check::Chain,
            ),
            (
                "verify-full",
                SslMode::VerifyFull,
                WireMode::Require,
                Check::ChainAndName,
            ),
        ] {
            let (rest, tls) = split(&format!("postgres://h/db?sslmode={name}"));
            assert_eq!(rest, "postgres://h/db", "{name}");
            assert_eq!(tls.mode, mode, "{name}");
            assert_eq!(tls.wire_mode(), wire, "{name}");
            assert_eq!(tls.check(), check, "{name}");
            assert_eq!(tls.to_string(), format!("sslmode={name}"));
        }
    }

    #[test]
    fn require_with_a_root_cert_verifies_the_chain_like_libpq() {
        let (_, tls) = split("postgres://h/db?sslmode=require&sslrootcert=/etc/ca.pem");
        assert_eq!(tls.root_cert, Some(RootCert::File("/etc/ca.pem".into())));
        assert_eq!(tls.check(), Check::Chain);
        assert_eq!(tls.to_string(), "sslmode=require sslrootcert=/etc/ca.pem");
    }

    #[test]
    fn other_parameters_pass_through_in_order() {
        let (rest, tls) = split(
            "postgres://u@h/db?application_name=x&sslrootcert=%2Ftmp%2Fmy%20ca.pem&connect_timeout=5&sslmode=verify-full",
        );
        assert_eq!(
            rest,
            "postgres://u@h/db?application_name=x&connect_timeout=5"
        );
        assert_eq!(tls.mode, SslMode::VerifyFull);
        assert_eq!(tls.root_cert, Some(RootCert::File("/tmp/my ca.pem".into())));
        // What remains is a URL tokio-postgres accepts.
        assert!(rest.parse::<tokio_postgres::Config>().is_ok());
    }

    #[test]
    fn the_last_repeated_parameter_counts() {
        let (_, tls) = split("postgres://h/db?sslmode=disable&sslmode=verify-ca");
        assert_eq!(tls.mode, SslMode::VerifyCa);
    }

    #[test]
    fn sslrootcert_system_names_the_system_store() {
        let (_, tls) = split("postgres://h/db?sslmode=verify-full&sslrootcert=system");
        assert_eq!(tls.root_cert, Some(RootCert::System));
    }

    #[test]
    fn unknown_modes_and_client_certificates_are_refused_by_name() {
        let err = split_url("postgres://h/db?sslmode=allow").expect_err("allow");
        assert!(err.to_string().contains("sslmode=\"allow\""), "{err}");
        assert!(err.to_string().contains("verify-full"), "{err}");
        let err = split_url("postgres://h/db?sslcert=/c.pem").expect_err("sslcert");
        assert!(err.to_string().contains("sslcert"), "{err}");
        let err = split_url("postgres://h/db?sslmode=%FF").expect_err("bad utf-8");
        assert!(err.to_string().contains("sslmode"), "{err}");
    }

    #[test]
    fn a_missing_or_empty_root_cert_file_is_named() {
        let missing = TlsSettings {
            mode: SslMode::VerifyFull,
            root_cert: Some(RootCert::File("/nonexistent/ca.pem".into())),
        };
        let err = missing.connector().err().expect("missing file");
        assert!(
            err.to_string()
                .starts_with("cannot read sslrootcert /nonexistent/ca.pem"),
            "{err}"
        );
        let dir = std::env::temp_dir().join(format!("satrap-tls-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let empty = dir.join("empty.pem");
        std::fs::write(&empty, "not a certificate\n").expect("write");
        let err = TlsSettings {
            mode: SslMode::VerifyCa,
            root_cert: Some(RootCert::File(empty.clone())),
        }
        .connector()
        .err()
        .expect("empty file");
        assert!(err.to_string().contains("no PEM certificate"), "{err}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn modes_without_verification_build_without_any_roots() {
        for mode in [SslMode::Disable, SslMode::Prefer, SslMode::Require] {
            let tls = TlsSettings {
                mode,
                root_cert: None,
            };
            assert!(tls.connector().is_ok(), "{mode:?}");
        }
    }
}
