"""Every reading of the rules a game allows: the alternatives of each ruling field, and the clause it settles."""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Collection, Iterable, Sequence
from enum import Enum
from typing import Any, cast, get_type_hints

import msgspec

from rulespec.conformance.harness.games import Game
from rulespec.conformance.harness.vocabulary import did_you_mean
from rulespec.conformance.harness.wire.encoding import LARGEST, OPEN_RULING_TOP
from rulespec.reference.errors import IllegalAction, InvalidState


def alternatives(rulings: type[Any]) -> dict[str, tuple[Any, ...]]:
    """Each ruling field's possible values: an enum's members, or the field's declared ``alternatives``."""
    hints = get_type_hints(rulings)
    found: dict[str, tuple[Any, ...]] = {}
    for field in dataclasses.fields(rulings):
        kind = hints[field.name]
        if isinstance(kind, type) and issubclass(kind, Enum):
            found[field.name] = tuple(kind)
        elif "alternatives" in field.metadata:
            found[field.name] = tuple(field.metadata["alternatives"])
        else:
            raise TypeError(f"{rulings.__name__}.{field.name}: neither an enum nor declares its alternatives")
    return found


def readings(base: object, free: tuple[str, ...]) -> list[Any]:
    """``base`` with each field in ``free`` switched, one field at a time, to each other alternative."""
    choices = alternatives(type(base))
    switched: list[Any] = []
    for name in free:
        for value in choices[name]:
            if value != getattr(base, name):
                switched.append(dataclasses.replace(base, **{name: value}))  # type: ignore[type-var]
    return switched


def _field(rulings: type[Any], field: str) -> dataclasses.Field[Any]:
    by_name = {found.name: found for found in dataclasses.fields(rulings)}
    if field not in by_name:
        raise KeyError(f"{rulings.__name__} has no ruling field {field!r}")
    return by_name[field]


def ruling_clause(rulings: type[Any], field: str) -> str:
    """The spec's clause a ruling field settles (its ``clause`` metadata: ``HIS-RULING-1``)."""
    clause: str = _field(rulings, field).metadata["clause"]
    return clause


def ruling_clauses(rulings: type[Any], fields: Iterable[str]) -> tuple[str, ...]:
    """The clauses of the ruling fields ``fields``, in the order the class declares them, once each."""
    wanted = set(fields)
    return tuple(
        dict.fromkeys(
            ruling_clause(rulings, found.name) for found in dataclasses.fields(rulings) if found.name in wanted
        )
    )


# --- the rulings an implementation plays (declared: --ruling FIELD=VALUE, a process's ``started``) ---------

Declared = dict[str, tuple[Any, ...]]  # ruling field -> the values the implementation plays, in the class's order


def value_text(value: object) -> str:
    """A ruling value as it is written on a command line: an enum's value, an int's digits, a list's values joined by
    commas (``1,3``: no brackets, so no shell needs it quoted)."""
    if isinstance(value, tuple | list):  # a tuple typed, a list as JSON decodes it (a record's ``declared``)
        return ",".join(str(item) for item in cast(Sequence[object], value))
    return str(value.value) if isinstance(value, Enum) else str(value)


def _spellings(value: object) -> tuple[str, ...]:
    """Every way a command line or a ``started`` message writes ``value``: ``value_text``, its JSON (``true``,
    ``null``, ``[1,2,3]``) and Python's (``True``, ``(1, 2, 3)``)."""
    builtin = msgspec.to_builtins(value)
    return (value_text(value), json.dumps(builtin, separators=(",", ":")), json.dumps(builtin), str(value))


def ruling_value(rulings: type[Any], field: str, text: str, where: str = "--ruling") -> Any:
    """The typed value ``text`` names for ``field``: one of its alternatives, or a value the spec leaves open (a whole
    number from a bound, SOE-RULING-9; a list of distinct whole numbers from a bound, SOE-RULING-10); ValueError
    naming the field, the value, the clause and the alternatives (and close names) otherwise."""
    choices = alternatives(rulings)
    if field not in choices:
        raise ValueError(
            f"{where} {field}: no ruling field of that name{did_you_mean(field, choices)} "
            f"(fields: {', '.join(choices)})"
        )
    spelled = text.strip()
    for value in choices[field]:
        if spelled in _spellings(value):
            return value
    metadata = _field(rulings, field).metadata
    least, lowest = metadata.get("at_least"), metadata.get("values_at_least")
    most = metadata.get("at_most", LARGEST)
    if least is not None and re.fullmatch(r"[0-9]+", spelled) and least <= int(spelled) <= most:
        # a ruling the spec leaves open above a bound (SOE-RULING-9: any whole number; HIS-RULING-1: a turn, 1 to 9)
        return int(spelled)
    if lowest is not None:
        listed = _open_list(spelled, lowest)
        if listed is not None:
            return listed  # a ruling the spec leaves open to any list (SOE-RULING-10: gaps allowed)
    by_text = {value_text(value): value for value in choices[field]}
    comma = "; " if any("," in shown for shown in by_text) else ", "  # a list's own commas kept apart from the join
    open_to = (
        (
            f"{comma}or any whole number >= {least}"
            if most == LARGEST
            else f"{comma}or any whole number {least} to {most}"
        )
        if least is not None
        else f"{comma}or any list of distinct whole numbers >= {lowest} (such as 1,3)"
        if lowest is not None
        else ""
    )
    raise ValueError(
        f"{where} {field}={text}: not an alternative of {field} ({ruling_clause(rulings, field)})"
        f"{did_you_mean(spelled, by_text)}; its alternatives: {comma.join(by_text)}{open_to}"
    )


def _open_list(text: str, lowest: int) -> tuple[int, ...] | None:
    """``1,3``, ``[1,3]`` or ``(1, 3)`` as the tuple ``(1, 3)``: non-empty, distinct, each from ``lowest`` up to the
    largest integer the wire carries; None for anything else (never clamped, never reordered)."""
    inner = text[1:-1] if text[:1] + text[-1:] in ("[]", "()") else text
    items = [item.strip() for item in inner.split(",")]
    if not all(re.fullmatch(r"-?[0-9]+", item) for item in items):
        return None
    values = tuple(int(item) for item in items)
    if len(set(values)) != len(values) or not all(lowest <= value <= LARGEST for value in values):
        return None
    return values


def declared_values(rulings: type[Any], field: str, texts: Iterable[str], where: str) -> tuple[Any, ...]:
    """The typed values ``texts`` name for ``field`` (``ruling_value``), listed alternatives first in their order,
    then the open ones as given."""
    wanted = [ruling_value(rulings, field, text, where) for text in texts]
    listed = [value for value in alternatives(rulings)[field] if value in wanted]
    return tuple(dict.fromkeys(listed + wanted))


def declared_of(rulings: type[Any], given: Iterable[tuple[str, str]], where: str = "--ruling") -> Declared:
    """``(field, value text)`` pairs as one game's Declared: a field given twice plays both values."""
    texts: dict[str, list[str]] = {}
    for field, text in given:
        texts.setdefault(field, []).append(text)
    order = list(alternatives(rulings))
    return {
        field: declared_values(rulings, field, texts[field], where)
        for field in sorted(texts, key=lambda name: order.index(name) if name in order else -1)
    }


def under(rulings: Any, declared: Declared) -> Any:
    """``rulings`` as the implementation plays them: each declared field not at a value it plays takes its first."""
    switched = {
        field: values[0] for field, values in declared.items() if values and getattr(rulings, field) not in values
    }
    return dataclasses.replace(rulings, **switched) if switched else rulings


def shown(declared: Declared) -> str:
    """``domination_first_turn=5, spaces_in_unrest=counted`` (``4|5`` for a field playing both); ``""`` for none."""
    return ", ".join(f"{field}={'|'.join(value_text(value) for value in values)}" for field, values in declared.items())


def agreed(command_line: Declared, process: Declared, rulings: type[Any], named: str) -> Declared:
    """The rulings a run is judged under, from both declarations: the command line's values must be among those
    the process says it plays (ValueError naming the field and both otherwise); the command line may narrow them."""
    joined = dict(process)
    for field, values in command_line.items():
        if field in process and not set(values) <= set(process[field]):
            raise ValueError(
                f"--ruling {field}={'|'.join(value_text(v) for v in values)} disagrees with {named}, which plays "
                f"{field}={'|'.join(value_text(v) for v in process[field])} ({ruling_clause(rulings, field)})"
            )
        joined[field] = values
    order = list(alternatives(rulings))
    return {field: joined[field] for field in order if field in joined}


# The rulings declared for each game's Rulings class in this process (set by verify's plugin for each run): the
# strategies draw only these (``drawn``).
_DECLARED: dict[type[Any], Declared] = {}


def declare(rulings: type[Any], declared: Declared) -> None:
    _DECLARED[rulings] = dict(declared)


def declared_for(rulings: type[Any]) -> Declared:
    return _DECLARED.get(rulings, {})


def drawn(rulings: type[Any]) -> Any:
    """A Hypothesis strategy of ``rulings``: every field from its alternatives (one the spec leaves open above a bound,
    any whole number from it up to ``OPEN_RULING_TOP``, just below the largest the wire carries, too; one the spec
    leaves open to any list of distinct values from a bound, such lists too, gaps in them included: a bag of 1 and 3),
    a declared field only at the values declared when the example is drawn (so one strategy object serves every run of
    the process)."""
    from hypothesis import strategies as st

    def field(name: str, values: tuple[Any, ...]) -> Any:
        def played(value: Any) -> Any:
            declared = declared_for(rulings).get(name)
            return value if not declared or value in declared else declared[0]

        metadata = _field(rulings, name).metadata
        least, lowest = metadata.get("at_least"), metadata.get("values_at_least")
        listed = st.sampled_from(values)
        top = min(metadata.get("at_most", OPEN_RULING_TOP), OPEN_RULING_TOP)
        listed = listed if least is None else listed | st.integers(least, top)
        if lowest is not None:
            listed |= st.lists(st.integers(lowest, lowest + 5), min_size=1, max_size=4, unique=True).map(tuple)
        return listed.map(played)

    return st.builds(rulings, **{name: field(name, values) for name, values in alternatives(rulings).items()})


# --- which ruling explains an answer: the reference, switched, answers as the implementation did ----------


def typed_question(game: Game, operation: str, request: Any, rulings: Any) -> tuple[object, Any] | None:
    """A request and its rulings as a check's record holds them (JSON), typed again for the reference; None for a
    record this run cannot type (no evidence either way)."""
    try:
        return (
            msgspec.convert(request, game.operation(operation).request),
            msgspec.convert(rulings, game.rulings),
        )
    except (msgspec.ValidationError, KeyError, TypeError):
        return None


def reference_answer(game: Game, operation: str, request: Any, rulings: Any) -> Any:
    """The reference's answer (``reference_json``) to a request and rulings as a check's record holds them (JSON);
    None for a record this run cannot type again, or an answer the reference cannot give."""
    typed = typed_question(game, operation, request, rulings)
    return reference_json(game, operation, *typed) if typed else None


def json_value(value: object) -> Any:
    """A typed value as the JSON the suite reads and writes (arrays, never tuples): a run's records and the reference's
    answers compare alike."""
    return msgspec.json.decode(msgspec.json.encode(value))


def reference_json(game: Game, operation: str, request: object, rulings: object) -> Any:
    """The reference's answer as a check holds it: the result's JSON, or ``{"error": {"kind", "field"|"rule"}}``;
    None when the reference cannot answer under these rulings at all (an input they make impossible to read)."""
    try:
        result = game.reference_call(operation)(request, rulings)
    except InvalidState as exc:
        return {"error": {"kind": "InvalidState", "field": exc.field}}
    except IllegalAction as exc:
        return {"error": {"kind": "IllegalAction", "rule": exc.rule}}
    except Exception:  # noqa: BLE001 - a request drawn under one reading may be no request under another
        return None
    return json_value(result)


def switches(rulings: type[Any], fixed: Collection[str] = ()) -> list[tuple[str, Any]]:
    """Every single switch ``(field, value)`` of the game's rulings, the fields in ``fixed`` left out."""
    return [(field, value) for field, values in alternatives(rulings).items() if field not in fixed for value in values]


def explaining(
    game: Game, operation: str, request: object, rulings: Any, got: Any, fixed: Collection[str] = ()
) -> list[str]:
    """Each single switch of ``rulings`` (``domination_first_turn=5``) under which the reference answers ``got``
    (in ``reference_json``'s form); the fields in ``fixed`` (declared) are never switched."""
    found: list[str] = []
    if reference_json(game, operation, request, rulings) == got:
        return found  # the reference answers so under these rulings already: no switch is needed
    for field, value in switches(game.rulings, fixed):
        if getattr(rulings, field) == value:
            continue
        switched = dataclasses.replace(rulings, **{field: value})
        if reference_json(game, operation, request, switched) == got:
            found.append(f"{field}={value_text(value)}")
    return found
