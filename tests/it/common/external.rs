//! Tests that need a real PostgreSQL server or nginx. They run when the
//! environment names them and say they were skipped, by name, when not;
//! with `SATRAP_REQUIRE_EXTERNAL=1` (set by `.ci/run`) a missing dependency
//! fails the test instead, so CI cannot skip them silently.

use std::io::Write;
use std::path::PathBuf;

fn required() -> bool {
    std::env::var("SATRAP_REQUIRE_EXTERNAL").is_ok_and(|v| v == "1")
}

fn skip(test: &str, why: &str) {
    assert!(
        !required(),
        "{test}: {why}, and SATRAP_REQUIRE_EXTERNAL=1 forbids skipping"
    );
    // libtest captures `eprint!` of passing tests; a write to the inherited
    // stderr (fd 2) itself goes past that capture, whether stderr is a
    // terminal, a pipe or a file. (Reopening /dev/stderr instead lost the
    // line when stderr was a file truncated by `>`: the reopened handle
    // wrote at its own offset and cargo's output overwrote it.)
    // One write per line, so that skips of parallel tests never share one.
    let line = format!("SKIPPED {test}: {why}\n");
    let _ = std::io::stderr().lock().write_all(line.as_bytes());
}

/// `SATRAP_TEST_POSTGRES_URL`, or `None` after saying the test is skipped.
/// The role in it must be allowed to create databases.
pub fn postgres_url(test: &str) -> Option<String> {
    match std::env::var("SATRAP_TEST_POSTGRES_URL") {
        Ok(url) if !url.is_empty() => Some(url),
        _ => {
            skip(test, "SATRAP_TEST_POSTGRES_URL is not set");
            None
        }
    }
}

/// The nginx binary (`SATRAP_TEST_NGINX`, else `nginx` on the PATH or in
/// /usr/sbin), or `None` after saying the test is skipped.
pub fn nginx(test: &str) -> Option<PathBuf> {
    if let Ok(path) = std::env::var("SATRAP_TEST_NGINX") {
        return Some(PathBuf::from(path));
    }
    let on_path = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .unwrap_or_default();
    let found = on_path
        .into_iter()
        .chain([PathBuf::from("/usr/sbin")])
        .map(|d| d.join("nginx"))
        .find(|p| p.is_file());
    if found.is_none() {
        skip(test, "nginx is not installed (or set SATRAP_TEST_NGINX)");
    }
    found
}

/// A database of its own for one test, dropped by `drop()`.
pub struct TestDatabase {
    admin_url: String,
    name: String,
    pub url: String,
}

impl TestDatabase {
    pub async fn create(admin_url: &str, test: &str) -> Self {
        let name = format!(
            "satrap_{}_{}_{}",
            test.chars()
                .filter(|c| c.is_ascii_alphanumeric())
                .take(20)
                .collect::<String>()
                .to_lowercase(),
            std::process::id(),
            satrap_store::now_ms() % 1_000_000_000
        );
        let client = connect(admin_url).await;
        client
            .batch_execute(&format!("CREATE DATABASE {name}"))
            .await
            .expect("CREATE DATABASE (the test role needs CREATEDB)");
        let base = admin_url.split('?').next().unwrap_or(admin_url);
        let (server, _) = base.rsplit_once('/').expect("database URL has a path");
        Self {
            admin_url: admin_url.to_owned(),
            url: format!("{server}/{name}"),
            name,
        }
    }

    /// Run SQL on this database directly, as satrap's role.
    pub async fn execute(&self, sql: &str) {
        connect(&self.url)
            .await
            .batch_execute(sql)
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"));
    }

    /// A client of this database, as satrap's role.
    pub async fn client(&self) -> tokio_postgres::Client {
        connect(&self.url).await
    }

    pub async fn drop(self) {
        let client = connect(&self.admin_url).await;
        let _ = client
            .batch_execute(&format!(
                "DROP DATABASE IF EXISTS {} WITH (FORCE)",
                self.name
            ))
            .await;
    }
}

async fn connect(url: &str) -> tokio_postgres::Client {
    let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
        .await
        .expect("connect to the test PostgreSQL");
    tokio::spawn(connection);
    client
}

/// `SATRAP_TEST_POSTGRES_CA`: the PEM file of the CA that signed the test
/// PostgreSQL's certificate (made by `.ci/services.sh`), or `None` after
/// saying the test is skipped.
pub fn postgres_ca(test: &str) -> Option<PathBuf> {
    match std::env::var("SATRAP_TEST_POSTGRES_CA") {
        Ok(path) if !path.is_empty() => Some(PathBuf::from(path)),
        _ => {
            skip(test, "SATRAP_TEST_POSTGRES_CA is not set");
            None
        }
    }
}
