//! The embedded default store (`--database sqlite://satrap.db`): one file,
//! nothing to install. WAL journal with `synchronous = FULL`, so a move is
//! acknowledged only after its transaction is on disk; a crash (even
//! `kill -9` or a power cut) loses nothing a client was told succeeded.
//!
//! SQLite calls block, so each runs on tokio's blocking pool; one connection
//! behind a mutex serialises writers, which is all one process needs (the
//! service already serialises the moves of each game).
//!
//! Appends are group-committed by a writer thread of their own (see
//! `writer`): moves of different games that arrive while a commit is on
//! its way to disk wait in a queue, and the next commit takes all of them
//! in one transaction (one fsync); one refused append spoils no other.
//! Every caller is answered only after that commit.

use std::path::Path;
use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use rusqlite::{Connection, OptionalExtension, Transaction, params};
use tokio::sync::watch;

mod rated;
mod tournaments;
mod writer;

use super::deadline::within;
use super::{
    AccessRecord, Commit, Deadlines, EntryKind, Event, EventKind, Expiry, GameRecord, GameStatus,
    GameSummary, Head, JoinSeat, Joined, Lease, ListQuery, LobbyError, LoggedAction, MatchSeat,
    NewEvent, PlayerRating, SeatBot, SeatRecord, StoreError, StoredGame, Ticket, TicketState,
    Undelivered, now_ms,
};
use crate::{GameLog, Leases, Lobby, NewTalk, RatedPlay, Talk, TalkEntry, Tokens};

/// Schema migrations, applied in order at start-up; `PRAGMA user_version`
/// records how many have run. Append, never edit.
const MIGRATIONS: &[&str] = &[
    r#"
CREATE TABLE games (
    id            TEXT PRIMARY KEY,
    game_type     TEXT    NOT NULL,
    options       BLOB    NOT NULL,
    seed          INTEGER NOT NULL,   -- the u64 seed's bits
    created_at_ms INTEGER NOT NULL,
    updated_at_ms INTEGER NOT NULL,
    version       INTEGER NOT NULL DEFAULT 0,
    status        INTEGER NOT NULL DEFAULT 1, -- 1 in progress, 2 finished
    seat_revision INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX games_newest_first ON games (created_at_ms DESC, id DESC);
CREATE INDEX games_by_activity ON games (status, updated_at_ms);
CREATE TABLE seats (
    game_id    TEXT    NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    name       TEXT    NOT NULL,
    bot        TEXT    NOT NULL,
    token_hash BLOB,
    resigned   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE TABLE actions (
    game_id  TEXT    NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version  INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    notation TEXT    NOT NULL,
    at_ms    INTEGER NOT NULL,
    PRIMARY KEY (game_id, version)
) WITHOUT ROWID;
"#,
    // private games (their spectator token's hash) and the
    // creator, for quotas.
    r#"
ALTER TABLE games ADD COLUMN private INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN spectator_hash BLOB;
ALTER TABLE games ADD COLUMN owner TEXT NOT NULL DEFAULT '';
CREATE INDEX games_by_owner ON games (owner, status);
"#,
    r#"
-- Turn clocks and the lobby.
ALTER TABLE games ADD COLUMN settings BLOB NOT NULL DEFAULT x'';
ALTER TABLE games ADD COLUMN started_at_ms INTEGER;
UPDATE games SET started_at_ms = created_at_ms;
ALTER TABLE seats ADD COLUMN open INTEGER NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN invite_hash BLOB;
ALTER TABLE actions ADD COLUMN kind INTEGER NOT NULL DEFAULT 0;
"#,
    r#"
-- Rated play (crates/store/src/rated.rs): who plays each seat, rated
-- games, players' ratings, the feed, the matchmaking queue and the feed
-- readers' cursors.
ALTER TABLE seats ADD COLUMN player_id TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
CREATE TABLE ratings (
    game_type     TEXT    NOT NULL,
    player_id     TEXT    NOT NULL,
    rating        REAL    NOT NULL,
    uncertainty   REAL    NOT NULL,
    games         INTEGER NOT NULL,
    wins          INTEGER NOT NULL,
    last_change   REAL    NOT NULL,
    updated_at_ms INTEGER NOT NULL,
    name          TEXT    NOT NULL,
    PRIMARY KEY (game_type, player_id)
) WITHOUT ROWID;
-- The leaderboard's order: displayed rating, highest first, then player.
CREATE INDEX ratings_board ON ratings (game_type, (rating - 3 * uncertainty) DESC, player_id);
-- AUTOINCREMENT: a number is never handed out twice, even after expiry
-- removed the newest events.
CREATE TABLE events (
    seq       INTEGER PRIMARY KEY AUTOINCREMENT,
    at_ms     INTEGER NOT NULL,
    game_id   TEXT    NOT NULL,
    game_type TEXT    NOT NULL,
    owner     TEXT    NOT NULL,
    kind      INTEGER NOT NULL,
    detail    TEXT    NOT NULL,
    outcome   BLOB    NOT NULL
);
CREATE INDEX events_by_owner ON events (owner, seq);
CREATE INDEX events_by_time ON events (at_ms);
CREATE TABLE match_queue (
    id                TEXT PRIMARY KEY,
    pool              TEXT    NOT NULL,
    player_id         TEXT    NOT NULL,
    name              TEXT    NOT NULL,
    token_hash        BLOB    NOT NULL,
    display           REAL    NOT NULL,
    owner             TEXT    NOT NULL,
    bot_fill_after_ms INTEGER,
    bot               TEXT    NOT NULL,
    queued_at_ms      INTEGER NOT NULL,
    seen_at_ms        INTEGER NOT NULL,
    game_id           TEXT,
    seat              INTEGER
);
-- A player has at most one ticket (anonymous players any number).
CREATE UNIQUE INDEX match_queue_player ON match_queue (player_id) WHERE player_id <> '';
CREATE INDEX match_queue_waiting ON match_queue (pool, queued_at_ms, id) WHERE game_id IS NULL;
CREATE INDEX match_queue_seen ON match_queue (seen_at_ms);
CREATE TABLE feed_cursors (
    name     TEXT PRIMARY KEY,
    position INTEGER NOT NULL,
    owner    TEXT,
    until_ms INTEGER
);
"#,
    r#"
-- A player has at most one waiting ticket: a new one replaces it, and a
-- matched ticket (waiting for its delivery) no longer holds the player.
DROP INDEX match_queue_player;
CREATE UNIQUE INDEX match_queue_player ON match_queue (player_id)
    WHERE player_id <> '' AND game_id IS NULL;
"#,
    r#"
-- Tournaments: the state is the server's JSON, replaced by a save guarded
-- by the version (see `tournaments`).
CREATE TABLE tournaments (
    id            TEXT    PRIMARY KEY,
    game_type     TEXT    NOT NULL,
    owner         TEXT    NOT NULL,
    private       INTEGER NOT NULL,
    created_at_ms INTEGER NOT NULL,
    status        INTEGER NOT NULL, -- 1 registration, 2 running, 3 finished, 4 cancelled
    settings      BLOB    NOT NULL,
    state         TEXT    NOT NULL,
    version       INTEGER NOT NULL
);
CREATE INDEX tournaments_newest_first ON tournaments (created_at_ms DESC, id DESC);
"#,
    r#"
-- A ticket is held under a lease like a game (the replica that holds it,
-- until when), renewed for all of a replica's tickets at once;
-- `seen_at_ms` stays as the time of the last renewal.
ALTER TABLE match_queue ADD COLUMN lease_owner TEXT NOT NULL DEFAULT '';
ALTER TABLE match_queue ADD COLUMN lease_until_ms INTEGER NOT NULL DEFAULT 0;
DROP INDEX match_queue_seen;
CREATE INDEX match_queue_lease ON match_queue (lease_until_ms);
"#,
    r#"
-- A game's talk: chat, offers (see `Talk`), the server's encoding.
CREATE TABLE talk (
    game_id TEXT    NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL,
    at_ms   INTEGER NOT NULL,
    body    BLOB    NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"#,
];

pub struct SqliteStore {
    conn: Arc<Mutex<Connection>>,
    /// The database file this store writes, to notice its removal.
    file: Arc<FileGuard>,
    /// The group-commit writer thread that records every append.
    writer: writer::Writer,
    max_games: usize,
    /// How long a call may take before it answers UNAVAILABLE (a stuck
    /// disk, a writer that does not come back).
    deadlines: Deadlines,
    /// Changed after every commit that added events (`feed_notices`).
    feed: Arc<watch::Sender<u64>>,
    /// Tournaments made or saved (`Tournaments::tournament_notices`).
    tournaments: tokio::sync::broadcast::Sender<crate::TournamentNotice>,
}

fn backend(e: rusqlite::Error) -> StoreError {
    if let rusqlite::Error::SqliteFailure(failure, _) = &e {
        if matches!(
            failure.code,
            rusqlite::ErrorCode::DatabaseCorrupt | rusqlite::ErrorCode::NotADatabase
        ) {
            tracing::error!(error = %e, "sqlite: the database file is corrupt");
            return StoreError::Corrupt(format!("sqlite: {e}"));
        }
    }
    StoreError::Backend(format!("sqlite: {e}"))
}

/// The database file as it was opened. If the path stops naming that file
/// (deleted, or another file moved over it), the open connection keeps
/// writing into a file nobody will open again: every move acknowledged from
/// then on would be lost at the next start. So each write transaction
/// checks the path's device and inode before it starts and after it
/// commits, and the first mismatch makes the store unusable for writes
/// (UNAVAILABLE, an error log, and health NOT_SERVING through `faults`).
struct FileGuard {
    path: std::path::PathBuf,
    /// (device, inode) at open; `None` where the platform cannot tell.
    identity: Option<(u64, u64)>,
    fault: tokio::sync::watch::Sender<Option<String>>,
}

impl FileGuard {
    fn new(path: &Path) -> Result<Self, StoreError> {
        let identity = file_identity(path).map_err(|e| {
            StoreError::Backend(format!("sqlite: cannot stat {}: {e}", path.display()))
        })?;
        Ok(Self {
            path: path.to_owned(),
            identity,
            fault: tokio::sync::watch::channel(None).0,
        })
    }

    /// `Err(Unusable)` once the file is not the one opened.
    fn check(&self) -> Result<(), StoreError> {
        if let Some(reason) = self.fault.borrow().clone() {
            return Err(StoreError::Unusable(reason));
        }
        let Some(expected) = self.identity else {
            return Ok(());
        };
        let problem = match file_identity(&self.path) {
            Ok(Some(now)) if now == expected => return Ok(()),
            Ok(_) => "was replaced by another file".to_owned(),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => "was removed".to_owned(),
            Err(e) => format!("cannot be checked ({e})"),
        };
        let reason = format!(
            "the database file {} {problem} while satrap had it open; writes are refused until satrap is restarted",
            self.path.display()
        );
        tracing::error!(%reason, "sqlite: the store is unusable");
        self.fault.send_replace(Some(reason.clone()));
        Err(StoreError::Unusable(reason))
    }
}

#[cfg(unix)]
fn file_identity(path: &Path) -> std::io::Result<Option<(u64, u64)>> {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::metadata(path)?;
    Ok(Some((meta.dev(), meta.ino())))
}

#[cfg(not(unix))]
fn file_identity(path: &Path) -> std::io::Result<Option<(u64, u64)>> {
    std::fs::metadata(path).map(|_| None)
}

impl SqliteStore {
    /// Open (or create) the database file and bring its schema up to date,
    /// with the default [`Deadlines`].
    pub async fn open(path: &Path, max_games: usize) -> Result<Self, StoreError> {
        Self::open_with(path, max_games, Deadlines::default()).await
    }

    /// [`SqliteStore::open`] with these deadlines: every call answers
    /// within `deadlines.statement`, and a database locked by another
    /// process is waited for as long (SQLite's busy timeout).
    pub async fn open_with(
        path: &Path,
        max_games: usize,
        deadlines: Deadlines,
    ) -> Result<Self, StoreError> {
        let path = path.to_owned();
        let conn =
            tokio::task::spawn_blocking(move || -> Result<(Connection, FileGuard), StoreError> {
                let mut conn = Connection::open(&path).map_err(backend)?;
                conn.busy_timeout(deadlines.statement).map_err(backend)?;
                let mode: String = conn
                    .query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))
                    .map_err(backend)?;
                if !mode.eq_ignore_ascii_case("wal") && !mode.eq_ignore_ascii_case("memory") {
                    return Err(StoreError::Backend(format!(
                        "sqlite: cannot switch {} to WAL (journal mode {mode})",
                        path.display()
                    )));
                }
                conn.execute_batch("PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;")
                    .map_err(backend)?;
                migrate(&mut conn)?;
                let file = FileGuard::new(&path)?;
                Ok((conn, file))
            })
            .await
            .map_err(|e| StoreError::Backend(format!("sqlite open task: {e}")))??;
        let (conn, file) = conn;
        let conn = Arc::new(Mutex::new(conn));
        let file = Arc::new(file);
        let feed = Arc::new(watch::Sender::new(0));
        Ok(Self {
            writer: writer::Writer::start(conn.clone(), file.clone(), feed.clone())?,
            conn,
            file,
            max_games,
            deadlines,
            feed,
            tournaments: crate::tournaments::notices(),
        })
    }

    /// Run `f` with the connection on the blocking pool, answering
    /// UNAVAILABLE if it has not finished within the statement deadline
    /// (the blocking task still finishes: SQLite cannot be interrupted
    /// from here, but the caller is no longer held).
    async fn run<T: Send + 'static>(
        &self,
        what: &'static str,
        f: impl FnOnce(&mut Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let (conn, feed) = (self.conn.clone(), self.feed.clone());
        let task = tokio::task::spawn_blocking(move || {
            let mut guard = conn
                .lock()
                .map_err(|_| StoreError::Backend("sqlite connection lock poisoned".into()))?;
            rated::take_events_written();
            let out = f(&mut guard);
            drop(guard);
            // After the commit (or the rollback: a wake-up for nothing).
            if rated::take_events_written() {
                feed.send_modify(|n| *n += 1);
            }
            out
        });
        within(what, self.deadlines.statement, async {
            task.await
                .map_err(|e| StoreError::Backend(format!("sqlite task: {e}")))?
        })
        .await
    }
}

impl SqliteStore {
    /// Run a write `f` (which commits) with the file checked before and
    /// after: a commit into a replaced file is reported, never acknowledged.
    async fn run_write<T: Send + 'static>(
        &self,
        what: &'static str,
        f: impl FnOnce(&mut Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let file = self.file.clone();
        self.run(what, move |conn| {
            file.check()?;
            let out = f(conn)?;
            file.check()?;
            Ok(out)
        })
        .await
    }
}

/// Apply the migrations this file has not seen, each in its own transaction.
fn migrate(conn: &mut Connection) -> Result<(), StoreError> {
    let done: i64 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .map_err(backend)?;
    let done = usize::try_from(done).unwrap_or(0);
    if done > MIGRATIONS.len() {
        return Err(StoreError::Backend(format!(
            "sqlite: the database has schema version {done}, newer than this satrap ({})",
            MIGRATIONS.len()
        )));
    }
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(done) {
        let tx = conn.transaction().map_err(backend)?;
        tx.execute_batch(sql).map_err(backend)?;
        tx.pragma_update(None, "user_version", (i + 1) as i64)
            .map_err(backend)?;
        tx.commit().map_err(backend)?;
        tracing::info!(version = i + 1, "sqlite schema migrated");
    }
    Ok(())
}

fn hash_from(blob: Option<Vec<u8>>) -> Result<Option<[u8; 32]>, StoreError> {
    blob.map(|b| {
        <[u8; 32]>::try_from(b.as_slice())
            .map_err(|_| StoreError::Backend("stored token hash is not 32 bytes".into()))
    })
    .transpose()
}

fn load_seats(conn: &Connection, id: &str) -> Result<Vec<SeatRecord>, StoreError> {
    let mut stmt = conn
        .prepare_cached(
            "SELECT name, bot, token_hash, resigned, open, invite_hash, player_id
             FROM seats WHERE game_id = ? ORDER BY seat",
        )
        .map_err(backend)?;
    let rows = stmt
        .query_map([id], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, Option<Vec<u8>>>(2)?,
                r.get::<_, bool>(3)?,
                r.get::<_, bool>(4)?,
                r.get::<_, Option<Vec<u8>>>(5)?,
                r.get::<_, String>(6)?,
            ))
        })
        .map_err(backend)?;
    rows.map(|row| {
        let (name, bot, hash, resigned, open, invite, player_id) = row.map_err(backend)?;
        Ok(SeatRecord {
            player_id,
            name,
            bot,
            token_hash: hash_from(hash)?,
            resigned,
            open,
            invite_hash: hash_from(invite)?,
        })
    })
    .collect()
}

fn load_actions(conn: &Connection, id: &str, from: u64) -> Result<Vec<LoggedAction>, StoreError> {
    let mut stmt = conn
        .prepare_cached(
            "SELECT seat, notation, at_ms, kind FROM actions
             WHERE game_id = ? AND version > ? ORDER BY version",
        )
        .map_err(backend)?;
    let rows = stmt
        .query_map(params![id, from as i64], |r| {
            Ok((
                r.get::<_, u32>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, i64>(2)?,
                r.get::<_, i64>(3)?,
            ))
        })
        .map_err(backend)?;
    rows.map(|row| {
        let (seat, notation, at_ms, kind) = row.map_err(backend)?;
        Ok(LoggedAction {
            seat,
            notation,
            at_ms: at_ms as u64,
            kind: EntryKind::from_code(kind)?,
        })
    })
    .collect()
}

fn stored_version(conn: &Connection, id: &str) -> Result<Option<u64>, StoreError> {
    conn.prepare_cached("SELECT version FROM games WHERE id = ?")
        .map_err(backend)?
        .query_row([id], |r| r.get::<_, i64>(0))
        .optional()
        .map_err(backend)
        .map(|v| v.map(|v| v as u64))
}

/// The time an entry is recorded with: the writer's, or the store's now.
fn stamp(a: &LoggedAction, now: i64) -> i64 {
    if a.at_ms == 0 { now } else { a.at_ms as i64 }
}

/// Whether game `id` still waits for players (JoinGame and LeaveGame run
/// only then): the outer error is the store's, the inner the lobby's answer.
fn waiting(tx: &Transaction<'_>, id: &str) -> Result<Result<(), LobbyError>, StoreError> {
    let status: Option<i64> = tx
        .query_row("SELECT status FROM games WHERE id = ?", [id], |r| r.get(0))
        .optional()
        .map_err(backend)?;
    Ok(match status {
        None => Err(LobbyError::Store(StoreError::NotFound(id.to_owned()))),
        Some(s) if s != GameStatus::Waiting.code() => Err(LobbyError::Started),
        Some(_) => Ok(()),
    })
}

/// Create game `record` unless the store holds `max` games already.
fn create_in(tx: &Transaction<'_>, record: &GameRecord, max: usize) -> Result<(), StoreError> {
    let count: i64 = tx
        .query_row("SELECT count(*) FROM games", [], |r| r.get(0))
        .map_err(backend)?;
    if count as usize >= max {
        return Err(StoreError::Full(max));
    }
    insert_game(tx, record)
}

/// Insert the game, its seats and its feed events.
fn insert_game(tx: &Transaction<'_>, record: &GameRecord) -> Result<(), StoreError> {
    let status = if record.started_at_ms.is_some() {
        GameStatus::InProgress
    } else {
        GameStatus::Waiting
    };
    let inserted = tx
        .execute(
            "INSERT INTO games (id, game_type, options, seed, created_at_ms, updated_at_ms,
                                private, spectator_hash, owner, settings, started_at_ms, status,
                                rated)
             VALUES (?1, ?2, ?3, ?4, ?5, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
             ON CONFLICT (id) DO NOTHING",
            params![
                record.id,
                record.game_type,
                record.options,
                record.seed as i64,
                record.created_at_ms as i64,
                record.access.private,
                record.access.spectator_hash.map(|h| h.to_vec()),
                record.access.owner,
                record.settings,
                record.started_at_ms.map(|t| t as i64),
                status.code(),
                record.rated
            ],
        )
        .map_err(backend)?;
    if inserted == 0 {
        return Err(StoreError::AlreadyExists(record.id.clone()));
    }
    for (i, s) in record.seats.iter().enumerate() {
        tx.execute(
            "INSERT INTO seats (game_id, seat, name, bot, token_hash, resigned, open, invite_hash,
                                player_id)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            params![
                record.id,
                i as i64,
                s.name,
                s.bot,
                s.token_hash.map(|h| h.to_vec()),
                s.resigned,
                s.open,
                s.invite_hash.map(|h| h.to_vec()),
                s.player_id
            ],
        )
        .map_err(backend)?;
    }
    // The feed: created, and started at once unless seats are open.
    for event in NewEvent::created(record) {
        rated::insert_event(tx, &event)?;
    }
    Ok(())
}

#[async_trait]
impl GameLog for SqliteStore {
    async fn create(&self, record: &GameRecord) -> Result<(), StoreError> {
        let record = record.clone();
        let max = self.max_games;
        self.run_write("create", move |conn| {
            let tx = conn.transaction().map_err(backend)?;
            create_in(&tx, &record, max)?;
            tx.commit().map_err(backend)
        })
        .await
    }

    async fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let id = id.to_owned();
        self.run("load", move |conn| {
            let tx = conn.transaction().map_err(backend)?;
            let row = tx
                .query_row(
                    "SELECT game_type, options, seed, created_at_ms, private, spectator_hash, owner,
                            settings, started_at_ms, rated
                     FROM games WHERE id = ?",
                    [&id],
                    |r| {
                        Ok((
                            (
                                r.get::<_, String>(0)?,
                                r.get::<_, Vec<u8>>(1)?,
                                r.get::<_, i64>(2)?,
                                r.get::<_, i64>(3)?,
                            ),
                            (
                                r.get::<_, bool>(4)?,
                                r.get::<_, Option<Vec<u8>>>(5)?,
                                r.get::<_, String>(6)?,
                            ),
                            (
                                r.get::<_, Vec<u8>>(7)?,
                                r.get::<_, Option<i64>>(8)?,
                                r.get::<_, bool>(9)?,
                            ),
                        ))
                    },
                )
                .optional()
                .map_err(backend)?;
            let Some((
                (game_type, options, seed, created),
                (private, spectator, owner),
                (settings, started, rated),
            )) = row
            else {
                return Ok(None);
            };
            let record = GameRecord {
                rated,
                access: AccessRecord {
                    private,
                    spectator_hash: hash_from(spectator)?,
                    owner,
                },
                seats: load_seats(&tx, &id)?,
                id: id.clone(),
                game_type,
                options,
                seed: seed as u64,
                created_at_ms: created as u64,
                settings,
                started_at_ms: started.map(|t| t as u64),
            };
            let actions = load_actions(&tx, &id, 0)?;
            Ok(Some(StoredGame { record, actions }))
        })
        .await
    }

    async fn append(
        &self,
        id: &str,
        version: u64,
        actions: &[LoggedAction],
        // One process writes the file: it drives every game it has, and
        // needs no due times (see `crate::work`).
        commit: &Commit<'_>,
    ) -> Result<(), StoreError> {
        let (done, answer) = tokio::sync::oneshot::channel();
        self.writer.submit(writer::PendingAppend {
            id: id.to_owned(),
            version,
            actions: actions.to_vec(),
            status: commit.status,
            end: commit.end.cloned(),
            seat_bot: commit.seat_bot.to_owned(),
            done,
        })?;
        // Answered by the writer thread after the commit that holds this
        // append reached the disk (or failed). Past the deadline the answer
        // is no longer awaited: the writer then skips the append unless its
        // commit has already begun.
        within("append", self.deadlines.statement, async {
            answer
                .await
                .map_err(|_| StoreError::Backend("sqlite append was dropped uncommitted".into()))?
        })
        .await
    }

    async fn actions_since(&self, id: &str, from: u64) -> Result<Vec<LoggedAction>, StoreError> {
        let id = id.to_owned();
        self.run("actions_since", move |conn| {
            let tx = conn.transaction().map_err(backend)?;
            if stored_version(&tx, &id)?.is_none() {
                return Err(StoreError::NotFound(id));
            }
            load_actions(&tx, &id, from)
        })
        .await
    }

    async fn head(&self, id: &str) -> Result<Option<Head>, StoreError> {
        let id = id.to_owned();
        self.run("head", move |conn| {
            conn.prepare_cached("SELECT version, seat_revision FROM games WHERE id = ?")
                .map_err(backend)?
                .query_row([&id], |r| {
                    Ok(Head {
                        version: r.get::<_, i64>(0)? as u64,
                        seat_revision: r.get::<_, i64>(1)? as u64,
                    })
                })
                .optional()
                .map_err(backend)
        })
        .await
    }

    async fn list(&self, query: &ListQuery) -> Result<Vec<GameSummary>, StoreError> {
        let query = query.clone();
        self.run("list", move |conn| {
            let tx = conn.transaction().map_err(backend)?;
            let (after_ms, after_id) = match &query.after {
                Some(c) => (Some(c.created_at_ms as i64), Some(c.id.clone())),
                None => (None, None),
            };
            let (all_private, private_owner) = query.private.sql();
            type Row = (String, String, i64, i64, i64, i64, Vec<u8>, bool, bool);
            let rows: Vec<Row> = {
                let mut stmt = tx
                    .prepare_cached(
                        "SELECT id, game_type, status, version, created_at_ms, updated_at_ms,
                                settings, private, rated
                         FROM games
                         WHERE (?1 IS NULL OR game_type = ?1)
                           AND (?2 IS NULL OR status = ?2)
                           AND (NOT private OR ?6 OR owner = ?8)
                           AND (?3 IS NULL OR created_at_ms < ?3
                                OR (created_at_ms = ?3 AND id < ?4))
                           AND (?7 = 0 OR EXISTS (SELECT 1 FROM seats
                                WHERE seats.game_id = games.id AND seats.open))
                           AND (?9 IS NULL OR status = ?10 OR updated_at_ms >= ?9)
                         ORDER BY created_at_ms DESC, id DESC
                         LIMIT ?5",
                    )
                    .map_err(backend)?;
                let rows = stmt
                    .query_map(
                        params![
                            query.game_type,
                            query.status.map(GameStatus::code),
                            after_ms,
                            after_id,
                            query.limit as i64,
                            all_private,
                            query.open_seats,
                            private_owner,
                            query.active_since_ms.map(crate::sql_ms),
                            GameStatus::Finished.code()
                        ],
                        |r| {
                            Ok((
                                r.get(0)?,
                                r.get(1)?,
                                r.get(2)?,
                                r.get(3)?,
                                r.get(4)?,
                                r.get(5)?,
                                r.get(6)?,
                                r.get(7)?,
                                r.get(8)?,
                            ))
                        },
                    )
                    .map_err(backend)?;
                rows.collect::<Result<_, _>>().map_err(backend)?
            };
            rows.into_iter()
                .map(
                    |(
                        id,
                        game_type,
                        status,
                        version,
                        created,
                        updated,
                        settings,
                        private,
                        rated,
                    )| {
                        Ok(GameSummary {
                            rated,
                            seats: load_seats(&tx, &id)?,
                            id,
                            game_type,
                            status: GameStatus::from_code(status)?,
                            version: version as u64,
                            created_at_ms: created as u64,
                            updated_at_ms: updated as u64,
                            settings,
                            private,
                        })
                    },
                )
                .collect()
        })
        .await
    }

    async fn expire(&self, expiry: Expiry) -> Result<Vec<String>, StoreError> {
        self.run_write("expire", move |conn| {
            let tx = conn.transaction().map_err(backend)?;
            let ids: Vec<String> = {
                let mut stmt = tx
                    .prepare(
                        "SELECT id FROM games
                         WHERE (status = 2 AND updated_at_ms < ?1)
                            OR (status IN (1, 3) AND updated_at_ms < ?2)",
                    )
                    .map_err(backend)?;
                let never = i64::MIN;
                let finished = expiry.finished_before_ms.map_or(never, |t| t as i64);
                let idle = expiry.idle_before_ms.map_or(never, |t| t as i64);
                let rows = stmt
                    .query_map(params![finished, idle], |r| r.get(0))
                    .map_err(backend)?;
                rows.collect::<Result<_, _>>().map_err(backend)?
            };
            // Old events go first, so the deleted events of this expiry
            // stay whatever its limit (as on PostgreSQL).
            if let Some(before) = expiry.finished_before_ms {
                tx.execute(
                    "DELETE FROM events WHERE at_ms < ?",
                    [i64::try_from(before).unwrap_or(i64::MAX)],
                )
                .map_err(backend)?;
            }
            let now = now_ms();
            for id in &ids {
                rated::game_event(&tx, id, now, EventKind::Deleted)?;
                tx.execute("DELETE FROM games WHERE id = ?", [id])
                    .map_err(backend)?;
            }
            tx.commit().map_err(backend)?;
            Ok(ids)
        })
        .await
    }

    async fn delete(&self, id: &str) -> Result<bool, StoreError> {
        let id = id.to_owned();
        self.run_write("delete", move |conn| {
            let tx = conn.transaction().map_err(backend)?;
            rated::game_event(&tx, &id, now_ms(), EventKind::Deleted)?;
            let gone = tx
                .execute("DELETE FROM games WHERE id = ?", [&id])
                .map_err(backend)?;
            tx.commit().map_err(backend)?;
            Ok(gone > 0)
        })
        .await
    }

    async fn flush(&self) -> Result<(), StoreError> {
        // Every commit is durable in the log already; this folds the log
        // into the database file, so a copy of that file alone (a backup
        // of the volume after the process stopped) has every game.
        self.run("flush", |conn| {
            conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| {
                r.get::<_, i64>(0)
            })
            .map(|_| ())
            .map_err(backend)
        })
        .await
    }

    fn kind(&self) -> &'static str {
        "sqlite"
    }

    fn faults(&self) -> Option<tokio::sync::watch::Receiver<Option<String>>> {
        Some(self.file.fault.subscribe())
    }
}

#[async_trait]
impl Lobby for SqliteStore {
    async fn seats(&self, id: &str) -> Result<Vec<SeatRecord>, StoreError> {
        let id = id.to_owned();
        self.run("seats", move |conn| load_seats(conn, &id)).await
    }

    async fn resign(&self, id: &str, seat: usize, bot: &str) -> Result<(), StoreError> {
        let (id, bot) = (id.to_owned(), bot.to_owned());
        self.run_write("resign", move |conn| {
            let tx = conn.transaction().map_err(backend)?;
            let changed = tx
                .execute(
                    "UPDATE seats SET bot = ?, resigned = 1 WHERE game_id = ? AND seat = ?",
                    params![bot, id, seat as i64],
                )
                .map_err(backend)?;
            if changed == 0 {
                return Err(StoreError::NotFound(format!("{id} seat {seat}")));
            }
            tx.execute(
                "UPDATE games SET seat_revision = seat_revision + 1, updated_at_ms = ? WHERE id = ?",
                params![now_ms() as i64, id],
            )
            .map_err(backend)?;
            tx.commit().map_err(backend)
        })
        .await
    }

    async fn join(
        &self,
        id: &str,
        seat: Option<usize>,
        taker: &JoinSeat,
        now_ms: u64,
    ) -> Result<Joined, LobbyError> {
        let (id, taker) = (id.to_owned(), taker.clone());
        self.run_write("join", move |conn| {
            let tx = conn.transaction().map_err(backend)?;
            if let Err(e) = waiting(&tx, &id)? {
                return Ok(Err(e));
            }
            let seats = load_seats(&tx, &id)?;
            let chosen = match super::choose_open_seat(&seats, seat, taker.invite_hash) {
                Ok(s) => s,
                Err(e) => return Ok(Err(e)),
            };
            tx.execute(
                "UPDATE seats SET open = 0, invite_hash = NULL, name = ?, token_hash = ?,
                                  player_id = ?
                     WHERE game_id = ? AND seat = ?",
                params![
                    taker.name,
                    taker.token_hash.to_vec(),
                    taker.player_id,
                    id,
                    chosen as i64
                ],
            )
            .map_err(backend)?;
            let still_open = seats.iter().filter(|s| s.open).count() - 1;
            let started = (still_open == 0).then_some(now_ms);
            tx.execute(
                "UPDATE games SET seat_revision = seat_revision + 1, updated_at_ms = ?1,
                         started_at_ms = ?2, status = CASE WHEN ?2 IS NULL THEN status ELSE 1 END
                     WHERE id = ?3",
                params![now_ms as i64, started.map(|t| t as i64), id],
            )
            .map_err(backend)?;
            if let Some(at) = started {
                rated::started_event(&tx, &id, at)?;
            }
            tx.commit().map_err(backend)?;
            Ok(Ok(Joined {
                seat: chosen,
                started_at_ms: started,
            }))
        })
        .await?
    }

    async fn leave(&self, id: &str, seat: usize, holder: [u8; 32]) -> Result<(), LobbyError> {
        let id = id.to_owned();
        self.run_write("leave", move |conn| {
            let tx = conn.transaction().map_err(backend)?;
            if let Err(e) = waiting(&tx, &id)? {
                return Ok(Err(e));
            }
            let changed = tx
                .execute(
                    "UPDATE seats SET open = 1, name = '', token_hash = NULL, invite_hash = NULL,
                                     player_id = ''
                     WHERE game_id = ? AND seat = ? AND bot = '' AND open = 0 AND token_hash = ?",
                    params![id, seat as i64, holder.to_vec()],
                )
                .map_err(backend)?;
            if changed == 0 {
                // A person's seat with another token: it changed since the
                // caller was identified.
                let person: bool = tx
                    .query_row(
                        "SELECT count(*) FROM seats WHERE game_id = ? AND seat = ? AND bot = '' AND open = 0",
                        params![id, seat as i64],
                        |r| r.get::<_, i64>(0),
                    )
                    .map_err(backend)?
                    > 0;
                return Ok(Err(if person {
                    LobbyError::Store(StoreError::TokenChanged { id, seat })
                } else {
                    LobbyError::SeatTaken(seat)
                }));
            }
            tx.execute(
                "UPDATE games SET seat_revision = seat_revision + 1, updated_at_ms = ? WHERE id = ?",
                params![now_ms() as i64, id],
            )
            .map_err(backend)?;
            tx.commit().map_err(backend)?;
            Ok(Ok(()))
        })
        .await?
    }

    async fn fill_open_seats(&self, id: &str, bot: &SeatBot, now: u64) -> Result<bool, StoreError> {
        let (id, bot) = (id.to_owned(), bot.clone());
        self.run_write("fill_open_seats", move |conn| {
            let tx = conn.transaction().map_err(backend)?;
            let started = tx
                .execute(
                    "UPDATE games SET seat_revision = seat_revision + 1, updated_at_ms = ?1,
                         started_at_ms = ?1, status = 1
                     WHERE id = ?2 AND status = 3",
                    params![now as i64, id],
                )
                .map_err(backend)?;
            if started == 0 {
                return Ok(false);
            }
            let open: Vec<i64> = tx
                .prepare("SELECT seat FROM seats WHERE game_id = ? AND open = 1")
                .map_err(backend)?
                .query_map([&id], |r| r.get(0))
                .map_err(backend)?
                .collect::<Result<_, _>>()
                .map_err(backend)?;
            for seat in open {
                tx.execute(
                    "UPDATE seats SET open = 0, invite_hash = NULL, bot = ?, name = ?, player_id = ?
                     WHERE game_id = ? AND seat = ?",
                    params![bot.bot, bot.name_of(seat as usize), bot.player_id, id, seat],
                )
                .map_err(backend)?;
            }
            rated::started_event(&tx, &id, now)?;
            tx.commit().map_err(backend)?;
            Ok(true)
        })
        .await
    }

    async fn started_at(&self, id: &str) -> Result<Option<u64>, StoreError> {
        let id = id.to_owned();
        self.run("started_at", move |conn| {
            let row: Option<Option<i64>> = conn
                .prepare_cached("SELECT started_at_ms FROM games WHERE id = ?")
                .map_err(backend)?
                .query_row([&id], |r| r.get(0))
                .optional()
                .map_err(backend)?;
            match row {
                None => Err(StoreError::NotFound(id)),
                Some(t) => Ok(t.map(|t| t as u64)),
            }
        })
        .await
    }

    async fn live_bot_games(&self, owner: &str) -> Result<u64, StoreError> {
        let owner = owner.to_owned();
        self.run("live_bot_games", move |conn| {
            conn.prepare_cached(
                "SELECT count(*) FROM games g
                 WHERE g.owner = ? AND g.status = 1
                   AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.bot <> '')",
            )
            .map_err(backend)?
            .query_row([&owner], |r| r.get::<_, i64>(0))
            .map(|n| n as u64)
            .map_err(backend)
        })
        .await
    }
}

#[async_trait]
impl Tokens for SqliteStore {
    async fn set_token(
        &self,
        id: &str,
        seat: usize,
        hash: [u8; 32],
        replacing: Option<[u8; 32]>,
    ) -> Result<(), StoreError> {
        let id = id.to_owned();
        self.run_write("set_token", move |conn| {
            let tx = conn.transaction().map_err(backend)?;
            let changed = tx
                .execute(
                    "UPDATE seats SET token_hash = ?1 WHERE game_id = ?2 AND seat = ?3
                         AND (?4 IS NULL OR token_hash = ?4)",
                    params![
                        hash.to_vec(),
                        id,
                        seat as i64,
                        replacing.map(|h| h.to_vec())
                    ],
                )
                .map_err(backend)?;
            if changed == 0 {
                return Err(match replacing {
                    Some(_) => StoreError::TokenChanged { id, seat },
                    None => StoreError::NotFound(format!("{id} seat {seat}")),
                });
            }
            tx.execute(
                "UPDATE games SET seat_revision = seat_revision + 1 WHERE id = ?",
                params![id],
            )
            .map_err(backend)?;
            tx.commit().map_err(backend)
        })
        .await
    }
}

/// Where ticket `id` stands: matched, or its place among the waiting
/// tickets of its pool (longest waiting first).
fn ticket_state(conn: &Connection, id: &str) -> Result<TicketState, StoreError> {
    type Row = (String, i64, Option<String>, Option<i64>);
    let row: Option<Row> = conn
        .query_row(
            "SELECT pool, queued_at_ms, game_id, seat FROM match_queue WHERE id = ?",
            [id],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
        )
        .optional()
        .map_err(backend)?;
    Ok(match row {
        None => TicketState::Gone,
        Some((_, _, Some(game_id), seat)) => TicketState::Matched {
            game_id,
            seat: seat.unwrap_or(0) as u32,
        },
        Some((pool, queued_at, None, _)) => {
            let (ahead, waiting): (i64, i64) = conn
                .query_row(
                    "SELECT count(*) FILTER (WHERE queued_at_ms < ?2
                                OR (queued_at_ms = ?2 AND id < ?3)),
                            count(*)
                     FROM match_queue WHERE pool = ?1 AND game_id IS NULL",
                    params![pool, queued_at, id],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .map_err(backend)?;
            TicketState::Queued {
                position: ahead as u32 + 1,
                waiting: waiting as u32,
            }
        }
    })
}

#[async_trait]
impl Talk for SqliteStore {
    async fn add_talk(&self, id: &str, talk: &NewTalk<'_>) -> Result<u64, StoreError> {
        let id = id.to_owned();
        let (at_ms, body) = (talk.at_ms, talk.body.to_vec());
        let redact = talk.redact.map(|(seq, b)| (seq, b.to_vec()));
        self.run_write("add_talk", move |conn| {
            let tx = conn.transaction().map_err(backend)?;
            if stored_version(&tx, &id)?.is_none() {
                return Err(StoreError::NotFound(id));
            }
            if let Some((seq, body)) = redact {
                let changed = tx
                    .execute(
                        "UPDATE talk SET body = ?1 WHERE game_id = ?2 AND seq = ?3",
                        params![body, id, seq as i64],
                    )
                    .map_err(backend)?;
                if changed == 0 {
                    return Err(StoreError::NotFound(format!("{id} talk {seq}")));
                }
            }
            let seq: i64 = tx
                .query_row(
                    "SELECT COALESCE(MAX(seq), 0) + 1 FROM talk WHERE game_id = ?",
                    [&id],
                    |r| r.get(0),
                )
                .map_err(backend)?;
            tx.execute(
                "INSERT INTO talk (game_id, seq, at_ms, body) VALUES (?1, ?2, ?3, ?4)",
                params![id, seq, at_ms as i64, body],
            )
            .map_err(backend)?;
            tx.commit().map_err(backend)?;
            Ok(seq as u64)
        })
        .await
    }

    async fn talk_since(&self, id: &str, after: u64) -> Result<Vec<TalkEntry>, StoreError> {
        let id = id.to_owned();
        self.run("talk_since", move |conn| {
            let tx = conn.transaction().map_err(backend)?;
            if stored_version(&tx, &id)?.is_none() {
                return Err(StoreError::NotFound(id));
            }
            let mut statement = tx
                .prepare_cached(
                    "SELECT seq, at_ms, body FROM talk WHERE game_id = ?1 AND seq > ?2 ORDER BY seq",
                )
                .map_err(backend)?;
            let rows = statement
                .query_map(params![id, after as i64], |r| {
                    Ok(TalkEntry {
                        seq: r.get::<_, i64>(0)? as u64,
                        at_ms: r.get::<_, i64>(1)? as u64,
                        body: r.get(2)?,
                    })
                })
                .map_err(backend)?;
            rows.collect::<Result<Vec<_>, _>>().map_err(backend)
        })
        .await
    }
}

#[async_trait]
impl RatedPlay for SqliteStore {
    async fn ratings(
        &self,
        game_type: &str,
        player_ids: &[String],
    ) -> Result<Vec<PlayerRating>, StoreError> {
        let (game_type, player_ids) = (game_type.to_owned(), player_ids.to_vec());
        self.run("ratings", move |conn| {
            player_ids
                .iter()
                .map(|p| rated::read_rating(conn, &game_type, p))
                .collect()
        })
        .await
    }

    async fn leaderboard(
        &self,
        game_type: &str,
        offset: u64,
        limit: usize,
    ) -> Result<Vec<PlayerRating>, StoreError> {
        let game_type = game_type.to_owned();
        self.run("leaderboard", move |conn| {
            rated::leaderboard(conn, &game_type, offset, limit)
        })
        .await
    }

    async fn events_after(
        &self,
        after: u64,
        owner: Option<&str>,
        limit: usize,
    ) -> Result<Vec<Event>, StoreError> {
        let owner = owner.map(str::to_owned);
        self.run("events_after", move |conn| {
            rated::events_after(conn, after, owner.as_deref(), limit)
        })
        .await
    }

    async fn feed_head(&self) -> Result<u64, StoreError> {
        self.run("feed_head", |conn| rated::feed_head(conn)).await
    }

    fn feed_notices(&self) -> Option<watch::Receiver<u64>> {
        Some(self.feed.subscribe())
    }

    async fn enqueue(&self, ticket: &Ticket, lease: &Lease<'_>) -> Result<(), StoreError> {
        let (t, owner) = (ticket.clone(), lease.owner.to_owned());
        let (now_ms, until_ms) = (lease.now_ms, lease.until_ms);
        self.run_write("enqueue", move |conn| {
            let tx = conn.transaction().map_err(backend)?;
            let id_taken: bool = tx
                .query_row(
                    "SELECT EXISTS (SELECT 1 FROM match_queue WHERE id = ?1)",
                    params![t.id],
                    |r| r.get(0),
                )
                .map_err(backend)?;
            if id_taken {
                return Err(StoreError::AlreadyExists(t.id));
            }
            // The player's waiting ticket, if any, is replaced.
            tx.execute(
                "DELETE FROM match_queue WHERE ?1 <> '' AND player_id = ?1 AND game_id IS NULL",
                params![t.player_id],
            )
            .map_err(backend)?;
            tx.execute(
                &format!(
                    "INSERT INTO match_queue ({}, seen_at_ms, lease_owner, lease_until_ms)
                     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    rated::TICKET_COLUMNS
                ),
                params![
                    t.id,
                    t.pool,
                    t.player_id,
                    t.name,
                    t.token_hash.to_vec(),
                    t.display,
                    t.owner,
                    t.bot_fill_after_ms.map(|b| b as i64),
                    t.bot,
                    t.queued_at_ms as i64,
                    now_ms as i64,
                    owner,
                    until_ms as i64
                ],
            )
            .map_err(backend)?;
            tx.commit().map_err(backend)
        })
        .await
    }

    async fn hold_tickets(
        &self,
        ids: &[String],
        lease: &Lease<'_>,
    ) -> Result<Vec<TicketState>, StoreError> {
        let (ids, owner) = (ids.to_vec(), lease.owner.to_owned());
        let (now, until) = (lease.now_ms as i64, lease.until_ms as i64);
        self.run_write("hold_tickets", move |conn| {
            let tx = conn.transaction().map_err(backend)?;
            let mut states = Vec::with_capacity(ids.len());
            for id in &ids {
                tx.execute(
                    "UPDATE match_queue SET lease_owner = ?2,
                         lease_until_ms = max(lease_until_ms, ?3), seen_at_ms = ?4
                     WHERE id = ?1 AND (lease_owner = ?2 OR lease_until_ms < ?4)",
                    params![id, owner, until, now],
                )
                .map_err(backend)?;
                states.push(ticket_state(&tx, id)?);
            }
            tx.commit().map_err(backend)?;
            Ok(states)
        })
        .await
    }

    async fn dequeue(&self, id: &str) -> Result<(), StoreError> {
        let id = id.to_owned();
        self.run_write("dequeue", move |conn| {
            conn.execute("DELETE FROM match_queue WHERE id = ?", [&id])
                .map(drop)
                .map_err(backend)
        })
        .await
    }

    async fn queue(&self, now_ms: u64) -> Result<Vec<Ticket>, StoreError> {
        self.run_write("queue", move |conn| {
            let tx = conn.transaction().map_err(backend)?;
            tx.execute(
                "DELETE FROM match_queue WHERE lease_until_ms < ? AND game_id IS NULL",
                [now_ms as i64],
            )
            .map_err(backend)?;
            let waiting = {
                let mut stmt = tx
                    .prepare_cached(&format!(
                        "SELECT {} FROM match_queue WHERE game_id IS NULL
                         ORDER BY queued_at_ms, id",
                        rated::TICKET_COLUMNS
                    ))
                    .map_err(backend)?;
                let rows = stmt.query_map([], rated::ticket_from).map_err(backend)?;
                rows.collect::<Result<Vec<_>, _>>().map_err(backend)?
            };
            tx.commit().map_err(backend)?;
            Ok(waiting)
        })
        .await
    }

    async fn undelivered(&self, now_ms: u64) -> Result<Vec<Undelivered>, StoreError> {
        self.run("undelivered", move |conn| {
            let mut stmt = conn
                .prepare_cached(
                    "SELECT id, game_id, seat FROM match_queue
                     WHERE lease_until_ms < ? AND game_id IS NOT NULL",
                )
                .map_err(backend)?;
            let rows = stmt
                .query_map([now_ms as i64], |r| {
                    Ok(Undelivered {
                        ticket: r.get(0)?,
                        game_id: r.get(1)?,
                        seat: r.get::<_, Option<i64>>(2)?.unwrap_or(0) as u32,
                    })
                })
                .map_err(backend)?;
            rows.collect::<Result<_, _>>().map_err(backend)
        })
        .await
    }

    async fn create_match(
        &self,
        record: &GameRecord,
        seats: &[MatchSeat],
        now_ms: u64,
    ) -> Result<bool, StoreError> {
        let (record, seats, max) = (record.clone(), seats.to_vec(), self.max_games);
        self.run_write("create_match", move |conn| {
            let tx = conn.transaction().map_err(backend)?;
            for m in &seats {
                let taken = tx
                    .execute(
                        "UPDATE match_queue SET game_id = ?, seat = ?
                         WHERE id = ? AND game_id IS NULL AND lease_until_ms >= ?",
                        params![record.id, m.seat, m.ticket, now_ms as i64],
                    )
                    .map_err(backend)?;
                if taken == 0 {
                    // Dropping the transaction rolls back the tickets taken.
                    return Ok(false);
                }
            }
            create_in(&tx, &record, max)?;
            tx.commit().map_err(backend)?;
            Ok(true)
        })
        .await
    }
}

#[async_trait]
impl Leases for SqliteStore {
    async fn cursor(&self, name: &str, lease: &Lease<'_>) -> Result<Option<u64>, StoreError> {
        let (name, owner) = (name.to_owned(), lease.owner.to_owned());
        let (now, until) = (lease.now_ms as i64, lease.until_ms as i64);
        self.run_write("cursor", move |conn| {
            let tx = conn.transaction().map_err(backend)?;
            tx.execute(
                "INSERT INTO feed_cursors (name, position) VALUES (?, 0)
                 ON CONFLICT (name) DO NOTHING",
                [&name],
            )
            .map_err(backend)?;
            let taken = tx
                .execute(
                    "UPDATE feed_cursors SET owner = ?1, until_ms = ?2
                     WHERE name = ?3 AND (owner IS NULL OR owner = ?1 OR until_ms < ?4)",
                    params![owner, until, name, now],
                )
                .map_err(backend)?;
            let position = if taken == 0 {
                None
            } else {
                let p: i64 = tx
                    .query_row(
                        "SELECT position FROM feed_cursors WHERE name = ?",
                        [&name],
                        |r| r.get(0),
                    )
                    .map_err(backend)?;
                Some(p as u64)
            };
            tx.commit().map_err(backend)?;
            Ok(position)
        })
        .await
    }

    async fn advance_cursor(&self, name: &str, owner: &str, to: u64) -> Result<bool, StoreError> {
        let (name, owner) = (name.to_owned(), owner.to_owned());
        self.run_write("advance_cursor", move |conn| {
            conn.execute(
                "UPDATE feed_cursors SET position = max(position, ?) WHERE name = ? AND owner = ?",
                params![to as i64, name, owner],
            )
            .map(|n| n > 0)
            .map_err(backend)
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract;

    fn temp_db(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "satrap-sqlite-{name}-{}-{}",
            std::process::id(),
            now_ms()
        ));
        let _ = std::fs::create_dir_all(&dir);
        dir.join("satrap.db")
    }

    #[tokio::test]
    async fn meets_the_store_contract() -> Result<(), String> {
        let store = SqliteStore::open(&temp_db("contract"), 10)
            .await
            .map_err(|e| e.to_string())?;
        contract::check_store(&store, "s").await?;
        // One process writes the file: it has no leases.
        contract::check_no_leases(&store, "s").await
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn meets_the_lobby_contract() -> Result<(), String> {
        let store = SqliteStore::open(&temp_db("lobby"), 20)
            .await
            .map_err(|e| e.to_string())?;
        contract::check_lobby(&store, "s").await?;
        contract::check_talk(&store, "s").await?;
        contract::check_join_race(&store, &store, "s").await
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn meets_the_rated_contract() -> Result<(), String> {
        let store = SqliteStore::open(&temp_db("rated"), 20)
            .await
            .map_err(|e| e.to_string())?;
        contract::check_rated(&store, "s").await
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn meets_the_tournaments_contract() -> Result<(), String> {
        let store = SqliteStore::open(&temp_db("tournaments"), 10)
            .await
            .map_err(|e| e.to_string())?;
        contract::check_tournaments(&store, "s").await
    }

    /// Group commit: racing appends to many games, several per game, are
    /// each answered as if alone, and only the accepted ones are stored.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn concurrent_appends_are_answered_one_by_one() -> Result<(), String> {
        let store = Arc::new(
            SqliteStore::open(&temp_db("group"), 100)
                .await
                .map_err(|e| e.to_string())?,
        );
        let games: Vec<String> = (0..10).map(|g| format!("g{g}")).collect();
        for (i, g) in games.iter().enumerate() {
            store
                .create(&contract::record(g, "t", i as u64))
                .await
                .map_err(|e| e.to_string())?;
        }
        for round in 0..2u64 {
            let mut tasks = Vec::new();
            for g in &games {
                // Round 0: five racers on version 0; round 1: one each.
                for racer in 0..(if round == 0 { 5 } else { 1 }) {
                    let store = store.clone();
                    let g = g.clone();
                    tasks.push(tokio::spawn(async move {
                        let action = LoggedAction {
                            seat: racer,
                            notation: format!("{g}-r{round}-{racer}"),
                            at_ms: 1_000 + round,
                            ..LoggedAction::default()
                        };
                        let result = store
                            .append(
                                &g,
                                round,
                                std::slice::from_ref(&action),
                                &Commit::new(GameStatus::InProgress, "random"),
                            )
                            .await;
                        (g, action, result)
                    }));
                }
            }
            let mut accepted = std::collections::HashMap::new();
            for t in tasks {
                let (g, action, result) = t.await.map_err(|e| e.to_string())?;
                match result {
                    Ok(()) => {
                        if accepted.insert(g.clone(), action).is_some() {
                            return Err(format!("two appends accepted on {g} in round {round}"));
                        }
                    }
                    Err(StoreError::Conflict {
                        expected, actual, ..
                    }) if expected == round && actual == round + 1 => {}
                    Err(e) => return Err(format!("unexpected {e}")),
                }
            }
            for g in &games {
                let log = store
                    .load(g)
                    .await
                    .map_err(|e| e.to_string())?
                    .ok_or("game lost")?
                    .actions;
                if log.len() as u64 != round + 1 || log.last() != accepted.get(g) {
                    return Err(format!("{g} after round {round}: {log:?}"));
                }
            }
        }
        Ok(())
    }

    #[tokio::test]
    async fn refuses_games_beyond_its_limit() -> Result<(), String> {
        let store = SqliteStore::open(&temp_db("limit"), 3)
            .await
            .map_err(|e| e.to_string())?;
        contract::check_limit(&store, "s", 3).await
    }

    #[tokio::test]
    async fn a_schema_1_file_gains_access_columns_and_keeps_its_games() -> Result<(), StoreError> {
        let path = temp_db("schema1");
        {
            // A file written by a release that knew only the first migration.
            let conn = Connection::open(&path).map_err(backend)?;
            conn.execute_batch(MIGRATIONS[0]).map_err(backend)?;
            conn.pragma_update(None, "user_version", 1)
                .map_err(backend)?;
            conn.execute(
                "INSERT INTO games (id, game_type, options, seed, created_at_ms, updated_at_ms)
                 VALUES ('old', 't', x'01', 7, 1, 1)",
                [],
            )
            .map_err(backend)?;
            conn.execute(
                "INSERT INTO seats (game_id, seat, name, bot, token_hash, resigned)
                 VALUES ('old', 0, 'Ann', 'random', NULL, 0)",
                [],
            )
            .map_err(backend)?;
        }
        let store = SqliteStore::open(&path, 10).await?;
        let old = store.load("old").await?.map(|g| g.record.access);
        assert_eq!(old, Some(AccessRecord::default()), "old games are public");
        let listed = store
            .list(&ListQuery {
                limit: 10,
                private: crate::PrivateGames::Hidden,
                ..ListQuery::default()
            })
            .await?;
        assert_eq!(listed.len(), 1);
        assert_eq!(store.live_bot_games("").await?, 1);
        Ok(())
    }

    #[tokio::test]
    async fn reopening_keeps_games_and_runs_no_migration_twice() -> Result<(), StoreError> {
        let path = temp_db("reopen");
        {
            let store = SqliteStore::open(&path, 10).await?;
            store.create(&contract::record("g", "t", 5)).await?;
            store
                .append(
                    "g",
                    0,
                    &[LoggedAction {
                        seat: 0,
                        notation: "A".into(),
                        ..LoggedAction::default()
                    }],
                    &Commit::new(GameStatus::InProgress, "random"),
                )
                .await?;
        }
        let store = SqliteStore::open(&path, 10).await?;
        let game = store.load("g").await?.map(|g| g.actions.len());
        assert_eq!(game, Some(1));
        let conn = store
            .conn
            .lock()
            .map_err(|_| StoreError::Backend("lock".into()))?;
        let (version, mode): (i64, String) = conn
            .query_row("SELECT (SELECT user_version FROM pragma_user_version), (SELECT journal_mode FROM pragma_journal_mode)", [], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
            .map_err(backend)?;
        assert_eq!(version as usize, MIGRATIONS.len());
        assert_eq!(mode, "wal");
        Ok(())
    }

    #[tokio::test]
    async fn refuses_a_newer_schema() -> Result<(), StoreError> {
        let path = temp_db("newer");
        {
            let conn = Connection::open(&path).map_err(backend)?;
            conn.pragma_update(None, "user_version", 99)
                .map_err(backend)?;
        }
        let err = SqliteStore::open(&path, 10).await.err();
        assert!(
            matches!(&err, Some(StoreError::Backend(m)) if m.contains("newer")),
            "{err:?}"
        );
        Ok(())
    }
}
