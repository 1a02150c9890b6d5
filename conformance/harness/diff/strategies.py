"""Where ``rulespec diff`` draws its inputs: the game's strategies modules, else the request's type.

``conformance/strategies/<key>_requests.py`` (diff's own, weighted to the boundaries the
rules turn on) is looked in first, then ``conformance/strategies/<key>.py``. In each, a
strategy named after the operation (``run_phase_requests``) comes first, then one named
after the request type (``RegionRequest`` -> ``region_requests``), then any declared to
give that type. One that needs the rulings first (the unrest draws of maintenance depend
on them) takes a parameter annotated with the game's ``Rulings``. An operation with no
strategy falls back to ``st.from_type`` on the request type, which finds mostly refusals,
so the fallback is said out loud (and a test fails on it for the games of this suite).
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

from rulespec.conformance.harness.games import Game
from rulespec.conformance.harness.rulings import alternatives


def _module(name: str) -> object | None:
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return None


def strategies_module(game: Game) -> object | None:
    """The game's strategies module (``conformance/strategies/<key>.py``), if it has one."""
    return _module(f"rulespec.conformance.strategies.{game.key}")


def strategies_modules(game: Game) -> list[object]:
    """Where diff looks for request strategies, in order: ``<key>_requests``, then ``<key>``."""
    found = [_module(f"rulespec.conformance.strategies.{game.key}_requests"), strategies_module(game)]
    return [module for module in found if module is not None]


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
    """Whether ``function`` is declared to give requests of ``request_type``.

    That is a strategy of them, or one such request if the function is composite.
    """
    declared = str(inspect.signature(function).return_annotation)
    inner = re.sub(r"^(?:st\.|hypothesis\.strategies\.)?SearchStrategy\[(.*)\]$", r"\1", declared)
    return inner.rsplit(".", 1)[-1] == request_type.__name__


def _candidates(module: object, operation: str, request_type: type[Any]) -> list[Callable[..., st.SearchStrategy[Any]]]:
    """The module's strategies for the operation: named after it, named after its request type, declared to give it."""
    named = [getattr(module, f"{operation}_requests", None), getattr(module, strategy_name(request_type), None)]
    found = [f for f in named if callable(f)]
    for name, value in sorted(vars(module).items()):
        if (
            not name.startswith("_")
            and inspect.isfunction(value)
            and value not in found
            and _returns(value, request_type)
        ):
            found.append(value)
    return [cast(Callable[..., st.SearchStrategy[Any]], f) for f in found]


def _given_rulings(
    function: Callable[..., st.SearchStrategy[Any]], parameter: str
) -> Callable[[Any], st.SearchStrategy[Any]]:
    return lambda rulings: function(**{parameter: rulings})


def offered_strategy(game: Game, operation: str) -> Callable[[Any], st.SearchStrategy[Any]] | None:
    """For the given rulings, the strategy of the operation's requests its strategies modules offer.

    None if none does.
    """
    request_type = game.operation(operation).request
    for function in (f for module in strategies_modules(game) for f in _candidates(module, operation, request_type)):
        taking, usable = _rulings_parameter(function, game)
        if usable and taking is not None:
            return _given_rulings(function, taking)
        if usable:
            made: st.SearchStrategy[Any] = function()
            return lambda rulings: made
    return None


def reads_rulings(game: Game, operation: str) -> bool:
    """Whether the strategy of the operation's requests is given the rulings (it draws under them)."""
    request_type = game.operation(operation).request
    for function in (f for module in strategies_modules(game) for f in _candidates(module, operation, request_type)):
        taking, usable = _rulings_parameter(function, game)
        if usable:
            return taking is not None
    return False


def request_strategy(game: Game, operation: str) -> Callable[[Any], st.SearchStrategy[Any]]:
    """For the given rulings, the strategy of the operation's requests.

    Drawn from the request's type, said, if none is offered.
    """
    offered = offered_strategy(game, operation)
    if offered is not None:
        return offered
    request_type = game.operation(operation).request
    where = (
        f"conformance/strategies/{game.key}.py"
        if strategies_modules(game)
        else f"no conformance/strategies/{game.key}.py"
    )
    print(
        f"diff {game.key}.{operation}: {where} offers no {operation}_requests() or {strategy_name(request_type)}(); "
        f"drawing {request_type.__name__} from its type, which finds mostly refusals",
        file=sys.stderr,
    )
    fallback = st.from_type(request_type)
    return lambda rulings: fallback
