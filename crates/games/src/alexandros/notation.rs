//! The text notation of actions (section 11). Grammar (tokens separated by
//! spaces; case ignored on input; keywords and symbols upper case, board ids
//! lower case on output):
//!
//! ```text
//! ALEX_CARD <1|2> <symbol>      ALEX_HAND <symbol>     ALEX_IDLE <1|2>
//! ALEX_DEST <point>             ALEX_STEP <point>
//! TAKE_CARD <SLOT1|SLOT2|DECK>
//! OCCUPY <space>                TAKE_OVER <space>      PLACE_GUARD <space>
//! CONFIRM_OCCUPATION            GIVE_CARD <symbol>     LEVY <symbol>
//! TAKE_BACK <space>             END_TURN
//! ```
//!
//! Symbols: TEMPLE AMPHORA HORSE LYRE SOLDIER; points `v<Y>_<X>`, spaces
//! `r<R>c<C>` as in the board file. Parsing checks the form only.

use super::actions::Action;
use super::board::{Point, Space};
use super::card::Symbol;
use super::events::TakeFrom;
use super::state::Slot;
use satrap_engine::Echo;
use satrap_engine::NotationError;

fn sym(s: Symbol) -> String {
    s.id().to_ascii_uppercase()
}

fn from_text(f: TakeFrom) -> &'static str {
    match f {
        TakeFrom::Slot(Slot::One) => "SLOT1",
        TakeFrom::Slot(Slot::Two) => "SLOT2",
        TakeFrom::Deck => "DECK",
    }
}

/// The canonical notation of an action (`ALEX_CARD 2 LYRE`).
pub fn format_action(action: &Action) -> String {
    match action {
        Action::AlexCard { slot, symbol } => {
            format!("ALEX_CARD {} {}", slot.number(), sym(*symbol))
        }
        Action::AlexHand(s) => format!("ALEX_HAND {}", sym(*s)),
        Action::AlexIdle(slot) => format!("ALEX_IDLE {}", slot.number()),
        Action::AlexDest(p) => format!("ALEX_DEST {p}"),
        Action::AlexStep(p) => format!("ALEX_STEP {p}"),
        Action::TakeCard(f) => format!("TAKE_CARD {}", from_text(*f)),
        Action::Occupy(s) => format!("OCCUPY {s}"),
        Action::TakeOver(s) => format!("TAKE_OVER {s}"),
        Action::PlaceGuard(s) => format!("PLACE_GUARD {s}"),
        Action::ConfirmOccupation => "CONFIRM_OCCUPATION".into(),
        Action::GiveCard(s) => format!("GIVE_CARD {}", sym(*s)),
        Action::Levy(s) => format!("LEVY {}", sym(*s)),
        Action::TakeBack(s) => format!("TAKE_BACK {s}"),
        Action::EndTurn => "END_TURN".into(),
    }
}

/// Parse the notation of an action (the inverse of [`format_action`]).
pub fn parse_action(text: &str) -> Result<Action, NotationError> {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let Some((keyword, args)) = tokens.split_first() else {
        return Err(NotationError::new(text, "empty notation"));
    };
    let keyword = keyword.to_ascii_uppercase();
    let arity = |n: usize| -> Result<(), NotationError> {
        if args.len() == n {
            Ok(())
        } else {
            Err(NotationError::new(
                text,
                format!("{keyword} takes {n} arguments, got {}", args.len()),
            ))
        }
    };
    let symbol = |s: &str| {
        Symbol::from_id(s)
            .ok_or_else(|| NotationError::new(text, format!("unknown symbol {}", Echo(s))))
    };
    let space = |s: &str| {
        Space::from_id(s)
            .ok_or_else(|| NotationError::new(text, format!("unknown space {}", Echo(s))))
    };
    let point = |s: &str| {
        Point::from_id(s)
            .ok_or_else(|| NotationError::new(text, format!("unknown point {}", Echo(s))))
    };
    let slot = |s: &str| {
        s.parse::<u64>()
            .ok()
            .and_then(Slot::from_number)
            .ok_or_else(|| {
                NotationError::new(text, format!("slot must be 1 or 2, not {}", Echo(s)))
            })
    };
    let arg = |i: usize| args.get(i).copied().unwrap_or("");
    let action = match keyword.as_str() {
        "ALEX_CARD" => {
            arity(2)?;
            Action::AlexCard {
                slot: slot(arg(0))?,
                symbol: symbol(arg(1))?,
            }
        }
        "ALEX_HAND" => {
            arity(1)?;
            Action::AlexHand(symbol(arg(0))?)
        }
        "ALEX_IDLE" => {
            arity(1)?;
            Action::AlexIdle(slot(arg(0))?)
        }
        "ALEX_DEST" => {
            arity(1)?;
            Action::AlexDest(point(arg(0))?)
        }
        "ALEX_STEP" => {
            arity(1)?;
            Action::AlexStep(point(arg(0))?)
        }
        "TAKE_CARD" => {
            arity(1)?;
            Action::TakeCard(match arg(0).to_ascii_uppercase().as_str() {
                "SLOT1" => TakeFrom::Slot(Slot::One),
                "SLOT2" => TakeFrom::Slot(Slot::Two),
                "DECK" => TakeFrom::Deck,
                other => {
                    return Err(NotationError::new(
                        text,
                        format!("source must be SLOT1, SLOT2 or DECK, not {}", Echo(other)),
                    ));
                }
            })
        }
        "OCCUPY" => {
            arity(1)?;
            Action::Occupy(space(arg(0))?)
        }
        "TAKE_OVER" => {
            arity(1)?;
            Action::TakeOver(space(arg(0))?)
        }
        "PLACE_GUARD" => {
            arity(1)?;
            Action::PlaceGuard(space(arg(0))?)
        }
        "CONFIRM_OCCUPATION" => {
            arity(0)?;
            Action::ConfirmOccupation
        }
        "GIVE_CARD" => {
            arity(1)?;
            Action::GiveCard(symbol(arg(0))?)
        }
        "LEVY" => {
            arity(1)?;
            Action::Levy(symbol(arg(0))?)
        }
        "TAKE_BACK" => {
            arity(1)?;
            Action::TakeBack(space(arg(0))?)
        }
        "END_TURN" => {
            arity(0)?;
            Action::EndTurn
        }
        _ => {
            return Err(NotationError::new(
                text,
                format!("unknown action {}", Echo(&keyword)),
            ));
        }
    };
    Ok(action)
}
