//! Whole tournaments against hand-worked tables. Points in the comments
//! are in half-points (2 a win, 1 a draw), as the state keeps them.

use super::*;

mod props;

fn names(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("p{i}")).collect()
}

fn swiss(n: usize, size: u8, rounds: u32) -> Tournament {
    Tournament::new(Config::new(Format::Swiss { rounds }, size), names(n)).expect("valid")
}

/// The tables of `round` as entrant numbers in seat order.
fn seated(t: &Tournament, round: u32) -> Vec<Vec<u32>> {
    let r = &t.rounds()[round as usize - 1];
    t.tables()[r.tables.clone()]
        .iter()
        .map(|x| x.entrants.iter().map(|e| e.0).collect())
        .collect()
}

/// Records the unfinished table holding these entrants: `(entrant, place)`.
fn result(t: &mut Tournament, places: &[(u32, u8)]) {
    let i = t
        .tables()
        .iter()
        .position(|x| !x.finished() && x.position(EntrantId(places[0].0)).is_some())
        .expect("a table in play");
    let by_position: Vec<u8> = t.tables()[i]
        .entrants
        .iter()
        .map(|e| {
            places
                .iter()
                .find(|p| p.0 == e.0)
                .expect("every entrant placed")
                .1
        })
        .collect();
    t.record_result(i, &by_position).expect("recorded");
}

/// `a` beats `b`.
fn win(t: &mut Tournament, a: u32, b: u32) {
    result(t, &[(a, 0), (b, 1)]);
}

fn draw(t: &mut Tournament, a: u32, b: u32) {
    result(t, &[(a, 0), (b, 0)]);
}

/// (entrant, points, Buchholz, Sonneborn-Berger) in rank order.
fn table_of(t: &Tournament) -> Vec<(u32, u32, u32, u32)> {
    t.standings()
        .iter()
        .map(|s| (s.entrant.0, s.points, s.buchholz, s.sonneborn_berger))
        .collect()
}

/// Eight entrants, four rounds, two per table, worked by hand.
#[test]
fn an_eight_entrant_swiss_of_four_rounds() {
    let mut t = swiss(8, 2, 4);
    // Round 1: all level, so entrant order; the better ranked moves first.
    t.pair_next_round(1).unwrap();
    assert_eq!(seated(&t, 1), [[0, 1], [2, 3], [4, 5], [6, 7]]);
    win(&mut t, 0, 1);
    draw(&mut t, 2, 3);
    win(&mut t, 5, 4);
    win(&mut t, 6, 7);
    // Points 0:2 1:0 2:1 3:1 4:0 5:2 6:2 7:0. Ranked: {0,5,6} (Buchholz 0,
    // SB 0: entrant order), {2,3} (Bh 1 each, SB 1 each), {1,4,7} (Bh 2,
    // SB 0 each): 0 5 6 2 3 1 4 7. Top down, nearest not yet met:
    // 0-5, 6-2, 3-1, 4-7. Seats: whoever sat first less goes first; 6 and
    // 2 both sat first once and last time, so the better ranked (6); 3 and
    // 1 never did, so 3.
    t.pair_next_round(2).unwrap();
    assert_eq!(seated(&t, 2), [[5, 0], [6, 2], [3, 1], [7, 4]]);
    win(&mut t, 0, 5);
    win(&mut t, 2, 6);
    draw(&mut t, 3, 1);
    win(&mut t, 4, 7);
    // Points 0:4 1:1 2:3 3:2 4:2 5:2 6:2 7:0. The 2s by Buchholz: 5 (4+2=6),
    // 3 (3+1=4), 6 (0+3=3), 4 (2+0=2). Ranked 0 2 5 3 6 4 1 7: pairs 0-2,
    // 5-3, 6-4, 1-7, none met before. First seats so far: 6 twice, 1 never.
    t.pair_next_round(3).unwrap();
    assert_eq!(seated(&t, 3), [[0, 2], [5, 3], [4, 6], [1, 7]]);
    draw(&mut t, 0, 2);
    win(&mut t, 5, 3);
    draw(&mut t, 4, 6);
    win(&mut t, 1, 7);
    // Points 0:5 1:3 2:4 3:2 4:3 5:4 6:3 7:0.
    // 2 and 5: Buchholz 2+3+5 = 10 and 3+5+2 = 10; SB 2: 1*2+2*3+1*5 = 13,
    // 5: 2*3+0*5+2*2 = 10, so 2 first.
    // 1, 4, 6: Buchholz 5+2+0, 4+0+3, 0+4+3 = 7 each; SB 1: 0+1*2+2*0 = 2,
    // 4: 0+2*0+1*3 = 3, 6: 2*0+0+1*3 = 3; 4 before 6 by entrant order.
    // Ranked 0 2 5 4 6 1 3 7. 0 has met 1, 5, 2: it meets 4, the nearest
    // it has not; then 2-5, 6-1, 3-7, all new.
    t.pair_next_round(4).unwrap();
    assert_eq!(seated(&t, 4), [[0, 4], [2, 5], [1, 6], [3, 7]]);
    win(&mut t, 0, 4);
    win(&mut t, 5, 2);
    draw(&mut t, 1, 6);
    win(&mut t, 7, 3);
    // Final points 0:7 1:4 2:4 3:2 4:3 5:6 6:4 7:2.
    // 0: opponents 1,5,2,4 = 4+6+4+3 = 17; SB 2*4+2*6+1*4+2*3 = 30.
    // 5: 4,0,3,2 = 3+7+2+4 = 16; SB 2*3+0+2*2+2*4 = 18.
    // 2: 3,6,0,5 = 2+4+7+6 = 19; SB 1*2+2*4+1*7+0 = 17.
    // 1: 0,3,7,6 = 7+2+2+4 = 15; SB 0+1*2+2*2+1*4 = 10.
    // 6: 7,2,4,1 = 2+4+3+4 = 13; SB 2*2+0+1*3+1*4 = 11.
    // 4: 5,7,6,0 = 6+2+4+7 = 19; SB 0+2*2+1*4+0 = 8.
    // 3: 2,1,5,7 = 4+4+6+2 = 16; SB 1*4+1*4+0+0 = 8.
    // 7: 6,4,1,3 = 4+3+4+2 = 13; SB 0+0+0+2*2 = 4.
    assert_eq!(
        table_of(&t),
        [
            (0, 7, 17, 30),
            (5, 6, 16, 18),
            (2, 4, 19, 17),
            (1, 4, 15, 10),
            (6, 4, 13, 11),
            (4, 3, 19, 8),
            (3, 2, 16, 8),
            (7, 2, 13, 4),
        ]
    );
    assert!(t.finished(0));
    assert_eq!(
        t.pair_next_round(5),
        Err(TournamentError::NoMoreRounds { rounds: 4 })
    );
}

/// Seven entrants: one bye a round, never twice to one entrant, scored as a
/// win. The better placed entrant always wins here.
#[test]
fn seven_entrants_rotate_the_bye() {
    let mut t = swiss(7, 2, 4);
    let byes = |t: &Tournament, r: usize| t.rounds()[r - 1].byes.clone();
    // Round 1: the bye to the lowest ranked, 6.
    t.pair_next_round(1).unwrap();
    assert_eq!(byes(&t, 1), [EntrantId(6)]);
    assert_eq!(seated(&t, 1), [[0, 1], [2, 3], [4, 5]]);
    win(&mut t, 0, 1);
    win(&mut t, 2, 3);
    win(&mut t, 4, 5);
    // 2s: 0 2 4 6 (all Bh 0); 0s: 1 3 5 (Bh 2 each). The bye to 5, the
    // lowest without one; 0-2, 4-6, 1-3.
    t.pair_next_round(2).unwrap();
    assert_eq!(byes(&t, 2), [EntrantId(5)]);
    assert_eq!(seated(&t, 2), [[0, 2], [6, 4], [1, 3]]);
    win(&mut t, 0, 2);
    win(&mut t, 4, 6);
    win(&mut t, 1, 3);
    // Points 0:4 1:2 2:2 3:0 4:4 5:2 6:2. Ranked 0 4 (Bh 4, SB 8 each),
    // 1 2 5 6 (Bh 4, SB 0 each), 3. Bye to 3; 0-4, 1-2, 5-6.
    t.pair_next_round(3).unwrap();
    assert_eq!(byes(&t, 3), [EntrantId(3)]);
    assert_eq!(seated(&t, 3), [[4, 0], [2, 1], [5, 6]]);
    win(&mut t, 0, 4);
    win(&mut t, 1, 2);
    win(&mut t, 5, 6);
    // Points 0:6 1:4 2:2 3:2 4:4 5:4 6:2. Ranked 0, then 4 (Bh 12) 1 (10)
    // 5 (6), then 2 (12) 6 (8) 3 (6). Without a bye: 0 4 1 2; the lowest of
    // them, 2, gets it. 0 has met 1, 2, 4: it meets 5; 4-1, 6-3.
    t.pair_next_round(4).unwrap();
    assert_eq!(byes(&t, 4), [EntrantId(2)]);
    assert_eq!(seated(&t, 4), [[5, 0], [1, 4], [3, 6]]);
    win(&mut t, 0, 5);
    win(&mut t, 1, 4);
    win(&mut t, 3, 6);
    // Final points 0:8 1:6 2:4 3:4 4:4 5:4 6:2. A bye adds nothing to
    // Buchholz. 0: beat 1,2,4,5: Bh 6+4+4+4 = 18, SB 2*18 = 36.
    // 1: lost to 0, beat 3,2,4: Bh 8+4+4+4 = 20, SB 2*12 = 24.
    // The 4s by Buchholz: 4: 4+2+8+6 = 20 (SB 2*4+2*2 = 12),
    // 2: 4+8+6 = 18 (SB 2*4), 5: 4+2+8 = 14 (SB 2*2), 3: 4+6+2 = 12 (SB 2*2).
    // 6: lost to 4, 5, 3: Bh 12, SB 0.
    assert_eq!(
        table_of(&t),
        [
            (0, 8, 18, 36),
            (1, 6, 20, 24),
            (4, 4, 20, 12),
            (2, 4, 18, 8),
            (5, 4, 14, 4),
            (3, 4, 12, 4),
            (6, 2, 12, 0),
        ]
    );
    let standings = t.standings();
    assert!(standings.iter().all(|s| s.byes <= 1));
}

/// Six entrants at tables of three: the schedule (checked in
/// `round_robin`), then standings worked by hand with the multi-player
/// tie-breaks: results against the tied, then placings.
#[test]
fn a_round_robin_of_three_player_tables() {
    let mut t = Tournament::new(Config::new(Format::RoundRobin, 3), names(6)).expect("valid");
    assert_eq!(t.total_rounds(), Some(4));
    let mut lines = Vec::new();
    for round in 1..=4 {
        t.pair_next_round(round).unwrap();
        lines.push(seated(&t, round));
        match round {
            1 => {
                result(&mut t, &[(0, 0), (1, 1), (2, 2)]);
                result(&mut t, &[(5, 0), (3, 1), (4, 1)]);
            }
            2 => {
                result(&mut t, &[(3, 0), (1, 1), (0, 2)]);
                result(&mut t, &[(2, 0), (5, 0), (4, 1)]);
            }
            3 => {
                result(&mut t, &[(4, 0), (0, 1), (1, 1)]);
                result(&mut t, &[(5, 0), (2, 0), (3, 0)]);
            }
            _ => {
                result(&mut t, &[(1, 0), (5, 1), (0, 2)]);
                result(&mut t, &[(2, 0), (3, 1), (4, 2)]);
            }
        }
    }
    assert_eq!(
        lines,
        [
            [[0, 1, 2], [3, 4, 5]],
            [[1, 0, 3], [2, 5, 4]],
            [[4, 0, 1], [5, 2, 3]],
            [[0, 1, 5], [2, 3, 4]],
        ]
    );
    // Placement points at a table of 3: 4, 2, 0; shared places averaged.
    //   round:  1  2  3  4  total
    //   0:      4  0  1  0   5
    //   1:      2  2  1  4   9
    //   2:      0  3  2  4   9
    //   3:      1  4  2  2   9
    //   4:      1  0  4  0   5
    //   5:      4  3  2  2  11
    // Tied on 9: 1, 2, 3. Their results against each other: 1-2 (round 1)
    // 2:0, 3-1 (round 2) 2:0, 2-3 (round 3) 1:1, 2-3 (round 4) 2:0; so
    // 1: 2, 2: 0+1+2 = 3, 3: 2+1+0 = 3. 2 and 3 still tied: placings, 2 has
    // three firsts (rounds 2, 3, 4), 3 two (rounds 2, 3). So 2, 3, 1.
    // Tied on 5: 0 and 4, who met once (round 3: 4 first, 0 second): 4, 0.
    let got: Vec<(u32, u32, u32, Vec<u32>)> = t
        .standings()
        .into_iter()
        .map(|s| (s.entrant.0, s.points, s.versus_tied, s.placings))
        .collect();
    assert_eq!(
        got,
        [
            (5, 11, 0, vec![3, 1, 0]),
            (2, 9, 3, vec![3, 0, 1]),
            (3, 9, 3, vec![2, 2, 0]),
            (1, 9, 2, vec![1, 3, 0]),
            (4, 5, 2, vec![1, 1, 2]),
            (0, 5, 0, vec![1, 1, 2]),
        ]
    );
    assert!(t.finished(0));
}

/// An arena of four, two a table: free entrants are paired at once, with
/// those met least recently; a withdrawal forfeits the game in play.
#[test]
fn an_arena_pairs_whoever_is_free() {
    let arena = Format::Arena {
        start_ms: 100,
        end_ms: 1000,
    };
    let mut t = Tournament::new(Config::new(arena, 2), names(4)).expect("valid");
    assert_eq!(
        t.pair_arena(50),
        Err(TournamentError::NotOpen { start_ms: 100 })
    );
    assert_eq!(t.pair_next_round(1), Err(TournamentError::WrongFormat));
    assert_eq!(t.pair_arena(100), Ok(0..2));
    assert_eq!(seated(&t, 1), [[0, 1], [2, 3]]);
    win(&mut t, 3, 2);
    draw(&mut t, 0, 1);
    let free = |t: &Tournament| t.waiting().iter().map(|e| e.0).collect::<Vec<_>>();
    assert_eq!(free(&t), [2, 3, 0, 1]);
    // 2 waited longest; it has met 3, never 0 or 1: 0 (waited longer).
    // 2 and 0 both moved first once and last time: the longer waiting, 2.
    assert_eq!(t.pair_arena(200), Ok(2..4));
    assert_eq!(seated(&t, 2), [[2, 0], [3, 1]]);
    win(&mut t, 1, 3);
    // Nobody else is free: 3 and 1 meet again; 1 has never moved first.
    assert_eq!(t.pair_arena(300), Ok(4..5));
    assert_eq!(seated(&t, 3), [[1, 3]]);
    t.withdraw(EntrantId(0)).unwrap();
    assert!(t.tables()[2].finished(), "2 wins by forfeit at once");
    assert_eq!(free(&t), [2]);
    win(&mut t, 1, 3);
    assert_eq!(t.pair_arena(1000), Ok(5..5), "the window has closed");
    assert!(!t.finished(999));
    assert!(t.finished(1000));
    // Points: 0: 1+0 = 1 (2 games); 1: 1+2+2 = 5 (3); 2: 0+2 = 2 (2);
    // 3: 2+0+0 = 2 (3). 2 and 3 tie on points: fewer games first.
    let got: Vec<(u32, u32, u32)> = t
        .standings()
        .iter()
        .map(|s| (s.entrant.0, s.points, s.games))
        .collect();
    assert_eq!(got, [(1, 5, 3), (2, 2, 2), (3, 2, 3), (0, 1, 2)]);
}

/// A withdrawal forfeits the game in play and the entrant is never paired
/// again; a no-show is a forfeit the clock reports.
#[test]
fn withdrawals_and_no_shows_never_stall_a_round() {
    let mut t = swiss(4, 2, 3);
    t.pair_next_round(1).unwrap();
    win(&mut t, 0, 1);
    // 3 does not turn up: the server's clock records the forfeit.
    let table = t
        .tables()
        .iter()
        .position(|x| x.position(EntrantId(3)).is_some())
        .unwrap();
    let seat = t.tables()[table].position(EntrantId(3)).unwrap();
    t.record_forfeit(table, seat).unwrap();
    assert!(t.tables()[table].finished());
    // 0 and 2 on 2, 1 and 3 on 0: 0-2, 1-3, the better ranked first (both
    // of each pair sat first, or second, once).
    t.pair_next_round(2).unwrap();
    assert_eq!(seated(&t, 2), [[0, 2], [1, 3]]);
    t.withdraw(EntrantId(1)).unwrap();
    assert!(t.tables()[3].finished(), "3 wins: the round is not held up");
    assert_eq!(
        t.withdraw(EntrantId(1)),
        Err(TournamentError::AlreadyWithdrawn(1))
    );
    win(&mut t, 0, 2);
    t.pair_next_round(3).unwrap();
    // Three left: one bye, to the lowest ranked of those without one.
    let r3 = &t.rounds()[2];
    assert_eq!(r3.byes.len(), 1);
    let paired: Vec<u32> = seated(&t, 3).concat();
    assert!(!paired.contains(&1), "a withdrawn entrant is never paired");
    let s = t.standings();
    let one = s.iter().find(|x| x.entrant == EntrantId(1)).unwrap();
    assert!(one.withdrawn);
    assert_eq!((one.points, one.games), (0, 2));
}

/// Round-robin: a withdrawn entrant's later tables are created with it
/// forfeited, so its opponents score and nobody waits.
#[test]
fn a_round_robin_forfeits_a_withdrawn_entrants_later_games() {
    let mut t = Tournament::new(Config::new(Format::RoundRobin, 2), names(4)).expect("valid");
    t.pair_next_round(1).unwrap();
    t.withdraw(EntrantId(3)).unwrap();
    for i in t.rounds()[0].tables.clone() {
        if !t.tables()[i].finished() {
            t.record_result(i, &[0, 1]).unwrap();
        }
    }
    t.pair_next_round(2).unwrap();
    let r2 = t.rounds()[1].tables.clone();
    let with_3: Vec<&Table> = t.tables()[r2]
        .iter()
        .filter(|x| x.position(EntrantId(3)).is_some())
        .collect();
    assert_eq!(with_3.len(), 1);
    assert!(with_3[0].finished());
}

#[test]
fn a_round_is_never_paired_twice_and_refusals_change_nothing() {
    let mut t = swiss(5, 2, 2);
    t.pair_next_round(1).unwrap();
    let before = t.clone();
    let refusals = [
        t.pair_next_round(1),
        t.pair_next_round(3),
        t.pair_next_round(2),
    ];
    assert_eq!(
        refusals,
        [
            Err(TournamentError::AlreadyPaired { round: 1 }),
            Err(TournamentError::NotNextRound { asked: 3, next: 2 }),
            Err(TournamentError::RoundUnfinished { round: 1 }),
        ]
    );
    assert_eq!(
        t.record_result(9, &[0, 1]),
        Err(TournamentError::UnknownTable(9))
    );
    assert_eq!(
        t.record_result(0, &[0, 1, 2]),
        Err(TournamentError::WrongPlacings {
            table: 0,
            seats: 2,
            got: 3
        })
    );
    assert_eq!(
        t.record_forfeit(0, 2),
        Err(TournamentError::NoSuchSeat { table: 0, seat: 2 })
    );
    assert_eq!(
        t.withdraw(EntrantId(5)),
        Err(TournamentError::UnknownEntrant(5))
    );
    assert_eq!(t.pair_arena(0), Err(TournamentError::WrongFormat));
    assert_eq!(t, before);
    t.record_result(0, &[0, 1]).unwrap();
    assert_eq!(
        t.record_result(0, &[1, 0]),
        Err(TournamentError::TableFinished(0))
    );
    assert!(
        Tournament::new(Config::new(Format::Swiss { rounds: 1 }, 3), names(2)).is_err(),
        "too few for a table"
    );
}

/// The state the server stores: serialised and back, it pairs the same.
#[test]
fn the_state_round_trips_through_json() {
    let mut t = swiss(6, 3, 3);
    t.pair_next_round(1).unwrap();
    result(&mut t, &[(0, 0), (1, 1), (2, 2)]);
    result(&mut t, &[(3, 2), (4, 0), (5, 1)]);
    let json = serde_json::to_string(&t).unwrap();
    let mut back: Tournament = serde_json::from_str(&json).unwrap();
    assert_eq!(back, t);
    back.pair_next_round(2).unwrap();
    t.pair_next_round(2).unwrap();
    assert_eq!(back, t, "replicas pair alike");
    // A round-robin carries its schedule: the stored state says every round.
    let rr = Tournament::new(Config::new(Format::RoundRobin, 4), names(9)).unwrap();
    let json = serde_json::to_string(&rr).unwrap();
    let back: Tournament = serde_json::from_str(&json).unwrap();
    assert_eq!(back.total_rounds(), Some(9));
    assert_eq!(back, rr);
}

/// King of Siam's team game: an entrant is a team of two holding seats p
/// and p + 2; results and forfeits come by game seat.
#[test]
fn teams_are_scored_by_their_seats() {
    let mut t = Tournament::new(Config::teams(Format::Swiss { rounds: 2 }), names(4)).unwrap();
    t.pair_next_round(1).unwrap();
    assert_eq!(seated(&t, 1), [[0, 1], [2, 3]]);
    // Table 0: seats 1 and 3 (team 1) win.
    t.record_result(0, &[1, 0, 1, 0]).unwrap();
    // Table 1: seat 2 (team 2's second player) runs out of time.
    t.record_forfeit(1, 2).unwrap();
    assert!(t.tables()[1].finished());
    assert_eq!(
        t.record_result(0, &[0, 1]),
        Err(TournamentError::TableFinished(0))
    );
    let points: Vec<(u32, u32)> = t
        .standings()
        .iter()
        .map(|s| (s.entrant.0, s.points))
        .collect();
    assert_eq!(points, [(1, 2), (3, 2), (0, 0), (2, 0)]);
    assert_eq!(
        t.record_result(2, &[0, 1]),
        Err(TournamentError::UnknownTable(2))
    );
    t.pair_next_round(2).unwrap();
    assert_eq!(
        t.record_result(2, &[0, 1]),
        Err(TournamentError::WrongPlacings {
            table: 2,
            seats: 4,
            got: 2
        })
    );
    assert_eq!(
        t.record_forfeit(2, 4),
        Err(TournamentError::NoSuchSeat { table: 2, seat: 4 })
    );
}
