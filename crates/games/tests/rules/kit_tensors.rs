//! The bot kit's engine half: fixed action ids and observation
//! tensors, checked over random playouts of every game and player count.
//!
//! Action ids: in every state every legal action's id is in
//! `[0, num_distinct_actions)`, ids are unique among the legal actions, the
//! id's block is named after the action's notation keyword (so
//! docs/action-ids.md, generated from the blocks, describes the real
//! actions), id -> action -> id round-trips through the legal list, and a
//! replay of the same log gives the same ids. The documentation holds each
//! game's generated table.
//!
//! Observations: every viewer's tensor has the game's fixed length in every
//! state, holds only finite numbers, and never depends on what the viewer
//! cannot see: worlds sampled by `Game::determinize` for a seat (its hidden
//! information dealt anew) give that seat the identical tensor. The layout in
//! docs/observations.md is the generated one.

use std::collections::HashSet;

use satrap_engine::tensor::observation;
use satrap_engine::{Game, GameRng, Seat};
use satrap_games::alexandros::Alexandros;
use satrap_games::king_of_siam::KingOfSiam;
use satrap_games::ming_dynasty::{MingDynasty, Phase as MdPhase, ReturnCards, State as MdState};
use satrap_games::territories::Territories;

/// Random games per game and player count.
const GAMES: u64 = 30;
/// Longer games are cut (none of the four gets near it with random moves).
const MAX_ACTIONS: usize = 20_000;

/// The ids of `seat`'s legal actions, checked for range, uniqueness, block
/// name and round trip.
fn checked_ids<G: Game>(
    state: &G::State,
    seat: Seat,
    players: usize,
) -> Result<Vec<usize>, String> {
    let space = G::action_space(players);
    let legal = G::legal_actions(state, seat);
    let ids: Vec<usize> = legal.iter().map(G::action_id).collect();
    let mut seen = HashSet::new();
    for (action, id) in legal.iter().zip(&ids) {
        let notation = G::format_action(state, action);
        if *id >= space.len() {
            return Err(format!("{notation}: id {id} >= {}", space.len()));
        }
        if !seen.insert(*id) {
            return Err(format!("{notation}: id {id} given to two legal actions"));
        }
        let keyword = notation.split_whitespace().next().unwrap_or("");
        let (block, _) = space.locate(*id).expect("in range");
        if !block.name.eq_ignore_ascii_case(keyword) {
            return Err(format!("{notation}: id {id} is in block {}", block.name));
        }
        // id -> action (the legal action with that id) -> id.
        let back = legal.iter().find(|a| G::action_id(a) == *id);
        if back != Some(action) {
            return Err(format!("{notation}: id {id} does not lead back to it"));
        }
    }
    Ok(ids)
}

/// A random game's log and the ids of every seat's legal actions in every
/// state, in order.
type Played<G> = (Vec<(Seat, <G as Game>::Action)>, Vec<Vec<usize>>);

/// One random game: every seat's ids after every action, checked.
fn play_ids<G: Game>(players: usize, seed: u64) -> Result<Played<G>, String> {
    let options = G::Options::default();
    let mut state = G::new_game(&options, players, seed).map_err(|e| e.to_string())?;
    let mut rng = GameRng::from_seed(seed ^ 0x5EED);
    let mut log = Vec::new();
    let mut all_ids = Vec::new();
    for _ in 0..MAX_ACTIONS {
        for seat in 0..players {
            let ids = checked_ids::<G>(&state, seat, players).map_err(|e| {
                format!("seed {seed}, {players} players, action {}: {e}", log.len())
            })?;
            all_ids.push(ids);
        }
        let to_act = G::to_act(&state);
        if to_act.is_empty() {
            break;
        }
        let seat = to_act[rng.index(to_act.len())];
        let legal = G::legal_actions(&state, seat);
        let action = legal[rng.index(legal.len())].clone();
        G::apply(&mut state, seat, &action).map_err(|e| e.to_string())?;
        log.push((seat, action));
    }
    Ok((log, all_ids))
}

/// Replaying the log gives the same ids in every state.
fn replay_ids<G: Game>(players: usize, seed: u64, log: &[(Seat, G::Action)]) -> Vec<Vec<usize>> {
    let mut state = G::new_game(&G::Options::default(), players, seed).expect("setup");
    let mut out = Vec::new();
    let ids = |state: &G::State, out: &mut Vec<Vec<usize>>| {
        for seat in 0..players {
            out.push(
                G::legal_actions(state, seat)
                    .iter()
                    .map(G::action_id)
                    .collect(),
            );
        }
    };
    for (seat, action) in log {
        ids(&state, &mut out);
        G::apply(&mut state, *seat, action).expect("replay");
    }
    ids(&state, &mut out);
    out
}

fn check_action_ids<G: Game>() {
    for players in G::MIN_PLAYERS..=G::MAX_PLAYERS {
        for seed in 0..GAMES {
            let (log, ids) =
                play_ids::<G>(players, seed).unwrap_or_else(|e| panic!("{}: {e}", G::ID));
            assert_eq!(
                replay_ids::<G>(players, seed, &log),
                ids,
                "{} seed {seed}: replay",
                G::ID
            );
        }
    }
}

/// docs/action-ids.md holds each game's table exactly as the blocks give it.
fn check_documented<G: Game>() {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/action-ids.md"
    ))
    .expect("docs/action-ids.md");
    for players in G::MIN_PLAYERS..=G::MAX_PLAYERS {
        let table = G::action_space(players).markdown();
        assert!(
            doc.contains(&table),
            "docs/action-ids.md lacks the {} table; regenerate it with\n\
             `cargo test -p satrap-games --test rules print_action_tables -- --nocapture`:\n{table}",
            G::ID
        );
    }
}

#[test]
fn king_of_siam_action_ids_are_unique_stable_and_round_trip() {
    check_action_ids::<KingOfSiam>();
    check_documented::<KingOfSiam>();
}

#[test]
fn alexandros_action_ids_are_unique_stable_and_round_trip() {
    check_action_ids::<Alexandros>();
    check_documented::<Alexandros>();
}

#[test]
fn ming_dynasty_action_ids_are_unique_stable_and_round_trip() {
    check_action_ids::<MingDynasty>();
    check_documented::<MingDynasty>();
}

#[test]
fn territories_action_ids_are_unique_stable_and_round_trip() {
    check_action_ids::<Territories>();
    check_documented::<Territories>();
}

/// Random games per game and player count for the observation checks.
const OBSERVED_GAMES: u64 = 5;

/// The fixed observation length for `players`.
fn shape<G: Game>(players: usize) -> usize {
    let state = G::new_game(&G::Options::default(), players, 0).expect("setup");
    observation::<G>(&state, None, players).len()
}

/// Turns a sampled world back into one the seat cannot tell from the real
/// state, where the game's sampler changes public facts on purpose.
type Restore<G> = fn(real: &<G as Game>::State, seat: Seat, world: &mut <G as Game>::State);

fn check_observations<G: Game>(restore: Restore<G>) {
    for players in G::MIN_PLAYERS..=G::MAX_PLAYERS {
        let len = shape::<G>(players);
        for seed in 0..OBSERVED_GAMES {
            let mut state = G::new_game(&G::Options::default(), players, seed).expect("setup");
            let mut rng = GameRng::from_seed(seed ^ 0x0B5E);
            let mut worlds = GameRng::from_seed(seed ^ 0x3011D);
            for step in 0..MAX_ACTIONS {
                let at = || format!("{} seed {seed}, {players} players, action {step}", G::ID);
                for viewer in std::iter::once(None).chain((0..players).map(Some)) {
                    let t = observation::<G>(&state, viewer, players);
                    assert_eq!(t.len(), len, "{}: shape of {viewer:?}", at());
                    assert!(t.values().iter().all(|v| v.is_finite()), "{}: finite", at());
                    let Some(seat) = viewer else { continue };
                    // Hidden information dealt anew: the same tensor.
                    for _ in 0..2 {
                        let mut world = G::determinize(&state, seat, &mut worlds);
                        restore(&state, seat, &mut world);
                        assert_eq!(
                            observation::<G>(&world, viewer, players).values(),
                            t.values(),
                            "{}: seat {seat}'s tensor depends on what it cannot see",
                            at()
                        );
                    }
                }
                let to_act = G::to_act(&state);
                if to_act.is_empty() {
                    break;
                }
                let seat = to_act[rng.index(to_act.len())];
                let legal = G::legal_actions(&state, seat);
                let action = legal[rng.index(legal.len())].clone();
                G::apply(&mut state, seat, &action).expect("legal");
            }
        }
    }
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/observations.md"
    ))
    .expect("docs/observations.md");
    for players in G::MIN_PLAYERS..=G::MAX_PLAYERS {
        let state = G::new_game(&G::Options::default(), players, 0).expect("setup");
        let table = observation::<G>(&state, None, players).markdown();
        assert!(
            doc.contains(&table),
            "docs/observations.md lacks the {} table for {players} players; regenerate with\n\
             `cargo test -p satrap-games --test rules print_observation_tables -- --nocapture`:\n{table}",
            G::ID
        );
    }
}

#[test]
fn king_of_siam_observations_have_one_shape_and_hide_nothing_more() {
    check_observations::<KingOfSiam>(|_, _, _| {});
}

#[test]
fn alexandros_observations_never_show_hidden_hands_or_the_pile() {
    check_observations::<Alexandros>(|_, _, _| {});
}

/// Ming Dynasty's sampler takes back the other seats' secret return-card
/// commitments (MD-55) so its search decides for them; that they committed
/// is public. The world here keeps who committed but gives each other seat
/// a different secret choice than the real one: the tensor must not change.
fn ming_secret_choices_differ(real: &MdState, seat: Seat, world: &mut MdState) {
    if let (MdPhase::SelectReturns { commits: real, .. }, MdPhase::SelectReturns { commits, .. }) =
        (&real.phase, &mut world.phase)
    {
        for (other, (c, r)) in commits.iter_mut().zip(real).enumerate() {
            if other != seat {
                *c = r.map(|x| ReturnCards(if x.0 == 15 { 1 } else { x.0 + 1 }));
            }
        }
    }
}

#[test]
fn ming_dynasty_observations_never_show_the_supply_or_secret_returns() {
    check_observations::<MingDynasty>(ming_secret_choices_differ);
}

#[test]
fn territories_observations_never_show_the_opponents_hand_or_the_pile() {
    check_observations::<Territories>(|_, _, _| {});
}

/// A seat's tensor differs from a spectator's only where its view does:
/// in the games with hands, its own hand is in it.
#[test]
fn a_seat_sees_its_own_hand_in_its_tensor() {
    let state = Alexandros::new_game(&Default::default(), 3, 7).expect("setup");
    let seat = observation::<Alexandros>(&state, Some(1), 3);
    let spectator = observation::<Alexandros>(&state, None, 3);
    let hand = seat
        .sections()
        .iter()
        .find(|s| s.name == "seat[1]")
        .expect("seat[1] section");
    // The last 5 values of the seat's section are its hand per symbol.
    let own = &seat.values()[hand.start + hand.len - 5..hand.start + hand.len];
    let seen = &spectator.values()[hand.start + hand.len - 5..hand.start + hand.len];
    assert!(own.iter().sum::<f32>() > 0.0, "the seat sees its hand");
    assert_eq!(seen.iter().sum::<f32>(), 0.0, "a spectator does not");
}

/// Prints the observation layouts for docs/observations.md (--nocapture).
#[test]
fn print_observation_tables() {
    fn print<G: Game>() {
        println!("## {} (`{}`)\n", G::NAME, G::ID);
        for players in G::MIN_PLAYERS..=G::MAX_PLAYERS {
            let state = G::new_game(&G::Options::default(), players, 0).expect("setup");
            println!(
                "### {} players\n\n{}",
                players,
                observation::<G>(&state, None, players).markdown()
            );
        }
    }
    print::<KingOfSiam>();
    print::<Alexandros>();
    print::<MingDynasty>();
    print::<Territories>();
}

/// Prints the tables for docs/action-ids.md (run with --nocapture).
#[test]
fn print_action_tables() {
    fn print<G: Game>() {
        println!(
            "## {} (`{}`)\n\n{}",
            G::NAME,
            G::ID,
            G::action_space(G::MIN_PLAYERS).markdown()
        );
    }
    print::<KingOfSiam>();
    print::<Alexandros>();
    print::<MingDynasty>();
    print::<Territories>();
}
