//! GetHistory: the action log as the caller may see it, rebuilt by replay
//! (each entry's visibility is the game's to decide; the cached log keeps
//! action ids, and replay gives back their notations and events), and the
//! seed once the game has ended.

use super::Hub;
use super::actor::{Command, Record};
use super::view::{seat_infos, status};
use crate::auth::Who;
use crate::error::ServiceError;
use crate::proto;

impl Hub {
    /// GetHistory as the caller (identified by the game's actor) may see
    /// it; the replay runs here, not in the actor.
    pub async fn history(
        &self,
        id: &str,
        who: impl Into<Who>,
    ) -> Result<proto::GetHistoryResponse, ServiceError> {
        let who = who.into();
        let live = self.live(id).await?;
        let (
            caller,
            Record {
                log,
                over,
                started_at,
                seats,
            },
        ) = self
            .ask(&live, |answer| Command::History { who, answer })
            .await?;
        let viewer = caller.seat();
        let mut entries = Vec::with_capacity(log.len());
        let (game, _) = log.replay(&live.meta, started_at, &seats, |v| {
            if let Some(mut e) = v.last_entry(viewer, over) {
                e.at_ms = v.clocks.at();
                entries.push(e);
            }
            true
        })?;
        // The chat as the caller reads it (a private game's only with the
        // credentials that let the caller this far).
        let talk = self.store.talk_since(id, 0).await?;
        let chat =
            super::talk::chat::readable(&super::talk::state::chat_of(&talk), viewer, &game.teams());
        Ok(proto::GetHistoryResponse {
            game_id: live.meta.id.clone(),
            game_type: live.meta.kind.id.to_owned(),
            seats: seat_infos(&seats),
            options: Some(live.meta.options.clone()),
            entries,
            seed: over.then_some(live.meta.seed),
            status: if started_at.is_none() {
                proto::GameStatus::Waiting
            } else {
                status(over)
            } as i32,
            version: log.len() as u64,
            chat,
        })
    }
}
