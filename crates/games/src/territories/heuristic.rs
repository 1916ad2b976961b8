//! Search knowledge for Territories: a static estimate of each seat's
//! chance to win, for search bots that stop a playout early
//! (`Game::evaluate`). A random playout from the opening runs about 180
//! turns and a thousand moves before someone reaches 15 points (END-1):
//! most of it is random trades, swaps and declined offers that say little
//! about the position the search is judging, and it costs half a
//! millisecond. Stopping a few turns on and estimating the rest keeps the
//! part of the playout the searched moves influence, and is several times
//! cheaper.
//!
//! The estimate counts what the rules turn into points:
//! * END-2: points on the board, one per tier of each building;
//! * 2.4: resources in hand, a quarter point each (a Town or an upgrade
//!   costs four resources and is worth one point); territory cards in hand
//!   a little less (they feed Swap and Expand, TR-27, TR-28);
//! * TR-3 … TR-5: production, the resources a seat's buildings are expected
//!   to yield per roll of 2D6 (a Palace yields two per card, a Temple a
//!   free choice, a Capital one of each suit it touches), valued over the
//!   rolls still to come in a typical game.
//!
//! A logistic function of the difference of the two totals gives seat 0's
//! chance; the weights are round numbers chosen by hand and checked with
//! the arena (docs/bots.md). A finished game is scored by its real outcome.

use super::cards::Card;
use super::grid;
use super::pieces::Kind;
use super::scoring;
use super::state::State;

/// Points per resource in hand (a Town costs four, END-2 gives it one).
const RESOURCE_WORTH: f64 = 0.25;
/// Points per territory card in hand.
const TERRITORY_WORTH: f64 = 0.2;
/// Rolls over which a building's expected yield is counted.
const ROLLS_AHEAD: f64 = 20.0;
/// Points of lead that move the chance from 50% to about 73%.
const POINTS_SCALE: f64 = 1.0;

/// The number of ways 2D6 shows `number` (out of 36).
fn ways(number: u8) -> f64 {
    f64::from(6 - (i32::from(number) - 7).abs().min(6) as u8)
}

/// Expected resources per roll from the building of `kind` touching `cards`
/// (TR-3 … TR-5).
fn expected_yield(kind: Kind, cards: &[Card]) -> f64 {
    let per_card = match kind {
        Kind::Town | Kind::Fort | Kind::Barracks => 1.0,
        Kind::Palace => 2.0,
        // A free choice of suit is worth a little more than a fixed one.
        Kind::Temple => 1.25,
        Kind::Capital => {
            // TR-5: once per roll that matches any touched card, one of each
            // distinct suit touched (and a territory card, TR-7).
            let mut numbers: Vec<u8> = cards.iter().map(|c| c.number()).collect();
            numbers.sort_unstable();
            numbers.dedup();
            let chance: f64 = numbers.iter().map(|&n| ways(n)).sum::<f64>() / 36.0;
            let mut suits: Vec<_> = cards.iter().map(|c| c.suit()).collect();
            suits.sort_unstable();
            suits.dedup();
            return chance * (suits.len() as f64 + TERRITORY_WORTH / RESOURCE_WORTH);
        }
    };
    cards
        .iter()
        .map(|c| ways(c.number()) / 36.0 * per_card)
        .sum()
}

/// Each seat's estimated worth in points.
pub fn worth(state: &State) -> [f64; 2] {
    let mut worth = [0.0; 2];
    for (seat, total) in worth.iter_mut().enumerate() {
        let player = state.player(seat);
        *total = f64::from(state.points(seat))
            + RESOURCE_WORTH * f64::from(player.resources.total())
            + TERRITORY_WORTH * player.territories.len() as f64;
    }
    for (p, b) in &state.buildings {
        let cards: Vec<Card> = grid::touching(&state.grid, *p)
            .into_iter()
            .map(|(_, c)| c)
            .collect();
        worth[b.owner.min(1)] += RESOURCE_WORTH * ROLLS_AHEAD * expected_yield(b.kind, &cards);
    }
    worth
}

/// Each seat's estimated chance to win, in `[0, 1]`; a finished game by its
/// outcome.
pub fn evaluate(state: &State) -> Vec<f64> {
    if let Some(outcome) = scoring::outcome(state) {
        return outcome.search_scores(2);
    }
    let [a, b] = worth(state);
    let p = 1.0 / (1.0 + (-(a - b) / POINTS_SCALE).exp());
    vec![p, 1.0 - p]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::territories::{Options, Suit, Territories};
    use satrap_engine::Game;

    #[test]
    fn two_d6_ways_match_the_dice() {
        let total: f64 = (2..=12).map(ways).sum();
        assert_eq!(total, 36.0);
        assert_eq!(ways(7), 6.0);
        assert_eq!(ways(2), 1.0);
        assert_eq!(ways(12), 1.0);
    }

    #[test]
    fn a_building_on_likely_numbers_yields_more() {
        let card = |rank: &str| Card::parse(&format!("{rank}H")).expect("card");
        // TR-3: 6 and 8 come up five times in 36 rolls, 2 and 12 once.
        let likely = expected_yield(Kind::Town, &[card("6"), card("8")]);
        let unlikely = expected_yield(Kind::Town, &[card("2"), card("Q")]);
        assert!((likely - 10.0 / 36.0).abs() < 1e-9);
        assert!((unlikely - 2.0 / 36.0).abs() < 1e-9);
        // TR-4: a Palace yields two of each matching card.
        assert_eq!(expected_yield(Kind::Palace, &[card("6")]), 2.0 * 5.0 / 36.0);
    }

    #[test]
    fn a_finished_game_is_scored_by_its_outcome() {
        let mut state = Territories::new_game(&Options::default(), 2, 5).expect("setup");
        state.result = Some(crate::territories::state::GameResult {
            winner: Some(1),
            ending: crate::territories::Ending::Points,
        });
        let outcome = Territories::outcome(&state).expect("over");
        assert_eq!(evaluate(&state), outcome.search_scores(2));
    }

    #[test]
    fn the_estimate_is_a_chance_for_each_seat_and_favours_the_richer_seat() {
        let mut state = Territories::new_game(&Options::default(), 2, 3).expect("setup");
        let even = evaluate(&state);
        assert!((even[0] + even[1] - 1.0).abs() < 1e-9);
        // 2.4: four more resources in hand are a Town's worth.
        for suit in Suit::ALL {
            state.players[1].resources.add(suit, 1);
        }
        let richer = evaluate(&state);
        assert!(richer[1] > even[1], "{richer:?} vs {even:?}");
    }
}
