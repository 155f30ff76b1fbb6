"""Progressive poker (Standard Hoyle, Progressive Poker), purely: the draw to tables of five
(head), four (middle) and six (booby), the tables' limits, the cut, the progression at the bell,
latecomers at the booby table and its split, and a table's chip count checked.

A seating is a tuple of tables, table 1 the head table and the last the booby table; a table
is ``(players,)``: one side of its players in seat order (the shape progressive hearts uses),
so every party reader iterates table -> side -> player. Refusals are ``PokerRuleError`` naming
the input ``field``. The book's silences are the director's options in ``OPTION_DEFAULTS``,
each with its reading below.
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .limits import MAX_PARTY_TABLES, within

HEAD_SEATS, MIDDLE_SEATS, BOOBY_SEATS = 5, 4, 6
MIN_TABLES = 4  # "Four tables or more can be used."
MIN_PLAYERS = HEAD_SEATS + MIDDLE_SEATS * (MIN_TABLES - 2) + BOOBY_SEATS  # 19
# "Red worth five white ones; the blue, five red ones, etc." (values in white chips)
CHIP_COLOURS = {"white": 1, "red": 5, "blue": 25}
# "At second table, one blue chip; at third, three red chips; at fourth, two red chips; at
# fifth, one red chip; at sixth, or booby table, one white chip."
BOOK_LIMITS = ((1, "blue"), (3, "red"), (2, "red"), (1, "red"))
BOOBY_LIMIT = (1, "white")
TABLE_STAKES = "table stakes; jack-pots"

OPTION_DEFAULTS = {
    # The same chips to every player ("the banker gives to each player the same number of
    # chips"); the book gives no number: 10 blue, 10 red and 25 white (325 white) by default.
    "stake": {"blue": 10, "red": 10, "white": 25},
    "colours": dict(CHIP_COLOURS),
    # Limits beyond the book's six tables: "the banker must settle the limit" ({table: chips}
    # in white chips). Unset, the page shows the table's limit as the banker's to settle.
    "limits": {},
    # The cut: "ace counting as low" (the deal's cut, L4157); the book does not say for the
    # progression's cut, so the same by default ("high": ace high).
    "ace": "low",
    # "New-comers can sit at the booby table until the number of players has reached six,
    # when a new booby table must be arranged taking all but four players from the erstwhile
    # booby": read as a booby table of six plus newcomers; when it seats ``split_at`` (ten:
    # four stay, six form the new booby) the split is made at the next change of tables.
    "split_at": 10,
    # Prizes tied: "share" (every tied player takes the prize; the book is silent) or "cut"
    # (the director cuts, as in Progressive Euchre: "the highest cut determines the victors").
    "ties": "share",
    "rounds": None,
}
OPTION_CHOICES = {"ace": ("low", "high"), "ties": ("share", "cut")}


class PokerRuleError(ValueError):
    """What progressive poker's rules refuse, with the input ``field`` to name in a 400."""

    def __init__(self, field_name: str, message: str):
        self.field = field_name
        super().__init__(message)


def options_clean(options) -> dict:
    """The director's overrides of ``OPTION_DEFAULTS``, checked."""
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise PokerRuleError("options", 'options is an object such as {"stake": {"blue": 10, "red": 10, "white": 25}}')
    for key, value in options.items():
        if key not in OPTION_DEFAULTS:
            raise PokerRuleError("options", f"unknown option {key!r} for progressive poker; known: "
                                          f"{', '.join(sorted(OPTION_DEFAULTS))}")
        if key in OPTION_CHOICES and value not in OPTION_CHOICES[key]:
            raise PokerRuleError("options", f"{key} is one of {', '.join(OPTION_CHOICES[key])}")
        if key == "colours":
            _counts(value, "colours", allowed=None, low=1)
            if value.get("white") != 1:
                raise PokerRuleError("options", "colours: the white chip is the unit (white = 1)")
        if key == "stake":
            colours = {**CHIP_COLOURS, **options.get("colours", {})}
            if chips_value(_counts(value, "stake", allowed=colours), colours) < 1:
                raise PokerRuleError("options", "stake: every player is given at least one chip")
        if key == "limits":
            if not isinstance(value, dict) or any(not str(t).isdigit() or not _whole(v) or not 1 <= v <= 10000
                                                  for t, v in value.items()):
                raise PokerRuleError("options", 'limits is {table: white chips}, e.g. {"7": 5}')
        if key in ("split_at", "rounds") and value is not None and (not _whole(value) or not (
                7 <= value <= 12 if key == "split_at" else 1 <= value <= 200)):
            raise PokerRuleError("options", f"{key} is a whole number ({'7 to 12' if key == 'split_at' else '1 to 200'})")
    return dict(options)


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _counts(value, name: str, *, allowed, low: int = 0) -> dict:
    if not isinstance(value, dict) or not value or any(
            (allowed is not None and k not in allowed) or not _whole(v) or not low <= v <= 100000
            for k, v in value.items()):
        known = f" ({', '.join(allowed)})" if allowed else ""
        raise PokerRuleError("options", f"{name} is {{colour: whole number}}{known}")
    return dict(value)


def merged(options: Mapping) -> dict:
    return {**OPTION_DEFAULTS, **options}


def chips_value(counts: Mapping[str, int], colours: Mapping[str, int] = CHIP_COLOURS) -> int:
    """A handful of chips in white chips: ``{"blue": 1, "red": 2}`` is 35."""
    return sum(colours[colour] * n for colour, n in counts.items())


def stake(options: Mapping) -> int:
    """What the banker issues each player, in white chips."""
    options = merged(options)
    return chips_value(options["stake"], {**CHIP_COLOURS, **options["colours"]})


@dataclass(frozen=True)
class Limit:
    """A table's card: ``chips`` white chips a bet (None: table stakes at the head table, or
    not yet set by the banker), and the words on the card."""

    table: int
    chips: int | None
    text: str


def table_limits(tables: int, options: Mapping = OPTION_DEFAULTS) -> tuple[Limit, ...]:
    """The card hung over each table: the head table plays table stakes and alone has
    jack-pots; the next four take the book's limits in order; the booby table one white chip;
    beyond six tables "the banker must settle the limit" (option ``limits``)."""
    options = merged(options)
    colours = {**CHIP_COLOURS, **options["colours"]}
    cards = [Limit(1, None, TABLE_STAKES)]
    for t in range(2, tables + 1):
        set_by_banker = options["limits"].get(str(t))
        if t == tables:
            n, colour = BOOBY_LIMIT
            cards.append(Limit(t, n * colours[colour], f"booby table: limit {n} {colour}"))
        elif set_by_banker:
            cards.append(Limit(t, set_by_banker, f"limit {set_by_banker} white (set by the banker)"))
        elif t - 2 < len(BOOK_LIMITS):
            n, colour = BOOK_LIMITS[t - 2]
            cards.append(Limit(t, n * colours[colour], f"limit {n} {colour}"))
        else:
            cards.append(Limit(t, None, "limit: the banker settles it (more than six tables)"))
    return tuple(cards)


def table_sizes(players: int) -> tuple[int, ...]:
    """Seats per table for ``players``: five at the head, four at each middle table, six at the
    booby table, and those over a whole table sit at the booby table as newcomers would."""
    if players < MIN_PLAYERS:
        raise PokerRuleError("players", f"progressive poker is four tables or more: five at the head table, four "
                                        f"at each middle table and six at the booby table, at least {MIN_PLAYERS} "
                                        f"players; {players} registered, register {MIN_PLAYERS - players} more")
    middle, extra = divmod(players - HEAD_SEATS - BOOBY_SEATS, MIDDLE_SEATS)
    within("tables", middle + 2, MAX_PARTY_TABLES)
    return (HEAD_SEATS,) + (MIDDLE_SEATS,) * middle + (BOOBY_SEATS + extra,)


@dataclass(frozen=True)
class Draw:
    seating: tuple
    cards: dict[str, str]


def draw(labels: Sequence[str], seed: str | int) -> Draw:
    """"The players, as in Progressive Euchre, are seated according to cards they draw": a card
    for every seat (``"3b"``: table 3, seat b), shuffled with ``seed``; player i draws card i."""
    sizes = table_sizes(len(labels))
    seats = [(t, s) for t, size in enumerate(sizes, start=1) for s in range(size)]
    random.Random(f"poker-draw:{seed}").shuffle(seats)
    where = dict(zip(labels, seats))
    seating = tuple((tuple(p for s in range(size) for p, seat in where.items() if seat == (t, s)),)
                    for t, size in enumerate(sizes, start=1))
    return Draw(seating=seating, cards={p: f"{t}{'abcdefghijkl'[s]}" for p, (t, s) in where.items()})


def cut_cards(labels: Sequence[str], seed: str, ace: str = "low") -> dict[str, tuple[int, ...]]:
    """A seeded cut from one pack: each player's rank, 1 (ace) to 13 (king), ace 14 when
    ``ace`` is high; players who cut the same rank cut again (the next card breaks the tie)."""
    rng = random.Random(f"poker-cut:{seed}")
    ranks: dict[str, tuple[int, ...]] = {p: () for p in labels}
    tied = list(labels)
    while tied:
        pack = [rank for rank in range(1, 14) for _ in range(4)]
        rng.shuffle(pack)
        for i, p in enumerate(tied):
            ranks[p] += (_rank(pack[i], ace),)
        values = list(ranks.values())
        tied = [p for p in labels if values.count(ranks[p]) > 1]
    return ranks


def _rank(card: int, ace: str) -> int:
    return 14 if card == 1 and ace == "high" else card


def _split_by_cut(labels: Sequence[str], cut: Mapping[str, tuple], count: int, where: str, *,
                  highest: bool = False) -> list[str]:
    """The ``count`` players cutting lowest (``highest``: highest); a tie across the line is
    refused (they cut again)."""
    order = sorted(labels, key=lambda p: cut[p], reverse=highest)
    if 0 < count < len(order) and cut[order[count - 1]] == cut[order[count]]:
        tied = [p for p in order if cut[p] == cut[order[count]]]
        raise PokerRuleError("cut", f"{where}: {' and '.join(tied)} cut the same card; cut again")
    return order[:count]


@dataclass(frozen=True)
class TableReport:
    """What a table says at the bell: the winners of the last two pots, oldest first (a middle
    or booby table; one label if only one pot was won), and the cut if the players cut by hand
    (``{label: 1..13}``; otherwise it is drawn from the seed)."""

    pots: tuple[str, ...] = ()
    cut: Mapping[str, int] | None = None


@dataclass(frozen=True)
class Change:
    """The change of tables: the next seating and who moved where (``{label: "up"/"booby"}``)."""

    seating: tuple
    moves: Mapping[str, str] = field(default_factory=dict)
    cuts: Mapping[int, Mapping[str, tuple]] = field(default_factory=dict)


def check_cut(cut, players: Sequence[str], where: str) -> dict[str, int] | None:
    if cut is None:
        return None
    if not isinstance(cut, dict) or any(p not in players for p in cut) or any(
            not _whole(c) or not 1 <= c <= 13 for c in cut.values()):
        raise PokerRuleError("cut", f"{where}: the cut is {{player: card}} for its players, a card 1 (ace) to 13 "
                                    "(king)")
    return dict(cut)


def progress(seating: Sequence, jackpot: str, reports: Mapping[int, TableReport], seed: str,
             options: Mapping = OPTION_DEFAULTS) -> Change:
    """"The winner of the jack-pot retains his seat, the other four cutting the cards; the two
    cutting the lowest cards go to the booby table, and the two players at the other tables who
    won the last two pots progress upward to the next higher table. If one player has won both
    the last pots, the three remaining players cut and the highest goes to the next table."
    (Standard Hoyle). A cut not entered is drawn from ``seed``."""
    ace = merged(options)["ace"]
    tables = [list(table[0]) for table in seating]
    if len(tables) < 2:
        raise PokerRuleError("seating", "progressive poker has four tables or more")
    head = tables[0]
    if jackpot not in head:
        raise PokerRuleError("jackpot", f"the jack-pot is won at the head table: one of {', '.join(head)}")
    moves, cuts, up = {}, {}, {}
    others = [p for p in head if p != jackpot]
    cut = _cut_for(1, others, reports, seed, ace)
    cuts[1] = cut
    down = _split_by_cut(others, cut, 2, "head table")
    moves.update({p: "booby" for p in down})
    for t, players in enumerate(tables[1:], start=2):
        report = reports.get(t, TableReport())
        winners = list(dict.fromkeys(report.pots))[-2:]
        if any(p not in players for p in winners):
            raise PokerRuleError("pots", f"table {t}: the pots were won by its players ({', '.join(players)})")
        if not report.pots:
            raise PokerRuleError("pots", f"table {t}: say who won the last two pots")
        if len(winners) < 2:
            rest = [p for p in players if p not in winners]
            cut = _cut_for(t, rest, reports, seed, ace)
            cuts[t] = cut
            highest = _split_by_cut(rest, cut, 1, f"table {t}", highest=True)
            winners = winners + highest
        up[t] = winners
        moves.update({p: "up" for p in winners})
    nxt = []
    for t, players in enumerate(tables, start=1):
        stay = [p for p in players if moves.get(p) is None]
        arrive = up.get(t + 1, []) if t < len(tables) else []
        if t == len(tables):
            arrive = down
        nxt.append((tuple(stay + arrive),))
    return Change(seating=tuple(nxt), moves=moves, cuts=cuts)


def _cut_for(table: int, players: Sequence[str], reports, seed: str, ace: str) -> dict[str, tuple[int, ...]]:
    entered = reports.get(table, TableReport()).cut
    if entered:
        missing = [p for p in players if p not in entered]
        if missing:
            raise PokerRuleError("cut", f"table {table}: the cut needs a card for {', '.join(missing)}")
        return {p: (_rank(entered[p], ace),) for p in players}
    return cut_cards(players, f"{seed}:table{table}", ace)


def seat_latecomers(seating: Sequence, waiting: Sequence[str], seed: str, options: Mapping = OPTION_DEFAULTS) -> tuple:
    """Newcomers sit at the booby table; when it seats ``split_at`` (ten by default) "a new
    booby table must be arranged taking all but four players from the erstwhile booby": four,
    drawn from the seed, stay as a middle table and the rest form the new booby table."""
    tables = [list(table[0]) for table in seating]
    tables[-1] += list(waiting)
    split_at = merged(options)["split_at"]
    while len(tables[-1]) >= split_at:
        booby = tables[-1]
        order = list(booby)
        random.Random(f"poker-split:{seed}:{len(tables)}").shuffle(order)
        stay = [p for p in booby if p in order[:MIDDLE_SEATS]]
        tables[-1] = stay
        tables.append([p for p in booby if p not in stay])
    within("tables", len(tables), MAX_PARTY_TABLES)
    return tuple((tuple(t),) for t in tables)


def table_total(players: Sequence[str], held: Mapping[str, int], counts, table: int) -> dict[str, int]:
    """A table's chip count checked: a whole number for each of its players, and together what
    they sat down with (``held``: each player's chips before the count, borrowed chips in):
    "chips of a nominal value alone are used", so chips are neither made nor lost at a table."""
    if not isinstance(counts, dict):
        raise PokerRuleError("chips", f"table {table}: the chips are {{player: count}} for every player")
    for p in counts:
        if p not in players:
            raise PokerRuleError("chips", f"table {table}: player {p} does not sit at this table")
    for p in players:
        if p not in counts:
            raise PokerRuleError("chips", f"table {table}: give player {p}'s chip count")
        if not _whole(counts[p]) or counts[p] < 0:
            raise PokerRuleError("chips", f"table {table}: player {p}'s chips are a whole number, 0 or more")
    brought, counted = sum(held[p] for p in players), sum(counts[p] for p in players)
    if brought != counted:
        raise PokerRuleError("chips", f"table {table}: the counts add up to {counted} chips but its players "
                                      f"held {brought}; chips are neither made nor lost: count again")
    return {p: counts[p] for p in players}


@dataclass(frozen=True)
class Deal:
    """Who starts a table's deal: ``age`` (the lady with the age; the player to her right deals)
    or ``dealer`` (the lowest in the cut for the deal), and the rule in words."""

    table: int
    age: str | None
    dealer: str | None
    how: str


def first_deal(previous: Sequence | None, seating: Sequence, ladies: set[str], seed: str) -> tuple[Deal, ...]:
    """"At each table the deal at the start is cut for, the lowest dealing and ace counting as
    low. As the game progresses ... the age goes to the last lady coming to a table, and the
    cards are dealt by the player to her right. If two ladies progress to the same table, they
    cut; if no lady comes to the table by progression, the deal is cut for." (Standard Hoyle.)
    Two ladies arriving together cut, the lower taking the age (the book does not say which;
    the deal's cut makes the lowest the dealer). Cuts are drawn from ``seed``."""
    before = {p: t for t, table in enumerate(previous or (), start=1) for p in table[0]}
    deals = []
    for t, table in enumerate(seating, start=1):
        players = list(table[0])
        arrived = [p for p in players if previous is not None and p in before and before[p] != t]
        newcomers = [p for p in players if previous is not None and p not in before]
        ladies_in = [p for p in arrived + newcomers if p in ladies]
        if len(ladies_in) == 1:
            deals.append(Deal(t, ladies_in[0], None, "the age goes to the last lady coming to the table"))
        elif ladies_in:
            cut = cut_cards(ladies_in, f"{seed}:age{t}")
            age = min(ladies_in, key=lambda p: cut[p])
            deals.append(Deal(t, age, None, f"{' and '.join(ladies_in)} came to the table and cut for the age"))
        else:
            cut = cut_cards(players, f"{seed}:deal{t}")
            dealer = min(players, key=lambda p: cut[p])
            how = "the deal is cut for" + ("" if previous is None else ": no lady came to the table")
            deals.append(Deal(t, None, dealer, how + ", the lowest deals (ace low)"))
    return tuple(deals)
