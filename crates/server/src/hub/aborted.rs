//! An aborted game (AdminService.AbortGame): the game as it stood, frozen
//! one version later, over with no winner.
//!
//! The abort is an entry of the game's log like any move, written by the
//! service itself ([`ABORT_SEAT`], [`ABORT_NOTATION`]), so that replay,
//! GetHistory, watch streams and other replicas all see it the same way.
//! Replaying that entry wraps the instance in [`Aborted`] instead of asking
//! the rules engine, which knows nothing of aborts.
//!
//! Invariant: an [`Aborted`] game accepts no action and has nobody to act,
//! so the game's actor has no more work and every further move is refused.

use std::time::Instant;

use crate::proto;
use satrap_catalog::{ActionInput, ApplyError, GameInstance};
use satrap_engine::{GameRng, RuleError, SearchTuning, Seat};
use satrap_search::{Budget, Position, SearchStats};
use satrap_store::LoggedAction;

/// The seat number of the service's own log entries (an abort). It fits
/// the stores' 32-bit signed seat columns and is no seat of any game.
pub const ABORT_SEAT: u32 = i32::MAX as u32;
/// The notation of an abort entry.
pub const ABORT_NOTATION: &str = "abort";
/// `Outcome.ending` of an aborted game.
pub const ABORTED_ENDING: &str = "aborted";

/// Whether a logged entry is an abort (not a move for the rules engine).
pub fn is_abort(action: &LoggedAction) -> bool {
    action.seat == ABORT_SEAT && action.notation == ABORT_NOTATION
}

/// The log entry that aborts a game.
pub fn abort_entry() -> LoggedAction {
    LoggedAction {
        seat: ABORT_SEAT,
        notation: ABORT_NOTATION.to_owned(),
        ..Default::default()
    }
}

/// Apply one logged entry: a move through the rules, an abort by wrapping.
pub fn apply_logged(
    instance: &mut Box<dyn GameInstance>,
    action: &LoggedAction,
) -> Result<(), ApplyError> {
    if is_abort(action) {
        if instance.is_over() {
            return Err(refusal().into());
        }
        *instance = Box::new(Aborted::new(instance.clone_box()));
        return Ok(());
    }
    instance
        .apply(action.seat as Seat, ActionInput::Notation(&action.notation))
        .map(|_| ())
}

fn refusal() -> RuleError {
    RuleError::new("ABORTED", "an administrator aborted this game")
}

/// The game at the abort: `inner` is the state before it.
pub struct Aborted {
    inner: Box<dyn GameInstance>,
}

impl Aborted {
    pub fn new(inner: Box<dyn GameInstance>) -> Self {
        Self { inner }
    }
}

impl GameInstance for Aborted {
    fn game_type(&self) -> &'static str {
        self.inner.game_type()
    }

    fn players(&self) -> usize {
        self.inner.players()
    }

    fn version(&self) -> u64 {
        self.inner.version() + 1
    }

    fn to_act(&self) -> Vec<Seat> {
        Vec::new()
    }

    /// No winner, no draw; every seat shares rank 1 with score 0 (the game
    /// was not played out, so nobody is ranked above anyone).
    fn outcome(&self) -> Option<proto::Outcome> {
        Some(proto::Outcome {
            winners: Vec::new(),
            draw: false,
            results: (0..GameInstance::players(self))
                .map(|seat| proto::SeatResult {
                    seat: seat as u32,
                    rank: 1,
                    score: 0,
                })
                .collect(),
            ending: ABORTED_ENDING.to_owned(),
            summary: "aborted by an administrator: no winner".to_owned(),
        })
    }

    fn legal_actions(&self, _seat: Seat) -> Vec<proto::LegalAction> {
        Vec::new()
    }

    fn num_distinct_actions(&self) -> usize {
        self.inner.num_distinct_actions()
    }

    /// The position at the abort, with nothing legal any more.
    fn observation(&self, viewer: Option<Seat>) -> proto::Observation {
        let mut observation = self.inner.observation(viewer);
        observation
            .action_mask
            .iter_mut()
            .for_each(|byte| *byte = 0);
        observation.version = self.version();
        observation
    }

    fn apply(&mut self, _seat: Seat, _input: ActionInput<'_>) -> Result<String, ApplyError> {
        Err(refusal().into())
    }

    fn legal_count(&self, _seat: Seat) -> usize {
        0
    }

    fn apply_legal(&mut self, seat: Seat, index: usize) -> Result<String, ApplyError> {
        Err(ApplyError::NoSuchLegalAction {
            seat,
            index,
            count: 0,
        })
    }

    fn perfect_information(&self) -> bool {
        self.inner.perfect_information()
    }

    fn position(&self) -> &dyn Position {
        self
    }

    fn last_events(&self, _viewer: Option<Seat>) -> Vec<proto::GameEvent> {
        Vec::new()
    }

    fn last_entry(&self, _viewer: Option<Seat>, _reveal: bool) -> Option<proto::HistoryEntry> {
        Some(proto::HistoryEntry {
            version: self.version(),
            seat: ABORT_SEAT,
            notation: ABORT_NOTATION.to_owned(),
            action: None,
            hidden: false,
            events: Vec::new(),
            ..Default::default()
        })
    }

    fn view(&self, viewer: Option<Seat>) -> proto::game_snapshot::State {
        self.inner.view(viewer)
    }

    fn text(&self, viewer: Option<Seat>) -> String {
        format!("{}\n(aborted by an administrator)", self.inner.text(viewer))
    }

    fn options(&self) -> proto::GameOptions {
        self.inner.options()
    }

    fn clone_box(&self) -> Box<dyn GameInstance> {
        Box::new(Aborted::new(self.inner.clone_box()))
    }

    /// Nothing: no clock runs in an aborted game, so none can run out.
    fn mark_timeout(&mut self, _seat: Seat, _policy: proto::TimeoutPolicy) {}

    /// Nothing, as `mark_timeout`.
    fn forfeit(&mut self, _seat: Seat) {}

    /// A world of the game before the abort, aborted as this one is.
    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> Box<dyn GameInstance> {
        Box::new(Aborted::new(self.inner.determinize(seat, rng)))
    }
}

/// Nothing to play: bots never act in an aborted game.
impl Position for Aborted {
    fn players(&self) -> usize {
        self.inner.players()
    }

    fn perfect_information(&self) -> bool {
        self.inner.perfect_information()
    }

    fn tuning(&self) -> SearchTuning {
        self.inner.position().tuning()
    }

    fn legal_count(&self, _seat: Seat) -> usize {
        0
    }

    fn after(&self, _seat: Seat, _index: usize) -> Option<Box<dyn Position>> {
        None
    }

    fn rollout(&self, _rng: &mut GameRng, _max_actions: usize) -> Option<Vec<f64>> {
        Some(vec![0.0; self.inner.players()])
    }

    fn search(
        &self,
        _seat: Seat,
        _budget: &Budget,
        _rng: &mut GameRng,
        _deadline: Instant,
    ) -> (Option<usize>, SearchStats) {
        (None, SearchStats::default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use satrap_catalog as games;

    fn game() -> Box<dyn GameInstance> {
        let kind = games::find("king_of_siam").expect("hosted");
        kind.create(None, 3, 7).expect("created")
    }

    #[test]
    fn an_abort_ends_the_game_with_no_winner_one_version_later() {
        let mut g = game();
        let before = g.version();
        apply_logged(&mut g, &abort_entry()).expect("aborts");
        assert_eq!(g.version(), before + 1);
        assert!(g.is_over());
        assert!(g.to_act().is_empty());
        let outcome = g.outcome().expect("over");
        assert!(outcome.winners.is_empty() && !outcome.draw);
        assert_eq!(outcome.ending, ABORTED_ENDING);
        assert_eq!(outcome.results.len(), 3);
        assert!(g.legal_actions(0).is_empty());
        let entry = g.last_entry(None, true).expect("entry");
        assert_eq!((entry.seat, entry.notation.as_str()), (ABORT_SEAT, "abort"));
    }

    #[test]
    fn an_aborted_game_refuses_moves_and_a_second_abort() {
        let mut g = game();
        let first = g.legal_actions(g.to_act()[0]);
        apply_logged(&mut g, &abort_entry()).expect("aborts");
        let err = g
            .apply(0, ActionInput::Notation(&first[0].notation))
            .expect_err("refused");
        assert!(err.to_string().contains("aborted"), "{err}");
        assert!(apply_logged(&mut g, &abort_entry()).is_err());
        assert!(g.clone_box().is_over());
    }

    #[test]
    fn ordinary_entries_go_to_the_rules() {
        let mut g = game();
        let seat = g.to_act()[0];
        let first = g.legal_actions(seat)[0].notation.clone();
        let entry = LoggedAction {
            seat: seat as u32,
            notation: first,
            ..Default::default()
        };
        apply_logged(&mut g, &entry).expect("a legal move");
        assert_eq!(g.version(), 1);
        assert!(!g.is_over());
    }
}
