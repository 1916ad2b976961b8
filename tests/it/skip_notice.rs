//! A skipped external test says so even when `cargo test`'s output goes to
//! a file (`cargo test > log 2>&1`): the line is written to the inherited
//! stderr, not to a reopened /dev/stderr whose writes the test harness's
//! own output then overwrote. The test runs its own binary again, with
//! only itself selected, as the child that skips.

use std::process::{Command, Stdio};

use crate::common;

const PROBE: &str = "SATRAP_SKIP_NOTICE_PROBE";

#[test]
fn skip_lines_reach_a_stderr_redirected_to_a_file() {
    if std::env::var_os(PROBE).is_some() {
        // The child: no PostgreSQL configured, so this says it skips.
        assert!(common::external::postgres_url("skip_notice_probe").is_none());
        return;
    }
    let path = std::env::temp_dir().join(format!("satrap-skip-notice-{}.log", std::process::id()));
    let log = std::fs::File::create(&path).expect("log file");
    let status = Command::new(std::env::current_exe().expect("test binary"))
        .args([
            "skip_notice::skip_lines_reach_a_stderr_redirected_to_a_file",
            "--exact",
            "--test-threads=1",
        ])
        .env(PROBE, "1")
        .env_remove("SATRAP_TEST_POSTGRES_URL")
        .env_remove("SATRAP_REQUIRE_EXTERNAL")
        .stdout(Stdio::from(log.try_clone().expect("clone")))
        .stderr(Stdio::from(log))
        .status()
        .expect("run the probe");
    assert!(status.success());
    let text = std::fs::read_to_string(&path).expect("read log");
    let _ = std::fs::remove_file(&path);
    assert!(
        text.contains("SKIPPED skip_notice_probe: SATRAP_TEST_POSTGRES_URL is not set"),
        "{text}"
    );
    assert!(text.contains("test result: ok"), "{text}");
}
