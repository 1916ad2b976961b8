//! One way to wrap a store: a [`Layer`] forwards every call of every role
//! to the store inside it, through a hook ([`Around`]) that sees each call
//! from start to end.
//!
//! Why: the server times commits (`observed`), the PostgreSQL store puts a
//! deadline on every call (`deadline`), and the scale bench swaps out the
//! log; each used to forward the whole trait by hand, one signature per
//! method, three times over. Now the methods are listed once, in
//! `store_methods!` below, and everything that forwards is written from
//! that list: the [`Call`] names, the layer's impls of every role, and
//! [`forward!`](crate::forward) for a wrapper that replaces some roles and
//! passes the others on.
//!
//! A new store method is added in its role trait (`roles`), in each
//! backend, and in this list.

use std::future::Future;
use std::sync::Arc;

use crate::{LobbyError, StoreError};

/// The error of a store call, as a hook sees it: a lobby call's error may
/// be the store's or the lobby's own answer.
pub trait CallError: From<StoreError> + Send + 'static {
    /// The store's error inside, if it is one.
    fn store_error(&self) -> Option<&StoreError>;
}

impl CallError for StoreError {
    fn store_error(&self) -> Option<&StoreError> {
        Some(self)
    }
}

impl CallError for LobbyError {
    fn store_error(&self) -> Option<&StoreError> {
        match self {
            LobbyError::Store(e) => Some(e),
            _ => None,
        }
    }
}

/// What a [`Layer`] does around each call of the store inside it (the
/// calls that return at once, such as `kind` or `notices`, are passed on
/// without it).
pub trait Around: Send + Sync + 'static {
    /// Run `call` (the inner store's answer to `which`) and answer for it.
    fn around<T: Send, E: CallError>(
        &self,
        which: Call,
        call: impl Future<Output = Result<T, E>> + Send,
    ) -> impl Future<Output = Result<T, E>> + Send;
}

/// The store `inner`, every call of it passed through `hook`. A layer is a
/// [`GameStore`](crate::GameStore) when `inner` is; `inner` may be a
/// backend or `dyn GameStore`.
pub struct Layer<S: ?Sized, H> {
    pub(crate) inner: Arc<S>,
    pub(crate) hook: H,
}

impl<S: ?Sized, H> Layer<S, H> {
    /// `inner` with every call passed through `hook`.
    pub fn around(inner: Arc<S>, hook: H) -> Self {
        Self { inner, hook }
    }

    /// The hook (tests read their counts from it).
    pub fn hook(&self) -> &H {
        &self.hook
    }

    /// The store inside.
    pub fn inner(&self) -> &Arc<S> {
        &self.inner
    }
}

/// The one list of the store's methods, by role: each async method with
/// the name of its [`Call`], then the methods that answer at once. Handed
/// to `store_impls!` in one of its modes (`layer`, `forward`, `calls`).
#[doc(hidden)]
#[macro_export]
macro_rules! __store_methods {
    (GameLog $($mode:tt)*) => { $crate::__store_impls! { [$($mode)*] GameLog {
        Create create(record: &$crate::GameRecord) -> Result<(), $crate::StoreError>;
        Load load(id: &str) -> Result<Option<$crate::StoredGame>, $crate::StoreError>;
        Append append(
            id: &str,
            version: u64,
            actions: &[$crate::LoggedAction],
            commit: &$crate::Commit<'_>
        ) -> Result<(), $crate::StoreError>;
        ActionsSince actions_since(id: &str, from: u64)
            -> Result<Vec<$crate::LoggedAction>, $crate::StoreError>;
        Head head(id: &str) -> Result<Option<$crate::Head>, $crate::StoreError>;
        List list(query: &$crate::ListQuery)
            -> Result<Vec<$crate::GameSummary>, $crate::StoreError>;
        Expire expire(expiry: $crate::Expiry) -> Result<Vec<String>, $crate::StoreError>;
        Delete delete(id: &str) -> Result<bool, $crate::StoreError>;
        Flush flush() -> Result<(), $crate::StoreError>;
    } {
        kind() -> &'static str;
        shared() -> bool;
        notices() -> Option<$crate::__tokio::sync::broadcast::Receiver<$crate::Notice>>;
        faults() -> Option<$crate::__tokio::sync::watch::Receiver<Option<String>>>;
    } } };
    (Lobby $($mode:tt)*) => { $crate::__store_impls! { [$($mode)*] Lobby {
        Seats seats(id: &str) -> Result<Vec<$crate::SeatRecord>, $crate::StoreError>;
        Resign resign(id: &str, seat: usize, bot: &str) -> Result<(), $crate::StoreError>;
        Join join(id: &str, seat: Option<usize>, taker: &$crate::JoinSeat, now_ms: u64)
            -> Result<$crate::Joined, $crate::LobbyError>;
        Leave leave(id: &str, seat: usize, holder: [u8; 32]) -> Result<(), $crate::LobbyError>;
        FillOpenSeats fill_open_seats(id: &str, bot: &$crate::SeatBot, now_ms: u64)
            -> Result<bool, $crate::StoreError>;
        StartedAt started_at(id: &str) -> Result<Option<u64>, $crate::StoreError>;
        LiveBotGames live_bot_games(owner: &str) -> Result<u64, $crate::StoreError>;
    } {} } };
    (Tokens $($mode:tt)*) => { $crate::__store_impls! { [$($mode)*] Tokens {
        SetToken set_token(id: &str, seat: usize, hash: [u8; 32], replacing: Option<[u8; 32]>)
            -> Result<(), $crate::StoreError>;
    } {} } };
    (RatedPlay $($mode:tt)*) => { $crate::__store_impls! { [$($mode)*] RatedPlay {
        Ratings ratings(game_type: &str, player_ids: &[String])
            -> Result<Vec<$crate::PlayerRating>, $crate::StoreError>;
        Leaderboard leaderboard(game_type: &str, offset: u64, limit: usize)
            -> Result<Vec<$crate::PlayerRating>, $crate::StoreError>;
        EventsAfter events_after(after: u64, owner: Option<&str>, limit: usize)
            -> Result<Vec<$crate::Event>, $crate::StoreError>;
        FeedHead feed_head() -> Result<u64, $crate::StoreError>;
        Enqueue enqueue(ticket: &$crate::Ticket, lease: &$crate::Lease<'_>)
            -> Result<(), $crate::StoreError>;
        HoldTickets hold_tickets(ids: &[String], lease: &$crate::Lease<'_>)
            -> Result<Vec<$crate::TicketState>, $crate::StoreError>;
        Dequeue dequeue(id: &str) -> Result<(), $crate::StoreError>;
        Queue queue(now_ms: u64) -> Result<Vec<$crate::Ticket>, $crate::StoreError>;
        Undelivered undelivered(now_ms: u64)
            -> Result<Vec<$crate::Undelivered>, $crate::StoreError>;
        CreateMatch create_match(
            record: &$crate::GameRecord,
            seats: &[$crate::MatchSeat],
            now_ms: u64
        ) -> Result<bool, $crate::StoreError>;
    } {
        feed_notices() -> Option<$crate::__tokio::sync::watch::Receiver<u64>>;
    } } };
    (Leases $($mode:tt)*) => { $crate::__store_impls! { [$($mode)*] Leases {
        ClaimDue claim_due(lease: &$crate::Lease<'_>, limit: usize)
            -> Result<Vec<String>, $crate::StoreError>;
        Lease lease(id: &str, lease: &$crate::Lease<'_>) -> Result<bool, $crate::StoreError>;
        Settle settle(id: &str, lease: &$crate::Lease<'_>, at: $crate::Head, due_at_ms: Option<u64>)
            -> Result<bool, $crate::StoreError>;
        ReleaseLeases release_leases(owner: &str) -> Result<u64, $crate::StoreError>;
        Cursor cursor(name: &str, lease: &$crate::Lease<'_>)
            -> Result<Option<u64>, $crate::StoreError>;
        AdvanceCursor advance_cursor(name: &str, owner: &str, to: u64)
            -> Result<bool, $crate::StoreError>;
    } {} } };
    (Tournaments $($mode:tt)*) => { $crate::__store_impls! { [$($mode)*] Tournaments {
        CreateTournament create_tournament(record: &$crate::TournamentRecord)
            -> Result<(), $crate::StoreError>;
        LoadTournament load_tournament(id: &str)
            -> Result<Option<$crate::TournamentRecord>, $crate::StoreError>;
        ListTournaments list_tournaments(query: &$crate::TournamentQuery)
            -> Result<Vec<$crate::TournamentRecord>, $crate::StoreError>;
        SaveTournament save_tournament(id: &str, version: u64, save: &$crate::TournamentSave<'_>)
            -> Result<(), $crate::StoreError>;
    } {
        tournament_notices()
            -> Option<$crate::__tokio::sync::broadcast::Receiver<$crate::TournamentNotice>>;
    } } };
    (Talk $($mode:tt)*) => { $crate::__store_impls! { [$($mode)*] Talk {
        AddTalk add_talk(id: &str, talk: &$crate::NewTalk<'_>) -> Result<u64, $crate::StoreError>;
        TalkSince talk_since(id: &str, after: u64)
            -> Result<Vec<$crate::TalkEntry>, $crate::StoreError>;
    } {} } };
}

/// What is written from the list, by mode: `layer` (the [`Layer`] impl of
/// a role), `forward TYPE, FIELD` (a role of TYPE passed to its field),
/// `calls [DONE] [NEXT ROLES]` (the [`Call`] enum, gathered role by role).
#[doc(hidden)]
#[macro_export]
macro_rules! __store_impls {
    ([layer] $role:ident {
        $($call:ident $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty;)*
    } {
        $($now:ident($($now_arg:ident: $now_ty:ty),*) -> $now_ret:ty;)*
    }) => {
        #[$crate::__async_trait]
        impl<S, H> $crate::$role for $crate::layer::Layer<S, H>
        where
            S: $crate::$role + ?Sized,
            H: $crate::layer::Around,
        {
            $(async fn $name(&self, $($arg: $ty),*) -> $ret {
                $crate::layer::Around::around(
                    &self.hook,
                    $crate::layer::Call::$call,
                    <S as $crate::$role>::$name(&self.inner, $($arg),*),
                )
                .await
            })*
            $(fn $now(&self, $($now_arg: $now_ty),*) -> $now_ret {
                <S as $crate::$role>::$now(&self.inner, $($now_arg),*)
            })*
        }
    };
    ([forward $t:ty, $field:ident] $role:ident {
        $($call:ident $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty;)*
    } {
        $($now:ident($($now_arg:ident: $now_ty:ty),*) -> $now_ret:ty;)*
    }) => {
        #[$crate::__async_trait]
        impl $crate::$role for $t {
            $(async fn $name(&self, $($arg: $ty),*) -> $ret {
                $crate::$role::$name(&self.$field, $($arg),*).await
            })*
            $(fn $now(&self, $($now_arg: $now_ty),*) -> $now_ret {
                $crate::$role::$now(&self.$field, $($now_arg),*)
            })*
        }
    };
    ([calls [$($done:ident $done_name:ident)*] [$next:ident $($rest:ident)*]] $role:ident {
        $($call:ident $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty;)*
    } $now:tt) => {
        $crate::__store_methods! {
            $next calls [$($done $done_name)* $($call $name)*] [$($rest)*]
        }
    };
    ([calls [$($done:ident $done_name:ident)*] []] $role:ident {
        $($call:ident $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty;)*
    } $now:tt) => {
        /// A store call that waits for its answer, by the method's name:
        /// what an [`Around`] hook is told.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Call {
            $($done,)*
            $($call,)*
        }

        impl Call {
            /// The method's name (`append`, `head`, ...).
            pub fn name(self) -> &'static str {
                match self {
                    $(Self::$done => stringify!($done_name),)*
                    $(Self::$call => stringify!($name),)*
                }
            }
        }
    };
}

/// Implement the named roles of a wrapper type by passing every call to
/// one of its fields: `forward!(LogFree => inner: Lobby, Tokens)`. The
/// wrapper writes the roles it changes itself.
#[macro_export]
macro_rules! forward {
    ($t:ty => $field:ident: $($role:ident),+ $(,)?) => {
        $($crate::__store_methods! { $role forward $t, $field })+
    };
}

crate::__store_methods! { GameLog calls [] [Lobby Tokens RatedPlay Leases Tournaments Talk] }
crate::__store_methods! { GameLog layer }
crate::__store_methods! { Lobby layer }
crate::__store_methods! { Tokens layer }
crate::__store_methods! { RatedPlay layer }
crate::__store_methods! { Leases layer }
crate::__store_methods! { Tournaments layer }
crate::__store_methods! { Talk layer }

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;
    use crate::{GameLog, GameStore, MemoryStore, contract};

    /// Remembers the name of every call it saw.
    #[derive(Default)]
    struct Names(Mutex<Vec<&'static str>>);

    impl Around for Names {
        async fn around<T: Send, E: CallError>(
            &self,
            which: Call,
            call: impl Future<Output = Result<T, E>> + Send,
        ) -> Result<T, E> {
            let answer = call.await;
            self.0.lock().map(|mut v| v.push(which.name())).ok();
            answer
        }
    }

    #[tokio::test]
    async fn a_layer_passes_every_call_through_its_hook() -> Result<(), String> {
        let layer = Layer::around(Arc::new(MemoryStore::new(10)), Names::default());
        contract::check_store(&layer, "l").await?;
        let seen = layer.hook().0.lock().map(|v| v.clone()).unwrap_or_default();
        for name in ["create", "load", "append", "actions_since", "head", "list"] {
            assert!(seen.contains(&name), "{name} not seen in {seen:?}");
        }
        // The calls that answer at once are the inner store's.
        assert_eq!(layer.kind(), "memory");
        Ok(())
    }

    #[tokio::test]
    async fn a_lobby_refusal_reaches_the_caller_unchanged() {
        let layer = Layer::around(Arc::new(MemoryStore::new(10)), Names::default());
        let store: &dyn GameStore = &layer;
        let taker = crate::JoinSeat {
            name: "x".into(),
            player_id: String::new(),
            token_hash: [1; 32],
            invite_hash: None,
        };
        let answer = store.join("missing", None, &taker, 1).await;
        assert!(
            matches!(answer, Err(LobbyError::Store(StoreError::NotFound(_)))),
            "{answer:?}"
        );
        let seen = layer.hook().0.lock().map(|v| v.clone()).unwrap_or_default();
        assert_eq!(seen, ["join"]);
    }

    #[test]
    fn every_call_is_named_as_its_method() {
        assert_eq!(Call::Append.name(), "append");
        assert_eq!(Call::ActionsSince.name(), "actions_since");
        assert_eq!(Call::AdvanceCursor.name(), "advance_cursor");
    }
}
