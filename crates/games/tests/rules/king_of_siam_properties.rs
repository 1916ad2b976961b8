//! Property tests of the King of Siam engine: random playouts to the end for
//! 2, 3 and 4 players with the generic conformance checks (legal actions vs
//! apply both ways, notation round trips, atomic rejection), the invariants
//! of Appendix A after every step, view checks (section 7) and replay.

use std::cell::RefCell;

use satrap_engine::conformance::{Checks, Playout, check_replay, random_playout};
use satrap_engine::{Game, GameRng, SetupError};
use satrap_games::WireGame;
use satrap_games::king_of_siam::card::DECK;
use satrap_games::king_of_siam::faction::FOLLOWERS_PER_FACTION;
use satrap_games::king_of_siam::{
    Action, Card, Controller, Faction, Hand, KingOfSiam, Options, Province, Sent, State,
};

/// Games per player count.
const GAMES: u64 = 200;
/// Every listed action is applied on a copy while the list is at most this
/// long: with 400 that is always (the longest list, 2 vs 1, has at most 396).
const EXHAUSTIVE_LIMIT: usize = 400;

fn pick<T: Copy>(rng: &mut GameRng, items: &[T]) -> T {
    items[rng.index(items.len())]
}

fn province(rng: &mut GameRng) -> Province {
    let all: Vec<Province> = Province::all().collect();
    pick(rng, &all)
}

fn faction(rng: &mut GameRng) -> Faction {
    pick(rng, &Faction::ALL)
}

/// Random, mostly illegal actions of every kind.
fn candidates(state: &State, rng: &mut GameRng) -> Vec<Action> {
    let mut out = vec![Action::Pass];
    for _ in 0..3 {
        out.push(Action::Play(pick(rng, &Card::ALL)));
        out.push(Action::Place(province(rng)));
        out.push(Action::Exchange1v1 {
            p: province(rng),
            f: faction(rng),
            q: province(rng),
            g: faction(rng),
        });
        let sent: Vec<Faction> = (0..1 + rng.index(2)).map(|_| faction(rng)).collect();
        let sent = Sent::new(&sent).expect("one or two factions");
        out.push(Action::Exchange2v1 {
            p: province(rng),
            sent,
            q: province(rng),
            g: faction(rng),
        });
        let (t1, t2) = (province(rng), province(rng));
        out.push(Action::King {
            t1,
            t2,
            marker: if rng.below(4) == 0 {
                province(rng)
            } else {
                pick(rng, &[t1, t2])
            },
        });
        out.push(Action::Take {
            province: province(rng),
            faction: faction(rng),
        });
    }
    // Near misses: legal-looking exchanges on the actual board.
    if let Some(p) = state.undecided().next() {
        for q in p.neighbours() {
            out.push(Action::Exchange1v1 {
                p,
                f: faction(rng),
                q,
                g: faction(rng),
            });
            out.push(Action::Exchange2v1 {
                p: q,
                sent: Sent::new(&[faction(rng), faction(rng)]).expect("two factions"),
                q: p,
                g: faction(rng),
            });
        }
    }
    out
}

/// The invariants of Appendix A, plus consistency of the turn.
fn invariants(s: &State, marked: &RefCell<Vec<(Province, usize)>>) -> Result<(), String> {
    // 1. Followers conserved.
    for f in Faction::ALL {
        let board: u32 = s
            .provinces
            .iter()
            .map(|p| u32::from(p.followers.get(f)))
            .sum();
        let courts: u32 = s.seats.iter().map(|x| u32::from(x.court.get(f))).sum();
        let total = u32::from(s.pool.get(f)) + board + courts;
        if total != u32::from(FOLLOWERS_PER_FACTION) {
            return Err(format!("{f}: pool+board+courts = {total}"));
        }
    }
    // 2. Decided provinces are empty and carry a control marker and a struggle.
    for p in Province::all() {
        let ps = s.province(p);
        match ps.controller {
            Some(_) if !ps.followers.is_empty() => {
                return Err(format!("decided {p} holds followers"));
            }
            Some(_) if ps.resolved_at.is_none() => {
                return Err(format!("decided {p} without struggle"));
            }
            None if ps.resolved_at.is_some() => {
                return Err(format!("undecided {p} has a struggle"));
            }
            _ => {}
        }
    }
    // 3. Hands + played (+ the card in play) = the deck.
    for (seat, x) in s.seats.iter().enumerate() {
        let mut cards = x.hand.cards();
        cards.extend(x.played.iter().copied());
        if let Some(cp) = &s.card_play
            && cp.seat == seat
        {
            cards.push(cp.card);
        }
        if Hand::of(&cards) != Hand::full() || cards.len() != DECK.len() {
            return Err(format!("seat {seat}: hand+played = {cards:?}"));
        }
        // 4. Court size = 2 + cards played - skipped takes.
        let expected = 2 + x.played.len() as u32 - u32::from(x.takes_skipped);
        if x.court.total() != expected {
            return Err(format!(
                "seat {seat}: court {} != {expected}",
                x.court.total()
            ));
        }
    }
    // 5. British count.
    let british = s
        .provinces
        .iter()
        .filter(|p| p.controller == Some(Controller::British))
        .count();
    if british != usize::from(s.british) || s.british > 4 {
        return Err(format!("british {} vs {british} provinces", s.british));
    }
    let decided = s.decided();
    let should_be_over = s.british == 4 || decided == 8;
    if s.over != should_be_over {
        return Err(format!(
            "over = {} with {decided} decided, {} British",
            s.over, s.british
        ));
    }
    // 6. Decided provinces = struggle index - 1.
    if decided + 1 != usize::from(s.struggle) {
        return Err(format!("{decided} decided in struggle {}", s.struggle));
    }
    // Most recent conquests match the control markers.
    for f in Faction::ALL {
        let latest = s
            .provinces
            .iter()
            .filter(|p| p.controller == Some(Controller::Faction(f)))
            .filter_map(|p| p.resolved_at)
            .max();
        if latest != s.last_conquest[f.index()] {
            return Err(format!("{f}: last conquest {:?}", s.last_conquest));
        }
    }
    // 7. King markers: at most one per player, and a marked tile never moves.
    let mut now = Vec::new();
    for p in Province::all() {
        if let Some(k) = s.province(p).king_marker {
            now.push((p, s.box_of(p)));
            if !s.seats[k].king_marker_used {
                return Err(format!("marker of seat {k} on {p} but not used"));
            }
        }
    }
    for seat in 0..s.players {
        let markers = Province::all()
            .filter(|p| s.province(*p).king_marker == Some(seat))
            .count();
        if markers != usize::from(s.seats[seat].king_marker_used) {
            return Err(format!("seat {seat} has {markers} King markers placed"));
        }
    }
    for (p, b) in marked.borrow().iter() {
        if !now.contains(&(*p, *b)) {
            return Err(format!("marked tile {p} left box {}", b + 1));
        }
    }
    *marked.borrow_mut() = now;
    // The turn: the seat to act holds a card or is in its card play.
    if !s.over {
        if usize::from(s.passes) >= s.players {
            return Err(format!("{} passes pending", s.passes));
        }
        let cur = &s.seats[s.current];
        match &s.card_play {
            Some(cp) if cp.seat != s.current => return Err("card play of another seat".into()),
            None if cur.hand.is_empty() => return Err("seat to act has no cards".into()),
            _ => {}
        }
    }
    Ok(())
}

/// Section 7: every seat sees what the spectator sees, and nothing anywhere
/// shows the seed.
fn views(s: &State, seed: u64) -> Result<(), String> {
    let spectator = KingOfSiam::view(s, None);
    for seat in 0..s.players {
        if KingOfSiam::view(s, Some(seat)) != spectator {
            return Err(format!("seat {seat} sees something else than a spectator"));
        }
        if KingOfSiam::render_text(s, Some(seat)) != KingOfSiam::render_text(s, None) {
            return Err(format!("seat {seat} text differs"));
        }
    }
    let wire = KingOfSiam::view_to_proto(&spectator);
    let texts = [
        format!("{spectator:?}"),
        format!("{wire:?}"),
        format!("{s:?}"),
        KingOfSiam::render_text(s, None),
    ];
    for needle in [seed.to_string(), format!("{seed:x}"), format!("{seed:X}")] {
        if texts.iter().any(|t| t.contains(&needle)) {
            return Err(format!("the seed {needle} shows in a view"));
        }
    }
    Ok(())
}

/// Seats other than the one to act are refused with KS-4, and nothing changes.
fn other_seats_refused(s: &State, rng: &mut GameRng) -> Result<(), String> {
    for seat in 0..s.players {
        if !s.over && seat == s.current {
            continue;
        }
        for a in candidates(s, rng).into_iter().take(4) {
            let mut probe = s.clone();
            match KingOfSiam::apply(&mut probe, seat, &a) {
                Ok(_) => return Err(format!("seat {seat} not to act, but {a:?} accepted")),
                Err(e) if e.rule != "KS-4" => {
                    return Err(format!("seat {seat}: {a:?} refused with {e}, not KS-4"));
                }
                Err(_) if probe != *s => return Err("rejected action changed the state".into()),
                Err(_) => {}
            }
        }
    }
    Ok(())
}

fn seed_for(players: usize, i: u64) -> u64 {
    // Large seeds, so their digits cannot appear in a view by chance.
    (0x9E37_79B9_7F4A_7C15_u64 ^ (players as u64) << 56).wrapping_mul(i + 1) | (1 << 63)
}

fn play(players: usize, seed: u64) -> Playout<KingOfSiam> {
    let marked = RefCell::new(Vec::new());
    let extra = RefCell::new(GameRng::from_seed(seed ^ 0xABCD));
    let inv = |s: &State| {
        invariants(s, &marked)?;
        other_seats_refused(s, &mut extra.borrow_mut())
    };
    let view_check = |s: &State| views(s, seed);
    let checks = Checks::<KingOfSiam> {
        invariants: &inv,
        candidates: &candidates,
        views: &view_check,
        exhaustive_limit: EXHAUSTIVE_LIMIT,
    };
    random_playout::<KingOfSiam>(&Options::default(), players, seed, 2000, &checks)
        .unwrap_or_else(|e| panic!("{e}"))
}

fn many_games(players: usize) {
    let mut endings = std::collections::BTreeMap::new();
    for i in 0..GAMES {
        let seed = seed_for(players, i);
        let playout = play(players, seed);
        check_replay::<KingOfSiam>(&Options::default(), &playout).unwrap_or_else(|e| panic!("{e}"));
        let outcome = KingOfSiam::outcome(&playout.final_state).expect("finished");
        *endings.entry(outcome.ending).or_insert(0) += 1;
    }
    // Random play reaches both endings.
    assert_eq!(endings.len(), 2, "{endings:?}");
}

#[test]
fn random_games_2_players() {
    many_games(2);
}

#[test]
fn random_games_3_players() {
    many_games(3);
}

#[test]
fn random_games_4_players() {
    many_games(4);
}

#[test]
fn player_counts_outside_2_to_4_are_refused() {
    for n in [0, 1, 5, 8] {
        assert!(matches!(
            KingOfSiam::new_game(&Options::default(), n, 1),
            Err(SetupError::PlayerCount { got, .. }) if got == n
        ));
    }
}

#[test]
fn same_seed_same_game() {
    for players in 2..=4 {
        let a = play(players, 77);
        let b = play(players, 77);
        assert_eq!(a.final_state, b.final_state);
        let notations = |p: &Playout<KingOfSiam>| -> Vec<String> {
            p.steps.iter().map(|s| s.notation.clone()).collect()
        };
        assert_eq!(notations(&a), notations(&b));
    }
}

/// An independent, naive reading of KS-15's hypothetical scoring for 3
/// players: resolve the contested province as it stands, then score.
fn naive_sole_winner(s: &State) -> Option<usize> {
    let mut controllers: Vec<Option<Controller>> =
        Province::all().map(|p| s.province(p).controller).collect();
    let mut resolved_at: Vec<Option<u8>> =
        Province::all().map(|p| s.province(p).resolved_at).collect();
    if let Some(c) = s.contested() {
        let f = s.province(c).followers;
        let max = Faction::ALL.iter().map(|x| f.get(*x)).max().unwrap_or(0);
        let leaders: Vec<Faction> = Faction::ALL
            .into_iter()
            .filter(|x| f.get(*x) == max)
            .collect();
        controllers[c.index()] = Some(if leaders.len() == 1 {
            Controller::Faction(leaders[0])
        } else {
            Controller::British
        });
        resolved_at[c.index()] = Some(s.struggle);
    }
    let british = controllers
        .iter()
        .filter(|c| **c == Some(Controller::British))
        .count();
    let courts: Vec<[u8; 3]> = s.seats.iter().map(|x| x.court.0).collect();
    let best = |score: &dyn Fn(&[u8; 3]) -> Vec<u32>| -> Option<usize> {
        let keys: Vec<Vec<u32>> = courts.iter().map(score).collect();
        let top = keys.iter().max()?;
        let winners: Vec<usize> = (0..keys.len()).filter(|i| &keys[*i] == top).collect();
        (winners.len() == 1).then(|| winners[0])
    };
    if british >= 4 {
        return best(&|c: &[u8; 3]| vec![u32::from(*c.iter().min().unwrap_or(&0))]);
    }
    // (provinces, latest conquest) per faction.
    let standing = |f: Faction| {
        let mine: Vec<usize> = (0..8)
            .filter(|i| controllers[*i] == Some(Controller::Faction(f)))
            .collect();
        (
            mine.len(),
            mine.iter().filter_map(|i| resolved_at[*i]).max(),
        )
    };
    let mut order = Faction::ALL.to_vec();
    order.sort_by_key(|f| std::cmp::Reverse(standing(*f)));
    if standing(order[0]).0 == 0 {
        return None;
    }
    let second_third_tied = standing(order[1]) == standing(order[2]);
    best(&|c: &[u8; 3]| {
        let n = |f: Faction| u32::from(c[f.index()]);
        if second_third_tied {
            vec![n(order[0]), n(order[1]) + n(order[2])]
        } else {
            vec![n(order[0]), n(order[1]), n(order[2])]
        }
    })
}

/// All complete continuations of the card play in progress: does any end
/// with `seat` as the naive sole winner?
fn any_winning_completion(s: &State, seat: usize) -> bool {
    use satrap_games::king_of_siam::actions::step_candidates;
    use satrap_games::king_of_siam::apply::perform_step;
    if s.card_play.is_none() {
        return naive_sole_winner(s) == Some(seat);
    }
    step_candidates(s).iter().any(|a| {
        let mut next = s.clone();
        perform_step(&mut next, seat, a, &mut Vec::new()).is_ok()
            && any_winning_completion(&next, seat)
    })
}

#[test]
fn three_player_last_card_steps_are_exactly_the_winning_ones() {
    use satrap_games::king_of_siam::actions::step_candidates;
    use satrap_games::king_of_siam::apply::perform_step;
    let mut checked = 0;
    for seed in 0..300u64 {
        let mut s = KingOfSiam::new_game(&Options::default(), 3, seed).expect("setup");
        let mut rng = GameRng::from_seed(seed ^ 0x1A57);
        while let Some(&seat) = KingOfSiam::to_act(&s).first() {
            let legal = KingOfSiam::legal_actions(&s, seat);
            let last = match &s.card_play {
                Some(cp) => cp.last_card,
                None => s.seats[seat].hand.len() == 1,
            };
            if last {
                // Every rule-allowed step is listed iff a winning completion follows.
                let steps = match &s.card_play {
                    Some(_) => step_candidates(&s),
                    None => Card::ALL
                        .into_iter()
                        .filter(|c| s.seats[seat].hand.has(*c))
                        .map(Action::Play)
                        .collect(),
                };
                for a in steps {
                    let mut next = s.clone();
                    let ok = perform_step(&mut next, seat, &a, &mut Vec::new()).is_ok();
                    assert!(ok, "{a:?} is allowed by the card");
                    let wins = any_winning_completion(&next, seat);
                    assert_eq!(
                        legal.contains(&a),
                        wins,
                        "seed {seed}: {a:?} listed vs winning completion"
                    );
                    checked += 1;
                }
            }
            let a = legal[rng.index(legal.len())].clone();
            KingOfSiam::apply(&mut s, seat, &a).expect("listed");
        }
    }
    eprintln!("{checked} last-card steps checked");
    assert!(checked > 500, "only {checked} last-card steps checked");
}

/// Malformed input from clients — wire messages and notation — is an error,
/// never a panic, and whatever is accepted round-trips and is safe to apply.
#[test]
fn wire_and_notation_input_never_panics() {
    use satrap_proto as proto;
    use satrap_proto::king_of_siam_action as pa;
    let mut rng = GameRng::from_seed(99);
    let value = |rng: &mut GameRng| -> i32 {
        match rng.below(5) {
            0 => -(rng.below(3) as i32),
            1 => i32::MAX - rng.below(2) as i32,
            _ => rng.below(10) as i32,
        }
    };
    // A position in the middle of a game to apply accepted actions to.
    let mut state = KingOfSiam::new_game(&Options::default(), 3, 5).expect("setup");
    for _ in 0..7 {
        let seat = state.current;
        let a = KingOfSiam::legal_actions(&state, seat)[1].clone();
        KingOfSiam::apply(&mut state, seat, &a).expect("listed");
    }
    let mut accepted = 0;
    for i in 0..20_000 {
        let kind = match rng.below(8) {
            0 => pa::Kind::Pass(pa::Pass {}),
            1 => pa::Kind::Play(pa::Play {
                card: value(&mut rng),
            }),
            2 => pa::Kind::Place(pa::Place {
                province: value(&mut rng),
            }),
            3 => pa::Kind::Exchange1v1(pa::Exchange1v1 {
                province_a: value(&mut rng),
                faction_a: value(&mut rng),
                province_b: value(&mut rng),
                faction_b: value(&mut rng),
            }),
            4 => pa::Kind::Exchange2v1(pa::Exchange2v1 {
                two_side: value(&mut rng),
                sent: (0..rng.below(4)).map(|_| value(&mut rng)).collect(),
                one_side: value(&mut rng),
                returned: value(&mut rng),
            }),
            5 => pa::Kind::King(pa::King {
                tile_low: value(&mut rng),
                tile_high: value(&mut rng),
                marker: value(&mut rng),
            }),
            6 => pa::Kind::Take(pa::Take {
                province: value(&mut rng),
                faction: value(&mut rng),
            }),
            _ => {
                let empty = proto::Action { game: None };
                assert!(KingOfSiam::action_from_proto(&empty).is_err());
                continue;
            }
        };
        let wire = proto::Action {
            game: Some(proto::action::Game::KingOfSiam(proto::KingOfSiamAction {
                kind: Some(kind),
            })),
        };
        if let Ok(a) = KingOfSiam::action_from_proto(&wire) {
            accepted += 1;
            assert_eq!(
                KingOfSiam::action_from_proto(&KingOfSiam::action_to_proto(&a)),
                Ok(a.clone())
            );
            let text = KingOfSiam::format_action(&state, &a);
            assert_eq!(KingOfSiam::parse_action(&state, &text), Ok(a.clone()));
            let mut probe = state.clone();
            let seat = i % 4 % state.players;
            if KingOfSiam::apply(&mut probe, seat, &a).is_err() {
                assert_eq!(probe, state);
            }
        }
    }
    assert!(accepted > 1000);
    let tokens = [
        "PASS",
        "PLAY",
        "PLACE",
        "X1",
        "X2",
        "KING",
        "TAKE",
        "RAMA",
        "LAO",
        "MALAY",
        "KHON_THAI",
        "1V1",
        "2v1",
        "nan",
        "KORAT",
        "BANGKOK",
        ",",
        "RAMA,LAO",
        "rama,,lao",
        "LAO,",
        "",
        "ÄÖ",
        "exchange_1v1",
        "💥",
        "BRITISH",
        "9",
    ];
    for i in 0..20_000 {
        let n = rng.index(6);
        let text: Vec<&str> = (0..n).map(|_| tokens[rng.index(tokens.len())]).collect();
        let text = text.join(if i % 2 == 0 { " " } else { "  " });
        if let Ok(a) = KingOfSiam::parse_action(&state, &text) {
            let canonical = KingOfSiam::format_action(&state, &a);
            assert_eq!(
                KingOfSiam::parse_action(&state, &canonical),
                Ok(a.clone()),
                "{text:?}"
            );
            let mut probe = state.clone();
            if KingOfSiam::apply(&mut probe, i % state.players, &a).is_err() {
                assert_eq!(probe, state);
            }
        }
    }
}
