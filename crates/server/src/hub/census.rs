//! How many games this replica holds, for the metrics gauges: read at
//! scrape time from the cache itself, so the numbers are exact (no counter
//! kept beside the cache that could drift from it).

use super::Hub;
pub use crate::telemetry::exporter::Census;

impl Hub {
    /// Count the cached games: a game counts as live until its actor has
    /// published that it is over (`Game::finished`, which never turns back).
    pub async fn census(&self) -> Census {
        let games = self.all_cached();
        let live = games
            .iter()
            .filter(|g| !g.finished.load(std::sync::atomic::Ordering::Acquire))
            .count();
        Census {
            live,
            cached: games.len(),
        }
    }
}
