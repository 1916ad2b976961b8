//! Type erasure: any [`WireGame`] behind one object-safe trait, so the service
//! holds `Box<dyn GameInstance>` and never names a game.

use std::time::Instant;

use satrap_engine::tensor;
use satrap_engine::{
    Game, GameRng, NotationError, Outcome, RuleError, SearchTuning, Seat, SetupError,
};
use satrap_games::{WireError, WireGame};
use satrap_proto as proto;
use satrap_search::{Budget, Position, SearchStats};

/// An action as a client sent it.
#[derive(Debug, Clone, Copy)]
pub enum ActionInput<'a> {
    Proto(&'a proto::Action),
    Notation(&'a str),
    /// A fixed action id (`LegalAction.action_id`).
    Id(u32),
}

/// Why an action was not applied. Nothing changed in either case.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ApplyError {
    /// Not an action of this game at all (`INVALID_ARGUMENT`).
    #[error(transparent)]
    Wire(#[from] WireError),
    /// Text that is no action of this game (`INVALID_ARGUMENT`).
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// A well-formed action the rules forbid now (`FAILED_PRECONDITION`).
    #[error(transparent)]
    Rule(#[from] RuleError),
    /// A bot asked for a legal action past the end of the list.
    #[error("seat {seat} has {count} legal actions, not an action number {index}")]
    NoSuchLegalAction {
        seat: Seat,
        index: usize,
        count: usize,
    },
    /// An action id past the game's action space (`INVALID_ARGUMENT`).
    #[error("action id {id} is out of range: this game has {count} action ids")]
    ActionIdOutOfRange { id: u32, count: usize },
    /// An action id that is none of the seat's legal actions now
    /// (`FAILED_PRECONDITION`).
    #[error("action id {id} is not a legal action of seat {seat} now")]
    ActionIdNotLegal { id: u32, seat: Seat },
    /// The seat does not exist in this game (`INVALID_ARGUMENT`).
    #[error("seat {0} does not exist in this game")]
    NoSuchSeat(Seat),
    /// The game ended when a seat's clock ran out (`FAILED_PRECONDITION`).
    #[error("the game is over: seat {0} ran out of time and forfeited")]
    Forfeited(Seat),
}

/// A running game of any type. Clones are cheap snapshots (the state is data).
pub trait GameInstance: Send + Sync + 'static {
    /// The GameType id.
    fn game_type(&self) -> &'static str;
    fn players(&self) -> usize;
    /// Number of actions applied.
    fn version(&self) -> u64;
    fn to_act(&self) -> Vec<Seat>;
    fn outcome(&self) -> Option<proto::Outcome>;
    /// Each seat's team (see `Game::teams`); the default: one seat each.
    fn teams(&self) -> Vec<usize> {
        (0..self.players()).collect()
    }
    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }
    /// Legal actions of `seat`, typed, as notation and as fixed ids, in the
    /// game's order.
    fn legal_actions(&self, seat: Seat) -> Vec<proto::LegalAction>;
    /// The fixed ids of `seat`'s legal actions, in the game's order: what
    /// [`GameInstance::legal_actions`] gives without the notation and the
    /// wire form of every action (a learner's step asks for the ids only).
    fn legal_action_ids(&self, seat: Seat) -> Vec<u32> {
        self.legal_actions(seat)
            .into_iter()
            .map(|a| a.action_id)
            .collect()
    }
    /// `num_distinct_actions`: the size of the game's fixed action space.
    fn num_distinct_actions(&self) -> usize;
    /// The observation tensor and legal-action mask of `viewer`,
    /// from that viewer's view only.
    fn observation(&self, viewer: Option<Seat>) -> proto::Observation;
    /// The tensor of [`observation`](Self::observation) alone, for callers
    /// that take the mask's ids from [`legal_action_ids`](Self::legal_action_ids)
    /// (the local engines: no packed mask built and scanned again).
    fn observation_tensor(&self, viewer: Option<Seat>) -> Vec<f32> {
        self.observation(viewer).tensor
    }
    /// Apply one action; on success returns its canonical notation (what the
    /// store records). On error nothing changed.
    fn apply(&mut self, seat: Seat, input: ActionInput<'_>) -> Result<String, ApplyError>;
    /// Number of legal actions of `seat` (the typed fast path bots use).
    fn legal_count(&self, seat: Seat) -> usize;
    /// Apply the `index`-th entry of `seat`'s legal action list.
    fn apply_legal(&mut self, seat: Seat, index: usize) -> Result<String, ApplyError>;
    /// Whether the game hides nothing from any seat, so a search bot may look
    /// at the whole state without cheating.
    fn perfect_information(&self) -> bool;
    /// The game as the built-in bots see it.
    fn position(&self) -> &dyn Position;
    /// Events of the action that made the current version, as `viewer` sees them.
    fn last_events(&self, viewer: Option<Seat>) -> Vec<proto::GameEvent>;
    /// The action that made the current version, as `viewer` may see it;
    /// `reveal` shows everything (the game is over).
    fn last_entry(&self, viewer: Option<Seat>, reveal: bool) -> Option<proto::HistoryEntry>;
    /// The fixed action id of the action that made the current version
    /// (`None` if none did: version 0, a forfeit, an abort). Ids are unique
    /// among a seat's legal actions, so applying this id
    /// ([`ActionInput::Id`]) to the previous version applies the same
    /// action again: a log of ids replays the game exactly, in a few bytes
    /// a move instead of the notation's dozens.
    fn last_action_id(&self) -> Option<u32> {
        None
    }
    /// The game-specific view for `viewer`.
    fn view(&self, viewer: Option<Seat>) -> proto::game_snapshot::State;
    /// Plain-text board for `viewer`.
    fn text(&self, viewer: Option<Seat>) -> String;
    /// The options the game was created with.
    fn options(&self) -> proto::GameOptions;
    fn clone_box(&self) -> Box<dyn GameInstance>;
    /// Mark the current version as made because `seat`'s clock ran out
    /// (the action, if any, was the bot's): its events and history entry
    /// then say so. Cleared by the next action.
    fn mark_timeout(&mut self, seat: Seat, policy: proto::TimeoutPolicy);
    /// `seat`'s clock ran out and it forfeits: one more version, and the
    /// game is over with every other seat winning (`ending` "timeout").
    fn forfeit(&mut self, seat: Seat);
    /// A game `seat` cannot tell apart from this one, with everything hidden
    /// from it dealt anew from `rng` (`Game::determinize`): what a
    /// researcher's search samples instead of peeking at the real state.
    /// The copy keeps the version, options and seat count; it has no last
    /// move (the world was never played to). For a seat that does not exist
    /// it is a plain copy.
    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> Box<dyn GameInstance>;
}

impl Clone for Box<dyn GameInstance> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

#[derive(Debug)]
struct LastMove<G: Game> {
    seat: Seat,
    action: G::Action,
    notation: String,
    events: Vec<G::Event>,
}

impl<G: Game> Clone for LastMove<G> {
    fn clone(&self) -> Self {
        Self {
            seat: self.seat,
            action: self.action.clone(),
            notation: self.notation.clone(),
            events: self.events.clone(),
        }
    }
}

/// The generic implementation of [`GameInstance`] for a typed game.
#[derive(Debug)]
pub struct Instance<G: WireGame> {
    options: G::Options,
    players: usize,
    state: G::State,
    version: u64,
    last: Option<LastMove<G>>,
    /// The current version was made by a timeout (see `mark_timeout`).
    timeout: Option<(Seat, proto::TimeoutPolicy)>,
    /// The seat that forfeited on time; the game is over.
    forfeited: Option<Seat>,
}

impl<G: WireGame> Clone for Instance<G> {
    fn clone(&self) -> Self {
        Self {
            options: self.options.clone(),
            players: self.players,
            state: self.state.clone(),
            version: self.version,
            last: self.last.clone(),
            timeout: self.timeout,
            forfeited: self.forfeited,
        }
    }
}

impl<G: WireGame> Instance<G> {
    pub fn new(options: G::Options, players: usize, seed: u64) -> Result<Self, SetupError> {
        let state = G::new_game(&options, players, seed)?;
        Ok(Self {
            options,
            players,
            state,
            version: 0,
            last: None,
            timeout: None,
            forfeited: None,
        })
    }

    /// The typed state (for tests and benchmarks).
    pub fn state(&self) -> &G::State {
        &self.state
    }

    /// The legal action of `seat` with fixed id `id`. Ids are a function of
    /// the action, so the seat's legal list holds at most one with it.
    fn action_of_id(&self, seat: Seat, id: u32) -> Result<G::Action, ApplyError> {
        let count = G::action_space(self.players).len();
        if id as usize >= count {
            return Err(ApplyError::ActionIdOutOfRange { id, count });
        }
        G::legal_actions(&self.state, seat)
            .into_iter()
            .find(|a| G::action_id(a) == id as usize)
            .ok_or(ApplyError::ActionIdNotLegal { id, seat })
    }

    /// Apply a typed action; the single place the version and last move change.
    fn apply_typed(&mut self, seat: Seat, action: G::Action) -> Result<String, ApplyError> {
        // Format before applying: notation may depend on the state it was legal in.
        if let Some(s) = self.forfeited {
            return Err(ApplyError::Forfeited(s));
        }
        let notation = G::format_action(&self.state, &action);
        let events = G::apply(&mut self.state, seat, &action)?;
        self.version += 1;
        self.timeout = None;
        self.last = Some(LastMove {
            seat,
            action,
            notation: notation.clone(),
            events,
        });
        Ok(notation)
    }

    fn event_proto(&self, seat: Seat, event: &G::Event) -> proto::GameEvent {
        proto::GameEvent {
            version: self.version,
            seat: seat as u32,
            description: event.to_string(),
            event: Some(G::event_to_proto(event)),
        }
    }
}

impl<G: WireGame> GameInstance for Instance<G> {
    fn game_type(&self) -> &'static str {
        G::ID
    }

    fn players(&self) -> usize {
        self.players
    }

    fn teams(&self) -> Vec<usize> {
        G::teams(self.players)
    }

    fn version(&self) -> u64 {
        self.version
    }

    fn to_act(&self) -> Vec<Seat> {
        if self.forfeited.is_some() {
            return Vec::new();
        }
        G::to_act(&self.state)
    }

    fn outcome(&self) -> Option<proto::Outcome> {
        if let Some(seat) = self.forfeited {
            return Some(forfeit_outcome(self.players, seat));
        }
        G::outcome(&self.state).map(|o| outcome_to_proto(&o))
    }

    fn legal_actions(&self, seat: Seat) -> Vec<proto::LegalAction> {
        if seat >= self.players || self.forfeited.is_some() {
            return Vec::new();
        }
        G::legal_actions(&self.state, seat)
            .iter()
            .map(|a| proto::LegalAction {
                action: Some(G::action_to_proto(a)),
                notation: G::format_action(&self.state, a),
                action_id: id_u32(G::action_id(a)),
            })
            .collect()
    }

    fn legal_action_ids(&self, seat: Seat) -> Vec<u32> {
        if seat >= self.players || self.forfeited.is_some() {
            return Vec::new();
        }
        G::legal_actions(&self.state, seat)
            .iter()
            .map(|a| id_u32(G::action_id(a)))
            .collect()
    }

    fn num_distinct_actions(&self) -> usize {
        G::action_space(self.players).len()
    }

    fn observation(&self, viewer: Option<Seat>) -> proto::Observation {
        let tensor = self.observation_tensor(viewer);
        let n = self.num_distinct_actions();
        let mut mask = vec![0u8; n.div_ceil(8)];
        if let Some(seat) = viewer.filter(|s| *s < self.players) {
            for a in G::legal_actions(&self.state, seat) {
                let id = G::action_id(&a);
                if let Some(byte) = mask.get_mut(id / 8) {
                    *byte |= 1 << (id % 8);
                }
            }
        }
        proto::Observation {
            shape: vec![id_u32(tensor.len())],
            tensor,
            action_mask: mask,
            num_distinct_actions: id_u32(n),
            version: self.version,
        }
    }

    fn observation_tensor(&self, viewer: Option<Seat>) -> Vec<f32> {
        tensor::observation::<G>(&self.state, viewer, self.players).into_values()
    }

    fn apply(&mut self, seat: Seat, input: ActionInput<'_>) -> Result<String, ApplyError> {
        if seat >= self.players {
            return Err(ApplyError::NoSuchSeat(seat));
        }
        let action = match input {
            ActionInput::Proto(a) => G::action_from_proto(a)?,
            ActionInput::Notation(text) => G::parse_action(&self.state, text)?,
            ActionInput::Id(id) => self.action_of_id(seat, id)?,
        };
        self.apply_typed(seat, action)
    }

    fn legal_count(&self, seat: Seat) -> usize {
        if seat >= self.players || self.forfeited.is_some() {
            0
        } else {
            G::legal_actions(&self.state, seat).len()
        }
    }

    fn apply_legal(&mut self, seat: Seat, index: usize) -> Result<String, ApplyError> {
        if seat >= self.players {
            return Err(ApplyError::NoSuchSeat(seat));
        }
        let mut legal = G::legal_actions(&self.state, seat);
        if index >= legal.len() {
            return Err(ApplyError::NoSuchLegalAction {
                seat,
                index,
                count: legal.len(),
            });
        }
        self.apply_typed(seat, legal.swap_remove(index))
    }

    fn perfect_information(&self) -> bool {
        G::PERFECT_INFORMATION
    }

    fn position(&self) -> &dyn Position {
        self
    }

    fn last_events(&self, viewer: Option<Seat>) -> Vec<proto::GameEvent> {
        let mut events: Vec<proto::GameEvent> = self.timeout_event().into_iter().collect();
        let Some(last) = &self.last else {
            return events;
        };
        events.extend(
            last.events
                .iter()
                .filter_map(|e| G::event_for(e, viewer))
                .map(|e| self.event_proto(last.seat, &e)),
        );
        events
    }

    fn last_entry(&self, viewer: Option<Seat>, reveal: bool) -> Option<proto::HistoryEntry> {
        let policy = self.timeout.map_or(0, |(_, p)| p as i32);
        let Some(last) = self.last.as_ref() else {
            // A forfeit: no action, only the timeout.
            let (seat, _) = self.timeout?;
            return Some(proto::HistoryEntry {
                version: self.version,
                seat: seat as u32,
                events: self.timeout_event().into_iter().collect(),
                timeout: policy,
                ..proto::HistoryEntry::default()
            });
        };
        let visible = reveal || G::action_visible(&last.action, last.seat, viewer);
        Some(proto::HistoryEntry {
            version: self.version,
            seat: last.seat as u32,
            notation: if visible {
                last.notation.clone()
            } else {
                String::new()
            },
            action: visible.then(|| G::action_to_proto(&last.action)),
            hidden: !visible,
            events: if reveal {
                self.timeout_event()
                    .into_iter()
                    .chain(last.events.iter().map(|e| self.event_proto(last.seat, e)))
                    .collect()
            } else {
                self.last_events(viewer)
            },
            timeout: policy,
            at_ms: 0,
        })
    }

    fn last_action_id(&self) -> Option<u32> {
        self.last.as_ref().map(|l| id_u32(G::action_id(&l.action)))
    }

    fn view(&self, viewer: Option<Seat>) -> proto::game_snapshot::State {
        G::view_to_proto(&G::view(&self.state, viewer))
    }

    fn text(&self, viewer: Option<Seat>) -> String {
        G::render_text(&self.state, viewer)
    }

    fn options(&self) -> proto::GameOptions {
        G::options_to_proto(&self.options)
    }

    fn clone_box(&self) -> Box<dyn GameInstance> {
        Box::new(self.clone())
    }

    fn mark_timeout(&mut self, seat: Seat, policy: proto::TimeoutPolicy) {
        self.timeout = Some((seat, policy));
    }

    fn forfeit(&mut self, seat: Seat) {
        self.version += 1;
        self.last = None;
        self.timeout = Some((seat, proto::TimeoutPolicy::Forfeit));
        self.forfeited = Some(seat);
    }

    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> Box<dyn GameInstance> {
        let mut world = self.clone();
        if seat < self.players {
            world.state = G::determinize(&self.state, seat, rng);
        }
        world.last = None;
        world.timeout = None;
        Box::new(world)
    }
}

impl<G: WireGame> Instance<G> {
    /// The timeout event of the current version, if it was a timeout.
    fn timeout_event(&self) -> Option<proto::GameEvent> {
        let (seat, policy) = self.timeout?;
        let what = match policy {
            proto::TimeoutPolicy::Forfeit => "forfeits",
            proto::TimeoutPolicy::BotTakesSeat => "is played by the bot from now on",
            _ => "gets a bot move",
        };
        Some(proto::GameEvent {
            version: self.version,
            seat: seat as u32,
            description: format!("seat {seat} ran out of time and {what}"),
            event: Some(proto::game_event::Event::TimedOut(proto::SeatTimedOut {
                seat: seat as u32,
                policy: policy as i32,
            })),
        })
    }
}

/// The result when `loser` forfeits on time: every other seat wins.
impl<G: WireGame> Position for Instance<G> {
    fn players(&self) -> usize {
        self.players
    }

    fn perfect_information(&self) -> bool {
        G::PERFECT_INFORMATION
    }

    fn tuning(&self) -> SearchTuning {
        G::search_tuning(self.players)
    }

    fn legal_count(&self, seat: Seat) -> usize {
        GameInstance::legal_count(self, seat)
    }

    fn after(&self, seat: Seat, index: usize) -> Option<Box<dyn Position>> {
        let mut next = self.clone();
        next.apply_legal(seat, index).ok()?;
        Some(Box::new(next))
    }

    fn rollout(&self, rng: &mut GameRng, max_actions: usize) -> Option<Vec<f64>> {
        satrap_search::rollout::<G>(&self.state, self.players, rng, max_actions)
    }

    fn search(
        &self,
        seat: Seat,
        budget: &Budget,
        rng: &mut GameRng,
        deadline: Instant,
    ) -> (Option<usize>, SearchStats) {
        satrap_search::search::<G>(&self.state, self.players, seat, budget, rng, deadline)
    }
}

fn forfeit_outcome(players: usize, loser: Seat) -> proto::Outcome {
    proto::Outcome {
        winners: (0..players)
            .filter(|s| *s != loser)
            .map(|s| s as u32)
            .collect(),
        draw: false,
        results: (0..players)
            .map(|s| proto::SeatResult {
                seat: s as u32,
                rank: if s == loser { 2 } else { 1 },
                score: 0,
            })
            .collect(),
        ending: "timeout".into(),
        summary: format!("seat {loser} ran out of time and forfeits; the other seats win"),
        agreed: false,
    }
}

/// Ids and lengths on the wire (action spaces and tensors stay far below
/// `u32::MAX`; saturating rather than wrapping if one ever did not).
fn id_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

fn outcome_to_proto(o: &Outcome) -> proto::Outcome {
    proto::Outcome {
        winners: o.winners.iter().map(|s| *s as u32).collect(),
        draw: o.draw,
        results: o
            .results
            .iter()
            .map(|r| proto::SeatResult {
                seat: r.seat as u32,
                rank: r.rank,
                score: r.score,
            })
            .collect(),
        ending: o.ending.clone(),
        summary: o.summary.clone(),
        agreed: false,
    }
}

#[cfg(test)]
mod tests {
    use super::GameInstance;
    use satrap_engine::GameRng;

    /// Walk a random game of every title and player count for up to
    /// `steps` moves, calling `check` on each position; `check` returns how
    /// many ids it compared, and every case must compare more than 100.
    fn along_random_games(
        steps: usize,
        mut check: impl FnMut(&str, usize, &dyn GameInstance) -> usize,
    ) {
        for kind in crate::registry() {
            for players in kind.min_players..=kind.max_players {
                let mut game = kind.create(None, players, 5).expect("create");
                let mut rng = GameRng::from_seed(9);
                let mut checked = 0;
                for _ in 0..steps {
                    checked += check(kind.id, players, game.as_ref());
                    let Some(&mover) = game.to_act().first() else {
                        break;
                    };
                    let n = game.legal_count(mover);
                    game.apply_legal(mover, rng.index(n)).expect("legal");
                }
                assert!(checked > 100, "{} {players}p: {checked} ids", kind.id);
            }
        }
    }

    /// The ids-only list is the full list's ids, in the same order, for
    /// every seat along random games of every title and player count.
    #[test]
    fn legal_action_ids_are_the_full_lists_ids() {
        along_random_games(150, |title, players, game| {
            let mut checked = 0;
            for seat in 0..=players {
                let full: Vec<u32> = game
                    .legal_actions(seat)
                    .into_iter()
                    .map(|a| a.action_id)
                    .collect();
                assert_eq!(game.legal_action_ids(seat), full, "{title}");
                checked += full.len();
            }
            checked
        });
    }

    /// The local engines build an observation from `observation_tensor`
    /// and `legal_action_ids`: the same tensor and mask as `observation`.
    #[test]
    fn observation_tensor_and_legal_ids_make_the_observation() {
        along_random_games(60, |title, players, game| {
            let mut checked = 0;
            for viewer in (0..players).map(Some).chain([None]) {
                let obs = game.observation(viewer);
                assert_eq!(game.observation_tensor(viewer), obs.tensor, "{title}");
                let mut mask = vec![0u8; obs.action_mask.len()];
                for id in viewer.map_or_else(Vec::new, |s| game.legal_action_ids(s)) {
                    mask[id as usize / 8] |= 1 << (id % 8);
                    checked += 1;
                }
                assert_eq!(mask, obs.action_mask, "{title} {viewer:?}");
            }
            checked
        });
    }
}
