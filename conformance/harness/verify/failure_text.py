"""A failed check in the implementer's terms: the rule broken, what was asked and answered as JSON, every difference.

The same text is the terminal's failure section and the JUnit failure message. It holds
no Python reprs and no harness frames: a user in any language reads it, and can paste the
request into their own test.

The failures section is grouped by rule: pytest prints one section per failed test, and a rule that
fails in ten checks would fill a screen with ten near-copies. The first is enough to act on; the others
are one line each beneath it (the JSON report keeps every one). The further failures leave pytest's list
only while it prints that section: its short summary and its counts still see every failure.
"""

from __future__ import annotations

import json
import re
import shutil
import textwrap
from collections import Counter
from collections.abc import Callable, Generator, Iterable, Mapping
from functools import cache
from typing import Any

import pytest

from rulespec.conformance.harness.blame import blamed_rule
from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.gate.judge import check_id
from rulespec.conformance.harness.per_rule import first_failing
from rulespec.conformance.harness.records import CheckRecord
from rulespec.conformance.harness.rules import clause_text
from rulespec.conformance.harness.spec import read_clauses
from rulespec.conformance.harness.verdict import answered_twice, as_json, describe

INDENT = "  "
MIN_SHOWN = 20  # characters of JSON kept however narrow the terminal
CUT = "chars)"  # the end of a cut line: "… (1,046 chars)"
CUT_NOTE = f"{INDENT}(JSON cut to fit: whole in --report-json and --save-failures DIR)"


def terminal_width() -> int:
    """The terminal's columns: ``COLUMNS`` first (a worker process has no terminal of its own: the controller sets it
    for them, plugin.py), else the terminal's, else 80 as rich takes a pipe to be."""
    return shutil.get_terminal_size(fallback=(80, 24)).columns


def fitted(label: str, text: str, width: int) -> list[str]:
    """``label`` and a line of JSON, cut to ``width`` with its length and where the whole is said. A label so long
    that less than ``MIN_SHOWN`` characters of JSON would fit beside it (``request to may_play_copernicus_or_servetus``
    at 80 columns) has the JSON on the line below, indented once more: no line passes ``width``."""
    line = f"{INDENT}{label}: {text}"
    if len(line) <= width:
        return [line]
    tail = f"… ({len(text):,} {CUT}"
    lead = f"{INDENT}{label}: "
    if width - len(lead) - len(tail) < MIN_SHOWN:
        lead, head = INDENT * 2, [f"{INDENT}{label}:"]
        if len(lead) + len(text) <= width:
            return [*head, lead + text]
    else:
        head = []
    keep = max(MIN_SHOWN, width - len(lead) - len(tail))
    return [*head, f"{lead}{text[:keep]}{tail}"]


def wrapped(text: str, width: int, hanging: str = INDENT * 2) -> list[str]:
    """``text`` (its own leading indent kept) wrapped at spaces to ``width``, the lines after the first hanging; a word
    is never broken (a check ID, a JSON path): one longer than the line (a request line of the wire, with no space
    in it) is cut, an ellipsis saying where; the report keeps it whole."""
    indent = text[: len(text) - len(text.lstrip(" "))]
    flat = " ".join(text.split())
    lines = textwrap.wrap(
        flat,
        width,
        initial_indent=indent,
        subsequent_indent=indent + hanging,
        break_long_words=False,
        break_on_hyphens=False,
    ) or [indent]
    return [cut(line, width) for line in lines]


def clause_prose(clause: str, rule: str | None) -> str:
    """A clause as a failure quotes it: each of its tables left for ``rulespec rules`` to show (wrapped onto the
    failure's lines, a table's rows run together as one line of bars)."""
    if not rule:
        return clause
    pointer = f"[a table: rulespec rules {rule}]"
    return " ".join(part if isinstance(part, str) else pointer for part in clause_text.parts(clause))


def first_sentence(text: str) -> str:
    """The first sentence of a docstring, on one line."""
    flat = " ".join(text.split())
    match = re.match(r"(.+?[.!?])(\s|$)", flat)
    return match.group(1) if match else flat


def headline(record: CheckRecord, blamed: str, width: int) -> list[str]:
    """A failure section's first lines: the check, the rule it fails, the rules it involves."""
    verb = "fails" if record.outcome == "failed" else "errs on"
    others = [rule for rule in dict.fromkeys((record.primary_rule, *record.involved)) if rule and rule != blamed]
    involved = f" (also involves {', '.join(others)})" if others else ""
    # the check by the ID an expectations file and `rulespec explain` take; its whole node ID is in --report-json
    return wrapped(f"{check_id(record)} {verb} {blamed}{involved}", width)


@cache
def clause_texts(key: str) -> dict[str, str]:
    """Each clause of the game's spec, by ID, as the spec writes it."""
    return {clause.id: clause.text for clause in read_clauses(game(key).spec_path)}


def rule_lines(record: CheckRecord, rule: str, width: int) -> list[str]:
    """The clause of the rule a failure is blamed on, quoted: the one to fix, which is the check's own (its
    expectation's) unless the answer shows better. None for a vector: a worked example, `rulespec rules ID` prints
    its clause."""
    text = record.clause if rule == record.primary_rule else clause_texts(record.game).get(rule, "")
    if not text or record.kind == "vector":
        return []
    return wrapped(f"{INDENT}rule {rule}: {clause_prose(text, rule)}", width)


def failure_text(record: CheckRecord, vector: Mapping[str, object] | None = None, width: int | None = None) -> str:
    """The failure section of one failed (or errored) check; its JSON lines cut to ``width`` (the terminal's).

    Written as the check ends, it blames the check on its own evidence; the run's, once every check has ended, may
    name the rule better (``GroupedFailures`` then mends the headline)."""
    width = width or terminal_width()
    blamed = blamed_rule(record)  # the rule the table fails: maybe better than the primary
    lines = headline(record, blamed, width)
    if record.statement:
        lines += wrapped(f"{INDENT}property: {record.statement}", width)
    lines += rule_lines(record, blamed, width)
    if record.detail and not record.differences:  # the differences below say it, path by path
        lines += wrapped(f"{INDENT}why: {record.detail}", width)
    if record.operation is not None:
        lines += fitted(f"request to {record.operation}", as_json(record.request), width)
        lines += fitted("rulings", as_json(record.rulings), width)
    if record.differences or record.expected is not None:
        lines += fitted("expected", as_json(record.expected), width)
        lines += fitted("got", as_json(record.got), width)
    if len(record.differences) == 1:
        lines += wrapped(f"{INDENT}difference: {describe(record.differences[0])}", width)
    elif record.differences:
        lines.append(f"{INDENT}differences ({len(record.differences)}):")
        for difference in record.differences:
            lines += wrapped(f"{INDENT * 2}{describe(difference)}", width)
    if vector is not None:  # --save-failures DIR keeps it (the note below says so)
        lines += fitted("as a vector", json.dumps(vector, ensure_ascii=False), width)
    if any(line.endswith(CUT) for line in lines):
        lines.append(CUT_NOTE)
    return "\n".join(lines)


def closing_summary(records: Iterable[CheckRecord], width: int | None = None, shown: int = 10) -> list[str]:
    """After the table: a line per rule that failed (or erred), with its first failing check (``first_failing``) and
    why."""
    width = width or terminal_width()
    records = list(records)
    failures = [record for record in records if record.outcome in ("failed", "error")]
    first = first_failing([record for record in failures if record.primary_rule], records)
    ruleless = [record for record in failures if not record.primary_rule]  # the process as it stopped: of no rule
    if not first and not ruleless:
        return []
    lines = (
        wrapped(f"{len(first)} rule(s) did not pass; the first failing check of each (all: --report-json):", width)
        if first
        else []
    )
    for rule, record in list(first.items())[:shown]:
        # the check's ID whole, never broken; why, cut to what the line has left (or below it)
        lines += named_why(f"{INDENT}{rule}:", check_id(record), _why(record), width)
    if len(first) > shown:
        lines.append(f"{INDENT}... and {len(first) - shown} more rules")
    lines += [cut(f"{check_id(record)}: {record.outcome}: {_why(record)}", width) for record in ruleless]
    twice = sum(answered_twice(record.outcome, record.detail) for record in failures)
    if twice:  # the failures say where the state shows; this says what kind of slip it is
        said = f"{twice} failed check(s) got two answers to one request (non-determinism): state kept between calls?"
        lines += wrapped(f"{said} Each is judged on the answer that breaks its rule.", width)
    return lines


def cut(line: str, width: int) -> str:
    """One line cut to ``width``, never wrapped: an ellipsis says where."""
    return line if len(line) <= width else line[: max(width - 1, 0)] + "…"


def named_why(lead: str, check: str, why: str, width: int) -> list[str]:
    """``lead check: why`` on one line when it fits; else why on a line below, cut to the width; and when the check
    does not fit beside the lead either, the check (whole, never broken) on a line of its own between them."""
    one = f"{lead} {check}: {why}"
    if len(one) <= width:
        return [one]
    step = " " * (len(lead) - len(lead.lstrip()) + len(INDENT) * 2)
    if len(lead) + len(check) + 2 <= width:
        return [f"{lead} {check}:", cut(f"{step}{why}", width)]
    return [lead, f"{step}{check}:", cut(f"{step}{INDENT}{why}", width)]


def again_text(record: CheckRecord, blamed: str, width: int | None = None) -> str:
    """A further failure of a rule already shown in full: its first difference cut to the width (the report holds the
    rest)."""
    width = width or terminal_width()
    verb = "fails" if record.outcome == "failed" else "errs on"
    why = describe(record.differences[0]) if record.differences else " ".join(record.detail.split())
    return "\n".join(named_why(f"{INDENT}also {verb} {blamed}:", check_id(record), why, width))


def _why(record: CheckRecord) -> str:
    """Why a check did not pass, in a line: its first difference, or what it says (an error says so)."""
    why = describe(record.differences[0]) if record.differences else " ".join(record.detail.split())
    return why if record.outcome == "failed" else f"(error) {why}"


AGAIN_SHOWN = 3  # further failures of one rule told under its first; the rest are counted (a misreading reaches many)


class GroupedFailures:
    """Folds a rule's further failures into its first while pytest prints the failures section."""

    def __init__(self, records: Callable[[], list[CheckRecord]]) -> None:
        self._records = records
        self.hidden: list[pytest.TestReport] | None = None  # the whole list, while pytest sees the folded one

    @pytest.hookimpl(wrapper=True, tryfirst=True)  # outermost: before pytest prints the section
    def pytest_terminal_summary(self, terminalreporter: Any) -> Generator[None]:
        failed: list[pytest.TestReport] = terminalreporter.stats.get("failed", [])
        records = self._records()
        by_node = {record.nodeid: record for record in records}
        # the records' order, not the order the checks finished in (which the load and the workers decide): each rule's
        # first section and its "also" lines read alike from run to run
        place = {record.nodeid: n for n, record in enumerate(records)}
        ordered = sorted(failed, key=lambda report: place.get(report.nodeid, len(place)))
        judged = [by_node[report.nodeid] for report in ordered if report.nodeid in by_node and report.longrepr]
        heads = {record.nodeid for record in first_failing(judged, records).values()}  # as the closing summary's
        groups: dict[str, list[tuple[pytest.TestReport, CheckRecord]]] = {}  # each rule's, at its first's place
        kept: list[pytest.TestReport | str] = []
        for report in ordered:
            record = by_node.get(report.nodeid)
            if record is not None:
                # no "[gw1] linux -- Python 3.11.7 /path/to/python" line atop a check's section: which worker ran
                # it is pytest-xdist's business (pytest prints it for a report that names its worker node)
                vars(report).pop("node", None)
            if record is None or report.longrepr is None:
                kept.append(report)
                continue
            blamed, before = blamed_rule(record, records), blamed_rule(record)  # the run's evidence, and the record's
            if isinstance(report.longrepr, str) and blamed != before:
                width = terminal_width()
                for lines in (headline, rule_lines):  # the rule failed, and the clause quoted for it
                    written, mended = ("\n".join(lines(record, rule, width)) for rule in (before, blamed))
                    if written:
                        report.longrepr = report.longrepr.replace(written, mended, 1)
            if blamed not in groups:
                groups[blamed] = []
                kept.append(blamed)
            groups[blamed].append((report, record))
        first: dict[str, pytest.TestReport] = {}
        folded: Counter[str] = Counter()  # further failures of each rule, told a line each up to AGAIN_SHOWN
        for blamed, members in groups.items():
            head = next((report for report, record in members if record.nodeid in heads), members[0][0])
            first[blamed] = head
            for report, record in members:
                if report is not head:
                    folded[blamed] += 1
                    if folded[blamed] <= AGAIN_SHOWN:
                        head.longrepr = f"{head.longrepr}\n{again_text(record, blamed)}"
        for rule, count in folded.items():
            if count > AGAIN_SHOWN:
                more = f"{INDENT}... and {count - AGAIN_SHOWN} more failing checks of {rule} (all in --report-json)"
                first[rule].longrepr = f"{first[rule].longrepr}\n" + "\n".join(wrapped(more, terminal_width()))
        shown = [first[entry] if isinstance(entry, str) else entry for entry in kept]
        if shown != failed:
            self.hidden = ordered  # put back whole for pytest's counts and short summary, in the records' order too
            terminalreporter.stats["failed"] = shown
        try:
            return (yield)
        finally:
            self.pytest_terminal_summary_restore(terminalreporter)

    # a second implementation of the same hook (pytest reads only names that start with pytest_)
    @pytest.hookimpl(specname="pytest_terminal_summary", trylast=True)
    def pytest_terminal_summary_restore(self, terminalreporter: Any) -> None:
        """Innermost: once pytest has printed the failures section, before its short summary and counts."""
        if self.hidden is not None:
            terminalreporter.stats["failed"] = self.hidden
            self.hidden = None
