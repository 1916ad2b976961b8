//! What happens in a game, one event per happening, including the steps the
//! engine performs itself (automatic passes, skipped steps, resolutions).

use std::fmt;

use super::board::Province;
use super::card::Card;
use super::faction::{Controller, Faction, Followers};
use super::scoring::Ending;
use satrap_engine::Seat;

/// Something that happened while an action was applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// KS-5: `seat` revealed `card` and started playing it; `last_card` when
    /// the 3-player last-card rule applies (KS-15).
    CardPlayed {
        seat: Seat,
        card: Card,
        last_card: bool,
    },
    /// KS-10 / KS-11: `count` followers of `faction` went from the pool into
    /// `province`.
    Placed {
        seat: Seat,
        card: Card,
        faction: Faction,
        count: u8,
        province: Province,
    },
    /// KS-6, KS-28 step 1: an effect step had no possible choice and was
    /// skipped. `faction` names the Khon Thai faction missing from the pool.
    EffectSkipped {
        seat: Seat,
        card: Card,
        faction: Option<Faction>,
    },
    /// KS-12 / KS-13: the followers `from_p` moved from `p` to `q` and one
    /// follower of `from_q` moved from `q` to `p`.
    Exchanged {
        seat: Seat,
        card: Card,
        p: Province,
        from_p: Vec<Faction>,
        q: Province,
        from_q: Faction,
    },
    /// KS-14: the tiles `t1` and `t2` swapped boxes (now `t1` is in box
    /// `t1_box` and `t2` in box `t2_box`, 1-based) and `seat`'s King marker
    /// went onto `marker`.
    TilesSwapped {
        seat: Seat,
        t1: Province,
        t1_box: u8,
        t2: Province,
        t2_box: u8,
        marker: Province,
    },
    /// KS-7: a follower of `faction` went from `province` into `seat`'s court.
    FollowerTaken {
        seat: Seat,
        province: Province,
        faction: Faction,
    },
    /// KS-7: no follower was on the board, so none was taken.
    TakeSkipped { seat: Seat },
    /// KS-8: `seat` passed; `automatic` when the engine passed for a player
    /// with no cards (KS-28 step 4). `passes` is the counter afterwards.
    Passed {
        seat: Seat,
        automatic: bool,
        passes: u8,
    },
    /// KS-17 … KS-19: power struggle number `struggle` ended and `province`
    /// went to `controller`; the followers `returned` went back to the pool.
    /// `british` is the British count afterwards.
    StruggleResolved {
        struggle: u8,
        province: Province,
        controller: Controller,
        returned: Followers,
        british: u8,
    },
    /// KS-21 / KS-24: the game is over.
    GameEnded {
        ending: Ending,
        winners: Vec<Seat>,
        draw: bool,
        summary: String,
    },
}

/// One line for humans (`GameEvent.description`, the golden playthroughs).
impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // KS-5; KS-15: a 3-player last card must make its player win.
            Event::CardPlayed {
                seat,
                card,
                last_card,
            } => write!(
                f,
                "seat {seat} plays {}{}",
                card.name(),
                if *last_card {
                    " as the last card (it must make the player win, KS-15)"
                } else {
                    ""
                }
            ),
            // KS-10 / KS-11.
            Event::Placed {
                seat,
                faction,
                count,
                province,
                ..
            } => write!(
                f,
                "seat {seat} places {count} {} follower{} into {}",
                faction.name(),
                if *count == 1 { "" } else { "s" },
                province.name()
            ),
            // KS-6, KS-28 step 1.
            Event::EffectSkipped {
                seat,
                card,
                faction,
            } => match faction {
                Some(faction) => write!(
                    f,
                    "{}: no {} follower in the pool, skipped",
                    card.name(),
                    faction.name()
                ),
                None => write!(
                    f,
                    "the {} card of seat {seat} has no possible effect",
                    card.name()
                ),
            },
            // KS-12 / KS-13.
            Event::Exchanged {
                seat,
                p,
                from_p,
                q,
                from_q,
                ..
            } => write!(
                f,
                "seat {seat} exchanges {} from {} for 1 {} from {}",
                from_p
                    .iter()
                    .map(|faction| faction.name())
                    .collect::<Vec<_>>()
                    .join(" + "),
                p.name(),
                from_q.name(),
                q.name()
            ),
            // KS-14.
            Event::TilesSwapped {
                seat,
                t1,
                t1_box,
                t2,
                t2_box,
                marker,
            } => write!(
                f,
                "seat {seat} swaps {} (now box {t1_box}) and {} (now box {t2_box}) and puts the King marker on {}",
                t1.name(),
                t2.name(),
                marker.name()
            ),
            // KS-7.
            Event::FollowerTaken {
                seat,
                province,
                faction,
            } => write!(
                f,
                "seat {seat} takes a {} follower from {} into the court",
                faction.name(),
                province.name()
            ),
            // KS-7.
            Event::TakeSkipped { seat } => {
                write!(f, "no follower on the board: seat {seat} takes nothing")
            }
            // KS-8; automatic: KS-28 step 4.
            Event::Passed {
                seat,
                automatic,
                passes,
            } => {
                if *automatic {
                    write!(
                        f,
                        "seat {seat} has no cards and passes automatically ({passes} in a row)"
                    )
                } else {
                    write!(f, "seat {seat} passes ({passes} in a row)")
                }
            }
            // KS-17 … KS-19.
            Event::StruggleResolved {
                struggle,
                province,
                controller,
                returned,
                ..
            } => write!(
                f,
                "struggle {struggle}: {} ({returned}) goes to {}; followers return to the pool",
                province.name(),
                controller.name()
            ),
            // KS-21 / KS-24.
            Event::GameEnded {
                ending,
                winners,
                draw,
                ..
            } => {
                if *draw {
                    write!(f, "game over ({}): draw", ending.id())
                } else {
                    write!(
                        f,
                        "game over ({}): {} won",
                        ending.id(),
                        winners
                            .iter()
                            .map(|s| format!("seat {s}"))
                            .collect::<Vec<_>>()
                            .join(" and ")
                    )
                }
            }
        }
    }
}
