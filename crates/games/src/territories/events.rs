//! What happens in a game, one event per happening, including what the
//! engine does itself (production, dice, forced decisions, draws, endings).
//! A drawn card's identity is the only hidden part ([`Event::CardDrawn`],
//! HID-3); [`Event::for_viewer`] removes it for everyone but the drawer.

use std::fmt;

use super::cards::{Card, Resources, Suit};
use super::grid::{Cell, Point};
use super::pieces::{Ability, Kind};
use super::state::{Ending, Item, Offer};
use satrap_engine::Seat;

/// Something that happened while an action was applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// SET-5: `seat` placed a setup town at `at` and collected `collected`.
    SetupTownPlaced {
        seat: Seat,
        at: Point,
        collected: Resources,
    },
    /// SET-6 / TR-33: turn `turn` of `seat` begins in the roll phase.
    TurnStarted { seat: Seat, turn: u32 },
    /// TR-2: `seat` rolled `d1` and `d2`.
    Rolled { seat: Seat, d1: u8, d2: u8 },
    /// TR-4 … TR-6: `seat` received `gained` from production (after shortage).
    Produced { seat: Seat, gained: Resources },
    /// TR-32: `seat` drew a territory card; `card` is `None` for viewers who
    /// may not see it (HID-3) and when both piles were empty (`drawn` false).
    CardDrawn {
        seat: Seat,
        card: Option<Card>,
        drawn: bool,
    },
    /// TR-32: the discard pile of `cards` cards was shuffled into the draw pile.
    DiscardReshuffled { cards: u8 },
    /// TR-11 / TR-38: `seat` discarded `item` (`automatic`: forced, TR-35).
    Discarded {
        seat: Seat,
        item: Item,
        automatic: bool,
    },
    /// TR-8 / TR-38: `seat` took a free resource of `suit` from the bank.
    FreeTaken {
        seat: Seat,
        suit: Suit,
        automatic: bool,
    },
    /// TR-31 / TR-38: `seat` paid one resource of `suit`.
    Paid {
        seat: Seat,
        suit: Suit,
        automatic: bool,
    },
    /// TR-8: `lost` free choices of `seat` were lost to an empty bank.
    FreeChoicesLost { seat: Seat, lost: u32 },
    /// TR-17 … TR-19: `seat` placed `kind` at `at`, replacing `replaced`.
    Built {
        seat: Seat,
        at: Point,
        kind: Kind,
        replaced: Option<Kind>,
    },
    /// TR-24: `seat` gave 4 `give` for one `get` (`None`: a territory card).
    BankTraded {
        seat: Seat,
        give: Suit,
        get: Option<Suit>,
    },
    /// TR-39: the open draft after a TRADE_GIVE / TRADE_GET step.
    DraftChanged { seat: Seat, draft: Offer },
    /// TR-22 / TR-39: `seat` proposed `offer` (number `number` of the turn).
    TradeProposed {
        seat: Seat,
        offer: Offer,
        number: u8,
    },
    /// TR-23: `seat` (the opponent) answered the offer.
    TradeAnswered {
        seat: Seat,
        accepted: bool,
        offer: Offer,
    },
    /// TR-25 … TR-30: `seat` activated `ability`.
    AbilityActivated { seat: Seat, ability: Ability },
    /// TR-27 / TR-28: the die price of SWAP / EXPAND.
    PriceRolled { seat: Seat, die: u8 },
    /// TR-31: `seat` could not pay and lost `lost` to the bank.
    LostEverything { seat: Seat, lost: Resources },
    /// TR-29 / TR-30: the opposed rolls; `success` when `attacker > defender`.
    OpposedRoll {
        attacker: u8,
        defender: u8,
        success: bool,
    },
    /// TR-27: `placed` went into `cell`, `taken` into `seat`'s hand (public).
    Swapped {
        seat: Seat,
        cell: Cell,
        placed: Card,
        taken: Card,
    },
    /// TR-28: `card` was added to the grid at `cell`.
    Expanded { seat: Seat, cell: Cell, card: Card },
    /// TR-29: the opponent's Town at `at` was removed.
    Destroyed { seat: Seat, at: Point },
    /// TR-30: the opponent's `from` at `at` became `seat`'s `to`.
    Converted {
        seat: Seat,
        at: Point,
        from: Kind,
        to: Kind,
    },
    /// TR-33 / END-3: `seat` ended the turn; `homeless` is the counter now.
    TurnEnded { seat: Seat, homeless: u8 },
    /// END-1 / END-3 / END-4: the game is over.
    GameEnded {
        winner: Option<Seat>,
        ending: Ending,
        points: [u32; 2],
    },
}

impl Event {
    /// The event as `viewer` may see it (HID-3): a drawn card's identity only
    /// for the drawer.
    pub fn for_viewer(&self, viewer: Option<Seat>) -> Event {
        match self {
            Event::CardDrawn { seat, drawn, .. } if viewer != Some(*seat) => Event::CardDrawn {
                seat: *seat,
                card: None,
                drawn: *drawn,
            },
            other => other.clone(),
        }
    }
}

/// One line for humans (`GameEvent.description`, the golden playthroughs).
impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::SetupTownPlaced {
                seat,
                at,
                collected,
            } => write!(
                f,
                "seat {seat} places a setup town at {at}, collects {}",
                collected.letters()
            ),
            Event::TurnStarted { seat, turn } => write!(f, "turn {turn}: seat {seat} to roll"),
            Event::Rolled { seat, d1, d2 } => {
                write!(f, "seat {seat} rolls {d1} + {d2} = {}", d1 + d2)
            }
            Event::Produced { seat, gained } => {
                write!(f, "seat {seat} produces {}", gained.letters())
            }
            Event::CardDrawn { seat, card, drawn } => match (drawn, card) {
                (false, _) => write!(f, "seat {seat} draws nothing: both piles are empty"),
                (true, Some(c)) => write!(f, "seat {seat} draws {c}"),
                (true, None) => write!(f, "seat {seat} draws a territory card"),
            },
            Event::DiscardReshuffled { cards } => {
                write!(
                    f,
                    "the discard pile ({cards} cards) is shuffled into the draw pile"
                )
            }
            Event::Discarded {
                seat,
                item,
                automatic,
            } => write!(
                f,
                "seat {seat} discards {}{}",
                item_text(item),
                auto(*automatic)
            ),
            Event::FreeTaken {
                seat,
                suit,
                automatic,
            } => write!(f, "seat {seat} takes a free {suit}{}", auto(*automatic)),
            Event::Paid {
                seat,
                suit,
                automatic,
            } => write!(f, "seat {seat} pays {suit}{}", auto(*automatic)),
            Event::FreeChoicesLost { seat, lost } => {
                write!(
                    f,
                    "seat {seat} loses {lost} free choices: the bank is empty"
                )
            }
            Event::Built {
                seat,
                at,
                kind,
                replaced,
            } => match replaced {
                Some(r) => write!(f, "seat {seat} replaces its {r} at {at} by a {kind}"),
                None => write!(f, "seat {seat} builds a {kind} at {at}"),
            },
            Event::BankTraded { seat, give, get } => write!(
                f,
                "seat {seat} trades 4 {give} to the bank for {}",
                get.map_or("a territory card".to_owned(), |s| format!("1 {s}"))
            ),
            Event::DraftChanged { seat, draft } => write!(
                f,
                "seat {seat} drafts an offer: give {} get {}",
                draft.give.letters(),
                draft.get.letters()
            ),
            Event::TradeProposed {
                seat,
                offer,
                number,
            } => write!(
                f,
                "seat {seat} offers {} for {} (offer {number} of 3)",
                offer.give.letters(),
                offer.get.letters()
            ),
            Event::TradeAnswered { seat, accepted, .. } => write!(
                f,
                "seat {seat} {} the offer",
                if *accepted { "accepts" } else { "declines" }
            ),
            Event::AbilityActivated { seat, ability } => {
                write!(f, "seat {seat} activates {ability}")
            }
            Event::PriceRolled { seat, die } => write!(f, "seat {seat} must pay {die} (die)"),
            Event::LostEverything { seat, lost } => write!(
                f,
                "seat {seat} cannot pay and loses all resources ({})",
                lost.letters()
            ),
            Event::OpposedRoll {
                attacker,
                defender,
                success,
            } => write!(
                f,
                "attacker rolls {attacker}, defender rolls {defender}: {}",
                if *success { "success" } else { "failure" }
            ),
            Event::Swapped {
                seat,
                cell,
                placed,
                taken,
            } => write!(
                f,
                "seat {seat} swaps {placed} into cell {cell} and takes {taken}"
            ),
            Event::Expanded { seat, cell, card } => {
                write!(f, "seat {seat} adds {card} to the grid at cell {cell}")
            }
            Event::Destroyed { seat, at } => write!(f, "seat {seat} destroys the town at {at}"),
            Event::Converted { seat, at, from, to } => {
                write!(f, "seat {seat} converts the {from} at {at} into its {to}")
            }
            Event::TurnEnded { seat, homeless } => {
                write!(f, "seat {seat} ends the turn (homeless {homeless})")
            }
            Event::GameEnded {
                winner,
                ending,
                points,
            } => write!(
                f,
                "game over ({}): {}, points {}:{}",
                ending.name(),
                winner.map_or("draw".to_owned(), |w| format!("seat {w} wins")),
                points[0],
                points[1]
            ),
        }
    }
}

fn auto(automatic: bool) -> &'static str {
    if automatic { " (forced)" } else { "" }
}

/// An item of a decision as text (`H`, `10H`).
pub fn item_text(item: &Item) -> String {
    match item {
        Item::Resource(s) => s.to_string(),
        Item::Territory(c) => c.to_string(),
    }
}
