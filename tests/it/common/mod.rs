//! A real satrap server on an ephemeral loopback port, and a tonic client.
#![allow(dead_code)]

pub mod access;
pub mod external;
pub mod http;
pub mod lobby;
pub mod process;
pub mod raw;
pub mod telemetry;
pub mod tls;

use std::net::SocketAddr;

use satrap_server::proto::{self, game_service_client::GameServiceClient};
use satrap_server::{Config, serve_on};
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tonic::transport::Channel;
use tonic::{Request, Status};

pub type Client = GameServiceClient<Channel>;

/// A running server; dropping it shuts the server down.
pub struct TestServer {
    pub addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    task: Option<tokio::task::JoinHandle<()>>,
}

impl TestServer {
    pub async fn start() -> Self {
        Self::start_with(Config::in_memory()).await
    }

    pub async fn start_with(config: Config) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let addr = listener.local_addr().expect("addr");
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(async move {
            serve_on(listener, config, async {
                let _ = stopped.await;
            })
            .await
            .expect("server failed");
        });
        Self {
            addr,
            stop: Some(stop),
            task: Some(task),
        }
    }

    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    pub async fn channel(&self) -> Channel {
        Channel::from_shared(self.url())
            .expect("url")
            .connect()
            .await
            .expect("connect")
    }

    pub async fn client(&self) -> Client {
        GameServiceClient::new(self.channel().await)
    }

    /// Stop the server and wait until it has stopped.
    pub async fn shutdown(mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        if let Some(t) = self.task.take() {
            t.await.expect("server task");
        }
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
    }
}

/// A request carrying a seat token (or none: a spectator).
pub fn authed<T>(msg: T, token: Option<&str>) -> Request<T> {
    let mut req = Request::new(msg);
    if let Some(t) = token {
        req.metadata_mut().insert(
            "authorization",
            format!("Bearer {t}").parse().expect("header"),
        );
    }
    req
}

/// Every game type the server hosts.
pub async fn game_types(client: &mut Client) -> Vec<proto::GameType> {
    client
        .list_game_types(proto::ListGameTypesRequest {})
        .await
        .expect("ListGameTypes")
        .into_inner()
        .game_types
}

/// Runs `check` for every item at once and waits for all of them; returns
/// how many ran. The server runs on the test's own runtime, so on a
/// multi-threaded one the games of a long test spread over its workers
/// instead of one core doing them in turn. A check's panic is raised again
/// as it was, with its own message.
pub async fn all_at_once<T, F, Fut>(items: impl IntoIterator<Item = T>, check: F) -> usize
where
    F: Fn(T) -> Fut,
    Fut: std::future::Future<Output = ()> + Send + 'static,
{
    let mut checks = tokio::task::JoinSet::new();
    for item in items {
        checks.spawn(check(item));
    }
    let mut done = 0;
    while let Some(result) = checks.join_next().await {
        match result {
            Ok(()) => done += 1,
            Err(e) if e.is_panic() => std::panic::resume_unwind(e.into_panic()),
            Err(e) => panic!("a check was cancelled: {e}"),
        }
    }
    done
}

pub fn seats(n: usize) -> Vec<proto::SeatRequest> {
    (0..n)
        .map(|i| proto::SeatRequest {
            name: format!("P{i}"),
            bot: String::new(),
            ..Default::default()
        })
        .collect()
}

/// `n` seats all played by the built-in `bot`.
pub fn bot_seats(n: usize, bot: &str) -> Vec<proto::SeatRequest> {
    (0..n)
        .map(|i| proto::SeatRequest {
            name: format!("bot{i}"),
            bot: bot.into(),
            ..Default::default()
        })
        .collect()
}

pub async fn create(
    client: &mut Client,
    game: &str,
    seats: Vec<proto::SeatRequest>,
    seed: Option<u64>,
) -> proto::CreateGameResponse {
    client
        .create_game(proto::CreateGameRequest {
            game_type: game.into(),
            seats,
            seed,
            options: None,
            ..Default::default()
        })
        .await
        .expect("create")
        .into_inner()
}

pub async fn snapshot(client: &mut Client, id: &str, token: Option<&str>) -> proto::GameSnapshot {
    client
        .get_game(authed(
            proto::GetGameRequest {
                game_id: id.into(),
                ..Default::default()
            },
            token,
        ))
        .await
        .expect("get")
        .into_inner()
        .snapshot
        .expect("snapshot")
}

/// GetHistory as `token` (none: a spectator) sees it.
pub async fn history(
    client: &mut Client,
    id: &str,
    token: Option<&str>,
) -> proto::GetHistoryResponse {
    client
        .get_history(authed(
            proto::GetHistoryRequest { game_id: id.into() },
            token,
        ))
        .await
        .expect("history")
        .into_inner()
}

pub async fn legal(client: &mut Client, id: &str, token: &str) -> proto::ListLegalActionsResponse {
    client
        .list_legal_actions(authed(
            proto::ListLegalActionsRequest {
                game_id: id.into(),
                ..Default::default()
            },
            Some(token),
        ))
        .await
        .expect("legal")
        .into_inner()
}

pub async fn apply_notation(
    client: &mut Client,
    id: &str,
    token: Option<&str>,
    notation: &str,
    expected_version: Option<u64>,
) -> Result<proto::ApplyActionResponse, Status> {
    client
        .apply_action(authed(
            proto::ApplyActionRequest {
                game_id: id.into(),
                expected_version,
                r#move: Some(proto::apply_action_request::Move::Notation(notation.into())),
                ..Default::default()
            },
            token,
        ))
        .await
        .map(|r| r.into_inner())
}

/// Tiny deterministic generator for choosing moves in tests.
pub struct Lcg(pub u64);

impl Lcg {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Play a game with client seats to the end with random legal moves sent as
/// notation with expected_version. Returns the notations played per version.
pub async fn play_to_end(
    client: &mut Client,
    created: &proto::CreateGameResponse,
    rng: &mut Lcg,
) -> Vec<String> {
    let id = &created.game_id;
    let mut played = Vec::new();
    // A seat a client plays: no built-in bot (resigned seats have one).
    let client_seat = |snap: &proto::GameSnapshot, s: u32| {
        snap.seats
            .get(s as usize)
            .is_some_and(|info| info.bot.is_empty())
    };
    for _ in 0..10_000 {
        // Bot seats (built-in or resigned) move in the server's own task.
        let snap = wait_for(client, id, None, |s| {
            s.to_act.iter().any(|&t| client_seat(s, t))
        })
        .await;
        if snap.status == proto::GameStatus::Finished as i32 {
            assert!(snap.outcome.is_some(), "finished game has an outcome");
            assert!(snap.to_act.is_empty());
            return played;
        }
        let Some(&seat) = snap.to_act.iter().find(|&&t| client_seat(&snap, t)) else {
            continue;
        };
        let seat = seat as usize;
        let token = created.seats[seat].token.clone();
        let list = legal(client, id, &token).await;
        assert_eq!(list.version, snap.version);
        assert!(
            !list.actions.is_empty(),
            "seat {seat} to act has legal actions"
        );
        let pick = list.actions[rng.below(list.actions.len())].notation.clone();
        let resp = apply_notation(client, id, Some(&token), &pick, Some(list.version))
            .await
            .expect("legal move accepted");
        assert!(resp.snapshot.expect("snapshot").version > list.version);
        played.push(pick);
    }
    panic!("game did not end");
}

fn finished(snap: &proto::GameSnapshot) -> bool {
    snap.status == proto::GameStatus::Finished as i32
}

/// Follow the game on a watch stream (as `token` sees it) until `done`
/// holds or the game is finished, and return that snapshot. Built-in bots
/// move in the server's own task after a request returns, so this is how a
/// client waits for its turn.
pub async fn wait_for(
    client: &mut Client,
    id: &str,
    token: Option<&str>,
    mut done: impl FnMut(&proto::GameSnapshot) -> bool,
) -> proto::GameSnapshot {
    let now = snapshot(client, id, token).await;
    if done(&now) || finished(&now) {
        return now;
    }
    let mut stream = client
        .watch_game(authed(
            proto::WatchGameRequest {
                game_id: id.into(),
                from_version: now.version + 1,
                ..Default::default()
            },
            token,
        ))
        .await
        .expect("watch")
        .into_inner();
    let follow = async {
        while let Some(update) = stream.message().await.expect("watch stream") {
            let snap = update.snapshot.expect("snapshot");
            if done(&snap) || finished(&snap) {
                return snap;
            }
        }
        panic!("the watch stream ended before the game did");
    };
    tokio::time::timeout(std::time::Duration::from_secs(120), follow)
        .await
        .expect("waited two minutes for the game to move")
}

/// Wait until `seat` must act (or the game is over).
pub async fn wait_for_turn(
    client: &mut Client,
    id: &str,
    token: Option<&str>,
    seat: usize,
) -> proto::GameSnapshot {
    wait_for(client, id, token, |s| s.to_act.contains(&(seat as u32))).await
}

/// Wait until the game is over.
pub async fn wait_for_end(client: &mut Client, id: &str) -> proto::GameSnapshot {
    wait_for(client, id, None, |_| false).await
}
