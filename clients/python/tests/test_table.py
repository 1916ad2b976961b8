"""Chat and offers through the client against the real server: a message
reaches the history of those who read its channel, and a draw both seats
agree to ends the game as one."""

from __future__ import annotations

import pytest

import satrap
from satrap.v1 import service_pb2 as pb


def test_chat_reaches_its_channel_and_the_history(address):
    with satrap.Client(address) as c:
        g = c.create("king_of_siam", ["Ann", "Bob"], seed=3)
        ann, bob = (s.token for s in g.seats)
        sent = c.send_chat_message(g.game_id, "good luck", ann).message
        assert (sent.id, sent.name, sent.seat) == (1, "Ann", 0)
        c.send_chat_message(g.game_id, "seats only", bob, channel=pb.CHAT_CHANNEL_SEATS)
        c.send_chat_message(g.game_id, "from the rail")
        seen = [m.text for m in c.get_history(g.game_id).chat]
        assert seen == ["good luck", "from the rail"]
        seen = [m.text for m in c.get_history(g.game_id, ann).chat]
        assert seen == ["good luck", "seats only", "from the rail"]
        with pytest.raises(satrap.errors.PermissionDenied):
            c.send_chat_message(g.game_id, "psst", channel=pb.CHAT_CHANNEL_SEATS)


def test_a_draw_both_seats_agree_to_ends_the_game(address):
    with satrap.Client(address) as c:
        g = c.create("king_of_siam", ["Ann", "Bob"], seed=3)
        ann, bob = (s.token for s in g.seats)
        made = c.make_offer(g.game_id, ann, pb.OFFER_KIND_DRAW)
        assert made.offer.status == pb.OFFER_STATUS_PENDING
        assert list(made.offer.waiting) == [1]
        done = c.answer_offer(g.game_id, bob, made.offer.id, True)
        assert done.offer.status == pb.OFFER_STATUS_ACCEPTED
        final = c.get_game(g.game_id).snapshot
        assert final.status == satrap.FINISHED
        assert final.outcome.draw and final.outcome.agreed
        assert final.outcome.ending == "agreed_draw"
