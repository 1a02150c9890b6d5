"""Acquiring a market card, and the refill that may slide unrest under its replacement (IMP-MARKET-*)."""

from __future__ import annotations

from dataclasses import replace
from itertools import chain

from rulespec.reference.errors import IllegalAction as IllegalAction  # named by the contract's raises: line
from rulespec.reference.errors import InvalidState as InvalidState
from rulespec.reference.imperium.cards import add_to_zone
from rulespec.reference.imperium.model import AcquireRequest, AcquireResult, Card, MarketSlot, Player, Suit, Zone
from rulespec.reference.imperium.rulings import AcquiredCardTo, EmptyMarketDeck, Rulings, UnrestUnder
from rulespec.reference.imperium.validation import (
    market_places,
    pile_places,
    player_cards,
    validate_market,
    validate_player,
    validate_unique,
    validate_unrest_pile,
)


def validate_acquire_request(request: AcquireRequest) -> None:
    """IMP-STATE-1 to IMP-STATE-4 over the player, the market, the market deck and the unrest pile."""
    validate_player(request.player, "player")
    validate_market(request.market, "market")
    validate_unique(
        chain(
            market_places(request.market, "market"),
            pile_places(request.market_deck, "market_deck"),
            pile_places(request.unrest_pile, "unrest_pile"),
        ),
        held=player_cards(request.player),
    )
    validate_unrest_pile(request.unrest_pile, "unrest_pile")


def slot_of(request: AcquireRequest) -> int:
    """IMP-MARKET-1: only a card lying in a market slot can be acquired."""
    for index, slot in enumerate(request.market):
        if slot.card is not None and slot.card.name == request.card:
            return index
    raise IllegalAction("IMP-MARKET-1", f"{request.card} does not lie in the market")


def take_card(player: Player, card: Card, rulings: Rulings) -> Player:
    """IMP-MARKET-1: the card goes where IMP-RULING-8 says."""
    zone = Zone.DISCARD_PILE if rulings.acquired_card_to is AcquiredCardTo.DISCARD_PILE else Zone.HAND
    return add_to_zone(player, zone, (card,))


def take_tokens(player: Player, slot: MarketSlot) -> Player:
    """IMP-MARKET-2: coins and influence to the tokens; each action token a ready action marker."""
    tokens = replace(
        player.tokens, coins=player.tokens.coins + slot.coins, influence=player.tokens.influence + slot.influence
    )
    return replace(
        player,
        tokens=tokens,
        action_markers=player.action_markers + slot.actions,
        markers_on_nation_card=player.markers_on_nation_card + slot.actions,
    )


def take_unrest_under(player: Player, slot: MarketSlot) -> Player:
    """IMP-MARKET-3: an unrest card under the acquired card goes to the hand."""
    return player if slot.unrest is None else add_to_zone(player, Zone.HAND, (slot.unrest,))


NON_REGION = frozenset(  # IMP-RULING-2 (non_region, the default): the replacements an unrest card slides under
    {Suit.TRIBUTARY, Suit.FAME, Suit.NATION, Suit.DEVELOPMENT, Suit.UNREST, Suit.BASIC}  # every suit but region
)


def gets_unrest(card: Card, rulings: Rulings) -> bool:
    """IMP-MARKET-5 with IMP-RULING-2: whether a replacement of this suit gets an unrest card under it."""
    match rulings.unrest_under:
        case UnrestUnder.NON_REGION:
            return card.suit in NON_REGION
        case UnrestUnder.REGION_ONLY:
            return card.suit is Suit.REGION
        case UnrestUnder.ALL:
            return True


def acquire_market_card(request: AcquireRequest, rulings: Rulings, /) -> AcquireResult:
    """IMP-MARKET-1 to IMP-MARKET-5, IMP-COLLAPSE-1, IMP-RULING-2, -8, -9, IMP-STATE-*: acquire a market card.

    raises: InvalidState, IllegalAction
    post: len(__return__.market) == len(request.market)
    post: __return__.collapsed == (len(__return__.unrest_pile) == 0)
    post: len(__return__.unrest_pile) >= len(request.unrest_pile) - 1
    """
    validate_acquire_request(request)
    index = slot_of(request)
    if not request.market_deck and rulings.empty_market_deck is EmptyMarketDeck.REFUSE:
        raise IllegalAction("IMP-RULING-9", "the market deck is empty: nothing would replace the card")
    slot = request.market[index]
    assert slot.card is not None  # slot_of found the card there
    player = take_unrest_under(take_tokens(take_card(request.player, slot.card, rulings), slot), slot)
    deck, unrest_pile = request.market_deck, request.unrest_pile
    refill = MarketSlot(card=None)  # IMP-RULING-9 (leave_empty): no replacement, no unrest
    if deck:
        # IMP-MARKET-4: the top card of the market deck, bare, in the same position.
        replacement, deck = deck[0], deck[1:]
        refill = MarketSlot(card=replacement)
        if gets_unrest(replacement, rulings):
            slid = unrest_pile[0]  # IMP-MARKET-5: the top card of the unrest pile
            refill = replace(refill, unrest=slid)
            # it leaves the pile, and only it: no two cards share a name (IMP-STATE-1)
            unrest_pile = tuple(card for card in unrest_pile if card.name != slid.name)
    market = request.market[:index] + (refill,) + request.market[index + 1 :]
    # IMP-COLLAPSE-1: the slide may take the last unrest card.
    collapsed = not unrest_pile
    return AcquireResult(
        player=player,
        market=market,
        market_deck=deck,
        unrest_pile=unrest_pile,
        collapsed=collapsed,
        collapse_card=refill.unrest.name if collapsed and refill.unrest is not None else None,
    )
