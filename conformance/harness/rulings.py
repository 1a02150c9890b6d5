"""Every reading of the rules a game allows: the alternatives of each ruling field, and the clause it settles."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from enum import Enum
from typing import Any, get_type_hints


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


def ruling_clause(rulings: type[Any], field: str) -> str:
    """The spec's clause a ruling field settles (its ``clause`` metadata: ``HIS-RULING-1``)."""
    by_name = {found.name: found for found in dataclasses.fields(rulings)}
    if field not in by_name:
        raise KeyError(f"{rulings.__name__} has no ruling field {field!r}")
    clause: str = by_name[field].metadata["clause"]
    return clause


def ruling_clauses(rulings: type[Any], fields: Iterable[str]) -> tuple[str, ...]:
    """The clauses of the ruling fields ``fields``, in the order the class declares them, once each."""
    wanted = set(fields)
    return tuple(
        dict.fromkeys(
            ruling_clause(rulings, found.name) for found in dataclasses.fields(rulings) if found.name in wanted
        )
    )
