use super::*;

fn ids(v: &[u32]) -> Vec<EntrantId> {
    v.iter().map(|&i| EntrantId(i)).collect()
}

#[test]
fn combinations_are_every_subset_in_order() {
    assert_eq!(
        combinations(4, 2),
        [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
    );
    assert_eq!(combinations(5, 3).len(), 10);
    assert_eq!(combinations(3, 3), [[0, 1, 2]]);
    assert!(combinations(2, 3).is_empty());
}

#[test]
fn byes_go_to_the_lowest_ranked_without_one() {
    let mut h = History::new(5, 2);
    let ranked = ids(&[3, 1, 4, 0, 2]);
    assert_eq!(choose_byes(&ranked, 1, &h), ids(&[2]));
    h.byes[2] = 1;
    h.byes[0] = 1;
    assert_eq!(choose_byes(&ranked, 1, &h), ids(&[4]));
    assert_eq!(choose_byes(&ranked, 2, &h), ids(&[4, 1]));
}

/// The nearest-ranked opponent not met, backtracking when the greedy
/// choice leaves only a pair that has met.
#[test]
fn two_player_pairs_avoid_a_repeat_by_backtracking() {
    let mut h = History::new(4, 2);
    h.seat(0, &ids(&[0, 1]));
    h.seat(1, &ids(&[2, 3]));
    h.seat(2, &ids(&[1, 3]));
    // 0's nearest unmet is 2, leaving 1-3, met: back up to 0-3, 1-2.
    let p = pair(&ids(&[0, 1, 2, 3]), 2, &h);
    let sets: Vec<Vec<u32>> = p
        .tables
        .iter()
        .map(|t| {
            let mut v: Vec<u32> = t.iter().map(|e| e.0).collect();
            v.sort_unstable();
            v
        })
        .collect();
    assert_eq!(sets, [[0, 3], [1, 2]]);
    assert!(p.byes.is_empty());
}

#[test]
fn tables_of_three_take_the_fewest_earlier_meetings_from_the_top() {
    let mut h = History::new(6, 3);
    h.seat(0, &ids(&[0, 1, 2]));
    let p = pair(&ids(&[0, 1, 2, 3, 4, 5]), 3, &h);
    // 0 with the best ranked pair that makes no repeat: 3 and 4 (1 or 2
    // would repeat); the rest, 1 2 5, is forced.
    let sets: Vec<Vec<u32>> = p
        .tables
        .iter()
        .map(|t| {
            let mut v: Vec<u32> = t.iter().map(|e| e.0).collect();
            v.sort_unstable();
            v
        })
        .collect();
    assert_eq!(sets, [[0, 3, 4], [1, 2, 5]]);
}
