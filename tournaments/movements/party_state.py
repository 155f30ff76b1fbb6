"""A progressive party as a frozen state, and the rules that move it on.

The services read rows into a ``PartyState``, call these functions and write what they return;
nothing here knows the database. Conventions are ``progressive.py``'s (a seating is a tuple of
tables, table 1 the head table; a side is ``(lady, gentleman)``); progressive hearts seats a
table as one side of four, clockwise. Every refusal is a ``PartyInputError`` naming the field.
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from scoring.engine.hearts import HEARTS_SCHEMES

from . import party_draw, party_poker, progressive
from .individual import available_sizes

HOYLE, STANDARD_HOYLE, WINNERS_MOVE, ROTATION = "hoyle", "standard_hoyle", "winners_move", "rotation"
LADIES_UP, PROGRESSIVE, HEARTS, POKER = "ladies_up", "progressive", "hearts", "poker"
STAR_PROGRESSIONS = frozenset({HOYLE, STANDARD_HOYLE})
WHIST_PROGRESSIONS = frozenset({LADIES_UP, PROGRESSIVE})
LADY, GENTLEMAN, OPEN = "lady", "gentleman", "open"
PLAYING, WAITING, LEFT = "playing", "waiting", "left"

OPTION_DEFAULTS = {
    "game": {"game_points": 5, "lone_march": 4, "leaver": "ghost", "rounds": None},
    "hands": {"hands_per_round": 8, "lone_march": 4, "leaver": "ghost", "rounds": None, "missed": "nothing"},
    "tricks": {"hands_per_round": 4, "hands": 24, "no_trumps": False, "leaver": "ghost", "rounds": None,
               "missed": "nothing"},
    # Progressive hearts: the book sets no round length; four hands (each player deals once) by
    # default. ``retire`` and ``prizes`` are the choices the book leaves open (see
    # progressive.hearts_retirees and scoring.engine.tally.hearts_ranking).
    "hearts": {"scheme": "plain", "hands_per_round": 4, "retire": "overall", "prizes": "final", "leaver": "ghost"},
    # Progressive poker: the book's silences as options (``party_poker.OPTION_DEFAULTS``).
    "poker": dict(party_poker.OPTION_DEFAULTS),
}
HEARTS_CHOICES = {"scheme": tuple(HEARTS_SCHEMES), "retire": ("overall", "per_table"), "prizes": ("final", "party")}
LEAVER_CHOICES = ("ghost", "substitute")
# What a latecomer's missed rounds count on a points party: "nothing" (a late player "takes a
# zero" for the rounds missed: West Suburban Euchre Tournament League rules), or "average"
# (each missed round counts the average of the player's own played rounds, rounded half up: a
# club option). The books' star parties give no stars for a round not played.
MISSED_CHOICES = ("nothing", "average")


class PartyInputError(party_draw.PartyRuleError):
    """What the rules refuse, with the input ``field`` to name in a 400."""

    def __init__(self, field: str, message: str):
        self.field = field
        super().__init__(message)


@dataclass(frozen=True)
class Player:
    label: str
    category: str = OPEN
    ghost: bool = False
    status: str = PLAYING


@dataclass(frozen=True)
class PartyState:
    """What the rules need of a party: its progression, seed, options, players (in
    registration order), rotation-chart slots and the round in play (0 before the draw)."""

    progression: str
    seed: str
    options: Mapping = field(default_factory=dict)
    players: tuple[Player, ...] = ()
    chart_slots: tuple[str, ...] = ()
    current_round: int = 0

    @property
    def merged_options(self) -> dict:
        return party_options(self.progression, self.options)

    @property
    def ghosts(self) -> frozenset[str]:
        return frozenset(p.label for p in self.players if p.ghost)

    def chart(self) -> tuple[party_draw.ChartRound, ...]:
        """The rotation chart from the slots (``options["chart"] == "circle"`` marks a circle chart,
        which may have phantom places a latecomer can take)."""
        return party_draw.slots_chart(self.chart_slots, circle=self.options.get("chart") == "circle")


def table_kind(progression: str) -> str:
    if progression == HEARTS:
        return "hearts"
    if progression == POKER:
        return "poker"
    if progression in STAR_PROGRESSIONS:
        return "game"
    return "tricks" if progression in WHIST_PROGRESSIONS else "hands"


def party_options(progression: str, options: Mapping) -> dict:
    return {**OPTION_DEFAULTS[table_kind(progression)], **options}


def table_rules(progression: str, options: Mapping) -> party_draw.TableRules:
    """How a table's result is checked (points to a game, hands a round), from the options."""
    merged = party_options(progression, options)
    return party_draw.TableRules(kind=table_kind(progression), game_points=merged.get("game_points", 5),
                                 hands=merged.get("hands_per_round", 4), max_hand=merged.get("lone_march", 4))


def options_clean(progression: str, options) -> dict:
    """The director's options, checked against the progression's known options."""
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise PartyInputError("options", "options is an object such as {\"game_points\": 5}")
    if progression == POKER:
        try:
            return party_poker.options_clean(options)
        except party_poker.PokerRuleError as exc:
            raise PartyInputError(exc.field, str(exc)) from None
    allowed = OPTION_DEFAULTS[table_kind(progression)]
    for key, value in options.items():
        if key not in allowed:
            raise PartyInputError("options", f"unknown option {key!r} for {progression}; known: {', '.join(sorted(allowed))}")
        if key in HEARTS_CHOICES:
            if value not in HEARTS_CHOICES[key]:
                raise PartyInputError("options", f"{key} is one of {', '.join(HEARTS_CHOICES[key])}")
        elif key == "missed":
            if value not in MISSED_CHOICES:
                raise PartyInputError("options", "missed is 'nothing' or 'average' (what a latecomer's missed "
                                               "rounds count)")
        elif key == "leaver":
            if value not in LEAVER_CHOICES:
                raise PartyInputError("options", "leaver is 'ghost' or 'substitute'")
        elif key == "no_trumps":
            if not isinstance(value, bool):
                raise PartyInputError("options", "no_trumps is true or false")
        elif value is not None and (isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 200):
            raise PartyInputError("options", f"{key} is a whole number from 1 to 200")
    return dict(options)


def planned_rounds(state: PartyState, first_tables: int | None = None) -> int | None:
    """Rounds the party plays when the options fix them: the ``rounds`` option, a whist drive's
    hands, the chart's rounds, or one a hearts table (``first_tables``: round 1's tables)."""
    options = state.merged_options
    if options.get("rounds"):
        return int(options["rounds"])
    if state.progression in WHIST_PROGRESSIONS:
        return max(1, int(options["hands"]) // int(options["hands_per_round"]))
    if state.progression == ROTATION and state.chart_slots:
        return len(state.chart())
    if state.progression == HEARTS:
        return first_tables or None
    return None


def next_label(labels: Sequence[str], ghost: bool) -> str:
    """The next tally number ("7") or ghost hand ("G3") after ``labels``."""
    numbers = [int(label.lstrip("G")) for label in labels
               if label.startswith("G") == ghost and label.lstrip("G").isdigit()]
    return f"{'G' if ghost else ''}{max(numbers, default=0) + 1}"


def chart_seating(slots: Sequence[str], chart_round: party_draw.ChartRound) -> progressive.Seating:
    slot = {str(i + 1): label for i, label in enumerate(slots)}
    return tuple(tuple(tuple(slot[p] for p in side) for side in table) for table in chart_round.tables)


def chart_byes(slots: Sequence[str], chart_round: party_draw.ChartRound) -> tuple[str, ...]:
    return tuple(slots[int(p) - 1] for p in chart_round.byes)


@dataclass(frozen=True)
class FirstSeating:
    """Round 1: the seating and byes, each player's drawn card, the ghost hands to add
    (``Player``s with new labels) and the chart's slots and options (rotation parties)."""

    seating: progressive.Seating
    byes: tuple[str, ...] = ()
    cards: Mapping[str, str] = field(default_factory=dict)
    ghosts: tuple[Player, ...] = ()
    chart_slots: tuple[str, ...] = ()
    options: Mapping = field(default_factory=dict)


def first_seating(state: PartyState) -> FirstSeating:
    """The draw from the party's seed: by matching cards (ladies and gentlemen, or open, ghost
    hands filling the tables), the rotation chart (a seeded shuffle onto its places), or the
    hearts draw (each for himself)."""
    players = [p for p in state.players if not p.ghost and p.status == PLAYING]
    labels = [p.label for p in players]
    if state.progression == POKER:
        try:
            drawn = party_poker.draw(labels, state.seed)
        except party_poker.PokerRuleError as exc:
            raise PartyInputError(exc.field, str(exc)) from None
        return FirstSeating(seating=drawn.seating, cards=drawn.cards, options=dict(state.options))
    if state.progression == HEARTS:
        _refuse("players", party_draw.hearts_players_check, len(players))
        draw = party_draw.draw_hearts(labels, state.seed)
        return FirstSeating(seating=draw.seating, cards=draw.cards, options=dict(state.options))
    _refuse("players", party_draw.party_players_check, len(players))
    if state.progression == ROTATION:
        random.Random(f"chart:{state.seed}").shuffle(labels)
        slots = tuple(labels) + ("",) * (party_draw.chart_positions(len(labels)) - len(labels))
        options = {**state.options, "chart": "circle"} if len(labels) not in available_sizes() else dict(state.options)
        chart = PartyState(state.progression, state.seed, options, chart_slots=slots).chart()
        return FirstSeating(seating=chart_seating(slots, chart[0]), byes=chart_byes(slots, chart[0]),
                            chart_slots=slots, options=options)
    taken = [p.label for p in state.players if p.ghost]
    ghosts: list[Player] = []

    def ghost(category: str) -> str:
        label = next_label(taken, ghost=True)
        taken.append(label)
        ghosts.append(Player(label=label, category=category, ghost=True))
        return label

    categorised = [p for p in players if p.category != OPEN]
    if categorised and len(categorised) != len(players):
        raise PartyInputError("category", "give every player a category (lady/gentleman) or none")
    if categorised:
        ladies = [p.label for p in players if p.category == LADY]
        gents = [p.label for p in players if p.category == GENTLEMAN]
        more_ladies, more_gents = party_draw.ghosts_needed(len(ladies), len(gents))
        ladies += [ghost(LADY) for _ in range(more_ladies)]
        gents += [ghost(GENTLEMAN) for _ in range(more_gents)]
        draw = party_draw.draw_by_cards(ladies, gents, state.seed)
    else:
        everyone = labels + [ghost(OPEN) for _ in range((-len(labels)) % 4)]
        draw = party_draw.draw_open(everyone, state.seed)
    return FirstSeating(seating=draw.seating, cards=draw.cards, ghosts=tuple(ghosts), options=dict(state.options))


def _refuse(field_name: str, check, *args) -> None:
    try:
        check(*args)
    except party_draw.PartyRuleError as exc:
        raise PartyInputError(field_name, str(exc)) from None


def entered_seating(state: PartyState, seating) -> progressive.Seating:
    """The director's own round-1 seating, checked: every playing player once, nobody else
    (progressive hearts: tables of four labels, clockwise)."""
    labels = sorted(p.label for p in state.players if not p.ghost and p.status == PLAYING)
    if state.progression == POKER:
        sizes = party_poker.table_sizes(len(labels)) if len(labels) >= party_poker.MIN_PLAYERS else ()
        if not isinstance(seating, list) or [len(t) if isinstance(t, list) else 0 for t in seating] != list(sizes) \
                or not all(isinstance(p, (str, int)) for t in seating for p in t):
            raise PartyInputError("seating", f"progressive poker: give tables of players, table 1 the head table, "
                                             f"seating {'/'.join(map(str, sizes)) or '5/4/4/6 at least'}")
        first = tuple((tuple(str(p) for p in t),) for t in seating)
        if sorted(p for t in first for s in t for p in s) != labels:
            raise PartyInputError("seating", "seat every registered player once, and nobody else")
        return first
    if state.progression == HEARTS:
        if not isinstance(seating, list) or not seating or any(
                not isinstance(t, list) or len(t) != 4 or not all(isinstance(p, (str, int)) for p in t)
                for t in seating):
            raise PartyInputError("seating", "progressive hearts: give tables of four players, e.g. "
                                             "[[\"1\", \"2\", \"3\", \"4\"], ...]")
        _refuse("players", party_draw.hearts_players_check, len(labels))
        first = tuple((tuple(str(p) for p in t),) for t in seating)
    else:
        try:
            first = party_draw.seating_from_sides(seating)
        except (party_draw.PartyRuleError, TypeError) as exc:
            raise PartyInputError("seating", str(exc)) from None
    if sorted(p for t in first for s in t for p in s) != labels:
        raise PartyInputError("seating", "seat every registered player once, and nobody else")
    if state.progression == ROTATION:
        raise PartyInputError("seating", "a rotation-chart party is seated by its chart: draw without a seating")
    return first
