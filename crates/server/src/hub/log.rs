//! A cached game's action log, kept compact: every live game holds its
//! whole log (catch-up and history replay it), and as a `Vec<LoggedAction>`
//! that cost about 75 bytes a move (a 40-byte entry plus a heap allocation
//! for each notation), most of a finished game's memory (100,000
//! live games in under 1 GiB). Here the notations share one string and each
//! entry is 24 bytes: 24 bytes a move plus the notation's own bytes (43-60
//! bytes a move in all, growth slack included, in `benches/scale.rs`).
//!
//! Reading gives back `LoggedAction`s equal to those pushed (tested), so
//! callers see the same log as before.

use satrap_store::{EntryKind, LoggedAction};

/// One entry without its notation (which is `text[previous end..end]`).
#[derive(Debug, Clone, Copy)]
struct Entry {
    at_ms: u64,
    /// Where this entry's notation ends in `Log::text`.
    end: u32,
    seat: u32,
    kind: EntryKind,
}

#[derive(Debug, Clone, Default)]
pub(super) struct Log {
    entries: Vec<Entry>,
    text: String,
}

impl Log {
    pub fn push(&mut self, a: LoggedAction) {
        self.text.push_str(&a.notation);
        self.entries.push(Entry {
            at_ms: a.at_ms,
            // Notations are at most `Limits::max_notation_len` (bytes) each
            // and games end long before 4 GB of them; saturate regardless.
            end: u32::try_from(self.text.len()).unwrap_or(u32::MAX),
            seat: a.seat,
            kind: a.kind,
        });
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Entry `i` as it was pushed.
    pub fn get(&self, i: usize) -> Option<LoggedAction> {
        let e = self.entries.get(i)?;
        let start = match i {
            0 => 0,
            _ => self.entries[i - 1].end as usize,
        };
        Some(LoggedAction {
            seat: e.seat,
            notation: self
                .text
                .get(start..e.end as usize)
                .unwrap_or_default()
                .to_owned(),
            at_ms: e.at_ms,
            kind: e.kind,
        })
    }

    pub fn iter(&self) -> Iter<'_> {
        Iter { log: self, next: 0 }
    }
}

impl From<Vec<LoggedAction>> for Log {
    fn from(actions: Vec<LoggedAction>) -> Self {
        let mut log = Log {
            entries: Vec::with_capacity(actions.len()),
            text: String::with_capacity(actions.iter().map(|a| a.notation.len()).sum()),
        };
        for a in actions {
            log.push(a);
        }
        log
    }
}

/// The entries in order, each rebuilt as a `LoggedAction`.
pub(super) struct Iter<'a> {
    log: &'a Log,
    next: usize,
}

impl Iterator for Iter<'_> {
    type Item = LoggedAction;

    fn next(&mut self) -> Option<LoggedAction> {
        let a = self.log.get(self.next)?;
        self.next += 1;
        Some(a)
    }

    /// Skipping entries builds none of them (`skip` uses this).
    fn nth(&mut self, n: usize) -> Option<LoggedAction> {
        self.next = self.next.saturating_add(n).min(self.log.len());
        self.next()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.log.len() - self.next;
        (left, Some(left))
    }
}

impl<'a> IntoIterator for &'a Log {
    type Item = LoggedAction;
    type IntoIter = Iter<'a>;

    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries() -> Vec<LoggedAction> {
        let kinds = [
            EntryKind::Move,
            EntryKind::TimeoutBotMoves,
            EntryKind::TimeoutBotTakesSeat,
            EntryKind::TimeoutForfeit,
        ];
        (0..40u32)
            .map(|i| LoggedAction {
                seat: i % 5,
                // Empty notations (a forfeit) and multi-byte ones too.
                notation: match i % 4 {
                    3 => String::new(),
                    2 => format!("ü{i}→"),
                    _ => format!("move {i}"),
                },
                at_ms: 1_700_000_000_000 + u64::from(i) * 997,
                kind: kinds[(i % 4) as usize],
            })
            .collect()
    }

    #[test]
    fn reads_back_every_entry_as_pushed() {
        let all = entries();
        let mut log = Log::default();
        for a in all.clone() {
            log.push(a);
        }
        assert_eq!(log.len(), all.len());
        assert_eq!(log.iter().collect::<Vec<_>>(), all);
        assert_eq!(Log::from(all.clone()).iter().collect::<Vec<_>>(), all);
        assert_eq!(log.clone().iter().count(), all.len());
    }

    #[test]
    fn skipping_lands_on_the_right_entry() {
        let all = entries();
        let log = Log::from(all.clone());
        for seen in [0, 1, 17, 39, 40, 41, 1000] {
            let rest: Vec<_> = log.iter().skip(seen).collect();
            assert_eq!(rest, all.iter().skip(seen).cloned().collect::<Vec<_>>());
        }
        let mut it = log.iter();
        assert_eq!(it.nth(2), all.get(2).cloned());
        assert_eq!(it.next(), all.get(3).cloned());
    }

    #[test]
    fn an_empty_log_has_no_entries() {
        let log = Log::default();
        assert_eq!(log.len(), 0);
        assert_eq!(log.iter().next(), None);
    }
}
