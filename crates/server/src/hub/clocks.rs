//! Turn clocks, computed from stored times only. A game's clocks at a
//! version are a pure function of its time control, its start time and the
//! time and kind of every log entry (with who was to act before and after
//! each): so a restarted server or another replica computes the same
//! deadlines as the one that recorded the moves, and no timer has to
//! survive anything.
//!
//! A seat's clock runs while the seat is in `to_act` (several at once when
//! several seats must act). Per-move: each run lasts at most the limit,
//! counted from when the seat entered `to_act` or from its own last action
//! if it stayed. Fischer: the seat's budget shrinks while it runs and grows
//! by the increment with each of its actions; a timeout leaves it at zero
//! (plus the increment for the bot's move).

use super::settings::Control;
use crate::proto;
use satrap_engine::Seat;
use satrap_store::EntryKind;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct SeatTime {
    /// Fischer: time left at `since` (or now, if not running). Per-move:
    /// unused.
    left: i64,
    /// When the current run started (running iff `Some`).
    since: Option<u64>,
}

/// The clocks of one game at one version.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct ClockState {
    control: Control,
    /// When version 0 became playable; `None` while seats are open.
    started_at: Option<u64>,
    seats: Vec<SeatTime>,
    /// Time of the latest entry (or of the start).
    at: u64,
}

impl ClockState {
    /// Clocks of a game that has not started yet (or has no clock).
    pub fn new(control: Control, players: usize) -> Self {
        let left = match control {
            Control::Fischer { budget, .. } => budget as i64,
            _ => 0,
        };
        Self {
            control,
            started_at: None,
            seats: vec![SeatTime { left, since: None }; players],
            at: 0,
        }
    }

    /// The game became playable at `at` with `to_act` to act.
    pub fn start(&mut self, at: u64, to_act: &[Seat]) {
        self.started_at = Some(at);
        self.at = at;
        for &s in to_act {
            if let Some(t) = self.seats.get_mut(s) {
                t.since = Some(at);
            }
        }
    }

    pub fn started_at(&self) -> Option<u64> {
        self.started_at
    }

    /// The time of the latest entry (or the start).
    pub fn at(&self) -> u64 {
        self.at
    }

    /// One log entry by `actor` at `at`, after which `after` are to act.
    /// (Who ran before it is in the running clocks already.)
    pub fn advance(&mut self, after: &[Seat], actor: Seat, at: u64, kind: EntryKind) {
        let fischer = matches!(self.control, Control::Fischer { .. });
        for (s, t) in self.seats.iter_mut().enumerate() {
            if let Some(since) = t.since {
                if fischer {
                    t.left -= at.saturating_sub(since) as i64;
                }
                let stays = after.contains(&s) && s != actor;
                t.since = if stays {
                    // Fischer has charged up to `at`; per-move keeps the
                    // run's start.
                    Some(if fischer { at } else { since })
                } else {
                    None
                };
            }
        }
        if let Some(t) = self.seats.get_mut(actor) {
            if kind != EntryKind::Move {
                t.left = t.left.max(0);
            }
            if let Control::Fischer { increment, .. } = self.control {
                t.left += increment as i64;
            }
        }
        for &s in after {
            if let Some(t) = self.seats.get_mut(s) {
                if t.since.is_none() {
                    t.since = Some(at);
                }
            }
        }
        self.at = at;
    }

    /// When `seat`'s running clock runs out; `None` if it is not running or
    /// there is no clock.
    pub fn deadline(&self, seat: Seat) -> Option<u64> {
        let t = self.seats.get(seat)?;
        let since = t.since?;
        match self.control {
            Control::None => None,
            Control::PerMove(ms) => Some(since + ms),
            Control::Fischer { .. } => Some(since.saturating_add_signed(t.left.max(0))),
        }
    }

    /// The earliest deadline among the seats `eligible` accepts.
    pub fn next_deadline(&self, eligible: impl Fn(Seat) -> bool) -> Option<(Seat, u64)> {
        (0..self.seats.len())
            .filter(|&s| eligible(s))
            .filter_map(|s| self.deadline(s).map(|d| (s, d)))
            .min_by_key(|&(s, d)| (d, s))
    }

    /// Time left for `seat` at `now`.
    pub fn remaining(&self, seat: Seat, now: u64) -> u64 {
        if let Some(d) = self.deadline(seat) {
            return d.saturating_sub(now);
        }
        match (self.control, self.seats.get(seat)) {
            (Control::PerMove(ms), _) => ms,
            (Control::Fischer { .. }, Some(t)) => t.left.max(0) as u64,
            _ => 0,
        }
    }

    /// The clocks as clients see them at `as_of`; `None` without a clock.
    pub fn to_proto(&self, as_of: u64, policy: proto::TimeoutPolicy) -> Option<proto::Clocks> {
        if self.control == Control::None {
            return None;
        }
        Some(proto::Clocks {
            time_control: Some(self.control.to_proto()),
            as_of_ms: as_of,
            on_timeout: policy as i32,
            seats: (0..self.seats.len())
                .map(|s| {
                    let deadline = self.deadline(s);
                    proto::SeatClock {
                        seat: s as u32,
                        remaining_ms: self.remaining(s, as_of),
                        running: deadline.is_some(),
                        deadline_ms: deadline.unwrap_or(0),
                    }
                })
                .collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MOVE: EntryKind = EntryKind::Move;

    #[test]
    fn per_move_clock_restarts_on_each_turn_and_each_own_action() {
        let mut c = ClockState::new(Control::PerMove(100), 2);
        c.start(1_000, &[0]);
        assert_eq!(c.deadline(0), Some(1_100));
        assert_eq!(c.deadline(1), None);
        c.advance(&[1], 0, 1_050, MOVE);
        assert_eq!((c.deadline(0), c.deadline(1)), (None, Some(1_150)));
        // Seat 1 acts and stays to act (a multi-step turn): a new run.
        c.advance(&[1], 1, 1_120, MOVE);
        assert_eq!(c.deadline(1), Some(1_220));
        assert_eq!(c.remaining(1, 1_200), 20);
        assert_eq!(c.remaining(0, 1_200), 100);
    }

    #[test]
    fn simultaneous_seats_run_together_and_keep_their_start() {
        let mut c = ClockState::new(Control::PerMove(100), 3);
        c.start(0, &[0]);
        c.advance(&[1, 2], 0, 10, MOVE);
        assert_eq!((c.deadline(1), c.deadline(2)), (Some(110), Some(110)));
        // Seat 1 answers; seat 2's run goes on from 10.
        c.advance(&[2], 1, 60, MOVE);
        assert_eq!((c.deadline(1), c.deadline(2)), (None, Some(110)));
        assert_eq!(c.next_deadline(|_| true), Some((2, 110)));
        assert_eq!(c.next_deadline(|s| s != 2), None);
    }

    #[test]
    fn fischer_charges_running_time_and_adds_the_increment() {
        let mut c = ClockState::new(
            Control::Fischer {
                budget: 1_000,
                increment: 100,
            },
            2,
        );
        c.start(0, &[0, 1]);
        // Both run together; seat 0 acts after 300 ms.
        c.advance(&[1], 0, 300, MOVE);
        assert_eq!(c.remaining(0, 300), 800);
        assert_eq!(c.remaining(1, 300), 700);
        assert_eq!(c.deadline(1), Some(1_000));
        // Seat 1 acts at 500: 500 used, +100.
        c.advance(&[0], 1, 500, MOVE);
        assert_eq!(c.remaining(1, 9_999), 600);
        assert_eq!(c.deadline(0), Some(1_300));
    }

    #[test]
    fn a_fischer_timeout_leaves_only_the_increment() {
        let mut c = ClockState::new(
            Control::Fischer {
                budget: 100,
                increment: 30,
            },
            2,
        );
        c.start(0, &[0]);
        c.advance(&[1], 0, 140, EntryKind::TimeoutBotMoves);
        assert_eq!(c.remaining(0, 140), 30);
    }

    #[test]
    fn no_clock_has_no_deadline_and_no_proto() {
        let mut c = ClockState::new(Control::None, 2);
        c.start(0, &[0]);
        assert_eq!(c.deadline(0), None);
        assert!(c.to_proto(5, proto::TimeoutPolicy::BotMoves).is_none());
    }

    #[test]
    fn nothing_runs_before_the_start() {
        let c = ClockState::new(Control::PerMove(50), 2);
        assert_eq!(c.next_deadline(|_| true), None);
        let p = c.to_proto(7, proto::TimeoutPolicy::Forfeit);
        assert!(p.is_some_and(|p| p.seats.iter().all(|s| !s.running && s.remaining_ms == 50)));
    }
}
