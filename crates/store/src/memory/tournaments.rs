//! Tournaments in memory: one map under the store's lock.

use async_trait::async_trait;

use super::MemoryStore;
use tokio::sync::broadcast;

use crate::{
    StoreError, TournamentNotice, TournamentQuery, TournamentRecord, TournamentSave, Tournaments,
};

#[async_trait]
impl Tournaments for MemoryStore {
    async fn create_tournament(&self, record: &TournamentRecord) -> Result<(), StoreError> {
        let mut state = self.lock()?;
        if state.tournaments.contains_key(&record.id) {
            return Err(StoreError::AlreadyExists(record.id.clone()));
        }
        state.tournaments.insert(record.id.clone(), record.clone());
        // Under the lock, so notices come in the order of the saves.
        let _ = self.tournaments.send(TournamentNotice::Saved {
            id: record.id.clone(),
            version: record.version,
        });
        Ok(())
    }

    async fn load_tournament(&self, id: &str) -> Result<Option<TournamentRecord>, StoreError> {
        Ok(self.lock()?.tournaments.get(id).cloned())
    }

    async fn list_tournaments(
        &self,
        query: &TournamentQuery,
    ) -> Result<Vec<TournamentRecord>, StoreError> {
        let state = self.lock()?;
        let mut listed: Vec<&TournamentRecord> = state
            .tournaments
            .values()
            .filter(|t| query.matches(t))
            .collect();
        listed.sort_by(|a, b| (b.created_at_ms, &b.id).cmp(&(a.created_at_ms, &a.id)));
        Ok(listed.into_iter().take(query.limit).cloned().collect())
    }

    async fn save_tournament(
        &self,
        id: &str,
        version: u64,
        save: &TournamentSave<'_>,
    ) -> Result<(), StoreError> {
        let mut state = self.lock()?;
        let t = state
            .tournaments
            .get_mut(id)
            .ok_or_else(|| StoreError::NotFound(id.to_owned()))?;
        if t.version != version {
            return Err(StoreError::Conflict {
                id: id.to_owned(),
                expected: version,
                actual: t.version,
            });
        }
        t.version += 1;
        t.status = save.status;
        save.state.clone_into(&mut t.state);
        let version = t.version;
        for event in save.events {
            state.record(event.clone());
        }
        let _ = self.tournaments.send(TournamentNotice::Saved {
            id: id.to_owned(),
            version,
        });
        Ok(())
    }

    fn tournament_notices(&self) -> Option<broadcast::Receiver<TournamentNotice>> {
        Some(self.tournaments.subscribe())
    }
}
