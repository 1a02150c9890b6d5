"""The winner after a collapse: fewest unrest cards, then score, then the full-tie ruling (IMP-COLLAPSE-3 to -5)."""

from __future__ import annotations

from itertools import chain

from rulespec.reference.errors import InvalidState as InvalidState  # named by the contract's raises: line
from rulespec.reference.imperium.cards import unrest_in_zones
from rulespec.reference.imperium.model import Decider, Outcome, Player, WinnerRequest
from rulespec.reference.imperium.rulings import FullTie, LastUnrest, Rulings
from rulespec.reference.imperium.validation import player_places, validate_player, validate_unique


def validate_winner_request(request: WinnerRequest) -> None:
    """IMP-COLLAPSE-3: the players one at a time, each in full (its own checks, then its name against the earlier
    players'), then the cards across players; one score per player; a real collapse card."""
    if not request.players:
        raise InvalidState("players", [], "a game has at least one player", "IMP-COLLAPSE-3")
    names: set[str] = set()
    for index, player in enumerate(request.players):
        validate_player(player, f"players[{index}]")
        if player.name in names:
            raise InvalidState(f"players[{index}].name", player.name, "two players share a name", "IMP-COLLAPSE-3")
        names.add(player.name)
    validate_unique(chain.from_iterable(player_places(p, f"players[{i}]") for i, p in enumerate(request.players)))
    if len(request.scores) != len(request.players):  # IMP-COLLAPSE-4: once every player and card passed
        raise InvalidState("scores", list(request.scores), "one score per player is needed", "IMP-COLLAPSE-4")
    held = {card.name for player in request.players for card in unrest_in_zones(player)}
    if request.collapse_card is not None and request.collapse_card not in held:
        raise InvalidState("collapse_card", request.collapse_card, "no player holds this unrest card", "IMP-COLLAPSE-3")


def unrest_count(player: Player, request: WinnerRequest, rulings: Rulings) -> int:
    """IMP-COLLAPSE-3 with IMP-RULING-3: unrest cards in the five zones."""
    cards = unrest_in_zones(player)
    if rulings.last_unrest is LastUnrest.IGNORED:
        cards = tuple(card for card in cards if card.name != request.collapse_card)
    return len(cards)


def determine_winner(request: WinnerRequest, rulings: Rulings, /) -> Outcome:
    """IMP-COLLAPSE-3 to IMP-COLLAPSE-5, IMP-RULING-3, IMP-RULING-5, IMP-STATE-1 to IMP-STATE-3: the winner.

    Fewest unrest cards (IMP-COLLAPSE-3), then score (IMP-COLLAPSE-4), then the full-tie ruling (IMP-COLLAPSE-5).

    raises: InvalidState
    post: len(__return__.unrest) == len(request.players)
    post: len(__return__.winners) >= 1
    """
    validate_winner_request(request)
    unrest = tuple(unrest_count(player, request, rulings) for player in request.players)
    fewest = [i for i, n in enumerate(unrest) if n == min(unrest)]  # IMP-COLLAPSE-3
    if len(fewest) == 1:  # IMP-COLLAPSE-4: a tie on unrest goes to scoring
        return Outcome(unrest, (request.players[fewest[0]].name,), Decider.UNREST)  # IMP-COLLAPSE-3
    best = max(request.scores[i] for i in fewest)  # IMP-COLLAPSE-4
    top = [i for i in fewest if request.scores[i] == best]  # IMP-COLLAPSE-4
    if len(top) == 1:  # IMP-COLLAPSE-5: a tie on score too goes to IMP-RULING-5
        return Outcome(unrest, (request.players[top[0]].name,), Decider.SCORE)  # IMP-COLLAPSE-4
    if rulings.full_tie is FullTie.LATER_IN_TURN_ORDER:  # IMP-RULING-5
        return Outcome(unrest, (request.players[top[-1]].name,), Decider.TURN_ORDER)
    return Outcome(unrest, tuple(request.players[i].name for i in top), Decider.SHARED)  # IMP-RULING-5
