"""The client and the Bot loop against the real server."""

from __future__ import annotations

import threading

import pytest

import satrap
from satrap.v1 import service_pb2 as pb


def test_the_readme_example_plays_a_game(address):
    final = satrap.play("king_of_siam", address=address, seed=5)
    assert final.status == satrap.FINISHED
    assert final.outcome.summary


class FirstBot(satrap.Bot):
    """Always the first legal action, returned by notation."""

    def choose(self, snapshot, legal):
        return legal[0].notation


@pytest.mark.parametrize("game", ["alexandros", "king_of_siam", "ming_dynasty", "territories"])
def test_bots_play_every_seat_to_the_end_on_their_own_threads(address, game):
    with satrap.Client(address) as c:
        created = c.create(game, ["a", "b"], seed=9)
        seats = [c.join(created.game_id, s.token) for s in created.seats]
        results = [None, None]

        def run(i):
            bot = satrap.RandomBot(i) if i else FirstBot()
            results[i] = bot.play(seats[i])

        threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=300)
        assert all(r is not None and r.status == satrap.FINISHED for r in results)
        assert results[0].version == results[1].version


def test_watch_resumes_after_a_cut_stream(address):
    """The seats are played here, slowly, while a watcher's stream is cut by
    a 40 ms deadline again and again: it resumes at last seen + 1, so every
    version arrives once, in order."""
    import time

    with satrap.Client(address) as c:
        created = c.create("king_of_siam", ["a", "b"], seed=2)
        gid = created.game_id
        versions = []
        watcher = threading.Thread(
            target=lambda: versions.extend(u.version for u in c.watch(gid, stream_timeout=0.04)))
        watcher.start()
        while True:
            snap = c.get(gid).snapshot
            if snap.status == satrap.FINISHED:
                break
            token = created.seats[snap.to_act[0]].token
            listed = c.legal(gid, token)
            c.apply(gid, token, action_id=listed.actions[0].action_id,
                    expected_version=listed.version)
            time.sleep(0.015)
        watcher.join(timeout=60)
        assert len(versions) > 10
        assert versions == list(range(len(versions)))


def test_join_with_a_bad_token_fails(address):
    import grpc

    with satrap.Client(address) as c:
        created = c.create("king_of_siam", ["a", "b"])
        with pytest.raises(grpc.RpcError) as e:
            c.join(created.game_id, "0" * 64)
        assert e.value.code() == grpc.StatusCode.UNAUTHENTICATED


def test_apply_takes_exactly_one_form(address):
    with satrap.Client(address) as c:
        created = c.create("king_of_siam", ["a", "b"], seed=1)
        with pytest.raises(ValueError):
            c.apply(created.game_id, created.seats[0].token, action_id=0, notation="PASS")
        types = {t.id: t for t in c.game_types()}
        assert all(isinstance(s, pb.ActionSpace) for s in types["territories"].action_spaces)
