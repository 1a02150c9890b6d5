"""Every adversarial case tried against the harness, with the outcome it must have.

Issue 12 tried 73 ways a hostile or broken implementation, or a malformed file, could hang, fool or
escape ``rulespec``; these are they (and a few more), grouped by how they reach the harness. Each
group's test module runs every case of its group; ``test_catalogue`` keeps the groups and the modules
in step. ``was`` says how the harness behaved before: "good", or "bad" (one of the 32 it failed).
"""

from __future__ import annotations

from dataclasses import dataclass

from rulespec.conformance.harness.wire.faults import Fault

PASS = "pass"  # answered, judged on its value (a wrong value is a rules failure, not a fault)


@dataclass(frozen=True)
class Attack:
    name: str
    was: str  # "good" or "bad"
    expected: str  # a Fault's value, PASS, or the words of the clean message
    what: str


# tests/faults/hostile_wire.py MODE, driven by tests/faults/test_wire.py
WIRE = (
    Attack(
        "silent",
        "bad",
        Fault.TIMEOUT,
        "answers the handshake, then never replies (shrinking used to retry it for hours)",
    ),
    Attack(
        "off-by-one-id", "bad", Fault.WRONG_ID, "correct answers under another request's id (9,623 restarts before)"
    ),
    Attack("huge-line", "bad", Fault.OVERLONG_LINE, "a 50 MB reply line"),
    Attack("no-newline", "bad", Fault.OVERLONG_LINE, "70 MB and no newline (was: 'exited (status None)')"),
    Attack("close-stdout", "bad", Fault.CLOSED_STDOUT, "closes stdout and keeps running (was: 'exited (status None)')"),
    Attack(
        "grandchild-holds-stdout",
        "bad",
        Fault.CRASH,
        "exits while a child it started holds stdout (was: a timeout and 7 stray sleeps)",
    ),
    Attack("helper-child", "bad", PASS, "a helper in its process group, left running when it stops (now killed)"),
    Attack("deep", "bad", Fault.TOO_DEEP, "a reply nested 100,000 levels deep (was: a rules failure)"),
    Attack(
        "crash-after-6",
        "bad",
        Fault.CRASH,
        "exits after six replies (was: an invariant failed, the crash inside a nested group)",
    ),
    Attack(
        "exit-after-reply",
        "bad",
        Fault.CRASH,
        "exits after a reply, so the next request meets a closed stdin (was: a rules failure)",
    ),
    Attack(
        "unclean-stop",
        "bad",
        Fault.UNCLEAN_STOP,
        "a traceback on stderr and status 1 when told to stop (was: not noticed)",
    ),
    Attack(
        "ansi-stderr",
        "bad",
        Fault.STDERR,
        "escape sequences on stderr that clear the screen and forge a verdict (now escaped)",
    ),
    Attack("html-name", "bad", PASS, "HTML and a link where a player's name belongs (escaped in the Markdown summary)"),
    Attack("nan", "good", Fault.MALFORMED_JSON, "NaN where a number belongs"),
    Attack("huge-number", "good", PASS, "a 400-digit number (judged as the wrong value it is)"),
    Attack("invalid-utf8", "good", Fault.MALFORMED_JSON, "bytes that are not UTF-8 in a reply"),
    Attack("twice", "good", Fault.WRONG_ID, "every reply written twice"),
    Attack("out-of-order", "good", Fault.WRONG_ID, "the replies of a pair in reverse order"),
    Attack("flood", "good", Fault.EXTRA_OUTPUT, "200,000 log lines where the reply belongs"),
    Attack("slow-drip", "good", PASS, "each reply 16 bytes at a time, within the deadline"),
    Attack("wrong-protocol", "good", Fault.HANDSHAKE, "answers the handshake with protocol 99"),
    Attack("ignore-sigterm", "good", Fault.UNCLEAN_STOP, "ignores SIGTERM and 'stop' (killed; now also reported)"),
    # issue 26: what real implementations do by accident
    Attack(
        "close-stdin", "bad", Fault.CLOSED_STDIN, "closes its stdin and keeps running (was: 'exited (status None)')"
    ),
    Attack("after-stop", "bad", Fault.EXTRA_OUTPUT, "a stdout line after 'stop' (was: never reported)"),
    Attack(
        "setsid-daemon", "bad", Fault.STRAY_PROCESS, "a setsid double-fork daemon (was: survived the run, FULL PASS)"
    ),
    Attack("setpgid-child", "bad", Fault.STRAY_PROCESS, "a child in a group of its own (was: survived, FULL PASS)"),
    Attack(
        "slow-exit",
        "bad",
        PASS,
        "exits 2 s after 'stop', as an adapter holding 2 GiB does under load (was: an unclean stop, 1 s grace)",
    ),
    Attack(
        "stderr-flood",
        "bad",
        Fault.CRASH,
        "200 MB on stderr, the reason last, then a crash (was: buffered without limit, the reason cut)",
    ),
)

# tests/fakes/faulty_impl.py --fault KIND, driven by tests/wire/test_faults.py (all good before)
FAULTY_IMPL = (
    "hang",
    "late",
    "crash",
    "malformed-json",
    "not-an-object",
    "wrong-type",
    "wrong-type-missing",
    "missing-field",
    "unknown-field",
    "unknown-field-wrong",
    "extra-stdout",
    "stderr",
    "exception",
    "wrong-id",
    "flaky",
    "flaky-errored",
    "drift",
    "unsupported",
    "refusal-without-rule",
    "no-handshake",
    "old-protocol",
    "banner",
)

# tests/faults/hostile_impl.py CLASS as --impl, driven by tests/faults/test_in_process.py
IN_PROCESS = (
    Attack("ExitsQuietly", "bad", Fault.CRASH, "os._exit(0) in a call (was: the whole run exited 0, printing nothing)"),
    Attack("CallsSysExit", "bad", Fault.EXCEPTION, "sys.exit(0) in a call (was: an invariant failed with message '0')"),
    Attack("SleepsForever", "bad", Fault.TIMEOUT, "sleeps in a call (was: no timeout in-process)"),
    Attack("LoopsForever", "bad", Fault.TIMEOUT, "loops in a call (was: no timeout in-process)"),
    Attack("DeepResult", "bad", Fault.EXCEPTION, "returns a value nested 100,000 deep (was: a rules failure)"),
    Attack("MutatesInput", "bad", Fault.MUTATED_INPUT, "changes its request (was: 'assert [...] == []')"),
    Attack("RaisesFromDeep", "good", Fault.EXCEPTION, "overflows the stack"),
    Attack("Prints", "good", PASS, "prints to stdout and stderr as it works"),
    Attack("AnsiRefusal", "good", Fault.EXCEPTION, "an exception message full of escape sequences (escaped)"),
)

# files and paths, driven by tests/faults/test_files.py; expected: words of the one clean message
FILES = (
    Attack("vector-invalid-utf8", "bad", "not UTF-8", "a vector file with bytes that are not UTF-8"),
    Attack("vector-deep", "bad", "nested too deep", "a vector file nested 100,000 deep"),
    Attack("vector-duplicate-id", "bad", "is already the ID of", "one case ID in two vector files"),
    Attack("expectations-deep", "bad", "nested too deep", "an expectations file nested 100,000 deep (JSON or TOML)"),
    Attack("coverage-malformed", "bad", "not JSON", "rulespec coverage over a malformed vector file"),
    Attack("review-malformed", "bad", "not JSON", "rulespec review over a malformed vector file"),
    Attack("save-failures-at-file", "bad", "is not a folder", "--save-failures naming a file"),
    Attack("save-failures-unwritable", "bad", "cannot create a file", "--save-failures where nothing can be created"),
    Attack("save-failures-malformed", "bad", "not JSON", "--save-failures holding a malformed saved vector"),
    Attack("save-failures-dangling-link", "bad", "symbolic link", "a dangling symlink where a saved vector goes"),
    Attack("report-json-at-folder", "bad", "is a folder", "--report-json naming a folder"),
    Attack("report-json-missing-folder", "bad", "does not exist", "--report-json in a missing folder"),
    Attack("summary-md-at-folder", "bad", "is a folder", "--summary-md naming a folder"),
    Attack("summary-md-missing-folder", "bad", "does not exist", "--summary-md in a missing folder"),
    Attack("junit-xml-unwritable", "bad", "cannot create a file", "--junit-xml where nothing can be created"),
    Attack("summary-md-markup", "bad", "&lt;img", "HTML, links and <details> from an answer in --summary-md"),
    Attack(
        "report-write-fails-after-run",
        "bad",
        "could not write",
        "an output that fails after the run: told after the verdict",
    ),
    Attack("impl-import-error", "bad", "no module named", "--impl naming a module that does not import: a usage error"),
    Attack("cmd-shell-metacharacters", "good", "no executable", "--cmd 'x; rm -rf ~' (never run by a shell)"),
    Attack("vector-id-dotdot", "good", "does not match", "a case ID holding ../ (refused by the format)"),
    Attack("no-eval-on-data", "good", "", "no eval, exec, pickle or shell on data anywhere in the harness"),
)

# issue 26: what real implementations and files do by accident, through ``rulespec`` itself (one process each),
# driven by tests/faults/test_runs.py; expected: the exit status and words the output must hold
RUNS = (
    Attack(
        "one-operation-errored",
        "bad",
        "1: errors on grow_population's checks alone",
        "an engine whose one operation always answers errored (was: 245 of 271 checks marked error by the breaker)",
    ),
    Attack(
        "one-operation-refused",
        "good",
        "1: failures on grow_population's checks alone",
        "an engine whose one operation always answers refused, wrongly: rules failures of that operation alone",
    ),
    Attack(
        "slow-start-silent",
        "bad",
        "1: two starts in all, the breaker opened by the time they cost",
        "a slow start-up, then silence (was: every restart paid the start-up again, uncounted: a 15 s start-up"
        " behind --case-timeout 2 took 151 s; a batch sent ahead, a replay, a question of its offer each restarted"
        " it after the breaker opened)",
    ),
    Attack(
        "ending-faults",
        "bad",
        "1: stray process, and no rule named ''",
        "a setsid daemon, through verify (was: the gate said 'checks name rules no spec defines: ')",
    ),
    Attack(
        "max-faults-1-crash",
        "bad",
        "1: crash, and its stderr's last line in the terminal, the report and the JUnit",
        "--max-faults 1 and a crash with a long traceback (was: 'crash' nowhere, stderr cut to its first line)",
    ),
    Attack(
        "import-time-exit",
        "bad",
        "2: ended its process",
        "os._exit(0) at an --impl's import (was: the harness exited 0, a false pass)",
    ),
    Attack(
        "import-time-accidents",
        "bad",
        "0: FULL PASS, start-up output, outputs in the harness's folder",
        "atexit os._exit, a non-daemon thread, os.chdir, a warning, logging and a banner at import"
        " (was: a hang, outputs in the wrong folder, 'output on stderr' on a check)",
    ),
    Attack(
        "vectors-trailing-comma",
        "bad",
        "2: not JSON",
        "a --vectors file with a trailing comma (was: not collected, FULL PASS on the rest)",
    ),
    Attack(
        "vectors-unknown-game", "bad", "2: is not a game", "a --vectors file naming game 'SOE' (was: not collected)"
    ),
    Attack(
        "vectors-deep", "bad", "2: nested too deep", "a --vectors file 100,000 deep (was: a RecursionError traceback)"
    ),
    Attack(
        "markup-names",
        "bad",
        "0: soe-engine [beta]",
        "implementations named '[/]' and 'soe-engine [beta]' in one run (was: MarkupError; '[beta]' vanished)",
    ),
    Attack(
        "merge-markup-unknown-game",
        "bad",
        "2: which rulespec lacks",
        "report merge of a rule and a path holding '[/]', and a check of an unknown game (was: MarkupError, KeyError)",
    ),
    Attack(
        "merge-missing-shard",
        "bad",
        "2: missing shard(s) 1/2",
        "report merge of verify's shard 2/2 alone (was: FULL PASS, rc 0, with shard 1/2's checks never run)",
    ),
    Attack("merge-doubled-shard", "good", "2: is given twice", "report merge of one shard's report twice"),
    Attack(
        "merge-different-runs",
        "bad",
        "2: are of different runs",
        "report merge of shards of different suites, profiles or implementations (was: merged as one run)",
    ),
    Attack(
        "merge-hand-written",
        "bad",
        "2: carries no run stamp; its seal does not hold",
        "report merge of a hand-written report, and of a shard edited by hand (was: taken at face value)",
    ),
    Attack(
        "merge-expectations",
        "bad",
        "0: gate: PASSED",
        "report merge --expectations: a partial engine's known gap gates a sharded run (was: no such option)",
    ),
)
