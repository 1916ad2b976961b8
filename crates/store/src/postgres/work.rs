//! Leases on PostgreSQL (see [`crate::work`]): three statements on the
//! `games` row, each one round trip, and one that hands back all of a
//! replica's leases when it drains. Claiming skips rows another replica is
//! claiming at the same moment (`FOR UPDATE SKIP LOCKED`), the way job
//! queues on PostgreSQL do, so replicas never wait on each other's scans.

use async_trait::async_trait;

use super::{Db, backend, prepared};
use crate::{Head, Lease, Leases, StoreError};

/// Up to `$4` games due by `$2` with a free or expired lease, leased to
/// `$1` until `$3`, earliest due first.
const CLAIM_DUE: &str = "
UPDATE games SET lease_owner = $1, lease_until_ms = $3
WHERE id IN (
    SELECT id FROM games
    WHERE due_at_ms <= $2 AND (lease_until_ms IS NULL OR lease_until_ms < $2)
    ORDER BY due_at_ms
    LIMIT $4
    FOR UPDATE SKIP LOCKED
)
RETURNING id";

/// Game `$1` leased to `$2` until `$4` if its lease is free, expired (as of
/// `$3`) or `$2`'s already.
const LEASE: &str = "
UPDATE games SET lease_owner = $2, lease_until_ms = $4
WHERE id = $1 AND (lease_owner = $2 OR lease_until_ms IS NULL OR lease_until_ms < $3)
RETURNING id";

/// Game `$1`'s next due time `$4` recorded and the lease released, if it
/// is still at version `$5` and seat revision `$6` and `$2` may hold it
/// (free, expired as of `$3`, or its own).
const SETTLE: &str = "
UPDATE games SET due_at_ms = $4, lease_owner = NULL, lease_until_ms = NULL
WHERE id = $1 AND version = $5 AND seat_revision = $6
  AND (lease_owner = $2 OR lease_until_ms IS NULL OR lease_until_ms < $3)
RETURNING id";

/// Every lease of `$1` released; due times stay as they are.
const RELEASE: &str = "
UPDATE games SET lease_owner = NULL, lease_until_ms = NULL
WHERE lease_owner = $1";

/// The statements of leases (bounded by `PostgresStore`).
#[async_trait]
impl Leases for Db {
    async fn claim_due(&self, lease: &Lease<'_>, limit: usize) -> Result<Vec<String>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(
                &prepared(&client, CLAIM_DUE).await?,
                &[
                    &lease.owner,
                    &(lease.now_ms as i64),
                    &(lease.until_ms as i64),
                    &(limit as i64),
                ],
            )
            .await
            .map_err(backend)?;
        Ok(rows.iter().map(|r| r.get::<_, String>(0)).collect())
    }

    async fn lease(&self, id: &str, lease: &Lease<'_>) -> Result<bool, StoreError> {
        let client = self.client().await?;
        let row = client
            .query_opt(
                &prepared(&client, LEASE).await?,
                &[
                    &id,
                    &lease.owner,
                    &(lease.now_ms as i64),
                    &(lease.until_ms as i64),
                ],
            )
            .await
            .map_err(backend)?;
        Ok(row.is_some())
    }

    async fn settle(
        &self,
        id: &str,
        lease: &Lease<'_>,
        at: Head,
        due_at_ms: Option<u64>,
    ) -> Result<bool, StoreError> {
        let client = self.client().await?;
        let row = client
            .query_opt(
                &prepared(&client, SETTLE).await?,
                &[
                    &id,
                    &lease.owner,
                    &(lease.now_ms as i64),
                    &due_at_ms.map(|at| at as i64),
                    &(at.version as i64),
                    &(at.seat_revision as i64),
                ],
            )
            .await
            .map_err(backend)?;
        Ok(row.is_some())
    }

    async fn release_leases(&self, owner: &str) -> Result<u64, StoreError> {
        let client = self.client().await?;
        client
            .execute(&prepared(&client, RELEASE).await?, &[&owner])
            .await
            .map_err(backend)
    }

    async fn cursor(&self, name: &str, lease: &Lease<'_>) -> Result<Option<u64>, StoreError> {
        let client = self.client().await?;
        let sql =
            "INSERT INTO feed_cursors (name, position, owner, until_ms) VALUES ($1, 0, $2, $3)
                   ON CONFLICT (name) DO UPDATE SET owner = $2, until_ms = $3
                   WHERE feed_cursors.owner IS NULL OR feed_cursors.owner = $2
                      OR feed_cursors.until_ms < $4
                   RETURNING position";
        Ok(client
            .query_opt(
                &prepared(&client, sql).await?,
                &[
                    &name,
                    &lease.owner,
                    &(lease.until_ms as i64),
                    &(lease.now_ms as i64),
                ],
            )
            .await
            .map_err(backend)?
            .map(|r| r.get::<_, i64>(0) as u64))
    }

    async fn advance_cursor(&self, name: &str, owner: &str, to: u64) -> Result<bool, StoreError> {
        let client = self.client().await?;
        let advanced = client
            .execute(
                "UPDATE feed_cursors SET position = GREATEST(position, $3)
                 WHERE name = $1 AND owner = $2",
                &[&name, &owner, &(to as i64)],
            )
            .await
            .map_err(backend)?;
        Ok(advanced > 0)
    }
}
