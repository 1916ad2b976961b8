//! Engine speed on one core: random playouts/s and actions/s per game and
//! player count (criterion). Each iteration plays a fixed batch of seeded
//! games; the throughput line is actions/s, time per iteration / batch size
//! gives the time per playout.
//!
//! Run: `cargo bench --bench engine`

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use satrap::engine::{Game, conformance::fast_playout};
use satrap::games::alexandros::Alexandros;
use satrap::games::king_of_siam::KingOfSiam;
use satrap::games::ming_dynasty::MingDynasty;
use satrap::games::territories::Territories;
use std::hint::black_box;

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

criterion_group!(benches, engines);
criterion_main!(benches);
