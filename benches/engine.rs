//! Engine speed on one core: random playouts/s and actions/s per game and
//! player count (criterion). Each iteration plays a fixed batch of seeded
//! games; the throughput line is actions/s, time per iteration / batch size
//! gives the time per playout.
//!
//! Run: `cargo bench --bench engine`
//!
//! With `SATRAP_ENGINE_ROUNDS=n` it skips criterion and plays each row's
//! batch `n` times, printing actions per second of the thread's CPU time:
//! on a shared machine that is steadier than criterion's wall-clock time
//! (time spent waiting for a core does not count), and under `perf stat` it
//! is a fixed amount of work.

use criterion::{Criterion, Throughput, criterion_group};
use satrap_catalog::alexandros::Alexandros;
use satrap_catalog::king_of_siam::KingOfSiam;
use satrap_catalog::ming_dynasty::MingDynasty;
use satrap_catalog::territories::Territories;
use satrap_engine::{Game, conformance::fast_playout};
use std::hint::black_box;
use std::time::Duration;

const BATCH: u64 = 20;

fn bench_game<G: Game>(c: &mut Criterion, players: &[usize]) {
    let options = G::Options::default();
    let mut group = c.benchmark_group(format!("{}_random_playouts", G::ID));
    for &n in players {
        let actions: usize = (0..BATCH).map(|s| fast_playout::<G>(&options, n, s)).sum();
        group.throughput(Throughput::Elements(actions as u64));
        group.bench_function(format!("{n}p_batch_of_{BATCH}"), |b| {
            b.iter(|| {
                (0..BATCH)
                    .map(|s| fast_playout::<G>(black_box(&options), n, s))
                    .sum::<usize>()
            })
        });
        eprintln!(
            "{} {n}p: {:.1} actions per playout",
            G::ID,
            actions as f64 / BATCH as f64
        );
    }
    group.finish();
}

fn engines(c: &mut Criterion) {
    bench_game::<Alexandros>(c, &[2, 3, 4]);
    bench_game::<KingOfSiam>(c, &[2, 3, 4]);
    bench_game::<MingDynasty>(c, &[2, 3, 4]);
    bench_game::<Territories>(c, &[2]);
}

/// CPU time of the calling thread (not counting time spent waiting for a core).
fn thread_cpu_time() -> Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid, writable timespec for the call's duration.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

/// One row in `SATRAP_ENGINE_ROUNDS` mode: the batch `rounds` times.
fn rounds_row<G: Game>(rounds: u64, players: &[usize]) {
    let options = G::Options::default();
    for &n in players {
        let start = thread_cpu_time();
        let mut actions = 0;
        for _ in 0..rounds {
            actions += (0..BATCH)
                .map(|s| fast_playout::<G>(black_box(&options), n, s))
                .sum::<usize>();
        }
        let cpu = thread_cpu_time() - start;
        println!(
            "{} {n}p: {actions} actions in {:.3} s of CPU: {:.3} M actions/s",
            G::ID,
            cpu.as_secs_f64(),
            actions as f64 / cpu.as_secs_f64() / 1e6
        );
    }
}

criterion_group!(benches, engines);

fn main() {
    if let Some(rounds) = std::env::var("SATRAP_ENGINE_ROUNDS")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
    {
        rounds_row::<Alexandros>(rounds, &[2, 3, 4]);
        rounds_row::<KingOfSiam>(rounds, &[2, 3, 4]);
        rounds_row::<MingDynasty>(rounds, &[2, 3, 4]);
        rounds_row::<Territories>(rounds, &[2]);
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
