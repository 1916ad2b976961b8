//! Scale figures, in one run:
//!
//! (a) Memory per live game: for every title and player count, a child
//!     process creates N games in-process through the `Hub`, plays each to
//!     the end with random legal moves (every game stays in the live-game
//!     cache: the cache is sized above N), and reports the growth of its
//!     heap (a counting allocator, exact) and of its resident set
//!     (`/proc/self/statm`) per game. The store keeps each game's record
//!     but not its moves (`LogFree` below), as SQLite and PostgreSQL keep
//!     logs on disk: what is measured is what the server holds per game.
//!     Measured once every game is parked (its actor ended, the game idle:
//!     a finished game is then held as its log, its state rebuilt by replay
//!     on the next command, which costs the "by id" replay below). The
//!     breakdown gives the game state (a clone of the final instance: what
//!     a parked finished game does not hold) and the cached log (the heap
//!     its logs hold, as the hub reports it); the rest is the cache's own
//!     bookkeeping (the `LiveGame`, seats, options, the map entry) and the
//!     store's record. The goal beside the figures: 100,000 finished live
//!     games of the worst title in 800 MiB.
//!
//!     The cached log keeps action ids, and catch-up and history replay
//!     them: each row also times replaying its games by id against
//!     replaying them by notation (what the log kept before), both from
//!     the seed through the same instance, in the same process.
//!
//! (b) Fan-out: W watch streams (spectators) on one game of one server on
//!     loopback (the server in a process of its own), over C HTTP/2 connections; then M moves, each timed from
//!     just before its ApplyAction call until every stream has received the
//!     update: p50/p99/max over every (stream, move).
//!
//! Run: `cargo bench --bench scale` (env `SATRAP_SCALE_GAMES` = games per
//! title and player count, default 1000, 0 for the fan-out alone;
//! `SATRAP_SCALE_WATCHERS` default 10000; `SATRAP_SCALE_CONNECTIONS`
//! default 10; `SATRAP_SCALE_MOVES` default 5).

use std::alloc::{GlobalAlloc, Layout, System};
use std::collections::HashMap;
use std::sync::atomic::{AtomicIsize, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use async_trait::async_trait;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satrap_catalog::{self as games, ActionInput};
use satrap_server::auth::Caller;
use satrap_server::hub::WatchMode;
use satrap_server::proto::{self, game_service_client::GameServiceClient};
use satrap_server::{Config, Hub, Limits, serve_on};
use satrap_store::{
    Commit, Expiry, GameLog, GameRecord, GameSummary, Head, ListQuery, LoggedAction, MemoryStore,
    StoreError, StoredGame,
};
use tonic::transport::{Channel, Endpoint};

/// Counts the bytes the process holds on the heap.
struct Counting;

static HEAP: AtomicIsize = AtomicIsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        HEAP.fetch_add(layout.size() as isize, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        HEAP.fetch_sub(layout.size() as isize, Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        HEAP.fetch_add(layout.size() as isize, Ordering::Relaxed);
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        HEAP.fetch_add(
            new_size as isize - layout.size() as isize,
            Ordering::Relaxed,
        );
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn heap() -> isize {
    HEAP.load(Ordering::Relaxed)
}

/// Resident set size in bytes.
fn rss() -> isize {
    rss_of("self")
}

/// Resident set size in bytes of process `pid` (`self`: this one).
fn rss_of(pid: &str) -> isize {
    let statm = std::fs::read_to_string(format!("/proc/{pid}/statm")).expect("statm");
    let pages: isize = statm
        .split_whitespace()
        .nth(1)
        .and_then(|p| p.parse().ok())
        .expect("resident pages");
    // SAFETY: sysconf has no preconditions.
    pages * unsafe { libc::sysconf(libc::_SC_PAGESIZE) } as isize
}

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A store that keeps each game's record and version but no moves: the
/// logs of SQLite and PostgreSQL live on disk, so the memory a server needs
/// per game is its cache's. Everything but `create` and `append` is the
/// memory store's: the log by hand below, the other roles by `forward!`.
struct LogFree {
    inner: MemoryStore,
    versions: Mutex<HashMap<String, u64>>,
}

#[async_trait]
impl GameLog for LogFree {
    async fn create(&self, record: &GameRecord) -> Result<(), StoreError> {
        self.inner.create(record).await?;
        self.versions
            .lock()
            .expect("versions")
            .insert(record.id.clone(), 0);
        Ok(())
    }

    async fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        self.inner.load(id).await
    }

    async fn append(
        &self,
        id: &str,
        version: u64,
        actions: &[LoggedAction],
        _commit: &Commit<'_>,
    ) -> Result<(), StoreError> {
        let mut versions = self.versions.lock().expect("versions");
        let stored = versions
            .get_mut(id)
            .ok_or_else(|| StoreError::NotFound(id.to_owned()))?;
        if *stored != version {
            return Err(StoreError::Conflict {
                id: id.to_owned(),
                expected: version,
                actual: *stored,
            });
        }
        *stored += actions.len() as u64;
        Ok(())
    }

    async fn actions_since(&self, id: &str, from: u64) -> Result<Vec<LoggedAction>, StoreError> {
        self.inner.actions_since(id, from).await
    }

    async fn head(&self, id: &str) -> Result<Option<Head>, StoreError> {
        self.inner.head(id).await
    }

    async fn list(&self, query: &ListQuery) -> Result<Vec<GameSummary>, StoreError> {
        self.inner.list(query).await
    }

    async fn expire(&self, expiry: Expiry) -> Result<Vec<String>, StoreError> {
        self.inner.expire(expiry).await
    }

    async fn delete(&self, id: &str) -> Result<bool, StoreError> {
        self.inner.delete(id).await
    }
}

satrap_store::forward!(LogFree => inner: Lobby, Tokens, RatedPlay, Leases, Tournaments, Talk);

/// The goal: 100,000 live games of the worst title in 1 GiB, i.e. at most
/// this many bytes a game (10 KB).
const GOAL_BYTES_PER_GAME: f64 = 800.0 * 1024.0 * 1024.0 / 100_000.0;

/// What one child process measured for one title and player count.
struct Footprint {
    games: usize,
    moves: usize,
    heap: isize,
    rss: isize,
    state: isize,
    log: isize,
    /// The same log kept as notations (the layout before action ids).
    text_log: isize,
    /// Nanoseconds to replay every game from its seed, by notation and by
    /// action id.
    by_notation: isize,
    by_id: isize,
    /// Games whose GetHistory and whole catch-up were timed, and the
    /// nanoseconds they took in all.
    timed: usize,
    history: isize,
    catch_up: isize,
}

/// One played game as a replay needs it: each move's seat, notation and
/// action id.
type Moves = Vec<(usize, String, u32)>;

/// Play one game to the end through the hub with random legal moves;
/// returns its id, its moves, the heap bytes of a copy of its final state
/// and those of its log kept as notations ([`notation_log_bytes`]).
async fn play_one(
    hub: &Hub,
    kind: &'static games::GameKind,
    players: usize,
    seed: u64,
    rng: &mut ChaCha8Rng,
) -> (String, usize, isize, isize) {
    let created = hub
        .create(proto::CreateGameRequest {
            game_type: kind.id.into(),
            seats: (0..players)
                .map(|i| proto::SeatRequest {
                    name: format!("p{i}"),
                    ..Default::default()
                })
                .collect(),
            seed: Some(seed),
            ..Default::default()
        })
        .await
        .expect("create");
    let id = created.game_id;
    let mut shadow = kind.create(None, players, seed).expect("shadow");
    let mut notations = Vec::new();
    let mut snap = created.snapshot;
    while snap.status == proto::GameStatus::InProgress as i32 {
        let seat = snap.to_act[0] as usize;
        let legal = hub
            .legal_actions(&id, Caller::Seat(seat))
            .await
            .expect("legal");
        let pick = &legal.actions[rng.random_range(0..legal.actions.len())].notation;
        let resp = hub
            .apply(
                &id,
                Caller::Seat(seat),
                Some(legal.version),
                ActionInput::Notation(pick),
            )
            .await
            .expect("apply");
        let notation = shadow
            .apply(seat, ActionInput::Notation(pick))
            .expect("shadow apply");
        notations.push(notation);
        snap = resp.snapshot.expect("snapshot");
    }
    let before = heap();
    let copy = shadow.clone_box();
    let state = heap() - before;
    drop(copy);
    (id, notations.len(), state, notation_log_bytes(&notations))
}

/// Heap bytes of a log of `notations` as the live-game cache kept it
/// before it kept action ids: a 24-byte entry per move and the notations
/// in one string, both grown move by move.
fn notation_log_bytes(notations: &[String]) -> isize {
    let before = heap();
    let mut entries: Vec<[u64; 3]> = Vec::new();
    let mut text = String::new();
    for (i, n) in notations.iter().enumerate() {
        text.push_str(n);
        entries.push([1, text.len() as u64, i as u64]);
    }
    let bytes = heap() - before;
    drop((entries, text));
    bytes
}

/// Heap bytes the hub's cached logs hold.
async fn cached_log_bytes(hub: &Hub) -> isize {
    hub.cached_log_bytes().await as isize
}

/// A random game played on an instance alone: its moves.
fn playout(
    kind: &'static games::GameKind,
    players: usize,
    seed: u64,
    rng: &mut ChaCha8Rng,
) -> Moves {
    let mut inst = kind.create(None, players, seed).expect("playout");
    let mut moves = Vec::new();
    while let Some(&seat) = inst.to_act().first() {
        let legal = inst.legal_actions(seat);
        let pick = &legal[rng.random_range(0..legal.len())];
        let notation = inst
            .apply(seat, ActionInput::Id(pick.action_id))
            .expect("legal");
        moves.push((seat, notation, pick.action_id));
    }
    moves
}

/// Nanoseconds for GetHistory (a spectator's) and for a spectator's whole
/// catch-up from version 0 (every update received) of each game.
async fn time_reads(hub: &Hub, ids: &[String]) -> (isize, isize) {
    let started = Instant::now();
    for id in ids {
        let h = hub.history(id, Caller::Spectator).await.expect("history");
        std::hint::black_box(h);
    }
    let history = started.elapsed().as_nanos() as isize;
    let started = Instant::now();
    for id in ids {
        let mut rx = hub
            .watch(id, Caller::Spectator, 0, WatchMode::default())
            .await
            .expect("watch");
        while let Some(u) = tokio_stream::StreamExt::next(&mut rx).await {
            std::hint::black_box(u.expect("update"));
        }
    }
    (history, started.elapsed().as_nanos() as isize)
}

/// Nanoseconds to replay `games` from their seeds, each move applied by
/// its notation or by its action id (checked to reach the same end).
fn replay_ns(
    kind: &'static games::GameKind,
    players: usize,
    games: &[(u64, Moves)],
    by_id: bool,
) -> isize {
    let started = Instant::now();
    for (seed, moves) in games {
        let mut inst = kind.create(None, players, *seed).expect("replay");
        for (seat, notation, id) in moves {
            let input = match by_id {
                true => ActionInput::Id(*id),
                false => ActionInput::Notation(notation),
            };
            let applied = inst.apply(*seat, input).expect("replays");
            assert_eq!(&applied, notation, "the same action");
        }
        std::hint::black_box(&inst);
    }
    started.elapsed().as_nanos() as isize
}

/// The child process: `games` games of one title and player count.
fn child(game: &str, players: usize, games: usize) {
    let kind = games::find(game).expect("game type");
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(async move {
        let store = Arc::new(LogFree {
            inner: MemoryStore::new(usize::MAX),
            versions: Mutex::default(),
        });
        let (_stop, shutdown) = tokio::sync::watch::channel(false);
        let limits = Limits {
            max_cached_games: 2 * games + 100,
            bot_threads: 1,
            // Finished games park soon, as they do after ten idle seconds
            // on a server: measured once they have.
            park_after: std::time::Duration::from_millis(20),
            ..Limits::default()
        };
        let hub = Hub::new(store, limits, shutdown);
        let mut rng = ChaCha8Rng::seed_from_u64(17);
        // Warm up: allocator arenas, lazy statics, the hub's map.
        for seed in 0..20 {
            play_one(&hub, kind, players, 1_000_000 + seed, &mut rng).await;
        }
        let log0 = cached_log_bytes(&hub).await;
        // The games' ids (needed for the timings below) are not the
        // server's: allocated before the baseline.
        let mut ids = Vec::with_capacity(games);
        let (heap0, rss0) = (heap(), rss());
        let (mut moves, mut state, mut text_log) = (0, 0, 0);
        for seed in 0..games as u64 {
            let (id, m, s, t) = play_one(&hub, kind, players, seed, &mut rng).await;
            moves += m;
            state += s;
            text_log += t;
            ids.push(id);
        }
        for _ in 0..1_000 {
            if hub.parked_games() >= games {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        let (mut heap1, rss1) = (heap(), rss());
        heap1 -= ids.iter().map(|id| id.capacity() as isize).sum::<isize>();
        let log = cached_log_bytes(&hub).await - log0;
        // Timings, after the memory is measured: replays of as many fresh
        // random games (the two alternated, twice each, so neither gets the
        // warmer caches), then GetHistory and a whole catch-up of some of
        // the cached games.
        let played: Vec<(u64, Moves)> = (0..games as u64)
            .map(|seed| (seed, playout(kind, players, seed, &mut rng)))
            .collect();
        let (mut by_notation, mut by_id) = (0, 0);
        for _ in 0..2 {
            by_notation += replay_ns(kind, players, &played, false);
            by_id += replay_ns(kind, players, &played, true);
        }
        let timed = games.min(100);
        let (history, catch_up) = time_reads(&hub, &ids[..timed]).await;
        let f = Footprint {
            games,
            moves,
            heap: heap1 - heap0,
            rss: rss1 - rss0,
            state,
            log,
            text_log,
            by_notation,
            by_id,
            timed,
            history,
            catch_up,
        };
        println!(
            "FOOTPRINT {} {} {} {} {} {} {} {} {} {} {} {}",
            f.games,
            f.moves,
            f.heap,
            f.rss,
            f.state,
            f.log,
            f.text_log,
            f.by_notation,
            f.by_id,
            f.timed,
            f.history,
            f.catch_up
        );
    });
}

fn footprints(games: usize) {
    println!(
        "(a) memory per live game: {games} games per row played to the end in-process \
         (random legal moves), all kept in the live-game cache and parked; goal: at most \
         {GOAL_BYTES_PER_GAME:.0} B a game, so 100,000 live games of the worst title fit in 800 MiB \
         (\"state\": the final game's size, which a parked finished game does not hold)"
    );
    println!(
        "{:<20} {:>6} {:>11} {:>11} {:>9} {:>9} {:>11} {:>9} {:>12} {:>5}",
        "title, players",
        "moves",
        "heap/game",
        "RSS/game",
        "state",
        "log",
        "as notation",
        "rest",
        "100k games",
        "goal"
    );
    let exe = std::env::current_exe().expect("exe");
    let mut worst: f64 = 0.0;
    let mut timings = Vec::new();
    for kind in games::registry() {
        for players in kind.min_players..=kind.max_players {
            let out = std::process::Command::new(&exe)
                .args([
                    "--bench",
                    "--scale-child",
                    kind.id,
                    &players.to_string(),
                    &games.to_string(),
                ])
                .output()
                .expect("child");
            let text = String::from_utf8_lossy(&out.stdout);
            let Some(line) = text.lines().find(|l| l.starts_with("FOOTPRINT ")) else {
                panic!(
                    "{} {players}: no figures ({})",
                    kind.id,
                    String::from_utf8_lossy(&out.stderr)
                );
            };
            let v: Vec<isize> = line
                .split_whitespace()
                .skip(1)
                .map(|x| x.parse().expect("figure"))
                .collect();
            let f = Footprint {
                games: v[0] as usize,
                moves: v[1] as usize,
                heap: v[2],
                rss: v[3],
                state: v[4],
                log: v[5],
                text_log: v[6],
                by_notation: v[7],
                by_id: v[8],
                timed: v[9] as usize,
                history: v[10],
                catch_up: v[11],
            };
            let n = f.games as f64;
            let per = |b: isize| b as f64 / n;
            let rss_game = per(f.rss).max(per(f.heap));
            worst = worst.max(rss_game);
            let row = format!("{} {players}p", kind.id);
            println!(
                "{:<20} {:>6.0} {:>9.0} B {:>9.0} B {:>7.0} B {:>7.0} B {:>9.0} B {:>7.0} B {:>8.0} MiB {:>5}",
                row,
                f.moves as f64 / n,
                per(f.heap),
                per(f.rss),
                per(f.state),
                per(f.log),
                per(f.text_log),
                per(f.heap - f.log),
                rss_game * 100_000.0 / (1024.0 * 1024.0),
                if rss_game <= GOAL_BYTES_PER_GAME {
                    "met"
                } else {
                    "over"
                },
            );
            // Replays ran twice each: microseconds per game and run.
            let us = |ns: isize, games: f64| ns as f64 / (games * 1e3);
            timings.push(format!(
                "{:<20} {:>9.0} µs {:>9.0} µs {:>6.2}x {:>9.0} µs {:>10.0} µs",
                row,
                us(f.by_notation, 2.0 * n),
                us(f.by_id, 2.0 * n),
                f.by_id as f64 / f.by_notation.max(1) as f64,
                us(f.history, f.timed as f64),
                us(f.catch_up, f.timed as f64),
            ));
        }
    }
    println!(
        "  worst row: {:.0} B a game (goal ≤ {GOAL_BYTES_PER_GAME:.0} B), 100,000 live games ≈ {:.0} MiB (goal ≤ 800 MiB)",
        worst,
        worst * 100_000.0 / (1024.0 * 1024.0)
    );
    println!(
        "  (\"100k games\": the larger of heap and RSS a game, times 100,000; \"as notation\": \
         the same log kept as notations, for comparison)"
    );
    println!(
        "replay per game from the seed (by notation, by action id), and per cached game \
         GetHistory and a whole catch-up from version 0 (a spectator, full updates; \
         {} games a row):",
        games.min(100)
    );
    println!(
        "{:<20} {:>12} {:>12} {:>7} {:>12} {:>13}",
        "title, players", "by notation", "by id", "ratio", "history", "catch-up"
    );
    for t in timings {
        println!("{t}");
    }
}

/// Raise the open-file limit to its hard limit (every stream is on a few
/// connections, but the bench should not depend on the shell's limit).
fn raise_nofile() -> u64 {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: plain libc calls on a valid struct.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) == 0 {
            lim.rlim_cur = lim.rlim_max;
            libc::setrlimit(libc::RLIMIT_NOFILE, &lim);
        }
    }
    lim.rlim_cur
}

async fn connect(addr: &str) -> Channel {
    Endpoint::from_shared(format!("http://{addr}"))
        .expect("url")
        // Thousands of streams share each connection: large windows so one
        // slow stream cannot stall the connection's others.
        .initial_connection_window_size(64 * 1024 * 1024)
        .initial_stream_window_size(1024 * 1024)
        .connect()
        .await
        .expect("connect")
}

/// What the fan-out's watchers read of an update: its version and its
/// parts as bytes, not the game decoded. What the fan-out measures is the
/// server's share; decoding 10,000 copies of the same snapshot in the
/// bench's process, on the same two cores, was most of the CPU of a run.
#[derive(Clone, PartialEq, prost::Message)]
struct Delivered {
    #[prost(uint64, tag = "1")]
    version: u64,
    #[prost(bytes = "vec", repeated, tag = "2")]
    events: Vec<Vec<u8>>,
    #[prost(bytes = "vec", tag = "3")]
    snapshot: Vec<u8>,
}

/// The CPU time (user and system) process `pid` has used so far, from
/// `/proc/PID/stat`.
fn cpu_time(pid: u32) -> Duration {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).expect("/proc/PID/stat");
    // The fields after the command's closing parenthesis: utime and
    // stime are the 12th and 13th of them.
    let rest = &stat[stat.rfind(')').expect("stat") + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 =
        fields[11].parse::<u64>().expect("utime") + fields[12].parse::<u64>().expect("stime");
    // SAFETY: sysconf has no preconditions.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    Duration::from_micros(ticks * 1_000_000 / hz)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 * p) as usize).min(sorted.len() - 1)]
}

/// The fan-out's server, in a process of its own (`--serve-child W`), so
/// that what is timed is the server's share, not the bench's decoding in
/// the same process: prints its address, serves until its stdin closes.
fn serve_child(watchers: usize) {
    raise_nofile();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(async move {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        println!("ADDR {}", listener.local_addr().expect("addr"));
        let mut config = Config::in_memory();
        config.max_watchers_per_game = watchers;
        // Every stream comes from one address: the per-caller quota of
        // open streams (default 1,000) would refuse the rest.
        config.max_watch_streams = watchers;
        let stdin_closed = tokio::task::spawn_blocking(|| {
            let mut sink = String::new();
            while std::io::stdin().read_line(&mut sink).is_ok_and(|n| n > 0) {}
        });
        serve_on(listener, config, async {
            let _ = stdin_closed.await;
        })
        .await
        .expect("server");
    });
}

async fn fan_out(watchers: usize, connections: usize, moves: usize) {
    let nofile = raise_nofile();
    let mut server = std::process::Command::new(std::env::current_exe().expect("exe"))
        .args(["--bench", "--serve-child", &watchers.to_string()])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("server process");
    let addr = {
        use std::io::BufRead;
        let out = server.stdout.take().expect("stdout");
        let mut line = String::new();
        std::io::BufReader::new(out)
            .read_line(&mut line)
            .expect("address");
        line.trim()
            .strip_prefix("ADDR ")
            .expect("ADDR line")
            .to_owned()
    };
    let mut player = GameServiceClient::new(connect(&addr).await);
    let created = player
        .create_game(proto::CreateGameRequest {
            game_type: "king_of_siam".into(),
            seats: (0..3)
                .map(|i| proto::SeatRequest {
                    name: format!("p{i}"),
                    ..Default::default()
                })
                .collect(),
            seed: Some(5),
            ..Default::default()
        })
        .await
        .expect("create")
        .into_inner();
    let id = created.game_id.clone();
    let resident_before = rss_of(&server.id().to_string());
    let mut channels = Vec::new();
    for _ in 0..connections {
        channels.push(connect(&addr).await);
    }
    // Every stream waits for version 1 (the next move), then records when
    // each of `moves` updates arrives.
    let started = Instant::now();
    let received = Arc::new(AtomicUsize::new(0));
    let all_in = Arc::new(tokio::sync::Notify::new());
    let mut streams = Vec::with_capacity(watchers);
    for w in 0..watchers {
        let mut grpc = tonic::client::Grpc::new(channels[w % connections].clone());
        grpc.ready().await.expect("ready");
        let updates: tonic::Streaming<Delivered> = grpc
            .server_streaming(
                tonic::Request::new(proto::WatchGameRequest {
                    game_id: id.clone(),
                    from_version: 1,
                    ..Default::default()
                }),
                http::uri::PathAndQuery::from_static("/satrap.v1.GameService/WatchGame"),
                tonic_prost::ProstCodec::new(),
            )
            .await
            .expect("watch")
            .into_inner();
        streams.push(updates);
    }
    let opened = started.elapsed();
    let resident = rss_of(&server.id().to_string()) - resident_before;
    let mut tasks = Vec::with_capacity(watchers);
    for mut updates in streams {
        let (received, all_in) = (received.clone(), all_in.clone());
        tasks.push(tokio::spawn(async move {
            let mut at = Vec::with_capacity(moves);
            let mut bytes = 0usize;
            while at.len() < moves {
                match tokio::time::timeout(Duration::from_secs(60), updates.message()).await {
                    Ok(Ok(Some(u))) => {
                        at.push(Instant::now());
                        assert_eq!(u.version, at.len() as u64, "each move's version in order");
                        bytes += prost::Message::encoded_len(&u);
                    }
                    other => panic!("watch stream ended early: {other:?}"),
                }
                if received.fetch_add(1, Ordering::AcqRel) + 1 == watchers * at.len() {
                    all_in.notify_one();
                }
            }
            // The stream stays open until every stream has every update:
            // closing it (RST_STREAM, the server's task ending) while
            // others still wait for the last move would be timed as
            // delivery.
            (at, bytes, updates)
        }));
    }
    let cpu_before = (cpu_time(server.id()), cpu_time(std::process::id()));
    let mut sent = Vec::with_capacity(moves);
    let mut apply_latency = Vec::with_capacity(moves);
    let mut snap = created.snapshot.expect("snapshot");
    for m in 0..moves {
        let seat = snap.to_act[0] as usize;
        let token = &created.seats[seat].token;
        let mut legal_req = tonic::Request::new(proto::ListLegalActionsRequest {
            game_id: id.clone(),
            ..Default::default()
        });
        legal_req.metadata_mut().insert(
            "authorization",
            format!("Bearer {token}").parse().expect("header"),
        );
        let legal = player
            .list_legal_actions(legal_req)
            .await
            .expect("legal")
            .into_inner();
        let mut req = tonic::Request::new(proto::ApplyActionRequest {
            game_id: id.clone(),
            expected_version: Some(legal.version),
            r#move: Some(proto::apply_action_request::Move::Notation(
                legal.actions[0].notation.clone(),
            )),
            ..Default::default()
        });
        req.metadata_mut().insert(
            "authorization",
            format!("Bearer {token}").parse().expect("header"),
        );
        let wait = all_in.notified();
        let t = Instant::now();
        sent.push(t);
        let resp = player.apply_action(req).await.expect("apply").into_inner();
        apply_latency.push(t.elapsed());
        snap = resp.snapshot.expect("snapshot");
        tokio::time::timeout(Duration::from_secs(120), wait)
            .await
            .unwrap_or_else(|_| panic!("move {m}: not every stream got its update in 120 s"));
    }
    let cpu_after = (cpu_time(server.id()), cpu_time(std::process::id()));
    let mut lat = Vec::with_capacity(watchers * moves);
    let mut bytes = 0;
    let mut last_per_move = vec![Duration::ZERO; moves];
    let mut open = Vec::with_capacity(watchers);
    for t in tasks {
        let (at, b, updates) = t.await.expect("stream task");
        open.push(updates);
        bytes += b;
        for (m, a) in at.into_iter().enumerate() {
            let d = a - sent[m];
            last_per_move[m] = last_per_move[m].max(d);
            lat.push(d);
        }
    }
    drop(open);
    lat.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "(b) fan-out: {watchers} watch streams (spectators) on one King of Siam game over \
         {connections} HTTP/2 connections (opened in {:.1} s; open-file limit {nofile}), {moves} moves",
        opened.as_secs_f64()
    );
    println!(
        "  the server's resident memory with the streams open: +{:.1} MiB ({:.1} KiB per stream)",
        resident as f64 / (1 << 20) as f64,
        resident as f64 / 1024.0 / watchers as f64
    );
    println!(
        "  ApplyAction to each stream's update: p50 {:.1} ms  p99 {:.1} ms  max {:.1} ms \
         (goal p99 < 50 ms); last stream per move: {}",
        ms(percentile(&lat, 0.5)),
        ms(percentile(&lat, 0.99)),
        ms(*lat.last().expect("samples")),
        last_per_move
            .iter()
            .map(|d| format!("{:.0} ms", ms(*d)))
            .collect::<Vec<_>>()
            .join(", ")
    );
    println!(
        "  ApplyAction itself: {}; {:.0} bytes per update",
        apply_latency
            .iter()
            .map(|d| format!("{:.1} ms", ms(*d)))
            .collect::<Vec<_>>()
            .join(", "),
        bytes as f64 / (watchers * moves) as f64
    );
    let per_move =
        |before: Duration, after: Duration| ms(after.saturating_sub(before)) / moves as f64;
    let server_ms = per_move(cpu_before.0, cpu_after.0);
    println!(
        "  CPU per move: the server {server_ms:.1} ms ({:.1} µs per stream), the watching clients {:.1} ms",
        server_ms * 1e3 / watchers as f64,
        per_move(cpu_before.1, cpu_after.1),
    );
    // Closing its stdin stops the server.
    drop(server.stdin.take());
    let _ = server.wait();
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    // `cargo test --benches` passes `--bench`-less args; run only under `cargo bench`.
    if !args.iter().any(|a| a == "--bench") {
        return;
    }
    if let Some(i) = args.iter().position(|a| a == "--serve-child") {
        serve_child(args[i + 1].parse().expect("watchers"));
        return;
    }
    if let Some(i) = args.iter().position(|a| a == "--scale-child") {
        let players = args[i + 2].parse().expect("players");
        let games = args[i + 3].parse().expect("games");
        child(&args[i + 1], players, games);
        return;
    }
    // 0 games: the fan-out alone.
    let games = env_usize("SATRAP_SCALE_GAMES", 1000);
    if games > 0 {
        footprints(games);
    }
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(fan_out(
        env_usize("SATRAP_SCALE_WATCHERS", 10_000),
        env_usize("SATRAP_SCALE_CONNECTIONS", 10),
        env_usize("SATRAP_SCALE_MOVES", 5),
    ));
}
