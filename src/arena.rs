//! `satrap arena`: plays many games between built-in bots and measures them.
//!
//! Every game is played exactly as the service plays bot seats (the same
//! `Bot::choose`, the same per-move generator `bots::rng_for`), without the
//! network. Deals come from one master seed; with `n` seats each deal is
//! played `n` times with the seating rotated, so no bot profits from a lucky
//! deal or from its seat. Games run in parallel on scoped threads; results
//! are gathered by game number, so the figures do not depend on the thread
//! count (as long as the time cap does not cut a search).

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use satrap_catalog::{self as games, GameKind};
use satrap_engine::GameRng;
use satrap_search::{self as bots, Bot};

/// The command-line flags of `satrap arena`.
#[derive(Debug, Clone, clap::Args)]
pub struct ArenaArgs {
    /// Game id (`territories`, `king_of_siam`, ...).
    #[arg(long)]
    pub game: String,
    /// One bot per seat, comma-separated; their number is the player count
    /// (`mcts,random,random` = 3 players).
    #[arg(long, value_delimiter = ',', required = true)]
    pub bots: Vec<String>,
    /// Games to play (rounded up to a multiple of the player count, so every
    /// deal is played in every seating).
    #[arg(long, default_value_t = 100)]
    pub games: usize,
    /// Master seed: the deals and every bot's generator derive from it.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: the machine's cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Wall-clock cap of one decision in milliseconds (0: none).
    #[arg(long, default_value_t = 200)]
    pub time_cap_ms: u64,
    /// Write every game (seed, seating, result, moves) as JSON lines here.
    #[arg(long)]
    pub history: Option<PathBuf>,
    /// Give up a game after this many moves (counted as unfinished).
    #[arg(long, default_value_t = 50_000)]
    pub max_moves: usize,
}

/// Why an arena could not run.
#[derive(Debug, thiserror::Error)]
pub enum ArenaError {
    #[error("unknown game {0:?} (known: {1})")]
    UnknownGame(String, String),
    #[error("unknown bot {0:?} (known: {1})")]
    UnknownBot(String, String),
    #[error("bot {bot} does not play {game} (it would see hidden information)")]
    Unsupported { bot: String, game: String },
    #[error("{game} is played by {min}..={max} players, not {got}")]
    PlayerCount {
        game: String,
        min: usize,
        max: usize,
        got: usize,
    },
    #[error("game {index} (seed {seed}) could not be created: {reason}")]
    Create {
        index: usize,
        seed: u64,
        reason: String,
    },
    #[error("game {index}: bot {bot} chose an illegal move: {reason}")]
    Illegal {
        index: usize,
        bot: String,
        reason: String,
    },
    #[error("writing the history to {path}: {source}")]
    History {
        path: String,
        source: std::io::Error,
    },
}

/// One finished (or abandoned) game.
#[derive(Debug, Clone, serde::Serialize)]
pub struct GameRecord {
    pub index: usize,
    /// The game's seed (its deal).
    pub seed: u64,
    /// The entry of `--bots` that played each seat.
    pub seating: Vec<usize>,
    /// Bot names by seat.
    pub bots: Vec<String>,
    /// Winning seats (empty: draw or unfinished).
    pub winners: Vec<usize>,
    pub draw: bool,
    pub finished: bool,
    /// Each seat's game score.
    pub scores: Vec<i64>,
    /// Every move: seat and canonical notation.
    pub moves: Vec<(usize, String)>,
    /// Per seat: decisions taken and their times.
    #[serde(skip)]
    pub decisions: Vec<DecisionTimes>,
}

/// The decisions of one seat (or entry): how many, and their wall-clock and
/// CPU times (total and longest). The CPU time is the deciding thread's own
/// (`CLOCK_THREAD_CPUTIME_ID`), so on a loaded machine it still says what a
/// decision costs on one core, where the wall clock also counts the waits.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct DecisionTimes {
    pub count: u64,
    pub wall: Duration,
    pub wall_max: Duration,
    pub cpu: Duration,
    pub cpu_max: Duration,
}

impl DecisionTimes {
    fn add(&mut self, wall: Duration, cpu: Duration) {
        self.count += 1;
        self.wall += wall;
        self.wall_max = self.wall_max.max(wall);
        self.cpu += cpu;
        self.cpu_max = self.cpu_max.max(cpu);
    }

    fn merge(&mut self, other: &Self) {
        self.count += other.count;
        self.wall += other.wall;
        self.wall_max = self.wall_max.max(other.wall_max);
        self.cpu += other.cpu;
        self.cpu_max = self.cpu_max.max(other.cpu_max);
    }

    /// Mean wall-clock and CPU time of a decision.
    pub fn means(&self) -> (Duration, Duration) {
        let n = u32::try_from(self.count.max(1)).unwrap_or(u32::MAX);
        (self.wall / n, self.cpu / n)
    }
}

/// CPU time the calling thread has used so far (not counting time spent
/// waiting for a core); zero if the clock cannot be read.
pub fn thread_cpu() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; the call only writes it.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) } == 0;
    if !ok {
        return Duration::ZERO;
    }
    Duration::new(
        u64::try_from(ts.tv_sec).unwrap_or(0),
        u32::try_from(ts.tv_nsec).unwrap_or(0),
    )
}

/// A proportion with its 95% Wilson score interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rate {
    pub value: f64,
    pub low: f64,
    pub high: f64,
}

/// Wilson score interval at 95% for `successes` out of `n` (better than
/// the normal approximation near 0% and 100%, where strong bots live).
pub fn wilson(successes: f64, n: usize) -> Rate {
    if n == 0 {
        return Rate {
            value: 0.0,
            low: 0.0,
            high: 1.0,
        };
    }
    let z = 1.959_964;
    let n = n as f64;
    let p = successes / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z / denom * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    Rate {
        value: p,
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    }
}

/// The figures of one entry of `--bots`.
#[derive(Debug, Clone, PartialEq)]
pub struct EntryReport {
    pub bot: String,
    pub games: usize,
    /// Games its seat won (a shared or team win counts).
    pub wins: usize,
    pub win_rate: Rate,
    /// Mean of (own score - best other score), with its 95% half-width.
    pub margin: f64,
    pub margin_half_width: f64,
    /// Its seats' decisions over all games.
    pub decisions: DecisionTimes,
}

/// The arena's result.
#[derive(Debug, Clone)]
pub struct Report {
    pub game: String,
    pub players: usize,
    pub games: usize,
    pub draws: usize,
    pub unfinished: usize,
    pub entries: Vec<EntryReport>,
    pub records: Vec<GameRecord>,
}

impl Report {
    /// The table `satrap arena` prints.
    pub fn render(&self, args: &ArenaArgs, threads: usize) -> String {
        let mut out = String::new();
        let cap = if args.time_cap_ms == 0 {
            "none".to_owned()
        } else {
            format!("{} ms", args.time_cap_ms)
        };
        let _ = writeln!(
            out,
            "arena: {} with {} players, {} games, master seed {}, {} threads, decision cap {}",
            self.game, self.players, self.games, args.seed, threads, cap
        );
        let _ = writeln!(
            out,
            "{:<3} {:<12} {:>5} {:>5} {:>8} {:>17} {:>16} {:>9} {:>8} {:>8} {:>8} {:>8}",
            "#",
            "bot",
            "games",
            "wins",
            "win rate",
            "95% CI (Wilson)",
            "margin ± 95%",
            "decisions",
            "mean ms",
            "max ms",
            "cpu mean",
            "cpu max"
        );
        for (i, e) in self.entries.iter().enumerate() {
            let _ = writeln!(
                out,
                "{:<3} {:<12} {:>5} {:>5} {:>7.1}% {:>17} {:>16} {:>9} {:>8.1} {:>8.1} {:>8.1} {:>8.1}",
                i,
                e.bot,
                e.games,
                e.wins,
                100.0 * e.win_rate.value,
                format!(
                    "[{:.1}%, {:.1}%]",
                    100.0 * e.win_rate.low,
                    100.0 * e.win_rate.high
                ),
                format!("{:+.2} ± {:.2}", e.margin, e.margin_half_width),
                e.decisions.count,
                e.decisions.means().0.as_secs_f64() * 1e3,
                e.decisions.wall_max.as_secs_f64() * 1e3,
                e.decisions.means().1.as_secs_f64() * 1e3,
                e.decisions.cpu_max.as_secs_f64() * 1e3,
            );
        }
        let _ = writeln!(
            out,
            "draws: {}, unfinished: {}",
            self.draws, self.unfinished
        );
        out
    }
}

/// The seed of deal `deal` under the master seed.
pub fn deal_seed(master: u64, deal: usize) -> u64 {
    let mut rng = GameRng::from_seed(master ^ (deal as u64).wrapping_mul(0xD1B5_4A32_D192_ED03));
    rng.next_u64()
}

/// Resolve names and play the games; writes the history if asked.
pub fn run(args: &ArenaArgs) -> Result<(Report, usize), ArenaError> {
    let kind = games::find(&args.game).ok_or_else(|| {
        let known: Vec<&str> = games::registry().iter().map(|k| k.id).collect();
        ArenaError::UnknownGame(args.game.clone(), known.join(", "))
    })?;
    let players = args.bots.len();
    if players < kind.min_players || players > kind.max_players {
        return Err(ArenaError::PlayerCount {
            game: kind.id.to_owned(),
            min: kind.min_players,
            max: kind.max_players,
            got: players,
        });
    }
    let entries = args
        .bots
        .iter()
        .map(|name| {
            let bot = bots::find(name).ok_or_else(|| {
                let known: Vec<&str> = bots::all().iter().map(|b| b.name()).collect();
                ArenaError::UnknownBot(name.clone(), known.join(", "))
            })?;
            if !bot.supports(kind.perfect_information) {
                return Err(ArenaError::Unsupported {
                    bot: name.clone(),
                    game: kind.id.to_owned(),
                });
            }
            Ok(bot)
        })
        .collect::<Result<Vec<&dyn Bot>, _>>()?;
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let games = args.games.div_ceil(players) * players;
    let cap = (args.time_cap_ms > 0).then(|| Duration::from_millis(args.time_cap_ms));
    let records = play_all(kind, &entries, games, args, cap, threads)?;
    if let Some(path) = &args.history {
        write_history(path, &records)?;
    }
    Ok((summarise(kind.id, players, &entries, records), threads))
}

fn play_all(
    kind: &'static GameKind,
    entries: &[&dyn Bot],
    games: usize,
    args: &ArenaArgs,
    cap: Option<Duration>,
    threads: usize,
) -> Result<Vec<GameRecord>, ArenaError> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<GameRecord, ArenaError>>>> =
        Mutex::new((0..games).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..threads.min(games) {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= games {
                        break;
                    }
                    let record = play_one(kind, entries, index, args, cap);
                    if let Ok(mut r) = results.lock() {
                        r[index] = Some(record);
                    }
                }
            });
        }
    });
    let results = results.into_inner().unwrap_or_default();
    results.into_iter().flatten().collect::<Result<Vec<_>, _>>()
}

/// Play game `index`: deal `index / players`, seating rotated by `index % players`.
fn play_one(
    kind: &'static GameKind,
    entries: &[&dyn Bot],
    index: usize,
    args: &ArenaArgs,
    cap: Option<Duration>,
) -> Result<GameRecord, ArenaError> {
    let players = entries.len();
    let seed = deal_seed(args.seed, index / players);
    let rotation = index % players;
    let seating: Vec<usize> = (0..players).map(|s| (s + rotation) % players).collect();
    let mut game = kind
        .create(None, players, seed)
        .map_err(|e| ArenaError::Create {
            index,
            seed,
            reason: e.to_string(),
        })?;
    let mut moves = Vec::new();
    let mut decisions = vec![DecisionTimes::default(); players];
    while moves.len() < args.max_moves {
        let Some(&seat) = game.to_act().first() else {
            break;
        };
        let bot = entries[seating[seat]];
        let mut rng = bots::rng_for(seed, game.version(), seat);
        let start = Instant::now();
        let cpu_start = thread_cpu();
        // Without a cap: a deadline far enough away never to matter.
        let deadline = start + cap.unwrap_or(Duration::from_secs(86_400));
        let choice = bot.choose(game.position(), seat, &mut rng, deadline);
        decisions[seat].add(start.elapsed(), thread_cpu().saturating_sub(cpu_start));
        let illegal = |reason: String| ArenaError::Illegal {
            index,
            bot: bot.name().to_owned(),
            reason,
        };
        let choice = choice.ok_or_else(|| illegal(format!("no move for seat {seat}")))?;
        let notation = game
            .apply_legal(seat, choice)
            .map_err(|e| illegal(e.to_string()))?;
        moves.push((seat, notation));
    }
    let outcome = game.outcome();
    let mut scores = vec![0; players];
    if let Some(o) = &outcome {
        for r in &o.results {
            if let Some(s) = scores.get_mut(r.seat as usize) {
                *s = r.score;
            }
        }
    }
    Ok(GameRecord {
        index,
        seed,
        bots: seating
            .iter()
            .map(|&e| entries[e].name().to_owned())
            .collect(),
        seating,
        winners: outcome
            .as_ref()
            .map(|o| o.winners.iter().map(|w| *w as usize).collect())
            .unwrap_or_default(),
        draw: outcome.as_ref().is_some_and(|o| o.draw),
        finished: outcome.is_some(),
        scores,
        moves,
        decisions,
    })
}

fn summarise(game: &str, players: usize, entries: &[&dyn Bot], records: Vec<GameRecord>) -> Report {
    let reports = (0..players)
        .map(|entry| {
            let mut wins = 0;
            let mut margins = Vec::new();
            let mut decisions = DecisionTimes::default();
            for r in &records {
                let Some(seat) = r.seating.iter().position(|&e| e == entry) else {
                    continue;
                };
                if r.winners.contains(&seat) {
                    wins += 1;
                }
                let best_other = (0..players)
                    .filter(|&s| s != seat)
                    .map(|s| r.scores[s])
                    .max()
                    .unwrap_or(0);
                margins.push((r.scores[seat] - best_other) as f64);
                decisions.merge(&r.decisions[seat]);
            }
            let n = margins.len();
            let margin = margins.iter().sum::<f64>() / n.max(1) as f64;
            let var = margins.iter().map(|m| (m - margin).powi(2)).sum::<f64>()
                / (n.saturating_sub(1)).max(1) as f64;
            EntryReport {
                bot: entries[entry].name().to_owned(),
                games: n,
                wins,
                win_rate: wilson(wins as f64, n),
                margin,
                margin_half_width: 1.959_964 * (var / n.max(1) as f64).sqrt(),
                decisions,
            }
        })
        .collect();
    Report {
        game: game.to_owned(),
        players,
        games: records.len(),
        draws: records.iter().filter(|r| r.draw).count(),
        unfinished: records.iter().filter(|r| !r.finished).count(),
        entries: reports,
        records,
    }
}

fn write_history(path: &PathBuf, records: &[GameRecord]) -> Result<(), ArenaError> {
    let err = |source| ArenaError::History {
        path: path.display().to_string(),
        source,
    };
    let file = std::fs::File::create(path).map_err(err)?;
    let mut out = std::io::BufWriter::new(file);
    for r in records {
        let line = serde_json::to_string(r).map_err(|e| err(std::io::Error::other(e)))?;
        writeln!(out, "{line}").map_err(err)?;
    }
    out.flush().map_err(err)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_matches_known_values() {
        // 90 of 100: the textbook Wilson interval is [82.6%, 94.5%].
        let r = wilson(90.0, 100);
        assert!((r.low - 0.8256).abs() < 1e-3, "{r:?}");
        assert!((r.high - 0.9448).abs() < 1e-3, "{r:?}");
        // All wins still leave room below 100%.
        let all = wilson(20.0, 20);
        assert!(
            all.high == 1.0 && all.low < 0.85 && all.low > 0.8,
            "{all:?}"
        );
    }

    #[test]
    fn deal_seeds_differ_by_deal_and_master() {
        assert_ne!(deal_seed(1, 0), deal_seed(1, 1));
        assert_ne!(deal_seed(1, 0), deal_seed(2, 0));
        assert_eq!(deal_seed(7, 3), deal_seed(7, 3));
    }
}
