"""The static site: an overview page, a page per game with the rules x implementations matrix, and badges.

Nothing is fetched at view time: styles and script are inlined, badges are files beside the pages.
Every text that comes from an implementation or a report (names, versions, check details) goes
through Jinja's autoescaping, so a hostile report cannot put markup or script into the page. A
failed vector whose record does not carry its question and answer (a report written before records
carried them) is shown with them from the vector file, labelled so (``suite_fields``): what the
implementation answered is the record's alone.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

import jinja2
import msgspec

from rulespec import SUITE_ROOT
from rulespec.conformance.harness import outputs
from rulespec.conformance.harness.games import Game
from rulespec.conformance.harness.records import CheckRecord, declared_text
from rulespec.conformance.harness.report.implementations import Implementation
from rulespec.conformance.harness.report.matrix import (
    Column,
    GameMatrix,
    badge_markdown,
    column_badge,
    game_matrix,
    look,
)
from rulespec.conformance.harness.report.story import (
    SITE_LOOKS,
    gate_story,
    human_duration,
    rule_status,
    shown_outcome,
    shown_rank,
    shown_totals,
)
from rulespec.conformance.harness.spec import Clause, rulings_bearing_on
from rulespec.conformance.harness.vectors import LoadedCase, load_game
from rulespec.conformance.harness.verdict import describe

TEMPLATES = Path(__file__).parent / "templates"
# A check record's fields that the page shows in a check's heading; every other field is shown as it is.
_HEADING_FIELDS = {"nodeid", "game", "kind", "rules", "outcome"}
# The filter's choices: the verdicts each one shows (a rule is shown when any implementation has one).
FILTERS = {
    "all": (),
    "failed": ("failed", "error"),
    "implicated": ("implicated",),
    "not implemented": ("not implemented", "partial", "unchecked", "known gap"),
    "known": ("known failure", "known gap"),
}


def token(status: str) -> str:
    """A verdict as a CSS class and filter token: ``not implemented`` -> ``not-implemented``."""
    return re.sub(r"[^a-z0-9]+", "-", status.lower()).strip("-")


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "implementation"


def badge_names(implementations: Sequence[Implementation]) -> list[str]:
    """A file-name stem per implementation, distinct even when two names slug alike."""
    taken: set[str] = set()
    stems: list[str] = []
    for implementation in implementations:
        stem, n = slug(implementation.name), 2
        while stem in taken:
            stem, n = f"{slug(implementation.name)}-{n}", n + 1
        taken.add(stem)
        stems.append(stem)
    return stems


def check_label(record: CheckRecord) -> str:
    """A check's node ID without the suite's folders: ``score_region.json::soe-tie-3``."""
    return re.sub(r"^conformance/(vectors|invariants)/[^/]+/", "", record.nodeid)


def shown_value(value: object) -> str:
    """A record field as text: strings as they are, anything else as indented JSON (never a Python repr)."""
    if isinstance(value, str):
        return value
    return json.dumps(msgspec.to_builtins(value), indent=2, sort_keys=True, ensure_ascii=False)


def record_fields(record: CheckRecord) -> list[tuple[str, str]]:
    """Every field a check record has beyond its heading (detail, request, expected, got, ...), non-empty ones."""
    shown: list[tuple[str, str]] = []
    for item in fields(record):
        value = getattr(record, item.name)
        if item.name in _HEADING_FIELDS or value is None or value == "" or value == () or value == []:
            continue
        if item.name == "differences":
            text = "\n".join(describe(difference) for difference in record.differences)
        elif item.name == "duration":
            text = human_duration(record.duration)
        else:
            text = shown_value(value)
        shown.append((item.name.replace("_", " "), text))
    return shown


def cases_by_nodeid(game: Game) -> dict[str, LoadedCase]:
    """Every vector case of the game under the node ID its check has in a report."""
    return {f"{loaded.path.relative_to(SUITE_ROOT).as_posix()}::{loaded.case.id}": loaded for loaded in load_game(game)}


def _json(value: object) -> str:
    return json.dumps(msgspec.to_builtins(value), indent=2, sort_keys=True, ensure_ascii=False)


def suite_fields(record: CheckRecord, cases: dict[str, LoadedCase]) -> list[tuple[str, str]]:
    """The case's operation, request, rulings and expected answer.

    Only when the record does not carry them (an older report).
    """
    if record.request is not None or record.nodeid not in cases:
        return []
    loaded = cases[record.nodeid]
    case = loaded.case
    expected = _json(case.output) if case.error is None else _json(case.error)
    return [
        ("operation (from the vector file)", f"{loaded.operation}: {case.description}"),
        ("request (from the vector file)", _json(case.input)),
        ("rulings (from the vector file)", _json(case.rulings)),
        ("expected (from the vector file)", expected),
    ]


@dataclass(frozen=True)
class Cell:
    status: str
    symbol: str
    word: str
    fraction: str


def _cell(column: Column, rule: str) -> Cell:
    row = column.by_rule.get(rule)
    if row is None:
        return Cell("unchecked", look("unchecked").symbol, "not run", "")
    status = rule_status(column, rule, row.status)
    shown = SITE_LOOKS.get(status) or look(status)
    passed = row.vectors["passed"] + row.invariants["passed"]
    return Cell(status, shown.symbol, shown.word, f"{passed}/{row.checks}" if row.checks else "")


def _rule_detail(
    clause: Clause,
    columns: Sequence[Column],
    ids: Sequence[str],
    failures: dict[tuple[int, str], dict[str, Any]],
    cases: dict[str, LoadedCase],
) -> dict[str, Any]:
    """A rule's checks: a row per check, an outcome per implementation, each non-passing one linked to its detail.

    A check's detail is kept once per implementation in ``failures``, however many rules the check names.
    """
    checks: dict[str, dict[str, Any]] = {}
    linked: list[dict[str, Any]] = []
    gates = [column.gate for column in columns]
    for index, column in enumerate(columns):
        for record in column.implementation.records:
            if clause.id not in record.rules:
                continue
            row = checks.setdefault(
                record.nodeid, {"label": check_label(record), "kind": record.kind, "rules": record.rules, "cells": {}}
            )
            anchor = None
            outcome = shown_outcome(record, gates[index])
            if record.outcome != "passed":
                failure = failures.get((index, record.nodeid))
                if failure is None:
                    failure = {
                        "anchor": f"f-{ids[index]}-{len(failures)}",
                        "implementation": column.implementation.name,
                        "label": row["label"],
                        "kind": record.kind,
                        "rules": record.rules,
                        "outcome": outcome,
                        "token": token(outcome),
                        "fields": [*record_fields(record), *suite_fields(record, cases)],
                    }
                    failures[(index, record.nodeid)] = failure
                anchor = failure["anchor"]
                linked.append(failure)
            # a vector judged against the reference's answer under the declared rulings says so
            note = f"re-derived under {declared_text([record])}" if record.rederived else ""
            row["cells"][index] = {"outcome": outcome, "token": token(outcome), "anchor": anchor, "note": note}
    linked.sort(key=lambda failure: shown_rank(failure["outcome"]))
    return {"checks": list(checks.values()), "failures": linked}


def _implementation_view(column: Column, stem: str, game_key: str) -> dict[str, Any]:
    identity = column.implementation.identity
    return {
        "name": identity.name,
        "subject": identity.subject,
        "version": identity.version,
        "language": identity.language,
        "profile": identity.profile,
        "seed": identity.seed,
        "stamp": identity.stamp,
        "verdict": "passed" if column.gate.passed else "failed",
        "gate": gate_story(column),
        "badge_markdown": badge_markdown(game_key, column, f"badges/{stem}-{game_key}.svg", f"{game_key}.html"),
        "passed_rules": column.passed_rules,
        "rules": len(column.verification.tallies),
        "totals": [  # "4 known failures": the known ones are things, the others outcomes ("4 failed")
            (outcome, f"{n} {outcome}{'s' if n != 1 and outcome.startswith('known') else ''}")
            for outcome, n in shown_totals(column).items()
        ],
        "badge": f"badges/{stem}-{game_key}.svg",
        "rulings": declared_text(column.implementation.records, game_key),  # "" unless rulings were declared
        "rederived": sum(1 for record in column.implementation.records if record.rederived and record.game == game_key),
    }


def game_page(matrix: GameMatrix, stems: dict[str, str]) -> dict[str, Any]:
    """What the game's page shows, as plain values for the template."""
    ids = [stems[column.implementation.name] for column in matrix.columns]
    cases = cases_by_nodeid(matrix.game)
    failures: dict[tuple[int, str], dict[str, Any]] = {}
    rows: list[dict[str, Any]] = []
    for clause in matrix.clauses:
        cells = [_cell(column, clause.id) for column in matrix.columns]
        rows.append(
            {
                "clause": clause,
                "cells": cells,
                "tokens": " ".join(sorted({token(cell.status) for cell in cells})),
                "search": f"{clause.id} {clause.title}".lower(),
                "rulings": rulings_bearing_on(clause, matrix.clauses),
                **_rule_detail(clause, matrix.columns, ids, failures, cases),
            }
        )
    return {
        "game": matrix.game,
        "implementations": [
            _implementation_view(c, stems[c.implementation.name], matrix.game.key) for c in matrix.columns
        ],
        "rows": rows,
        "failures": sorted(
            failures.values(),
            key=lambda failure: (shown_rank(failure["outcome"]), failure["implementation"], failure["label"]),
        ),
    }


def _environment() -> jinja2.Environment:
    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    environment.filters["token"] = token
    return environment


def build_site(out: Path, games: Sequence[Game], implementations: Sequence[Implementation]) -> list[Path]:
    """Write ``index.html``, ``<game>.html`` per game and ``badges/<implementation>-<game>.svg`` under ``out``."""
    names = [implementation.name for implementation in implementations]
    repeated = sorted({name for name in names if names.count(name) > 1})
    if repeated:
        raise ValueError(f"implementation names must differ; given more than once: {', '.join(repeated)}")
    stems = dict(zip(names, badge_names(implementations), strict=True))
    matrices = [game_matrix(game, implementations) for game in games]
    matrices = [matrix for matrix in matrices if matrix.columns]
    if not matrices:
        raise ValueError("the reports hold no checks of any known game")
    environment = _environment()
    nav = [{"key": m.game.key, "title": m.game.title, "href": f"{m.game.key}.html"} for m in matrices]
    common = {"nav": nav, "looks": SITE_LOOKS, "filters": FILTERS}
    site = outputs.make_folder(out)
    badges = outputs.make_folder(site / "badges")
    written: list[Path] = []
    pages = [game_page(matrix, stems) for matrix in matrices]
    index = environment.get_template("index.html.j2").render(pages=pages, current="index", **common)
    written.append(outputs.write_text(site / "index.html", index))
    for matrix, page in zip(matrices, pages, strict=True):
        html = environment.get_template("game.html.j2").render(page=page, current=matrix.game.key, **common)
        written.append(outputs.write_text(site / f"{matrix.game.key}.html", html))
        for column in matrix.columns:
            name = f"{stems[column.implementation.name]}-{matrix.game.key}.svg"
            written.append(outputs.write_text(badges / name, column_badge(matrix.game.key, column)))
    return written
