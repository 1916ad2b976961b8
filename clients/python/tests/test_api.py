"""Every GameService and AdminService call through its method, the API key
option, and the typed errors (code and rule id), against real servers."""

from __future__ import annotations

import grpc
import pytest

import satrap
from satrap import errors
from satrap.v1 import service_pb2 as pb


def test_rule_id_is_read_from_the_message():
    assert errors.rule_id_of("KS-4: only the seat to act may play") == "KS-4"
    assert errors.rule_id_of("AX-12a: no") == "AX-12a"
    assert errors.rule_id_of("ABORTED: the game was aborted") is None
    assert errors.rule_id_of("game 1 is at version 3") is None


def test_a_forbidden_move_raises_failed_precondition_with_its_rule(address):
    with satrap.Client(address) as c:
        created = c.create_game("king_of_siam", ["a", "b"], seed=1)
        snap = created.snapshot
        idle = next(s for s in created.seats if s.seat not in snap.to_act)
        legal = c.list_legal_actions(created.game_id, created.seats[snap.to_act[0]].token)
        with pytest.raises(errors.FailedPrecondition) as e:
            c.apply_action(created.game_id, idle.token, notation=legal.actions[0].notation)
        assert e.value.code() == grpc.StatusCode.FAILED_PRECONDITION
        assert e.value.rule_id and e.value.rule_id.startswith("KS-"), e.value.details()
        assert isinstance(e.value, grpc.RpcError)


def test_a_stale_version_raises_aborted_and_unknown_games_not_found(address):
    with satrap.Client(address) as c:
        created = c.create_game("territories", ["a", "b"], seed=3)
        seat = created.snapshot.to_act[0]
        token = created.seats[seat].token
        listed = c.list_legal_actions(created.game_id, token)
        c.apply_action(created.game_id, token, action_id=listed.actions[0].action_id,
                       expected_version=listed.version)
        with pytest.raises(errors.Aborted):
            c.apply_action(created.game_id, token, action_id=listed.actions[0].action_id,
                           expected_version=listed.version)
        with pytest.raises(errors.NotFound):
            c.get_game("x" * 500)
        with pytest.raises(errors.InvalidArgument) as e:
            c.create_game("chess" * 100, ["a", "b"])
        assert len(str(e.value)) < 1200


def test_lobby_calls_join_leave_list_and_history(address):
    with satrap.Client(address) as c:
        created = c.create_game("king_of_siam", [satrap.Seat.open_seat()] * 2, seed=4,
                                time_control=satrap.time_control(per_move_ms=60_000),
                                on_timeout=pb.TIMEOUT_POLICY_FORFEIT)
        gid = created.game_id
        assert created.snapshot.status == satrap.WAITING
        listed = c.list_games(open_seats=True, game_type="king_of_siam")
        assert gid in [g.game_id for g in listed.games]
        ann = c.join_game(gid, "ann", seat=0)
        c.leave_game(gid, ann.seat.token)
        ann = c.join_game(gid, "ann", seat=0)
        bob = c.take_seat(gid, "bob")
        assert bob.seat == 1
        start = bob.wait_for_start(timeout=10)
        assert start.status == pb.GAME_STATUS_IN_PROGRESS
        assert start.clocks.seats, "a clocked game carries its clocks"
        old = ann.seat.token
        handle = c.seat(gid, old)
        new = handle.rotate_token()
        assert new != old
        with pytest.raises(errors.Unauthenticated):
            c.get_game(gid, old).snapshot.viewer
        resigned = handle.resign()
        assert resigned.snapshot.game_id == gid
        final = satrap.RandomBot(1).play(bob)
        assert final.status == satrap.FINISHED
        history = c.get_history(gid)
        assert history.game_type == "king_of_siam" and history.entries
        assert history.HasField("seed") and history.seed == 4


def test_api_keys_and_admin_calls(keyed):
    addr, admin, creator = keyed
    with satrap.Client(addr) as anonymous:
        with pytest.raises(errors.Unauthenticated):
            anonymous.create_game("king_of_siam", ["a", "b"])
    with satrap.Client(addr, api_key=creator) as c, satrap.Client(addr, api_key=admin) as ops:
        created = c.create_game("king_of_siam", ["a", "b"], private=True, seed=5)
        gid = created.game_id
        assert created.spectator_token
        with pytest.raises(errors.PermissionDenied):
            c.abort_game(gid)
        with pytest.raises(errors.NotFound):  # private: hidden without a token
            c.get_game(gid)
        assert c.get_game(gid, created.spectator_token).snapshot.private
        reissued = ops.reissue_seat_token(gid, 1)
        assert reissued.credential.token and reissued.credential.token != created.seats[1].token
        with pytest.raises(errors.NotFound):  # a private game's old token: not found
            c.list_legal_actions(gid, created.seats[1].token)
        aborted = ops.abort_game(gid)
        assert aborted.snapshot.status == satrap.FINISHED
        assert aborted.snapshot.outcome.ending == "aborted"
        ops.delete_game(gid)
        with pytest.raises(errors.NotFound):
            ops.get_game(gid)


def test_server_info_says_who_may_create(address, keyed):
    with satrap.Client(address) as c:
        info = c.server_info()
        assert info.create == pb.CREATE_POLICY_ANYONE
        assert not info.rated_play and not info.guests
        assert info.limits.max_message_bytes > 0
    addr, _, _ = keyed
    with satrap.Client(addr) as anonymous:  # no key needed to ask
        info = anonymous.server_info()
        assert info.create == pb.CREATE_POLICY_KEYS_ONLY
        assert info.rated_play and not info.guests
