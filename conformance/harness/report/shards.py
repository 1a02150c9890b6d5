"""Which reports make one run, whole: the proof ``report merge`` asks of their stamps (``records.RunStamp``).

Every report must carry a stamp whose seal holds over its records, and own exactly the checks its stamp
says (its share). The set must be of one run: the same implementation, games, suite and rules hashes,
profile and seed, and the same checks collected (the run's digest). A whole run (no shard) is merged
alone. Shards must be of one split (the same N), each K from 1 to N once; their shares must be disjoint
and their union the run's checks. Anything else is a ``MergeError`` naming the file and what is wrong.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from rulespec.conformance.harness.games import REGISTRY
from rulespec.conformance.harness.records import CheckRecord, RunStamp, checks_digest, read_run, seal_holds


class MergeError(ValueError):
    """The reports cannot be one run's shards."""


@dataclass(frozen=True)
class Report:
    path: Path
    run: RunStamp
    records: tuple[CheckRecord, ...]


def _owned(records: Sequence[CheckRecord]) -> list[str]:
    """The checks a report holds records of (its processes' ending faults are the run's, owned by none)."""
    return [record.nodeid for record in records if record.kind != "process"]


def read_stamped(path: Path) -> Report:
    """A report whose stamp holds, or a MergeError (a ValueError when the file is no report at all)."""
    run, records = read_run(path)
    for record in records:
        if record.game not in REGISTRY:
            raise MergeError(f"{path}: {record.nodeid} is a check of game {record.game!r}, which rulespec lacks")
    if run is None:
        raise MergeError(
            f"{path}: carries no run stamp (written by hand, or by a rulespec before the stamp): nothing proves "
            "which run it is or that it is whole; merge the reports verify --report-json writes"
        )
    if not seal_holds(run, records):
        raise MergeError(f"{path}: its seal does not hold over its stamp and checks: the file was edited")
    if not run.run_digest:
        raise MergeError(f"{path}: its run ended before its checks were dealt: no share to prove")
    owned, share = _owned(records), set(run.share)
    unowned = sorted(set(owned) - share)
    unrecorded = sorted(share - set(owned))
    if unowned:
        raise MergeError(f"{path}: {len(unowned)} check(s) outside its shard's share, e.g. {unowned[0]}")
    if unrecorded:
        raise MergeError(f"{path}: {len(unrecorded)} check(s) of its share have no record, e.g. {unrecorded[0]}")
    if len(owned) != len(share):
        raise MergeError(f"{path}: a check is recorded twice")
    return Report(path, run, tuple(records))


# what must be the same in every report of one run, as the refusal names it
_SAME = (
    ("implementation", "implementation"),
    ("games", "games"),
    ("suite", "suite hash"),
    ("rules", "rules hash"),
    ("profile", "profile"),
    ("seed", "seed"),
    ("only", "rules narrowed to (--rule)"),
    ("run_digest", "checks collected (a different --rule, -k, --vectors or suite)"),
)


def prove_whole(reports: Sequence[Report]) -> None:
    """The reports are one run, every check of it owned by one of them once (MergeError otherwise)."""
    first = reports[0]
    for other in reports[1:]:
        for name, said in _SAME:
            mine, theirs = getattr(first.run, name), getattr(other.run, name)
            if mine != theirs:
                raise MergeError(f"{first.path} and {other.path} are of different runs: {said} {mine!r} and {theirs!r}")
    whole = [report for report in reports if report.run.shard is None]
    if whole and len(reports) > 1:
        raise MergeError(f"{whole[0].path} is a whole run, not a shard: merge it alone")
    if whole:
        return
    splits = {report.run.shard[1] for report in reports if report.run.shard}
    if len(splits) > 1:
        shown = ", ".join(f"{report.path} is shard {report.run.shard_text}" for report in reports)
        raise MergeError(f"shards of different splits: {shown}")
    (count,) = splits
    by_index: dict[int, Report] = {}
    for report in reports:
        index = report.run.shard[0] if report.run.shard else 0
        if index in by_index:
            raise MergeError(f"shard {index}/{count} is given twice: {by_index[index].path} and {report.path}")
        by_index[index] = report
    missing = [f"{k}/{count}" for k in range(1, count + 1) if k not in by_index]
    owner: dict[str, Path] = {}
    for report in reports:
        for nodeid in report.run.share:
            if nodeid in owner:
                raise MergeError(
                    f"{nodeid} is in both {owner[nodeid]} and {report.path}: shards of one run share no check"
                )
            owner[nodeid] = report.path
    never = first.run.run_checks - len(owner)
    if missing:
        raise MergeError(
            f"missing shard(s) {', '.join(missing)}: {never} of the run's {first.run.run_checks} checks never ran"
        )
    if len(owner) != first.run.run_checks or checks_digest(owner) != first.run.run_digest:
        raise MergeError(
            f"the shares do not make the run: {len(owner)} checks owned, the run had {first.run.run_checks}"
        )
