//! Tournaments on PostgreSQL: one row each, the state replaced by a
//! version-guarded UPDATE (one statement, so two replicas saving the same
//! version are serialised by the row lock and the second matches nothing).
//! Each creation and save notifies `satrap_tournaments` with
//! `<id> <version>`, delivered at commit to every replica's LISTEN.

use async_trait::async_trait;
use tokio_postgres::Row;

use super::{Db, backend, prepared};
use crate::{
    StoreError, TournamentNotice, TournamentQuery, TournamentRecord, TournamentSave,
    TournamentStatus, Tournaments,
};

const COLUMNS: &str =
    "id, game_type, owner, private, created_at_ms, status, settings, state, version";

const CREATE: &str = "
WITH added AS (
    INSERT INTO tournaments
        (id, game_type, owner, private, created_at_ms, status, settings, state, version)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
    ON CONFLICT (id) DO NOTHING
    RETURNING id, version
)
SELECT pg_notify('satrap_tournaments', id || ' ' || version::TEXT) FROM added";

/// Saved if still at version `$4`; else the stored version, if any.
const SAVE: &str = "
WITH saved AS (
    UPDATE tournaments SET status = $2, state = $3, version = version + 1
    WHERE id = $1 AND version = $4
    RETURNING id, version
)
SELECT (SELECT version FROM saved), (SELECT version FROM tournaments WHERE id = $1),
       (SELECT pg_notify('satrap_tournaments', id || ' ' || version::TEXT) FROM saved)";

const LIST: &str = "
SELECT id, game_type, owner, private, created_at_ms, status, settings, state, version
FROM tournaments
WHERE ($1::TEXT IS NULL OR game_type = $1)
  AND ($2::INTEGER IS NULL OR status = $2)
  AND (NOT $3 OR status IN (1, 2))
  AND (NOT private OR $4 OR owner = $5::TEXT)
  AND ($6::BIGINT IS NULL OR created_at_ms < $6
       OR (created_at_ms = $6 AND id < $7::TEXT))
ORDER BY created_at_ms DESC, id DESC
LIMIT $8";

fn record(r: &Row) -> Result<TournamentRecord, StoreError> {
    Ok(TournamentRecord {
        id: r.get(0),
        game_type: r.get(1),
        owner: r.get(2),
        private: r.get(3),
        created_at_ms: r.get::<_, i64>(4) as u64,
        status: TournamentStatus::from_code(i64::from(r.get::<_, i32>(5)))?,
        settings: r.get(6),
        state: r.get(7),
        version: r.get::<_, i64>(8) as u64,
    })
}

fn code(status: TournamentStatus) -> i32 {
    status.code() as i32
}

#[async_trait]
impl Tournaments for Db {
    async fn create_tournament(&self, t: &TournamentRecord) -> Result<(), StoreError> {
        let client = self.client().await?;
        let added = client
            .query(
                &prepared(&client, CREATE).await?,
                &[
                    &t.id,
                    &t.game_type,
                    &t.owner,
                    &t.private,
                    &(t.created_at_ms as i64),
                    &code(t.status),
                    &t.settings,
                    &t.state,
                    &(t.version as i64),
                ],
            )
            .await
            .map_err(backend)?;
        match added.len() {
            0 => Err(StoreError::AlreadyExists(t.id.clone())),
            _ => Ok(()),
        }
    }

    async fn load_tournament(&self, id: &str) -> Result<Option<TournamentRecord>, StoreError> {
        let client = self.client().await?;
        let sql = format!("SELECT {COLUMNS} FROM tournaments WHERE id = $1");
        let row = client
            .query_opt(&prepared(&client, &sql).await?, &[&id])
            .await
            .map_err(backend)?;
        row.as_ref().map(record).transpose()
    }

    async fn list_tournaments(
        &self,
        query: &TournamentQuery,
    ) -> Result<Vec<TournamentRecord>, StoreError> {
        let client = self.client().await?;
        let (all_private, owner) = query.private.sql();
        let after_ms = query.after.as_ref().map(|c| c.created_at_ms as i64);
        let after_id = query.after.as_ref().map(|c| c.id.as_str());
        let rows = client
            .query(
                &prepared(&client, LIST).await?,
                &[
                    &query.game_type,
                    &query.status.map(code),
                    &query.live,
                    &all_private,
                    &owner,
                    &after_ms,
                    &after_id,
                    &(query.limit as i64),
                ],
            )
            .await
            .map_err(backend)?;
        rows.iter().map(record).collect()
    }

    async fn save_tournament(
        &self,
        id: &str,
        version: u64,
        save: &TournamentSave<'_>,
    ) -> Result<(), StoreError> {
        let mut client = self.client().await?;
        // One transaction: the save and its events are kept together.
        let tx = client.transaction().await.map_err(backend)?;
        let row = tx
            .query_one(
                &prepared(&tx, SAVE).await?,
                &[&id, &code(save.status), &save.state, &(version as i64)],
            )
            .await
            .map_err(backend)?;
        match (row.get::<_, Option<i64>>(0), row.get::<_, Option<i64>>(1)) {
            (Some(_), _) => {
                for event in save.events {
                    super::rated::insert_event(&tx, event).await?;
                }
                tx.commit().await.map_err(backend)
            }
            (None, None) => Err(StoreError::NotFound(id.to_owned())),
            (None, Some(actual)) => Err(StoreError::Conflict {
                id: id.to_owned(),
                expected: version,
                actual: actual as u64,
            }),
        }
    }

    fn tournament_notices(&self) -> Option<tokio::sync::broadcast::Receiver<TournamentNotice>> {
        Some(self.tournaments.subscribe())
    }
}
