//! Invariants over random tournaments: no entrant twice in a round, byes
//! rotate, no repeat pairing while one is avoidable, everyone meets
//! everyone in a round-robin, the withdrawn are never paired.

use std::collections::BTreeSet;

use proptest::prelude::*;

use super::*;

/// Plays every open table of `t` from `dice`: a place per position, and now
/// and then a forfeit.
fn play_open(t: &mut Tournament, dice: &mut impl Iterator<Item = u8>) {
    for i in 0..t.tables().len() {
        if t.tables()[i].finished() {
            continue;
        }
        let n = t.tables()[i].entrants.len();
        let roll = dice.next().unwrap_or(0);
        if roll % 11 == 0 {
            t.record_forfeit(i, usize::from(roll) % n).unwrap();
            if t.tables()[i].finished() {
                continue;
            }
        }
        let places: Vec<u8> = (0..n).map(|_| dice.next().unwrap_or(0) % 4).collect();
        t.record_result(i, &places).unwrap();
    }
}

/// Whether `players` can all be paired two by two with no pair that has met.
fn fresh_matching(players: &[EntrantId], met: &BTreeSet<(EntrantId, EntrantId)>) -> bool {
    let Some((&a, rest)) = players.split_first() else {
        return true;
    };
    rest.iter().any(|&b| {
        !met.contains(&(a.min(b), a.max(b))) && {
            let others: Vec<EntrantId> = rest.iter().copied().filter(|&x| x != b).collect();
            fresh_matching(&others, met)
        }
    })
}

fn pairs_of(table: &[EntrantId]) -> Vec<(EntrantId, EntrantId)> {
    let mut v = Vec::new();
    for (i, &a) in table.iter().enumerate() {
        for &b in &table[i + 1..] {
            v.push((a.min(b), a.max(b)));
        }
    }
    v
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn swiss_rounds_keep_their_rules(
        n in 2usize..=12,
        size in 2u8..=4,
        rounds in 1u32..=6,
        dice in proptest::collection::vec(any::<u8>(), 400),
        leaving in proptest::collection::vec((1u32..=6, 0usize..12), 0..3),
    ) {
        prop_assume!(n >= usize::from(size));
        let mut t = swiss(n, size, rounds);
        let mut dice = dice.into_iter();
        let mut met = BTreeSet::new();
        for r in 1..=rounds {
            for &(when, who) in &leaving {
                if when == r && who < n && !t.entrants()[who].withdrawn {
                    t.withdraw(EntrantId::from(who)).unwrap();
                }
            }
            let active: Vec<EntrantId> = (0..n)
                .map(EntrantId::from)
                .filter(|e| !t.entrants()[e.index()].withdrawn)
                .collect();
            let byes_before: Vec<u32> = t.standings().iter().fold(vec![0; n], |mut v, s| {
                v[s.entrant.index()] = s.byes;
                v
            });
            if active.len() < usize::from(size) {
                prop_assert!(t.pair_next_round(r).is_err());
                prop_assert!(t.finished(0));
                break;
            }
            let range = t.pair_next_round(r).unwrap();
            let tables: Vec<Vec<EntrantId>> =
                t.tables()[range].iter().map(|x| x.entrants.clone()).collect();
            let byes = t.rounds()[r as usize - 1].byes.clone();
            // Everyone active exactly once; nobody withdrawn.
            let mut seen: Vec<EntrantId> = tables.concat();
            seen.extend(&byes);
            seen.sort();
            prop_assert_eq!(&seen, &active);
            prop_assert!(tables.iter().all(|x| x.len() == usize::from(size)));
            // Byes go to those with the fewest: nobody gets one while
            // someone left without has fewer.
            for b in &byes {
                for x in active.iter().filter(|x| !byes.contains(x)) {
                    prop_assert!(byes_before[b.index()] <= byes_before[x.index()], "bye to {:?} before {:?}", b, x);
                }
            }
            if size == 2 {
                let paired: Vec<EntrantId> = tables.concat();
                if fresh_matching(&paired, &met) {
                    for x in &tables {
                        prop_assert!(!met.contains(&pairs_of(x)[0]), "avoidable repeat {:?}", x);
                    }
                }
            }
            for x in &tables {
                met.extend(pairs_of(x));
            }
            play_open(&mut t, &mut dice);
        }
    }

    #[test]
    fn round_robins_meet_everyone(
        n in 2usize..=10,
        size in 2u8..=4,
        dice in proptest::collection::vec(any::<u8>(), 800),
    ) {
        prop_assume!(n >= usize::from(size));
        let mut t = Tournament::new(Config::new(Format::RoundRobin, size), names(n)).unwrap();
        let mut dice = dice.into_iter();
        let total = t.total_rounds().unwrap();
        let mut met = BTreeSet::new();
        for r in 1..=total {
            let range = t.pair_next_round(r).unwrap();
            let mut seen: Vec<EntrantId> = t.tables()[range.clone()]
                .iter()
                .flat_map(|x| x.entrants.clone())
                .collect();
            for x in &t.tables()[range] {
                met.extend(pairs_of(&x.entrants));
            }
            seen.extend(&t.rounds()[r as usize - 1].sit_outs);
            seen.sort();
            prop_assert_eq!(seen, (0..n).map(EntrantId::from).collect::<Vec<_>>());
            play_open(&mut t, &mut dice);
        }
        prop_assert_eq!(met.len(), n * (n - 1) / 2);
        prop_assert!(t.finished(0));
        let games: BTreeSet<u32> = t.standings().iter().map(|s| s.games).collect();
        prop_assert_eq!(games.len(), 1, "everyone plays as often");
    }

    #[test]
    fn an_arena_never_seats_anyone_twice_or_the_withdrawn(
        n in 2usize..=9,
        size in 2u8..=4,
        steps in proptest::collection::vec((any::<u8>(), any::<u8>()), 1..60),
    ) {
        prop_assume!(n >= usize::from(size));
        let arena = Format::Arena { start_ms: 0, end_ms: 1_000 };
        let mut t = Tournament::new(Config::new(arena, size), names(n)).unwrap();
        for (i, (what, which)) in steps.into_iter().enumerate() {
            let now = u64::try_from(i).unwrap() * 20;
            let open: Vec<usize> =
                (0..t.tables().len()).filter(|&j| !t.tables()[j].finished()).collect();
            match what % 4 {
                0 if !open.is_empty() => {
                    let j = open[usize::from(which) % open.len()];
                    let places: Vec<u8> =
                        (0..usize::from(size)).map(|p| (which >> p) % 3).collect();
                    t.record_result(j, &places).unwrap();
                }
                1 => {
                    let who = EntrantId::from(usize::from(which) % n);
                    let _ = t.withdraw(who);
                }
                _ => {
                    t.pair_arena(now).unwrap();
                }
            }
            let mut busy = Vec::new();
            for x in t.tables().iter().filter(|x| !x.finished()) {
                // A withdrawn entrant stays at its table as forfeited.
                let playing = x.entrants.iter().zip(&x.forfeited).filter(|(_, f)| !**f);
                for (e, _) in playing {
                    prop_assert!(!t.entrants()[e.index()].withdrawn, "{:?} withdrawn and seated", e);
                    busy.push(*e);
                }
            }
            busy.extend(t.waiting());
            let len = busy.len();
            busy.sort();
            busy.dedup();
            prop_assert_eq!(busy.len(), len, "someone seated twice or seated and waiting");
            let active = t.entrants().iter().filter(|e| !e.withdrawn).count();
            prop_assert_eq!(len, active, "every active entrant is seated or waiting");
        }
    }
}
