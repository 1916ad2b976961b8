//! Tournaments through the real server: a Swiss of built-in levels played
//! to the end, a round-robin of three-player tables, and a withdrawal that
//! does not stall a round; each checked against the games that were
//! played (every table's game is an ordinary, finished game) and against
//! standings worked out here from the tables the server reports.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use satrap_server::proto::{self, tournament_service_client::TournamentServiceClient};
use tokio_stream::StreamExt;
use tonic::Code;
use tonic::transport::Channel;

use crate::common::lobby::per_move;
use crate::common::{Client, TestServer};

type Tournaments = TournamentServiceClient<Channel>;

const GAME: &str = "king_of_siam";

fn now_ms() -> u64 {
    satrap_store::now_ms()
}

fn settings(format: proto::TournamentFormat, table: u32, rounds: u32) -> proto::TournamentSettings {
    proto::TournamentSettings {
        name: "test cup".into(),
        game_type: GAME.into(),
        players_per_table: table,
        format: format as i32,
        rounds,
        time_control: Some(per_move(10_000)),
        start_at_ms: now_ms() + 1_500,
        ..Default::default()
    }
}

/// A tournament of `entrants` built-in random bots, made and entered.
async fn made(t: &mut Tournaments, settings: proto::TournamentSettings, entrants: usize) -> String {
    let made = t
        .create_tournament(proto::CreateTournamentRequest {
            settings: Some(settings),
        })
        .await
        .expect("CreateTournament")
        .into_inner()
        .tournament
        .expect("tournament");
    assert_eq!(made.status, proto::TournamentStatus::Registration as i32);
    for i in 0..entrants {
        let e = t
            .join_tournament(proto::JoinTournamentRequest {
                tournament_id: made.tournament_id.clone(),
                player_id: "bot:random".into(),
                ..Default::default()
            })
            .await
            .expect("JoinTournament")
            .into_inner()
            .entrant
            .expect("entrant");
        assert_eq!(e.entrant as usize, i);
    }
    made.tournament_id
}

/// The tournament now (GetTournament, no key).
async fn got(t: &mut Tournaments, id: &str) -> proto::Tournament {
    t.get_tournament(proto::GetTournamentRequest {
        tournament_id: id.to_owned(),
    })
    .await
    .expect("GetTournament")
    .into_inner()
    .tournament
    .expect("tournament")
}

/// Enter `players` (built-in levels `bot:NAME`, or the key's users) in
/// tournament `id` with the organiser's key `key`.
async fn entered_by(t: &mut Tournaments, id: &str, key: &str, players: &[String]) {
    for player in players {
        t.join_tournament(crate::common::access::with_key(
            proto::JoinTournamentRequest {
                tournament_id: id.to_owned(),
                player_id: player.clone(),
                ..Default::default()
            },
            Some(key),
            None,
        ))
        .await
        .expect("the organiser enters a player");
    }
}

/// Follow WatchTournament to its end; the last tournament seen, and the
/// changes in order.
/// A tournament of `settings` created with the organiser's key `key`.
async fn created_by(
    t: &mut Tournaments,
    settings: proto::TournamentSettings,
    key: &str,
) -> proto::Tournament {
    t.create_tournament(crate::common::access::with_key(
        proto::CreateTournamentRequest {
            settings: Some(settings),
        },
        Some(key),
        None,
    ))
    .await
    .expect("CreateTournament")
    .into_inner()
    .tournament
    .expect("the tournament made")
}

async fn watched(t: &mut Tournaments, id: &str) -> (proto::Tournament, Vec<i32>) {
    let mut stream = t
        .watch_tournament(proto::WatchTournamentRequest {
            tournament_id: id.into(),
            after_version: 0,
        })
        .await
        .expect("WatchTournament")
        .into_inner();
    let mut changes = Vec::new();
    let mut last = None;
    tokio::time::timeout(Duration::from_secs(240), async {
        while let Some(u) = stream.next().await {
            let u = u.expect("update");
            changes.push(u.change);
            last = u.tournament;
        }
    })
    .await
    .expect("the tournament finished in time");
    (last.expect("an update"), changes)
}

/// The tournament once `rounds` rounds are paired (WatchTournament).
async fn paired(t: &mut Tournaments, id: &str, rounds: usize) -> proto::Tournament {
    let mut stream = t
        .watch_tournament(proto::WatchTournamentRequest {
            tournament_id: id.into(),
            after_version: 0,
        })
        .await
        .expect("watch")
        .into_inner();
    tokio::time::timeout(Duration::from_secs(120), async {
        while let Some(u) = stream.next().await {
            let now = u.expect("update").tournament.expect("tournament");
            if now.rounds.len() >= rounds {
                return now;
            }
        }
        panic!("the stream ended before round {rounds}");
    })
    .await
    .expect("paired in time")
}

/// Every table's game is an ordinary game, finished, of the tournament's
/// type and with its clock.
async fn games_finished(client: &mut Client, t: &proto::Tournament) {
    for table in t.rounds.iter().flat_map(|r| &r.tables) {
        if table.game_id.is_empty() {
            assert!(table.forfeited.iter().any(|&f| f), "{table:?}");
            continue;
        }
        let snap = client
            .get_game(proto::GetGameRequest {
                game_id: table.game_id.clone(),
                ..Default::default()
            })
            .await
            .expect("GetGame")
            .into_inner()
            .snapshot
            .expect("snapshot");
        assert_eq!(snap.status, proto::GameStatus::Finished as i32);
        assert_eq!(snap.game_type, GAME);
        assert!(snap.clocks.is_some(), "a tournament game has a clock");
    }
}

/// Points per entrant, worked out from the tables (and byes as wins).
fn points_from_tables(t: &proto::Tournament) -> BTreeMap<u32, u32> {
    let mut points: BTreeMap<u32, u32> = t.entrants.iter().map(|e| (e.entrant, 0)).collect();
    for r in &t.rounds {
        for table in &r.tables {
            let n = table.entrants.len();
            assert_eq!(table.places.len(), n, "a finished table has places");
            for a in 0..n {
                let mut p = 0;
                if !table.forfeited[a] {
                    for b in (0..n).filter(|&b| b != a) {
                        p += match table.places[a].cmp(&table.places[b]) {
                            std::cmp::Ordering::Less => 2,
                            std::cmp::Ordering::Equal => 1,
                            std::cmp::Ordering::Greater => 0,
                        };
                    }
                }
                assert_eq!(table.points[a], p, "table points: {table:?}");
                *points.entry(table.entrants[a]).or_default() += p;
            }
        }
        for b in &r.byes {
            *points.entry(*b).or_default() += 2;
        }
    }
    points
}

/// Every pair that met, with how often.
fn meetings(t: &proto::Tournament) -> BTreeMap<(u32, u32), u32> {
    let mut met = BTreeMap::new();
    for table in t.rounds.iter().flat_map(|r| &r.tables) {
        for (i, &a) in table.entrants.iter().enumerate() {
            for &b in &table.entrants[i + 1..] {
                *met.entry((a.min(b), a.max(b))).or_default() += 1;
            }
        }
    }
    met
}

/// An 8-entrant, 4-round two-player Swiss played to the end: whole rounds,
/// no repeated pairing, every game finished, and standings that match the
/// tables.
async fn swiss_of_eight_played(client: &mut Client, done: &proto::Tournament) {
    assert_eq!(done.status, proto::TournamentStatus::Finished as i32);
    assert_eq!(done.total_rounds, 4);
    assert_eq!(done.rounds.len(), 4);
    for r in &done.rounds {
        assert_eq!(r.tables.len(), 4, "8 entrants make 4 tables");
        assert!(r.byes.is_empty());
        let seated: BTreeSet<u32> = r.tables.iter().flat_map(|t| t.entrants.clone()).collect();
        assert_eq!(seated.len(), 8, "everyone plays once a round");
    }
    // With 8 entrants and 4 rounds, nobody meets anyone twice.
    assert!(
        meetings(done).values().all(|&n| n == 1),
        "{:?}",
        meetings(done)
    );
    games_finished(client, done).await;

    // Standings: points from the tables, Buchholz from the opponents,
    // ranked by points then Buchholz then Sonneborn-Berger.
    let points = points_from_tables(done);
    assert_eq!(points.values().sum::<u32>(), 4 * 4 * 2);
    assert_eq!(done.standings.len(), 8);
    for s in &done.standings {
        assert_eq!(s.points, points[&s.entrant], "{s:?}");
        assert_eq!(s.games, 4);
        let opponents = done.rounds.iter().flat_map(|r| &r.tables).filter_map(|t| {
            let me = t.entrants.iter().position(|&e| e == s.entrant)?;
            Some(t.entrants[1 - me])
        });
        let buchholz: u32 = opponents.map(|o| points[&o]).sum();
        assert_eq!(s.buchholz, buchholz, "{s:?}");
    }
    let ranks: Vec<u32> = done.standings.iter().map(|s| s.rank).collect();
    assert_eq!(ranks, (1..=8).collect::<Vec<_>>());
    for w in done.standings.windows(2) {
        let key = |s: &proto::TournamentStanding| (s.points, s.buchholz, s.sonneborn_berger);
        assert!(key(&w[0]) >= key(&w[1]), "{w:?}");
    }
    assert_eq!(
        done.tie_breaks,
        [
            proto::TournamentTieBreak::Buchholz as i32,
            proto::TournamentTieBreak::SonnebornBerger as i32
        ]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_eight_bot_swiss_of_four_rounds_runs_to_the_end() {
    let server = TestServer::start().await;
    let mut t = TournamentServiceClient::new(server.channel().await);
    let mut client = server.client().await;
    let id = made(&mut t, settings(proto::TournamentFormat::Swiss, 2, 4), 8).await;
    let (done, changes) = watched(&mut t, &id).await;

    assert_eq!(done.status, proto::TournamentStatus::Finished as i32);
    assert_eq!(
        changes.first(),
        Some(&(proto::TournamentChange::Current as i32))
    );
    assert_eq!(
        changes.last(),
        Some(&(proto::TournamentChange::Finished as i32))
    );
    assert!(changes.contains(&(proto::TournamentChange::RoundPaired as i32)));
    assert!(changes.contains(&(proto::TournamentChange::GameFinished as i32)));
    // The Watch's last state is GetTournament's.
    let now = got(&mut t, &id).await;
    assert_eq!(now, done);
    swiss_of_eight_played(&mut client, &done).await;
    // Listed, newest first, with its standings.
    let listed = t
        .list_tournaments(proto::ListTournamentsRequest::default())
        .await
        .expect("ListTournaments")
        .into_inner();
    let mine = listed
        .tournaments
        .iter()
        .find(|l| l.tournament_id == id)
        .expect("listed");
    assert!(mine.rounds.is_empty() && mine.standings == done.standings);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_robin_of_three_player_tables_meets_everyone() {
    let server = TestServer::start().await;
    let mut t = TournamentServiceClient::new(server.channel().await);
    let mut client = server.client().await;
    let id = made(
        &mut t,
        settings(proto::TournamentFormat::RoundRobin, 3, 0),
        6,
    )
    .await;
    let (done, _) = watched(&mut t, &id).await;
    assert_eq!(done.status, proto::TournamentStatus::Finished as i32);
    assert_eq!(done.rounds.len() as u32, done.total_rounds);
    let met = meetings(&done);
    for a in 0..6u32 {
        for b in a + 1..6 {
            assert!(met.contains_key(&(a, b)), "{a} never met {b}: {met:?}");
        }
    }
    for r in &done.rounds {
        assert!(r.tables.iter().all(|t| t.entrants.len() == 3));
        let seated = r.tables.len() * 3 + r.sit_outs.len();
        assert_eq!(seated, 6, "{r:?}");
    }
    games_finished(&mut client, &done).await;
    let points = points_from_tables(&done);
    for s in &done.standings {
        assert_eq!(s.points, points[&s.entrant], "{s:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_withdrawal_does_not_stall_a_round() {
    let server = TestServer::start().await;
    let mut t = TournamentServiceClient::new(server.channel().await);
    let mut client = server.client().await;
    // Long clocks: a withdrawn entrant's table must finish without them.
    let id = made(&mut t, settings(proto::TournamentFormat::Swiss, 2, 3), 5).await;
    // Wait for round 1, then withdraw the last entrant.
    paired(&mut t, &id, 1).await;
    let left = t
        .leave_tournament(proto::LeaveTournamentRequest {
            tournament_id: id.clone(),
            player_id: "bot:random".into(),
        })
        .await
        .expect("LeaveTournament")
        .into_inner()
        .entrant
        .expect("entrant");
    assert!(left.withdrawn && left.entrant == 4);
    let (done, _) = watched(&mut t, &id).await;
    assert_eq!(done.status, proto::TournamentStatus::Finished as i32);
    assert_eq!(done.rounds.len(), 3);
    // After the withdrawal the entrant is never paired again, and byes
    // rotate: nobody has two.
    for r in &done.rounds[1..] {
        assert!(r.tables.iter().all(|t| !t.entrants.contains(&4)), "{r:?}");
        assert!(!r.byes.contains(&4));
    }
    let byes: Vec<u32> = done.rounds.iter().flat_map(|r| r.byes.clone()).collect();
    let distinct: BTreeSet<u32> = byes.iter().copied().collect();
    assert_eq!(byes.len(), distinct.len(), "byes rotate: {byes:?}");
    let standing = done.standings.iter().find(|s| s.entrant == 4).expect("4");
    assert!(standing.withdrawn);
    games_finished(&mut client, &done).await;
    // Withdrawing again, or after the end, is refused.
    let again = t
        .leave_tournament(proto::LeaveTournamentRequest {
            tournament_id: id.clone(),
            player_id: "bot:random".into(),
        })
        .await;
    assert_eq!(
        again.map(|_| ()).unwrap_err().code(),
        Code::FailedPrecondition
    );
}

#[tokio::test]
async fn bad_settings_and_unknown_tournaments_are_refused() {
    let server = TestServer::start().await;
    let mut t = TournamentServiceClient::new(server.channel().await);
    let create =
        |s: proto::TournamentSettings| proto::CreateTournamentRequest { settings: Some(s) };
    let mut no_clock = settings(proto::TournamentFormat::Swiss, 2, 3);
    no_clock.time_control = None;
    let mut no_rounds = settings(proto::TournamentFormat::Swiss, 2, 0);
    no_rounds.rounds = 0;
    let mut bad_game = settings(proto::TournamentFormat::Swiss, 2, 3);
    bad_game.game_type = "chess".into();
    let mut five = settings(proto::TournamentFormat::RoundRobin, 5, 0);
    five.players_per_table = 5;
    for s in [no_clock, no_rounds, bad_game, five] {
        let e = t.create_tournament(create(s.clone())).await;
        assert_eq!(
            e.map(|_| ()).unwrap_err().code(),
            Code::InvalidArgument,
            "{s:?}"
        );
    }
    let e = t
        .get_tournament(proto::GetTournamentRequest {
            tournament_id: "nope".into(),
        })
        .await;
    assert_eq!(e.map(|_| ()).unwrap_err().code(), Code::NotFound);
    let id = made(&mut t, settings(proto::TournamentFormat::Swiss, 2, 1), 0).await;
    let e = t
        .join_tournament(proto::JoinTournamentRequest {
            tournament_id: id,
            player_id: "bot:no-such-level".into(),
            ..Default::default()
        })
        .await;
    assert_eq!(e.map(|_| ()).unwrap_err().code(), Code::InvalidArgument);
}

/// Two replicas on one PostgreSQL database: the tournament is made and
/// driven on the first; once round 2 is paired a second replica starts
/// and the first drains, so the second takes the tournament over. Every
/// round is paired once (4 rounds of 4 tables, no pairing repeated, every
/// table's game its own and finished) and the standings match the tables.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_survives_the_replica_that_drives_it() {
    use crate::common::external::{TestDatabase, postgres_url};
    let Some(admin) = postgres_url("a_tournament_survives_the_replica_that_drives_it") else {
        return;
    };
    let db = TestDatabase::create(&admin, "tournament").await;
    {
        let replica = |url: String| async move {
            let mut config = satrap_server::Config::in_memory();
            config.database = url;
            TestServer::start_with(config).await
        };
        let a = replica(db.url.clone()).await;
        let mut ta = TournamentServiceClient::new(a.channel().await);
        let id = made(&mut ta, settings(proto::TournamentFormat::Swiss, 2, 4), 8).await;
        let before = paired(&mut ta, &id, 2).await;
        let b = replica(db.url.clone()).await;
        a.shutdown().await;
        let mut tb = TournamentServiceClient::new(b.channel().await);
        let (done, _) = watched(&mut tb, &id).await;
        // What the first replica paired stands.
        for (r, was) in done.rounds.iter().zip(&before.rounds) {
            let tables = |r: &proto::TournamentRound| -> Vec<Vec<u32>> {
                r.tables.iter().map(|t| t.entrants.clone()).collect()
            };
            assert_eq!(
                tables(r),
                tables(was),
                "round {} kept its pairing",
                r.number
            );
        }
        let mut client = b.client().await;
        swiss_of_eight_played(&mut client, &done).await;
        let games: BTreeSet<&String> = done
            .rounds
            .iter()
            .flat_map(|r| r.tables.iter().map(|t| &t.game_id))
            .collect();
        assert_eq!(games.len(), 16, "every table has a game of its own");
        b.shutdown().await;
    }
    db.drop().await;
}

/// Play `game_id`'s seat with `token` (random legal moves) to the end.
async fn play_seat(mut client: Client, game_id: String, token: String, seed: u64) {
    use crate::common::{Lcg, apply_notation, legal, snapshot};
    let mut rng = Lcg(seed);
    for _ in 0..10_000 {
        let snap = snapshot(&mut client, &game_id, Some(&token)).await;
        if snap.status == proto::GameStatus::Finished as i32 {
            return;
        }
        let actions = legal(&mut client, &game_id, &token).await.actions;
        if actions.is_empty() {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        }
        let pick = &actions[rng.below(actions.len())].notation;
        // Another seat (a bot) may move first: a refusal is retried.
        let _ = apply_notation(
            &mut client,
            &game_id,
            Some(&token),
            pick,
            Some(snap.version),
        )
        .await;
    }
    panic!("game {game_id} did not end");
}

/// Client players through the server: a player key enters itself, takes
/// its seat in each of its games (TakeTournamentSeat) and plays them; a
/// second player entered by the creator never plays, and its clock
/// forfeits each of its games, so no round waits for it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_take_their_seats_and_a_no_show_forfeits_on_time() {
    use crate::common::access::{key, keys_file, server_with_keys, with_key};
    use satrap_server::access::Role;
    let (org, ann) = (key("org", Role::Creator), key("ann", Role::Player));
    let server = server_with_keys(keys_file("tournament-players", &[&org, &ann])).await;
    let mut t = TournamentServiceClient::new(server.channel().await);
    let mut s = settings(proto::TournamentFormat::Swiss, 2, 2);
    s.time_control = Some(per_move(1_500));
    let made = created_by(&mut t, s, &org.key).await;
    let id = made.tournament_id;
    let join = |player: &str| proto::JoinTournamentRequest {
        tournament_id: id.clone(),
        player_id: player.into(),
        ..Default::default()
    };
    // Ann enters herself; a player key cannot enter a built-in level.
    let e = t
        .join_tournament(with_key(join(""), Some(&ann.key), None))
        .await
        .expect("ann joins")
        .into_inner()
        .entrant
        .expect("entrant");
    assert_eq!(e.player_ids, ["ann"]);
    let refused = t
        .join_tournament(with_key(join("bot:random"), Some(&ann.key), None))
        .await;
    assert_eq!(
        refused.map(|_| ()).unwrap_err().code(),
        Code::PermissionDenied
    );
    let again = t
        .join_tournament(with_key(join(""), Some(&ann.key), None))
        .await;
    assert_eq!(again.map(|_| ()).unwrap_err().code(), Code::AlreadyExists);
    // The organiser enters a user of its own (who never plays) and bots.
    for p in ["bob", "bot:random", "bot:random"] {
        t.join_tournament(with_key(join(p), Some(&org.key), None))
            .await
            .expect("organiser joins");
    }
    let ann_index = 0;
    let bob_index = 1;

    // Ann plays every game she is seated in, as it appears.
    let mut stream = t
        .watch_tournament(with_key(
            proto::WatchTournamentRequest {
                tournament_id: id.clone(),
                after_version: 0,
            },
            Some(&ann.key),
            None,
        ))
        .await
        .expect("watch")
        .into_inner();
    let mut playing = BTreeSet::new();
    let mut last = None;
    tokio::time::timeout(Duration::from_secs(120), async {
        while let Some(u) = stream.next().await {
            let now = u.expect("update").tournament.expect("t");
            for table in now.rounds.iter().flat_map(|r| &r.tables) {
                let mine = table.entrants.contains(&ann_index);
                if !mine || table.game_id.is_empty() || !playing.insert(table.game_id.clone()) {
                    continue;
                }
                let seat = t
                    .take_tournament_seat(with_key(
                        proto::TakeTournamentSeatRequest {
                            tournament_id: id.clone(),
                            game_id: table.game_id.clone(),
                            player_id: String::new(),
                        },
                        Some(&ann.key),
                        None,
                    ))
                    .await
                    .expect("TakeTournamentSeat")
                    .into_inner()
                    .seat
                    .expect("seat");
                let position = table.entrants.iter().position(|&e| e == ann_index);
                assert_eq!(
                    Some(seat.seat as usize),
                    position,
                    "ann's seat is her position"
                );
                tokio::spawn(play_seat(
                    server.client().await,
                    table.game_id.clone(),
                    seat.token,
                    playing.len() as u64,
                ));
            }
            last = Some(now);
        }
    })
    .await
    .expect("the tournament finished in time");
    let done = last.expect("updates");
    assert_eq!(done.status, proto::TournamentStatus::Finished as i32);
    assert_eq!(playing.len(), 2, "ann played both her games");
    // Bob forfeited every game on his clock and scored nothing; ann's
    // games were played to a result.
    for table in done.rounds.iter().flat_map(|r| &r.tables) {
        if let Some(p) = table.entrants.iter().position(|&e| e == bob_index) {
            assert!(table.forfeited[p], "bob's seat forfeits: {table:?}");
            assert_eq!(table.points[p], 0);
        }
    }
    let bob = done
        .standings
        .iter()
        .find(|s| s.entrant == bob_index)
        .expect("bob");
    assert_eq!((bob.points, bob.games), (0, 2), "{bob:?}");
    let mut client = server.client().await;
    games_finished(&mut client, &done).await;
    // A seat in a game the caller does not sit in is refused.
    let theirs = done
        .rounds
        .iter()
        .flat_map(|r| &r.tables)
        .find(|t| !t.entrants.contains(&ann_index))
        .expect("a table without ann");
    let refused = t
        .take_tournament_seat(with_key(
            proto::TakeTournamentSeatRequest {
                tournament_id: id.clone(),
                game_id: theirs.game_id.clone(),
                player_id: String::new(),
            },
            Some(&ann.key),
            None,
        ))
        .await;
    assert_eq!(
        refused.map(|_| ()).unwrap_err().code(),
        Code::FailedPrecondition
    );
}

/// An arena of built-in levels: paired again as games end, for its window;
/// games paired before the end finish and count, none is paired after.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_arena_pairs_until_its_window_closes() {
    let server = TestServer::start().await;
    let mut t = TournamentServiceClient::new(server.channel().await);
    let mut client = server.client().await;
    let mut s = settings(proto::TournamentFormat::Arena, 2, 0);
    s.arena_duration_ms = 3_000;
    let id = made(&mut t, s.clone(), 4).await;
    let (done, _) = watched(&mut t, &id).await;
    assert_eq!(done.status, proto::TournamentStatus::Finished as i32);
    assert_eq!(done.ends_at_ms, s.start_at_ms + 3_000);
    assert!(
        done.rounds.len() >= 2,
        "paired again as games ended: {:?}",
        done.rounds.len()
    );
    games_finished(&mut client, &done).await;
    let points = points_from_tables(&done);
    for st in &done.standings {
        assert_eq!(st.points, points[&st.entrant], "{st:?}");
    }
    assert_eq!(
        done.tie_breaks,
        [
            proto::TournamentTieBreak::FewerGames as i32,
            proto::TournamentTieBreak::Placings as i32
        ]
    );
}

/// A private tournament is seen by its creator, its entrants and admins
/// only: anyone else gets NOT_FOUND, as for an unknown id, and does not
/// find it listed.
#[tokio::test]
async fn a_private_tournament_is_hidden_from_others() {
    use crate::common::access::{key, keys_file, server_with_keys, with_key};
    use satrap_server::access::Role;
    let (org, ann, eve) = (
        key("org", Role::Creator),
        key("ann", Role::Player),
        key("eve", Role::Player),
    );
    let server = server_with_keys(keys_file("tournament-private", &[&org, &ann, &eve])).await;
    let mut t = TournamentServiceClient::new(server.channel().await);
    let mut s = settings(proto::TournamentFormat::Swiss, 2, 1);
    s.private = true;
    s.start_at_ms = now_ms() + 3_600_000;
    let id = created_by(&mut t, s, &org.key).await.tournament_id;
    t.join_tournament(with_key(
        proto::JoinTournamentRequest {
            tournament_id: id.clone(),
            player_id: "ann".into(),
            ..Default::default()
        },
        Some(&org.key),
        None,
    ))
    .await
    .expect("org enters its user");
    let get = |k: Option<&str>| {
        with_key(
            proto::GetTournamentRequest {
                tournament_id: id.clone(),
            },
            k,
            None,
        )
    };
    assert!(
        t.get_tournament(get(Some(&org.key))).await.is_ok(),
        "its creator"
    );
    for k in [Some(eve.key.as_str()), None] {
        let e = t.get_tournament(get(k)).await;
        assert_eq!(e.map(|_| ()).unwrap_err().code(), Code::NotFound);
        let listed = t
            .list_tournaments(with_key(proto::ListTournamentsRequest::default(), k, None))
            .await
            .expect("list")
            .into_inner();
        assert!(listed.tournaments.iter().all(|l| l.tournament_id != id));
    }
    // Ann is entered as org's user (org/ann), not as the player ann.
    let e = t.get_tournament(get(Some(&ann.key))).await;
    assert_eq!(e.map(|_| ()).unwrap_err().code(), Code::NotFound);
    let listed = t
        .list_tournaments(with_key(
            proto::ListTournamentsRequest::default(),
            Some(&org.key),
            None,
        ))
        .await
        .expect("list")
        .into_inner();
    assert!(listed.tournaments.iter().any(|l| l.tournament_id == id));
}

/// A rated tournament's games are rated games; an open server (no keys)
/// cannot run one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_tournament_plays_rated_games() {
    use crate::common::access::{key, keys_file, server_with_keys};
    use satrap_server::access::Role;
    let open = TestServer::start().await;
    let mut s = settings(proto::TournamentFormat::Swiss, 2, 2);
    s.rated = true;
    let refused = TournamentServiceClient::new(open.channel().await)
        .create_tournament(proto::CreateTournamentRequest {
            settings: Some(s.clone()),
        })
        .await;
    assert_eq!(
        refused.map(|_| ()).unwrap_err().code(),
        Code::FailedPrecondition
    );

    let org = key("org", Role::Creator);
    let server = server_with_keys(keys_file("tournament-rated", &[&org])).await;
    let mut t = TournamentServiceClient::new(server.channel().await);
    let id = created_by(&mut t, s, &org.key).await.tournament_id;
    entered_by(&mut t, &id, &org.key, &vec!["bot:random".to_owned(); 4]).await;
    let (done, _) = watched(&mut t, &id).await;
    assert_eq!(done.status, proto::TournamentStatus::Finished as i32);
    let mut client = server.client().await;
    games_finished(&mut client, &done).await;
    for table in done.rounds.iter().flat_map(|r| &r.tables) {
        let snap = crate::common::snapshot(&mut client, &table.game_id, None).await;
        assert!(snap.rated, "game {} is rated", table.game_id);
    }
}

/// Two `satrap serve` processes on one PostgreSQL database (tournament
/// lease 2 s): the replica driving a running tournament is killed with
/// kill -9 at a random point, ten times, a fresh replica started after
/// each kill so that two serve. Rated tournaments (Swiss of 8 in tables of
/// 2, round-robins in tables of 3) are made as the earlier ones finish.
/// Every tournament finishes; no round is paired twice (the feed announces
/// each round once, rounds are numbered 1..n and keep what was paired
/// before the kills); every table has one game, made once, finished and
/// rated once (one `created` and one rated `finished` event per game).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tournaments_survive_ten_kill_9s_of_their_driver() {
    use crate::common::Lcg;
    use crate::common::access::{key, keys_file, with_key};
    use crate::common::external::{TestDatabase, postgres_url};
    use crate::common::process::Served;
    use proto::feed_event::Event as E;
    use satrap_server::access::Role;
    const KILLS: usize = 10;
    // Four different levels: every table seats different players, so
    // every game changes ratings.
    const LEVELS: [&str; 4] = ["random", "montecarlo", "mcts-easy", "mcts"];
    let Some(admin) = postgres_url("tournaments_survive_ten_kill_9s_of_their_driver") else {
        return;
    };
    let db = TestDatabase::create(&admin, "tournamentkill").await;
    {
        let (org, ops) = (key("org", Role::Creator), key("ops", Role::Admin));
        let keys = keys_file("tournament-kill", &[&org, &ops]);
        let keys = keys.to_str().expect("keys path");
        let args = [
            "--database",
            db.url.as_str(),
            "--api-keys-file",
            keys,
            "--tournament-lease",
            "2s",
        ];
        let channel = |addr: &str| {
            Channel::from_shared(format!("http://{addr}"))
                .expect("url")
                .connect_lazy()
        };
        let (pg, connection) = tokio_postgres::connect(&db.url, tokio_postgres::NoTls)
            .await
            .expect("connect to the test database");
        tokio::spawn(connection);
        let mut replicas = vec![Served::start(&args, None), Served::start(&args, None)];
        let mut rng = Lcg(0x005e_ed41);
        let mut made: Vec<String> = Vec::new();
        let mut killed = 0;
        let started = std::time::Instant::now();
        while killed < KILLS {
            assert!(
                started.elapsed() < Duration::from_secs(300),
                "ten kills within 5 minutes ({killed} so far)"
            );
            let mut t = TournamentServiceClient::new(channel(&replicas[0].addr));
            // A running tournament to kill the driver of: a new one once
            // the earlier ones are over.
            let mut live = Vec::new();
            for id in &made {
                let now = got(&mut t, id).await;
                if now.status != proto::TournamentStatus::Finished as i32 {
                    live.push(id.clone());
                }
            }
            if live.is_empty() {
                let mut s = match made.len() % 2 {
                    0 => settings(proto::TournamentFormat::Swiss, 2, 3),
                    _ => settings(proto::TournamentFormat::RoundRobin, 3, 0),
                };
                s.rated = true;
                s.start_at_ms = now_ms() + 300;
                let id = created_by(&mut t, s, &org.key).await.tournament_id;
                let levels: Vec<String> = LEVELS.iter().map(|l| format!("bot:{l}")).collect();
                entered_by(&mut t, &id, &org.key, &levels).await;
                made.push(id.clone());
                live.push(id);
            }
            // A random point of its play, then whoever drives it now.
            tokio::time::sleep(Duration::from_millis(100 + rng.below(1_500) as u64)).await;
            let lease: Vec<String> = live.iter().map(|id| format!("tournament/{id}")).collect();
            let row = pg
                .query_opt(
                    "SELECT owner FROM feed_cursors WHERE name = ANY($1) AND until_ms > $2 LIMIT 1",
                    &[&lease, &(now_ms() as i64)],
                )
                .await
                .expect("the leases");
            let Some(owner) = row.and_then(|r| r.get::<_, Option<String>>(0)) else {
                continue;
            };
            let Some(i) = replicas.iter().position(|r| r.replica == owner) else {
                continue;
            };
            replicas.remove(i).kill_9();
            killed += 1;
            replicas.push(Served::start(&args, None));
        }
        // Every tournament finishes, each checked against the feed.
        let mut t = TournamentServiceClient::new(channel(&replicas[0].addr));
        let mut client = replicas[0].client().await;
        let mut feed = client
            .watch_events(with_key(
                proto::WatchEventsRequest { after_sequence: 0 },
                Some(&ops.key),
                None,
            ))
            .await
            .expect("WatchEvents")
            .into_inner();
        let mut dones = Vec::new();
        for id in &made {
            let (done, _) = watched(&mut t, id).await;
            assert_eq!(
                done.status,
                proto::TournamentStatus::Finished as i32,
                "tournament {id} finished"
            );
            let numbers: Vec<u32> = done.rounds.iter().map(|r| r.number).collect();
            let expected: Vec<u32> = (1..=u32::try_from(numbers.len()).unwrap_or(0)).collect();
            assert_eq!(numbers, expected, "rounds numbered once each");
            games_finished(&mut client, &done).await;
            // No pairing repeated where it could be avoided: a Swiss of 4
            // in 3 rounds meets everyone once.
            if done.total_rounds == 3 {
                assert!(meetings(&done).values().all(|&n| n == 1), "{done:?}");
            }
            dones.push(done);
        }
        // The feed up to now: each round announced once, each game made
        // once and rated once.
        let mut paired: BTreeMap<(String, u32), usize> = BTreeMap::new();
        let mut created: BTreeMap<String, usize> = BTreeMap::new();
        let mut rated: BTreeMap<String, usize> = BTreeMap::new();
        while let Ok(Some(Ok(e))) = tokio::time::timeout(Duration::from_secs(2), feed.next()).await
        {
            match e.event {
                Some(E::TournamentRoundPaired(ref r)) => {
                    *paired
                        .entry((e.tournament_id.clone(), r.round))
                        .or_default() += 1;
                }
                Some(E::Created(_)) => *created.entry(e.game_id.clone()).or_default() += 1,
                Some(E::Finished(ref f)) => {
                    assert!(f.rated && !f.rating_changes.is_empty(), "{e:?} rated");
                    *rated.entry(e.game_id.clone()).or_default() += 1;
                }
                _ => {}
            }
        }
        let mut games = BTreeSet::new();
        for done in &dones {
            for r in &done.rounds {
                let key = (done.tournament_id.clone(), r.number);
                assert_eq!(paired.get(&key), Some(&1), "round {key:?} announced once");
                for table in &r.tables {
                    assert!(games.insert(table.game_id.clone()), "a game of its own");
                    assert_eq!(created.get(&table.game_id), Some(&1), "made once");
                    assert_eq!(rated.get(&table.game_id), Some(&1), "rated once");
                }
            }
        }
        assert_eq!(
            created.len(),
            games.len(),
            "no game outside the tournaments' tables"
        );
        // Each level's rating counts each of its games once.
        let mut played: BTreeMap<String, u64> = BTreeMap::new();
        for done in &dones {
            for table in done.rounds.iter().flat_map(|r| &r.tables) {
                for e in &table.entrants {
                    let player = done.entrants[*e as usize].player_ids[0].clone();
                    *played.entry(player).or_default() += 1;
                }
            }
        }
        let ids: Vec<String> = played.keys().cloned().collect();
        let ratings = client
            .get_ratings(with_key(
                proto::GetRatingsRequest {
                    game_type: GAME.into(),
                    player_ids: ids,
                },
                Some(&ops.key),
                None,
            ))
            .await
            .expect("GetRatings")
            .into_inner()
            .ratings;
        for r in &ratings {
            assert_eq!(
                r.games, played[&r.player_id],
                "{} rated once a game",
                r.player_id
            );
        }
        eprintln!(
            "{killed} drivers killed in {:.0?}: {} tournaments, {} games, every one finished and rated once",
            started.elapsed(),
            dones.len(),
            games.len()
        );
    }
    db.drop().await;
}

/// A tournament's start, each round paired and its end are feed events
/// (WatchEvents and webhooks), recorded once with the save that made them;
/// a private tournament's reach its creator and admins only, as a private
/// game's do.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tournament_events_reach_the_feed_of_those_who_may_see_them() {
    use crate::common::access::{key, keys_file, server_with_keys, with_key};
    use satrap_server::access::Role;
    let (org, ops, eve) = (
        key("org", Role::Creator),
        key("ops", Role::Admin),
        key("eve", Role::Creator),
    );
    let server = server_with_keys(keys_file("tournament-feed", &[&org, &ops, &eve])).await;
    let mut client = server.client().await;
    let feed = |k: String| {
        let mut c = client.clone();
        async move {
            c.watch_events(with_key(
                proto::WatchEventsRequest { after_sequence: 0 },
                Some(&k),
                None,
            ))
            .await
            .expect("WatchEvents")
            .into_inner()
        }
    };
    let (mut org_feed, mut ops_feed, mut eve_feed) = (
        feed(org.key.clone()).await,
        feed(ops.key.clone()).await,
        feed(eve.key.clone()).await,
    );
    let mut t = TournamentServiceClient::new(server.channel().await);
    let mut s = settings(proto::TournamentFormat::Swiss, 2, 2);
    s.private = true;
    let id = created_by(&mut t, s, &org.key).await.tournament_id;
    entered_by(&mut t, &id, &org.key, &vec!["bot:random".to_owned(); 2]).await;
    let want = ["started 2", "round 1", "round 2", "finished 1"];
    assert_eq!(story(&mut org_feed, &id).await, want, "its creator's feed");
    assert_eq!(story(&mut ops_feed, &id).await, want, "an admin's feed");
    // Another key's feed holds nothing of it (nor of its games).
    let _ = client.list_games(proto::ListGamesRequest::default()).await;
    let quiet = tokio::time::timeout(Duration::from_millis(800), async {
        while let Some(Ok(e)) = eve_feed.next().await {
            assert!(
                e.tournament_id != id && e.owner != "key:org",
                "another key saw {e:?}"
            );
        }
    })
    .await;
    assert!(quiet.is_err(), "eve's feed stayed open and quiet");
}

/// Tournament `id`'s events on `feed`, in order, up to its end.
async fn story(feed: &mut tonic::Streaming<proto::FeedEvent>, id: &str) -> Vec<String> {
    use proto::feed_event::Event as E;
    let mut seen = Vec::new();
    tokio::time::timeout(Duration::from_secs(120), async {
        while let Some(e) = feed.next().await {
            let e = e.expect("feed event");
            if e.tournament_id != id {
                continue;
            }
            assert!(e.game_id.is_empty(), "a tournament event names no game");
            match e.event {
                Some(E::TournamentStarted(s)) => seen.push(format!("started {}", s.entrants)),
                Some(E::TournamentRoundPaired(r)) => seen.push(format!("round {}", r.round)),
                Some(E::TournamentFinished(f)) => {
                    seen.push(format!("finished {}", f.winner_ids.len()));
                    return;
                }
                other => panic!("not a tournament event: {other:?}"),
            }
        }
    })
    .await
    .expect("the tournament's events in time");
    seen
}
