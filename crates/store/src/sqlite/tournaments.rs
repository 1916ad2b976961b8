//! Tournaments on SQLite: one row each, the state replaced by a
//! version-guarded UPDATE.

use async_trait::async_trait;
use rusqlite::{Row, params};

use super::{SqliteStore, backend};
use tokio::sync::broadcast;

use crate::{
    StoreError, TournamentNotice, TournamentQuery, TournamentRecord, TournamentSave,
    TournamentStatus, Tournaments,
};

const COLUMNS: &str =
    "id, game_type, owner, private, created_at_ms, status, settings, state, version";

fn from_row(r: &Row<'_>) -> rusqlite::Result<(TournamentRecord, i64)> {
    Ok((
        TournamentRecord {
            id: r.get(0)?,
            game_type: r.get(1)?,
            owner: r.get(2)?,
            private: r.get(3)?,
            created_at_ms: r.get::<_, i64>(4)? as u64,
            status: TournamentStatus::Registration,
            settings: r.get(6)?,
            state: r.get(7)?,
            version: r.get::<_, i64>(8)? as u64,
        },
        r.get(5)?,
    ))
}

fn with_status((mut t, code): (TournamentRecord, i64)) -> Result<TournamentRecord, StoreError> {
    t.status = TournamentStatus::from_code(code)?;
    Ok(t)
}

#[async_trait]
impl Tournaments for SqliteStore {
    async fn create_tournament(&self, record: &TournamentRecord) -> Result<(), StoreError> {
        let t = record.clone();
        let notices = self.tournaments.clone();
        self.run_write("create_tournament", move |conn| {
            let added = conn
                .execute(
                    "INSERT INTO tournaments
                        (id, game_type, owner, private, created_at_ms, status, settings, state,
                         version)
                     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                     ON CONFLICT (id) DO NOTHING",
                    params![
                        t.id,
                        t.game_type,
                        t.owner,
                        t.private,
                        t.created_at_ms as i64,
                        t.status.code(),
                        t.settings,
                        t.state,
                        t.version as i64
                    ],
                )
                .map_err(backend)?;
            if added == 0 {
                return Err(StoreError::AlreadyExists(t.id));
            }
            // Announced from the writer, after the commit: in save order.
            let _ = notices.send(TournamentNotice::Saved {
                id: t.id,
                version: t.version,
            });
            Ok(())
        })
        .await
    }

    async fn load_tournament(&self, id: &str) -> Result<Option<TournamentRecord>, StoreError> {
        let id = id.to_owned();
        self.run("load_tournament", move |conn| {
            let row = conn
                .prepare_cached(&format!("SELECT {COLUMNS} FROM tournaments WHERE id = ?"))
                .map_err(backend)?
                .query_row([&id], from_row);
            match row {
                Ok(row) => with_status(row).map(Some),
                Err(rusqlite::Error::QueryReturnedNoRows) => Ok(None),
                Err(e) => Err(backend(e)),
            }
        })
        .await
    }

    async fn list_tournaments(
        &self,
        query: &TournamentQuery,
    ) -> Result<Vec<TournamentRecord>, StoreError> {
        let query = query.clone();
        self.run("list_tournaments", move |conn| {
            let (after_ms, after_id) = match &query.after {
                Some(c) => (Some(c.created_at_ms as i64), Some(c.id.clone())),
                None => (None, None),
            };
            let (all_private, private_owner) = query.private.sql();
            let mut stmt = conn
                .prepare_cached(&format!(
                    "SELECT {COLUMNS} FROM tournaments
                     WHERE (?1 IS NULL OR game_type = ?1)
                       AND (?2 IS NULL OR status = ?2)
                       AND (NOT ?3 OR status IN (1, 2))
                       AND (NOT private OR ?4 OR owner = ?5)
                       AND (?6 IS NULL OR created_at_ms < ?6
                            OR (created_at_ms = ?6 AND id < ?7))
                     ORDER BY created_at_ms DESC, id DESC
                     LIMIT ?8"
                ))
                .map_err(backend)?;
            let rows = stmt
                .query_map(
                    params![
                        query.game_type,
                        query.status.map(TournamentStatus::code),
                        query.live,
                        all_private,
                        private_owner,
                        after_ms,
                        after_id,
                        query.limit as i64
                    ],
                    from_row,
                )
                .map_err(backend)?;
            rows.map(|r| r.map_err(backend).and_then(with_status))
                .collect()
        })
        .await
    }

    async fn save_tournament(
        &self,
        id: &str,
        version: u64,
        save: &TournamentSave<'_>,
    ) -> Result<(), StoreError> {
        let (id, status, state) = (id.to_owned(), save.status.code(), save.state.to_owned());
        let events = save.events.to_vec();
        let notices = self.tournaments.clone();
        self.run_write("save_tournament", move |conn| {
            let tx = conn.transaction().map_err(backend)?;
            let saved = tx
                .execute(
                    "UPDATE tournaments SET status = ?, state = ?, version = version + 1
                     WHERE id = ? AND version = ?",
                    params![status, state, id, version as i64],
                )
                .map_err(backend)?;
            if saved == 0 {
                let stored: Option<i64> = tx
                    .query_row("SELECT version FROM tournaments WHERE id = ?", [&id], |r| {
                        r.get(0)
                    })
                    .map(Some)
                    .or_else(|e| match e {
                        rusqlite::Error::QueryReturnedNoRows => Ok(None),
                        e => Err(backend(e)),
                    })?;
                return Err(match stored {
                    None => StoreError::NotFound(id),
                    Some(actual) => StoreError::Conflict {
                        id,
                        expected: version,
                        actual: actual as u64,
                    },
                });
            }
            for event in &events {
                super::rated::insert_event(&tx, event)?;
            }
            tx.commit().map_err(backend)?;
            let _ = notices.send(TournamentNotice::Saved {
                id,
                version: version + 1,
            });
            Ok(())
        })
        .await
    }

    fn tournament_notices(&self) -> Option<broadcast::Receiver<TournamentNotice>> {
        Some(self.tournaments.subscribe())
    }
}
