"""The example implementations pass the whole suite over the wire protocol, as CI requires.

Each port runs ``rulespec verify --game KEY --cmd ...`` in full: every vector and every invariant
(differential against the reference on generated inputs), through the same subject. The Python
adapter wraps the reference itself, whose every rule the conformance session checks in full: what
it adds is the adapter, so it runs every vector case (each operation's answers and refusals through
it) and not the invariants, which would search the reference against itself. Slow; select or skip
them with ``-m examples`` / ``-m "not examples"``.
"""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests import REPO_ROOT, rulespec

pytestmark = pytest.mark.acceptance  # whole commands over whole games: nox -s acceptance (CI)

# example -> (game, command); ``{out}`` is the folder the example's build (below) wrote into
EXAMPLES = {
    "his-csharp": ("his", "mono {out}/his.exe"),
    "his-node": ("his", "node examples/his-node/impl.js"),
    "imperium-node": ("imperium", "node examples/imperium-node/impl.js"),
    "soe-node": ("soe", "node examples/soe-node/impl.js"),
    "soe-python": ("soe", f"{sys.executable} examples/soe-python/impl.py"),
}

# example -> what it runs of the suite, when not all of it (the gate still judges every rule: each has a vector case)
ADAPTERS = {"soe-python": ("--", "--ignore-glob=*/invariants/*")}

# example -> (the tools it needs, what installs them, the build command; the output folder is appended)
BUILDS = {
    "his-csharp": (("mcs", "mono"), "Debian's mono-mcs", ("sh", "examples/his-csharp/build.sh")),
}


@pytest.mark.parametrize("example", sorted(EXAMPLES))
def test_the_example_passes_rulespec_verify_in_full(example: str, tmp_path: Path) -> None:
    key, command = EXAMPLES[example]
    if example in BUILDS:
        tools, installer, build = BUILDS[example]
        for tool in tools:
            if shutil.which(tool) is None:
                pytest.fail(f"{tool} is not installed: .ci/run installs {installer} where it is missing")
        out = tmp_path / "build"
        built = subprocess.run(
            [*build, str(out)], cwd=REPO_ROOT, capture_output=True, text=True, timeout=600, check=False
        )
        assert built.returncode == 0, f"{' '.join(build)} {out} failed:\n{built.stdout[-3000:]}{built.stderr[-3000:]}"
        command = command.format(out=shlex.quote(str(out)))
    elif shutil.which(command.split()[0]) is None:
        pytest.fail(f"{command.split()[0]} is not installed: .ci/run installs Node.js where it is missing")
    ran = rulespec(
        "verify", "--game", key, "--profile", "ci", "--cmd", command, *ADAPTERS.get(example, ()), timeout=1800
    )
    report = ran.stdout[-3000:] + ran.stderr[-3000:]
    assert ran.returncode == 0, report
    assert "verdict: FULL PASS" in ran.stdout, report
    assert " 0 failed, 0 not implemented, 0 error)" in ran.stdout, report
