//! The steps that move one tournament on, run by its owner on this
//! replica (`driver`, while it holds the tournament's lease).
//!
//! Each step reads the stored tournament and moves it on by one save,
//! guarded by the version it read: registration closes at the start time
//! (the tournament starts, or is cancelled with too few entrants), each
//! table gets its game through the hub (an ordinary game with the
//! tournament's clock, forfeiting a seat whose clock runs out), finished
//! games are recorded, and the next round is paired once the previous one
//! is done. A save that meets another's change (a join, a withdrawal, a
//! replica that drove it a moment ago) changes nothing and the step runs
//! again on the newer state, so a round is paired once, whoever pairs it.

use satrap_store::{
    NewEvent, StoreError, TournamentRecord, TournamentSave, TournamentStatus, now_ms,
};
use satrap_tournament::{Format, Tournament};

use super::events;
use super::state::{self, State};
use super::{RETRIES, Tournaments};
use crate::auth::Caller;
use crate::error::ServiceError;
use crate::proto;

/// `Outcome.ending` of a game a seat's clock ended (the forfeit policy).
const TIMEOUT: &str = "timeout";

/// Who a tournament game nobody needs is aborted by.
const ABORTED_BY: &str = "tournament";

/// What `advance` did.
enum Advance {
    Nothing,
    /// Changed the state read: the step saves it.
    Changed,
    /// Saved a change of its own.
    Saved,
}

/// What one step found.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Step {
    /// Saved a change: step again at once.
    Changed,
    /// Nothing to do until something happens: the tournament is at
    /// `version`, its games are `games` (one ending wakes the owner), and
    /// `wake_at` (ms since the epoch) is when time alone changes it (the
    /// start, an arena's end).
    Idle {
        version: u64,
        games: Vec<String>,
        wake_at: Option<u64>,
    },
    /// Finished or cancelled: the task ends.
    Over,
}

/// `Step::Idle` for a tournament read at `record` with `state`.
fn idle(record: &TournamentRecord, state: &State, now: u64) -> Step {
    let wake_at = match record.status {
        TournamentStatus::Registration => state::settings(record).ok().map(|s| s.start_at_ms),
        _ => match state.tournament.as_ref().map(|t| &t.config().format) {
            Some(&Format::Arena { end_ms, .. }) if now < end_ms => Some(end_ms),
            _ => None,
        },
    };
    Step::Idle {
        version: record.version,
        games: state
            .games
            .iter()
            .filter(|g| !g.is_empty())
            .cloned()
            .collect(),
        wake_at,
    }
}

impl Tournaments {
    pub(super) async fn step(&self, id: &str) -> Result<Step, ServiceError> {
        let Some(record) = self.hub.store().load_tournament(id).await? else {
            return Ok(Step::Over);
        };
        let mut state = State::parse(&record.state)?;
        let rounds_before = state.tournament.as_ref().map_or(0, |t| t.rounds().len());
        let now = now_ms();
        let status = match record.status {
            TournamentStatus::Finished | TournamentStatus::Cancelled => return Ok(Step::Over),
            TournamentStatus::Registration => {
                let settings = state::settings(&record)?;
                if now < settings.start_at_ms {
                    return Ok(idle(&record, &state, now));
                }
                let names = state.entries.iter().map(|e| e.player_id.clone()).collect();
                match Tournament::new(state::config(&settings), names) {
                    Ok(t) => {
                        state.tournament = Some(t);
                        TournamentStatus::Running
                    }
                    Err(_) => TournamentStatus::Cancelled,
                }
            }
            TournamentStatus::Running => {
                match self.advance(&record, &mut state, now).await? {
                    Advance::Nothing => return Ok(idle(&record, &state, now)),
                    Advance::Saved => return Ok(Step::Changed),
                    Advance::Changed => {}
                }
                match state.tournament.as_ref().is_some_and(|t| t.finished(now)) {
                    true => TournamentStatus::Finished,
                    false => TournamentStatus::Running,
                }
            }
        };
        let events = events::of_save(&record, rounds_before, status, &state);
        save(self, &record, status, &state, &events).await?;
        Ok(Step::Changed)
    }

    /// One change to a running tournament, if there is one to make: a
    /// table's game created (and saved), finished games recorded, or the
    /// next round paired.
    async fn advance(
        &self,
        record: &TournamentRecord,
        state: &mut State,
        now: u64,
    ) -> Result<Advance, ServiceError> {
        let Some(t) = state.tournament.as_mut() else {
            return Err(ServiceError::DataLoss(format!(
                "running tournament {} has no state",
                record.id
            )));
        };
        // A table without its game: create one (and save it before
        // anything else). Its id is the table's (`table_game_id`), so an
        // owner that died before saving it is followed by one that finds
        // the game it made and places it, instead of making another.
        let tables = t.tables().len();
        state.games.resize(tables, String::new());
        if let Some(i) =
            (0..tables).find(|&i| !t.tables()[i].finished() && state.games[i].is_empty())
        {
            let settings = state::settings(record)?;
            let game = self
                .create_game(record, &settings, &state.entries, t, i)
                .await?;
            self.place(record.clone(), i, game).await?;
            return Ok(Advance::Saved);
        }
        // Games that ended.
        let mut changed = false;
        for i in 0..tables {
            if state.games[i].is_empty() {
                continue;
            }
            if t.tables()[i].finished() {
                // Decided by a forfeit (a withdrawal) while its game plays
                // on: the game no longer counts, so it is ended.
                if t.tables()[i].forfeited.iter().any(|&f| f) {
                    self.end_unneeded(&state.games[i]).await;
                }
                continue;
            }
            let game = &state.games[i];
            let snapshot = match self.hub.get(game, Caller::Spectator).await {
                Ok(s) => s,
                // A game deleted by an administrator: nobody won it.
                Err(ServiceError::GameNotFound(_)) => {
                    let places = vec![0; t.config().players()];
                    changed |= t.record_result(i, &places).is_ok();
                    continue;
                }
                Err(e) => return Err(e),
            };
            if snapshot.status != proto::GameStatus::Finished as i32 {
                continue;
            }
            let outcome = snapshot.outcome.as_ref();
            // A seat whose clock ran out (a no-show) forfeits; the others
            // place as the game says.
            if let Some(o) = outcome.filter(|o| o.ending == TIMEOUT) {
                for seat in (0..t.config().players()).filter(|s| !o.winners.contains(&(*s as u32)))
                {
                    changed |= t.record_forfeit(i, seat).is_ok();
                }
            }
            if !t.tables()[i].finished() {
                let places = places(outcome, t.config().players());
                changed |= t.record_result(i, &places).is_ok();
            }
        }
        if changed {
            return Ok(Advance::Changed);
        }
        // The next round, once this one is done.
        let paired = match t.config().format {
            Format::Arena { .. } => t.pair_arena(now).is_ok_and(|r| !r.is_empty()),
            _ => {
                let next = u32::try_from(t.rounds().len()).unwrap_or(u32::MAX) + 1;
                t.pair_next_round(next).is_ok()
            }
        };
        Ok(match paired || t.finished(now) {
            true => Advance::Changed,
            false => Advance::Nothing,
        })
    }

    /// Abort `game` if it is still being played (a game whose table was
    /// decided without it).
    async fn end_unneeded(&self, game: &str) {
        let playing = self
            .hub
            .get(game, Caller::Spectator)
            .await
            .is_ok_and(|s| s.status != proto::GameStatus::Finished as i32);
        if playing {
            let _ = self.hub.abort(game, ABORTED_BY).await;
        }
    }

    /// Save `game` as table `table`'s, over whatever changed since
    /// `record` was read (a withdrawal on another replica): a game made is
    /// never dropped by a conflict. If the table no longer wants it
    /// (decided meanwhile, or given a game by a driver before this one),
    /// the game is aborted, so nobody plays a game that does not count.
    async fn place(
        &self,
        mut record: TournamentRecord,
        table: usize,
        game: String,
    ) -> Result<(), ServiceError> {
        for _ in 0..RETRIES {
            let mut state = State::parse(&record.state)?;
            let open = state
                .tournament
                .as_ref()
                .and_then(|t| t.tables().get(table))
                .is_some_and(|t| !t.finished());
            if state.games.len() <= table {
                state.games.resize(table + 1, String::new());
            }
            if record.status.is_over() || !open || !state.games[table].is_empty() {
                self.end_unneeded(&game).await;
                return Ok(());
            }
            state.games[table] = game.clone();
            match save(self, &record, record.status, &state, &[]).await {
                Ok(()) => return Ok(()),
                Err(ServiceError::VersionMismatch { .. }) => {
                    match self.hub.store().load_tournament(&record.id).await? {
                        Some(newer) => record = newer,
                        None => return Ok(()),
                    }
                }
                Err(e) => return Err(e),
            }
        }
        Err(ServiceError::Unavailable(format!(
            "tournament {}: table {table}'s game could not be saved",
            record.id
        )))
    }

    /// Table `table`'s game: an ordinary game of the tournament's type,
    /// clock and rating, each entrant's seats played by its bot or left to
    /// its player.
    pub(super) async fn create_game(
        &self,
        record: &TournamentRecord,
        settings: &proto::TournamentSettings,
        entries: &[state::Entry],
        t: &Tournament,
        table: usize,
    ) -> Result<String, ServiceError> {
        let config = t.config();
        let entrants = &t.tables()[table].entrants;
        let mut seats = vec![proto::SeatRequest::default(); config.players()];
        for (position, entrant) in entrants.iter().enumerate() {
            let entry = entries.get(entrant.index()).ok_or_else(|| {
                ServiceError::DataLoss(format!("tournament {}: unknown entrant", record.id))
            })?;
            for (k, seat) in config.seats(position).into_iter().enumerate() {
                let player = match k {
                    0 => &entry.player_id,
                    _ => &entry.partner_id,
                };
                // A player's seat has a token nobody holds until the
                // player takes it (TakeTournamentSeat); its clock runs
                // from the start all the same.
                let (bot, player_id) = match player.strip_prefix("bot:") {
                    Some(bot) => (bot.to_owned(), String::new()),
                    None => (String::new(), player.clone()),
                };
                if let Some(s) = seats.get_mut(seat) {
                    *s = proto::SeatRequest {
                        name: format!("{} #{}", short(player), entrant.0 + 1),
                        bot,
                        open: false,
                        player_id,
                    };
                }
            }
        }
        let req = proto::CreateGameRequest {
            game_type: settings.game_type.clone(),
            seats,
            seed: None,
            options: None,
            private: settings.private,
            time_control: settings.time_control,
            on_timeout: proto::TimeoutPolicy::Forfeit as i32,
            bot_fill: None,
            takebacks: proto::TakebackPolicy::Never as i32,
            invite_codes: false,
            rated: settings.rated,
        };
        let id = table_game_id(&record.id, table);
        match self.hub.get(&id, Caller::Spectator).await {
            // Made by an owner that died before saving it: adopted.
            Ok(_) => return Ok(id),
            Err(ServiceError::GameNotFound(_)) => {}
            Err(e) => return Err(e),
        }
        // `None`: made meanwhile by another owner (a lease that lapsed
        // under a slow one): the same game, adopted all the same.
        self.hub.create_as(req, &record.owner, &id).await?;
        Ok(id)
    }
}

/// The id of table `table`'s game in tournament `tournament`: a UUID drawn
/// from the two (a SHA-256 of them), the same whichever replica makes it.
pub(super) fn table_game_id(tournament: &str, table: usize) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(format!("satrap tournament table\0{tournament}\0{table}"));
    let mut bytes = [0u8; 16];
    bytes.copy_from_slice(&digest[..16]);
    uuid::Builder::from_custom_bytes(bytes)
        .into_uuid()
        .to_string()
}

/// A player id cut to fit a seat name (with its entrant number).
fn short(player: &str) -> String {
    player.chars().take(48).collect()
}

/// Each seat's place (0 first) from a finished game's outcome: its rank
/// less one; a seat the outcome does not rank shares the last place.
fn places(outcome: Option<&proto::Outcome>, seats: usize) -> Vec<u8> {
    let mut places = vec![u8::try_from(seats).unwrap_or(u8::MAX); seats];
    for r in outcome.map(|o| o.results.as_slice()).unwrap_or_default() {
        if let Some(p) = places.get_mut(r.seat as usize) {
            *p = u8::try_from(r.rank.saturating_sub(1)).unwrap_or(u8::MAX);
        }
    }
    places
}

/// Save `state` with `status` (and its feed `events`) over the version
/// `record` was read at.
pub(super) async fn save(
    tournaments: &Tournaments,
    record: &TournamentRecord,
    status: TournamentStatus,
    state: &State,
    events: &[NewEvent],
) -> Result<(), ServiceError> {
    let text = state.text()?;
    let save = TournamentSave {
        status,
        state: &text,
        events,
    };
    match tournaments
        .hub
        .store()
        .save_tournament(&record.id, record.version, &save)
        .await
    {
        Ok(()) => Ok(()),
        Err(StoreError::Conflict {
            id,
            expected,
            actual,
        }) => Err(ServiceError::version_mismatch(&id, expected, actual)),
        Err(e) => Err(e.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tables_game_id_is_the_tables_own() {
        let id = table_game_id("t1", 3);
        assert_eq!(id, table_game_id("t1", 3), "the same table, the same id");
        assert_ne!(id, table_game_id("t1", 4));
        assert_ne!(id, table_game_id("t2", 3));
        assert!(uuid::Uuid::parse_str(&id).is_ok(), "a UUID like any game's");
    }

    #[test]
    fn places_come_from_ranks() {
        let outcome = proto::Outcome {
            results: vec![
                proto::SeatResult {
                    seat: 0,
                    rank: 2,
                    score: 0,
                },
                proto::SeatResult {
                    seat: 1,
                    rank: 1,
                    score: 0,
                },
            ],
            ..proto::Outcome::default()
        };
        assert_eq!(places(Some(&outcome), 3), [1, 0, 3]);
        assert_eq!(places(None, 2), [2, 2]);
    }
}
