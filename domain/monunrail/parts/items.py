"""Multicolor's items (each player holds one of each unless the options say otherwise):

- ``first_turn``: before the first move, the player about to make it looks at the board for up to
  a minute, then chooses to go first or second (``monunrail_choose_order``; when the minute is up
  without a choice, the holder goes first);
- ``undo``: on your turn, rewind your own last move and the opponent's reply since -- the game
  returns to exactly where it stood before your move (board, supply, phase) and you move again;
  refused before you have moved and after Impossible; the clocks are not given back (your running
  turn goes on);
- ``time_rush``: the opponent's next turn has 1 minute instead of 2 before its overflow starts (the
  overflow then runs as usual: Time Rush alone never makes anyone lose);
- ``plus_time``: 4 more minutes for your running turn.

Using an item does not end the turn (except First Turn, which opens the choice).
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.clock import NoClock
from domain.errors import DomainError, IllegalMove, WrongState
from domain.game import Context
from domain.monunrail.state import Item, ItemUsed, MonunrailState, UseItem
from domain.monunrail.parts.timing import FIRST_TURN_LOOK_MS, PLUS_TIME_MS
from domain.monunrail.parts.turns import check_turn, end_turn, other, start_turn

replace = msgspec.structs.replace

LABEL: dict[Item, str] = {"first_turn": "First Turn", "undo": "Undo", "time_rush": "Time Rush", "plus_time": "+Time"}


def decide_item(state: MonunrailState, command: UseItem, ctx: Context) -> list[Any]:
    """Using an item on your turn (First Turn: before the first move, by the player about to make it)."""
    seat = check_turn(state, ctx.seat, ctx.now)
    item = command.item
    refusal = item_refusal(state, seat, item)
    if refusal is not None:
        raise refusal
    target = own_last_move(state, seat) if item == "undo" else None
    undone = [] if target is None else list(state.position.moves[target:])
    return [ItemUsed(seat=seat, item=item, at=ctx.now, undone=undone)]


def item_refusal(state: MonunrailState, seat: str, item: Item) -> DomainError | None:
    """Why ``seat``, on its turn, may not use ``item`` now, or ``None`` when it may."""
    if state.items[seat].get(item, 0) < 1:
        return IllegalMove("no_item", f"You hold no {LABEL[item]} item (any more).")
    if state.choosing is not None:
        return WrongState("choosing_order", "First Turn was used: send monunrail_choose_order (first or second).")
    if item == "first_turn":
        if state.position.moves or state.history or state.call is not None:
            return IllegalMove("too_late", "First Turn is used before the first move, by the player about to make it.")
    elif item == "undo":
        if state.call is not None:
            return IllegalMove("undo_after_impossible", "Nothing can be undone once Impossible has been called.")
        if own_last_move(state, seat) is None:
            return IllegalMove("nothing_to_undo", "Undo rewinds your own last move and the reply since; you have "
                                                  "not moved yet.")
    else:
        if isinstance(state.options.time, NoClock):
            return IllegalMove("no_clock", f"{LABEL[item]} needs a clock; this match is played without one.")
        if item == "time_rush" and (state.call is not None or state.rush_next == other(seat)):
            return IllegalMove("no_next_turn", "The opponent has no next turn to rush (or it is rushed already).")
    return None


def usable_items(state: MonunrailState, seat: str) -> list[Item]:
    """The items ``seat`` may use now, on its turn (in the order of :data:`LABEL`)."""
    return [item for item in LABEL if item in state.items[seat] and item_refusal(state, seat, item) is None]


def own_last_move(state: MonunrailState, seat: str) -> int | None:
    """The index in ``history`` (and in ``moves``) of ``seat``'s last move still standing, if any."""
    return next((i for i in reversed(range(len(state.history))) if state.history[i].to_act == seat), None)


def evolve_item(state: MonunrailState, event: ItemUsed) -> MonunrailState:
    seat, item, at = event.seat, event.item, event.at
    held = state.items[seat]
    state = replace(state, items={**state.items, seat: {**held, item: held.get(item, 0) - 1}})
    if item == "first_turn":
        state = end_turn(state, seat, at)
        return replace(state, choosing=seat, choose_until=at + FIRST_TURN_LOOK_MS, ply=state.ply + 1,
                       turn_started_at=at)
    if item == "undo":
        target = len(state.history) - len(event.undone)  # one position in history per move made
        previous = state.history[target]
        state = replace(state, position=previous, history=state.history[:target])
        if previous.to_act == seat:
            return state  # the holder moves again, in its running turn
        return start_turn(end_turn(state, seat, at), previous.to_act, at)  # an Undo recorded by the earlier rule
    if item == "time_rush":
        return replace(state, rush_next=other(seat))
    return replace(state, turn_bonus_ms=state.turn_bonus_ms + PLUS_TIME_MS, ply=state.ply + 1)
