"""Cardroom's scoring engine: pure Python, no Django.

Raw scores for every game (contract bridge Law 77, bridge whist 1904, auction 1908, whist,
duplicate whist, euchre), hearts settlement, comparative scoring (matchpoints, Neuberg, Law 12C adjusted
scores, IMPs, datum/Butler, cross-IMPs, VPs, teams matches and rankings, the books' plus/minus-the-average), rankings,
the scoring programs' conventions as data (``CONVENTIONS``), and ``score_session`` -- the one call
the Django side needs (``score_field`` for several sections or heats scored across the field).
"""
from .adjustments import Adjustment, parse_adjustment
from .books import (BOOKS_METHODS, CompassResult, above_average, books_session, compass_scores,
                    compass_trick_totals, plus_minus_the_average, scaled_to_card)
from .conventions import (CONVENTIONS, FAMILIES, Convention, convention, detect, parse_scoring, program_convention,
                          resolve)
from .contract import (Contract, board_dealer, board_vulnerability, declarer_score, duplicate_score,
                       parse_contract, parse_vulnerability)
from .errors import ScoringError
from .euchre import EuchreHand, euchre_hand
from .hearts import (HEARTS_SCHEMES, HeartsHand, HeartsRound, HeartsScheme, hearts_hand, hearts_penalties,
                     hearts_round, hearts_scheme)
from .historic import (DealScore, RubberScore, auction_call_rank, auction_deal, auction_overcalls,
                       bridge_whist_deal, honour_points, honours_from_hands, odd_tricks_for_game,
                       score_rubber)
from .imps import (IMP_THRESHOLDS, TeamMatch, butler, cross_imps, cross_imps_all_pairs,
                   cross_imps_average, datum, imps, team_match, victory_points)
from .matchpoints import board_matchpoints, matchpoints, neuberg, neuberg_percent, top
from .ranking import rank
from .rules import PRESETS, GameRules, preset
from .teams import (BYE_RULES, DEFAULT_TIE_BREAKS, KNOCKOUT_TIE_RULES, TEAM_SCORINGS, TIE_BREAKS, ButlerPair,
                    ButlerResult, KnockoutResult, MatchBoard, MatchBoardScore, MatchScore, TeamRow, bye_score,
                    butler_pairs, knockout_winner, match_score, rank_teams, score_board)
from .vpscales import VP_SCALES, VPScale, victory_points_on, wbf_continuous_table
from .session import (METHODS, BoardResults, BoardScore, Method, Result, ResultScore, SessionScore,
                      Standing, Tally, direction_fields, score_session, seated_against_field,
                      seating_fields, settle)
from .field import FieldPart, FieldScore, FieldStanding, field_boards, field_standings, score_field
from .whist import WhistDealScore, WhistRevoke, duplicate_whist_score, game_value, whist_deal, whist_rubber_value

__all__ = [name for name in dir() if not name.startswith("_")]
