//! `satrap ladder --tournament`: the levels as a round-robin tournament,
//! through the server's own tournament module (`satrap_server::tournament`)
//! rather than the ladder's lineup: every level is entered once, the
//! schedule makes every level meet every other (at tables of `--players`,
//! balancing who sits first), each table is a rated game with a clock, and
//! the tournament's standings (points, then the format's tie-breaks) come
//! beside the ratings those games gave.

use std::sync::Arc;
use std::time::{Duration, Instant};

use satrap_server::access::{Principal, Role};
use satrap_server::proto;
use satrap_server::tournament::{TournamentConfig, Tournaments};
use satrap_server::{Hub, ServiceError};

/// The organiser the ladder's tournament is made by (its owner).
const ORGANISER: &str = "ladder";

/// A move's clock: generous, so only a stuck level loses on time.
const PER_MOVE_MS: u64 = 60_000;

/// The tournament's standings as a table, with each level's points.
pub struct Standings {
    pub rounds: usize,
    pub games: usize,
    pub rows: Vec<(u32, String, u32, u32)>,
}

impl Standings {
    pub fn render(&self) -> String {
        let plural = |n: usize, word: &str| match n {
            1 => format!("1 {word}"),
            n => format!("{n} {word}s"),
        };
        let mut out = format!(
            "A round-robin tournament: {}, {}\n\n| place | player | points | games |\n|---|---|---|---|\n",
            plural(self.rounds, "round"),
            plural(self.games, "game")
        );
        for (rank, player, half_points, games) in &self.rows {
            let points = match half_points % 2 {
                0 => format!("{}", half_points / 2),
                _ => format!("{}.5", half_points / 2),
            };
            out.push_str(&format!("| {rank} | `{player}` | {points} | {games} |\n"));
        }
        out
    }
}

/// Play `levels` of `game` as one rated round-robin tournament at tables
/// of `players`, to its end.
pub async fn run(
    hub: &Arc<Hub>,
    game: &str,
    levels: &[String],
    players: usize,
) -> Result<Standings, ServiceError> {
    let tournaments = Tournaments::new(hub.clone(), TournamentConfig::default());
    let follower = tokio::spawn(hub.clone().follow_store());
    let owners = tokio::spawn(tournaments.clone().run());
    let organiser = Principal {
        owner: ORGANISER.into(),
        key: ORGANISER.into(),
        role: Some(Role::Admin),
        guest: false,
    };
    let settings = proto::TournamentSettings {
        name: "satrap ladder".into(),
        game_type: game.to_owned(),
        players_per_table: u32::try_from(players).unwrap_or(2),
        format: proto::TournamentFormat::RoundRobin as i32,
        time_control: Some(proto::TimeControl {
            kind: Some(proto::time_control::Kind::PerMoveMs(PER_MOVE_MS)),
        }),
        rated: true,
        start_at_ms: satrap_store::now_ms() + 1_000,
        ..proto::TournamentSettings::default()
    };
    let made = tournaments.create(settings, &organiser, true).await?;
    for level in levels {
        let join = proto::JoinTournamentRequest {
            tournament_id: made.tournament_id.clone(),
            player_id: format!("bot:{level}"),
            ..proto::JoinTournamentRequest::default()
        };
        tournaments.join(&join, &organiser).await?;
    }
    let start = Instant::now();
    let mut reported = 0;
    let done = loop {
        let now = tournaments
            .get(&made.tournament_id, Some(&organiser))
            .await?;
        let over = [
            proto::TournamentStatus::Finished as i32,
            proto::TournamentStatus::Cancelled as i32,
        ];
        if over.contains(&now.status) {
            break now;
        }
        let played = finished_tables(&now);
        if played >= reported + 10 {
            reported = played;
            eprintln!("{played} tournament games in {:.0?}", start.elapsed());
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    owners.abort();
    follower.abort();
    let player = |entrant: u32| {
        done.entrants
            .get(entrant as usize)
            .and_then(|e| e.player_ids.first().cloned())
            .unwrap_or_default()
    };
    Ok(Standings {
        rounds: done.rounds.len(),
        games: finished_tables(&done),
        rows: done
            .standings
            .iter()
            .map(|s| (s.rank, player(s.entrant), s.points, s.games))
            .collect(),
    })
}

/// Tables decided so far.
fn finished_tables(t: &proto::Tournament) -> usize {
    t.rounds
        .iter()
        .flat_map(|r| &r.tables)
        .filter(|t| !t.places.is_empty())
        .count()
}

#[cfg(test)]
mod tests {
    use crate::ladder::{LadderArgs, run};

    /// Two levels as a round-robin: one game, in the standings and rated
    /// once for each.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_levels_play_a_round_robin_and_are_rated() {
        let args = LadderArgs {
            game: "king_of_siam".into(),
            games: 0,
            players: 2,
            bots: vec!["random".into(), "montecarlo".into()],
            database: "memory://".into(),
            parallel: None,
            tournament: true,
        };
        let ladder = tokio::time::timeout(std::time::Duration::from_secs(120), run(&args))
            .await
            .expect("in time")
            .expect("the ladder ran");
        let t = ladder.tournament.as_ref().expect("a tournament");
        assert_eq!((t.rounds, t.games), (1, 1), "two levels meet once");
        let players: Vec<&str> = t.rows.iter().map(|r| r.1.as_str()).collect();
        assert!(players.contains(&"bot:random") && players.contains(&"bot:montecarlo"));
        // A win is 2 half-points, a draw 1 each: 2 in all.
        assert_eq!(t.rows.iter().map(|r| r.2).sum::<u32>(), 2);
        assert_eq!(ladder.games, 1);
        assert!(ladder.standings.iter().all(|r| r.games == 1), "rated once");
        assert!(
            ladder
                .render()
                .starts_with("A round-robin tournament: 1 round, 1 game")
        );
    }
}
