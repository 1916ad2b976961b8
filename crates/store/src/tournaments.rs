//! Tournaments as the store keeps them: a row per tournament whose state
//! is the server's to read (a serialised `satrap_tournament::Tournament`
//! and its tables' games, as JSON text), replaced only by a version-guarded
//! save, so that whichever replica pairs a round, it is paired once: the
//! second save of the same version is a `Conflict` and changes nothing.
//!
//! The store reads no more of a tournament than what it lists by (game
//! type, status, owner, privacy, creation time).

use crate::{Cursor, PrivateGames, StoreError};

/// Where a tournament is in its life (the codes are the API's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TournamentStatus {
    /// Taking entries until its start.
    Registration,
    /// Being played.
    Running,
    /// Every game played.
    Finished,
    /// Did not start (too few entrants).
    Cancelled,
}

impl TournamentStatus {
    pub(crate) fn code(self) -> i64 {
        match self {
            Self::Registration => 1,
            Self::Running => 2,
            Self::Finished => 3,
            Self::Cancelled => 4,
        }
    }

    pub(crate) fn from_code(code: i64) -> Result<Self, StoreError> {
        match code {
            1 => Ok(Self::Registration),
            2 => Ok(Self::Running),
            3 => Ok(Self::Finished),
            4 => Ok(Self::Cancelled),
            other => Err(StoreError::Corrupt(format!(
                "unknown stored tournament status {other}"
            ))),
        }
    }

    /// Nothing more will happen to it.
    pub fn is_over(self) -> bool {
        matches!(self, Self::Finished | Self::Cancelled)
    }
}

/// One tournament as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentRecord {
    pub id: String,
    pub game_type: String,
    /// The key that made it.
    pub owner: String,
    /// Listed only to its owner and administrators.
    pub private: bool,
    pub created_at_ms: u64,
    pub status: TournamentStatus,
    /// The creator's settings, encoded by the server (fixed once made).
    pub settings: Vec<u8>,
    /// The server's state (JSON text), replaced by each save.
    pub state: String,
    /// 1 when made; each save adds one.
    pub version: u64,
}

/// A `ListTournaments` query: newest first, paged like `ListGames`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TournamentQuery {
    pub game_type: Option<String>,
    pub status: Option<TournamentStatus>,
    /// Only those not over (the server's scan for tournaments to drive).
    pub live: bool,
    pub after: Option<Cursor>,
    pub limit: usize,
    pub private: PrivateGames,
}

impl TournamentQuery {
    /// Whether `t` is listed (the memory store's filter; the SQL backends
    /// say the same in their WHERE clause).
    pub(crate) fn matches(&self, t: &TournamentRecord) -> bool {
        self.game_type.as_ref().is_none_or(|g| *g == t.game_type)
            && self.status.is_none_or(|s| s == t.status)
            && (!self.live || !t.status.is_over())
            && self.private.shows(t.private, &t.owner)
            && self.after.as_ref().is_none_or(|c| {
                t.created_at_ms < c.created_at_ms
                    || (t.created_at_ms == c.created_at_ms && t.id < c.id)
            })
    }
}

/// A tournament made or saved by any process sharing the store: pushed
/// by the store (PostgreSQL NOTIFY on a shared database, an in-process
/// broadcast on the others), so drivers and watchers wake on a change
/// instead of re-reading the store on a timer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TournamentNotice {
    /// Tournament `id` was made (version 1) or saved: it is now at `version`.
    Saved { id: String, version: u64 },
    /// Notices may have been missed (the listener reconnected): every
    /// tournament followed must be read again.
    Resync,
}

/// The sending side a backend keeps: notices nobody listens to are
/// dropped.
pub(crate) fn notices() -> tokio::sync::broadcast::Sender<TournamentNotice> {
    tokio::sync::broadcast::channel(1024).0
}

/// What a version-guarded save writes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TournamentSave<'a> {
    pub status: TournamentStatus,
    pub state: &'a str,
    /// Feed events recorded with the save, in the same transaction: only
    /// if the save is kept (a round paired once is announced once).
    pub events: &'a [crate::NewEvent],
}
