use super::*;

/// What a schedule gives each entrant and pair.
struct Tally {
    meetings: Vec<Vec<u32>>,
    firsts: Vec<u32>,
    games: Vec<u32>,
    sit_outs: Vec<u32>,
}

fn tally(n: usize, plans: &[Plan]) -> Tally {
    let mut t = Tally {
        meetings: vec![vec![0; n]; n],
        firsts: vec![0; n],
        games: vec![0; n],
        sit_outs: vec![0; n],
    };
    for plan in plans {
        let mut seen = vec![false; n];
        for table in &plan.tables {
            t.firsts[table[0]] += 1;
            for &a in table {
                assert!(!seen[a], "{a} twice in a round");
                seen[a] = true;
                t.games[a] += 1;
                for &b in table {
                    if a != b {
                        t.meetings[a][b] += 1;
                    }
                }
            }
        }
        for &s in &plan.sit_outs {
            assert!(!seen[s], "{s} sits out and plays");
            seen[s] = true;
            t.sit_outs[s] += 1;
        }
        assert!(seen.iter().all(|&s| s), "someone missing from a round");
    }
    t
}

fn spread(v: &[u32]) -> u32 {
    v.iter().max().unwrap_or(&0) - v.iter().min().unwrap_or(&0)
}

#[test]
fn the_circle_meets_everyone_once_with_balanced_colours() {
    for n in 2..=13 {
        let plans = schedule(n, 2);
        let t = tally(n, &plans);
        assert_eq!(plans.len(), if n % 2 == 0 { n - 1 } else { n });
        for a in 0..n {
            for b in 0..n {
                assert_eq!(t.meetings[a][b], u32::from(a != b), "n={n} {a}-{b}");
            }
        }
        assert!(spread(&t.firsts) <= 1, "n={n} firsts {:?}", t.firsts);
        assert_eq!(spread(&t.sit_outs), 0, "n={n}");
    }
}

/// The guarantee for tables of 3 and 4, with the figures this schedule
/// reaches for 6 to 9 entrants (rounds, most meetings of one pair, spread
/// of first seats), so a change that makes it worse fails here.
#[test]
fn tables_of_three_and_four_cover_every_pair_with_equal_sit_outs() {
    // (entrants, size, rounds, most meetings of a pair, first-seat spread)
    let expected = vec![
        (6, 3, 4, 4, 1),
        (7, 3, 7, 3, 0),
        (8, 3, 8, 3, 2),
        (9, 3, 4, 1, 1),
        (6, 4, 3, 2, 1),
        (7, 4, 7, 4, 2),
        (8, 4, 3, 3, 1),
        (9, 4, 9, 4, 0),
    ];
    let mut measured = Vec::new();
    for &(n, size, ..) in &expected {
        let plans = schedule(n, size);
        let t = tally(n, &plans);
        for a in 0..n {
            for b in 0..n {
                assert!(
                    a == b || t.meetings[a][b] >= 1,
                    "n={n} size={size}: {a}-{b} never met"
                );
            }
        }
        assert_eq!(spread(&t.sit_outs), 0, "n={n} size={size}");
        assert_eq!(spread(&t.games), 0, "n={n} size={size}");
        let worst = t.meetings.iter().flatten().max().copied().unwrap_or(0);
        measured.push((n, size, plans.len(), worst, spread(&t.firsts)));
    }
    assert_eq!(measured, expected);
}
