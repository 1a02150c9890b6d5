"""The vector format: a file of cases for one operation, as typed values.

The JSON Schema of a vector file is derived from these types (``conformance.harness.schema``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class ErrorKind(StrEnum):
    INVALID_STATE = "InvalidState"
    ILLEGAL_ACTION = "IllegalAction"


@dataclass(frozen=True)
class ExpectedError:
    """A refusal the case expects: the kind, and the field (InvalidState) or rule (IllegalAction)."""

    kind: ErrorKind
    field: str | None = None
    rule: str | None = None


@dataclass(frozen=True)
class Case:
    id: str
    description: str
    rules: tuple[str, ...]
    input: dict[str, Any]
    rulings: dict[str, Any] = field(default_factory=dict[str, Any])
    output: dict[str, Any] | None = None
    error: ExpectedError | None = None
    # rule ID -> short hash of that clause's text when the case was last reviewed (clause_stamps)
    clauses: dict[str, str] = field(default_factory=dict[str, str])


@dataclass(frozen=True)
class VectorFile:
    game: str
    operation: str
    cases: tuple[Case, ...]
