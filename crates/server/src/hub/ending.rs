//! What a game's last commit records besides its entry: the feed's event
//! and, for a rated game, how its players placed (the store rates them in
//! that same commit, so exactly once).

use prost::Message;

use super::cache::Meta;
use crate::proto;
use satrap_catalog::GameInstance;
use satrap_store::{GameEnd, Placing, RatedEnd, RatedSeat, SeatRecord};

/// The end that `next` (the state after the last entry) records:
/// `aborted_by` for an administrator's abort, else the outcome.
pub(super) fn game_end(
    meta: &Meta,
    seats: &[SeatRecord],
    next: &dyn GameInstance,
    aborted_by: Option<&str>,
) -> Option<GameEnd> {
    if let Some(by) = aborted_by {
        return Some(GameEnd::Aborted { by: by.to_owned() });
    }
    let outcome = next.outcome()?;
    let rated = match meta.rated {
        true => rated_end(seats, &outcome, &next.teams()),
        false => None,
    };
    Some(GameEnd::Finished {
        outcome: outcome.encode_to_vec(),
        rated,
    })
}

/// The rated seats of a finished game. A player in several seats (two
/// bots of one level filling a game) is rated once, by its best seat; a
/// game left with fewer than two sides to compare changes no rating.
fn rated_end(seats: &[SeatRecord], outcome: &proto::Outcome, teams: &[usize]) -> Option<RatedEnd> {
    let mut rated: Vec<RatedSeat> = Vec::with_capacity(seats.len());
    for result in &outcome.results {
        let seat = result.seat as usize;
        let Some(record) = seats.get(seat).filter(|s| !s.player_id.is_empty()) else {
            continue;
        };
        let placed = RatedSeat {
            seat: result.seat,
            player_id: record.player_id.clone(),
            name: crate::bots::rated_name(record),
            placing: Placing {
                team: teams.get(seat).copied().unwrap_or(seat),
                rank: result.rank,
            },
            won: outcome.winners.contains(&result.seat),
        };
        match rated.iter_mut().find(|r| r.player_id == placed.player_id) {
            Some(kept) if placed.placing.rank < kept.placing.rank => *kept = placed,
            Some(_) => {}
            None => rated.push(placed),
        }
    }
    rated.sort_by_key(|r| r.seat);
    let mut sides: Vec<usize> = rated.iter().map(|r| r.placing.team).collect();
    sides.sort_unstable();
    sides.dedup();
    (sides.len() >= 2).then_some(RatedEnd { seats: rated })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(player: &str) -> SeatRecord {
        SeatRecord {
            name: player.into(),
            player_id: player.into(),
            ..SeatRecord::default()
        }
    }

    fn outcome(ranks: &[u32], winners: &[u32]) -> proto::Outcome {
        proto::Outcome {
            winners: winners.to_vec(),
            results: ranks
                .iter()
                .enumerate()
                .map(|(i, r)| proto::SeatResult {
                    seat: i as u32,
                    rank: *r,
                    score: 0,
                })
                .collect(),
            ..proto::Outcome::default()
        }
    }

    #[test]
    fn every_player_is_rated_once_by_its_best_seat() {
        let seats = [seat("ann"), seat("bot:mcts"), seat("bob"), seat("bot:mcts")];
        let end = rated_end(&seats, &outcome(&[2, 3, 4, 1], &[3]), &[0, 1, 2, 3]);
        let end = end.expect("rated");
        let got: Vec<(u32, &str, u32, bool)> = end
            .seats
            .iter()
            .map(|s| (s.seat, s.player_id.as_str(), s.placing.rank, s.won))
            .collect();
        assert_eq!(
            got,
            vec![
                (0, "ann", 2, false),
                (2, "bob", 4, false),
                (3, "bot:mcts", 1, true)
            ]
        );
    }

    #[test]
    fn teams_come_from_the_game_and_one_side_rates_nothing() {
        let seats = [seat("a"), seat("b"), seat("c"), seat("d")];
        let end = rated_end(&seats, &outcome(&[1, 2, 1, 2], &[0, 2]), &[0, 1, 0, 1]);
        let teams: Vec<usize> = end
            .expect("rated")
            .seats
            .iter()
            .map(|s| s.placing.team)
            .collect();
        assert_eq!(teams, vec![0, 1, 0, 1]);
        let same = [seat("a"), seat("a")];
        assert!(rated_end(&same, &outcome(&[1, 2], &[0]), &[0, 1]).is_none());
        let anonymous = [seat("a"), SeatRecord::default()];
        assert!(rated_end(&anonymous, &outcome(&[1, 2], &[0]), &[0, 1]).is_none());
    }
}
