//! Takebacks: a log entry that rewinds the game by replay.
//!
//! The log stays append-only: a takeback the seats agreed to is one more
//! entry (the service's seat, notation `takeback N`), and nothing before
//! it changes. Replaying that entry rebuilds the game from its seed with
//! the moves still in force (every entry before it but the last `N` moves
//! in force), and wraps the result in [`Rewound`], which only keeps the
//! version counting on: version = log length, as everywhere else. So an
//! acknowledged move is never lost (it stays in the log and in GetHistory),
//! every replica replays the same game, and the rules engines know nothing
//! of takebacks (golden playthroughs are untouched).
//!
//! Rebuilding from the moves in force gives the state from before the
//! moves taken back only if those moves drew nothing at random that
//! anyone saw and showed nobody anything hidden; [`reveals`] checks that
//! from the engines' own samplers before a takeback is offered.

use satrap_catalog::{ActionInput, ApplyError, GameInstance};
use satrap_engine::{GameRng, Seat};
use satrap_search::Position;
use satrap_store::{EntryKind, LoggedAction};

use super::aborted::ABORT_SEAT;
use super::cache::{Meta, initial};
use super::clocks::ClockState;
use super::log::Entry;
use crate::proto;

/// The notation's prefix: `takeback 2` takes back two moves.
const PREFIX: &str = "takeback ";

/// Worlds sampled per seat by [`reveals`]: a move whose outcome a seat
/// could not have known shows up as a difference in one of them.
const SAMPLES: u64 = 3;

/// The log entry that takes back the last `moves` moves in force.
pub fn entry(moves: usize) -> LoggedAction {
    LoggedAction {
        seat: ABORT_SEAT,
        notation: format!("{PREFIX}{moves}"),
        ..Default::default()
    }
}

/// How many moves a log entry takes back, if it is a takeback.
pub fn undone(seat: u32, notation: &str) -> Option<usize> {
    (seat == ABORT_SEAT)
        .then(|| notation.strip_prefix(PREFIX)?.parse().ok())
        .flatten()
}

/// [`undone`] of an entry of the cached log.
pub(super) fn undone_entry(e: &Entry<'_>) -> Option<usize> {
    match e.action {
        super::log::Action::Notation(n) => undone(e.seat, n),
        super::log::Action::Id(_) => None,
    }
}

/// Apply `entry`, the entry after `prior` (every entry before it, in
/// order): a takeback rebuilds the game from `prior`, anything else is
/// applied as usual.
pub(super) fn apply_after<'a>(
    meta: &Meta,
    started_at: Option<u64>,
    prior: impl FnOnce() -> Box<dyn Iterator<Item = Entry<'a>> + 'a>,
    entry: &Entry<'_>,
    inst: &mut Box<dyn GameInstance>,
    clocks: &mut ClockState,
) -> Result<(), String> {
    match undone_entry(entry) {
        Some(moves) => {
            *inst = rewind(meta, started_at, prior(), moves)?;
            // Time already spent stays spent: the clocks go on from here
            // with the seats the rewound game has to act.
            clocks.advance(
                &inst.to_act(),
                ABORT_SEAT as Seat,
                entry.at_ms,
                EntryKind::Move,
            );
            Ok(())
        }
        None => entry
            .apply(inst, clocks)
            .map_err(|e: ApplyError| e.to_string()),
    }
}

/// The game after `prior` and then a takeback of `moves`: replayed from
/// the seed with the moves in force, one version past `prior`.
pub(super) fn rewind<'a>(
    meta: &Meta,
    started_at: Option<u64>,
    prior: impl Iterator<Item = Entry<'a>>,
    moves: usize,
) -> Result<Box<dyn GameInstance>, String> {
    let mut in_force: Vec<Entry<'a>> = Vec::new();
    let mut total = 0usize;
    for e in prior {
        total += 1;
        match undone_entry(&e) {
            Some(n) => in_force.truncate(in_force.len().saturating_sub(n)),
            None => in_force.push(e),
        }
    }
    if moves == 0 || moves > in_force.len() {
        return Err(format!(
            "a takeback of {moves} moves with {} in force",
            in_force.len()
        ));
    }
    in_force.truncate(in_force.len() - moves);
    let (mut inst, mut clocks) = initial(meta, started_at).map_err(|e| e.to_string())?;
    for e in &in_force {
        e.apply(&mut inst, &mut clocks).map_err(|e| e.to_string())?;
    }
    let offset = (total + 1 - in_force.len()) as u64;
    Ok(Box::new(Rewound::new(inst, offset, moves)))
}

/// Whether `seat` playing `action` on `before` draws something at random
/// that a seat sees, or shows a seat something it could not see before:
/// for every seat, in worlds that seat cannot tell from `before` (the
/// engine's own sampler, `GameInstance::determinize`, with the generator
/// reseeded), the move must be legal and leave that seat's view and the
/// seats to act exactly as in the real game. Such a move cannot be taken
/// back (someone learned something the replay cannot unlearn).
pub fn reveals(before: &dyn GameInstance, seat: Seat, action: ActionInput<'_>) -> bool {
    let mut after = before.clone_box();
    if after.apply(seat, action).is_err() {
        return true;
    }
    let to_act = after.to_act();
    for viewer in 0..before.players() {
        let seen = after.view(Some(viewer));
        for sample in 0..SAMPLES {
            let mut rng = GameRng::from_seed(0x7a6b_ac00 + sample);
            let mut world = before.determinize(viewer, &mut rng);
            if world.apply(seat, action).is_err()
                || world.view(Some(viewer)) != seen
                || world.to_act() != to_act
            {
                return true;
            }
        }
    }
    false
}

/// A game rebuilt by a takeback: `inner` is the game with the moves in
/// force, and the version counts every log entry (`offset` more than
/// `inner`'s). Right after the takeback (`fresh`) the current version is
/// the takeback's own: no events, and a history entry that says so.
pub struct Rewound {
    inner: Box<dyn GameInstance>,
    offset: u64,
    /// The moves the takeback that made it took back.
    taken: usize,
    fresh: bool,
}

impl Rewound {
    pub fn new(inner: Box<dyn GameInstance>, offset: u64, taken: usize) -> Self {
        Self {
            inner,
            offset,
            taken,
            fresh: true,
        }
    }

    /// The inner game's versions as the log counts them.
    fn shift_events(&self, mut events: Vec<proto::GameEvent>) -> Vec<proto::GameEvent> {
        for e in &mut events {
            e.version += self.offset;
        }
        events
    }
}

impl GameInstance for Rewound {
    fn game_type(&self) -> &'static str {
        self.inner.game_type()
    }

    fn players(&self) -> usize {
        self.inner.players()
    }

    fn version(&self) -> u64 {
        self.inner.version() + self.offset
    }

    fn to_act(&self) -> Vec<Seat> {
        self.inner.to_act()
    }

    fn outcome(&self) -> Option<proto::Outcome> {
        self.inner.outcome()
    }

    fn teams(&self) -> Vec<usize> {
        self.inner.teams()
    }

    fn legal_actions(&self, seat: Seat) -> Vec<proto::LegalAction> {
        self.inner.legal_actions(seat)
    }

    fn num_distinct_actions(&self) -> usize {
        self.inner.num_distinct_actions()
    }

    fn observation(&self, viewer: Option<Seat>) -> proto::Observation {
        let mut observation = self.inner.observation(viewer);
        observation.version = self.version();
        observation
    }

    fn apply(&mut self, seat: Seat, input: ActionInput<'_>) -> Result<String, ApplyError> {
        let notation = self.inner.apply(seat, input)?;
        self.fresh = false;
        Ok(notation)
    }

    fn legal_count(&self, seat: Seat) -> usize {
        self.inner.legal_count(seat)
    }

    fn apply_legal(&mut self, seat: Seat, index: usize) -> Result<String, ApplyError> {
        let notation = self.inner.apply_legal(seat, index)?;
        self.fresh = false;
        Ok(notation)
    }

    fn perfect_information(&self) -> bool {
        self.inner.perfect_information()
    }

    fn position(&self) -> &dyn Position {
        self.inner.position()
    }

    fn last_events(&self, viewer: Option<Seat>) -> Vec<proto::GameEvent> {
        if self.fresh {
            return Vec::new();
        }
        self.shift_events(self.inner.last_events(viewer))
    }

    fn last_entry(&self, viewer: Option<Seat>, reveal: bool) -> Option<proto::HistoryEntry> {
        if self.fresh {
            return Some(proto::HistoryEntry {
                version: self.version(),
                seat: ABORT_SEAT,
                notation: format!("{PREFIX}{}", self.taken),
                ..Default::default()
            });
        }
        let mut entry = self.inner.last_entry(viewer, reveal)?;
        entry.version += self.offset;
        entry.events = self.shift_events(entry.events);
        Some(entry)
    }

    fn last_action_id(&self) -> Option<u32> {
        if self.fresh {
            return None;
        }
        self.inner.last_action_id()
    }

    fn view(&self, viewer: Option<Seat>) -> proto::game_snapshot::State {
        self.inner.view(viewer)
    }

    fn text(&self, viewer: Option<Seat>) -> String {
        self.inner.text(viewer)
    }

    fn options(&self) -> proto::GameOptions {
        self.inner.options()
    }

    fn clone_box(&self) -> Box<dyn GameInstance> {
        Box::new(Rewound {
            inner: self.inner.clone_box(),
            offset: self.offset,
            taken: self.taken,
            fresh: self.fresh,
        })
    }

    fn mark_timeout(&mut self, seat: Seat, policy: proto::TimeoutPolicy) {
        self.inner.mark_timeout(seat, policy);
    }

    fn forfeit(&mut self, seat: Seat) {
        self.inner.forfeit(seat);
        self.fresh = false;
    }

    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> Box<dyn GameInstance> {
        Box::new(Rewound {
            inner: self.inner.determinize(seat, rng),
            offset: self.offset,
            taken: self.taken,
            fresh: false,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(id: &str, players: usize) -> Box<dyn GameInstance> {
        let kind = satrap_catalog::find(id).expect("hosted");
        kind.create(None, players, 11).expect("created")
    }

    /// Moves of the first `n` plies (first legal action each), with
    /// whether each reveals something.
    fn first_moves(id: &str, players: usize, n: usize) -> Vec<(String, bool)> {
        let mut g = game(id, players);
        let mut out = Vec::new();
        for _ in 0..n {
            let Some(&seat) = g.to_act().first() else {
                break;
            };
            let notation = g.legal_actions(seat)[0].notation.clone();
            let revealing = reveals(g.as_ref(), seat, ActionInput::Notation(&notation));
            g.apply(seat, ActionInput::Notation(&notation))
                .expect("legal");
            out.push((notation, revealing));
        }
        out
    }

    #[test]
    fn a_dice_roll_or_a_hidden_card_cannot_be_taken_back_and_a_placement_can() {
        let territories = first_moves("territories", 2, 6);
        assert_eq!(territories[0], ("PLACE 0,0".to_owned(), false));
        let roll = territories
            .iter()
            .find(|(n, _)| n == "ROLL")
            .expect("a roll");
        assert!(roll.1, "the dice are chance: {territories:?}");
        let alexandros = first_moves("alexandros", 2, 3);
        assert!(
            alexandros[0].1,
            "a card from the hand shows it: {alexandros:?}"
        );
        assert!(
            !alexandros[1].1,
            "a destination shows nothing: {alexandros:?}"
        );
        let ming = first_moves("ming_dynasty", 3, 3);
        assert!(ming.iter().all(|(_, r)| !r), "{ming:?}");
    }

    #[test]
    fn a_takeback_replays_the_moves_in_force_and_counts_every_entry() {
        use super::super::cache::Meta;
        let kind = satrap_catalog::find("territories").expect("hosted");
        let meta = Meta::for_tests(kind, 2, 11);
        let mut g = game("territories", 2);
        let mut log = super::super::log::Log::default();
        let mut entries = Vec::new();
        for _ in 0..3 {
            let seat = g.to_act()[0];
            let n = g.legal_actions(seat)[0].notation.clone();
            g.apply(seat, ActionInput::Notation(&n)).expect("legal");
            let a = LoggedAction {
                seat: seat as u32,
                notation: n,
                ..Default::default()
            };
            log.push(&a, g.as_ref());
            entries.push(a);
        }
        let back = rewind(&meta, Some(0), log.iter(), 2).expect("rewound");
        assert_eq!(back.version(), 4, "three moves and the takeback");
        let mut one = game("territories", 2);
        let seat = one.to_act()[0];
        one.apply(seat, ActionInput::Notation(&entries[0].notation))
            .expect("legal");
        assert_eq!(back.view(None), one.view(None));
        assert_eq!(back.to_act(), one.to_act());
        let entry = back.last_entry(None, false).expect("its entry");
        assert_eq!(
            (entry.seat, entry.notation.as_str(), entry.version),
            (ABORT_SEAT, "takeback 2", 4)
        );
        assert!(back.last_events(None).is_empty());
        assert_eq!(undone(ABORT_SEAT, "takeback 2"), Some(2));
        assert_eq!(undone(0, "takeback 2"), None);
        assert!(
            rewind(&meta, Some(0), log.iter(), 4).is_err(),
            "more than there is"
        );

        // A move after the takeback, and a second takeback: the moves in
        // force are the first and the new one, then the first alone.
        log.push(&super::entry(2), back.as_ref());
        let mut after = back;
        let seat = after.to_act()[0];
        let other = after.legal_actions(seat)[1].notation.clone();
        after
            .apply(seat, ActionInput::Notation(&other))
            .expect("legal");
        let a = LoggedAction {
            seat: seat as u32,
            notation: other,
            ..Default::default()
        };
        log.push(&a, after.as_ref());
        assert_eq!(after.version(), 5);
        let again = rewind(&meta, Some(0), log.iter(), 1).expect("rewound again");
        assert_eq!(again.version(), 6);
        assert_eq!(again.view(None), one.view(None));
    }
}
