//! One test per rule of `docs/rules/ming-dynasty.md` (`md_<n>_...`) and one
//! per worked example of its Section 9 (`example_<n>_...`).

use super::board::{Card, District, Province, board};
use super::events::{Event, Family, PhaseName, ScoreReason};
use super::state::{Colour, Phase, ReturnCards, Stage, State};
use super::{MingDynasty, Options, flow, notation, scoring};
use satrap_engine::{Game, GameRng, Seat};

const R: Seat = 0;
const Y: Seat = 1;
const G: Seat = 2;
const B: Seat = 3;

fn d(id: &str) -> District {
    District::from_id(id).expect("district")
}

/// Province (space, slot) by its 1-based number.
fn p(n: usize) -> Province {
    Province((n - 1) as u8)
}

fn c(name: &str) -> Card {
    Card::from_name(name).expect("card")
}

fn new(players: usize) -> State {
    MingDynasty::new_game(
        &Options {
            start_player: Some(0),
        },
        players,
        7,
    )
    .expect("setup")
}

fn play(s: &mut State, seat: Seat, text: &str) -> Vec<Event> {
    let a = notation::parse_action(text).unwrap_or_else(|e| panic!("{e}"));
    MingDynasty::apply(s, seat, &a).unwrap_or_else(|e| panic!("{text} by {seat}: {e}"))
}

/// The rule an action is refused with; the state must not change.
fn refused(s: &State, seat: Seat, text: &str) -> &'static str {
    let a = notation::parse_action(text).unwrap_or_else(|e| panic!("{e}"));
    let mut probe = s.clone();
    let e = MingDynasty::apply(&mut probe, seat, &a).expect_err(text);
    assert_eq!(&probe, s, "a refused {text} changed the state");
    e.rule
}

fn legal(s: &State, seat: Seat) -> Vec<String> {
    MingDynasty::legal_actions(s, seat)
        .iter()
        .map(notation::format_action)
        .collect()
}

/// Princes of seats 0.. placed in P1a, P2a, P3a, P4a: round 1, Phase 1.
fn after_princes(players: usize) -> State {
    let mut s = new(players);
    for (seat, id) in ["P1a", "P2a", "P3a", "P4a"]
        .iter()
        .take(players)
        .enumerate()
    {
        play(&mut s, seat, &format!("PRINCE {id}"));
    }
    s
}

fn set_hand(s: &mut State, seat: Seat, cards: &[&str]) {
    let hand = &mut s.seats[seat].hand;
    hand.iter_mut().for_each(|n| *n = 0);
    for name in cards {
        hand[c(name).index()] += 1;
    }
}

/// A Phase 3 position at the start of `turn`'s turn, nothing on spaces.
fn travel(players: usize, turn: Seat) -> State {
    let mut s = after_princes(players);
    s.phase = Phase::Travel {
        stage: Stage::Start,
    };
    s.turn = turn;
    for seat in &mut s.seats {
        seat.to_place = 0;
    }
    s
}

/// A Phase 2 position for seat `turn`, nothing on spaces, hands empty.
fn taking(players: usize, turn: Seat) -> State {
    let mut s = after_princes(players);
    s.phase = Phase::TakeCards;
    s.turn = turn;
    for seat in 0..players {
        s.seats[seat].to_place = 0;
        set_hand(&mut s, seat, &[]);
    }
    s
}

/// A position just before the scoring of `round`, tiles cleared.
fn scoring_state(players: usize, round: u8) -> State {
    let mut s = after_princes(players);
    s.round = round;
    for seat in &mut s.seats {
        seat.tiles = vec![0; 6];
        seat.to_place = 0;
    }
    s.tile_supply = vec![18; 6];
    s
}

fn set_open(s: &mut State, id: &str, counts: &[u8]) {
    let n = s.competitors();
    let mut v = counts.to_vec();
    v.resize(n, 0);
    s.districts[d(id).index()].open = v;
}

fn run_scoring(s: &mut State) -> Vec<Event> {
    let mut ev = Vec::new();
    s.phase = Phase::Travel {
        stage: Stage::Start,
    };
    scoring::begin(s, &mut ev);
    ev
}

fn moved(ev: &[Event]) -> Vec<(Family, String, u8)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::MovedToCity {
                family,
                district,
                count,
            } => Some((*family, district.id().to_owned(), *count)),
            _ => None,
        })
        .collect()
}

fn scored(ev: &[Event], who: Seat, why: ScoreReason) -> u32 {
    ev.iter()
        .filter_map(|e| match e {
            Event::Scored {
                seat,
                points,
                reason,
            } if *seat == who && *reason == why => Some(*points),
            _ => None,
        })
        .sum()
}

/// A random game to the end: the final state and every (seat, action, events).
fn random_game(players: usize, seed: u64) -> (State, Vec<(Seat, super::Action, Vec<Event>)>) {
    let mut s = MingDynasty::new_game(&Options::default(), players, seed).expect("setup");
    let mut rng = GameRng::from_seed(seed + 1);
    let mut log = Vec::new();
    while !s.over() {
        let to_act = MingDynasty::to_act(&s);
        let seat = to_act[rng.index(to_act.len())];
        let list = MingDynasty::legal_actions(&s, seat);
        let a = list[rng.index(list.len())].clone();
        let ev = MingDynasty::apply(&mut s, seat, &a).expect("legal");
        log.push((seat, a, ev));
        assert!(log.len() < 5000);
    }
    (s, log)
}

// ---------------------------------------------------------------- setup

#[test]
fn md_1_common_setup() {
    let s = new(4);
    assert_eq!(s.movement_supply.len(), 48);
    assert!(s.display.iter().all(|x| x.is_some()));
    assert_eq!(s.display.len(), 6);
    assert!(s.discard.is_empty());
    assert_eq!(s.dragon_supply, 14);
    assert_eq!(s.tile_supply, vec![18; 6]);
    assert_eq!(s.round, 1);
    for seat in &s.seats {
        assert_eq!(seat.hand[Card::Dragon.index()], 1);
        assert_eq!(seat.hand_size(), 1);
        assert_eq!((seat.supply, seat.score), (30, 0));
    }
    // Step 7: princes from the start player clockwise, each into a district
    // without a prince, taking a tile of its province colour.
    assert_eq!(MingDynasty::to_act(&s), vec![0]);
    assert_eq!(legal(&s, 0).len(), 18);
    let mut s = s;
    play(&mut s, 0, "PRINCE P2b");
    assert_eq!(s.seats[0].tiles, vec![0, 1, 0, 0, 0, 0]);
    assert_eq!(s.tile_supply[1], 17);
    assert_eq!(refused(&s, 1, "PRINCE P2b"), "MD-1");
    assert_eq!(legal(&s, 1).len(), 17);
    assert!(!legal(&s, 1).contains(&"PRINCE P2b".to_string()));
}

#[test]
fn md_2_four_players_use_all_colours() {
    let s = new(4);
    let colours: Vec<Colour> = s.seats.iter().map(|x| x.colour).collect();
    assert_eq!(colours, Colour::ALL.to_vec());
    assert_eq!(s.neutral, None);
    assert_eq!(s.competitors(), 4);
}

#[test]
fn md_3_three_players_dragon_supply_15() {
    let s = new(3);
    assert_eq!(s.seats.len(), 3);
    assert_eq!(s.dragon_supply, 15);
    assert_eq!(s.neutral, None);
    assert_eq!(s.competitors(), 3);
}

#[test]
fn md_4_two_players_neutral_family() {
    let s = new(2);
    assert_eq!(s.neutral, Some(Colour::Green));
    assert_eq!(s.neutral_supply, 30);
    assert_eq!(s.competitors(), 3);
    assert_eq!(s.dragon_supply, 16);
}

#[test]
fn md_5_starting_state_summary() {
    let s = after_princes(4);
    for seat in &s.seats {
        assert_eq!(seat.hand_size(), 1);
        assert_eq!(seat.supply, 30);
        assert_eq!(seat.score, 0);
        assert_eq!(seat.tiles.iter().sum::<u8>(), 1);
    }
    assert_eq!(s.dragon_supply, 14);
    assert_eq!(s.movement_supply.len(), 48);
    assert_eq!(s.display.iter().flatten().count(), 6);
}

#[test]
fn md_6_seats_colours_and_generator_order() {
    // The shuffle first, then the start-player draw.
    for seed in 0..5u64 {
        let s = MingDynasty::new_game(&Options::default(), 3, seed).expect("setup");
        let mut rng = GameRng::from_seed(seed);
        let mut deck: Vec<Card> = board()
            .mix
            .iter()
            .enumerate()
            .flat_map(|(t, n)| std::iter::repeat_n(Card::Transport(t as u8), usize::from(*n)))
            .collect();
        rng.shuffle(&mut deck);
        let display: Vec<Option<Card>> = (0..6).map(|_| deck.pop()).collect();
        assert_eq!(s.display, display);
        assert_eq!(s.movement_supply, deck);
        assert_eq!(s.start_player, rng.below(3) as usize);
        // The option skips the draw and leaves the shuffle alone.
        let o = MingDynasty::new_game(
            &Options {
                start_player: Some(2),
            },
            3,
            seed,
        )
        .expect("setup");
        assert_eq!((o.start_player, &o.display), (2, &s.display));
    }
    assert!(
        MingDynasty::new_game(
            &Options {
                start_player: Some(3)
            },
            3,
            1
        )
        .is_err()
    );
    assert!(MingDynasty::new_game(&Options::default(), 5, 1).is_err());
    assert!(MingDynasty::new_game(&Options::default(), 1, 1).is_err());
    // Seat i takes the i-th colour.
    assert_eq!(new(3).seats[2].colour, Colour::Green);
}

// ---------------------------------------------------------------- rounds

#[test]
fn md_10_six_rounds_phases_in_order() {
    for players in 2..=4 {
        let (s, log) = random_game(players, 3);
        let phases: Vec<(u8, PhaseName)> = log
            .iter()
            .flat_map(|(_, _, ev)| ev.iter())
            .filter_map(|e| match e {
                Event::PhaseStarted { round, phase } => Some((*round, *phase)),
                _ => None,
            })
            .collect();
        let mut want = Vec::new();
        for round in 1..=6u8 {
            want.push((round, PhaseName::PlaceFamily));
            if players == 2 {
                want.push((round, PhaseName::PlaceNeutral));
            }
            want.push((round, PhaseName::TakeCards));
            want.push((round, PhaseName::Travel));
            if round % 2 == 0 {
                want.push((round, PhaseName::Scoring));
            }
        }
        assert_eq!(phases, want, "{players} players");
        assert_eq!(s.round, 6);
    }
}

#[test]
fn md_11_start_player_first_then_clockwise() {
    let mut s = MingDynasty::new_game(
        &Options {
            start_player: Some(2),
        },
        4,
        1,
    )
    .expect("setup");
    assert_eq!(refused(&s, 0, "PRINCE P1a"), "MD-11");
    for (seat, id) in [(2, "P1a"), (3, "P1b"), (0, "P1c"), (1, "P2a")] {
        assert_eq!(MingDynasty::to_act(&s), vec![seat]);
        play(&mut s, seat, &format!("PRINCE {id}"));
    }
    // Phase 1 starts with the start player too.
    assert_eq!(MingDynasty::to_act(&s), vec![2]);
    assert_eq!(refused(&s, 3, "PLACE 1"), "MD-11");
}

#[test]
fn md_12_hand_limit_five_and_cards_kept() {
    let mut s = taking(2, 0);
    set_hand(&mut s, 0, &["horse", "horse", "junk", "dragon"]);
    s.spaces[0][0] = 1;
    s.display[0] = Some(c("rickshaw"));
    play(&mut s, 0, "TAKE 1");
    assert_eq!(s.seats[0].hand_size(), 5);
    // Finished with 5 cards; nobody else can take: Phase 3 begins.
    assert!(matches!(s.phase, Phase::Travel { .. }));
    // All pass: the cards stay in hand into the next round.
    play(&mut s, 0, "PASS");
    play(&mut s, 1, "PASS");
    assert_eq!(s.round, 2);
    assert_eq!(s.seats[0].hand_size(), 5);
}

#[test]
fn md_13_every_piece_in_exactly_one_place() {
    let (s, log) = random_game(3, 11);
    let mut boxed = [0u8; 3];
    let mut replay = MingDynasty::new_game(&Options::default(), 3, 11).expect("setup");
    for (seat, a, _) in &log {
        MingDynasty::apply(&mut replay, *seat, a).expect("replay");
        for (x, last) in boxed.iter_mut().enumerate() {
            let st = &replay.seats[x];
            assert_eq!(
                u32::from(st.supply) + replay.pieces_on_board(x) + u32::from(st.boxed) + 1,
                31
            );
            // Pieces in the box never come back.
            assert!(st.boxed >= *last);
            *last = st.boxed;
        }
    }
    assert_eq!(replay, s);
}

// ---------------------------------------------------------------- phase 1

#[test]
fn md_20_five_family_members_each_round() {
    let mut s = after_princes(3);
    assert!(s.seats.iter().all(|x| x.to_place == 5 && x.supply == 30));
    for _ in 0..15 {
        let seat = s.turn;
        play(&mut s, seat, "PLACE 2");
    }
    assert!(s.seats.iter().all(|x| x.to_place == 0 && x.supply == 25));
    assert_eq!(s.spaces[1], vec![5, 5, 5]);
}

#[test]
fn md_21_one_placement_at_a_time_clockwise() {
    let mut s = after_princes(3);
    s.start_player = 1;
    s.turn = 1;
    let mut order = Vec::new();
    for i in 0..15 {
        let seat = MingDynasty::to_act(&s)[0];
        order.push(seat);
        assert_eq!(legal(&s, seat).len(), 6);
        play(&mut s, seat, &format!("PLACE {}", 1 + i % 6));
    }
    assert_eq!(order, [1, 2, 0].repeat(5));
    assert_eq!(s.phase, Phase::TakeCards);
    assert_eq!(refused(&s, s.turn, "PLACE 1"), "MD-21");
}

#[test]
fn md_22_space_pieces_stay_between_rounds() {
    let mut s = travel(2, 0);
    s.spaces[3][0] = 4;
    s.spaces[5][1] = 2;
    play(&mut s, 0, "PASS");
    play(&mut s, 1, "PASS");
    assert_eq!(s.round, 2);
    assert_eq!((s.spaces[3][0], s.spaces[5][1]), (4, 2));
}

#[test]
fn md_23_neutral_placements_follow_in_two_player_game() {
    let mut s = after_princes(2);
    for _ in 0..10 {
        let seat = s.turn;
        play(&mut s, seat, "PLACE 1");
    }
    assert_eq!(s.phase, Phase::PlaceNeutral { placed: [0, 0] });
    assert_eq!(legal(&s, 0).len(), 18);
    let mut s3 = after_princes(3);
    for _ in 0..15 {
        let seat = s3.turn;
        play(&mut s3, seat, "PLACE 1");
    }
    assert_eq!(s3.phase, Phase::TakeCards);
}

// ---------------------------------------------------------------- phase 2

#[test]
fn md_30_empty_slots_refilled_in_slot_order() {
    let mut s = after_princes(2);
    s.display[1] = None;
    s.display[4] = None;
    let top: Vec<Card> = s.movement_supply.iter().rev().take(2).copied().collect();
    let mut ev = Vec::new();
    flow::start_card_phase(&mut s, &mut ev);
    let refills: Vec<(Province, Option<Card>)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::SlotRefilled { slot, card } => Some((*slot, *card)),
            _ => None,
        })
        .collect();
    assert_eq!(refills, vec![(p(2), Some(top[0])), (p(5), Some(top[1]))]);
    assert_eq!((s.display[1], s.display[4]), (Some(top[0]), Some(top[1])));
}

#[test]
fn md_31_take_until_five_or_nothing_possible() {
    let mut s = taking(3, 0);
    // Seat 0 can take; seat 1 holds 5 and is skipped; seat 2 has nothing to take.
    s.spaces[0][0] = 1;
    set_hand(&mut s, 1, &["horse", "horse", "horse", "junk", "junk"]);
    s.spaces[0][1] = 3;
    s.dragon_supply = 0;
    play(&mut s, 0, "TAKE 1");
    assert_eq!(
        MingDynasty::to_act(&s),
        vec![0],
        "seats 1 and 2 are skipped"
    );
    // No pass: taking is mandatory while possible.
    assert!(!legal(&s, 0).iter().any(|a| a == "PASS"));
    for _ in 0..3 {
        play(&mut s, 0, "TAKE 1");
    }
    // The fifth take fills seat 0's hand.
    play(&mut s, 0, "TAKE 1");
    assert_eq!(s.seats[0].hand_size(), 5);
    assert_eq!(
        s.seats[2].hand_size(),
        0,
        "finished with fewer than 5 (AMB-11)"
    );
    assert!(matches!(s.phase, Phase::Travel { .. }));
}

#[test]
fn md_31_finished_stays_finished_after_a_reshuffle() {
    let mut s = taking(2, 0);
    s.dragon_supply = 0;
    s.display[2] = None;
    s.spaces[2][1] = 2; // seat 1: a piece only beside an empty slot
    s.spaces[0][0] = 1;
    let mut ev = Vec::new();
    flow::next_card_turn(&mut s, 1, &mut ev);
    assert!(s.seats[1].finished);
    assert_eq!(MingDynasty::to_act(&s), vec![0]);
    // Seat 0's take reshuffles a dragon back into the dragon supply...
    s.movement_supply.clear();
    s.discard = vec![c("horse"), Card::Dragon];
    play(&mut s, 0, "TAKE 1");
    assert_eq!(s.dragon_supply, 1);
    // ...but seat 1 stays finished (AMB-40).
    assert_eq!(MingDynasty::to_act(&s), vec![0]);
}

#[test]
fn md_32_dragon_costs_an_own_piece_from_a_space() {
    let mut s = taking(2, 0);
    s.spaces[3][0] = 2;
    s.spaces[2][1] = 1;
    let dragons = s.dragon_supply;
    assert_eq!(
        refused(&s, 0, "DRAGON 3"),
        "MD-32",
        "no own piece on space 3"
    );
    play(&mut s, 0, "DRAGON 4");
    assert_eq!(s.seats[0].hand[Card::Dragon.index()], 1);
    assert_eq!(s.spaces[3][0], 1);
    assert_eq!(s.seats[0].boxed, 1);
    assert_eq!(s.dragon_supply, dragons - 1);
    // An empty dragon supply forbids it.
    let mut e = taking(2, 0);
    e.spaces[3][0] = 2;
    e.dragon_supply = 0;
    e.display = vec![None; 6];
    e.display[3] = Some(c("horse"));
    assert_eq!(refused(&e, 0, "DRAGON 4"), "MD-32");
    assert_eq!(legal(&e, 0), vec!["TAKE 4"]);
}

#[test]
fn md_33_display_card_needs_own_piece_on_its_space() {
    let mut s = taking(2, 0);
    s.spaces[1][0] = 1;
    s.spaces[2][1] = 4;
    let slot2 = s.display[1].expect("card");
    let top = *s.movement_supply.last().expect("supply");
    assert_eq!(refused(&s, 0, "TAKE 3"), "MD-33");
    play(&mut s, 0, "TAKE 2");
    assert_eq!(s.seats[0].hand[slot2.index()], 1);
    assert_eq!(s.display[1], Some(top), "refilled at once");
    assert_eq!(s.spaces[1][0], 1, "the pieces stay");
}

#[test]
fn md_34_no_card_with_five_in_hand() {
    let mut s = taking(2, 0);
    s.spaces[0][0] = 1;
    set_hand(&mut s, 0, &["horse", "horse", "junk", "junk", "dragon"]);
    assert_eq!(refused(&s, 0, "TAKE 1"), "MD-34");
    assert_eq!(refused(&s, 0, "DRAGON 1"), "MD-34");
    assert!(legal(&s, 0).is_empty());
}

#[test]
fn md_35_refill_reshuffles_the_discard_pile_without_dragons() {
    let mut s = taking(2, 0);
    s.movement_supply.clear();
    s.discard = vec![c("horse"), c("dragon"), c("junk")];
    s.spaces[0][0] = 1;
    let dragons = s.dragon_supply;
    let ev = play(&mut s, 0, "TAKE 1");
    assert!(ev.contains(&Event::Reshuffled {
        cards: 2,
        dragons_returned: 1
    }));
    assert_eq!(s.dragon_supply, dragons + 1);
    assert!(s.discard.is_empty());
    assert_eq!(s.movement_supply.len(), 1);
    let mut both = vec![s.display[0].expect("refilled"), s.movement_supply[0]];
    both.sort();
    assert_eq!(both, vec![c("horse"), c("junk")]);
    // Nothing but dragons left: the slot stays empty (AMB-12).
    let mut e = taking(2, 0);
    e.movement_supply.clear();
    e.discard = vec![c("dragon")];
    e.spaces[0][0] = 1;
    let ev = play(&mut e, 0, "TAKE 1");
    assert!(ev.contains(&Event::SlotRefilled {
        slot: p(1),
        card: None
    }));
    assert_eq!(e.display[0], None);
}

// ---------------------------------------------------------------- phase 3

#[test]
fn md_40_turns_go_round_until_everyone_passed() {
    let mut s = travel(2, 0);
    set_hand(&mut s, 0, &["junk"]);
    set_hand(&mut s, 1, &["horse", "junk"]);
    play(&mut s, 0, "PASS");
    play(&mut s, 1, "STAY HORSE");
    play(&mut s, 1, "DEPLOY 0");
    // Seat 0 passed: seat 1 again, one card-paying action per turn.
    assert_eq!(MingDynasty::to_act(&s), vec![1]);
    play(&mut s, 1, "STAY JUNK");
    play(&mut s, 1, "DEPLOY 0");
    assert_eq!(legal(&s, 1), vec!["PASS"]);
    play(&mut s, 1, "PASS");
    assert_eq!(s.round, 2);
}

#[test]
fn md_41_a_move_pays_each_border_and_ends_free() {
    let mut s = travel(4, 0);
    // R at P1a; Y at P2a; G at P3a; B at P4a. Cards as printed on borders.
    set_hand(&mut s, 0, &["rickshaw", "horse"]);
    assert_eq!(refused(&s, 0, "STEP P1b JUNK"), "MD-41", "wrong transport");
    assert_eq!(refused(&s, 0, "STEP P3c HORSE"), "MD-41", "not a neighbour");
    play(&mut s, 0, "STEP P1b HORSE");
    assert_eq!(s.discard, vec![c("horse")]);
    assert_eq!(s.seats[0].prince, Some(d("P1b")));
    // Into Y's district (P2a) is impossible with the rickshaw left.
    assert_eq!(refused(&s, 0, "STEP P2a RICKSHAW"), "MD-41");
    play(&mut s, 0, "DEPLOY 0");
    // Ending on another prince is refused.
    let mut t = travel(4, 0);
    set_hand(&mut t, 0, &["junk", "dragon", "horse"]);
    play(&mut t, 0, "STEP P1c DRAGON");
    play(&mut t, 0, "STEP P4a JUNK");
    assert_eq!(
        refused(&t, 0, "DEPLOY 0"),
        "MD-41",
        "B's prince stands in P4a"
    );
    play(&mut t, 0, "STEP P4c HORSE");
    play(&mut t, 0, "DEPLOY 0");
}

#[test]
fn md_42_stay_discards_any_card_then_deploys() {
    let mut s = travel(2, 0);
    set_hand(&mut s, 0, &["dragon"]);
    assert_eq!(refused(&s, 0, "STAY HORSE"), "MD-42");
    play(&mut s, 0, "STAY DRAGON");
    assert_eq!(s.discard, vec![Card::Dragon]);
    assert_eq!(s.seats[0].prince, Some(d("P1a")));
    assert_eq!(legal(&s, 0), vec!["DEPLOY 0"]);
    assert_eq!(refused(&s, 0, "STEP P1b HORSE"), "MD-42");
}

#[test]
fn md_43_deploy_block_count_and_cloister() {
    let mut s = travel(2, 0);
    set_hand(&mut s, 0, &["junk", "junk"]);
    s.spaces[0][0] = 5; // P1a belongs to province 1
    s.spaces[1][0] = 5; // other spaces cannot be used
    play(&mut s, 0, "STAY JUNK");
    assert_eq!(
        legal(&s, 0),
        vec![
            "DEPLOY 0",
            "DEPLOY 1",
            "DEPLOY 1 CLOISTER",
            "DEPLOY 2",
            "DEPLOY 2 CLOISTER",
            "DEPLOY 3",
            "DEPLOY 3 CLOISTER"
        ]
    );
    s.districts[d("P1a").index()].cloister = Some(1);
    s.districts[d("P1a").index()].open[1] = 1;
    let ev = play(&mut s, 0, "DEPLOY 3 CLOISTER");
    let ds = &s.districts[d("P1a").index()];
    assert_eq!(ds.cloister, Some(0));
    assert_eq!(
        ds.open[..2],
        [2, 2],
        "Y's piece pushed out into the open area"
    );
    assert_eq!(s.spaces[0][0], 2);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Deployed {
            ousted: Some(1),
            ..
        }
    )));
    // Next turn in P1a: blocked by his own cloister piece (AMB-3).
    play(&mut s, 1, "PASS");
    play(&mut s, 0, "STAY JUNK");
    assert_eq!(legal(&s, 0), vec!["DEPLOY 0"]);
    assert_eq!(refused(&s, 0, "DEPLOY 1"), "MD-43");
}

#[test]
fn md_44_pass_only_at_the_start_of_a_turn() {
    let mut s = travel(2, 0);
    set_hand(&mut s, 0, &["horse", "horse"]);
    play(&mut s, 0, "STEP P1b HORSE");
    assert_eq!(refused(&s, 0, "PASS"), "MD-44");
    play(&mut s, 0, "DEPLOY 0");
    // No cards: PASS is the only choice, and it is still asked.
    set_hand(&mut s, 1, &[]);
    assert_eq!(MingDynasty::to_act(&s), vec![1]);
    assert_eq!(legal(&s, 1), vec!["PASS"]);
    play(&mut s, 1, "PASS");
    assert!(s.seats[1].passed);
    assert_eq!(MingDynasty::to_act(&s), vec![0]);
}

#[test]
fn md_45_cards_and_space_pieces_kept_after_phase_3() {
    let mut s = travel(3, 0);
    set_hand(&mut s, 0, &["horse", "junk", "junk"]);
    set_hand(&mut s, 1, &["dragon"]);
    set_hand(&mut s, 2, &[]);
    s.spaces[4][2] = 3;
    for seat in 0..3 {
        play(&mut s, seat, "PASS");
    }
    assert_eq!(s.round, 2);
    let sizes: Vec<u8> = s.seats.iter().map(|x| x.hand_size()).collect();
    assert_eq!(sizes, vec![3, 1, 0]);
    assert_eq!(s.spaces[4][2], 3);
}

#[test]
fn md_46_scoring_steps_in_order() {
    let mut s = scoring_state(3, 2);
    set_open(&mut s, "P1a", &[2, 1]);
    s.districts[d("P4b").index()].cloister = Some(2);
    let ev = run_scoring(&mut s);
    let first = |f: &dyn Fn(&Event) -> bool| ev.iter().position(f).expect("event");
    let moved = first(&|e| matches!(e, Event::MovedToCity { .. }));
    assert!(matches!(s.phase, Phase::SelectReturns { .. }));
    play(&mut s, 0, "SELECT 0");
    let ev2 = play(&mut s, 1, "SELECT 0");
    let revealed = ev2
        .iter()
        .position(|e| matches!(e, Event::ReturnsRevealed { .. }))
        .expect("reveal");
    let city = ev2
        .iter()
        .position(|e| {
            matches!(
                e,
                Event::Scored {
                    reason: ScoreReason::CityPieces,
                    ..
                }
            )
        })
        .expect("city");
    let cloister = ev2
        .iter()
        .position(|e| {
            matches!(
                e,
                Event::Scored {
                    reason: ScoreReason::Cloisters,
                    ..
                }
            )
        })
        .expect("cloister");
    assert!(moved < ev.len());
    assert!(revealed < city && city < cloister);
}

#[test]
fn md_47_steps_keep_the_move_finishable() {
    let mut s = travel(4, 0);
    s.seats[3].prince = Some(d("P1b"));
    s.seats[1].prince = Some(d("P5a"));
    s.seats[2].prince = Some(d("P6a"));
    set_hand(&mut s, 0, &["horse"]);
    assert_eq!(refused(&s, 0, "STEP P1b HORSE"), "MD-47");
    set_hand(&mut s, 0, &["horse", "dragon"]);
    play(&mut s, 0, "STEP P1b HORSE");
    // Must step on: no DEPLOY, no STAY, no PASS; every step left ends free.
    let l = legal(&s, 0);
    assert!(l.iter().all(|a| a.starts_with("STEP")), "{l:?}");
    assert_eq!(
        l,
        vec![
            "STEP P1a DRAGON",
            "STEP P1c DRAGON",
            "STEP P2a DRAGON",
            "STEP P4c DRAGON"
        ]
    );
    assert_eq!(refused(&s, 0, "STAY DRAGON"), "MD-47");
    play(&mut s, 0, "STEP P4c DRAGON");
    assert!(legal(&s, 0).contains(&"DEPLOY 0".to_string()));
    assert_eq!(
        s.phase,
        Phase::Travel {
            stage: Stage::Moving { steps: 2 }
        }
    );
}

#[test]
fn md_48_every_move_and_stay_ends_with_a_deployment_decision() {
    let mut s = travel(2, 0);
    set_hand(&mut s, 0, &["horse", "junk"]);
    play(&mut s, 0, "STEP P1b HORSE");
    // No pieces on space 1: DEPLOY 0 is still asked (and STEP offered).
    assert!(legal(&s, 0).contains(&"DEPLOY 0".to_string()));
    assert!(!legal(&s, 0).contains(&"DEPLOY 1".to_string()));
    assert_eq!(MingDynasty::to_act(&s), vec![0]);
    play(&mut s, 0, "DEPLOY 0");
    assert_eq!(MingDynasty::to_act(&s), vec![1]);
}

// ---------------------------------------------------------------- scoring

#[test]
fn md_50_open_area_only_in_district_order() {
    let mut s = scoring_state(4, 2);
    set_open(&mut s, "P6c", &[1]);
    set_open(&mut s, "P1a", &[0, 1]);
    s.districts[d("P1a").index()].cloister = Some(0);
    let ev = run_scoring(&mut s);
    let m = moved(&ev);
    assert_eq!(
        m,
        vec![
            (Family::Seat(1), "P1a".to_string(), 1),
            (Family::Seat(0), "P6c".to_string(), 1)
        ]
    );
}

#[test]
fn md_51_who_moves_into_the_houses() {
    use scoring::majority_moves as mm;
    assert_eq!(mm(&[0, 3, 2, 1]), vec![0, 2, 1, 0]);
    assert_eq!(mm(&[1, 0, 0, 0]), vec![1, 0, 0, 0], "a lone piece moves 1");
    assert_eq!(mm(&[5, 1, 0]), vec![2, 1, 0]);
    assert_eq!(mm(&[3, 2, 2]), vec![2, 0, 0], "tied seconds move none");
    assert_eq!(mm(&[2, 2, 1]), vec![1, 1, 0]);
    assert_eq!(mm(&[2, 2, 2, 1]), vec![1, 1, 1, 0]);
    assert_eq!(mm(&[2, 2, 2, 2]), vec![0, 0, 0, 0]);
    assert_eq!(mm(&[0, 0, 0]), vec![0, 0, 0]);
    // At most 3 pieces ever move.
    for a in 0..4u8 {
        for b in 0..4u8 {
            for c in 0..4u8 {
                for d in 0..4u8 {
                    assert!(mm(&[a, b, c, d]).iter().sum::<u8>() <= 3);
                }
            }
        }
    }
}

#[test]
fn md_52_houses_remember_the_district() {
    let mut s = scoring_state(2, 2);
    set_open(&mut s, "P3a", &[2]);
    set_open(&mut s, "P3c", &[1]);
    run_scoring(&mut s);
    assert_eq!(s.districts[d("P3a").index()].houses[0], 2);
    assert_eq!(s.districts[d("P3c").index()].houses[0], 1);
    assert_eq!(s.city_pieces(p(3), 0), 3);
    play(&mut s, 0, "SELECT 1");
    // One returns; the choice between a and c is asked (AMB-30).
    assert_eq!(legal(&s, 0), vec!["RETURN P3a:1", "RETURN P3c:1"]);
    play(&mut s, 0, "RETURN P3c:1");
    assert_eq!(s.districts[d("P3c").index()].open[0], 1);
}

#[test]
fn md_53_tiles_one_per_piece_clockwise_from_start() {
    let mut s = scoring_state(3, 2);
    s.start_player = 1;
    s.tile_supply[0] = 1;
    set_open(&mut s, "P1b", &[1, 1]);
    let ev = run_scoring(&mut s);
    let tiles: Vec<(Seat, bool)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::TileTaken { seat, taken, .. } => Some((*seat, *taken)),
            _ => None,
        })
        .collect();
    assert_eq!(tiles, vec![(1, true), (0, false)]);
    assert_eq!((s.seats[1].tiles[0], s.seats[0].tiles[0]), (1, 0));
    assert_eq!(s.city_pieces(p(1), 0), 1, "the piece moves without a tile");
}

#[test]
fn md_54_six_colour_sets_by_round() {
    for (round, value) in [(2u8, 28u32), (4, 24), (6, 20)] {
        let mut s = scoring_state(2, round);
        s.seats[0].tiles = vec![2, 2, 2, 2, 2, 1];
        let mut ev = Vec::new();
        scoring::give_tile(&mut s, 0, p(6), &mut ev);
        // Two full sets: exchanged twice, at once.
        assert_eq!(s.seats[0].score, 2 * value);
        assert_eq!(s.seats[0].tiles, vec![0; 6]);
        // 18 each, one grey given out, two of each colour back.
        assert_eq!(s.tile_supply, vec![20, 20, 20, 20, 20, 19]);
        assert_eq!(scored(&ev, 0, ScoreReason::SixColourSet), 2 * value);
    }
}

#[test]
fn md_55_secret_selection_together() {
    let mut s = scoring_state(3, 2);
    set_open(&mut s, "P1a", &[1, 0, 1]);
    set_open(&mut s, "P4a", &[0, 1]);
    run_scoring(&mut s);
    // City P1 first: R and G are involved, Y is not.
    assert_eq!(MingDynasty::to_act(&s), vec![0, 2]);
    assert_eq!(refused(&s, 1, "SELECT 0"), "MD-11");
    assert_eq!(refused(&s, 0, "DEPLOY 0"), "MD-43");
    assert_eq!(legal(&s, 0).len(), 15);
    let ev = play(&mut s, 2, "SELECT 1+2");
    assert_eq!(MingDynasty::to_act(&s), vec![0]);
    assert_eq!(
        refused(&s, 2, "SELECT 0"),
        "MD-11",
        "no change after committing"
    );
    // Nobody else learns the choice.
    for viewer in [Some(0), Some(1), None] {
        let v = MingDynasty::view(&s, viewer);
        match &v.phase {
            Phase::SelectReturns { commits, .. } => assert_eq!(commits[2], None),
            other => panic!("{other:?}"),
        }
        assert!(v.committed[2]);
        assert!(matches!(
            MingDynasty::event_for(&ev[0], viewer),
            Some(Event::ReturnCommitted { cards: None, .. })
        ));
        assert!(!MingDynasty::action_visible(
            &super::Action::SelectReturn(ReturnCards(6)),
            2,
            viewer
        ));
    }
    match &MingDynasty::view(&s, Some(2)).phase {
        Phase::SelectReturns { commits, .. } => assert_eq!(commits[2], Some(ReturnCards(6))),
        other => panic!("{other:?}"),
    }
    let ev = play(&mut s, 0, "SELECT 0");
    assert!(ev.contains(&Event::ReturnsRevealed {
        province: p(1),
        choices: vec![(0, ReturnCards(1), 0), (2, ReturnCards(6), 1)]
    }));
    // Then city P4 with Y alone; the return cards are reused (AMB-15).
    assert_eq!(MingDynasty::to_act(&s), vec![1]);
    assert_eq!(legal(&s, 1).len(), 15);
}

#[test]
fn md_56_returns_asked_only_when_it_matters() {
    // All or nothing, or a single district: no decision.
    let mut s = scoring_state(2, 2);
    set_open(&mut s, "P2a", &[2]);
    set_open(&mut s, "P2b", &[0, 1]);
    run_scoring(&mut s);
    play(&mut s, 0, "SELECT 1");
    let ev = play(&mut s, 1, "SELECT 3");
    assert!(ev.contains(&Event::PiecesReturned {
        seat: 0,
        district: d("P2a"),
        count: 1
    }));
    assert!(ev.contains(&Event::PiecesReturned {
        seat: 1,
        district: d("P2b"),
        count: 1
    }));
    assert_eq!(s.round, 3, "no decision was needed");
    // Returns go to the open area, never to a cloister.
    assert_eq!(s.districts[d("P2a").index()].open[0], 1);
    assert_eq!(s.districts[d("P2a").index()].cloister, None);
}

#[test]
fn md_57_city_points_then_the_box() {
    for (round, value) in [(2u8, 4u32), (4, 3), (6, 0)] {
        let mut s = scoring_state(2, round);
        set_open(&mut s, "P5c", &[3]);
        run_scoring(&mut s);
        let ev = play(&mut s, 0, "SELECT 0");
        assert_eq!(scored(&ev, 0, ScoreReason::CityPieces), 2 * value);
        assert_eq!(s.seats[0].boxed, 2);
        assert_eq!(s.city_pieces(p(5), 0), 0, "every city ends empty");
        assert_eq!(s.districts[d("P5c").index()].open[0], 1);
    }
}

#[test]
fn md_58_cloisters_score_four_each_scoring() {
    let mut s = scoring_state(3, 4);
    s.districts[d("P1a").index()].cloister = Some(1);
    s.districts[d("P6c").index()].cloister = Some(1);
    s.districts[d("P2b").index()].cloister = Some(2);
    let ev = run_scoring(&mut s);
    assert_eq!(scored(&ev, 1, ScoreReason::Cloisters), 8);
    assert_eq!(scored(&ev, 2, ScoreReason::Cloisters), 4);
    assert_eq!(
        s.districts[d("P1a").index()].cloister,
        Some(1),
        "pieces stay"
    );
    // Odd rounds do not score.
    let mut t = travel(2, 0);
    t.districts[d("P1a").index()].cloister = Some(0);
    play(&mut t, 0, "PASS");
    play(&mut t, 1, "PASS");
    assert_eq!(t.seats[0].score, 0);
}

#[test]
fn md_59_final_tile_scoring() {
    use scoring::five_colour_sets as sets;
    assert_eq!(sets(&[2, 2, 1, 0, 3, 1]), 1);
    assert_eq!(sets(&[2, 2, 2, 2, 2, 0]), 2);
    assert_eq!(sets(&[5, 1, 1, 1, 1, 0]), 1);
    assert_eq!(sets(&[3, 3, 3, 3, 0, 0]), 0);
    assert_eq!(sets(&[4, 4, 2, 2, 2, 1]), 2, "3 sets: 13 < 15");
    assert_eq!(sets(&[3, 3, 3, 3, 3, 0]), 3);
    let mut s = scoring_state(2, 6);
    s.seats[1].tiles = vec![4, 4, 2, 2, 2, 1];
    let ev = run_scoring(&mut s);
    assert_eq!(scored(&ev, 1, ScoreReason::FiveColourSets), 20);
    assert_eq!(scored(&ev, 1, ScoreReason::LeftoverTiles), 5);
    assert!(s.over());
}

#[test]
fn md_60_round_end_passes_the_start_player_left() {
    let mut s = travel(3, 0);
    let ev = {
        let mut ev = Vec::new();
        for seat in 0..3 {
            ev.extend(play(&mut s, seat, "PASS"));
        }
        ev
    };
    assert!(ev.contains(&Event::RoundStarted {
        round: 2,
        start_player: 1
    }));
    assert_eq!((s.round, s.start_player, s.turn), (2, 1, 1));
}

#[test]
fn md_61_four_players_plain_rotation() {
    let (_, log) = random_game(4, 21);
    let starts: Vec<(u8, Seat)> = log
        .iter()
        .flat_map(|(_, _, ev)| ev.iter())
        .filter_map(|e| match e {
            Event::RoundStarted {
                round,
                start_player,
            } => Some((*round, *start_player)),
            _ => None,
        })
        .collect();
    assert_eq!(starts.len(), 5);
    for w in starts.windows(2) {
        assert_eq!(w[1].1, (w[0].1 + 1) % 4);
    }
}

#[test]
fn md_62_game_ends_after_round_6_scoring() {
    let (s, log) = random_game(3, 5);
    assert!(s.over());
    assert_eq!(s.round, 6);
    assert!(MingDynasty::to_act(&s).is_empty());
    let events: Vec<&Event> = log.iter().flat_map(|(_, _, ev)| ev.iter()).collect();
    let scoring6 = events
        .iter()
        .position(|e| {
            matches!(
                e,
                Event::PhaseStarted {
                    round: 6,
                    phase: PhaseName::Scoring
                }
            )
        })
        .expect("round 6 scoring");
    // The final tile scoring (MD-59) comes after it, and the end is last.
    let final_tiles = events
        .iter()
        .position(|e| {
            matches!(
                e,
                Event::Scored {
                    reason: ScoreReason::LeftoverTiles | ScoreReason::FiveColourSets,
                    ..
                }
            )
        })
        .expect("final tile scoring");
    assert!(scoring6 < final_tiles);
    assert!(matches!(events.last(), Some(Event::GameEnded { .. })));
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::RoundStarted { round: 7, .. }))
    );
    assert!(MingDynasty::legal_actions(&s, 0).is_empty());
    assert_eq!(refused(&s, 0, "PASS"), "MD-70");
}

#[test]
fn md_70_highest_score_wins() {
    let mut s = scoring_state(3, 6);
    s.seats[0].score = 40;
    s.seats[1].score = 55;
    s.seats[2].score = 12;
    run_scoring(&mut s);
    let o = MingDynasty::outcome(&s).expect("over");
    assert_eq!(o.winners, vec![1]);
    let ranks: Vec<u32> = o.results.iter().map(|r| r.rank).collect();
    assert_eq!(ranks, vec![2, 1, 3]);
    assert_eq!(o.results[1].score, 55);
    assert!(!o.draw);
}

#[test]
fn md_71_tied_leaders_share_the_victory() {
    let mut s = scoring_state(4, 6);
    for (seat, score) in [30, 50, 50, 10].iter().enumerate() {
        s.seats[seat].score = *score;
    }
    run_scoring(&mut s);
    let o = MingDynasty::outcome(&s).expect("over");
    assert_eq!(o.winners, vec![1, 2]);
    let ranks: Vec<u32> = o.results.iter().map(|r| r.rank).collect();
    assert_eq!(ranks, vec![3, 1, 1, 4]);
    assert!(o.summary.contains("share"));
}

#[test]
fn md_72_neutral_never_scores_or_wins() {
    let mut s = scoring_state(2, 6);
    set_open(&mut s, "P1a", &[0, 0, 3]);
    let ev = run_scoring(&mut s);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::Scored { .. } | Event::TileTaken { .. }))
    );
    let o = MingDynasty::outcome(&s).expect("over");
    assert_eq!(o.results.len(), 2);
    assert_eq!(o.winners, vec![0, 1]);
}

// ---------------------------------------------------------------- 2 players

#[test]
fn md_80_neutral_has_no_prince_hand_or_score() {
    let s = after_princes(2);
    assert_eq!(s.seats.len(), 2);
    assert_eq!(s.neutral_supply, 30);
    assert_eq!(
        s.districts.iter().filter(|x| x.cloister.is_some()).count(),
        0
    );
    assert!(
        s.spaces.iter().all(|sp| sp.len() == 2),
        "no neutral on spaces"
    );
}

#[test]
fn md_81_neutral_placements_alternate_two_each() {
    let mut s = after_princes(2);
    s.start_player = 1;
    s.turn = 1;
    for _ in 0..10 {
        let seat = s.turn;
        play(&mut s, seat, "PLACE 1");
    }
    let mut order = Vec::new();
    for id in ["P1a", "P2b", "P1a", "P6c"] {
        let seat = MingDynasty::to_act(&s)[0];
        order.push(seat);
        play(&mut s, seat, &format!("NEUTRAL {id}"));
    }
    assert_eq!(order, vec![1, 0, 1, 0]);
    assert_eq!(s.districts[d("P1a").index()].open, vec![0, 0, 2]);
    assert_eq!(s.neutral_supply, 26);
    assert_eq!(s.phase, Phase::TakeCards);
    assert_eq!(refused(&s, s.turn, "NEUTRAL P1a"), "MD-81");
}

#[test]
fn md_82_neutral_pieces_stay_put_and_never_return() {
    let mut s = scoring_state(2, 2);
    set_open(&mut s, "P2a", &[1, 0, 2]);
    let ev = run_scoring(&mut s);
    // N leads (moves 2), R second (moves 1); only R chooses.
    assert_eq!(MingDynasty::to_act(&s), vec![0]);
    let ev2 = play(&mut s, 0, "SELECT 3");
    assert!(
        !ev.iter()
            .chain(ev2.iter())
            .any(|e| matches!(e, Event::PiecesReturned { seat, .. } if *seat >= 2))
    );
    assert_eq!(s.neutral_boxed, 2);
    // Dragons never box neutral pieces: the neutral family has none on spaces.
    let mut t = taking(2, 0);
    t.spaces[0][0] = 1;
    play(&mut t, 0, "DRAGON 1");
    assert_eq!(t.seats[0].boxed, 1);
    assert_eq!(t.neutral_boxed, 0);
}

#[test]
fn md_83_neutral_pieces_do_not_block_princes() {
    let mut s = travel(2, 0);
    set_open(&mut s, "P1b", &[0, 0, 3]);
    set_hand(&mut s, 0, &["horse"]);
    play(&mut s, 0, "STEP P1b HORSE");
    assert!(legal(&s, 0).contains(&"DEPLOY 0".to_string()));
}

#[test]
fn md_84_neutral_competes_in_majorities() {
    let mut s = scoring_state(2, 2);
    set_open(&mut s, "P4c", &[1, 1, 1]);
    let ev = run_scoring(&mut s);
    assert_eq!(
        moved(&ev),
        vec![
            (Family::Seat(0), "P4c".to_string(), 1),
            (Family::Seat(1), "P4c".to_string(), 1),
            (Family::Neutral, "P4c".to_string(), 1)
        ]
    );
}

#[test]
fn md_85_neutral_in_a_city_takes_no_tile_and_is_boxed() {
    let mut s = scoring_state(2, 2);
    set_open(&mut s, "P6a", &[0, 0, 1]);
    let ev = run_scoring(&mut s);
    assert!(!ev.iter().any(|e| matches!(e, Event::TileTaken { .. })));
    assert!(ev.contains(&Event::PiecesBoxed {
        family: Family::Neutral,
        province: p(6),
        count: 1
    }));
    assert_eq!(s.neutral_boxed, 1);
    assert_eq!(s.round, 3, "no selection: no player piece in the city");
}

#[test]
fn md_86_two_player_start_player_alternates() {
    let (_, log) = random_game(2, 8);
    let starts: Vec<Seat> = log
        .iter()
        .flat_map(|(_, _, ev)| ev.iter())
        .filter_map(|e| match e {
            Event::RoundStarted { start_player, .. } => Some(*start_player),
            _ => None,
        })
        .collect();
    assert_eq!(starts.len(), 5);
    for w in starts.windows(2) {
        assert_ne!(w[0], w[1]);
    }
}

// ---------------------------------------------------------------- examples

#[test]
fn example_1_clear_majority_single_second() {
    let mut s = scoring_state(4, 2);
    set_open(&mut s, "P5b", &[0, 3, 2, 1]);
    let mut ev = Vec::new();
    scoring::score_district(&mut s, d("P5b"), &mut ev);
    let ds = &s.districts[d("P5b").index()];
    assert_eq!(ds.houses, vec![0, 2, 1, 0]);
    assert_eq!(ds.open, vec![0, 1, 1, 1]);
    assert_eq!(
        (
            s.seats[Y].tiles[4],
            s.seats[G].tiles[4],
            s.seats[B].tiles[4]
        ),
        (2, 1, 0)
    );
}

#[test]
fn example_2_three_way_tie_for_the_lead() {
    let mut s = scoring_state(4, 2);
    set_open(&mut s, "P2b", &[1, 2, 2, 2]);
    let mut ev = Vec::new();
    scoring::score_district(&mut s, d("P2b"), &mut ev);
    assert_eq!(s.districts[d("P2b").index()].houses, vec![0, 1, 1, 1]);
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, Event::TileTaken { taken: true, .. }))
            .count(),
        3
    );
}

#[test]
fn example_3_two_way_tie_for_the_lead() {
    let mut s = scoring_state(4, 2);
    set_open(&mut s, "P3a", &[0, 2, 1, 2]);
    let mut ev = Vec::new();
    scoring::score_district(&mut s, d("P3a"), &mut ev);
    assert_eq!(s.districts[d("P3a").index()].houses, vec![0, 1, 0, 1]);
}

#[test]
fn example_4_four_way_tie() {
    let mut s = scoring_state(4, 2);
    set_open(&mut s, "P1c", &[2, 2, 2, 2]);
    let mut ev = Vec::new();
    scoring::score_district(&mut s, d("P1c"), &mut ev);
    let ds = &s.districts[d("P1c").index()];
    assert_eq!(ds.houses, vec![0; 4]);
    assert_eq!(ds.open, vec![2; 4]);
    assert!(ev.is_empty());
}

#[test]
fn example_5_single_leader_tied_seconds() {
    let mut s = scoring_state(4, 2);
    set_open(&mut s, "P6b", &[0, 3, 2, 2]);
    let mut ev = Vec::new();
    scoring::score_district(&mut s, d("P6b"), &mut ev);
    assert_eq!(s.districts[d("P6b").index()].houses, vec![0, 2, 0, 0]);
}

#[test]
fn example_6_lone_piece_cloister_ignored() {
    let mut s = scoring_state(4, 2);
    set_open(&mut s, "P4b", &[1]);
    s.districts[d("P4b").index()].cloister = Some(Y);
    run_scoring(&mut s);
    assert_eq!(s.seats[R].tiles[3], 1);
    assert_eq!(MingDynasty::to_act(&s), vec![R]);
    let ev = play(&mut s, R, "SELECT 0");
    assert_eq!(scored(&ev, Y, ScoreReason::Cloisters), 4);
    assert_eq!(s.districts[d("P4b").index()].cloister, Some(Y));
}

#[test]
fn example_7_deploy_push_out_and_block() {
    let mut s = travel(4, B);
    s.seats[B].prince = Some(d("P3a"));
    s.seats[G].prince = Some(d("P6c"));
    s.seats[R].prince = Some(d("P3c"));
    set_open(&mut s, "P3b", &[1, 0, 0, 2]);
    s.districts[d("P3b").index()].cloister = Some(R);
    s.spaces[2][B] = 3;
    s.spaces[2][R] = 1;
    set_hand(&mut s, B, &["horse", "horse"]);
    set_hand(&mut s, R, &["junk"]);
    set_hand(&mut s, Y, &[]);
    set_hand(&mut s, G, &[]);
    play(&mut s, B, "STEP P3b HORSE");
    play(&mut s, B, "DEPLOY 3 CLOISTER");
    let ds = &s.districts[d("P3b").index()];
    assert_eq!((ds.open[R], ds.open[B], ds.cloister), (2, 4, Some(B)));
    assert_eq!(s.spaces[2][B], 0);
    // Blue's prince leaves; Red may now end a move in P3b and deploy.
    s.seats[B].prince = Some(d("P3a"));
    assert_eq!(MingDynasty::to_act(&s), vec![R]);
    play(&mut s, R, "STEP P3b JUNK");
    assert!(legal(&s, R).contains(&"DEPLOY 1".to_string()));
    play(&mut s, R, "DEPLOY 0");
    // Blue returns to P3b later: blocked by his own cloister piece.
    s.seats[R].prince = Some(d("P3c"));
    play(&mut s, Y, "PASS");
    play(&mut s, G, "PASS");
    s.spaces[2][B] = 2;
    play(&mut s, B, "STEP P3b HORSE");
    assert_eq!(
        legal(&s, B)
            .iter()
            .filter(|a| a.starts_with("DEPLOY"))
            .collect::<Vec<_>>(),
        vec!["DEPLOY 0"]
    );
    // Scoring of P3b as it stands: B leader (4) moves 2, R second (2) moves 1.
    let mut t = scoring_state(4, 2);
    set_open(&mut t, "P3b", &[2, 0, 0, 4]);
    t.districts[d("P3b").index()].cloister = Some(B);
    let ev = run_scoring(&mut t);
    assert_eq!(
        moved(&ev),
        vec![
            (Family::Seat(R), "P3b".to_string(), 1),
            (Family::Seat(B), "P3b".to_string(), 2)
        ]
    );
    play(&mut t, R, "SELECT 3");
    let ev = play(&mut t, B, "SELECT 3");
    assert_eq!(scored(&ev, B, ScoreReason::Cloisters), 4);
}

#[test]
fn example_8_movement_legality() {
    let base = {
        let mut s = travel(4, R);
        s.seats[B].prince = Some(d("P1b"));
        s.seats[Y].prince = Some(d("P5a"));
        s.seats[G].prince = Some(d("P6a"));
        set_hand(&mut s, R, &["horse", "horse", "junk", "rickshaw", "dragon"]);
        s.spaces[1][R] = 3;
        s
    };
    // P1a -> P1b -> P2a with two horses, then deploy from province space 2.
    let mut s = base.clone();
    play(&mut s, R, "STEP P1b HORSE");
    assert!(!legal(&s, R).iter().any(|a| a.starts_with("DEPLOY")));
    play(&mut s, R, "STEP P2a HORSE");
    assert_eq!(
        legal(&s, R)
            .iter()
            .filter(|a| a.starts_with("DEPLOY"))
            .count(),
        7
    );
    play(&mut s, R, "DEPLOY 3");
    assert_eq!(s.districts[d("P2a").index()].open[R], 3);
    // Lookahead: with only a horse the step into Blue's district is illegal.
    let mut h = base.clone();
    set_hand(&mut h, R, &["horse"]);
    assert_eq!(refused(&h, R, "STEP P1b HORSE"), "MD-47");
    set_hand(&mut h, R, &["horse", "dragon"]);
    play(&mut h, R, "STEP P1b HORSE");
    // P1a -> P4b (junk) -> P4c (junk border paid with the dragon).
    let mut j = base.clone();
    play(&mut j, R, "STEP P4b JUNK");
    play(&mut j, R, "STEP P4c DRAGON");
    play(&mut j, R, "DEPLOY 0");
    assert_eq!(j.discard, vec![c("junk"), Card::Dragon]);
    // P1a -> P1c (rickshaw) -> P4a (junk).
    let mut k = base.clone();
    play(&mut k, R, "STEP P1c RICKSHAW");
    play(&mut k, R, "STEP P4a JUNK");
    play(&mut k, R, "DEPLOY 0");
    // Stay: any card, deploy in P1a from province space 1.
    let mut st = base.clone();
    st.spaces[0][R] = 1;
    play(&mut st, R, "STAY RICKSHAW");
    assert_eq!(
        legal(&st, R),
        vec!["DEPLOY 0", "DEPLOY 1", "DEPLOY 1 CLOISTER"]
    );
}

#[test]
fn example_9_phase_2_choices() {
    let mut s = taking(4, R);
    set_hand(&mut s, R, &["dragon"]);
    s.spaces[0][R] = 2;
    s.spaces[3][R] = 3;
    s.display = vec![
        Some(c("horse")),
        Some(c("junk")),
        None,
        Some(c("rickshaw")),
        None,
        None,
    ];
    assert_eq!(
        legal(&s, R),
        vec!["TAKE 1", "TAKE 4", "DRAGON 1", "DRAGON 4"]
    );
    assert_eq!(refused(&s, R, "TAKE 2"), "MD-33");
    let top = *s.movement_supply.last().expect("card");
    play(&mut s, R, "TAKE 4");
    assert_eq!(s.seats[R].hand[c("rickshaw").index()], 1);
    assert_eq!(s.display[3], Some(top));
    assert_eq!(s.spaces[3][R], 3);
    while s.phase == Phase::TakeCards {
        let first = legal(&s, R)[0].clone();
        play(&mut s, R, &first);
    }
    assert_eq!(s.seats[R].hand_size(), 5);
}

#[test]
fn example_10_six_colour_set_in_round_4() {
    for order in [[4usize, 6], [6, 4]] {
        let mut s = scoring_state(4, 4);
        s.seats[Y].tiles = vec![1, 2, 1, 0, 1, 1];
        let mut ev = Vec::new();
        for n in order {
            scoring::give_tile(&mut s, Y, p(n), &mut ev);
        }
        assert_eq!(s.seats[Y].score, 24);
        assert_eq!(s.seats[Y].tiles, vec![0, 1, 0, 0, 0, 1]);
    }
}

fn example_11_state() -> State {
    let mut s = scoring_state(4, 4);
    s.districts[d("P5b").index()].houses[B] = 2;
    s.districts[d("P5c").index()].houses[B] = 1;
    let mut ev = Vec::new();
    scoring::next_city(&mut s, 0, &mut ev);
    assert_eq!(MingDynasty::to_act(&s), vec![B]);
    s
}

#[test]
fn example_11_returns_and_city_points() {
    let mut s = example_11_state();
    play(&mut s, B, "SELECT 1+3");
    assert_eq!(s.districts[d("P5b").index()].open[B], 2);
    assert_eq!(s.districts[d("P5c").index()].open[B], 1);
    assert_eq!(s.seats[B].score, 0);
    let mut s = example_11_state();
    play(&mut s, B, "SELECT 0");
    assert_eq!((s.seats[B].score, s.seats[B].boxed), (9, 3));
    let mut s = example_11_state();
    play(&mut s, B, "SELECT 2");
    assert_eq!(legal(&s, B), vec!["RETURN P5b:2", "RETURN P5b:1,P5c:1"]);
    play(&mut s, B, "RETURN P5b:2");
    assert_eq!(s.districts[d("P5b").index()].open[B], 2);
    assert_eq!((s.seats[B].score, s.seats[B].boxed), (3, 1));
}

fn example_12_state() -> State {
    let mut s = scoring_state(3, 2);
    set_open(&mut s, "P2a", &[3, 1, 0]);
    s.districts[d("P2a").index()].cloister = Some(G);
    set_open(&mut s, "P2b", &[1, 1, 1]);
    set_open(&mut s, "P2c", &[0, 2, 1]);
    s.districts[d("P2c").index()].cloister = Some(R);
    s
}

#[test]
fn example_12_full_province_scoring() {
    let mut s = example_12_state();
    run_scoring(&mut s);
    let h = |id: &str| s.districts[d(id).index()].houses.clone();
    assert_eq!(
        (h("P2a"), h("P2b"), h("P2c")),
        (vec![2, 1, 0], vec![1, 1, 1], vec![0, 2, 1])
    );
    let purple: Vec<u8> = s.seats.iter().map(|x| x.tiles[1]).collect();
    assert_eq!(purple, vec![3, 4, 2]);
    play(&mut s, R, "SELECT 2");
    play(&mut s, Y, "SELECT 0");
    play(&mut s, G, "SELECT 3");
    play(&mut s, R, "RETURN P2a:2");
    let scores: Vec<u32> = s.seats.iter().map(|x| x.score).collect();
    assert_eq!(scores, vec![8, 16, 4]);
    let o = |id: &str| s.districts[d(id).index()].open.clone();
    let cl = |id: &str| s.districts[d(id).index()].cloister;
    assert_eq!((o("P2a"), cl("P2a")), (vec![3, 0, 0], Some(G)));
    assert_eq!((o("P2b"), cl("P2b")), (vec![0, 0, 1], None));
    assert_eq!((o("P2c"), cl("P2c")), (vec![0, 0, 1], Some(R)));
    assert_eq!(s.city_pieces(p(2), R) + s.city_pieces(p(2), Y), 0);
    assert_eq!((s.seats[R].boxed, s.seats[Y].boxed), (1, 4));
}

#[test]
fn example_13_final_tile_scoring() {
    let mut s = scoring_state(3, 6);
    s.seats[G].tiles = vec![2, 2, 1, 0, 3, 1];
    let mut ev = Vec::new();
    scoring::final_tiles(&mut s, &mut ev);
    assert_eq!(scored(&ev, G, ScoreReason::FiveColourSets), 10);
    assert_eq!(scored(&ev, G, ScoreReason::LeftoverTiles), 4);
    assert_eq!(s.seats[G].score, 14);
}

#[test]
fn example_14_two_player_neutral_tie() {
    let mut s = scoring_state(2, 2);
    // Competitors: R, Y, then the neutral family.
    set_open(&mut s, "P1b", &[2, 1, 2]);
    let ev = run_scoring(&mut s);
    assert_eq!(
        moved(&ev),
        vec![
            (Family::Seat(R), "P1b".to_string(), 1),
            (Family::Neutral, "P1b".to_string(), 1)
        ]
    );
    assert_eq!(s.seats[R].tiles[0], 1);
    assert_eq!(s.seats[Y].tiles[0], 0);
    assert_eq!(MingDynasty::to_act(&s), vec![R]);
    play(&mut s, R, "SELECT 1");
    assert_eq!(s.districts[d("P1b").index()].open, vec![2, 1, 1]);
    assert_eq!(s.neutral_boxed, 1);
}

#[test]
fn example_15_phase_3_sequencing() {
    let mut s = travel(3, Y);
    s.start_player = Y;
    set_hand(&mut s, Y, &["horse", "horse"]);
    set_hand(&mut s, G, &[]);
    set_hand(&mut s, R, &["junk"]);
    s.spaces[0][R] = 2;
    play(&mut s, Y, "STEP P1b HORSE");
    play(&mut s, Y, "DEPLOY 0");
    assert_eq!(legal(&s, G), vec!["PASS"]);
    play(&mut s, G, "PASS");
    play(&mut s, R, "STAY JUNK");
    play(&mut s, R, "DEPLOY 2");
    play(&mut s, Y, "STEP P2a HORSE");
    play(&mut s, Y, "DEPLOY 0");
    assert_eq!(legal(&s, R), vec!["PASS"]);
    play(&mut s, R, "PASS");
    assert_eq!(legal(&s, Y), vec!["PASS"]);
    let ev = play(&mut s, Y, "PASS");
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::RoundStarted { round: 2, .. }))
    );
    assert!(s.seats.iter().all(|x| x.hand_size() == 0));
    assert_eq!(s.districts[d("P1a").index()].open[R], 2);
}

#[test]
fn example_16_step_4_2_in_the_engine() {
    let mut s = example_12_state();
    run_scoring(&mut s);
    assert_eq!(MingDynasty::to_act(&s), vec![R, Y, G]);
    play(&mut s, Y, "SELECT 0");
    for viewer in [R, G] {
        let v = MingDynasty::view(&s, Some(viewer));
        assert!(v.committed[Y]);
        assert!(!MingDynasty::render_text(&s, Some(viewer)).contains("seat 1 chose"));
    }
    assert!(MingDynasty::render_text(&s, Some(Y)).contains("seat 1 chose 0"));
    assert_eq!(MingDynasty::to_act(&s), vec![R, G]);
    play(&mut s, R, "SELECT 2");
    let ev = play(&mut s, G, "SELECT 3");
    assert!(ev.contains(&Event::ReturnsRevealed {
        province: p(2),
        choices: vec![
            (R, ReturnCards(4), 2),
            (Y, ReturnCards(1), 0),
            (G, ReturnCards(8), 2)
        ]
    }));
    assert_eq!(MingDynasty::to_act(&s), vec![R]);
    assert_eq!(legal(&s, R), vec!["RETURN P2a:2", "RETURN P2a:1,P2b:1"]);
    assert_eq!(refused(&s, R, "RETURN P2b:2"), "MD-56");
    assert_eq!(refused(&s, R, "RETURN P2b:1,P2a:1"), "MD-56");
    play(&mut s, R, "RETURN P2a:2");
    let scores: Vec<u32> = s.seats.iter().map(|x| x.score).collect();
    assert_eq!(scores, vec![8, 16, 4]);
}

#[test]
fn notation_round_trips_and_rejects_garbage() {
    for text in [
        "PRINCE P1a",
        "PLACE 6",
        "NEUTRAL P6c",
        "TAKE 1",
        "DRAGON 3",
        "STEP P2b RICKSHAW",
        "STAY DRAGON",
        "DEPLOY 0",
        "DEPLOY 3 CLOISTER",
        "PASS",
        "SELECT 0+1+2+3",
        "RETURN P2a:1,P2b:1",
    ] {
        let a = notation::parse_action(text).expect(text);
        assert_eq!(notation::format_action(&a), text);
        assert_eq!(notation::parse_action(&text.to_lowercase()), Ok(a));
    }
    for bad in [
        "",
        "PLACE 0",
        "PLACE 7",
        "TAKE x",
        "STEP P9a HORSE",
        "STEP P1a CAMEL",
        "DEPLOY 4",
        "SELECT",
        "SELECT 4",
        "SELECT 1+1",
        "RETURN P1a",
        "RETURN P1a:x",
        "FLY",
    ] {
        assert!(notation::parse_action(bad).is_err(), "{bad}");
    }
}

#[test]
fn out_of_range_actions_are_refused_not_panics() {
    let s = new(2);
    for a in [
        super::Action::PlacePrince(District(200)),
        super::Action::PlaceOnSpace(Province(9)),
        super::Action::MoveStep {
            to: District(99),
            card: Card::Transport(9),
        },
        super::Action::Stay(Card::Transport(7)),
        super::Action::SelectReturn(ReturnCards(0)),
        super::Action::ChooseReturns(vec![(District(77), 9)]),
    ] {
        let mut probe = s.clone();
        assert!(MingDynasty::apply(&mut probe, 0, &a).is_err());
        assert!(MingDynasty::apply(&mut probe, 9, &a).is_err());
        assert_eq!(probe, s);
    }
    let mut t = travel(2, 0);
    set_hand(&mut t, 0, &["horse"]);
    let mut probe = t.clone();
    for a in [
        super::Action::MoveStep {
            to: District(99),
            card: Card::Dragon,
        },
        super::Action::Stay(Card::Transport(7)),
    ] {
        assert!(MingDynasty::apply(&mut probe, 0, &a).is_err());
    }
    assert_eq!(probe, t);
}
