"""Imperium requests for ``rulespec diff`` that ``imperium.py`` does not offer, weighted to the edges.

``rulespec diff`` looks here before ``imperium.py`` (conformance/harness/diff/strategies.py).
Collapse turns on the unrest pile being empty (IMP-COLLAPSE-1): the piles drawn are mostly
empty or one card; one time in eight a pile holds a card that is not unrest, or one name twice,
and is refused on purpose.
"""

from __future__ import annotations

from hypothesis import strategies as st

from conformance.strategies.imperium import cards, named, unrest_pile
from conformance.strategies.refusals import refused_sometimes
from reference.imperium.model import Card, CollapseRequest, Suit


@st.composite
def faulty_unrest_piles(draw: st.DrawFn) -> tuple[Card, ...]:
    """An unrest pile with a card of another suit in it, or one card listed twice."""
    pile = list(draw(unrest_pile(least=1, most=3)))
    if draw(st.booleans()):
        stranger = named([draw(cards((Suit.BASIC, Suit.REGION, Suit.FAME)))], "stranger")[0]
        pile.insert(draw(st.integers(0, len(pile))), stranger)
    else:
        pile.append(pile[0])
    return tuple(pile)


def collapse_requests() -> st.SearchStrategy[CollapseRequest]:
    """IMP-COLLAPSE-1: an empty pile, one card, or a few; now and then a faulty one."""
    sizes = st.sampled_from((0, 1, 0, 1, 2, 4))
    valid = sizes.map(lambda n: named([Card("", Suit.UNREST)] * n, "unrest"))
    return refused_sometimes(valid, faulty_unrest_piles()).map(CollapseRequest)
