//! In-memory store (`--database memory://`): for tests, benchmarks and
//! throwaway servers. Everything is lost when the process exits.

mod tournaments;

use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;

use async_trait::async_trait;
use tokio::sync::watch;

use super::{
    Commit, EntryKind, Event, EventKind, EventSeat, Expiry, GameEnd, GameRecord, GameStatus,
    GameSummary, Head, JoinSeat, Joined, Lease, ListQuery, LobbyError, LoggedAction, MatchSeat,
    NewEvent, PlayerRating, SeatBot, SeatRecord, StoreError, StoredGame, Ticket, TicketState,
    Undelivered, choose_open_seat, now_ms, rated,
};
use crate::{GameLog, Leases, Lobby, NewTalk, RatedPlay, Talk, TalkEntry, Tokens};

/// One game with the bookkeeping the other backends keep in columns.
struct Entry {
    game: StoredGame,
    status: GameStatus,
    updated_at_ms: u64,
    seat_revision: u64,
    /// When the game next needs the server, and who drives it (see
    /// [`crate::work`]; kept only by a store that says it is shared).
    due_at_ms: Option<u64>,
    lease: Option<(String, u64)>,
    /// The game's talk (see [`crate::Talk`]), numbered from 1.
    talk: Vec<crate::TalkEntry>,
}

impl Entry {
    /// Whether `lease` may take this game's lease now: free, expired or
    /// its own.
    fn leasable(&self, lease: &Lease<'_>) -> bool {
        self.lease
            .as_ref()
            .is_none_or(|(owner, until)| owner == lease.owner || *until < lease.now_ms)
    }

    /// A seat changed: the game's task has to look at it (see
    /// [`crate::work`]).
    fn seats_changed(&mut self, now: u64) {
        self.seat_revision += 1;
        self.updated_at_ms = now;
        self.due_at_ms = Some(0);
    }
}

/// A queued ticket with what the SQL backends keep in columns.
struct Queued {
    ticket: Ticket,
    /// Its lease: the replica holding it, and until when.
    held_by: String,
    held_until_ms: u64,
    matched: Option<(String, u32)>,
}

/// Everything, under one lock, so that a change and its event (or a
/// game's end and its ratings, or a match and its game) are one step.
#[derive(Default)]
struct State {
    games: HashMap<String, Entry>,
    events: Vec<Event>,
    /// Numbers handed out so far (events may have been expired).
    sequence: u64,
    ratings: BTreeMap<(String, String), PlayerRating>,
    queue: Vec<Queued>,
    tournaments: HashMap<String, crate::TournamentRecord>,
    /// Feed readers: position and lease (owner, until).
    cursors: HashMap<String, (u64, Option<(String, u64)>)>,
    /// Changed with every event recorded (`GameStore::feed_notices`).
    feed: watch::Sender<u64>,
}

impl State {
    fn record(&mut self, event: NewEvent) {
        self.sequence += 1;
        self.events.push(event.numbered(self.sequence));
        // Under the state's lock, so a reader woken by it sees the event.
        self.feed.send_replace(self.sequence);
    }

    /// The events of a game just created (started at once or not).
    fn created(&mut self, record: &GameRecord) {
        for event in NewEvent::created(record) {
            self.record(event);
        }
    }
}

/// Games kept in a map, bounded by a maximum count.
pub struct MemoryStore {
    state: Mutex<State>,
    /// A receiver of `State::feed`, kept so that `feed_notices` can hand
    /// out more without taking the lock.
    feed: watch::Receiver<u64>,
    /// Tournaments made or saved (`Tournaments::tournament_notices`).
    tournaments: tokio::sync::broadcast::Sender<crate::TournamentNotice>,
    max_games: usize,
    shared: bool,
}

impl MemoryStore {
    pub fn new(max_games: usize) -> Self {
        let state = State::default();
        let feed = state.feed.subscribe();
        Self {
            state: Mutex::new(state),
            feed,
            tournaments: crate::tournaments::notices(),
            max_games,
            shared: false,
        }
    }

    /// A memory store that says it is shared: its callers check `head`
    /// before trusting their caches, as with several replicas on
    /// PostgreSQL. For tests of those paths without a database (several
    /// hubs on one store play the replicas).
    pub fn new_shared(max_games: usize) -> Self {
        Self {
            shared: true,
            ..Self::new(max_games)
        }
    }

    fn lock(&self) -> Result<std::sync::MutexGuard<'_, State>, StoreError> {
        self.state
            .lock()
            .map_err(|_| StoreError::Backend("memory store lock poisoned".into()))
    }

    fn with_game<T>(&self, id: &str, f: impl FnOnce(&mut Entry) -> T) -> Result<T, StoreError> {
        let mut state = self.lock()?;
        let entry = state
            .games
            .get_mut(id)
            .ok_or_else(|| StoreError::NotFound(id.to_owned()))?;
        Ok(f(entry))
    }

    /// As `with_game`, with the rest of the state at hand (for the events).
    fn with_state<T>(
        &self,
        id: &str,
        f: impl FnOnce(&mut Entry, &mut State) -> T,
    ) -> Result<T, StoreError> {
        let mut state = self.lock()?;
        let mut entry = state
            .games
            .remove(id)
            .ok_or_else(|| StoreError::NotFound(id.to_owned()))?;
        let out = f(&mut entry, &mut state);
        state.games.insert(id.to_owned(), entry);
        Ok(out)
    }

    fn create_in(state: &mut State, record: &GameRecord, max: usize) -> Result<(), StoreError> {
        if state.games.contains_key(&record.id) {
            return Err(StoreError::AlreadyExists(record.id.clone()));
        }
        if state.games.len() >= max {
            return Err(StoreError::Full(max));
        }
        state.games.insert(
            record.id.clone(),
            Entry {
                game: StoredGame {
                    record: record.clone(),
                    actions: Vec::new(),
                },
                status: if record.started_at_ms.is_some() {
                    GameStatus::InProgress
                } else {
                    GameStatus::Waiting
                },
                updated_at_ms: record.created_at_ms,
                seat_revision: 0,
                due_at_ms: Some(0),
                lease: None,
                talk: Vec::new(),
            },
        );
        state.created(record);
        Ok(())
    }
}

#[async_trait]
impl GameLog for MemoryStore {
    async fn create(&self, record: &GameRecord) -> Result<(), StoreError> {
        Self::create_in(&mut *self.lock()?, record, self.max_games)
    }

    async fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        Ok(self.lock()?.games.get(id).map(|e| e.game.clone()))
    }

    async fn append(
        &self,
        id: &str,
        version: u64,
        actions: &[LoggedAction],
        commit: &Commit<'_>,
    ) -> Result<(), StoreError> {
        let Commit {
            status,
            due_at_ms,
            end,
            seat_bot,
        } = *commit;
        self.with_state(id, |e, state| {
            let actual = e.game.actions.len() as u64;
            if actual != version {
                return Err(StoreError::Conflict {
                    id: id.to_owned(),
                    expected: version,
                    actual,
                });
            }
            let now = now_ms();
            // The end's event and ratings first: nothing changes if they fail.
            let ended = match end {
                None => None,
                Some(GameEnd::Aborted { by }) => Some(EventKind::Aborted { by: by.clone() }),
                Some(GameEnd::Finished { outcome, rated }) => {
                    let game_type = &e.game.record.game_type;
                    let changes = match rated {
                        None => Vec::new(),
                        Some(rated_end) => {
                            let before = rated_end
                                .seats
                                .iter()
                                .map(|s| {
                                    let key = (game_type.clone(), s.player_id.clone());
                                    state.ratings.get(&key).cloned().unwrap_or_else(|| {
                                        PlayerRating::new(game_type, &s.player_id)
                                    })
                                })
                                .collect();
                            rated::rate_game(rated_end, before, now)?
                        }
                    };
                    Some(EventKind::Finished {
                        outcome: outcome.clone(),
                        rated: rated.is_some(),
                        changes,
                    })
                }
            };
            for a in actions {
                let mut a = a.clone();
                if a.at_ms == 0 {
                    a.at_ms = now;
                }
                if a.kind == EntryKind::TimeoutBotTakesSeat {
                    if let Some(s) = e.game.record.seats.get_mut(a.seat as usize) {
                        s.bot = seat_bot.to_owned();
                        s.resigned = true;
                        e.seat_revision += 1;
                    }
                }
                e.game.actions.push(a);
            }
            e.status = status;
            e.updated_at_ms = now;
            // A seat given to a bot by a timeout: the task looks again.
            let seats_changed = actions
                .iter()
                .any(|a| a.kind == EntryKind::TimeoutBotTakesSeat);
            e.due_at_ms = if seats_changed { Some(0) } else { due_at_ms };
            if let Some(kind) = ended {
                if let EventKind::Finished { changes, .. } = &kind {
                    for c in changes {
                        let key = (c.after.game_type.clone(), c.after.player_id.clone());
                        state.ratings.insert(key, c.after.clone());
                    }
                }
                state.record(NewEvent::of(&e.game.record, now, kind));
            }
            Ok(())
        })?
    }

    async fn actions_since(&self, id: &str, from: u64) -> Result<Vec<LoggedAction>, StoreError> {
        self.with_game(id, |e| {
            e.game
                .actions
                .get(from as usize..)
                .map(<[LoggedAction]>::to_vec)
                .unwrap_or_default()
        })
    }

    async fn head(&self, id: &str) -> Result<Option<Head>, StoreError> {
        Ok(self.lock()?.games.get(id).map(|e| Head {
            version: e.game.actions.len() as u64,
            seat_revision: e.seat_revision,
        }))
    }

    async fn list(&self, query: &ListQuery) -> Result<Vec<GameSummary>, StoreError> {
        let state = self.lock()?;
        let mut found: Vec<GameSummary> = state
            .games
            .values()
            .filter(|e| {
                let r = &e.game.record;
                query.game_type.as_ref().is_none_or(|t| *t == r.game_type)
                    && query.status.is_none_or(|s| s == e.status)
                    && query.private.shows(r.access.private, &r.access.owner)
                    && (!query.open_seats || r.seats.iter().any(|s| s.open))
                    && query
                        .active_since_ms
                        .is_none_or(|t| e.status == GameStatus::Finished || e.updated_at_ms >= t)
                    && query.after.as_ref().is_none_or(|c| {
                        (r.created_at_ms, r.id.as_str()) < (c.created_at_ms, c.id.as_str())
                    })
            })
            .map(|e| GameSummary {
                id: e.game.record.id.clone(),
                game_type: e.game.record.game_type.clone(),
                status: e.status,
                version: e.game.actions.len() as u64,
                seats: e.game.record.seats.clone(),
                created_at_ms: e.game.record.created_at_ms,
                updated_at_ms: e.updated_at_ms,
                private: e.game.record.access.private,
                settings: e.game.record.settings.clone(),
                rated: e.game.record.rated,
            })
            .collect();
        found.sort_by(|a, b| (b.created_at_ms, &b.id).cmp(&(a.created_at_ms, &a.id)));
        found.truncate(query.limit);
        Ok(found)
    }

    async fn expire(&self, expiry: Expiry) -> Result<Vec<String>, StoreError> {
        let mut state = self.lock()?;
        let expired: Vec<String> = state
            .games
            .iter()
            .filter(|(_, e)| expiry.expires(e.status, e.updated_at_ms))
            .map(|(id, _)| id.clone())
            .collect();
        let now = now_ms();
        for id in &expired {
            if let Some(e) = state.games.remove(id) {
                state.record(NewEvent::of(&e.game.record, now, EventKind::Deleted));
            }
        }
        if let Some(before) = expiry.finished_before_ms {
            state.events.retain(|e| e.at_ms >= before);
        }
        Ok(expired)
    }

    async fn delete(&self, id: &str) -> Result<bool, StoreError> {
        let mut state = self.lock()?;
        let Some(e) = state.games.remove(id) else {
            return Ok(false);
        };
        state.record(NewEvent::of(&e.game.record, now_ms(), EventKind::Deleted));
        Ok(true)
    }

    fn kind(&self) -> &'static str {
        "memory"
    }

    fn shared(&self) -> bool {
        self.shared
    }
}

#[async_trait]
impl Lobby for MemoryStore {
    async fn seats(&self, id: &str) -> Result<Vec<SeatRecord>, StoreError> {
        self.with_game(id, |e| e.game.record.seats.clone())
    }

    async fn resign(&self, id: &str, seat: usize, bot: &str) -> Result<(), StoreError> {
        self.with_game(id, |e| {
            let s = e
                .game
                .record
                .seats
                .get_mut(seat)
                .ok_or_else(|| StoreError::Backend(format!("game {id} has no seat {seat}")))?;
            s.bot = bot.to_owned();
            s.resigned = true;
            e.seats_changed(now_ms());
            Ok(())
        })?
    }

    async fn join(
        &self,
        id: &str,
        seat: Option<usize>,
        taker: &JoinSeat,
        now_ms: u64,
    ) -> Result<Joined, LobbyError> {
        self.with_state(id, |e, state| {
            if e.status != GameStatus::Waiting {
                return Err(LobbyError::Started);
            }
            let r = &mut e.game.record;
            let chosen = choose_open_seat(&r.seats, seat, taker.invite_hash)?;
            r.seats[chosen] = SeatRecord {
                name: taker.name.clone(),
                bot: String::new(),
                token_hash: Some(taker.token_hash),
                resigned: false,
                open: false,
                invite_hash: None,
                player_id: taker.player_id.clone(),
            };
            let started = (!r.seats.iter().any(|s| s.open)).then_some(now_ms);
            if started.is_some() {
                r.started_at_ms = started;
                e.status = GameStatus::InProgress;
                let seats = EventSeat::of(&r.seats);
                state.record(NewEvent::of(r, now_ms, EventKind::Started { seats }));
            }
            e.seats_changed(now_ms);
            Ok(Joined {
                seat: chosen,
                started_at_ms: started,
            })
        })?
    }

    async fn leave(&self, id: &str, seat: usize, holder: [u8; 32]) -> Result<(), LobbyError> {
        self.with_game(id, |e| {
            if e.status != GameStatus::Waiting {
                return Err(LobbyError::Started);
            }
            let s = e
                .game
                .record
                .seats
                .get_mut(seat)
                .ok_or(LobbyError::NoSuchSeat(seat))?;
            if s.open || !s.bot.is_empty() {
                return Err(LobbyError::SeatTaken(seat));
            }
            if s.token_hash != Some(holder) {
                return Err(LobbyError::Store(StoreError::TokenChanged {
                    id: id.to_owned(),
                    seat,
                }));
            }
            *s = SeatRecord {
                open: true,
                ..SeatRecord::default()
            };
            e.seats_changed(now_ms());
            Ok(())
        })?
    }

    async fn fill_open_seats(&self, id: &str, bot: &SeatBot, now: u64) -> Result<bool, StoreError> {
        self.with_state(id, |e, state| {
            if e.status != GameStatus::Waiting {
                return false;
            }
            for (i, s) in e.game.record.seats.iter_mut().enumerate() {
                if !s.open {
                    continue;
                }
                *s = SeatRecord {
                    name: bot.name_of(i),
                    bot: bot.bot.clone(),
                    player_id: bot.player_id.clone(),
                    ..SeatRecord::default()
                };
            }
            e.game.record.started_at_ms = Some(now);
            e.status = GameStatus::InProgress;
            e.seats_changed(now);
            let seats = EventSeat::of(&e.game.record.seats);
            state.record(NewEvent::of(
                &e.game.record,
                now,
                EventKind::Started { seats },
            ));
            true
        })
    }

    async fn started_at(&self, id: &str) -> Result<Option<u64>, StoreError> {
        self.with_game(id, |e| e.game.record.started_at_ms)
    }

    async fn live_bot_games(&self, owner: &str) -> Result<u64, StoreError> {
        Ok(self
            .lock()?
            .games
            .values()
            .filter(|e| {
                e.status == GameStatus::InProgress
                    && e.game.record.access.owner == owner
                    && e.game.record.seats.iter().any(|s| !s.bot.is_empty())
            })
            .count() as u64)
    }
}

#[async_trait]
impl Tokens for MemoryStore {
    async fn set_token(
        &self,
        id: &str,
        seat: usize,
        hash: [u8; 32],
        replacing: Option<[u8; 32]>,
    ) -> Result<(), StoreError> {
        self.with_game(id, |e| {
            let s = e
                .game
                .record
                .seats
                .get_mut(seat)
                .ok_or_else(|| StoreError::NotFound(format!("{id} seat {seat}")))?;
            if replacing.is_some() && s.token_hash != replacing {
                return Err(StoreError::TokenChanged {
                    id: id.to_owned(),
                    seat,
                });
            }
            s.token_hash = Some(hash);
            e.seat_revision += 1;
            Ok(())
        })?
    }
}

/// Where ticket `id` stands in `queue`: matched, or its place among the
/// waiting tickets of its pool (longest waiting first).
fn ticket_state(queue: &[Queued], id: &str) -> TicketState {
    let Some(q) = queue.iter().find(|q| q.ticket.id == id) else {
        return TicketState::Gone;
    };
    if let Some((game_id, seat)) = &q.matched {
        return TicketState::Matched {
            game_id: game_id.clone(),
            seat: *seat,
        };
    }
    let at = (q.ticket.queued_at_ms, q.ticket.id.as_str());
    let waiting = queue
        .iter()
        .filter(|w| w.matched.is_none() && w.ticket.pool == q.ticket.pool);
    let (mut ahead, mut count) = (0u32, 0u32);
    for w in waiting {
        count += 1;
        if (w.ticket.queued_at_ms, w.ticket.id.as_str()) < at {
            ahead += 1;
        }
    }
    TicketState::Queued {
        position: ahead + 1,
        waiting: count,
    }
}

#[async_trait]
impl Talk for MemoryStore {
    async fn add_talk(&self, id: &str, talk: &NewTalk<'_>) -> Result<u64, StoreError> {
        self.with_game(id, |e| {
            if let Some((seq, body)) = talk.redact {
                let target = seq
                    .checked_sub(1)
                    .and_then(|i| e.talk.get_mut(i as usize))
                    .ok_or_else(|| StoreError::NotFound(format!("{id} talk {seq}")))?;
                target.body = body.to_vec();
            }
            let seq = e.talk.len() as u64 + 1;
            e.talk.push(TalkEntry {
                seq,
                at_ms: talk.at_ms,
                body: talk.body.to_vec(),
            });
            Ok(seq)
        })?
    }

    async fn talk_since(&self, id: &str, after: u64) -> Result<Vec<TalkEntry>, StoreError> {
        self.with_game(id, |e| {
            e.talk
                .iter()
                .skip(usize::try_from(after).unwrap_or(usize::MAX))
                .cloned()
                .collect()
        })
    }
}

#[async_trait]
impl RatedPlay for MemoryStore {
    async fn ratings(
        &self,
        game_type: &str,
        player_ids: &[String],
    ) -> Result<Vec<PlayerRating>, StoreError> {
        let state = self.lock()?;
        Ok(player_ids
            .iter()
            .map(|p| {
                state
                    .ratings
                    .get(&(game_type.to_owned(), p.clone()))
                    .cloned()
                    .unwrap_or_else(|| PlayerRating::new(game_type, p))
            })
            .collect())
    }

    async fn leaderboard(
        &self,
        game_type: &str,
        offset: u64,
        limit: usize,
    ) -> Result<Vec<PlayerRating>, StoreError> {
        let state = self.lock()?;
        let mut board: Vec<&PlayerRating> = state
            .ratings
            .values()
            .filter(|r| r.game_type == game_type)
            .collect();
        board.sort_by(|a, b| {
            b.rating
                .display()
                .total_cmp(&a.rating.display())
                .then_with(|| a.player_id.cmp(&b.player_id))
        });
        Ok(board
            .into_iter()
            .skip(usize::try_from(offset).unwrap_or(usize::MAX))
            .take(limit)
            .cloned()
            .collect())
    }

    async fn events_after(
        &self,
        after: u64,
        owner: Option<&str>,
        limit: usize,
    ) -> Result<Vec<Event>, StoreError> {
        let state = self.lock()?;
        Ok(state
            .events
            .iter()
            .filter(|e| e.sequence > after && owner.is_none_or(|o| e.owner == o))
            .take(limit)
            .cloned()
            .collect())
    }

    async fn feed_head(&self) -> Result<u64, StoreError> {
        Ok(self.lock()?.sequence)
    }

    fn feed_notices(&self) -> Option<watch::Receiver<u64>> {
        Some(self.feed.clone())
    }

    async fn enqueue(&self, ticket: &Ticket, lease: &Lease<'_>) -> Result<(), StoreError> {
        let mut state = self.lock()?;
        if state.queue.iter().any(|q| q.ticket.id == ticket.id) {
            return Err(StoreError::AlreadyExists(ticket.id.clone()));
        }
        // The player's waiting ticket, if any, is replaced.
        state.queue.retain(|q| {
            ticket.player_id.is_empty()
                || q.matched.is_some()
                || q.ticket.player_id != ticket.player_id
        });
        state.queue.push(Queued {
            ticket: ticket.clone(),
            held_by: lease.owner.to_owned(),
            held_until_ms: lease.until_ms,
            matched: None,
        });
        Ok(())
    }

    async fn hold_tickets(
        &self,
        ids: &[String],
        lease: &Lease<'_>,
    ) -> Result<Vec<TicketState>, StoreError> {
        let mut state = self.lock()?;
        let holdable = |q: &Queued| q.held_by == lease.owner || q.held_until_ms < lease.now_ms;
        for q in state
            .queue
            .iter_mut()
            .filter(|q| ids.contains(&q.ticket.id) && holdable(q))
        {
            q.held_by = lease.owner.to_owned();
            q.held_until_ms = q.held_until_ms.max(lease.until_ms);
        }
        Ok(ids
            .iter()
            .map(|id| ticket_state(&state.queue, id))
            .collect())
    }

    async fn dequeue(&self, id: &str) -> Result<(), StoreError> {
        self.lock()?.queue.retain(|q| q.ticket.id != id);
        Ok(())
    }

    async fn queue(&self, now_ms: u64) -> Result<Vec<Ticket>, StoreError> {
        let mut state = self.lock()?;
        state
            .queue
            .retain(|q| q.matched.is_some() || q.held_until_ms >= now_ms);
        let mut waiting: Vec<Ticket> = state
            .queue
            .iter()
            .filter(|q| q.matched.is_none())
            .map(|q| q.ticket.clone())
            .collect();
        waiting.sort_by(|a, b| (a.queued_at_ms, &a.id).cmp(&(b.queued_at_ms, &b.id)));
        Ok(waiting)
    }

    async fn undelivered(&self, now_ms: u64) -> Result<Vec<Undelivered>, StoreError> {
        let state = self.lock()?;
        Ok(state
            .queue
            .iter()
            .filter(|q| q.held_until_ms < now_ms)
            .filter_map(|q| {
                q.matched.as_ref().map(|(game_id, seat)| Undelivered {
                    ticket: q.ticket.id.clone(),
                    game_id: game_id.clone(),
                    seat: *seat,
                })
            })
            .collect())
    }

    async fn create_match(
        &self,
        record: &GameRecord,
        seats: &[MatchSeat],
        now_ms: u64,
    ) -> Result<bool, StoreError> {
        let mut state = self.lock()?;
        let all_waiting = seats.iter().all(|m| {
            state.queue.iter().any(|q| {
                q.ticket.id == m.ticket && q.matched.is_none() && q.held_until_ms >= now_ms
            })
        });
        if !all_waiting {
            return Ok(false);
        }
        Self::create_in(&mut state, record, self.max_games)?;
        for m in seats {
            if let Some(q) = state.queue.iter_mut().find(|q| q.ticket.id == m.ticket) {
                q.matched = Some((record.id.clone(), m.seat));
            }
        }
        Ok(true)
    }
}

#[async_trait]
impl Leases for MemoryStore {
    async fn claim_due(&self, lease: &Lease<'_>, limit: usize) -> Result<Vec<String>, StoreError> {
        if !self.shared {
            return Ok(Vec::new());
        }
        let mut state = self.lock()?;
        let games = &mut state.games;
        let mut due: Vec<(u64, &String)> = games
            .iter()
            .filter_map(|(id, e)| {
                let at = e.due_at_ms.filter(|at| *at <= lease.now_ms)?;
                let free = e
                    .lease
                    .as_ref()
                    .is_none_or(|(_, until)| *until < lease.now_ms);
                free.then_some((at, id))
            })
            .collect();
        due.sort();
        let claimed: Vec<String> = due
            .into_iter()
            .take(limit)
            .map(|(_, id)| id.clone())
            .collect();
        for id in &claimed {
            if let Some(e) = games.get_mut(id) {
                e.lease = Some((lease.owner.to_owned(), lease.until_ms));
            }
        }
        Ok(claimed)
    }

    async fn lease(&self, id: &str, lease: &Lease<'_>) -> Result<bool, StoreError> {
        if !self.shared {
            return Ok(true);
        }
        self.with_game(id, |e| {
            let ok = e.leasable(lease);
            if ok {
                e.lease = Some((lease.owner.to_owned(), lease.until_ms));
            }
            ok
        })
    }

    async fn settle(
        &self,
        id: &str,
        lease: &Lease<'_>,
        at: Head,
        due_at_ms: Option<u64>,
    ) -> Result<bool, StoreError> {
        if !self.shared {
            return Ok(true);
        }
        self.with_game(id, |e| {
            let current =
                e.game.actions.len() as u64 == at.version && e.seat_revision == at.seat_revision;
            let ok = current && e.leasable(lease);
            if ok {
                e.due_at_ms = due_at_ms;
                e.lease = None;
            }
            ok
        })
    }

    async fn release_leases(&self, owner: &str) -> Result<u64, StoreError> {
        if !self.shared {
            return Ok(0);
        }
        let mut state = self.lock()?;
        let mut released = 0;
        for entry in state.games.values_mut() {
            if entry.lease.as_ref().is_some_and(|(o, _)| o == owner) {
                entry.lease = None;
                released += 1;
            }
        }
        Ok(released)
    }

    async fn cursor(&self, name: &str, lease: &Lease<'_>) -> Result<Option<u64>, StoreError> {
        let mut state = self.lock()?;
        let (position, holder) = state.cursors.entry(name.to_owned()).or_insert((0, None));
        let free = holder
            .as_ref()
            .is_none_or(|(owner, until)| owner == lease.owner || *until < lease.now_ms);
        if !free {
            return Ok(None);
        }
        *holder = Some((lease.owner.to_owned(), lease.until_ms));
        Ok(Some(*position))
    }

    async fn advance_cursor(&self, name: &str, owner: &str, to: u64) -> Result<bool, StoreError> {
        let mut state = self.lock()?;
        match state.cursors.get_mut(name) {
            Some((position, Some((holder, _)))) if holder == owner => {
                *position = (*position).max(to);
                Ok(true)
            }
            _ => Ok(false),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract;

    #[tokio::test]
    async fn meets_the_store_contract() -> Result<(), String> {
        contract::check_store(&MemoryStore::new(10), "m").await
    }

    #[tokio::test]
    async fn meets_the_lobby_contract() -> Result<(), String> {
        let store = MemoryStore::new(20);
        contract::check_lobby(&store, "m").await?;
        contract::check_talk(&store, "m").await?;
        contract::check_join_race(&store, &store, "m").await
    }

    #[tokio::test]
    async fn leases_work_when_shared_and_are_absent_otherwise() -> Result<(), String> {
        contract::check_leases(&MemoryStore::new_shared(10), "m").await?;
        contract::check_no_leases(&MemoryStore::new(10), "m").await
    }

    #[tokio::test]
    async fn meets_the_rated_contract() -> Result<(), String> {
        contract::check_rated(&MemoryStore::new(20), "m").await
    }

    #[tokio::test]
    async fn meets_the_tournaments_contract() -> Result<(), String> {
        contract::check_tournaments(&MemoryStore::new(10), "m").await
    }

    #[tokio::test]
    async fn refuses_games_beyond_its_limit() -> Result<(), String> {
        contract::check_limit(&MemoryStore::new(3), "m", 3).await
    }
}
