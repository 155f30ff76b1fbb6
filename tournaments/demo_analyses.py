"""The double-dummy analyses of the demo's dealt boards, shipped with it (``demo_analyses.json``,
made by Cardroom's own analysis of those deals): the demo stores them on its boards before it
commits, so loading it queues no double dummy (about 8 s of DDS, which ``make run`` would
otherwise wait for). A board whose deal is not in the file (the dealing changed) keeps no
analysis and is analysed after the commit as any other board."""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from django.utils import timezone

from tournaments.models import Board

ANALYSES_FILE = Path(__file__).with_name("demo_analyses.json")


@cache
def known_analyses() -> dict[tuple[str, str, str], dict]:
    """(deal, dealer, vulnerability) -> {"double_dummy": ..., "par": ...}."""
    rows = json.loads(ANALYSES_FILE.read_text(encoding="utf-8"))
    return {(r["deal"], r["dealer"], r["vulnerability"]): {"double_dummy": r["double_dummy"], "par": r["par"]}
            for r in rows}


def store_known_analyses(board_sets) -> int:
    """Give the boards of these sets that have no analysis yet the shipped one for their deal;
    returns how many boards got one."""
    known = known_analyses()
    now = timezone.now()
    pending = list(Board.objects.filter(board_set__in=board_sets, double_dummy__isnull=True))
    found = []
    for board in pending:
        analysis = known.get((board.deal, board.dealer, board.vulnerability))
        if analysis is not None:
            board.double_dummy, board.par, board.analysed_at = analysis["double_dummy"], analysis["par"], now
            found.append(board)
    Board.objects.bulk_update(found, ["double_dummy", "par", "analysed_at"])
    return len(found)
