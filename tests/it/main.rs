//! The integration tests, in one binary so that `cargo test` builds and
//! links them once (see docs/development.md). Five suites stay binaries
//! of their own: `adversarial`, `durability` and `replicas` measure the
//! real server's memory, latency and crash recovery, which other tests
//! running beside them would disturb; `metrics` reads the process-wide
//! metrics recorder (other tests' calls would count in it); `otlp`
//! installs a process-wide tracing subscriber.
//!
//! This binary runs twice as many tests at once as the machine has cores
//! (`twice_as_many_test_threads_as_cores`); those five run one a core.

mod abandoned;
mod access;
mod access_postgres;
mod alexandros_service;
mod arena;
mod binary;
mod bots;
mod cancel_storm;
mod chat;
mod clocks;
mod common;
mod connect;
mod deltas;
mod every_game;
mod fuzz;
mod gateway;
mod guest_bots;
mod guests;
mod hub_reload;
mod kit_service;
mod layers;
mod lifecycle;
mod lobby;
mod ming_dynasty_service;
mod move_path;
mod offers;
mod postgres;
mod postgres_faults;
mod postgres_tls;
mod probes;
mod rated;
mod service;
mod skip_notice;
mod status_codes;
mod storage_faults;
mod territories_service;
mod tidy;
mod tls;
mod tournament;
mod web;
mod webhooks;

use std::sync::atomic::{AtomicBool, Ordering};

/// Whether `twice_as_many_test_threads_as_cores` chose the thread count
/// (false when the caller had set `RUST_TEST_THREADS`).
static THREADS_CHOSEN_HERE: AtomicBool = AtomicBool::new(false);

/// Twice as many tests at once as the machine has cores, unless
/// `RUST_TEST_THREADS` or `--test-threads` says otherwise. libtest runs
/// one test a thread, as many as there are cores, but most tests here wait
/// on sockets, timers and child processes far more than they compute: one
/// test a core kept two cores a third idle (71 s of wall clock for 95 s
/// of CPU; 55 s with twice the threads, the same CPU). The tests that do
/// compute spread over their own runtime's workers (`common::all_at_once`).
///
/// It runs before `main`, where libtest reads the variable, while this is
/// the process's only thread: nothing else reads or writes the environment
/// at the same time.
#[ctor::ctor(unsafe)]
fn twice_as_many_test_threads_as_cores() {
    if std::env::var_os("RUST_TEST_THREADS").is_none() {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        // SAFETY: before `main`, on the only thread (see above).
        unsafe { std::env::set_var("RUST_TEST_THREADS", (2 * cores).to_string()) };
        THREADS_CHOSEN_HERE.store(true, Ordering::SeqCst);
    }
}

#[test]
fn the_suite_runs_twice_as_many_tests_as_cores_unless_told() {
    let threads: usize = std::env::var("RUST_TEST_THREADS")
        .expect("set by the caller or before main")
        .parse()
        .expect("a number");
    if THREADS_CHOSEN_HERE.load(Ordering::SeqCst) {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        assert_eq!(threads, 2 * cores);
    }
    assert!(threads >= 1);
}
