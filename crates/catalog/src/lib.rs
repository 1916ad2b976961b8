//! The games satrap hosts, as the service and the bots see them: every
//! [`WireGame`] behind the object-safe [`GameInstance`] ([`Instance`]), and
//! the [`registry`], the one list that names every game.
//!
//! The service never names a game: adding one means its folder in
//! `satrap-games`, one line in [`registry`], and its messages in the proto
//! oneofs (ARCHITECTURE.md, "Adding a game"). The games' own modules are
//! re-exported here, so a user of the catalog needs no other crate to reach
//! a game's typed rules.

mod instance;
mod registry;

pub use instance::{ActionInput, ApplyError, GameInstance, Instance};
pub use registry::{CreateError, GameKind, find, registry};
pub use satrap_games::{WireError, WireGame, alexandros, king_of_siam, ming_dynasty, territories};

#[cfg(test)]
mod tests {
    use satrap_engine::GameRng;
    use satrap_search::{Budget, MctsBot};

    /// Whether `a` and `b` come apart within 40 moves when both seats
    /// always take their first legal action: some seat observes something
    /// different, now or after a draw hidden until then.
    fn diverges(a: &dyn super::GameInstance, b: &dyn super::GameInstance) -> bool {
        let (mut a, mut b) = (a.clone_box(), b.clone_box());
        for _ in 0..40 {
            let seen = |g: &dyn super::GameInstance| {
                (0..g.players())
                    .map(|s| g.observation(Some(s)))
                    .collect::<Vec<_>>()
            };
            if seen(a.as_ref()) != seen(b.as_ref()) || a.to_act() != b.to_act() {
                return true;
            }
            let Some(&mover) = a.to_act().first() else {
                return false;
            };
            a.apply_legal(mover, 0).expect("legal");
            b.apply_legal(mover, 0).expect("legal");
        }
        false
    }

    /// A resampled world keeps everything its seat sees: the seat's legal
    /// actions, and its observation (tensor and mask) unless others' secret
    /// commitments were taken back, are those of the real game at every step of a random game, while hidden information
    /// does get dealt anew (the world plays out differently somewhere) in
    /// every game that has any.
    #[test]
    fn determinize_keeps_the_seats_view_and_redeals_the_rest() {
        for kind in super::registry() {
            for players in kind.min_players..=kind.max_players {
                let mut game = kind.create(None, players, 7).expect("create");
                let mut rng = GameRng::from_seed(11);
                let mut redealt = false;
                for _ in 0..400 {
                    let Some(&mover) = game.to_act().first() else {
                        break;
                    };
                    for seat in 0..players {
                        let world = game.determinize(seat, &mut rng);
                        assert_eq!(world.version(), game.version());
                        assert_eq!(world.legal_actions(seat), game.legal_actions(seat));
                        // A world may take back other seats' secret commitments
                        // (Ming Dynasty, MD-55), who then act again there;
                        // otherwise the seat sees exactly what it saw.
                        if world.to_act() == game.to_act() {
                            let real = game.observation(Some(seat));
                            let seen = world.observation(Some(seat));
                            assert_eq!(real, seen, "{} {players}p seat {seat}", kind.id);
                        }
                        assert!(world.last_action_id().is_none());
                        redealt = redealt || diverges(game.as_ref(), world.as_ref());
                    }
                    let count = game.legal_count(mover);
                    game.apply_legal(mover, rng.index(count)).expect("legal");
                }
                assert!(
                    redealt || kind.perfect_information,
                    "{} {players}p: hidden information is never redealt",
                    kind.id
                );
            }
        }
    }

    fn budget(bot: &MctsBot, game: &str, players: usize) -> Budget {
        let kind = super::find(game).expect("hosted game");
        let instance = kind.create(None, players, 1).expect("create");
        bot.budget_for(instance.position())
    }

    /// Each game's declared tuning reaches the levels (see each game's
    /// `Game::search_tuning`).
    #[test]
    fn levels_explore_more_in_king_of_siam_and_cut_playouts_where_a_game_estimates() {
        let mcts = MctsBot::level("mcts", 1.0);
        assert_eq!(budget(&mcts, "king_of_siam", 2).exploration, 5.0);
        assert_eq!(budget(&mcts, "king_of_siam", 4).horizon, 1);
        let three = budget(&mcts, "king_of_siam", 3);
        assert_eq!((three.exploration, three.horizon), (3.0, 0));
        assert_eq!(budget(&mcts, "king_of_siam", 3).iterations, 600);
        for game in ["alexandros", "ming_dynasty", "territories"] {
            assert_eq!(
                budget(&mcts, game, 2).exploration,
                MctsBot::EXPLORATION,
                "{game}"
            );
        }
        for game in ["alexandros", "ming_dynasty"] {
            assert_eq!(budget(&mcts, game, 2).horizon, 0, "{game}");
        }
        assert_eq!(budget(&mcts, "alexandros", 2).iterations, 250);
        assert_eq!(budget(&mcts, "alexandros", 4).iterations, 200);
        assert_eq!(budget(&mcts, "ming_dynasty", 2).iterations, 1_200);
        assert_eq!(budget(&mcts, "ming_dynasty", 3).iterations, 800);
        let territories = budget(&mcts, "territories", 2);
        assert_eq!((territories.iterations, territories.horizon), (300, 4));
        // mcts-hard: 4x the default level, 6x in 2-player King of Siam.
        let hard = MctsBot::level("mcts-hard", 4.0);
        assert_eq!(budget(&hard, "king_of_siam", 2).iterations, 9_000);
        // The work caps reach every level where a game sets one, and only
        // there (docs/bots.md, "mcts-hard within 200 ms").
        assert_eq!(budget(&hard, "king_of_siam", 2).max_moves, 290_000);
        for players in 2..=4 {
            assert_eq!(budget(&mcts, "ming_dynasty", players).max_moves, 430_000);
        }
        for (game, players) in [("alexandros", 2), ("territories", 2), ("king_of_siam", 3)] {
            assert_eq!(
                budget(&hard, game, players).max_moves,
                0,
                "{game} {players}p"
            );
        }
        assert_eq!(budget(&hard, "king_of_siam", 4).iterations, 4_000);
        assert_eq!(budget(&hard, "territories", 2).iterations, 1_200);
        // No level uses progressive bias: it did not help where it was
        // measured (docs/bots.md, "Progressive bias").
        for (game, players) in [("king_of_siam", 2), ("king_of_siam", 4), ("territories", 2)] {
            assert_eq!(budget(&hard, game, players).bias, 0.0, "{game} {players}p");
        }
        let easy = MctsBot::level("mcts-easy", 0.2);
        assert_eq!(budget(&easy, "king_of_siam", 2).iterations, 300);
        // A bot with an explicit budget keeps it everywhere.
        let fixed = MctsBot::with_iterations("fixed", 40);
        let b = budget(&fixed, "king_of_siam", 2);
        assert_eq!(
            (b.iterations, b.exploration, b.horizon, b.bias),
            (40, MctsBot::EXPLORATION, 0, 0.0)
        );
    }
}
