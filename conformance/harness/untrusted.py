"""Text that comes from an implementation or a file (answers, stderr, names, versions, rule IDs, paths), made inert.

An implementation is untrusted, and so is a report or a vector file: what they hold is shown in a terminal,
in a Markdown step summary and in JUnit or HTML reports. Escape sequences could clear the screen or forge a
verdict there, rich markup (``[/]``, ``soe-engine [beta]``) could crash a command or vanish, and Markdown
could plant links, images or HTML in a CI page. Each output escapes it here before it is shown: ``inert``
for plain text, ``terminal_text`` for what rich prints, ``markdown_text`` for Markdown.
"""

from __future__ import annotations

import html
import re

from rich.markup import escape

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
