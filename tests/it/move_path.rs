//! What one move costs the store: on a shared store (several replicas) the
//! move path identifies the caller, checks the store's head and commits
//! under one lock of the game, so a move reads the head once and appends
//! once. (Identifying the caller first, under a lock of its own, read the
//! head twice and let a stale token through between the two.)

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use satrap_catalog::ActionInput;
use satrap_server::auth::{Caller, Who};
use satrap_server::proto;
use satrap_server::{Hub, Limits};
use satrap_store::observed::{Call, Observed, Observer};
use satrap_store::{GameStore, MemoryStore};
use tokio::sync::watch;

/// Counts the store calls it is told about.
#[derive(Default)]
struct Counts {
    head: AtomicUsize,
    append: AtomicUsize,
    settle: AtomicUsize,
}

impl Observer for Counts {
    fn observed(&self, call: Call, _took: Duration) {
        match call {
            Call::Head => self.head.fetch_add(1, Ordering::SeqCst),
            Call::Append => self.append.fetch_add(1, Ordering::SeqCst),
            Call::Settle => self.settle.fetch_add(1, Ordering::SeqCst),
            _ => 0,
        };
    }
}

#[tokio::test]
async fn a_move_reads_the_head_once_and_appends_once_on_a_shared_store() {
    let observed = Arc::new(Observed::new(
        Arc::new(MemoryStore::new_shared(10)),
        Counts::default(),
    ));
    let store: Arc<dyn GameStore> = observed.clone();
    let (_stop, stopped) = watch::channel(false);
    let hub = Hub::new(store, Limits::default(), stopped);
    let created = hub
        .create(proto::CreateGameRequest {
            game_type: "king_of_siam".into(),
            seats: (0..2)
                .map(|i| proto::SeatRequest {
                    name: format!("p{i}"),
                    ..Default::default()
                })
                .collect(),
            seed: Some(3),
            ..Default::default()
        })
        .await
        .expect("create");
    let id = created.game_id;
    let counts = observed.observer();
    // A new game is stored as due now, and its actor settles it in the
    // background (reading the head first). Let that finish so that only
    // the moves' own reads are counted below.
    let settled = tokio::time::timeout(Duration::from_secs(10), async {
        while counts.settle.load(Ordering::SeqCst) == 0 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    })
    .await;
    assert!(settled.is_ok(), "the new game was never settled");
    let mut moves = 0;
    loop {
        let snap = hub.get(&id, Caller::Spectator).await.expect("get");
        let Some(&seat) = snap.to_act.first() else {
            break;
        };
        let seat = seat as usize;
        let list = hub
            .legal_actions(&id, Caller::Seat(seat))
            .await
            .expect("legal");
        let token = created.seats[seat].token.clone();
        let (heads, appends) = (
            counts.head.load(Ordering::SeqCst),
            counts.append.load(Ordering::SeqCst),
        );
        hub.apply(
            &id,
            Who::Presented {
                token: Some(token),
                admin: false,
            },
            Some(list.version),
            ActionInput::Notation(&list.actions[0].notation),
        )
        .await
        .expect("apply");
        assert_eq!(
            counts.head.load(Ordering::SeqCst) - heads,
            1,
            "head reads per move"
        );
        assert_eq!(
            counts.append.load(Ordering::SeqCst) - appends,
            1,
            "appends per move"
        );
        moves += 1;
    }
    assert!(moves >= 10, "a game of {moves} moves");
}
