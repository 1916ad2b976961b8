use proptest::prelude::*;

use super::*;

fn waiting(display: f64, waited_ms: u64) -> Waiting {
    Waiting {
        display,
        waited_ms,
        bot_fill_after_ms: None,
    }
}

fn with_bots(display: f64, waited_ms: u64, after_ms: u64) -> Waiting {
    Waiting {
        display,
        waited_ms,
        bot_fill_after_ms: Some(after_ms),
    }
}

#[test]
fn window_starts_narrow_widens_and_opens() {
    assert_eq!(window(0), 5.0);
    assert_eq!(window(10_000), 10.0);
    assert_eq!(window(50_000), 30.0);
    assert!(window(59_999) < f64::INFINITY);
    assert_eq!(window(60_000), f64::INFINITY);
    assert_eq!(window(u64::MAX), f64::INFINITY);
    let mut last = window(0);
    for ms in (0..70_000).step_by(250) {
        assert!(window(ms) >= last, "window shrank at {ms} ms");
        last = window(ms);
    }
}

#[test]
fn two_players_who_fit_are_matched() {
    let queue = [waiting(10.0, 1_000), waiting(12.0, 3_000)];
    assert_eq!(
        find_groups(&queue, 2),
        vec![Group {
            members: vec![1, 0],
            bots: 0
        }]
    );
}

#[test]
fn far_apart_players_wait_until_both_windows_widen() {
    // 20 points apart: each needs a window of 20, 5 + 0.5/s * t >= 20 at 30 s.
    let at = |ms| find_groups(&[waiting(0.0, ms), waiting(20.0, ms)], 2);
    assert!(at(0).is_empty());
    assert!(at(29_000).is_empty());
    assert_eq!(at(30_000).len(), 1);
    // One player's unbounded window is not enough: the newcomer's is 5.
    assert!(find_groups(&[waiting(0.0, 600_000), waiting(20.0, 0)], 2).is_empty());
}

#[test]
fn a_player_past_bot_fill_plays_bots() {
    let queue = [with_bots(50.0, 20_000, 15_000), waiting(0.0, 0)];
    assert_eq!(
        find_groups(&queue, 4),
        vec![Group {
            members: vec![0],
            bots: 3
        }]
    );
    // Not before the time has passed.
    let queue = [with_bots(50.0, 14_999, 15_000)];
    assert!(find_groups(&queue, 4).is_empty());
}

#[test]
fn bot_fill_takes_the_players_who_fit_and_accept_bots() {
    let queue = [
        with_bots(10.0, 20_000, 15_000),
        waiting(11.0, 10_000),          // fits, but never plays bots
        with_bots(12.0, 5_000, 60_000), // fits, takes bots later: joins now
        with_bots(40.0, 5_000, 0),      // too far: a game of its own with bots
    ];
    assert_eq!(
        find_groups(&queue, 4),
        vec![
            Group {
                members: vec![0, 2],
                bots: 2
            },
            Group {
                members: vec![3],
                bots: 3
            },
        ]
    );
}

#[test]
fn a_full_game_of_people_comes_before_bots() {
    let queue = [
        with_bots(10.0, 20_000, 0),
        waiting(11.0, 1_000),
        waiting(9.0, 2_000),
    ];
    assert_eq!(
        find_groups(&queue, 3),
        vec![Group {
            members: vec![0, 2, 1],
            bots: 0
        }]
    );
}

#[test]
fn the_longest_waiting_are_matched_first() {
    let queue = [
        waiting(10.0, 1_000),
        waiting(10.0, 9_000),
        waiting(10.0, 5_000),
    ];
    assert_eq!(
        find_groups(&queue, 2),
        vec![Group {
            members: vec![1, 2],
            bots: 0
        }]
    );
}

#[test]
fn every_pair_must_fit_not_only_the_first_player() {
    // 0 fits 1 and 2, but 1 and 2 are 8 apart with windows of 5: the
    // search skips 1 and takes 2 and 3, which fit each other.
    let queue = [
        waiting(14.0, 9_000),
        waiting(10.0, 0),
        waiting(18.0, 0),
        waiting(17.0, 0),
    ];
    assert_eq!(
        find_groups(&queue, 3),
        vec![Group {
            members: vec![0, 2, 3],
            bots: 0
        }]
    );
}

#[test]
fn degenerate_player_counts() {
    let queue = [waiting(1.0, 0), waiting(2.0, 5)];
    assert!(find_groups(&queue, 0).is_empty());
    assert_eq!(
        find_groups(&queue, 1),
        vec![
            Group {
                members: vec![1],
                bots: 0
            },
            Group {
                members: vec![0],
                bots: 0
            },
        ]
    );
    assert!(find_groups(&[], 4).is_empty());
}

#[test]
fn a_nan_display_fits_no_one_but_can_still_play_bots() {
    let queue = [with_bots(f64::NAN, 70_000, 0), waiting(10.0, 70_000)];
    assert_eq!(
        find_groups(&queue, 2),
        vec![Group {
            members: vec![0],
            bots: 1
        }]
    );
}

#[test]
fn the_same_queue_gives_the_same_groups() {
    let queue: Vec<Waiting> = (0..40)
        .map(|i| Waiting {
            display: f64::from((i * 7) % 31),
            waited_ms: ((i * 3_337) % 70_000) as u64,
            bot_fill_after_ms: (i % 3 == 0).then_some(30_000),
        })
        .collect();
    let first = find_groups(&queue, 4);
    assert!(!first.is_empty());
    for _ in 0..5 {
        assert_eq!(find_groups(&queue, 4), first);
    }
}

fn queue() -> impl Strategy<Value = Vec<Waiting>> {
    prop::collection::vec(
        (-5.0f64..40.0, 0u64..80_000, prop::option::of(0u64..80_000)).prop_map(
            |(display, waited_ms, bot_fill_after_ms)| Waiting {
                display,
                waited_ms,
                bot_fill_after_ms,
            },
        ),
        0..10,
    )
}

/// Whether some `players` of the given indices all fit each other (brute
/// force, for small queues).
fn has_full_group(
    queue: &[Waiting],
    pool: &[usize],
    players: usize,
    chosen: &mut Vec<usize>,
) -> bool {
    if chosen.len() == players {
        return true;
    }
    for (k, &c) in pool.iter().enumerate() {
        if chosen.iter().all(|&m| fits(&queue[m], &queue[c])) {
            chosen.push(c);
            if has_full_group(queue, &pool[k + 1..], players, chosen) {
                return true;
            }
            chosen.pop();
        }
    }
    false
}

proptest! {
    #[test]
    fn groups_are_disjoint_full_and_fitting(queue in queue(), players in 1usize..=4) {
        let groups = find_groups(&queue, players);
        let mut seen = vec![false; queue.len()];
        for g in &groups {
            prop_assert!(!g.members.is_empty());
            prop_assert_eq!(g.members.len() + g.bots, players);
            for &m in &g.members {
                prop_assert!(m < queue.len());
                prop_assert!(!seen[m], "index {} twice", m);
                seen[m] = true;
            }
            for (a, &i) in g.members.iter().enumerate() {
                for &j in &g.members[a + 1..] {
                    prop_assert!(fits(&queue[i], &queue[j]), "{} and {} do not fit", i, j);
                    let key = |k: usize| (Reverse(queue[k].waited_ms), k);
                    prop_assert!(key(i) < key(j), "members not longest waiting first");
                }
            }
            if g.bots > 0 {
                prop_assert!(g.members.iter().any(|&m| bot_fill_due(&queue[m])));
                prop_assert!(g.members.iter().all(|&m| queue[m].bot_fill_after_ms.is_some()));
            }
        }
        // Everyone due for bots has a game; the rest hold no full game.
        for (i, w) in queue.iter().enumerate() {
            prop_assert!(seen[i] || !bot_fill_due(w), "{} is due for bots but left waiting", i);
        }
        let left: Vec<usize> = (0..queue.len()).filter(|&i| !seen[i]).collect();
        prop_assert!(!has_full_group(&queue, &left, players, &mut Vec::new()));
    }

    #[test]
    fn deterministic(queue in queue(), players in 1usize..=4) {
        prop_assert_eq!(find_groups(&queue, players), find_groups(&queue, players));
    }
}
