"""Writes for a table's report: the points (euchre, whist drives) or the chips lost
(progressive hearts) of one table in the open round; a second report is a conflict unless the
director corrects it. The checks are ``party_draw.table_winner_checked`` (pure)."""
from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

from scoring.engine import ScoringError, hearts_round
from tournaments.models.party import Party, PartyTableReport, Progression
from tournaments.movements import party_draw, party_state
from tournaments.services.party.common import PartyConflict, party_locked, party_options, round_open_locked
from tournaments.services.party.standings import table_report_write


@transaction.atomic
def party_result_enter(*, party: Party, round_number: int, table: int, points, tricks=None, cut=None,
                       entered_by: str = "", correct: bool = False) -> PartyTableReport:
    """Record one table's outcome; a second report is a conflict unless the director corrects."""
    party = party_locked(party)
    if party.progression == Progression.HEARTS:
        raise ValidationError({"chips": ["progressive hearts: report the chips lost by each player "
                                         "(or the hands), not points"]})
    if party.progression == Progression.POKER:
        raise ValidationError({"chips": ["progressive poker: after the bell a table reports each player's chips and "
                                         "who won the last two pots (rounds/{n}/tables/{t}/count/), not points"]})
    round_ = round_open_locked(party, round_number)
    if not isinstance(table, int) or not 1 <= table <= len(round_.seating):
        raise ValidationError({"table": [f"round {round_number} has tables 1 to {len(round_.seating)}"]})
    existing = PartyTableReport.objects.filter(round=round_, table=table).first()
    if existing and not correct:
        raise PartyConflict(f"table {table} has already reported round {round_number}")
    try:
        winner = party_draw.table_winner_checked(
            points, tricks, cut, party_state.table_rules(party.progression, party.options), head=table == 1,
            needs_winner=party.progression != Progression.ROTATION)
    except party_draw.PartyRuleError as exc:
        field = next((f for f in ("cut", "tricks") if str(exc).startswith(f)), "points")
        raise ValidationError({field: [str(exc)]}) from None
    values = {"points": [int(v) for v in points], "winner": winner, "entered_by": entered_by[:160],
              "tricks": [int(v) for v in tricks] if tricks is not None else None,
              "cut": [int(v) for v in cut] if cut is not None else None}
    return table_report_write(party=party, round_=round_, table=table, existing=existing, values=values)


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def hearts_cut_checked(cut, players: int = 4) -> list | None:
    """A table's cut for progressive hearts ties: a card 1 (ace) to 13 (king) a seat, or null."""
    if cut is None:
        return None
    if not isinstance(cut, list) or len(cut) != players or any(
            c is not None and (not _whole(c) or not 1 <= c <= 13) for c in cut):
        raise ValidationError({"cut": [f"the cut is a card for each of the {players} seats, 1 (ace) to 13 "
                                       "(king), or null for a seat that did not cut"]})
    return cut


@transaction.atomic
def party_hearts_enter(*, party: Party, round_number: int, table: int, chips=None, hands=None, cut=None,
                       entered_by: str = "", correct: bool = False) -> PartyTableReport:
    """Progressive hearts: one table's chips lost by each player (seat order; negative for chips
    won), given directly or as the round's hands (``[{"hearts": [1, 2, 4, 6]}, ...]``) settled by
    the party's scheme. A table's losses add up to the odd chips left on it (0 to 3)."""
    party = party_locked(party)
    round_ = round_open_locked(party, round_number)
    if not _whole(table) or not 1 <= table <= len(round_.seating):
        raise ValidationError({"table": [f"round {round_number} has tables 1 to {len(round_.seating)}"]})
    existing = PartyTableReport.objects.filter(round=round_, table=table).first()
    if existing and not correct:
        raise PartyConflict(f"table {table} has already reported round {round_number}")
    options = party_options(party)
    if (chips is None) == (hands is None):
        raise ValidationError({"chips": ["give chips (the chips lost by each player, in seat order, e.g. "
                                         "[12, -20, 3, 6]) or hands (the hearts taken in each hand), one of them"]})
    if hands is not None:
        if not isinstance(hands, list) or len(hands) != options["hands_per_round"]:
            raise ValidationError({"hands": [f"a round is {options['hands_per_round']} hands (the option "
                                             "hands_per_round): give each, e.g. {\"hearts\": [1, 2, 4, 6]}"]})
        try:
            chips = list(hearts_round(hands, rules=options["scheme"]).lost)
        except ScoringError as exc:
            raise ValidationError({"hands": [str(exc)]}) from None
    elif not isinstance(chips, list) or len(chips) != 4 or any(not _whole(c) or abs(c) > 100000 for c in chips):
        raise ValidationError({"chips": ["give the chips lost by each of the 4 players in seat order, whole "
                                         "numbers (negative for chips won)"]})
    elif not 0 <= sum(chips) <= 3:
        raise ValidationError({"chips": [f"what one player wins the others lose: a table's chips lost add up to "
                                         f"the odd chips left on the table, 0 to 3, not {sum(chips)}"]})
    values = {"points": chips, "tricks": hands, "cut": hearts_cut_checked(cut), "winner": None,
              "entered_by": entered_by[:160]}
    return table_report_write(party=party, round_=round_, table=table, existing=existing, values=values)
