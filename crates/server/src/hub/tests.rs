//! The hub against the memory store, without gRPC: the core's promises
//! one call at a time (a move recorded once at its version, a refused one
//! changing nothing, the lobby's last seat starting the game, an abort
//! recorded once, private games hidden from strangers, ListGames paging).
//! The end-to-end suites in `tests/` check the same through the server.

use std::sync::Arc;

use tokio::sync::watch;

use super::{Hub, Limits};
use crate::auth::{Caller, Who};
use crate::error::ServiceError;
use crate::proto;
use satrap_catalog::ActionInput;
use satrap_store::{GameLog, MemoryStore};

fn hub() -> (Arc<Hub>, Arc<MemoryStore>, watch::Sender<bool>) {
    let (stop, shutdown) = watch::channel(false);
    let store = Arc::new(MemoryStore::new(1_000));
    (
        Hub::new(store.clone(), Limits::default(), shutdown),
        store,
        stop,
    )
}

/// A seeded two-player King of Siam game with `seats` (client seats when
/// empty names, open seats when `open`).
fn request(open: &[bool], private: bool) -> proto::CreateGameRequest {
    proto::CreateGameRequest {
        game_type: "king_of_siam".into(),
        seats: open
            .iter()
            .enumerate()
            .map(|(i, &open)| proto::SeatRequest {
                // An open seat is named by whoever takes it.
                name: if open { String::new() } else { format!("p{i}") },
                open,
                ..Default::default()
            })
            .collect(),
        seed: Some(7),
        private,
        ..Default::default()
    }
}

fn seat_token(created: &super::Created, seat: u32) -> Who {
    Who::Presented {
        token: Some(created.seats[seat as usize].token.clone()),
        admin: false,
    }
}

/// The first legal action of the seat to act, as that seat.
async fn first_move(hub: &Hub, created: &super::Created) -> (Who, String) {
    let snap = hub
        .get(&created.game_id, Caller::Spectator)
        .await
        .expect("get");
    let seat = snap.to_act[0];
    let legal = hub
        .legal_actions(&created.game_id, Caller::Seat(seat as usize))
        .await
        .expect("legal");
    (seat_token(created, seat), legal.actions[0].notation.clone())
}

#[tokio::test]
async fn a_move_is_recorded_once_at_its_version() {
    let (hub, store, _stop) = hub();
    let created = hub
        .create(request(&[false, false], false))
        .await
        .expect("create");
    let id = &created.game_id;
    let (who, notation) = first_move(&hub, &created).await;
    let done = hub
        .apply(id, who.clone(), Some(0), ActionInput::Notation(&notation))
        .await
        .expect("the move");
    assert_eq!(done.progress.expect("progress").version, 1);
    // The same move sent again at the old version: someone moved first.
    let again = hub
        .apply(id, who, Some(0), ActionInput::Notation(&notation))
        .await;
    assert!(
        matches!(again, Err(ServiceError::VersionMismatch { actual: 1, .. })),
        "{again:?}"
    );
    let stored = store.load(id).await.expect("load").expect("stored");
    assert_eq!(stored.actions.len(), 1);
    assert_eq!(stored.actions[0].notation, notation);
}

#[tokio::test]
async fn a_refused_move_changes_nothing() {
    let (hub, store, _stop) = hub();
    let created = hub
        .create(request(&[false, false], false))
        .await
        .expect("create");
    let id = &created.game_id;
    let (who, _) = first_move(&hub, &created).await;
    let refused = hub
        .apply(id, who, None, ActionInput::Notation("no such move"))
        .await;
    assert!(
        matches!(refused, Err(ServiceError::InvalidArgument(_))),
        "{refused:?}"
    );
    // A spectator may not move at all.
    let spectator = Who::Presented {
        token: None,
        admin: false,
    };
    let (_, notation) = first_move(&hub, &created).await;
    assert!(
        hub.apply(id, spectator, None, ActionInput::Notation(&notation))
            .await
            .is_err()
    );
    let stored = store.load(id).await.expect("load").expect("stored");
    assert!(stored.actions.is_empty());
    let snap = hub.get(id, Caller::Spectator).await.expect("get");
    assert_eq!(snap.version, 0);
}

#[tokio::test]
async fn the_last_open_seat_taken_starts_the_game() {
    let (hub, _store, _stop) = hub();
    let created = hub
        .create(request(&[false, true], false))
        .await
        .expect("create");
    let id = &created.game_id;
    let waiting = hub.get(id, Caller::Spectator).await.expect("get");
    assert_eq!(waiting.status, proto::GameStatus::Waiting as i32);
    let joined = hub
        .join(proto::JoinGameRequest {
            game_id: id.clone(),
            name: "late".into(),
            ..Default::default()
        })
        .await
        .expect("join");
    assert_eq!(joined.seat.expect("seat").seat, 1);
    let started = hub.get(id, Caller::Spectator).await.expect("get");
    assert_eq!(started.status, proto::GameStatus::InProgress as i32);
    // No seat is left to take.
    assert!(
        hub.join(proto::JoinGameRequest {
            game_id: id.clone(),
            ..Default::default()
        })
        .await
        .is_err()
    );
}

#[tokio::test]
async fn an_abort_is_recorded_once() {
    let (hub, store, _stop) = hub();
    let created = hub
        .create(request(&[false, false], false))
        .await
        .expect("create");
    let id = &created.game_id;
    let aborted = hub.abort(id, "key:root").await.expect("abort");
    assert_eq!(aborted.status, proto::GameStatus::Finished as i32);
    assert!(hub.abort(id, "key:root").await.is_err(), "aborted twice");
    let (who, notation) = (seat_token(&created, 0), "pass");
    assert!(
        hub.apply(id, who, None, ActionInput::Notation(notation))
            .await
            .is_err(),
        "a move after the abort"
    );
    let stored = store.load(id).await.expect("load").expect("stored");
    assert_eq!(stored.actions.len(), 1, "the abort is one log entry");
}

#[tokio::test]
async fn a_private_game_is_not_found_by_strangers() {
    let (hub, _store, _stop) = hub();
    let created = hub
        .create(request(&[false, false], true))
        .await
        .expect("create");
    let id = &created.game_id;
    let stranger = hub.caller(id, None).await;
    assert!(
        matches!(stranger, Err(ServiceError::GameNotFound(_))),
        "{stranger:?}"
    );
    let wrong = hub.caller(id, Some("not a token")).await;
    assert!(
        matches!(wrong, Err(ServiceError::GameNotFound(_))),
        "{wrong:?}"
    );
    assert_eq!(
        hub.caller(id, Some(&created.spectator_token))
            .await
            .expect("spectator"),
        Caller::Spectator
    );
    assert_eq!(
        hub.caller(id, Some(&created.seats[1].token))
            .await
            .expect("seat"),
        Caller::Seat(1)
    );
    assert_eq!(
        hub.caller_as(id, None, true).await.expect("admin"),
        Caller::Spectator
    );
    // Not listed but for an admin.
    let listed = |show_private| {
        let hub = hub.clone();
        async move {
            hub.list_games_as(
                proto::ListGamesRequest {
                    page_size: 100,
                    ..Default::default()
                },
                show_private,
            )
            .await
            .expect("list")
            .games
        }
    };
    assert!(listed(false).await.iter().all(|g| &g.game_id != id));
    assert!(listed(true).await.iter().any(|g| &g.game_id == id));
}

#[tokio::test]
async fn list_games_pages_only_with_tokens_it_gave() {
    let (hub, _store, _stop) = hub();
    for _ in 0..5 {
        hub.create(request(&[false, false], false))
            .await
            .expect("create");
    }
    let mut seen = Vec::new();
    let mut token = String::new();
    loop {
        let page = hub
            .list_games(proto::ListGamesRequest {
                page_size: 2,
                page_token: token.clone(),
                ..Default::default()
            })
            .await
            .expect("page");
        assert!(page.games.len() <= 2);
        seen.extend(page.games.into_iter().map(|g| g.game_id));
        if page.next_page_token.is_empty() {
            break;
        }
        token = page.next_page_token;
    }
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), 5, "every game once");
    for bad in ["1.x", "+1", &format!("{token}0")] {
        let refused = hub
            .list_games(proto::ListGamesRequest {
                page_token: bad.into(),
                ..Default::default()
            })
            .await;
        assert!(
            matches!(refused, Err(ServiceError::InvalidArgument(_))),
            "{bad}: {refused:?}"
        );
    }
}
