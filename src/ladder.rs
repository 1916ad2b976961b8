//! `satrap ladder`: rated games among the built-in bot levels, so that
//! every level has a rating on the same scale as people and external bots.
//!
//! Unlike `satrap arena` (which measures bots without the service), the
//! ladder plays through the service itself: each game is a rated game
//! created by the hub, its bots move in the game's actor, and its end rates
//! the players in the store exactly as any rated game's end does. With
//! `--database` pointing at a server's database the ratings land where
//! that server shows them, and the ladder's matcher also matches external
//! bots queued there (FindMatch with bot fill) against the built-in levels.

use std::sync::Arc;
use std::time::{Duration, Instant};

use satrap_catalog as games;
use satrap_search as bots;
use satrap_server::bots::player_id as bot_player_id;
use satrap_server::proto;
use satrap_server::{Config, Hub, Limits};
use satrap_store::{GameStore, PlayerRating};

/// The command-line flags of `satrap ladder`.
#[derive(Debug, Clone, clap::Args)]
pub struct LadderArgs {
    /// Game id (`territories`, `king_of_siam`, ...).
    #[arg(long)]
    pub game: String,
    /// Rated games to play.
    #[arg(long, default_value_t = 100)]
    pub games: usize,
    /// Players per game.
    #[arg(long, default_value_t = 2)]
    pub players: usize,
    /// The levels on the ladder (default: every built-in bot that plays
    /// the game).
    #[arg(long, value_delimiter = ',')]
    pub bots: Vec<String>,
    /// Where the games and ratings go (default: a throwaway in-memory
    /// store; a server's `--database` to rate into it).
    #[arg(long, default_value = "memory://")]
    pub database: String,
    /// Games played at once (default: the machine's cores).
    #[arg(long)]
    pub parallel: Option<usize>,
    /// Play the levels as one round-robin tournament instead (every level
    /// meets every other, at tables of `--players`; `--games` and
    /// `--parallel` do not apply): the tournament's standings are printed
    /// before the ratings.
    #[arg(long)]
    pub tournament: bool,
}

/// Why a ladder could not run.
#[derive(Debug, thiserror::Error)]
pub enum LadderError {
    #[error("unknown game {0:?} (known: {1})")]
    UnknownGame(String, String),
    #[error("bot {0:?} does not play this game (known: {1})")]
    UnknownBot(String, String),
    #[error("{game} is played by {min} to {max} players, not {got}")]
    PlayerCount {
        game: String,
        min: usize,
        max: usize,
        got: usize,
    },
    #[error("a ladder needs at least two levels")]
    TooFewLevels,
    #[error(transparent)]
    Store(#[from] satrap_store::OpenError),
    #[error("{0}")]
    Service(#[from] satrap_server::ServiceError),
}

/// The ladder after its games: every level's standing, best first.
pub struct Ladder {
    pub game: String,
    pub games: usize,
    pub standings: Vec<PlayerRating>,
    pub elapsed: Duration,
    /// With `--tournament`: the round-robin's own standings.
    pub tournament: Option<crate::ladder_tournament::Standings>,
}

impl Ladder {
    /// A table for the terminal (and docs/bots.md).
    pub fn render(&self) -> String {
        let mut out = self
            .tournament
            .as_ref()
            .map(|t| format!("{}\n", t.render()))
            .unwrap_or_default();
        out += &format!(
            "{} rated games of {} in {:.0} s\n\n| place | player | rating | uncertainty | displayed | games | wins |\n|---|---|---|---|---|---|---|\n",
            self.games,
            self.game,
            self.elapsed.as_secs_f64()
        );
        for (i, r) in self.standings.iter().enumerate() {
            out.push_str(&format!(
                "| {} | `{}` | {:.2} | {:.2} | {:.2} | {} | {} |\n",
                i + 1,
                r.player_id,
                r.rating.rating,
                r.rating.uncertainty,
                r.rating.display(),
                r.games,
                r.wins
            ));
        }
        out
    }
}

/// The seats of game `n`: `players` levels taken in turn from `levels`
/// (every pairing comes up equally often), in a seat order that rotates.
fn lineup(levels: &[String], players: usize, n: usize) -> Vec<String> {
    let k = levels.len();
    // Walk the levels with a step that changes with the round, so every
    // pair of levels meets.
    let round = n / k;
    let step = match players {
        2 => 1 + round % (k - 1).max(1),
        _ => 1,
    };
    let mut seats: Vec<String> = (0..players)
        .map(|i| levels[(n + i * step) % k].clone())
        .collect();
    seats.rotate_left(n % players);
    seats
}

/// Play the ladder.
pub async fn run(args: &LadderArgs) -> Result<Ladder, LadderError> {
    let kind = games::find(&args.game).ok_or_else(|| {
        let known: Vec<&str> = games::registry().iter().map(|k| k.id).collect();
        LadderError::UnknownGame(args.game.clone(), known.join(", "))
    })?;
    if !(kind.min_players..=kind.max_players).contains(&args.players) {
        return Err(LadderError::PlayerCount {
            game: kind.id.into(),
            min: kind.min_players,
            max: kind.max_players,
            got: args.players,
        });
    }
    let playable = bots::names_for(kind.perfect_information);
    let levels: Vec<String> = match args.bots.is_empty() {
        true => playable.iter().map(|b| b.to_string()).collect(),
        false => args.bots.clone(),
    };
    if let Some(b) = levels.iter().find(|b| !playable.contains(&b.as_str())) {
        return Err(LadderError::UnknownBot(b.clone(), playable.join(", ")));
    }
    if levels.len() < 2 {
        return Err(LadderError::TooFewLevels);
    }
    let config = Config {
        database: args.database.clone(),
        ..Config::defaults()
    };
    let store: Arc<dyn GameStore> =
        satrap_store::open_with(&args.database, usize::MAX, config.deadlines()).await?;
    let (stop, shutdown) = tokio::sync::watch::channel(false);
    let hub = Hub::new(store.clone(), Limits::default(), shutdown);
    let matcher = tokio::spawn(satrap_server::rated::matchmaker::run(hub.clone()));
    let start = Instant::now();
    let (done, tournament) = match args.tournament {
        true => {
            let t = crate::ladder_tournament::run(&hub, kind.id, &levels, args.players).await?;
            (t.games, Some(t))
        }
        false => (play_lineups(args, &hub, kind.id, &levels).await, None),
    };
    let ids: Vec<String> = levels.iter().map(|b| bot_player_id(b)).collect();
    let mut standings = store
        .ratings(kind.id, &ids)
        .await
        .map_err(satrap_server::ServiceError::from)?;
    standings.sort_by(|a, b| b.rating.display().total_cmp(&a.rating.display()));
    let _ = stop.send(true);
    let _ = matcher.await;
    Ok(Ladder {
        game: kind.id.to_owned(),
        games: done,
        standings,
        elapsed: start.elapsed(),
        tournament,
    })
}

/// The ladder's own lineups: `--games` games at most `--parallel` at once;
/// how many were played.
async fn play_lineups(args: &LadderArgs, hub: &Arc<Hub>, game: &str, levels: &[String]) -> usize {
    let parallel = args
        .parallel
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get()))
        .max(1);
    let slots = Arc::new(tokio::sync::Semaphore::new(parallel));
    let mut tasks = Vec::with_capacity(args.games);
    for n in 0..args.games {
        let seats = lineup(levels, args.players, n);
        let (hub, slots, game) = (hub.clone(), slots.clone(), game.to_owned());
        tasks.push(tokio::spawn(async move {
            let _slot = slots.acquire().await;
            play(&hub, &game, seats).await
        }));
    }
    let mut done = 0;
    for t in tasks {
        match t.await {
            Ok(Ok(())) => done += 1,
            Ok(Err(e)) => eprintln!("satrap ladder: a game failed: {e}"),
            Err(e) => eprintln!("satrap ladder: a game failed: {e}"),
        }
        if done > 0 && done % 10 == 0 {
            eprintln!("{done}/{} games", args.games);
        }
    }
    done
}

/// One rated game among `seats` (bot names), played to its end.
async fn play(hub: &Hub, game: &str, seats: Vec<String>) -> Result<(), LadderError> {
    let req = proto::CreateGameRequest {
        game_type: game.to_owned(),
        seats: seats
            .iter()
            .enumerate()
            .map(|(i, b)| proto::SeatRequest {
                name: satrap_server::bots::seat_name(b, i),
                bot: b.clone(),
                ..proto::SeatRequest::default()
            })
            .collect(),
        rated: true,
        ..proto::CreateGameRequest::default()
    };
    let created = hub.create_for(req, "ladder").await?;
    loop {
        let snap = hub
            .get(&created.game_id, satrap_server::auth::Caller::Spectator)
            .await?;
        if snap.status == proto::GameStatus::Finished as i32 {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pair_of_levels_meets() {
        let levels: Vec<String> = ["a", "b", "c", "d"].iter().map(|s| s.to_string()).collect();
        let mut met = std::collections::BTreeSet::new();
        for n in 0..24 {
            let seats = lineup(&levels, 2, n);
            assert_ne!(seats[0], seats[1], "game {n}: {seats:?}");
            let mut pair = seats.clone();
            pair.sort();
            met.insert(pair);
        }
        assert_eq!(met.len(), 6, "{met:?}");
        for n in 0..8 {
            let mut three = lineup(&levels, 3, n);
            three.sort();
            three.dedup();
            assert_eq!(three.len(), 3, "three distinct levels");
        }
    }
}
