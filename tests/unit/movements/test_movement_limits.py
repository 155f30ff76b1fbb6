"""Every generator refuses a field past its limit before allocating anything (issue 17, item 1:
a 10,001-table Mitchell once took 3 GB); the error is a ValueError naming the limit."""
import time

import pytest

from tournaments.movements import (generate, howell, mitchell, rainbow, relay_mitchell, round_robin, skip_mitchell,
                                   swiss_pairing, team_round_robin)
from tournaments.movements import limits
from tournaments.movements.party_draw import circle_chart, draw_by_cards
from tournaments.movements.progressive import initial_seating

HUGE = 10_000

CASES = {
    "mitchell": lambda: mitchell(HUGE + 1),
    "skip mitchell": lambda: skip_mitchell(HUGE),
    "relay mitchell": lambda: relay_mitchell(HUGE),
    "rainbow": lambda: rainbow(HUGE + 1),
    "howell": lambda: howell(pairs=HUGE),
    "team round robin": lambda: team_round_robin(HUGE),
    "round robin": lambda: round_robin(HUGE),
    "swiss": lambda: swiss_pairing(list(range(1, HUGE + 1)), []),
    "party draw": lambda: draw_by_cards([f"L{i}" for i in range(HUGE)], [f"G{i}" for i in range(HUGE)], 1),
    "party seating": lambda: initial_seating([f"L{i}" for i in range(HUGE)], [f"G{i}" for i in range(HUGE)]),
    "rotation chart": lambda: circle_chart(HUGE),
    "boards per round": lambda: mitchell(5, boards_per_round=HUGE),
    "boards past the highest number": lambda: mitchell(99, boards_per_round=limits.MAX_BOARDS_PER_ROUND),
    "registry pairs": lambda: generate("mitchell", pairs=100_000),
    "registry rounds": lambda: generate("mitchell", tables=5, rounds=10**9),
    "registry boards per round 0": lambda: generate("mitchell", tables=5, boards_per_round=0),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_generators_refuse_past_their_limit_at_once(name):
    started = time.perf_counter()
    with pytest.raises(ValueError, match=r"at most|at least|limit|Howells are supported"):
        CASES[name]()
    assert time.perf_counter() - started < 0.5


@pytest.mark.parametrize("kind,size", [("mitchell", {"tables": 99}), ("relay-mitchell", {"tables": 100}),
                                       ("howell", {"tables": 30}), ("team-round-robin", {"tables": limits.MAX_TEAMS}),
                                       ("rainbow", {"tables": 97})])
def test_the_largest_fields_allowed_are_generated(kind, size):
    movement = generate(kind, **size)
    assert max(b for r in movement.rounds_detail for t in r.tables for b in t.boards) <= limits.MAX_BOARD_NUMBER
