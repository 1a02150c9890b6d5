"""The symbolic cache: a function is searched again exactly when it, its contracts or what it reaches changed."""

from __future__ import annotations

import importlib
import linecache
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from rulespec.conformance.harness.symbolic.cache import ResultCache
from rulespec.conformance.harness.symbolic.conditions import Condition, fingerprint
from rulespec.conformance.harness.symbolic.search import CONFIRMED, COUNTEREXAMPLE, NOT_REFUTED, Searched, search

RULES = '''
LIMIT = {limit}


def cap(n: int) -> int:
    return min(n, LIMIT)


def grow(n: int) -> int:
    """post: __return__ <= {limit}"""
    return cap(n + {step})


def unrelated(n: int) -> int:
    return n + {other}
'''


@pytest.fixture
def rules(tmp_path: Path) -> Iterator[Path]:
    sys.path.insert(0, str(tmp_path))
    yield tmp_path / "scratch_rules.py"
    sys.path.remove(str(tmp_path))
    sys.modules.pop("scratch_rules", None)


def _fingerprint(path: Path, limit: int = 9, step: int = 5, other: int = 1) -> str:
    path.write_text(RULES.format(limit=limit, step=step, other=other), encoding="utf-8")
    linecache.checkcache(str(path))
    sys.modules.pop("scratch_rules", None)
    module = importlib.import_module("scratch_rules")
    return fingerprint(module.grow, "salt", within="scratch_rules")


def test_the_fingerprint_of_a_reference_function_reads_the_reference() -> None:
    """By default the fingerprint reads the reference (``rulespec.reference``), so two of its functions never share
    one (read as a top-level ``reference`` package, every function had the salt's alone, and an edit went unseen)."""
    from rulespec.reference.imperium import cheapest, payment

    cheapest_payments, pay_cost = (vars(cheapest)["cheapest_payments"], vars(payment)["pay_cost"])
    reached = fingerprint(cheapest_payments, "salt")
    assert reached != fingerprint(pay_cost, "salt")
    # read within a package it is not in, a function reaches nothing: the salt alone
    assert reached != fingerprint(cheapest_payments, "salt", within="rulespec.reference.imperium.model")


def test_the_fingerprint_follows_the_function_its_callees_and_its_constants(rules: Path) -> None:
    first = _fingerprint(rules)
    assert _fingerprint(rules) == first
    assert _fingerprint(rules, other=2) == first, "a function it does not reach changes nothing"
    assert _fingerprint(rules, step=6) != first, "its own body"
    assert _fingerprint(rules, limit=8) != first, "its contract, its callee and the constant the callee reads"


def _result(verdict: str, budget: float) -> Searched:
    return Searched("m.f#0", verdict, 1.0, 1.0, "", budget)


def test_a_clean_result_is_reused_only_as_far_as_it_searched(tmp_path: Path) -> None:
    cache = ResultCache(tmp_path)
    cache.keep("print", _result(NOT_REFUTED, 2.0))
    cache.save()
    again = ResultCache(tmp_path)
    assert again.reusable("m.f#0", "print", 2.0) is not None
    assert again.reusable("m.f#0", "print", 4.0) is None, "a longer search than the one recorded is run"
    assert again.reusable("m.f#0", "other print", 1.0) is None, "a changed function is searched again"
    again.keep("print", _result(CONFIRMED, 0.5))
    assert again.reusable("m.f#0", "print", 60.0) is not None, "every path explored holds for any budget"
    again.keep("print", _result(COUNTEREXAMPLE, 2.0))
    assert again.reusable("m.f#0", "print", 1.0) is None, "a counterexample is always searched again"


def test_the_search_finds_a_broken_contract_and_names_it(rules: Path) -> None:
    _fingerprint(rules, limit=9, step=5)
    rules.write_text(rules.read_text(encoding="utf-8").replace("return cap(n + 5)", "return n + 5"), encoding="utf-8")
    sys.modules.pop("scratch_rules", None)
    found = search(Condition("scratch", "scratch_rules", "grow", 0, "__return__ <= 9"), 5.0)
    assert found.verdict == COUNTEREXAMPLE, found
    assert "false when calling grow(" in found.output, "the call that breaks it, with its input"
