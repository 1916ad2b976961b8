//! Text notation of every action (Section 11 names), case-insensitive:
//!
//! ```text
//! PRINCE P1a            PLACE 3            NEUTRAL P2b
//! TAKE 4                DRAGON 2
//! STEP P1b HORSE        STAY JUNK          DEPLOY 2   DEPLOY 2 CLOISTER   PASS
//! SELECT 0+2            RETURN P2a:1,P2b:1
//! ```
//! Province spaces and display slots are numbered 1–6.

use satrap_engine::Echo;
use satrap_engine::NotationError;

use super::actions::Action;
use super::board::{Card, District, Province};
use super::state::ReturnCards;

fn card_text(c: Card) -> String {
    c.name().to_uppercase()
}

/// The canonical notation of `action`.
pub fn format_action(action: &Action) -> String {
    match action {
        Action::PlacePrince(d) => format!("PRINCE {d}"),
        Action::PlaceOnSpace(p) => format!("PLACE {}", p.index() + 1),
        Action::NeutralPlace(d) => format!("NEUTRAL {d}"),
        Action::TakeDisplay(p) => format!("TAKE {}", p.index() + 1),
        Action::TakeDragon(p) => format!("DRAGON {}", p.index() + 1),
        Action::MoveStep { to, card } => format!("STEP {to} {}", card_text(*card)),
        Action::Stay(c) => format!("STAY {}", card_text(*c)),
        Action::Deploy { count, cloister } => {
            format!("DEPLOY {count}{}", if *cloister { " CLOISTER" } else { "" })
        }
        Action::Pass => "PASS".into(),
        Action::SelectReturn(r) => format!(
            "SELECT {}",
            r.values()
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join("+")
        ),
        Action::ChooseReturns(m) => format!(
            "RETURN {}",
            m.iter()
                .map(|(d, k)| format!("{d}:{k}"))
                .collect::<Vec<_>>()
                .join(",")
        ),
    }
}

fn district(input: &str, word: &str) -> Result<District, NotationError> {
    District::from_id(word)
        .ok_or_else(|| NotationError::new(input, format!("no district {}", Echo(word))))
}

fn space(input: &str, word: &str) -> Result<Province, NotationError> {
    let n: usize = word
        .parse()
        .map_err(|_| NotationError::new(input, format!("{} is not a number 1-6", Echo(word))))?;
    if n == 0 || n > Province::count() {
        return Err(NotationError::new(input, format!("no province space {n}")));
    }
    Ok(Province((n - 1) as u8))
}

fn card(input: &str, word: &str) -> Result<Card, NotationError> {
    Card::from_name(word)
        .ok_or_else(|| NotationError::new(input, format!("no card kind {}", Echo(word))))
}

/// Inverse of [`format_action`].
pub fn parse_action(text: &str) -> Result<Action, NotationError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let upper: Vec<String> = words.iter().map(|w| w.to_ascii_uppercase()).collect();
    let kw: Vec<&str> = upper.iter().map(String::as_str).collect();
    let action = match kw.as_slice() {
        ["PRINCE", _] => Action::PlacePrince(district(text, words[1])?),
        ["PLACE", _] => Action::PlaceOnSpace(space(text, words[1])?),
        ["NEUTRAL", _] => Action::NeutralPlace(district(text, words[1])?),
        ["TAKE", _] => Action::TakeDisplay(space(text, words[1])?),
        ["DRAGON", _] => Action::TakeDragon(space(text, words[1])?),
        ["STEP", _, _] => Action::MoveStep {
            to: district(text, words[1])?,
            card: card(text, words[2])?,
        },
        ["STAY", _] => Action::Stay(card(text, words[1])?),
        ["DEPLOY", n] | ["DEPLOY", n, "CLOISTER"] => {
            let count: u8 = n
                .parse()
                .ok()
                .filter(|k| *k <= 3)
                .ok_or_else(|| NotationError::new(text, "DEPLOY takes a count 0-3"))?;
            Action::Deploy {
                count,
                cloister: kw.len() == 3,
            }
        }
        ["PASS"] => Action::Pass,
        ["SELECT", cards] => {
            let values = cards
                .split('+')
                .map(|v| v.parse::<u8>())
                .collect::<Result<Vec<_>, _>>()
                .map_err(|_| NotationError::new(text, "SELECT takes cards like 0+2"))?;
            Action::SelectReturn(ReturnCards::from_values(&values).ok_or_else(|| {
                NotationError::new(text, "return cards are distinct values 0, 1, 2, 3")
            })?)
        }
        ["RETURN", _] => {
            let mut m = Vec::new();
            for part in words[1].split(',') {
                let (d, k) = part
                    .split_once(':')
                    .ok_or_else(|| NotationError::new(text, "RETURN takes district:count,..."))?;
                let k: u8 = k
                    .parse()
                    .map_err(|_| NotationError::new(text, format!("bad count {}", Echo(k))))?;
                m.push((district(text, d)?, k));
            }
            Action::ChooseReturns(m)
        }
        _ => return Err(NotationError::new(text, "unknown action")),
    };
    Ok(action)
}
