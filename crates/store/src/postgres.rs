//! The scale-out store (`--database postgres://...`): several satrap
//! replicas share one PostgreSQL database.
//!
//! Appending move N is one statement (one round trip, see [`APPEND`]) whose
//! `UPDATE ... WHERE version = N-1` takes the game's row lock, so of two
//! replicas racing on a game exactly one succeeds and the other sees a
//! `Conflict`. The same statement inserts the log rows and sends
//! `NOTIFY satrap_moves, '<game id> <version>'`, delivered at commit; every
//! replica LISTENs and refreshes its cached copy, so watch streams on any
//! replica learn of moves committed on any other. Hot queries are prepared
//! once per pooled connection.
//!
//! A database that stops answering must not hold requests: every call
//! answers within the statement deadline (UNAVAILABLE past it, see
//! `deadline`), and a probe on a connection of its own asks `SELECT 1`
//! every second, so that health says NOT_SERVING while the database is
//! unreachable and SERVING again once it answers.

use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use deadpool_postgres::{
    Manager, ManagerConfig, Pool, PoolError, RecyclingMethod, Runtime, TimeoutType, Timeouts,
};
use tokio::sync::{broadcast, watch};
use tokio_postgres::{AsyncMessage, Row};
use tokio_postgres_rustls::MakeRustlsConnect;

use super::deadline::{Bounded, Deadlines, Reachability, within};
use super::layer::Layer;
use super::tls::{TlsSettings, split_url};

use super::{
    AccessRecord, Commit, EntryKind, EventKind, Expiry, GameLog, GameRecord, GameStatus,
    GameSummary, Head, JoinSeat, Joined, ListQuery, Lobby, LobbyError, LoggedAction, NewEvent,
    NewTalk, Notice, SeatBot, SeatRecord, StoreError, StoredGame, Talk, TalkEntry, Tokens,
    choose_open_seat, now_ms,
};

mod rated;
mod tournaments;
mod work;

/// The NOTIFY channel of moves and seat changes.
const CHANNEL: &str = "satrap_moves";
/// A talk entry's notice on [`CHANNEL`]: `'<game id> talk:<seq>'`.
const TALK_NOTICE: &str = "talk:";
/// The NOTIFY channel of the feed: every event's insert notifies it (the
/// payload is its sequence number), so each replica's feed follower reads
/// new events only when there are some.
const FEED_CHANNEL: &str = "satrap_feed";
/// The NOTIFY channel of tournaments: every creation and save notifies it
/// (the payload is `<tournament id> <version>`), so each replica's
/// follower wakes the tournament's driver and watchers.
const TOURNAMENT_CHANNEL: &str = "satrap_tournaments";

/// Key of the advisory lock that serialises migrations of replicas starting
/// together ("satrap" in ASCII).
const MIGRATION_LOCK: i64 = 0x7361_7472_6170;

/// Schema migrations, applied in order at start-up and recorded in
/// `satrap_migrations`. Append, never edit.
const MIGRATIONS: &[&str] = &[
    r#"
CREATE TABLE games (
    id            TEXT PRIMARY KEY,
    game_type     TEXT    NOT NULL,
    options       BYTEA   NOT NULL,
    seed          BIGINT  NOT NULL,   -- the u64 seed's bits
    created_at_ms BIGINT  NOT NULL,
    updated_at_ms BIGINT  NOT NULL,
    version       BIGINT  NOT NULL DEFAULT 0,
    status        INTEGER NOT NULL DEFAULT 1, -- 1 in progress, 2 finished
    seat_revision BIGINT  NOT NULL DEFAULT 0
);
CREATE INDEX games_newest_first ON games (created_at_ms DESC, id DESC);
CREATE INDEX games_by_activity ON games (status, updated_at_ms);
CREATE TABLE seats (
    game_id    TEXT    NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    name       TEXT    NOT NULL,
    bot        TEXT    NOT NULL,
    token_hash BYTEA,
    resigned   BOOLEAN NOT NULL DEFAULT false,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE actions (
    game_id  TEXT    NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version  BIGINT  NOT NULL,
    seat     INTEGER NOT NULL,
    notation TEXT    NOT NULL,
    at_ms    BIGINT  NOT NULL,
    PRIMARY KEY (game_id, version)
);
"#,
    r#"
-- The number of games, kept beside them so that CreateGame checks
-- --max-games without counting the table; its row lock also serialises
-- creation across replicas.
CREATE TABLE satrap_counts (
    id    INTEGER PRIMARY KEY CHECK (id = 1),
    games BIGINT  NOT NULL
);
INSERT INTO satrap_counts (id, games) SELECT 1, count(*) FROM games;
"#,
    r#"
-- private games (their spectator token's hash) and the creator,
-- for quotas. (IF NOT EXISTS: safe to run again on a database whose record
-- of migrations was rolled back.)
ALTER TABLE games ADD COLUMN IF NOT EXISTS private BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE games ADD COLUMN IF NOT EXISTS spectator_hash BYTEA;
ALTER TABLE games ADD COLUMN IF NOT EXISTS owner TEXT NOT NULL DEFAULT '';
CREATE INDEX IF NOT EXISTS games_by_owner ON games (owner, status);
"#,
    r#"
-- Turn clocks and the lobby.
-- (IF NOT EXISTS: safe to run again on a database whose record of
-- migrations was rolled back.)
ALTER TABLE games ADD COLUMN IF NOT EXISTS settings BYTEA NOT NULL DEFAULT '\x';
ALTER TABLE games ADD COLUMN IF NOT EXISTS started_at_ms BIGINT;
UPDATE games SET started_at_ms = created_at_ms WHERE started_at_ms IS NULL AND status <> 3;
ALTER TABLE seats ADD COLUMN IF NOT EXISTS open BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE seats ADD COLUMN IF NOT EXISTS invite_hash BYTEA;
ALTER TABLE actions ADD COLUMN IF NOT EXISTS kind INTEGER NOT NULL DEFAULT 0;
"#,
    r#"
-- Work that survives its replica (crates/store/src/work.rs): when a game
-- next needs the server, and which replica holds it. Games not finished
-- are looked at once; a new game is due at once (its task settles it).
ALTER TABLE games ADD COLUMN IF NOT EXISTS due_at_ms BIGINT;
ALTER TABLE games ADD COLUMN IF NOT EXISTS lease_owner TEXT;
ALTER TABLE games ADD COLUMN IF NOT EXISTS lease_until_ms BIGINT;
UPDATE games SET due_at_ms = 0 WHERE status <> 2;
ALTER TABLE games ALTER COLUMN due_at_ms SET DEFAULT 0;
CREATE INDEX IF NOT EXISTS games_due ON games (due_at_ms) WHERE due_at_ms IS NOT NULL;
"#,
    r#"
-- Rated play (crates/store/src/rated.rs): who plays each seat, rated
-- games, players' ratings, the feed (numbered by the one row of
-- feed_sequence, see postgres/rated.rs), the matchmaking queue and the
-- feed readers' cursors. (IF NOT EXISTS: safe to run again.)
ALTER TABLE seats ADD COLUMN IF NOT EXISTS player_id TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN IF NOT EXISTS rated BOOLEAN NOT NULL DEFAULT false;
CREATE TABLE IF NOT EXISTS ratings (
    game_type     TEXT             NOT NULL,
    player_id     TEXT             NOT NULL,
    rating        DOUBLE PRECISION NOT NULL,
    uncertainty   DOUBLE PRECISION NOT NULL,
    games         BIGINT           NOT NULL,
    wins          BIGINT           NOT NULL,
    last_change   DOUBLE PRECISION NOT NULL,
    updated_at_ms BIGINT           NOT NULL,
    name          TEXT             NOT NULL,
    PRIMARY KEY (game_type, player_id)
);
-- The leaderboard's order: displayed rating, highest first, then player
-- id by its bytes.
CREATE INDEX IF NOT EXISTS ratings_board
    ON ratings (game_type, (rating - 3 * uncertainty) DESC, player_id COLLATE "C");
CREATE TABLE IF NOT EXISTS feed_sequence (
    id  INTEGER PRIMARY KEY CHECK (id = 1),
    seq BIGINT  NOT NULL
);
INSERT INTO feed_sequence (id, seq) VALUES (1, 0) ON CONFLICT (id) DO NOTHING;
CREATE TABLE IF NOT EXISTS events (
    seq       BIGINT  PRIMARY KEY,
    at_ms     BIGINT  NOT NULL,
    game_id   TEXT    NOT NULL,
    game_type TEXT    NOT NULL,
    owner     TEXT    NOT NULL,
    kind      INTEGER NOT NULL,
    detail    TEXT    NOT NULL,
    outcome   BYTEA   NOT NULL
);
CREATE INDEX IF NOT EXISTS events_by_owner ON events (owner, seq);
CREATE INDEX IF NOT EXISTS events_by_time ON events (at_ms);
CREATE TABLE IF NOT EXISTS match_queue (
    id                TEXT PRIMARY KEY,
    pool              TEXT             NOT NULL,
    player_id         TEXT             NOT NULL,
    name              TEXT             NOT NULL,
    token_hash        BYTEA            NOT NULL,
    display           DOUBLE PRECISION NOT NULL,
    owner             TEXT             NOT NULL,
    bot_fill_after_ms BIGINT,
    bot               TEXT             NOT NULL,
    queued_at_ms      BIGINT           NOT NULL,
    seen_at_ms        BIGINT           NOT NULL,
    game_id           TEXT,
    seat              INTEGER
);
-- A player has at most one ticket (anonymous players any number).
CREATE UNIQUE INDEX IF NOT EXISTS match_queue_player ON match_queue (player_id)
    WHERE player_id <> '';
CREATE INDEX IF NOT EXISTS match_queue_waiting ON match_queue (pool, queued_at_ms)
    WHERE game_id IS NULL;
CREATE INDEX IF NOT EXISTS match_queue_seen ON match_queue (seen_at_ms);
CREATE TABLE IF NOT EXISTS feed_cursors (
    name     TEXT PRIMARY KEY,
    position BIGINT NOT NULL,
    owner    TEXT,
    until_ms BIGINT
);
"#,
    r#"
-- A player has at most one waiting ticket: a new one replaces it, and a
-- matched ticket (waiting for its delivery) no longer holds the player.
DROP INDEX IF EXISTS match_queue_player;
CREATE UNIQUE INDEX IF NOT EXISTS match_queue_player ON match_queue (player_id)
    WHERE player_id <> '' AND game_id IS NULL;
"#,
    r#"
-- Tournaments: the state is the server's JSON, replaced by a save guarded
-- by the version (see `tournaments`).
CREATE TABLE IF NOT EXISTS tournaments (
    id            TEXT    PRIMARY KEY,
    game_type     TEXT    NOT NULL,
    owner         TEXT    NOT NULL,
    private       BOOLEAN NOT NULL,
    created_at_ms BIGINT  NOT NULL,
    status        INTEGER NOT NULL, -- 1 registration, 2 running, 3 finished, 4 cancelled
    settings      BYTEA   NOT NULL,
    state         TEXT    NOT NULL,
    version       BIGINT  NOT NULL
);
CREATE INDEX IF NOT EXISTS tournaments_newest_first
    ON tournaments (created_at_ms DESC, id DESC);
"#,
    r#"
-- A ticket is held under a lease like a game (the replica that holds it,
-- until when), renewed for all of a replica's tickets at once;
-- `seen_at_ms` stays as the time of the last renewal.
ALTER TABLE match_queue ADD COLUMN IF NOT EXISTS lease_owner TEXT NOT NULL DEFAULT '';
ALTER TABLE match_queue ADD COLUMN IF NOT EXISTS lease_until_ms BIGINT NOT NULL DEFAULT 0;
DROP INDEX IF EXISTS match_queue_seen;
CREATE INDEX IF NOT EXISTS match_queue_lease ON match_queue (lease_until_ms);
"#,
    r#"
-- A game's talk: chat, offers (see `Talk`), the server's encoding.
CREATE TABLE IF NOT EXISTS talk (
    game_id TEXT   NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq     BIGINT NOT NULL,
    at_ms   BIGINT NOT NULL,
    body    BYTEA  NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"#,
];

/// Appending moves `$5 + 1 ..= $5 + $1` to game `$4` (see `append`).
/// Entries carry their own time (`$10`) and kind (`$11`); a timeout that
/// gives the seat to the bot (`$12`: those seats, bot `$13`) changes the
/// seat and the seat revision in the same statement. The game's next due
/// time is `$14` (due now when a seat changed: its task looks again).
const APPEND: &str = "
WITH moved AS (
    UPDATE games SET version = version + $1, status = $2, updated_at_ms = $3,
                     seat_revision = seat_revision + cardinality($12::integer[]),
                     due_at_ms = CASE WHEN cardinality($12::integer[]) > 0 THEN 0
                                      ELSE $14::bigint END
    WHERE id = $4 AND version = $5
    RETURNING id
), logged AS (
    INSERT INTO actions (game_id, version, seat, notation, at_ms, kind)
    SELECT moved.id, $5 + a.n, a.seat, a.notation, a.at_ms, a.kind
    FROM moved, unnest($6::integer[], $7::text[], $10::bigint[], $11::integer[])
         WITH ORDINALITY AS a (seat, notation, at_ms, kind, n)
), taken AS (
    UPDATE seats SET bot = $13, resigned = true
    FROM moved WHERE seats.game_id = moved.id AND seats.seat = ANY($12::integer[])
)
SELECT pg_notify($8, $9) FROM moved";

/// Creating game `$2` if fewer than `$1` games exist (see `create`): one
/// row with the number of counter rows taken (0: full) and of games
/// inserted (0: the id exists; the caller then rolls back the count).
const CREATE: &str = "
WITH counted AS (
    UPDATE satrap_counts SET games = games + 1 WHERE id = 1 AND games < $1
    RETURNING games
), game AS (
    INSERT INTO games (id, game_type, options, seed, created_at_ms, updated_at_ms,
                       settings, started_at_ms, status, private, spectator_hash, owner, rated)
    SELECT $2, $3, $4, $5, $6, $6, $11, $12, $13, $16, $17, $18, $20 FROM counted
    ON CONFLICT (id) DO NOTHING
    RETURNING id
), seated AS (
    INSERT INTO seats (game_id, seat, name, bot, token_hash, resigned, open, invite_hash,
                       player_id)
    SELECT game.id, s.n - 1, s.name, s.bot, s.token_hash, s.resigned, s.open, s.invite_hash,
           s.player_id
    FROM game, unnest($7::text[], $8::text[], $9::bytea[], $10::boolean[], $14::boolean[],
                      $15::bytea[], $19::text[])
         WITH ORDINALITY AS s (name, bot, token_hash, resigned, open, invite_hash, player_id, n)
)
SELECT (SELECT count(*) FROM counted), (SELECT count(*) FROM game)";

/// Deleting the games retention expires (see `expire`), and their count.
const EXPIRE: &str = "
WITH gone AS (
    DELETE FROM games
    WHERE (status = 2 AND updated_at_ms < $1) OR (status IN (1, 3) AND updated_at_ms < $2)
    RETURNING id, game_type, owner, private
), counted AS (
    UPDATE satrap_counts SET games = games - (SELECT count(*) FROM gone)
    WHERE id = 1 AND EXISTS (SELECT 1 FROM gone)
)
SELECT id, game_type, owner, private FROM gone";

/// The PostgreSQL store: the statements ([`Db`]) in a [`Layer`] that puts
/// the statement deadline on every call ([`Bounded`]).
pub type PostgresStore = Layer<Db, Bounded>;

/// The pool, what the statements need, and the background tasks (LISTEN,
/// the readiness probe), which end with it.
pub struct Db {
    pool: Pool,
    max_games: usize,
    deadlines: Deadlines,
    /// Whether the database answers (health); a connection the pool could
    /// not get in time or not open says it does not.
    reach: Arc<Reachability>,
    notices: broadcast::Sender<Notice>,
    /// Changed by every feed NOTIFY and every LISTEN (re)connection.
    feed: Arc<watch::Sender<u64>>,
    /// Every tournament NOTIFY, and `Resync` at each LISTEN (re)connection.
    tournaments: broadcast::Sender<crate::TournamentNotice>,
    tasks: Vec<tokio::task::AbortHandle>,
}

impl Drop for Db {
    fn drop(&mut self) {
        for task in &self.tasks {
            task.abort();
        }
    }
}

fn backend<E: std::error::Error>(e: E) -> StoreError {
    StoreError::Backend(format!("postgres: {}", chain(&e)))
}

/// An error and its causes, `outer: inner: innermost`. tokio-postgres shows
/// only the outermost ("error performing TLS handshake", "db error") in
/// `Display`; what actually failed is in the sources. A level whose text the
/// previous one already ends with (deadpool repeats its inner error) is
/// skipped.
fn chain(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut next = e.source();
    while let Some(cause) = next {
        let part = cause.to_string();
        if !text.ends_with(&part) {
            text.push_str(": ");
            text.push_str(&part);
        }
        next = cause.source();
    }
    text
}

/// The connection settings of a URL: tokio-postgres's configuration (with
/// the SSL mode it negotiates) and the rustls connector that checks the
/// server as `sslmode` asks.
fn connection_settings(
    url: &str,
) -> Result<(tokio_postgres::Config, MakeRustlsConnect, TlsSettings), StoreError> {
    let (rest, tls) = split_url(url).map_err(|e| StoreError::Backend(format!("postgres: {e}")))?;
    let mut config: tokio_postgres::Config = rest.parse().map_err(backend)?;
    config.ssl_mode(tls.wire_mode());
    let connector = tls
        .connector()
        .map_err(|e| StoreError::Backend(format!("postgres ({tls}): {e}")))?;
    Ok((config, connector, tls))
}

impl Layer<Db, Bounded> {
    /// Connect with the default [`Deadlines`] (see
    /// [`PostgresStore::connect_with`]).
    pub async fn connect(url: &str, max_games: usize) -> Result<Self, StoreError> {
        Self::connect_with(url, max_games, Deadlines::default()).await
    }

    /// Connect, migrate the schema, and start listening for other replicas'
    /// moves and probing the database every [`PROBE_EVERY`].
    ///
    /// `url` may carry libpq's `sslmode` (`disable`, `prefer` — the default
    /// —, `require`, `verify-ca`, `verify-full`) and `sslrootcert` (a PEM
    /// file, or `system`); a failure to connect names the mode.
    ///
    /// Every call answers within `deadlines.statement` (UNAVAILABLE past
    /// it); the server cancels statements that run longer too
    /// (`statement_timeout`, sent as a connection option after any the URL
    /// has); a new connection gets `deadlines.connect`, a wait for a pooled
    /// one `deadlines.pool_wait`.
    pub async fn connect_with(
        url: &str,
        max_games: usize,
        deadlines: Deadlines,
    ) -> Result<Self, StoreError> {
        let (mut config, connector, tls) = connection_settings(url)?;
        config.connect_timeout(deadlines.connect);
        let options = with_statement_timeout(config.get_options(), deadlines.statement);
        config.options(&options);
        let manager = Manager::from_config(
            config.clone(),
            connector.clone(),
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(16)
            .runtime(Runtime::Tokio1)
            .timeouts(Timeouts {
                wait: Some(deadlines.pool_wait),
                create: Some(deadlines.connect),
                recycle: Some(deadlines.pool_wait),
            })
            .build()
            .map_err(backend)?;
        let reach = Arc::new(Reachability::default());
        let mut db = Db {
            pool,
            max_games,
            deadlines,
            reach: reach.clone(),
            notices: broadcast::channel(1024).0,
            feed: Arc::new(watch::Sender::new(0)),
            tournaments: crate::tournaments::notices(),
            tasks: Vec::new(),
        };
        // The first connection shows whether the server and the TLS
        // settings agree: say which settings failed.
        drop(db.pool.get().await.map_err(|e| {
            // deadpool's wrapper adds only "Error occurred while creating a
            // new object" to the connection's own error.
            let why = match &e {
                deadpool_postgres::PoolError::Backend(e) => chain(e),
                other => chain(other),
            };
            StoreError::Backend(format!("postgres ({tls}): cannot connect: {why}"))
        })?);
        db.migrate().await?;
        db.tasks.push(
            tokio::spawn(listen(
                config.clone(),
                connector.clone(),
                db.notices.clone(),
                db.feed.clone(),
                db.tournaments.clone(),
            ))
            .abort_handle(),
        );
        db.tasks
            .push(tokio::spawn(probe(config, connector, deadlines, reach.clone())).abort_handle());
        let bounded = Bounded {
            statement: deadlines.statement,
            reach,
        };
        Ok(Layer::around(Arc::new(db), bounded))
    }

    /// Whether this store's connections to the server are encrypted, as the
    /// server sees it (`pg_stat_ssl`): for operators' checks and the tests
    /// of `sslmode`.
    pub async fn session_encrypted(&self) -> Result<bool, StoreError> {
        self.hook
            .bound("session_encrypted", async {
                let client = self.inner.client().await?;
                let row = client
                    .query_one(
                        "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()",
                        &[],
                    )
                    .await
                    .map_err(backend)?;
                Ok(row.get(0))
            })
            .await
    }
}

/// How often the probe asks the database whether it answers.
pub const PROBE_EVERY: Duration = Duration::from_secs(1);

/// The connection options with the server-side statement timeout after any
/// the URL has (a later `-c` wins, so ours is the one in force).
fn with_statement_timeout(options: Option<&str>, statement: Duration) -> String {
    let ours = format!("-c statement_timeout={}", statement.as_millis().max(1));
    match options.map(str::trim).filter(|o| !o.is_empty()) {
        Some(theirs) => format!("{theirs} {ours}"),
        None => ours,
    }
}

/// Ask the database `SELECT 1` every [`PROBE_EVERY`] on a connection of
/// its own (a pool busy with slow calls must not look like a dead
/// database), within the statement deadline: no answer makes it
/// unreachable, an answer reachable again. A connection that failed once is
/// replaced, so the next probe does not queue behind the lost one.
async fn probe(
    config: tokio_postgres::Config,
    connector: MakeRustlsConnect,
    deadlines: Deadlines,
    reach: Arc<Reachability>,
) {
    let mut session: Option<tokio_postgres::Client> = None;
    let mut ticks = tokio::time::interval(PROBE_EVERY);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        let answer = within("probe", deadlines.statement, async {
            let client = match session.take() {
                Some(client) if !client.is_closed() => client,
                _ => {
                    let (client, connection) =
                        config.connect(connector.clone()).await.map_err(backend)?;
                    tokio::spawn(async move {
                        let _ = connection.await;
                    });
                    client
                }
            };
            client.simple_query("SELECT 1").await.map_err(backend)?;
            session = Some(client);
            Ok::<_, StoreError>(())
        })
        .await;
        match answer {
            Ok(()) => reach.reachable(),
            Err(e) => reach.unreachable(format!("probe: {e}")),
        }
    }
}

impl Db {
    /// A pooled connection, or UNAVAILABLE when none comes in time (all
    /// busy past `pool_wait`, or a new one not open within `connect`);
    /// either says the database is not answering.
    async fn client(&self) -> Result<deadpool_postgres::Object, StoreError> {
        self.pool.get().await.map_err(|e| {
            let e = match e {
                PoolError::Timeout(TimeoutType::Wait) => StoreError::Unavailable {
                    what: "a pooled connection",
                    after: self.deadlines.pool_wait,
                },
                PoolError::Timeout(TimeoutType::Recycle) => StoreError::Unavailable {
                    what: "a pooled connection's check",
                    after: self.deadlines.pool_wait,
                },
                PoolError::Timeout(TimeoutType::Create) => StoreError::Unavailable {
                    what: "a new connection",
                    after: self.deadlines.connect,
                },
                other => backend(other),
            };
            self.reach.unreachable(e.to_string());
            e
        })
    }

    async fn migrate(&self) -> Result<(), StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(backend)?;
        // Migrations may rewrite big tables and wait for another replica's
        // migration: the per-statement bound is for requests, not for them.
        tx.batch_execute("SET LOCAL statement_timeout = 0")
            .await
            .map_err(backend)?;
        tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
            .await
            .map_err(backend)?;
        tx.batch_execute(
            "CREATE TABLE IF NOT EXISTS satrap_migrations (
                 version    INTEGER PRIMARY KEY,
                 applied_at TIMESTAMPTZ NOT NULL DEFAULT now())",
        )
        .await
        .map_err(backend)?;
        let done: i32 = tx
            .query_one(
                "SELECT coalesce(max(version), 0) FROM satrap_migrations",
                &[],
            )
            .await
            .map_err(backend)?
            .get(0);
        let done = usize::try_from(done).unwrap_or(0);
        if done > MIGRATIONS.len() {
            return Err(StoreError::Backend(format!(
                "postgres: the database has schema version {done}, newer than this satrap ({})",
                MIGRATIONS.len()
            )));
        }
        for (i, sql) in MIGRATIONS.iter().enumerate().skip(done) {
            tx.batch_execute(sql).await.map_err(backend)?;
            tx.execute(
                "INSERT INTO satrap_migrations (version) VALUES ($1)",
                &[&((i + 1) as i32)],
            )
            .await
            .map_err(backend)?;
            tracing::info!(version = i + 1, "postgres schema migrated");
        }
        tx.commit().await.map_err(backend)
    }
}

/// Keep a LISTEN connection open for the life of the process, forwarding
/// notifications (moves to `notices`, feed events to `feed`, tournaments
/// to `tournaments`); after every (re)connection send `Resync` and change
/// `feed`, since notices may have been missed while disconnected.
async fn listen(
    config: tokio_postgres::Config,
    connector: MakeRustlsConnect,
    notices: broadcast::Sender<Notice>,
    feed: Arc<watch::Sender<u64>>,
    tournaments: broadcast::Sender<crate::TournamentNotice>,
) {
    let mut backoff = Duration::from_millis(100);
    loop {
        match config.connect(connector.clone()).await {
            Ok((client, mut connection)) => {
                let (done_tx, mut done_rx) = tokio::sync::oneshot::channel::<()>();
                let forward = notices.clone();
                let feed_forward = feed.clone();
                let tournaments_forward = tournaments.clone();
                tokio::spawn(async move {
                    let mut messages =
                        futures_util::stream::poll_fn(move |cx| connection.poll_message(cx));
                    use futures_util::StreamExt;
                    while let Some(message) = messages.next().await {
                        match message {
                            Ok(AsyncMessage::Notification(n)) if n.channel() == FEED_CHANNEL => {
                                feed_forward.send_modify(|v| *v += 1);
                            }
                            Ok(AsyncMessage::Notification(n))
                                if n.channel() == TOURNAMENT_CHANNEL =>
                            {
                                if let Some(Notice::Changed { id, version }) =
                                    parse_notice(n.payload())
                                {
                                    let _ = tournaments_forward
                                        .send(crate::TournamentNotice::Saved { id, version });
                                }
                            }
                            Ok(AsyncMessage::Notification(n)) => {
                                if let Some(notice) = parse_notice(n.payload()) {
                                    let _ = forward.send(notice);
                                }
                            }
                            Ok(_) => {}
                            Err(e) => {
                                tracing::warn!(error = %chain(&e), "postgres LISTEN connection lost");
                                break;
                            }
                        }
                    }
                    let _ = done_tx.send(());
                });
                match client
                    .batch_execute(&format!(
                        "LISTEN {CHANNEL}; LISTEN {FEED_CHANNEL}; LISTEN {TOURNAMENT_CHANNEL}"
                    ))
                    .await
                {
                    Ok(()) => {
                        backoff = Duration::from_millis(100);
                        let _ = notices.send(Notice::Resync);
                        let _ = tournaments.send(crate::TournamentNotice::Resync);
                        feed.send_modify(|v| *v += 1);
                        // Hold the client (dropping it closes the connection)
                        // until the connection ends.
                        let _ = (&mut done_rx).await;
                        drop(client);
                    }
                    Err(e) => tracing::warn!(error = %chain(&e), "postgres LISTEN failed"),
                }
            }
            Err(e) => tracing::warn!(error = %chain(&e), "postgres LISTEN connection failed"),
        }
        tokio::time::sleep(backoff).await;
        backoff = (backoff * 2).min(Duration::from_secs(5));
    }
}

fn parse_notice(payload: &str) -> Option<Notice> {
    let (id, version) = payload.split_once(' ')?;
    if let Some(seq) = version.strip_prefix(TALK_NOTICE) {
        return Some(Notice::Talk {
            id: id.to_owned(),
            seq: seq.parse().ok()?,
        });
    }
    Some(Notice::Changed {
        id: id.to_owned(),
        version: version.parse().ok()?,
    })
}

/// A statement prepared once per pooled connection and reused: a query
/// given as text would cost a round trip to prepare every time.
async fn prepared(
    client: &impl deadpool_postgres::GenericClient,
    sql: &str,
) -> Result<tokio_postgres::Statement, StoreError> {
    client.prepare_cached(sql).await.map_err(backend)
}

fn hash_from(blob: Option<Vec<u8>>) -> Result<Option<[u8; 32]>, StoreError> {
    blob.map(|b| {
        <[u8; 32]>::try_from(b.as_slice())
            .map_err(|_| StoreError::Backend("stored token hash is not 32 bytes".into()))
    })
    .transpose()
}

fn seat_from(row: &Row) -> Result<SeatRecord, StoreError> {
    Ok(SeatRecord {
        player_id: row.get("player_id"),
        name: row.get("name"),
        bot: row.get("bot"),
        token_hash: hash_from(row.get("token_hash"))?,
        resigned: row.get("resigned"),
        open: row.get("open"),
        invite_hash: row
            .get::<_, Option<Vec<u8>>>("invite_hash")
            .map(|b| {
                <[u8; 32]>::try_from(b.as_slice())
                    .map_err(|_| StoreError::Backend("stored invite hash is not 32 bytes".into()))
            })
            .transpose()?,
    })
}

/// Lock game `id`'s row until `tx` ends (joins and leaves of one game then
/// run one at a time) and check that it still waits for players.
async fn lock_waiting(tx: &tokio_postgres::Transaction<'_>, id: &str) -> Result<(), LobbyError> {
    let Some(row) = tx
        .query_opt("SELECT status FROM games WHERE id = $1 FOR UPDATE", &[&id])
        .await
        .map_err(backend)?
    else {
        return Err(StoreError::NotFound(id.to_owned()).into());
    };
    if i64::from(row.get::<_, i32>(0)) != GameStatus::Waiting.code() {
        return Err(LobbyError::Started);
    }
    Ok(())
}

async fn load_seats(
    client: &impl deadpool_postgres::GenericClient,
    id: &str,
) -> Result<Vec<SeatRecord>, StoreError> {
    let sql = "SELECT name, bot, token_hash, resigned, open, invite_hash, player_id
               FROM seats WHERE game_id = $1 ORDER BY seat";
    client
        .query(&prepared(client, sql).await?, &[&id])
        .await
        .map_err(backend)?
        .iter()
        .map(seat_from)
        .collect()
}

async fn load_actions(
    client: &impl deadpool_postgres::GenericClient,
    id: &str,
    from: u64,
) -> Result<Vec<LoggedAction>, StoreError> {
    let sql = "SELECT seat, notation, at_ms, kind FROM actions
               WHERE game_id = $1 AND version > $2 ORDER BY version";
    client
        .query(&prepared(client, sql).await?, &[&id, &(from as i64)])
        .await
        .map_err(backend)?
        .iter()
        .map(|r| {
            Ok(LoggedAction {
                seat: r.get::<_, i32>(0) as u32,
                notation: r.get(1),
                at_ms: r.get::<_, i64>(2) as u64,
                kind: EntryKind::from_code(i64::from(r.get::<_, i32>(3)))?,
            })
        })
        .collect()
}

async fn stored_version(
    client: &impl deadpool_postgres::GenericClient,
    id: &str,
) -> Result<Option<u64>, StoreError> {
    let sql = "SELECT version FROM games WHERE id = $1";
    Ok(client
        .query_opt(&prepared(client, sql).await?, &[&id])
        .await
        .map_err(backend)?
        .map(|r| r.get::<_, i64>(0) as u64))
}

/// Why a version-guarded append changed nothing: the game is gone, or its
/// log has another length.
async fn refusal(
    client: &impl deadpool_postgres::GenericClient,
    id: &str,
    version: u64,
) -> StoreError {
    match stored_version(client, id).await {
        Err(e) => e,
        Ok(None) => StoreError::NotFound(id.to_owned()),
        Ok(Some(actual)) => StoreError::Conflict {
            id: id.to_owned(),
            expected: version,
            actual,
        },
    }
}

/// Game creation's statements shared by `create` and `create_match`.
impl Db {
    /// Create game `record` in `tx`, counted against `--max-games` (the
    /// counter row's lock serialises creation across replicas), with its
    /// feed events. On an error the caller drops `tx`, which rolls back.
    async fn create_in(
        &self,
        tx: &deadpool_postgres::Transaction<'_>,
        record: &GameRecord,
    ) -> Result<(), StoreError> {
        let player_ids: Vec<&str> = record.seats.iter().map(|s| s.player_id.as_str()).collect();
        let names: Vec<&str> = record.seats.iter().map(|s| s.name.as_str()).collect();
        let bots: Vec<&str> = record.seats.iter().map(|s| s.bot.as_str()).collect();
        let hashes: Vec<Option<Vec<u8>>> = record
            .seats
            .iter()
            .map(|s| s.token_hash.map(|h| h.to_vec()))
            .collect();
        let resigned: Vec<bool> = record.seats.iter().map(|s| s.resigned).collect();
        let open: Vec<bool> = record.seats.iter().map(|s| s.open).collect();
        let invites: Vec<Option<Vec<u8>>> = record
            .seats
            .iter()
            .map(|s| s.invite_hash.map(|h| h.to_vec()))
            .collect();
        let status = if record.started_at_ms.is_some() {
            GameStatus::InProgress
        } else {
            GameStatus::Waiting
        };
        let row = tx
            .query_one(
                &prepared(tx, CREATE).await?,
                &[
                    &(self.max_games as i64),
                    &record.id,
                    &record.game_type,
                    &record.options,
                    &(record.seed as i64),
                    &(record.created_at_ms as i64),
                    &names,
                    &bots,
                    &hashes,
                    &resigned,
                    &record.settings,
                    &record.started_at_ms.map(|t| t as i64),
                    &(status.code() as i32),
                    &open,
                    &invites,
                    &record.access.private,
                    &record.access.spectator_hash.map(|h| h.to_vec()),
                    &record.access.owner,
                    &player_ids,
                    &record.rated,
                ],
            )
            .await
            .map_err(backend)?;
        // The caller drops `tx` on an error, which rolls back (and so
        // un-counts).
        if row.get::<_, i64>(0) == 0 {
            return Err(StoreError::Full(self.max_games));
        }
        if row.get::<_, i64>(1) == 0 {
            return Err(StoreError::AlreadyExists(record.id.clone()));
        }
        // The feed, last (see `rated`): created, and started at once
        // unless seats are open.
        for event in NewEvent::created(record) {
            rated::insert_event(tx, &event).await?;
        }
        Ok(())
    }
}

/// The statements behind each call of the log; `PostgresStore` bounds them.
#[async_trait]
impl GameLog for Db {
    async fn create(&self, record: &GameRecord) -> Result<(), StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(backend)?;
        self.create_in(&tx, record).await?;
        tx.commit().await.map_err(backend)
    }

    async fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let mut client = self.client().await?;
        // One snapshot for the record and the log.
        let tx = client
            .build_transaction()
            .isolation_level(tokio_postgres::IsolationLevel::RepeatableRead)
            .read_only(true)
            .start()
            .await
            .map_err(backend)?;
        let sql = "SELECT game_type, options, seed, created_at_ms, private, spectator_hash, owner,
                          settings, started_at_ms, rated
                   FROM games WHERE id = $1";
        let Some(row) = tx
            .query_opt(&prepared(&tx, sql).await?, &[&id])
            .await
            .map_err(backend)?
        else {
            return Ok(None);
        };
        let record = GameRecord {
            rated: row.get(9),
            id: id.to_owned(),
            game_type: row.get(0),
            options: row.get(1),
            seed: row.get::<_, i64>(2) as u64,
            created_at_ms: row.get::<_, i64>(3) as u64,
            seats: load_seats(&tx, id).await?,
            access: AccessRecord {
                private: row.get(4),
                spectator_hash: hash_from(row.get(5))?,
                owner: row.get(6),
            },
            settings: row.get(7),
            started_at_ms: row.get::<_, Option<i64>>(8).map(|t| t as u64),
        };
        let actions = load_actions(&tx, id, 0).await?;
        tx.commit().await.map_err(backend)?;
        Ok(Some(StoredGame { record, actions }))
    }

    async fn append(
        &self,
        id: &str,
        version: u64,
        actions: &[LoggedAction],
        commit: &Commit<'_>,
    ) -> Result<(), StoreError> {
        let Commit {
            status,
            due_at_ms,
            end,
            seat_bot,
        } = *commit;
        // One statement, so one round trip: the version-guarded UPDATE takes
        // the game's row lock, the log rows go in only if it matched, and
        // the NOTIFY is delivered when the statement's transaction commits.
        let mut client = self.client().await?;
        let seats: Vec<i32> = actions.iter().map(|a| a.seat as i32).collect();
        let notations: Vec<&str> = actions.iter().map(|a| a.notation.as_str()).collect();
        let now = now_ms() as i64;
        let times: Vec<i64> = actions
            .iter()
            .map(|a| if a.at_ms == 0 { now } else { a.at_ms as i64 })
            .collect();
        let kinds: Vec<i32> = actions.iter().map(|a| a.kind.code() as i32).collect();
        let taken: Vec<i32> = actions
            .iter()
            .filter(|a| a.kind == EntryKind::TimeoutBotTakesSeat)
            .map(|a| a.seat as i32)
            .collect();
        let payload = format!("{id} {}", version + actions.len() as u64);
        let params: [&(dyn tokio_postgres::types::ToSql + Sync); 14] = [
            &(actions.len() as i64),
            &(status.code() as i32),
            &now,
            &id,
            &(version as i64),
            &seats,
            &notations,
            &CHANNEL,
            &payload,
            &times,
            &kinds,
            &taken,
            &seat_bot,
            &due_at_ms.map(|at| at as i64),
        ];
        let Some(end) = end else {
            let appended = client
                .query_opt(&prepared(&client, APPEND).await?, &params)
                .await
                .map_err(backend)?;
            if appended.is_some() {
                return Ok(());
            }
            return Err(refusal(&client, id, version).await);
        };
        // A game's end: the same statement, then its ratings and event, in
        // one transaction.
        let tx = client.transaction().await.map_err(backend)?;
        let appended = tx
            .query_opt(&prepared(&tx, APPEND).await?, &params)
            .await
            .map_err(backend)?;
        if appended.is_none() {
            return Err(refusal(&tx, id, version).await);
        }
        rated::record_end(&tx, id, end, now as u64).await?;
        tx.commit().await.map_err(backend)
    }

    async fn actions_since(&self, id: &str, from: u64) -> Result<Vec<LoggedAction>, StoreError> {
        let mut client = self.client().await?;
        let tx = client
            .build_transaction()
            .isolation_level(tokio_postgres::IsolationLevel::RepeatableRead)
            .read_only(true)
            .start()
            .await
            .map_err(backend)?;
        if stored_version(&tx, id).await?.is_none() {
            return Err(StoreError::NotFound(id.to_owned()));
        }
        let actions = load_actions(&tx, id, from).await?;
        tx.commit().await.map_err(backend)?;
        Ok(actions)
    }

    async fn head(&self, id: &str) -> Result<Option<Head>, StoreError> {
        let client = self.client().await?;
        let sql = "SELECT version, seat_revision FROM games WHERE id = $1";
        Ok(client
            .query_opt(&prepared(&client, sql).await?, &[&id])
            .await
            .map_err(backend)?
            .map(|r| Head {
                version: r.get::<_, i64>(0) as u64,
                seat_revision: r.get::<_, i64>(1) as u64,
            }))
    }

    async fn list(&self, query: &ListQuery) -> Result<Vec<GameSummary>, StoreError> {
        let client = self.client().await?;
        let after_ms = query.after.as_ref().map(|c| c.created_at_ms as i64);
        let after_id = query.after.as_ref().map(|c| c.id.clone());
        let (all_private, private_owner) = query.private.sql();
        let rows = client
            .query(
                "SELECT id, game_type, status, version, created_at_ms, updated_at_ms, private,
                        settings, rated
                 FROM games
                 WHERE ($1::text IS NULL OR game_type = $1)
                   AND ($2::integer IS NULL OR status = $2)
                   AND (NOT private OR $6::boolean OR owner = $8::text)
                   AND ($3::bigint IS NULL OR created_at_ms < $3
                        OR (created_at_ms = $3 AND id < $4::text))
                   AND (NOT $7::boolean OR EXISTS (SELECT 1 FROM seats
                        WHERE seats.game_id = games.id AND seats.open))
                   AND ($9::bigint IS NULL OR status = $10 OR updated_at_ms >= $9)
                 ORDER BY created_at_ms DESC, id DESC
                 LIMIT $5",
                &[
                    &query.game_type,
                    &query.status.map(|s| s.code() as i32),
                    &after_ms,
                    &after_id,
                    &(query.limit as i64),
                    &all_private,
                    &query.open_seats,
                    &private_owner,
                    &query.active_since_ms.map(super::sql_ms),
                    &(GameStatus::Finished.code() as i32),
                ],
            )
            .await
            .map_err(backend)?;
        let mut games = Vec::with_capacity(rows.len());
        for r in rows {
            let id: String = r.get(0);
            games.push(GameSummary {
                rated: r.get(8),
                seats: load_seats(&client, &id).await?,
                id,
                game_type: r.get(1),
                status: GameStatus::from_code(i64::from(r.get::<_, i32>(2)))?,
                version: r.get::<_, i64>(3) as u64,
                created_at_ms: r.get::<_, i64>(4) as u64,
                updated_at_ms: r.get::<_, i64>(5) as u64,
                private: r.get(6),
                settings: r.get(7),
            });
        }
        Ok(games)
    }

    async fn expire(&self, expiry: Expiry) -> Result<Vec<String>, StoreError> {
        let never = i64::MIN;
        let finished = expiry.finished_before_ms.map_or(never, |t| t as i64);
        let idle = expiry.idle_before_ms.map_or(never, |t| t as i64);
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(backend)?;
        let gone = tx
            .query(&prepared(&tx, EXPIRE).await?, &[&finished, &idle])
            .await
            .map_err(backend)?;
        if let Some(before) = expiry.finished_before_ms {
            tx.execute(
                "DELETE FROM events WHERE at_ms < $1",
                &[&i64::try_from(before).unwrap_or(i64::MAX)],
            )
            .await
            .map_err(backend)?;
        }
        let now = now_ms();
        let mut ids = Vec::with_capacity(gone.len());
        for r in &gone {
            let id: String = r.get(0);
            rated::insert_event(
                &tx,
                &NewEvent {
                    at_ms: now,
                    game_id: id.clone(),
                    game_type: r.get(1),
                    owner: r.get(2),
                    private: r.get(3),
                    kind: EventKind::Deleted,
                },
            )
            .await?;
            ids.push(id);
        }
        tx.commit().await.map_err(backend)?;
        Ok(ids)
    }

    async fn delete(&self, id: &str) -> Result<bool, StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(backend)?;
        let Some(gone) = tx
            .query_opt(
                "DELETE FROM games WHERE id = $1 RETURNING game_type, owner, private",
                &[&id],
            )
            .await
            .map_err(backend)?
        else {
            return Ok(false);
        };
        tx.execute(
            "UPDATE satrap_counts SET games = games - 1 WHERE id = 1",
            &[],
        )
        .await
        .map_err(backend)?;
        // Version 0: every replica caching the game checks its head, finds
        // it gone and ends its watch streams.
        let payload = format!("{id} 0");
        tx.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &payload])
            .await
            .map_err(backend)?;
        rated::insert_event(
            &tx,
            &NewEvent {
                at_ms: now_ms(),
                game_id: id.to_owned(),
                game_type: gone.get(0),
                owner: gone.get(1),
                private: gone.get(2),
                kind: EventKind::Deleted,
            },
        )
        .await?;
        tx.commit().await.map_err(backend)?;
        Ok(true)
    }

    fn kind(&self) -> &'static str {
        "postgres"
    }

    fn shared(&self) -> bool {
        true
    }

    fn notices(&self) -> Option<broadcast::Receiver<Notice>> {
        Some(self.notices.subscribe())
    }

    /// `Some` while the database does not answer: a call got no answer in
    /// time, or the probe did not; `None` again at the probe's next answer.
    fn faults(&self) -> Option<watch::Receiver<Option<String>>> {
        Some(self.reach.subscribe())
    }
}

#[async_trait]
impl Lobby for Db {
    async fn seats(&self, id: &str) -> Result<Vec<SeatRecord>, StoreError> {
        let client = self.client().await?;
        load_seats(&client, id).await
    }

    async fn resign(&self, id: &str, seat: usize, bot: &str) -> Result<(), StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(backend)?;
        let changed = tx
            .execute(
                "UPDATE seats SET bot = $1, resigned = true WHERE game_id = $2 AND seat = $3",
                &[&bot, &id, &(seat as i32)],
            )
            .await
            .map_err(backend)?;
        if changed == 0 {
            return Err(StoreError::NotFound(format!("{id} seat {seat}")));
        }
        let version: i64 = tx
            .query_one(
                "UPDATE games SET seat_revision = seat_revision + 1, updated_at_ms = $1, due_at_ms = 0
                 WHERE id = $2 RETURNING version",
                &[&(now_ms() as i64), &id],
            )
            .await
            .map_err(backend)?
            .get(0);
        let payload = format!("{id} {version}");
        tx.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &payload])
            .await
            .map_err(backend)?;
        tx.commit().await.map_err(backend)
    }

    async fn join(
        &self,
        id: &str,
        seat: Option<usize>,
        taker: &JoinSeat,
        now: u64,
    ) -> Result<Joined, LobbyError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(backend)?;
        // The game's row lock serialises joins: of two racing for the last
        // seat, the second sees it taken.
        lock_waiting(&tx, id).await?;
        let seats = load_seats(&tx, id).await?;
        let chosen = choose_open_seat(&seats, seat, taker.invite_hash)?;
        tx.execute(
            "UPDATE seats SET open = false, invite_hash = NULL, name = $1, token_hash = $2,
                              player_id = $5
             WHERE game_id = $3 AND seat = $4",
            &[
                &taker.name,
                &taker.token_hash.to_vec(),
                &id,
                &(chosen as i32),
                &taker.player_id,
            ],
        )
        .await
        .map_err(backend)?;
        let started = (seats.iter().filter(|s| s.open).count() == 1).then_some(now as i64);
        let version: i64 = tx
            .query_one(
                "UPDATE games SET seat_revision = seat_revision + 1, updated_at_ms = $1, due_at_ms = 0,
                     started_at_ms = $2, status = CASE WHEN $2::bigint IS NULL THEN status ELSE 1 END
                 WHERE id = $3 RETURNING version",
                &[&(now as i64), &started, &id],
            )
            .await
            .map_err(backend)?
            .get(0);
        notify_seats(&tx, id, version).await?;
        if let Some(at) = started {
            rated::started_event(&tx, id, at as u64).await?;
        }
        tx.commit().await.map_err(backend)?;
        Ok(Joined {
            seat: chosen,
            started_at_ms: started.map(|t| t as u64),
        })
    }

    async fn leave(&self, id: &str, seat: usize, holder: [u8; 32]) -> Result<(), LobbyError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(backend)?;
        lock_waiting(&tx, id).await?;
        let changed = tx
            .execute(
                "UPDATE seats SET open = true, name = '', token_hash = NULL, invite_hash = NULL,
                                  player_id = ''
                 WHERE game_id = $1 AND seat = $2 AND bot = '' AND NOT open AND token_hash = $3",
                &[&id, &(seat as i32), &holder.to_vec()],
            )
            .await
            .map_err(backend)?;
        if changed == 0 {
            // A person's seat with another token: it changed since the
            // caller was identified (on this replica or another).
            let person: i64 = tx
                .query_one(
                    "SELECT count(*) FROM seats WHERE game_id = $1 AND seat = $2 AND bot = '' AND NOT open",
                    &[&id, &(seat as i32)],
                )
                .await
                .map_err(backend)?
                .get(0);
            return Err(if person > 0 {
                LobbyError::Store(StoreError::TokenChanged {
                    id: id.to_owned(),
                    seat,
                })
            } else {
                LobbyError::SeatTaken(seat)
            });
        }
        let version: i64 = tx
            .query_one(
                "UPDATE games SET seat_revision = seat_revision + 1, updated_at_ms = $1, due_at_ms = 0
                 WHERE id = $2 RETURNING version",
                &[&(now_ms() as i64), &id],
            )
            .await
            .map_err(backend)?
            .get(0);
        notify_seats(&tx, id, version).await?;
        tx.commit().await.map_err(backend)?;
        Ok(())
    }

    async fn fill_open_seats(&self, id: &str, bot: &SeatBot, now: u64) -> Result<bool, StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(backend)?;
        let Some(row) = tx
            .query_opt(
                "UPDATE games SET seat_revision = seat_revision + 1, updated_at_ms = $1, due_at_ms = 0,
                     started_at_ms = $1, status = 1
                 WHERE id = $2 AND status = 3 RETURNING version",
                &[&(now as i64), &id],
            )
            .await
            .map_err(backend)?
        else {
            return Ok(false);
        };
        tx.execute(
            "UPDATE seats SET open = false, invite_hash = NULL, bot = $1,
                              name = COALESCE(($2::text[])[seat + 1], ''), player_id = $4
             WHERE game_id = $3 AND open",
            &[&bot.bot, &bot.names, &id, &bot.player_id],
        )
        .await
        .map_err(backend)?;
        notify_seats(&tx, id, row.get(0)).await?;
        rated::started_event(&tx, id, now).await?;
        tx.commit().await.map_err(backend)?;
        Ok(true)
    }

    async fn started_at(&self, id: &str) -> Result<Option<u64>, StoreError> {
        let client = self.client().await?;
        let sql = "SELECT started_at_ms FROM games WHERE id = $1";
        match client
            .query_opt(&prepared(&client, sql).await?, &[&id])
            .await
            .map_err(backend)?
        {
            None => Err(StoreError::NotFound(id.to_owned())),
            Some(r) => Ok(r.get::<_, Option<i64>>(0).map(|t| t as u64)),
        }
    }

    async fn live_bot_games(&self, owner: &str) -> Result<u64, StoreError> {
        let client = self.client().await?;
        let sql = "SELECT count(*) FROM games g
                   WHERE g.owner = $1 AND g.status = 1
                     AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.bot <> '')";
        Ok(client
            .query_one(&prepared(&client, sql).await?, &[&owner])
            .await
            .map_err(backend)?
            .get::<_, i64>(0) as u64)
    }
}

#[async_trait]
impl Tokens for Db {
    async fn set_token(
        &self,
        id: &str,
        seat: usize,
        hash: [u8; 32],
        replacing: Option<[u8; 32]>,
    ) -> Result<(), StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(backend)?;
        let replacing_bytes = replacing.map(|h| h.to_vec());
        let changed = tx
            .execute(
                "UPDATE seats SET token_hash = $1 WHERE game_id = $2 AND seat = $3
                     AND ($4::bytea IS NULL OR token_hash = $4)",
                &[&hash.to_vec(), &id, &(seat as i32), &replacing_bytes],
            )
            .await
            .map_err(backend)?;
        if changed == 0 {
            return Err(match replacing {
                Some(_) => StoreError::TokenChanged {
                    id: id.to_owned(),
                    seat,
                },
                None => StoreError::NotFound(format!("{id} seat {seat}")),
            });
        }
        tx.execute(
            "UPDATE games SET seat_revision = seat_revision + 1 WHERE id = $1",
            &[&id],
        )
        .await
        .map_err(backend)?;
        // Version 0: "check anyway" (a seat changed, not the log).
        let payload = format!("{id} 0");
        tx.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &payload])
            .await
            .map_err(backend)?;
        tx.commit().await.map_err(backend)
    }
}

#[async_trait]
impl Talk for Db {
    async fn add_talk(&self, id: &str, talk: &NewTalk<'_>) -> Result<u64, StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(backend)?;
        // The game's row, locked: one talk entry of a game at a time gets
        // the next number.
        let found = tx
            .query_opt("SELECT 1 FROM games WHERE id = $1 FOR UPDATE", &[&id])
            .await
            .map_err(backend)?;
        if found.is_none() {
            return Err(StoreError::NotFound(id.to_owned()));
        }
        if let Some((seq, body)) = talk.redact {
            let changed = tx
                .execute(
                    "UPDATE talk SET body = $1 WHERE game_id = $2 AND seq = $3",
                    &[&body, &id, &(seq as i64)],
                )
                .await
                .map_err(backend)?;
            if changed == 0 {
                return Err(StoreError::NotFound(format!("{id} talk {seq}")));
            }
        }
        let row = tx
            .query_one(
                "INSERT INTO talk (game_id, seq, at_ms, body)
                 SELECT $1, COALESCE(MAX(seq), 0) + 1, $2, $3 FROM talk WHERE game_id = $1
                 RETURNING seq",
                &[&id, &(talk.at_ms as i64), &talk.body],
            )
            .await
            .map_err(backend)?;
        let seq = row.get::<_, i64>(0) as u64;
        let payload = format!("{id} {TALK_NOTICE}{seq}");
        tx.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &payload])
            .await
            .map_err(backend)?;
        tx.commit().await.map_err(backend)?;
        Ok(seq)
    }

    async fn talk_since(&self, id: &str, after: u64) -> Result<Vec<TalkEntry>, StoreError> {
        let client = self.client().await?;
        let found = client
            .query_opt("SELECT 1 FROM games WHERE id = $1", &[&id])
            .await
            .map_err(backend)?;
        if found.is_none() {
            return Err(StoreError::NotFound(id.to_owned()));
        }
        let rows = client
            .query(
                "SELECT seq, at_ms, body FROM talk WHERE game_id = $1 AND seq > $2 ORDER BY seq",
                &[&id, &(after as i64)],
            )
            .await
            .map_err(backend)?;
        Ok(rows
            .iter()
            .map(|r| TalkEntry {
                seq: r.get::<_, i64>(0) as u64,
                at_ms: r.get::<_, i64>(1) as u64,
                body: r.get(2),
            })
            .collect())
    }
}

/// Tell the other replicas that a game's seats changed (they compare the
/// seat revision when the notice arrives).
async fn notify_seats(
    tx: &deadpool_postgres::Transaction<'_>,
    id: &str,
    version: i64,
) -> Result<(), StoreError> {
    let payload = format!("{id} {version}");
    tx.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &payload])
        .await
        .map_err(backend)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_statement_timeout_comes_after_the_urls_options() {
        let five = Duration::from_secs(5);
        assert_eq!(
            with_statement_timeout(None, five),
            "-c statement_timeout=5000"
        );
        assert_eq!(
            with_statement_timeout(Some("-c search_path=satrap"), five),
            "-c search_path=satrap -c statement_timeout=5000"
        );
        assert_eq!(
            with_statement_timeout(Some("  "), Duration::from_millis(250)),
            "-c statement_timeout=250"
        );
    }

    /// A server that accepts the connection and never answers (a frozen
    /// PostgreSQL: the kernel completes the handshake, nobody speaks) does
    /// not hold start-up beyond the connect deadline.
    #[tokio::test]
    async fn a_server_that_never_answers_is_given_up_on_after_the_connect_deadline() {
        let Ok(silent) = std::net::TcpListener::bind("127.0.0.1:0") else {
            panic!("cannot bind a loopback port");
        };
        let port = silent.local_addr().map(|a| a.port()).unwrap_or_default();
        let deadlines = Deadlines {
            connect: Duration::from_millis(300),
            ..Deadlines::default()
        };
        let start = std::time::Instant::now();
        let url = format!("postgres://u:p@127.0.0.1:{port}/db?sslmode=disable");
        let outcome = PostgresStore::connect_with(&url, 10, deadlines).await;
        let took = start.elapsed();
        let Err(StoreError::Backend(why)) = outcome.map(|_| ()) else {
            panic!("connected to a server that never answers");
        };
        assert!(why.contains("cannot connect"), "{why}");
        assert!(took < Duration::from_secs(2), "gave up after {took:?}");
        drop(silent);
    }

    /// A database of its own on the test server (`SATRAP_TEST_POSTGRES_URL`,
    /// whose role may create databases), or `None` when none is configured
    /// and `SATRAP_REQUIRE_EXTERNAL=1` does not forbid skipping.
    async fn test_database(test: &str) -> Option<(String, String)> {
        let Some(admin) = std::env::var("SATRAP_TEST_POSTGRES_URL")
            .ok()
            .filter(|u| !u.is_empty())
        else {
            assert!(
                std::env::var("SATRAP_REQUIRE_EXTERNAL").as_deref() != Ok("1"),
                "{test}: SATRAP_TEST_POSTGRES_URL is not set, and SATRAP_REQUIRE_EXTERNAL=1 forbids skipping"
            );
            eprintln!("SKIPPED {test}: SATRAP_TEST_POSTGRES_URL is not set");
            return None;
        };
        let name = format!(
            "satrap_store_{test}_{}_{}",
            std::process::id(),
            now_ms() % 1_000_000_000
        );
        let (client, connection) = tokio_postgres::connect(&admin, tokio_postgres::NoTls)
            .await
            .expect("connect to the test PostgreSQL");
        tokio::spawn(connection);
        client
            .batch_execute(&format!("CREATE DATABASE {name}"))
            .await
            .expect("CREATE DATABASE (the test role needs CREATEDB)");
        let base = admin.split('?').next().unwrap_or(&admin);
        let (server, _) = base.rsplit_once('/').expect("database URL has a path");
        Some((format!("{server}/{name}"), name))
    }

    async fn drop_database(name: &str) {
        let Ok(admin) = std::env::var("SATRAP_TEST_POSTGRES_URL") else {
            return;
        };
        if let Ok((client, connection)) =
            tokio_postgres::connect(&admin, tokio_postgres::NoTls).await
        {
            tokio::spawn(connection);
            let _ = client
                .batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                .await;
        }
    }

    /// Rated play on a fresh database (its feed is this test's alone),
    /// then the rest of the contract on the same schema.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn meets_the_rated_contract() {
        let Some((url, name)) = test_database("rated").await else {
            return;
        };
        let outcome = async {
            let store = PostgresStore::connect(&url, 40)
                .await
                .map_err(|e| e.to_string())?;
            crate::contract::check_rated(&store, "rated").await?;
            crate::contract::check_store(&store, "store").await?;
            crate::contract::check_lobby(&store, "lobby").await?;
            crate::contract::check_talk(&store, "talk").await?;
            crate::contract::check_join_race(&store, &store, "lobby").await?;
            crate::contract::check_leases(&store, "lease").await
        }
        .await;
        drop_database(&name).await;
        assert_eq!(outcome, Ok(()));
    }

    #[test]
    fn notices_parse() {
        assert_eq!(
            parse_notice("abc 12"),
            Some(Notice::Changed {
                id: "abc".into(),
                version: 12
            })
        );
        assert_eq!(parse_notice("abc"), None);
        assert_eq!(parse_notice("abc x"), None);
        assert_eq!(
            parse_notice("abc talk:3"),
            Some(Notice::Talk {
                id: "abc".into(),
                seq: 3
            })
        );
        assert_eq!(parse_notice("abc talk:x"), None);
    }
}
