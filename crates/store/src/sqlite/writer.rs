//! The SQLite store's group commit: one thread of its own records every
//! append. Appends of different games that arrive while a commit is on its
//! way to disk queue up, and the writer commits all of them in the next
//! transaction (one fsync); one refused append (a version conflict, an
//! unknown game) spoils no other, as it writes nothing (see
//! [`commit_batch`]).
//! Every caller is answered only after the commit that holds its append;
//! an append whose caller gave up (its deadline passed) before its commit
//! began is skipped.
//!
//! Why a thread and not the blocking pool: with the pool, every append was
//! a task of its own that woke a pool thread, took the connection's mutex
//! and most often found that an earlier task had already committed its
//! append; with eight clients that was eight thread wake-ups and mutex
//! hand-offs per commit on a two-core machine. The writer is woken once per
//! batch and takes the connection once per commit.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

use rusqlite::{Connection, params};

use super::{FileGuard, backend, stamp, stored_version};
use crate::{EntryKind, GameEnd, GameStatus, LoggedAction, StoreError, now_ms};

/// Most appends in one transaction: bounds how long one commit holds the
/// connection (readers wait for it) and how much one failure answers.
const MAX_BATCH: usize = 256;

/// One `append` call waiting for its commit.
pub(super) struct PendingAppend {
    pub id: String,
    pub version: u64,
    pub actions: Vec<LoggedAction>,
    pub status: GameStatus,
    /// The end the last action made: its event and any new ratings are
    /// recorded by this append, in its transaction.
    pub end: Option<GameEnd>,
    /// As [`Commit::seat_bot`](crate::Commit::seat_bot).
    pub seat_bot: String,
    pub done: tokio::sync::oneshot::Sender<Result<(), StoreError>>,
}

/// The store's handle on its writer thread; the thread ends once every
/// handle is dropped and the queue is drained.
pub(super) struct Writer {
    queue: mpsc::Sender<PendingAppend>,
    #[cfg(test)]
    stats: Arc<Stats>,
}

/// What the writer has done: appends per commit is the batching achieved.
#[derive(Debug, Default)]
pub(super) struct Stats {
    /// Transactions committed (or failed) by the writer.
    pub commits: AtomicU64,
    /// Appends answered.
    pub appends: AtomicU64,
}

impl Writer {
    /// Start the writer thread; `feed` is changed after every commit that
    /// recorded an event (a game's end).
    pub fn start(
        conn: Arc<Mutex<Connection>>,
        file: Arc<FileGuard>,
        feed: Arc<tokio::sync::watch::Sender<u64>>,
    ) -> Result<Self, StoreError> {
        let (queue, jobs) = mpsc::channel();
        let stats = Arc::new(Stats::default());
        let counted = stats.clone();
        std::thread::Builder::new()
            .name("satrap-sqlite-writer".into())
            .spawn(move || write_loop(&conn, &file, &jobs, &counted, &feed))
            .map_err(|e| StoreError::Backend(format!("sqlite: cannot start the writer: {e}")))?;
        Ok(Self {
            queue,
            #[cfg(test)]
            stats,
        })
    }

    #[cfg(test)]
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// Queue an append for the next commit; its answer comes through
    /// `p.done`.
    pub fn submit(&self, p: PendingAppend) -> Result<(), StoreError> {
        self.queue
            .send(p)
            .map_err(|_| StoreError::Backend("sqlite writer has stopped".into()))
    }
}

/// Take every append queued so far (at most `MAX_BATCH`), commit them
/// together, answer each; repeat until the store is dropped.
fn write_loop(
    conn: &Mutex<Connection>,
    file: &FileGuard,
    jobs: &mpsc::Receiver<PendingAppend>,
    stats: &Stats,
    feed: &tokio::sync::watch::Sender<u64>,
) {
    while let Ok(first) = jobs.recv() {
        let mut batch = vec![first];
        batch.extend(jobs.try_iter().take(MAX_BATCH - 1));
        let Ok(mut conn) = conn.lock() else {
            let e = StoreError::Backend("sqlite connection lock poisoned".into());
            for p in batch {
                let _ = p.done.send(Err(e.clone()));
            }
            continue;
        };
        // Appends that came while a reader held the connection join too.
        let room = MAX_BATCH - batch.len();
        batch.extend(jobs.try_iter().take(room));
        // A caller that stopped waiting (its deadline passed while the
        // connection was busy) was answered UNAVAILABLE: its append must
        // not be recorded behind its back.
        batch.retain(|p| !p.done.is_closed());
        if batch.is_empty() {
            continue;
        }
        let results = commit_batch(&mut conn, file, &batch);
        drop(conn);
        if super::rated::take_events_written() {
            feed.send_modify(|n| *n += 1);
        }
        stats.commits.fetch_add(1, Ordering::Relaxed);
        stats
            .appends
            .fetch_add(batch.len() as u64, Ordering::Relaxed);
        for (p, result) in batch.into_iter().zip(results) {
            let _ = p.done.send(result);
        }
    }
    tracing::debug!(
        commits = stats.commits.load(Ordering::Relaxed),
        appends = stats.appends.load(Ordering::Relaxed),
        "sqlite writer stopped"
    );
}

/// Commit `batch` in one transaction: one result per append, in order.
/// A refused append (a version conflict, an unknown game) writes nothing
/// and is answered alone; an append whose statements fail is rolled back
/// and the others are committed without it; a failed transaction (BEGIN,
/// COMMIT, or an error after which SQLite ended the transaction itself,
/// such as a full disk) fails them all.
///
/// Why no savepoint per append: the version-guarded UPDATE comes first,
/// so a refused append has changed nothing; savepoints cost two more
/// statements per append (each `SAVEPOINT` and `RELEASE` parsed anew) only
/// to undo what a refusal never wrote. The rare failing statement is
/// handled by rolling back and committing the batch again without it.
pub(super) fn commit_batch(
    conn: &mut Connection,
    file: &FileGuard,
    batch: &[PendingAppend],
) -> Vec<Result<(), StoreError>> {
    // `None`: still to be committed in the next attempt.
    let mut results: Vec<Option<Result<(), StoreError>>> = vec![None; batch.len()];
    loop {
        match attempt(conn, file, batch, &mut results) {
            Attempt::Committed => break,
            Attempt::Failed(e) => {
                for r in results.iter_mut().filter(|r| r.is_none()) {
                    *r = Some(Err(e.clone()));
                }
                break;
            }
            // `results` now holds that append's error: again without it.
            Attempt::Retry => {}
        }
    }
    results
        .into_iter()
        .map(|r| r.unwrap_or_else(|| Err(StoreError::Backend("sqlite append not run".into()))))
        .collect()
}

/// How one transaction over a batch ended.
enum Attempt {
    /// Committed: every append of the batch has its answer.
    Committed,
    /// One append's statements failed: it has its error, the transaction
    /// was rolled back, the others are to be committed again.
    Retry,
    /// The transaction failed as a whole: the appends not yet answered
    /// get this error.
    Failed(StoreError),
}

/// One transaction over the appends of `batch` not yet answered in
/// `results`; the appends it commits get `Ok` (or their refusal) there.
fn attempt(
    conn: &Connection,
    file: &FileGuard,
    batch: &[PendingAppend],
    results: &mut [Option<Result<(), StoreError>>],
) -> Attempt {
    if let Err(e) = file.check().and_then(|()| exec(conn, "BEGIN IMMEDIATE")) {
        return Attempt::Failed(e);
    }
    let mut answers = Vec::with_capacity(batch.len());
    for (i, p) in batch.iter().enumerate() {
        if results[i].is_some() {
            continue;
        }
        match append_one(conn, p) {
            Ok(answer) => answers.push((i, answer)),
            Err(e) => {
                // SQLite ends the transaction itself after some errors (a
                // full disk, an I/O error): then nothing of it is left to
                // commit and the batch fails; otherwise only the failed
                // statement was undone, and the append is dropped.
                let ended = conn.is_autocommit();
                rollback(conn);
                if ended {
                    return Attempt::Failed(e);
                }
                results[i] = Some(Err(e));
                return Attempt::Retry;
            }
        }
    }
    let ends = answers
        .iter()
        .any(|(i, a)| a.is_ok() && batch[*i].end.is_some());
    if ends {
        crate::crash::point("end-before-commit");
    }
    if let Err(e) = exec(conn, "COMMIT") {
        rollback(conn);
        return Attempt::Failed(e);
    }
    if ends {
        crate::crash::point("end-after-commit");
    }
    // Committed into the file we opened, and it is still the file the
    // path names: only then is any of this acknowledged.
    if let Err(e) = file.check() {
        return Attempt::Failed(e);
    }
    for (i, answer) in answers {
        results[i] = Some(answer);
    }
    Attempt::Committed
}

/// Run a statement without results, prepared once per connection.
fn exec(conn: &Connection, sql: &str) -> Result<(), StoreError> {
    conn.prepare_cached(sql)
        .and_then(|mut s| s.execute([]))
        .map(drop)
        .map_err(backend)
}

/// Undo the open transaction, if SQLite has not already.
fn rollback(conn: &Connection) {
    if !conn.is_autocommit() {
        if let Err(e) = exec(conn, "ROLLBACK") {
            tracing::error!(error = %e, "sqlite: rollback of a group commit failed");
        }
    }
}

/// Append one game's moves, guarded by its version. `Ok(Err(_))`: refused
/// (a version conflict, an unknown game), nothing written; `Err(_)`: a
/// statement failed, and what this append wrote must be rolled back.
fn append_one(conn: &Connection, p: &PendingAppend) -> Result<Result<(), StoreError>, StoreError> {
    let now = now_ms() as i64;
    let updated = conn
        .prepare_cached(
            "UPDATE games SET version = version + ?1, status = ?2, updated_at_ms = ?3
             WHERE id = ?4 AND version = ?5",
        )
        .map_err(backend)?
        .execute(params![
            p.actions.len() as i64,
            p.status.code(),
            now,
            p.id,
            p.version as i64
        ])
        .map_err(backend)?;
    if updated == 0 {
        return Ok(Err(match stored_version(conn, &p.id)? {
            None => StoreError::NotFound(p.id.clone()),
            Some(actual) => StoreError::Conflict {
                id: p.id.clone(),
                expected: p.version,
                actual,
            },
        }));
    }
    let mut insert = conn
        .prepare_cached(
            "INSERT INTO actions (game_id, version, seat, notation, at_ms, kind)
             VALUES (?, ?, ?, ?, ?, ?)",
        )
        .map_err(backend)?;
    for (i, a) in p.actions.iter().enumerate() {
        insert
            .execute(params![
                p.id,
                (p.version + 1) as i64 + i as i64,
                a.seat,
                a.notation,
                stamp(a, now),
                a.kind.code()
            ])
            .map_err(backend)?;
        if a.kind == EntryKind::TimeoutBotTakesSeat {
            // The bot keeps the seat: in the same commit as the timeout.
            conn.prepare_cached(
                "UPDATE seats SET bot = ?, resigned = 1 WHERE game_id = ? AND seat = ?",
            )
            .map_err(backend)?
            .execute(params![p.seat_bot, p.id, a.seat])
            .map_err(backend)?;
            conn.prepare_cached("UPDATE games SET seat_revision = seat_revision + 1 WHERE id = ?")
                .map_err(backend)?
                .execute([&p.id])
                .map_err(backend)?;
        }
    }
    if let Some(end) = &p.end {
        // The end's event and ratings, in the commit of its last action.
        super::rated::record_end(conn, &p.id, end, now as u64)?;
    }
    Ok(Ok(()))
}

#[cfg(test)]
mod tests {
    use std::future::Future;
    use std::pin::Pin;
    use std::task::{Context, Waker};

    use super::*;
    use crate::Commit;
    use crate::contract;
    use crate::{GameLog, SqliteStore};

    async fn store(name: &str, games: usize) -> Result<SqliteStore, StoreError> {
        let dir = std::env::temp_dir().join(format!(
            "satrap-writer-{name}-{}-{}",
            std::process::id(),
            now_ms()
        ));
        let _ = std::fs::create_dir_all(&dir);
        let store = SqliteStore::open(&dir.join("satrap.db"), 100).await?;
        for g in 0..games {
            store
                .create(&contract::record(&format!("g{g}"), "t", g as u64))
                .await?;
        }
        Ok(store)
    }

    fn move_of(
        id: &str,
        version: u64,
    ) -> (
        PendingAppend,
        tokio::sync::oneshot::Receiver<Result<(), StoreError>>,
    ) {
        let (done, answer) = tokio::sync::oneshot::channel();
        let p = PendingAppend {
            id: id.to_owned(),
            version,
            actions: vec![LoggedAction {
                seat: 0,
                notation: format!("{id}@{version}"),
                at_ms: 5,
                ..LoggedAction::default()
            }],
            status: GameStatus::InProgress,
            end: None,
            seat_bot: "random".to_owned(),
            done,
        };
        (p, answer)
    }

    /// One transaction with a conflicting append, an append to an unknown
    /// game and a second append on a version the same batch already took:
    /// each refused alone, the others recorded.
    #[tokio::test]
    async fn a_refused_append_in_a_batch_spoils_no_other() -> Result<(), StoreError> {
        let store = store("refused", 3).await?;
        let batch: Vec<PendingAppend> = [("g0", 0), ("g1", 5), ("nope", 0), ("g2", 0), ("g0", 0)]
            .into_iter()
            .map(|(id, v)| move_of(id, v).0)
            .collect();
        let results = {
            let mut conn = store
                .conn
                .lock()
                .map_err(|_| StoreError::Backend("lock".into()))?;
            commit_batch(&mut conn, &store.file, &batch)
        };
        assert_eq!(results.len(), 5);
        assert_eq!(results[0], Ok(()));
        assert_eq!(
            results[1],
            Err(StoreError::Conflict {
                id: "g1".into(),
                expected: 5,
                actual: 0
            })
        );
        assert_eq!(results[2], Err(StoreError::NotFound("nope".into())));
        assert_eq!(results[3], Ok(()));
        assert_eq!(
            results[4],
            Err(StoreError::Conflict {
                id: "g0".into(),
                expected: 0,
                actual: 1
            })
        );
        for (id, notations) in [("g0", vec!["g0@0"]), ("g1", vec![]), ("g2", vec!["g2@0"])] {
            let log = store.load(id).await?.map(|g| g.actions).unwrap_or_default();
            let got: Vec<&str> = log.iter().map(|a| a.notation.as_str()).collect();
            assert_eq!(got, notations, "{id}");
            let head = store.head(id).await?.map(|h| h.version);
            assert_eq!(head, Some(notations.len() as u64), "{id}");
        }
        Ok(())
    }

    /// An append whose statement fails (here the log already holds the
    /// entry its version would write, as in a damaged file) is answered
    /// with that error and leaves no trace; the batch's other appends are
    /// committed, once.
    #[tokio::test]
    async fn a_failing_append_in_a_batch_spoils_no_other() -> Result<(), StoreError> {
        let store = store("failing", 3).await?;
        let batch: Vec<PendingAppend> = [("g0", 0), ("g1", 0), ("g2", 0)]
            .into_iter()
            .map(|(id, v)| move_of(id, v).0)
            .collect();
        let results = {
            let mut conn = store
                .conn
                .lock()
                .map_err(|_| StoreError::Backend("lock".into()))?;
            conn.execute(
                "INSERT INTO actions (game_id, version, seat, notation, at_ms)
                 VALUES ('g1', 1, 0, 'stray', 1)",
                [],
            )
            .map_err(super::super::backend)?;
            commit_batch(&mut conn, &store.file, &batch)
        };
        assert_eq!(results[0], Ok(()));
        assert!(
            matches!(&results[1], Err(StoreError::Backend(m)) if m.contains("UNIQUE")),
            "{:?}",
            results[1]
        );
        assert_eq!(results[2], Ok(()));
        for (id, version, notations) in [
            ("g0", 1, vec!["g0@0"]),
            ("g1", 0, vec!["stray"]),
            ("g2", 1, vec!["g2@0"]),
        ] {
            let log = store.actions_since(id, 0).await?;
            let got: Vec<&str> = log.iter().map(|a| a.notation.as_str()).collect();
            assert_eq!(got, notations, "{id}");
            assert_eq!(
                store.head(id).await?.map(|h| h.version),
                Some(version),
                "{id}"
            );
        }
        Ok(())
    }

    type Call = Pin<Box<dyn Future<Output = Result<(), StoreError>> + Send>>;

    /// Appends queued while the connection is busy are committed together,
    /// in one transaction, and each caller gets its own answer.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn appends_queued_while_the_connection_is_busy_share_one_commit() -> Result<(), StoreError>
    {
        let store = Arc::new(store("queued", 20).await?);
        // A reader holds the connection, as a long query would.
        let (locked_tx, locked) = std::sync::mpsc::channel();
        let (release, released) = std::sync::mpsc::channel::<()>();
        let conn = store.conn.clone();
        let holder = std::thread::spawn(move || {
            let _guard = conn.lock();
            let _ = locked_tx.send(());
            let _ = released.recv();
        });
        let _ = locked.recv();
        let mut calls: Vec<Call> = Vec::new();
        for g in 0..20 {
            let store = store.clone();
            // Game 7 is appended on a version it does not have.
            let version = if g == 7 { 3 } else { 0 };
            calls.push(Box::pin(async move {
                let action = LoggedAction {
                    seat: 1,
                    notation: format!("m{g}"),
                    ..LoggedAction::default()
                };
                store
                    .append(
                        &format!("g{g}"),
                        version,
                        &[action],
                        &Commit::new(GameStatus::InProgress, "random"),
                    )
                    .await
            }));
        }
        // Polled once, each call has queued its append and waits.
        let mut cx = Context::from_waker(Waker::noop());
        for call in &mut calls {
            assert!(call.as_mut().poll(&mut cx).is_pending());
        }
        let _ = release.send(());
        let _ = holder.join();
        for (g, call) in calls.into_iter().enumerate() {
            let result = call.await;
            if g == 7 {
                assert!(
                    matches!(result, Err(StoreError::Conflict { .. })),
                    "{result:?}"
                );
            } else {
                assert_eq!(result, Ok(()), "game {g}");
            }
        }
        let stats = store.writer.stats();
        assert_eq!(stats.appends.load(Ordering::Relaxed), 20);
        assert_eq!(stats.commits.load(Ordering::Relaxed), 1);
        assert_eq!(store.head("g19").await?.map(|h| h.version), Some(1));
        assert_eq!(store.head("g7").await?.map(|h| h.version), Some(0));
        Ok(())
    }

    /// A writer that cannot get to the disk (the connection held, as by a
    /// stuck commit) answers UNAVAILABLE within the deadline, and the
    /// append it gave up on is not recorded once the writer gets going
    /// again; the next append is.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn an_append_past_its_deadline_is_unavailable_and_not_recorded() -> Result<(), StoreError>
    {
        let dir = std::env::temp_dir().join(format!(
            "satrap-writer-deadline-{}-{}",
            std::process::id(),
            now_ms()
        ));
        let _ = std::fs::create_dir_all(&dir);
        let deadline = std::time::Duration::from_millis(300);
        let store = SqliteStore::open_with(
            &dir.join("satrap.db"),
            100,
            crate::Deadlines {
                statement: deadline,
                ..crate::Deadlines::default()
            },
        )
        .await?;
        store.create(&contract::record("g", "t", 1)).await?;
        let (locked_tx, locked) = std::sync::mpsc::channel();
        let (release, released) = std::sync::mpsc::channel::<()>();
        let conn = store.conn.clone();
        let holder = std::thread::spawn(move || {
            let _guard = conn.lock();
            let _ = locked_tx.send(());
            let _ = released.recv();
        });
        let _ = locked.recv();
        let action = LoggedAction {
            seat: 0,
            notation: "late".into(),
            ..LoggedAction::default()
        };
        let start = std::time::Instant::now();
        let answer = store
            .append(
                "g",
                0,
                std::slice::from_ref(&action),
                &Commit::new(GameStatus::InProgress, "random"),
            )
            .await;
        let took = start.elapsed();
        assert_eq!(
            answer,
            Err(StoreError::Unavailable {
                what: "append",
                after: deadline
            })
        );
        assert!(
            took >= deadline && took < deadline * 4,
            "answered after {took:?}"
        );
        // Reads wait for the connection too, and are bounded the same way.
        assert!(matches!(
            store.head("g").await,
            Err(StoreError::Unavailable { what: "head", .. })
        ));
        let _ = release.send(());
        let _ = holder.join();
        let next = LoggedAction {
            notation: "next".into(),
            ..action
        };
        store
            .append(
                "g",
                0,
                std::slice::from_ref(&next),
                &Commit::new(GameStatus::InProgress, "random"),
            )
            .await?;
        let log = store
            .load("g")
            .await?
            .map(|g| g.actions)
            .unwrap_or_default();
        let got: Vec<&str> = log.iter().map(|a| a.notation.as_str()).collect();
        assert_eq!(got, ["next"], "the abandoned append was skipped");
        Ok(())
    }
}
