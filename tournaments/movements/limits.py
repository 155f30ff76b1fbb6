"""How big a field, a movement or a board set may be: every size a user can ask for, in one
place, checked before anything is allocated (house style, "Bounded work").

The figures are generous for a club: a 100-table section is larger than any club evening
(ACBL sections run 13-15 tables; the EBU's biggest congress Swiss pairs fields about 150
pairs in several sections), and a session of more than 36 boards a round is never played.
Pure Python, so the generators import it; ``cardroom.limits`` adds the web and file sizes.
"""

from __future__ import annotations

MAX_TABLES = 100            # tables in one section (Mitchell, skip, relay, Rainbow, party)
MAX_PAIRS = 2 * MAX_TABLES  # pairs in one section
MAX_PLAYERS = 4 * MAX_TABLES  # players in an individual or a party
MAX_TEAMS = 50              # teams of four in a round robin (two tables a match, 49 rounds of 4 boards)
MAX_SWISS_TEAMS = 100       # teams in a Swiss or a knockout (50 matches: 100 tables)
MAX_ROUNDS = MAX_TABLES     # rounds in one session
MAX_BOARDS_PER_ROUND = 36   # boards a round (a long team match plays 32-36 boards a stanza)
MAX_BOARD_NUMBER = 200      # highest board number in a movement, a set, a PBN file or a result
MAX_SECTIONS = 26           # sections A to Z
MAX_PAR_SCORE = 7600        # a par score's points: 13 down redoubled vulnerable (Law 77)
MAX_PARTY_TABLES = 60       # tables at a progressive party (the book's drives run 10-40)

SIZES = {
    "tables": MAX_TABLES, "pairs": MAX_PAIRS, "players": MAX_PLAYERS, "teams": MAX_TEAMS,
    "rounds": MAX_ROUNDS, "boards_per_round": MAX_BOARDS_PER_ROUND, "board": MAX_BOARD_NUMBER,
    "sections": MAX_SECTIONS,
}


class LimitError(ValueError):
    """A size beyond its limit; the message names the field and the limit."""

    def __init__(self, field: str, value: int, limit: int):
        self.field, self.value, self.limit = field, value, limit
        name = "the highest board number" if field == "board" else field
        super().__init__(f"{name} is at most {limit} (limit), not {value}")


def within(field: str, value: int | None, limit: int | None = None) -> int | None:
    """Return ``value`` if it is within the limit of ``field`` (None passes); raise otherwise."""
    if value is None:
        return None
    top = SIZES[field] if limit is None else limit
    if value > top:
        raise LimitError(field, value, top)
    return value
