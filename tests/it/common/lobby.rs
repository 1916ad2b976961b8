//! Helpers for the clock and lobby tests.

use satrap_server::proto::{self, time_control::Kind};
use tonic::Status;

use super::{Client, apply_notation, authed, legal};

pub fn per_move(ms: u64) -> proto::TimeControl {
    proto::TimeControl {
        kind: Some(Kind::PerMoveMs(ms)),
    }
}

pub fn fischer(budget_ms: u64, increment_ms: u64) -> proto::TimeControl {
    proto::TimeControl {
        kind: Some(Kind::Fischer(proto::Fischer {
            budget_ms,
            increment_ms,
        })),
    }
}

pub fn open_seat() -> proto::SeatRequest {
    proto::SeatRequest {
        open: true,
        ..Default::default()
    }
}

/// Create a game with a clock and a timeout policy.
pub async fn create_timed(
    client: &mut Client,
    game: &str,
    seats: Vec<proto::SeatRequest>,
    seed: u64,
    clock: proto::TimeControl,
    policy: proto::TimeoutPolicy,
) -> proto::CreateGameResponse {
    client
        .create_game(proto::CreateGameRequest {
            game_type: game.into(),
            seats,
            seed: Some(seed),
            time_control: Some(clock),
            on_timeout: policy as i32,
            ..Default::default()
        })
        .await
        .expect("create")
        .into_inner()
}

/// Play the first legal action of the seat with `token`, now.
pub async fn act_now(
    client: &mut Client,
    id: &str,
    token: &str,
) -> Result<proto::ApplyActionResponse, Status> {
    let list = legal(client, id, token).await;
    let first = list
        .actions
        .first()
        .map(|a| a.notation.clone())
        .unwrap_or_default();
    apply_notation(client, id, Some(token), &first, Some(list.version)).await
}

pub async fn history(client: &mut Client, id: &str) -> proto::GetHistoryResponse {
    client
        .get_history(authed(
            proto::GetHistoryRequest { game_id: id.into() },
            None,
        ))
        .await
        .expect("history")
        .into_inner()
}

/// The timeout entries of a history: (version, seat, policy).
pub fn timeouts(h: &proto::GetHistoryResponse) -> Vec<(u64, u32, i32)> {
    h.entries
        .iter()
        .filter(|e| e.timeout != 0)
        .map(|e| (e.version, e.seat, e.timeout))
        .collect()
}

pub fn clock_of(snap: &proto::GameSnapshot, seat: usize) -> proto::SeatClock {
    snap.clocks
        .as_ref()
        .expect("clocks")
        .seats
        .get(seat)
        .cloned()
        .expect("seat clock")
}

/// Join an open seat.
pub async fn join(
    client: &mut Client,
    id: &str,
    seat: Option<u32>,
    name: &str,
    invite: &str,
) -> Result<proto::JoinGameResponse, Status> {
    client
        .join_game(proto::JoinGameRequest {
            game_id: id.into(),
            seat,
            name: name.into(),
            invite_code: invite.into(),
            ..Default::default()
        })
        .await
        .map(|r| r.into_inner())
}
