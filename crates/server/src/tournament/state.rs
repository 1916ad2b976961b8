//! What the server stores for one tournament (the store keeps it as JSON
//! text it does not read): the entries in seeding order, the
//! `satrap_tournament::Tournament` once it has started, and each table's
//! game. And the way it is shown: the `Tournament` message.

use serde::{Deserialize, Serialize};

use crate::error::ServiceError;
use crate::proto;
use satrap_store::{TournamentRecord, TournamentStatus};
use satrap_tournament::{Config, Format, TieBreak, Tournament};

/// One entry: a player id (`bot:NAME` for a built-in level, a player key's
/// name, a creator's user `KEY/ID`), and a partner in a team tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub player_id: String,
    #[serde(default)]
    pub partner_id: String,
    /// Withdrawn after the start (before it, an entry is removed).
    #[serde(default)]
    pub withdrawn: bool,
}

impl Entry {
    /// A single player's entry (no partner), not withdrawn.
    pub fn of(player_id: &str) -> Entry {
        Entry {
            player_id: player_id.to_owned(),
            partner_id: String::new(),
            withdrawn: false,
        }
    }

    pub fn players(&self) -> Vec<String> {
        let mut p = vec![self.player_id.clone()];
        if !self.partner_id.is_empty() {
            p.push(self.partner_id.clone());
        }
        p
    }
}

/// The stored state.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub entries: Vec<Entry>,
    /// Set at the start.
    pub tournament: Option<Tournament>,
    /// Per table (index in `Tournament::tables`): its game's id, empty for
    /// a table decided without a game (every position but one forfeited).
    pub games: Vec<String>,
}

impl State {
    pub fn parse(text: &str) -> Result<State, ServiceError> {
        serde_json::from_str(text)
            .map_err(|e| ServiceError::DataLoss(format!("stored tournament state: {e}")))
    }

    pub fn text(&self) -> Result<String, ServiceError> {
        serde_json::to_string(self)
            .map_err(|e| ServiceError::Internal(format!("tournament state: {e}")))
    }
}

/// The settings as stored (encoded `TournamentSettings`).
pub fn settings(record: &TournamentRecord) -> Result<proto::TournamentSettings, ServiceError> {
    prost::Message::decode(record.settings.as_slice())
        .map_err(|e| ServiceError::DataLoss(format!("stored tournament settings: {e}")))
}

/// The crate's config for `settings` (checked by the caller).
pub fn config(settings: &proto::TournamentSettings) -> Config {
    let format = match proto::TournamentFormat::try_from(settings.format) {
        Ok(proto::TournamentFormat::RoundRobin) => Format::RoundRobin,
        Ok(proto::TournamentFormat::Arena) => Format::Arena {
            start_ms: settings.start_at_ms,
            end_ms: settings
                .start_at_ms
                .saturating_add(settings.arena_duration_ms),
        },
        _ => Format::Swiss {
            rounds: settings.rounds,
        },
    };
    match settings.teams {
        true => Config::teams(format),
        false => Config::new(
            format,
            u8::try_from(settings.players_per_table).unwrap_or(0),
        ),
    }
}

pub fn status_proto(status: TournamentStatus) -> proto::TournamentStatus {
    match status {
        TournamentStatus::Registration => proto::TournamentStatus::Registration,
        TournamentStatus::Running => proto::TournamentStatus::Running,
        TournamentStatus::Finished => proto::TournamentStatus::Finished,
        TournamentStatus::Cancelled => proto::TournamentStatus::Cancelled,
    }
}

fn tie_break(b: TieBreak) -> proto::TournamentTieBreak {
    match b {
        TieBreak::Buchholz => proto::TournamentTieBreak::Buchholz,
        TieBreak::SonnebornBerger => proto::TournamentTieBreak::SonnebornBerger,
        TieBreak::VersusTied => proto::TournamentTieBreak::VersusTied,
        TieBreak::Placings => proto::TournamentTieBreak::Placings,
        TieBreak::FewerGames => proto::TournamentTieBreak::FewerGames,
    }
}

fn u32_of(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The `Tournament` message; `rounds` false leaves out the rounds and
/// tables (ListTournaments).
pub fn view(
    record: &TournamentRecord,
    state: &State,
    rounds: bool,
) -> Result<proto::Tournament, ServiceError> {
    let settings = settings(record)?;
    let config = config(&settings);
    let entrants = state
        .entries
        .iter()
        .enumerate()
        .map(|(i, e)| proto::TournamentEntrant {
            entrant: u32_of(i),
            player_ids: e.players(),
            withdrawn: e.withdrawn,
        })
        .collect();
    let mut out = proto::Tournament {
        tournament_id: record.id.clone(),
        status: status_proto(record.status) as i32,
        version: record.version,
        creator: record.owner.clone(),
        entrants,
        tie_breaks: satrap_tournament::tie_breaks(&config)
            .iter()
            .map(|&b| tie_break(b) as i32)
            .collect(),
        ends_at_ms: match config.format {
            Format::Arena { end_ms, .. } => end_ms,
            _ => 0,
        },
        total_rounds: match config.format {
            Format::Swiss { rounds } => rounds,
            _ => 0,
        },
        settings: Some(settings),
        ..proto::Tournament::default()
    };
    let Some(t) = &state.tournament else {
        return Ok(out);
    };
    out.total_rounds = t.total_rounds().unwrap_or(0);
    out.standings = t
        .standings()
        .into_iter()
        .map(|s| proto::TournamentStanding {
            rank: s.rank,
            entrant: s.entrant.0,
            withdrawn: s.withdrawn,
            points: s.points,
            games: s.games,
            byes: s.byes,
            buchholz: s.buchholz,
            sonneborn_berger: s.sonneborn_berger,
            versus_tied: s.versus_tied,
            placings: s.placings,
        })
        .collect();
    if rounds {
        out.rounds = t
            .rounds()
            .iter()
            .map(|r| proto::TournamentRound {
                number: r.number,
                tables: r
                    .tables
                    .clone()
                    .filter_map(|i| Some((i, t.tables().get(i)?)))
                    .map(|(i, table)| proto::TournamentTable {
                        game_id: state.games.get(i).cloned().unwrap_or_default(),
                        entrants: table.entrants.iter().map(|e| e.0).collect(),
                        forfeited: table.forfeited.clone(),
                        places: table
                            .places
                            .iter()
                            .flatten()
                            .map(|&p| u32::from(p))
                            .collect(),
                        points: match table.finished() {
                            true => (0..table.entrants.len())
                                .map(|p| table.points(p).unwrap_or(0))
                                .collect(),
                            false => Vec::new(),
                        },
                    })
                    .collect(),
                byes: r.byes.iter().map(|e| e.0).collect(),
                sit_outs: r.sit_outs.iter().map(|e| e.0).collect(),
            })
            .collect();
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(settings: &proto::TournamentSettings, state: &State) -> TournamentRecord {
        TournamentRecord {
            id: "t".into(),
            game_type: settings.game_type.clone(),
            owner: "key:org".into(),
            private: false,
            created_at_ms: 1,
            status: TournamentStatus::Running,
            settings: prost::Message::encode_to_vec(settings),
            state: state.text().unwrap_or_default(),
            version: 3,
        }
    }

    #[test]
    fn settings_map_to_the_crate_config() {
        let mut s = proto::TournamentSettings {
            players_per_table: 3,
            format: proto::TournamentFormat::Arena as i32,
            start_at_ms: 1_000,
            arena_duration_ms: 500,
            ..Default::default()
        };
        let c = config(&s);
        assert_eq!(
            c.format,
            Format::Arena {
                start_ms: 1_000,
                end_ms: 1_500
            }
        );
        assert_eq!(c.table_size, 3);
        s.teams = true;
        s.players_per_table = 2;
        s.format = proto::TournamentFormat::Swiss as i32;
        s.rounds = 5;
        let c = config(&s);
        assert_eq!(c.format, Format::Swiss { rounds: 5 });
        assert_eq!((c.table_size, c.seats_per_entrant), (2, 2));
    }

    #[test]
    fn the_view_shows_tables_with_their_games_and_the_standings() -> Result<(), ServiceError> {
        let settings = proto::TournamentSettings {
            game_type: "g".into(),
            players_per_table: 2,
            format: proto::TournamentFormat::Swiss as i32,
            rounds: 2,
            ..Default::default()
        };
        let names: Vec<String> = (0..3).map(|i| format!("bot:b{i}")).collect();
        let mut t = Tournament::new(config(&settings), names.clone())
            .map_err(|e| ServiceError::Internal(e.to_string()))?;
        t.pair_next_round(1)
            .map_err(|e| ServiceError::Internal(e.to_string()))?;
        t.record_result(0, &[0, 1])
            .map_err(|e| ServiceError::Internal(e.to_string()))?;
        let state = State {
            entries: names.iter().map(|n| Entry::of(n)).collect(),
            tournament: Some(t),
            games: vec!["game-1".into()],
        };
        // The state round-trips through its stored text.
        assert_eq!(State::parse(&state.text()?)?, state);
        let v = view(&record(&settings, &state), &state, true)?;
        assert_eq!((v.version, v.total_rounds, v.rounds.len()), (3, 2, 1));
        let round = &v.rounds[0];
        assert_eq!(round.byes.len(), 1, "three entrants: one bye");
        let table = &round.tables[0];
        assert_eq!(table.game_id, "game-1");
        assert_eq!(
            (table.places.as_slice(), table.points.as_slice()),
            (&[0, 1][..], &[2, 0][..])
        );
        // Everyone scored a win: the table's winner and the bye.
        let points: Vec<u32> = v.standings.iter().map(|s| s.points).collect();
        assert_eq!(points, [2, 2, 0]);
        let listed = view(&record(&settings, &state), &state, false)?;
        assert!(listed.rounds.is_empty() && listed.standings == v.standings);
        Ok(())
    }
}
