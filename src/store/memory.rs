//! In-memory store (`--database memory://`): for tests, benchmarks and
//! throwaway servers. Everything is lost when the process exits.

use std::collections::HashMap;
use std::sync::Mutex;

use async_trait::async_trait;

use super::{GameRecord, GameStore, LoggedAction, StoreError, StoredGame};

/// Games kept in a map, bounded by a maximum count.
pub struct MemoryStore {
    games: Mutex<HashMap<String, StoredGame>>,
    max_games: usize,
}

impl MemoryStore {
    pub fn new(max_games: usize) -> Self {
        Self {
            games: Mutex::new(HashMap::new()),
            max_games,
        }
    }

    fn lock(&self) -> Result<std::sync::MutexGuard<'_, HashMap<String, StoredGame>>, StoreError> {
        self.games
            .lock()
            .map_err(|_| StoreError::Backend("memory store lock poisoned".into()))
    }
}

#[async_trait]
impl GameStore for MemoryStore {
    async fn create(&self, record: &GameRecord) -> Result<(), StoreError> {
        let mut games = self.lock()?;
        if games.contains_key(&record.id) {
            return Err(StoreError::AlreadyExists(record.id.clone()));
        }
        if games.len() >= self.max_games {
            return Err(StoreError::Full(self.max_games));
        }
        games.insert(
            record.id.clone(),
            StoredGame {
                record: record.clone(),
                actions: Vec::new(),
            },
        );
        Ok(())
    }

    async fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        Ok(self.lock()?.get(id).cloned())
    }

    async fn append(
        &self,
        id: &str,
        version: u64,
        actions: &[LoggedAction],
    ) -> Result<(), StoreError> {
        let mut games = self.lock()?;
        let game = games
            .get_mut(id)
            .ok_or_else(|| StoreError::NotFound(id.to_owned()))?;
        let actual = game.actions.len() as u64;
        if actual != version {
            return Err(StoreError::Conflict {
                id: id.to_owned(),
                expected: version,
                actual,
            });
        }
        game.actions.extend_from_slice(actions);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(id: &str) -> GameRecord {
        GameRecord {
            id: id.into(),
            game_type: "king_of_siam".into(),
            seats: vec![],
            options: vec![],
            seed: 1,
            created_at_ms: 0,
        }
    }

    fn act(n: &str) -> LoggedAction {
        LoggedAction {
            seat: 0,
            notation: n.into(),
        }
    }

    #[tokio::test]
    async fn append_is_guarded_by_version() -> Result<(), StoreError> {
        let s = MemoryStore::new(10);
        s.create(&record("g")).await?;
        s.append("g", 0, &[act("A")]).await?;
        let conflict = StoreError::Conflict {
            id: "g".into(),
            expected: 0,
            actual: 1,
        };
        assert_eq!(s.append("g", 0, &[act("B")]).await, Err(conflict));
        s.append("g", 1, &[act("C"), act("D")]).await?;
        let log = s.load("g").await?.map(|g| g.actions);
        assert_eq!(log, Some(vec![act("A"), act("C"), act("D")]));
        Ok(())
    }

    #[tokio::test]
    async fn limits_and_duplicates() -> Result<(), StoreError> {
        let s = MemoryStore::new(1);
        s.create(&record("a")).await?;
        let exists = StoreError::AlreadyExists("a".into());
        assert_eq!(s.create(&record("a")).await, Err(exists));
        assert_eq!(s.create(&record("b")).await, Err(StoreError::Full(1)));
        let missing = StoreError::NotFound("zz".into());
        assert_eq!(s.append("zz", 0, &[]).await, Err(missing));
        assert!(s.load("zz").await?.is_none());
        Ok(())
    }
}
