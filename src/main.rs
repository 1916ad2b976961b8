//! The `satrap` binary: parses flags and runs the server.

use clap::{Parser, Subcommand};
use satrap_server::{Config, LogFormat, serve};
use tracing_subscriber::EnvFilter;

#[derive(Parser)]
#[command(
    name = "satrap",
    version,
    about = "gRPC game-engine service for province-control board games"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Flags of `serve` (the default command).
    #[command(flatten)]
    serve: Config,
}

#[derive(Subcommand)]
enum Command {
    /// Run the gRPC server (the default).
    Serve(Box<Config>),
    /// Ask a running server's gRPC health service; exit 0 if it is SERVING
    /// (a container health probe that needs no extra binary).
    Health(HealthArgs),
    /// Play many games between built-in bots and print win rates with 95%
    /// confidence intervals, e.g. `satrap arena --game territories --bots
    /// mcts,random --games 200 --seed 1`.
    Arena(satrap::arena::ArenaArgs),
    /// Play rated games among the built-in bot levels through the service
    /// and print each level's rating, e.g. `satrap ladder --game
    /// territories --games 200` (see docs/bots.md, "The ladder").
    Ladder(satrap::ladder::LadderArgs),
    /// Make an API key for --api-keys-file: prints the key (once; only its
    /// hash is kept) and the line to add to the keys file, e.g.
    /// `satrap api-key matchmaker creator`.
    ApiKey(ApiKeyArgs),
}

#[derive(clap::Args)]
struct ApiKeyArgs {
    /// The key's name (1 to 64 of A-Z a-z 0-9 _ . -), shown in logs and
    /// used for quotas.
    name: String,
    /// `player` (one person or bot: FindMatch, rated as NAME), `creator`
    /// (a backend: CreateGame, ListGames, WatchEvents for its games, and
    /// its users' player ids) or `admin` (also AdminService and every
    /// game's events).
    #[arg(value_parser = ["player", "creator", "admin"])]
    role: String,
}

/// Print a new key and its keys-file line.
fn api_key(args: &ApiKeyArgs) -> Result<(), String> {
    use satrap_server::access::{Role, keys};
    let role = Role::parse(&args.role).ok_or("the role must be player, creator or admin")?;
    let made = keys::generate(&args.name, role)?;
    println!("API key (give it to the backend; it is not stored and cannot be shown again):");
    println!("{}", made.key);
    println!("Line for the --api-keys-file:");
    println!("{}", made.line);
    Ok(())
}

#[derive(clap::Args)]
struct HealthArgs {
    /// Server address to ask, as is. Default: see `--listen`.
    #[arg(long)]
    addr: Option<String>,
    /// The server's `--listen` address; its port is asked on 127.0.0.1.
    /// Default: the `--listen` of the `satrap serve` running as PID 1 (a
    /// container's server, flags or SATRAP_LISTEN, resolved as it resolved
    /// them), else SATRAP_LISTEN, else 127.0.0.1:50051.
    #[arg(long)]
    listen: Option<String>,
    /// Service to ask about; empty for the whole server.
    #[arg(long, default_value = "satrap.v1.GameService")]
    service: String,
    /// Give up after this many seconds.
    #[arg(long, default_value_t = 3)]
    timeout_secs: u64,
    /// Ask over TLS, trusting exactly this certificate (PEM: the server's
    /// --tls-cert). Default: the --tls-cert of the `satrap serve` running
    /// as PID 1, else SATRAP_TLS_CERT; neither: plaintext.
    #[arg(long)]
    server_cert: Option<std::path::PathBuf>,
    /// This probe's certificate (PEM), for a server that requires client
    /// certificates (--tls-client-ca); needs --client-key.
    #[arg(long, requires = "client_key")]
    client_cert: Option<std::path::PathBuf>,
    /// The key (PEM) of --client-cert.
    #[arg(long, requires = "client_cert")]
    client_key: Option<std::path::PathBuf>,
}

/// Where the probe calls when no `--addr` is given: the port the server
/// listens on, on loopback. A container's HEALTHCHECK runs `satrap health`
/// with the container's environment but not the server's command line, so
/// a server started as `satrap serve --listen 0.0.0.0:7000` (CMD
/// overridden) is found by reading PID 1's command line and parsing it with
/// the server's own parser (flags over SATRAP_LISTEN, as the server did).
fn probe_addr(args: &HealthArgs) -> String {
    let listen = args
        .listen
        .clone()
        .or_else(|| pid1_config().map(|c| c.listen.to_string()))
        .or_else(|| std::env::var("SATRAP_LISTEN").ok())
        .unwrap_or_else(|| "127.0.0.1:50051".into());
    let port = listen.rsplit(':').next().unwrap_or("50051");
    format!("127.0.0.1:{port}")
}

/// The server certificate the probe trusts, if it speaks TLS: the flag,
/// else PID 1's server's, else SATRAP_TLS_CERT (see `probe_tls`).
fn probe_server_cert(args: &HealthArgs) -> Option<std::path::PathBuf> {
    args.server_cert
        .clone()
        .or_else(|| pid1_config().and_then(|c| c.tls_cert))
        .or_else(|| std::env::var_os("SATRAP_TLS_CERT").map(Into::into))
}

/// The flags of `satrap [serve] ...` running as PID 1, if it is.
fn pid1_config() -> Option<Config> {
    let raw = std::fs::read("/proc/1/cmdline").ok()?;
    let argv: Vec<String> = raw
        .split(|b| *b == 0)
        .filter(|a| !a.is_empty())
        .map(|a| String::from_utf8_lossy(a).into_owned())
        .collect();
    let program = std::path::Path::new(argv.first()?).file_name()?;
    if program != "satrap" {
        return None;
    }
    match Cli::try_parse_from(&argv).ok()? {
        Cli {
            command: Some(Command::Serve(config)),
            ..
        } => Some(*config),
        Cli {
            command: None,
            serve,
        } => Some(serve),
        _ => None,
    }
}

/// The probe's answer: Ok(()) when SERVING.
async fn probe(args: HealthArgs) -> Result<(), String> {
    use tonic_health::pb::{
        HealthCheckRequest, health_check_response::ServingStatus, health_client::HealthClient,
    };
    let addr = args.addr.clone().unwrap_or_else(|| probe_addr(&args));
    let tls = match probe_server_cert(&args) {
        Some(cert) => {
            let client = args.client_cert.as_deref().zip(args.client_key.as_deref());
            Some(satrap::probe_tls::ProbeTls::load(&cert, client).map_err(|e| e.to_string())?)
        }
        None => None,
    };
    let check = async {
        let channel = match &tls {
            Some(tls) => tls.channel(&addr).await?,
            None => tonic::transport::Endpoint::from_shared(format!("http://{addr}"))
                .map_err(|e| format!("address {addr}: {e}"))?
                .connect()
                .await
                .map_err(|e| format!("connect {addr}: {e}"))?,
        };
        let mut client = HealthClient::new(channel);
        let status = client
            .check(HealthCheckRequest {
                service: args.service.clone(),
            })
            .await
            .map_err(|e| format!("health check: {}", e.message()))?
            .into_inner()
            .status;
        if status == ServingStatus::Serving as i32 {
            Ok(())
        } else {
            Err(format!("{} is not serving (status {status})", args.service))
        }
    };
    tokio::time::timeout(std::time::Duration::from_secs(args.timeout_secs), check)
        .await
        .map_err(|_| format!("no answer from {addr} within {} s", args.timeout_secs))?
}

/// Logs to standard output (text or JSON), and spans to an OTLP collector when
/// `--otlp-endpoint` is set (the returned exporter flushes at exit).
fn init_logging(
    format: LogFormat,
    otlp_endpoint: Option<&str>,
) -> Result<Option<satrap_server::telemetry::otlp::Otlp>, satrap_server::telemetry::otlp::OtlpError>
{
    use tracing_subscriber::Layer as _;
    use tracing_subscriber::layer::SubscriberExt as _;
    use tracing_subscriber::util::SubscriberInitExt as _;
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    // Colour only for a person at a terminal: logs written to a file, a
    // pipe or a collector must not carry escape codes (NO_COLOR turns it
    // off too). The log goes to standard output.
    let colour = std::io::IsTerminal::is_terminal(&std::io::stdout())
        && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    let fmt = tracing_subscriber::fmt::layer()
        .with_target(false)
        .with_ansi(colour);
    let fmt = match format {
        LogFormat::Text => fmt.boxed(),
        LogFormat::Json => fmt.json().boxed(),
    };
    let (otel, exporter) = match otlp_endpoint {
        Some(endpoint) => {
            let (layer, exporter) = satrap_server::telemetry::otlp::layer(endpoint)?;
            (Some(layer), Some(exporter))
        }
        None => (None, None),
    };
    tracing_subscriber::registry()
        .with(filter)
        .with(fmt)
        .with(otel)
        .init();
    Ok(exporter)
}

/// Completes on Ctrl-C or SIGTERM.
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = term => {},
    }
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    let config = match cli.command {
        Some(Command::Serve(c)) => *c,
        Some(Command::Health(args)) => {
            return match probe(args).await {
                Ok(()) => std::process::ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("satrap health: {e}");
                    std::process::ExitCode::FAILURE
                }
            };
        }
        Some(Command::Arena(args)) => {
            // CPU-bound and synchronous: its own scoped threads, no runtime work.
            return match satrap::arena::run(&args) {
                Ok((report, threads)) => {
                    print!("{}", report.render(&args, threads));
                    std::process::ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("satrap arena: {e}");
                    std::process::ExitCode::FAILURE
                }
            };
        }
        Some(Command::Ladder(args)) => {
            return match satrap::ladder::run(&args).await {
                Ok(ladder) => {
                    print!("{}", ladder.render());
                    std::process::ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("satrap ladder: {e}");
                    std::process::ExitCode::FAILURE
                }
            };
        }
        Some(Command::ApiKey(args)) => {
            return match api_key(&args) {
                Ok(()) => std::process::ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("satrap api-key: {e}");
                    std::process::ExitCode::FAILURE
                }
            };
        }
        None => cli.serve,
    };
    let exporter = match init_logging(config.log_format, config.otlp_endpoint.as_deref()) {
        Ok(exporter) => exporter,
        Err(e) => {
            eprintln!("satrap: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    let code = match serve(config, shutdown_signal()).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!(error = %e, "satrap stopped");
            eprintln!("satrap: {e}");
            std::process::ExitCode::FAILURE
        }
    };
    if let Some(exporter) = exporter {
        exporter.shutdown().await;
    }
    code
}
