//! The hub against the memory store, without gRPC: the core's promises
//! one call at a time (a move recorded once at its version, a refused one
//! changing nothing, the lobby's last seat starting the game, an abort
//! recorded once, private games hidden from strangers, ListGames paging).
//! The end-to-end suites in `tests/` check the same through the server.

use std::sync::Arc;

use futures_util::StreamExt;
use tokio::sync::watch;

use super::{Hub, Limits};
use crate::access::Scope;
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
        .create_for(request(&[false, false], true), "key:maker")
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
    // Listed for an admin and the key that made it, for nobody else.
    let listed = |scope: Scope| {
        let hub = hub.clone();
        async move {
            hub.list_games_as(
                proto::ListGamesRequest {
                    page_size: 100,
                    ..Default::default()
                },
                &scope,
            )
            .await
            .expect("list")
            .games
        }
    };
    assert!(listed(Scope::Public).await.iter().all(|g| &g.game_id != id));
    let other = Scope::Owner("key:other".into());
    assert!(listed(other).await.iter().all(|g| &g.game_id != id));
    assert!(listed(Scope::All).await.iter().any(|g| &g.game_id == id));
    let maker = Scope::Owner("key:maker".into());
    assert!(listed(maker).await.iter().any(|g| &g.game_id == id));
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

// The actor: one owner per live game.

/// A new two-client game: its id, and the first legal move with the token
/// of the seat to make it.
async fn two_clients(hub: &Hub) -> (String, Who, String) {
    let created = hub
        .create(request(&[false, false], false))
        .await
        .expect("create");
    let (who, notation) = first_move(hub, &created).await;
    (created.game_id, who, notation)
}

/// A hub whose directory keeps at most `max_cached` games.
fn hub_caching(max_cached: usize) -> (Arc<Hub>, watch::Sender<bool>) {
    let (stop, shutdown) = watch::channel(false);
    let store = Arc::new(MemoryStore::new(10_000));
    let limits = Limits {
        max_cached_games: max_cached,
        ..Limits::default()
    };
    (Hub::new(store, limits, shutdown), stop)
}

/// Two random bots playing King of Siam from creation.
fn bot_game() -> proto::CreateGameRequest {
    proto::CreateGameRequest {
        game_type: "king_of_siam".into(),
        seats: (0..2)
            .map(|_| proto::SeatRequest {
                bot: "random".into(),
                ..Default::default()
            })
            .collect(),
        seed: Some(11),
        ..Default::default()
    }
}

#[tokio::test]
async fn a_move_whose_caller_gives_up_is_still_recorded() {
    let (hub, store, _stop) = hub();
    let (id, who, notation) = two_clients(&hub).await;
    // The call is polled until its command is in the actor's mailbox, then
    // dropped, as tonic drops a cancelled request.
    {
        let call = hub.apply(&id, who, Some(0), ActionInput::Notation(&notation));
        tokio::pin!(call);
        let polled = tokio::time::timeout(std::time::Duration::from_millis(1), &mut call).await;
        drop(polled);
    }
    // The actor finishes the move whatever the caller did.
    let mut version = 0;
    for _ in 0..200 {
        version = hub.get(&id, Caller::Spectator).await.expect("get").version;
        if version == 1 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    assert_eq!(version, 1, "the accepted move was recorded");
    let stored = store.load(&id).await.expect("load").expect("stored");
    assert_eq!(stored.actions.len(), 1);
}

#[tokio::test]
async fn parallel_moves_on_one_game_are_taken_one_at_a_time() {
    let (hub, store, _stop) = hub();
    let (id, who, notation) = two_clients(&hub).await;
    let calls = (0..16).map(|_| {
        let (hub, id, who, notation) = (hub.clone(), id.clone(), who.clone(), notation.clone());
        tokio::spawn(async move {
            hub.apply(&id, who, Some(0), ActionInput::Notation(&notation))
                .await
        })
    });
    let mut won = 0;
    for call in calls.collect::<Vec<_>>() {
        match call.await.expect("joined") {
            Ok(_) => won += 1,
            Err(ServiceError::VersionMismatch { actual: 1, .. }) => {}
            Err(e) => panic!("unexpected {e:?}"),
        }
    }
    assert_eq!(won, 1, "exactly one move at version 0");
    let stored = store.load(&id).await.expect("load").expect("stored");
    assert_eq!(stored.actions.len(), 1);
}

#[tokio::test]
async fn a_game_with_work_is_never_evicted_and_finishes_without_a_caller() {
    // A directory of one: creating a second game would evict the first if
    // nothing held it, but its actor holds it while its bots have moves.
    let (hub, _stop) = hub_caching(1);
    let bots = hub.create(bot_game()).await.expect("bots");
    let other = hub
        .create(request(&[false, false], false))
        .await
        .expect("other");
    assert!(
        hub.cached(&bots.game_id).is_some(),
        "kept while it has work"
    );
    finished_version(&hub, &bots.game_id).await;
    drop(other);
}

/// Waits until the bots have played game `id` to its end (10 s at most);
/// its last version.
async fn finished_version(hub: &Hub, id: &str) -> u64 {
    for _ in 0..2_000 {
        let snap = hub.get(id, Caller::Spectator).await.expect("get");
        if snap.status == proto::GameStatus::Finished as i32 {
            return snap.version;
        }
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    panic!("the bots did not play the game to its end");
}

#[tokio::test]
async fn an_idle_game_nobody_holds_is_evicted_and_its_actor_stops() {
    let (hub, _stop) = hub_caching(1);
    let first = hub
        .create(request(&[false, false], false))
        .await
        .expect("first");
    let handle = hub.cached(&first.game_id).expect("cached");
    // The game's shared part lives as long as its actor does.
    let game = Arc::downgrade(&handle.game);
    drop(handle);
    hub.create(request(&[false, false], false))
        .await
        .expect("second");
    assert!(hub.cached(&first.game_id).is_none(), "evicted");
    // The last handle gone, its mailbox closes and the actor ends.
    let mut stopped = false;
    for _ in 0..500 {
        if game.upgrade().is_none() {
            stopped = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(2)).await;
    }
    assert!(stopped, "the evicted game's actor stopped");
    // Asked again, the game is loaded by replay.
    let snap = hub
        .get(&first.game_id, Caller::Spectator)
        .await
        .expect("reloaded");
    assert_eq!(snap.version, 0);
}

#[tokio::test]
async fn a_watcher_subscribed_by_the_actor_misses_no_version() {
    let (hub, _stop) = hub_caching(100);
    let created = hub.create(bot_game()).await.expect("bots");
    let id = created.game_id.clone();
    let mut stream = spectate(&hub, &id, 0).await;
    let mut next = 0u64;
    let mut over = false;
    while let Ok(Some(sent)) =
        tokio::time::timeout(std::time::Duration::from_secs(20), stream.next()).await
    {
        let update = sent.expect("update").to_update().expect("decodes");
        assert_eq!(update.version, next, "versions in order, none missed");
        next += 1;
        if update
            .snapshot
            .is_some_and(|s| s.status == proto::GameStatus::Finished as i32)
        {
            over = true;
            break;
        }
    }
    assert!(over, "the stream followed the game to its end (at {next})");
}

#[tokio::test]
async fn a_watcher_that_stops_reading_catches_up_by_replay_and_misses_no_version() {
    let (hub, _stop) = hub_caching(100);
    let created = hub
        .create(proto::CreateGameRequest {
            game_type: "alexandros".into(),
            ..bot_game()
        })
        .await
        .expect("bots");
    let id = created.game_id.clone();
    let mut stream = spectate(&hub, &id, 0).await;
    // The stream is not read while the bots play to the end: it falls
    // behind the broadcast by far more frames than it holds for a watcher.
    let end = finished_version(&hub, &id).await;
    assert!(
        end > 2 * super::cache::UPDATE_CAPACITY as u64,
        "the game is long enough to lag behind the broadcast ({end} versions)"
    );
    let mut next = 0u64;
    loop {
        let sent = tokio::time::timeout(std::time::Duration::from_secs(20), stream.next())
            .await
            .unwrap_or_else(|_| panic!("the stream neither sent nor ended after version {next}"));
        let Some(sent) = sent else { break };
        let update = sent.expect("update").to_update().expect("decodes");
        assert_eq!(
            update.version, next,
            "versions in order, none missed or twice"
        );
        next += 1;
    }
    assert_eq!(
        next,
        end + 1,
        "every version up to the end, then the stream ended"
    );
}

/// A spectator's stream of game `id` from version `from` on.
async fn spectate(hub: &Hub, id: &str, from: u64) -> super::watch::WatchStream {
    hub.watch(id, Caller::Spectator, from, super::WatchMode::default())
        .await
        .expect("watch")
}

/// The next thing `stream` sends: its next update or status, or `None`
/// once it has ended (fails if it does neither within 5 s).
async fn next_sent(stream: &mut super::watch::WatchStream) -> Option<super::watch::Sent> {
    tokio::time::timeout(std::time::Duration::from_secs(5), stream.next())
        .await
        .expect("the stream sent or ended in time")
}

/// `stream`'s next message is the status `code`, and then it ends.
async fn ends_with(stream: &mut super::watch::WatchStream, code: tonic::Code) {
    let status = next_sent(stream)
        .await
        .expect("a status")
        .expect_err("a status, not an update");
    assert_eq!(status.code(), code, "{status}");
    assert!(next_sent(stream).await.is_none(), "then the stream ends");
}

#[tokio::test]
async fn a_watch_stream_ends_with_unavailable_when_the_server_shuts_down() {
    let (hub, _store, stop) = hub();
    let (id, _, _) = two_clients(&hub).await;
    let mut stream = spectate(&hub, &id, 1).await;
    stop.send(true).expect("shutdown");
    ends_with(&mut stream, tonic::Code::Unavailable).await;
}

#[tokio::test]
async fn a_watch_stream_ends_with_not_found_when_its_game_is_deleted() {
    let (hub, _store, _stop) = hub();
    let (id, _, _) = two_clients(&hub).await;
    let mut stream = spectate(&hub, &id, 0).await;
    let first = next_sent(&mut stream)
        .await
        .expect("version 0")
        .expect("an update");
    assert_eq!(first.to_update().expect("decodes").version, 0);
    hub.delete(&id).await.expect("delete");
    ends_with(&mut stream, tonic::Code::NotFound).await;
}

#[tokio::test]
async fn a_seats_stream_ends_once_its_token_is_rotated() {
    let (hub, _store, _stop) = hub();
    let created = hub
        .create(request(&[false, false], false))
        .await
        .expect("create");
    let (who, notation) = first_move(&hub, &created).await;
    let mut stream = hub
        .watch(
            &created.game_id,
            who.clone(),
            1,
            super::WatchMode::default(),
        )
        .await
        .expect("watch");
    let new = hub
        .rotate_token(&created.game_id, who)
        .await
        .expect("rotate");
    let who = Who::Presented {
        token: Some(new.token),
        admin: false,
    };
    // The next version is not sent to the holder of the old token.
    hub.apply(
        &created.game_id,
        who,
        Some(0),
        ActionInput::Notation(&notation),
    )
    .await
    .expect("a move with the new token");
    ends_with(&mut stream, tonic::Code::Unauthenticated).await;
}

/// A hub whose actors park their game after `after` with nothing to do.
fn hub_parking(after: std::time::Duration) -> (Arc<Hub>, Arc<MemoryStore>, watch::Sender<bool>) {
    let (stop, shutdown) = watch::channel(false);
    let store = Arc::new(MemoryStore::new(1_000));
    let limits = Limits {
        park_after: after,
        ..Limits::default()
    };
    (Hub::new(store.clone(), limits, shutdown), store, stop)
}

fn is_parked(hub: &Hub, id: &str) -> bool {
    let live = hub.cached(id).expect("cached");
    let slot = live.mailbox.lock().expect("mailbox");
    matches!(&*slot, super::cache::Mailbox::Parked(_))
}

#[tokio::test]
async fn an_idle_actor_parks_its_game_and_the_next_command_wakes_it() {
    let (hub, store, _stop) = hub_parking(std::time::Duration::from_millis(20));
    let (id, who, notation) = two_clients(&hub).await;
    let mut parked = false;
    for _ in 0..200 {
        if is_parked(&hub, &id) {
            parked = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    assert!(parked, "an idle game is parked");
    // A watcher opened before the park sees the move made after it.
    let mut stream = spectate(&hub, &id, 1).await;
    hub.apply(&id, who, Some(0), ActionInput::Notation(&notation))
        .await
        .expect("a parked game takes a move");
    assert!(!is_parked(&hub, &id), "the move woke it");
    let sent = tokio::time::timeout(std::time::Duration::from_secs(5), stream.next())
        .await
        .expect("in time")
        .expect("open")
        .expect("update");
    assert_eq!(sent.to_update().expect("decodes").version, 1);
    let stored = store.load(&id).await.expect("load").expect("stored");
    assert_eq!(stored.actions.len(), 1);
}

#[tokio::test]
async fn calls_racing_an_actor_that_parks_are_all_answered() {
    // Parking after 1 ms: most of these calls meet an actor parking or
    // parked, and each must be answered, none lost to a closing mailbox.
    let (hub, _store, _stop) = hub_parking(std::time::Duration::from_millis(1));
    let (id, _, _) = two_clients(&hub).await;
    let calls = (0..64).map(|i| {
        let (hub, id) = (hub.clone(), id.clone());
        tokio::spawn(async move {
            tokio::time::sleep(std::time::Duration::from_micros(300 * (i % 8))).await;
            hub.get(&id, Caller::Spectator).await
        })
    });
    for call in calls.collect::<Vec<_>>() {
        let snap = call.await.expect("joined").expect("answered");
        assert_eq!(snap.version, 0);
    }
}

#[tokio::test]
async fn a_finished_game_parks_without_its_state_and_wakes_the_same() {
    let (hub, _store, _stop) = hub_parking(std::time::Duration::from_millis(20));
    let created = hub.create(bot_game()).await.expect("bots");
    let id = created.game_id.clone();
    let mut before = None;
    for _ in 0..2_000 {
        let snap = hub.get(&id, Caller::Spectator).await.expect("get");
        if snap.status == proto::GameStatus::Finished as i32 {
            before = Some(snap);
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    let before = before.expect("the bots finished the game");
    let mut asleep = false;
    for _ in 0..200 {
        let live = hub.cached(&id).expect("cached");
        asleep = matches!(
            &*live.mailbox.lock().expect("mailbox"),
            super::cache::Mailbox::Parked(super::cache::Parked::Finished(_))
        );
        if asleep {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    assert!(asleep, "a finished game parks as its log");
    // Woken by replay: the same game, to the byte.
    let after = hub.get(&id, Caller::Spectator).await.expect("woken");
    assert_eq!(
        prost::Message::encode_to_vec(&after),
        prost::Message::encode_to_vec(&before)
    );
}
