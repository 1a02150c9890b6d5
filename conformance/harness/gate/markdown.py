"""The gate's verdict as Markdown, fit for a CI step summary (GitHub's ``$GITHUB_STEP_SUMMARY``)."""

from __future__ import annotations

import os
from pathlib import Path

from conformance.harness.gate.judge import GateResult, check_id
from conformance.harness.gate.stamp import Stamp
from conformance.harness.per_rule import Verification
from conformance.harness.wire.untrusted import markdown_text

SHOWN = 30  # rows per list: a summary is read, not searched


def _cell(text: str) -> str:
    return markdown_text(text[:200])  # untrusted text (an implementation's answer) shows as itself


def render(label: str, gate: GateResult, verification: Verification, stamp: Stamp) -> str:
    mark = "✅ gate passed" if gate.passed else "❌ gate failed"
    lines = [f"## rulespec: {_cell(label)} — {mark}", ""]
    lines += ["| " + " | ".join(gate.counts) + " |", "|" + " --- |" * len(gate.counts)]
    lines += ["| " + " | ".join(str(n) for n in gate.counts.values()) + " |", ""]
    lines += [f"- {reason}" for reason in gate.reasons]
    if gate.unexpected:
        lines += ["", "### Unexpected failures", "", "| check | rules | detail |", "| --- | --- | --- |"]
        lines += [
            f"| `{_cell(check_id(r))}` | {', '.join(r.rules)} | {_cell(r.detail)} |" for r in gate.unexpected[:SHOWN]
        ]
    if gate.fixed:
        lines += ["", "### Known failures that now pass", ""]
        lines += [f"- {_cell(known.target)}: {_cell(known.reason)}" for known in gate.fixed[:SHOWN]]
    if gate.expected:
        lines += ["", f"<details><summary>Expected failures ({len(gate.expected)})</summary>", ""]
        lines += [f"- `{_cell(check_id(r))}`: {_cell(known.reason)}" for r, known in gate.expected[:SHOWN]]
        lines += ["", "</details>"]
    troubled = [t for t in verification.tallies if t.status != "passed"]
    if troubled:
        lines += ["", f"<details><summary>Rules not passed ({len(troubled)} of {len(verification.tallies)})</summary>"]
        lines += ["", "| rule | clause | status |", "| --- | --- | --- |"]
        lines += [f"| {t.rule} | {_cell(t.title)} | {t.status} |" for t in troubled[:SHOWN]]
        lines += ["", "</details>"]
    if gate.stamp_changes:
        lines += ["", "**The expectations were written against another suite or toolset:**", ""]
        lines += [f"- {_cell(change)}" for change in gate.stamp_changes]
    lines += ["", f"<sub>suite {stamp.suite} · rules {stamp.rules} · profile {stamp.profile}"]
    lines[-1] += f" · seed {stamp.seed or 'none'} · " + ", ".join(f"{k} {v}" for k, v in stamp.tools.items()) + "</sub>"
    return "\n".join(lines) + "\n"


def publish(markdown: str, path: Path) -> list[Path]:
    """Write the summary to ``path`` and append it to ``$GITHUB_STEP_SUMMARY`` when that is set."""
    path.write_text(markdown, encoding="utf-8")
    written = [path]
    step_summary = os.environ.get("GITHUB_STEP_SUMMARY")
    if step_summary:
        with open(step_summary, "a", encoding="utf-8") as summary:
            summary.write(markdown)
        written.append(Path(step_summary))
    return written
