//! A player's rating and a seat's place in a finished game.

/// What the engine believes about one player's skill: a normal distribution
/// with mean `rating` (mu) and standard deviation `uncertainty` (sigma).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    /// The mean of the skill belief (mu).
    pub rating: f64,
    /// The standard deviation of the skill belief (sigma); shrinks with
    /// every rated game.
    pub uncertainty: f64,
}

impl Rating {
    /// Every player's rating before their first rated game: OpenSkill's and
    /// TrueSkill's mu 25, sigma 25/3, so [`Rating::display`] starts at 0.
    pub const START: Rating = Rating {
        rating: 25.0,
        uncertainty: 25.0 / 3.0,
    };

    /// The conservative value players are ranked by: rating - 3 * uncertainty.
    ///
    /// A player's true skill is above it with about 99.9% belief, so a
    /// lucky newcomer with two wins does not top the leaderboard over a
    /// regular with a hundred games.
    pub fn display(&self) -> f64 {
        self.rating - 3.0 * self.uncertainty
    }
}

impl Default for Rating {
    fn default() -> Self {
        Rating::START
    }
}

/// One seat's place in a finished game: seats with the same `team` form one team
/// (their ranks must agree); rank 1 = best; equal ranks of different teams = they drew/shared.
///
/// Only the order of ranks matters (1, 1, 3 and 1, 1, 2 rate the same);
/// team numbers are labels, they need not start at 0 or be contiguous.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placing {
    /// The team this seat played for; a free-for-all gives every seat its own.
    pub team: usize,
    /// The seat's place: 1 is best; teams that shared a place have equal ranks.
    pub rank: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_player_displays_zero() {
        assert_eq!(Rating::default(), Rating::START);
        assert!(Rating::START.display().abs() < 1e-12);
    }

    #[test]
    fn display_is_mu_minus_three_sigma() {
        let r = Rating {
            rating: 36.0,
            uncertainty: 2.0,
        };
        assert_eq!(r.display(), 30.0);
    }
}
