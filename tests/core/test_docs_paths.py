"""Docs that stand alone: every repository path README.md and docs/ cite (in backticks) is in the repository, and
every relative Markdown link leads to a file or folder that is there (relative to the page, as a reader follows it).

A path is a backticked word starting at one of the repository's own top-level entries (``spec/``,
``conformance/``, ``docs/``, ``noxfile.py``, ...); a placeholder (``spec/<game>.md``, ``*.json``) must match at
least one file. Seeds are cited by file name only, described in each spec's seed table, never by a folder.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests import REPO_ROOT

DOCS = sorted([REPO_ROOT / "README.md", REPO_ROOT / "CHANGELOG.md", *REPO_ROOT.joinpath("docs").rglob("*.md")])
TOP = sorted(path.name for path in REPO_ROOT.iterdir() if not path.name.startswith(".git")) + [".ci"]
_CITED = re.compile(r"`([^`\s]+)`")
_PLACEHOLDER = re.compile(r"<[^>]*>|\{[^}]*\}|\.\.\.|…")


def cited_paths(text: str) -> list[str]:
    """The backticked words of ``text`` that name a path in the repository (a test's ``::name`` and trailing
    punctuation dropped)."""
    found: list[str] = []
    for word in _CITED.findall(text):
        path = word.split("::")[0].rstrip(".,:;)")
        if ("/" in path or "." in path) and path.split("/")[0] in TOP:
            found.append(path)
    return found


def missing(word: str) -> bool:
    pattern = _PLACEHOLDER.sub("*", word).rstrip("/")
    if "*" in pattern:
        return not any(REPO_ROOT.glob(pattern))
    return not (REPO_ROOT / pattern).exists()


def test_every_path_the_docs_cite_is_in_the_repository() -> None:
    absent = [
        f"{doc.relative_to(REPO_ROOT)}: `{word}`"
        for doc in DOCS
        for word in cited_paths(doc.read_text())
        if missing(word)
    ]
    assert not absent, "paths cited but not in the repository:\n" + "\n".join(absent)


_LINK = re.compile(r"\]\(([^)\s]+)\)")


def broken_links(page: Path, text: str) -> list[str]:
    """The relative link targets of ``text`` (a Markdown page at ``page``) that lead nowhere from the page's folder."""
    targets = (found.split("#")[0] for found in _LINK.findall(text))
    return [target for target in targets if target and ":" not in target and not (page.parent / target).exists()]


def test_every_relative_link_leads_to_a_file_from_its_page() -> None:
    pages = [*DOCS, *sorted(REPO_ROOT.glob("examples/*/README.md"))]
    broken = [
        f"{page.relative_to(REPO_ROOT)}: ({target})"
        for page in pages
        for target in broken_links(page, page.read_text())
    ]
    assert not broken, "links that lead nowhere from their page:\n" + "\n".join(broken)


def test_the_link_check_follows_a_link_from_its_page() -> None:
    docs = REPO_ROOT / "docs" / "cli.md"
    text = "[ci](ci.md), [home](../README.md#install), [web](https://example.org/x), [twice](docs/ci.md), [a](#top)"
    assert broken_links(docs, text) == ["docs/ci.md"]


def test_no_doc_cites_a_seed_by_its_folder() -> None:
    cited = [
        f"{doc.relative_to(REPO_ROOT)}: {match.group(0)}"
        for doc in DOCS
        for match in re.finditer(r"[\w./-]*seeds/[\w./-]*", doc.read_text())
    ]
    assert not cited, "seeds are cited by file name only (each spec's seed table says what they are):\n" + "\n".join(
        cited
    )


def test_the_check_finds_a_path_that_is_not_there() -> None:
    words = cited_paths("see `conformance/vectors/soe/nope.json`, `spec/<game>.md`, `rulespec verify` and `x.toml`")
    assert words == ["conformance/vectors/soe/nope.json", "spec/<game>.md"]
    assert [missing(word) for word in words] == [True, False]
