"""Clean-up after the regions are scored: markers home, tiles ready, the next war begins."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rulespec.reference.errors import InvalidState as InvalidState  # named by the contract's raises: line
from rulespec.reference.struggle_of_empires.model import Board, CleanUpRequest, RegionName
from rulespec.reference.struggle_of_empires.rulings import Rulings
from rulespec.reference.struggle_of_empires.validation import (
    LAST_WAR,
    validate_board,
    validate_neutral_seeding,
    validate_players,
    validate_rulings,
)

# named by the contracts, which CrossHair evaluates in this module
from rulespec.reference.struggle_of_empires.validation import MAX_PLAYERS as MAX_PLAYERS

SEEDED_AFTER_WARS = (1, 2)


def return_local_alliances(board: Board) -> Board:
    """SOE-CLEAN-1: every local alliance marker leaves the map for its owner."""
    return replace(board, local_alliances=tuple(replace(a, region=None) for a in board.local_alliances))


def set_aside_grand_alliances(board: Board) -> Board:
    """SOE-CLEAN-2: every grand alliance marker is set aside for the next auction."""
    return replace(board, grand_alliances=tuple(replace(g, holder=None) for g in board.grand_alliances))


def ready_flipped_tiles(board: Board) -> Board:
    """SOE-CLEAN-3: every flipped tile is turned back to its ready side."""
    return replace(board, tiles=tuple(replace(t, flipped=False) for t in board.tiles))


def advance_war_marker(board: Board) -> Board:
    """SOE-CLEAN-4: the war marker moves on to the next war."""
    return replace(board, war=board.war + 1)


def reset_phase_marker(board: Board) -> Board:
    """SOE-CLEAN-5: the phase marker goes back to Phase 1."""
    return replace(board, phase=1)


def seed_neutral_markers(board: Board, seeding: Sequence[RegionName]) -> Board:
    """SOE-CLEAN-6: after the 1st or 2nd war, the given neutral markers join those on the map."""
    if board.war not in SEEDED_AFTER_WARS:
        return board
    return replace(board, neutral_markers=board.neutral_markers + tuple(seeding))


def clean_up_board(board: Board, seeding: Sequence[RegionName]) -> Board:
    """SOE-CLEAN-1 to SOE-CLEAN-6, SOE-END-2: the clean-up steps in order; none after the 3rd war."""
    if board.war == LAST_WAR:
        return board
    # seeding reads the war that just ended, so it comes before the war marker moves
    seeded = seed_neutral_markers(board, seeding)
    cleaned = ready_flipped_tiles(set_aside_grand_alliances(return_local_alliances(seeded)))
    return reset_phase_marker(advance_war_marker(cleaned))


def clean_up(request: CleanUpRequest, rulings: Rulings, /) -> Board:
    """SOE-CLEAN-1 to SOE-CLEAN-7, SOE-END-2: the board after a war's clean-up.

    pre: len(request.players) <= MAX_PLAYERS
    raises: InvalidState
    post: request.board.war == LAST_WAR or (__return__.war == request.board.war + 1 and __return__.phase == 1)
    post: request.board.war != LAST_WAR or __return__ == request.board
    post: all(g.holder is None for g in __return__.grand_alliances) or request.board.war == LAST_WAR
    post: len(__return__.tiles) == len(request.board.tiles)
    """
    validate_rulings(rulings)  # SOE-RULING-9, SOE-RULING-10: every ruling before the request
    validate_players(request.players, "players")
    validate_board(request.board, request.players)
    validate_neutral_seeding(request.neutral_seeding, request.board.war, regions=None)
    return clean_up_board(request.board, request.neutral_seeding)
