"""What a module that adds ``rulespec`` subcommands is handed: argparse's group of subcommands."""

from __future__ import annotations

import argparse
from typing import Any, Protocol


class Commands(Protocol):
    """The object ``add_subparsers()`` returns, as far as a command module uses it.

    argparse keeps its class private.
    """

    def add_parser(self, name: str, **kwargs: Any) -> argparse.ArgumentParser: ...
