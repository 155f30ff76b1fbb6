"""Movements: who plays whom, on which boards, in which round. Pure Python, no Django.

Generators return only movements that pass ``validate``; ``generate(kind, ...)`` is the single
entry point, ``suggest`` ranks the kinds for a field, ``progressive`` holds the social
(results-driven) progressions.
"""

from .guide import wall_guide
from .howell import howell
from .individual import individual, rainbow
from .mitchell import bye_stand_set, mitchell, relay_mitchell, skip_mitchell
from .model import Movement, MovementFormatError, RoundPlan, Slot, TablePlay, board_set
from .registry import KINDS, MovementRequestError, generate, with_byes
from .suggest import Suggestion, suggest
from .teams import (TeamsError, bracket_order, first_round_pairing, knockout_next, knockout_pairing,
                    match_round_plan, round_robin, swiss_pairing, team_round_robin, teams_movement)
from .validate import MovementError, ValidationReport, check, is_complete, validate

__all__ = [
    "KINDS", "Movement", "MovementError", "MovementFormatError", "MovementRequestError",
    "RoundPlan", "Slot", "Suggestion", "TablePlay", "TeamsError", "ValidationReport", "board_set",
    "bracket_order", "bye_stand_set", "check", "first_round_pairing", "generate", "howell",
    "individual", "is_complete", "knockout_next", "knockout_pairing", "match_round_plan",
    "mitchell", "rainbow", "relay_mitchell", "round_robin", "skip_mitchell", "suggest",
    "swiss_pairing", "team_round_robin", "teams_movement", "validate", "wall_guide", "with_byes",
]
