//! Property tests of the Ming Dynasty engine: random playouts to the end for
//! 2, 3 and 4 players with the generic conformance checks (legal actions vs
//! apply both ways, notation round trips, atomic rejection), the invariants
//! of the issue after every move (family members, cards, tiles conserved;
//! scores equal to the scoring events), view checks (Section 7) and replay.

use std::cell::Cell;

use satrap_engine::conformance::{Checks, Playout, check_replay, random_playout};
use satrap_engine::{Game, GameRng, Seat};
use satrap_games::WireGame;
use satrap_games::ming_dynasty::board::board;
use satrap_games::ming_dynasty::state::{FAMILY_PER_COLOUR, HAND_LIMIT, TILES_PER_COLOUR};
use satrap_games::ming_dynasty::{
    Action, Card, District, Event, MingDynasty, Options, Phase, Province, ReturnCards, State,
};

/// Games per player count.
const GAMES: u64 = 300;
/// Lists are short (at most 18), so every listed action is tried.
const EXHAUSTIVE_LIMIT: usize = 20;

fn district(rng: &mut GameRng) -> District {
    // Sometimes one past the board: out-of-range input must be refused.
    District(rng.below(board().districts.len() as u32 + 1) as u8)
}

fn province(rng: &mut GameRng) -> Province {
    Province(rng.below(7) as u8)
}

fn card(rng: &mut GameRng) -> Card {
    let n = board().transports.len() as u32;
    match rng.below(n + 2) {
        x if x < n + 1 => Card::Transport(x as u8),
        _ => Card::Dragon,
    }
}

/// Random, mostly illegal actions of every kind.
fn candidates(state: &State, rng: &mut GameRng) -> Vec<Action> {
    let mut out = vec![Action::Pass];
    {
        out.push(Action::PlacePrince(district(rng)));
        out.push(Action::PlaceOnSpace(province(rng)));
        out.push(Action::NeutralPlace(district(rng)));
        out.push(Action::TakeDisplay(province(rng)));
        out.push(Action::TakeDragon(province(rng)));
        out.push(Action::MoveStep {
            to: district(rng),
            card: card(rng),
        });
        out.push(Action::Stay(card(rng)));
        out.push(Action::Deploy {
            count: rng.below(5) as u8,
            cloister: rng.below(2) == 0,
        });
        out.push(Action::SelectReturn(ReturnCards(rng.below(17) as u8)));
        let parts = (0..1 + rng.index(3))
            .map(|_| (district(rng), rng.below(4) as u8))
            .collect();
        out.push(Action::ChooseReturns(parts));
    }
    // Near misses: every step from the acting prince, every deployment.
    if let Some(&seat) = MingDynasty::to_act(state).first()
        && let Some(from) = state.seats[seat].prince
        && let Some(info) = from.info()
    {
        for (to, _) in &info.neighbours {
            out.push(Action::MoveStep {
                to: *to,
                card: card(rng),
            });
        }
    }
    for count in 0..4 {
        out.push(Action::Deploy {
            count,
            cloister: count % 2 == 1,
        });
    }
    out
}

/// The invariants listed in the issue, plus turn consistency.
fn invariants(s: &State) -> Result<(), String> {
    // Family members conserved: 31 per colour in play.
    for seat in 0..s.players {
        let x = &s.seats[seat];
        let total = u32::from(x.supply) + s.pieces_on_board(seat) + 1 + u32::from(x.boxed);
        if total != u32::from(FAMILY_PER_COLOUR) {
            return Err(format!("seat {seat}: {total} family members"));
        }
        if x.to_place > x.supply {
            return Err(format!("seat {seat}: to place {} > supply", x.to_place));
        }
        if x.hand_size() > HAND_LIMIT {
            return Err(format!("seat {seat}: hand {} (MD-12)", x.hand_size()));
        }
    }
    if let Some(n) = s.neutral_index() {
        // The unused score marker counts as the 31st piece (MD-4).
        let total =
            u32::from(s.neutral_supply) + s.pieces_on_board(n) + 1 + u32::from(s.neutral_boxed);
        if total != u32::from(FAMILY_PER_COLOUR) {
            return Err(format!("neutral: {total} family members"));
        }
    }
    // Cards conserved, per kind.
    let b = board();
    for c in b.cards() {
        let want = match c {
            Card::Transport(t) => usize::from(b.mix[usize::from(t)]),
            Card::Dragon => usize::from(b.dragons),
        };
        if s.card_count(c) != want {
            return Err(format!("{c}: {} cards", s.card_count(c)));
        }
    }
    // Province tiles conserved.
    for c in 0..s.tile_colours() {
        let total: u32 = u32::from(s.tile_supply[c])
            + s.seats.iter().map(|x| u32::from(x.tiles[c])).sum::<u32>();
        if total != u32::from(TILES_PER_COLOUR) {
            return Err(format!("tile colour {c}: {total}"));
        }
    }
    // Cloisters hold players only; houses are empty outside step 4.2.
    for (i, d) in s.districts.iter().enumerate() {
        if d.cloister.is_some_and(|c| c >= s.players) {
            return Err(format!("district {i}: cloister of {:?}", d.cloister));
        }
        let scoring = matches!(
            s.phase,
            Phase::SelectReturns { .. } | Phase::ChooseReturns { .. }
        );
        let h: u32 = d.houses.iter().map(|n| u32::from(*n)).sum();
        if h > u32::from(b.houses_per_district) || (!scoring && h > 0) {
            return Err(format!("district {i}: {h} pieces in houses"));
        }
    }
    // Princes in distinct districts once placed (AMB-17) — except mid-move.
    let placed: Vec<District> = s.seats.iter().filter_map(|x| x.prince).collect();
    let moving = matches!(
        s.phase,
        Phase::Travel {
            stage: satrap_games::ming_dynasty::Stage::Moving { .. }
        }
    );
    if !moving {
        for (i, a) in placed.iter().enumerate() {
            if placed[i + 1..].contains(a) {
                return Err(format!("two princes in {a}"));
            }
        }
    }
    if s.round == 0 || s.round > 6 {
        return Err(format!("round {}", s.round));
    }
    Ok(())
}

/// Section 7: views and texts never show the seed, the supply order or
/// another seat's open choice.
fn views(s: &State, seed: u64, counter: &Cell<u32>) -> Result<(), String> {
    counter.set(counter.get() + 1);
    // Views are checked during every selection and on every 16th state
    // otherwise (they are the slow part of a playout).
    let selecting = matches!(s.phase, Phase::SelectReturns { .. });
    if !selecting && counter.get() % 16 != 0 {
        return Ok(());
    }
    let spectator = MingDynasty::view(s, None);
    if let Phase::SelectReturns { commits, .. } = &spectator.phase
        && commits.iter().any(|c| c.is_some())
    {
        return Err("a spectator sees a return choice".into());
    }
    // Each view goes to the wire once: its return choices and its text
    // are both read from that one message.
    let spectator_wire = MingDynasty::view_to_proto(&spectator);
    if wire_choices(&spectator_wire).iter().any(|c| !c.is_empty()) {
        return Err("the spectator's wire view shows a return choice".into());
    }
    for seat in 0..s.players {
        let v = MingDynasty::view(s, Some(seat));
        if let Phase::SelectReturns { commits, .. } = &v.phase {
            for (other, c) in commits.iter().enumerate() {
                if other != seat && c.is_some() {
                    return Err(format!("seat {seat} sees the choice of seat {other}"));
                }
            }
        }
        let v_wire = MingDynasty::view_to_proto(&v);
        for (other, cards) in wire_choices(&v_wire).iter().enumerate() {
            if other != seat && !cards.is_empty() {
                return Err(format!(
                    "seat {seat}'s wire view shows seat {other}'s choice"
                ));
            }
        }
        let wire = format!("{v_wire:?}");
        let text = MingDynasty::render_text(s, Some(seat));
        if let Phase::SelectReturns { commits, .. } = &s.phase {
            for (other, c) in commits.iter().enumerate() {
                if other != seat && c.is_some() && text.contains(&format!("seat {other} chose")) {
                    return Err(format!("seat {seat}'s text shows seat {other}'s choice"));
                }
            }
        }
        if wire.contains(&seed.to_string()) {
            return Err(format!("seat {seat}'s view shows the seed"));
        }
    }
    let wire = format!("{spectator_wire:?}");
    if wire.contains(&seed.to_string()) || format!("{spectator:?}").contains("rng") {
        return Err("the spectator view shows the seed or the generator".into());
    }
    Ok(())
}

/// The return cards each seat's entry of the wire view carries.
fn wire_choices(wire: &satrap_proto::game_snapshot::State) -> Vec<&[u32]> {
    #[allow(unreachable_patterns)]
    match wire {
        satrap_proto::game_snapshot::State::MingDynasty(m) => {
            m.seats.iter().map(|x| x.return_cards.as_slice()).collect()
        }
        _ => Vec::new(),
    }
}

/// Replays a playout, applying the events: scores equal the scoring events
/// after every move, and events shown to other seats never carry a choice.
fn check_events(playout: &Playout<MingDynasty>) -> Result<(), String> {
    let mut s = MingDynasty::new_game(&Options::default(), playout.players, playout.seed)
        .map_err(|e| e.to_string())?;
    let mut scored = vec![0u32; playout.players];
    for step in &playout.steps {
        let events =
            MingDynasty::apply(&mut s, step.seat, &step.action).map_err(|e| e.to_string())?;
        for e in &events {
            if let Event::Scored { seat, points, .. } = e {
                scored[*seat] += points;
            }
            for viewer in (0..playout.players).map(Some).chain([None]) {
                if let Some(Event::ReturnCommitted {
                    seat,
                    cards: Some(_),
                    ..
                }) = MingDynasty::event_for(e, viewer)
                    && viewer != Some(seat)
                {
                    return Err(format!("{viewer:?} sees the choice of seat {seat}"));
                }
            }
        }
        if let Action::SelectReturn(_) = step.action {
            for viewer in 0..playout.players {
                if viewer != step.seat
                    && MingDynasty::action_visible(&step.action, step.seat, Some(viewer))
                {
                    return Err("a selection is visible to another seat".into());
                }
            }
        }
        for (seat, x) in s.seats.iter().enumerate() {
            if x.score != scored[seat] {
                return Err(format!(
                    "seat {seat}: score {} but events {}",
                    x.score, scored[seat]
                ));
            }
        }
    }
    if MingDynasty::outcome(&s).is_none() {
        return Err("no outcome".into());
    }
    Ok(())
}

fn run(players: usize) {
    let options = Options::default();
    let mut secret_rounds = 0;
    for seed in 0..GAMES {
        let seed = 0x5EED_0000_0000 + seed * 7919 + players as u64;
        let counter = Cell::new(0);
        let view_check = |s: &State| views(s, seed, &counter);
        let checks = Checks::<MingDynasty> {
            invariants: &invariants,
            candidates: &candidates,
            views: &view_check,
            exhaustive_limit: EXHAUSTIVE_LIMIT,
        };
        let playout = random_playout::<MingDynasty>(&options, players, seed, 5_000, &checks)
            .unwrap_or_else(|e| panic!("{e}"));
        check_replay(&options, &playout).unwrap_or_else(|e| panic!("{e}"));
        check_events(&playout).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        secret_rounds += playout
            .steps
            .iter()
            .filter(|s| matches!(s.action, Action::SelectReturn(_)))
            .count();
        let o = MingDynasty::outcome(&playout.final_state).expect("outcome");
        assert_eq!(o.results.len(), players);
        assert!(!o.winners.is_empty());
    }
    assert!(
        secret_rounds > 0,
        "the secret selection was never exercised"
    );
}

#[test]
fn random_playouts_2_players() {
    run(2);
}

#[test]
fn random_playouts_3_players() {
    run(3);
}

#[test]
fn random_playouts_4_players() {
    run(4);
}

/// Every seat in to_act during the selection may commit, in any order.
#[test]
fn simultaneous_selection_names_every_uncommitted_seat() {
    let mut found = false;
    for seed in 0..40u64 {
        let mut s = MingDynasty::new_game(&Options::default(), 4, seed).expect("setup");
        let mut rng = GameRng::from_seed(seed);
        while !s.over() {
            let to_act: Vec<Seat> = MingDynasty::to_act(&s);
            if let Phase::SelectReturns {
                involved, commits, ..
            } = &s.phase
            {
                let want: Vec<Seat> = (0..4)
                    .filter(|x| involved[*x] && commits[*x].is_none())
                    .collect();
                assert_eq!(to_act, want);
                if to_act.len() >= 2 {
                    found = true;
                }
            } else {
                assert_eq!(to_act.len(), 1);
            }
            let seat = to_act[rng.index(to_act.len())];
            let legal = MingDynasty::legal_actions(&s, seat);
            let a = legal[rng.index(legal.len())].clone();
            MingDynasty::apply(&mut s, seat, &a).expect("legal");
        }
    }
    assert!(found, "no selection with several seats at once");
}
