//! The text notation of actions. Grammar (tokens separated by spaces, case
//! ignored on input, upper case on output):
//!
//! ```text
//! PASS
//! PLAY <card>                         card: RAMA LAO MALAY KHON_THAI 1V1 2V1 KING
//! PLACE <province>
//! X1 <province> <faction> <province> <faction>
//! X2 <province> <faction>[,<faction>] <province> <faction>
//! KING <province> <province> <province>
//! TAKE <province> <faction>
//! ```
//!
//! Provinces are the board's ids (`CHIANG_MAI`, `NAN`, …), factions `RAMA`,
//! `LAO`, `MALAY`. `X1` and `X2` may also be written `EXCHANGE_1V1` and
//! `EXCHANGE_2V1`, and the cards `1V1`/`2V1` also `ONE_VS_ONE`/`TWO_VS_ONE`.
//! Parsing checks the form only; whether the action is legal is for `apply`.

use super::actions::{Action, Sent};
use super::board::Province;
use super::card::Card;
use super::faction::Faction;
use satrap_engine::Echo;
use satrap_engine::NotationError;

/// The canonical notation of an action (`X2 BANGKOK RAMA,RAMA KORAT MALAY`).
pub fn format_action(action: &Action) -> String {
    match action {
        Action::Pass => "PASS".into(),
        Action::Play(card) => format!("PLAY {card}"),
        Action::Place(p) => format!("PLACE {p}"),
        Action::Exchange1v1 { p, f, q, g } => format!("X1 {p} {f} {q} {g}"),
        Action::Exchange2v1 { p, sent, q, g } => {
            let sent: Vec<&str> = sent.iter().map(|f| f.id()).collect();
            format!("X2 {p} {} {q} {g}", sent.join(","))
        }
        Action::King { t1, t2, marker } => format!("KING {t1} {t2} {marker}"),
        Action::Take { province, faction } => format!("TAKE {province} {faction}"),
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
    let province = |s: &str| {
        Province::from_id(s)
            .ok_or_else(|| NotationError::new(text, format!("unknown province {}", Echo(s))))
    };
    let faction = |s: &str| {
        Faction::from_id(s)
            .ok_or_else(|| NotationError::new(text, format!("unknown faction {}", Echo(s))))
    };
    match keyword.as_str() {
        "PASS" => {
            arity(0)?;
            Ok(Action::Pass)
        }
        "PLAY" => {
            arity(1)?;
            let card = Card::from_id(args[0]).ok_or_else(|| {
                NotationError::new(text, format!("unknown card {}", Echo(args[0])))
            })?;
            Ok(Action::Play(card))
        }
        "PLACE" => {
            arity(1)?;
            Ok(Action::Place(province(args[0])?))
        }
        "X1" | "EXCHANGE_1V1" => {
            arity(4)?;
            Ok(Action::Exchange1v1 {
                p: province(args[0])?,
                f: faction(args[1])?,
                q: province(args[2])?,
                g: faction(args[3])?,
            })
        }
        "X2" | "EXCHANGE_2V1" => {
            arity(4)?;
            let sent = args[1]
                .split(',')
                .map(faction)
                .collect::<Result<Vec<_>, _>>()?;
            if sent.is_empty() || sent.len() > 2 {
                return Err(NotationError::new(text, "X2 sends one or two followers"));
            }
            let Some(sent) = Sent::new(&sent) else {
                return Err(NotationError::new(text, "X2 sends one or two followers"));
            };
            Ok(Action::Exchange2v1 {
                p: province(args[0])?,
                sent,
                q: province(args[2])?,
                g: faction(args[3])?,
            })
        }
        "KING" => {
            arity(3)?;
            Ok(Action::King {
                t1: province(args[0])?,
                t2: province(args[1])?,
                marker: province(args[2])?,
            })
        }
        "TAKE" => {
            arity(2)?;
            Ok(Action::Take {
                province: province(args[0])?,
                faction: faction(args[1])?,
            })
        }
        _ => Err(NotationError::new(
            text,
            format!(
                "unknown action {}: expected PASS, PLAY, PLACE, X1, X2, KING or TAKE",
                Echo(&keyword)
            ),
        )),
    }
}
