//! What rated play keeps: players' ratings, the matchmaking queue and the
//! feed of game events.
//!
//! Three promises every backend keeps, because the service cannot keep
//! them from outside:
//! - a rated game's ratings change exactly once, in the commit that
//!   records its end (`GameStore::append` with a [`GameEnd`]), so a crash
//!   leaves either the move unrecorded and the ratings as they were, or
//!   both recorded;
//! - the feed's sequence numbers follow commit order without gaps, so a
//!   reader that resumes after the last number it saw misses nothing and
//!   sees nothing twice (on PostgreSQL one counter row, locked until
//!   commit, hands them out);
//! - a queued ticket is matched at most once (`GameStore::create_match`
//!   takes every ticket of a match and creates its game atomically, or does
//!   nothing), and a player has at most one ticket.

use satrap_rating::{Placing, Rating};

use crate::{GameRecord, SeatRecord, StoreError};

/// How a game ended, recorded by `GameStore::append` in the same commit as
/// its last entry.
#[derive(Debug, Clone, PartialEq)]
pub enum GameEnd {
    /// The game ended by its rules (resignations and timeouts included).
    Finished {
        /// The encoded `satrap.v1.Outcome`, for the feed.
        outcome: Vec<u8>,
        /// A rated game: whose ratings change, and how they placed.
        rated: Option<RatedEnd>,
    },
    /// An administrator aborted it: never rated.
    Aborted {
        /// The admin key that aborted it.
        by: String,
    },
}

/// The players of a finished rated game and how they placed.
#[derive(Debug, Clone, PartialEq)]
pub struct RatedEnd {
    /// Every seat with a player, in seat order.
    pub seats: Vec<RatedSeat>,
}

/// One rated seat.
#[derive(Debug, Clone, PartialEq)]
pub struct RatedSeat {
    pub seat: u32,
    pub player_id: String,
    /// The seat's display name (kept as the player's latest name).
    pub name: String,
    pub placing: Placing,
    /// Among the winners (a shared win counts).
    pub won: bool,
}

/// A player's standing in one game type.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerRating {
    pub player_id: String,
    pub game_type: String,
    pub rating: Rating,
    pub games: u64,
    pub wins: u64,
    /// How the displayed rating changed with the last rated game.
    pub last_change: f64,
    /// When the last rated game ended (0: never).
    pub updated_at_ms: u64,
    /// The display name of the player's last rated game.
    pub name: String,
}

impl PlayerRating {
    /// A player who has not played a rated game of `game_type`.
    pub fn new(game_type: &str, player_id: &str) -> Self {
        Self {
            player_id: player_id.to_owned(),
            game_type: game_type.to_owned(),
            rating: Rating::START,
            games: 0,
            wins: 0,
            last_change: 0.0,
            updated_at_ms: 0,
            name: String::new(),
        }
    }
}

/// One player's rating before and after a rated game.
#[derive(Debug, Clone, PartialEq)]
pub struct RatingChange {
    pub seat: u32,
    pub before: PlayerRating,
    pub after: PlayerRating,
}

/// The new standings of a rated game's players, from their standings
/// before (`before[i]` is `end.seats[i]`'s player). The one place every
/// backend computes them, so they agree.
pub(crate) fn rate_game(
    end: &RatedEnd,
    before: Vec<PlayerRating>,
    now_ms: u64,
) -> Result<Vec<RatingChange>, StoreError> {
    let ratings: Vec<Rating> = before.iter().map(|p| p.rating).collect();
    let placings: Vec<Placing> = end.seats.iter().map(|s| s.placing).collect();
    let after = satrap_rating::rate(&ratings, &placings)
        .map_err(|e| StoreError::Backend(format!("rating the game: {e}")))?;
    Ok(end
        .seats
        .iter()
        .zip(before)
        .zip(after)
        .map(|((seat, before), rating)| {
            let after = PlayerRating {
                rating,
                games: before.games + 1,
                wins: before.wins + u64::from(seat.won),
                last_change: rating.display() - before.rating.display(),
                updated_at_ms: now_ms,
                name: seat.name.clone(),
                ..before.clone()
            };
            RatingChange {
                seat: seat.seat,
                before,
                after,
            }
        })
        .collect())
}

/// A seat as the feed shows it.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct EventSeat {
    pub name: String,
    pub bot: String,
    pub player_id: String,
    pub open: bool,
}

impl EventSeat {
    pub(crate) fn of(seats: &[SeatRecord]) -> Vec<EventSeat> {
        seats
            .iter()
            .map(|s| EventSeat {
                name: s.name.clone(),
                bot: s.bot.clone(),
                player_id: s.player_id.clone(),
                open: s.open,
            })
            .collect()
    }
}

/// One entry of the feed.
#[derive(Debug, Clone, PartialEq)]
pub struct Event {
    /// Gapless, in commit order, from 1.
    pub sequence: u64,
    pub at_ms: u64,
    pub game_id: String,
    pub game_type: String,
    /// The key that created the game (`AccessRecord::owner`).
    pub owner: String,
    /// The game is private: the feed shows it only to its owner and to
    /// administrators (see the server's visibility rule).
    pub private: bool,
    pub kind: EventKind,
}

/// What happened.
#[derive(Debug, Clone, PartialEq)]
pub enum EventKind {
    Created {
        seats: Vec<EventSeat>,
        rated: bool,
    },
    Started {
        seats: Vec<EventSeat>,
    },
    Finished {
        outcome: Vec<u8>,
        rated: bool,
        changes: Vec<RatingChange>,
    },
    Aborted {
        by: String,
    },
    Deleted,
    /// Something happened to a tournament: the event's `game_id` is empty,
    /// and its type, owner and privacy are the tournament's. Recorded with
    /// the tournament's save that made it happen (`TournamentSave::events`).
    Tournament {
        tournament_id: String,
        change: TournamentChange,
    },
}

/// What a tournament event says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TournamentChange {
    /// Registration closed and play began with this many entrants.
    Started { entrants: u32 },
    /// Round `round` was paired (an arena: a new round of tables).
    RoundPaired { round: u32 },
    /// Every game played: the players of the entrants ranked first.
    Finished { winners: Vec<String> },
    /// It did not start (too few entrants).
    Cancelled,
}

/// An event about to be recorded (the store gives it its number).
#[derive(Debug, Clone, PartialEq)]
pub struct NewEvent {
    pub at_ms: u64,
    pub game_id: String,
    pub game_type: String,
    pub owner: String,
    pub private: bool,
    pub kind: EventKind,
}

impl NewEvent {
    /// An event about the game `record` describes.
    pub(crate) fn of(record: &GameRecord, at_ms: u64, kind: EventKind) -> NewEvent {
        NewEvent {
            at_ms,
            game_id: record.id.clone(),
            game_type: record.game_type.clone(),
            owner: record.access.owner.clone(),
            private: record.access.private,
            kind,
        }
    }

    /// The events of a game just created: created, and started at once
    /// unless seats are open. Every backend records these, in this order.
    pub(crate) fn created(record: &GameRecord) -> Vec<NewEvent> {
        let seats = EventSeat::of(&record.seats);
        let created = EventKind::Created {
            seats: seats.clone(),
            rated: record.rated,
        };
        let mut events = vec![NewEvent::of(record, record.created_at_ms, created)];
        if let Some(at) = record.started_at_ms {
            events.push(NewEvent::of(record, at, EventKind::Started { seats }));
        }
        events
    }

    pub(crate) fn numbered(self, sequence: u64) -> Event {
        Event {
            sequence,
            at_ms: self.at_ms,
            game_id: self.game_id,
            game_type: self.game_type,
            owner: self.owner,
            private: self.private,
            kind: self.kind,
        }
    }
}

/// How the SQL backends keep an event: a kind code and a JSON detail (the
/// outcome, opaque bytes, in a column of its own).
#[derive(Debug, Default, serde::Serialize, serde::Deserialize)]
pub(crate) struct StoredDetail {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seats: Vec<EventSeat>,
    #[serde(default)]
    pub rated: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub changes: Vec<StoredChange>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub by: String,
    /// The game is private (kept with the event, so the feed can apply the
    /// visibility rule without reading the game).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub private: bool,
    /// A tournament event's tournament, and its round, entrant count or
    /// winners.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub tournament_id: String,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub count: u32,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub winners: Vec<String>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A rating change in an event's JSON detail.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub(crate) struct StoredChange {
    pub seat: u32,
    pub player_id: String,
    pub name: String,
    /// rating, uncertainty, games, wins, last change, updated at (before).
    pub before: (f64, f64, u64, u64, f64, u64),
    pub after: (f64, f64, u64, u64, f64, u64),
}

impl EventKind {
    /// The kind's code and its stored detail (with whether the game is
    /// `private`) and outcome.
    pub(crate) fn to_stored(&self, private: bool) -> Result<(i64, String, Vec<u8>), StoreError> {
        let mut detail = StoredDetail {
            private,
            ..StoredDetail::default()
        };
        let mut outcome = Vec::new();
        let code = match self {
            EventKind::Created { seats, rated } => {
                detail.seats = seats.clone();
                detail.rated = *rated;
                1
            }
            EventKind::Started { seats } => {
                detail.seats = seats.clone();
                2
            }
            EventKind::Finished {
                outcome: o,
                rated,
                changes,
            } => {
                outcome = o.clone();
                detail.rated = *rated;
                detail.changes = changes
                    .iter()
                    .map(|c| {
                        let pack = |p: &PlayerRating| {
                            (
                                p.rating.rating,
                                p.rating.uncertainty,
                                p.games,
                                p.wins,
                                p.last_change,
                                p.updated_at_ms,
                            )
                        };
                        StoredChange {
                            seat: c.seat,
                            player_id: c.after.player_id.clone(),
                            name: c.after.name.clone(),
                            before: pack(&c.before),
                            after: pack(&c.after),
                        }
                    })
                    .collect();
                3
            }
            EventKind::Aborted { by } => {
                detail.by = by.clone();
                4
            }
            EventKind::Deleted => 5,
            EventKind::Tournament {
                tournament_id,
                change,
            } => {
                detail.tournament_id = tournament_id.clone();
                match change {
                    TournamentChange::Started { entrants } => {
                        detail.count = *entrants;
                        6
                    }
                    TournamentChange::RoundPaired { round } => {
                        detail.count = *round;
                        7
                    }
                    TournamentChange::Finished { winners } => {
                        detail.winners = winners.clone();
                        8
                    }
                    TournamentChange::Cancelled => 9,
                }
            }
        };
        let json = serde_json::to_string(&detail)
            .map_err(|e| StoreError::Backend(format!("encoding an event: {e}")))?;
        Ok((code, json, outcome))
    }

    /// The kind back from its stored form, and whether its game is private.
    pub(crate) fn from_stored(
        code: i64,
        detail: &str,
        outcome: Vec<u8>,
        game_type: &str,
    ) -> Result<(EventKind, bool), StoreError> {
        let detail: StoredDetail = serde_json::from_str(detail)
            .map_err(|e| StoreError::Corrupt(format!("a stored event: {e}")))?;
        let private = detail.private;
        let kind = match code {
            1 => EventKind::Created {
                seats: detail.seats,
                rated: detail.rated,
            },
            2 => EventKind::Started {
                seats: detail.seats,
            },
            3 => EventKind::Finished {
                outcome,
                rated: detail.rated,
                changes: detail
                    .changes
                    .into_iter()
                    .map(|c| {
                        let unpack = |p: (f64, f64, u64, u64, f64, u64), name: &str| PlayerRating {
                            player_id: c.player_id.clone(),
                            game_type: game_type.to_owned(),
                            rating: Rating {
                                rating: p.0,
                                uncertainty: p.1,
                            },
                            games: p.2,
                            wins: p.3,
                            last_change: p.4,
                            updated_at_ms: p.5,
                            name: name.to_owned(),
                        };
                        RatingChange {
                            seat: c.seat,
                            before: unpack(c.before, ""),
                            after: unpack(c.after, &c.name),
                        }
                    })
                    .collect(),
            },
            4 => EventKind::Aborted { by: detail.by },
            5 => EventKind::Deleted,
            6..=9 => EventKind::Tournament {
                tournament_id: detail.tournament_id,
                change: match code {
                    6 => TournamentChange::Started {
                        entrants: detail.count,
                    },
                    7 => TournamentChange::RoundPaired {
                        round: detail.count,
                    },
                    8 => TournamentChange::Finished {
                        winners: detail.winners,
                    },
                    _ => TournamentChange::Cancelled,
                },
            },
            other => {
                return Err(StoreError::Corrupt(format!(
                    "unknown stored event kind {other}"
                )));
            }
        };
        Ok((kind, private))
    }
}

/// A player waiting in the matchmaking queue.
#[derive(Debug, Clone, PartialEq)]
pub struct Ticket {
    pub id: String,
    /// Who may be matched together: the game type, player count, rated or
    /// casual and time control, as one key chosen by the service.
    pub pool: String,
    /// Empty for an anonymous (casual) player.
    pub player_id: String,
    pub name: String,
    /// The hash of the seat token the queued client already holds: the
    /// match gives the seat this hash, so no token is ever stored.
    pub token_hash: [u8; 32],
    /// The player's displayed rating when queued (for the rating window).
    pub display: f64,
    /// The key that queued (a matched game's owner is its first player's).
    pub owner: String,
    /// When bots may fill the missing seats, counted from `queued_at_ms`.
    pub bot_fill_after_ms: Option<u64>,
    /// The built-in bot that fills them.
    pub bot: String,
    pub queued_at_ms: u64,
}

/// Where a ticket stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TicketState {
    /// Still waiting: `position` 1 is the longest waiting of `waiting`
    /// tickets in its pool.
    Queued { position: u32, waiting: u32 },
    /// Matched into `game_id`, seat `seat`.
    Matched { game_id: String, seat: u32 },
    /// Not in the queue (left, replaced, or dropped once its lease lapsed).
    Gone,
}

/// A matched ticket whose stream never took its seat (see
/// `GameStore::undelivered`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Undelivered {
    pub ticket: String,
    pub game_id: String,
    pub seat: u32,
}

/// A seat of a match: which ticket takes which seat of the new game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchSeat {
    pub ticket: String,
    pub seat: u32,
}
