//! The list of hosted games. The only place that names every game.

use crate::{GameInstance, Instance};
use satrap_engine::{SetupError, tensor};
use satrap_games::{
    WireError, WireGame, alexandros::Alexandros, king_of_siam::KingOfSiam,
    ming_dynasty::MingDynasty, territories::Territories,
};
use satrap_proto as proto;

/// Why a game could not be created.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CreateError {
    #[error(transparent)]
    Wire(#[from] WireError),
    #[error(transparent)]
    Setup(#[from] SetupError),
}

/// Constructor of a game instance from wire options, player count and seed.
type CreateFn =
    fn(Option<&proto::GameOptions>, usize, u64) -> Result<Box<dyn GameInstance>, CreateError>;

/// One hosted game type: its public description and its constructor.
pub struct GameKind {
    pub id: &'static str,
    pub name: &'static str,
    pub min_players: usize,
    pub max_players: usize,
    pub description: &'static str,
    pub rules: &'static str,
    /// No seat ever has hidden information (see `Game::PERFECT_INFORMATION`).
    pub perfect_information: bool,
    create: CreateFn,
    /// `(num_distinct_actions, observation length)` for a player count.
    spaces: fn(usize) -> (usize, usize),
}

impl GameKind {
    const fn of<G: WireGame>() -> Self {
        Self {
            id: G::ID,
            name: G::NAME,
            min_players: G::MIN_PLAYERS,
            max_players: G::MAX_PLAYERS,
            description: G::DESCRIPTION,
            rules: G::RULES,
            perfect_information: G::PERFECT_INFORMATION,
            create: create::<G>,
            spaces: spaces::<G>,
        }
    }

    /// Set up a new game of this kind.
    pub fn create(
        &self,
        options: Option<&proto::GameOptions>,
        players: usize,
        seed: u64,
    ) -> Result<Box<dyn GameInstance>, CreateError> {
        (self.create)(options, players, seed)
    }

    /// The wire description of this kind.
    pub fn to_proto(&self) -> proto::GameType {
        let bots = satrap_search::names_for(self.perfect_information);
        proto::GameType {
            id: self.id.to_owned(),
            name: self.name.to_owned(),
            min_players: self.min_players as u32,
            max_players: self.max_players as u32,
            description: self.description.to_owned(),
            rules: self.rules.to_owned(),
            bots: bots.iter().map(|b| (*b).to_owned()).collect(),
            action_spaces: (self.min_players..=self.max_players)
                .map(|players| {
                    let (actions, observation) = (self.spaces)(players);
                    proto::ActionSpace {
                        players: players as u32,
                        num_distinct_actions: actions as u32,
                        observation_shape: vec![observation as u32],
                    }
                })
                .collect(),
        }
    }
}

fn create<G: WireGame>(
    options: Option<&proto::GameOptions>,
    players: usize,
    seed: u64,
) -> Result<Box<dyn GameInstance>, CreateError> {
    let options = G::options_from_proto(options)?;
    Ok(Box::new(Instance::<G>::new(options, players, seed)?))
}

/// The fixed sizes of `G` for `players`. The observation length is measured
/// on a new game (every state has the same; `crates/games/tests/rules/kit_tensors.rs`).
fn spaces<G: WireGame>(players: usize) -> (usize, usize) {
    let observation = G::new_game(&G::Options::default(), players, 0)
        .map(|state| tensor::observation::<G>(&state, None, players).len())
        .unwrap_or(0);
    (G::action_space(players).len(), observation)
}

static REGISTRY: &[GameKind] = &[
    GameKind::of::<Alexandros>(),
    GameKind::of::<KingOfSiam>(),
    GameKind::of::<MingDynasty>(),
    GameKind::of::<Territories>(),
];

/// Every hosted game, sorted by id.
pub fn registry() -> &'static [GameKind] {
    REGISTRY
}

/// The game kind with this id.
pub fn find(id: &str) -> Option<&'static GameKind> {
    REGISTRY.iter().find(|k| k.id == id)
}
