"""Progressive (social) movements: the next seating depends on who won at each table.

No board sets: a pure function takes the current seating and each table's winning side and
returns the next seating and the awards. Conventions, shared by every function here:

* ``seating``: a tuple of tables, index 0 = table 1 = the head table, last = the booby table;
* a table is two sides ``(side0, side1)``; a side is a tuple ``(lady, gentleman)`` of labels
  (any strings; position 0 is "the lady", position 1 "the gentleman");
* ``outcomes``: the winning side index (0 or 1) at each table, in table order;
* awards: ``{player: ("gold",), ...}``, the stars (or marks) earned this round.

Progressive euchre (Hoyle's Games Modernized): head-table winners keep their seats and take a
gold star; head-table losers go to the booby table; winners elsewhere move up one table and take
a red star; losers everywhere but the head table stay and exchange partners with the newcomers;
booby-table losers take a green star. The Standard Hoyle's version gives no red stars.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from .limits import MAX_PARTY_TABLES, within

Side = tuple[str, ...]
Table = tuple[Side, Side]
Seating = tuple[Table, ...]
Awards = dict[str, tuple[str, ...]]

GOLD, RED, GREEN, WIN = "gold", "red", "green", "win"


class ProgressionError(ValueError):
    """The seating or the outcomes are malformed."""


@dataclass(frozen=True)
class EuchreRules:
    """``red_stars`` False gives the Standard Hoyle (1912) rule: only gold and green labels."""

    red_stars: bool = True


HOYLES_GAMES_MODERNIZED = EuchreRules(red_stars=True)
STANDARD_HOYLE = EuchreRules(red_stars=False)


@dataclass(frozen=True)
class WhistDriveRules:
    """``change_partners`` False: winners stay together, losing ladies up, gents down (whist
    drive); True: progressive whist, the winning gentleman also moves to oppose his partner."""

    change_partners: bool = False


def table_winner(points: Sequence[int], tricks: Sequence[int] | None = None,
                 cut: Sequence[int] | None = None) -> int:
    """Winning side when the bell rings: more points; tied, "the holders of the most tricks
    toward the next hand" (Hoyle's Games Modernized); still tied, the higher cut by the ladies
    (Standard Hoyle). Raises if it is still a tie."""
    for values in (points, tricks, cut):
        if values is not None and values[0] != values[1]:
            return 0 if values[0] > values[1] else 1
    raise ProgressionError("a tie: give the tricks of the current hand or the ladies' cut")


def euchre_progression(seating: Sequence[Table], outcomes: Sequence[int],
                       rules: EuchreRules = HOYLES_GAMES_MODERNIZED) -> tuple[Seating, Awards]:
    """One progressive-euchre move: returns (next seating, stars awarded this game)."""
    tables = _check(seating, outcomes)
    last = len(tables) - 1
    winners = [t[w] for t, w in zip(tables, outcomes)]
    losers = [t[1 - w] for t, w in zip(tables, outcomes)]
    awards: Awards = {}
    for player in winners[0]:
        _award(awards, player, GOLD)
    for k in range(1, len(tables)):
        if rules.red_stars:
            for player in winners[k]:
                _award(awards, player, RED)
    if last > 0:
        for player in losers[last]:
            _award(awards, player, GREEN)
    if last == 0:
        return tuple(tables), awards
    result: list[Table] = []
    head = [None, None]
    head[outcomes[0]] = winners[0]
    head[1 - outcomes[0]] = winners[1]
    result.append((head[0], head[1]))
    for k in range(1, len(tables)):
        arriving = losers[0] if k == last else winners[k + 1]
        result.append(_exchange(losers[k], 1 - outcomes[k], arriving))
    return tuple(result), awards


def whist_drive_progression(seating: Sequence[Table], outcomes: Sequence[int],
                            rules: WhistDriveRules = WhistDriveRules()
                            ) -> tuple[Seating, Awards]:
    """One whist-drive move: losing ladies go up a table (T to 1), losing gentlemen down (1 to
    T); winners stay (whist-drive FAQ). With ``change_partners`` the winning gentleman crosses
    to oppose his former partner, so everyone changes partner every round."""
    tables = _check(seating, outcomes)
    count = len(tables)
    winners = [t[w] for t, w in zip(tables, outcomes)]
    losers = [t[1 - w] for t, w in zip(tables, outcomes)]
    awards: Awards = {}
    for side in winners:
        for player in side:
            _award(awards, player, WIN)
    result: list[Table] = []
    for k in range(count):
        lady_in = losers[(k - 1) % count][0]
        gent_in = losers[(k + 1) % count][1]
        lady, gent = winners[k]
        if rules.change_partners:
            stay, other = (lady, gent_in), (lady_in, gent)
        else:
            stay, other = (lady, gent), (lady_in, gent_in)
        pair = [None, None]
        pair[outcomes[k]] = stay
        pair[1 - outcomes[k]] = other
        result.append((pair[0], pair[1]))
    return tuple(result), awards


def initial_seating(ladies: Sequence[str], gentlemen: Sequence[str]) -> Seating:
    """Seat drawn partners: lady i with gentleman i; pairs 2t and 2t+1 at table t+1 (the pips
    of the drawn card give the table, Hoyle's Games Modernized)."""
    if len(ladies) != len(gentlemen) or not ladies or len(ladies) % 2:
        raise ProgressionError("need an even number of ladies and as many gentlemen")
    within("players", 2 * len(ladies), 4 * MAX_PARTY_TABLES)
    sides = list(zip(ladies, gentlemen))
    return tuple((sides[i], sides[i + 1]) for i in range(0, len(sides), 2))


def _exchange(staying: Side, side_index: int, arriving: Side) -> Table:
    """Staying losers split up: the staying lady takes the arriving gentleman, the arriving
    lady the staying gentleman; the staying lady keeps her side of the table."""
    pair = [None, None]
    pair[side_index] = (staying[0], arriving[1])
    pair[1 - side_index] = (arriving[0], staying[1])
    return (pair[0], pair[1])


def _award(awards: Awards, player: str, star: str) -> None:
    awards[player] = awards.get(player, ()) + (star,)


def _check(seating: Sequence[Table], outcomes: Sequence[int]) -> list[Table]:
    tables = [tuple(tuple(side) for side in table) for table in seating]
    if not tables:
        raise ProgressionError("no tables")
    within("tables", len(tables), MAX_PARTY_TABLES)
    if len(outcomes) != len(tables):
        raise ProgressionError(f"{len(tables)} tables but {len(outcomes)} outcomes")
    if any(o not in (0, 1) for o in outcomes):
        raise ProgressionError("an outcome is the winning side index, 0 or 1")
    if any(len(t) != 2 or any(len(side) != 2 for side in t) for t in tables):
        raise ProgressionError("each table is two sides of two players")
    players = [p for t in tables for side in t for p in side]
    if len(set(players)) != len(players):
        raise ProgressionError("a player is seated twice")
    return tables


# Progressive hearts (Standard Hoyle, L6755): "There are twelve players at three tables. Four
# losers retire and there are eight. The sifting process takes place until there are only four
# players. The four play." An elimination, not a progression: each player for himself, four at
# a table, one table's worth (four) retiring at each round's close until one table is left.
RETIRE_OVERALL, RETIRE_PER_TABLE = "overall", "per_table"


class HeartsTie(ProgressionError):
    """Players tie for the last place(s) to retire and no cut separates them."""

    def __init__(self, players: Sequence[str], places: int):
        self.players, self.places = tuple(players), places
        super().__init__(f"{', '.join(players)} tie for {places} place{'s' if places > 1 else ''} to retire: "
                         "record a cut for them (the lowest card retires)")


def hearts_retirees(tables: Sequence[Sequence[str]], lost: Mapping[str, int], totals: Mapping[str, int],
                    *, how: str = RETIRE_OVERALL, cut: Mapping[str, int] | None = None,
                    ghosts: Iterable[str] = (), count: int = 4) -> tuple[str, ...]:
    """Who retires at a round's close. The book does not say how "four losers" are chosen:

    * ``overall`` (default): the ``count`` players who lost the most chips this round, over all
      tables (the losers of the party, as the prizes also go by "chips" lost);
    * ``per_table``: the biggest loser at each table; with fewer tables than ``count`` the other
      places go to the biggest losers overall, with more the ``count`` biggest of them retire.

    Ties: more chips lost in the whole party so far retires; still tied, the director's ``cut``
    (the lowest card retires: in the euchre party "the highest cut determines the victors").
    A ghost hand (a seat kept for a player who left) retires before anyone.
    """
    if how not in (RETIRE_OVERALL, RETIRE_PER_TABLE):
        raise ProgressionError(f"retire is {RETIRE_OVERALL!r} or {RETIRE_PER_TABLE!r}")
    players = [p for table in tables for p in table]
    if len(set(players)) != len(players) or any(p not in lost for p in players):
        raise ProgressionError("every seated player once, with the chips lost")
    ghosts, cut = set(ghosts), dict(cut or {})

    def key(p):
        return (p in ghosts, lost[p], totals.get(p, lost[p]))

    if how == RETIRE_PER_TABLE:
        losers = [_worst(list(table), 1, key, cut)[0] for table in tables]
        if len(losers) >= count:
            return _worst(losers, count, key, cut)
        rest = [p for p in players if p not in losers]
        return tuple(losers) + _worst(rest, count - len(losers), key, cut)
    return _worst(players, count, key, cut)


def _worst(pool: list[str], places: int, key, cut: Mapping[str, int]) -> tuple[str, ...]:
    """The ``places`` players of ``pool`` with the highest ``key``; a tie across the boundary
    goes to the cut (lowest retires), else raises HeartsTie."""
    ranked = sorted(pool, key=key, reverse=True)
    if places >= len(ranked):
        return tuple(ranked)
    boundary = key(ranked[places - 1])
    if key(ranked[places]) != boundary:
        return tuple(ranked[:places])
    sure = [p for p in ranked if key(p) > boundary]
    tied = [p for p in ranked if key(p) == boundary]
    need = places - len(sure)
    cards = [cut.get(p) for p in tied]
    by_cut = sorted(tied, key=lambda p: cut.get(p, 0))
    if None in cards or cut.get(by_cut[need - 1]) == cut.get(by_cut[need]):
        raise HeartsTie(tied, need)
    return tuple(sure + by_cut[:need])
