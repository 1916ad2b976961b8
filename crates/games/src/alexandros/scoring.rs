//! Taxes (AX-29), the end of the game (AX-36, AX-37, D-21) and the winners
//! (section 6, D-9).

use super::board::{Space, board};
use super::state::State;
use satrap_engine::{Outcome, Seat, SeatResult};

/// How the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ending {
    /// AX-37: somebody reached the end score in a levy.
    HundredPoints,
    /// AX-36: the turn in which red walls were needed is over.
    Walls,
    /// D-21: the engine's turn limit.
    TurnLimit,
}

impl Ending {
    pub fn id(self) -> &'static str {
        match self {
            Ending::HundredPoints => "hundred_points",
            Ending::Walls => "walls",
            Ending::TurnLimit => "turn_limit",
        }
    }
}

/// AX-29: every seat's tax now: for each province where the seat has exactly
/// one guard, its open spaces (D-28).
pub fn taxes(state: &State) -> Vec<u32> {
    // Per anchor, in place: spaces are numbered by a `u8`.
    let mut guards = [[0u8; 4]; 256];
    let mut open = [0u32; 256];
    let board = board();
    for s in Space::all() {
        let a = state.province_of(s).index();
        if board.spaces[s.index()].symbol.is_none() {
            open[a] += 1;
        }
        if let Some(seat) = state.guard(s)
            && seat < 4
        {
            guards[a][seat] += 1;
        }
    }
    let mut out = vec![0; state.players];
    for a in 0..board.spaces.len().min(256) {
        for (seat, tax) in out.iter_mut().enumerate() {
            if guards[a][seat] == 1 {
                *tax += open[a];
            }
        }
    }
    out
}

/// Seats with the highest score (D-9: ties share the win).
pub fn leaders(state: &State) -> Vec<Seat> {
    let best = state.seats.iter().map(|s| s.score).max().unwrap_or(0);
    (0..state.players)
        .filter(|s| state.seats[*s].score == best)
        .collect()
}

/// One line for humans.
pub fn summary(state: &State, ending: Ending) -> String {
    let why = match ending {
        Ending::HundredPoints => format!("a levy reached {} points", board().constants.end_score),
        Ending::Walls => "the black walls ran out".to_string(),
        Ending::TurnLimit => format!("the limit of {} turns was reached", state.turn_limit),
    };
    let winners: Vec<String> = leaders(state)
        .iter()
        .map(|s| {
            format!(
                "seat {s} ({}, {} points)",
                state.seats[*s].colour, state.seats[*s].score
            )
        })
        .collect();
    format!("{why}; winner: {}", winners.join(" and "))
}

/// Section 6: the outcome once over. Rank 1 = highest score; equal scores
/// share a rank.
pub fn outcome(state: &State) -> Option<Outcome> {
    let ending = state.ending?;
    let results = (0..state.players)
        .map(|seat| {
            let score = state.seats[seat].score;
            let better = state.seats.iter().filter(|s| s.score > score).count();
            SeatResult {
                seat,
                rank: better as u32 + 1,
                score: i64::from(score),
            }
        })
        .collect();
    Some(Outcome {
        winners: leaders(state),
        draw: false,
        results,
        ending: ending.id().to_string(),
        summary: summary(state, ending),
    })
}
