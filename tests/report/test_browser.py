"""The compliance site in a real browser: built by ``verify --html`` from three implementations, opened in chromium.

The reference, a canary and the Node example run through ``rulespec verify --game soe ... --html``;
Debian's chromium (``/usr/bin/chromium``, driven by Playwright, nothing downloaded) opens the site and
the test uses it as a reader would: the matrix, the filter, the search and one failure's detail.
Runs in its own session, ``nox -s browser``, and in CI's ``nox -s all_tests`` (both set ``RULESPEC_BROWSER=1``);
the site and a screenshot stay under pytest's base temp (``build/browser/`` in ``browser``).
"""

from __future__ import annotations

import json
import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect, sync_playwright

from rulespec.conformance.harness.games import game
from rulespec.conformance.harness.records import CheckRecord
from rulespec.conformance.harness.report.implementations import Identity, Implementation
from rulespec.conformance.harness.report.site import build_site
from rulespec.conformance.harness.spec import read_clauses
from rulespec.conformance.harness.vectors import load_game
from tests import rulespec
from tests.canaries.soe import CANARIES

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not os.environ.get("RULESPEC_BROWSER"), reason="the browser test runs in nox -s browser (and CI's all_tests)"
    ),
]

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
CANARY = next(canary for canary in CANARIES if canary.name == "PopulationReachesTen")
RULES = [clause for clause in read_clauses(game("soe").spec_path)]
SITE_RULES = sorted({*CANARY.caught_on, "SOE-POP-1", "SOE-SCORE-2"})  # failed by the canary, and passed by all three
SHOWN = [clause for clause in RULES if clause.id in SITE_RULES]  # a run on some rules shows a row for each of them


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site ``verify --html`` writes for the reference, the canary and the Node example, on the canary's rule and
    two others: the site is what is tested here, not the implementations (a site of every rule, ten implementations
    and three games is below: ``test_three_games_and_ten_implementations_stay_usable``)."""
    if shutil.which("node") is None:
        pytest.fail("node is not installed: .ci/run installs Node.js where it is missing")
    out = tmp_path_factory.mktemp("site")
    ran = rulespec(
        *("verify", "--game", "soe", "--profile", "canary", *(f"--rule={rule}" for rule in SITE_RULES)),
        *("--impl", "reference=rulespec.reference.struggle_of_empires", "--impl", f"tests.canaries.soe:{CANARY.name}"),
        *("--cmd", "node examples/soe-node/impl.js", "--html", str(out), "--report-json", str(out / "report.json")),
        timeout=1800,
    )
    assert ran.returncode == 1, ran.stdout[-3000:] + ran.stderr[-3000:]  # the canary fails its gate; nothing else stops
    assert f"gate: {CANARY.name}: FAILED" in ran.stdout and "gate: reference: PASSED" in ran.stdout, ran.stdout[-3000:]
    return out


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.is_file():
        pytest.fail(f"{CHROMIUM} is missing: .ci/run installs Debian's chromium (apt-get install chromium)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()


def test_the_site_works_in_chromium(site: Path, browser: Browser) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    started = time.perf_counter()
    page.goto((site / "soe.html").as_uri(), wait_until="load")
    load_seconds = time.perf_counter() - started

    # the matrix: a row per rule run, a column per implementation
    rows = page.locator("tr.rule")
    expect(rows).to_have_count(len(SHOWN))
    expect(page.locator("table.matrix thead th.impl-col")).to_have_text(["reference", CANARY.name, "soe-node-example"])
    for rule in CANARY.caught_on:
        cells = page.locator(f'tr.rule[data-rule="{rule}"] td')
        expect(cells.nth(0)).to_have_class("verdict v-passed")
        expect(cells.nth(1)).to_have_class("verdict v-failed")
        expect(cells.nth(1)).to_contain_text("FAIL")  # the word, not only the colour

    # the filter: "failed" keeps exactly the rows with a failure, the canary's rules among them
    page.get_by_label("failed", exact=True).check()
    visible = [row.get_attribute("data-rule") for row in rows.all() if row.is_visible()]
    failing = [
        row.get_attribute("data-rule") for row in rows.all() if "failed" in (row.get_attribute("data-tokens") or "")
    ]
    assert visible == failing and set(CANARY.caught_on) <= set(visible) and len(visible) < len(SHOWN)
    expect(page.locator("#shown")).to_have_text(f"{len(visible)} of {len(SHOWN)} rules")
    page.get_by_label("all", exact=True).check()

    # the search, by rule ID and by a word of a title
    search = page.locator("#search")
    search.fill(CANARY.caught_on[0].lower())
    expect(page.locator("tr.rule:visible")).to_have_count(1)
    word = "population"
    search.fill(word)
    titled = [clause.id for clause in SHOWN if word in f"{clause.id} {clause.title}".lower()]
    assert 0 < len(titled) < len(SHOWN)
    expect(page.locator("tr.rule:visible")).to_have_count(len(titled))
    search.fill("")

    # one failure's detail: from the rule's link to the canary's failing check, shown in full
    rule = CANARY.caught_on[0]
    page.locator(f'tr.rule[data-rule="{rule}"] a.rule-id').click()
    detail = page.locator(f"details#rule-{rule}")
    expect(detail).to_have_attribute("open", "")
    detail.locator("table.checks td.v-failed a").first.click()
    failure = page.locator("section.failure:target")
    expect(failure).to_be_visible()
    expect(failure).to_contain_text(CANARY.name)
    expect(failure.locator("dt").first).to_be_visible()  # every field the check's record holds, each labelled

    screenshot = site / "soe-failure.png"
    page.screenshot(path=str(screenshot))
    page.goto((site / "soe.html").as_uri())
    page.screenshot(path=str(site / "soe-matrix.png"))
    assert all(url.startswith("file://") for url in requested), [u for u in requested if not u.startswith("file://")]
    size = sum(path.stat().st_size for path in site.rglob("*") if path.suffix in (".html", ".svg"))
    print(f"\nsite: {site / 'index.html'}; screenshots: {screenshot}, {site / 'soe-matrix.png'}")
    print(
        f"soe.html {(site / 'soe.html').stat().st_size / 1024:.0f} KiB, site {size / 1024:.0f} KiB, "
        f"loaded in {load_seconds:.2f} s"
    )


def test_the_badges_load_beside_the_pages(site: Path, browser: Browser) -> None:
    page = browser.new_page()
    page.goto((site / "index.html").as_uri())
    badges = page.locator("img[src^='badges/']")
    assert badges.count() == 3
    widths = [badge.evaluate("image => image.naturalWidth") for badge in badges.all()]
    assert all(isinstance(width, int) and width > 60 for width in widths), widths  # each SVG loaded and drawn


def _ten_implementations() -> list[Implementation]:
    """Ten implementations of all three games, a record per vector case each, with failures spread among them.

    Implementation k fails every case whose position is k modulo 13 and lacks one operation when k is odd:
    a site as large as the real suite makes, with details in every failure.
    """
    games = [game(key) for key in ("soe", "his", "imperium")]
    cases = [loaded for each in games for loaded in load_game(each)]
    found: list[Implementation] = []
    for k in range(10):
        missing = cases[k * 7 % len(cases)].operation if k % 2 else None
        records: list[CheckRecord] = []
        for index, loaded in enumerate(cases):
            nodeid = f"conformance/vectors/{loaded.game}/{loaded.path.name}::{loaded.case.id}"
            if loaded.operation == missing:
                outcome, detail = "not implemented", f"not implemented: impl-{k} does not offer {loaded.operation!r}"
            elif index % 13 == k:
                outcome = "failed"
                detail = f"result differs at $.scores[0]: {json.dumps(loaded.case.input, sort_keys=True)[:600]}"
            else:
                outcome, detail = "passed", ""
            records.append(CheckRecord(nodeid, loaded.game, "vector", loaded.case.rules, outcome, detail))
        identity = Identity(
            f"implementation-{k}", f"--cmd ./impl-{k}", f"{k}.0.0", "any", tuple(g.key for g in games), "ci", None, None
        )
        found.append(Implementation(identity, tuple(records)))
    return found


def test_three_games_and_ten_implementations_stay_usable(
    tmp_path_factory: pytest.TempPathFactory, browser: Browser
) -> None:
    out = tmp_path_factory.mktemp("large")
    games = [game(key) for key in ("soe", "his", "imperium")]
    build_site(out, games, _ten_implementations())
    rules = {each.key: len(read_clauses(each.spec_path)) for each in games}
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    for key in rules:
        started = time.perf_counter()
        page.goto((out / f"{key}.html").as_uri(), wait_until="load")
        loaded = time.perf_counter() - started
        expect(page.locator("tr.rule")).to_have_count(rules[key])
        expect(page.locator("table.matrix thead th.impl-col")).to_have_count(10)
        page.get_by_label("failed", exact=True).check()
        shown = page.locator("tr.rule:visible").count()
        assert 0 < shown <= rules[key]
        print(
            f"\n{key}: {rules[key]} rules x 10 implementations, "
            f"{(out / f'{key}.html').stat().st_size / 1024:.0f} KiB, loaded in {loaded:.2f} s"
        )
        assert loaded < 10, f"{key}.html took {loaded:.1f} s to load"
    page.goto((out / "his.html").as_uri())
    page.locator("nav a", has_text=game("imperium").title).click()  # a page per game, one click apart
    expect(page).to_have_url((out / "imperium.html").as_uri())
    page.screenshot(path=str(out / "imperium-ten.png"))
    print(f"total rules {sum(rules.values())}; screenshot {out / 'imperium-ten.png'}")
