"""Writes for progressive parties (euchre, whist drives, hearts): create, register, draw,
report a table, close and reopen a round, a player leaving, finishing play.

The rules are pure (``tournaments.movements.party_state``, ``party_close``, ``progressive``,
``party_draw``; ``scoring.engine.tally``); the modules here read rows, call them and write the
result. Every error is a ``ValidationError`` naming the field (400) or a ``PartyConflict``
(409), raised before anything is written. Every write ends by storing the party's standings
(``standings.party_standings_write``). The submodules import only ``common`` and ``standings``
(``rounds`` also hands a progressive poker round's close and the stake to ``poker``).
"""
from tournaments.movements.party_poker import OPTION_CHOICES as POKER_CHOICES
from tournaments.movements.party_state import HEARTS_CHOICES, LEAVER_CHOICES, MISSED_CHOICES, OPTION_DEFAULTS
from tournaments.services.party.common import (
    MAX_PARTY_PLAYERS, PartyConflict, ghost_add, party_chart, party_options, party_state_of, planned_rounds, table_kind,
    table_pin, table_pin_check)
from tournaments.services.party.poker import chips_held, poker_bell, poker_ledger_add, poker_report
from tournaments.services.party.players import party_create, party_player_add, party_player_leave
from tournaments.services.party.results import hearts_cut_checked, party_hearts_enter, party_result_enter
from tournaments.services.party.rounds import party_finish, party_round_close, party_round_reopen, party_start
from tournaments.services.party.standings import party_standings_write

__all__ = [
    "HEARTS_CHOICES", "LEAVER_CHOICES", "POKER_CHOICES", "MAX_PARTY_PLAYERS", "MISSED_CHOICES", "OPTION_DEFAULTS", "PartyConflict",
    "ghost_add", "hearts_cut_checked", "party_chart", "party_create", "party_finish", "party_hearts_enter",
    "party_player_add", "party_player_leave", "party_result_enter", "party_round_close", "party_round_reopen",
    "chips_held", "poker_bell", "poker_ledger_add", "poker_report",
    "party_options", "party_standings_write", "party_start", "party_state_of", "planned_rounds", "table_kind", "table_pin", "table_pin_check",
]
