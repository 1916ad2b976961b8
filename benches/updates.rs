//! Bytes on the wire of WatchGame updates: full snapshots (the
//! default, with the text picture) against deltas (UPDATE_MODE_DELTA, with
//! and without the text), per move and for a whole catch-up, for one seeded
//! game of every title and player count. Not a timing: the figures are the
//! protobuf sizes of the updates a watcher receives (gRPC adds 5 bytes of
//! framing per message, HTTP/2 a little more), so they are exact and
//! repeatable.
//!
//! Run: `cargo bench --bench updates`.

use prost::Message;
use satrap_server::proto::{self, game_service_client::GameServiceClient};
use satrap_server::{Config, serve_on};
use tokio_stream::StreamExt;
use tonic::Request;
use tonic::transport::Channel;

type Client = GameServiceClient<Channel>;

fn authed<T>(msg: T, token: Option<&str>) -> Request<T> {
    let mut r = Request::new(msg);
    if let Some(t) = token {
        r.metadata_mut().insert(
            "authorization",
            format!("Bearer {t}").parse().expect("header"),
        );
    }
    r
}

/// Play the game to its end with seeded random legal moves; returns the
/// number of moves.
async fn play(c: &mut Client, created: &proto::CreateGameResponse, mut seed: u64) -> u64 {
    let mut snap = created.snapshot.clone().expect("snapshot");
    while snap.status == proto::GameStatus::InProgress as i32 {
        let token = &created.seats[snap.to_act[0] as usize].token;
        let list = c
            .list_legal_actions(authed(
                proto::ListLegalActionsRequest {
                    game_id: created.game_id.clone(),
                    ..Default::default()
                },
                Some(token),
            ))
            .await
            .expect("legal")
            .into_inner();
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let pick = list.actions[((seed >> 33) % list.actions.len() as u64) as usize].action_id;
        let resp = c
            .apply_action(authed(
                proto::ApplyActionRequest {
                    game_id: created.game_id.clone(),
                    expected_version: Some(list.version),
                    r#move: Some(proto::apply_action_request::Move::ActionId(pick)),
                    ..Default::default()
                },
                Some(token),
            ))
            .await
            .expect("apply")
            .into_inner();
        snap = resp.snapshot.expect("snapshot");
    }
    snap.version
}

/// The encoded size of every update of a catch-up from version 0.
async fn sizes(
    c: &mut Client,
    id: &str,
    token: Option<&str>,
    mode: proto::UpdateMode,
    text: bool,
) -> Vec<usize> {
    let stream = c
        .watch_game(authed(
            proto::WatchGameRequest {
                game_id: id.into(),
                from_version: 0,
                mode: mode as i32,
                text,
            },
            token,
        ))
        .await
        .expect("watch")
        .into_inner();
    stream
        .map(|u| u.expect("update").encoded_len())
        .collect()
        .await
}

fn main() {
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(async {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let addr = listener.local_addr().expect("addr");
        tokio::spawn(async move {
            serve_on(listener, Config::in_memory(), std::future::pending())
                .await
                .expect("server");
        });
        let channel = Channel::from_shared(format!("http://{addr}"))
            .expect("url")
            .connect()
            .await
            .expect("connect");
        let mut c = GameServiceClient::new(channel);
        println!(
            "WatchGame bytes (protobuf size of the updates), one seeded random game per row, \
             seat 0's view; catch-up = every version from 0 to a new watcher; per move = the \
             mean update after the first"
        );
        println!(
            "| game, players | moves | full: catch-up | full: per move | delta+text: catch-up | delta+text: per move | delta: catch-up | delta: per move | full / delta |"
        );
        println!("|---|---|---|---|---|---|---|---|---|");
        let types = c
            .list_game_types(proto::ListGameTypesRequest {})
            .await
            .expect("types")
            .into_inner()
            .game_types;
        for ty in types {
            for players in ty.min_players..=ty.max_players {
                let seats = (0..players)
                    .map(|i| proto::SeatRequest {
                        name: format!("p{i}"),
                        ..Default::default()
                    })
                    .collect();
                let created = c
                    .create_game(proto::CreateGameRequest {
                        game_type: ty.id.clone(),
                        seats,
                        seed: Some(7),
                        ..Default::default()
                    })
                    .await
                    .expect("create")
                    .into_inner();
                let moves = play(&mut c, &created, 7).await;
                let id = &created.game_id;
                let token = Some(created.seats[0].token.as_str());
                let mut row = vec![format!("{} {players}", ty.name), moves.to_string()];
                let mut totals = Vec::new();
                for (mode, text) in [
                    (proto::UpdateMode::Full, true),
                    (proto::UpdateMode::Delta, true),
                    (proto::UpdateMode::Delta, false),
                ] {
                    let s = sizes(&mut c, id, token, mode, text).await;
                    let total: usize = s.iter().sum();
                    let per_move = s[1..].iter().sum::<usize>() as f64 / (s.len() - 1).max(1) as f64;
                    row.push(format!("{:.1} kB", total as f64 / 1000.0));
                    row.push(format!("{per_move:.0} B"));
                    totals.push(total);
                }
                row.push(format!("x{:.1}", totals[0] as f64 / totals[2] as f64));
                println!("| {} |", row.join(" | "));
            }
        }
    });
}
