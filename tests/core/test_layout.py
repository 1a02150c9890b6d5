"""The harness's layout: one folder per capability over a core that imports none of them, with no cycles."""

from __future__ import annotations

import ast
import re
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

from tests import REPO_ROOT

HARNESS = REPO_ROOT / "conformance" / "harness"
PACKAGE = "rulespec.conformance.harness"
CORE_MODULES = {
    "outputs",
    "per_rule",
    "profiles",
    "records",
    "rulings",
    "schema",
    "spec",
    "subject",
    "vector_writer",
    "vectors",
    "vetted",
    "verdict",
    "vocabulary",
}
CAPABILITIES = {
    "bundle",
    "coverage",
    "diff",
    "gate",
    "inference",
    "mutation",
    "plugged",
    "report",
    "rules",
    "schemas",
    "symbolic",
    "typecheck",
    "verify",
    "wire",
}
CORE_FOLDERS = {"games", "blame"}  # the core's own ideas that take more than a module: the registry, the blame
MAX_LINES = 300


def _module_name(path: Path) -> str:
    parts = path.relative_to(REPO_ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports() -> dict[str, set[str]]:
    """Every harness module and the harness modules it imports (a ``from pkg import mod`` counts as ``pkg.mod``)."""
    modules = {_module_name(path): path for path in HARNESS.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module:
                found.add(node.module)
                found.update(f"{node.module}.{alias.name}" for alias in node.names)
        graph[name] = {target for target in found if target in modules and target != name}
    return graph


def _unit(module: str) -> str:
    """The capability a module belongs to, or ``core``."""
    parts = module.removeprefix(PACKAGE).strip(".").split(".")
    return parts[0] if parts[0] in CAPABILITIES else ("cli" if parts[0] == "cli" else "core")


def test_the_top_level_holds_only_the_cli_and_the_core() -> None:
    top = {path.stem for path in HARNESS.glob("*.py")}
    assert top == {"__init__", "cli"} | CORE_MODULES
    folders = {path.name for path in HARNESS.iterdir() if path.is_dir() and (path / "__init__.py").exists()}
    assert folders == CAPABILITIES | CORE_FOLDERS


def test_every_capability_says_what_it_is() -> None:
    for capability in CAPABILITIES:
        doc = ast.get_docstring(ast.parse((HARNESS / capability / "__init__.py").read_text(encoding="utf-8")))
        assert doc and "Entry point" in doc, f"{capability}/__init__.py: say what it reads, gives, and its entry points"


def test_the_core_imports_no_capability_and_nothing_imports_the_cli() -> None:
    for module, targets in _imports().items():
        for target in targets:
            assert _unit(target) != "cli", f"{module} imports the CLI, which only dispatches"
            if _unit(module) == "core":
                assert _unit(target) == "core", f"core module {module} imports {target} (a capability)"


def test_modules_and_capabilities_import_each_other_without_cycles() -> None:
    graph = _imports()
    units: dict[str, set[str]] = {}
    for module, targets in graph.items():
        units.setdefault(_unit(module), set()).update(_unit(t) for t in targets if _unit(t) != _unit(module))
    for name, edges in (("modules", graph), ("capabilities", units)):
        try:
            TopologicalSorter(edges).prepare()
        except CycleError as cycle:
            raise AssertionError(f"import cycle among {name}: {' -> '.join(cycle.args[1])}") from None


def test_no_module_is_two_ideas_long_or_named_for_nothing() -> None:
    for path in HARNESS.rglob("*.py"):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        assert lines <= MAX_LINES, f"{path.relative_to(REPO_ROOT)}: {lines} lines; split it by idea"
        assert path.stem not in {"utils", "helpers", "common", "misc"}, (
            f"{path.relative_to(REPO_ROOT)}: name it for what it holds"
        )


MIN_LINES = 40  # below this, a module read by one other is part of that one's idea
ENTRY_FILES = {"__init__", "__main__"}


def test_no_module_is_a_fragment_of_its_only_importer() -> None:
    graph = _imports()
    importers: dict[str, set[str]] = {}
    for module, targets in graph.items():
        for target in targets:
            if target != module and not module.startswith(f"{target}."):  # a package's own modules don't count
                importers.setdefault(target, set()).add(module)
    for path in HARNESS.rglob("*.py"):
        if path.stem in ENTRY_FILES:
            continue
        lines = len(path.read_text(encoding="utf-8").splitlines())
        readers = importers.get(_module_name(path), set())
        assert lines >= MIN_LINES or len(readers) != 1, (
            f"{path.relative_to(REPO_ROOT)}: {lines} lines read only by {next(iter(readers))}: it belongs there"
        )


def _documented(package: Path) -> str:
    return ast.get_docstring(ast.parse((package / "__init__.py").read_text(encoding="utf-8"))) or ""


def test_every_package_docstring_names_each_of_its_modules() -> None:
    for package in [HARNESS, *(folder for folder in HARNESS.iterdir() if (folder / "__init__.py").exists())]:
        doc = _documented(package)
        names = {path.stem for path in package.glob("*.py") if path.stem not in ENTRY_FILES}
        names |= {folder.name for folder in package.iterdir() if (folder / "__init__.py").exists()}
        missing = sorted(name for name in names if f"``{name}``" not in doc and f"``{name}/``" not in doc)
        assert not missing, f"{package.relative_to(REPO_ROOT)}/__init__.py: say what {', '.join(missing)} hold(s)"


def test_the_architecture_page_matches_the_tree() -> None:
    page = (REPO_ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    for capability in CAPABILITIES | CORE_FOLDERS:
        assert f"`{capability}/`" in page, f"docs/architecture.md: the capability {capability}/ is missing"
    for module in CORE_MODULES:
        assert f"`{module}`" in page, f"docs/architecture.md: the core module {module} is missing"
    for cited in sorted(set(re.findall(r"conformance/harness/[\w/]+\.py", page))):
        assert (REPO_ROOT / cited).is_file(), f"docs/architecture.md cites {cited}, which does not exist"
    for folder in sorted(set(re.findall(r"`([a-z_]+)/`", page)) & {p.name for p in HARNESS.iterdir()}):
        assert (HARNESS / folder / "__init__.py").is_file(), f"docs/architecture.md names {folder}/, not a package"


TOP_LEVEL_IMPORT = re.compile(r"^\s*(?:from|import)\s+(reference|conformance)\b", re.MULTILINE)


def test_everything_imports_through_the_one_namespace() -> None:
    """The wheel installs only ``rulespec``: an import of ``reference`` or ``conformance`` works in a checkout alone."""
    roots = ("reference", "conformance", "tests", "bench", "examples")
    sources = [path for root in roots for path in (REPO_ROOT / root).rglob("*.py") if "node_modules" not in path.parts]
    found = [
        f"{path.relative_to(REPO_ROOT)}: {match.group(0).strip()}"
        for path in [*sources, REPO_ROOT / "noxfile.py"]
        for match in TOP_LEVEL_IMPORT.finditer(path.read_text(encoding="utf-8"))
    ]
    assert not found, "import through rulespec. instead:\n" + "\n".join(found)
