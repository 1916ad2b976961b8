//! The `/metrics` endpoint of `--metrics-listen`: Prometheus text format,
//! rendered by `metrics-exporter-prometheus` from the process's recorder.
//!
//! Invariants:
//! - One recorder per process (the `metrics` facade has one global slot);
//!   [`install`] is idempotent, so several servers in one process (tests)
//!   share it.
//! - The game gauges are not kept up to date by increments scattered over
//!   the hub: each scrape asks the hub for its census and sets them, so
//!   they are exact at scrape time and can never drift.
//! - The endpoint serves only `GET /metrics` (and `/`, a pointer to it);
//!   it is plain HTTP/1.1 on its own port, apart from the gRPC port, so it
//!   can stay private to the monitoring network.

use std::net::SocketAddr;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use http_body_util::Full;
use hyper::body::Incoming;
use hyper::service::service_fn;
use hyper_util::rt::TokioIo;
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use tokio::net::TcpListener;
use tokio::sync::watch;

use super::{CACHED_GAMES, LIVE_GAMES};

/// Histogram buckets (seconds): from half a millisecond (a cached read) to
/// a minute (a long bot search or a stream's life).
const BUCKETS: &[f64] = &[
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0,
    60.0,
];

/// The game gauges at scrape time: the server passes a function that
/// counts its live games (telemetry knows nothing of the hub).
pub type CensusFn =
    Arc<dyn Fn() -> std::pin::Pin<Box<dyn Future<Output = Census> + Send>> + Send + Sync>;

/// What a census counts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Census {
    /// Unfinished games held in memory.
    pub live: usize,
    /// All games held in memory, finished ones included.
    pub cached: usize,
}

/// Longest a scrape waits for the game census.
const CENSUS_TIMEOUT: Duration = Duration::from_secs(5);

/// How often histograms are compacted between scrapes.
const UPKEEP: Duration = Duration::from_secs(5);

#[derive(Debug, thiserror::Error)]
pub enum MetricsError {
    #[error("cannot listen for metrics on {addr}: {source}")]
    Bind {
        addr: SocketAddr,
        source: std::io::Error,
    },
    #[error("metrics recorder: {0}")]
    Recorder(String),
}

/// The process's Prometheus recorder, installed on first use.
pub fn install() -> Result<PrometheusHandle, MetricsError> {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    if let Some(handle) = HANDLE.get() {
        return Ok(handle.clone());
    }
    let recorder = PrometheusBuilder::new()
        .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), BUCKETS)
        .map_err(|e| MetricsError::Recorder(e.to_string()))?
        .build_recorder();
    let handle = recorder.handle();
    // Lost race or a recorder installed by the embedding program: then ours
    // stays unused, and the caller's handle is the first one stored.
    if metrics::set_global_recorder(recorder).is_err() {
        return HANDLE
            .get()
            .cloned()
            .ok_or_else(|| MetricsError::Recorder("another metrics recorder is installed".into()));
    }
    super::describe();
    super::register_all(&satrap_search::names());
    metrics_process::Collector::default().describe();
    Ok(HANDLE.get_or_init(|| handle).clone())
}

/// Bind the metrics address (a bad address fails the server's start).
pub async fn bind(addr: SocketAddr) -> Result<TcpListener, MetricsError> {
    TcpListener::bind(addr)
        .await
        .map_err(|source| MetricsError::Bind { addr, source })
}

/// Serve `/metrics` on `listener` until `stop` turns true.
pub async fn serve(
    listener: TcpListener,
    handle: PrometheusHandle,
    census: CensusFn,
    mut stop: watch::Receiver<bool>,
) {
    let upkeep = {
        let handle = handle.clone();
        tokio::spawn(async move {
            let mut ticks = tokio::time::interval(UPKEEP);
            loop {
                ticks.tick().await;
                handle.run_upkeep();
            }
        })
    };
    if let Ok(addr) = listener.local_addr() {
        tracing::info!(%addr, "metrics at http://{addr}/metrics");
    }
    loop {
        let accepted = tokio::select! {
            a = listener.accept() => a,
            _ = stop.wait_for(|s| *s) => break,
        };
        let (stream, _) = match accepted {
            Ok(s) => s,
            Err(e) => {
                tracing::warn!(error = %e, "metrics: accept failed");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let handle = handle.clone();
        let census = census.clone();
        tokio::spawn(async move {
            let service = service_fn(move |req| {
                let handle = handle.clone();
                let census = census.clone();
                async move { Ok::<_, std::convert::Infallible>(answer(req, &handle, &census).await) }
            });
            let _ = hyper::server::conn::http1::Builder::new()
                .serve_connection(TokioIo::new(stream), service)
                .await;
        });
    }
    upkeep.abort();
}

async fn answer(
    req: http::Request<Incoming>,
    handle: &PrometheusHandle,
    census: &CensusFn,
) -> http::Response<Full<bytes::Bytes>> {
    let response = |status: http::StatusCode, content_type: &'static str, body: String| {
        let mut r = http::Response::new(Full::new(bytes::Bytes::from(body)));
        *r.status_mut() = status;
        r.headers_mut().insert(
            http::header::CONTENT_TYPE,
            http::HeaderValue::from_static(content_type),
        );
        r
    };
    const TEXT: &str = "text/plain; charset=utf-8";
    match (req.method(), req.uri().path()) {
        (&http::Method::GET, "/metrics") => {
            // A game's actor busy for long (a store call hanging) must not
            // hang the scrape: answer 503, and Prometheus marks it failed.
            let Ok(census) = tokio::time::timeout(CENSUS_TIMEOUT, census()).await else {
                return response(
                    http::StatusCode::SERVICE_UNAVAILABLE,
                    TEXT,
                    "counting the games took too long\n".into(),
                );
            };
            metrics::gauge!(LIVE_GAMES).set(census.live as f64);
            metrics::gauge!(CACHED_GAMES).set(census.cached as f64);
            // CPU, memory, open descriptors and threads, read now.
            metrics_process::Collector::default().collect();
            response(
                http::StatusCode::OK,
                "text/plain; version=0.0.4; charset=utf-8",
                handle.render(),
            )
        }
        (&http::Method::GET, "/") => response(
            http::StatusCode::OK,
            TEXT,
            "satrap metrics: GET /metrics\n".into(),
        ),
        _ => response(http::StatusCode::NOT_FOUND, TEXT, "not found\n".into()),
    }
}
