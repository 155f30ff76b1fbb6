"""Progressive parties' tallies: stars added up, players ranked, prizes given.

A row is anything with ``label``, ``category``, ``points``, ``gold``, ``red``, ``green``,
``wins`` and ``played`` (``TallyRow``, or the stored standing the services build). The books'
euchre ranks most gold, then most red, then fewest green (Hoyle's Games Modernized,
Progressive Euchre); modern euchre and whist drives rank total points, then tables won (the
published tie-break). Ties share a rank; ladies, gentlemen and open players rank apart.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

GOLD, RED, GREEN, WIN = "gold", "red", "green", "win"
CATEGORIES = ("lady", "gentleman", "open")


@dataclass(frozen=True)
class TallyRow:
    label: str
    category: str = "open"
    points: int = 0
    gold: int = 0
    red: int = 0
    green: int = 0
    wins: int = 0
    played: bool = True


def tally(rounds_of_awards: Iterable[Mapping[str, Sequence[str]]]) -> dict[str, dict[str, int]]:
    """Add up the stars: ``{player: {"gold": g, "red": r, "green": n, "win": w}}``."""
    totals: dict[str, dict[str, int]] = {}
    for awards in rounds_of_awards:
        for player, stars in awards.items():
            row = totals.setdefault(player, {GOLD: 0, RED: 0, GREEN: 0})
            for star in stars:
                row[star] = row.get(star, 0) + 1
    return totals


def euchre_ranking(totals: Mapping[str, Mapping[str, int]], players: Iterable[str] | None = None) -> list[str]:
    """Prize order: most gold stars; tie, most red; tie, fewest green (Hoyle's Games
    Modernized). Rank ladies and gentlemen separately by passing each group as ``players``."""
    group = list(players if players is not None else totals)
    return sorted(group, key=lambda p: _stars_key(totals.get(p, {})))


def _stars_key(row: Mapping[str, int]) -> tuple[int, int, int]:
    return (-row.get(GOLD, 0), -row.get(RED, 0), row.get(GREEN, 0))


def tally_key(row, *, stars: bool) -> tuple:
    """What ranks a row: stars (the books' euchre) or points then tables won."""
    if stars:
        return _stars_key({GOLD: row.gold, RED: row.red, GREEN: row.green})
    return (-row.points, -row.wins)


def _label_key(label: str) -> int:
    return int(label) if label.isdigit() else 0


def rank_tally(rows: Iterable, *, stars: bool) -> list[tuple[int, object]]:
    """``(rank, row)`` in prize order, each category ranked apart (ladies, gentlemen, open)."""
    order = {c: i for i, c in enumerate(CATEGORIES)}
    rows = sorted(rows, key=lambda r: (order.get(r.category, len(order)), tally_key(r, stars=stars),
                                       _label_key(r.label)))
    ranked: list[tuple[int, object]] = []
    for row in rows:
        before = ranked[-1] if ranked and ranked[-1][1].category == row.category else None
        place = 1 if before is None else len([1 for _, r in ranked if r.category == row.category]) + 1
        same = before is not None and tally_key(before[1], stars=stars) == tally_key(row, stars=stars)
        ranked.append((before[0] if same else place, row))
    return ranked


def tally_prizes(ranked: Sequence[tuple[int, object]], *, stars: bool) -> list[dict]:
    """Per category: the first prize (rank 1, ties listed) and the booby prize (most green stars
    in the books' euchre; the lowest score otherwise, never to a winner)."""
    prizes = []
    for category in CATEGORIES:
        group = [(rank, row) for rank, row in ranked if row.category == category]
        if not group:
            continue
        prizes.append({"category": category, "prize": "first", "players": [r for rank, r in group if rank == 1]})
        if stars:
            most = max(r.green for _, r in group)
            booby = [r for _, r in group if r.green == most] if most else []
        else:
            low = min(r.points for _, r in group)
            booby = [r for rank, r in group if r.points == low and rank != 1]
        if booby:
            prizes.append({"category": category, "prize": "booby", "players": booby})
    return prizes


def hearts_ranking(rows: Iterable, *, reached: Mapping[str, int], last: Mapping[str, int],
                   final_round: int | None, by_total: bool = False) -> list[tuple[int, object]]:
    """Progressive hearts (``points``: chips lost, fewest best): the players of the latest round
    reached first; among the finalists of a played final (``final_round``) fewest chips at the
    final table, tied fewest in all (``by_total``: the other way round, "the person losing the
    least chips", Standard Hoyle); the others by fewest chips lost in the round they retired,
    then in all."""
    def key(row):
        chips, total = last.get(row.label, 0), row.points
        finalist = final_round is not None and reached.get(row.label) == final_round
        return (-reached.get(row.label, 0), (total, chips) if finalist and by_total else (chips, total))

    ordered = sorted(rows, key=lambda r: (key(r), _label_key(r.label)))
    ranked: list[tuple[int, object]] = []
    for place, row in enumerate(ordered, start=1):
        same = ranked and key(ranked[-1][1]) == key(row)
        ranked.append((ranked[-1][0] if same else place, row))
    return ranked


def hearts_prizes(ranked: Sequence[tuple[int, object]]) -> list[dict]:
    """ "There may be four prizes, the person losing the least chips having awarded to him the
    first prize. The prizes of less value may be given to the other players in proportion to
    their points. A booby prize presented to the person having los[t] most" (Standard Hoyle):
    first, second and third by rank (tied players share), the booby prize to the most chips
    lost in the whole party among the rest who played (a player takes one prize)."""
    prizes = []
    for place, name in ((1, "first"), (2, "second"), (3, "third")):
        winners = [row for rank, row in ranked if rank == place]
        if winners:
            prizes.append({"category": "open", "prize": name, "players": winners})
    rest = [row for rank, row in ranked if rank > 3 and row.played]
    if rest:
        most = max(r.points for r in rest)
        prizes.append({"category": "open", "prize": "booby", "players": [r for r in rest if r.points == most]})
    return prizes


def missed_credit(played: Sequence[int], *, average: bool) -> int | None:
    """What each of a latecomer's missed rounds counts: nothing, or (``average``) the average
    of the rounds they played, rounded half up (a club option)."""
    if not average or not played:
        return None
    return int(sum(played) / len(played) + 0.5)
