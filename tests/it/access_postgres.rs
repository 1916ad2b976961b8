//! Token rotation across two replicas on one PostgreSQL
//! database: a rotated or reissued token stops working at once on the
//! other replica (which had cached the game and its seats), private games
//! stay private there, and a deletion or an abort reaches the other
//! replica's watch streams.
//!
//! Needs `SATRAP_TEST_POSTGRES_URL` (see tests/postgres.rs); skipped by name
//! without it, unless `SATRAP_REQUIRE_EXTERNAL=1`.

use crate::common;

use std::time::Duration;

use common::access::{code_of, create_request};
use common::external::{TestDatabase, postgres_url};
use common::{Client, TestServer, authed, snapshot};
use satrap_server::Config;
use satrap_server::proto;
use tonic::Code;

async fn replica(url: &str) -> TestServer {
    let mut config = Config::in_memory();
    config.database = url.to_owned();
    TestServer::start_with(config).await
}

async fn get(c: &mut Client, id: &str, token: Option<&str>) -> Result<proto::GameSnapshot, Code> {
    c.get_game(authed(
        proto::GetGameRequest {
            game_id: id.into(),
            ..Default::default()
        },
        token,
    ))
    .await
    .map(|r| r.into_inner().snapshot.unwrap_or_default())
    .map_err(|s| s.code())
}

#[tokio::test]
async fn a_rotated_or_reissued_token_stops_working_at_once_on_the_other_replica() {
    let Some(admin_url) =
        postgres_url("a_rotated_or_reissued_token_stops_working_at_once_on_the_other_replica")
    else {
        return;
    };
    let db = TestDatabase::create(&admin_url, "accessrotate").await;
    {
        let a = replica(&db.url).await;
        let b = replica(&db.url).await;
        let mut ca = a.client().await;
        let mut cb = b.client().await;
        let created = ca
            .create_game(create_request(2, false))
            .await
            .expect("create")
            .into_inner();
        let id = created.game_id.clone();
        let old = created.seats[0].token.clone();
        // B caches the game and its seats with the old token.
        assert_eq!(
            get(&mut cb, &id, Some(&old)).await.map(|s| s.viewer),
            Ok(Some(0))
        );

        let rotated = ca
            .rotate_seat_token(authed(
                proto::RotateSeatTokenRequest {
                    game_id: id.clone(),
                },
                Some(&old),
            ))
            .await
            .expect("rotate on A")
            .into_inner()
            .credential
            .expect("credential");
        // At once on B: no waiting for a notification.
        assert_eq!(
            get(&mut cb, &id, Some(&old)).await.err(),
            Some(Code::Unauthenticated)
        );
        assert_eq!(
            get(&mut cb, &id, Some(&rotated.token))
                .await
                .map(|s| s.viewer),
            Ok(Some(0))
        );

        // B reissues seat 1's token; A refuses the old one at once.
        let old1 = created.seats[1].token.clone();
        assert!(get(&mut ca, &id, Some(&old1)).await.is_ok());
        let reissued = common::access::admin(&b)
            .await
            .reissue_seat_token(proto::ReissueSeatTokenRequest {
                game_id: id.clone(),
                seat: 1,
            })
            .await
            .expect("reissue on B")
            .into_inner()
            .credential
            .expect("credential");
        assert_eq!(
            get(&mut ca, &id, Some(&old1)).await.err(),
            Some(Code::Unauthenticated)
        );
        assert_eq!(
            get(&mut ca, &id, Some(&reissued.token))
                .await
                .map(|s| s.viewer),
            Ok(Some(1))
        );
        a.shutdown().await;
        b.shutdown().await;
    }
    db.drop().await;
}

#[tokio::test]
async fn private_games_deletes_and_aborts_reach_the_other_replica() {
    let Some(admin_url) = postgres_url("private_games_deletes_and_aborts_reach_the_other_replica")
    else {
        return;
    };
    let db = TestDatabase::create(&admin_url, "accessreplicas").await;
    {
        let a = replica(&db.url).await;
        let b = replica(&db.url).await;
        let mut ca = a.client().await;
        let mut cb = b.client().await;

        // A private game made on A is private on B.
        let secret = ca
            .create_game(create_request(2, true))
            .await
            .expect("private")
            .into_inner();
        let listed = cb
            .list_games(proto::ListGamesRequest::default())
            .await
            .expect("list")
            .into_inner()
            .games;
        assert!(!listed.iter().any(|g| g.game_id == secret.game_id));
        assert_eq!(
            get(&mut cb, &secret.game_id, None).await.err(),
            Some(Code::NotFound)
        );
        assert!(
            snapshot(&mut cb, &secret.game_id, Some(&secret.spectator_token))
                .await
                .private
        );

        // An abort on A reaches a watcher on B as the final update.
        let mut watch_b = cb
            .watch_game(authed(
                proto::WatchGameRequest {
                    game_id: secret.game_id.clone(),
                    from_version: 1,
                    ..Default::default()
                },
                Some(&secret.spectator_token),
            ))
            .await
            .expect("watch on B")
            .into_inner();
        let mut admin_a = common::access::admin(&a).await;
        admin_a
            .abort_game(proto::AbortGameRequest {
                game_id: secret.game_id.clone(),
            })
            .await
            .expect("abort on A");
        let last = tokio::time::timeout(Duration::from_secs(20), watch_b.message())
            .await
            .expect("B's watcher hears of the abort")
            .expect("update")
            .expect("final update");
        assert_eq!(last.version, 1);
        assert_eq!(
            last.snapshot
                .expect("snapshot")
                .outcome
                .expect("outcome")
                .ending,
            "aborted"
        );
        assert!(watch_b.message().await.expect("clean end").is_none());

        // A deletion on A ends B's watch stream and B's cache entry.
        let open = ca
            .create_game(create_request(2, false))
            .await
            .expect("public")
            .into_inner();
        let mut watch_b = cb
            .watch_game(authed(
                proto::WatchGameRequest {
                    game_id: open.game_id.clone(),
                    from_version: 1,
                    ..Default::default()
                },
                None,
            ))
            .await
            .expect("watch on B")
            .into_inner();
        admin_a
            .delete_game(proto::DeleteGameRequest {
                game_id: open.game_id.clone(),
            })
            .await
            .expect("delete on A");
        let ended = tokio::time::timeout(Duration::from_secs(20), watch_b.message())
            .await
            .expect("B's watcher hears of the deletion");
        assert_eq!(code_of(ended), Code::NotFound);
        assert_eq!(
            get(&mut cb, &open.game_id, None).await.err(),
            Some(Code::NotFound)
        );
        a.shutdown().await;
        b.shutdown().await;
    }
    db.drop().await;
}
