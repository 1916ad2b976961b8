//! Tournaments against the memory store, without gRPC: an owner that died
//! between making a table's game and saving the tournament leaves no
//! uncounted game, and owners wake on the follower's notices.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::watch;

use super::state::State;
use super::{TournamentConfig, Tournaments};
use crate::access::{Principal, Role};
use crate::hub::{Hub, Limits};
use crate::proto;
use satrap_store::{GameLog, ListQuery, MemoryStore, TournamentStatus, Tournaments as _};

fn organiser() -> Principal {
    Principal {
        owner: "key:org".into(),
        key: "org".into(),
        role: Some(Role::Creator),
        guest: false,
    }
}

fn setup() -> (Arc<Tournaments>, Arc<MemoryStore>, watch::Sender<bool>) {
    let (stop, shutdown) = watch::channel(false);
    let store = Arc::new(MemoryStore::new(1_000));
    let hub = Hub::new(store.clone(), Limits::default(), shutdown);
    let t = Tournaments::new(hub, TournamentConfig::default());
    (t, store, stop)
}

/// A one-round Swiss of two built-in random bots, started already.
async fn two_bots(t: &Tournaments) -> String {
    let settings = proto::TournamentSettings {
        name: "cup".into(),
        game_type: "king_of_siam".into(),
        players_per_table: 2,
        format: proto::TournamentFormat::Swiss as i32,
        rounds: 1,
        time_control: Some(proto::TimeControl {
            kind: Some(proto::time_control::Kind::PerMoveMs(10_000)),
        }),
        start_at_ms: satrap_store::now_ms(),
        ..Default::default()
    };
    let made = t
        .create(settings, &organiser(), false)
        .await
        .expect("created");
    for _ in 0..2 {
        let join = proto::JoinTournamentRequest {
            tournament_id: made.tournament_id.clone(),
            player_id: "bot:random".into(),
            ..Default::default()
        };
        t.join(&join, &organiser()).await.expect("joined");
    }
    made.tournament_id
}

async fn state(store: &MemoryStore, id: &str) -> (TournamentStatus, State) {
    let record = store
        .load_tournament(id)
        .await
        .expect("load")
        .expect("stored");
    (record.status, State::parse(&record.state).expect("state"))
}

#[tokio::test]
async fn a_game_made_by_an_owner_that_died_before_saving_it_is_adopted() {
    let (t, store, _stop) = setup();
    let id = two_bots(&t).await;
    // The first steps start it and pair round 1: a table without a game.
    for _ in 0..2 {
        assert_eq!(
            t.step(&id).await.expect("step"),
            super::drive::Step::Changed
        );
    }
    let (status, s) = state(&store, &id).await;
    assert_eq!(status, TournamentStatus::Running);
    let tables = s.tournament.as_ref().map_or(0, |t| t.tables().len());
    assert_eq!(tables, 1, "round 1 paired");
    assert!(s.games.iter().all(String::is_empty), "no game made yet");
    // An owner makes table 0's game and dies before saving it.
    let record = store
        .load_tournament(&id)
        .await
        .expect("load")
        .expect("stored");
    let settings = super::state::settings(&record).expect("settings");
    let tournament = s.tournament.as_ref().expect("started");
    let orphan = t
        .create_game(&record, &settings, &s.entries, tournament, 0)
        .await
        .expect("made");
    // The next owner's steps place that game instead of making another.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    loop {
        let (status, s) = state(&store, &id).await;
        if status == TournamentStatus::Finished {
            assert_eq!(
                s.games,
                std::slice::from_ref(&orphan),
                "the orphan is the table's game"
            );
            break;
        }
        assert!(tokio::time::Instant::now() < deadline, "finished in time");
        if t.step(&id).await.expect("step") != super::drive::Step::Changed {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    let games = store
        .list(&ListQuery {
            limit: 10,
            ..Default::default()
        })
        .await
        .expect("list");
    assert_eq!(games.len(), 1, "one game for the one table: {games:?}");
}

#[tokio::test]
async fn the_owner_plays_a_tournament_to_its_end_woken_by_notices() {
    let (t, store, stop) = setup();
    tokio::spawn(t.hub.clone().follow_store());
    tokio::spawn(t.clone().run());
    let id = two_bots(&t).await;
    let finished = tokio::time::timeout(Duration::from_secs(60), async {
        loop {
            if state(&store, &id).await.0 == TournamentStatus::Finished {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    })
    .await;
    assert!(finished.is_ok(), "the tournament finished");
    let _ = stop.send(true);
}
