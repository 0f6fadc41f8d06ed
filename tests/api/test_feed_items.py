"""What each append tells the accounts' feeds (:func:`service.live.feeds.feed_items`, pure): a
``your_turn`` with its ``action`` and ``deadline`` for every seat that must act after every public
change -- the first mover at the start included -- and nothing at all for a sealed submission."""

from __future__ import annotations

from typing import Any

from domain import match as m
from domain.game import Context
from domain.registry import game_named
from service.live.feeds import feed_items

SEATS = {"white": "ann", "red": "bob"}


class Match:
    """A match played command by command through the domain, one append per command, keeping what
    each append would write to the feeds."""

    def __init__(self, game: str, seats: dict[str, str], **create: Any):
        self.game = game_named(game)
        self.state = None
        self.items: list[tuple[str, Any]] = []
        self._append(m.decide_create("m", self.game, create.pop("options", {}), seats, now=0, seed=1,
                                     expires_at=86_400_000, **create))  # as the service creates them

    def send(self, account: str | None, command: Any, now: int = 1_000) -> list[tuple[str, Any]]:
        """``command`` by ``account`` (``None``: the server); the feed items its append writes."""
        ctx = Context(now=now, account=account, system=account is None)
        return self._append(m.decide(self.game, self.state, command, ctx))

    def _append(self, events: list[Any]) -> list[tuple[str, Any]]:
        previous = self.state
        for event in events:
            self.state = m.evolve(self.game, self.state, event)
        self.items = feed_items(self.game, previous, self.state)
        return self.items

    def told(self) -> list[tuple[str, str, str | None, str | None]]:
        """(account, item type, action, deadline key) of the last append's items."""
        return [(a, i.type, i.action, i.deadline and i.deadline.key) for a, i in self.items]


def test_the_first_mover_is_told_at_the_start_with_its_action_and_deadline():
    trax = Match("trax", SEATS)
    assert trax.told() == [("ann", "your_turn", "ready", "expire"), ("bob", "your_turn", "ready", "expire")]
    trax.send("ann", m.Ready())
    assert trax.told() == [("bob", "your_turn", "ready", "expire")]  # the match changed: still bob's to do
    trax.send("bob", m.Ready())
    assert trax.told() == [("ann", "match_started", None, "turn:0"), ("ann", "your_turn", "play", "turn:0"),
                           ("bob", "match_started", None, "turn:0")]
    assert all(item.version == trax.state.version for _, item in trax.items)


def test_no_clock_no_deadline_but_the_turn_still_comes():
    trax = Match("trax", SEATS, options={"time": {"type": "none"}})
    trax.send("ann", m.Ready())
    trax.send("bob", m.Ready())
    assert ("ann", "your_turn", "play", None) in trax.told()


def test_a_challenge_asks_to_accept_and_the_priority_player_to_choose_its_seat():
    trax = Match("trax", SEATS, created_by="ann", invited=["red"], priority="red")
    assert trax.told() == [("ann", "your_turn", "ready", "expire"), ("bob", "challenge", None, "expire"),
                           ("bob", "your_turn", "accept", "expire")]
    trax.send("bob", m.Accept())  # every change asks again whoever must act: ``ready`` twice is harmless
    assert trax.told() == [("ann", "your_turn", "ready", "expire"), ("bob", "your_turn", "ready", "expire")]
    trax.send("ann", m.Ready())
    trax.send("bob", m.Ready())  # the pregame: bob holds priority
    assert trax.told() == [("bob", "your_turn", "choose_seat", "pregame")]
    trax.send("bob", m.ChooseSeat(seat="white"))  # bob plays white now, and moves first
    assert sorted(trax.told()) == [("ann", "match_started", None, "turn:0"), ("bob", "match_started", None, "turn:0"),
                                   ("bob", "your_turn", "play", "turn:0")]


def test_a_sealed_submission_tells_nobody_anything_and_the_reveal_tells_everyone():
    duorail_game = game_named("duorail")
    duorail = Match("duorail", {"blue": "ann", "red": "bob"})
    duorail.send("ann", m.Ready())
    duorail.send("bob", m.Ready())
    move, submit = duorail_game.commands[0], duorail_game.commands[1]
    assert duorail.send("ann", move(move="pass")) and duorail.told() == [("bob", "your_turn", "play", "turn:1")]
    duorail.send("bob", move(move="pass"))  # both passed: the sealed endgame, both seats act
    assert [(a, t, action) for a, t, action, _ in duorail.told()] == [("ann", "your_turn", "play"),
                                                                       ("bob", "your_turn", "play")]
    assert duorail.send("ann", submit(track=None)) == []  # private: nothing, not even to ann
    duorail.send("bob", submit(track=None))  # the reveal ends the game
    assert [(a, t) for a, t, _, _ in duorail.told()] == [("ann", "match_ended"), ("bob", "match_ended")]


def test_a_timer_that_hands_the_turn_on_tells_the_seat_to_act():
    deepsea = Match("deepsea", {"empire": "ann", "marauder": "bob"}, pregame_ms=1_000,
                    options={"boards": ["lagoon", "straits", "archipelago"]})
    deepsea.send("ann", m.Ready())
    deepsea.send("bob", m.Ready())
    assert deepsea.told() == [("ann", "match_started", None, "pregame:boards"),
                              ("bob", "match_started", None, "pregame:boards")]  # nobody acts yet
    deepsea.send(None, m.Timeout(key="pregame:boards"), now=2_000)  # started at 1_000
    assert deepsea.told() == [("ann", "your_turn", "play", "select:1:0")]
