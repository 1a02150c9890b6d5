"""Both type checkers read every source folder the package is made of.

``rulespec/conformance`` and ``rulespec/reference`` are links to the top-level folders. mypy follows them; pyright
does not, so a pyright configuration naming ``rulespec`` alone checked neither folder (65 strict errors went unseen).
"""

from __future__ import annotations

import tomllib

from tests import REPO_ROOT


def test_pyright_is_pointed_at_every_folder_the_package_links() -> None:
    config = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    included = set(config["tool"]["pyright"]["include"])
    links = [path for path in (REPO_ROOT / "rulespec").iterdir() if path.is_symlink() and any(path.rglob("*.py"))]
    linked = {path.resolve().relative_to(REPO_ROOT).as_posix() for path in links}
    assert linked == {"conformance", "reference"}  # rulespec/spec holds no Python
    assert linked <= included, f"pyright follows no link: name {sorted(linked - included)} in [tool.pyright] include"
    assert "rulespec" not in included  # its links would be checked twice over, once per path
