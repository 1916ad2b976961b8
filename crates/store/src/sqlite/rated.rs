//! Rated play on SQLite (see [`crate::rated`]): the statements that record
//! feed events and ratings inside a caller's transaction, and the reads of
//! ratings, the leaderboard, the feed, the queue and the cursors.
//!
//! One connection writes the file, so transactions are already serialised:
//! an event's `seq` (`AUTOINCREMENT`, never reused even after expiry drops
//! the newest rows) follows commit order without gaps, and a rollback
//! takes its numbers back with it.

use std::cell::Cell;

use rusqlite::{Connection, OptionalExtension, Row, params};
use satrap_rating::Rating;

use super::{backend, load_seats};
use crate::{
    Event, EventKind, EventSeat, GameEnd, NewEvent, PlayerRating, StoreError, Ticket, rated,
};

thread_local! {
    /// Set by [`insert_event`] on the thread that runs the statement, read
    /// (and cleared) by whoever commits on that thread: the commit then
    /// signals the feed's follower (`GameStore::feed_notices`).
    static EVENTS_WRITTEN: Cell<bool> = const { Cell::new(false) };
}

/// Whether this thread inserted an event since it last asked (a commit
/// that follows may have added to the feed).
pub(super) fn take_events_written() -> bool {
    EVENTS_WRITTEN.with(|w| w.replace(false))
}

/// Record `event` with the next sequence number.
pub(super) fn insert_event(conn: &Connection, event: &NewEvent) -> Result<(), StoreError> {
    let (kind, detail, outcome) = event.kind.to_stored(event.private)?;
    EVENTS_WRITTEN.with(|w| w.set(true));
    conn.prepare_cached(
        "INSERT INTO events (at_ms, game_id, game_type, owner, kind, detail, outcome)
         VALUES (?, ?, ?, ?, ?, ?, ?)",
    )
    .map_err(backend)?
    .execute(params![
        event.at_ms as i64,
        event.game_id,
        event.game_type,
        event.owner,
        kind,
        detail,
        outcome
    ])
    .map_err(backend)?;
    Ok(())
}

/// Record an event about stored game `id` (its type and owner read from
/// its row): `Ok(false)` if there is no such game.
pub(super) fn game_event(
    conn: &Connection,
    id: &str,
    at_ms: u64,
    kind: EventKind,
) -> Result<bool, StoreError> {
    let row: Option<(String, String, bool)> = conn
        .prepare_cached("SELECT game_type, owner, private FROM games WHERE id = ?")
        .map_err(backend)?
        .query_row([id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .optional()
        .map_err(backend)?;
    let Some((game_type, owner, private)) = row else {
        return Ok(false);
    };
    insert_event(
        conn,
        &NewEvent {
            at_ms,
            game_id: id.to_owned(),
            game_type,
            owner,
            private,
            kind,
        },
    )?;
    Ok(true)
}

/// Record that game `id` started at `at_ms`, with its seats as stored now.
pub(super) fn started_event(conn: &Connection, id: &str, at_ms: u64) -> Result<(), StoreError> {
    let seats = EventSeat::of(&load_seats(conn, id)?);
    game_event(conn, id, at_ms, EventKind::Started { seats }).map(drop)
}

/// Record game `id`'s end at `now_ms`: for a rated end, read its players'
/// standings, rate them and write the new ones; then the event. Runs in
/// the transaction of the append that ended the game.
pub(super) fn record_end(
    conn: &Connection,
    id: &str,
    end: &GameEnd,
    now_ms: u64,
) -> Result<(), StoreError> {
    let kind = match end {
        GameEnd::Aborted { by } => EventKind::Aborted { by: by.clone() },
        GameEnd::Finished { outcome, rated } => {
            let changes = match rated {
                None => Vec::new(),
                Some(rated_end) => {
                    let game_type: String = conn
                        .prepare_cached("SELECT game_type FROM games WHERE id = ?")
                        .map_err(backend)?
                        .query_row([id], |r| r.get(0))
                        .map_err(backend)?;
                    let before = rated_end
                        .seats
                        .iter()
                        .map(|s| read_rating(conn, &game_type, &s.player_id))
                        .collect::<Result<Vec<_>, _>>()?;
                    let changes = rated::rate_game(rated_end, before, now_ms)?;
                    for c in &changes {
                        write_rating(conn, &c.after)?;
                    }
                    changes
                }
            };
            EventKind::Finished {
                outcome: outcome.clone(),
                rated: rated.is_some(),
                changes,
            }
        }
    };
    if game_event(conn, id, now_ms, kind)? {
        Ok(())
    } else {
        Err(StoreError::NotFound(id.to_owned()))
    }
}

const RATING_COLUMNS: &str =
    "game_type, player_id, rating, uncertainty, games, wins, last_change, updated_at_ms, name";

fn rating_from(r: &Row<'_>) -> rusqlite::Result<PlayerRating> {
    Ok(PlayerRating {
        game_type: r.get(0)?,
        player_id: r.get(1)?,
        rating: Rating {
            rating: r.get(2)?,
            uncertainty: r.get(3)?,
        },
        games: r.get::<_, i64>(4)? as u64,
        wins: r.get::<_, i64>(5)? as u64,
        last_change: r.get(6)?,
        updated_at_ms: r.get::<_, i64>(7)? as u64,
        name: r.get(8)?,
    })
}

/// A player's standing (the starting one if never rated).
pub(super) fn read_rating(
    conn: &Connection,
    game_type: &str,
    player_id: &str,
) -> Result<PlayerRating, StoreError> {
    let found = conn
        .prepare_cached(&format!(
            "SELECT {RATING_COLUMNS} FROM ratings WHERE game_type = ? AND player_id = ?"
        ))
        .map_err(backend)?
        .query_row([game_type, player_id], rating_from)
        .optional()
        .map_err(backend)?;
    Ok(found.unwrap_or_else(|| PlayerRating::new(game_type, player_id)))
}

fn write_rating(conn: &Connection, p: &PlayerRating) -> Result<(), StoreError> {
    conn.prepare_cached(&format!(
        "INSERT OR REPLACE INTO ratings ({RATING_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
    ))
    .map_err(backend)?
    .execute(params![
        p.game_type,
        p.player_id,
        p.rating.rating,
        p.rating.uncertainty,
        p.games as i64,
        p.wins as i64,
        p.last_change,
        p.updated_at_ms as i64,
        p.name
    ])
    .map_err(backend)?;
    Ok(())
}

/// The players of `game_type` by displayed rating, then player id.
pub(super) fn leaderboard(
    conn: &Connection,
    game_type: &str,
    offset: u64,
    limit: usize,
) -> Result<Vec<PlayerRating>, StoreError> {
    let mut stmt = conn
        .prepare_cached(&format!(
            "SELECT {RATING_COLUMNS} FROM ratings WHERE game_type = ?
             ORDER BY rating - 3 * uncertainty DESC, player_id LIMIT ? OFFSET ?"
        ))
        .map_err(backend)?;
    let rows = stmt
        .query_map(
            params![
                game_type,
                i64::try_from(limit).unwrap_or(i64::MAX),
                i64::try_from(offset).unwrap_or(i64::MAX)
            ],
            rating_from,
        )
        .map_err(backend)?;
    rows.collect::<Result<_, _>>().map_err(backend)
}

/// The feed after `after`, oldest first. Each scope has a statement of
/// its own, so each reads an index in sequence order (the primary key, or
/// `events_by_owner`) and stops at `limit`, however many later events
/// belong to others (`a_creator_s_feed_reads_its_own_index` shows the
/// plans).
pub(super) const EVENTS_AFTER: &str =
    "SELECT seq, at_ms, game_id, game_type, owner, kind, detail, outcome FROM events
     WHERE seq > ?1 ORDER BY seq LIMIT ?2";
pub(super) const OWNER_EVENTS_AFTER: &str =
    "SELECT seq, at_ms, game_id, game_type, owner, kind, detail, outcome FROM events
     WHERE owner = ?3 AND seq > ?1 ORDER BY seq LIMIT ?2";

pub(super) fn events_after(
    conn: &Connection,
    after: u64,
    owner: Option<&str>,
    limit: usize,
) -> Result<Vec<Event>, StoreError> {
    let after = i64::try_from(after).unwrap_or(i64::MAX);
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    type Stored = (i64, i64, String, String, String, i64, String, Vec<u8>);
    let read = |r: &Row<'_>| -> rusqlite::Result<Stored> {
        Ok((
            r.get(0)?,
            r.get(1)?,
            r.get(2)?,
            r.get(3)?,
            r.get(4)?,
            r.get(5)?,
            r.get(6)?,
            r.get(7)?,
        ))
    };
    let rows: Vec<Stored> = match owner {
        None => conn
            .prepare_cached(EVENTS_AFTER)
            .map_err(backend)?
            .query_map(params![after, limit], read)
            .map_err(backend)?
            .collect::<Result<_, _>>()
            .map_err(backend)?,
        Some(owner) => conn
            .prepare_cached(OWNER_EVENTS_AFTER)
            .map_err(backend)?
            .query_map(params![after, limit, owner], read)
            .map_err(backend)?
            .collect::<Result<_, _>>()
            .map_err(backend)?,
    };
    rows.into_iter()
        .map(
            |(seq, at, game_id, game_type, owner, kind, detail, outcome)| {
                let (kind, private) = EventKind::from_stored(kind, &detail, outcome, &game_type)?;
                Ok(Event {
                    sequence: seq as u64,
                    at_ms: at as u64,
                    kind,
                    private,
                    game_id,
                    game_type,
                    owner,
                })
            },
        )
        .collect()
}

/// The last event's number (0: none).
pub(super) fn feed_head(conn: &Connection) -> Result<u64, StoreError> {
    conn.prepare_cached("SELECT coalesce(max(seq), 0) FROM events")
        .map_err(backend)?
        .query_row([], |r| r.get::<_, i64>(0))
        .map(|n| n as u64)
        .map_err(backend)
}

pub(super) const TICKET_COLUMNS: &str = "id, pool, player_id, name, token_hash, display, owner,
     bot_fill_after_ms, bot, queued_at_ms";

pub(super) fn ticket_from(r: &Row<'_>) -> rusqlite::Result<Ticket> {
    let hash: Vec<u8> = r.get(4)?;
    Ok(Ticket {
        id: r.get(0)?,
        pool: r.get(1)?,
        player_id: r.get(2)?,
        name: r.get(3)?,
        token_hash: <[u8; 32]>::try_from(hash.as_slice()).map_err(|_| {
            rusqlite::Error::FromSqlConversionFailure(
                4,
                rusqlite::types::Type::Blob,
                "a ticket's token hash is not 32 bytes".into(),
            )
        })?,
        display: r.get(5)?,
        owner: r.get(6)?,
        bot_fill_after_ms: r.get::<_, Option<i64>>(7)?.map(|t| t as u64),
        bot: r.get(8)?,
        queued_at_ms: r.get::<_, i64>(9)? as u64,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plan SQLite chose for `sql`, as its EXPLAIN QUERY PLAN details.
    fn plan(conn: &Connection, sql: &str) -> String {
        let mut stmt = conn
            .prepare(&format!("EXPLAIN QUERY PLAN {sql}"))
            .expect("explain");
        for (i, value) in [0i64, 100].iter().enumerate() {
            stmt.raw_bind_parameter(i + 1, value).expect("bind");
        }
        if stmt.parameter_count() == 3 {
            stmt.raw_bind_parameter(3, "key:someone").expect("bind");
        }
        let mut rows = stmt.raw_query();
        let mut details = Vec::new();
        while let Some(row) = rows.next().expect("plan row") {
            details.push(row.get::<_, String>(3).expect("detail"));
        }
        details.join("; ")
    }

    /// Catching up from a sequence reads an index in sequence order for
    /// every scope, so a creator's feed never scans other keys' events
    /// (and needs no sort: the limit stops it).
    #[test]
    fn a_creator_s_feed_reads_its_own_index() {
        let mut conn = Connection::open_in_memory().expect("open");
        super::super::migrate(&mut conn).expect("migrate");
        let all = plan(&conn, EVENTS_AFTER);
        assert!(all.contains("INTEGER PRIMARY KEY"), "{all}");
        let own = plan(&conn, OWNER_EVENTS_AFTER);
        assert!(
            own.contains("USING COVERING INDEX events_by_owner")
                || own.contains("USING INDEX events_by_owner"),
            "{own}"
        );
        for p in [&all, &own] {
            assert!(!p.contains("TEMP B-TREE"), "no sort: {p}");
        }
    }
}
