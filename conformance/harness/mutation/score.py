"""Judging a mutation run: which mutants the suite killed, which are equivalent, the score per module.

A mutant that survives is either a hole in the suite (kill it with a vector or an
invariant) or equivalent: no correct check can tell it from the reference. Equivalents
are recorded in ``conformance/mutation/equivalent.toml``, each with its reason:

- ``[[equivalent]]``: one mutant, by module, function and the lines it changes (stable
  across unrelated edits, unlike mutmut's numbering);
- ``[[category]]``: a named class of mutants recognised here by their shape. The only one
  is ``refusal-diagnostics``: the mutant changes nothing but the prose ``reason`` of an
  ``IllegalAction``, or the ``value``, ``reason`` or cited ``rule`` of an ``InvalidState`` (or
  of ``refuse``, the games' helper that builds one with the same arguments), or a value that reaches
  nothing else: a local name or a helper's parameter read only into those arguments (``mutation_flow``).
  The suite judges a refusal by its kind and its field or rule (docs/architecture.md), so these cannot
  be killed: an ``InvalidState`` is judged on its field, an ``IllegalAction`` on its rule.

A category applies only while the file lists it, so removing the entry makes its mutants
count as survivors again.
"""

from __future__ import annotations

import ast
import difflib
import re
import tomllib
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from rulespec import SUITE_ROOT
from rulespec.conformance.harness.mutation.flow import Flow, Function

EQUIVALENTS_FILE = SUITE_ROOT / "conformance" / "mutation" / "equivalent.toml"
REFUSAL_DIAGNOSTICS = "refusal-diagnostics"
CAUGHT = frozenset({"killed", "timeout", "segfault", "caught by type check"})  # mutmut statuses the suite caught
MUTMUT = "mutmut"  # the kind of mutmut's own mutants; structural.py writes the order and condition kinds
# positional and keyword arguments of a refusal that the suite does not judge
_DIAGNOSTIC_ARGS: dict[str, tuple[frozenset[int], frozenset[str]]] = {
    "IllegalAction": (frozenset({1}), frozenset({"reason"})),
    # InvalidState(field, value, reason, rule): judged by its field alone, the rule it cites is a pointer for people
    "InvalidState": (frozenset({1, 2, 3}), frozenset({"value", "reason", "rule"})),
    "refuse": (frozenset({1, 2, 3}), frozenset({"value", "reason", "rule"})),  # the games' one-line InvalidState
}
# the arguments each InvalidState-building refusal needs: with fewer, the call raises TypeError, which a check can see
_REQUIRED_ARGS = {"InvalidState": 3, "refuse": 4}
REFERENCE_FLOW = Flow(SUITE_ROOT.parent, _DIAGNOSTIC_ARGS)  # names reaching only diagnostics, across reference/
_MUTANT_NAME = re.compile(r"^(?P<module>.+)\.(?:x_|xǁ(?P<cls>[^ǁ]+)ǁ)(?P<function>.+)__mutmut_\d+$")


@dataclass(frozen=True)
class Equivalent:
    module: str
    function: str
    changes: tuple[str, ...]  # the diff's -/+ lines, stripped
    reason: str


@dataclass(frozen=True)
class Equivalents:
    mutants: tuple[Equivalent, ...]
    categories: dict[str, str]  # name -> reason


@dataclass(frozen=True)
class Mutant:
    name: str
    module: str
    function: str
    status: str  # mutmut's status
    diff: str
    equivalent: str | None  # the recorded reason, when it is equivalent
    kind: str = MUTMUT

    @property
    def killed(self) -> bool:
        return self.status in CAUGHT

    @property
    def survived(self) -> bool:
        return not self.killed and self.equivalent is None


def load_equivalents(path: Path) -> Equivalents:
    """The recorded equivalents; each needs a reason, and an entry naming no change is refused."""
    if not path.exists():
        return Equivalents((), {})
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    mutants: list[Equivalent] = []
    for index, entry in enumerate(data.get("equivalent", [])):
        changes = changed_lines(str(entry.get("diff", "")))
        if not changes or not entry.get("reason") or not entry.get("module") or not entry.get("function"):
            raise ValueError(f"{path}: equivalent[{index}] needs module, function, a diff with -/+ lines, and a reason")
        mutants.append(Equivalent(entry["module"], entry["function"], changes, entry["reason"]))
    categories = {str(c["name"]): str(c["reason"]) for c in data.get("category", [])}
    unknown = set(categories) - {REFUSAL_DIAGNOSTICS}
    if unknown:
        raise ValueError(f"{path}: unknown categories {sorted(unknown)}; known: {REFUSAL_DIAGNOSTICS}")
    return Equivalents(tuple(mutants), categories)


def changed_lines(diff: str) -> tuple[str, ...]:
    """A diff's removed and added lines, stripped of indentation and of a trailing comment: a comment added to the
    reference's line (a clause's ID for blame) leaves the mutant and its recorded equivalence the same."""
    return tuple(
        line[0] + _code(line[1:]).strip()
        for line in diff.splitlines()
        if line[:1] in "-+" and not line.startswith(("---", "+++"))
    )


_COMMENT = re.compile(r"\s{2,}#\s.*$")  # an inline comment as ruff writes one: two spaces, ``#``, a space


def _code(line: str) -> str:
    """The line without its trailing comment, kept whole where the ``#`` may lie inside a string (quotes unbalanced
    before it)."""
    found = _COMMENT.search(line)
    if found is None:
        return line
    code = line[: found.start()]
    return code if code.count('"') % 2 == 0 and code.count("'") % 2 == 0 else line


def _renamed(source: str, function: str) -> list[str]:
    """The function's source with mutmut's generated name replaced by the real one, as lines."""
    return re.sub(r"def \S+?__mutmut_\w+\(", f"def {function}(", source, count=1).splitlines()


def mutant_diff(original: str, mutated: str, function: str) -> str:
    lines = difflib.unified_diff(
        _renamed(original, function), _renamed(mutated, function), "original", "mutant", lineterm="", n=1
    )
    return "\n".join(lines)


Chain = tuple[ast.AST, ...]


def _differences(a: ast.AST, b: ast.AST, parents: Chain) -> list[tuple[Chain, ast.AST]]:
    """The innermost nodes where two trees differ.

    Each as its chain of ancestors in ``a`` (itself last), and ``b``'s node.
    """
    if type(a) is not type(b):
        return [((*parents, a), b)]
    found: list[tuple[Chain, ast.AST]] = []
    for name, left in ast.iter_fields(a):
        right = getattr(b, name, None)
        if isinstance(left, list) and isinstance(right, list):
            left_items: list[object] = left  # pyright: ignore[reportUnknownVariableType]
            right_items: list[object] = right  # pyright: ignore[reportUnknownVariableType]
            if len(left_items) != len(right_items):
                return [((*parents, a), b)]
            for x, y in zip(left_items, right_items):
                if isinstance(x, ast.AST) and isinstance(y, ast.AST):
                    found += _differences(x, y, (*parents, a))
                elif x != y:
                    return [((*parents, a), b)]
        elif isinstance(left, ast.AST) and isinstance(right, ast.AST):
            found += _differences(left, right, (*parents, a))
        elif left != right:
            return [((*parents, a), b)]
    return found


def _refusal(node: ast.AST) -> str | None:
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _DIAGNOSTIC_ARGS:
        return node.func.id
    return None


def _is_diagnostic(chain: Chain, mutated: ast.AST, flow: Flow, module: str) -> bool:
    """Whether a difference lies where only refusal diagnostics read it: an unjudged argument of a refusal, or a
    value that reaches nothing else (a quiet name's assignment or default, a helper's quiet parameter)."""
    last = chain[-1]
    kind = _refusal(last)
    if kind in _REQUIRED_ARGS and isinstance(last, ast.Call) and isinstance(mutated, ast.Call):
        # an argument dropped: still an InvalidState on the same field, if the call can still be made
        same_field = bool(last.args and mutated.args) and ast.dump(last.args[0]) == ast.dump(mutated.args[0])
        return (
            _refusal(mutated) == kind
            and same_field
            and len(mutated.args) + len(mutated.keywords) >= _REQUIRED_ARGS[kind]
        )
    function: Function | None = None
    for depth, node in enumerate(chain[:-1]):
        below = chain[depth + 1]
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            function = node
        if isinstance(node, ast.Call) and flow.in_quiet_slot(module, node, below):
            return True
        if function is not None and flow.quiet_assignment(module, function, node, below):
            return True
        if (
            function is not None
            and isinstance(node, ast.arguments)
            and flow.quiet_default(module, function, node, below)
        ):
            return True
    return False


def only_diagnostics(original: str, mutated: str, module: str = "", flow: Flow | None = None) -> bool:
    """True when the mutant changes only what reaches the unjudged arguments of refusals (category
    refusal-diagnostics). ``module`` names the function's module, for following calls into its helpers."""
    try:
        a, b = ast.parse(original), ast.parse(mutated)
    except SyntaxError:
        return False
    if isinstance(a.body[0], ast.FunctionDef) and isinstance(b.body[0], ast.FunctionDef):
        b.body[0].name = a.body[0].name  # mutmut names each copy differently
    found = _differences(a, b, ())
    flow = flow or REFERENCE_FLOW
    return bool(found) and all(_is_diagnostic(chain, mutated_node, flow, module) for chain, mutated_node in found)


def judge(raw: dict[str, str], equivalents: Equivalents) -> Mutant:
    """One exported mutant, with its recorded equivalence (if any) attached.

    A mutant of structural.py gives its module, function and kind; mutmut's are read from its mangled name.
    """
    match = _MUTANT_NAME.match(raw["name"])
    module = match["module"] if match else raw["name"].rsplit(".", 1)[0]
    function = match["function"] if match else raw["name"].rsplit(".", 1)[-1]
    if match and match["cls"]:
        function = f"{match['cls']}.{function}"
    module, function = raw.get("module", module), raw.get("function", function)
    diff = mutant_diff(raw["original"], raw["mutated"], function.rsplit(".", 1)[-1])
    reason: str | None = None
    if raw["status"] not in CAUGHT:
        changes = changed_lines(diff)
        for entry in equivalents.mutants:
            if (entry.module, entry.function, entry.changes) == (module, function, changes):
                reason = entry.reason
        if reason is None and REFUSAL_DIAGNOSTICS in equivalents.categories:
            if only_diagnostics(raw["original"], raw["mutated"], module):
                reason = f"{REFUSAL_DIAGNOSTICS}: {equivalents.categories[REFUSAL_DIAGNOSTICS]}"
    return Mutant(raw["name"], module, function, raw["status"], diff, reason, raw.get("kind", MUTMUT))


def score(mutants: tuple[Mutant, ...]) -> float:
    """Killed over non-equivalent mutants, in percent (100 when every mutant is equivalent)."""
    judged = [m for m in mutants if m.equivalent is None]
    return 100.0 * sum(m.killed for m in judged) / len(judged) if judged else 100.0


def render(key: str, mutants: tuple[Mutant, ...], seconds: float) -> bool:
    """Print the score per module and every survivor; True when no non-equivalent mutant survived."""
    by_module: dict[str, list[Mutant]] = defaultdict(list)
    for mutant in mutants:
        by_module[mutant.module].append(mutant)
    print(f"\nmutation {key}: {len(mutants)} mutants in {seconds:.0f} s, score {score(mutants):.1f}%")
    for kind in sorted({m.kind for m in mutants}):
        group = tuple(m for m in mutants if m.kind == kind)
        killed, survived = sum(m.killed for m in group), sum(m.survived for m in group)
        equivalent = sum(m.equivalent is not None for m in group)
        print(
            f"  kind {kind:<10} {len(group):>5} mutants, {killed} killed, {equivalent} equivalent,"
            f" {survived} survived: score {score(group):.1f}%"
        )
    print(f"  {'module':<48} {'mutants':>7} {'killed':>7} {'equiv':>6} {'survived':>8} {'score':>7}")
    for module in sorted(by_module):
        group = tuple(by_module[module])
        killed = sum(m.killed for m in group)
        equivalent = sum(m.equivalent is not None for m in group)
        survived = sum(m.survived for m in group)
        print(f"  {module:<48} {len(group):>7} {killed:>7} {equivalent:>6} {survived:>8} {score(group):>6.1f}%")
    survivors = [m for m in mutants if m.survived]
    for mutant in survivors:
        print(f"\nSURVIVED ({mutant.kind}, {mutant.status}) {mutant.name}\n{mutant.diff}")
    if not mutants:
        print("  no mutants: is the game's reference package empty, or did mutmut mutate nothing?")
    return not survivors and bool(mutants)
