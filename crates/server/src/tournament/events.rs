//! The feed events a driver's save records (WatchEvents and webhooks see
//! them): the start, each round paired, the end, or a cancellation. They
//! are recorded in the save's own transaction (`TournamentSave::events`),
//! so a round paired once is announced once, whichever replica pairs it;
//! a private tournament's events carry its privacy, so the feed's
//! visibility rule (`feed::holds`) shows them only to its creator and
//! administrators, as it does a private game's.

use satrap_store::{
    EventKind, NewEvent, TournamentChange, TournamentRecord, TournamentStatus, now_ms,
};

use super::state::State;

/// What changed between the tournament as read (`record`, with
/// `rounds_before` rounds paired) and as about to be saved (`status`,
/// `state`).
pub fn of_save(
    record: &TournamentRecord,
    rounds_before: usize,
    status: TournamentStatus,
    state: &State,
) -> Vec<NewEvent> {
    let mut changes = Vec::new();
    if record.status == TournamentStatus::Registration && status == TournamentStatus::Running {
        changes.push(TournamentChange::Started {
            entrants: u32::try_from(state.entries.len()).unwrap_or(u32::MAX),
        });
    }
    if let Some(t) = &state.tournament {
        for round in t.rounds().iter().skip(rounds_before) {
            changes.push(TournamentChange::RoundPaired {
                round: round.number,
            });
        }
    }
    if record.status != status {
        match status {
            TournamentStatus::Cancelled => changes.push(TournamentChange::Cancelled),
            TournamentStatus::Finished => changes.push(TournamentChange::Finished {
                winners: winners(state),
            }),
            _ => {}
        }
    }
    let at_ms = now_ms();
    changes
        .into_iter()
        .map(|change| NewEvent {
            at_ms,
            game_id: String::new(),
            game_type: record.game_type.clone(),
            owner: record.owner.clone(),
            private: record.private,
            kind: EventKind::Tournament {
                tournament_id: record.id.clone(),
                change,
            },
        })
        .collect()
}

/// The players of the entrant ranked first.
fn winners(state: &State) -> Vec<String> {
    let Some(t) = &state.tournament else {
        return Vec::new();
    };
    t.standings()
        .iter()
        .filter(|s| s.rank == 1)
        .filter_map(|s| state.entries.get(s.entrant.index()))
        .flat_map(|e| e.players())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::state::Entry;
    use satrap_tournament::{Config, Format, Tournament};

    fn record(status: TournamentStatus) -> TournamentRecord {
        TournamentRecord {
            id: "t".into(),
            game_type: "g".into(),
            owner: "key:org".into(),
            private: true,
            created_at_ms: 1,
            status,
            settings: Vec::new(),
            state: String::new(),
            version: 2,
        }
    }

    fn changes(events: &[NewEvent]) -> Vec<TournamentChange> {
        events
            .iter()
            .filter_map(|e| match &e.kind {
                EventKind::Tournament { change, .. } => Some(change.clone()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_start_a_pairing_and_an_end_are_announced_once_each() {
        let names: Vec<String> = ["bot:a", "bot:b"].map(String::from).to_vec();
        let mut state = State {
            entries: names.iter().map(|n| Entry::of(n)).collect(),
            ..State::default()
        };
        let reg = record(TournamentStatus::Registration);
        let nothing = of_save(&reg, 0, TournamentStatus::Registration, &state);
        assert!(nothing.is_empty(), "a join is no feed event");
        let config = Config::new(Format::Swiss { rounds: 1 }, 2);
        let mut t = Tournament::new(config, names).expect("tournament");
        state.tournament = Some(t.clone());
        let started = of_save(&reg, 0, TournamentStatus::Running, &state);
        assert_eq!(
            changes(&started),
            [TournamentChange::Started { entrants: 2 }]
        );
        // The tournament's privacy and owner go with its events.
        assert!(started.iter().all(|e| e.private && e.owner == "key:org"));
        let running = record(TournamentStatus::Running);
        t.pair_next_round(1).expect("paired");
        state.tournament = Some(t.clone());
        let paired = of_save(&running, 0, TournamentStatus::Running, &state);
        assert_eq!(
            changes(&paired),
            [TournamentChange::RoundPaired { round: 1 }]
        );
        assert!(of_save(&running, 1, TournamentStatus::Running, &state).is_empty());
        t.record_result(0, &[1, 0]).expect("result");
        state.tournament = Some(t);
        let done = of_save(&running, 1, TournamentStatus::Finished, &state);
        assert_eq!(
            changes(&done),
            [TournamentChange::Finished {
                winners: vec!["bot:b".into()]
            }]
        );
        let cancelled = of_save(&reg, 0, TournamentStatus::Cancelled, &State::default());
        assert_eq!(changes(&cancelled), [TournamentChange::Cancelled]);
    }
}
