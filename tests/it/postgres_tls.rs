//! The PostgreSQL store over TLS: libpq's `sslmode` (`disable`, `prefer`,
//! `require`, `verify-ca`, `verify-full`) and `sslrootcert`, against a
//! server whose certificate a CA of the test setup signed for `localhost`
//! and 127.0.0.1 (`.ci/services.sh` makes both and exports the CA).
//!
//! Needs `SATRAP_TEST_POSTGRES_URL` (a role with CREATEDB, on a server with
//! `ssl = on`) and `SATRAP_TEST_POSTGRES_CA`; skipped by name without them,
//! unless `SATRAP_REQUIRE_EXTERNAL=1`.

use crate::common;

use std::io::{BufRead, BufReader};
use std::net::ToSocketAddrs;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use common::external::{TestDatabase, postgres_ca, postgres_url};
use common::{Lcg, create, play_to_end, seats};
use satrap_server::proto::game_service_client::GameServiceClient;
use satrap_store::{PostgresStore, contract};

/// The parts of a test database URL, to rebuild it with another host name
/// and TLS parameters.
struct Parts {
    user: String,
    password: String,
    /// The host as the test environment names it (127.0.0.1 in CI).
    host: String,
    /// That host's IP address, for `hostaddr`.
    ip: String,
    port: u16,
    dbname: String,
}

impl Parts {
    fn of(url: &str) -> Self {
        let config: tokio_postgres::Config = url.parse().expect("test database URL");
        let host = match config.get_hosts().first() {
            Some(tokio_postgres::config::Host::Tcp(h)) => h.clone(),
            other => panic!("the TLS tests need a TCP host, not {other:?}"),
        };
        let port = config.get_ports().first().copied().unwrap_or(5432);
        let ip = (host.as_str(), port)
            .to_socket_addrs()
            .expect("resolve the test host")
            .next()
            .expect("an address")
            .ip()
            .to_string();
        Self {
            user: config.get_user().expect("user").to_owned(),
            password: String::from_utf8(config.get_password().expect("password").to_vec())
                .expect("UTF-8 password"),
            host,
            ip,
            port,
            dbname: config.get_dbname().expect("dbname").to_owned(),
        }
    }

    /// The URL with `host` as the host name (what TLS checks) and `query`.
    fn url(&self, host: &str, query: &str) -> String {
        let host = if host.contains(':') {
            format!("[{host}]")
        } else {
            host.to_owned()
        };
        format!(
            "postgres://{}:{}@{host}:{}/{}?{query}",
            self.user, self.password, self.port, self.dbname
        )
    }
}

fn root_cert(ca: &Path) -> String {
    format!("sslrootcert={}", ca.display())
}

/// A CA that signed nothing the server shows, as a PEM file.
fn stranger_ca(dir: &Path) -> PathBuf {
    let key = rcgen::KeyPair::generate().expect("key");
    let mut params = rcgen::CertificateParams::new(Vec::<String>::new()).expect("params");
    params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    params
        .distinguished_name
        .push(rcgen::DnType::CommonName, "a CA the server never heard of");
    let cert = params.self_signed(&key).expect("self-signed CA");
    std::fs::create_dir_all(dir).expect("temp dir");
    let path = dir.join("stranger-ca.pem");
    std::fs::write(&path, cert.pem()).expect("write CA");
    path
}

fn temp_dir(test: &str) -> PathBuf {
    std::env::temp_dir().join(format!("satrap-{test}-{}", std::process::id()))
}

/// A plain connection (the test's own view of the server).
async fn observer(url: &str) -> tokio_postgres::Client {
    let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
        .await
        .expect("connect to the test PostgreSQL");
    tokio::spawn(connection);
    client
}

/// How many connections to the current database, other than the
/// observer's own, are (encrypted, plaintext); and whether a LISTEN
/// connection among them is encrypted (`None`: no LISTEN connection yet).
async fn connections(observer: &tokio_postgres::Client) -> (i64, i64, Option<bool>) {
    let row = observer
        .query_one(
            "SELECT count(*) FILTER (WHERE s.ssl),
                    count(*) FILTER (WHERE NOT s.ssl),
                    bool_and(s.ssl) FILTER (WHERE a.query LIKE 'LISTEN%')
             FROM pg_stat_activity a JOIN pg_stat_ssl s USING (pid)
             WHERE a.datname = current_database() AND a.pid <> pg_backend_pid()",
            &[],
        )
        .await
        .expect("pg_stat_ssl");
    (row.get(0), row.get(1), row.get(2))
}

/// Wait (a few seconds at most) for the LISTEN connection to appear, then
/// assert that it and every other connection of satrap's is encrypted.
async fn assert_all_encrypted(observer: &tokio_postgres::Client) {
    for _ in 0..100 {
        let (tls, plain, listen) = connections(observer).await;
        if let Some(listen) = listen {
            assert!(listen, "the LISTEN connection is encrypted");
            assert_eq!(plain, 0, "no plaintext connection ({tls} encrypted)");
            assert!(tls >= 2, "pool and LISTEN connections: {tls}");
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("no LISTEN connection appeared");
}

#[tokio::test]
async fn sslmode_require_encrypts_every_connection_and_the_store_works() {
    let test = "sslmode_require_encrypts_every_connection_and_the_store_works";
    let Some(admin) = postgres_url(test) else {
        return;
    };
    let Some(_) = postgres_ca(test) else {
        return;
    };
    let db = TestDatabase::create(&admin, "tlsrequire").await;
    {
        let parts = Parts::of(&db.url);
        let url = parts.url(&parts.host, "sslmode=require");
        let store = PostgresStore::connect(&url, 10).await.expect("connect");
        assert!(store.session_encrypted().await.expect("pg_stat_ssl"));
        contract::check_store(&store, "tls")
            .await
            .expect("contract");
        assert_all_encrypted(&observer(&db.url).await).await;
    }
    db.drop().await;
}

#[tokio::test]
async fn sslmode_disable_still_connects_in_plaintext() {
    let test = "sslmode_disable_still_connects_in_plaintext";
    let Some(admin) = postgres_url(test) else {
        return;
    };
    let db = TestDatabase::create(&admin, "tlsdisable").await;
    {
        let parts = Parts::of(&db.url);
        let store = PostgresStore::connect(&parts.url(&parts.host, "sslmode=disable"), 10)
            .await
            .expect("connect");
        assert!(!store.session_encrypted().await.expect("pg_stat_ssl"));
        contract::check_store(&store, "plain")
            .await
            .expect("contract");
    }
    db.drop().await;
}

#[tokio::test]
async fn verify_full_accepts_the_servers_certificate_by_name_and_by_ip() {
    let test = "verify_full_accepts_the_servers_certificate_by_name_and_by_ip";
    let Some(admin) = postgres_url(test) else {
        return;
    };
    let Some(ca) = postgres_ca(test) else {
        return;
    };
    let db = TestDatabase::create(&admin, "tlsverifyfull").await;
    {
        let parts = Parts::of(&db.url);
        let query = format!("sslmode=verify-full&{}", root_cert(&ca));
        // The certificate names DNS:localhost and IP:127.0.0.1; reach the
        // server at its address under the name "localhost" either way.
        let by_name = parts.url("localhost", &format!("{query}&hostaddr={}", parts.ip));
        let store = PostgresStore::connect(&by_name, 10)
            .await
            .expect("verify-full, host localhost");
        assert!(store.session_encrypted().await.expect("pg_stat_ssl"));
        if parts.ip == "127.0.0.1" {
            let by_ip = parts.url("127.0.0.1", &query);
            let store = PostgresStore::connect(&by_ip, 10)
                .await
                .expect("verify-full, host 127.0.0.1");
            assert!(store.session_encrypted().await.expect("pg_stat_ssl"));
        }
    }
    db.drop().await;
}

#[tokio::test]
async fn verify_ca_ignores_the_host_name_that_verify_full_checks() {
    let test = "verify_ca_ignores_the_host_name_that_verify_full_checks";
    let Some(admin) = postgres_url(test) else {
        return;
    };
    let Some(ca) = postgres_ca(test) else {
        return;
    };
    let db = TestDatabase::create(&admin, "tlsverifyca").await;
    {
        let parts = Parts::of(&db.url);
        // The server's address under a name its certificate does not hold.
        let elsewhere = |mode: &str| {
            parts.url(
                "db.satrap.invalid",
                &format!("sslmode={mode}&{}&hostaddr={}", root_cert(&ca), parts.ip),
            )
        };
        let store = PostgresStore::connect(&elsewhere("verify-ca"), 10)
            .await
            .expect("verify-ca does not check the name");
        assert!(store.session_encrypted().await.expect("pg_stat_ssl"));
        let err = PostgresStore::connect(&elsewhere("verify-full"), 10)
            .await
            .err()
            .expect("verify-full checks the name")
            .to_string();
        assert!(err.contains("sslmode=verify-full"), "{err}");
        assert!(err.contains("not valid for name"), "{err}");
    }
    db.drop().await;
}

#[tokio::test]
async fn a_certificate_from_another_ca_is_refused_with_a_clear_error() {
    let test = "a_certificate_from_another_ca_is_refused_with_a_clear_error";
    let Some(admin) = postgres_url(test) else {
        return;
    };
    let Some(_) = postgres_ca(test) else {
        return;
    };
    let dir = temp_dir("stranger-ca");
    let stranger = stranger_ca(&dir);
    let parts = Parts::of(&admin);
    for mode in ["verify-full", "verify-ca", "require"] {
        let url = parts.url(
            "localhost",
            &format!(
                "sslmode={mode}&{}&hostaddr={}",
                root_cert(&stranger),
                parts.ip
            ),
        );
        // Through the same path as `--database`, which also names the URL.
        let err = satrap_store::open(&url, 10)
            .await
            .err()
            .expect("an unknown issuer is refused")
            .to_string();
        assert!(err.contains(&format!("sslmode={mode}")), "{err}");
        assert!(err.contains("TLS handshake"), "{err}");
        assert!(err.contains("UnknownIssuer"), "{err}");
        assert!(
            !err.contains(&format!(":{}@", parts.password)),
            "the password stays hidden: {err}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The binary, killed when dropped.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[tokio::test]
async fn a_whole_game_through_the_binary_on_sslmode_require() {
    let test = "a_whole_game_through_the_binary_on_sslmode_require";
    let Some(admin) = postgres_url(test) else {
        return;
    };
    let Some(_) = postgres_ca(test) else {
        return;
    };
    let db = TestDatabase::create(&admin, "tlsbinary").await;
    {
        let parts = Parts::of(&db.url);
        let url = parts.url(&parts.host, "sslmode=require");
        let mut server = Server(
            Command::new(env!("CARGO_BIN_EXE_satrap"))
                .args(["serve", "--listen", "127.0.0.1:0", "--database", &url])
                .args(["--log-format", "json"])
                .stdout(Stdio::piped())
                .stderr(Stdio::inherit())
                .spawn()
                .expect("spawn satrap"),
        );
        // Read the log to its end (a reader that stopped would make the
        // server's later log lines fail with a broken pipe), handing over
        // the line that says where it serves.
        let stdout = server.0.stdout.take().expect("stdout");
        let (found, serving) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if let Ok(log) = serde_json::from_str::<serde_json::Value>(&line) {
                    if log["fields"]["message"] == "satrap serving" {
                        let _ = found.send(log);
                    }
                }
            }
        });
        let serving =
            tokio::task::spawn_blocking(move || serving.recv_timeout(Duration::from_secs(30)))
                .await
                .expect("read the log")
                .expect("satrap started serving");
        let database = serving["fields"]["database"].as_str().expect("database");
        assert!(database.contains("sslmode=require"), "{database}");
        assert!(
            !database.contains(&format!(":{}@", parts.password)),
            "{database}"
        );
        let addr = serving["fields"]["addr"].as_str().expect("addr");

        let mut client = GameServiceClient::connect(format!("http://{addr}"))
            .await
            .expect("connect");
        let created = create(&mut client, "king_of_siam", seats(3), Some(11)).await;
        let played = play_to_end(&mut client, &created, &mut Lcg(11)).await;
        assert!(played.len() > 10, "a whole game: {} moves", played.len());
        assert_all_encrypted(&observer(&db.url).await).await;
        let stored: i64 = observer(&db.url)
            .await
            .query_one(
                "SELECT count(*) FROM actions WHERE game_id = $1",
                &[&created.game_id],
            )
            .await
            .expect("count actions")
            .get(0);
        assert_eq!(stored, played.len() as i64, "every move is in the database");
    }
    db.drop().await;
}
