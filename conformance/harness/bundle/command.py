"""``rulespec bundle OUT/``: the spec, the vectors and the schemas in one deterministic tarball, with a manifest.

The same suite gives the same bytes: members sorted, every time, owner and mode fixed, gzip's own timestamp
zero. The manifest carries the hashes an expectations file's stamp records (``gate/stamp``), so an
implementer's CI can tell which suite a verdict was reached against without Python.
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
import tarfile
from pathlib import Path
from typing import Any

from rulespec import __version__
from rulespec.conformance.harness import outputs
from rulespec.conformance.harness.games import SCHEMA_DIR, Game, all_games
from rulespec.conformance.harness.gate.stamp import suite_hashes
from rulespec.conformance.harness.spec import read_clauses
from rulespec.conformance.harness.vectors import load_game
from rulespec.conformance.harness.vocabulary import Commands, usage_error

FORMAT = 1  # manifest.json's "format": raised when a reader of an older bundle would misread a newer one
MTIME = 946684800  # 2000-01-01T00:00:00Z, every member's time: the bytes follow the suite, not the clock


def bundle_name(version: str = __version__) -> str:
    return f"rulespec-suite-{version}"


def members(games: tuple[Game, ...]) -> dict[str, Path]:
    """Each file of the bundle by its path inside it (below the top folder): spec, vectors, schemas."""
    found = {f"spec/{game.spec_file}": game.spec_path for game in games}
    for game in games:
        found.update({f"vectors/{game.key}/{path.name}": path for path in game.vectors_dir.glob("*.json")})
    found.update({f"schema/{path.relative_to(SCHEMA_DIR).as_posix()}": path for path in SCHEMA_DIR.rglob("*.json")})
    return found


def manifest(games: tuple[Game, ...]) -> dict[str, Any]:
    """What the bundle holds and which suite it is: the version, the hashes, and per game its counts."""
    suite, rules = suite_hashes(games)
    per_game: dict[str, Any] = {}
    for game in games:
        cases = load_game(game)
        game_suite, game_rules = suite_hashes((game,))
        per_game[game.key] = {
            "title": game.title,
            "spec": f"spec/{game.spec_file}",
            "operations": [operation.name for operation in game.operations],
            "hashes": {"suite": game_suite, "rules": game_rules},
            "counts": {
                "clauses": len(read_clauses(game.spec_path)),
                "operations": len(game.operations),
                "vector_files": len({loaded.path for loaded in cases}),
                "cases": len(cases),
            },
        }
    return {"format": FORMAT, "version": __version__, "hashes": {"suite": suite, "rules": rules}, "games": per_game}


def _member(name: str, data: bytes) -> tuple[tarfile.TarInfo, io.BytesIO]:
    info = tarfile.TarInfo(name)
    info.size, info.mtime, info.mode = len(data), MTIME, 0o644
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    return info, io.BytesIO(data)


def tarball(games: tuple[Game, ...], described: dict[str, Any]) -> bytes:
    """The bundle's bytes: ``rulespec-suite-<version>/`` holding the games' files and ``described`` as
    manifest.json, in name order."""
    top = bundle_name()
    files = {name: path.read_bytes() for name, path in members(games).items()}
    files["manifest.json"] = (json.dumps(described, indent=2, sort_keys=True) + "\n").encode("utf-8")
    packed = io.BytesIO()
    with (
        gzip.GzipFile(filename="", mode="wb", fileobj=packed, mtime=0) as zipped,
        tarfile.open(fileobj=zipped, mode="w", format=tarfile.PAX_FORMAT) as archive,
    ):
        for name in sorted(files):
            archive.addfile(*_member(f"{top}/{name}", files[name]))
    return packed.getvalue()


def bundle(args: argparse.Namespace) -> int:
    folder = Path(args.out)
    refused = outputs.problem(folder, folder=True)
    if refused is not None:
        return usage_error("bundle", f"OUT {folder}: {refused}")
    games = all_games()
    described = manifest(games)
    written = outputs.write_bytes(outputs.make_folder(folder) / f"{bundle_name()}.tar.gz", tarball(games, described))
    counts = ", ".join(f"{key} {entry['counts']['cases']} cases" for key, entry in described["games"].items())
    hashes = described["hashes"]
    print(f"wrote {written} (suite {hashes['suite']}, rules {hashes['rules']}; {counts})")
    return 0


def add_command(commands: Commands) -> None:
    parser = commands.add_parser(
        "bundle", help="write rulespec-suite-<version>.tar.gz: spec, vectors, schemas and a manifest"
    )
    parser.add_argument("out", metavar="OUT", help="the folder to write the tarball into (made when missing)")
    parser.set_defaults(handler=bundle)
