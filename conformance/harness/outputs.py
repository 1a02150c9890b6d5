"""The one output policy: how every file rulespec writes is checked beforehand and written, and how text from
an implementation or a file is made inert before it is shown.

A path given for an output is checked before anything runs (``problem``), so one that cannot be
written is a usage error in a second rather than a traceback after a long run. A file is written
whole or not at all (a temporary beside it, then ``os.replace``) and never through a symbolic
link: a link standing in an output folder must not make rulespec write, or create, its target.

An implementation is untrusted, and so is a report or a vector file: what they hold is shown in a terminal,
in a Markdown step summary and in JUnit or HTML reports. Escape sequences could clear the screen or forge a
verdict there, rich markup (``[/]``, ``soe-engine [beta]``) could crash a command or vanish, and Markdown
could plant links, images or HTML in a CI page. Each output escapes it here before it is shown: ``inert``
for plain text, ``terminal_text`` for what rich prints, ``markdown_text`` for Markdown.
"""

from __future__ import annotations

import html
import os
import re
from collections.abc import Collection
from pathlib import Path

from rich.markup import escape


class OutputError(OSError, ValueError):
    """An output path refused, named with why: an OSError where files are written, a ValueError where one is given."""


def _writable_folder(folder: Path) -> str | None:
    """None when a file can be created in ``folder``, tried for real.

    Permissions alone do not tell: root, /proc, read-only mounts.
    """
    if not folder.exists():
        return f"its folder {folder} does not exist"
    if not folder.is_dir():
        return f"{folder} is not a folder"
    probe = folder / f".rulespec-probe-{os.getpid()}"
    try:
        os.close(os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644))
        probe.unlink()
    except OSError as exc:
        return f"cannot create a file in {folder}: {exc.strerror}"
    return None


def problem(path: Path, folder: bool, made: Collection[Path] = ()) -> str | None:
    """Why ``path`` cannot be written as an output file (or, with ``folder``, an output folder); None if it can.

    ``made`` are folders the same run creates (named by its other options): a file may go in one.
    """
    if path.is_symlink():
        return f"{path} is a symbolic link; outputs are never written through one"
    if folder:
        if path.exists() and not path.is_dir():
            return f"{path} is not a folder"
        return _writable_folder(path if path.exists() else path.parent.resolve())
    if path.is_dir():
        return f"{path} is a folder; give a file name"
    if path.exists():
        try:
            os.close(os.open(path, os.O_WRONLY | os.O_NOFOLLOW | os.O_NONBLOCK))  # not truncated; a FIFO never waits
        except OSError as exc:
            return f"cannot be written: {exc.strerror}"
    parent = path.parent.resolve()
    if not parent.exists() and any(parent.is_relative_to(other.resolve()) for other in made):
        return None  # the other option's own check says whether its folder can be made
    return _writable_folder(parent)


def make_folder(folder: Path) -> Path:
    """``folder``, created (with its parents) when missing; refused when it, or a part of it, is a symbolic link."""
    for part in (folder, *folder.parents):
        if part.is_symlink() and not part.exists():
            raise OutputError(f"{part} is a dangling symbolic link; outputs are never written through one")
    if folder.is_symlink():
        raise OutputError(f"{folder} is a symbolic link; outputs are never written through one")
    if folder.exists() and not folder.is_dir():
        raise OutputError(f"{folder} is not a folder")
    folder.mkdir(parents=True, exist_ok=True)
    if folder.is_symlink():  # made by someone else between the check and mkdir
        raise OutputError(f"{folder} is a symbolic link; outputs are never written through one")
    return folder


def write_text(path: Path, text: str) -> Path:
    """Write ``path`` whole, through a new file beside it, never following a symlink at ``path``; ``path``.

    OSError (with the path named) when it cannot be written.
    """
    return write_bytes(path, text.encode("utf-8"))


def write_bytes(path: Path, data: bytes) -> Path:
    """``write_text`` for bytes (a tarball): whole or not at all, never through a symlink."""
    if path.is_symlink():
        raise OutputError(f"{path}: is a symlink; refusing to write through it")
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
    try:
        with os.fdopen(descriptor, "wb") as written:
            written.write(data)
        os.replace(temporary, path)  # replaces the name itself: a link made meanwhile is replaced, not followed
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return path


def append_text(path: Path, text: str) -> Path:
    """Add ``text`` at the end of ``path`` (made when missing), never through a symlink: a log others write too."""
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW, 0o644)
    except OSError as exc:
        if path.is_symlink():
            raise OutputError(f"{path}: is a symlink; refusing to write through it") from exc
        raise
    with os.fdopen(descriptor, "a", encoding="utf-8") as appended:
        appended.write(text)
    return path


# C0 controls but newline and tab, DEL, C1 controls, and the bidirectional overrides that reorder a line
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
# what Markdown (CommonMark, GitHub's flavour) could turn into a link, an image, HTML, a code span or a
# new table cell: backslash-escaped to stand for itself. Emphasis marks are left alone (cosmetic at worst),
# so harness-made names (file_names.json::case-ids) read the same inside a code span.
_MARKDOWN = re.compile(r"([\\`\[\]|!])")
_AUTOLINK = re.compile(r"(?i)(?<=[a-z])(:)(?=//)|(?<=www)(\.)")


def _escaped(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def inert(text: str) -> str:
    """``text`` with every control character shown as ``\\xNN`` (``\\uNNNN``): safe to print to a terminal."""
    return _CONTROL.sub(_escaped, text)


def terminal_text(text: object) -> str:
    """``text`` as rich prints it literally: no markup read in it (``[/]`` stays ``[/]``), no control character."""
    return escape(inert(str(text)))


def markdown_text(text: str) -> str:
    """``text`` as a Markdown table cell or list item that shows it literally: no markup, no HTML, one line."""
    flat = " ".join(inert(text).split())
    unlinked = _AUTOLINK.sub(lambda match: "\\" + match.group(), _MARKDOWN.sub(r"\\\1", flat))
    return html.escape(unlinked, quote=False)
