"""Which rule a failing check is blamed on: the one it fails; the others it involves are only implicated.

Every check has one primary rule (``CheckRecord.primary_rule``), the one its expected value
comes from. A failing check fails the rule it is blamed on (``blamed_rule``) and only implicates the
other rules it involves: one wrong field never smears a failure over every rule a vector names. The
blame is the primary rule, except where the answer says better which rule went wrong:

- first, one slip showing in every answer of an operation: a result field missing or of another type, the clause the
  spec's table names for it (``shapes``: ``collapse_card`` left out fails IMP-COLLAPSE-1); one exception thrown in
  several rules' checks, the clause with a sentence on the field its requests have empty (``crashes``, ``sentences``); a
  name the spec calls a name like any other answered wrong, that clause (``names``: `__proto__`, SOE-GAME-2);
- a request refused past the fault due first, that fault accepted alone elsewhere in the run (``unchecked``): as
  that acceptance, its check never made (a negative piracy count fails HIS-SPECIAL-1, not the electorates' clause);
- a refusal due answered by the refusal of a check the spec puts after it, where a clause states the order of the two
  (``suite``: ``blame.ordered`` in the game's invariants package): that clause (an unknown card refused as not in
  play fails IMP-EXHAUST-4, not the IMP-STATE-1 of the card's field);
- a legal input refused, or an input refused under a rule the check does not involve: the rule the refusal cites (an
  ``IllegalAction``'s), or the clause defining the name the field holds (a Master of Italy entry refused as of no known
  kind fails HIS-BONUS-8), else the rule of the field an ``InvalidState`` names (a ruling's field: that ruling's clause;
  else the rule the reference cites refusing that field of the same request, its number put out of range (``probed``):
  an entry's VP is its kind's clause; else the rule of the game's vectors that refuse that field, in an entry of that
  kind where the entry has one, else that field in another place: ``control[].markers`` of ``region`` for that of
  ``regions[]``; ``fields``, ``refusals``), so a legal 9 refused fails the rule on populations and not each vector's
  own; a fault refused for another of the check's rules: the misreading that refuses it so (below), so a legal 7 players
  refused before each fault fails the rule on player counts, else, where the run refuses that field in legal inputs too,
  the blame of those refusals; a refusal that was due made under another rule's name, the run showing nothing else of
  that rule (``refusals.mislabelled``): the rule of the refusal due (``due``), so a burned debater's claim refused
  citing HIS-BONUS-2 fails HIS-BONUS-1; a due refusal made under a rule the run refuses legal inputs of the same
  operation under too: the blame of those refusals (a surplus refused as not covering, as legal payments are); an
  ``IllegalAction`` under a rule the operation never refuses under (``refusals.borrowed``: the red symbol of IMP-PLAY-2
  asked of an exhaust ability): the check's own rule, since the cited rule's own operation is untouched;
- an answer the reference gives under one other reading of a single ruling (the implementation's answer is the
  reference's with ``unfriendly_tie`` ``next_place`` where the check asked ``below_tie``): that ruling's clause, so a
  misread ruling fails its own clause and not every rule whose checks run under it (``switches``), unless a misreading
  of the reference answering so fails checks of the run asked at that ruling's default too (``weighed``): the lead
  compared with the leader itself answers as a larger margin does, and is HIS-WIN-5's; asked at the ruling's default,
  that clause too where the run shows the ruling read off another ruling's field (each failure it explains played the
  alternative one value of that field gives, two values giving two alternatives: ``markerless_scores`` read from
  ``zero_unrest_penalised``: ``switches.read_elsewhere``), or where the run shows the ruling's test misplayed at every
  value (under the default as one other alternative, under a third otherwise: the replacement's suit never read,
  ``misplayed``);
- an answer whose first differing step the game's suite names (``suite``: ``blame.decided`` in the game's invariants
  package: a second-highest unrest penalty of 3 fails SOE-UNREST-4 in every standings list it spreads to); where it
  names several, one of which the step is, the one of them that most of the run's other failures are named for (each a
  step the suite names alone), then the one the most other sets it names hold, else the first (the time limit given on
  turn 9 for a standard victory: the order of HIS-WIN-1, unless the run shows the standard victory missed before turn 9
  too, HIS-WIN-2);
- a composite answer (``run_phase``: score sheets, each a list of lines) differing inside a line whose ``source`` names
  a step of the reference (``electorates``), wherever else it differs (its totals, its verdict): the clause that step's
  docstring names first (``steps``), so a wrong electorates line fails HIS-SPECIAL-2 and not the phase's HIS-VP-1;
- a composite answer whose steps are operations of their own (``end_war``), where no misreading answers so, the run
  showing exactly one step it runs wrong (its operations answering otherwise, every other step asked and passed) and
  every difference lying in what that step writes: the clause that step's failures are most often blamed on, a ruling's
  clause asked at its default left out (``composed``), so forts left out of the gold paid fail the maintenance clauses
  in ``end_war`` too, not SOE-SEQ-1; and, before anything else, such a composite refused on one side (a later step's
  check made on the state the wrong step left): that step's clause, so draws refused as too few for a treasury counted
  on an income paid once per region fail SOE-INCOME-1, not SOE-MAINT-5;
- otherwise, and before a refusal's own word, weighed against the run (``among``, once: ``kept``): the clause of one
  misreading of the reference (``edits``, of one node: ``nodes``; a bound one off, ``<`` for ``<=``, a total taken as
  its first term or its count, a term of a sum left out, a sum read otherwise as a whole (counts as the kinds held, a
  cost taken off its first term alone: ``sums``), all that tie taken as the first, entries built onto one shared
  object, a place advanced by one where a group covers several, a walk begun one past its first item, the best of
  some entries taken over every entry (the tied behind the turn's leader dropped), a power's line filed under another
  power, a sequence extended at its other end or with its items by their names, a pile taken from its other end
  (``ends``), a refusal's field with its index added or dropped, a condition left out, two checks taken in the other
  order, a kept check's answer included where its neighbour does not read it: ``reordered``; a value passed to a
  helper taken as another of its kind that the caller holds, the acquired card for its replacement: ``arguments``; a
  published list copied with one member left out or typed as another, the clause publishing it, and a label given to
  a call typed as another member of its enumeration, the clause its ``class`` line names: ``tables``) that
  answers as the implementation did and that no vector the run passed refutes (``misread``), so a player ranked only
  from 2 markers fails SOE-SCORE-2 and not each scoring vector's own rule, legal draws refused because taxations were
  rounded down fail SOE-MAINT-3, not the SOE-MAINT-5 the refusal cites, and a play's kind refused before its claim
  fails HIS-PLAY-1 (an order's vectors are each primary to the fault refused first).
  Misreadings of two clauses that fit alike: those explaining the most failures of the run, then the one that misreads a
  bound's strictness (``>`` for ``>=``, or exactly one read as at least one: the comparison's clause, not that of a
  value it reads typed one off or cut to its first), then the one inside a helper the other's function calls (the
  domination test misread, not the phase's case for it left out), else none. A misreading in a step or a part of a
  guard that reads a ruling (``ruled``) beside a rule misreads the ruling only where another of its alternatives
  answers so, the check asked off the ruling's default or being the ruling's own (under the default the rule states
  the reading: the other alternative played there fails SOE-UNREST-4, not SOE-RULING-7), and no failure it explains
  asked the ruling at its default (one marker read as two fails SOE-SCORE-2, though one answer is another
  ``non_player_rank``'s); a formula no alternative gives (a tied group a place high) is the rule's;
- an illegal input accepted (a result where a refusal was due): the refusal's rule (the one an ``IllegalAction`` due
  cites, else the check's own: a check playing turns of several operations is primary to what it tracks), unless the
  one misreading that accepts it so, weighed as above, misreads a ruling another alternative of which answers so (a
  religious victory's guard taking the spaces in unrest off whatever the ruling fails HIS-RULING-9, not the
  HIS-SPECIAL-8 it cites; an engine without refusals fails the rule of each refusal it lacks), or its operation's
  failures are confined to one alternative of a ruling (below: ``any`` opening the debaters' claims fails HIS-RULING-6,
  not HIS-BONUS-1), or the game's suite names the clause asking for the refusal where the answer shows it for sure
  (``blame.accepted``: a play not allowed answered by ``run_phase`` as the phase without it fails HIS-PLAY-2);
- where no misreading answers so, an operation whose every failure in the run, over several rules' checks, was asked
  under one alternative of a ruling other than its default (never a ruling the implementation declared it plays: every
  check is asked so), the ruling's other alternatives passing its vectors: that ruling's clause
  (``switches.confined``), before the line or the refused field that shows it, so the nation card counted as drawn
  under ``hand`` fails IMP-RULING-1 and not the three shuffle rules whose invariants drew ``hand``, and spaces in
  unrest counted twice under ``counted`` fail HIS-RULING-9, not the track's line (HIS-SPECIAL-7) or the spaces refused
  past its end (HIS-SPECIAL-8);
- last, for a check asked under a ruling's default, where the run shows two readings of that one ruling swapped (here
  the other one answers so, and under the other the default does, over two rules' checks or more, no third reading
  shown): the ruling read the other way round (``switches.swapped``), so ``vp_floor`` read backwards fails
  SOE-RULING-11 and not every standing's rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from rulespec.conformance.harness.blame.composed import composed_step
from rulespec.conformance.harness.blame.crashes import crash_rule
from rulespec.conformance.harness.blame.due import accepted, due_action, labelled
from rulespec.conformance.harness.blame.edits import by_name
from rulespec.conformance.harness.blame.misplayed import misplayed
from rulespec.conformance.harness.blame.misread import inside_another, refuted
from rulespec.conformance.harness.blame.names import named_clause
from rulespec.conformance.harness.blame.refusals import borrowed, mislabelled, refused_legal, refused_under
from rulespec.conformance.harness.blame.refusals import cited as refusal_rule
from rulespec.conformance.harness.blame.sentences import scoped
from rulespec.conformance.harness.blame.shapes import misfit_clause
from rulespec.conformance.harness.blame.steps import first_step
from rulespec.conformance.harness.blame.suite import ordered_for
from rulespec.conformance.harness.blame.switches import (
    confined,
    read_elsewhere,
    ruling_clauses,
    ruling_explaining,
    swapped,
    switched,
)
from rulespec.conformance.harness.blame.unchecked import passed_over
from rulespec.conformance.harness.blame.weighed import decided, explanations, weighed
from rulespec.conformance.harness.games import REGISTRY
from rulespec.conformance.harness.records import CheckRecord
from rulespec.conformance.harness.verdict import Outcome


def blamed_rule(record: CheckRecord, among: Sequence[CheckRecord] = ()) -> str:
    """The rule a check's failure is blamed on: its primary rule unless the answer names a better one.

    ``among``: the run's records, against which a misreading of the reference (``_misread``) and a misread ruling
    (``switches``) are weighed; without them, or with no vector passed among them, no misreading is trusted, a
    misread ruling is taken at its word, and the other evidence decides."""
    primary = record.primary_rule
    if record.outcome not in (Outcome.FAILED.value, Outcome.ERROR.value) or record.game not in REGISTRY:
        return primary
    if (shaped := misfit_clause(record, among) or named_clause(record, among)) is not None:
        return shaped  # a field of the result not of its type, or a name answered wrong: the clause saying so
    if record.outcome == Outcome.ERROR.value:
        return crash_rule(record, among) or primary
    expected, got = record.expected, record.got
    passed = _passed(record, among)
    error: Any = got.get("error") if isinstance(got, dict) else None  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType]
    due_refusal = isinstance(expected, dict) and "error" in expected
    if (isinstance(error, dict) or due_refusal) and (step := composed_step(record, among, blamed_rule)) is not None:
        return step  # a composite refused, or not, on the state of the one step the run shows wrong
    if isinstance(error, dict) and expected is not None:
        if due_refusal and (over := passed_over(record, among)) is not None:  # never checked, not checked late
            return blamed_rule(over, among)
        if due_refusal and (stated := ordered_for(record)) is not None:  # the clause stating the two's order
            return stated
        cited = refusal_rule(record.game, error, record, among)  # pyright: ignore[reportUnknownArgumentType]
        # a legal input refused, or a refusal under a rule the vector does not involve (a two-fault vector names both)
        if cited and (not due_refusal or cited not in record.rules):
            return (
                _ruled(record, among, passed)
                or (read_elsewhere(record, among, passed) if among else None)
                or _misread(record, among, cited not in record.rules)
                or _confined(record, among)
                or swapped(record, among, passed)
                or (labelled(record) if due_refusal and mislabelled(record, among) else None)
                or (primary if borrowed(record) else None)
                or (_refused_alike(record, among, cast(dict[str, Any], error)) if due_refusal else None)
                or cited
            )
        # refused for another of the check's own rules: a misread bound on the way (a legal count refused before
        # the fault is reached) is that bound's, a check moved the order's (``reordered``); a field the run
        # refuses in legal inputs too is blamed as those refusals are; else the check's
        if not due_refusal:
            return primary
        legal = refused_legal(record, among, cast(dict[str, Any], error))
        return _misread(record, among, True) or (blamed_rule(legal, among) if legal else None) or primary
    if record.differences and not due_refusal:
        misread = _misread(record, among)
        return (
            (misplayed(record, among, passed) if among else None)
            or _ruled(record, among, passed)
            or (read_elsewhere(record, among, passed) if among else None)
            or decided(record, among)
            or (None if misread else _confined(record, among))  # a reading of the ruling, not of the step it feeds
            or first_step(record)
            or misread
            or composed_step(record, among, blamed_rule)
            or swapped(record, among, passed)
            or primary
        )
    if record.differences and error is None:  # an illegal input accepted: the refusal's own rule, but for a ruling
        # misread (a whole check left out accepts every input it refuses: an omission, not a misreading of its clauses)
        misread = _misread(record, among)
        ruled = misread if misread in switched(record) else _confined(record, among)
        return ruled or accepted(record, among) or due_action(record) or primary
    return primary


def _ruled(record: CheckRecord, among: Sequence[CheckRecord], passed: frozenset[str]) -> str | None:
    """The clause of the ruling another reading of which answers so (``switches.ruling_explaining``), unless a
    misreading of the reference answers so too and fails checks asked at that ruling's default: the margin compared
    with the leader itself answers as a larger margin does, but also fails the default's checks (HIS-WIN-5's)."""
    clause = ruling_explaining(record, passed)
    if clause is None or not among:
        return clause
    run = weighed(among)
    fits = [name for name, _ in explanations(record) if not refuted(record.game, name, passed)]
    return None if any(clause in run.defaulted[name] for name in fits) else clause


def _refused_alike(record: CheckRecord, among: Sequence[CheckRecord], error: dict[str, Any]) -> str | None:
    """Where a due refusal was made under a rule the run also refuses legal inputs under, in the same operation: the
    blame of those refusals (a surplus refused as not covering, where legal payments are refused so too)."""
    rule = error.get("rule")
    legal = next(iter(refused_under(record, among, rule)), None) if isinstance(rule, str) else None
    return blamed_rule(legal, among) if legal is not None else None


def _confined(record: CheckRecord, among: Sequence[CheckRecord]) -> str | None:
    """The clause of the ruling the run's failures of this operation were all asked under (``switches.confined``)."""
    return confined(record, among, _passed(record, among)) if among else None


def _passed(record: CheckRecord, among: Sequence[CheckRecord]) -> frozenset[str]:
    """The vector cases of the check's game the run passed (none without the run)."""
    return weighed(among).passed.get(record.game, frozenset[str]()) if among else frozenset[str]()


def _misread(record: CheckRecord, among: Sequence[CheckRecord], misrefused: bool = False) -> str | None:
    """The clause of the misreading of the reference that answers as the implementation did (``misread``).

    Of the misreadings that explain this answer, those a vector the run passed refutes are dropped. One that may
    misread several clauses (its function states them all: a threshold two clauses state from either side) misreads
    the one that the most failing checks it explains are primary to, else, where its clauses each state the order for
    their own faults, this check's own (the rulings checked late), else the first named; one whose failures are all
    the checks of one other rule is dropped too (a failure confined to one rule's checks stays that rule's), unless
    it misreads a ruling the check asked off its default, or a clause the check involves where the answer is a
    refusal due otherwise (``misrefused``: citing a rule the check does not involve, or a two-fault vector's other
    fault): an order's vectors are each primary to the fault refused first, never to the clause stating the order.
    Then the one clause left names the blame, else the clause of those explaining the most failures, if one."""
    passed = _passed(record, among)
    if not passed:
        return None  # a misreading is trusted only where the vectors the run passed may refute it
    run = weighed(among)
    own = {
        name: max(
            rules, key=lambda rule: (run.primaries[name][rule], _due_first(record, name, rule), -rules.index(rule))
        )
        for name, stated in explanations(record)
        if not refuted(record.game, name, passed) and (rules := _stating(record, stated, run.defaulted[name]))
    }
    # a misreading whose failures are all one other rule's checks is no evidence against that rule's own
    kept = {rule for rule, asked_default in switched(record).items() if not asked_default}
    kept |= set(record.rules) if misrefused else set()
    own = {
        name: rule
        for name, rule in own.items()
        if len(run.primaries[name]) >= 2 or rule in {*run.primaries[name], *kept}
    }
    if len(set(own.values())) <= 1:
        return next(iter(own.values()), None)
    most = max(sum(run.primaries[name].values()) for name in own)
    best = [name for name in own if sum(run.primaries[name].values()) == most]
    clauses = scoped(record.game, record.operation, {own[name] for name in best})  # the clause naming its operation
    # alike: a bound's strictness misread (``>`` for ``>=``) is the bound's, before a value one off that it reads
    compared = {own[name] for name in best if (found := by_name(record.game, name)) and found[1].compares}
    clauses = compared if len(clauses) > 1 and len(compared) == 1 else clauses
    inner = {own[name] for name in best if inside_another(record.game, name, best)}  # a helper's test, not its caller's
    clauses = inner if len(clauses) > 1 and len(inner) == 1 else clauses
    return clauses.pop() if len(clauses) == 1 else None


def _due_first(record: CheckRecord, name: str, rule: str) -> bool:
    """Whether ``rule`` is this check's own fault where the misreading's clauses each state the order for their own
    faults (the rulings checked late: each ruling's vector its own clause)."""
    found = by_name(record.game, name)
    return found is not None and found[1].each and rule == record.primary_rule


def _stating(record: CheckRecord, rules: tuple[str, ...], defaulted: set[str]) -> tuple[str, ...]:
    """Of the clauses a misreading may misread, those that state this answer's reading: a ruling's clause where
    another of its alternatives answers so, asked off its default (rounding up where ``up`` was not the default
    asked); under the default, the clauses stating the default's reading, the ruling's own checks (their primary
    rule) apart: a port playing the other alternative under the default fails the ruling in the checks pinning it
    and the clause it contradicts in the others. Without another alternative answering so, the rules beside the
    ruling (a tied group scored one place high answers as no alternative of ``unfriendly_tie`` does: the scoring
    rule's)."""
    switches = {rule: asked_default for rule, asked_default in switched(record).items() if rule in rules}
    alternatives = [rule for rule, asked_default in switches.items() if not (asked_default or rule in defaulted)]
    if alternatives:
        return tuple(alternatives)
    if switches.get(record.primary_rule):
        return (record.primary_rule,)
    rulings = ruling_clauses(record.game)
    return tuple(rule for rule in rules if rule not in rulings) or rules
