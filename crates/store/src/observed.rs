//! A store seen from above: every call is forwarded to the backend, and an
//! [`Observer`] is told of each call with how long it took.
//!
//! Why: the store is below the server and must not know about metrics (it
//! used to call the telemetry module from each backend's append). The
//! server wraps whatever store it opened in an `Observed` whose observer
//! times the commits; tests wrap one whose observer counts calls (a move
//! must cost one head query on a shared store, not two). The forwarding is
//! the generic [`Layer`]'s; this module is only the timing.

use std::future::Future;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::GameStore;
use crate::layer::{Around, CallError, Layer};

pub use crate::layer::Call;

/// Told about each call when it ends, whatever its outcome.
pub trait Observer: Send + Sync + 'static {
    fn observed(&self, call: Call, took: Duration);
}

/// The hook that times each call for an [`Observer`].
pub struct Timed<O>(O);

impl<O: Observer> Around for Timed<O> {
    async fn around<T: Send, E: CallError>(
        &self,
        which: Call,
        call: impl Future<Output = Result<T, E>> + Send,
    ) -> Result<T, E> {
        let start = Instant::now();
        let answer = call.await;
        self.0.observed(which, start.elapsed());
        answer
    }
}

/// `inner` with `observer` told about its calls (see the module docs).
pub type Observed<O> = Layer<dyn GameStore, Timed<O>>;

impl<O: Observer> Layer<dyn GameStore, Timed<O>> {
    pub fn new(inner: Arc<dyn GameStore>, observer: O) -> Self {
        Layer::around(inner, Timed(observer))
    }

    /// The observer (tests read their counts from it).
    pub fn observer(&self) -> &O {
        &self.hook.0
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;
    use crate::{GameLog, MemoryStore, contract};

    #[derive(Default)]
    struct Seen(Mutex<Vec<Call>>);

    impl Observer for Seen {
        fn observed(&self, call: Call, _took: Duration) {
            self.0.lock().map(|mut v| v.push(call)).ok();
        }
    }

    #[tokio::test]
    async fn the_observer_is_told_of_each_call_and_the_store_keeps_its_contract()
    -> Result<(), String> {
        let observed = Observed::new(Arc::new(MemoryStore::new(10)), Seen::default());
        contract::check_store(&observed, "o").await?;
        let seen = observed
            .observer()
            .0
            .lock()
            .map(|v| v.clone())
            .unwrap_or_default();
        assert!(seen.contains(&Call::Append), "{seen:?}");
        assert!(seen.contains(&Call::Head), "{seen:?}");
        assert_eq!(observed.kind(), "memory");
        Ok(())
    }
}
