"""Collapse: the game ends the moment the unrest pile is empty, mid-action (IMP-COLLAPSE-1, IMP-COLLAPSE-2)."""

from __future__ import annotations

from dataclasses import replace

from rulespec.reference.errors import InvalidState as InvalidState  # named by the contract's raises: line
from rulespec.reference.imperium.cards import add_to_zone
from rulespec.reference.imperium.model import (
    ActionRequest,
    ActionResult,
    Collapse,
    CollapseRequest,
    Effect,
    EffectKind,
    Player,
    Tokens,
)
from rulespec.reference.imperium.rulings import Rulings
from rulespec.reference.imperium.validation import (
    pile_places,
    player_cards,
    validate_count,
    validate_player,
    validate_tokens,
    validate_unique,
    validate_unrest_cards,
    validate_unrest_pile,
)


def check_collapse(request: CollapseRequest, rulings: Rulings, /) -> Collapse:
    """IMP-COLLAPSE-1, IMP-STATE-1, IMP-STATE-4: whether the game has collapsed: exactly when the unrest pile is empty.

    raises: InvalidState
    post: __return__.collapsed == (len(request.unrest_pile) == 0)
    """
    validate_unique(pile_places(request.unrest_pile, "unrest_pile"))
    validate_unrest_cards(pile_places(request.unrest_pile, "unrest_pile"))
    return Collapse(collapsed=not request.unrest_pile)


def validate_effect(effect: Effect, path: str) -> None:
    """IMP-STATE-2, and an effect carries only its own kind's fields."""
    validate_count(effect.count, f"{path}.count")
    validate_tokens(effect.tokens, f"{path}.tokens")
    if effect.kind is EffectKind.TAKE_UNREST and effect.tokens != Tokens():
        raise InvalidState(f"{path}.tokens", effect.tokens, "taking unrest gains no tokens", "IMP-COLLAPSE-2")
    if effect.kind is EffectKind.GAIN and effect.count != 0:
        raise InvalidState(f"{path}.count", effect.count, "a gain takes no unrest cards", "IMP-COLLAPSE-2")


def validate_action_request(request: ActionRequest) -> None:
    """IMP-STATE-1 to IMP-STATE-4, IMP-COLLAPSE-2: the player, the unrest pile and every effect."""
    validate_player(request.player, "player")
    validate_unique(pile_places(request.unrest_pile, "unrest_pile"), held=player_cards(request.player))
    validate_unrest_pile(request.unrest_pile, "unrest_pile")
    for index, effect in enumerate(request.effects):
        validate_effect(effect, f"effects[{index}]")


def gain(player: Player, tokens: Tokens) -> Player:
    """IMP-COLLAPSE-2: a gain effect adds its tokens to the player's."""
    held = player.tokens
    return replace(
        player,
        tokens=Tokens(
            coins=held.coins + tokens.coins,
            military=held.military + tokens.military,
            influence=held.influence + tokens.influence,
            resources=held.resources + tokens.resources,
            progress=held.progress + tokens.progress,
        ),
    )


def resolve_action(request: ActionRequest, rulings: Rulings, /) -> ActionResult:
    """IMP-COLLAPSE-1, IMP-COLLAPSE-2, IMP-STATE-*: an action's effects in order, stopping dead at collapse.

    raises: InvalidState
    post: __return__.collapsed == (len(__return__.unrest_pile) == 0)
    post: __return__.effects_done <= len(request.effects)
    post: __return__.collapsed or __return__.effects_done == len(request.effects)
    """
    validate_action_request(request)
    player, pile = request.player, request.unrest_pile
    for index, effect in enumerate(request.effects):
        if effect.kind is EffectKind.GAIN:
            player = gain(player, effect.tokens)
            continue
        for taken in range(1, effect.count + 1):
            card, pile = pile[0], pile[1:]
            player = add_to_zone(player, effect.zone, (card,))
            if not pile:
                # IMP-COLLAPSE-2: the game ends here; nothing more of the action happens.
                done = index + 1 if taken == effect.count else index
                return ActionResult(player, pile, effects_done=done, collapsed=True, collapse_card=card.name)
    return ActionResult(player, pile, effects_done=len(request.effects), collapsed=False, collapse_card=None)
