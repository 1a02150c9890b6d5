"""Where ``rulespec diff`` draws its inputs: the game's strategies module, else the request's type.

A game's ``conformance/strategies/<key>.py`` offers one strategy per request type, named
after it (``RegionRequest`` -> ``region_requests``); one that needs the rulings first (the
unrest draws of maintenance depend on them) takes a parameter annotated with the game's
``Rulings``. A game without such a strategy falls back to ``st.from_type`` on the request
type, which finds mostly refusals, so the fallback is said out loud.
"""

from __future__ import annotations

import importlib
import inspect
import re
import sys
import typing
from collections.abc import Callable
from typing import Any, cast

from hypothesis import strategies as st

from conformance.harness.games import Game
from conformance.harness.rulings import alternatives


def strategies_module(game: Game) -> object | None:
    try:
        return importlib.import_module(f"conformance.strategies.{game.key}")
    except ModuleNotFoundError as exc:
        if exc.name != f"conformance.strategies.{game.key}":
            raise
        return None


def rulings_strategy(game: Game) -> st.SearchStrategy[Any]:
    """Any reading of the rules: the module's ``rulings()``, else every field drawn from its alternatives."""
    module = strategies_module(game)
    made = getattr(module, "rulings", None)
    if callable(made):
        return cast(Callable[[], st.SearchStrategy[Any]], made)()
    fields = {name: st.sampled_from(values) for name, values in alternatives(game.rulings).items()}
    return st.fixed_dictionaries(fields).map(lambda chosen: game.rulings(**chosen))


def strategy_name(request_type: type[Any]) -> str:
    """``RegionRequest`` -> ``region_requests``; ``CleanUpRequest`` -> ``clean_up_requests``."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", request_type.__name__).lower() + "s"


def _rulings_parameter(function: Callable[..., Any], game: Game) -> tuple[str | None, bool]:
    """(the parameter that takes the rulings, whether every other parameter has a default)."""
    try:
        hints = typing.get_type_hints(function)
    except (NameError, TypeError):
        hints = {}
    taking: str | None = None
    others_defaulted = True
    for parameter in inspect.signature(function).parameters.values():
        if hints.get(parameter.name) is game.rulings or parameter.name.rstrip("_") == "rulings":
            taking = parameter.name
        elif parameter.default is inspect.Parameter.empty:
            others_defaulted = False
    return taking, others_defaulted


def _returns(function: Callable[..., Any], request_type: type[Any]) -> bool:
    """Whether ``function`` is declared to give requests of ``request_type`` (a strategy of them, or one, if composite)."""
    declared = str(inspect.signature(function).return_annotation)
    inner = re.sub(r"^(?:st\.|hypothesis\.strategies\.)?SearchStrategy\[(.*)\]$", r"\1", declared)
    return inner.rsplit(".", 1)[-1] == request_type.__name__


def _candidates(module: object, request_type: type[Any]) -> list[Callable[..., st.SearchStrategy[Any]]]:
    """The module's strategies for the request type: the one named after it first, then any declared to give it."""
    named = getattr(module, strategy_name(request_type), None)
    found = [named] if callable(named) else []
    for name, value in sorted(vars(module).items()) if module is not None else ():
        if not name.startswith("_") and inspect.isfunction(value) and value is not named and _returns(value, request_type):
            found.append(value)
    return [cast(Callable[..., st.SearchStrategy[Any]], f) for f in found]


def _given_rulings(function: Callable[..., st.SearchStrategy[Any]], parameter: str) -> Callable[[Any], st.SearchStrategy[Any]]:
    return lambda rulings: function(**{parameter: rulings})


def request_strategy(game: Game, operation: str) -> Callable[[Any], st.SearchStrategy[Any]]:
    """For the given rulings, the strategy of the operation's requests."""
    request_type = game.operation(operation).request
    module = strategies_module(game)
    for function in _candidates(module, request_type):
        taking, usable = _rulings_parameter(function, game)
        if usable and taking is not None:
            return _given_rulings(function, taking)
        if usable:
            made: st.SearchStrategy[Any] = function()
            return lambda rulings: made
    where = f"conformance/strategies/{game.key}.py" if module else f"no conformance/strategies/{game.key}.py"
    print(
        f"diff {game.key}.{operation}: {where} offers no {strategy_name(request_type)}(); "
        f"drawing {request_type.__name__} from its type, which finds mostly refusals",
        file=sys.stderr,
    )
    fallback = st.from_type(request_type)
    return lambda rulings: fallback
