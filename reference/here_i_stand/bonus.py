"""Bonus VP: who may earn each of the seed's bonuses, and the lines they add (HIS-BONUS-*).

Shape faults (an unknown kind, a VP off the counter) are ``InvalidState`` from
``validation.py``; here are the claims the rules forbid, refused with ``IllegalAction``.
"""

from __future__ import annotations

from collections.abc import Sequence

from rulespec.reference.errors import IllegalAction
from rulespec.reference.errors import (
    InvalidState as InvalidState,  # for the contracts' ``raises:``, resolved here by CrossHair
)
from rulespec.reference.here_i_stand.model import (
    Bonus,
    BonusKind,
    BonusVp,
    BonusVpRequest,
    DebaterSide,
    Power,
    ScoreLine,
)
from rulespec.reference.here_i_stand.rulings import BonusEarners, Rulings
from rulespec.reference.here_i_stand.validation import (
    validate_bonuses,
    validate_power,
    validate_rulings,
)

SEAFARERS = frozenset({Power.ENGLAND, Power.FRANCE, Power.HABSBURGS})  # HIS-RULING-6 (published): who voyages
TRANSLATORS = frozenset({Power.PROTESTANTS})  # HIS-RULING-6 (published): who translates the Bible
SINGLE_CARDS = (BonusKind.COPERNICUS, BonusKind.SERVETUS, BonusKind.JULIA_GONZAGA)
_SINGLE_CARD_RULE = {
    BonusKind.COPERNICUS: "HIS-BONUS-5",
    BonusKind.SERVETUS: "HIS-BONUS-5",
    BonusKind.JULIA_GONZAGA: "HIS-BONUS-6",
}


def check_debate(bonus: Bonus, at: str) -> None:
    """HIS-BONUS-1, HIS-BONUS-2: the Papacy burns Protestants; the Protestants disgrace Papal debaters."""
    if bonus.kind == BonusKind.BURNED_DEBATER:
        # only a Protestant debater is burned
        if bonus.debater != DebaterSide.PROTESTANT:
            raise IllegalAction("HIS-BONUS-1", f"{at}: a {bonus.debater} debater cannot be burned")
        # and the Papacy takes the VP
        if bonus.power != Power.PAPACY:
            raise IllegalAction("HIS-BONUS-1", f"{at}: only the Papacy scores a burned debater, not {bonus.power}")
    if bonus.kind == BonusKind.DISGRACED_DEBATER:
        # only a Papal debater is disgraced
        if bonus.debater != DebaterSide.PAPAL:
            raise IllegalAction("HIS-BONUS-2", f"{at}: a {bonus.debater} debater cannot be disgraced")
        # and the Protestants take the VP
        if bonus.power != Power.PROTESTANTS:
            raise IllegalAction(
                "HIS-BONUS-2", f"{at}: only the Protestants score a disgraced debater, not {bonus.power}"
            )


def check_earner(bonus: Bonus, at: str, rulings: Rulings) -> None:
    """HIS-BONUS-3, -4, -6, -9, HIS-RULING-6: the power may earn this kind."""
    open_earners = rulings.bonus_earners is BonusEarners.ANY
    # voyages go to the seafaring powers
    if bonus.kind in (BonusKind.EXPLORATION, BonusKind.CONQUEST) and not open_earners and bonus.power not in SEAFARERS:
        rule = "HIS-BONUS-3" if bonus.kind == BonusKind.EXPLORATION else "HIS-BONUS-4"
        raise IllegalAction(rule, f"{at}: {bonus.power} makes no voyages (HIS-RULING-6)")
    # a Bible translation is the Protestants' work
    if bonus.kind == BonusKind.BIBLE_TRANSLATION and not open_earners and bonus.power not in TRANSLATORS:
        raise IllegalAction("HIS-BONUS-9", f"{at}: only the Protestants translate the Bible (HIS-RULING-6)")
    if bonus.kind == BonusKind.JULIA_GONZAGA:
        # the piracy that earns it is Ottoman
        if bonus.power != Power.OTTOMANS:
            raise IllegalAction("HIS-BONUS-6", f"{at}: only the Ottomans score Julia Gonzaga, not {bonus.power}")
        # and it must have followed
        if bonus.tyrrhenian_piracy is not True:
            raise IllegalAction("HIS-BONUS-6", f"{at}: Julia Gonzaga scores only after a successful Tyrrhenian piracy")


def check_once(bonuses: Sequence[Bonus], path: str) -> None:
    """HIS-BONUS-5, HIS-BONUS-6, HIS-BONUS-9: single cards and languages count once a game."""
    for kind in SINGLE_CARDS:
        found = [i for i, b in enumerate(bonuses) if b.kind == kind]
        if len(found) > 1:
            raise IllegalAction(_SINGLE_CARD_RULE[kind], f"{path}[{found[1]}]: {kind} is a single card, earned once")
    languages: set[str | None] = set()
    for i, bonus in enumerate(bonuses):
        if bonus.kind == BonusKind.BIBLE_TRANSLATION:
            if bonus.language in languages:
                raise IllegalAction("HIS-BONUS-9", f"{path}[{i}]: the {bonus.language} Bible is already translated")
            languages.add(bonus.language)


def check_claim(bonus: Bonus, path: str, rulings: Rulings) -> None:
    """HIS-BONUS-1, HIS-BONUS-2, HIS-BONUS-3, HIS-BONUS-4, HIS-BONUS-6, HIS-BONUS-9, HIS-RULING-6: the power of one
    possible bonus may earn it (IllegalAction): the debater's side and the power scoring it, then who may earn it."""
    check_debate(bonus, path)
    check_earner(bonus, path, rulings)


def check_bonuses(bonuses: Sequence[Bonus], rulings: Rulings) -> None:
    """Every entry of ``bonuses`` possible, then allowed, then single cards once: the spec's order of checks for
    ``bonuses``, which only its first step has a clause stating; a later pair taken the other way round breaks the
    clause of the fault due first (the spec's Order of checks)."""
    validate_bonuses(bonuses, rulings)  # HIS-VP-3: every entry possible before any is allowed
    for i, bonus in enumerate(bonuses):
        check_debate(bonus, f"bonuses[{i}]")
        check_earner(bonus, f"bonuses[{i}]", rulings)
    check_once(bonuses, "bonuses")


def bonus_lines(power: Power, bonuses: Sequence[Bonus]) -> tuple[ScoreLine, ...]:
    """HIS-BONUS-10: one line per kind the power earned, in the seed's order, with its sum."""
    lines: list[ScoreLine] = []
    for kind in BonusKind:
        earned = [b.vp for b in bonuses if b.power == power and b.kind == kind]
        if earned:
            lines.append(ScoreLine(kind.value, sum(earned)))
    return tuple(lines)


def bonus_vp(request: BonusVpRequest, rulings: Rulings, /) -> BonusVp:
    """HIS-BONUS-1, HIS-BONUS-2, HIS-BONUS-3, HIS-BONUS-4, HIS-BONUS-5, HIS-BONUS-6, HIS-BONUS-7, HIS-BONUS-8,
    HIS-BONUS-9, HIS-BONUS-10: one power's bonus VP.

    The bonuses are those of the whole game: every entry is checked, the power's are summed.

    pre: len(request.bonuses) <= 12
    raises: InvalidState, IllegalAction
    post: __return__.total == sum(line.vp for line in __return__.lines)
    post: __return__.total == sum(b.vp for b in request.bonuses if b.power == request.power)
    post: __return__.total >= 0
    """
    validate_rulings(rulings)  # HIS-RULING-2: the rulings before the request
    power = validate_power(request.power, "power")
    check_bonuses(request.bonuses, rulings)  # HIS-VP-3: the bonuses after the power
    lines = bonus_lines(power, request.bonuses)
    return BonusVp(power.value, lines, sum(line.vp for line in lines))
