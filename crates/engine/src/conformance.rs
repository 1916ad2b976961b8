//! Game-independent checks of the [`Game`] contract, shared by every game's
//! property tests: random playouts to the end with `legal_actions`/`apply`
//! agreement both ways, notation round trips, atomic rejection, replay
//! determinism, and a hook for each game's own invariants and view checks.
//!
//! These live in the library (not under `tests/`) so every game's tests and
//! the benchmarks drive games the same way.

use super::{Game, GameRng, Seat};

/// One action of a recorded playout.
#[derive(Debug, Clone)]
pub struct Step<G: Game> {
    pub seat: Seat,
    pub action: G::Action,
    pub notation: String,
}

/// A finished random playout: the seed, the log and the final state.
#[derive(Debug, Clone)]
pub struct Playout<G: Game> {
    pub seed: u64,
    pub players: usize,
    pub steps: Vec<Step<G>>,
    pub final_state: G::State,
}

/// A generator of arbitrary, possibly illegal actions for a state.
pub type CandidateFn<'a, G> =
    &'a dyn Fn(&<G as Game>::State, &mut GameRng) -> Vec<<G as Game>::Action>;

/// What a playout checks besides the contract itself.
pub struct Checks<'a, G: Game> {
    /// The game's invariants, asserted after setup and every action
    /// (return `Err` with a description to fail).
    pub invariants: &'a dyn Fn(&G::State) -> Result<(), String>,
    /// Arbitrary, possibly illegal actions to try: each one must be accepted
    /// by `apply` exactly when `legal_actions` lists it.
    pub candidates: CandidateFn<'a, G>,
    /// Checks of the views (e.g. no hidden information of other seats).
    pub views: &'a dyn Fn(&G::State) -> Result<(), String>,
    /// Check every listed legal action (apply on a clone) only while the list
    /// is at most this long; longer lists are sampled.
    pub exhaustive_limit: usize,
}

/// Play one game to the end with uniformly random legal actions, checking
/// the whole contract after every step. `Err` describes the first failure.
pub fn random_playout<G: Game>(
    options: &G::Options,
    players: usize,
    seed: u64,
    max_actions: usize,
    checks: &Checks<'_, G>,
) -> Result<Playout<G>, String> {
    let mut state = G::new_game(options, players, seed).map_err(|e| e.to_string())?;
    let mut rng = GameRng::from_seed(seed ^ 0x9E37_79B9_7F4A_7C15);
    let mut steps: Vec<Step<G>> = Vec::new();
    // The game is listed and played through the `_into` forms, with
    // buffers that still hold the previous step's lists; every eighth step
    // they are compared with the `Vec` forms (fresh lists), which would
    // show a buffer not cleared first. (Comparing on every step cost a
    // third more of the property suites' time.)
    let mut seats_buffer = vec![Seat::MAX];
    let mut actions_buffer: Vec<G::Action> = Vec::new();
    let mut events_buffer: Vec<G::Event> = Vec::new();
    let fail = |steps: &Vec<Step<G>>, msg: String| -> String {
        format!(
            "seed {seed}, {players} players, after {} actions: {msg}",
            steps.len()
        )
    };
    (checks.invariants)(&state).map_err(|m| fail(&steps, m))?;
    loop {
        (checks.views)(&state).map_err(|m| fail(&steps, m))?;
        let to_act = G::to_act(&state);
        G::to_act_into(&state, &mut seats_buffer);
        if seats_buffer != to_act {
            return Err(fail(
                &steps,
                format!("to_act_into wrote {seats_buffer:?}, to_act says {to_act:?}"),
            ));
        }
        if to_act.is_empty() {
            if G::outcome(&state).is_none() {
                return Err(fail(
                    &steps,
                    "nobody is to act but the game has no outcome".into(),
                ));
            }
            for s in 0..players {
                if !G::legal_actions(&state, s).is_empty() {
                    return Err(fail(
                        &steps,
                        format!("game over but seat {s} has legal actions"),
                    ));
                }
            }
            break;
        }
        if G::outcome(&state).is_some() {
            return Err(fail(
                &steps,
                "game has an outcome but seats are to act".into(),
            ));
        }
        if steps.len() >= max_actions {
            return Err(fail(&steps, format!("no end after {max_actions} actions")));
        }
        // Seats not to act have nothing legal, and their attempts are rejected.
        let compare = steps.len() % 8 == 0;
        let mut lists: Vec<Vec<G::Action>> = Vec::with_capacity(players);
        for s in 0..players {
            G::legal_actions_into(&state, s, &mut actions_buffer);
            let legal = actions_buffer.clone();
            if compare && G::legal_actions(&state, s) != legal {
                return Err(fail(
                    &steps,
                    format!("seat {s}: legal_actions_into disagrees with legal_actions"),
                ));
            }
            if to_act.contains(&s) == legal.is_empty() {
                return Err(fail(
                    &steps,
                    format!(
                        "seat {s}: to_act={to_act:?} but {} legal actions",
                        legal.len()
                    ),
                ));
            }
            lists.push(legal);
        }
        // The rejections below are tried on the state itself and compared
        // with this copy (one copy a step, not one a candidate: copying the
        // state was most of a property suite's time); an accepted candidate
        // is undone from it.
        let before = state.clone();
        for s in 0..players {
            if to_act.contains(&s) {
                continue;
            }
            for other in to_act.iter().flat_map(|t| lists[*t].iter()).take(3) {
                let rejected = G::apply(&mut state, s, other);
                if rejected.is_ok() {
                    return Err(fail(
                        &steps,
                        format!("seat {s} not to act, yet {other:?} was accepted"),
                    ));
                }
                if state != before {
                    return Err(fail(
                        &steps,
                        format!("rejected {other:?} of seat {s} changed the state"),
                    ));
                }
            }
        }
        let seat = to_act[rng.index(to_act.len())];
        let legal = &lists[seat];
        // Every listed action is accepted and round-trips through notation.
        let sample: Vec<&G::Action> = if legal.len() <= checks.exhaustive_limit {
            legal.iter().collect()
        } else {
            (0..checks.exhaustive_limit)
                .map(|_| &legal[rng.index(legal.len())])
                .collect()
        };
        for a in sample {
            let text = G::format_action(&state, a);
            match G::parse_action(&state, &text) {
                Ok(back) if &back == a => {}
                Ok(back) => {
                    return Err(fail(
                        &steps,
                        format!("notation {text:?} parses to {back:?}, not {a:?}"),
                    ));
                }
                Err(e) => return Err(fail(&steps, format!("notation of listed {a:?}: {e}"))),
            }
            let mut probe = state.clone();
            if let Err(e) = G::apply(&mut probe, seat, a) {
                return Err(fail(&steps, format!("listed action {text} rejected: {e}")));
            }
        }
        // Every candidate outside the list is rejected without any change.
        for c in (checks.candidates)(&state, &mut rng) {
            let listed = legal.contains(&c);
            match (
                listed,
                G::apply_into(&mut state, seat, &c, &mut events_buffer),
            ) {
                (true, Err(e)) => return Err(fail(&steps, format!("listed {c:?} rejected: {e}"))),
                (false, Ok(())) => return Err(fail(&steps, format!("unlisted {c:?} accepted"))),
                (false, Err(_)) if state != before || !events_buffer.is_empty() => {
                    return Err(fail(
                        &steps,
                        format!("rejected {c:?} changed the state or left events"),
                    ));
                }
                (true, Ok(())) => state = before.clone(),
                (false, Err(_)) => {}
            }
        }
        let action = legal[rng.index(legal.len())].clone();
        let notation = G::format_action(&state, &action);
        let fresh = compare.then(|| {
            let mut fresh = state.clone();
            (G::apply(&mut fresh, seat, &action), fresh)
        });
        G::apply_into(&mut state, seat, &action, &mut events_buffer)
            .map_err(|e| fail(&steps, format!("{notation}: {e}")))?;
        if let Some((events, fresh)) = fresh
            && (events.as_ref().ok() != Some(&events_buffer) || fresh != state)
        {
            return Err(fail(
                &steps,
                format!("{notation}: apply_into disagrees with apply"),
            ));
        }
        steps.push(Step {
            seat,
            action,
            notation,
        });
        (checks.invariants)(&state).map_err(|m| fail(&steps, m))?;
    }
    Ok(Playout {
        seed,
        players,
        steps,
        final_state: state,
    })
}

/// Replay a playout from its seed, once with the typed actions and once by
/// parsing the notation, and require the identical final state.
pub fn check_replay<G: Game>(options: &G::Options, playout: &Playout<G>) -> Result<(), String> {
    let new = || G::new_game(options, playout.players, playout.seed).map_err(|e| e.to_string());
    let mut typed = new()?;
    let mut parsed = new()?;
    for (i, step) in playout.steps.iter().enumerate() {
        G::apply(&mut typed, step.seat, &step.action)
            .map_err(|e| format!("replay step {i}: {e}"))?;
        let action = G::parse_action(&parsed, &step.notation)
            .map_err(|e| format!("replay step {i}: {e}"))?;
        G::apply(&mut parsed, step.seat, &action).map_err(|e| format!("replay step {i}: {e}"))?;
    }
    if typed != playout.final_state || parsed != playout.final_state {
        return Err(format!(
            "seed {}: replay does not reproduce the final state",
            playout.seed
        ));
    }
    Ok(())
}

/// Play random games without checks (benchmarks): returns actions applied.
pub fn fast_playout<G: Game>(options: &G::Options, players: usize, seed: u64) -> usize {
    let Ok(mut state) = G::new_game(options, players, seed) else {
        return 0;
    };
    let mut rng = GameRng::from_seed(seed ^ 0x5851_F42D_4C95_7F2D);
    // One buffer each for the whole playout, as the search bots' playouts
    // keep them (`Game::to_act_into`).
    let (mut to_act, mut legal, mut events) = (Vec::new(), Vec::new(), Vec::new());
    let mut n = 0;
    loop {
        G::to_act_into(&state, &mut to_act);
        if to_act.is_empty() {
            return n;
        }
        let seat = to_act[rng.index(to_act.len())];
        G::legal_actions_into(&state, seat, &mut legal);
        if legal.is_empty() {
            return n;
        }
        let action = &legal[rng.index(legal.len())];
        if G::apply_into(&mut state, seat, action, &mut events).is_err() {
            return n;
        }
        n += 1;
    }
}
