"""``rulespec typecheck``: mypy confirms that a Python implementation fits the game's Protocol, before anything runs.

A tiny module is written that imports the implementation and assigns each operation it
offers to a variable typed ``Callable[[Request, Rulings], Result]`` (and, when it offers
every operation, the whole implementation to a variable typed with the game's Protocol).
mypy then checks only that module: the implementation's own code is not judged, only
its boundary. An operation it does not offer is reported as not implemented, as verify does.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import inspect
import operator
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from rulespec import SUITE_ROOT
from rulespec.conformance.harness.games import Game, checkout_root, game
from rulespec.conformance.harness.verify import preflight
from rulespec.conformance.harness.vocabulary import Commands, add_game, one_game, usage_error

MODULE = "rulespec_boundary_check"


@dataclass(frozen=True)
class BoundaryModule:
    source: str
    lines: dict[int, str]  # line number -> the operation (or the Protocol) checked on it
    missing: tuple[str, ...]
    module_name: str = ""  # the implementation's module, as --impl names it


def _type_name(kind: type[object], aliases: dict[type[object], str], imports: list[str]) -> str:
    if kind not in aliases:
        aliases[kind] = f"_T{len(aliases)}_{kind.__name__}"
        imports.append(f"from {kind.__module__} import {kind.__qualname__} as {aliases[kind]}")
    return aliases[kind]


def boundary_module(current: Game, spec: str, is_class: bool, offered: set[str]) -> BoundaryModule:
    """The module mypy checks: one typed assignment per operation the implementation offers."""
    module_name, _, attribute = spec.partition(":")
    aliases: dict[type[object], str] = {}
    imports = ["from collections.abc import Callable"]
    protocol = _type_name(current.protocol, aliases, imports)
    rulings = _type_name(current.rulings, aliases, imports)
    imports.append(f"import {module_name} as _impl_module")
    target = f"_impl_module.{attribute}" if attribute else "_impl_module"
    body = [f"_impl = {target}()" if is_class else f"_impl = {target}"]
    checked: dict[str, str] = {}
    for operation in current.operations:
        if operation.name in offered:
            request = _type_name(operation.request, aliases, imports)
            result = _type_name(operation.response, aliases, imports)
            checked[operation.name] = (
                f"{operation.name}: Callable[[{request}, {rulings}], {result}] = _impl.{operation.name}"
            )
    body.extend(checked.values())
    if len(checked) == len(current.operations):
        body.append(f"whole: {protocol} = _impl")
    lines = [*imports, "", *body]
    first = len(imports) + 2  # line numbers are 1-based, and a blank line follows the imports
    where = {first + index: line.split(":")[0] for index, line in enumerate(body) if index > 0}
    if len(checked) == len(current.operations):
        where[first + len(body) - 1] = current.protocol.__name__
    missing = tuple(op.name for op in current.operations if op.name not in offered)
    return BoundaryModule("\n".join(lines) + "\n", where, missing, module_name)


def _offered(current: Game, spec: str) -> tuple[bool, set[str]]:
    """Whether ``spec`` names a class, and which operations its instance (or module) offers, as verify sees them."""
    target = preflight.check_impl(current, spec)  # loaded as verify loads it: usage errors alike
    module_name, _, attribute = spec.partition(":")
    module = sys.modules[module_name]  # imported by check_impl
    named: object = operator.attrgetter(attribute)(module) if attribute else module
    return inspect.isclass(named), {op.name for op in current.operations if callable(getattr(target, op.name, None))}


def _source_of(module_name: str, scratch: Path) -> list[str]:
    """Search-path entries that let mypy read the implementation as source, wherever verify found it.

    mypy reads an installed package only when it ships ``py.typed``; verify imports it either way.
    So a package found anywhere but the current directory and this checkout is linked into a
    scratch folder put first on MYPYPATH: mypy then reads it as it reads your own code.
    """
    top = module_name.partition(".")[0]
    spec = importlib.util.find_spec(top)
    if spec is None:
        return []
    if spec.submodule_search_locations:
        location = Path(next(iter(spec.submodule_search_locations)))
    elif spec.origin and spec.origin.endswith(".py"):
        location = Path(spec.origin)
    else:
        return []
    read_as_source = [Path.cwd(), *([SUITE_ROOT.parent] if checkout_root() is not None else [])]
    if location.parent.resolve() in {folder.resolve() for folder in read_as_source}:
        return []
    linked = scratch / "implementation"
    linked.mkdir(exist_ok=True)
    (linked / location.name).symlink_to(location.resolve(), target_is_directory=location.is_dir())
    return [str(linked)]


def run_mypy(module: BoundaryModule) -> tuple[int, list[str]]:
    """mypy --strict over the boundary module only (imports followed silently); its findings, one per line."""
    with tempfile.TemporaryDirectory(prefix="rulespec-typecheck-") as scratch:
        path = Path(scratch) / f"{MODULE}.py"
        path.write_text(module.source, encoding="utf-8")
        config = Path(scratch) / "mypy.ini"
        config.write_text("[mypy]\n", encoding="utf-8")  # the user's own mypy settings are not the boundary's
        # an installed rulespec is found in site-packages, which mypy refuses on MYPYPATH; a checkout, by its root
        checkout = [str(SUITE_ROOT.parent)] if checkout_root() is not None else []
        search = os.pathsep.join(
            dict.fromkeys([*_source_of(module.module_name, Path(scratch)), os.getcwd(), *checkout])
        )
        command = [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--follow-imports=silent",
            "--show-error-codes",
            "--no-error-summary",
            "--no-color-output",
            "--config-file",
            str(config),
            str(path),
        ]
        done = subprocess.run(
            command, capture_output=True, text=True, env={**os.environ, "MYPYPATH": search}, check=False
        )
    findings = [line.replace(str(path), MODULE + ".py") for line in (done.stdout + done.stderr).splitlines() if line]
    return done.returncode, findings


def named(findings: list[str], module: BoundaryModule) -> list[str]:
    """Each finding prefixed with the operation whose line it is on."""
    shown: list[str] = []
    for finding in findings:
        _, _, rest = finding.partition(f"{MODULE}.py:")
        number, _, message = rest.partition(":")
        where = module.lines.get(int(number)) if number.isdigit() else None
        shown.append(f"{where}:{message}" if where else finding)
    return shown


def typecheck_command(args: argparse.Namespace) -> int:
    key = one_game("typecheck", args.game)
    if key is None:
        return 2
    current = game(key)
    if importlib.util.find_spec("mypy") is None:
        return usage_error("typecheck", "needs mypy: python3 -m pip install mypy")
    try:
        is_class, offered = _offered(current, args.impl)
    except preflight.UsageProblem as exc:
        return usage_error("typecheck", f"cannot load {exc}")
    module = boundary_module(current, args.impl, is_class, offered)
    if args.show_module:
        print(module.source)
    code, findings = run_mypy(module)
    for line in named(findings, module):
        print(line)
    for operation in module.missing:
        print(f"{operation}: not implemented (not offered, so not checked)")
    errors = sorted({line.split(":")[0] for line in named(findings, module) if ": error:" in line})
    if code == 0:
        print(f"{args.impl} satisfies {current.protocol.__name__} in every operation it offers")
        return 0
    print(f"{args.impl} does not satisfy {current.protocol.__name__}: {', '.join(errors) or 'see mypy above'}")
    return 1


def add_commands(commands: Commands) -> None:
    check = commands.add_parser("typecheck", help="mypy: does a Python implementation fit the game's Protocol?")
    add_game(check, "the game it implements")
    check.add_argument("--impl", required=True, metavar="MODULE:ATTR", help="the implementation, as for verify")
    check.add_argument("--show-module", action="store_true", help="print the module mypy checks")
    check.set_defaults(handler=typecheck_command)
