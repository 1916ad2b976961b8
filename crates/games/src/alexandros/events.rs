//! What happened while an action was applied, including the steps the engine
//! performs itself (section 11): refills, reshuffles, walls, scoring, turns.
//! Only [`Event::CardTaken`] from the draw pile carries hidden information
//! (section 7: the drawn card is seen only by the drawer); see `view::event_for`.

use std::fmt;

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

/// One line for humans (`GameEvent.description`, the golden playthroughs).
impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::TurnStarted { seat, turn } => write!(f, "turn {turn}: seat {seat} to play"),
            Event::AlexanderSkipped { seat } => {
                write!(f, "seat {seat} cannot move Alexander (AX-14)")
            }
            // AX-7 (normal), AX-12 (special), AX-13 (joker, or no target).
            Event::AlexanderCard {
                seat,
                kind,
                card,
                symbol,
                ..
            } => match (kind, symbol) {
                (Some(MoveKind::Special), _) => {
                    write!(f, "seat {seat} discards {card} for a special move")
                }
                (Some(MoveKind::Joker), Some(s)) => {
                    write!(f, "seat {seat} takes the face-up {card} as a joker for {s}")
                }
                (Some(_), _) => write!(f, "seat {seat} takes the face-up {card} to move Alexander"),
                (None, _) => write!(
                    f,
                    "seat {seat} takes the face-up {card}; Alexander stays (no target)"
                ),
            },
            // AX-33.
            Event::CardRevealed { slot, symbol } => {
                write!(f, "slot {} refilled with {symbol}", slot.number())
            }
            // AX-34.
            Event::Reshuffled { cards } => write!(
                f,
                "the discard pile ({cards} cards) is shuffled into a new draw pile"
            ),
            // AX-9.
            Event::DestinationChosen { seat, point } => {
                write!(f, "seat {seat} sends Alexander to {point}")
            }
            // AX-10, AX-38.
            Event::AlexanderStepped {
                from,
                to,
                side,
                wall,
                ..
            } => match wall {
                Some(WallColour::Black) => {
                    write!(f, "Alexander walks {from} -> {to}: black wall on {side}")
                }
                Some(WallColour::Red) => {
                    write!(f, "Alexander walks {from} -> {to}: red wall on {side}")
                }
                None => write!(f, "Alexander walks {from} -> {to}: no new wall"),
            },
            // AX-32, AX-36.
            Event::FinalTurn { seat } => write!(
                f,
                "the black walls ran out: the game ends after seat {seat}'s turn"
            ),
            // AX-11.
            Event::AlexanderArrived {
                point, provinces, ..
            } => write!(f, "Alexander arrives at {point}; {provinces} provinces"),
            // AX-16: a card drawn from the pile shows only to the drawer.
            Event::CardTaken { seat, from, symbol } => match (from, symbol) {
                (TakeFrom::Deck, Some(s)) => write!(f, "seat {seat} draws {s}"),
                (TakeFrom::Deck, None) => write!(f, "seat {seat} draws a card"),
                (TakeFrom::Slot(slot), s) => write!(
                    f,
                    "seat {seat} takes the face-up {} from slot {}",
                    s.map_or("card", |s| s.id()),
                    slot.number()
                ),
            },
            // AX-39.
            Event::OccupationStarted {
                seat,
                anchor,
                from,
                reserved,
            } => match from {
                Some(q) => write!(
                    f,
                    "seat {seat} takes over {anchor} from seat {q}, reserving {reserved}"
                ),
                None => write!(f, "seat {seat} occupies {anchor}"),
            },
            Event::GuardChosen { seat, space } => {
                write!(f, "seat {seat} chooses {space} for a guard")
            }
            // AX-24.
            Event::GuardsRemoved { owner, spaces } => write!(
                f,
                "{} guard(s) of seat {owner} return to the supply",
                spaces.len()
            ),
            // AX-19 … AX-26.
            Event::Occupied {
                seat,
                anchor,
                guards,
                paid,
                ..
            } => write!(
                f,
                "seat {seat} holds {anchor} with guards on {} paying {paid}",
                guards.iter().map(|s| s.id()).collect::<Vec<_>>().join(" ")
            ),
            // AX-27, AX-40.
            Event::CardGiven { seat, to, symbol } => {
                write!(f, "seat {seat} hands {symbol} to seat {to}")
            }
            // AX-35.
            Event::CardsDiscarded { cards, .. } => write!(f, "{cards} to the discard pile"),
            // AX-28.
            Event::Levied { seat, symbol } => {
                write!(f, "seat {seat} levies taxes with {symbol}")
            }
            // AX-29.
            Event::Scored {
                seat,
                points,
                total,
            } => write!(f, "seat {seat} scores {points} ({total})"),
            // AX-31.
            Event::GuardTakenBack { seat, space } => {
                write!(f, "seat {seat} takes back the guard on {space}")
            }
            // AX-36.
            Event::TurnEnded { seat } => write!(f, "seat {seat} ends the turn"),
            Event::GameEnded {
                ending, winners, ..
            } => write!(
                f,
                "game over ({}): {} won",
                ending.id(),
                winners
                    .iter()
                    .map(|s| format!("seat {s}"))
                    .collect::<Vec<_>>()
                    .join(" and ")
            ),
        }
    }
}
