//! Snapshots and updates of a game as one viewer (a seat, or a spectator
//! with `None`) may see it. Redaction itself is each game's `view`; this
//! module only assembles the generic messages around it (with the clocks
//! and the lobby's waiting status).

use super::cache::{Cell, Meta, Version};
use super::clocks::ClockState;
use crate::codec::EncodedUpdate;
use crate::proto;
use satrap_catalog::GameInstance;
use satrap_engine::Seat;
use satrap_store::{SeatRecord, now_ms};

/// One version as a watcher gets it (clocks as of the version's time).
pub(super) fn update(meta: &Meta, v: &Version, viewer: Option<Seat>) -> proto::GameUpdate {
    proto::GameUpdate {
        version: v.version(),
        events: events(v, viewer),
        snapshot: Some(at_version(meta, v, viewer, true)),
        delta: None,
        cause: v.cause as i32,
        chat: chat(v, viewer),
    }
}

/// The chat messages of `v` (cause `Chat`) that `viewer` reads.
pub(super) fn chat(v: &Version, viewer: Option<Seat>) -> Vec<proto::ChatMessage> {
    match v.chat.is_empty() {
        true => Vec::new(),
        false => super::talk::chat::readable(&v.chat, viewer, &v.inst.teams()),
    }
}

/// The events of the action that made `v`, as `viewer` sees them; none
/// when `v` is sent again for another cause.
pub(super) fn events(v: &Version, viewer: Option<Seat>) -> Vec<proto::GameEvent> {
    match v.cause {
        proto::UpdateCause::Unspecified => v.last_events(viewer),
        _ => Vec::new(),
    }
}

/// [`update`] encoded, built and encoded once per viewer for a broadcast
/// frame and the same bytes sent to each of its streams (see
/// `cache::Shared`).
pub(super) fn shared_update(meta: &Meta, v: &Version, viewer: Option<Seat>) -> EncodedUpdate {
    let encode = || EncodedUpdate::new(&update(meta, v, viewer));
    match v.shared.full.get(slot(viewer)) {
        Some(once) => once.get_or_init(encode).clone(),
        None => encode(),
    }
}

/// [`at_version`], built once per viewer and text flag for a broadcast
/// frame.
pub(super) fn shared_snapshot(
    meta: &Meta,
    v: &Version,
    viewer: Option<Seat>,
    text: bool,
) -> proto::GameSnapshot {
    let index = slot(viewer) + if text { v.shared.full.len() } else { 0 };
    match v.shared.snapshots.get(index) {
        Some(once) => once
            .get_or_init(|| at_version(meta, v, viewer, text))
            .clone(),
        None => at_version(meta, v, viewer, text),
    }
}

/// A viewer's slot in `cache::Shared`: 0 for spectators, seat + 1.
fn slot(viewer: Option<Seat>) -> usize {
    viewer.map_or(0, |s| s + 1)
}

/// The snapshot of one version as a watcher sees it (clocks as of the
/// version's time); `text`: with the text picture.
pub(super) fn at_version(
    meta: &Meta,
    v: &Version,
    viewer: Option<Seat>,
    text: bool,
) -> proto::GameSnapshot {
    let mut snapshot = snapshot_with(
        meta,
        &v.seats,
        v.inst.as_ref(),
        &v.clocks,
        viewer,
        v.clocks.at(),
        text,
    );
    snapshot.offer = v.offer.clone();
    snapshot
}

/// The game now, for a request (clocks as of now).
pub(super) fn current(meta: &Meta, cell: &Cell, viewer: Option<Seat>) -> proto::GameSnapshot {
    current_with(meta, cell, viewer, true)
}

/// [`current`]; `text`: with the text picture.
pub(super) fn current_with(
    meta: &Meta,
    cell: &Cell,
    viewer: Option<Seat>,
    text: bool,
) -> proto::GameSnapshot {
    let now = now_ms();
    let mut snapshot = snapshot_with(
        meta,
        &cell.seats,
        cell.instance.as_ref(),
        &cell.clocks,
        viewer,
        now,
        text,
    );
    let version = cell.instance.version();
    snapshot.offer = cell
        .talk
        .offer()
        .map(|o| (o, o.status(version, now)))
        .filter(|(_, status)| *status == proto::OfferStatus::Pending)
        .map(|(o, status)| o.to_proto(status));
    snapshot
}

/// A snapshot; `text`: with the text picture (rendering it is a good part
/// of a snapshot's cost, and most programs never read it).
pub(super) fn snapshot_with(
    meta: &Meta,
    seats: &[SeatRecord],
    inst: &dyn GameInstance,
    clocks: &ClockState,
    viewer: Option<Seat>,
    as_of: u64,
    text: bool,
) -> proto::GameSnapshot {
    let outcome = inst.outcome();
    let waiting = clocks.started_at().is_none();
    proto::GameSnapshot {
        game_id: meta.id.clone(),
        game_type: meta.kind.id.to_owned(),
        version: inst.version(),
        status: if waiting {
            proto::GameStatus::Waiting
        } else {
            status(outcome.is_some())
        } as i32,
        to_act: if waiting {
            Vec::new()
        } else {
            inst.to_act().into_iter().map(|s| s as u32).collect()
        },
        viewer: viewer.map(|s| s as u32),
        state: Some(inst.view(viewer)),
        outcome,
        text: if text {
            inst.text(viewer)
        } else {
            String::new()
        },
        seats: seat_infos(seats),
        private: meta.private,
        client_seed: meta.settings.client_seed,
        rated: meta.rated,
        clocks: clocks.to_proto(as_of.max(clocks.at()), meta.settings.on_timeout),
        offer: None,
        takebacks: super::talk::offers::takebacks(meta.settings.takebacks, meta.rated) as i32,
    }
}

/// Where a started game stands (ApplyActionResponse.progress).
pub(super) fn progress(inst: &dyn GameInstance) -> proto::GameProgress {
    proto::GameProgress {
        version: inst.version(),
        status: status(inst.is_over()) as i32,
        to_act: inst.to_act().into_iter().map(|s| s as u32).collect(),
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
            open: s.open,
            invite_only: s.open && s.invite_hash.is_some(),
            player_id: s.player_id.clone(),
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
