"""pytest's JUnit XML, told what the gate knows: so a report viewer is red exactly when the gate is.

pytest writes a known failure as ``<failure>`` and every not-implemented check as a bare skip.
After the gate has judged the run, each known failure becomes ``<skipped type="rulespec.known-failure">``
with its reason, each not-implemented check a skip naming the operation (and the known gap's reason),
and the gate's own verdict is added as a testcase of its own (``rulespec.gate``), failed when the gate failed.
A run under declared rulings names them (``rulespec.rulings``), and each vector judged against the reference's
re-derived answer says so (``rulespec.rederived``).
The testsuites' counts are recounted from the testcases.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from pathlib import Path

from rulespec.conformance.harness import outputs
from rulespec.conformance.harness.gate.judge import GateResult, operation_of

GATE_CLASS, GATE_NAME = "rulespec", "gate"


def address(nodeid: str) -> tuple[str, str]:
    """(classname, name) of a node ID as pytest's junitxml writes them (``mangle_test_address``)."""
    path, bracket, params = nodeid.partition("[")
    names = path.split("::")
    names[0] = re.sub(r"\.py$", "", names[0].replace("/", "."))
    names[-1] += bracket + params
    return ".".join(names[:-1]), names[-1]


def _mark_skipped(case: ET.Element, kind: str, message: str) -> None:
    for child in [c for c in case if c.tag in ("failure", "error", "skipped")]:
        case.remove(child)
    skipped = ET.SubElement(case, "skipped", {"type": kind, "message": message})
    skipped.text = message


def _property(element: ET.Element, name: str, value: str) -> None:
    """A ``<property>`` of a testsuite or testcase, in its ``<properties>`` (made first when it has none)."""
    properties = element.find("properties")
    if properties is None:
        properties = ET.Element("properties")
        element.insert(0, properties)
    ET.SubElement(properties, "property", {"name": name, "value": value})


def _gate_case(gate: GateResult) -> ET.Element:
    case = ET.Element("testcase", {"classname": GATE_CLASS, "name": GATE_NAME, "time": "0"})
    counts = ", ".join(f"{n} {name}" for name, n in gate.counts.items() if n)
    if gate.passed:
        ET.SubElement(case, "system-out").text = f"gate: PASSED ({counts})"
    else:
        failure = ET.SubElement(case, "failure", {"message": f"gate: FAILED: {'; '.join(gate.reasons)}"})
        failure.text = "\n".join([*gate.reasons, f"({counts})"])
    return case


def _recount(suite: ET.Element) -> None:
    cases = suite.findall("testcase")
    suite.set("tests", str(len(cases)))
    for attribute, tag in (("failures", "failure"), ("errors", "error"), ("skipped", "skipped")):
        suite.set(attribute, str(sum(1 for case in cases if case.find(tag) is not None)))


def rewrite(path: Path, gate: GateResult, rulings: str = "", rederived: Mapping[str, str] | None = None) -> None:
    """Rewrite the JUnit XML at ``path`` (written by this run's pytest) with the gate's verdict; ``rulings``, when
    declared, is a property of the first testsuite (``domination_first_turn=5``), and each check whose expected
    answer was re-derived under them (``rederived``: node ID -> how) carries a ``rulespec.rederived`` property."""
    tree = ET.parse(path)
    root = tree.getroot()
    suites = [root] if root.tag == "testsuite" else root.findall("testsuite")
    known = {address(record.nodeid): entry.reason for record, entry in gate.expected}
    gaps = {address(record.nodeid): (operation_of(record), gap.reason) for record, gap in gate.gaps}
    unlisted = {address(record.nodeid): operation_of(record) for record in gate.unlisted_gaps}
    derived = {address(nodeid): how for nodeid, how in (rederived or {}).items()}
    for suite in suites:
        for case in suite.findall("testcase"):
            where = (case.get("classname", ""), case.get("name", ""))
            if where in derived:
                _property(case, "rulespec.rederived", derived[where])
            if where in known:
                _mark_skipped(case, "rulespec.known-failure", f"known failure: {known[where]}")
            elif where in gaps:
                operation, reason = gaps[where]
                _mark_skipped(
                    case, "rulespec.not-implemented", f"not implemented: {operation or 'an operation'} ({reason})"
                )
            elif where in unlisted:
                message = f"not implemented: {unlisted[where] or 'an operation'} (no known gap lists it)"
                _mark_skipped(case, "rulespec.not-implemented", message)
    if suites:
        if rulings:
            _property(suites[0], "rulespec.rulings", rulings)
        suites[0].append(_gate_case(gate))
        for suite in suites:
            _recount(suite)
    outputs.write_text(path, ET.tostring(root, encoding="utf-8", xml_declaration=True).decode("utf-8"))
