//! Information-set Monte Carlo tree search (single-observer ISMCTS, after
//! Cowling, Powley & Whitehouse 2012), generic over [`Game`].
//!
//! Every iteration samples a fresh world from the searching seat's view
//! (`Game::determinize`: hidden cards dealt anew from what the seat cannot
//! have seen, piles shuffled, generator reseeded), walks one shared tree in
//! it, adds one node, finishes the game with random moves and credits each
//! move on the way with the result of the seat that made it. Because the
//! tree is shared by all worlds, its statistics average over what the seat
//! does not know instead of trusting one guess.
//!
//! Two details make a tree usable across worlds whose legal moves differ
//! (another seat's hand differs from world to world):
//! * children are keyed by (seat, action), and a node only considers the
//!   children legal in the current world;
//! * UCB uses each child's *availability* (how often it was legal when its
//!   parent was visited) instead of the parent's visits, so a move that is
//!   rarely possible is not over-explored.
//!
//! Where the game estimates positions (`Game::evaluate`), the playouts are
//! informed: each playout move is the better of two random legal moves by
//! that estimate (see [`playout_move`]); elsewhere they are uniformly random.
//!
//! The search sees the real state only through [`Worlds`], whose one method
//! is the game's sampler: it cannot read hidden cards.

use std::collections::HashMap;
use std::time::Instant;

use satrap_engine::{Game, GameRng, Seat};

/// How much one decision may search. Iterations, not time, so the strength
/// of a bot does not depend on the machine; the caller's deadline caps the
/// time on top.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Budget {
    /// Sampled worlds, one descent and one playout each.
    pub iterations: u32,
    /// UCB1 exploration constant (results are in `[0, 1]`).
    pub exploration: f64,
    /// Cap on the moves of one random playout (a safety net: every game
    /// ends by its own turn limit).
    pub max_playout: usize,
    /// Stop a playout once `Game::progress` has advanced by this much and
    /// score it with `Game::evaluate` (where the game offers one); 0: play
    /// every playout to the end.
    pub horizon: u32,
    /// Weight of progressive bias (Chaslot et al. 2008): a move's UCB value
    /// gets `bias * h / (visits + 1)`, where `h` is the game's estimate
    /// (`Game::evaluate`) of the mover's result just after the move, taken
    /// in the world where the move was first tried. The estimate guides
    /// the first visits and fades as real results accumulate. 0: off (and
    /// always off in games without an estimate).
    pub bias: f64,
    /// Stop after the iteration in which the work of this decision in
    /// moves ([`SearchStats::moves`]: descents, playouts and the informed
    /// playouts' candidate moves) reaches this many; 0: no cap. The
    /// level's work cap (`SearchTuning::max_moves`): deterministic, unlike
    /// the deadline.
    pub max_moves: u64,
}

/// The search's only access to the real game: worlds sampled from `seat`'s
/// view. It keeps the state private and offers nothing but the sampler.
pub struct Worlds<'a, G: Game> {
    state: &'a G::State,
    seat: Seat,
}

impl<'a, G: Game> Worlds<'a, G> {
    pub fn new(state: &'a G::State, seat: Seat) -> Self {
        Self { state, seat }
    }

    /// The seat whose information the worlds respect.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// A new world consistent with the seat's view.
    pub fn sample(&self, rng: &mut GameRng) -> G::State {
        G::determinize(self.state, self.seat, rng)
    }
}

/// One move out of a node.
struct Edge<A> {
    seat: Seat,
    action: A,
    child: usize,
    visits: u32,
    /// Times this move was legal when its parent was visited.
    available: u32,
    /// Sum of the results of `seat` over the visits.
    reward: f64,
    /// The game's estimate of `seat`'s result right after the move
    /// (progressive bias; 0 when the budget has none).
    prior: f64,
}

/// A node of the shared tree: an information set reached by a sequence of
/// moves from the root.
struct Node<A> {
    edges: Vec<Edge<A>>,
    /// (seat, action) -> position in `edges`.
    index: HashMap<(Seat, A), usize>,
}

impl<A> Node<A> {
    fn new() -> Self {
        Self {
            edges: Vec::new(),
            index: HashMap::new(),
        }
    }
}

/// What a search did (for the arena's figures and the benchmark).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchStats {
    pub iterations: u32,
    /// Moves simulated in all (descents and playouts), plus each candidate
    /// move an informed playout tried on a copy ([`playout_move`]): the
    /// work the cap [`Budget::max_moves`] counts.
    pub moves: u64,
    /// The work cap ([`Budget::max_moves`]) stopped the search before its
    /// iterations were spent.
    pub cut_by_moves: bool,
    /// The deadline stopped the search before its budget was spent.
    pub cut_by_deadline: bool,
}

/// The move of `worlds.seat()` with the most visits after the search, or
/// `None` when the seat has no legal move.
pub fn search<G: Game>(
    worlds: &Worlds<'_, G>,
    budget: &Budget,
    rng: &mut GameRng,
    deadline: Instant,
) -> (Option<G::Action>, SearchStats) {
    let seat = worlds.seat();
    let mut tree: Vec<Node<G::Action>> = vec![Node::new()];
    let mut stats = SearchStats::default();
    let mut path: Vec<(usize, usize)> = Vec::new();
    // Whether the game estimates positions, so the playouts can be
    // informed: asked of the first world (every world has the same rules).
    let mut informed = None;
    for _ in 0..budget.iterations {
        if Instant::now() >= deadline {
            stats.cut_by_deadline = true;
            break;
        }
        if budget.max_moves > 0 && stats.moves >= budget.max_moves {
            stats.cut_by_moves = true;
            break;
        }
        stats.iterations += 1;
        let mut world = worlds.sample(rng);
        let informed = *informed.get_or_insert_with(|| G::evaluate(&world).is_some());
        path.clear();
        descend::<G>(&mut tree, &mut world, seat, budget, rng, &mut path);
        stats.moves += path.len() as u64;
        let Some(scores) = playout::<G>(
            &mut world,
            budget,
            informed,
            rng,
            deadline,
            &mut stats.moves,
        ) else {
            // Out of time within a playout: this iteration does not count.
            stats.cut_by_deadline = true;
            break;
        };
        for &(node, edge) in &path {
            let e = &mut tree[node].edges[edge];
            e.visits += 1;
            e.reward += scores.get(e.seat).copied().unwrap_or(0.0);
        }
    }
    let best = tree[0]
        .edges
        .iter()
        .filter(|e| e.seat == seat)
        .max_by(|a, b| a.visits.cmp(&b.visits).then(mean(a).total_cmp(&mean(b))))
        .map(|e| e.action.clone());
    let best = best.or_else(|| {
        // No iteration ran (deadline already passed): any legal move.
        let legal = G::legal_actions(&worlds.sample(rng), seat);
        (!legal.is_empty()).then(|| legal[rng.index(legal.len())].clone())
    });
    (best, stats)
}

fn mean<A>(e: &Edge<A>) -> f64 {
    if e.visits == 0 {
        0.0
    } else {
        e.reward / f64::from(e.visits)
    }
}

/// Selection and expansion in one world: follow UCB while every legal move
/// of the node has been tried, then add one untried move (or stop where
/// the game ends). The moves taken are pushed on `path`.
fn descend<G: Game>(
    tree: &mut Vec<Node<G::Action>>,
    world: &mut G::State,
    seat: Seat,
    budget: &Budget,
    rng: &mut GameRng,
    path: &mut Vec<(usize, usize)>,
) {
    let mut node = 0;
    loop {
        let to_act = G::to_act(world);
        if to_act.is_empty() {
            return;
        }
        // The root is the searching seat's decision; deeper, where several
        // seats act at once, any of them may move first.
        let actor = if node == 0 && to_act.contains(&seat) {
            seat
        } else {
            to_act[rng.index(to_act.len())]
        };
        let legal = G::legal_actions(world, actor);
        if legal.is_empty() {
            return;
        }
        let mut untried = Vec::new();
        let mut known = Vec::with_capacity(legal.len());
        for (i, action) in legal.iter().enumerate() {
            match tree[node].index.get(&(actor, action.clone())) {
                Some(&e) => {
                    tree[node].edges[e].available += 1;
                    known.push(e);
                }
                None => untried.push(i),
            }
        }
        if !untried.is_empty() {
            let pick = untried[rng.index(untried.len())];
            let action = legal[pick].clone();
            if G::apply(world, actor, &action).is_err() {
                return;
            }
            let prior = if budget.bias > 0.0 {
                G::evaluate_seat(world, actor).unwrap_or(0.0)
            } else {
                0.0
            };
            let child = tree.len();
            tree.push(Node::new());
            let edges = &mut tree[node];
            let e = edges.edges.len();
            edges.index.insert((actor, action.clone()), e);
            edges.edges.push(Edge {
                seat: actor,
                action,
                child,
                visits: 0,
                available: 1,
                reward: 0.0,
                prior,
            });
            path.push((node, e));
            return;
        }
        let edges = &tree[node].edges;
        let Some(&e) = known
            .iter()
            .max_by(|&&a, &&b| ucb(&edges[a], budget).total_cmp(&ucb(&edges[b], budget)))
        else {
            return;
        };
        let (action, child) = (edges[e].action.clone(), edges[e].child);
        if G::apply(world, actor, &action).is_err() {
            return;
        }
        path.push((node, e));
        node = child;
    }
}

/// UCB1 with availability in place of the parent's visits, plus the
/// fading progressive bias.
fn ucb<A>(e: &Edge<A>, budget: &Budget) -> f64 {
    let n = f64::from(e.visits.max(1));
    mean(e)
        + budget.exploration * (f64::from(e.available.max(1)).ln() / n).sqrt()
        + budget.bias * e.prior / (f64::from(e.visits) + 1.0)
}

/// Playout moves ([`playout_move`]: informed where the game estimates
/// positions, else random) until the game ends, or until it has advanced by
/// the budget's horizon where the game can estimate the rest; each seat's
/// result in `[0, 1]`. A world where a seat to act has no move, or a playout cut by
/// the cap, scores nobody (rare; it only dilutes that branch's average).
/// `None` when the deadline passed (checked every few hundred moves: long
/// games such as Territories take a millisecond or more per playout).
fn playout<G: Game>(
    world: &mut G::State,
    budget: &Budget,
    informed: bool,
    rng: &mut GameRng,
    deadline: Instant,
    moves: &mut u64,
) -> Option<Vec<f64>> {
    let stop = (budget.horizon > 0).then(|| G::progress(world).saturating_add(budget.horizon));
    // One buffer each for the whole playout: a step allocates nothing.
    let (mut to_act, mut legal, mut events) = (Vec::new(), Vec::new(), Vec::new());
    for step in 0..budget.max_playout {
        if step % 256 == 255 && Instant::now() >= deadline {
            return None;
        }
        if stop.is_some_and(|stop| G::progress(world) >= stop) {
            if let Some(estimate) = G::evaluate(world) {
                return Some(estimate);
            }
        }
        G::to_act_into(world, &mut to_act);
        if to_act.is_empty() {
            break;
        }
        let actor = to_act[rng.index(to_act.len())];
        G::legal_actions_into(world, actor, &mut legal);
        if legal.is_empty() {
            return Some(Vec::new());
        }
        let pick = if informed {
            playout_move::<G>(world, actor, &legal, rng, moves)
        } else {
            rng.index(legal.len())
        };
        if G::apply_into(world, actor, &legal[pick], &mut events).is_err() {
            return Some(Vec::new());
        }
        *moves += 1;
    }
    Some(
        G::outcome(world)
            .map(|o| o.search_scores(o.results.len()))
            .unwrap_or_default(),
    )
}

/// Candidate moves an informed playout compares (see [`playout_move`]).
const PLAYOUT_CANDIDATES: usize = 2;

/// The informed playout policy: of [`PLAYOUT_CANDIDATES`] legal moves drawn
/// at random (with replacement), the one after which the game's estimate
/// of `actor`'s result is highest; the index of that move in `legal`
/// (which must not be empty).
///
/// Why: uniformly random playouts model players who throw their moves
/// away. In King of Siam a random player plays a card on most turns (a
/// pass is one option among its card types) and takes a random follower,
/// so a playout burns the hands within one struggle and decides the
/// province almost by chance; two random moves judged by the estimate
/// (a tournament of two, cheap and still random enough to explore) keep
/// cards for later and take the followers that matter. Where two candidates
/// tie, or an estimate is missing, the first drawn stays. Each candidate
/// tried on a copy counts as one move of work (`moves`), so the level's
/// work cap also bounds the dearer playouts.
fn playout_move<G: Game>(
    world: &G::State,
    actor: Seat,
    legal: &[G::Action],
    rng: &mut GameRng,
    moves: &mut u64,
) -> usize {
    let mut best: Option<(usize, f64)> = None;
    for _ in 0..PLAYOUT_CANDIDATES {
        let i = rng.index(legal.len());
        if best.is_some_and(|(b, _)| b == i) {
            continue;
        }
        let mut next = world.clone();
        *moves += 1;
        let value = match G::apply(&mut next, actor, &legal[i]) {
            Ok(_) => G::evaluate_seat(&next, actor).unwrap_or(f64::MIN),
            Err(_) => f64::MIN,
        };
        if best.is_none_or(|(_, b)| value > b) {
            best = Some((i, value));
        }
    }
    best.map_or(0, |(i, _)| i)
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::{Budget, Worlds, playout, playout_move, search};
    use satrap_engine::{Game, GameRng};
    use satrap_games::king_of_siam::{KingOfSiam, Options, heuristic};

    fn budget(horizon: u32) -> Budget {
        Budget {
            iterations: 1,
            exploration: 1.0,
            max_playout: 20_000,
            horizon,
            bias: 0.0,
            max_moves: 0,
        }
    }

    fn later() -> Instant {
        Instant::now() + Duration::from_secs(60)
    }

    #[test]
    fn a_horizon_stops_the_playout_where_progress_advanced_and_uses_the_estimate() {
        for seed in 0..20 {
            let start = KingOfSiam::new_game(&Options::default(), 2, seed).expect("setup");
            let mut world = start.clone();
            let mut rng = GameRng::from_seed(seed);
            let scores =
                playout::<KingOfSiam>(&mut world, &budget(1), true, &mut rng, later(), &mut 0)
                    .expect("no deadline");
            if world.over {
                // The game ended within the first struggle (the British).
                continue;
            }
            // KS-9: the first struggle was resolved, and nothing more.
            assert_eq!(
                KingOfSiam::progress(&world),
                KingOfSiam::progress(&start) + 1
            );
            assert_eq!(scores, heuristic::evaluate(&world));
        }
    }

    #[test]
    fn a_territories_playout_stops_after_the_horizon_in_turns() {
        use satrap_games::territories::{self, Territories};
        for seed in 0..10 {
            let start =
                Territories::new_game(&territories::Options::default(), 2, seed).expect("setup");
            let mut world = start.clone();
            let mut rng = GameRng::from_seed(seed);
            let scores =
                playout::<Territories>(&mut world, &budget(4), true, &mut rng, later(), &mut 0)
                    .expect("no deadline");
            if Territories::outcome(&world).is_some() {
                continue;
            }
            // TR-33: four turns ended, and no more moves were played.
            assert_eq!(
                Territories::progress(&world),
                Territories::progress(&start) + 4
            );
            assert_eq!(scores, territories::heuristic::evaluate(&world));
        }
    }

    #[test]
    fn a_strong_progressive_bias_spends_the_spare_visit_on_the_best_estimate() {
        // King of Siam hides nothing, so every world has the seat's legal
        // moves: k iterations try each root move once, and the one more
        // goes where the estimate after the move is best (the bias
        // outweighs any result and exploration term).
        for seed in 0..6 {
            let state = KingOfSiam::new_game(&Options::default(), 2, seed).expect("setup");
            let seat = KingOfSiam::to_act(&state)[0];
            let legal = KingOfSiam::legal_actions(&state, seat);
            let estimate = |action: &_| {
                let mut after = state.clone();
                KingOfSiam::apply(&mut after, seat, action).expect("legal");
                heuristic::evaluate(&after)[seat]
            };
            let best = legal.iter().map(estimate).fold(f64::MIN, f64::max);
            let budget = Budget {
                iterations: legal.len() as u32 + 1,
                bias: 1e6,
                ..budget(1)
            };
            let worlds = Worlds::<KingOfSiam>::new(&state, seat);
            let mut rng = GameRng::from_seed(seed);
            let (chosen, _) = search(&worlds, &budget, &mut rng, later());
            assert_eq!(estimate(&chosen.expect("a move")), best, "seed {seed}");
        }
    }

    /// The informed playout policy always answers with one of the legal
    /// moves, and of two moves it plays the one the estimate prefers for
    /// the mover three times in four (it loses only when both draws are
    /// the worse move): uniform play would be one in two. Checked on King
    /// of Siam positions along random games, 2 to 4 players, with the two
    /// legal moves whose estimates differ most.
    #[test]
    fn informed_playout_moves_are_legal_and_prefer_the_better_estimate() {
        let mut compared = 0;
        for players in 2..=4 {
            let mut state = KingOfSiam::new_game(&Options::default(), players, 5).expect("setup");
            let mut rng = GameRng::from_seed(players as u64);
            while let Some(&seat) = KingOfSiam::to_act(&state).first() {
                let legal = KingOfSiam::legal_actions(&state, seat);
                let estimate = |i: usize| {
                    let mut after = state.clone();
                    KingOfSiam::apply(&mut after, seat, &legal[i]).expect("legal");
                    heuristic::evaluate(&after)[seat]
                };
                let mut work = 0;
                for _ in 0..20 {
                    let i = playout_move::<KingOfSiam>(&state, seat, &legal, &mut rng, &mut work);
                    assert!(i < legal.len());
                }
                // One or two candidates tried on a copy per move.
                assert!((20..=40).contains(&work), "{work}");
                let values: Vec<f64> = (0..legal.len()).map(estimate).collect();
                let worst = (0..legal.len()).min_by(|&a, &b| values[a].total_cmp(&values[b]));
                let best = (0..legal.len()).max_by(|&a, &b| values[a].total_cmp(&values[b]));
                if let (Some(worst), Some(best)) = (worst, best) {
                    if values[best] - values[worst] > 1e-9 {
                        let pair = [legal[worst].clone(), legal[best].clone()];
                        let trials = 400;
                        let better = (0..trials)
                            .filter(|_| {
                                playout_move::<KingOfSiam>(&state, seat, &pair, &mut rng, &mut 0)
                                    == 1
                            })
                            .count();
                        let share = better as f64 / f64::from(trials);
                        assert!((0.65..=0.85).contains(&share), "{share} {players}p");
                        compared += 1;
                    }
                }
                let action = legal[rng.index(legal.len())].clone();
                KingOfSiam::apply(&mut state, seat, &action).expect("legal");
            }
        }
        assert!(compared > 10, "{compared}");
    }

    #[test]
    fn without_a_horizon_the_playout_reaches_the_end() {
        let mut world = KingOfSiam::new_game(&Options::default(), 3, 4).expect("setup");
        let mut rng = GameRng::from_seed(4);
        let scores = playout::<KingOfSiam>(&mut world, &budget(0), true, &mut rng, later(), &mut 0)
            .expect("no deadline");
        assert!(world.over);
        let outcome = KingOfSiam::outcome(&world).expect("over");
        assert_eq!(scores, outcome.search_scores(3));
    }

    #[test]
    fn playouts_with_a_horizon_are_reproducible_from_the_seed() {
        let start = KingOfSiam::new_game(&Options::default(), 4, 7).expect("setup");
        let run = || {
            let mut world = start.clone();
            let mut rng = GameRng::from_seed(99);
            playout::<KingOfSiam>(&mut world, &budget(2), true, &mut rng, later(), &mut 0)
        };
        assert_eq!(run(), run());
    }

    /// The work cap stops a search after the iteration in which its moves
    /// reached the cap, the same way on every run (no clock involved), and
    /// the moves counted are those of the iterations that ran.
    #[test]
    fn the_move_cap_stops_the_search_reproducibly() {
        let state = KingOfSiam::new_game(&Options::default(), 2, 7).expect("setup");
        let seat = KingOfSiam::to_act(&state)[0];
        let worlds = Worlds::<KingOfSiam>::new(&state, seat);
        let run = |max_moves: u64| {
            let budget = Budget {
                iterations: 400,
                max_moves,
                ..budget(0)
            };
            search(&worlds, &budget, &mut GameRng::from_seed(3), later())
        };
        let (_, full) = run(0);
        assert_eq!(full.iterations, 400);
        assert!(!full.cut_by_moves);
        let cap = full.moves / 4;
        let (first, capped) = run(cap);
        assert!(capped.cut_by_moves);
        assert!(capped.iterations < 400, "{capped:?}");
        assert!(capped.moves >= cap, "{capped:?}");
        // One iteration less would not have reached the cap.
        let (_, fewer) = search(
            &worlds,
            &Budget {
                iterations: capped.iterations - 1,
                ..budget(0)
            },
            &mut GameRng::from_seed(3),
            later(),
        );
        assert!(fewer.moves < cap, "{fewer:?} {capped:?}");
        let (again, repeat) = run(cap);
        assert_eq!((first, capped), (again, repeat));
    }
}
