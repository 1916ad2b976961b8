//! Built-in bots: legal play for every seat, and the search bot is stronger
//! than random play.

use satrap::bots::{self, Bot, MonteCarloBot, RandomBot};
use satrap::engine::GameRng;
use satrap::games::{self, GameInstance};

/// Play one game where `bots[seat]` chooses for each seat; returns the winners.
fn play(game: &str, bots_by_seat: &[&dyn Bot], seed: u64) -> Vec<u32> {
    let kind = games::find(game).expect("game registered");
    let mut inst: Box<dyn GameInstance> =
        kind.create(None, bots_by_seat.len(), seed).expect("create");
    let mut rng = GameRng::from_seed(seed.wrapping_mul(31) + 7);
    for _ in 0..10_000 {
        let to_act = inst.to_act();
        let Some(&seat) = to_act.first() else { break };
        let choice = bots_by_seat[seat]
            .choose(inst.as_ref(), seat, &mut rng, bots::deadline())
            .expect("a legal action exists");
        inst.apply_legal(seat, choice)
            .expect("bots choose legal actions");
    }
    inst.outcome().expect("game over").winners
}

#[test]
fn random_bot_finishes_games_for_every_player_count() {
    for players in 2..=4 {
        let seats: Vec<&dyn Bot> = vec![&RandomBot; players];
        for seed in 0..5 {
            play("king_of_siam", &seats, seed);
        }
    }
}

#[test]
fn montecarlo_beats_random_in_two_player_king_of_siam() {
    let mc = MonteCarloBot {
        playouts: 120,
        max_actions: 5_000,
    };
    let games = 16;
    let mut wins = 0;
    for seed in 0..games {
        // Alternate seats so the start position does not favour the bot.
        let seat = (seed % 2) as usize;
        let mut seats: Vec<&dyn Bot> = vec![&RandomBot, &RandomBot];
        seats[seat] = &mc;
        if play("king_of_siam", &seats, seed).contains(&(seat as u32)) {
            wins += 1;
        }
    }
    // Random play wins about half of these; the search must do clearly better.
    assert!(
        wins * 4 >= games * 3,
        "montecarlo won only {wins} of {games}"
    );
}

#[test]
fn bot_lists_follow_perfect_information() {
    assert_eq!(bots::names_for(true), vec!["random", "montecarlo"]);
    assert_eq!(
        bots::names_for(false),
        vec!["random"],
        "no search bot where it would see hidden cards"
    );
    let ks = games::find("king_of_siam").expect("registered");
    assert!(ks.perfect_information);
    assert_eq!(ks.to_proto().bots, vec!["random", "montecarlo"]);
}
