"""Who an implementation under test is: its name and version, from the wire handshake or its Python package."""

from __future__ import annotations

import importlib
import re
import sys
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from conformance.harness.games import REPO_ROOT
from conformance.harness.subject import load_python_target
from conformance.harness.wire.faults import WireFault, parse_command
from conformance.harness.wire.session import WireSession

# ``name=`` before an --impl or --cmd names the implementation in tables, reports and badges.
_NAMED = re.compile(r"^(?P<name>[A-Za-z0-9][A-Za-z0-9_.+-]*)=(?P<rest>\S.*)$", re.DOTALL)


@dataclass(frozen=True)
class NamedSubject:
    """One ``--impl`` or ``--cmd`` as given: its kind, the name given with it (if any), and its text."""

    kind: str  # "impl" or "cmd"
    name: str | None
    text: str

    @property
    def option(self) -> str:
        return f"--{self.kind} {self.text}"


def named(kind: str, given: str) -> NamedSubject:
    """``[NAME=]TEXT`` as a NamedSubject; a --cmd is refused at once if it cannot be run."""
    match = _NAMED.match(given)
    name, text = (match["name"], match["rest"]) if match else (None, given)
    if kind == "cmd":
        parse_command(text)  # ValueError naming the fault
    elif not text or text.startswith(":"):
        raise ValueError(f"--impl {given!r}: expected [NAME=]module:attribute")
    return NamedSubject(kind, name, text)


@dataclass(frozen=True)
class Who:
    name: str
    version: str | None
    language: str | None


def _package_version(spec: str) -> str | None:
    """The version of the package an ``--impl`` comes from: its ``__version__``, its distribution, or this checkout's.

    An --impl that cannot be loaded is refused here (ValueError), before any check runs.
    """
    load_python_target(spec)
    module_name = spec.partition(":")[0]
    module = importlib.import_module(module_name)
    top = sys.modules.get(module_name.partition(".")[0], module)
    for owner in (module, top):
        version = getattr(owner, "__version__", None)
        if isinstance(version, str):
            return version
    for distribution in metadata.packages_distributions().get(top.__name__, ()):
        return f"{distribution} {metadata.version(distribution)}"
    source = getattr(module, "__file__", None)
    if source and Path(source).resolve().is_relative_to(REPO_ROOT):
        return f"rulespec {metadata.version('rulespec')} (this checkout)"
    return None


def identify(subject: NamedSubject, timeout: float) -> Who:
    """The subject's name (given, else the handshake's or the attribute's) and version, without running a check.

    A --cmd that cannot start is named by its command with no version (its run says why); an --impl
    that cannot be loaded is refused (ValueError).
    """
    if subject.kind == "cmd":
        session = WireSession(subject.text, timeout)
        try:
            started = session.started()
        except WireFault:
            return Who(subject.name or subject.text, None, None)
        finally:
            session.close()
        who = started.implementation
        return Who(subject.name or who.name, who.version, who.language)
    default = subject.text.rpartition(":")[2] or subject.text
    return Who(subject.name or default, _package_version(subject.text), "python")
