//! Engine speed on one core: random playouts/s and actions/s per game and
//! player count (criterion). Each iteration plays a fixed batch of seeded
//! games; the throughput line is actions/s, time per iteration / batch size
//! gives the time per playout.
//!
//! Run: `cargo bench --bench engine`
//!
//! With `SATRAP_ENGINE_ROUNDS=n` it skips criterion and plays each row's
//! batch `n` times, printing actions per second of the thread's CPU time
//! beside the goal of 2 M actions/s per core (search bots spend their time
//! in these calls): on a shared machine that is steadier than criterion's
//! wall-clock time (time spent waiting for a core does not count), and
//! under `perf stat` it is a fixed amount of work. Arguments that do not
//! start with `-` keep only the rows whose name contains one of them
//! (`SATRAP_ENGINE_ROUNDS=50 cargo bench --bench engine -- "king_of_siam 3p"`).

use criterion::{Criterion, Throughput, criterion_group};
use satrap::arena::thread_cpu;
use satrap_catalog::alexandros::Alexandros;
use satrap_catalog::king_of_siam::KingOfSiam;
use satrap_catalog::ming_dynasty::MingDynasty;
use satrap_catalog::territories::Territories;
use satrap_engine::{Game, conformance::fast_playout};
use std::hint::black_box;

const BATCH: u64 = 20;

/// The goal for every row, in actions per second of one core.
const GOAL: f64 = 2e6;

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
            "{} {n}p: {:.1} actions per playout; goal {:.0} M actions/s (criterion's thrpt line, in elem/s)",
            G::ID,
            actions as f64 / BATCH as f64,
            GOAL / 1e6
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

/// One row in `SATRAP_ENGINE_ROUNDS` mode: the batch `rounds` times, for
/// each player count whose row name matches `filters` (all when empty).
fn rounds_row<G: Game>(rounds: u64, players: &[usize], filters: &[String]) {
    let options = G::Options::default();
    for &n in players {
        let row = format!("{} {n}p", G::ID);
        if !filters.is_empty() && !filters.iter().any(|f| row.contains(f.as_str())) {
            continue;
        }
        let start = thread_cpu();
        let mut actions = 0;
        for _ in 0..rounds {
            actions += (0..BATCH)
                .map(|s| fast_playout::<G>(black_box(&options), n, s))
                .sum::<usize>();
        }
        let cpu = thread_cpu() - start;
        let rate = actions as f64 / cpu.as_secs_f64();
        println!(
            "{row}: {actions} actions in {:.3} s of CPU: {:.3} M actions/s (goal {:.0} M: {})",
            cpu.as_secs_f64(),
            rate / 1e6,
            GOAL / 1e6,
            if rate >= GOAL {
                "reached"
            } else {
                "not reached"
            }
        );
    }
}

criterion_group!(benches, engines);

fn main() {
    if let Some(rounds) = std::env::var("SATRAP_ENGINE_ROUNDS")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
    {
        let filters: Vec<String> = std::env::args()
            .skip(1)
            .filter(|a| !a.starts_with('-'))
            .collect();
        rounds_row::<Alexandros>(rounds, &[2, 3, 4], &filters);
        rounds_row::<KingOfSiam>(rounds, &[2, 3, 4], &filters);
        rounds_row::<MingDynasty>(rounds, &[2, 3, 4], &filters);
        rounds_row::<Territories>(rounds, &[2], &filters);
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
