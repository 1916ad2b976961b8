//! Rating one finished game: seats grouped into teams, then one Weng-Lin
//! update over the ranking of the teams.

use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};

use crate::{Placing, Rating};

/// Why a finished game could not be rated. Each names the seat or team at
/// fault, so the caller can log what the game reported.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RateError {
    /// One rating and one placing per seat are needed.
    #[error("{ratings} ratings but {placings} placings: a game is rated with one of each per seat")]
    LengthMismatch { ratings: usize, placings: usize },
    /// Everyone on one team (or nobody seated): there is no one to compare with.
    #[error("a rated game needs at least two teams, this one had {teams}")]
    TooFewTeams { teams: usize },
    /// Teammates share one result, so their ranks must be equal.
    #[error(
        "team {team} has seat {first_seat} at rank {first_rank} but seat {seat} at rank {rank}: teammates share one place"
    )]
    TeamRanksDisagree {
        team: usize,
        first_seat: usize,
        first_rank: u32,
        seat: usize,
        rank: u32,
    },
    /// A stored rating that no update can start from.
    #[error(
        "seat {seat} has rating {rating} with uncertainty {uncertainty}: both must be finite and the uncertainty above 0"
    )]
    InvalidRating {
        seat: usize,
        rating: f64,
        uncertainty: f64,
    },
    /// The update overflowed (ratings or uncertainties far outside anything
    /// play produces); nothing is changed rather than storing NaN.
    #[error("the new rating of seat {seat} is not a finite number")]
    NonFiniteResult { seat: usize },
}

/// New ratings, one per seat in seat order, after one game (Weng-Lin,
/// skillratings' weng_lin_multi_team with WengLinConfig::new(): beta 25/6, kappa 1e-4).
///
/// (`WengLinConfig::new()` in skillratings 0.29 sets the uncertainty floor
/// kappa to 1e-6, not the paper's 1e-4; it only matters once an uncertainty
/// has all but vanished.) Seats are grouped into teams by [`Placing::team`]
/// in order of first appearance; every seat's rating changes, including a
/// bot's, so the caller decides which of them to store.
pub fn rate(before: &[Rating], placings: &[Placing]) -> Result<Vec<Rating>, RateError> {
    if before.len() != placings.len() {
        return Err(RateError::LengthMismatch {
            ratings: before.len(),
            placings: placings.len(),
        });
    }
    for (seat, r) in before.iter().enumerate() {
        let usable = r.rating.is_finite() && r.uncertainty.is_finite() && r.uncertainty > 0.0;
        if !usable {
            return Err(RateError::InvalidRating {
                seat,
                rating: r.rating,
                uncertainty: r.uncertainty,
            });
        }
    }
    let teams = group_teams(placings)?;
    if teams.len() < 2 {
        return Err(RateError::TooFewTeams { teams: teams.len() });
    }

    let team_ratings: Vec<Vec<WengLinRating>> = teams
        .iter()
        .map(|team| {
            team.seats
                .iter()
                .map(|&seat| WengLinRating {
                    rating: before[seat].rating,
                    uncertainty: before[seat].uncertainty,
                })
                .collect()
        })
        .collect();
    let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
        .iter()
        .zip(&team_ratings)
        .map(|(team, ratings)| (&ratings[..], MultiTeamOutcome::new(team.rank as usize)))
        .collect();
    let updated = weng_lin_multi_team(&ranked, &WengLinConfig::new());

    let mut after = before.to_vec();
    for (team, new) in teams.iter().zip(&updated) {
        for (&seat, r) in team.seats.iter().zip(new) {
            if !(r.rating.is_finite() && r.uncertainty.is_finite()) {
                return Err(RateError::NonFiniteResult { seat });
            }
            after[seat] = Rating {
                rating: r.rating,
                uncertainty: r.uncertainty,
            };
        }
    }
    Ok(after)
}

/// The seats of one team and the place they share.
struct Team {
    label: usize,
    rank: u32,
    seats: Vec<usize>,
}

/// Seats grouped by team label, teams in order of their first seat.
fn group_teams(placings: &[Placing]) -> Result<Vec<Team>, RateError> {
    let mut teams: Vec<Team> = Vec::new();
    for (seat, p) in placings.iter().enumerate() {
        match teams.iter_mut().find(|t| t.label == p.team) {
            Some(team) if team.rank != p.rank => {
                return Err(RateError::TeamRanksDisagree {
                    team: p.team,
                    first_seat: team.seats[0],
                    first_rank: team.rank,
                    seat,
                    rank: p.rank,
                });
            }
            Some(team) => team.seats.push(seat),
            None => teams.push(Team {
                label: p.team,
                rank: p.rank,
                seats: vec![seat],
            }),
        }
    }
    Ok(teams)
}

#[cfg(test)]
mod tests;
