"""Hatchling build hook: the suite's folders go into the wheel under ``rulespec/``, by name.

In the repository ``rulespec/reference``, ``rulespec/conformance`` and ``rulespec/spec`` are links to the top-level
folders. Hatchling keeps one copy of each real path, so the links alone left everything but ``spec/`` out of the
wheel; and a force-include in pyproject.toml would also copy the folders into site-packages on an editable
install, where the type checkers read the stale copies. So only the standard wheel maps them in (from a checkout
and from the sdist, which has no links); the editable install keeps the checkout on sys.path.
"""

from __future__ import annotations

from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

SUITE_FOLDERS = ("reference", "conformance", "spec")


class SuiteInTheWheel(BuildHookInterface):  # type: ignore[type-arg]  # generic in its builder config
    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name == "wheel" and version == "standard":
            build_data["force_include"].update({folder: f"rulespec/{folder}" for folder in SUITE_FOLDERS})
