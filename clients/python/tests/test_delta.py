"""Updates as deltas: `Client.follow` rebuilds every version from the
first whole snapshot and the deltas; each must equal the full snapshot of
the same version (UPDATE_MODE_FULL), for every seat and a spectator, and
after a resume mid-game."""

import satrap
from satrap.v1 import service_pb2 as pb


def _play(c, game, players, seed):
    created = c.create(game, [f"p{i}" for i in range(players)], seed=seed)
    gid = created.game_id
    while True:
        snap = c.get(gid).snapshot
        if snap.status == satrap.FINISHED:
            return created, snap.version
        token = created.seats[snap.to_act[0]].token
        listed = c.legal(gid, token)
        pick = listed.actions[(seed * 7 + snap.version) % len(listed.actions)]
        c.apply(gid, token, action_id=pick.action_id, expected_version=listed.version)


def test_follow_rebuilds_every_version(address, game_counts):
    with satrap.Client(address) as c:
        for game, players in game_counts:
            created, last = _play(c, game, players, seed=3)
            gid = created.game_id
            for token in [s.token for s in created.seats] + [None]:
                full = {u.version: u.snapshot for u in c.watch(gid, token)}
                assert sorted(full) == list(range(last + 1))
                rebuilt = {u.version: s for u, s in c.follow(gid, token, text=True)}
                assert rebuilt == full, (game, players, token)
                mid = last // 2
                resumed = list(c.follow(gid, token, from_version=mid))
                assert resumed[0][0].HasField("snapshot")
                for update, snap in resumed:
                    expected = pb.GameSnapshot()
                    expected.CopyFrom(full[update.version])
                    expected.text = ""
                    assert snap == expected, (game, players, token, update.version)
