//! GetHistory: the action log as the caller may see it, rebuilt by replay
//! (each entry's visibility is the game's to decide), and the seed once the
//! game has ended.

use super::Hub;
use super::cache::replay;
use super::view::{seat_infos, status};
use crate::proto;
use crate::service::auth::Caller;
use crate::service::error::ServiceError;

impl Hub {
    pub async fn history(
        &self,
        id: &str,
        caller: Caller,
    ) -> Result<proto::GetHistoryResponse, ServiceError> {
        let live = self.live(id).await?;
        let (log, over) = {
            let mut cell = live.cell.lock().await;
            self.fresh(&live, &mut cell).await?;
            (cell.log.clone(), cell.instance.is_over())
        };
        let viewer = caller.seat();
        let mut entries = Vec::with_capacity(log.len());
        replay(&live.meta, &log, |inst| {
            if let Some(e) = inst.last_entry(viewer, over) {
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
            status: status(over) as i32,
            version: log.len() as u64,
        })
    }
}
