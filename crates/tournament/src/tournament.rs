//! The tournament as one plain value: its config, entrants, rounds and
//! tables, and the calls that change it. Every call either succeeds or
//! returns a [`TournamentError`] having changed nothing, and every result
//! is a function of the state and the call's arguments alone, so two
//! replicas applying the same calls hold equal states.

use std::ops::Range;

use serde::{Deserialize, Serialize};

use crate::history::History;
use crate::standings::{self, Standing};
use crate::{Config, Format, Table, TournamentError, arena, round_robin, swiss};

/// An entrant: its index in the tournament's entrant list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct EntrantId(pub u32);

impl EntrantId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl From<usize> for EntrantId {
    fn from(i: usize) -> Self {
        Self(u32::try_from(i).unwrap_or(u32::MAX))
    }
}

/// Someone entered: a player, a team, a bot. The name is the server's (a
/// player key, `bot:NAME`); this crate only carries it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entrant {
    pub name: String,
    pub withdrawn: bool,
}

/// A round (Swiss, round-robin) or a pairing wave (arena).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// From 1.
    pub number: u32,
    /// Its tables' indices in [`Tournament::tables`].
    pub tables: Range<usize>,
    /// Swiss: entrants with a bye this round (scored as a win).
    pub byes: Vec<EntrantId>,
    /// Round-robin: entrants the schedule sits out this round (no score).
    pub sit_outs: Vec<EntrantId>,
}

/// The whole state, serialisable so the server can store it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tournament {
    config: Config,
    entrants: Vec<Entrant>,
    tables: Vec<Table>,
    rounds: Vec<Round>,
    /// Arena: entrants free to play, in the order they became free.
    waiting: Vec<EntrantId>,
    /// Round-robin: the whole schedule, made at the start and stored with
    /// the state, so a running tournament keeps its schedule even if a
    /// later version of this crate would schedule differently.
    schedule: Vec<round_robin::Plan>,
}

impl Tournament {
    /// A tournament of `names`, in seeding order (the last tie-break, and
    /// the first round's order).
    pub fn new(config: Config, names: Vec<String>) -> Result<Self, TournamentError> {
        config.check()?;
        let needed = usize::from(config.table_size);
        if names.len() < needed {
            return Err(TournamentError::TooFewEntrants {
                got: names.len(),
                needed,
            });
        }
        let waiting = match config.format {
            Format::Arena { .. } => (0..names.len()).map(EntrantId::from).collect(),
            _ => Vec::new(),
        };
        let schedule = match config.format {
            Format::RoundRobin => round_robin::schedule(names.len(), needed),
            _ => Vec::new(),
        };
        Ok(Self {
            config,
            entrants: names
                .into_iter()
                .map(|name| Entrant {
                    name,
                    withdrawn: false,
                })
                .collect(),
            tables: Vec::new(),
            rounds: Vec::new(),
            waiting,
            schedule,
        })
    }

    pub fn config(&self) -> &Config {
        &self.config
    }

    pub fn entrants(&self) -> &[Entrant] {
        &self.entrants
    }

    pub fn tables(&self) -> &[Table] {
        &self.tables
    }

    pub fn rounds(&self) -> &[Round] {
        &self.rounds
    }

    /// Arena: who is free to be paired, longest waiting first.
    pub fn waiting(&self) -> &[EntrantId] {
        &self.waiting
    }

    pub fn standings(&self) -> Vec<Standing> {
        standings::compute(self)
    }

    fn size(&self) -> usize {
        usize::from(self.config.table_size)
    }

    fn active(&self) -> usize {
        self.entrants.iter().filter(|e| !e.withdrawn).count()
    }

    /// Rounds this tournament has (Swiss, round-robin); `None` for an arena.
    pub fn total_rounds(&self) -> Option<u32> {
        match self.config.format {
            Format::Swiss { rounds } => Some(rounds),
            Format::RoundRobin => Some(u32::try_from(self.schedule.len()).unwrap_or(u32::MAX)),
            Format::Arena { .. } => None,
        }
    }

    fn paired(&self) -> u32 {
        u32::try_from(self.rounds.len()).unwrap_or(u32::MAX)
    }

    fn round_done(&self) -> bool {
        self.rounds
            .last()
            .is_none_or(|r| self.tables[r.tables.clone()].iter().all(Table::finished))
    }

    /// Whether nothing is left to play: every table finished and no round
    /// to pair (Swiss: also when too few active entrants are left for a
    /// table), or, for an arena, its window closed at `now_ms`.
    pub fn finished(&self, now_ms: u64) -> bool {
        if !self.tables.iter().all(Table::finished) {
            return false;
        }
        match self.config.format {
            Format::Arena { end_ms, .. } => now_ms >= end_ms,
            _ => {
                self.total_rounds().is_some_and(|t| self.paired() >= t)
                    || self.active() < self.size()
            }
        }
    }

    /// Pairs round `round` (from 1) and returns its tables' indices.
    /// Refused if the round is already paired, is not the next one, the
    /// previous round has games in play, or all rounds are paired: so
    /// pairing is a function of (state, round), and a round is never paired
    /// twice.
    pub fn pair_next_round(&mut self, round: u32) -> Result<Range<usize>, TournamentError> {
        let total = self.total_rounds().ok_or(TournamentError::WrongFormat)?;
        let next = self.paired() + 1;
        if round < next {
            return Err(TournamentError::AlreadyPaired { round });
        }
        if round > next {
            return Err(TournamentError::NotNextRound { asked: round, next });
        }
        if next > total {
            return Err(TournamentError::NoMoreRounds { rounds: total });
        }
        if !self.round_done() {
            return Err(TournamentError::RoundUnfinished { round: next - 1 });
        }
        let size = self.size();
        let history = self.history();
        let (tables, byes, sit_outs) = match self.config.format {
            Format::RoundRobin => {
                let plan = self.schedule[round as usize - 1].clone();
                let ids = |v: Vec<usize>| -> Vec<EntrantId> {
                    v.into_iter().map(EntrantId::from).collect()
                };
                let tables = plan.tables.into_iter().map(ids).collect();
                (tables, Vec::new(), ids(plan.sit_outs))
            }
            _ => {
                let ranked: Vec<EntrantId> = standings::ranked(&self.standings())
                    .into_iter()
                    .filter(|e| !self.entrants[e.index()].withdrawn)
                    .collect();
                if ranked.len() < size {
                    return Err(TournamentError::TooFewEntrants {
                        got: ranked.len(),
                        needed: size,
                    });
                }
                let p = swiss::pair(&ranked, size, &history);
                (p.tables, p.byes, Vec::new())
            }
        };
        Ok(self.push_round(tables, byes, sit_outs))
    }

    /// Arena: pairs whoever waits, if the window is open at `now_ms`.
    /// Returns the new tables' indices (none when fewer than a table's worth
    /// wait, or the window has closed).
    pub fn pair_arena(&mut self, now_ms: u64) -> Result<Range<usize>, TournamentError> {
        let Format::Arena { start_ms, end_ms } = self.config.format else {
            return Err(TournamentError::WrongFormat);
        };
        if now_ms < start_ms {
            return Err(TournamentError::NotOpen { start_ms });
        }
        let tables = if now_ms >= end_ms {
            Vec::new()
        } else {
            arena::pair(&self.waiting, self.size(), &self.history())
        };
        if tables.is_empty() {
            return Ok(self.tables.len()..self.tables.len());
        }
        self.waiting
            .retain(|e| !tables.iter().any(|t| t.contains(e)));
        Ok(self.push_round(tables, Vec::new(), Vec::new()))
    }

    fn push_round(
        &mut self,
        tables: Vec<Vec<EntrantId>>,
        byes: Vec<EntrantId>,
        sit_outs: Vec<EntrantId>,
    ) -> Range<usize> {
        let number = self.paired() + 1;
        let start = self.tables.len();
        for entrants in tables {
            let mut table = Table::new(number, entrants);
            // A withdrawn entrant the schedule still names (round-robin)
            // forfeits at once.
            for p in 0..table.entrants.len() {
                if self.entrants[table.entrants[p].index()].withdrawn && !table.finished() {
                    table.forfeit(p);
                }
            }
            self.tables.push(table);
        }
        let range = start..self.tables.len();
        self.rounds.push(Round {
            number,
            tables: range.clone(),
            byes,
            sit_outs,
        });
        range
    }

    fn history(&self) -> History {
        let byes: Vec<EntrantId> = self.rounds.iter().flat_map(|r| r.byes.clone()).collect();
        History::of(self.entrants.len(), self.size(), &self.tables, &byes)
    }

    fn open_table(&mut self, table: usize) -> Result<&mut Table, TournamentError> {
        let t = self
            .tables
            .get_mut(table)
            .ok_or(TournamentError::UnknownTable(table))?;
        if t.finished() {
            return Err(TournamentError::TableFinished(table));
        }
        Ok(t)
    }

    /// Records how table `table`'s game ended: a place per game seat
    /// (lower is better, equal shares; only the order counts). A team's
    /// place is the better of its two seats' (the game gives them one).
    /// Forfeited entrants are placed last whatever the game said.
    pub fn record_result(&mut self, table: usize, places: &[u8]) -> Result<(), TournamentError> {
        let seats = self.config.players();
        let by_position: Vec<u8> = (0..self.size())
            .map(|p| {
                let mine = self.config.seats(p);
                mine.iter().filter_map(|&s| places.get(s)).min().copied()
            })
            .collect::<Option<_>>()
            .unwrap_or_default();
        let t = self.open_table(table)?;
        if places.len() != seats {
            return Err(TournamentError::WrongPlacings {
                table,
                seats,
                got: places.len(),
            });
        }
        t.finish(&by_position);
        self.free(table);
        Ok(())
    }

    /// Records that the entrant holding game seat `seat` of table `table`
    /// forfeits (a no-show lost on time, as the server's clock decided). A
    /// table with one entrant left playing finishes at once.
    pub fn record_forfeit(&mut self, table: usize, seat: usize) -> Result<(), TournamentError> {
        let (seats, position) = (self.config.players(), self.config.position(seat));
        let t = self.open_table(table)?;
        if seat >= seats {
            return Err(TournamentError::NoSuchSeat { table, seat });
        }
        t.forfeit(position);
        if t.finished() {
            self.free(table);
        }
        Ok(())
    }

    /// Withdraws `entrant`: it forfeits its games in play and every later
    /// one, is never paired again, and stays in the standings with what it
    /// scored.
    pub fn withdraw(&mut self, entrant: EntrantId) -> Result<(), TournamentError> {
        let e = self
            .entrants
            .get_mut(entrant.index())
            .ok_or(TournamentError::UnknownEntrant(entrant.0))?;
        if e.withdrawn {
            return Err(TournamentError::AlreadyWithdrawn(entrant.0));
        }
        e.withdrawn = true;
        self.waiting.retain(|&w| w != entrant);
        for i in 0..self.tables.len() {
            let t = &mut self.tables[i];
            if let (false, Some(p)) = (t.finished(), t.position(entrant)) {
                t.forfeit(p);
                if t.finished() {
                    self.free(i);
                }
            }
        }
        Ok(())
    }

    /// Arena: a finished table's entrants (those still in) wait again.
    fn free(&mut self, table: usize) {
        if !matches!(self.config.format, Format::Arena { .. }) {
            return;
        }
        for &e in &self.tables[table].entrants {
            if !self.entrants[e.index()].withdrawn {
                self.waiting.push(e);
            }
        }
    }
}

#[cfg(test)]
mod tests;
