"""The two sides ``rulespec diff`` compares, named on the command line.

    ref                      the reference
    ref[tie_share=full,...]  the reference with rulings switched from the ones each request is asked under
    impl:module:attr         a Python implementation (as ``--impl``, loaded as verify loads it)
    cmd:COMMAND              an implementation in any language speaking the wire protocol (as ``--cmd``)
    git:REV                  the reference as it was at a git revision

``[name=value,...]`` may follow ``ref``, ``impl:`` and ``git:`` alike. A value is written as ``--ruling`` takes it
(``rulings.ruling_value``): an alternative (``full``, ``true``, ``2``, ``[0,1,2,3]``) or a value the spec leaves
open (``gold_per_taxation=4``, ``unrest_tokens=[1,3]``).
"""

from __future__ import annotations

import dataclasses
import json
import re
from dataclasses import dataclass
from typing import Any

from rulespec.conformance.harness.diff.git_reference import RevisionSubject
from rulespec.conformance.harness.games import Game
from rulespec.conformance.harness.rulings import alternatives, ruling_value
from rulespec.conformance.harness.subject import PythonSubject, Subject
from rulespec.conformance.harness.verify.preflight import load_impl
from rulespec.conformance.harness.vocabulary import DEFAULT_TIMEOUT
from rulespec.conformance.harness.wire.faults import WireFault
from rulespec.conformance.harness.wire.session import WireSession
from rulespec.conformance.harness.wire.subject import process_subjects

_SWITCHES = re.compile(r"^(?P<base>.*?)\[(?P<switches>[^\[\]]*(?:\[[^\[\]]*\][^\[\]]*)*)\]$")


@dataclass(frozen=True)
class Side:
    """One side of a comparison: who answers, and which rulings it swaps in."""

    spec: str  # as given on the command line
    subject: Subject
    switches: dict[str, Any]  # ruling field -> typed value
    target: object | None  # the Python object answering, when in this process (CrossHair needs it)

    def rulings_for(self, rulings: Any) -> Any:
        """The rulings this side is asked under: the request's, with this side's switches."""
        return dataclasses.replace(rulings, **self.switches) if self.switches else rulings


def _split_top_level(text: str) -> list[str]:
    """``a=1,b=[0,1]`` -> ``["a=1", "b=[0,1]"]``: commas inside brackets belong to the value."""
    parts: list[str] = []
    depth = 0
    current = ""
    for char in text:
        depth += char == "["
        depth -= char == "]"
        if char == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += char
    if current.strip():
        parts.append(current)
    return parts


def _unquoted(raw: str) -> str:
    """A value written as a JSON string (``"full"``) is that string; any other text as written."""
    try:
        value = json.loads(raw)
    except json.JSONDecodeError:
        return raw.strip()
    return value if isinstance(value, str) else raw.strip()


def parse_switches(game: Game, text: str) -> dict[str, Any]:
    """``tie_share=full,rounding=up`` as typed ruling values; an unknown field or value is refused."""
    choices = alternatives(game.rulings)
    switches: dict[str, Any] = {}
    for part in _split_top_level(text):
        name, equals, raw = part.partition("=")
        name = name.strip()
        if not equals or name not in choices:
            raise ValueError(
                f"[{text}]: {part.strip()!r} is not name=value for a ruling of {game.key} ({', '.join(choices)})"
            )
        switches[name] = ruling_value(game.rulings, name, _unquoted(raw), where=f"[{text}]:")
    return switches


def parse_side(game: Game, text: str, timeout: float = DEFAULT_TIMEOUT) -> Side:
    """The side named by ``text``; a malformed name, a module that does not import or a bad revision is refused."""
    if text.startswith("cmd:"):
        return _command_side(game, text, timeout)
    base, switches = text, {}
    found = _SWITCHES.match(text)
    if found:
        base, switches = found["base"], parse_switches(game, found["switches"])
    if base == "ref":
        return Side(text, PythonSubject(game, game.reference, text), switches, game.reference)
    if base.startswith("impl:"):
        target = load_impl(base.removeprefix("impl:"))  # as verify loads --impl, its mistakes named alike
        return Side(text, PythonSubject(game, target, text), switches, target)
    if base.startswith("git:"):
        return Side(text, RevisionSubject(game, base.removeprefix("git:")), switches, None)
    raise ValueError(f"{text!r}: expected ref, ref[name=value,...], impl:module:attr, cmd:COMMAND or git:REV")


def _command_side(game: Game, text: str, timeout: float = DEFAULT_TIMEOUT) -> Side:
    command = text.removeprefix("cmd:")
    try:
        session = WireSession(command, timeout)
        session.started()
    except WireFault as fault:
        raise ValueError(f"{text!r}: {fault}") from fault
    return Side(text, process_subjects([game], session)[game.key], {}, None)
