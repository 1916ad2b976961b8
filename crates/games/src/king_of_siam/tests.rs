//! One test per rule of `docs/rules/king-of-siam.md` (`ks_<n>_…`) and per
//! worked example of section 9 (`example_<n>…`), on positions built with a
//! small scenario builder.

use super::board::{PROVINCE_COUNT, home, parse_board};
use super::card::DECK;
use super::effects::{anchors, faction_targets};
use super::scoring::{Standings, decide, hypothetical_sole_winner};
use super::setup::AID_PAIRS;
use super::*;
use satrap_engine::{GameRng, Seat};

// ---------------------------------------------------------------------------
// Scenario builder and helpers
// ---------------------------------------------------------------------------

fn p(id: &str) -> Province {
    Province::from_id(id).unwrap_or_else(|| panic!("no province {id}"))
}

use Faction::{Lao, Malay, Rama};

fn fl(r: u8, l: u8, m: u8) -> Followers {
    Followers::new(r, l, m)
}

/// Builds a position: empty provinces, empty courts, full hands, track in
/// province-list order, seat 0 to act, the pool holding the rest.
struct Scenario {
    s: State,
    pool: Option<Followers>,
}

impl Scenario {
    fn new(players: usize) -> Self {
        let track: [Province; PROVINCE_COUNT] =
            std::array::from_fn(|i| Province::from_index(i).unwrap());
        let s = State {
            players,
            seats: (0..players)
                .map(|_| SeatState {
                    hand: Hand::full(),
                    played: Vec::new(),
                    court: Followers::EMPTY,
                    king_marker_used: false,
                    takes_skipped: 0,
                })
                .collect(),
            provinces: [ProvinceState::default(); PROVINCE_COUNT],
            track,
            pool: Followers::EMPTY,
            british: 0,
            last_conquest: [None; 3],
            struggle: 1,
            current: 0,
            start_player: 0,
            passes: 0,
            card_play: None,
            over: false,
        };
        Scenario { s, pool: None }
    }

    /// The first boxes of the track hold these tiles, the others follow in
    /// province-list order.
    fn track(mut self, ids: &[&str]) -> Self {
        let mut order: Vec<Province> = ids.iter().map(|id| p(id)).collect();
        let rest: Vec<Province> = Province::all().filter(|q| !order.contains(q)).collect();
        order.extend(rest);
        self.s.track.copy_from_slice(&order);
        self
    }

    fn prov(mut self, id: &str, r: u8, l: u8, m: u8) -> Self {
        self.s.province_mut(p(id)).followers = fl(r, l, m);
        self
    }

    fn decided(mut self, id: &str, c: Controller, struggle: u8) -> Self {
        let ps = self.s.province_mut(p(id));
        ps.followers = Followers::EMPTY;
        ps.controller = Some(c);
        ps.resolved_at = Some(struggle);
        self
    }

    fn court(mut self, seat: Seat, r: u8, l: u8, m: u8) -> Self {
        self.s.seats[seat].court = fl(r, l, m);
        self
    }

    /// The seat holds exactly these cards; the rest of its set is played.
    fn hand(mut self, seat: Seat, cards: &[Card]) -> Self {
        let hand = Hand::of(cards);
        let mut played = Vec::new();
        let mut left = hand;
        for c in DECK {
            if left.has(c) {
                left.remove(c);
            } else {
                played.push(c);
            }
        }
        self.s.seats[seat].hand = hand;
        self.s.seats[seat].played = played;
        self
    }

    fn pool(mut self, r: u8, l: u8, m: u8) -> Self {
        self.pool = Some(fl(r, l, m));
        self
    }

    fn current(mut self, seat: Seat) -> Self {
        self.s.current = seat;
        self
    }

    fn marker(mut self, id: &str, seat: Seat) -> Self {
        self.s.province_mut(p(id)).king_marker = Some(seat);
        self.s.seats[seat].king_marker_used = true;
        self
    }

    fn build(mut self) -> State {
        let s = &mut self.s;
        s.british = s
            .provinces
            .iter()
            .filter(|x| x.controller == Some(Controller::British))
            .count() as u8;
        for f in Faction::ALL {
            s.last_conquest[f.index()] = s
                .provinces
                .iter()
                .filter(|x| x.controller == Some(Controller::Faction(f)))
                .filter_map(|x| x.resolved_at)
                .max();
        }
        s.struggle = s.decided() as u8 + 1;
        s.pool = self.pool.unwrap_or_else(|| {
            let mut used = Followers::EMPTY;
            for x in &s.provinces {
                used.add_all(x.followers);
            }
            for x in &s.seats {
                used.add_all(x.court);
            }
            Followers(Faction::ALL.map(|f| 18u8.saturating_sub(used.get(f))))
        });
        self.s
    }
}

/// Apply a notation as `seat`; panic with the error otherwise.
fn act(s: &mut State, seat: Seat, text: &str) -> Vec<Event> {
    let a = notation::parse_action(text).unwrap_or_else(|e| panic!("{e}"));
    KingOfSiam::apply(s, seat, &a).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The rule a rejected notation breaks; the state must stay unchanged and
/// the action must not be listed.
fn rule(s: &State, seat: Seat, text: &str) -> &'static str {
    let a = notation::parse_action(text).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        !KingOfSiam::legal_actions(s, seat).contains(&a),
        "{text} is listed"
    );
    let mut probe = s.clone();
    let e = KingOfSiam::apply(&mut probe, seat, &a).expect_err(text);
    assert_eq!(&probe, s, "rejected {text} changed the state");
    e.rule
}

fn legal(s: &State, seat: Seat) -> Vec<String> {
    KingOfSiam::legal_actions(s, seat)
        .iter()
        .map(notation::format_action)
        .collect()
}

fn is_legal(s: &State, seat: Seat, text: &str) -> bool {
    legal(s, seat).iter().any(|t| t == text)
}

fn all_pass(s: &mut State) -> Vec<Event> {
    let mut events = Vec::new();
    for _ in 0..s.players {
        if s.over {
            break;
        }
        let seat = s.current;
        events.extend(act(s, seat, "PASS"));
    }
    events
}

fn resolved(events: &[Event]) -> Vec<(Province, Controller)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::StruggleResolved {
                province,
                controller,
                ..
            } => Some((*province, *controller)),
            _ => None,
        })
        .collect()
}

/// Play a card to its end taking the first listed choice each step.
fn play_first_choices(s: &mut State, card: Card) -> Vec<Event> {
    let seat = s.current;
    let mut events = act(s, seat, &format!("PLAY {}", card.id()));
    while s.card_play.is_some() {
        let a = KingOfSiam::legal_actions(s, seat)[0].clone();
        events.extend(KingOfSiam::apply(s, seat, &a).unwrap());
    }
    events
}

fn outcome(s: &State) -> Outcome {
    KingOfSiam::outcome(s).expect("game over")
}

use satrap_engine::Outcome;

/// A finished game with these decisions (province, controller) in order.
fn finished(players: usize, decisions: &[(&str, Controller)]) -> Scenario {
    let mut sc =
        Scenario::new(players).track(&decisions.iter().map(|(id, _)| *id).collect::<Vec<_>>());
    for (i, (id, c)) in decisions.iter().enumerate() {
        sc = sc.decided(id, *c, i as u8 + 1);
    }
    sc.s.over = true;
    sc
}

const R: Controller = Controller::Faction(Rama);
const L: Controller = Controller::Faction(Lao);
const M: Controller = Controller::Faction(Malay);
const B: Controller = Controller::British;

// ---------------------------------------------------------------------------
// Board, setup and randomness (sections 2, 3, 8)
// ---------------------------------------------------------------------------

#[test]
fn board_is_the_engine_board_of_2_3() {
    let ids: Vec<&str> = Province::all().map(|q| q.id()).collect();
    assert_eq!(
        ids,
        [
            "CHIANG_MAI",
            "NAN",
            "SUKOTHAI",
            "KORAT",
            "BANGKOK",
            "CHANTHABURI",
            "NAKHON",
            "PATTANI"
        ]
    );
    assert_eq!(home(Rama), p("BANGKOK"));
    assert_eq!(home(Lao), p("CHIANG_MAI"));
    assert_eq!(home(Malay), p("PATTANI"));
    let edges: usize = Province::all().map(|q| q.neighbours().count()).sum();
    assert_eq!(edges, 2 * 11);
    for q in Province::all() {
        assert!(!q.is_adjacent(q));
        for r in Province::all() {
            assert_eq!(q.is_adjacent(r), r.is_adjacent(q));
        }
    }
    let nb: Vec<&str> = p("BANGKOK").neighbours().map(|q| q.id()).collect();
    assert_eq!(nb, ["SUKOTHAI", "KORAT", "CHANTHABURI", "NAKHON"]);
    assert_eq!(p("nakhon").name(), "Nakhon Si Thammarat");
}

#[test]
fn board_files_are_checked() {
    assert!(parse_board("{}").is_err());
    let bad = board::BOARD_JSON.replace("[\"NAKHON\", \"PATTANI\"]", "[\"NAKHON\", \"NAKHON\"]");
    assert!(parse_board(&bad).is_err());
    let bad = board::BOARD_JSON.replace("\"MALAY\": \"PATTANI\"", "\"MALAY\": \"BANGKOK\"");
    assert!(parse_board(&bad).is_err());
    let bad = board::BOARD_JSON.replace("\"PATTANI\"]", "\"ATLANTIS\"]");
    assert!(parse_board(&bad).is_err());
}

#[test]
fn setup_follows_section_3() {
    for players in 2..=4 {
        for seed in 0..50 {
            let s = KingOfSiam::new_game(&Options::default(), players, seed).unwrap();
            // Step 3: two followers of different factions per court.
            for seat in &s.seats {
                assert_eq!(seat.court.total(), 2);
                assert!(seat.court.0.iter().all(|n| *n <= 1));
                assert_eq!(seat.hand, Hand::full());
                assert!(seat.played.is_empty() && !seat.king_marker_used);
            }
            // Steps 4–5: every province holds 4, homes at least 2 of their own.
            for q in Province::all() {
                assert_eq!(s.province(q).followers.total(), 4);
                if let Some(f) = q.home_of() {
                    assert!(s.province(q).followers.get(f) >= 2);
                }
            }
            // Step 6: the pool holds 54 - 2n - 32.
            assert_eq!(s.pool.total() as usize, 54 - 2 * players - 32);
            // Step 7: the track is a permutation.
            let mut t = s.track.to_vec();
            t.sort();
            assert_eq!(t, Province::all().collect::<Vec<_>>());
            // Steps 8–9.
            assert_eq!((s.british, s.struggle, s.passes), (0, 1, 0));
            assert_eq!(s.current, s.start_player);
            if players == 4 {
                assert_eq!(
                    (s.team(0), s.team(1), s.team(2), s.team(3)),
                    (Some(0), Some(1), Some(0), Some(1))
                );
            } else {
                assert_eq!(s.team(0), None);
            }
        }
    }
}

#[test]
fn setup_distinct_pairs_for_three_seats() {
    // seats 1..3 receive the three distinct pairs.
    for seed in 0..30 {
        let s = KingOfSiam::new_game(&Options::default(), 3, seed).unwrap();
        let mut courts: Vec<[u8; 3]> = s.seats.iter().map(|x| x.court.0).collect();
        courts.sort();
        assert_eq!(courts, [[0, 1, 1], [1, 0, 1], [1, 1, 0]]);
    }
}

#[test]
fn section_8_rng_order() {
    // start player, aids (then seat 4's aid), random fill in province
    // list order, tile shuffle — replayed here draw by draw.
    for players in 2..=4 {
        for seed in [0, 1, 2026, u64::MAX] {
            let s = KingOfSiam::new_game(&Options::default(), players, seed).unwrap();
            let mut rng = GameRng::from_seed(seed);
            assert_eq!(s.start_player, rng.index(players));
            let mut aids = AID_PAIRS;
            rng.shuffle(&mut aids);
            let mut pairs: Vec<[Faction; 2]> = aids[..players.min(3)].to_vec();
            if players == 4 {
                pairs.push(AID_PAIRS[rng.index(3)]);
            }
            let mut bag = Followers([18; 3]);
            for (seat, pair) in pairs.iter().enumerate() {
                let mut court = Followers::EMPTY;
                for f in pair {
                    court.add(*f, 1);
                    bag.remove(*f, 1);
                }
                assert_eq!(s.seats[seat].court, court);
            }
            for f in Faction::ALL {
                bag.remove(f, 2);
            }
            for q in Province::all() {
                let mut here = if q.home_of().is_some() { 2 } else { 0 };
                let mut got = Followers::EMPTY;
                if let Some(f) = q.home_of() {
                    got.add(f, 2);
                }
                while here < 4 {
                    let mut pick = rng.below(bag.total());
                    for f in Faction::ALL {
                        let n = u32::from(bag.get(f));
                        if pick < n {
                            bag.remove(f, 1);
                            got.add(f, 1);
                            break;
                        }
                        pick -= n;
                    }
                    here += 1;
                }
                assert_eq!(s.province(q).followers, got, "{q}");
            }
            let mut track: Vec<Province> = Province::all().collect();
            rng.shuffle(&mut track);
            assert_eq!(s.track.to_vec(), track);
            assert_eq!(s.pool, bag);
        }
    }
}

#[test]
fn setup_option_starting_pairs_a_10() {
    let o = Options {
        starting_pairs: vec![[Rama, Malay], [Rama, Malay]],
    };
    let s = KingOfSiam::new_game(&o, 2, 5).unwrap();
    assert_eq!(s.seats[0].court, fl(1, 0, 1));
    assert_eq!(s.seats[1].court, fl(1, 0, 1));
    let plain = KingOfSiam::new_game(&Options::default(), 2, 5).unwrap();
    assert_eq!((s.start_player, s.track), (plain.start_player, plain.track));
    let wrong_len = Options {
        starting_pairs: vec![[Rama, Lao]],
    };
    assert!(matches!(
        KingOfSiam::new_game(&wrong_len, 2, 5),
        Err(satrap_engine::SetupError::InvalidOption(_))
    ));
    let same = Options {
        starting_pairs: vec![[Rama, Rama], [Lao, Malay]],
    };
    assert!(matches!(
        KingOfSiam::new_game(&same, 2, 5),
        Err(satrap_engine::SetupError::InvalidOption(_))
    ));
}

#[test]
fn player_counts() {
    for n in [0, 1, 5] {
        assert!(matches!(
            KingOfSiam::new_game(&Options::default(), n, 1),
            Err(satrap_engine::SetupError::PlayerCount { min: 2, max: 4, .. })
        ));
    }
}

// ---------------------------------------------------------------------------
// KS-1 … KS-32
// ---------------------------------------------------------------------------

#[test]
fn ks_1_struggles_follow_the_track_and_the_game_ends_after_the_eighth() {
    let order = [
        "PATTANI",
        "NAN",
        "BANGKOK",
        "KORAT",
        "CHIANG_MAI",
        "NAKHON",
        "SUKOTHAI",
        "CHANTHABURI",
    ];
    let mut sc = Scenario::new(3).track(&order);
    for id in order {
        sc = sc.prov(id, 1, 0, 0);
    }
    let mut s = sc.build();
    let mut decided = Vec::new();
    for _ in 0..8 {
        assert!(!s.over);
        decided.extend(resolved(&all_pass(&mut s)));
    }
    assert!(s.over);
    assert_eq!(
        decided,
        order.iter().map(|id| (p(id), R)).collect::<Vec<_>>()
    );
    assert_eq!(outcome(&s).ending, "normal");
    assert!(KingOfSiam::to_act(&s).is_empty());
}

#[test]
fn ks_2_cards_are_never_replenished() {
    let mut s = Scenario::new(2).prov("NAN", 3, 3, 3).build();
    play_first_choices(&mut s, Card::OneVsOne);
    assert_eq!(s.seats[0].hand.len(), 7);
    assert_eq!(s.seats[0].played, [Card::OneVsOne]);
    act(&mut s, 1, "PASS");
    assert_eq!(rule(&s, 0, "PLAY 1V1"), "KS-2");
    // Two Khon Thai cards are played separately, a third does not exist.
    play_first_choices(&mut s, Card::KhonThai);
    act(&mut s, 1, "PASS");
    play_first_choices(&mut s, Card::KhonThai);
    act(&mut s, 1, "PASS");
    assert_eq!(rule(&s, 0, "PLAY KHON_THAI"), "KS-2");
    assert!(!is_legal(&s, 0, "PLAY KHON_THAI"));
    assert_eq!(s.seats[0].hand.len(), 5);
}

#[test]
fn ks_3_turn_order_continues_clockwise_into_the_next_struggle() {
    let mut s = Scenario::new(3)
        .prov("CHIANG_MAI", 1, 0, 0)
        .prov("NAN", 2, 2, 2)
        .current(2)
        .build();
    // Seat 2 opens, seats 0 and 1 pass: the struggle ends with seat 1.
    act(&mut s, 2, "PASS");
    act(&mut s, 0, "PASS");
    let ev = act(&mut s, 1, "PASS");
    assert_eq!(resolved(&ev), [(p("CHIANG_MAI"), R)]);
    assert_eq!(
        s.current, 2,
        "the player after the final passer opens struggle 2"
    );
    assert_eq!(s.passes, 0);
}

#[test]
fn ks_4_a_turn_is_one_card_or_a_pass() {
    let mut s = Scenario::new(3).prov("NAN", 1, 1, 1).build();
    assert_eq!(
        legal(&s, 0),
        [
            "PASS",
            "PLAY RAMA",
            "PLAY LAO",
            "PLAY MALAY",
            "PLAY KHON_THAI",
            "PLAY 1V1",
            "PLAY 2V1",
            "PLAY KING"
        ]
    );
    assert!(legal(&s, 1).is_empty());
    assert_eq!(rule(&s, 1, "PASS"), "KS-4");
    assert_eq!(rule(&s, 7, "PASS"), "KS-4");
    // After one complete card play the turn is over.
    play_first_choices(&mut s, Card::King);
    assert_eq!(s.current, 1);
    assert_eq!(rule(&s, 0, "PLAY RAMA"), "KS-4");
    // Game over: nobody acts.
    s.over = true;
    assert_eq!(rule(&s, 1, "PASS"), "KS-4");
    assert!(KingOfSiam::legal_actions(&s, 1).is_empty());
}

#[test]
fn ks_5_a_played_card_resets_the_passes_and_goes_on_the_stack() {
    let mut s = Scenario::new(3).prov("NAN", 1, 1, 1).current(1).build();
    act(&mut s, 1, "PASS");
    act(&mut s, 2, "PASS");
    assert_eq!(s.passes, 2);
    let ev = act(&mut s, 0, "PLAY MALAY");
    assert_eq!(s.passes, 0);
    assert_eq!(
        ev[0],
        Event::CardPlayed {
            seat: 0,
            card: Card::Malay,
            last_card: false
        }
    );
    assert!(
        s.seats[0].played.is_empty(),
        "on the stack only when the card play ends"
    );
    assert!(!s.seats[0].hand.has(Card::Malay));
    act(&mut s, 0, "PLACE NAKHON");
    act(&mut s, 0, "TAKE NAN LAO");
    assert_eq!(s.seats[0].played, [Card::Malay]);
    assert_eq!(s.seats[0].court, fl(0, 1, 0));
}

#[test]
fn ks_6_partial_execution() {
    // A card whose effect is impossible may be played; the take still happens.
    let mut s = Scenario::new(2)
        .decided("CHIANG_MAI", R, 1)
        .prov("NAN", 0, 0, 1)
        .build();
    let ev = act(&mut s, 0, "PLAY LAO");
    assert!(ev.contains(&Event::EffectSkipped {
        seat: 0,
        card: Card::Lao,
        faction: None
    }));
    assert_eq!(s.card_play.as_ref().map(|c| c.step), Some(Step::Take));
    act(&mut s, 0, "TAKE NAN MALAY");
    assert_eq!(s.seats[0].court, fl(0, 0, 1));
    // When the effect is possible it must be carried out: no take instead.
    let mut s = Scenario::new(2).prov("NAN", 1, 0, 0).build();
    act(&mut s, 0, "PLAY MALAY");
    assert_eq!(rule(&s, 0, "TAKE NAN RAMA"), "KS-27");
    assert_eq!(legal(&s, 0), ["PLACE NAKHON"]);
    // Only one Malay follower left in the pool: that one is placed.
    let mut s = Scenario::new(2).prov("NAN", 1, 0, 0).pool(5, 5, 1).build();
    act(&mut s, 0, "PLAY MALAY");
    let ev = act(&mut s, 0, "PLACE NAKHON");
    assert!(ev.contains(&Event::Placed {
        seat: 0,
        card: Card::Malay,
        faction: Malay,
        count: 1,
        province: p("NAKHON")
    }));
}

#[test]
fn ks_7_mandatory_take() {
    let mut s = Scenario::new(2).prov("KORAT", 1, 2, 0).build();
    act(&mut s, 0, "PLAY KING");
    act(&mut s, 0, "KING CHIANG_MAI NAN NAN");
    assert_eq!(legal(&s, 0), ["TAKE KORAT RAMA", "TAKE KORAT LAO"]);
    assert_eq!(rule(&s, 0, "TAKE KORAT MALAY"), "KS-7");
    assert_eq!(rule(&s, 0, "TAKE NAN RAMA"), "KS-7");
    assert_eq!(rule(&s, 0, "PASS"), "KS-27");
    let ev = act(&mut s, 0, "TAKE KORAT LAO");
    assert!(ev.contains(&Event::FollowerTaken {
        seat: 0,
        province: p("KORAT"),
        faction: Lao
    }));
    assert_eq!(s.province(p("KORAT")).followers, fl(1, 1, 0));
    assert_eq!(s.seats[0].court, fl(0, 1, 0));
    // an empty board means no take.
    let mut s = Scenario::new(2).build();
    let ev = act(&mut s, 0, "PLAY KING");
    assert_eq!(s.card_play.as_ref().map(|c| c.step), Some(Step::King));
    let ev2 = act(&mut s, 0, "KING CHIANG_MAI NAN CHIANG_MAI");
    assert!(
        ev.iter()
            .chain(&ev2)
            .any(|e| *e == Event::TakeSkipped { seat: 0 })
    );
    assert!(s.card_play.is_none());
    assert_eq!(s.seats[0].court, Followers::EMPTY);
    assert_eq!(s.seats[0].takes_skipped, 1);
    assert_eq!(s.seats[0].played, [Card::King]);
}

#[test]
fn ks_8_passing_does_not_leave_the_struggle() {
    let mut s = Scenario::new(2).prov("CHIANG_MAI", 1, 1, 0).build();
    act(&mut s, 0, "PASS");
    play_first_choices(&mut s, Card::Rama);
    assert_eq!(s.current, 0);
    assert!(
        is_legal(&s, 0, "PLAY LAO"),
        "a player who passed may play later"
    );
}

#[test]
fn ks_9_struggle_ends_after_n_consecutive_passes() {
    let mut s = Scenario::new(3).prov("CHIANG_MAI", 0, 1, 0).build();
    act(&mut s, 0, "PASS");
    act(&mut s, 1, "PASS");
    assert_eq!(s.passes, 2);
    assert!(s.is_undecided(p("CHIANG_MAI")));
    let ev = act(&mut s, 2, "PASS");
    assert_eq!(resolved(&ev), [(p("CHIANG_MAI"), L)]);
    assert_eq!(s.passes, 0);
    // A card play resets the counter, including one without effect.
    let mut s = Scenario::new(2)
        .decided("CHIANG_MAI", B, 1)
        .prov("NAN", 1, 0, 0)
        .build();
    act(&mut s, 0, "PASS");
    act(&mut s, 1, "PLAY LAO");
    assert_eq!(s.passes, 0);
    act(&mut s, 1, "TAKE NAN RAMA");
    act(&mut s, 0, "PASS");
    assert!(
        s.is_undecided(p("NAN")),
        "the card player must pass too (A-17)"
    );
    let ev = act(&mut s, 1, "PASS");
    assert_eq!(resolved(&ev), [(p("NAN"), B)]);
}

#[test]
fn ks_10_faction_card_targets_are_next_to_anchors() {
    // Anchors: controlled provinces plus the undecided home.
    let s = Scenario::new(2).decided("NAKHON", R, 1).build();
    assert_eq!(anchors(&s, Rama), [p("BANGKOK"), p("NAKHON")]);
    let targets: Vec<&str> = faction_targets(&s, Rama).iter().map(|q| q.id()).collect();
    // Neighbours of BANGKOK and NAKHON that are undecided; BANGKOK itself is
    // next to no other anchor... except NAKHON, so it counts.
    assert_eq!(
        targets,
        ["SUKOTHAI", "KORAT", "BANGKOK", "CHANTHABURI", "PATTANI"]
    );
    // Both followers go into the single chosen province.
    let mut s = Scenario::new(2).prov("NAN", 1, 0, 0).build();
    act(&mut s, 0, "PLAY RAMA");
    assert_eq!(
        legal(&s, 0),
        [
            "PLACE SUKOTHAI",
            "PLACE KORAT",
            "PLACE CHANTHABURI",
            "PLACE NAKHON"
        ]
    );
    assert_eq!(rule(&s, 0, "PLACE BANGKOK"), "KS-10");
    assert_eq!(rule(&s, 0, "PLACE PATTANI"), "KS-10");
    act(&mut s, 0, "PLACE KORAT");
    assert_eq!(s.province(p("KORAT")).followers, fl(2, 0, 0));
    // A home decided for another faction is no anchor.
    let s = Scenario::new(2).decided("BANGKOK", L, 1).build();
    assert!(anchors(&s, Rama).is_empty());
    // A decided province is never a target.
    let s = Scenario::new(2).decided("SUKOTHAI", M, 1).build();
    assert!(!faction_targets(&s, Rama).contains(&p("SUKOTHAI")));
}

#[test]
fn ks_11_khon_thai_places_one_follower_of_each_faction() {
    let mut s = Scenario::new(2).decided("PATTANI", M, 1).build();
    act(&mut s, 0, "PLAY KHON_THAI");
    assert_eq!(
        s.card_play.as_ref().map(|c| c.step),
        Some(Step::KhonThai(Rama))
    );
    assert_eq!(legal(&s, 0).len(), 7, "any undecided province");
    assert_eq!(rule(&s, 0, "PLACE PATTANI"), "KS-11");
    act(&mut s, 0, "PLACE NAN");
    assert_eq!(
        s.card_play.as_ref().map(|c| c.step),
        Some(Step::KhonThai(Lao))
    );
    act(&mut s, 0, "PLACE NAN");
    act(&mut s, 0, "PLACE KORAT");
    assert_eq!(s.card_play.as_ref().map(|c| c.step), Some(Step::Take));
    assert_eq!(s.province(p("NAN")).followers, fl(1, 1, 0));
    assert_eq!(s.province(p("KORAT")).followers, fl(0, 0, 1));
    assert_eq!(s.pool, fl(17, 17, 17));
}

#[test]
fn ks_12_one_vs_one_exchange() {
    let mut s = Scenario::new(2)
        .prov("NAN", 1, 1, 0)
        .prov("KORAT", 0, 0, 2)
        .prov("PATTANI", 1, 0, 0)
        .build();
    act(&mut s, 0, "PLAY 1V1");
    assert_eq!(
        legal(&s, 0),
        ["X1 NAN RAMA KORAT MALAY", "X1 NAN LAO KORAT MALAY"]
    );
    assert_eq!(
        rule(&s, 0, "X1 KORAT MALAY NAN RAMA"),
        "KS-12",
        "earlier province first"
    );
    assert_eq!(
        rule(&s, 0, "X1 NAN RAMA PATTANI RAMA"),
        "KS-12",
        "not adjacent"
    );
    assert_eq!(
        rule(&s, 0, "X1 NAN RAMA SUKOTHAI RAMA"),
        "KS-12",
        "empty side (A-5)"
    );
    assert_eq!(
        rule(&s, 0, "X1 NAN MALAY KORAT MALAY"),
        "KS-12",
        "no such follower"
    );
    assert_eq!(
        rule(&s, 0, "X1 NAN RAMA KORAT LAO"),
        "KS-12",
        "no such follower"
    );
    assert_eq!(
        rule(&s, 0, "X2 NAN RAMA,LAO KORAT MALAY"),
        "KS-27",
        "wrong card step"
    );
    act(&mut s, 0, "X1 NAN LAO KORAT MALAY");
    assert_eq!(s.province(p("NAN")).followers, fl(1, 0, 1));
    assert_eq!(s.province(p("KORAT")).followers, fl(0, 1, 1));
    // Same-faction exchange is allowed and changes nothing.
    let mut s = Scenario::new(2)
        .prov("NAN", 1, 0, 0)
        .prov("KORAT", 1, 0, 0)
        .build();
    act(&mut s, 0, "PLAY 1V1");
    assert_eq!(legal(&s, 0), ["X1 NAN RAMA KORAT RAMA"]);
    act(&mut s, 0, "X1 NAN RAMA KORAT RAMA");
    assert_eq!(s.province(p("NAN")).followers, fl(1, 0, 0));
}

#[test]
fn ks_13_two_vs_one_exchange() {
    let mut s = Scenario::new(2)
        .prov("NAN", 2, 1, 0)
        .prov("KORAT", 0, 0, 1)
        .build();
    act(&mut s, 0, "PLAY 2V1");
    assert_eq!(
        legal(&s, 0),
        [
            "X2 NAN RAMA,RAMA KORAT MALAY",
            "X2 NAN RAMA,LAO KORAT MALAY",
            "X2 KORAT MALAY NAN RAMA",
            "X2 KORAT MALAY NAN LAO"
        ]
    );
    assert_eq!(
        rule(&s, 0, "X2 NAN RAMA KORAT MALAY"),
        "KS-13",
        "k = 2 followers must go"
    );
    assert_eq!(
        rule(&s, 0, "X2 NAN LAO,RAMA KORAT MALAY"),
        "KS-13",
        "sorted"
    );
    assert_eq!(
        rule(&s, 0, "X2 NAN LAO,LAO KORAT MALAY"),
        "KS-13",
        "only one Lao"
    );
    assert_eq!(rule(&s, 0, "X2 NAN RAMA,RAMA KORAT LAO"), "KS-13");
    assert_eq!(rule(&s, 0, "X2 NAN RAMA,RAMA CHIANG_MAI LAO"), "KS-13");
    act(&mut s, 0, "X2 NAN RAMA,LAO KORAT MALAY");
    assert_eq!(s.province(p("NAN")).followers, fl(1, 0, 1));
    assert_eq!(s.province(p("KORAT")).followers, fl(1, 1, 0));
}

#[test]
fn ks_14_king_swaps_two_tiles_and_marks_one() {
    let mut s = Scenario::new(2)
        .track(&["SUKOTHAI", "KORAT", "PATTANI", "NAN"])
        .decided("SUKOTHAI", R, 1)
        .marker("PATTANI", 1)
        .prov("NAN", 1, 0, 0)
        .build();
    act(&mut s, 0, "PLAY KING");
    let list = legal(&s, 0);
    // Eligible: the 6 face-up tiles without a marker (KORAT, NAN, and 4 more).
    assert_eq!(list.len(), 6 * 5 / 2 * 2);
    assert_eq!(list[0], "KING KORAT NAN KORAT");
    assert_eq!(list[1], "KING KORAT NAN NAN");
    assert_eq!(
        rule(&s, 0, "KING KORAT PATTANI KORAT"),
        "KS-14",
        "marked tile"
    );
    assert_eq!(
        rule(&s, 0, "KING SUKOTHAI KORAT KORAT"),
        "KS-14",
        "decided tile"
    );
    assert_eq!(
        rule(&s, 0, "KING NAN KORAT NAN"),
        "KS-14",
        "lower box first"
    );
    assert_eq!(
        rule(&s, 0, "KING KORAT NAN BANGKOK"),
        "KS-14",
        "marker on a swapped tile"
    );
    assert_eq!(rule(&s, 0, "KING KORAT KORAT KORAT"), "KS-14");
    let ev = act(&mut s, 0, "KING KORAT NAN NAN");
    assert!(ev.contains(&Event::TilesSwapped {
        seat: 0,
        t1: p("KORAT"),
        t1_box: 4,
        t2: p("NAN"),
        t2_box: 2,
        marker: p("NAN")
    }));
    assert_eq!(s.contested(), Some(p("NAN")));
    assert!(s.seats[0].king_marker_used);
    assert_eq!(s.province(p("NAN")).king_marker, Some(0));
    // The marker stays when the tile is decided.
    act(&mut s, 0, "TAKE NAN RAMA");
    all_pass(&mut s);
    assert_eq!(s.province(p("NAN")).controller, Some(B));
    assert_eq!(s.province(p("NAN")).king_marker, Some(0));
    assert_eq!(s.box_of(p("NAN")), 1);
    // Fewer than two eligible tiles: nothing happens, the marker stays unused.
    let mut sc = Scenario::new(2).prov("PATTANI", 1, 0, 0);
    for (i, id) in [
        "CHIANG_MAI",
        "NAN",
        "SUKOTHAI",
        "KORAT",
        "BANGKOK",
        "CHANTHABURI",
        "NAKHON",
    ]
    .iter()
    .enumerate()
    {
        sc = sc.decided(id, if i % 2 == 0 { R } else { L }, i as u8 + 1);
    }
    let mut s = sc.build();
    let ev = act(&mut s, 0, "PLAY KING");
    assert!(ev.contains(&Event::EffectSkipped {
        seat: 0,
        card: Card::King,
        faction: None
    }));
    act(&mut s, 0, "TAKE PATTANI RAMA");
    assert!(!s.seats[0].king_marker_used);
}

/// Example 12's position (3 players, A = seat 0 holds only Khon Thai).
fn example_12(players: usize) -> State {
    let mut sc = Scenario::new(players)
        .track(&[
            "CHIANG_MAI",
            "SUKOTHAI",
            "PATTANI",
            "NAKHON",
            "KORAT",
            "NAN",
            "BANGKOK",
            "CHANTHABURI",
        ])
        .decided("CHIANG_MAI", L, 1)
        .decided("SUKOTHAI", R, 2)
        .decided("PATTANI", L, 3)
        .decided("NAKHON", B, 4)
        .prov("KORAT", 1, 1, 0)
        .prov("BANGKOK", 1, 0, 0)
        .prov("CHANTHABURI", 0, 1, 0)
        .court(0, 5, 2, 2)
        .court(1, 1, 4, 3)
        .hand(0, &[Card::KhonThai])
        .hand(1, &[Card::King, Card::Rama]);
    if players > 2 {
        sc = sc.court(2, 2, 3, 2).hand(2, &[Card::Lao]);
    }
    sc.build()
}

#[test]
fn ks_15_three_player_last_card_must_make_the_player_win() {
    let s = example_12(3);
    assert!(is_legal(&s, 0, "PLAY KHON_THAI"));
    // Completion Y (everything into NAN, take from NAN) is refused at its take.
    let mut y = s.clone();
    act(&mut y, 0, "PLAY KHON_THAI");
    for _ in 0..3 {
        act(&mut y, 0, "PLACE NAN");
    }
    assert_eq!(rule(&y, 0, "TAKE NAN RAMA"), "KS-15");
    // A player whose only card cannot win still holds it but may only pass.
    let s2 = Scenario::new(3)
        .prov("KORAT", 0, 0, 0)
        .hand(0, &[Card::King])
        .court(1, 5, 5, 5)
        .build();
    assert_eq!(legal(&s2, 0), ["PASS"]);
    assert_eq!(rule(&s2, 0, "PLAY KING"), "KS-15");
    assert_eq!(KingOfSiam::to_act(&s2), [0]);
    // No such restriction with 2 or 4 players.
    let s4 = Scenario::new(4)
        .prov("KORAT", 0, 0, 0)
        .hand(0, &[Card::King])
        .court(1, 5, 5, 5)
        .build();
    assert!(is_legal(&s4, 0, "PLAY KING"));
}

#[test]
fn ks_16_partners_play_independently() {
    let mut s = Scenario::new(4).prov("NAN", 2, 2, 2).build();
    play_first_choices(&mut s, Card::King);
    play_first_choices(&mut s, Card::OneVsOne);
    play_first_choices(&mut s, Card::Malay);
    // Own hands, own courts, own King markers.
    assert_eq!(s.seats[0].played, [Card::King]);
    assert_eq!(s.seats[2].played, [Card::Malay]);
    assert_eq!(s.seats[0].court.total(), 1);
    assert_eq!(s.seats[2].court.total(), 1);
    assert!(s.seats[0].king_marker_used && !s.seats[2].king_marker_used);
    assert_eq!(s.current, 3);
    // Everybody (partner or not) sees the same.
    let v = KingOfSiam::view(&s, None);
    for seat in 0..4 {
        assert_eq!(KingOfSiam::view(&s, Some(seat)), v);
    }
    assert_eq!(v.seats[3].team, Some(1));
}

#[test]
fn ks_17_a_plurality_wins_the_province() {
    assert_eq!(resolve::majority(fl(2, 1, 1)), R);
    assert_eq!(resolve::majority(fl(0, 1, 0)), L);
    assert_eq!(resolve::majority(fl(3, 0, 4)), M);
    let mut s = Scenario::new(2).prov("CHIANG_MAI", 1, 1, 2).build();
    let ev = all_pass(&mut s);
    assert_eq!(resolved(&ev), [(p("CHIANG_MAI"), M)]);
}

#[test]
fn ks_18_faction_control_returns_all_followers_and_records_the_conquest() {
    let mut s = Scenario::new(2)
        .prov("CHIANG_MAI", 3, 1, 2)
        .pool(5, 5, 5)
        .build();
    let ev = all_pass(&mut s);
    let q = s.province(p("CHIANG_MAI"));
    assert_eq!(
        (q.controller, q.followers, q.resolved_at),
        (Some(R), Followers::EMPTY, Some(1))
    );
    assert_eq!(s.pool, fl(8, 6, 7));
    assert_eq!(s.last_conquest, [Some(1), None, None]);
    assert!(ev.contains(&Event::StruggleResolved {
        struggle: 1,
        province: p("CHIANG_MAI"),
        controller: R,
        returned: fl(3, 1, 2),
        british: 0
    }));
}

#[test]
fn ks_19_a_tie_for_the_most_gives_the_province_to_the_british() {
    assert_eq!(resolve::majority(fl(2, 2, 1)), B);
    assert_eq!(resolve::majority(fl(1, 1, 1)), B);
    assert_eq!(resolve::majority(fl(0, 0, 0)), B);
    let mut s = Scenario::new(2).prov("CHIANG_MAI", 1, 0, 1).build();
    all_pass(&mut s);
    assert_eq!(s.province(p("CHIANG_MAI")).controller, Some(B));
    assert_eq!((s.british, s.last_conquest), (1, [None; 3]));
}

#[test]
fn ks_20_the_next_struggle_begins_at_the_lowest_face_up_box() {
    let mut s = Scenario::new(2)
        .track(&["KORAT", "PATTANI", "NAN"])
        .decided("PATTANI", M, 1)
        .build();
    assert_eq!(s.contested(), Some(p("KORAT")));
    assert_eq!(s.struggle, 2);
    all_pass(&mut s);
    assert_eq!(s.contested(), Some(p("NAN")), "decided tiles are skipped");
    assert_eq!(s.struggle, 3);
}

#[test]
fn ks_21_the_fourth_british_province_ends_the_game_at_once() {
    let mut s = Scenario::new(2)
        .track(&["CHIANG_MAI", "NAN", "SUKOTHAI", "KORAT"])
        .decided("CHIANG_MAI", B, 1)
        .decided("NAN", B, 2)
        .decided("SUKOTHAI", B, 3)
        .prov("BANGKOK", 5, 0, 0)
        .build();
    let ev = all_pass(&mut s);
    assert!(s.over);
    assert_eq!(s.decided(), 4, "four provinces stay undecided");
    assert!(matches!(
        ev.last(),
        Some(Event::GameEnded {
            ending: Ending::British,
            ..
        })
    ));
    assert_eq!(outcome(&s).ending, "british");
    // also when it is the 8th province.
    let mut sc = Scenario::new(2).track(&[
        "CHIANG_MAI",
        "NAN",
        "SUKOTHAI",
        "KORAT",
        "BANGKOK",
        "CHANTHABURI",
        "NAKHON",
    ]);
    for (i, (id, c)) in [
        ("CHIANG_MAI", B),
        ("NAN", B),
        ("SUKOTHAI", B),
        ("KORAT", R),
        ("BANGKOK", R),
        ("CHANTHABURI", R),
        ("NAKHON", R),
    ]
    .iter()
    .enumerate()
    {
        sc = sc.decided(id, *c, i as u8 + 1);
    }
    let mut s = sc.build();
    all_pass(&mut s);
    assert_eq!(outcome(&s).ending, "british");
}

#[test]
fn ks_22_british_ending_most_complete_sets_wins() {
    let mut sc = finished(
        3,
        &[("CHIANG_MAI", B), ("NAN", B), ("SUKOTHAI", B), ("KORAT", B)],
    );
    sc = sc.court(0, 1, 1, 1).court(1, 9, 9, 0).court(2, 2, 2, 2);
    let o = outcome(&sc.build());
    assert_eq!(o.winners, [2]);
    assert_eq!(
        o.results
            .iter()
            .map(|r| (r.rank, r.score))
            .collect::<Vec<_>>(),
        [(2, 1), (3, 0), (1, 2)]
    );
}

#[test]
fn ks_23_british_ending_teams_pool_their_courts() {
    let sc = finished(
        4,
        &[("CHIANG_MAI", B), ("NAN", B), ("SUKOTHAI", B), ("KORAT", B)],
    )
    .court(0, 3, 0, 0)
    .court(2, 0, 3, 3)
    .court(1, 2, 2, 2)
    .court(3, 0, 0, 0);
    let o = outcome(&sc.build());
    assert_eq!(
        o.winners,
        [0, 2],
        "3 pooled sets beat 2, though no partner has a set"
    );
    assert_eq!(
        o.results.iter().map(|r| r.score).collect::<Vec<_>>(),
        [3, 2, 3, 2]
    );
}

#[test]
fn ks_24_normal_end_after_the_eighth_struggle() {
    let mut sc = Scenario::new(2).track(&[
        "CHIANG_MAI",
        "NAN",
        "SUKOTHAI",
        "KORAT",
        "BANGKOK",
        "CHANTHABURI",
        "NAKHON",
        "PATTANI",
    ]);
    for (i, (id, c)) in [
        ("CHIANG_MAI", B),
        ("NAN", B),
        ("SUKOTHAI", B),
        ("KORAT", R),
        ("BANGKOK", R),
        ("CHANTHABURI", L),
        ("NAKHON", L),
    ]
    .iter()
    .enumerate()
    {
        sc = sc.decided(id, *c, i as u8 + 1);
    }
    let mut s = sc.prov("PATTANI", 0, 0, 1).court(0, 0, 0, 1).build();
    let ev = all_pass(&mut s);
    assert!(s.over);
    assert!(matches!(
        ev.last(),
        Some(Event::GameEnded {
            ending: Ending::Normal,
            ..
        })
    ));
    let o = outcome(&s);
    assert_eq!(o.ending, "normal");
    // Rama 2 (latest 5), Lao 2 (latest 7), Malay 1 → Lao rules; nobody has
    // Lao, Rama: nobody; Malay: seat 0.
    assert_eq!(o.winners, [0]);
}

#[test]
fn ks_25_ruling_faction_and_faction_ranking() {
    let st = Standings {
        british: 1,
        provinces: [3, 3, 1],
        last_conquest: [Some(5), Some(7), Some(8)],
    };
    assert_eq!(st.ruling_faction(), Some(Lao));
    assert_eq!(st.faction_ranking(), [vec![Lao], vec![Rama], vec![Malay]]);
    let st = Standings {
        british: 3,
        provinces: [5, 0, 0],
        last_conquest: [Some(8), None, None],
    };
    assert_eq!(st.faction_ranking(), [vec![Rama], vec![Lao, Malay]]);
    let st = Standings {
        british: 0,
        provinces: [0, 0, 0],
        last_conquest: [None; 3],
    };
    assert_eq!(st.ruling_faction(), None);
}

#[test]
fn ks_26_normal_ending_winner_and_tie_breaks() {
    let st = Standings {
        british: 3,
        provinces: [5, 0, 0],
        last_conquest: [Some(8), None, None],
    };
    // Tie on Rama; Lao and Malay are tied in the ranking: their sum decides.
    let d = decide(&st, &[fl(3, 4, 0), fl(3, 1, 2), fl(3, 2, 1)]);
    assert_eq!(d.winners, [0]);
    let d = decide(&st, &[fl(3, 1, 2), fl(3, 2, 1)]);
    assert_eq!(d.winners, [0, 1], "equal on every step: shared victory");
    // Teams: the single best court wins for its team.
    let st = Standings {
        british: 0,
        provinces: [4, 3, 1],
        last_conquest: [Some(4), Some(7), Some(8)],
    };
    let d = decide(&st, &[fl(5, 0, 0), fl(4, 0, 0), fl(0, 0, 0), fl(4, 0, 0)]);
    assert_eq!((d.winners.clone(), d.draw), (vec![0, 2], false));
    let d = decide(&st, &[fl(4, 1, 0), fl(4, 1, 0), fl(0, 0, 0), fl(0, 0, 0)]);
    assert_eq!((d.winners.clone(), d.draw), (vec![], true));
}

#[test]
fn ks_27_a_card_play_is_a_sequence_of_steps() {
    let mut s = Scenario::new(2).prov("NAN", 1, 1, 1).build();
    assert_eq!(rule(&s, 0, "PLACE NAN"), "KS-27");
    assert_eq!(rule(&s, 0, "TAKE NAN RAMA"), "KS-27");
    assert_eq!(rule(&s, 0, "KING NAN KORAT NAN"), "KS-27");
    act(&mut s, 0, "PLAY KHON_THAI");
    assert_eq!(KingOfSiam::to_act(&s), [0]);
    assert_eq!(rule(&s, 0, "PASS"), "KS-27");
    assert_eq!(rule(&s, 0, "PLAY RAMA"), "KS-27");
    assert_eq!(rule(&s, 0, "TAKE NAN RAMA"), "KS-27");
    assert_eq!(rule(&s, 0, "X1 NAN RAMA KORAT RAMA"), "KS-27");
    assert!(legal(&s, 0).iter().all(|t| t.starts_with("PLACE ")));
    act(&mut s, 0, "PLACE NAN");
    act(&mut s, 0, "PLACE NAN");
    act(&mut s, 0, "PLACE NAN");
    let cp = s.card_play.clone().unwrap();
    assert_eq!(cp.choices.len(), 4);
    assert_eq!(cp.choices[0], Action::Play(Card::KhonThai));
    act(&mut s, 0, "TAKE NAN MALAY");
    assert_eq!(s.current, 1, "the turn is one complete card play");
}

#[test]
fn ks_28_steps_the_engine_performs_itself() {
    // Step 4: a player without cards is passed for and never asked.
    let mut s = Scenario::new(3)
        .prov("CHIANG_MAI", 1, 0, 0)
        .prov("NAN", 0, 1, 0)
        .hand(1, &[])
        .build();
    let ev = act(&mut s, 0, "PASS");
    assert_eq!(
        ev[1],
        Event::Passed {
            seat: 1,
            automatic: true,
            passes: 2
        }
    );
    assert_eq!(s.current, 2);
    act(&mut s, 2, "PASS");
    assert_eq!(s.province(p("CHIANG_MAI")).controller, Some(R));
    // Struggle 2 begins with seat 0 (after seat 2).
    assert_eq!(s.current, 0);
    // Everybody out of cards: all remaining provinces resolve at once.
    let mut sc = Scenario::new(2).hand(0, &[Card::Rama]).hand(1, &[]);
    for id in [
        "CHIANG_MAI",
        "NAN",
        "SUKOTHAI",
        "KORAT",
        "BANGKOK",
        "CHANTHABURI",
        "NAKHON",
        "PATTANI",
    ] {
        sc = sc.prov(id, 0, 1, 0);
    }
    let mut s = sc.build();
    act(&mut s, 0, "PLAY RAMA");
    act(&mut s, 0, "PLACE SUKOTHAI");
    let ev = act(&mut s, 0, "TAKE SUKOTHAI RAMA");
    assert!(s.over);
    assert_eq!(resolved(&ev).len(), 8);
    assert!(KingOfSiam::to_act(&s).is_empty());
}

#[test]
fn ks_29_last_card_step_by_step() {
    let mut s = example_12(3);
    act(&mut s, 0, "PLAY KHON_THAI");
    assert!(s.card_play.as_ref().unwrap().last_card);
    // Rama into NAN still leaves a win open; every Rama placement does.
    assert!(is_legal(&s, 0, "PLACE NAN"));
    act(&mut s, 0, "PLACE NAN");
    // Lao into KORAT (1/2/0) can no longer be won for Rama.
    assert_eq!(rule(&s, 0, "PLACE KORAT"), "KS-15");
    act(&mut s, 0, "PLACE NAN");
    act(&mut s, 0, "PLACE NAN");
    assert_eq!(legal(&s, 0), ["TAKE KORAT LAO"]);
    act(&mut s, 0, "TAKE KORAT LAO");
    assert_eq!(s.seats[0].court, fl(5, 3, 2));
}

#[test]
fn ks_30_listing_order_and_rejection_rules() {
    // Cards in DECK order with one PLAY per type; factions R, L, M;
    // provinces in list order; King by box.
    let mut s = Scenario::new(2)
        .track(&["PATTANI", "KORAT", "CHIANG_MAI"])
        .prov("PATTANI", 1, 1, 0)
        .prov("CHIANG_MAI", 0, 0, 1)
        .hand(0, &[Card::King, Card::KhonThai, Card::KhonThai, Card::Rama])
        .build();
    assert_eq!(
        legal(&s, 0),
        ["PASS", "PLAY RAMA", "PLAY KHON_THAI", "PLAY KING"]
    );
    act(&mut s, 0, "PLAY KING");
    let list = legal(&s, 0);
    assert_eq!(
        &list[..4],
        [
            "KING PATTANI KORAT PATTANI",
            "KING PATTANI KORAT KORAT",
            "KING PATTANI CHIANG_MAI PATTANI",
            "KING PATTANI CHIANG_MAI CHIANG_MAI"
        ]
    );
    act(&mut s, 0, "KING PATTANI KORAT KORAT");
    assert_eq!(
        legal(&s, 0),
        [
            "TAKE CHIANG_MAI MALAY",
            "TAKE PATTANI RAMA",
            "TAKE PATTANI LAO"
        ]
    );
}

#[test]
fn ks_31_default_switches_in_the_step_model() {
    // FACTION_CARD_SPLIT = false: one PLACE step for both followers.
    let mut s = Scenario::new(2).prov("NAN", 1, 0, 0).build();
    act(&mut s, 0, "PLAY LAO");
    act(&mut s, 0, "PLACE NAN");
    assert_eq!(s.card_play.as_ref().map(|c| c.step), Some(Step::Take));
    assert_eq!(s.province(p("NAN")).followers, fl(1, 2, 0));
    // EXCHANGE_REQUIRES_BOTH_NONEMPTY = true: no pair with an empty side.
    let mut s = Scenario::new(2).prov("NAN", 1, 0, 0).build();
    let ev = act(&mut s, 0, "PLAY 1V1");
    assert!(ev.contains(&Event::EffectSkipped {
        seat: 0,
        card: Card::OneVsOne,
        faction: None
    }));
    // KING_MAY_SWAP_CONTESTED = true.
    let mut s = Scenario::new(2).prov("NAN", 1, 0, 0).build();
    act(&mut s, 0, "PLAY KING");
    act(&mut s, 0, "KING CHIANG_MAI PATTANI PATTANI");
    assert_eq!(s.contested(), Some(p("PATTANI")));
}

#[test]
fn ks_32_outcome_reports_ending_winners_scores_and_ranking() {
    let sc = finished(
        3,
        &[
            ("CHIANG_MAI", R),
            ("NAN", R),
            ("SUKOTHAI", L),
            ("KORAT", L),
            ("BANGKOK", R),
            ("CHANTHABURI", B),
            ("NAKHON", L),
            ("PATTANI", M),
        ],
    )
    .court(0, 4, 2, 2)
    .court(1, 1, 3, 5)
    .court(2, 3, 3, 1);
    let o = outcome(&sc.build());
    assert_eq!(o.ending, "normal");
    assert_eq!(o.winners, [2]);
    assert!(!o.draw);
    // Scores are the followers of the ruling faction (Lao); ranks follow the
    // tie-break keys (C ahead of B on Rama).
    assert_eq!(
        o.results
            .iter()
            .map(|r| (r.seat, r.rank, r.score))
            .collect::<Vec<_>>(),
        [(0, 3, 2), (1, 2, 3), (2, 1, 3)]
    );
    assert!(o.summary.contains("Lao rules Siam"), "{}", o.summary);
    // Team draw: no winner, flag set, both teams share rank 1.
    let sc = finished(
        4,
        &[("CHIANG_MAI", B), ("NAN", B), ("SUKOTHAI", B), ("KORAT", B)],
    )
    .court(0, 1, 1, 1)
    .court(1, 1, 1, 1);
    let o = outcome(&sc.build());
    assert!(o.draw && o.winners.is_empty());
    assert!(o.results.iter().all(|r| r.rank == 1));
    assert_eq!(outcome_none(), None);
}

fn outcome_none() -> Option<Outcome> {
    KingOfSiam::outcome(&Scenario::new(2).build())
}

// ---------------------------------------------------------------------------
// Worked examples (section 9)
// ---------------------------------------------------------------------------

#[test]
fn example_1_basic_flow() {
    let mut s = Scenario::new(3)
        .track(&["SUKOTHAI"])
        .prov("SUKOTHAI", 1, 1, 2)
        .court(0, 1, 1, 0)
        .pool(6, 5, 5)
        .build();
    act(&mut s, 0, "PLAY KHON_THAI");
    act(&mut s, 0, "PLACE SUKOTHAI");
    act(&mut s, 0, "PLACE NAN");
    act(&mut s, 0, "PLACE KORAT");
    assert_eq!(s.pool, fl(5, 4, 4));
    assert_eq!(s.province(p("SUKOTHAI")).followers, fl(2, 1, 2));
    act(&mut s, 0, "TAKE SUKOTHAI MALAY");
    assert_eq!(s.province(p("SUKOTHAI")).followers, fl(2, 1, 1));
    assert_eq!(s.seats[0].court, fl(1, 1, 1));
    assert_eq!(s.seats[0].played, [Card::KhonThai]);
    assert_eq!(s.seats[0].hand.len(), 7);
    assert!(s.seats[0].hand.has(Card::KhonThai));
    act(&mut s, 1, "PASS");
    act(&mut s, 2, "PASS");
    assert_eq!(s.passes, 2);
    let ev = act(&mut s, 0, "PASS");
    assert_eq!(resolved(&ev), [(p("SUKOTHAI"), R)]);
    assert_eq!(s.pool, fl(7, 5, 5));
    assert_eq!(s.last_conquest[Rama.index()], Some(1));
    assert_eq!(s.contested(), Some(s.track[1]));
    assert_eq!(s.current, 1, "B opens the next struggle");
}

#[test]
fn example_2_tie_gives_the_province_to_the_british() {
    let mut s = Scenario::new(3)
        .track(&["CHIANG_MAI", "KORAT"])
        .decided("CHIANG_MAI", B, 1)
        .prov("KORAT", 2, 2, 1)
        .build();
    let pool = s.pool;
    let ev = all_pass(&mut s);
    assert_eq!(resolved(&ev), [(p("KORAT"), B)]);
    assert_eq!(s.british, 2);
    let mut expect = pool;
    expect.add_all(fl(2, 2, 1));
    assert_eq!(s.pool, expect);
    assert_eq!(s.last_conquest, [None; 3]);
}

#[test]
fn example_2b_empty_province_goes_to_the_british() {
    let mut s = Scenario::new(3).track(&["KORAT"]).build();
    let ev = all_pass(&mut s);
    assert_eq!(resolved(&ev), [(p("KORAT"), B)]);
}

fn example_3(players: usize) -> Scenario {
    Scenario::new(players)
        .track(&["CHIANG_MAI", "SUKOTHAI", "KORAT", "BANGKOK", "NAN"])
        .decided("CHIANG_MAI", B, 1)
        .decided("SUKOTHAI", R, 2)
        .decided("KORAT", B, 3)
        .decided("BANGKOK", B, 4)
        .prov("PATTANI", 3, 3, 3)
}

#[test]
fn example_3_fourth_british_province_sets_decide() {
    let mut s = example_3(3)
        .court(0, 3, 2, 2)
        .court(1, 1, 4, 1)
        .court(2, 2, 3, 1)
        .build();
    all_pass(&mut s);
    assert!(s.over);
    assert_eq!(s.decided(), 5);
    let o = outcome(&s);
    assert_eq!(o.ending, "british");
    assert_eq!(o.winners, [0]);
    assert_eq!(
        o.results.iter().map(|r| r.score).collect::<Vec<_>>(),
        [2, 1, 1]
    );
}

#[test]
fn example_3b_equal_sets_share_the_victory() {
    let mut s = example_3(3)
        .court(0, 3, 2, 2)
        .court(1, 1, 4, 1)
        .court(2, 2, 2, 3)
        .build();
    all_pass(&mut s);
    let o = outcome(&s);
    assert_eq!(o.winners, [0, 2]);
    assert!(!o.draw);
    assert_eq!(
        o.results.iter().map(|r| r.rank).collect::<Vec<_>>(),
        [1, 3, 1]
    );
}

#[test]
fn example_3c_teams_pool_their_sets() {
    // Team A = seats 0 + 2 (A1, A2), team B = seats 1 + 3 (B1, B2).
    let mut s = example_3(4)
        .court(0, 3, 1, 0)
        .court(2, 2, 3, 3)
        .court(1, 1, 4, 2)
        .court(3, 1, 2, 4)
        .build();
    all_pass(&mut s);
    let o = outcome(&s);
    assert_eq!(o.winners, [0, 2]);
    assert_eq!(
        o.results.iter().map(|r| r.score).collect::<Vec<_>>(),
        [3, 2, 3, 2]
    );
}

fn example_4() -> Scenario {
    finished(
        3,
        &[
            ("CHIANG_MAI", R),
            ("NAN", R),
            ("SUKOTHAI", L),
            ("KORAT", L),
            ("BANGKOK", R),
            ("CHANTHABURI", B),
            ("NAKHON", L),
            ("PATTANI", M),
        ],
    )
}

#[test]
fn example_4_faction_tie_broken_by_the_latest_conquest() {
    let s = example_4().build();
    let st = Standings::of(&s);
    assert_eq!(st.provinces, [3, 3, 1]);
    assert_eq!(st.last_conquest, [Some(5), Some(7), Some(8)]);
    assert_eq!(st.ruling_faction(), Some(Lao));
    assert_eq!(st.faction_ranking(), [vec![Lao], vec![Rama], vec![Malay]]);
}

#[test]
fn example_5_player_tie_on_the_ruling_faction() {
    let s = example_4()
        .court(0, 4, 2, 2)
        .court(1, 1, 3, 5)
        .court(2, 3, 3, 1)
        .build();
    assert_eq!(outcome(&s).winners, [2]);
}

#[test]
fn example_5b_third_faction_decides() {
    let s = example_4()
        .court(0, 4, 2, 2)
        .court(1, 1, 3, 5)
        .court(2, 1, 3, 1)
        .build();
    assert_eq!(outcome(&s).winners, [1]);
}

#[test]
fn example_5c_all_steps_tied_share_the_victory() {
    let s = example_4()
        .court(0, 4, 2, 2)
        .court(1, 1, 3, 5)
        .court(2, 1, 3, 5)
        .build();
    assert_eq!(outcome(&s).winners, [1, 2]);
}

#[test]
fn example_6_two_vs_one_with_a_single_follower() {
    let mut s = Scenario::new(3)
        .prov("BANGKOK", 1, 0, 0)
        .prov("KORAT", 0, 1, 0)
        .build();
    act(&mut s, 0, "PLAY 2V1");
    assert!(
        is_legal(&s, 0, "X2 KORAT LAO BANGKOK RAMA"),
        "either side may be the two side"
    );
    act(&mut s, 0, "X2 BANGKOK RAMA KORAT LAO");
    assert_eq!(s.province(p("BANGKOK")).followers, fl(0, 1, 0));
    assert_eq!(s.province(p("KORAT")).followers, fl(1, 0, 0));
    assert_eq!(s.card_play.as_ref().map(|c| c.step), Some(Step::Take));
}

#[test]
fn example_6b_two_rama_for_one_malay() {
    let mut s = Scenario::new(3)
        .prov("BANGKOK", 3, 0, 0)
        .prov("KORAT", 0, 0, 2)
        .build();
    act(&mut s, 0, "PLAY 2V1");
    act(&mut s, 0, "X2 BANGKOK RAMA,RAMA KORAT MALAY");
    assert_eq!(s.province(p("BANGKOK")).followers, fl(1, 0, 1));
    assert_eq!(s.province(p("KORAT")).followers, fl(2, 0, 1));
}

#[test]
fn example_6c_no_valid_pair() {
    let mut sc = Scenario::new(3).prov("PATTANI", 1, 1, 1);
    for (i, id) in [
        "CHIANG_MAI",
        "NAN",
        "SUKOTHAI",
        "KORAT",
        "BANGKOK",
        "CHANTHABURI",
    ]
    .iter()
    .enumerate()
    {
        sc = sc.decided(id, if i < 3 { R } else { L }, i as u8 + 1);
    }
    let mut s = sc.build();
    let ev = act(&mut s, 0, "PLAY 2V1");
    assert!(ev.contains(&Event::EffectSkipped {
        seat: 0,
        card: Card::TwoVsOne,
        faction: None
    }));
    assert_eq!(
        legal(&s, 0),
        [
            "TAKE PATTANI RAMA",
            "TAKE PATTANI LAO",
            "TAKE PATTANI MALAY"
        ]
    );
}

#[test]
fn example_6d_one_vs_one() {
    let mut s = Scenario::new(3)
        .prov("SUKOTHAI", 2, 0, 0)
        .prov("NAN", 0, 2, 0)
        .build();
    act(&mut s, 0, "PLAY 1V1");
    assert_eq!(rule(&s, 0, "X1 SUKOTHAI RAMA NAN LAO"), "KS-12");
    act(&mut s, 0, "X1 NAN LAO SUKOTHAI RAMA");
    assert_eq!(s.province(p("SUKOTHAI")).followers, fl(1, 1, 0));
    assert_eq!(s.province(p("NAN")).followers, fl(1, 1, 0));
}

#[test]
fn example_7_khon_thai_with_an_incomplete_pool() {
    let mut s = Scenario::new(3)
        .track(&["KORAT"])
        .prov("KORAT", 1, 0, 0)
        .pool(0, 3, 2)
        .build();
    let ev = act(&mut s, 0, "PLAY KHON_THAI");
    assert!(ev.contains(&Event::EffectSkipped {
        seat: 0,
        card: Card::KhonThai,
        faction: Some(Rama)
    }));
    assert_eq!(
        s.card_play.as_ref().map(|c| c.step),
        Some(Step::KhonThai(Lao))
    );
    act(&mut s, 0, "PLACE KORAT");
    act(&mut s, 0, "PLACE KORAT");
    assert_eq!(s.pool, fl(0, 2, 1));
    assert_eq!(s.province(p("KORAT")).followers, fl(1, 1, 1));
    assert_eq!(s.card_play.as_ref().map(|c| c.step), Some(Step::Take));
}

#[test]
fn example_8a_lao_targets_at_the_start() {
    let mut s = Scenario::new(3)
        .prov("CHIANG_MAI", 0, 2, 0)
        .prov("NAN", 1, 1, 1)
        .current(1)
        .build();
    assert_eq!(anchors(&s, Lao), [p("CHIANG_MAI")]);
    assert_eq!(faction_targets(&s, Lao), [p("NAN"), p("SUKOTHAI")]);
    let seat = s.current;
    act(&mut s, seat, "PLAY LAO");
    assert_eq!(rule(&s, seat, "PLACE CHIANG_MAI"), "KS-10");
    let before = s.province(p("NAN")).followers.get(Lao);
    act(&mut s, seat, "PLACE NAN");
    assert_eq!(s.province(p("NAN")).followers.get(Lao), before + 2);
}

#[test]
fn example_8b_lao_home_lost_no_target() {
    let mut s = Scenario::new(3)
        .decided("CHIANG_MAI", R, 1)
        .prov("NAN", 1, 0, 0)
        .build();
    assert!(anchors(&s, Lao).is_empty());
    let ev = act(&mut s, 0, "PLAY LAO");
    assert!(ev.contains(&Event::EffectSkipped {
        seat: 0,
        card: Card::Lao,
        faction: None
    }));
    act(&mut s, 0, "TAKE NAN RAMA");
    assert_eq!(s.seats[0].played, [Card::Lao]);
}

#[test]
fn example_8c_lao_targets_from_a_controlled_province() {
    let mut s = Scenario::new(3)
        .track(&["KORAT", "CHIANG_MAI", "SUKOTHAI", "NAKHON"])
        .decided("KORAT", L, 1)
        .decided("CHIANG_MAI", B, 2)
        .decided("SUKOTHAI", R, 3)
        .decided("NAKHON", M, 4)
        .pool(5, 1, 5)
        .build();
    assert_eq!(anchors(&s, Lao), [p("KORAT")]);
    assert_eq!(
        faction_targets(&s, Lao),
        [p("NAN"), p("BANGKOK"), p("CHANTHABURI")]
    );
    act(&mut s, 0, "PLAY LAO");
    act(&mut s, 0, "PLACE BANGKOK");
    assert_eq!(s.province(p("BANGKOK")).followers, fl(0, 1, 0));
}

#[test]
fn example_9_king_card() {
    let mut s = Scenario::new(3)
        .track(&["SUKOTHAI", "KORAT", "PATTANI", "NAN"])
        .decided("SUKOTHAI", R, 1)
        .prov("KORAT", 1, 0, 0)
        .build();
    assert_eq!(s.contested(), Some(p("KORAT")));
    act(&mut s, 0, "PLAY KING");
    act(&mut s, 0, "KING KORAT NAN NAN");
    assert_eq!(s.track[1], p("NAN"));
    assert_eq!(s.track[3], p("KORAT"));
    assert_eq!(s.contested(), Some(p("NAN")));
    assert_eq!(s.passes, 0);
    act(&mut s, 0, "TAKE KORAT RAMA");
    act(&mut s, 1, "PLAY KING");
    assert_eq!(rule(&s, 1, "KING NAN PATTANI PATTANI"), "KS-14");
    assert_eq!(rule(&s, 1, "KING SUKOTHAI PATTANI PATTANI"), "KS-14");
    act(&mut s, 1, "KING PATTANI KORAT KORAT");
    assert_eq!(s.track[2], p("KORAT"));
    assert_eq!(s.track[3], p("PATTANI"));
}

#[test]
fn example_10_turn_order_passing_and_re_entry() {
    let mut s = Scenario::new(3)
        .prov("CHIANG_MAI", 2, 2, 2)
        .prov("NAN", 2, 2, 2)
        .build();
    act(&mut s, 0, "PASS");
    assert_eq!(s.passes, 1);
    play_first_choices(&mut s, Card::KhonThai);
    assert_eq!(s.passes, 0);
    act(&mut s, 2, "PASS");
    play_first_choices(&mut s, Card::KhonThai);
    assert_eq!(s.passes, 0);
    act(&mut s, 1, "PASS");
    act(&mut s, 2, "PASS");
    assert!(s.is_undecided(p("CHIANG_MAI")));
    let ev = act(&mut s, 0, "PASS");
    assert_eq!(resolved(&ev).len(), 1);
    assert_eq!(s.current, 1, "B begins the next struggle");
}

#[test]
fn example_10b_out_of_cards_automatic_pass() {
    let mut s = Scenario::new(2)
        .prov("CHIANG_MAI", 1, 0, 0)
        .prov("NAN", 0, 1, 0)
        .hand(1, &[])
        .build();
    let ev = play_first_choices(&mut s, Card::King);
    assert!(ev.contains(&Event::Passed {
        seat: 1,
        automatic: true,
        passes: 1
    }));
    assert_eq!(KingOfSiam::to_act(&s), [0], "B is never asked");
    let ev = act(&mut s, 0, "PASS");
    assert_eq!(resolved(&ev).len(), 1);
    // The next struggle begins with B's automatic pass, then A.
    assert_eq!(
        ev.last(),
        Some(&Event::Passed {
            seat: 1,
            automatic: true,
            passes: 1
        })
    );
    assert_eq!((s.current, s.passes), (0, 1));
}

#[test]
fn example_11_team_normal_ending_no_pooling() {
    let decisions = [
        ("CHIANG_MAI", M),
        ("NAN", M),
        ("SUKOTHAI", M),
        ("KORAT", L),
        ("BANGKOK", R),
        ("CHANTHABURI", B),
        ("NAKHON", B),
        ("PATTANI", B),
    ];
    let s = finished(4, &decisions)
        .court(0, 0, 0, 3)
        .court(1, 0, 0, 4)
        .court(2, 0, 0, 2)
        .court(3, 0, 0, 1)
        .build();
    let o = outcome(&s);
    assert_eq!(
        o.winners,
        [1, 3],
        "P2's 4 Malay beat P1's 3 although both teams hold 5"
    );
    assert_eq!(
        o.results.iter().map(|r| r.score).collect::<Vec<_>>(),
        [3, 4, 2, 1]
    );
}

#[test]
fn example_11b_tie_across_teams() {
    let decisions = [
        ("CHIANG_MAI", M),
        ("NAN", M),
        ("SUKOTHAI", M),
        ("KORAT", L),
        ("BANGKOK", R),
        ("CHANTHABURI", B),
        ("NAKHON", B),
        ("PATTANI", B),
    ];
    // Ranking: Malay, Rama (latest 5), Lao (4). P1 and P2 tie on Malay; P1
    // has more Rama → team X (seats 0, 2) wins.
    let s = finished(4, &decisions)
        .court(0, 2, 0, 4)
        .court(1, 1, 5, 4)
        .court(2, 0, 0, 0)
        .court(3, 0, 0, 1)
        .build();
    assert_eq!(outcome(&s).winners, [0, 2]);
    // Every step tied: draw.
    let s = finished(4, &decisions)
        .court(0, 1, 1, 4)
        .court(1, 1, 1, 4)
        .build();
    let o = outcome(&s);
    assert!(o.draw && o.winners.is_empty());
}

#[test]
fn example_12_three_player_last_card_completions() {
    let s = example_12(3);
    // Completion X is legal.
    let mut x = s.clone();
    for t in [
        "PLAY KHON_THAI",
        "PLACE KORAT",
        "PLACE NAN",
        "PLACE NAN",
        "TAKE KORAT LAO",
    ] {
        act(&mut x, 0, t);
    }
    assert_eq!(x.seats[0].court, fl(5, 3, 2));
    // Completion Y is not.
    let mut y = s.clone();
    for t in ["PLAY KHON_THAI", "PLACE NAN", "PLACE NAN", "PLACE NAN"] {
        act(&mut y, 0, t);
    }
    for take in [
        "TAKE NAN RAMA",
        "TAKE NAN LAO",
        "TAKE NAN MALAY",
        "TAKE BANGKOK RAMA",
        "TAKE CHANTHABURI LAO",
        "TAKE KORAT RAMA",
    ] {
        assert_eq!(rule(&y, 0, take), "KS-15");
    }
    // Hypothetical scoring of the final positions.
    let mut before_take = s.clone();
    for t in ["PLAY KHON_THAI", "PLACE KORAT", "PLACE NAN", "PLACE NAN"] {
        act(&mut before_take, 0, t);
    }
    let mut after = before_take.clone();
    apply::perform_step(
        &mut after,
        0,
        &notation::parse_action("TAKE KORAT LAO").unwrap(),
        &mut Vec::new(),
    )
    .unwrap();
    assert_eq!(hypothetical_sole_winner(&after), Some(0));
}

#[test]
fn example_12b_no_restriction_with_two_players() {
    let mut y = example_12(2);
    for t in ["PLAY KHON_THAI", "PLACE NAN", "PLACE NAN", "PLACE NAN"] {
        act(&mut y, 0, t);
    }
    assert_eq!(legal(&y, 0).len(), 3 + 2 + 1 + 1);
    act(&mut y, 0, "TAKE NAN RAMA");
}

// ---------------------------------------------------------------------------
// Notation, view and text
// ---------------------------------------------------------------------------

#[test]
fn notation_round_trips_and_ignores_case() {
    let samples = [
        "PASS",
        "PLAY KHON_THAI",
        "PLAY 1V1",
        "PLACE NAN",
        "X1 NAN LAO SUKOTHAI RAMA",
        "X2 BANGKOK RAMA,RAMA KORAT MALAY",
        "X2 BANGKOK RAMA KORAT LAO",
        "KING KORAT NAN NAN",
        "TAKE KORAT LAO",
    ];
    for t in samples {
        let a = notation::parse_action(t).unwrap();
        assert_eq!(notation::format_action(&a), t);
        assert_eq!(notation::parse_action(&t.to_lowercase()).unwrap(), a);
    }
    assert_eq!(
        notation::parse_action("  play   one_vs_one ").unwrap(),
        Action::Play(Card::OneVsOne)
    );
    assert_eq!(
        notation::parse_action("exchange_2v1 nan rama korat lao").unwrap(),
        notation::parse_action("X2 NAN RAMA KORAT LAO").unwrap()
    );
    for bad in [
        "",
        "PASS NOW",
        "PLAY JOKER",
        "PLACE ATLANTIS",
        "X1 NAN LAO SUKOTHAI",
        "X2 NAN RAMA,LAO,MALAY KORAT LAO",
        "X2 NAN , KORAT LAO",
        "TAKE NAN BRITISH",
        "KING A B C",
        "FOO",
    ] {
        assert!(notation::parse_action(bad).is_err(), "{bad:?}");
    }
}

#[test]
fn view_is_complete_and_the_same_for_everybody() {
    let mut s = example_12(3);
    act(&mut s, 0, "PLAY KHON_THAI");
    act(&mut s, 0, "PLACE KORAT");
    let v = KingOfSiam::view(&s, Some(1));
    assert_eq!(v, KingOfSiam::view(&s, None));
    assert_eq!(v.current_player, Some(0));
    assert_eq!(v.contested, Some(p("KORAT")));
    assert_eq!(v.british, 1);
    assert_eq!(v.track.len(), 8);
    assert!(!v.track[0].face_up && v.track[4].face_up);
    assert_eq!(v.provinces[p("KORAT").index()].followers, fl(2, 1, 0));
    assert_eq!(v.factions[Lao.index()].provinces, 2);
    assert_eq!(v.factions[Lao.index()].last_conquest, Some(3));
    assert_eq!(v.seats[1].hand, [Card::Rama, Card::King]);
    let cp = v.card_play.unwrap();
    assert_eq!(
        (cp.card, cp.step, cp.last_card),
        (Card::KhonThai, Step::KhonThai(Lao), true)
    );
    assert_eq!(
        cp.choices,
        [Action::Play(Card::KhonThai), Action::Place(p("KORAT"))]
    );
}

#[test]
fn text_shows_the_board() {
    let mut s = example_12(3);
    act(&mut s, 0, "PLAY KHON_THAI");
    let t = KingOfSiam::render_text(&s, None);
    assert!(t.contains("*KORAT*"), "{t}");
    assert!(t.contains("[NAKHON=BRITISH]"), "{t}");
    assert!(t.contains("KORAT        R1 L1 M0"), "{t}");
    assert!(t.contains("> seat 0"), "{t}");
    assert!(
        t.contains("Card play: seat 0 plays KHON_THAI (last card, KS-15)"),
        "{t}"
    );
    assert_eq!(t, KingOfSiam::render_text(&s, Some(2)));
}
