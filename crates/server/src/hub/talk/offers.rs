//! What may be offered when (the rules behind MakeOffer), as pure
//! functions of the game's facts, and the built-in bots' answers.
//!
//! - **Takeback**: the proposer's own last move and every move after it,
//!   only per the game's `takebacks` (never in a rated game; "casual
//!   only": an unrated game without a turn clock; "always": any unrated
//!   game), never back across another takeback, a timeout or the start,
//!   and never a move that drew at random or revealed something
//!   (`takeback::reveals`).
//! - **Draw**: any time while the game runs.
//! - **Abort**: only while fewer than [`ABORT_MOVES_PER_SEAT`] moves per
//!   seat have been made (log entries, the service's included); unrated.
//! - **Bots** accept takebacks and aborts and decline draws (a bot plays
//!   every game out).

use satrap_store::EntryKind;

use super::TalkError;
use crate::proto::{OfferKind, TakebackPolicy};

/// An abort can be offered while the game has had fewer than this many
/// log entries per seat.
pub const ABORT_MOVES_PER_SEAT: u64 = 2;

/// The policy a game runs with: rated games never allow takebacks, and
/// unspecified is "casual only".
pub fn takebacks(requested: TakebackPolicy, rated: bool) -> TakebackPolicy {
    match (rated, requested) {
        (true, _) => TakebackPolicy::Never,
        (false, TakebackPolicy::Unspecified) => TakebackPolicy::CasualOnly,
        (false, p) => p,
    }
}

/// Whether a takeback may be offered under `policy` (resolved) in a game
/// with or without a turn clock.
pub fn takeback_allowed(policy: TakebackPolicy, rated: bool, clock: bool) -> Result<(), TalkError> {
    if rated {
        return Err(TalkError::TakebacksOff("rated games allow none"));
    }
    match policy {
        TakebackPolicy::Never => Err(TalkError::TakebacksOff(
            "the game was created with takebacks never",
        )),
        TakebackPolicy::CasualOnly | TakebackPolicy::Unspecified if clock => Err(
            TalkError::TakebacksOff("casual only: this game has a turn clock"),
        ),
        _ => Ok(()),
    }
}

/// One log entry as the takeback rule sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Logged {
    pub seat: u32,
    pub kind: EntryKind,
    /// The service's own entry (an abort, an agreement, a takeback).
    pub service: bool,
}

/// How many moves a takeback by `proposer` takes back: its last move and
/// every move after it, found without crossing anything but plain moves.
pub fn takeback_moves(log: &[Logged], proposer: u32) -> Result<usize, TalkError> {
    for (back, e) in log.iter().rev().enumerate() {
        if e.service || e.kind != EntryKind::Move {
            break;
        }
        if e.seat == proposer {
            return Ok(back + 1);
        }
    }
    Err(TalkError::NothingToTakeBack)
}

/// Whether an abort may still be offered at `version`.
pub fn abort_allowed(version: u64, players: usize) -> Result<(), TalkError> {
    let limit = ABORT_MOVES_PER_SEAT * players as u64;
    if version >= limit {
        return Err(TalkError::TooLateToAbort {
            limit: ABORT_MOVES_PER_SEAT,
            moves: version,
        });
    }
    Ok(())
}

/// The built-in bots' answer to an offer.
pub fn bot_accepts(kind: OfferKind) -> bool {
    kind != OfferKind::Draw
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(seat: u32) -> Logged {
        Logged {
            seat,
            kind: EntryKind::Move,
            service: false,
        }
    }

    #[test]
    fn a_takeback_reaches_back_to_the_proposers_last_move() {
        let log = [mv(0), mv(1), mv(0), mv(1), mv(1)];
        assert_eq!(takeback_moves(&log, 1), Ok(1));
        assert_eq!(takeback_moves(&log, 0), Ok(3));
        assert_eq!(takeback_moves(&log, 2), Err(TalkError::NothingToTakeBack));
        assert_eq!(takeback_moves(&[], 0), Err(TalkError::NothingToTakeBack));
    }

    #[test]
    fn a_takeback_never_crosses_a_timeout_or_another_takeback() {
        let service = Logged {
            seat: u32::MAX,
            kind: EntryKind::Move,
            service: true,
        };
        let timeout = Logged {
            kind: EntryKind::TimeoutBotMoves,
            ..mv(0)
        };
        assert_eq!(
            takeback_moves(&[mv(0), service, mv(1)], 0),
            Err(TalkError::NothingToTakeBack)
        );
        assert_eq!(
            takeback_moves(&[mv(0), timeout, mv(1)], 0),
            Err(TalkError::NothingToTakeBack)
        );
    }

    #[test]
    fn the_policy_and_the_game_decide_takebacks() {
        assert_eq!(
            takebacks(TakebackPolicy::Always, true),
            TakebackPolicy::Never
        );
        assert_eq!(
            takebacks(TakebackPolicy::Unspecified, false),
            TakebackPolicy::CasualOnly
        );
        assert!(takeback_allowed(TakebackPolicy::CasualOnly, false, false).is_ok());
        assert!(takeback_allowed(TakebackPolicy::CasualOnly, false, true).is_err());
        assert!(takeback_allowed(TakebackPolicy::Always, false, true).is_ok());
        assert!(takeback_allowed(TakebackPolicy::Always, true, false).is_err());
        assert!(takeback_allowed(TakebackPolicy::Never, false, false).is_err());
    }

    #[test]
    fn aborts_only_early_and_bots_decline_only_draws() {
        assert!(abort_allowed(3, 2).is_ok());
        assert_eq!(
            abort_allowed(4, 2),
            Err(TalkError::TooLateToAbort { limit: 2, moves: 4 })
        );
        assert!(bot_accepts(OfferKind::Takeback) && bot_accepts(OfferKind::Abort));
        assert!(!bot_accepts(OfferKind::Draw));
    }
}
