//! The `satrap` binary: parses flags and runs the server.

use clap::{Parser, Subcommand};
use satrap::service::{Config, LogFormat, serve};
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
    Serve(Config),
    /// Ask a running server's gRPC health service; exit 0 if it is SERVING
    /// (a container health probe that needs no extra binary).
    Health(HealthArgs),
    /// Play many games between built-in bots and print win rates with 95%
    /// confidence intervals, e.g. `satrap arena --game territories --bots
    /// mcts,random --games 200 --seed 1`.
    Arena(satrap::arena::ArenaArgs),
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
    /// `creator` (CreateGame, ListGames) or `admin` (also AdminService).
    #[arg(value_parser = ["creator", "admin"])]
    role: String,
}

/// Print a new key and its keys-file line.
fn api_key(args: &ApiKeyArgs) -> Result<(), String> {
    use satrap::service::access::{Role, keys};
    let role = Role::parse(&args.role).ok_or("the role must be creator or admin")?;
    let made = keys::generate(&args.name, role)?;
    println!("API key (give it to the backend; it is not stored and cannot be shown again):");
    println!("{}", made.key);
    println!("Line for the --api-keys-file:");
    println!("{}", made.line);
    Ok(())
}

#[derive(clap::Args)]
struct HealthArgs {
    /// Server address. Default: the port of SATRAP_LISTEN on 127.0.0.1.
    #[arg(long)]
    addr: Option<String>,
    /// Service to ask about; empty for the whole server.
    #[arg(long, default_value = "satrap.v1.GameService")]
    service: String,
    /// Give up after this many seconds.
    #[arg(long, default_value_t = 3)]
    timeout_secs: u64,
}

/// The probe's answer: Ok(()) when SERVING.
async fn probe(args: HealthArgs) -> Result<(), String> {
    use tonic_health::pb::{
        HealthCheckRequest, health_check_response::ServingStatus, health_client::HealthClient,
    };
    let addr = args.addr.unwrap_or_else(|| {
        let listen = std::env::var("SATRAP_LISTEN").unwrap_or_else(|_| "127.0.0.1:50051".into());
        let port = listen.rsplit(':').next().unwrap_or("50051").to_owned();
        format!("127.0.0.1:{port}")
    });
    let check = async {
        let channel = tonic::transport::Endpoint::from_shared(format!("http://{addr}"))
            .map_err(|e| format!("address {addr}: {e}"))?
            .connect()
            .await
            .map_err(|e| format!("connect {addr}: {e}"))?;
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

fn init_logging(format: LogFormat) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_target(false);
    match format {
        LogFormat::Text => builder.init(),
        LogFormat::Json => builder.json().init(),
    }
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
        Some(Command::Serve(c)) => c,
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
    init_logging(config.log_format);
    match serve(config, shutdown_signal()).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!(error = %e, "satrap stopped");
            eprintln!("satrap: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
