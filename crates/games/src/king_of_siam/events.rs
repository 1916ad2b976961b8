//! What happens in a game, one event per happening, including the steps the
//! engine performs itself (automatic passes, skipped steps, resolutions).

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
