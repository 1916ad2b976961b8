//! Where bot decisions are computed: a fixed pool of threads (at most the
//! machine's cores) at a lower scheduling priority than the async workers,
//! so searching bots can never starve moves, watch streams or health
//! checks of other games: the kernel runs the request threads first.

use std::panic::AssertUnwindSafe;

use crate::bots::Bot;
use crate::engine::{GameRng, Seat};
use crate::games::GameInstance;

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

/// A bounded pool for bot decisions.
pub struct BotPool {
    threads: Option<rayon::ThreadPool>,
}

impl BotPool {
    /// A pool of `threads` threads (clamped to 1..=cores). If the threads
    /// cannot be started, decisions run on tokio's blocking pool instead.
    pub fn new(threads: usize) -> Self {
        let n = threads.clamp(1, default_threads());
        let threads = rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .thread_name(|i| format!("satrap-bot-{i}"))
            .start_handler(|_| lower_priority())
            .build()
            .map_err(|e| tracing::warn!(error = %e, "bot pool: falling back to the blocking pool"))
            .ok();
        Self { threads }
    }

    /// Let `bot` choose for `seat` in `position`, on the pool.
    pub async fn decide(
        &self,
        bot: &'static dyn Bot,
        position: Box<dyn GameInstance>,
        seat: Seat,
        mut rng: GameRng,
    ) -> Result<usize, DecisionError> {
        let mut job = move || {
            std::panic::catch_unwind(AssertUnwindSafe(|| {
                // The decision's time cap counts from when it starts, not
                // from when it was queued.
                let _timer = crate::telemetry::bot_decision(bot.name());
                bot.choose(position.as_ref(), seat, &mut rng, crate::bots::deadline())
            }))
        };
        let outcome = match &self.threads {
            Some(pool) => {
                let (tx, rx) = tokio::sync::oneshot::channel();
                pool.spawn(move || {
                    let _ = tx.send(job());
                });
                rx.await.map_err(|_| DecisionError::PoolGone)?
            }
            None => tokio::task::spawn_blocking(job)
                .await
                .map_err(|_| DecisionError::PoolGone)?,
        };
        match outcome {
            Ok(Some(choice)) => Ok(choice),
            Ok(None) => Err(DecisionError::NoAction {
                bot: bot.name(),
                seat,
            }),
            Err(_) => Err(DecisionError::Panicked(bot.name())),
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
