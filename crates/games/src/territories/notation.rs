//! Text notation of every action (one line, upper case, case-insensitive on
//! input). Coordinates are `x,y` for intersections and `c,r` for cells
//! (section 3), without spaces:
//!
//! ```text
//! PLACE 1,1          ROLL                DISCARD H | DISCARD 10H
//! TAKE H             PAY D               ACCEPT | DECLINE
//! TOWN 5,4           UPGRADE 2,1 FORT    CAPITAL 2,1
//! BANK D S           BANK H TERRITORY    GIVE H | GET C | PROPOSE
//! SWAP 2,2 6D        EXPAND 5,1 9D       DESTROY 3,2
//! CONVERT 2,1 3,1 TOWN                   END
//! ```

use super::actions::{Action, BankGet};
use super::cards::{Card, Suit};
use super::grid::{Cell, Point};
use super::pieces::Kind;
use super::state::Item;
use satrap_engine::Echo;
use satrap_engine::NotationError;

/// The notation of `action`.
pub fn format_action(action: &Action) -> String {
    match action {
        Action::PlaceSetup(p) => format!("PLACE {p}"),
        Action::Roll => "ROLL".into(),
        Action::Discard(Item::Resource(s)) => format!("DISCARD {s}"),
        Action::Discard(Item::Territory(c)) => format!("DISCARD {c}"),
        Action::TakeFree(s) => format!("TAKE {s}"),
        Action::Pay(s) => format!("PAY {s}"),
        Action::RespondTrade(true) => "ACCEPT".into(),
        Action::RespondTrade(false) => "DECLINE".into(),
        Action::BuildTown(p) => format!("TOWN {p}"),
        Action::Upgrade(p, k) => format!("UPGRADE {p} {k}"),
        Action::BuildCapital(p) => format!("CAPITAL {p}"),
        Action::BankTrade {
            give,
            get: BankGet::Resource(g),
        } => format!("BANK {give} {g}"),
        Action::BankTrade {
            give,
            get: BankGet::Territory,
        } => format!("BANK {give} TERRITORY"),
        Action::TradeGive(s) => format!("GIVE {s}"),
        Action::TradeGet(s) => format!("GET {s}"),
        Action::ProposeTrade => "PROPOSE".into(),
        Action::Swap { cell, card } => format!("SWAP {cell} {card}"),
        Action::Expand { cell, card } => format!("EXPAND {cell} {card}"),
        Action::Destroy(p) => format!("DESTROY {p}"),
        Action::Convert { source, target, to } => format!("CONVERT {source} {target} {to}"),
        Action::EndTurn => "END".into(),
    }
}

/// Parse the notation of [`format_action`].
pub fn parse_action(text: &str) -> Result<Action, NotationError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let bad = |reason: &str| NotationError::new(text, reason);
    let Some((head, args)) = words.split_first() else {
        return Err(bad("empty notation"));
    };
    let want = |n: usize| -> Result<(), NotationError> {
        if args.len() == n {
            Ok(())
        } else {
            Err(bad(&format!("{head} takes {n} argument(s)")))
        }
    };
    let suit = |w: &str| -> Result<Suit, NotationError> {
        let mut chars = w.chars();
        match (chars.next().and_then(Suit::from_letter), chars.next()) {
            (Some(s), None) => Ok(s),
            _ => Err(bad(&format!("{} is not a suit (H, S, C, D)", Echo(w)))),
        }
    };
    let card = |w: &str| Card::parse(w).ok_or_else(|| bad(&format!("{} is not a card", Echo(w))));
    let pair = |w: &str| -> Result<(i16, i16), NotationError> {
        let (a, b) = w
            .split_once(',')
            .ok_or_else(|| bad(&format!("{} is not a coordinate pair a,b", Echo(w))))?;
        let n = |v: &str| {
            v.parse::<i16>()
                .map_err(|_| bad(&format!("{} is not a coordinate", Echo(v))))
        };
        Ok((n(a)?, n(b)?))
    };
    let point = |w: &str| pair(w).map(|(x, y)| Point::new(x, y));
    let cell = |w: &str| pair(w).map(|(c, r)| Cell::new(c, r));
    let kind =
        |w: &str| Kind::from_name(w).ok_or_else(|| bad(&format!("{} is not a building", Echo(w))));
    let head = head.to_ascii_uppercase();
    Ok(match head.as_str() {
        "PLACE" => {
            want(1)?;
            Action::PlaceSetup(point(args[0])?)
        }
        "ROLL" => {
            want(0)?;
            Action::Roll
        }
        "DISCARD" => {
            want(1)?;
            if args[0].len() == 1 {
                Action::Discard(Item::Resource(suit(args[0])?))
            } else {
                Action::Discard(Item::Territory(card(args[0])?))
            }
        }
        "TAKE" => {
            want(1)?;
            Action::TakeFree(suit(args[0])?)
        }
        "PAY" => {
            want(1)?;
            Action::Pay(suit(args[0])?)
        }
        "ACCEPT" => {
            want(0)?;
            Action::RespondTrade(true)
        }
        "DECLINE" => {
            want(0)?;
            Action::RespondTrade(false)
        }
        "TOWN" => {
            want(1)?;
            Action::BuildTown(point(args[0])?)
        }
        "UPGRADE" => {
            want(2)?;
            Action::Upgrade(point(args[0])?, kind(args[1])?)
        }
        "CAPITAL" => {
            want(1)?;
            Action::BuildCapital(point(args[0])?)
        }
        "BANK" => {
            want(2)?;
            let get = if args[1].eq_ignore_ascii_case("TERRITORY") {
                BankGet::Territory
            } else {
                BankGet::Resource(suit(args[1])?)
            };
            Action::BankTrade {
                give: suit(args[0])?,
                get,
            }
        }
        "GIVE" => {
            want(1)?;
            Action::TradeGive(suit(args[0])?)
        }
        "GET" => {
            want(1)?;
            Action::TradeGet(suit(args[0])?)
        }
        "PROPOSE" => {
            want(0)?;
            Action::ProposeTrade
        }
        "SWAP" => {
            want(2)?;
            Action::Swap {
                cell: cell(args[0])?,
                card: card(args[1])?,
            }
        }
        "EXPAND" => {
            want(2)?;
            Action::Expand {
                cell: cell(args[0])?,
                card: card(args[1])?,
            }
        }
        "DESTROY" => {
            want(1)?;
            Action::Destroy(point(args[0])?)
        }
        "CONVERT" => {
            want(3)?;
            Action::Convert {
                source: point(args[0])?,
                target: point(args[1])?,
                to: kind(args[2])?,
            }
        }
        "END" => {
            want(0)?;
            Action::EndTurn
        }
        _ => return Err(bad("unknown action")),
    })
}
