"""The worked examples of a game's rules page, played through its decider.

A worked example is a fenced block of ``docs/rules/<game>.md`` whose info string is ``moves``; one
instruction a line (``#`` starts a comment, kept as the step's note)::

    options: {"variant": "loop"}     the game's options (JSON; optional, first)
    white: @0+                       the seat sends a move in notation (1 s after the last command)
    red: {"type": "mulligan"}        ... or a command body
    white: C3/ ! three_edges         ... which is refused with that code (and changes nothing)
    timeout                          the current deadline passes
    to_move: red                     the seats expected to act now (space separated)
    result: red loop                 the winner (``none`` for no one) and the reason

:func:`play` yields each instruction with the state after it and the refusal it met, so the rules
pages' test checks what each block claims and the server draws each step with the game's own
drawing (``GET /games/{game}/examples``).

>>> from domain.registry import game_named
>>> steps = list(play(game_named("trax"), "white: @0+  # the first tile\\nred: @1+\\nresult: none draw"))
>>> [(s.instruction.seat, s.instruction.text, s.instruction.note) for s in steps][:2]
[('white', '@0+', 'the first tile'), ('red', '@1+', '')]
>>> steps[1].refusal is None and steps[1].state != steps[0].state
True
"""

from __future__ import annotations

import re
import typing
from collections.abc import Iterator
from typing import Any

import msgspec

from domain.errors import DomainError
from domain.game import Context, Game

FENCE = re.compile(r"^```moves\n(.*?)^```", re.M | re.S)
COMMENT = re.compile(r"(?:^|\s)#(.*)$")
STEP_MS = 1_000
"""The time between two commands of an example (its clock starts at 0)."""


class Instruction(msgspec.Struct, frozen=True):
    """One line of a worked example: ``kind`` is ``move``, ``timeout``, ``to_move`` or ``result``."""

    kind: str
    text: str = ""
    seat: str | None = None
    refused: str | None = None
    note: str = ""


class Step(msgspec.Struct, frozen=True):
    """An instruction played: the state after it, and the refusal a move met (``None`` if none)."""

    instruction: Instruction
    state: Any
    refusal: DomainError | None = None


def blocks(page: str) -> list[str]:
    """The ``moves`` blocks of a rules page's Markdown."""
    return FENCE.findall(page)


def parse(block: str) -> tuple[str | None, list[Instruction]]:
    """The block's options (JSON text, or ``None``) and its instructions."""
    options: str | None = None
    lines: list[Instruction] = []
    for raw in block.splitlines():
        found = COMMENT.search(raw)
        code, note = (raw[:found.start()], found.group(1)) if found else (raw, "")
        code, note = code.strip(), note.strip()
        if not code:
            continue
        head, _, rest = (part.strip() for part in code.partition(":"))
        if code == "timeout":
            lines.append(Instruction("timeout", note=note))
        elif head == "options" and not lines:
            options = rest
        elif head in ("to_move", "result"):
            lines.append(Instruction(head, rest, note=note))
        else:
            text, _, refused = (part.strip() for part in rest.partition(" ! "))
            lines.append(Instruction("move", text, seat=head, refused=refused or None, note=note))
    return options, lines


def play(game: Game[Any, Any, Any, Any, Any], block: str) -> Iterator[Step]:
    """Play ``block`` from the start of play at 0 ms: each instruction, with the state after it
    (:func:`play_instructions`)."""
    options_text, instructions = parse(block)
    options = game.Options() if options_text is None else msgspec.json.decode(options_text, type=game.Options)
    return play_instructions(game, options, instructions)


def play_instructions(game: Game[Any, Any, Any, Any, Any], options: Any,
                      instructions: list[Instruction]) -> Iterator[Step]:
    """Play ``instructions`` from the start of play at 0 ms with ``options``: each one, with the
    state after it.

    A move is sent ``STEP_MS`` after the last; a refused move changes nothing and its
    :class:`DomainError` is the step's ``refusal``; ``timeout`` lets the current deadline pass (a
    ``ValueError`` when nothing waits on one); ``to_move`` and ``result`` only state (the caller checks).
    """
    commands = typing.Union[game.commands]  # type: ignore[name-defined]  # noqa: UP007
    state = game.begin(game.initial(options, seed=0), at=0)
    now = 0
    for instruction in instructions:
        refusal: DomainError | None = None
        if instruction.kind == "timeout":
            due = game.deadline(state)
            if due is None:
                raise ValueError("the example lets time run out, but nothing waits on a deadline")
            now = due.at
            for event in game.on_timeout(state, due, Context(now=now, system=True)):
                state = game.evolve(state, event)
        elif instruction.kind == "move":
            now += STEP_MS
            try:
                command = (msgspec.json.decode(instruction.text, type=commands) if instruction.text.startswith("{")
                           else game.parse_move(state, instruction.text))
                for event in game.decide(state, command, Context(now=now, seat=instruction.seat)):
                    state = game.evolve(state, event)
            except DomainError as refused:
                refusal = refused
        yield Step(instruction, state, refusal)
