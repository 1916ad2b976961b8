//! A cached game's action log, kept as action ids: every live game holds
//! its whole log (catch-up and history replay it), and it was most of a
//! finished game's memory while it held notations (43-60 bytes a move;
//! a Territories game of ~900 moves, 38 KB). Here a move is a few bytes:
//!
//! - a header (varint): the seat, whether an action id or a notation
//!   follows, and the entry's kind;
//! - the time (zigzag varint): milliseconds since the previous entry
//!   (every 64th entry: since 1970, see [`MARK_EVERY`]);
//! - the action's fixed id (varint, [`GameInstance::last_action_id`]), or,
//!   for the entries that have none (a forfeit, an abort), the notation
//!   itself (varint length and bytes).
//!
//! Notations and events are not kept: they are rebuilt when the log is
//! replayed (applying an id gives back the same action, notation and
//! events; tested for every title and player count), and a log is only
//! ever read by replaying it, from the seed, on the catch-up pool or for
//! history. Once the game is over the log is trimmed to its length.

use satrap_catalog::{ActionInput, ApplyError, GameInstance};
use satrap_engine::Seat;
use satrap_store::{EntryKind, LoggedAction};

use super::cache::{Meta, Seats, Version, apply_entry, corrupt, initial, timeout_policy};
use super::clocks::ClockState;
use super::takeback::apply_after;
use crate::error::ServiceError;
use crate::proto;

/// Every `MARK_EVERY`-th entry's byte offset is kept and its time stored
/// whole, so reading from entry `i` (a move checking the entries since the
/// version it saw) skips at most this many entries first: about 9 bytes
/// per 64 moves.
const MARK_EVERY: usize = 64;

/// Header bit: a notation follows instead of an action id.
const TEXT: u64 = 1 << 2;

#[derive(Debug, Clone, Default)]
pub(super) struct Log {
    /// The entries, encoded one after the other.
    bytes: Vec<u8>,
    /// Byte offset of entries 0, 64, 128, ...
    marks: Vec<u32>,
    len: usize,
    /// Time of the last entry: the next one is stored as a difference.
    last_at: u64,
}

/// What an entry applied: the action's id, or (without one) the notation
/// as the store has it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Action<'a> {
    Id(u32),
    Notation(&'a str),
}

/// One entry as it was pushed, but for the notation of an action with an
/// id (the replay gives it back).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Entry<'a> {
    pub seat: u32,
    pub at_ms: u64,
    pub kind: EntryKind,
    pub action: Action<'a>,
}

impl Log {
    /// Record `a`, an entry just applied: `after` is the game it made
    /// (its last action's id is what the log keeps).
    pub fn push(&mut self, a: &LoggedAction, after: &dyn GameInstance) {
        let id = match a.kind {
            // Neither has an action of the game: the notation says it all
            // (a forfeit; the service's entries: aborts, agreements,
            // takebacks).
            EntryKind::TimeoutForfeit => None,
            _ if a.seat == super::aborted::ABORT_SEAT => None,
            _ => after.last_action_id(),
        };
        self.push_id(a, id, after.is_over());
    }

    /// Record `a` with the id of its action (`None`: keep the notation);
    /// `over`: the game ended with it.
    fn push_id(&mut self, a: &LoggedAction, id: Option<u32>, over: bool) {
        // A marked entry keeps its whole time, the others the difference
        // from the entry before.
        let base = if self.len % MARK_EVERY == 0 {
            // Logs stay far below 4 GB (a few bytes a move); saturate
            // rather than wrap regardless.
            self.marks
                .push(u32::try_from(self.bytes.len()).unwrap_or(u32::MAX));
            0
        } else {
            self.last_at
        };
        let tag = if id.is_some() { 0 } else { TEXT };
        put(
            &mut self.bytes,
            (u64::from(a.seat) << 3) | tag | kind_code(a.kind),
        );
        put(&mut self.bytes, zigzag(a.at_ms.wrapping_sub(base)));
        match id {
            Some(id) => put(&mut self.bytes, u64::from(id)),
            None => {
                put(&mut self.bytes, a.notation.len() as u64);
                self.bytes.extend_from_slice(a.notation.as_bytes());
            }
        }
        self.last_at = a.at_ms;
        self.len += 1;
        if over {
            // Nothing more is pushed (but an abort's entry): drop the
            // growth slack, up to half of the log.
            self.bytes.shrink_to_fit();
            self.marks.shrink_to_fit();
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    /// The entries in order.
    pub fn iter(&self) -> Iter<'_> {
        Iter {
            log: self,
            place: Place::default(),
        }
    }

    /// Heap bytes held (for the memory figures).
    pub fn heap_bytes(&self) -> usize {
        self.bytes.capacity() + self.marks.capacity() * std::mem::size_of::<u32>()
    }

    /// The log of `actions` (a stored log, replayed from the seed) and the
    /// game and clocks after it.
    pub fn load(
        meta: &Meta,
        started_at: Option<u64>,
        actions: &[LoggedAction],
    ) -> Result<(Log, Box<dyn GameInstance>, ClockState), ServiceError> {
        let (mut inst, mut clocks) = initial(meta, started_at)?;
        let mut log = Log::default();
        for a in actions {
            let prior = || -> Box<dyn Iterator<Item = Entry<'_>> + '_> { Box::new(log.iter()) };
            apply_after(
                meta,
                started_at,
                prior,
                &Entry::of(a),
                &mut inst,
                &mut clocks,
            )
            .map_err(corrupt(&meta.id))?;
            log.push(a, inst.as_ref());
        }
        Ok((log, inst, clocks))
    }

    /// Rebuild the game from its seed, calling `each` after every entry
    /// (with the game, its clocks and `seats` at that version) until it
    /// returns `false`; returns the game where replay stopped.
    pub fn replay(
        &self,
        meta: &Meta,
        started_at: Option<u64>,
        seats: &Seats,
        mut each: impl FnMut(&Version) -> bool,
    ) -> Result<(Box<dyn GameInstance>, ClockState), ServiceError> {
        let (inst, clocks) = initial(meta, started_at)?;
        let mut v = Version::new(inst, clocks, seats.clone());
        for (i, e) in self.iter().enumerate() {
            let prior =
                || -> Box<dyn Iterator<Item = Entry<'_>> + '_> { Box::new(self.iter().take(i)) };
            apply_after(meta, started_at, prior, &e, &mut v.inst, &mut v.clocks)
                .map_err(corrupt(&meta.id))?;
            if !each(&v) {
                break;
            }
        }
        Ok((v.inst, v.clocks))
    }
}

impl super::Hub {
    /// Heap bytes the cached games' logs hold: what the scale bench
    /// reports as the log's share of a live game. Each game's actor reads
    /// its own.
    pub async fn cached_log_bytes(&self) -> usize {
        let mut bytes = 0;
        for game in self.all_cached() {
            bytes += game.log_bytes().await;
        }
        bytes
    }
}

impl<'a> Entry<'a> {
    /// A stored entry as the log reads it back (its notation kept).
    pub fn of(a: &'a LoggedAction) -> Self {
        Entry {
            seat: a.seat,
            at_ms: a.at_ms,
            kind: a.kind,
            action: Action::Notation(&a.notation),
        }
    }

    /// Apply this entry to the game and its clocks, as [`apply_entry`]
    /// applies the stored entry it was made from.
    pub fn apply(
        &self,
        inst: &mut Box<dyn GameInstance>,
        clocks: &mut ClockState,
    ) -> Result<(), ApplyError> {
        let id = match self.action {
            Action::Id(id) => id,
            Action::Notation(notation) => {
                return apply_entry(
                    inst,
                    clocks,
                    &LoggedAction {
                        seat: self.seat,
                        notation: notation.to_owned(),
                        at_ms: self.at_ms,
                        kind: self.kind,
                    },
                );
            }
        };
        let seat = self.seat as Seat;
        match timeout_policy(self.kind) {
            Some(proto::TimeoutPolicy::Forfeit) => inst.forfeit(seat),
            policy => {
                inst.apply(seat, ActionInput::Id(id))?;
                if let Some(p) = policy {
                    inst.mark_timeout(seat, p);
                }
            }
        }
        clocks.advance(&inst.to_act(), seat, self.at_ms, self.kind);
        Ok(())
    }
}

/// A place in a log: the next entry's number and byte offset, and the
/// time of the entry before it. Starts at the first entry.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Place {
    next: usize,
    pos: usize,
    at: u64,
}

impl Place {
    /// Entries read so far.
    pub fn read(&self) -> usize {
        self.next
    }
}

impl Log {
    /// The entry at `place`, moving it past; `None` at the end.
    pub fn read<'a>(&'a self, place: &mut Place) -> Option<Entry<'a>> {
        if place.next >= self.len {
            return None;
        }
        let (header, at_ms) = self.head(place)?;
        let bytes: &'a [u8] = &self.bytes;
        let n = get(bytes, &mut place.pos)?;
        let action = if header & TEXT == 0 {
            Action::Id(u32::try_from(n).ok()?)
        } else {
            let end = place.pos.checked_add(usize::try_from(n).ok()?)?;
            // Pushed from a `&str`, so always whole characters.
            let text = std::str::from_utf8(bytes.get(place.pos..end)?).ok()?;
            place.pos = end;
            Action::Notation(text)
        };
        place.next += 1;
        Some(Entry {
            seat: u32::try_from(header >> 3).ok()?,
            at_ms,
            kind: kind_of(header & 3),
            action,
        })
    }

    /// The header and time of the entry at `place`, moving past them.
    fn head(&self, place: &mut Place) -> Option<(u64, u64)> {
        let header = get(&self.bytes, &mut place.pos)?;
        let base = if place.next % MARK_EVERY == 0 {
            0
        } else {
            place.at
        };
        place.at = base.wrapping_add(unzigzag(get(&self.bytes, &mut place.pos)?));
        Some((header, place.at))
    }

    /// Move `place` past one entry without building it.
    fn skip_one(&self, place: &mut Place) -> Option<()> {
        let (header, _) = self.head(place)?;
        let n = get(&self.bytes, &mut place.pos)?;
        if header & TEXT != 0 {
            place.pos = place.pos.checked_add(usize::try_from(n).ok()?)?;
        }
        place.next += 1;
        Some(())
    }
}

/// The entries in order, decoded one by one.
#[derive(Clone)]
pub(super) struct Iter<'a> {
    log: &'a Log,
    place: Place,
}

impl<'a> Iterator for Iter<'a> {
    type Item = Entry<'a>;

    fn next(&mut self) -> Option<Entry<'a>> {
        self.log.read(&mut self.place)
    }

    /// Skipping entries jumps to the nearest mark and decodes only the
    /// lengths of the entries after it (`skip` uses this).
    fn nth(&mut self, n: usize) -> Option<Entry<'a>> {
        let (log, place) = (self.log, &mut self.place);
        let target = place.next.saturating_add(n);
        if target >= log.len {
            place.next = log.len;
            return None;
        }
        let mark = target / MARK_EVERY;
        if mark * MARK_EVERY > place.next {
            // A marked entry's time is whole: nothing before it is needed.
            place.next = mark * MARK_EVERY;
            place.pos = *log.marks.get(mark)? as usize;
        }
        while place.next < target {
            log.skip_one(place)?;
        }
        log.read(place)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.log.len - self.place.next;
        (left, Some(left))
    }
}

impl<'a> IntoIterator for &'a Log {
    type Item = Entry<'a>;
    type IntoIter = Iter<'a>;

    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

fn kind_code(kind: EntryKind) -> u64 {
    match kind {
        EntryKind::Move => 0,
        EntryKind::TimeoutBotMoves => 1,
        EntryKind::TimeoutBotTakesSeat => 2,
        EntryKind::TimeoutForfeit => 3,
    }
}

fn kind_of(code: u64) -> EntryKind {
    match code {
        1 => EntryKind::TimeoutBotMoves,
        2 => EntryKind::TimeoutBotTakesSeat,
        3 => EntryKind::TimeoutForfeit,
        _ => EntryKind::Move,
    }
}

/// Append `v` as a varint (7 bits a byte, low first).
fn put(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// The varint at `*pos`, advancing past it; `None` past the end.
fn get(bytes: &[u8], pos: &mut usize) -> Option<u64> {
    let mut v = 0u64;
    for shift in (0..64).step_by(7) {
        let b = *bytes.get(*pos)?;
        *pos += 1;
        v |= u64::from(b & 0x7f) << shift;
        if b < 0x80 {
            return Some(v);
        }
    }
    None
}

/// A time difference (usually small and forward, but a replica's clock or
/// an abort may go back) as an unsigned number near zero.
fn zigzag(d: u64) -> u64 {
    let d = d as i64;
    ((d << 1) ^ (d >> 63)) as u64
}

fn unzigzag(z: u64) -> u64 {
    ((z >> 1) as i64 ^ -((z & 1) as i64)) as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hub::aborted::{self, ABORT_NOTATION, ABORT_SEAT};
    use crate::hub::settings::Control;

    /// A small generator (xorshift), so the playouts are the same each run.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    /// Everything an entry shows any viewer: its events and history entry
    /// as each seat and a spectator see them, hidden and revealed.
    fn shown(inst: &dyn GameInstance) -> Vec<String> {
        let viewers = std::iter::once(None).chain((0..inst.players()).map(Some));
        viewers
            .flat_map(|v| {
                [
                    format!("{:?}", inst.last_events(v)),
                    format!("{:?}", inst.last_entry(v, false)),
                    format!("{:?}", inst.last_entry(v, true)),
                ]
            })
            .collect()
    }

    /// The whole game as every viewer sees it.
    fn whole(inst: &dyn GameInstance) -> String {
        let viewers = std::iter::once(None).chain((0..inst.players()).map(Some));
        let views: Vec<_> = viewers
            .map(|v| format!("{:?}|{}", inst.view(v), inst.text(v)))
            .collect();
        format!(
            "{} {:?} {:?} {views:?}",
            inst.version(),
            inst.to_act(),
            inst.outcome()
        )
    }

    /// How a playout ends.
    #[derive(Clone, Copy)]
    enum End {
        Played,
        Forfeit,
        Abort,
    }

    /// A random playout: the stored entries (as the move path writes
    /// them), what each entry showed, and the final game. Some moves are
    /// bot moves on a timeout, and the game may end by a forfeit or an
    /// abort after `cut` entries.
    struct Playout {
        stored: Vec<LoggedAction>,
        shown: Vec<Vec<String>>,
        log: Log,
        last: Box<dyn GameInstance>,
    }

    fn play(
        kind: &satrap_catalog::GameKind,
        players: usize,
        seed: u64,
        end: End,
        cut: usize,
    ) -> Playout {
        let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
        let mut inst = kind.create(None, players, seed).expect("created");
        let mut clocks = ClockState::new(Control::None, players);
        let (mut stored, mut seen, mut log) = (Vec::new(), Vec::new(), Log::default());
        let mut at_ms = 1_700_000_000_000 + seed;
        while let Some(&seat) = inst.to_act().first() {
            at_ms += rng.below(90_000) as u64;
            let a = if stored.len() == cut && !matches!(end, End::Played) {
                match end {
                    End::Abort => LoggedAction {
                        at_ms,
                        ..aborted::abort_entry()
                    },
                    _ => LoggedAction {
                        seat: seat as u32,
                        notation: String::new(),
                        at_ms,
                        kind: EntryKind::TimeoutForfeit,
                    },
                }
            } else {
                let index = rng.below(inst.legal_count(seat));
                let mut next = inst.clone_box();
                let notation = next.apply_legal(seat, index).expect("legal");
                let kind = [
                    EntryKind::Move,
                    EntryKind::Move,
                    EntryKind::Move,
                    EntryKind::TimeoutBotMoves,
                    EntryKind::TimeoutBotTakesSeat,
                ][rng.below(5)];
                LoggedAction {
                    seat: seat as u32,
                    notation,
                    at_ms,
                    kind,
                }
            };
            apply_entry(&mut inst, &mut clocks, &a).expect("replays");
            log.push(&a, inst.as_ref());
            seen.push(shown(inst.as_ref()));
            stored.push(a);
        }
        Playout {
            stored,
            shown: seen,
            log,
            last: inst,
        }
    }

    /// Replay `log`: the entries rebuilt as stored (the notation from the
    /// replay when the log kept an id), what each showed, the final game.
    fn rebuild(
        kind: &satrap_catalog::GameKind,
        players: usize,
        seed: u64,
        log: &Log,
    ) -> (Vec<LoggedAction>, Vec<Vec<String>>, Box<dyn GameInstance>) {
        let mut inst = kind.create(None, players, seed).expect("created");
        let mut clocks = ClockState::new(Control::None, players);
        let (mut entries, mut seen) = (Vec::new(), Vec::new());
        for e in log {
            e.apply(&mut inst, &mut clocks).expect("replays");
            let notation = match e.action {
                Action::Notation(text) => text.to_owned(),
                Action::Id(_) => inst
                    .last_entry(None, true)
                    .map(|h| h.notation)
                    .unwrap_or_default(),
            };
            entries.push(LoggedAction {
                seat: e.seat,
                notation,
                at_ms: e.at_ms,
                kind: e.kind,
            });
            seen.push(shown(inst.as_ref()));
        }
        (entries, seen, inst)
    }

    #[test]
    fn ids_rebuild_every_title_s_log_exactly() {
        for kind in satrap_catalog::registry() {
            for players in kind.min_players..=kind.max_players {
                for (seed, end, cut) in [
                    (1, End::Played, 0),
                    (2, End::Played, 0),
                    (3, End::Forfeit, 40),
                    (4, End::Abort, 65),
                ] {
                    let what = format!("{} {players}p seed {seed}", kind.id);
                    let p = play(kind, players, seed, end, cut);
                    assert_eq!(p.log.len(), p.stored.len(), "{what}");
                    let (entries, seen, last) = rebuild(kind, players, seed, &p.log);
                    assert_eq!(entries, p.stored, "{what}: the log");
                    assert_eq!(seen, p.shown, "{what}: events and history entries");
                    assert_eq!(whole(last.as_ref()), whole(p.last.as_ref()), "{what}");
                    // The moves kept ids: a few bytes each, not notations.
                    let ids = p
                        .log
                        .iter()
                        .filter(|e| matches!(e.action, Action::Id(_)))
                        .count();
                    let moves = p
                        .stored
                        .iter()
                        .filter(|a| a.kind != EntryKind::TimeoutForfeit && a.seat != ABORT_SEAT)
                        .count();
                    assert_eq!(ids, moves, "{what}");
                    assert!(
                        p.log.heap_bytes() <= 8 * p.stored.len() + 16,
                        "{what}: {} bytes for {} entries",
                        p.log.heap_bytes(),
                        p.stored.len()
                    );
                }
            }
        }
    }

    /// Entries of every shape: text and ids, large seats (an abort's),
    /// times that go back, jump far or are zero.
    fn odd_entries() -> Vec<(LoggedAction, Action<'static>)> {
        let kinds = [
            EntryKind::Move,
            EntryKind::TimeoutBotMoves,
            EntryKind::TimeoutBotTakesSeat,
            EntryKind::TimeoutForfeit,
        ];
        let times = [0, 1, u64::MAX, 1_700_000_000_000, 5, u64::MAX / 2, 17];
        (0..300u32)
            .map(|i| {
                let kind = kinds[(i % 4) as usize];
                let (seat, notation, action) = match (i % 7, kind) {
                    (3, _) => (ABORT_SEAT, ABORT_NOTATION, Action::Notation(ABORT_NOTATION)),
                    (_, EntryKind::TimeoutForfeit) => (i % 6, "", Action::Notation("")),
                    _ => (i % 6, "x", Action::Id(i * 977 % 70_000)),
                };
                let a = LoggedAction {
                    seat,
                    notation: notation.to_owned(),
                    at_ms: times[i as usize % times.len()].wrapping_add(u64::from(i)),
                    kind,
                };
                (a, action)
            })
            .collect()
    }

    fn pushed(all: &[(LoggedAction, Action<'static>)]) -> Log {
        let mut log = Log::default();
        for (a, action) in all {
            let id = match action {
                Action::Id(id) => Some(*id),
                Action::Notation(_) => None,
            };
            log.push_id(a, id, false);
        }
        log
    }

    #[test]
    fn reads_back_every_entry_as_pushed() {
        let all = odd_entries();
        let log = pushed(&all);
        let expected: Vec<Entry<'_>> = all
            .iter()
            .map(|(a, action)| Entry {
                seat: a.seat,
                at_ms: a.at_ms,
                kind: a.kind,
                action: *action,
            })
            .collect();
        assert_eq!(log.len(), all.len());
        assert_eq!(log.iter().collect::<Vec<_>>(), expected);
        assert_eq!(log.clone().iter().collect::<Vec<_>>(), expected);
        for seen in [0, 1, 63, 64, 65, 127, 128, 200, 299, 300, 301, 10_000] {
            let rest: Vec<_> = log.iter().skip(seen).collect();
            assert_eq!(
                rest,
                expected.iter().skip(seen).copied().collect::<Vec<_>>()
            );
        }
        let mut it = log.iter();
        assert_eq!(it.nth(70), expected.get(70).copied());
        assert_eq!(it.next(), expected.get(71).copied());
        assert_eq!(it.nth(60), expected.get(132).copied());
        assert_eq!(it.nth(1), expected.get(134).copied());
        let mut place = Place::default();
        for e in &expected {
            assert_eq!(log.read(&mut place), Some(*e));
        }
        assert_eq!(place.read(), expected.len());
        assert_eq!(log.read(&mut place), None);
    }

    #[test]
    fn an_empty_log_has_no_entries() {
        let log = Log::default();
        assert_eq!(log.len(), 0);
        assert_eq!(log.iter().next(), None);
        assert_eq!(log.iter().nth(3), None);
        assert_eq!(log.heap_bytes(), 0);
    }

    #[test]
    fn varints_and_zigzag_round_trip() {
        for v in [
            0,
            1,
            127,
            128,
            300,
            u64::from(u32::MAX),
            u64::MAX - 1,
            u64::MAX,
        ] {
            let mut out = Vec::new();
            put(&mut out, v);
            let mut pos = 0;
            assert_eq!(get(&out, &mut pos), Some(v));
            assert_eq!(pos, out.len());
            assert_eq!(unzigzag(zigzag(v)), v);
        }
        // Small steps either way are one byte.
        assert!(zigzag(3u64.wrapping_sub(5)) < 0x80);
        assert!(zigzag(60) < 0x80);
        // A truncated varint is no number.
        assert_eq!(get(&[0x80, 0x80], &mut 0), None);
    }
}
