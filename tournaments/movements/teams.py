"""Team movements: round robin by the circle method, Swiss pairing without rematches, and
teams of four at two tables per match with the boards exchanged.

Round robin (Berger / circle method): fix team n (add a bye if odd); in round r team n plays r,
and r+k plays r-k (mod n-1). Swiss: rank by score, pair top-down with backtracking so no two
teams meet twice (tsh's "backtracking to assign a second or lower choice").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .limits import within
from .model import Movement, RoundPlan, TablePlay, board_set
from .validate import check

BYE = "bye"


class TeamsError(ValueError):
    """No team schedule for this request."""


def round_robin(teams: int) -> list[list[tuple[int, int]]]:
    """All-play-all: a list of rounds, each a list of (home, away) team numbers (1-based).

    With an odd number of teams the team drawn against the bye (number teams+1) rests and is
    left out of that round.
    """
    if teams < 2:
        raise TeamsError("a round robin needs at least 2 teams")
    within("teams", teams)
    n = teams + teams % 2
    m = n - 1
    rounds = []
    for r in range(m):
        matches = [(n, r % m + 1) if r % 2 == 0 else (r % m + 1, n)]
        for k in range(1, n // 2):
            matches.append(((r + k) % m + 1, (r - k) % m + 1))
        rounds.append([(a, b) for a, b in matches if a <= teams and b <= teams])
    return rounds


def resting(teams: int, round_matches: Sequence[tuple[int, int]]) -> list[int]:
    """Teams without a match in a round (the bye)."""
    playing = {t for match in round_matches for t in match}
    return [t for t in range(1, teams + 1) if t not in playing]


def team_round_robin(teams: int, *, boards_per_round: int | None = None,
                     rounds: int | None = None) -> Movement:
    """Teams of four: each match at two tables, boards exchanged between them.

    Team k's pairs are "kNS" (North-South at the home table) and "kEW" (East-West at the away
    table). Every match plays the same set in a round (duplicated boards), declared shared.
    """
    within("teams", teams)
    within("boards_per_round", boards_per_round)
    schedule = round_robin(teams)
    complete = len(schedule)
    rounds = complete if rounds is None else rounds
    if not 1 <= rounds <= complete:
        raise TeamsError(f"a {teams}-team round robin has at most {complete} rounds")
    bpr = boards_per_round or (8 if complete <= 3 else max(4, round(28 / rounds)))
    within("board", rounds * bpr)
    plans = []
    for r, matches in enumerate(schedule[:rounds]):
        tps = []
        for home, away in matches:
            boards = board_set(r + 1, bpr)
            number = len(tps) + 1
            tps.append(TablePlay(table=number, ns=f"{home}NS", ew=f"{away}EW", boards=boards))
            tps.append(TablePlay(table=number + 1, ns=f"{away}NS", ew=f"{home}EW",
                                 boards=boards))
        out = tuple(f"{t}{d}" for t in resting(teams, matches) for d in ("NS", "EW"))
        plans.append(RoundPlan(round=r + 1, tables=tuple(tps), sit_out=out))
    tables = 2 * (teams // 2)
    return check(Movement(kind="team-round-robin", winners=1, tables=tables,
                          boards_per_round=bpr, rounds_detail=tuple(plans), shared=True,
                          note="teams of four: boards exchanged between the two tables"))


def swiss_pairing(standings: Sequence[int],
                  played: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """Pair the next Swiss round: ``standings`` best first; never a rematch.

    Greedy top-down with backtracking: the top unpaired team takes the nearest team below it
    it has not met. An odd field gives the lowest team that has not yet had one the bye
    (returned as (team, 0)). Raises ``TeamsError`` when no rematch-free pairing exists.
    """
    within("teams", len(standings))
    played = list(played)
    met = {frozenset(p) for p in played}
    order = list(standings)
    bye_team = None
    if len(order) % 2:
        had_bye = {a for a, b in played if b == 0} | {b for a, b in played if a == 0}
        bye_team = next((t for t in reversed(order) if t not in had_bye), order[-1])
        order.remove(bye_team)
    result = _pair(order, met)
    if result is None:
        raise TeamsError("no pairing without a rematch exists; play fewer rounds")
    return result + ([(bye_team, 0)] if bye_team is not None else [])


def _pair(order: list[int], met: set[frozenset]) -> list[tuple[int, int]] | None:
    if not order:
        return []
    top, rest = order[0], order[1:]
    for i, other in enumerate(rest):
        if frozenset((top, other)) in met:
            continue
        tail = _pair(rest[:i] + rest[i + 1:], met)
        if tail is not None:
            return [(top, other)] + tail
    return None
