//! Reading a server's `/metrics` page: a plain HTTP/1.1 GET and a small
//! parser of the Prometheus text format.

use std::collections::BTreeMap;
use std::net::SocketAddr;

use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A free loopback port (bound, read and released).
pub async fn free_addr() -> SocketAddr {
    let l = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    l.local_addr().expect("addr")
}

/// GET `path` on `addr`: (status code, body). Connects again for up to
/// 10 s (the server binds its metrics port as it starts).
pub async fn http_get(addr: SocketAddr, path: &str) -> (u16, String) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    let mut stream = loop {
        match tokio::net::TcpStream::connect(addr).await {
            Ok(s) => break s,
            Err(e) if std::time::Instant::now() < deadline => {
                let _ = e;
                tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            }
            Err(e) => panic!("connect to the metrics port {addr}: {e}"),
        }
    };
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    stream
        .write_all(request.as_bytes())
        .await
        .expect("send GET");
    let mut raw = String::new();
    stream.read_to_string(&mut raw).await.expect("read answer");
    let (head, body) = raw.split_once("\r\n\r\n").expect("an HTTP answer");
    let code = head
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .expect("status code");
    (code, body.to_owned())
}

/// One scrape: series (`name` and sorted labels) to values.
#[derive(Debug, Default)]
pub struct Scrape(pub BTreeMap<(String, BTreeMap<String, String>), f64>);

impl Scrape {
    pub fn parse(text: &str) -> Self {
        let mut series = BTreeMap::new();
        for line in text.lines() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (key, value) = line.rsplit_once(' ').expect("series and value");
            let value: f64 = value.parse().expect("a number");
            let (name, labels) = match key.split_once('{') {
                Some((name, rest)) => {
                    let rest = rest.strip_suffix('}').expect("closing brace");
                    let labels = rest
                        .split("\",")
                        .filter(|p| !p.is_empty())
                        .map(|pair| {
                            let (k, v) = pair.split_once('=').expect("label=value");
                            (k.to_owned(), v.trim_matches('"').to_owned())
                        })
                        .collect();
                    (name.to_owned(), labels)
                }
                None => (key.to_owned(), BTreeMap::new()),
            };
            series.insert((name, labels), value);
        }
        Scrape(series)
    }

    /// The value of `name` with exactly these labels (0 when absent, as
    /// Prometheus treats a series not yet created).
    pub fn get(&self, name: &str, labels: &[(&str, &str)]) -> f64 {
        let labels: BTreeMap<String, String> = labels
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        self.0
            .get(&(name.to_owned(), labels))
            .copied()
            .unwrap_or(0.0)
    }

    /// The sum of every series of `name`, whatever its labels.
    pub fn sum(&self, name: &str) -> f64 {
        self.0
            .iter()
            .filter(|((n, _), _)| n == name)
            .map(|(_, v)| v)
            .sum()
    }

    /// Whether `name` appears at all.
    pub fn has(&self, name: &str) -> bool {
        self.0.keys().any(|(n, _)| n == name)
    }
}

/// Scrape `addr`'s `/metrics`.
pub async fn scrape(addr: SocketAddr) -> Scrape {
    let (code, body) = http_get(addr, "/metrics").await;
    assert_eq!(code, 200, "GET /metrics: {body}");
    Scrape::parse(&body)
}
