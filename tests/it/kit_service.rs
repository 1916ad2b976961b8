//! The bot kit through the real server: action spaces in ListGameTypes, every
//! legal action's `action_id`, ApplyAction by id (and its two refusals), and
//! observations on request from GetGame and ListLegalActions with the mask
//! matching the legal list.

use crate::common;

use common::{Lcg, TestServer, all_at_once, authed, create, game_types, seats, snapshot};
use satrap_server::proto::{self, apply_action_request::Move};
use tonic::Code;

async fn apply_id(
    c: &mut common::Client,
    id: &str,
    token: &str,
    action_id: u32,
    expected_version: Option<u64>,
) -> Result<proto::ApplyActionResponse, tonic::Status> {
    c.apply_action(authed(
        proto::ApplyActionRequest {
            game_id: id.into(),
            expected_version,
            r#move: Some(Move::ActionId(action_id)),
            ..Default::default()
        },
        Some(token),
    ))
    .await
    .map(|r| r.into_inner())
}

async fn observed_legal(
    c: &mut common::Client,
    id: &str,
    token: Option<&str>,
) -> proto::ListLegalActionsResponse {
    c.list_legal_actions(authed(
        proto::ListLegalActionsRequest {
            game_id: id.into(),
            observation: true,
        },
        token,
    ))
    .await
    .expect("ListLegalActions")
    .into_inner()
}

/// The ids whose bit is set in a mask.
fn mask_ids(mask: &[u8]) -> Vec<u32> {
    (0..mask.len() * 8)
        .filter(|i| mask[i / 8] & (1 << (i % 8)) != 0)
        .map(|i| i as u32)
        .collect()
}

#[tokio::test]
async fn game_types_list_an_action_space_per_player_count() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    for t in game_types(&mut c).await {
        let counts: Vec<u32> = t.action_spaces.iter().map(|s| s.players).collect();
        assert_eq!(
            counts,
            (t.min_players..=t.max_players).collect::<Vec<_>>(),
            "{}",
            t.id
        );
        for s in &t.action_spaces {
            assert!(s.num_distinct_actions > 1, "{}", t.id);
            assert_eq!(s.observation_shape.len(), 1, "{}", t.id);
            assert!(s.observation_shape[0] > 0, "{}", t.id);
        }
    }
    server.shutdown().await;
}

/// Every game, every player count, played to the end by action id only;
/// each step's observation has the listed shape and its mask is exactly the
/// legal actions' ids.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_plays_to_the_end_by_action_id_with_matching_masks() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let types = game_types(&mut c).await;
    let tables: u32 = types
        .iter()
        .map(|t| t.max_players - t.min_players + 1)
        .sum();
    let spaces = types.into_iter().flat_map(|t| {
        let id = t.id;
        t.action_spaces
            .into_iter()
            .map(move |space| (id.clone(), space))
    });
    let played = all_at_once(spaces, |(game, space)| {
        let c = c.clone();
        play_by_action_id(c, game, space)
    })
    .await;
    assert_eq!(played, tables as usize, "every title, every player count");
    server.shutdown().await;
}

/// One game of `game` for `space`'s player count, played to the end by
/// action id only, checking each step's observation and mask.
async fn play_by_action_id(mut c: common::Client, game: String, space: proto::ActionSpace) {
    let n = space.players as usize;
    let seed = u64::from(space.players);
    let mut rng = Lcg(15 + seed);
    let created = create(&mut c, &game, seats(n), Some(seed)).await;
    let id = created.game_id.clone();
    let mut steps = 0;
    loop {
        let snap = snapshot(&mut c, &id, None).await;
        if snap.status == proto::GameStatus::Finished as i32 {
            break;
        }
        assert!(steps < 20_000, "{game} did not end");
        let seat = snap.to_act[rng.below(snap.to_act.len())] as usize;
        let token = created.seats[seat].token.clone();
        let list = observed_legal(&mut c, &id, Some(&token)).await;
        let obs = list.observation.expect("observation asked for");
        assert_eq!(obs.shape, space.observation_shape, "{game}");
        assert_eq!(obs.tensor.len(), space.observation_shape[0] as usize);
        assert_eq!(obs.num_distinct_actions, space.num_distinct_actions);
        assert_eq!(obs.version, list.version);
        let mut ids: Vec<u32> = list.actions.iter().map(|a| a.action_id).collect();
        ids.sort_unstable();
        assert_eq!(mask_ids(&obs.action_mask), ids, "{game}: mask = legal ids");
        assert!(ids.iter().all(|i| *i < space.num_distinct_actions));
        let pick = list.actions[rng.below(list.actions.len())].action_id;
        apply_id(&mut c, &id, &token, pick, Some(list.version))
            .await
            .unwrap_or_else(|e| panic!("{game}: id {pick} refused: {e}"));
        steps += 1;
    }
}

#[tokio::test]
async fn action_ids_out_of_range_or_not_legal_are_refused_and_change_nothing() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let created = create(&mut c, "king_of_siam", seats(2), Some(3)).await;
    let id = created.game_id.clone();
    let snap = snapshot(&mut c, &id, None).await;
    let seat = snap.to_act[0] as usize;
    let token = created.seats[seat].token.clone();
    let list = observed_legal(&mut c, &id, Some(&token)).await;
    let n = list.observation.expect("observation").num_distinct_actions;
    let legal: Vec<u32> = list.actions.iter().map(|a| a.action_id).collect();
    let not_legal = (0..n).find(|i| !legal.contains(i)).expect("an illegal id");

    let e = apply_id(&mut c, &id, &token, n, None)
        .await
        .expect_err("out of range");
    assert_eq!(e.code(), Code::InvalidArgument, "{e}");
    let e = apply_id(&mut c, &id, &token, u32::MAX, None)
        .await
        .expect_err("out of range");
    assert_eq!(e.code(), Code::InvalidArgument, "{e}");
    let e = apply_id(&mut c, &id, &token, not_legal, None)
        .await
        .expect_err("not legal");
    assert_eq!(e.code(), Code::FailedPrecondition, "{e}");
    // The seat not to act: its legal id is nobody's move now.
    let other = created.seats[1 - seat].token.clone();
    let e = apply_id(&mut c, &id, &other, legal[0], None)
        .await
        .expect_err("out of turn");
    assert_eq!(e.code(), Code::FailedPrecondition, "{e}");
    assert_eq!(snapshot(&mut c, &id, None).await.version, snap.version);

    // The same id from the list is accepted: the refusals were for the
    // reasons checked.
    let done = apply_id(&mut c, &id, &token, legal[0], Some(list.version))
        .await
        .expect("legal id");
    assert_eq!(done.snapshot.expect("snapshot").version, snap.version + 1);
    server.shutdown().await;
}

#[tokio::test]
async fn observations_come_only_on_request_and_only_as_the_caller_sees() {
    let server = TestServer::start().await;
    let mut c = server.client().await;
    let created = create(&mut c, "alexandros", seats(3), Some(5)).await;
    let id = created.game_id.clone();
    let getter = c.clone();
    let get = |observation: bool, token: Option<String>| {
        let mut c = getter.clone();
        let id = id.clone();
        async move {
            c.get_game(authed(
                proto::GetGameRequest {
                    game_id: id,
                    observation,
                },
                token.as_deref(),
            ))
            .await
            .expect("GetGame")
            .into_inner()
        }
    };
    assert!(
        get(false, None).await.observation.is_none(),
        "not asked: none"
    );
    let spectator = get(true, None).await.observation.expect("asked");
    assert!(
        spectator.action_mask.iter().all(|b| *b == 0),
        "a spectator has no moves"
    );
    assert!(
        spectator.tensor[..3].iter().all(|v| *v == 0.0),
        "viewer slice: nobody"
    );
    let snap = snapshot(&mut c, &id, None).await;
    let seat = snap.to_act[0] as usize;
    let mine = get(true, Some(created.seats[seat].token.clone()))
        .await
        .observation
        .expect("asked");
    assert_eq!(mine.tensor[seat], 1.0, "viewer slice: the caller's seat");
    assert!(
        mine.action_mask.iter().any(|b| *b != 0),
        "the seat to act has moves"
    );
    assert_eq!(mine.tensor.len(), spectator.tensor.len());
    // Its own hand is in its tensor, not in the spectator's.
    assert_ne!(mine.tensor[3..], spectator.tensor[3..]);
    server.shutdown().await;
}
