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
    use satrap_search::{Budget, MctsBot};

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
        assert_eq!(budget(&mcts, "king_of_siam", 3).iterations, 150);
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
        // mcts-hard: 4x the default level, 8x in 2-player King of Siam.
        let hard = MctsBot::level("mcts-hard", 4.0);
        assert_eq!(budget(&hard, "king_of_siam", 2).iterations, 12_000);
        assert_eq!(budget(&hard, "king_of_siam", 4).iterations, 4_000);
        assert_eq!(budget(&hard, "territories", 2).iterations, 1_200);
        let easy = MctsBot::level("mcts-easy", 0.2);
        assert_eq!(budget(&easy, "king_of_siam", 2).iterations, 300);
        // A bot with an explicit budget keeps it everywhere.
        let fixed = MctsBot::with_iterations("fixed", 40);
        let b = budget(&fixed, "king_of_siam", 2);
        assert_eq!(
            (b.iterations, b.exploration, b.horizon),
            (40, MctsBot::EXPLORATION, 0)
        );
    }
}
