"""The two ways the rules refuse an input.

``InvalidState`` says the input cannot occur in the game at all (population 10, a
region listing four values); it names the offending field by its JSON path and the
value found. ``IllegalAction`` says the state is possible but the rules forbid what
was asked of it; it names the rule ID that forbids it.
"""

from __future__ import annotations


class RuleError(Exception):
    """Common base, so callers can catch every refusal of the rules at once."""


class InvalidState(RuleError):
    """An impossible input: ``field`` is a JSON path such as ``empires[2].population``."""

    def __init__(self, field: str, value: object, reason: str, rule: str | None = None) -> None:
        self.field = field
        self.value = value
        self.reason = reason
        self.rule = rule
        where = f" ({rule})" if rule else ""
        super().__init__(f"invalid state: {field} = {value!r}: {reason}{where}")


class IllegalAction(RuleError):
    """A forbidden action: ``rule`` is the stable ID of the clause that forbids it."""

    def __init__(self, rule: str, reason: str) -> None:
        self.rule = rule
        self.reason = reason
        super().__init__(f"illegal action ({rule}): {reason}")
