//! Where bot decisions and catch-up replays are computed: fixed pools of
//! threads (at most the machine's cores) at a lower scheduling priority
//! than the async workers, so searching bots and long replays can never
//! starve moves, watch streams or health checks of other games: the kernel
//! runs the request threads first. Each pool's size is a global budget for
//! its kind of work; jobs beyond it wait their turn.

use std::panic::AssertUnwindSafe;

use satrap_catalog::GameInstance;
use satrap_engine::{GameRng, Seat};
use satrap_search::Bot;

/// Niceness of the bot threads (0 is normal; 19 the lowest priority).
const BOT_NICENESS: i32 = 10;

/// The default number of bot threads: every core.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Why a bot gave no decision.
#[derive(Debug, thiserror::Error)]
pub enum DecisionError {
    #[error("bot {0} panicked")]
    Panicked(&'static str),
    #[error("the bot pool is gone")]
    PoolGone,
    #[error("bot {bot} found no legal action for seat {seat}")]
    NoAction { bot: &'static str, seat: Seat },
}

/// The default number of replay threads: half the cores, at least one
/// (catch-ups are a background chore next to bots and requests).
pub fn default_replay_threads() -> usize {
    (default_threads() / 2).max(1)
}

/// A bounded, low-priority pool (bot decisions, or catch-up replays).
pub struct Pool {
    threads: Option<rayon::ThreadPool>,
}

/// The pool bot decisions run on.
pub type BotPool = Pool;

/// Why a job gave no result.
#[derive(Debug, thiserror::Error)]
pub enum JobLost {
    #[error("the pool is gone")]
    Gone,
    #[error("the job panicked")]
    Panicked,
}

impl Pool {
    /// A pool of `threads` threads (clamped to 1..=cores) named
    /// `satrap-NAME-i`. If the threads cannot be started, jobs run on
    /// tokio's blocking pool instead.
    pub fn new(threads: usize) -> Self {
        Self::named(threads, "bot")
    }

    /// [`Pool::new`] with the threads' name.
    pub fn named(threads: usize, name: &'static str) -> Self {
        let n = threads.clamp(1, default_threads());
        let threads = rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .thread_name(move |i| format!("satrap-{name}-{i}"))
            .start_handler(|_| lower_priority())
            .build()
            .map_err(
                |e| tracing::warn!(error = %e, pool = name, "falling back to the blocking pool"),
            )
            .ok();
        Self { threads }
    }

    /// Run `job` on the pool and wait for it without blocking the caller's
    /// thread.
    pub async fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, JobLost> {
        let job = move || std::panic::catch_unwind(AssertUnwindSafe(job));
        let outcome = match &self.threads {
            Some(pool) => {
                let (tx, rx) = tokio::sync::oneshot::channel();
                pool.spawn(move || {
                    let _ = tx.send(job());
                });
                rx.await.map_err(|_| JobLost::Gone)?
            }
            None => tokio::task::spawn_blocking(job)
                .await
                .map_err(|_| JobLost::Gone)?,
        };
        outcome.map_err(|_| JobLost::Panicked)
    }

    /// Let `bot` choose for `seat` in `position`, on the pool.
    pub async fn decide(
        &self,
        bot: &'static dyn Bot,
        position: Box<dyn GameInstance>,
        seat: Seat,
        mut rng: GameRng,
    ) -> Result<usize, DecisionError> {
        let job = move || {
            // The decision's time cap counts from when it starts, not
            // from when it was queued.
            let _timer = crate::telemetry::bot_decision(bot.name());
            bot.choose(
                position.position(),
                seat,
                &mut rng,
                satrap_search::deadline(),
            )
        };
        match self.run(job).await {
            Ok(Some(choice)) => Ok(choice),
            Ok(None) => Err(DecisionError::NoAction {
                bot: bot.name(),
                seat,
            }),
            Err(JobLost::Gone) => Err(DecisionError::PoolGone),
            Err(JobLost::Panicked) => Err(DecisionError::Panicked(bot.name())),
        }
    }
}

/// Lower the calling thread's scheduling priority (Linux: per-thread nice).
fn lower_priority() {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: gettid and setpriority only read their integer arguments;
        // PRIO_PROCESS with a thread id changes that one thread.
        let rc = unsafe {
            libc::setpriority(
                libc::PRIO_PROCESS,
                libc::gettid() as libc::id_t,
                BOT_NICENESS,
            )
        };
        if rc != 0 {
            tracing::debug!("bot thread keeps its priority (setpriority failed)");
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = BOT_NICENESS;
}
