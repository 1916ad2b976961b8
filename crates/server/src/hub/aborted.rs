//! A game stopped by a service entry of its log, not by its rules: an
//! administrator's abort (AdminService.AbortGame), or what the seats
//! agreed to (MakeOffer: an abort, a draw). The game as it stood, frozen
//! one version later.
//!
//! Such an entry is an entry of the game's log like any move, written by
//! the service itself ([`ABORT_SEAT`] and a notation of [`End`]), so that
//! replay, GetHistory, watch streams and other replicas all see it the
//! same way. Replaying it wraps the instance in [`Aborted`] instead of
//! asking the rules engine, which knows nothing of aborts or agreements.
//! (A takeback is a service entry too, replayed by `takeback`.)
//!
//! Invariant: an [`Aborted`] game accepts no action and has nobody to act,
//! so the game's actor has no more work and every further move is refused.

use std::time::Instant;

use crate::proto;
use satrap_catalog::{ActionInput, ApplyError, GameInstance};
use satrap_engine::{GameRng, RuleError, SearchTuning, Seat};
use satrap_search::{Budget, Position, SearchStats};
use satrap_store::LoggedAction;

/// The seat number of the service's own log entries (aborts, agreements,
/// takebacks). It fits the stores' 32-bit signed seat columns and is no
/// seat of any game.
pub const ABORT_SEAT: u32 = i32::MAX as u32;
/// The notation of an administrator's abort entry.
pub const ABORT_NOTATION: &str = "abort";
/// `Outcome.ending` of an aborted game (by an administrator or by
/// agreement).
pub const ABORTED_ENDING: &str = "aborted";
/// `Outcome.ending` of a draw the seats agreed to.
pub const AGREED_DRAW_ENDING: &str = "agreed_draw";

/// How a service entry ended the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// An administrator aborted it.
    Admin,
    /// Every seat agreed to abort it (no result, unrated).
    AgreedAbort,
    /// Every seat agreed to a draw.
    AgreedDraw,
}

impl End {
    /// The entry's notation in the log.
    pub fn notation(self) -> &'static str {
        match self {
            End::Admin => ABORT_NOTATION,
            End::AgreedAbort => "abort agreed",
            End::AgreedDraw => "draw agreed",
        }
    }

    fn of(notation: &str) -> Option<End> {
        [End::Admin, End::AgreedAbort, End::AgreedDraw]
            .into_iter()
            .find(|e| e.notation() == notation)
    }

    /// The log entry that ends a game so.
    pub fn entry(self) -> LoggedAction {
        LoggedAction {
            seat: ABORT_SEAT,
            notation: self.notation().to_owned(),
            ..Default::default()
        }
    }
}

/// Whether a logged entry ends the game as a service entry (not a move
/// for the rules engine).
pub fn is_abort(action: &LoggedAction) -> bool {
    action.seat == ABORT_SEAT && End::of(&action.notation).is_some()
}

/// The log entry that aborts a game (an administrator's).
pub fn abort_entry() -> LoggedAction {
    End::Admin.entry()
}

/// Apply one logged entry: a move through the rules, an ending by
/// wrapping.
pub fn apply_logged(
    instance: &mut Box<dyn GameInstance>,
    action: &LoggedAction,
) -> Result<(), ApplyError> {
    if let Some(end) = (action.seat == ABORT_SEAT)
        .then(|| End::of(&action.notation))
        .flatten()
    {
        if instance.is_over() {
            return Err(refusal(End::Admin).into());
        }
        *instance = Box::new(Aborted::ended(instance.clone_box(), end));
        return Ok(());
    }
    instance
        .apply(action.seat as Seat, ActionInput::Notation(&action.notation))
        .map(|_| ())
}

fn refusal(end: End) -> RuleError {
    match end {
        End::Admin => RuleError::new("ABORTED", "an administrator aborted this game"),
        End::AgreedAbort => RuleError::new("ABORTED", "the players agreed to abort this game"),
        End::AgreedDraw => RuleError::new("DRAWN", "the players agreed to a draw"),
    }
}

/// The game at its ending: `inner` is the state before it.
pub struct Aborted {
    inner: Box<dyn GameInstance>,
    end: End,
}

impl Aborted {
    /// An administrator's abort.
    pub fn new(inner: Box<dyn GameInstance>) -> Self {
        Self::ended(inner, End::Admin)
    }

    pub fn ended(inner: Box<dyn GameInstance>, end: End) -> Self {
        Self { inner, end }
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

    /// No winner; every seat shares rank 1 with score 0 (the game was not
    /// played out, so nobody is ranked above anyone). An abort is no draw;
    /// an agreed draw is (`draw` and `agreed`).
    fn outcome(&self) -> Option<proto::Outcome> {
        let (draw, ending, summary) = match self.end {
            End::Admin => (
                false,
                ABORTED_ENDING,
                "aborted by an administrator: no winner",
            ),
            End::AgreedAbort => (false, ABORTED_ENDING, "aborted by the players: no winner"),
            End::AgreedDraw => (true, AGREED_DRAW_ENDING, "a draw, agreed by every player"),
        };
        Some(proto::Outcome {
            winners: Vec::new(),
            draw,
            results: (0..GameInstance::players(self))
                .map(|seat| proto::SeatResult {
                    seat: seat as u32,
                    rank: 1,
                    score: 0,
                })
                .collect(),
            ending: ending.to_owned(),
            summary: summary.to_owned(),
            agreed: self.end != End::Admin,
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
        Err(refusal(self.end).into())
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
            notation: self.end.notation().to_owned(),
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
        let note = match self.end {
            End::Admin => "aborted by an administrator",
            End::AgreedAbort => "aborted by the players",
            End::AgreedDraw => "a draw, agreed by the players",
        };
        format!("{}\n({note})", self.inner.text(viewer))
    }

    fn options(&self) -> proto::GameOptions {
        self.inner.options()
    }

    fn clone_box(&self) -> Box<dyn GameInstance> {
        Box::new(Aborted::ended(self.inner.clone_box(), self.end))
    }

    /// Nothing: no clock runs in an aborted game, so none can run out.
    fn mark_timeout(&mut self, _seat: Seat, _policy: proto::TimeoutPolicy) {}

    /// Nothing, as `mark_timeout`.
    fn forfeit(&mut self, _seat: Seat) {}

    /// A world of the game before the abort, aborted as this one is.
    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> Box<dyn GameInstance> {
        Box::new(Aborted::ended(self.inner.determinize(seat, rng), self.end))
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
    fn an_agreed_draw_is_a_shared_result_and_an_agreed_abort_is_none() {
        let mut g = game();
        apply_logged(&mut g, &End::AgreedDraw.entry()).expect("drawn");
        let outcome = g.outcome().expect("over");
        assert!(outcome.draw && outcome.agreed && outcome.winners.is_empty());
        assert_eq!(outcome.ending, AGREED_DRAW_ENDING);
        assert!(outcome.results.iter().all(|r| r.rank == 1));
        let entry = g.last_entry(None, true).expect("entry");
        assert_eq!(entry.notation, "draw agreed");
        let mut g = game();
        apply_logged(&mut g, &End::AgreedAbort.entry()).expect("aborted");
        let outcome = g.outcome().expect("over");
        assert!(!outcome.draw && outcome.agreed);
        assert_eq!(outcome.ending, ABORTED_ENDING);
        assert!(is_abort(&End::AgreedAbort.entry()));
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
