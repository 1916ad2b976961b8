//! At the table: chat and offers, kept beside the log in the game's talk
//! (`satrap_store::Talk`), never in it — a message changes no version.
//!
//! - `record`: what one talk entry stores (a small protobuf message of our
//!   own: a chat message, a deletion, a mute, an offer, an answer);
//! - `state`: the talk folded into what the game's actor needs (who is
//!   muted, the latest offer and its answers), a pure function of the
//!   entries, so every replica folds the same state;
//! - `chat`: the channels (who reads what) and the message rules;
//! - `offers`: what may be offered when, and the built-in bots' answers;
//! - `limits`: the length and rate limits (`--chat-*`, `--offer-expiry-seconds`).
//!
//! The game's actor runs every talk call (`table::talk`), so an offer's
//! answer and a move are ordered like two moves: an offer is tied to the
//! version it was made at, and the change it brings (a takeback, a draw,
//! an abort) is a log entry committed through the move path's version
//! guard, so a move that lands first withdraws it.

mod calls;
pub(super) mod chat;
pub(super) mod limits;
pub(super) mod offers;
pub(super) mod record;
pub(super) mod state;

use crate::error::ServiceError;

pub use limits::TalkLimits;

/// Why a chat or offer call is refused. Never holds the message's text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TalkError {
    #[error("a chat message needs some text")]
    Empty,
    #[error("a chat message is at most {max} characters; this one has {len}")]
    TooLong { len: usize, max: usize },
    #[error("unknown chat channel {0}: use CHAT_CHANNEL_EVERYONE, _SEATS or _TEAM")]
    UnknownChannel(i32),
    #[error("spectators read and write only the channel for everyone: send a seat token")]
    SpectatorChannel,
    #[error("this game has no teams: use the channel for everyone or the seats' channel")]
    NoTeams,
    #[error("this seat is muted in this game's chat")]
    Muted,
    #[error("too many chat messages: at most {per_minute} a minute (--chat-rate)")]
    TooFast { per_minute: u32 },
    #[error("game has no chat message {0}")]
    NoMessage(u64),
    #[error("the game has no seat {0}")]
    NoSeat(u32),
    #[error("spectators cannot make or answer offers: send a seat token")]
    Spectator,
    #[error("this seat is played by a built-in bot")]
    BotSeat,
    #[error("choose what to offer: OFFER_KIND_TAKEBACK, _DRAW or _ABORT")]
    NoKind,
    #[error("the game is over: there is nothing to offer or answer")]
    Over,
    #[error("the game has not started: seats are still open")]
    NotStarted,
    #[error("offer {0} is still waiting for answers: one offer at a time")]
    Pending(u64),
    #[error("takebacks are off in this game: {0}")]
    TakebacksOff(&'static str),
    #[error(
        "there is no move of this seat to take back (since the last takeback, timeout or start)"
    )]
    NothingToTakeBack,
    #[error(
        "that move cannot be taken back: it (or a move after it) drew something at random or showed someone something hidden"
    )]
    Revealed,
    #[error(
        "an abort can be offered only before {limit} moves per seat: the game has had {moves} moves"
    )]
    TooLateToAbort { limit: u64, moves: u64 },
    #[error("this seat's offer was declined at this version: make a move before offering it again")]
    Repeated,
    #[error("no offer is waiting for answers")]
    NoOffer,
    #[error("offer {asked} is not the one waiting for answers (offer {pending})")]
    WrongOffer { asked: u64, pending: u64 },
    #[error("the offer expired")]
    Expired,
    #[error("someone moved first: the offer was withdrawn")]
    Withdrawn,
    #[error(
        "this seat has no answer to give to the offer (it made it, answered it, or is a bot's)"
    )]
    NotAsked,
}

impl From<TalkError> for ServiceError {
    fn from(e: TalkError) -> Self {
        use TalkError::*;
        match e {
            Empty | TooLong { .. } | UnknownChannel(_) | NoMessage(_) | NoSeat(_) | NoKind => {
                ServiceError::InvalidArgument(e.to_string())
            }
            SpectatorChannel => ServiceError::PermissionDenied(
                "spectators read and write only the channel for everyone: send a seat token",
            ),
            Muted => ServiceError::PermissionDenied("this seat is muted in this game's chat"),
            Spectator => ServiceError::PermissionDenied(
                "spectators cannot make or answer offers: send a seat token",
            ),
            BotSeat => ServiceError::PermissionDenied("this seat is played by a built-in bot"),
            TooFast { .. } => ServiceError::ResourceExhausted(e.to_string()),
            NoTeams
            | Over
            | NotStarted
            | Pending(_)
            | TakebacksOff(_)
            | NothingToTakeBack
            | Revealed
            | TooLateToAbort { .. }
            | Repeated
            | NoOffer
            | WrongOffer { .. }
            | Expired
            | Withdrawn
            | NotAsked => ServiceError::RuleViolation(e.to_string()),
        }
    }
}
