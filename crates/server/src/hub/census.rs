//! How many games this replica holds, for the metrics gauges: read at
//! scrape time from the cache itself, so the numbers are exact (no counter
//! kept beside the cache that could drift from it).

use super::Hub;
pub use crate::telemetry::exporter::Census;

impl Hub {
    /// Count the cached games. Each game's state is read under its lock
    /// (held only for the read), so a game counts as live or finished as it
    /// is at that instant.
    pub async fn census(&self) -> Census {
        let games = self.all_cached();
        let mut live = 0;
        for game in &games {
            if !game.cell.lock().await.instance.is_over() {
                live += 1;
            }
        }
        Census {
            live,
            cached: games.len(),
        }
    }
}
