//! Helpers for the access tests: servers with API keys and
//! quotas, requests carrying keys, and the AdminService client.

use std::path::PathBuf;

use satrap_server::Config;
use satrap_server::access::{Role, keys};
use satrap_server::proto::{self, admin_service_client::AdminServiceClient};
use tonic::transport::Channel;
use tonic::{Code, Request, Status};

use super::TestServer;

pub type Admin = AdminServiceClient<Channel>;

/// A key made as `satrap api-key` makes one.
pub struct Key {
    pub name: String,
    pub key: String,
    pub line: String,
}

pub fn key(name: &str, role: Role) -> Key {
    let made = keys::generate(name, role).expect("key");
    Key {
        name: name.into(),
        key: made.key,
        line: made.line,
    }
}

/// A keys file with these keys, in a fresh temporary directory.
pub fn keys_file(test: &str, keys: &[&Key]) -> PathBuf {
    let dir = temp_dir(test);
    let path = dir.join("api-keys");
    let mut text = String::from("# satrap API keys\n");
    for k in keys {
        text.push_str(&k.line);
        text.push('\n');
    }
    std::fs::write(&path, text).expect("write keys file");
    path
}

pub fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "satrap-access-{test}-{}-{}",
        std::process::id(),
        satrap_store::now_ms()
    ));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// An in-memory server with this keys file.
pub async fn server_with_keys(path: PathBuf) -> TestServer {
    let mut config = Config::in_memory();
    config.api_keys_file = Some(path);
    TestServer::start_with(config).await
}

/// `msg` with `x-api-key: key` (and a seat or spectator token).
pub fn with_key<T>(msg: T, key: Option<&str>, token: Option<&str>) -> Request<T> {
    let mut req = super::authed(msg, token);
    if let Some(k) = key {
        req.metadata_mut()
            .insert("x-api-key", k.parse().expect("key header"));
    }
    req
}

pub async fn admin(server: &TestServer) -> Admin {
    AdminServiceClient::new(server.channel().await)
}

/// CreateGame with `x-api-key: key` (none: `None`).
pub async fn create_with(
    c: &mut super::Client,
    key: Option<&str>,
    req: proto::CreateGameRequest,
) -> Result<proto::CreateGameResponse, Status> {
    c.create_game(with_key(req, key, None))
        .await
        .map(|r| r.into_inner())
}

/// A CreateGame request for King of Siam with `n` client seats.
pub fn create_request(n: usize, private: bool) -> proto::CreateGameRequest {
    proto::CreateGameRequest {
        game_type: "king_of_siam".into(),
        seats: super::seats(n),
        seed: Some(7),
        private,
        ..Default::default()
    }
}

/// The code of a failed call, panicking (with the value) on success.
pub fn code_of<T: std::fmt::Debug>(result: Result<T, Status>) -> Code {
    match result {
        Ok(v) => panic!("expected an error, got {v:?}"),
        Err(s) => s.code(),
    }
}

/// The status of a failed call.
pub fn status_of<T: std::fmt::Debug>(result: Result<T, Status>) -> Status {
    match result {
        Ok(v) => panic!("expected an error, got {v:?}"),
        Err(s) => s,
    }
}
