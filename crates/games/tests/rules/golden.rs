//! Golden playthroughs: complete games with a fixed seed and moves chosen
//! by a seeded generator, recorded after every action (seat, notation,
//! events and the board text). Every transcript under `tests/golden/`
//! (`<game>_<n>p_seed_<seed>.txt`) is played again and compared: a new
//! file is picked up without a line of code. Run with `SATRAP_BLESS=1` to
//! rewrite them after an intended change, and review the diff.

use std::fmt::Write as _;
use std::path::PathBuf;

use satrap_engine::GameRng;
use satrap_games::WireGame;

/// The transcript of one game.
fn transcript<G: WireGame>(players: usize, seed: u64) -> String {
    let mut state = G::new_game(&G::Options::default(), players, seed).expect("setup");
    // Moves: uniform over the legal actions, from a generator of its own.
    let mut chooser = GameRng::from_seed(seed ^ 0x0060_1DE0);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} golden playthrough: {players} players, seed {seed}",
        G::NAME
    );
    let _ = writeln!(
        out,
        "Moves: uniform random legal actions (GameRng seed {seed} ^ 0x601DE0)."
    );
    let _ = writeln!(out, "\n== setup ==");
    out.push_str(&G::render_text(&state, None));
    let mut n = 0;
    loop {
        let to_act = G::to_act(&state);
        let Some(&seat) = to_act.first() else { break };
        let legal = G::legal_actions(&state, seat);
        let action = legal[chooser.index(legal.len())].clone();
        let notation = G::format_action(&state, &action);
        let events = G::apply(&mut state, seat, &action).expect("listed action applies");
        n += 1;
        let _ = writeln!(
            out,
            "\n== {n}. seat {seat}: {notation}   ({} legal)",
            legal.len()
        );
        for e in &events {
            let _ = writeln!(out, "   - {e}");
        }
        out.push_str(&G::render_text(&state, None));
        assert!(n < 20_000, "the game does not end");
    }
    let outcome = G::outcome(&state).expect("finished");
    let _ = writeln!(out, "\n== result ==");
    let _ = writeln!(out, "ending: {}", outcome.ending);
    let _ = writeln!(
        out,
        "winners: {:?}{}",
        outcome.winners,
        if outcome.draw { " (draw)" } else { "" }
    );
    for r in &outcome.results {
        let _ = writeln!(out, "seat {}: rank {}, score {}", r.seat, r.rank, r.score);
    }
    let _ = writeln!(out, "{}", outcome.summary);
    out
}

/// Compare the game's transcript with `tests/golden/<id>_<n>p_seed_<seed>.txt`
/// (or rewrite the file under `SATRAP_BLESS=1`).
pub fn check<G: WireGame>(players: usize, seed: u64) {
    let path: PathBuf = [
        env!("CARGO_MANIFEST_DIR"),
        "tests",
        "golden",
        &format!("{}_{players}p_seed_{seed}.txt", G::ID),
    ]
    .iter()
    .collect();
    let got = transcript::<G>(players, seed);
    if std::env::var("SATRAP_BLESS").is_ok_and(|v| v == "1") {
        std::fs::create_dir_all(path.parent().expect("tests/golden")).expect("create tests/golden");
        std::fs::write(&path, &got).expect("write golden file");
        return;
    }
    let want = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (run with SATRAP_BLESS=1 to create it)",
            path.display()
        )
    });
    if got != want {
        let line = got
            .lines()
            .zip(want.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(got.lines().count().min(want.lines().count()));
        panic!(
            "{} differs from the engine's playthrough at line {}:\n  file:   {:?}\n  engine: {:?}\n(run with SATRAP_BLESS=1 to accept an intended change)",
            path.display(),
            line + 1,
            want.lines().nth(line),
            got.lines().nth(line)
        );
    }
}

/// A transcript's game, player count and seed, from its file name.
fn parse_name(name: &str) -> Option<(&str, usize, u64)> {
    let stem = name.strip_suffix(".txt")?;
    let (rest, seed) = stem.rsplit_once("_seed_")?;
    let (game, players) = rest.rsplit_once('_')?;
    let players = players.strip_suffix('p')?.parse().ok()?;
    Some((game, players, seed.parse().ok()?))
}

/// Every transcript in `tests/golden/`, replayed by its game's engine.
#[test]
fn every_golden_transcript_replays_exactly() {
    use satrap_engine::Game;
    use satrap_games::{
        alexandros::Alexandros, king_of_siam::KingOfSiam, ming_dynasty::MingDynasty,
        territories::Territories,
    };
    let dir: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests", "golden"]
        .iter()
        .collect();
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("tests/golden")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let mut games = std::collections::BTreeSet::new();
    for name in &names {
        let (game, players, seed) =
            parse_name(name).unwrap_or_else(|| panic!("{name}: not <game>_<n>p_seed_<seed>.txt"));
        if game == Alexandros::ID {
            check::<Alexandros>(players, seed);
        } else if game == KingOfSiam::ID {
            check::<KingOfSiam>(players, seed);
        } else if game == MingDynasty::ID {
            check::<MingDynasty>(players, seed);
        } else if game == Territories::ID {
            check::<Territories>(players, seed);
        } else {
            panic!("{name}: no game {game}");
        }
        games.insert(game.to_owned());
    }
    // Every game has a transcript for each of its player counts.
    assert_eq!(games.len(), 4, "{names:?}");
    assert_eq!(names.len(), 10, "{names:?}");
}

#[test]
fn transcript_names_read_back() {
    assert_eq!(
        parse_name("king_of_siam_3p_seed_2026.txt"),
        Some(("king_of_siam", 3, 2026))
    );
    assert_eq!(parse_name("notes.md"), None);
}
