//! What happened while an action was applied, including everything the
//! engine carries out itself (Section 11). Events never carry the movement
//! supply order; a secret return choice is shown only to its owner until the
//! reveal (`Game::event_for`).

use std::fmt;

use satrap_engine::Seat;

use super::board::{Card, District, Province};
use super::state::ReturnCards;

/// A family in majorities: a player's, or the neutral family (MD-84).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Family {
    Seat(Seat),
    Neutral,
}

/// Why points were scored (6.6).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ScoreReason {
    /// MD-54.
    SixColourSet,
    /// MD-57.
    CityPieces,
    /// MD-58.
    Cloisters,
    /// MD-59 step 1.
    FiveColourSets,
    /// MD-59 step 2.
    LeftoverTiles,
}

/// The phase a `PhaseStarted` event opens (MD-10).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PhaseName {
    PlaceFamily,
    PlaceNeutral,
    TakeCards,
    Travel,
    Scoring,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Event {
    /// MD-1 step 7; `tile` tells whether a tile was left to take.
    PrincePlaced {
        seat: Seat,
        district: District,
        tile: bool,
    },
    /// MD-10: a phase begins.
    PhaseStarted { round: u8, phase: PhaseName },
    /// MD-21.
    FamilyPlaced { seat: Seat, space: Province },
    /// MD-81.
    NeutralPlaced { seat: Seat, district: District },
    /// MD-35: a slot is refilled (`card` None: nothing left, AMB-12).
    SlotRefilled { slot: Province, card: Option<Card> },
    /// MD-35, AMB-10: the discard pile became the supply.
    Reshuffled { cards: u32, dragons_returned: u32 },
    /// MD-33.
    DisplayTaken {
        seat: Seat,
        slot: Province,
        card: Card,
    },
    /// MD-32.
    DragonTaken { seat: Seat, space: Province },
    /// MD-47.
    Stepped {
        seat: Seat,
        from: District,
        to: District,
        card: Card,
    },
    /// MD-42.
    Stayed { seat: Seat, card: Card },
    /// MD-43; `ousted`: the player whose cloister piece was pushed out.
    Deployed {
        seat: Seat,
        district: District,
        count: u8,
        cloister: bool,
        ousted: Option<Seat>,
    },
    /// MD-44.
    Passed { seat: Seat },
    /// MD-51, MD-52.
    MovedToCity {
        family: Family,
        district: District,
        count: u8,
    },
    /// MD-53 (`taken` false: the colour was out of stock, AMB-13).
    TileTaken {
        seat: Seat,
        province: Province,
        taken: bool,
    },
    /// MD-54: one tile of each colour back to the supply.
    SetExchanged { seat: Seat },
    /// MD-55: a seat committed; `cards` only for its owner (or after the game).
    ReturnCommitted {
        seat: Seat,
        province: Province,
        cards: Option<ReturnCards>,
    },
    /// MD-55: every choice turned up together, with the capped counts.
    ReturnsRevealed {
        province: Province,
        choices: Vec<(Seat, ReturnCards, u8)>,
    },
    /// MD-56.
    PiecesReturned {
        seat: Seat,
        district: District,
        count: u8,
    },
    /// MD-57: pieces left in a city go to the box (AMB-5).
    PiecesBoxed {
        family: Family,
        province: Province,
        count: u8,
    },
    /// 6.6: every point scored.
    Scored {
        seat: Seat,
        points: u32,
        reason: ScoreReason,
    },
    /// MD-60.
    RoundStarted { round: u8, start_player: Seat },
    /// MD-70, MD-71.
    GameEnded { winners: Vec<Seat>, summary: String },
}

/// `seat 2` or `the neutral family` (MD-84).
impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Family::Seat(s) => write!(f, "seat {s}"),
            Family::Neutral => f.write_str("the neutral family"),
        }
    }
}

/// Return card values as `0+2` (MD-55).
fn values_text(r: ReturnCards) -> String {
    r.values()
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join("+")
}

/// The number printed on a province space and display slot (1-6).
fn number(p: Province) -> usize {
    p.index() + 1
}

/// One line for humans (`GameEvent.description`, the golden playthroughs).
impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::PrincePlaced {
                seat,
                district,
                tile,
            } => write!(
                f,
                "seat {seat} places the prince in {district}{}",
                if *tile { " and takes a tile" } else { "" }
            ),
            Event::PhaseStarted { round, phase } => write!(f, "round {round}: {phase:?} begins"),
            Event::FamilyPlaced { seat, space } => write!(
                f,
                "seat {seat} places a family member on province space {}",
                number(*space)
            ),
            Event::NeutralPlaced { seat, district } => {
                write!(f, "seat {seat} places a neutral piece in {district}")
            }
            // MD-35; AMB-12: nothing left to refill with.
            Event::SlotRefilled { slot, card } => match card {
                Some(c) => write!(f, "slot {} is refilled with {c}", number(*slot)),
                None => write!(
                    f,
                    "slot {} stays empty: no movement card left",
                    number(*slot)
                ),
            },
            Event::Reshuffled {
                cards,
                dragons_returned,
            } => write!(
                f,
                "the discard pile is shuffled into a new supply of {cards} cards ({dragons_returned} dragons back to the dragon supply)"
            ),
            Event::DisplayTaken { seat, slot, card } => {
                write!(f, "seat {seat} takes the {card} of slot {}", number(*slot))
            }
            Event::DragonTaken { seat, space } => write!(
                f,
                "seat {seat} takes a dragon; a piece of province space {} goes to the box",
                number(*space)
            ),
            Event::Stepped {
                seat,
                from,
                to,
                card,
            } => write!(f, "seat {seat} moves from {from} to {to} paying {card}"),
            Event::Stayed { seat, card } => write!(f, "seat {seat} stays, discarding {card}"),
            Event::Deployed {
                seat,
                district,
                count,
                cloister,
                ousted,
            } => {
                write!(f, "seat {seat} deploys {count} in {district}")?;
                if *cloister {
                    f.write_str(", one into the cloister")?;
                }
                if let Some(o) = ousted {
                    write!(f, " (seat {o}'s piece is pushed out)")?;
                }
                Ok(())
            }
            Event::Passed { seat } => write!(f, "seat {seat} passes"),
            Event::MovedToCity {
                family,
                district,
                count,
            } => write!(f, "{family} moves {count} from {district} into the city"),
            // MD-53; AMB-13: the colour may be out of stock.
            Event::TileTaken {
                seat,
                province,
                taken,
            } => {
                if *taken {
                    write!(f, "seat {seat} takes a {} tile", province.info().color)
                } else {
                    write!(f, "no {} tile left for seat {seat}", province.info().color)
                }
            }
            Event::SetExchanged { seat } => {
                write!(f, "seat {seat} returns a set of six colours")
            }
            // MD-55: the cards only for their owner until the reveal.
            Event::ReturnCommitted {
                seat,
                province,
                cards,
            } => match cards {
                Some(c) => write!(
                    f,
                    "seat {seat} commits return cards {} for {}",
                    values_text(*c),
                    province.id()
                ),
                None => write!(f, "seat {seat} commits return cards for {}", province.id()),
            },
            Event::ReturnsRevealed { province, choices } => write!(
                f,
                "return cards for {}: {}",
                province.id(),
                choices
                    .iter()
                    .map(|(s, c, n)| format!("seat {s} {} (returns {n})", values_text(*c)))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Event::PiecesReturned {
                seat,
                district,
                count,
            } => write!(f, "seat {seat} returns {count} to {district}"),
            // MD-57, AMB-5.
            Event::PiecesBoxed {
                family,
                province,
                count,
            } => write!(
                f,
                "{count} of {family} leave the city of {} for the box",
                province.id()
            ),
            Event::Scored {
                seat,
                points,
                reason,
            } => write!(f, "seat {seat} scores {points} ({reason:?})"),
            Event::RoundStarted {
                round,
                start_player,
            } => write!(f, "round {round} begins; start player seat {start_player}"),
            Event::GameEnded { summary, .. } => write!(f, "game over: {summary}"),
        }
    }
}
