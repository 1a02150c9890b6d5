"""Collapse: the game ends the moment the unrest pile is empty, mid-action (IMP-COLLAPSE-1, IMP-COLLAPSE-2)."""

from __future__ import annotations

from dataclasses import replace

from reference.errors import InvalidState
from reference.imperium.cards import add_to_zone
from reference.imperium.model import (
    ActionRequest,
    ActionResult,
    Collapse,
    CollapseRequest,
    Effect,
    EffectKind,
    Player,
    Tokens,
)
from reference.imperium.validation import (
    check_count,
    check_player,
    check_tokens,
    check_unique,
    check_unrest_cards,
    check_unrest_pile,
    pile_places,
    player_cards,
)


def is_collapsed(request: CollapseRequest) -> Collapse:
    """IMP-COLLAPSE-1: collapsed exactly when the unrest pile holds no card."""
    check_unique(pile_places("unrest_pile", request.unrest_pile))
    check_unrest_cards(pile_places("unrest_pile", request.unrest_pile))
    return Collapse(collapsed=not request.unrest_pile)


def check_effect(path: str, effect: Effect) -> None:
    """IMP-STATE-2, and an effect carries only its own kind's fields."""
    check_count(f"{path}.count", effect.count)
    check_tokens(f"{path}.tokens", effect.tokens)
    if effect.kind is EffectKind.TAKE_UNREST and effect.tokens != Tokens():
        raise InvalidState(f"{path}.tokens", effect.tokens, "taking unrest gains no tokens", "IMP-COLLAPSE-2")
    if effect.kind is EffectKind.GAIN and effect.count != 0:
        raise InvalidState(f"{path}.count", effect.count, "a gain takes no unrest cards", "IMP-COLLAPSE-2")


def validate(request: ActionRequest) -> None:
    check_player("player", request.player)
    check_unique(pile_places("unrest_pile", request.unrest_pile), held=player_cards(request.player))
    check_unrest_pile("unrest_pile", request.unrest_pile)
    for index, effect in enumerate(request.effects):
        check_effect(f"effects[{index}]", effect)


def gain(player: Player, tokens: Tokens) -> Player:
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


def resolve(request: ActionRequest) -> ActionResult:
    """Carry out an action's effects in order, stopping dead at collapse: IMP-COLLAPSE-1, IMP-COLLAPSE-2."""
    validate(request)
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
