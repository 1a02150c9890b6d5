"""The rule a refusal names: the rule an ``IllegalAction`` cites, the rule of the field an ``InvalidState`` names.

A field holding a name the spec defines in one clause (``master_of_italy``) is that clause's; else a field's rule is
first the one the reference cites when it refuses that field of the same request, its number put out of range
(``probed``: an entry's VP is bounded by the clause of the entry's kind); else that of the game's vectors that refuse
it (indices dropped: ``empires[].population``); a field no vector refuses in that place is the same field's in another
place (the longest tail of its path one rule's vectors refuse: ``control[].markers`` of ``region`` for that of
``regions[]``). ``refused_legal`` weighs a refusal against the run: a field the run refuses where no refusal was due
(a legal value refused) is refused wrongly wherever it is; ``mislabelled`` finds a due refusal made as due but cited
under another rule's name; ``borrowed``, an ``IllegalAction`` under a rule the operation never refuses under (another
operation's check made here).
"""

from __future__ import annotations

import functools
import json
import re
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any, cast

from rulespec.conformance.harness import games as registry
from rulespec.conformance.harness.blame.fields import field_rule, kind_rules, unindexed
from rulespec.conformance.harness.blame.probed import at, probed, rule_ids
from rulespec.conformance.harness.blame.reordered import cited_through
from rulespec.conformance.harness.blame.steps import suite_blame
from rulespec.conformance.harness.blame.switches import ruling_named, vector_cases
from rulespec.conformance.harness.blame.weighed import weighed
from rulespec.conformance.harness.records import CheckRecord
from rulespec.conformance.harness.spec import read_clauses
from rulespec.conformance.harness.verdict import Outcome

_NAME = re.compile(r"`([a-z][a-z0-9_]*)`")


def refused_legal(record: CheckRecord, among: Sequence[CheckRecord], error: dict[str, Any]) -> CheckRecord | None:
    """A check of the run that refused the field ``error`` names (its indices dropped) where no refusal was due: a
    legal value refused, then, wherever the field is refused on the way to another fault (None: there is none)."""
    field = error.get("field")
    if not isinstance(field, str):
        return None
    named = unindexed(field)
    return next(
        (o for o in among if o.game == record.game and o.outcome == Outcome.FAILED.value and _refused(o) == named),
        None,
    )


def mislabelled(record: CheckRecord, among: Sequence[CheckRecord]) -> bool:
    """Whether the run shows the refusal due here given under another rule's name (an IllegalAction citing it, or an
    InvalidState on a field of its: an unknown card refused as a bad ``card``, a missing order as a bad player name),
    and nothing else of that rule wrong: every failing check refused under that rule was due this very refusal (the
    same rule, or the same field), and no failing check involves that rule (none of its own checks, no two-fault
    request holding its fault too: an order misread). Then the refusal is made where this check's rule says, only
    named wrong (a burned debater's claim refused citing HIS-BONUS-2, not HIS-BONUS-1): this check's rule, not the
    one it names."""
    due, error = errors(record)
    if not among or due is None or error is None or due_key(due) is None or named_right(record, among, due):
        return False
    # an InvalidState given for it names the rule of its field (an unknown card refused as a bad ``card``)
    name = error.get("rule") if error.get("kind") == "IllegalAction" else cited(record.game, error, record)
    if not isinstance(name, str) or name == due.get("rule"):
        return False
    failing = [o for o in among if o.game == record.game and o.outcome == Outcome.FAILED.value]
    if any(name in o.rules for o in failing):
        return False  # that rule's own checks failed, or a request holding its fault too refused for it: an order
    for other in failing:
        wanted, given = errors(other)
        if given is not None and _named_rule(other, given) == name and due_key(wanted or {}) != due_key(due):
            return False
    return True


def named_right(record: CheckRecord, among: Sequence[CheckRecord], due: dict[str, Any]) -> bool:
    """Whether the run passed a vector due an InvalidState on the same field (indices dropped): that refusal is named
    right where it is made, so here another check fired first (a seeding of three refused as too long), no label."""
    if due.get("kind") != "InvalidState":
        return False
    cases = vector_cases(record.game)
    return any(
        (loaded := cases.get(case)) is not None
        and (error := loaded.case.error) is not None
        and due_key({"kind": error.kind, "field": error.field}) == due_key(due)
        for case in weighed(among).passed.get(record.game, frozenset[str]())
    )


def due_key(refusal: dict[str, Any]) -> tuple[str, str] | None:
    """What a refusal due is: an IllegalAction's rule, an InvalidState's field (its indices dropped)."""
    kind = refusal.get("kind")
    named = refusal.get("rule" if kind == "IllegalAction" else "field")
    if not (isinstance(kind, str) and isinstance(named, str)):
        return None
    return kind, named if kind == "IllegalAction" else unindexed(named)


def _named_rule(record: CheckRecord, given: dict[str, Any]) -> str | None:
    """The rule a refusal names: an IllegalAction's own, an InvalidState's field's (``cited``)."""
    if given.get("kind") == "IllegalAction":
        rule = given.get("rule")
        return rule if isinstance(rule, str) else None
    return cited(record.game, given, record)


def _may_refuse_under(key: str) -> dict[str, frozenset[str]]:
    """Each function of the game's reference to the rules a refusal on its way may cite (``cited_through``)."""
    return cited_through(str(Path(str(getattr(registry.game(key).reference, "__file__"))).parent))


def borrowed(record: CheckRecord) -> bool:
    """Whether the check got an ``IllegalAction`` under a rule no refusal on its operation's way in the reference
    cites, though another operation's does: a check of another operation made here (the red symbol asked of an
    exhaust ability, IMP-PLAY-2 of ``play_card``). Nothing of that rule's own operation is wrong; the check's own
    rule says what decides here (IMP-PLAY-3: the side shown has no bearing on exhausting)."""
    _, given = errors(record)
    rule = given.get("rule") if given is not None and given.get("kind") == "IllegalAction" else None
    reached = _may_refuse_under(record.game)
    own = reached.get(record.operation or "")
    elsewhere = any(rule in rules for name, rules in reached.items() if name != record.operation)
    return isinstance(rule, str) and own is not None and rule not in own and elsewhere


def errors(record: CheckRecord) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """The refusal a check was due and the one it got, each None where there is none."""
    expected: Any = record.expected
    got: Any = record.got
    due: Any = cast(dict[str, Any], expected).get("error") if isinstance(expected, dict) else None
    given: Any = cast(dict[str, Any], got).get("error") if isinstance(got, dict) else None
    return (due if isinstance(due, dict) else None), (given if isinstance(given, dict) else None)  # pyright: ignore[reportUnknownVariableType]


def _refused(record: CheckRecord) -> str | None:
    """The field (indices dropped) a check refused where no refusal was due; None for any other check."""
    due, given = errors(record)
    field = given.get("field") if due is None and given is not None else None
    return unindexed(field) if isinstance(field, str) else None


def cited(
    key: str, error: dict[str, Any], record: CheckRecord | None = None, among: Sequence[CheckRecord] = ()
) -> str | None:
    """The rule a refusal cites: an IllegalAction's own when the spec defines it (an implementation's word is taken
    for no other rule), an InvalidState's field's (as the reference refuses it in the check's request, ``probed``,
    else from the game's vectors). Where the game's suite reads a legal input refused under a rule as the answer of
    a reading it models (``blame.READS_ALIKE``: influence spent on the military cost first, IMP-PAY-2), that reading
    must answer every such refusal of the run under that rule (``among``): one it does not shows the refusals have
    another cause (a holding's bound read one off, citing the cover formula)."""
    if error.get("kind") == "IllegalAction" and isinstance(error.get("rule"), str):
        if error["rule"] not in rule_ids(key):
            return None
        rule = str(error["rule"])
        ruled = _ruled_legal(key, record, rule) if record is not None else None
        modelled = ruled in getattr(suite_blame(key), "READS_ALIKE", frozenset[str]())
        alike = (_ruled_legal(key, other, rule) for other in refused_under(record, among, rule)) if modelled else ()
        return ruled if ruled and all(found == ruled for found in alike) else rule
    if error.get("kind") == "InvalidState" and isinstance(error.get("field"), str):
        field = str(error["field"])
        due = errors(record)[0] if record is not None else None  # a fault due elsewhere, named a ruling's: not it
        found = ruling_named(key, field) if not isinstance(due, dict) or due.get("field") == field else None
        if found is not None:
            return found
        if record is not None and record.operation is not None:
            # a number the reference itself refuses out of range names its rule (a Copernicus entry's VP: the
            # ruling's, HIS-RULING-5), before the clause of its entry's kind
            found = (
                _named(key, at(record.request, field))
                or _ruled_legal(key, record, field)
                or probed(key, record.operation, json.dumps(record.request), json.dumps(record.rulings), field)
                or _kind_clause(key, record, field)
            )
        return found or field_rule(key, field)
    return None


def refused_under(record: CheckRecord | None, among: Sequence[CheckRecord], rule: str) -> list[CheckRecord]:
    """The run's other failures of the check's operation that refused a legal input citing ``rule``."""
    if record is None:
        return []
    return [
        other
        for other in among
        if other is not record
        and other.outcome == "failed"
        and (other.game, other.operation) == (record.game, record.operation)
        and errors(other)[0] is None
        and (errors(other)[1] or {}).get("rule") == rule
    ]


def _ruled_legal(key: str, record: CheckRecord, named: str) -> str | None:
    """Where no refusal was due, the clause the game's suite names as ruling the refused input legal (``blame.refused``,
    given the field or the rule the refusal named: a history total that won its turn, taken as recorded,
    HIS-RULING-8), beside the field's own range or the rule cited."""
    due, _ = errors(record)
    refused = getattr(suite_blame(key), "refused", None)
    if due is not None or refused is None or record.operation is None:
        return None
    rule = refused(record.operation, record.request, record.rulings, named)
    return rule if isinstance(rule, str) else None


def _kind_clause(key: str, record: CheckRecord, field: str) -> str | None:
    """A field of an entry that names its kind (``bonuses[0].debater`` of a ``disgraced_debater``), refused where no
    refusal was due or another was: the clause defining that kind, which says what such an entry holds, else the
    rule of the vectors refusing that field in entries of that kind (None: no kind, or the very refusal due)."""
    due, _ = errors(record)
    entry = field.rpartition(".")[0]
    if not entry or (due is not None and due.get("field") == field):
        return None
    kind = at(record.request, f"{entry}.kind")
    return _named(key, kind) or (kind_rules(key).get((unindexed(field), kind)) if isinstance(kind, str) else None)


@functools.cache
def _names(key: str) -> dict[str, str]:
    """Each wire name the spec writes (in backticks) in one clause alone, to that clause: the clause that defines it. A
    name the spec's vocabulary, before its first clause, writes (a suit, where a card is defined) is defined there."""
    path = registry.game(key).spec_path
    vocabulary = set(_NAME.findall(Path(path).read_text(encoding="utf-8").partition("\n### ")[0]))
    found: defaultdict[str, set[str]] = defaultdict(set)
    for clause in read_clauses(path):
        for name in _NAME.findall(clause.text):
            found[name].add(clause.id)
    return {name: clauses.pop() for name, clauses in found.items() if len(clauses) == 1 and name not in vocabulary}


def _named(key: str, value: Any) -> str | None:
    """The clause that defines a name the field holds (a Master of Italy entry refused as of an unknown kind fails
    HIS-BONUS-8, not the rule on kinds); None for a value that is no name the spec writes in one clause."""
    return _names(key).get(value) if isinstance(value, str) else None
