//! Tournaments served: the calls of `TournamentService` ([`grpc`]), the
//! stored state and its view ([`state`]), the owner of a tournament on the
//! replica that holds its lease ([`driver`]) and the steps it takes
//! ([`drive`]). [`Tournaments`] is the directory of this replica's owners:
//! it hands each one the saves of its tournament that the replica's
//! follower announces (`Hub::tournament_changes`), gives a new tournament
//! an owner at once, and at every half lease period takes over those whose
//! owner's lease lapsed (a dead replica's).
//!
//! Invariants:
//! - the tournament lives in the store; every change is a save guarded by
//!   the version it was made from (joins and withdrawals from any replica,
//!   the driver's steps), so no change is lost and no round is paired
//!   twice, whichever replica makes it;
//! - at most one replica drives a tournament, under a lease of the store's
//!   `Leases` role (the named lease `tournament/ID`), and on it one task,
//!   its owner; a replica that dies stops renewing it, and another
//!   replica's scan takes it over;
//! - a tournament's games are ordinary games made through the hub, each
//!   with the tournament's clock, so no round waits forever.

mod drive;
mod driver;
mod events;
pub mod grpc;
mod state;
#[cfg(test)]
mod with_store;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{broadcast, mpsc};

use crate::access::Principal;
use crate::echo::Echo;
use crate::error::ServiceError;
use crate::hub::Hub;
use crate::paging;
use crate::proto;
use driver::Command;
use satrap_store::{
    Cursor, Lease, PrivateGames, TournamentNotice, TournamentQuery, TournamentRecord,
    TournamentStatus, now_ms,
};
use state::{Entry, State};

/// How tournaments are owned.
#[derive(Debug, Clone, Copy)]
pub struct TournamentConfig {
    /// How long an owner's lease lasts unrenewed: how soon another replica
    /// takes over from a dead one (renewed every third of it; the scan for
    /// lapsed leases runs every half of it).
    pub lease: Duration,
}

impl Default for TournamentConfig {
    fn default() -> Self {
        Self {
            lease: Duration::from_secs(10),
        }
    }
}

/// The most entrants a tournament takes (its `entry_limit` may be lower).
pub const MAX_ENTRANTS: usize = 256;
/// The most Swiss rounds.
const MAX_ROUNDS: u32 = 64;
/// The longest name.
const MAX_NAME: usize = 100;
/// How many times a join or withdrawal retries a save that met another
/// change.
const RETRIES: usize = 8;

/// The lease that says who drives tournament `id`.
fn lease_name(id: &str) -> String {
    format!("tournament/{id}")
}

/// Tournaments on this replica.
pub struct Tournaments {
    hub: Arc<Hub>,
    config: TournamentConfig,
    /// The owners on this replica: each tournament it drives now, and the
    /// way to its owner.
    owners: Mutex<HashMap<String, mpsc::Sender<Command>>>,
}

impl Tournaments {
    pub fn new(hub: Arc<Hub>, config: TournamentConfig) -> Arc<Self> {
        Arc::new(Self {
            hub,
            config,
            owners: Mutex::new(HashMap::new()),
        })
    }

    /// The directory, until shutdown: pass each save the follower
    /// announces to its tournament's owner here, give a new tournament an
    /// owner, and look for tournaments nobody owns (a lapsed lease) every
    /// half lease period.
    pub async fn run(self: Arc<Self>) {
        let mut shutdown = self.hub.shutdown_signal();
        let mut changes = self.hub.tournament_changes();
        let mut scan = tokio::time::interval(self.config.lease / 2);
        while !*shutdown.borrow() {
            tokio::select! {
                _ = scan.tick() => {
                    if let Err(e) = self.scan().await {
                        tracing::warn!(error = %e, "tournament scan failed");
                    }
                }
                notice = changes.recv() => match notice {
                    Ok(TournamentNotice::Saved { id, version }) => {
                        let told = self.tell(&id, Command::Saved { version });
                        // A new tournament: owned at once (else it waits
                        // for the scan).
                        if !told && version == 1 {
                            if let Err(e) = self.adopt(&id).await {
                                tracing::warn!(tournament = %id, error = %e, "tournament not adopted");
                            }
                        }
                    }
                    Ok(TournamentNotice::Resync) | Err(broadcast::error::RecvError::Lagged(_)) => {
                        self.tell_all(Command::Saved { version: 0 });
                    }
                    Err(broadcast::error::RecvError::Closed) => break,
                },
                _ = shutdown.changed() => {}
            }
        }
    }

    /// Tell `id`'s owner here, if it has one (`false` if not). A full
    /// channel already holds a wake: the command is not needed.
    fn tell(&self, id: &str, command: Command) -> bool {
        let Ok(owners) = self.owners.lock() else {
            return false;
        };
        match owners.get(id) {
            Some(owner) => {
                let _ = owner.try_send(command);
                true
            }
            None => false,
        }
    }

    fn tell_all(&self, command: Command) {
        if let Ok(owners) = self.owners.lock() {
            for owner in owners.values() {
                let _ = owner.try_send(command);
            }
        }
    }

    /// One look at the live tournaments: each one whose lease this replica
    /// can take gets a driver.
    async fn scan(self: &Arc<Self>) -> Result<(), ServiceError> {
        let mut after = None;
        loop {
            let page = self
                .hub
                .store()
                .list_tournaments(&TournamentQuery {
                    live: true,
                    after: after.clone(),
                    limit: 100,
                    private: PrivateGames::All,
                    ..TournamentQuery::default()
                })
                .await?;
            for t in &page {
                self.adopt(&t.id).await?;
            }
            match page.last() {
                Some(last) if page.len() == 100 => {
                    after = Some(Cursor {
                        created_at_ms: last.created_at_ms,
                        id: last.id.clone(),
                    })
                }
                _ => return Ok(()),
            }
        }
    }

    /// Own `id` here if nobody else does.
    async fn adopt(self: &Arc<Self>, id: &str) -> Result<(), ServiceError> {
        if self
            .owners
            .lock()
            .map(|o| o.contains_key(id))
            .unwrap_or(true)
        {
            return Ok(());
        }
        let now = now_ms();
        let lease = Lease {
            owner: self.hub.replica(),
            now_ms: now,
            until_ms: now + self.config.lease.as_millis() as u64,
        };
        if self
            .hub
            .store()
            .cursor(&lease_name(id), &lease)
            .await?
            .is_none()
        {
            return Ok(());
        }
        let (tx, rx) = mpsc::channel(driver::COMMANDS);
        let fresh = self
            .owners
            .lock()
            .map(|mut o| match o.contains_key(id) {
                true => false,
                false => o.insert(id.to_owned(), tx).is_none(),
            })
            .unwrap_or(false);
        if fresh {
            tokio::spawn(self.clone().own(id.to_owned(), rx));
        }
        Ok(())
    }

    /// CreateTournament: `settings` checked, stored in registration.
    pub async fn create(
        &self,
        settings: proto::TournamentSettings,
        principal: &Principal,
        keys: bool,
    ) -> Result<proto::Tournament, ServiceError> {
        self.check(&settings, keys)?;
        let record = TournamentRecord {
            id: uuid::Uuid::new_v4().to_string(),
            game_type: settings.game_type.clone(),
            owner: principal.owner.clone(),
            private: settings.private,
            created_at_ms: now_ms(),
            status: TournamentStatus::Registration,
            settings: prost::Message::encode_to_vec(&settings),
            state: State::default().text()?,
            version: 1,
        };
        self.hub.store().create_tournament(&record).await?;
        state::view(&record, &State::default(), true)
    }

    fn check(&self, s: &proto::TournamentSettings, keys: bool) -> Result<(), ServiceError> {
        let bad = |m: String| Err(ServiceError::InvalidArgument(m));
        if s.name.chars().count() > MAX_NAME {
            return bad(format!("name: at most {MAX_NAME} characters"));
        }
        let format = proto::TournamentFormat::try_from(s.format)
            .unwrap_or(proto::TournamentFormat::Unspecified);
        match format {
            proto::TournamentFormat::Unspecified => {
                return bad("format: choose SWISS, ROUND_ROBIN or ARENA".into());
            }
            proto::TournamentFormat::Swiss if s.rounds == 0 || s.rounds > MAX_ROUNDS => {
                return bad(format!("rounds: a Swiss needs 1 to {MAX_ROUNDS} rounds"));
            }
            proto::TournamentFormat::Arena if s.arena_duration_ms == 0 => {
                return bad("arena_duration_ms: an arena needs a duration".into());
            }
            _ => {}
        }
        if s.teams && s.players_per_table != 2 {
            return bad(
                "teams: a team tournament seats two teams a table (players_per_table 2)".into(),
            );
        }
        if !(2..=4).contains(&s.players_per_table) {
            return bad("players_per_table: 2, 3 or 4".into());
        }
        let clocked = s
            .time_control
            .as_ref()
            .and_then(|t| t.kind.as_ref())
            .is_some_and(|k| !matches!(k, proto::time_control::Kind::None(_)));
        if !clocked {
            return bad(
                "time_control: every tournament game needs a clock (per_move_ms or fischer), so no round waits forever".into(),
            );
        }
        if s.rated && s.private {
            return bad("rated: a rated tournament cannot be private".into());
        }
        if s.rated && !keys {
            return Err(ServiceError::RuleViolation(
                "this server has no API keys, so it cannot tell players apart: rated tournaments need keys".into(),
            ));
        }
        if s.start_at_ms == 0 {
            return bad("start_at_ms: when registration closes and play starts".into());
        }
        // The games it will make: the hub checks the type, the player
        // count and the clock as CreateGame would.
        let players = s.players_per_table as usize * if s.teams { 2 } else { 1 };
        let probe = proto::CreateGameRequest {
            game_type: s.game_type.clone(),
            seats: (0..players)
                .map(|i| proto::SeatRequest {
                    name: format!("seat {i}"),
                    bot: "random".into(),
                    ..proto::SeatRequest::default()
                })
                .collect(),
            time_control: s.time_control,
            on_timeout: proto::TimeoutPolicy::Forfeit as i32,
            ..proto::CreateGameRequest::default()
        };
        self.hub.check_request(probe)
    }

    /// A tournament the caller may see (a private one: its creator, an
    /// entrant or an admin), else NOT_FOUND as for an unknown id.
    async fn visible(
        &self,
        id: &str,
        principal: Option<&Principal>,
    ) -> Result<(TournamentRecord, State), ServiceError> {
        let not_found = || ServiceError::TournamentNotFound(Echo(id).to_string());
        let record = self
            .hub
            .store()
            .load_tournament(id)
            .await?
            .ok_or_else(not_found)?;
        let state = State::parse(&record.state)?;
        let sees = !record.private
            || principal.is_some_and(|p| {
                p.is_admin()
                    || p.owner == record.owner
                    || state.entries.iter().any(|e| e.players().contains(&p.key))
            });
        match sees {
            true => Ok((record, state)),
            false => Err(not_found()),
        }
    }

    /// GetTournament.
    pub async fn get(
        &self,
        id: &str,
        principal: Option<&Principal>,
    ) -> Result<proto::Tournament, ServiceError> {
        let (record, state) = self.visible(id, principal).await?;
        state::view(&record, &state, true)
    }

    /// ListTournaments: newest first, a page at a time.
    pub async fn list(
        &self,
        req: &proto::ListTournamentsRequest,
        principal: Option<&Principal>,
    ) -> Result<proto::ListTournamentsResponse, ServiceError> {
        const CALL: &str = "tournaments";
        let size = paging::page_size(req.page_size);
        let after = match req.page_token.as_str() {
            "" => None,
            token => {
                let position = paging::position(CALL, token)?;
                let (at, id) = position.split_once('/').ok_or_else(|| {
                    ServiceError::InvalidArgument("page_token: not a tournaments token".into())
                })?;
                Some(Cursor {
                    created_at_ms: at.parse().map_err(|_| {
                        ServiceError::InvalidArgument("page_token: not a tournaments token".into())
                    })?,
                    id: id.to_owned(),
                })
            }
        };
        let status = match proto::TournamentStatus::try_from(req.status) {
            Ok(proto::TournamentStatus::Registration) => Some(TournamentStatus::Registration),
            Ok(proto::TournamentStatus::Running) => Some(TournamentStatus::Running),
            Ok(proto::TournamentStatus::Finished) => Some(TournamentStatus::Finished),
            Ok(proto::TournamentStatus::Cancelled) => Some(TournamentStatus::Cancelled),
            Ok(proto::TournamentStatus::Unspecified) => None,
            Err(_) => {
                return Err(ServiceError::InvalidArgument(
                    "status: not a TournamentStatus".into(),
                ));
            }
        };
        let private = match principal {
            Some(p) => p.scope().private_games(),
            None => PrivateGames::Hidden,
        };
        let mut page = self
            .hub
            .store()
            .list_tournaments(&TournamentQuery {
                game_type: Some(req.game_type.clone()).filter(|g| !g.is_empty()),
                status,
                live: false,
                after,
                limit: size + 1,
                private,
            })
            .await?;
        let more = page.len() > size;
        page.truncate(size);
        let next_page_token = match (more, page.last()) {
            (true, Some(last)) => {
                paging::token(CALL, &format!("{}/{}", last.created_at_ms, last.id))
            }
            _ => String::new(),
        };
        let tournaments = page
            .iter()
            .map(|r| state::view(r, &State::parse(&r.state)?, false))
            .collect::<Result<_, _>>()?;
        Ok(proto::ListTournamentsResponse {
            tournaments,
            next_page_token,
        })
    }

    /// Change tournament `id` by `change` (given the record and state read,
    /// answering what to return), saved over the version read; retried on
    /// the newer state when another change came first.
    async fn update<T>(
        &self,
        id: &str,
        principal: &Principal,
        mut change: impl FnMut(&TournamentRecord, &mut State) -> Result<T, ServiceError>,
    ) -> Result<T, ServiceError> {
        for _ in 0..RETRIES {
            let (record, mut state) = self.visible(id, Some(principal)).await?;
            let out = change(&record, &mut state)?;
            match drive::save(self, &record, record.status, &state, &[]).await {
                Ok(()) => return Ok(out),
                Err(ServiceError::VersionMismatch { .. }) => continue,
                Err(e) => return Err(e),
            }
        }
        Err(ServiceError::Unavailable(
            "the tournament kept changing under this call: retry".into(),
        ))
    }

    /// JoinTournament: a player (the key's own, or a creator's user), or a
    /// built-in level (`bot:NAME`), entered by the organiser (the
    /// creator's key or an admin) and any number of times (each entry its
    /// own entrant); a player is in once.
    pub async fn join(
        &self,
        req: &proto::JoinTournamentRequest,
        principal: &Principal,
    ) -> Result<proto::TournamentEntrant, ServiceError> {
        let player = self.entrant_id(&req.player_id, principal)?;
        let partner = match req.partner_id.as_str() {
            "" => String::new(),
            p => self.entrant_id(p, principal)?,
        };
        let types = self.hub.game_types();
        self.update(&req.tournament_id, principal, |record, state| {
            let settings = state::settings(record)?;
            if record.status != TournamentStatus::Registration {
                return Err(ServiceError::RuleViolation(
                    "the tournament has started: entries are closed".into(),
                ));
            }
            let organiser = principal.is_admin() || principal.owner == record.owner;
            for p in [&player, &partner] {
                let Some(bot) = p.strip_prefix("bot:") else {
                    continue;
                };
                if !organiser {
                    return Err(ServiceError::PermissionDenied(
                        "only the tournament's creator or an admin enters built-in levels",
                    ));
                }
                let known = types
                    .iter()
                    .find(|t| t.id == settings.game_type)
                    .is_some_and(|t| t.bots.iter().any(|b| b == bot));
                if !known {
                    return Err(ServiceError::InvalidArgument(format!(
                        "player_id: {} is not a built-in level of {}",
                        Echo(p),
                        Echo(&settings.game_type)
                    )));
                }
            }
            if settings.teams == partner.is_empty() {
                return Err(ServiceError::InvalidArgument(match settings.teams {
                    true => "partner_id: a team tournament enters teams of two".into(),
                    false => "partner_id: only a team tournament has partners".into(),
                }));
            }
            let limit = match settings.entry_limit {
                0 => MAX_ENTRANTS,
                n => (n as usize).min(MAX_ENTRANTS),
            };
            if state.entries.len() >= limit {
                return Err(ServiceError::RuleViolation(format!(
                    "the tournament is full ({limit} entrants)"
                )));
            }
            let taken = |p: &String| {
                !p.starts_with("bot:") && state.entries.iter().any(|e| e.players().contains(p))
            };
            if taken(&player) || taken(&partner) {
                return Err(ServiceError::AlreadyExists(
                    "this player is already entered",
                ));
            }
            state.entries.push(Entry {
                partner_id: partner.clone(),
                ..Entry::of(&player)
            });
            let i = state.entries.len() - 1;
            Ok(entrant(i, &state.entries[i]))
        })
        .await
    }

    /// LeaveTournament: before the start the entry is removed; after it the
    /// entrant withdraws (its games in play and every later one forfeited).
    /// A built-in level entered more than once withdraws its latest entry.
    pub async fn leave(
        &self,
        req: &proto::LeaveTournamentRequest,
        principal: &Principal,
    ) -> Result<proto::TournamentEntrant, ServiceError> {
        let player = self.entrant_id(&req.player_id, principal)?;
        self.update(&req.tournament_id, principal, |record, state| {
            let organiser = principal.is_admin() || principal.owner == record.owner;
            if player.starts_with("bot:") && !organiser {
                return Err(ServiceError::PermissionDenied(
                    "only the tournament's creator or an admin withdraws built-in levels",
                ));
            }
            let i = state
                .entries
                .iter()
                .rposition(|e| !e.withdrawn && e.players().contains(&player))
                .ok_or_else(|| {
                    ServiceError::RuleViolation(format!(
                        "{} is not entered in this tournament",
                        Echo(&player)
                    ))
                })?;
            match (record.status, state.tournament.as_mut()) {
                (TournamentStatus::Registration, _) => {
                    let mut gone = state.entries.remove(i);
                    gone.withdrawn = true;
                    Ok(entrant(i, &gone))
                }
                (TournamentStatus::Running, Some(t)) => {
                    t.withdraw(i.into()).map_err(|e| {
                        ServiceError::RuleViolation(format!("cannot withdraw: {e}"))
                    })?;
                    state.entries[i].withdrawn = true;
                    Ok(entrant(i, &state.entries[i]))
                }
                _ => Err(ServiceError::RuleViolation("the tournament is over".into())),
            }
        })
        .await
    }

    /// The entrant a request names: `bot:NAME` as it is, else the player
    /// the caller's key may name (see `access::players`).
    fn entrant_id(&self, asserted: &str, principal: &Principal) -> Result<String, ServiceError> {
        if asserted.starts_with("bot:") {
            return Ok(asserted.to_owned());
        }
        let id = crate::access::players::resolve(Some(principal), asserted)?;
        if id.is_empty() {
            return Err(ServiceError::InvalidArgument(
                "player_id: name the entrant (a creator key's user, or bot:NAME), or call with a player key".into(),
            ));
        }
        Ok(id)
    }

    /// TakeTournamentSeat: a new token for the seat the caller's entrant
    /// holds in game `game_id` of the tournament.
    pub async fn take_seat(
        &self,
        req: &proto::TakeTournamentSeatRequest,
        principal: &Principal,
    ) -> Result<proto::SeatCredential, ServiceError> {
        let player = self.entrant_id(&req.player_id, principal)?;
        if player.starts_with("bot:") {
            return Err(ServiceError::InvalidArgument(
                "player_id: a built-in level plays its own seats".into(),
            ));
        }
        let (_, state) = self.visible(&req.tournament_id, Some(principal)).await?;
        let seat = state
            .tournament
            .as_ref()
            .and_then(|t| {
                let table = state.games.iter().position(|g| *g == req.game_id)?;
                let entrants = &t.tables().get(table)?.entrants;
                entrants.iter().enumerate().find_map(|(position, e)| {
                    let entry = state.entries.get(e.index())?;
                    let k = entry.players().iter().position(|p| *p == player)?;
                    t.config().seats(position).get(k).copied()
                })
            })
            .ok_or_else(|| {
                ServiceError::RuleViolation(format!(
                    "{} has no seat in game {} of this tournament",
                    Echo(&player),
                    Echo(&req.game_id)
                ))
            })?;
        self.hub.new_seat_token(&req.game_id, seat).await
    }

    /// WatchTournament: the tournament now (if past `after`), then after
    /// every change, until it is over, the stream is dropped or the
    /// server shuts down. It reads the store only when the follower
    /// announces a newer save of this tournament (or may have missed one).
    pub async fn watch(
        self: Arc<Self>,
        id: String,
        after: u64,
        principal: Option<Principal>,
        tx: tokio::sync::mpsc::Sender<Result<proto::TournamentUpdate, tonic::Status>>,
    ) {
        let mut changes = self.hub.tournament_changes();
        let mut shutdown = self.hub.shutdown_signal();
        let mut last: Option<proto::Tournament> = None;
        let mut seen = after;
        loop {
            let (record, state) = match self.visible(&id, principal.as_ref()).await {
                Ok(found) => found,
                Err(e) => {
                    let _ = tx.send(Err(e.into())).await;
                    return;
                }
            };
            if record.version > seen {
                seen = record.version;
                let now = match state::view(&record, &state, true) {
                    Ok(v) => v,
                    Err(e) => {
                        let _ = tx.send(Err(e.into())).await;
                        return;
                    }
                };
                let change = change(last.as_ref(), &now) as i32;
                let update = proto::TournamentUpdate {
                    change,
                    tournament: Some(now.clone()),
                };
                if tx.send(Ok(update)).await.is_err() {
                    return;
                }
                last = Some(now);
            }
            if record.status.is_over() || *shutdown.borrow() {
                return;
            }
            // Wait for a save newer than the one shown.
            loop {
                tokio::select! {
                    notice = changes.recv() => match notice {
                        Ok(TournamentNotice::Saved { id: saved, version })
                            if saved == id && version > seen => break,
                        Ok(TournamentNotice::Saved { .. }) => {}
                        Ok(TournamentNotice::Resync)
                        | Err(broadcast::error::RecvError::Lagged(_)) => break,
                        Err(broadcast::error::RecvError::Closed) => return,
                    },
                    _ = shutdown.changed() => break,
                    _ = tx.closed() => return,
                }
            }
        }
    }
}

/// What changed between two views (the first update is the current state).
fn change(before: Option<&proto::Tournament>, now: &proto::Tournament) -> proto::TournamentChange {
    use proto::TournamentChange as C;
    let Some(before) = before else {
        return C::Current;
    };
    let withdrawn = |t: &proto::Tournament| t.entrants.iter().filter(|e| e.withdrawn).count();
    if now.status != before.status && now.status != proto::TournamentStatus::Running as i32 {
        C::Finished
    } else if now.entrants.len() > before.entrants.len() {
        C::EntrantJoined
    } else if now.entrants.len() < before.entrants.len() || withdrawn(now) > withdrawn(before) {
        C::EntrantLeft
    } else if now.rounds.len() > before.rounds.len() {
        C::RoundPaired
    } else if now.status != before.status {
        C::Current
    } else {
        C::GameFinished
    }
}

fn entrant(i: usize, e: &Entry) -> proto::TournamentEntrant {
    proto::TournamentEntrant {
        entrant: u32::try_from(i).unwrap_or(u32::MAX),
        player_ids: e.players(),
        withdrawn: e.withdrawn,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proto::TournamentChange as C;

    fn at(
        status: proto::TournamentStatus,
        entrants: usize,
        withdrawn: usize,
        rounds: usize,
    ) -> proto::Tournament {
        proto::Tournament {
            status: status as i32,
            entrants: (0..entrants)
                .map(|i| proto::TournamentEntrant {
                    withdrawn: i < withdrawn,
                    ..Default::default()
                })
                .collect(),
            rounds: vec![proto::TournamentRound::default(); rounds],
            ..Default::default()
        }
    }

    #[test]
    fn each_update_names_its_change() {
        use proto::TournamentStatus::{Finished, Registration, Running};
        let reg = at(Registration, 2, 0, 0);
        assert_eq!(change(None, &reg), C::Current);
        assert_eq!(
            change(Some(&reg), &at(Registration, 3, 0, 0)),
            C::EntrantJoined
        );
        assert_eq!(
            change(Some(&reg), &at(Registration, 1, 0, 0)),
            C::EntrantLeft
        );
        let started = at(Running, 2, 0, 0);
        assert_eq!(change(Some(&reg), &started), C::Current);
        let paired = at(Running, 2, 0, 1);
        assert_eq!(change(Some(&started), &paired), C::RoundPaired);
        assert_eq!(change(Some(&paired), &at(Running, 2, 1, 1)), C::EntrantLeft);
        assert_eq!(change(Some(&paired), &paired.clone()), C::GameFinished);
        assert_eq!(change(Some(&paired), &at(Finished, 2, 0, 1)), C::Finished);
    }
}
