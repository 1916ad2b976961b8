//! Storage faults are reported, never hidden: a SQLite database file that
//! is removed or replaced under a running server makes every write fail
//! with UNAVAILABLE and the service NOT_SERVING (a move acknowledged after
//! that would be lost at the next start), and a corrupt page is DATA_LOSS,
//! not UNAVAILABLE ("retry").

use crate::common;

use std::path::{Path, PathBuf};

use common::*;
use satrap_server::Config;
use satrap_server::proto;
use tonic::Code;
use tonic_health::pb::{
    HealthCheckRequest, health_check_response::ServingStatus, health_client::HealthClient,
};

const KS: &str = "king_of_siam";

fn temp_db(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "satrap-faults-{name}-{}-{}",
        std::process::id(),
        satrap_store::now_ms()
    ));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join("satrap.db")
}

async fn sqlite_server(path: &Path) -> TestServer {
    let mut config = Config::in_memory();
    config.database = format!("sqlite://{}", path.display());
    TestServer::start_with(config).await
}

/// One legal move by the seat to act.
async fn one_move(
    c: &mut Client,
    created: &proto::CreateGameResponse,
) -> Result<proto::ApplyActionResponse, tonic::Status> {
    let snap = snapshot(c, &created.game_id, None).await;
    let token = created.seats[snap.to_act[0] as usize].token.clone();
    let list = legal(c, &created.game_id, &token).await;
    apply_notation(
        c,
        &created.game_id,
        Some(&token),
        &list.actions[0].notation,
        Some(list.version),
    )
    .await
}

async fn game_service_health(server: &TestServer) -> i32 {
    HealthClient::new(server.channel().await)
        .check(HealthCheckRequest {
            service: "satrap.v1.GameService".into(),
        })
        .await
        .expect("health")
        .into_inner()
        .status
}

/// Removing or replacing the file: `act` does it to the database path.
async fn writes_refused_after(name: &str, act: impl FnOnce(&Path)) {
    let path = temp_db(name);
    let server = sqlite_server(&path).await;
    let mut c = server.client().await;
    let created = create(&mut c, KS, seats(2), Some(3)).await;
    one_move(&mut c, &created).await.expect("a move before");
    assert_eq!(
        game_service_health(&server).await,
        ServingStatus::Serving as i32
    );

    act(&path);

    let err = one_move(&mut c, &created).await.expect_err("refused");
    assert_eq!(err.code(), Code::Unavailable, "{err:?}");
    assert!(err.message().contains("database file"), "{}", err.message());
    // The game did not move, and stays readable.
    assert_eq!(snapshot(&mut c, &created.game_id, None).await.version, 1);
    // New games are refused too, and the service says it is not serving.
    let err = c
        .create_game(proto::CreateGameRequest {
            game_type: KS.into(),
            seats: seats(2),
            seed: None,
            options: None,
            ..Default::default()
        })
        .await
        .expect_err("refused");
    assert_eq!(err.code(), Code::Unavailable);
    let mut status = 0;
    for _ in 0..50 {
        status = game_service_health(&server).await;
        if status == ServingStatus::NotServing as i32 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(status, ServingStatus::NotServing as i32);
    server.shutdown().await;
}

#[tokio::test]
async fn a_removed_database_file_refuses_writes_and_stops_serving() {
    writes_refused_after("removed", |path| {
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
        }
    })
    .await;
}

#[tokio::test]
async fn a_replaced_database_file_refuses_writes_and_stops_serving() {
    writes_refused_after("replaced", |path| {
        // What a restore from backup does: another file moved over it.
        let other = path.with_extension("restored");
        std::fs::copy(path, &other).expect("copy");
        std::fs::rename(&other, path).expect("rename over");
    })
    .await;
}

#[tokio::test]
async fn a_corrupt_database_page_is_data_loss() {
    let path = temp_db("corrupt");
    let server = sqlite_server(&path).await;
    let mut c = server.client().await;
    let created = create(&mut c, KS, seats(2), Some(3)).await;
    for _ in 0..5 {
        one_move(&mut c, &created).await.expect("move");
    }
    drop(c);
    server.shutdown().await;
    // Give the closed connection a moment to checkpoint the WAL.
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    for suffix in ["-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    // Garbage over the pages of the games and their logs (the schema stays
    // readable, as with a disk that lost a data page).
    let roots: Vec<i64> = {
        let conn = rusqlite::Connection::open(&path).expect("open db");
        let mut q = conn
            .prepare(
                "SELECT rootpage FROM sqlite_master WHERE name IN ('games', 'actions', 'seats')",
            )
            .expect("schema query");
        q.query_map([], |r| r.get(0))
            .expect("roots")
            .collect::<Result<_, _>>()
            .expect("roots")
    };
    assert_eq!(roots.len(), 3, "the games, actions and seats tables");
    let mut bytes = std::fs::read(&path).expect("read db");
    let page = u16::from_be_bytes([bytes[16], bytes[17]]) as usize;
    let page = if page == 1 { 65_536 } else { page };
    for root in roots {
        let start = (root as usize - 1) * page;
        for (i, b) in bytes[start..start + page].iter_mut().enumerate() {
            *b = (i as u8).wrapping_mul(37) ^ 0x5a;
        }
    }
    std::fs::write(&path, bytes).expect("write db");

    let server = sqlite_server(&path).await;
    let mut c = server.client().await;
    let err = c
        .get_game(proto::GetGameRequest {
            game_id: created.game_id.clone(),
            ..Default::default()
        })
        .await
        .expect_err("corrupt");
    assert_eq!(err.code(), Code::DataLoss, "{err:?}");
    server.shutdown().await;
}
