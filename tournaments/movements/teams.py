"""Team movements and draws: round robin by the circle method, the Swiss draw without rematches,
the first round seeded or at random, the knockout bracket, and teams of four at two tables per
match with the boards exchanged.

Round robin (Berger / circle method): fix team n (add a bye if odd); in round r team n plays r,
and r+k plays r-k (mod n-1). Swiss: rank by score, pair top-down so no two teams meet twice,
going back up to resolve conflicts (tsh's "backtracking to assign a second or lower choice");
done with a perfect-matching oracle (``matching.py``) so it is polynomial, not exponential.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from .limits import MAX_SWISS_TEAMS, within
from .matching import Matching
from .model import Movement, RoundPlan, TablePlay, board_set
from .validate import check

BYE = "bye"
FIRST_ROUND_METHODS = ("seeded", "random")


class TeamsError(ValueError):
    """No team schedule for this request."""


def round_robin(teams: int, rounds: int | None = None) -> list[list[tuple[int, int]]]:
    """All-play-all: a list of rounds, each a list of (home, away) team numbers (1-based).

    With an odd number of teams the team drawn against the bye (number teams+1) rests and is
    left out of that round. ``rounds`` fewer than the complete n-1 gives a partial round robin:
    the first rounds of the same schedule, so no two teams meet twice.
    """
    if teams < 2:
        raise TeamsError("a round robin needs at least 2 teams")
    within("teams", teams)
    n = teams + teams % 2
    m = n - 1
    if rounds is not None and not 1 <= rounds <= m:
        raise TeamsError(f"a {teams}-team round robin has 1 to {m} rounds, not {rounds}")
    schedule = []
    for r in range(m if rounds is None else rounds):
        matches = [(n, r % m + 1) if r % 2 == 0 else (r % m + 1, n)]
        for k in range(1, n // 2):
            matches.append(((r + k) % m + 1, (r - k) % m + 1))
        schedule.append([(a, b) for a, b in matches if a <= teams and b <= teams])
    return schedule


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
    complete = len(round_robin(teams))
    rounds = complete if rounds is None else rounds
    if not 1 <= rounds <= complete:
        raise TeamsError(f"a {teams}-team round robin has at most {complete} rounds")
    bpr = boards_per_round or (8 if complete <= 3 else max(4, round(28 / rounds)))
    within("board", rounds * bpr)
    schedule = round_robin(teams, rounds)
    plans = [match_round_plan(r + 1, matches + [(t, 0) for t in resting(teams, matches)],
                              board_set(r + 1, bpr))
             for r, matches in enumerate(schedule)]
    movement = teams_movement(plans, boards_per_round=bpr)
    return check(Movement(kind="team-round-robin", winners=1, tables=2 * (teams // 2),
                          boards_per_round=bpr, rounds_detail=movement.rounds_detail, shared=True,
                          note="teams of four: boards exchanged between the two tables"))


def match_round_plan(round_number: int, pairing: Sequence[tuple[int, int]],
                     boards: Sequence[int]) -> RoundPlan:
    """One round of matches: match m (1-based, byes not counted) at tables 2m-1, the open room
    ("{home}NS" v "{away}EW"), and 2m, the closed room ("{away}NS" v "{home}EW"), all on
    ``boards``. A bye, (team, 0), sits the team's two pairs out."""
    boards = tuple(boards)
    if not boards:
        raise TeamsError("a match needs boards")
    seen: set[int] = set()
    tables: list[TablePlay] = []
    out: list[str] = []
    for home, away in pairing:
        for team in (home, away):
            if team and team in seen:
                raise TeamsError(f"team {team} is drawn twice in round {round_number}")
            seen.add(team)
        if not home or not away:
            out.extend((f"{home or away}NS", f"{home or away}EW"))
            continue
        m = len(tables) // 2 + 1
        tables.append(TablePlay(table=2 * m - 1, ns=f"{home}NS", ew=f"{away}EW", boards=boards))
        tables.append(TablePlay(table=2 * m, ns=f"{away}NS", ew=f"{home}EW", boards=boards))
    return RoundPlan(round=round_number, tables=tuple(tables), sit_out=tuple(out))


def teams_movement(plans: Iterable[RoundPlan], *, boards_per_round: int) -> Movement:
    """The drawn rounds as one checked movement (kind "teams", shared boards): as many tables
    as the round with the most matches needs."""
    plans = tuple(plans)
    within("boards_per_round", boards_per_round)
    tables = max((t.table for p in plans for t in p.tables), default=0)
    within("tables", tables)
    return check(Movement(kind="teams", winners=1, tables=tables, boards_per_round=boards_per_round,
                          rounds_detail=plans, shared=True,
                          note="teams of four: boards exchanged between the two rooms of a match"))


def swiss_pairing(standings: Sequence[int],
                  played: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """Pair the next Swiss round: ``standings`` best first; never a rematch.

    Top-down: the top unpaired team takes the nearest team below it it has not met, provided
    the teams left can still all be paired without a rematch; otherwise its next choice (the
    draw unlimited backtracking gives, found with a perfect-matching test per choice: Edmonds'
    blossom algorithm, polynomial). An odd field gives the bye, (team, 0), to the lowest team
    with the fewest byes so far (normally: the lowest that has not had one) for which the rest
    can be paired. Raises ``TeamsError`` when no rematch-free pairing exists.
    """
    within("teams", len(standings), MAX_SWISS_TEAMS)
    order = _teams(standings)
    played = list(played)
    met = {frozenset(p) for p in played if 0 not in p}
    byes = Counter(t for p in played if 0 in p for t in p if t)
    if len(order) % 2 == 0:
        pairs = _top_down(order, met)
        if pairs is None:
            raise TeamsError("no pairing without a rematch exists; play fewer rounds")
        return pairs
    for bye_team in sorted(reversed(order), key=lambda t: byes[t]):
        pairs = _top_down([t for t in order if t != bye_team], met)
        if pairs is not None:
            return pairs + [(bye_team, 0)]
    raise TeamsError("no pairing without a rematch exists; play fewer rounds")


def _top_down(order: list[int], met: set[frozenset]) -> list[tuple[int, int]] | None:
    n = len(order)
    adj = [[j for j in range(n) if j != i and frozenset((order[i], order[j])) not in met]
           for i in range(n)]
    m = Matching(adj)
    if m.maximize():
        return None
    pairs = []
    for i in range(n):
        if not m.alive[i]:
            continue
        for j in adj[i]:
            if j < i or not m.alive[j]:
                continue
            if m.mate[i] != j and not _repair(m, i, j):
                continue
            m.remove(i)
            m.remove(j)
            pairs.append((order[i], order[j]))
            break
    return pairs


def _repair(m: Matching, i: int, j: int) -> bool:
    """Pair i with j if the rest keeps a perfect matching: free their partners a and b, and look
    for an augmenting path between them (the only two exposed vertices)."""
    a, b = m.mate[i], m.mate[j]
    m.mate[a] = m.mate[b] = -1
    m.mate[i], m.mate[j] = j, i
    m.alive[i] = m.alive[j] = False
    if m.augment_from(a):
        return True
    m.mate[i], m.mate[a], m.mate[j], m.mate[b] = a, i, b, j
    m.alive[i] = m.alive[j] = True
    return False


def first_round_pairing(teams: Sequence[int], *, method: str,
                        seeds: Mapping[int, int] | Sequence[int] | None = None,
                        seed: str = "") -> list[tuple[int, int]]:
    """The first round of a Swiss. "seeded": by ``seeds`` (team -> seed, 1 = strongest, or a
    list of the teams strongest first; teams without a seed after, in the order given), the top
    half plays the bottom half, 1 v n/2+1, 2 v n/2+2 ... (FIDE Handbook C.04.3, the Dutch
    system's first round). "random": a shuffle reproducible from ``seed`` (random.Random(seed)
    over the teams in ascending order), neighbours paired. An odd field's bye goes to the last
    team (the lowest seed, or the last drawn), returned as (team, 0)."""
    within("teams", len(teams), MAX_SWISS_TEAMS)
    order = _teams(teams)
    if method == "seeded":
        if seeds is not None and not isinstance(seeds, Mapping):  # a list: the teams best first
            seeds = {t: k for k, t in enumerate(seeds, start=1)}
        seeds = seeds or {}
        position = {t: k for k, t in enumerate(order)}
        order.sort(key=lambda t: (seeds.get(t) is None, seeds.get(t) or 0, position[t]))
    elif method == "random":
        order.sort()
        random.Random(seed).shuffle(order)
    else:
        raise TeamsError(f"the first round is drawn {' or '.join(FIRST_ROUND_METHODS)}, not {method!r}")
    bye = [(order.pop(), 0)] if len(order) % 2 else []
    if method == "seeded":
        half = len(order) // 2
        pairs = list(zip(order[:half], order[half:]))
    else:
        pairs = list(zip(order[0::2], order[1::2]))
    return pairs + bye


def bracket_order(size: int) -> list[int]:
    """Seeds in bracket order for a power-of-two draw: [1, 8, 4, 5, 2, 7, 3, 6] for 8, so seeds
    1 and 2 can meet only in the final, 1-4 only in the semi-finals (the standard seeded
    bracket: each round pairs seed s with size+1-s)."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [x for s in order for x in (s, total - s)]
    return order


def knockout_pairing(teams_by_seed: Sequence[int]) -> list[tuple[int, int]]:
    """The knockout's first round, in bracket order: seed 1 v seed N ..., the higher seed home.
    A field that is not a power of two gives byes, (team, 0), to the top seeds."""
    within("teams", len(teams_by_seed), MAX_SWISS_TEAMS)
    teams = _teams(teams_by_seed)
    if len(teams) < 2:
        raise TeamsError("a knockout needs at least 2 teams")
    size = 1 << (len(teams) - 1).bit_length()
    order = bracket_order(size)
    return [(teams[order[k] - 1], teams[order[k + 1] - 1] if order[k + 1] <= len(teams) else 0)
            for k in range(0, size, 2)]


def knockout_next(winners: Sequence[int]) -> list[tuple[int, int]]:
    """The next knockout round from the last round's winners in bracket order (byes' teams
    included): neighbours meet, the first of each two at home."""
    teams = _teams(winners)
    if len(teams) < 2:
        raise TeamsError("the knockout is over: there is one winner")
    if len(teams) % 2:
        raise TeamsError(f"a knockout round needs an even number of winners, not {len(teams)}")
    return list(zip(teams[0::2], teams[1::2]))


def _teams(teams: Iterable[int]) -> list[int]:
    order = list(teams)
    if any(not isinstance(t, int) or isinstance(t, bool) or t < 1 for t in order):
        raise TeamsError("teams are numbered from 1")
    if len(set(order)) != len(order):
        raise TeamsError("a team is listed twice")
    return order
