"""Requests broken at two or more steps of an operation's order of checks, with the refusal the spec's order gives
them: the earliest broken step's.

The order is written once, in the spec: ``order_rows`` reads a game's "Order of checks" table (a row lists its
steps separated by ``;``), and ``steps_of`` pairs a row's steps, by their words, with the faults a game's
strategies can put at each. A fault for a step the row does not list (the spec reworded, or a step moved) is an
error at import, so no strategy keeps an order of its own; the test that every stated order is pinned
(tests/suite/test_orders_pinned.py) reads the same rows.

A fault breaks its own step only and says how it is refused; the faults of a request are made from the latest
step to the earliest, so the one the refusal must name is made last and nothing undoes it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, Literal, NamedTuple, TypeVar

from hypothesis import strategies as st

RequestT = TypeVar("RequestT")
RefusalKind = Literal["InvalidState", "IllegalAction"]
# (kind, the field an InvalidState names or the rule an IllegalAction names)
Refusal = tuple[RefusalKind, str]
Fault = Callable[[st.DrawFn, RequestT], tuple[RequestT, Refusal]]

_ROW = re.compile(r"^\| (?P<part>.+?) \| (?P<order>.+) \| (?P<pinned>[^|]+) \|$")
_VECTOR_ID = re.compile(r"`([a-z0-9]+(?:-[a-z0-9]+)+)`")


class OrderRow(NamedTuple):
    """One row of a spec's Order of checks table: the operation or part, its steps in order, the vectors named."""

    part: str
    steps: list[str]
    pinned: list[str]


def order_rows(spec: Path) -> list[OrderRow]:
    """Each row of the spec's "Order of checks" table, in the table's order."""
    text = spec.read_text(encoding="utf-8")
    section = text.split("### Order of checks", 1)[1].split("\n### ", 1)[0]
    rows: list[OrderRow] = []
    for line in section.splitlines():
        found = _ROW.match(line.strip())
        if not found or line.startswith("| ---") or "pinned by" in line:
            continue
        steps = [step for step in re.split(r";\s*", found["order"]) if step.strip()]
        rows.append(OrderRow(found["part"], steps, _VECTOR_ID.findall(found["pinned"])))
    return rows


@dataclass(frozen=True)
class Step(Generic[RequestT]):
    """A step of a row, as the spec words it, and a fault that breaks it."""

    words: str
    fault: Fault[RequestT]


def steps_of(spec: Path, part: str, faults: Mapping[str, Fault[RequestT]]) -> tuple[Step[RequestT], ...]:
    """The faults, keyed by the words of the steps of a row ``part``, in the row's order (ValueError naming the
    row's steps when no one row ``part`` has every key among its steps)."""
    rows = [row for row in order_rows(spec) if row.part == part]
    fitting = [row for row in rows if set(faults) <= set(row.steps)]
    if len(fitting) != 1:
        listed = "; ".join(" ; ".join(row.steps) for row in rows) or "none"
        raise ValueError(f"{spec.name}: no one row {part!r} of Order of checks has the steps {list(faults)}: {listed}")
    return tuple(Step(words, faults[words]) for words in fitting[0].steps if words in faults)


@dataclass(frozen=True)
class Faults(Generic[RequestT]):
    """A request broken at ``broken`` (the steps' words, in the spec's order) and the first one's refusal."""

    request: RequestT
    broken: tuple[str, ...]
    refusal: RefusalKind
    where: str

    @property
    def fault(self) -> str:
        return f"faults at {' ; '.join(self.broken)}: the spec's order refuses the first"


@st.composite
def faulted(
    draw: st.DrawFn, valid: st.SearchStrategy[RequestT], steps: tuple[Step[RequestT], ...], least: int = 2
) -> Faults[RequestT]:
    """A valid request broken at ``least`` or more of ``steps``, expecting the earliest step's refusal."""
    chosen = sorted(draw(st.sets(st.integers(0, len(steps) - 1), min_size=least, max_size=len(steps))))
    request = draw(valid)
    refusal: Refusal | None = None
    for index in reversed(chosen):  # the latest first: the step to be named is broken last, so nothing undoes it
        request, refusal = steps[index].fault(draw, request)
    assert refusal is not None  # at least two steps were chosen
    return Faults(request, tuple(steps[index].words for index in chosen), *refusal)
