"""satrap: a client, a bot loop and learning environments for the satrap
game server (King of Siam, Alexandros, Ming Dynasty, Territories), with
rated play: matchmaking, ratings, the leaderboard and the games' feed.

    import satrap
    final = satrap.play("king_of_siam", address="127.0.0.1:50051")
    print(final.outcome.summary)
"""

from satrap import errors
from satrap.bot import Bot, RandomBot, play, submit
from satrap.client import (FINISHED, WAITING, Client, Seat, SeatHandle, mask_allows,
                           time_control, unpack_mask)
from satrap.errors import SatrapError
from satrap.feed import event_kind
from satrap.matchmaking import MatchedSeat
from satrap.tournaments import play_tournament

__all__ = ["Bot", "RandomBot", "play", "submit", "Client", "Seat", "SeatHandle", "FINISHED",
           "WAITING", "unpack_mask", "mask_allows", "time_control", "errors", "SatrapError",
           "MatchedSeat", "event_kind", "play_tournament", "env", "SingleAgentEnv"]
__version__ = "0.1.0"


def env(game: str = "king_of_siam", players=None, address: str = "127.0.0.1:50051", **kwargs):
    """The PettingZoo AEC environment of `game` (needs `pip install
    satrap[env]`): see satrap.aec.SatrapAEC."""
    from satrap.aec import env as _env

    return _env(game=game, players=players, address=address, **kwargs)


def __getattr__(name):
    if name == "SingleAgentEnv":
        from satrap.single import SingleAgentEnv

        return SingleAgentEnv
    raise AttributeError(name)
