//! The `satrap` binary itself: flags from the environment, JSON logs, and a
//! graceful exit on SIGTERM.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use satrap_server::proto::{self, game_service_client::GameServiceClient};

#[tokio::test]
async fn serves_from_env_config_and_exits_cleanly_on_sigterm() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_satrap"))
        .arg("serve")
        .env("SATRAP_LISTEN", "127.0.0.1:0")
        .env("SATRAP_DATABASE_URL", "memory://")
        .env("SATRAP_LOG_FORMAT", "json")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn satrap");
    let stdout = child.stdout.take().expect("stdout");
    // The first log line says where it listens.
    let line = tokio::task::spawn_blocking(move || {
        let mut lines = BufReader::new(stdout).lines();
        lines.next().and_then(|l| l.ok()).unwrap_or_default()
    })
    .await
    .expect("read log");
    let log: serde_json::Value = serde_json::from_str(&line).expect("JSON log line");
    assert_eq!(log["fields"]["message"], "satrap serving");
    let addr = log["fields"]["addr"]
        .as_str()
        .expect("addr field")
        .to_owned();

    let mut client = GameServiceClient::connect(format!("http://{addr}"))
        .await
        .expect("connect");
    let types = client
        .list_game_types(proto::ListGameTypesRequest {})
        .await
        .expect("call")
        .into_inner();
    assert!(types.game_types.iter().any(|t| t.id == "king_of_siam"));

    // The container health probe.
    let health = |service: &str| {
        Command::new(env!("CARGO_BIN_EXE_satrap"))
            .args(["health", "--addr", &addr, "--service", service])
            .output()
            .expect("run satrap health")
    };
    assert!(health("satrap.v1.GameService").status.success());
    let unknown = health("no.such.Service");
    assert!(!unknown.status.success());

    let status = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill");
    assert!(status.success());
    let start = Instant::now();
    loop {
        if let Some(exit) = child.try_wait().expect("wait") {
            assert!(exit.success(), "clean exit on SIGTERM: {exit:?}");
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "satrap did not stop on SIGTERM"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[test]
fn rejects_an_unsupported_database_url() {
    let out = Command::new(env!("CARGO_BIN_EXE_satrap"))
        .args([
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--database",
            "mysql://nope",
        ])
        .output()
        .expect("run satrap");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("unsupported database URL"), "{err}");
}

#[test]
fn health_probe_fails_without_a_server() {
    // Bind and drop to find a port nobody listens on.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .expect("bind")
        .local_addr()
        .expect("addr")
        .port();
    let out = Command::new(env!("CARGO_BIN_EXE_satrap"))
        .args([
            "health",
            "--addr",
            &format!("127.0.0.1:{port}"),
            "--timeout-secs",
            "2",
        ])
        .output()
        .expect("run satrap health");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("satrap health"));
}

/// The probe finds the server's port from `--listen` (the flag wins over
/// SATRAP_LISTEN, as it does for `serve`) or from SATRAP_LISTEN alone. (The
/// third way, PID 1's command line in a container, is run by
/// .ci/container.sh.)
#[tokio::test]
async fn health_probe_honours_listen_flag_and_env() {
    let free = || {
        std::net::TcpListener::bind("127.0.0.1:0")
            .expect("bind")
            .local_addr()
            .expect("addr")
    };
    let (addr, nobody) = (free(), free());
    let mut child = Command::new(env!("CARGO_BIN_EXE_satrap"))
        .args(["serve", "--listen", &addr.to_string()])
        .args(["--database", "memory://"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn satrap");
    let probe = |args: &[&str], env: Option<String>| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_satrap"));
        cmd.arg("health").args(args).args(["--timeout-secs", "2"]);
        cmd.env_remove("SATRAP_LISTEN");
        if let Some(listen) = env {
            cmd.env("SATRAP_LISTEN", listen);
        }
        cmd.output().expect("run satrap health").status.success()
    };
    // Wait until it serves (the flag form).
    let start = Instant::now();
    while !probe(&["--listen", &addr.to_string()], None) {
        assert!(start.elapsed() < Duration::from_secs(20), "never healthy");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // The env alone; the flag over a wrong env; a wrong flag over a right env.
    let listen_any = format!("0.0.0.0:{}", addr.port());
    assert!(probe(&[], Some(listen_any.clone())));
    assert!(probe(&["--listen", &listen_any], Some(nobody.to_string())));
    assert!(!probe(&["--listen", &nobody.to_string()], Some(listen_any)));
    child.kill().expect("kill");
    let _ = child.wait();
}

/// A text log written to a pipe or file has no colour escapes, and the
/// start-up lines say where the web page is; `--help`'s examples use the
/// README's metrics port.
#[test]
fn text_log_to_a_pipe_is_plain_and_names_the_web_page() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_satrap"))
        .args(["serve", "--listen", "0.0.0.0:0", "--database", "memory://"])
        .env_remove("NO_COLOR")
        .env_remove("RUST_LOG")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn satrap");
    let stdout = child.stdout.take().expect("stdout");
    let lines: Vec<String> = BufReader::new(stdout)
        .lines()
        .take(3)
        .map_while(Result::ok)
        .collect();
    let _ = child.kill();
    let _ = child.wait();
    let text = lines.join("\n");
    assert!(
        !text.contains('\u{1b}'),
        "escape codes in a piped log: {text:?}"
    );
    let page = lines
        .iter()
        .find(|l| l.contains("web page at"))
        .unwrap_or_else(|| panic!("no web page line: {text}"));
    // A wildcard listen address is shown as one a browser can open.
    assert!(page.contains("http://127.0.0.1:"), "{page}");

    let help = Command::new(env!("CARGO_BIN_EXE_satrap"))
        .args(["serve", "--help"])
        .output()
        .expect("satrap serve --help");
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(
        help.contains("0.0.0.0:9464") && !help.contains("9090"),
        "{help}"
    );
}
