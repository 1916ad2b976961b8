//! Snapshots and updates of a game as one viewer (a seat, or a spectator
//! with `None`) may see it. Redaction itself is each game's `view`; this
//! module only assembles the generic messages around it.

use super::cache::LiveGame;
use crate::engine::Seat;
use crate::games::GameInstance;
use crate::proto;
use crate::store::SeatRecord;

pub(super) fn update(
    live: &LiveGame,
    inst: &dyn GameInstance,
    viewer: Option<Seat>,
) -> proto::GameUpdate {
    proto::GameUpdate {
        version: inst.version(),
        events: inst.last_events(viewer),
        snapshot: Some(snapshot(live, inst, viewer)),
    }
}

pub(super) fn snapshot(
    live: &LiveGame,
    inst: &dyn GameInstance,
    viewer: Option<Seat>,
) -> proto::GameSnapshot {
    let outcome = inst.outcome();
    proto::GameSnapshot {
        game_id: live.meta.id.clone(),
        game_type: live.meta.kind.id.to_owned(),
        version: inst.version(),
        status: status(outcome.is_some()) as i32,
        to_act: inst.to_act().into_iter().map(|s| s as u32).collect(),
        viewer: viewer.map(|s| s as u32),
        state: Some(inst.view(viewer)),
        outcome,
        text: inst.text(viewer),
        seats: seat_infos(&live.seats()),
        private: live.meta.private,
    }
}

pub(super) fn seat_infos(seats: &[SeatRecord]) -> Vec<proto::SeatInfo> {
    seats
        .iter()
        .enumerate()
        .map(|(i, s)| proto::SeatInfo {
            seat: i as u32,
            name: s.name.clone(),
            bot: s.bot.clone(),
            resigned: s.resigned,
        })
        .collect()
}

pub(super) fn status(over: bool) -> proto::GameStatus {
    if over {
        proto::GameStatus::Finished
    } else {
        proto::GameStatus::InProgress
    }
}
