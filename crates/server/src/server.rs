//! Assembles the server: the game service, gRPC health, server reflection and
//! gRPC-Web (with CORS, so a browser can call it directly), and runs it until
//! a shutdown signal.

use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use clap::{Parser, ValueEnum};
use tokio::net::TcpListener;
use tokio::sync::watch;
use tonic::transport::Server;
use tower_http::cors::{AllowOrigin, CorsLayer};

use super::access::{Access, GuestConfig, KeyRing, KeysFileError, QuotaConfig};
use super::codes::StatusCodesLayer;
use super::conn::{self, ActivityLayer, ConnLimits};
use super::headers::{HeaderCapLayer, MAX_HEADER_BYTES};
use super::probes::{ProbeLayer, ReadyState};
use super::{AdminServiceImpl, GameServiceImpl, Hub, Limits};
use crate::proto::{
    self, admin_service_server::AdminServiceServer, game_service_server::GameServiceServer,
    tournament_service_server::TournamentServiceServer,
};
use crate::telemetry;
use crate::tournament::{TournamentConfig, Tournaments, grpc::TournamentServiceImpl};
use satrap_store as store;

/// Log output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    /// Human-readable lines.
    Text,
    /// One JSON object per line (for log collectors).
    Json,
}

/// `satrap serve` flags; each also reads a `SATRAP_*` environment variable.
#[derive(Debug, Clone, Parser)]
pub struct Config {
    /// Address to listen on.
    #[arg(long, env = "SATRAP_LISTEN", default_value = "127.0.0.1:50051")]
    pub listen: SocketAddr,
    /// Where games are stored: `sqlite://PATH` (embedded, the default),
    /// `postgres://USER:PASSWORD@HOST:PORT/DB` (several replicas share it) or
    /// `memory://` (lost on exit).
    #[arg(
        long = "database",
        env = "SATRAP_DATABASE_URL",
        default_value = "sqlite://satrap.db"
    )]
    pub database: String,
    /// Longest wait to open a database connection (PostgreSQL: TCP, TLS
    /// and authentication) before the call answers UNAVAILABLE.
    #[arg(long, env = "SATRAP_DB_CONNECT_TIMEOUT", value_parser = humantime::parse_duration, default_value = "5s")]
    pub db_connect_timeout: Duration,
    /// Longest a store call may take before it answers UNAVAILABLE
    /// (PostgreSQL also cancels statements running longer; SQLite waits as
    /// long for a database locked by another process).
    #[arg(long, env = "SATRAP_DB_STATEMENT_TIMEOUT", value_parser = humantime::parse_duration, default_value = "5s")]
    pub db_statement_timeout: Duration,
    /// Longest wait for a pooled PostgreSQL connection while all are busy.
    #[arg(long, env = "SATRAP_DB_POOL_TIMEOUT", value_parser = humantime::parse_duration, default_value = "2s")]
    pub db_pool_timeout: Duration,
    /// Log format.
    #[arg(long, env = "SATRAP_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,
    /// Most games the store keeps (RESOURCE_EXHAUSTED beyond).
    #[arg(long, env = "SATRAP_MAX_GAMES", default_value_t = 100_000)]
    pub max_games: usize,
    /// Most games kept live in memory (idle ones beyond are evicted and
    /// rebuilt from the store when next used).
    #[arg(long, env = "SATRAP_CACHE_GAMES", default_value_t = 10_000)]
    pub cache_games: usize,
    /// Delete finished games this long after their last move (e.g. `30days`);
    /// unset keeps them forever.
    #[arg(long, env = "SATRAP_FINISHED_RETENTION", value_parser = humantime::parse_duration)]
    pub finished_retention: Option<Duration>,
    /// Delete unfinished games with no move for this long (abandoned, e.g.
    /// `7days`); unset keeps them forever.
    #[arg(long, env = "SATRAP_IDLE_RETENTION", value_parser = humantime::parse_duration)]
    pub idle_retention: Option<Duration>,
    /// An unfinished game with no move (nor timeout, join or resignation)
    /// for this long is abandoned: ListGames leaves it out unless the
    /// request asks for abandoned games, and marks it when it does; the
    /// game stays playable (see `--idle-retention` to delete such games).
    /// `0s` lists every game.
    #[arg(long, env = "SATRAP_ABANDONED_AFTER", value_parser = humantime::parse_duration, default_value = "1day")]
    pub abandoned_after: Duration,
    /// Most concurrent WatchGame streams per game.
    #[arg(long, env = "SATRAP_MAX_WATCHERS_PER_GAME", default_value_t = 256)]
    pub max_watchers_per_game: usize,
    /// The longest chat message (SendChatMessage), in characters.
    #[arg(long, env = "SATRAP_CHAT_MAX_CHARS", default_value_t = 500)]
    pub chat_max_chars: usize,
    /// Chat messages per minute per caller (a seat; a spectator's key or
    /// address); 0: unlimited.
    #[arg(long, env = "SATRAP_CHAT_RATE", default_value_t = 20)]
    pub chat_rate: u32,
    /// Chat messages a caller may send at once before `--chat-rate` applies.
    #[arg(long, env = "SATRAP_CHAT_BURST", default_value_t = 5)]
    pub chat_burst: u32,
    /// How long an offer (a takeback, a draw, an abort) waits for answers.
    #[arg(long, env = "SATRAP_OFFER_EXPIRY_SECONDS", default_value_t = 60)]
    pub offer_expiry_seconds: u64,
    /// Most open WatchGame streams per caller across all games (per API
    /// key; per peer address for callers without one); 0: unlimited.
    #[arg(long, env = "SATRAP_MAX_WATCH_STREAMS", default_value_t = 1_000)]
    pub max_watch_streams: usize,
    /// Most open WatchGame streams on this server in all; 0: unlimited.
    #[arg(long, env = "SATRAP_MAX_WATCH_STREAMS_TOTAL", default_value_t = 50_000)]
    pub max_watch_streams_total: usize,
    /// Accept seeds chosen by the game's creator (CreateGameRequest.seed;
    /// every seat's snapshot says so in `client_seed`). `false` refuses
    /// them: whoever knows a seed knows every hidden card.
    #[arg(long, env = "SATRAP_CLIENT_SEEDS", default_value_t = true, action = clap::ArgAction::Set)]
    pub client_seeds: bool,
    /// A connection that has not sent its first bytes (the HTTP/2 preface,
    /// or an HTTP/1 request line) this long after it was accepted is closed.
    #[arg(long, env = "SATRAP_HANDSHAKE_TIMEOUT", value_parser = humantime::parse_duration, default_value = "10s")]
    pub handshake_timeout: Duration,
    /// A connection with no request in flight for this long is closed (an
    /// open watch stream is a request in flight; clients reconnect when
    /// they next call).
    #[arg(long, env = "SATRAP_IDLE_TIMEOUT", value_parser = humantime::parse_duration, default_value = "5m")]
    pub idle_timeout: Duration,
    /// Most open client connections; at the cap the one idle the longest
    /// is closed to make room for a new one. Default: the process's file
    /// descriptor limit less 64, at most 10,000.
    #[arg(long, env = "SATRAP_MAX_CONNECTIONS")]
    pub max_connections: Option<usize>,
    /// HTTP/2 keepalive: ping a connection after this long without frames
    /// (dead peers are found even when idle).
    #[arg(long, env = "SATRAP_KEEPALIVE_INTERVAL", value_parser = humantime::parse_duration, default_value = "30s")]
    pub keepalive_interval: Duration,
    /// HTTP/2 keepalive: close a connection whose ping is not answered
    /// within this long.
    #[arg(long, env = "SATRAP_KEEPALIVE_TIMEOUT", value_parser = humantime::parse_duration, default_value = "20s")]
    pub keepalive_timeout: Duration,
    /// Origins allowed to call from a browser (gRPC-Web CORS); `*` for any.
    #[arg(
        long,
        env = "SATRAP_CORS_ORIGINS",
        value_delimiter = ',',
        default_value = "*"
    )]
    pub cors_origins: Vec<String>,
    /// Request headers a browser may send besides the ones gRPC-Web needs
    /// (authorization, content-type, x-grpc-web, x-user-agent,
    /// grpc-timeout), e.g. tracing headers.
    #[arg(
        long,
        env = "SATRAP_CORS_ALLOW_HEADERS",
        value_delimiter = ',',
        default_value = "traceparent,tracestate,x-api-key"
    )]
    pub cors_allow_headers: Vec<String>,
    /// Largest request message accepted, in bytes; larger ones fail with
    /// RESOURCE_EXHAUSTED.
    #[arg(long, env = "SATRAP_MAX_MESSAGE_BYTES", default_value_t = 4 * 1024 * 1024)]
    pub max_message_bytes: usize,
    /// Threads that compute built-in bots' decisions (at most the number of
    /// cores; they run at a lower priority than requests). Default: every
    /// core.
    #[arg(long, env = "SATRAP_BOT_THREADS")]
    pub bot_threads: Option<usize>,
    /// With several replicas: how long a replica that saw another replica's
    /// move waits before playing a bot turn that replica should play (it
    /// takes over only if the game has not moved: the other one died).
    #[arg(long, env = "SATRAP_BOT_TAKEOVER_DELAY", value_parser = humantime::parse_duration, default_value = "3s")]
    pub bot_takeover_delay: Duration,
    /// Serve the browser client at `http://ADDR/` on the same port
    /// (`--web false` to turn it off; see `service::web`).
    #[arg(long, env = "SATRAP_WEB", default_value_t = true, action = clap::ArgAction::Set)]
    pub web: bool,
    /// API keys (`NAME ROLE SHA256-HEX` per line; `satrap api-key NAME
    /// ROLE` makes one). With it, CreateGame and ListGames need a key
    /// (`x-api-key`) of role creator or admin, AdminService calls one of
    /// role admin. Without it the server is open.
    #[arg(long, env = "SATRAP_API_KEYS_FILE")]
    pub api_keys_file: Option<std::path::PathBuf>,
    /// CreateGame calls per minute per API key (per peer address without
    /// keys); unset: unlimited.
    #[arg(long, env = "SATRAP_CREATE_RATE")]
    pub create_rate: Option<u32>,
    /// CreateGame calls a caller may make at once before --create-rate
    /// applies (default: the rate).
    #[arg(long, env = "SATRAP_CREATE_BURST")]
    pub create_burst: Option<u32>,
    /// Most games in progress with a bot seat per API key (per peer address
    /// without keys); unset: unlimited.
    #[arg(long, env = "SATRAP_MAX_LIVE_BOT_GAMES")]
    pub max_live_bot_games: Option<u64>,
    /// With --api-keys-file: let callers without a creator key (no key, or
    /// a player key) create casual games as guests, limited per address by
    /// the --guest-* flags. Rated games still need keys.
    #[arg(long, env = "SATRAP_GUESTS")]
    pub guests: bool,
    /// A guest address's CreateGame calls per minute (--guests); 0:
    /// unlimited.
    #[arg(long, env = "SATRAP_GUEST_CREATE_RATE", default_value_t = 10)]
    pub guest_create_rate: u32,
    /// A guest address's CreateGame calls at once before
    /// --guest-create-rate applies (default: the rate).
    #[arg(long, env = "SATRAP_GUEST_CREATE_BURST")]
    pub guest_create_burst: Option<u32>,
    /// A guest address's games in progress with a built-in bot (--guests),
    /// checked whenever one of its games would get a bot (creation, a bot
    /// fill, a resignation); 0: unlimited.
    #[arg(long, env = "SATRAP_GUEST_MAX_LIVE_BOT_GAMES", default_value_t = 3)]
    pub guest_max_live_bot_games: u64,
    /// Serve Prometheus metrics at `http://ADDR/metrics` (e.g.
    /// `0.0.0.0:9464`); unset serves none (see `telemetry`).
    #[arg(long, env = "SATRAP_METRICS_LISTEN")]
    pub metrics_listen: Option<SocketAddr>,
    /// Export tracing spans over OTLP/gRPC to this collector (e.g.
    /// `http://otel-collector:4317`); unset exports none.
    #[arg(long, env = "SATRAP_OTLP_ENDPOINT")]
    pub otlp_endpoint: Option<String>,
    /// POST every event of the feed (game created, started, finished with
    /// rating changes, aborted, deleted) to this URL as signed JSON,
    /// retried until acknowledged (see docs/api.md, "Webhooks"). Needs
    /// --webhook-secret.
    #[arg(long, env = "SATRAP_WEBHOOK_URL", requires = "webhook_secret")]
    pub webhook_url: Option<String>,
    /// The shared secret of the webhooks' HMAC-SHA256 signatures (prefer
    /// the environment variable: arguments show in process lists).
    #[arg(long, env = "SATRAP_WEBHOOK_SECRET", hide_env_values = true)]
    pub webhook_secret: Option<String>,
    /// How long the replica delivering webhooks holds its lease on the
    /// feed's position: if it dies, another replica resumes delivery about
    /// this long after its last renewal (a replica that stops hands the
    /// lease back at once). Renewed every third of it.
    #[arg(long, env = "SATRAP_WEBHOOK_LEASE", value_parser = humantime::parse_duration, default_value = "5s")]
    pub webhook_lease: Duration,
    /// How long the replica driving a tournament holds its lease: if it
    /// dies, another replica takes the tournament over about this long
    /// (and up to half of it more) after its last renewal. Renewed every
    /// third of it.
    #[arg(long, env = "SATRAP_TOURNAMENT_LEASE", value_parser = humantime::parse_duration, default_value = "10s")]
    pub tournament_lease: Duration,
    /// On SIGTERM (or Ctrl-C) the server drains: readiness turns
    /// NOT_SERVING at once, it stops accepting, sends GOAWAY, lets unary
    /// calls finish, ends every stream with UNAVAILABLE and hands back its
    /// leases; connections still open after this long are closed. Keep it
    /// below Kubernetes' terminationGracePeriodSeconds (30 s by default).
    #[arg(long, env = "SATRAP_DRAIN_TIMEOUT", value_parser = humantime::parse_duration, default_value = "25s")]
    pub drain_timeout: Duration,
    /// Serve TLS on the port with this certificate chain (PEM, leaf
    /// first); needs --tls-key. Reloaded when the file changes or on
    /// SIGHUP (new connections use the new one).
    #[arg(long, env = "SATRAP_TLS_CERT", requires = "tls_key")]
    pub tls_cert: Option<std::path::PathBuf>,
    /// The private key (PEM) of --tls-cert's certificate.
    #[arg(long, env = "SATRAP_TLS_KEY", requires = "tls_cert")]
    pub tls_key: Option<std::path::PathBuf>,
    /// Require a client certificate signed by one of these CAs (PEM) on
    /// every connection (mTLS); needs --tls-cert.
    #[arg(long, env = "SATRAP_TLS_CLIENT_CA", requires = "tls_cert")]
    pub tls_client_ca: Option<std::path::PathBuf>,
}

impl Config {
    /// A config with every default (for tests and embedding).
    pub fn defaults() -> Self {
        Self::parse_from(["satrap"])
    }

    /// The defaults with the in-memory store (tests, benchmarks).
    pub fn in_memory() -> Self {
        Self {
            database: "memory://".into(),
            ..Self::defaults()
        }
    }

    /// The database deadlines of the `--db-*-timeout` flags.
    pub fn deadlines(&self) -> store::Deadlines {
        store::Deadlines {
            connect: self.db_connect_timeout,
            statement: self.db_statement_timeout,
            pool_wait: self.db_pool_timeout,
        }
    }

    /// The TLS files, when --tls-cert and --tls-key are set.
    pub fn tls_files(&self) -> Option<crate::tls::TlsFiles> {
        match (&self.tls_cert, &self.tls_key) {
            (Some(cert), Some(key)) => Some(crate::tls::TlsFiles {
                cert: cert.clone(),
                key: key.clone(),
                client_ca: self.tls_client_ca.clone(),
            }),
            _ => None,
        }
    }

    /// What retention removes now, if anything.
    fn expiry(&self) -> Option<store::Expiry> {
        if self.finished_retention.is_none() && self.idle_retention.is_none() {
            return None;
        }
        let before = |d: Duration| store::now_ms().saturating_sub(d.as_millis() as u64);
        Some(store::Expiry {
            finished_before_ms: self.finished_retention.map(before),
            idle_before_ms: self.idle_retention.map(before),
        })
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        addr: SocketAddr,
        source: std::io::Error,
    },
    #[error(transparent)]
    Store(#[from] store::OpenError),
    #[error("reflection: {0}")]
    Reflection(String),
    #[error("invalid CORS origin {0:?}")]
    Cors(String),
    #[error("invalid CORS header name {0:?}")]
    CorsHeader(String),
    #[error("server: {0}")]
    Transport(#[from] tonic::transport::Error),
    #[error(transparent)]
    ApiKeys(#[from] KeysFileError),
    #[error(transparent)]
    Metrics(#[from] crate::telemetry::exporter::MetricsError),
    #[error("--webhook-url: {0}")]
    Webhook(#[from] satrap_webhook::WebhookError),
    #[error(transparent)]
    Tls(#[from] crate::tls::TlsError),
    #[error(transparent)]
    Connect(#[from] crate::connect::DescriptorsError),
}

/// Bind `config.listen` and serve until `shutdown` completes.
pub async fn serve(
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    let listener = TcpListener::bind(config.listen)
        .await
        .map_err(|source| ServeError::Bind {
            addr: config.listen,
            source,
        })?;
    serve_on(listener, config, shutdown).await
}

/// Serve on an already bound listener (tests bind port 0).
pub async fn serve_on(
    listener: TcpListener,
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    serving(listener, config, Box::pin(shutdown)).await
}

/// A boxed future of the function below, made here. Generic code is
/// compiled in the crate that instantiates it, and an `async fn` polled
/// from another crate is compiled there too: while `serve_on` was generic
/// over the shutdown future, the server's body (its router, services,
/// layers and every task it spawns) was compiled in each crate that
/// awaited it, the binary and six test executables, and never in this
/// one. A `dyn Future` made in this crate compiles it once, here; the
/// callers only poll it through the vtable.
#[inline(never)]
fn serving(
    listener: TcpListener,
    config: Config,
    shutdown: Pin<Box<dyn Future<Output = ()> + Send>>,
) -> Pin<Box<dyn Future<Output = Result<(), ServeError>> + Send>> {
    Box::pin(serve_boxed(listener, config, shutdown))
}

/// The body of [`serve_on`].
async fn serve_boxed(
    listener: TcpListener,
    config: Config,
    shutdown: Pin<Box<dyn Future<Output = ()> + Send>>,
) -> Result<(), ServeError> {
    // Unusable TLS files stop start-up before anything else is opened.
    let tls = config.tls_files().map(crate::tls::Tls::load).transpose()?;
    let access = Arc::new(access(&config, &listener)?);
    let store = store::open_with(&config.database, config.max_games, config.deadlines()).await?;
    // Commits are timed from here, above the store.
    let store: Arc<dyn store::GameStore> = Arc::new(store::observed::Observed::new(
        store.clone(),
        telemetry::StoreTimer {
            store: store.kind(),
        },
    ));
    let faults = store.faults();
    let defaults = Limits::default();
    let limits = Limits {
        max_watchers_per_game: config.max_watchers_per_game,
        max_cached_games: config.cache_games.max(1),
        bot_threads: config.bot_threads.unwrap_or(defaults.bot_threads),
        bot_takeover_delay: config.bot_takeover_delay,
        client_seeds: config.client_seeds,
        max_live_bot_games: config.max_live_bot_games,
        talk: crate::hub::TalkLimits {
            max_chars: config.chat_max_chars,
            per_minute: config.chat_rate,
            burst: config.chat_burst,
            offer_expiry: Duration::from_secs(config.offer_expiry_seconds),
        },
        guest_max_live_bot_games: Some(config.guest_max_live_bot_games).filter(|&n| n > 0),
        abandoned_after: (!config.abandoned_after.is_zero()).then_some(config.abandoned_after),
        ..defaults
    };
    let cors = cors(&config.cors_origins, &config.cors_allow_headers)?;
    let connect = crate::connect::ConnectLayer::served(config.max_message_bytes)?;
    let (stop_tx, stop_rx) = watch::channel(false);
    let hub = Hub::new(store, limits, stop_rx);
    let metrics = match config.metrics_listen {
        Some(addr) => Some((
            telemetry::exporter::bind(addr).await?,
            telemetry::exporter::install()?,
        )),
        None => None,
    };

    let (health, health_service) = tonic_health::server::health_reporter();
    let readiness = Readiness::new(health);
    readiness.set(None).await;
    let probes = ProbeLayer::new(readiness.subscribe().await);
    let webhook = match (&config.webhook_url, &config.webhook_secret) {
        (Some(url), Some(secret)) => Some(satrap_webhook::Webhook::new(
            satrap_webhook::WebhookConfig::new(url.clone(), secret.as_bytes().to_vec()),
        )?),
        _ => None,
    };
    let mut background = vec![
        tokio::spawn(hub.clone().follow_store()),
        tokio::spawn(retention(hub.clone(), config.clone())),
        tokio::spawn(report_faults(faults, readiness.clone())),
        tokio::spawn(crate::rated::matchmaker::run(hub.clone())),
    ];
    let tournaments = Tournaments::new(
        hub.clone(),
        TournamentConfig {
            lease: config.tournament_lease.max(Duration::from_millis(300)),
        },
    );
    background.push(tokio::spawn(tournaments.clone().run()));
    // Tasks that end by themselves at shutdown, handing back what they
    // hold (the lease scanner, the webhooks' cursor lease): awaited, within
    // the drain timeout, before the process exits.
    let find_work = tokio::spawn(hub.clone().find_work());
    let mut handing_back = Vec::new();
    if let Some(webhook) = webhook {
        handing_back.push(tokio::spawn(crate::rated::webhooks::run(
            crate::rated::webhooks::Deliverer {
                store: hub.store().clone(),
                feed: hub.feed().clone(),
                webhook,
                replica: hub.replica().to_owned(),
                lease: config.webhook_lease,
            },
            stop_tx.subscribe(),
        )));
    }
    if let Some(tls) = &tls {
        tls.publish();
        background.push(tokio::spawn(
            tls.clone().watch(crate::tls::POLL, stop_tx.subscribe()),
        ));
    }
    let metrics_task = metrics.map(|(listener, handle)| {
        let stop = stop_tx.subscribe();
        let census_hub = hub.clone();
        let census: telemetry::exporter::CensusFn = Arc::new(move || {
            let hub = census_hub.clone();
            Box::pin(async move { hub.census().await })
        });
        tokio::spawn(telemetry::exporter::serve(listener, handle, census, stop))
    });
    // Reflection in both versions: grpcurl up to 1.8.7, Postman, Evans and
    // grpcio-reflection speak only v1alpha; newer tools ask for v1 first.
    let reflection = || {
        tonic_reflection::server::Builder::configure()
            .register_encoded_file_descriptor_set(proto::FILE_DESCRIPTOR_SET)
            .register_encoded_file_descriptor_set(tonic_health::pb::FILE_DESCRIPTOR_SET)
    };
    let reflection_v1 = reflection()
        .build_v1()
        .map_err(|e| ServeError::Reflection(e.to_string()))?;
    let reflection_v1alpha = reflection()
        .build_v1alpha()
        .map_err(|e| ServeError::Reflection(e.to_string()))?;

    let local = listener
        .local_addr()
        .map(|a| a.to_string())
        .unwrap_or_else(|_| "?".into());
    let database = store::redact(&config.database);
    let limits = ConnLimits {
        handshake_timeout: config.handshake_timeout,
        idle_timeout: config.idle_timeout,
        max_connections: config
            .max_connections
            .unwrap_or_else(conn::default_max_connections)
            .max(1),
    };
    let scheme = if tls.is_some() { "https" } else { "http" };
    tracing::info!(addr = %local, %database, replica = %hub.replica(), max_connections = limits.max_connections, tls = tls.is_some(), client_certificates = config.tls_client_ca.is_some(), "satrap serving");
    if config.web {
        tracing::info!("web page at {scheme}://{}/", page_address(&local));
    }
    let drain_timeout = config.drain_timeout;
    // When the drain began (`None` until then).
    let (draining_tx, draining) = watch::channel(None::<tokio::time::Instant>);
    let shutdown = async move {
        shutdown.await;
        tracing::info!(drain_timeout = ?drain_timeout, "draining: not ready, ending streams, handing work back");
        readiness.stop().await;
        // End every stream (UNAVAILABLE) and the games' background work, so that in-flight
        // unary calls are all that the connections wait for.
        let _ = stop_tx.send(true);
        let _ = draining_tx.send(Some(tokio::time::Instant::now()));
    };
    // Once draining: the game leases go back as soon as the game actors and
    // the scanner have stopped, while connections still drain.
    let hand_back = {
        let hub = hub.clone();
        let mut draining = draining.clone();
        tokio::spawn(async move {
            draining.wait_for(Option::is_some).await.ok()?;
            let _ = tokio::time::timeout(drain_timeout, find_work).await;
            Some(hub.drain(drain_timeout).await)
        })
    };
    let router = Server::builder()
        .accept_http1(true)
        .http2_keepalive_interval(Some(config.keepalive_interval))
        .http2_keepalive_timeout(Some(config.keepalive_timeout))
        .http2_max_header_list_size(MAX_HEADER_BYTES as u32)
        .layer(ActivityLayer)
        .layer(HeaderCapLayer)
        .layer(probes)
        .layer(super::web::WebLayer::new(config.web))
        .layer(cors)
        .layer(connect)
        .layer(tonic_web::GrpcWebLayer::new())
        .layer(StatusCodesLayer)
        .layer(telemetry::rpc::RpcTelemetryLayer)
        .add_service(health_service)
        .add_service(reflection_v1)
        .add_service(reflection_v1alpha)
        .add_service(
            GameServiceServer::new(GameServiceImpl::with_access(
                hub.clone(),
                access.clone(),
                crate::info::describe(&config, &access),
            ))
            .max_decoding_message_size(config.max_message_bytes),
        )
        .add_service(
            TournamentServiceServer::new(TournamentServiceImpl::new(tournaments, access.clone()))
                .max_decoding_message_size(config.max_message_bytes),
        )
        .add_service(
            AdminServiceServer::new(AdminServiceImpl::new(hub, access))
                .max_decoding_message_size(config.max_message_bytes),
        );
    let mut server: std::pin::Pin<
        Box<dyn Future<Output = Result<(), tonic::transport::Error>> + Send>,
    > = match tls {
        Some(tls) => Box::pin(
            router
                .serve_with_incoming_shutdown(conn::incoming_tls(listener, limits, tls), shutdown),
        ),
        None => Box::pin(
            router.serve_with_incoming_shutdown(conn::incoming(listener, limits), shutdown),
        ),
    };
    let mut deadline = draining.clone();
    let overdue = async move {
        if deadline.wait_for(Option::is_some).await.is_err() {
            std::future::pending::<()>().await;
        }
        tokio::time::sleep(drain_timeout).await;
    };
    tokio::select! {
        served = &mut server => served?,
        () = overdue => tracing::warn!("drain: --drain-timeout passed; closing the connections left"),
    }
    // What is left of the drain timeout (at least a second) for the hand-back.
    let began = (*draining.borrow()).unwrap_or_else(tokio::time::Instant::now);
    let left = drain_timeout
        .saturating_sub(began.elapsed())
        .max(Duration::from_secs(1));
    match tokio::time::timeout(left, hand_back).await {
        Ok(Ok(Some(drained))) => tracing::info!(
            leases_released = drained.leases_released,
            tasks_left = drained.tasks_left,
            "drained"
        ),
        Ok(_) => {}
        Err(_) => tracing::warn!("drain: handing back the leases did not finish in time"),
    }
    for task in handing_back {
        let _ = tokio::time::timeout(left, task).await;
    }
    for task in background.into_iter().chain(metrics_task) {
        task.abort();
    }
    Ok(())
}

/// Where a person opens the page: the listening address, with a loopback
/// address for a wildcard one (0.0.0.0 is not an address a browser opens).
fn page_address(local: &str) -> String {
    match local.parse::<SocketAddr>() {
        Ok(addr) if addr.ip().is_unspecified() => format!("127.0.0.1:{}", addr.port()),
        _ => local.to_owned(),
    }
}

/// Keys and quotas from the flags. A keys file that does not parse stops
/// start-up (the error names the line); an open server on a non-loopback
/// address is logged as a warning.
fn access(config: &Config, listener: &TcpListener) -> Result<Access, ServeError> {
    let keys = match &config.api_keys_file {
        Some(path) => {
            let ring = KeyRing::load(path)?;
            tracing::info!(keys = ring.len(), file = %path.display(), "API keys loaded");
            Some(ring)
        }
        None => {
            let exposed = listener.local_addr().is_ok_and(|a| !a.ip().is_loopback());
            if exposed {
                tracing::warn!(
                    "no --api-keys-file: anyone who reaches this address may create, list and administer games"
                );
            }
            None
        }
    };
    if config.guests && keys.is_none() {
        tracing::info!(
            "--guests without --api-keys-file: the server is open, everyone creates games"
        );
    }
    let access = Access::new(
        keys,
        QuotaConfig {
            create_per_minute: config.create_rate,
            create_burst: config.create_burst,
            max_watch_streams: (config.max_watch_streams > 0).then_some(config.max_watch_streams),
            max_watch_streams_total: (config.max_watch_streams_total > 0)
                .then_some(config.max_watch_streams_total),
        },
    );
    Ok(match config.guests {
        true => access.with_guests(GuestConfig {
            create_per_minute: Some(config.guest_create_rate),
            create_burst: config.guest_create_burst,
            max_live_bot_games: Some(config.guest_max_live_bot_games),
        }),
        false => access,
    })
}

/// Apply the retention flags now and then (every tenth of the shortest
/// retention, between a second and five minutes).
async fn retention(hub: Arc<Hub>, config: Config) {
    let Some(shortest) = [config.finished_retention, config.idle_retention]
        .into_iter()
        .flatten()
        .min()
    else {
        return;
    };
    let period = (shortest / 10).clamp(Duration::from_secs(1), Duration::from_secs(300));
    let mut ticks = tokio::time::interval(period);
    loop {
        ticks.tick().await;
        if let Some(expiry) = config.expiry() {
            if let Err(e) = hub.expire(expiry).await {
                tracing::warn!(error = %e, "retention sweep failed");
            }
        }
    }
}

/// The game service's health (readiness: may it be sent work now?). The
/// server's overall health (service "") stays SERVING while the process
/// runs (liveness: a database outage is not cured by a restart).
///
/// Why a lock around the reporter: the fault reporter and shutdown both
/// set the status, and a database that answers again during a graceful
/// shutdown must not turn the service back to SERVING.
#[derive(Clone)]
struct Readiness {
    inner: Arc<tokio::sync::Mutex<ReadinessState>>,
}

struct ReadinessState {
    health: tonic_health::server::HealthReporter,
    /// The same state for `/readyz` (see `probes`).
    probe: watch::Sender<ReadyState>,
    stopping: bool,
}

impl Readiness {
    fn new(health: tonic_health::server::HealthReporter) -> Self {
        let (probe, _) = watch::channel(Some("starting".to_owned()));
        Self {
            inner: Arc::new(tokio::sync::Mutex::new(ReadinessState {
                health,
                probe,
                stopping: false,
            })),
        }
    }

    /// The readiness `/readyz` answers from.
    async fn subscribe(&self) -> watch::Receiver<ReadyState> {
        self.inner.lock().await.probe.subscribe()
    }

    /// SERVING (`fault` is `None`) or NOT_SERVING for the reason `fault`,
    /// unless shutting down (NOT_SERVING for good).
    async fn set(&self, fault: Option<String>) {
        let state = self.inner.lock().await;
        if state.stopping {
            return;
        }
        let serving = fault.is_none();
        state.probe.send_replace(fault);
        if serving {
            state
                .health
                .set_serving::<GameServiceServer<GameServiceImpl>>()
                .await;
        } else {
            state
                .health
                .set_not_serving::<GameServiceServer<GameServiceImpl>>()
                .await;
        }
    }

    /// Shutting down: NOT_SERVING from now on.
    async fn stop(&self) {
        let mut state = self.inner.lock().await;
        state.stopping = true;
        state
            .probe
            .send_replace(Some("the server is shutting down".to_owned()));
        state
            .health
            .set_not_serving::<GameServiceServer<GameServiceImpl>>()
            .await;
    }
}

/// The store's faults drive the game service's readiness: NOT_SERVING
/// while the store cannot serve (its file removed or replaced, for good;
/// its database unreachable, until it answers again), so load balancers
/// and probes stop sending work; SERVING once the fault clears.
async fn report_faults(faults: Option<watch::Receiver<Option<String>>>, readiness: Readiness) {
    let Some(mut faults) = faults else {
        return;
    };
    loop {
        let fault = faults.borrow_and_update().clone();
        match fault {
            Some(reason) => {
                tracing::error!(%reason, "the store cannot serve: the game service is NOT_SERVING");
                readiness.set(Some(reason)).await;
            }
            None => readiness.set(None).await,
        }
        if faults.changed().await.is_err() {
            return;
        }
    }
}

/// CORS for gRPC-Web callers in browsers.
fn cors(origins: &[String], extra_headers: &[String]) -> Result<CorsLayer, ServeError> {
    let allow = if origins.iter().any(|o| o == "*") {
        AllowOrigin::any()
    } else {
        let parsed = origins
            .iter()
            .map(|o| {
                o.parse::<http::HeaderValue>()
                    .map_err(|_| ServeError::Cors(o.clone()))
            })
            .collect::<Result<Vec<_>, _>>()?;
        AllowOrigin::list(parsed)
    };
    let header = |s: &'static str| http::HeaderName::from_static(s);
    let mut allowed = vec![
        header("authorization"),
        header("content-type"),
        header("x-grpc-web"),
        header("x-user-agent"),
        header("grpc-timeout"),
        header("connect-protocol-version"),
        header("connect-timeout-ms"),
    ];
    for name in extra_headers
        .iter()
        .map(|h| h.trim())
        .filter(|h| !h.is_empty())
    {
        allowed.push(
            name.parse::<http::HeaderName>()
                .map_err(|_| ServeError::CorsHeader(name.to_owned()))?,
        );
    }
    Ok(CorsLayer::new()
        .allow_origin(allow)
        .allow_methods([http::Method::GET, http::Method::POST, http::Method::OPTIONS])
        .allow_headers(allowed)
        .expose_headers([
            header("grpc-status"),
            header("grpc-message"),
            header("grpc-status-details-bin"),
        ])
        .max_age(Duration::from_secs(24 * 3600)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tonic_health::pb::health_server::Health;
    use tonic_health::pb::{HealthCheckRequest, health_check_response::ServingStatus};
    use tonic_health::server::{HealthReporter, HealthService};

    const GAME: &str = "satrap.v1.GameService";

    async fn status(health: &HealthService, service: &str) -> Option<i32> {
        health
            .check(tonic::Request::new(HealthCheckRequest {
                service: service.into(),
            }))
            .await
            .ok()
            .map(|r| r.into_inner().status)
    }

    /// Wait (at most 2 s) until the game service is `want`.
    async fn until(health: &HealthService, want: ServingStatus) -> bool {
        for _ in 0..200 {
            if status(health, GAME).await == Some(want as i32) {
                return true;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        false
    }

    #[tokio::test]
    async fn readiness_follows_the_store_and_shutting_down_is_final() {
        let reporter = HealthReporter::new();
        reporter
            .set_service_status("", tonic_health::ServingStatus::Serving)
            .await;
        let health = HealthService::from_health_reporter(reporter.clone());
        let readiness = Readiness::new(reporter);
        readiness.set(None).await;
        let probe = readiness.subscribe().await;
        let (faults, watched) = watch::channel(None);
        let task = tokio::spawn(report_faults(Some(watched), readiness.clone()));
        assert!(until(&health, ServingStatus::Serving).await);

        faults.send_replace(Some("the database does not answer".into()));
        assert!(until(&health, ServingStatus::NotServing).await);
        assert_eq!(
            probe.borrow().as_deref(),
            Some("the database does not answer"),
            "/readyz says the same, with the reason"
        );
        assert_eq!(
            status(&health, "").await,
            Some(ServingStatus::Serving as i32),
            "liveness is not readiness"
        );
        faults.send_replace(None);
        assert!(until(&health, ServingStatus::Serving).await);

        readiness.stop().await;
        faults.send_replace(Some("again".into()));
        faults.send_replace(None);
        tokio::time::sleep(Duration::from_millis(100)).await;
        assert_eq!(
            status(&health, GAME).await,
            Some(ServingStatus::NotServing as i32),
            "a database that answers again does not undo a shutdown"
        );
        assert_eq!(
            probe.borrow().as_deref(),
            Some("the server is shutting down")
        );
        task.abort();
    }
}
