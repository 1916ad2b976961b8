//! GetHistory: the action log as the caller may see it, rebuilt by replay
//! (each entry's visibility is the game's to decide; the cached log keeps
//! action ids, and replay gives back their notations and events), and the
//! seed once the game has ended.

use super::Hub;
use super::view::{seat_infos, status};
use crate::auth::Caller;
use crate::error::ServiceError;
use crate::proto;

impl Hub {
    pub async fn history(
        &self,
        id: &str,
        caller: Caller,
    ) -> Result<proto::GetHistoryResponse, ServiceError> {
        let live = self.live(id).await?;
        let (log, over, started_at) = {
            let table = self.table(&live).await?;
            let cell = &table.cell;
            (
                cell.log.clone(),
                cell.instance.is_over(),
                cell.clocks.started_at(),
            )
        };
        let viewer = caller.seat();
        let mut entries = Vec::with_capacity(log.len());
        log.replay(&live.meta, started_at, |v| {
            if let Some(mut e) = v.last_entry(viewer, over) {
                e.at_ms = v.clocks.at();
                entries.push(e);
            }
            true
        })?;
        Ok(proto::GetHistoryResponse {
            game_id: live.meta.id.clone(),
            game_type: live.meta.kind.id.to_owned(),
            seats: seat_infos(&live.seats()),
            options: Some(live.meta.options.clone()),
            entries,
            seed: over.then_some(live.meta.seed),
            status: if started_at.is_none() {
                proto::GameStatus::Waiting
            } else {
                status(over)
            } as i32,
            version: log.len() as u64,
        })
    }
}
