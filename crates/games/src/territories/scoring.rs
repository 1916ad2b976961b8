//! End of the game (section 6): the outcome report (END-6).

use super::state::{Ending, State};
use satrap_engine::{Outcome, SeatResult};

/// Winner first; in a draw both share the first place (END-6).
pub fn outcome(state: &State) -> Option<Outcome> {
    let result = state.result?;
    let points = [state.points(0), state.points(1)];
    let results = (0..2)
        .map(|seat| SeatResult {
            seat,
            rank: match result.winner {
                Some(w) if w != seat => 2,
                _ => 1,
            },
            score: i64::from(points[seat]),
        })
        .collect();
    let why = match result.ending {
        Ending::Points => "reached 15 points (END-1)",
        Ending::Homeless => "the opponent was homeless for two turns (END-3)",
        Ending::TurnLimit => "more points at the turn limit (END-4)",
    };
    let summary = match result.winner {
        Some(w) => format!("seat {w} wins: {why}; points {}:{}", points[0], points[1]),
        None => format!(
            "draw: equal points at the turn limit (END-4); points {}:{}",
            points[0], points[1]
        ),
    };
    Some(Outcome {
        winners: result.winner.into_iter().collect(),
        draw: result.winner.is_none(),
        results,
        ending: result.ending.name().to_owned(),
        summary,
    })
}
