//! WatchGame in UPDATE_MODE_DELTA: for whole games of every
//! title and player count, every seat and a spectator rebuild each version
//! from the first full snapshot and the deltas, and the result must equal
//! the full snapshot of the same version (UPDATE_MODE_FULL): live (the
//! stream open while the game is played), by catch-up (replay of a
//! finished game from version 0), and after a resume mid-game (whose first
//! update must be whole again).

use crate::common;

use std::collections::BTreeMap;

use common::{
    Client, Lcg, TestServer, all_at_once, authed, create, game_types, play_to_end, seats,
};
use satrap_server::delta;
use satrap_server::proto;
use tokio_stream::StreamExt;

/// Every update of a stream from `from` on, until it ends (the game is over).
async fn watch_all(
    client: &mut Client,
    id: &str,
    token: Option<&str>,
    from: u64,
    mode: proto::UpdateMode,
    text: bool,
) -> Vec<proto::GameUpdate> {
    let stream = client
        .watch_game(authed(
            proto::WatchGameRequest {
                game_id: id.into(),
                from_version: from,
                mode: mode as i32,
                text,
            },
            token,
        ))
        .await
        .expect("watch")
        .into_inner();
    let updates: Vec<_> = tokio::time::timeout(
        std::time::Duration::from_secs(120),
        stream.collect::<Vec<_>>(),
    )
    .await
    .expect("the stream ends with the game");
    updates.into_iter().map(|u| u.expect("update")).collect()
}

/// The snapshot of every version, rebuilt from a delta stream's updates.
/// The first update must be whole and every later one a delta.
fn rebuild(updates: &[proto::GameUpdate]) -> BTreeMap<u64, proto::GameSnapshot> {
    let mut out = BTreeMap::new();
    let mut held: Option<proto::GameSnapshot> = None;
    for (i, u) in updates.iter().enumerate() {
        let snap = match (&held, &u.snapshot, &u.delta) {
            (None, Some(whole), None) => whole.clone(),
            (Some(prev), None, Some(d)) => delta::apply(prev, d).expect("delta applies"),
            _ => panic!(
                "update {i} (version {}): the first update must be whole and every later one a delta",
                u.version
            ),
        };
        assert_eq!(snap.version, u.version, "update {i}");
        out.insert(u.version, snap.clone());
        held = Some(snap);
    }
    out
}

fn full(updates: &[proto::GameUpdate]) -> BTreeMap<u64, proto::GameSnapshot> {
    updates
        .iter()
        .map(|u| {
            assert!(u.delta.is_none(), "full mode sends no delta");
            (
                u.version,
                u.snapshot.clone().expect("full mode: a snapshot"),
            )
        })
        .collect()
}

fn without_text(mut s: proto::GameSnapshot) -> proto::GameSnapshot {
    s.text.clear();
    s
}

/// Every seat's token, then `None` for a spectator.
fn viewers(created: &proto::CreateGameResponse) -> Vec<Option<String>> {
    let mut viewers: Vec<Option<String>> = created
        .seats
        .iter()
        .map(|s| Some(s.token.clone()))
        .collect();
    viewers.push(None);
    viewers
}

/// One stream from version 0 per viewer, opened now (live while the game
/// is played); each task yields its updates once the game is over.
fn watch_live(
    client: &Client,
    id: &str,
    viewers: &[Option<String>],
    mode: proto::UpdateMode,
    text: bool,
) -> Vec<tokio::task::JoinHandle<Vec<proto::GameUpdate>>> {
    viewers
        .iter()
        .map(|token| {
            let mut c = client.clone();
            let (id, token) = (id.to_owned(), token.clone());
            tokio::spawn(
                async move { watch_all(&mut c, &id, token.as_deref(), 0, mode, text).await },
            )
        })
        .collect()
}

/// One whole game: delta streams for every viewer open before the first
/// move, then the same viewers' full and delta catch-ups and a resume.
async fn check_game(client: &mut Client, game: &str, players: usize, seed: u64) {
    let created = create(client, game, seats(players), Some(seed)).await;
    let id = created.game_id.clone();
    let viewers = viewers(&created);
    // Live: streams open from version 0 while the game is played.
    let live = watch_live(client, &id, &viewers, proto::UpdateMode::Delta, true);
    let played = play_to_end(client, &created, &mut Lcg(seed)).await;
    let last = played.len() as u64;
    let mid = last / 2;
    for (token, live) in viewers.iter().zip(live) {
        let who = format!("{game} {players}p, viewer {token:?}");
        let token = token.as_deref();
        let expected =
            full(&watch_all(client, &id, token, 0, proto::UpdateMode::Full, false).await);
        assert_eq!(
            expected.len() as u64,
            last + 1,
            "{who}: one update per version"
        );
        assert!(
            expected.values().all(|s| !s.text.is_empty()),
            "{who}: full snapshots carry text"
        );
        let live = rebuild(&live.await.expect("live watcher"));
        assert_eq!(live, expected, "{who}: live deltas");
        let replayed = watch_all(client, &id, token, 0, proto::UpdateMode::Delta, true).await;
        assert_eq!(rebuild(&replayed), expected, "{who}: catch-up deltas");
        // A resume mid-game: the first update is whole again.
        let resumed = watch_all(client, &id, token, mid, proto::UpdateMode::Delta, true).await;
        assert!(
            resumed[0].snapshot.is_some(),
            "{who}: a resume starts whole"
        );
        let tail: BTreeMap<_, _> = expected
            .range(mid..)
            .map(|(v, s)| (*v, s.clone()))
            .collect();
        assert_eq!(rebuild(&resumed), tail, "{who}: resumed deltas");
        // Without the text flag, deltas never carry the text picture.
        let plain = watch_all(client, &id, token, 0, proto::UpdateMode::Delta, false).await;
        let plain = rebuild(&plain);
        assert!(
            plain.values().all(|s| s.text.is_empty()),
            "{who}: no text unless asked"
        );
        let expected_plain: BTreeMap<_, _> = expected
            .into_iter()
            .map(|(v, s)| (v, without_text(s)))
            .collect();
        assert_eq!(plain, expected_plain, "{who}: deltas without text");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deltas_rebuild_every_version_of_every_title_for_every_viewer() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let games = game_types(&mut client)
        .await
        .into_iter()
        .flat_map(|ty| (ty.min_players..=ty.max_players).map(move |n| (ty.id.clone(), n)));
    let checked = all_at_once(games, |(game, players)| {
        let mut client = client.clone();
        async move {
            let seed = 17 + u64::from(players);
            check_game(&mut client, &game, players as usize, seed).await;
        }
    })
    .await;
    assert_eq!(checked, 10, "four titles, every player count");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deltas_are_smaller_than_full_snapshots() {
    use prost::Message;
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let created = create(&mut client, "alexandros", seats(3), Some(5)).await;
    play_to_end(&mut client, &created, &mut Lcg(5)).await;
    let bytes = |u: &[proto::GameUpdate]| u.iter().map(|u| u.encoded_len()).sum::<usize>();
    let id = &created.game_id;
    let token = Some(created.seats[0].token.as_str());
    let whole = watch_all(&mut client, id, token, 0, proto::UpdateMode::Full, false).await;
    let deltas = watch_all(&mut client, id, token, 0, proto::UpdateMode::Delta, false).await;
    assert_eq!(whole.len(), deltas.len());
    assert!(
        bytes(&deltas) * 4 < bytes(&whole),
        "deltas {} bytes, full snapshots {} bytes",
        bytes(&deltas),
        bytes(&whole)
    );
}

/// ApplyAction's response shapes: the default snapshot with text,
/// `no_text` (the same snapshot without the picture) and `lean` (no
/// snapshot); `progress` always says where the game stands.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn apply_action_responses_default_no_text_and_lean() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let created = create(&mut client, "king_of_siam", seats(3), Some(9)).await;
    let id = created.game_id.clone();
    let mut shapes = [(false, false), (true, false), (false, true)]
        .into_iter()
        .cycle();
    for _ in 0..12 {
        let snap = common::snapshot(&mut client, &id, None).await;
        if snap.status == proto::GameStatus::Finished as i32 {
            break;
        }
        let seat = snap.to_act[0] as usize;
        let token = created.seats[seat].token.clone();
        let list = common::legal(&mut client, &id, &token).await;
        let (no_text, lean) = shapes.next().expect("cycle");
        let resp = client
            .apply_action(authed(
                proto::ApplyActionRequest {
                    game_id: id.clone(),
                    expected_version: Some(list.version),
                    r#move: Some(proto::apply_action_request::Move::ActionId(
                        list.actions[0].action_id,
                    )),
                    no_text,
                    lean,
                },
                Some(&token),
            ))
            .await
            .expect("apply")
            .into_inner();
        let now = common::snapshot(&mut client, &id, Some(&token)).await;
        let progress = resp.progress.expect("progress is always set");
        assert_eq!(
            (progress.version, progress.status, progress.to_act.clone()),
            (now.version, now.status, now.to_act.clone())
        );
        assert!(!resp.events.is_empty() || now.version == list.version + 1);
        match (no_text, lean) {
            (false, false) => {
                let s = resp.snapshot.expect("the default has a snapshot");
                assert!(!s.text.is_empty());
                assert_eq!(s, now);
            }
            (true, false) => {
                let s = resp.snapshot.expect("no_text has a snapshot");
                assert_eq!(s, without_text(now));
            }
            _ => assert!(resp.snapshot.is_none(), "lean has no snapshot"),
        }
    }
}

/// Fan-out: a broadcast version's update is built once per viewer and
/// shared by that viewer's streams (`cache::Shared`). Two live full-mode
/// streams per seat and two spectator streams of a hidden-hand game must
/// each get exactly what a catch-up (rebuilt by replay, never shared) gives
/// that viewer: never another viewer's redaction.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shared_live_updates_are_each_viewers_own() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let created = create(&mut client, "alexandros", seats(3), Some(9)).await;
    let id = created.game_id.clone();
    let viewers = viewers(&created);
    let twice: Vec<_> = viewers.iter().chain(viewers.iter()).cloned().collect();
    let live = watch_live(&client, &id, &twice, proto::UpdateMode::Full, false);
    play_to_end(&mut client, &created, &mut Lcg(9)).await;
    let mut expected = Vec::new();
    for token in &viewers {
        let replayed = watch_all(
            &mut client,
            &id,
            token.as_deref(),
            0,
            proto::UpdateMode::Full,
            false,
        )
        .await;
        expected.push(full(&replayed));
    }
    // Seats see different hands: the redactions must differ.
    assert_ne!(
        expected[0], expected[1],
        "seat 0 and seat 1 see differently"
    );
    assert_ne!(
        expected[0], expected[3],
        "seat 0 and a spectator see differently"
    );
    for (i, stream) in live.into_iter().enumerate() {
        let got = full(&stream.await.expect("live watcher"));
        let viewer = i % viewers.len();
        assert_eq!(got, expected[viewer], "live stream {i} (viewer {viewer})");
    }
}
