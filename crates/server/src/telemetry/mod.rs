//! What an operator sees of a running server: Prometheus metrics and
//! OpenTelemetry traces. Each job in a module of its own:
//!
//! - [`rpc`]: one tower layer around every gRPC call that counts it, times
//!   it, counts open watch streams and opens the call's tracing span;
//! - [`exporter`]: the process's metrics recorder and the `/metrics` HTTP
//!   endpoint of `--metrics-listen` (gauges are read from the hub at scrape
//!   time, so they are exact);
//! - [`otlp`]: the tracing layer that exports spans to `--otlp-endpoint`.
//!
//! This file holds the metric names (one place, so dashboards and code
//! agree), the one-line timer the bot pool calls, and the store observer
//! the server wraps around its store. Telemetry depends on neither the hub
//! nor a store backend: the server hands it a census function and the
//! store's calls.
//! Recording goes through the `metrics` facade: with no recorder installed
//! (no `--metrics-listen`, or a library user) every hook is a no-op.

pub mod exporter;
pub mod otlp;
pub mod rpc;

use std::time::Instant;

/// Counter of finished RPCs, labels `method` and `code` (the gRPC status
/// name, e.g. `OK`, `NOT_FOUND`; `CANCELLED` when the client went away).
pub const RPC_REQUESTS: &str = "satrap_rpc_requests_total";
/// Histogram of RPC durations in seconds, label `method`. For a stream
/// (WatchGame) this is how long it stayed open.
pub const RPC_DURATION: &str = "satrap_rpc_duration_seconds";
/// Gauge: unfinished games held in this replica's memory.
pub const LIVE_GAMES: &str = "satrap_live_games";
/// Gauge: all games held in this replica's memory (finished ones included).
pub const CACHED_GAMES: &str = "satrap_cached_games";
/// Gauge: WatchGame streams open on this replica.
pub const WATCH_STREAMS: &str = "satrap_watch_streams";
/// Counter of decisions made by built-in bots, label `bot`.
pub const BOT_DECISIONS: &str = "satrap_bot_decisions_total";
/// Histogram of bot thinking time in seconds (on the bot pool, not counting
/// the wait for a thread), label `bot`.
pub const BOT_DECISION_DURATION: &str = "satrap_bot_decision_seconds";
/// Histogram of store append (commit) time in seconds, label `store`
/// (`sqlite`, `postgres`, `memory`), from the call to its durable end.
pub const STORE_COMMIT_DURATION: &str = "satrap_store_commit_seconds";

/// Counter of client connections closed by the server to protect itself,
/// label `reason` (`--handshake-timeout`, `--idle-timeout`,
/// `--max-connections reached`, ...).
pub const CONNECTIONS_SHED: &str = "satrap_connections_shed_total";
/// Gauge: the Unix time at which the server's own TLS certificate
/// (`--tls-cert`) expires; absent without TLS.
pub const TLS_CERT_EXPIRY: &str = "satrap_tls_certificate_expiry_seconds";
/// Gauge, always 1: the running build, labels `version` and `commit`.
pub const BUILD_INFO: &str = "satrap_build_info";

/// The commit this binary was built from (first 12 hex digits, or
/// "unknown"; see build.rs).
pub const COMMIT: &str = env!("SATRAP_COMMIT");

/// Times the store's commits from above (the store knows nothing of
/// metrics): the server wraps the store it opened in
/// `store::observed::Observed` with this observer.
pub struct StoreTimer {
    /// The backend (`sqlite`, `postgres`, `memory`).
    pub store: &'static str,
}

impl satrap_store::observed::Observer for StoreTimer {
    fn observed(&self, call: satrap_store::observed::Call, took: std::time::Duration) {
        if call == satrap_store::observed::Call::Append {
            metrics::histogram!(STORE_COMMIT_DURATION, "store" => self.store)
                .record(took.as_secs_f64());
        }
    }
}

/// Times one bot decision and counts it; records when dropped.
#[must_use = "the decision is timed until this guard drops"]
pub fn bot_decision(bot: &'static str) -> Timer {
    Timer {
        start: Instant::now(),
        record: Record::Bot(bot),
    }
}

enum Record {
    Bot(&'static str),
}

/// A running measurement (see [`bot_decision`]).
pub struct Timer {
    start: Instant,
    record: Record,
}

impl Drop for Timer {
    fn drop(&mut self) {
        let seconds = self.start.elapsed().as_secs_f64();
        match self.record {
            Record::Bot(bot) => {
                metrics::counter!(BOT_DECISIONS, "bot" => bot).increment(1);
                metrics::histogram!(BOT_DECISION_DURATION, "bot" => bot).record(seconds);
            }
        }
    }
}

/// HELP lines for every metric (shown by Prometheus and Grafana).
pub(crate) fn describe() {
    use metrics::{Unit, describe_counter, describe_gauge, describe_histogram};
    describe_counter!(
        RPC_REQUESTS,
        "Finished gRPC calls by method and status code"
    );
    describe_histogram!(
        RPC_DURATION,
        Unit::Seconds,
        "gRPC call duration by method (streams: how long they stayed open)"
    );
    describe_gauge!(LIVE_GAMES, "Unfinished games held in this replica's memory");
    describe_gauge!(
        CACHED_GAMES,
        "Games held in this replica's memory, finished ones included"
    );
    describe_gauge!(WATCH_STREAMS, "WatchGame streams open on this replica");
    describe_counter!(BOT_DECISIONS, "Decisions made by built-in bots, by bot");
    describe_histogram!(
        BOT_DECISION_DURATION,
        Unit::Seconds,
        "Built-in bots' thinking time per decision, by bot"
    );
    describe_histogram!(
        STORE_COMMIT_DURATION,
        Unit::Seconds,
        "Time to commit moves durably, by store kind"
    );
    describe_gauge!(
        TLS_CERT_EXPIRY,
        Unit::Seconds,
        "Unix time at which the server's TLS certificate (--tls-cert) expires"
    );
    describe_counter!(
        CONNECTIONS_SHED,
        "Client connections the server closed to protect itself, by reason"
    );
    describe_gauge!(
        BUILD_INFO,
        "The running build (always 1), by version and commit"
    );
}

/// Every series a dashboard or alert reads, present from start-up: gauges
/// at 0 and counters at 0 for every bot, so that "no data" never stands
/// for zero. (Histograms appear with their first observation.)
pub(crate) fn register_all(bots: &[&'static str]) {
    metrics::gauge!(BUILD_INFO, "version" => env!("CARGO_PKG_VERSION"), "commit" => COMMIT)
        .set(1.0);
    metrics::gauge!(LIVE_GAMES).set(0.0);
    metrics::gauge!(CACHED_GAMES).set(0.0);
    metrics::gauge!(WATCH_STREAMS).set(0.0);
    for &bot in bots {
        metrics::counter!(BOT_DECISIONS, "bot" => bot).increment(0);
    }
    for reason in [
        "--handshake-timeout",
        "--idle-timeout",
        "--max-connections reached",
    ] {
        metrics::counter!(CONNECTIONS_SHED, "reason" => reason).increment(0);
    }
}
