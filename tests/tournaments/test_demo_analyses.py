"""The double dummy the demo ships for its boards (tournaments/demo_analyses.json) is what
Cardroom's own analysis gives for those deals; the demo loads with every dealt board analysed
and no analysis left to run (tests/clubs/test_demo_and_tasks.py loads it in a transaction that
never commits, so no queued analysis runs there)."""
import pytest

from tournaments.demo_analyses import known_analyses
from tournaments.models import Board
from tournaments.services import boards


@pytest.mark.parametrize("which", [0, 1, -1])
def test_a_shipped_analysis_is_the_analysis_of_its_deal(which):
    (deal, dealer, vulnerability), shipped = list(known_analyses().items())[which]
    row = Board(number=1, deal=deal, dealer=dealer, vulnerability=vulnerability)
    (result,) = boards.analyse_boards([boards.board_to_pure(row, boards.rules_for_game("duplicate_bridge"))])
    assert result.double_dummy.as_dict() == shipped["double_dummy"]
    assert result.par.as_dict() == shipped["par"]
