//! A `satrap serve` process a test starts: the real binary, its JSON logs
//! read until it serves (and drained after, so it never blocks on a full
//! pipe), killed with SIGKILL or when dropped.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

use super::Client;
use satrap_server::proto::game_service_client::GameServiceClient;

pub struct Served {
    child: Child,
    /// The gRPC address.
    pub addr: String,
    /// The metrics address, when `--metrics-listen` was given.
    pub metrics: Option<String>,
    /// The database URL the server logged (credentials redacted).
    pub database: String,
    /// The replica's id (the owner of the leases it takes).
    pub replica: String,
}

impl Served {
    /// `satrap serve --listen 127.0.0.1:0 --log-format json ARGS` in `dir`
    /// (`SATRAP_DATABASE_URL` unset, so only `args` choose the database).
    pub fn start(args: &[&str], dir: Option<&Path>) -> Self {
        Self::start_with_env(args, dir, &[])
    }

    /// As `start`, with these environment variables set.
    pub fn start_with_env(args: &[&str], dir: Option<&Path>, env: &[(&str, &str)]) -> Self {
        let mut command = Command::new(env!("CARGO_BIN_EXE_satrap"));
        command.envs(env.iter().copied());
        command
            .args(["serve", "--listen", "127.0.0.1:0", "--log-format", "json"])
            .args(args)
            .env_remove("SATRAP_DATABASE_URL")
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(dir) = dir {
            command.current_dir(dir);
        }
        let mut child = command.spawn().expect("spawn satrap");
        let stdout = child.stdout.take().expect("stdout");
        let mut lines = BufReader::new(stdout).lines();
        let wants_metrics = args.contains(&"--metrics-listen");
        let (mut served, mut metrics, mut replica) = (None, None, String::new());
        while served.is_none() || (wants_metrics && metrics.is_none()) {
            let line = lines
                .next()
                .expect("satrap exited before serving")
                .expect("read log");
            let log: serde_json::Value = serde_json::from_str(&line).expect("JSON log line");
            let fields = &log["fields"];
            let message = fields["message"].as_str().unwrap_or_default();
            let addr = fields["addr"].as_str().map(str::to_owned);
            if message == "satrap serving" {
                let database = fields["database"].as_str().unwrap_or_default().to_owned();
                replica = fields["replica"].as_str().unwrap_or_default().to_owned();
                served = addr.map(|a| (a, database));
            } else if message.starts_with("metrics at") {
                metrics = addr;
            }
        }
        std::thread::spawn(move || lines.for_each(drop));
        let (addr, database) = served.expect("serving line");
        Self {
            child,
            addr,
            metrics,
            database,
            replica,
        }
    }

    pub async fn client(&self) -> Client {
        GameServiceClient::connect(format!("http://{}", self.addr))
            .await
            .expect("connect")
    }

    /// Wait (at most `within`) for the process to end by itself; whether
    /// it did.
    pub fn exited_within(&mut self, within: std::time::Duration) -> bool {
        let start = std::time::Instant::now();
        while start.elapsed() < within {
            if let Ok(Some(_)) = self.child.try_wait() {
                return true;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        false
    }

    /// SIGSTOP: the process stops where it is, its connections open and
    /// silent (as a replica that died, until `kill_9`).
    pub fn freeze(&self) {
        // SAFETY: kill(2) on our own child's pid.
        let rc = unsafe { libc::kill(self.child.id() as libc::pid_t, libc::SIGSTOP) };
        assert_eq!(rc, 0, "SIGSTOP");
    }

    /// SIGTERM: the server drains and exits by itself.
    pub fn terminate(&self) {
        // SAFETY: kill(2) on our own child's pid.
        let rc = unsafe { libc::kill(self.child.id() as libc::pid_t, libc::SIGTERM) };
        assert_eq!(rc, 0, "SIGTERM");
    }

    /// Wait (at most `within`) for the process to end by itself; its exit
    /// code (`None`: still running, or ended by a signal).
    pub fn exit_code_within(&mut self, within: std::time::Duration) -> Option<i32> {
        let start = std::time::Instant::now();
        while start.elapsed() < within {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status.code();
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        None
    }

    /// SIGKILL: no shutdown, no flush, no lease given back.
    pub fn kill_9(mut self) {
        self.child.kill().expect("kill -9");
        self.child.wait().expect("reap");
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
