"""The JSON a wire message carries: typed values out, and an output checked field by field against its type.

Kept apart from the conversation (docs/wire-protocol.md): these are pure functions over values.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Iterator, Sequence
from typing import Any, cast

import msgspec

LARGEST = 2**53 - 1  # the largest integer the harness sends (docs/wire-protocol.md): exact in JavaScript, C#, Go
# The most a ruling open above a bound is drawn at: room below LARGEST for the game's own small quantities added to
# it on the way to an answer (a gold held plus one taxation's gold at SOE-RULING-9's value), so a JavaScript number
# holds every partial sum exactly. Vectors still ask LARGEST itself, where nothing is added to it.
OPEN_RULING_TOP = LARGEST - 2**16

_LACKING: dict[str, bool] = {}


def _may_lack_fields(kind: type[Any]) -> bool:
    """Whether a value of this type may be a dataclass that lacks a defaulted field, or hold one."""
    key = f"{kind.__module__}.{kind.__qualname__}"
    if key not in _LACKING:
        _LACKING[key] = False  # a recursive type is settled by its other fields
        if dataclasses.is_dataclass(kind):
            # a slot has no value on the class: ``convert`` sets every one
            own = "__slots__" not in vars(kind) and any(
                f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
                for f in dataclasses.fields(kind)
            )
            hints = typing.get_type_hints(kind).values()
            _LACKING[key] = own or any(_may_lack_fields(inner) for hint in hints for inner in _types_in(hint))
    return _LACKING[key]


def _types_in(hint: Any) -> Iterator[type[Any]]:
    if isinstance(hint, type):
        yield hint
    for argument in typing.get_args(hint):
        yield from _types_in(argument)


def wire_form(value: object) -> Any:
    """``value`` as JSON builtins, every field present.

    msgspec 0.23 leaves a defaulted field out of a dataclass that ``convert`` made (the value
    lives on the class), and ``to_builtins`` then drops it: the rulings of a vector naming
    none would go out as ``{}``. The reference's dataclasses have slots, which ``convert``
    fills, so they go at C speed; any other such type (an older reference's, in ``diff
    git:``) is walked field by field.
    """
    if not _may_lack_fields(type(value)):
        return msgspec.to_builtins(value)
    return _walked(value)


def wire_json(value: object) -> msgspec.Raw:
    """``value``'s JSON as ``wire_form`` gives it, for a message to carry as it is."""
    return msgspec.Raw(msgspec.json.encode(_walked(value) if _may_lack_fields(type(value)) else value))


_FIELDS: dict[type[Any], tuple[str, ...]] = {}
_PLAIN = (str, int, bool, float, type(None))  # already JSON builtins


def _walked(value: object) -> Any:
    kind = type(value)
    if kind in _PLAIN:
        return value
    names = _FIELDS.get(kind)
    if names is None and dataclasses.is_dataclass(kind):
        names = _FIELDS[kind] = tuple(field.name for field in dataclasses.fields(kind))
    if names is not None:
        return {name: _walked(getattr(value, name)) for name in names}
    if isinstance(value, (list, tuple)):
        return [_walked(item) for item in cast(Sequence[object], value)]
    return msgspec.to_builtins(value)


def unknown_field(declared: object, given: msgspec.Raw) -> str | None:
    """The JSON path of the first key in ``given`` (the JSON ``declared`` was read from) that ``declared`` lacks."""
    found = _unlike(declared, given)
    return _first_unknown(msgspec.to_builtins(declared), found, "$") if found is not None else None


def left_out(declared: object, given: msgspec.Raw) -> str | None:
    """The JSON path of the first field of ``declared`` that ``given`` (the JSON it was read from) left out: a field
    at its default is written all the same ("every field" of docs/wire-protocol.md), never filled in unsaid."""
    found = _unlike(declared, given)
    return _first_unknown(found, wire_form(declared), "$") if found is not None else None


def _unlike(declared: object, given: msgspec.Raw) -> object | None:
    """``given`` decoded, where it is not the JSON ``declared`` writes (None where it is: the common case)."""
    # at C speed: the typed value written again is the very JSON it was read from, else the same once keys are sorted
    if msgspec.Raw(msgspec.json.encode(declared)) == given:
        return None
    found: object = msgspec.json.decode(given)
    if msgspec.json.encode(declared, order="sorted") == msgspec.json.encode(found, order="sorted"):
        return None
    return found


def _first_unknown(declared: object, given: object, path: str) -> str | None:
    if isinstance(declared, dict) and isinstance(given, dict):
        declared_map = cast(dict[str, object], declared)
        for key, value in cast(dict[str, object], given).items():
            if key not in declared_map:
                return f"{path}.{key}"
            found = _first_unknown(declared_map[key], value, f"{path}.{key}")
            if found:
                return found
    elif isinstance(declared, (list, tuple)) and isinstance(given, (list, tuple)):
        pairs = zip(cast(Sequence[object], declared), cast(Sequence[object], given))
        for index, (inner_declared, inner_given) in enumerate(pairs):
            found = _first_unknown(inner_declared, inner_given, f"{path}[{index}]")
            if found:
                return found
    return None
