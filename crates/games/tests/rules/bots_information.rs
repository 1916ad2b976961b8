//! Information hygiene of the search bots: a seat's decisions depend only on
//! what that seat may see.
//!
//! For every game with hidden information we build pairs of states that
//! differ only in what seat 0 cannot see (checked with the game's own view
//! function), then require that the sampler builds the same worlds and the
//! search makes the same decision in both, with the same bot seed. The
//! twins are built by hand here, independently of the samplers under test.

use std::time::{Duration, Instant};

use satrap_engine::{Game, GameRng, Seat};
use satrap_games::alexandros::{self, Alexandros};
use satrap_games::king_of_siam::KingOfSiam;
use satrap_games::ming_dynasty::{self, MingDynasty};
use satrap_games::territories::Territories;
use satrap_search::ismcts::{self, Budget, Worlds};

const VIEWER: Seat = 0;

fn budget() -> Budget {
    Budget {
        iterations: 60,
        exploration: 0.7,
        max_playout: 20_000,
        horizon: 0,
        bias: 0.0,
        max_moves: 0,
    }
}

/// Random play from `seed` until `stop` holds (or the game ends); `None` if
/// it never held.
fn reach<G: Game>(
    players: usize,
    seed: u64,
    max_moves: usize,
    stop: impl Fn(&G::State) -> bool,
) -> Option<G::State> {
    let mut state = G::new_game(&G::Options::default(), players, seed).expect("setup");
    let mut rng = GameRng::from_seed(seed ^ 0x5EED);
    for _ in 0..max_moves {
        if stop(&state) {
            return Some(state);
        }
        let to_act = G::to_act(&state);
        if to_act.is_empty() {
            return None;
        }
        let seat = to_act[rng.index(to_act.len())];
        let legal = G::legal_actions(&state, seat);
        G::apply(&mut state, seat, &legal[rng.index(legal.len())]).expect("legal move");
    }
    None
}

/// The checks every twin pair must pass.
fn assert_same_decisions<G: Game>(real: &G::State, twin: &G::State)
where
    G::View: PartialEq,
{
    assert_ne!(real, twin, "the twin must differ in hidden information");
    assert!(
        G::view(real, Some(VIEWER)) == G::view(twin, Some(VIEWER)),
        "the twin must look the same to seat {VIEWER}"
    );
    let (a, b) = (
        Worlds::<G>::new(real, VIEWER),
        Worlds::<G>::new(twin, VIEWER),
    );
    for k in 0..4 {
        let wa = a.sample(&mut GameRng::from_seed(k));
        let wb = b.sample(&mut GameRng::from_seed(k));
        assert_eq!(wa, wb, "sampled world {k} depends on hidden information");
    }
    let far = Instant::now() + Duration::from_secs(3600);
    let (da, _) = ismcts::search(&a, &budget(), &mut GameRng::from_seed(99), far);
    let (db, _) = ismcts::search(&b, &budget(), &mut GameRng::from_seed(99), far);
    assert!(da.is_some(), "the seat has a move");
    assert_eq!(da, db, "the decision depends on hidden information");
}

/// Sampled worlds keep everything the seat sees, and do vary what it
/// does not see.
fn assert_worlds_consistent<G: Game>(real: &G::State, hidden_varies: bool)
where
    G::View: PartialEq,
{
    let worlds = Worlds::<G>::new(real, VIEWER);
    let mut differs = false;
    for k in 0..8 {
        let w = worlds.sample(&mut GameRng::from_seed(k));
        assert!(
            G::view(&w, Some(VIEWER)) == G::view(real, Some(VIEWER)),
            "world {k} does not match the seat's view"
        );
        differs |= w != *real;
    }
    if hidden_varies {
        assert!(differs, "the sampler never changed the hidden part");
    }
}

#[test]
fn alexandros_decisions_ignore_other_hands_and_the_draw_order() {
    let mut pairs = 0;
    for seed in 0..40 {
        for players in [2, 3] {
            let Some(real) = reach::<Alexandros>(players, seed, 400, |s| {
                s.current == VIEWER
                    && s.turn >= 3 + seed as u32 % 5
                    && s.seats[1].hand.total() > 0
                    && !s.draw.is_empty()
            }) else {
                continue;
            };
            // Swap one card of seat 1's hand with a different one of the draw
            // pile, turn the pile over, and reseed the generator.
            let mut twin = real.clone();
            let hand = twin.seats[1].hand;
            let Some((give, take)) = alexandros::Symbol::ALL.iter().find_map(|&h| {
                (hand.get(h) > 0)
                    .then(|| twin.draw.iter().position(|&d| d != h).map(|i| (h, i)))
                    .flatten()
            }) else {
                continue;
            };
            let got = twin.draw[take];
            twin.draw[take] = give;
            twin.seats[1].hand.take(give);
            twin.seats[1].hand.add(got, 1);
            twin.draw.reverse();
            twin.rng = GameRng::from_seed(seed + 1000);
            assert_same_decisions::<Alexandros>(&real, &twin);
            assert_worlds_consistent::<Alexandros>(&real, true);
            pairs += 1;
        }
    }
    assert!(pairs >= 10, "only {pairs} positions tested");
}

#[test]
fn territories_decisions_ignore_the_opponents_unknown_cards_and_the_draw_order() {
    let mut pairs = 0;
    for seed in 0..60 {
        let Some(real) = reach::<Territories>(2, seed, 3_000, |s| {
            let opp = s.player(1);
            Territories::to_act(s) == vec![VIEWER]
                && s.turn >= 4
                && opp.territories.len() > opp.known.len()
                && !s.draw_pile.is_empty()
                && Territories::legal_actions(s, VIEWER).len() > 1
        }) else {
            continue;
        };
        let mut twin = real.clone();
        let opp = twin.player(1).clone();
        let Some((give, take)) = opp
            .territories
            .iter()
            .filter(|c| !opp.known.contains(c))
            .find_map(|&h| twin.draw_pile.iter().position(|&d| d != h).map(|i| (h, i)))
        else {
            continue;
        };
        let got = twin.draw_pile[take];
        twin.draw_pile[take] = give;
        let p = twin.player_mut(1);
        assert!(p.remove_card(give));
        p.add_card(got, false);
        twin.draw_pile.reverse();
        twin.rng = GameRng::from_seed(seed + 1000);
        assert_same_decisions::<Territories>(&real, &twin);
        assert_worlds_consistent::<Territories>(&real, true);
        pairs += 1;
        if pairs >= 10 {
            break;
        }
    }
    assert!(pairs >= 5, "only {pairs} positions tested");
}

#[test]
fn ming_dynasty_decisions_ignore_the_supply_order() {
    let mut pairs = 0;
    for seed in 0..30 {
        for players in [2, 3] {
            let Some(real) = reach::<MingDynasty>(players, seed, 600, |s| {
                MingDynasty::to_act(s) == vec![VIEWER]
                    && s.round >= 2
                    && s.movement_supply.windows(2).any(|w| w[0] != w[1])
                    && MingDynasty::legal_actions(s, VIEWER).len() > 1
            }) else {
                continue;
            };
            let mut twin = real.clone();
            twin.movement_supply.reverse();
            if twin.movement_supply == real.movement_supply {
                twin.movement_supply.rotate_left(1);
            }
            twin.rng = GameRng::from_seed(seed + 1000);
            assert_same_decisions::<MingDynasty>(&real, &twin);
            assert_worlds_consistent::<MingDynasty>(&real, true);
            pairs += 1;
        }
    }
    assert!(pairs >= 10, "only {pairs} positions tested");
}

#[test]
fn ming_dynasty_decisions_ignore_other_seats_secret_return_choices() {
    use ming_dynasty::state::{Phase, ReturnCards};
    let mut pairs = 0;
    for seed in 0..300 {
        // MD-55: seat 1 has committed its secret choice, seat 0 has not.
        let Some(real) = reach::<MingDynasty>(2, seed, 2_000, |s| {
            matches!(&s.phase, Phase::SelectReturns { commits, .. }
                if commits[1].is_some() && commits[0].is_none())
                && MingDynasty::legal_actions(s, VIEWER).len() > 1
        }) else {
            continue;
        };
        let mut twin = real.clone();
        if let Phase::SelectReturns { commits, .. } = &mut twin.phase {
            let mine = commits[1];
            commits[1] = ReturnCards::all().find(|c| Some(*c) != mine);
        }
        assert_same_decisions::<MingDynasty>(&real, &twin);
        pairs += 1;
        if pairs >= 3 {
            break;
        }
    }
    assert!(pairs >= 1, "no secret selection reached");
}

#[test]
fn king_of_siam_worlds_are_the_state_itself() {
    // Perfect information: the only consistent world is the real one.
    let real = reach::<KingOfSiam>(3, 5, 200, |s| KingOfSiam::to_act(s) == vec![VIEWER])
        .expect("seat 0 acts");
    let w = Worlds::<KingOfSiam>::new(&real, VIEWER).sample(&mut GameRng::from_seed(1));
    assert_eq!(w, real);
}
