"""Pure deals package: cards and deals, board number -> dealer/vulnerability, seeded
dealing, Big Deal numbering, PBN, double dummy and par.  No Django import here.

Modules: ``cards`` (Card, Pack, Deal), ``boards`` (Law 2 cycle, trays, DealRules, Board),
``numbering`` (deal <-> index), ``dealing`` (seed -> boards), ``pbn`` (generic reader and
writer), ``records`` (boards <-> PBN hand records), ``doubledummy`` (DDS table and par).
"""
from .boards import (
    BRIDGE, BRIDGE_WHIST, EUCHRE, WHIST, Board, DealRules, board_dealer, board_vulnerability,
    initial_trays, make_board, rules_for,
)
from .cards import BRIDGE_PACK, EUCHRE_PACK, Card, Deal, DealError, Pack, parse_card
from .dealing import ALGORITHM, deal_board, deal_set, new_seed
from .doubledummy import AnalysisUnavailable, BoardAnalysis, DoubleDummy, Par, analyse_boards, analysis_available
from .numbering import DEAL_COUNT, deal_count, deal_from_index, deal_index
from .pbn import PbnError, PbnGame, PbnTag, make_game, read_pbn, write_pbn, write_pbn_bytes
from .records import HandRecord, boards_from_pbn, boards_to_pbn

__all__ = [
    "ALGORITHM", "AnalysisUnavailable", "BRIDGE", "BRIDGE_PACK", "BRIDGE_WHIST", "Board", "BoardAnalysis", "Card",
    "DEAL_COUNT", "Deal", "DealError", "DealRules", "DoubleDummy", "EUCHRE", "EUCHRE_PACK", "HandRecord", "Pack",
    "Par", "PbnError", "PbnGame", "PbnTag", "WHIST", "analyse_boards", "analysis_available", "board_dealer",
    "board_vulnerability", "boards_from_pbn", "boards_to_pbn", "deal_board", "deal_count", "deal_from_index",
    "deal_index", "deal_set", "initial_trays", "make_board", "make_game", "new_seed", "parse_card", "read_pbn",
    "rules_for", "write_pbn", "write_pbn_bytes",
]
