"""The games as OpenSpiel Python games. Importing this module registers
`satrap_king_of_siam`, `satrap_alexandros`, `satrap_ming_dynasty` and
`satrap_territories` with pyspiel:

    import pyspiel
    import satrap_engines.openspiel  # noqa: F401
    game = pyspiel.load_game("satrap_ming_dynasty", {"players": 3})

Parameters: `players` (default: the fewest) and `num_seeds` (default
1024). The engines draw everything random (deals, draws) from one seed,
so a game is an explicit chance node at the start that picks one of
`num_seeds` seeds, followed by the players' moves: deterministic given that
pick, so OpenSpiel's history serialisation replays it exactly.

Play is sequential: when several seats must act at once (secret choices)
the lowest one moves first, and the others never see its choice (their
observations come from their own views). Player actions are the service's
fixed action ids; observations are the service's tensors (no information
state: the engines' observations are not perfect-recall).
"""

from __future__ import annotations

import numpy as np
import pyspiel

from satrap_engines import Game, games

_DEFAULT_SEEDS = 1024
# OpenSpiel needs a bound on a game's length. Random play ends far
# sooner (the longest of 30 random games per case: 352 actions in
# Alexandros, 117 in King of Siam, 416 in Ming Dynasty, 1,575 of 10 in
# Territories); the engines have no proven bound of their own, so this is
# a generous margin, and random_sim_test fails if a game ever exceeds it.
_MAX_GAME_LENGTH = 20_000


def _game_type(info) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=f"satrap_{info['id']}",
        long_name=f"satrap {info['name']}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(pyspiel.GameType.Information.PERFECT_INFORMATION
                     if info["perfect_information"]
                     else pyspiel.GameType.Information.IMPERFECT_INFORMATION),
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info["max_players"],
        min_num_players=info["min_players"],
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": info["min_players"],
                                 "num_seeds": _DEFAULT_SEEDS},
        default_loadable=True,
        provides_factored_observation_string=False,
    )


class SatrapGame(pyspiel.Game):
    """One satrap game type with its parameters; `_register` makes a
    subclass per game (its `INFO` and `GAME_TYPE`), the class pyspiel
    calls with the parameters."""

    INFO: dict = {}
    GAME_TYPE: pyspiel.GameType = None

    def __init__(self, params=None):
        info, game_type = self.INFO, self.GAME_TYPE
        params = params or {}
        players = int(params.get("players", info["min_players"]))
        if players not in info["spaces"]:
            raise ValueError(f"{info['id']} is for {info['min_players']}-"
                             f"{info['max_players']} players, not {players}")
        self.num_seeds = int(params.get("num_seeds", _DEFAULT_SEEDS))
        if self.num_seeds < 1:
            raise ValueError(f"num_seeds must be at least 1, not {self.num_seeds}")
        self.game_id = info["id"]
        self.players = players
        actions, self.observation_size = info["spaces"][players]
        game_info = pyspiel.GameInfo(
            num_distinct_actions=actions,
            max_chance_outcomes=self.num_seeds,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            max_game_length=_MAX_GAME_LENGTH,
        )
        super().__init__(game_type, game_info,
                         {"players": players, "num_seeds": self.num_seeds})

    def new_initial_state(self):
        return SatrapState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            raise ValueError("the satrap games provide observations, not perfect-recall "
                             "information states")
        return SatrapObserver(self.observation_size)


class SatrapState(pyspiel.State):
    """Before the first move: the chance node that picks the seed; then the
    engine's game (`engine`, a `satrap_engines.Game`)."""

    def __init__(self, game: SatrapGame):
        super().__init__(game)
        self._spec = game
        self.engine = None

    def current_player(self):
        if self.engine is None:
            return pyspiel.PlayerId.CHANCE
        current = self.engine.current_player()
        return pyspiel.PlayerId.TERMINAL if current is None else current

    def _legal_actions(self, player):
        return self.engine.legal_action_ids(player)

    def chance_outcomes(self):
        p = 1.0 / self._spec.num_seeds
        return [(seed, p) for seed in range(self._spec.num_seeds)]

    def _apply_action(self, action):
        if self.engine is None:
            self.engine = Game(self._spec.game_id, self._spec.players, int(action))
        else:
            self.engine.apply(int(action), self.engine.current_player())

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        if self.engine is not None and player == self.engine.current_player():
            for id_, notation in self.engine.legal_actions(player):
                if id_ == action:
                    return notation
        return f"action {action}"

    def is_terminal(self):
        return self.engine is not None and self.engine.is_over()

    def returns(self):
        if self.engine is None:
            return [0.0] * self._spec.players
        return self.engine.returns()

    def __str__(self):
        if self.engine is None:
            return "chance: the seed is not drawn yet"
        return f"version {self.engine.version}\n{self.engine.text(None)}"


class SatrapObserver:
    """The service's observation tensor of a player (all zero before the
    seed is drawn) and the board text as that player sees it."""

    def __init__(self, size: int):
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SatrapState, player: int):
        if state.engine is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = state.engine.observation(player)["observation"]

    def string_from(self, state: SatrapState, player: int):
        if state.engine is None:
            return f"seat {player}: the seed is not drawn yet"
        return state.engine.text(player)


def _register() -> None:
    registered = set(pyspiel.registered_names())
    for info in games():
        game_type = _game_type(info)
        if game_type.short_name in registered:
            continue
        name = "".join(w.title() for w in info["id"].split("_")) + "Game"
        cls = type(name, (SatrapGame,), {"INFO": info, "GAME_TYPE": game_type,
                                         "__module__": __name__})
        globals()[name] = cls
        pyspiel.register_game(game_type, cls)


_register()
