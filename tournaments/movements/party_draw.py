"""The progressive party's draw, rotation chart, trump rotation and table-result checks.

Pure companions to ``progressive.py`` (which moves players after each game). Conventions are
the same: a seating is a tuple of tables, table 1 (index 0) the head table and the last the
booby table; a table is two sides; a side is ``(lady, gentleman)`` by position.

* The draw by matching cards (Hoyle's Games Modernized, Progressive Euchre): "a sequence from
  ace upwards, equal to the number of tables, is selected from the club and spade suits" of two
  packs; ladies draw from one, gentlemen from the other; matching cards partner, the pips give
  the table, the club pair and the spade pair are opponents.
* The rotation chart: each player partners every other player once where a schedule exists
  (a one-factorisation of the players, grouped two partnerships a table); players not a
  multiple of four get byes.
* Whist-drive trumps by rotation: hearts, clubs, diamonds, spades (optionally no-trumps).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .individual import available_sizes, individual
from .limits import MAX_PARTY_TABLES, within
from .progressive import ProgressionError, Seating, Table, table_winner

SUITS = ("\u2663", "\u2660")  # club pair is side 0, spade pair side 1
TRUMP_ROTATION = ("hearts", "clubs", "diamonds", "spades")
NO_TRUMPS = "no trumps"


class PartyRuleError(ValueError):
    """A draw or a table result the rules do not allow."""


@dataclass(frozen=True)
class Draw:
    """The first seating and the card each player drew (``"3\u2663"``: table 3, club pair)."""

    seating: Seating
    cards: dict[str, str]


@dataclass(frozen=True)
class ChartRound:
    """One round of a rotation chart: tables of player numbers, and those with a bye."""

    tables: tuple[Table, ...]
    byes: tuple[str, ...] = ()


def draw_by_cards(ladies: Sequence[str], gentlemen: Sequence[str], seed: str | int) -> Draw:
    """Shuffle two packs of ace..N of clubs and spades with ``seed``; lady i draws card i of the
    first pack, gentleman j card j of the second; matching cards partner (Hoyle's Games
    Modernized, Progressive Euchre)."""
    if len(ladies) != len(gentlemen) or not ladies or len(ladies) % 2:
        raise PartyRuleError("the draw needs an even number of ladies and as many gentlemen")
    within("players", 2 * len(ladies), 4 * MAX_PARTY_TABLES)
    tables = len(ladies) // 2
    deck = [(rank, suit) for rank in range(1, tables + 1) for suit in range(2)]
    rng = random.Random(f"draw:{seed}")
    first, second = deck[:], deck[:]
    rng.shuffle(first)
    rng.shuffle(second)
    seats: dict[tuple[int, int], list[str]] = {card: [None, None] for card in deck}
    cards: dict[str, str] = {}
    for lady, card in zip(ladies, first):
        seats[card][0] = lady
        cards[lady] = card_name(card)
    for gent, card in zip(gentlemen, second):
        seats[card][1] = gent
        cards[gent] = card_name(card)
    seating = tuple((tuple(seats[(t, 0)]), tuple(seats[(t, 1)])) for t in range(1, tables + 1))
    return Draw(seating=seating, cards=cards)


def draw_open(players: Sequence[str], seed: str | int) -> Draw:
    """An unpaired draw: everyone draws from one shuffle; the first half takes the first pack's
    cards and the second half the second pack's, then matching cards partner as above."""
    if not players or len(players) % 4:
        raise PartyRuleError("an open draw needs a multiple of four players")
    order = list(players)
    random.Random(f"open:{seed}").shuffle(order)
    half = len(order) // 2
    return draw_by_cards(order[:half], order[half:], seed)


def card_name(card: tuple[int, int]) -> str:
    rank, suit = card
    return f"{'A' if rank == 1 else rank}{SUITS[suit]}"


def ghosts_needed(ladies: int, gentlemen: int) -> tuple[int, int]:
    """Ghost hands to add (ladies, gentlemen) so each category fills whole tables."""
    target = max(ladies, gentlemen, 2)
    target += target % 2
    return target - ladies, target - gentlemen


def seating_from_sides(sides: Sequence[Sequence[Sequence[str]]]) -> Seating:
    """Check and freeze an entered seating: tables of two sides of two distinct players."""
    seating = tuple(tuple(tuple(str(p) for p in side) for side in table) for table in sides)
    if not seating or any(len(t) != 2 or any(len(s) != 2 for s in t) for t in seating):
        raise PartyRuleError("each table is two sides of two players")
    players = [p for t in seating for s in t for p in s]
    if len(set(players)) != len(players):
        raise PartyRuleError("a player is seated twice")
    return seating


def rotation_chart(players: int) -> tuple[ChartRound, ...]:
    """Everyone partners everyone once. Where the individual movements hold a whist-tournament
    design for exactly ``players`` (which also balances opponents), that design; otherwise
    ``circle_chart``."""
    if players in available_sizes():
        return tuple(ChartRound(tables=tuple(t.sides for t in plan.tables),
                                byes=tuple(sorted(plan.sit_out, key=int)))
                     for plan in individual(players).rounds_detail)
    return circle_chart(players)


def circle_chart(players: int, positions: int | None = None) -> tuple[ChartRound, ...]:
    """The circle method (a one-factorisation) on ``positions`` places (even; by default
    ``players`` plus phantoms) where places above ``players`` are phantoms; a phantom's partner
    has a bye. Exact for 4n and 4n+1 players (one bye a round); when a round's real partnerships
    are odd the last sits out too, so 4n+2 players miss one partnership and 4n+3 one a round
    (no complete schedule exists). A latecomer who takes phantom place ``players + 1`` keeps
    every round's partnerships: ``circle_chart(players + 1, positions)``.
    Labels are ``"1"``..``str(players)``."""
    if players < 4:
        raise PartyRuleError("a rotation chart needs at least 4 players")
    within("players", players, 4 * MAX_PARTY_TABLES + 3)
    padded = circle_places(players) if positions is None else positions
    if padded < players or padded % 2:
        raise PartyRuleError("a circle chart has an even number of places, at least one a player")
    within("players", padded, 4 * MAX_PARTY_TABLES + 4)
    fixed, ring = padded, list(range(1, padded))
    rounds = []
    for r in range(padded - 1):
        spin = ring[r:] + ring[:r]
        pairs = [(fixed, spin[0])] + [(spin[i], spin[-i]) for i in range(1, padded // 2)]
        real = [p for p in pairs if max(p) <= players]
        byes = [str(min(p)) for p in pairs if max(p) > players and min(p) <= players]
        if len(real) % 2:
            byes.extend(str(p) for p in real.pop())
        tables = tuple(((str(a), str(b)), (str(c), str(d)))
                       for (a, b), (c, d) in zip(real[0::2], real[1::2]))
        rounds.append(ChartRound(tables=tables, byes=tuple(sorted(byes, key=int))))
    return tuple(rounds)


def chart_positions(players: int) -> int:
    """Places in the chart drawn for ``players``: the players themselves where a balanced
    design exists, else the circle's even count with phantoms (a latecomer may take one)."""
    return players if players in available_sizes() else circle_places(players)


def circle_places(players: int) -> int:
    """The circle's places for ``players``: the next even count giving whole tables."""
    return players + (0, 1, 2, 1)[players % 4]


def slots_chart(slots: Sequence[str], circle: bool) -> tuple[ChartRound, ...]:
    """The chart for stored slots: a label per place, ``""`` for a phantom place (always the
    last places). ``circle`` says the circle method was drawn even when no phantom is left."""
    players = sum(1 for s in slots if s)
    if any(not s for s in slots[:players]):
        raise PartyRuleError("phantom places come after every player's place")
    if not circle and players == len(slots):
        return rotation_chart(players)
    return circle_chart(players, positions=len(slots))


def chart_partnerships(chart: Sequence[ChartRound], slots: Sequence[str]) -> list[frozenset]:
    """The partnerships (pairs of labels) a run of chart rounds seats, in order."""
    slot = {str(i + 1): label for i, label in enumerate(slots)}
    return [frozenset(slot[p] for p in side) for r in chart for t in r.tables for side in t]


def rebuild_chart(labels: Sequence[str], played: set[frozenset], done: int, seed: str | int,
                  rounds: int | None = None, tries: int = 400) -> tuple[list[str], bool]:
    """A new chart for ``labels`` (a latecomer added) whose rounds after ``done`` repeat as few
    ``played`` partnerships as possible, then bring in as many new ones as possible: the chart
    for the new count (balanced design or circle) with the labels placed by a seeded search.
    Returns (slots, circle). Raises PartyRuleError when no round would be left to play."""
    count = len(labels)
    circle = count not in available_sizes()
    positions = chart_positions(count)
    chart = circle_chart(count, positions) if circle else rotation_chart(count)
    last = len(chart) if rounds is None else min(rounds, len(chart))
    if last <= done:
        raise PartyRuleError(f"a chart for {count} players has {len(chart)} rounds"
                             f"{f' (the options say {rounds})' if rounds else ''}: none is left after round {done}")
    rest = chart[done:last]
    rng = random.Random(f"rebuild:{seed}")
    order, best = list(labels), None
    for attempt in range(tries):
        if attempt:
            rng.shuffle(order)
        pairs = chart_partnerships(rest, order)
        key = (sum(p in played for p in pairs), -len(set(pairs) - played))
        if best is None or key < best[0]:
            best = (key, list(order))
    return best[1] + [""] * (positions - count), circle


def whist_trumps(hand: int, *, no_trumps: bool = False) -> str:
    """Trumps for hand ``hand`` (1-based) of a whist drive: hearts, clubs, diamonds, spades
    (then no-trumps when the club plays it), round and round."""
    cycle = TRUMP_ROTATION + ((NO_TRUMPS,) if no_trumps else ())
    if hand < 1:
        raise PartyRuleError("hands are numbered from 1")
    return cycle[(hand - 1) % len(cycle)]


@dataclass(frozen=True)
class TableRules:
    """What a table may report. ``kind``: ``"game"`` (books' euchre, play to ``game_points``),
    ``"hands"`` (modern euchre, ``hands`` fixed hands, each worth 1..``max_hand``) or
    ``"tricks"`` (whist drive, 13 tricks a hand)."""

    kind: str
    game_points: int = 5
    hands: int = 8
    max_hand: int = 4


def table_winner_checked(points: Sequence[int], tricks: Sequence[int] | None,
                         cut: Sequence[int] | None, rules: TableRules, *, head: bool,
                         needs_winner: bool = True) -> int | None:
    """Validate one table's report and return the winning side (0/1), or None when no winner
    is needed and the sides tie. Points tied, the tricks of the current hand decide (Hoyle's
    Games Modernized); tricks tied, the ladies' cut (Standard Hoyle). Raises PartyRuleError."""
    a, b = _pair(points, "points")
    if a < 0 or b < 0:
        raise PartyRuleError("points cannot be negative")
    if tricks is not None:
        ta, tb = _pair(tricks, "tricks")
        if ta < 0 or tb < 0 or ta + tb > 5:
            raise PartyRuleError("tricks: the tricks of the current hand are 0 to 5 in all")
    if cut is not None:
        ca, cb = _pair(cut, "cut")
        if not (1 <= ca <= 13 and 1 <= cb <= 13) or ca == cb:
            raise PartyRuleError("cut: two different ranks, 1 (ace) to 13 (king)")
    if rules.kind == "game":
        top = rules.game_points - 1 + rules.max_hand
        if a > top or b > top:
            raise PartyRuleError(f"a side cannot pass {top} points in a game to {rules.game_points}")
        if a >= rules.game_points and b >= rules.game_points:
            raise PartyRuleError("only one side can reach the game")
        if head and max(a, b) < rules.game_points:
            raise PartyRuleError(f"the head table plays until a side has {rules.game_points} points")
    elif rules.kind == "hands":
        if not rules.hands <= a + b <= rules.hands * rules.max_hand:
            raise PartyRuleError(f"{rules.hands} hands score between {rules.hands} and "
                                 f"{rules.hands * rules.max_hand} points in all")
    elif rules.kind == "tricks":
        if a + b != 13 * rules.hands:
            raise PartyRuleError(f"{rules.hands} hands make {13 * rules.hands} tricks, not {a + b}")
    else:
        raise PartyRuleError(f"unknown table rules {rules.kind!r}")
    try:
        return table_winner((a, b), (ta, tb) if tricks is not None else None, (ca, cb) if cut is not None else None)
    except ProgressionError:
        if needs_winner:
            raise PartyRuleError("the points are tied: give the tricks of the current hand, or the cut") from None
        return None


def bye_points(side_points: Sequence[int]) -> int:
    """A bye scores the average side score of the round, rounded half up (a club option)."""
    if not side_points:
        return 0
    return int(sum(side_points) / len(side_points) + 0.5)


def _pair(values: Sequence[int] | None, name: str) -> tuple[int, int]:
    if not isinstance(values, (list, tuple)) or len(values) != 2:
        raise PartyRuleError(f"{name}: give two whole numbers, one per side")
    try:
        a, b = (int(v) for v in values)
    except (TypeError, ValueError):
        raise PartyRuleError(f"{name}: give two whole numbers, one per side") from None
    if any(isinstance(v, bool) or (isinstance(v, float) and not v.is_integer()) for v in values):
        raise PartyRuleError(f"{name}: give two whole numbers, one per side")
    return a, b


MIN_PLAYERS = 4  # euchre and whist drives are four-handed: one full table at the least


def party_players_check(players: int) -> None:
    """A progressive party of a four-handed game needs one table of four real players; ghost
    hands only fill the last table of a larger party (Standard Hoyle: "one or more tables")."""
    if players < MIN_PLAYERS:
        raise PartyRuleError(f"a progressive party needs at least {MIN_PLAYERS} players (one table of four): "
                             f"{players} registered, register {MIN_PLAYERS - players} more")


def hearts_players_check(players: int) -> None:
    """Progressive hearts seats four a table and retires four a round (Standard Hoyle: twelve
    at three tables, then eight, then four): a multiple of four, at least eight."""
    if players >= 8 and players % 4 == 0:
        return
    if players < 8:
        raise PartyRuleError(f"progressive hearts needs at least 8 players (two tables of four; the book's "
                             f"party is 12 at three tables): {players} registered, register {8 - players} more")
    down, up = players - players % 4, players + 4 - players % 4
    raise PartyRuleError(f"progressive hearts seats four at a table and retires four a round, so it needs a "
                         f"multiple of four players: {players} registered; register {up - players} more "
                         f"({up}) or withdraw {players - down} ({down})")


def draw_hearts(players: Sequence[str], seed: str | int) -> Draw:
    """Progressive hearts: the open draw (a card each: its number is the table), each table one
    list of its four seats in clockwise order; each player for himself."""
    draw = draw_open(players, seed)
    seating = tuple(((a[0], b[0], a[1], b[1]),) for a, b in draw.seating)
    return Draw(seating=seating, cards=draw.cards)
