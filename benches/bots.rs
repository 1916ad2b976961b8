//! Time of one bot decision per game and player count, on one core
//! (criterion). The position: a seeded game moved 20 random moves in, then
//! on until the seat to act has a choice. Rows per position:
//! * `playout`: one random playout from the position (the baseline: an
//!   `mcts` iteration is one playout plus sampling and tree work);
//! * `mcts-easy`, `mcts`, `mcts-hard`: one decision of the built-in bot,
//!   without a deadline (its whole iteration budget).
//!
//! Run: `cargo bench --bench bots` (add a filter such as `territories` to
//! run one game).

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use satrap_catalog::{self as games, GameInstance};
use satrap_engine::GameRng;
use satrap_search as bots;

/// A position where the seat to act has more than one legal move.
fn position(game: &str, players: usize, seed: u64) -> (Box<dyn GameInstance>, usize) {
    let kind = games::find(game).expect("registered");
    let mut g = kind.create(None, players, seed).expect("create");
    let mut rng = GameRng::from_seed(seed);
    let mut moved = 0;
    loop {
        let seat = *g.to_act().first().expect("game still running");
        let n = g.legal_count(seat);
        if moved >= 20 && n > 1 {
            return (g, seat);
        }
        g.apply_legal(seat, rng.index(n)).expect("legal");
        moved += 1;
    }
}

fn decisions(c: &mut Criterion) {
    let far = || Instant::now() + Duration::from_secs(3600);
    let cases = [
        ("king_of_siam", 2),
        ("king_of_siam", 3),
        ("king_of_siam", 4),
        ("alexandros", 2),
        ("alexandros", 3),
        ("ming_dynasty", 2),
        ("ming_dynasty", 3),
        ("territories", 2),
    ];
    for (game, players) in cases {
        let (g, seat) = position(game, players, 3);
        let mut group = c.benchmark_group(format!("decision_{game}_{players}p"));
        group.sample_size(10);
        group.bench_function("playout", |b| {
            let mut rng = GameRng::from_seed(1);
            b.iter(|| black_box(g.position().rollout(&mut rng, 50_000)))
        });
        for name in ["mcts-easy", "mcts", "mcts-hard"] {
            let bot = bots::find(name).expect("built-in");
            group.bench_function(name, |b| {
                let mut rng = GameRng::from_seed(2);
                b.iter(|| black_box(bot.choose(g.position(), seat, &mut rng, far())))
            });
        }
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_secs(1));
    targets = decisions
}
criterion_main!(benches);
