"""An SVG badge per implementation and game (``rulespec | soe 72/72``), for a README.

Flat, two-part, as README badges usually are. Widths come from the advance widths of
Verdana at 11 px (the usual badge font), by character class: close enough that the text
never spills, and no font file is needed to draw one.
"""

from __future__ import annotations

from html import escape

from conformance.harness.report.matrix import Column

# Verdana 11 px advance widths, rounded, by character class; anything else counts as a wide letter.
_WIDTHS: dict[str, float] = {
    **dict.fromkeys("ijl.,:;|!'", 3.4),
    **dict.fromkeys("frt()[]-/ ", 4.6),
    **dict.fromkeys("abcdeghknopqsuvxyz0123456789?#+=<>_", 7.0),
    **dict.fromkeys("ABCDEFGHIJKLNOPQRSTUVXYZ", 7.6),
    **dict.fromkeys("mwMW%", 10.4),
}
_WIDE = 8.0
_PAD = 6  # px of padding each side of a text

COLOURS = {"passed": "#2e7d32", "failed": "#c62828", "incomplete": "#a15c00"}  # white text at >= 4.5:1 contrast
_LABEL_COLOUR = "#555"


def text_width(text: str) -> int:
    return round(sum(_WIDTHS.get(char, _WIDE) for char in text))


def badge_svg(label: str, message: str, verdict: str) -> str:
    """A flat badge: ``label`` on grey, ``message`` on the verdict's colour; every text escaped."""
    colour = COLOURS.get(verdict, COLOURS["incomplete"])
    left = text_width(label) + 2 * _PAD
    right = text_width(message) + 2 * _PAD
    width = left + right
    title = escape(f"{label}: {message} ({verdict})")
    label_text, message_text = escape(label), escape(message)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="20" role="img" aria-label="{title}">'
        f"<title>{title}</title>"
        f'<rect width="{left}" height="20" fill="{_LABEL_COLOUR}"/>'
        f'<rect x="{left}" width="{right}" height="20" fill="{colour}"/>'
        f'<g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11" text-anchor="middle">'
        f'<text x="{left / 2}" y="14">{label_text}</text>'
        f'<text x="{left + right / 2}" y="14">{message_text}</text>'
        "</g></svg>\n"
    )


def column_badge(game_key: str, column: Column) -> str:
    """``rulespec | soe 72/72``: the game's rules passed of its rules, coloured by the column's verdict."""
    rules = len(column.verification.tallies)
    return badge_svg("rulespec", f"{game_key} {column.passed_rules}/{rules}", column.verdict)
