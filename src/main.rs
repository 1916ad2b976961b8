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
