//! `satrap arena`: a small run is reproducible from its master seed, rotates
//! the seats, and its history replays to the recorded results.

use satrap::arena::{self, ArenaArgs};
use satrap_catalog::{self as games, ActionInput};

fn args(game: &str, bots: &[&str], games: usize, threads: usize) -> ArenaArgs {
    ArenaArgs {
        game: game.to_owned(),
        bots: bots.iter().map(|b| (*b).to_owned()).collect(),
        games,
        seed: 1,
        threads: Some(threads),
        time_cap_ms: 0,
        history: None,
        max_moves: 50_000,
    }
}

#[test]
fn a_small_arena_is_reproducible_and_its_history_replays() {
    let dir = std::env::temp_dir().join(format!("satrap-arena-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut a = args("ming_dynasty", &["mcts-easy", "random", "random"], 3, 2);
    a.history = Some(dir.join("games.jsonl"));
    let (report, _) = arena::run(&a).expect("arena runs");
    assert_eq!(report.games, 3);
    assert_eq!(report.entries.len(), 3);
    // One deal, three seatings: every entry played every seat once.
    for entry in 0..3 {
        let mut seats: Vec<usize> = report
            .records
            .iter()
            .map(|r| r.seating.iter().position(|&e| e == entry).expect("seated"))
            .collect();
        seats.sort_unstable();
        assert_eq!(seats, vec![0, 1, 2]);
        assert_eq!(report.entries[entry].games, 3);
    }
    let total_wins: usize = report.entries.iter().map(|e| e.wins).sum();
    let record_wins: usize = report.records.iter().map(|r| r.winners.len()).sum();
    assert_eq!(total_wins, record_wins);

    // The same master seed on one thread gives the same games.
    let (again, _) = arena::run(&args(
        "ming_dynasty",
        &["mcts-easy", "random", "random"],
        3,
        1,
    ))
    .expect("arena runs");
    for (x, y) in report.records.iter().zip(&again.records) {
        assert_eq!(x.moves, y.moves);
        assert_eq!(x.winners, y.winners);
    }

    // Every line of the history replays to its recorded result.
    let text = std::fs::read_to_string(dir.join("games.jsonl")).expect("history written");
    let kind = games::find("ming_dynasty").expect("registered");
    assert_eq!(text.lines().count(), 3);
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("json");
        let seed = v["seed"].as_u64().expect("seed");
        let mut game = kind.create(None, 3, seed).expect("create");
        for m in v["moves"].as_array().expect("moves") {
            let seat = m[0].as_u64().expect("seat") as usize;
            let notation = m[1].as_str().expect("notation");
            game.apply(seat, ActionInput::Notation(notation))
                .expect("recorded move replays");
        }
        let winners: Vec<u64> = v["winners"]
            .as_array()
            .expect("winners")
            .iter()
            .filter_map(|w| w.as_u64())
            .collect();
        let outcome = game.outcome().expect("finished");
        let replayed: Vec<u64> = outcome.winners.iter().map(|w| u64::from(*w)).collect();
        assert_eq!(winners, replayed);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn arena_refuses_what_it_cannot_play() {
    let err = |a: ArenaArgs| arena::run(&a).expect_err("refused").to_string();
    assert!(err(args("chess", &["random", "random"], 2, 1)).contains("unknown game"));
    assert!(err(args("territories", &["random", "nobody"], 2, 1)).contains("unknown bot"));
    assert!(err(args("territories", &["montecarlo", "random"], 2, 1)).contains("hidden"));
    assert!(err(args("territories", &["random"; 3], 3, 1)).contains("players"));
}
