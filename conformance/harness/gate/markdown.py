"""The gate's verdict as Markdown, fit for a CI step summary (GitHub's ``$GITHUB_STEP_SUMMARY``).

The rules that did not pass come worst first (failed, error, implicated, partial, not
implemented, unchecked), each failed rule with the differing paths of its first failing
check. A list is never cut silently: past ``SHOWN`` rows it says how many more there are.
Text that comes from the implementation (its answers, its messages) is escaped, so it
can neither break the table nor inject Markdown or HTML.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from pathlib import Path

from rulespec.conformance.harness import outputs
from rulespec.conformance.harness.blame import blamed_rule
from rulespec.conformance.harness.gate.judge import GateResult, check_id
from rulespec.conformance.harness.gate.stamp import Stamp
from rulespec.conformance.harness.outputs import markdown_text
from rulespec.conformance.harness.per_rule import ERROR, FAILED, PASSED, Verification, first_failing
from rulespec.conformance.harness.records import CheckRecord
from rulespec.conformance.harness.verdict import describe

SHOWN = 30  # rows per list: a summary is read, not searched
PATHS_SHOWN = 10  # differing paths per failed rule; the JSON report holds them all
_PUNCTUATION = re.compile(r"([!-/:-@\[-`{-~])")


def _cell(text: str) -> str:
    """Text in a table cell: one line, inert in Markdown (a title is ours, but a rule ID from a report may not be)."""
    return markdown_text(" ".join(text.split())[:200])


def escaped(text: str, limit: int = 300) -> str:
    """Text from an implementation, inert in Markdown: one line, every ASCII punctuation mark backslash-escaped."""
    flat = " ".join(text.split())
    cut = flat[:limit] + ("…" if len(flat) > limit else "")
    return _PUNCTUATION.sub(r"\\\1", cut)


def _more(shown: int, total: int, what: str) -> list[str]:
    return ["", f"... and {total - shown} more {what}"] if total > shown else []


def _paths(record: CheckRecord) -> str:
    found = [escaped(describe(difference), 160) for difference in record.differences[:PATHS_SHOWN]]
    if len(record.differences) > PATHS_SHOWN:
        found.append(f"... and {len(record.differences) - PATHS_SHOWN} more")
    return "<br>".join(found) or escaped(record.detail)


def _rules_not_passed(
    verification: Verification, failures: Sequence[CheckRecord], records: Sequence[CheckRecord]
) -> list[str]:
    troubled = [t for t in verification.worst_first() if t.status != PASSED]
    if not troubled:
        return []
    first = first_failing(failures, records)
    lines = ["", f"### Rules not passed ({len(troubled)} of {len(verification.tallies)})", ""]
    lines += ["| rule | clause | status | first failing check | differences |", "| --- | --- | --- | --- | --- |"]
    for tally in troubled[:SHOWN]:
        failing = first.get(tally.rule) if tally.status in (FAILED, ERROR) else None
        check = f"`{_cell(check_id(failing))}`" if failing else ""
        lines.append(
            f"| {tally.rule} | {_cell(tally.title)} | {tally.status} | {check} | {_paths(failing) if failing else ''} |"
        )
    return lines + _more(SHOWN, len(troubled), "rules")


def render(
    label: str, gate: GateResult, verification: Verification, stamp: Stamp, records: Sequence[CheckRecord]
) -> str:
    mark = "✅ gate passed" if gate.passed else "❌ gate failed"
    lines = [f"## rulespec: {_cell(label)} — {mark}", ""]
    lines += ["| " + " | ".join(gate.counts) + " |", "|" + " --- |" * len(gate.counts)]
    lines += ["| " + " | ".join(str(n) for n in gate.counts.values()) + " |", ""]
    lines += [f"- {reason}" for reason in gate.reasons]
    lines += _rules_not_passed(verification, [*gate.unexpected, *(record for record, _ in gate.expected)], records)
    if gate.unexpected:
        lines += [
            "",
            "### Unexpected failures",
            "",
            "| check | fails | involves | differences |",
            "| --- | --- | --- | --- |",
        ]
        lines += [
            f"| `{_cell(check_id(r))}` | {blamed_rule(r, records)} | {', '.join(r.involved)} | {_paths(r)} |"
            for r in gate.unexpected[:SHOWN]
        ]
        lines += _more(SHOWN, len(gate.unexpected), "unexpected failures (all in --report-json)")
    if gate.fixed:
        lines += ["", "### Known failures that now pass", ""]
        lines += [f"- {_cell(known.target)}: {_cell(known.reason)}" for known in gate.fixed[:SHOWN]]
        lines += _more(SHOWN, len(gate.fixed), "known failures that now pass")
    if gate.expected:
        lines += ["", f"<details><summary>Expected failures ({len(gate.expected)})</summary>", ""]
        lines += [f"- `{_cell(check_id(r))}`: {_cell(known.reason)}" for r, known in gate.expected[:SHOWN]]
        lines += _more(SHOWN, len(gate.expected), "expected failures")
        lines += ["", "</details>"]
    if gate.stamp_changes:
        lines += ["", "**The expectations were written against another suite or toolset:**", ""]
        lines += [f"- {_cell(change)}" for change in gate.stamp_changes]
    lines += ["", f"<sub>suite {stamp.suite} · rules {stamp.rules} · profile {stamp.profile}"]
    lines[-1] += f" · seed {stamp.seed or 'none'} · " + ", ".join(f"{k} {v}" for k, v in stamp.tools.items()) + "</sub>"
    return "\n".join(lines) + "\n"


def publish(markdown: str, path: Path) -> list[Path]:
    """Write the summary to ``path`` (its folder made when missing) and append it to ``$GITHUB_STEP_SUMMARY``
    when that is set (the step's summary is the job's, other steps append to it too)."""
    outputs.make_folder(path.parent)
    written = [outputs.write_text(path, markdown)]
    step_summary = os.environ.get("GITHUB_STEP_SUMMARY")
    if step_summary:
        written.append(outputs.append_text(Path(step_summary), markdown))
    return written
