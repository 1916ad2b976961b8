//! A game loaded cold from its store record and action log (by replay) is the
//! game that was played: what a restart or another replica sees.

use std::sync::Arc;

use satrap_catalog::ActionInput;
use satrap_server::auth::Caller;
use satrap_server::proto;
use satrap_server::{Hub, Limits};
use satrap_store::{GameStore, MemoryStore};
use tokio::sync::watch;

#[tokio::test]
async fn a_second_hub_on_the_same_store_rebuilds_the_game() {
    let store: Arc<dyn GameStore> = Arc::new(MemoryStore::new(10));
    let (_stop, stopped) = watch::channel(false);
    let first = Hub::new(store.clone(), Limits::default(), stopped.clone());
    let seats = (0..3)
        .map(|i| proto::SeatRequest {
            name: format!("p{i}"),
            bot: String::new(),
            ..Default::default()
        })
        .collect();
    let created = first
        .create(proto::CreateGameRequest {
            game_type: "king_of_siam".into(),
            seats,
            seed: Some(99),
            options: None,
            ..Default::default()
        })
        .await
        .expect("create");
    let id = created.game_id.clone();
    for i in 0..25 {
        let snap = first.get(&id, Caller::Spectator).await.expect("get");
        let seat = snap.to_act[0] as usize;
        let list = first
            .legal_actions(&id, Caller::Seat(seat))
            .await
            .expect("legal");
        let pick = &list.actions[i % list.actions.len()].notation;
        first
            .apply(
                &id,
                Caller::Seat(seat),
                Some(list.version),
                ActionInput::Notation(pick),
            )
            .await
            .expect("apply");
    }

    let second = Hub::new(store, Limits::default(), stopped);
    for viewer in [Caller::Spectator, Caller::Seat(0), Caller::Seat(2)] {
        let original = first.get(&id, viewer).await.expect("get");
        let rebuilt = second.get(&id, viewer).await.expect("load by replay");
        assert_eq!(rebuilt, original);
        assert_eq!(rebuilt.version, 25);
    }
    let original = first
        .history(&id, Caller::Spectator)
        .await
        .expect("history");
    let rebuilt = second
        .history(&id, Caller::Spectator)
        .await
        .expect("history");
    assert_eq!(rebuilt, original);
    // Tokens survive as hashes: the rebuilt hub still knows the seats.
    let token = &created.seats[1].token;
    assert_eq!(
        second.caller(&id, Some(token)).await.expect("caller"),
        Caller::Seat(1)
    );
}
