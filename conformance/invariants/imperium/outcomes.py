"""What an operation answered, as one comparable value: a result, or the refusal and what it names."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, settings

from reference.errors import IllegalAction, InvalidState

# The fixture is a stateless view of the subject, so sharing it across examples is safe.
fixture_safe = settings(suppress_health_check=[HealthCheck.function_scoped_fixture])

Outcome = tuple[str, Any]


def outcome(call: Callable[[Any, Any], Any], request: object, rulings: object) -> Outcome:
    """``("result", value)``, ``("InvalidState", field)`` or ``("IllegalAction", rule)``."""
    try:
        return ("result", call(request, rulings))
    except InvalidState as refusal:
        return ("InvalidState", refusal.field)
    except IllegalAction as refusal:
        return ("IllegalAction", refusal.rule)
