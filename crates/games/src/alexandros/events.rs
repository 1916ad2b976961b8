//! What happened while an action was applied, including the steps the engine
//! performs itself (section 11): refills, reshuffles, walls, scoring, turns.
//! Only [`Event::CardTaken`] from the draw pile carries hidden information
//! (section 7: the drawn card is seen only by the drawer); see `view::event_for`.

use super::board::{Point, Side, Space};
use super::card::{Cards, Symbol};
use super::scoring::Ending;
use super::state::{MoveKind, Slot, WallColour};
use satrap_engine::Seat;

/// Where a TAKE_CARD action takes its card from (AX-16).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TakeFrom {
    /// A face-up card.
    Slot(Slot),
    /// The top of the draw pile.
    Deck,
}

/// One thing that happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// A turn begins (AX-1, AX-2).
    TurnStarted { seat: Seat, turn: u32 },
    /// AX-14: no Alexander move is possible; the phase is skipped.
    AlexanderSkipped { seat: Seat },
    /// The card or symbol of the Alexander move (AX-7, AX-12, AX-13).
    /// `symbol` is `None` for a face-up card taken without moving (AX-13).
    AlexanderCard {
        seat: Seat,
        kind: Option<MoveKind>,
        slot: Option<Slot>,
        card: Symbol,
        symbol: Option<Symbol>,
    },
    /// A display slot was refilled face up (AX-33).
    CardRevealed { slot: Slot, symbol: Symbol },
    /// The discard pile became the new draw pile (AX-34).
    Reshuffled { cards: usize },
    /// The destination point was fixed (AX-9).
    DestinationChosen { seat: Seat, point: Point },
    /// Alexander walked one side; `wall` is the wall placed on it (AX-10, AX-38).
    AlexanderStepped {
        seat: Seat,
        from: Point,
        to: Point,
        side: Side,
        wall: Option<WallColour>,
    },
    /// The black walls ran out: this is the last turn (AX-32, AX-36).
    FinalTurn { seat: Seat },
    /// Alexander arrived; the provinces were recomputed (AX-11).
    AlexanderArrived {
        seat: Seat,
        point: Point,
        provinces: usize,
    },
    /// A card was taken into the hand (AX-16); `symbol` is hidden from the
    /// other seats when it came from the draw pile.
    CardTaken {
        seat: Seat,
        from: TakeFrom,
        symbol: Option<Symbol>,
    },
    /// An occupation (`from` = None) or take-over was named (AX-39).
    OccupationStarted {
        seat: Seat,
        anchor: Space,
        from: Option<Seat>,
        reserved: Cards,
    },
    /// A guard space was chosen (AX-39).
    GuardChosen { seat: Seat, space: Space },
    /// Guards of `owner` went back to its supply (AX-24).
    GuardsRemoved { owner: Seat, spaces: Vec<Space> },
    /// The province was occupied (AX-19 … AX-26).
    Occupied {
        seat: Seat,
        anchor: Space,
        guards: Vec<Space>,
        paid: Cards,
        from: Option<Seat>,
    },
    /// A paid card went to the former owner (AX-27, AX-40).
    CardGiven {
        seat: Seat,
        to: Seat,
        symbol: Symbol,
    },
    /// Cards went onto the discard pile (AX-35).
    CardsDiscarded { seat: Seat, cards: Cards },
    /// A levy was made with a card of this symbol (AX-28).
    Levied { seat: Seat, symbol: Symbol },
    /// A player's tax (AX-29).
    Scored { seat: Seat, points: u32, total: u32 },
    /// A guard went back to the supply (AX-31).
    GuardTakenBack { seat: Seat, space: Space },
    /// The active player's turn ended (AX-36).
    TurnEnded { seat: Seat },
    /// The game is over.
    GameEnded {
        ending: Ending,
        winners: Vec<Seat>,
        summary: String,
    },
}
