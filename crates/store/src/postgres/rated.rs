//! Rated play on PostgreSQL (see [`crate::rated`]).
//!
//! The feed's numbers come from the one row of `feed_sequence`, incremented
//! in the transaction that inserts the event: its row lock is held until
//! that transaction commits, so the next number is handed out only after
//! the previous event is committed (or rolled back, taking its number with
//! it). Numbers therefore follow commit order without gaps, whichever
//! replica writes. Every transaction inserts its events last, after every
//! other row lock it takes, so the counter is held briefly and never
//! waited for while holding it.
//!
//! Ratings: a rated end first makes sure each player has a row (inserted in
//! player order), then locks the rows (`FOR UPDATE`, in player order) and
//! reads them, so two ends sharing a player rate one after the other and
//! neither overwrites the other's change.

use std::collections::HashMap;

use async_trait::async_trait;
use deadpool_postgres::GenericClient;
use satrap_rating::Rating;
use tokio::sync::watch;
use tokio_postgres::Row;

use super::{Db, backend, load_seats, prepared};
use crate::{
    Event, EventKind, EventSeat, GameEnd, GameRecord, Lease, MatchSeat, NewEvent, PlayerRating,
    RatedPlay, StoreError, Ticket, TicketState, Undelivered, rated,
};

/// Event `$1..$7` with the next number, notifying every replica's feed
/// follower (delivered when the transaction commits).
const INSERT_EVENT: &str = "
WITH numbered AS (
    UPDATE feed_sequence SET seq = seq + 1 WHERE id = 1 RETURNING seq
), inserted AS (
    INSERT INTO events (seq, at_ms, game_id, game_type, owner, kind, detail, outcome)
    SELECT seq, $1::bigint, $2::text, $3::text, $4::text, $5::integer, $6::text, $7::bytea
    FROM numbered
    RETURNING seq
)
SELECT pg_notify('satrap_feed', seq::text) FROM inserted";

/// Record `event` with the next sequence number (last in its transaction).
pub(super) async fn insert_event(
    client: &impl GenericClient,
    event: &NewEvent,
) -> Result<(), StoreError> {
    let (kind, detail, outcome) = event.kind.to_stored(event.private)?;
    let inserted = client
        .execute(
            &prepared(client, INSERT_EVENT).await?,
            &[
                &(event.at_ms as i64),
                &event.game_id,
                &event.game_type,
                &event.owner,
                &(kind as i32),
                &detail,
                &outcome,
            ],
        )
        .await
        .map_err(backend)?;
    if inserted == 1 {
        Ok(())
    } else {
        Err(StoreError::Backend(
            "postgres: the feed_sequence row is missing".into(),
        ))
    }
}

/// Record an event about stored game `id` (type and owner from its row);
/// `NotFound` if there is none.
pub(super) async fn game_event(
    client: &impl GenericClient,
    id: &str,
    at_ms: u64,
    kind: EventKind,
) -> Result<(), StoreError> {
    let sql = "SELECT game_type, owner, private FROM games WHERE id = $1";
    let row = client
        .query_opt(&prepared(client, sql).await?, &[&id])
        .await
        .map_err(backend)?
        .ok_or_else(|| StoreError::NotFound(id.to_owned()))?;
    insert_event(
        client,
        &NewEvent {
            at_ms,
            game_id: id.to_owned(),
            game_type: row.get(0),
            owner: row.get(1),
            private: row.get(2),
            kind,
        },
    )
    .await
}

/// Record that game `id` started at `at_ms`, with its seats as stored now.
pub(super) async fn started_event(
    client: &impl GenericClient,
    id: &str,
    at_ms: u64,
) -> Result<(), StoreError> {
    let seats = EventSeat::of(&load_seats(client, id).await?);
    game_event(client, id, at_ms, EventKind::Started { seats }).await
}

/// The feed after `$1` (at most `$2`), for everyone, and for one owner
/// (`$3`).
const EVENTS_AFTER: &str = "SELECT seq, at_ms, game_id, game_type, owner, kind, detail, outcome
    FROM events WHERE seq > $1 ORDER BY seq LIMIT $2";
/// The row comparison is `owner = $3 AND seq > $1` in a form only
/// `events_by_owner` can serve: with the plain form a generic plan (what a
/// statement prepared once gets after a few runs) reads the primary key
/// and filters, scanning every later event of other owners.
const OWNER_EVENTS_AFTER: &str = "SELECT seq, at_ms, game_id, game_type, owner, kind, detail,
    outcome FROM events WHERE owner = $3 AND (owner, seq) > ($3, $1)
    ORDER BY owner, seq LIMIT $2";

const RATING_COLUMNS: &str =
    "game_type, player_id, rating, uncertainty, games, wins, last_change, updated_at_ms, name";

fn rating_from(r: &Row) -> PlayerRating {
    PlayerRating {
        game_type: r.get(0),
        player_id: r.get(1),
        rating: Rating {
            rating: r.get(2),
            uncertainty: r.get(3),
        },
        games: r.get::<_, i64>(4) as u64,
        wins: r.get::<_, i64>(5) as u64,
        last_change: r.get(6),
        updated_at_ms: r.get::<_, i64>(7) as u64,
        name: r.get(8),
    }
}

/// The standings of `players` in `game_type`, locked until the transaction
/// ends, in the order given.
async fn lock_ratings(
    tx: &impl GenericClient,
    game_type: &str,
    players: &[String],
) -> Result<Vec<PlayerRating>, StoreError> {
    let start = Rating::START;
    tx.execute(
        "INSERT INTO ratings (game_type, player_id, rating, uncertainty, games, wins,
                              last_change, updated_at_ms, name)
         SELECT $1::text, p, $3::double precision, $4::double precision, 0, 0, 0, 0, ''
         FROM unnest($2::text[]) AS p
         ORDER BY p COLLATE \"C\"
         ON CONFLICT (game_type, player_id) DO NOTHING",
        &[&game_type, &players, &start.rating, &start.uncertainty],
    )
    .await
    .map_err(backend)?;
    let rows = tx
        .query(
            &format!(
                "SELECT {RATING_COLUMNS} FROM ratings
                 WHERE game_type = $1 AND player_id = ANY($2)
                 ORDER BY player_id COLLATE \"C\" FOR UPDATE"
            ),
            &[&game_type, &players],
        )
        .await
        .map_err(backend)?;
    let found: Vec<PlayerRating> = rows.iter().map(rating_from).collect();
    players
        .iter()
        .map(|p| {
            found
                .iter()
                .find(|r| r.player_id == *p)
                .cloned()
                .ok_or_else(|| StoreError::Backend(format!("postgres: no rating row for {p}")))
        })
        .collect()
}

/// Record game `id`'s end at `now_ms` in `tx` (after its last entries): for
/// a rated end the players' new standings, then the event.
pub(super) async fn record_end(
    tx: &impl GenericClient,
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
                    let game_type: String = tx
                        .query_opt("SELECT game_type FROM games WHERE id = $1", &[&id])
                        .await
                        .map_err(backend)?
                        .ok_or_else(|| StoreError::NotFound(id.to_owned()))?
                        .get(0);
                    let players: Vec<String> = rated_end
                        .seats
                        .iter()
                        .map(|s| s.player_id.clone())
                        .collect();
                    let before = lock_ratings(tx, &game_type, &players).await?;
                    let changes = rated::rate_game(rated_end, before, now_ms)?;
                    for c in &changes {
                        let p = &c.after;
                        tx.execute(
                            "UPDATE ratings SET rating = $3, uncertainty = $4, games = $5,
                                 wins = $6, last_change = $7, updated_at_ms = $8, name = $9
                             WHERE game_type = $1 AND player_id = $2",
                            &[
                                &p.game_type,
                                &p.player_id,
                                &p.rating.rating,
                                &p.rating.uncertainty,
                                &(p.games as i64),
                                &(p.wins as i64),
                                &p.last_change,
                                &(p.updated_at_ms as i64),
                                &p.name,
                            ],
                        )
                        .await
                        .map_err(backend)?;
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
    game_event(tx, id, now_ms, kind).await
}

const TICKET_COLUMNS: &str = "id, pool, player_id, name, token_hash, display, owner,
     bot_fill_after_ms, bot, queued_at_ms";

fn ticket_from(r: &Row) -> Result<Ticket, StoreError> {
    let hash: Vec<u8> = r.get(4);
    Ok(Ticket {
        id: r.get(0),
        pool: r.get(1),
        player_id: r.get(2),
        name: r.get(3),
        token_hash: <[u8; 32]>::try_from(hash.as_slice())
            .map_err(|_| StoreError::Corrupt("a ticket's token hash is not 32 bytes".into()))?,
        display: r.get(5),
        owner: r.get(6),
        bot_fill_after_ms: r.get::<_, Option<i64>>(7).map(|t| t as u64),
        bot: r.get(8),
        queued_at_ms: r.get::<_, i64>(9) as u64,
    })
}

/// The statements of rated play (bounded by `PostgresStore`).
#[async_trait]
impl RatedPlay for Db {
    async fn ratings(
        &self,
        game_type: &str,
        player_ids: &[String],
    ) -> Result<Vec<PlayerRating>, StoreError> {
        let client = self.client().await?;
        let sql = format!(
            "SELECT {RATING_COLUMNS} FROM ratings WHERE game_type = $1 AND player_id = ANY($2)"
        );
        let found: Vec<PlayerRating> = client
            .query(&prepared(&client, &sql).await?, &[&game_type, &player_ids])
            .await
            .map_err(backend)?
            .iter()
            .map(rating_from)
            .collect();
        Ok(player_ids
            .iter()
            .map(|p| {
                found
                    .iter()
                    .find(|r| r.player_id == *p)
                    .cloned()
                    .unwrap_or_else(|| PlayerRating::new(game_type, p))
            })
            .collect())
    }

    async fn leaderboard(
        &self,
        game_type: &str,
        offset: u64,
        limit: usize,
    ) -> Result<Vec<PlayerRating>, StoreError> {
        let client = self.client().await?;
        let sql = format!(
            "SELECT {RATING_COLUMNS} FROM ratings WHERE game_type = $1
             ORDER BY rating - 3 * uncertainty DESC, player_id COLLATE \"C\"
             LIMIT $2 OFFSET $3"
        );
        Ok(client
            .query(
                &prepared(&client, &sql).await?,
                &[
                    &game_type,
                    &i64::try_from(limit).unwrap_or(i64::MAX),
                    &i64::try_from(offset).unwrap_or(i64::MAX),
                ],
            )
            .await
            .map_err(backend)?
            .iter()
            .map(rating_from)
            .collect())
    }

    async fn events_after(
        &self,
        after: u64,
        owner: Option<&str>,
        limit: usize,
    ) -> Result<Vec<Event>, StoreError> {
        let client = self.client().await?;
        let after = i64::try_from(after).unwrap_or(i64::MAX);
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        // One statement per scope, so each reads an index in sequence
        // order (the primary key, or events_by_owner) and stops at the
        // limit; docs/operating.md shows the plans.
        let rows = match owner {
            None => {
                client
                    .query(&prepared(&client, EVENTS_AFTER).await?, &[&after, &limit])
                    .await
            }
            Some(owner) => {
                client
                    .query(
                        &prepared(&client, OWNER_EVENTS_AFTER).await?,
                        &[&after, &limit, &owner],
                    )
                    .await
            }
        }
        .map_err(backend)?;
        rows.iter()
            .map(|r| {
                let game_type: String = r.get(3);
                let (kind, private) = EventKind::from_stored(
                    i64::from(r.get::<_, i32>(5)),
                    r.get(6),
                    r.get(7),
                    &game_type,
                )?;
                Ok(Event {
                    sequence: r.get::<_, i64>(0) as u64,
                    at_ms: r.get::<_, i64>(1) as u64,
                    game_id: r.get(2),
                    owner: r.get(4),
                    private,
                    kind,
                    game_type,
                })
            })
            .collect()
    }

    /// The last number handed out by a committed transaction (the counter
    /// row as this snapshot sees it: every event up to it is committed).
    async fn feed_head(&self) -> Result<u64, StoreError> {
        let client = self.client().await?;
        let row = client
            .query_one("SELECT seq FROM feed_sequence WHERE id = 1", &[])
            .await
            .map_err(backend)?;
        Ok(row.get::<_, i64>(0) as u64)
    }

    fn feed_notices(&self) -> Option<watch::Receiver<u64>> {
        Some(self.feed.subscribe())
    }

    /// Queue `t`, replacing its player's waiting ticket (one statement
    /// pair in one transaction: of two replicas queueing one player at
    /// once, the later commit's ticket is the one left).
    async fn enqueue(&self, t: &Ticket, lease: &Lease<'_>) -> Result<(), StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(backend)?;
        tx.execute(
            &prepared(
                &tx,
                "DELETE FROM match_queue
                 WHERE $1 <> '' AND player_id = $1 AND game_id IS NULL",
            )
            .await?,
            &[&t.player_id],
        )
        .await
        .map_err(backend)?;
        let sql = format!(
            "INSERT INTO match_queue ({TICKET_COLUMNS}, seen_at_ms, lease_owner, lease_until_ms)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)"
        );
        let inserted = tx
            .execute(
                &prepared(&tx, &sql).await?,
                &[
                    &t.id,
                    &t.pool,
                    &t.player_id,
                    &t.name,
                    &t.token_hash.to_vec(),
                    &t.display,
                    &t.owner,
                    &t.bot_fill_after_ms.map(|b| b as i64),
                    &t.bot,
                    &(t.queued_at_ms as i64),
                    &(lease.now_ms as i64),
                    &lease.owner,
                    &(lease.until_ms as i64),
                ],
            )
            .await;
        match inserted {
            Ok(_) => tx.commit().await.map_err(backend),
            Err(e) => match e.as_db_error().and_then(|d| d.constraint()) {
                Some("match_queue_pkey") => Err(StoreError::AlreadyExists(t.id.clone())),
                // Another replica queued the same player between our
                // DELETE and INSERT: transient, the caller may retry.
                _ => Err(backend(e)),
            },
        }
    }

    /// One statement renews the lease of every ticket asked for, one
    /// more reads them all with their places (a window over the waiting
    /// tickets of their pools).
    async fn hold_tickets(
        &self,
        ids: &[String],
        lease: &Lease<'_>,
    ) -> Result<Vec<TicketState>, StoreError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let client = self.client().await?;
        let renew = "UPDATE match_queue SET lease_owner = $2,
                         lease_until_ms = GREATEST(lease_until_ms, $3), seen_at_ms = $4
                     WHERE id = ANY($1) AND (lease_owner = $2 OR lease_until_ms < $4)";
        client
            .execute(
                &prepared(&client, renew).await?,
                &[
                    &ids,
                    &lease.owner,
                    &(lease.until_ms as i64),
                    &(lease.now_ms as i64),
                ],
            )
            .await
            .map_err(backend)?;
        let read = "SELECT id, game_id, seat, place, waiting FROM (
                        SELECT id, game_id, seat,
                               row_number() OVER w AS place, count(*) OVER p AS waiting
                        FROM match_queue
                        WHERE game_id IS NULL AND pool IN
                            (SELECT pool FROM match_queue WHERE id = ANY($1))
                        WINDOW p AS (PARTITION BY pool),
                               w AS (PARTITION BY pool ORDER BY queued_at_ms, id COLLATE \"C\")
                        UNION ALL
                        SELECT id, game_id, seat, 0, 0 FROM match_queue
                        WHERE game_id IS NOT NULL AND id = ANY($1)
                    ) q WHERE id = ANY($1)";
        let rows = client
            .query(&prepared(&client, read).await?, &[&ids])
            .await
            .map_err(backend)?;
        let mut found: HashMap<String, TicketState> = HashMap::with_capacity(rows.len());
        for r in rows {
            let state = match r.get::<_, Option<String>>(1) {
                Some(game_id) => TicketState::Matched {
                    game_id,
                    seat: r.get::<_, Option<i32>>(2).unwrap_or(0) as u32,
                },
                None => TicketState::Queued {
                    position: r.get::<_, i64>(3) as u32,
                    waiting: r.get::<_, i64>(4) as u32,
                },
            };
            found.insert(r.get(0), state);
        }
        Ok(ids
            .iter()
            .map(|id| found.remove(id).unwrap_or(TicketState::Gone))
            .collect())
    }

    async fn dequeue(&self, id: &str) -> Result<(), StoreError> {
        let client = self.client().await?;
        client
            .execute("DELETE FROM match_queue WHERE id = $1", &[&id])
            .await
            .map_err(backend)?;
        Ok(())
    }

    async fn queue(&self, now_ms: u64) -> Result<Vec<Ticket>, StoreError> {
        let client = self.client().await?;
        client
            .execute(
                "DELETE FROM match_queue WHERE lease_until_ms < $1 AND game_id IS NULL",
                &[&(now_ms as i64)],
            )
            .await
            .map_err(backend)?;
        let sql = format!(
            "SELECT {TICKET_COLUMNS} FROM match_queue WHERE game_id IS NULL
             ORDER BY queued_at_ms, id COLLATE \"C\""
        );
        client
            .query(&prepared(&client, &sql).await?, &[])
            .await
            .map_err(backend)?
            .iter()
            .map(ticket_from)
            .collect()
    }

    async fn undelivered(&self, now_ms: u64) -> Result<Vec<Undelivered>, StoreError> {
        let client = self.client().await?;
        let sql = "SELECT id, game_id, seat FROM match_queue
                   WHERE lease_until_ms < $1 AND game_id IS NOT NULL";
        Ok(client
            .query(&prepared(&client, sql).await?, &[&(now_ms as i64)])
            .await
            .map_err(backend)?
            .iter()
            .map(|r| Undelivered {
                ticket: r.get(0),
                game_id: r.get(1),
                seat: r.get::<_, Option<i32>>(2).unwrap_or(0) as u32,
            })
            .collect())
    }

    /// Create game `record` for the tickets of `seats` in one transaction:
    /// every ticket must still wait and be held under a lease live at
    /// `now_ms` (taken in ticket order, so two matches over shared tickets
    /// wait for each other instead of deadlocking).
    async fn create_match(
        &self,
        record: &GameRecord,
        seats: &[MatchSeat],
        now_ms: u64,
    ) -> Result<bool, StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(backend)?;
        let mut ordered: Vec<&MatchSeat> = seats.iter().collect();
        ordered.sort_by(|a, b| a.ticket.cmp(&b.ticket));
        let take = prepared(
            &tx,
            "UPDATE match_queue SET game_id = $1, seat = $2
             WHERE id = $3 AND game_id IS NULL AND lease_until_ms >= $4",
        )
        .await?;
        for m in ordered {
            let taken = tx
                .execute(
                    &take,
                    &[&record.id, &(m.seat as i32), &m.ticket, &(now_ms as i64)],
                )
                .await
                .map_err(backend)?;
            if taken == 0 {
                // Dropping `tx` rolls back the tickets taken so far.
                return Ok(false);
            }
        }
        self.create_in(&tx, record).await?;
        tx.commit().await.map_err(backend)?;
        Ok(true)
    }
}
