"""satrap's rules engines in-process: the service's games, action ids,
notation, observation tensors and legal-action masks, without a server.

    import numpy as np
    import satrap_engines as se

    game = se.Game("king_of_siam", players=3, seed=7)
    while not game.is_over():
        obs = game.observation(game.current_player())
        game.apply(int(np.flatnonzero(obs["action_mask"])[0]))
    print(game.outcome()["summary"])

`satrap_engines.openspiel` registers the games with OpenSpiel,
`satrap_engines.aec` and `satrap_engines.single` are the PettingZoo and
Gymnasium environments (the API of the server-backed ones of `satrap`).
"""

from __future__ import annotations

from typing import Any, Dict

from satrap_engines._core import (
    Game,
    IllegalActionError,
    InvalidActionError,
    SatrapEngineError,
    SetupError,
    StateError,
    UnknownGameError,
    games,
)

__all__ = [
    "Game", "games", "game_info", "SatrapEngineError", "UnknownGameError", "SetupError",
    "InvalidActionError", "IllegalActionError", "StateError",
]


def game_info(game: str) -> Dict[str, Any]:
    """The description of `game` (an entry of `games()`)."""
    for info in games():
        if info["id"] == game:
            return info
    raise UnknownGameError(f"no game {game!r}; the games are "
                           + ", ".join(g["id"] for g in games()))
