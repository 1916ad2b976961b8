//! What happened while an action was applied, including everything the
//! engine carries out itself (Section 11). Events never carry the movement
//! supply order; a secret return choice is shown only to its owner until the
//! reveal (`Game::event_for`).

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
