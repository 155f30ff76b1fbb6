"""Reads for progressive parties: a round's tables, a player's tally, standings and prizes.

Standings are stored (``PartyStanding``, written by ``services.party.standings`` at every
party write, ranked by ``scoring.engine.tally``); these read them. The tie-break and the
latecomer rules are given here in words for the pages.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from scoring.engine import poker, tally
from tournaments.models.party import (
    Party, PartyPlayer, PartyTableReport, PartyRound, PartyStanding, PlayerStatus, Progression)
from tournaments.movements import party_draw

TIE_BREAK = {
    "stars": "Most gold stars; tied, most red stars; still tied, fewest green stars (Hoyle's Games Modernized).",
    "points": "Most points; tied, most tables won; still tied, the players share the place.",
    "hearts_final": "The finalists first, by fewest chips lost at the final table (tied, fewest in the whole "
                    "party); then those who retired, the latest first, by fewest chips lost in the round they "
                    "retired (tied, fewest in all). Still tied, the players share the place. The booby prize goes "
                    "to the player who lost most chips in the whole party, of those without another prize.",
    "hearts_party": "The finalists first, by fewest chips lost in the whole party (tied, fewest at the final "
                    "table); then those who retired, the latest first, by fewest chips lost in the round they "
                    "retired (tied, fewest in all). Still tied, the players share the place. The booby prize goes "
                    "to the player who lost most chips in the whole party, of those without another prize.",
}
POKER_TIE_BREAK = ("Most chips won (chips counted less the chips issued and borrowed, plus those returned to "
                   "the banker); ladies and gentlemen apart (Standard Hoyle). Tied players share the place; a prize "
                   "tied is {ties}.")
MISSED = {
    "stars": "A latecomer earns no stars in the rounds missed.",
    "nothing": "A latecomer's missed rounds count nothing (a late player takes a zero).",
    "average": "Each of a latecomer's missed rounds counts the average of the rounds they played.",
}


def missed_rule(party: Party) -> str:
    """The prize rule for a latecomer's missed rounds, in words."""
    if party.progression == Progression.HEARTS:
        return "Progressive hearts is an elimination: nobody joins after the draw (a substitute may take a seat)."
    if party.progression == Progression.POKER:
        return ("A newcomer sits at the booby table at the next change of tables, with the same chips as everyone "
                "(Standard Hoyle).")
    if party.has_stars:
        return MISSED["stars"]
    return MISSED[{"missed": "nothing", **party.options}["missed"]]


@dataclass
class TallyLine:
    round: int
    table: int | None
    partner: str
    opponents: tuple[str, str]
    points: int | None
    stars: tuple[str, ...]
    total: int
    note: str = ""


@dataclass
class PlayerTally:
    """A player's tally: totals, stars, place and the card's lines. The services compute it and
    store it as a ``PartyStanding``; pages, the API and prints read it back (``from_row``)."""

    rank: int
    label: str
    name: str
    category: str
    points: int
    gold: int = 0
    red: int = 0
    green: int = 0
    wins: int = 0
    status: str = PlayerStatus.PLAYING
    note: str = ""
    lines: list[TallyLine] = field(default_factory=list)
    hearts: bool = False  # progressive hearts: points are chips lost (fewest best)
    retired: int | None = None
    prize: str = ""

    @classmethod
    def from_row(cls, row) -> "PlayerTally":
        """A stored ``PartyStanding`` as the shape pages, API and prints read."""
        player = row.player
        return cls(rank=row.rank, label=player.label, name=player.name, category=player.category, points=row.points,
                   gold=row.gold, red=row.red, green=row.green, wins=row.wins, status=player.status, note=row.note,
                   hearts=row.hearts, retired=row.retired, prize=row.prize,
                   lines=[TallyLine(**{**line, "opponents": tuple(line["opponents"]), "stars": tuple(line["stars"])})
                          for line in row.lines])

    @property
    def played(self) -> bool:
        return bool(self.lines)

    def as_dict(self) -> dict:
        data = {"rank": self.rank, "label": self.label, "name": self.name, "category": self.category,
                "points": self.points, "gold": self.gold, "red": self.red, "green": self.green,
                "wins": self.wins, "status": self.status, "note": self.note}
        if self.prize and not self.hearts:  # progressive poker: points are chips won
            data.update({"chips_won": self.points, "prize": self.prize})
        if self.hearts:
            data.update({"chips_lost": self.points, "retired_after": self.retired, "prize": self.prize or None,
                         "chips": [{"round": line.round, "table": line.table, "lost": line.points}
                                   for line in self.lines]})
        return data


def tie_break(party: Party) -> str:
    if party.progression == Progression.POKER:
        ties = {"ties": "share", **party.options}["ties"]
        return POKER_TIE_BREAK.format(ties="shared" if ties == "share" else "cut for by the tied players")
    if party.progression == Progression.HEARTS:
        return TIE_BREAK[f"hearts_{ {'prizes': 'final', **party.options}['prizes'] }"]
    return TIE_BREAK["stars" if party.has_stars else "points"]


def party_round(*, party: Party, number: int) -> dict | None:
    """The API shape: ``{"round", "closed", "tables": [{"table", "sides", "result"}], "byes"}``;
    progressive hearts adds each table's ``players`` (clockwise), the result as ``chips``
    lost in seat order, and once closed who ``retired``."""
    round_ = PartyRound.objects.filter(party=party, number=number).prefetch_related("reports").first()
    if round_ is None:
        return None
    results = {r.table: r for r in round_.reports.all()}
    if party.progression == Progression.HEARTS:
        return hearts_round(party, round_, results)
    if party.progression == Progression.POKER:
        from tournaments.selectors_poker import poker_round

        return poker_round(party, round_, results)
    hands = _hands(party, number)
    tables = []
    for t, sides in enumerate(round_.seating, start=1):
        r = results.get(t)
        tables.append({"table": t, "sides": sides,
                       "result": None if r is None else {"points": r.points, "tricks": r.tricks,
                                                         "cut": r.cut, "winner": r.winner}})
    data = {"round": number, "closed": round_.closed, "tables": tables, "byes": round_.byes}
    if hands:
        data["hands"] = hands
    return data


def _hands(party: Party, number: int) -> list[dict]:
    """Whist drives: the hands of this round with their trumps by rotation."""
    if party.progression not in (Progression.LADIES_UP, Progression.PROGRESSIVE):
        return []
    options = {"hands_per_round": 4, "no_trumps": False, **party.options}
    per = options["hands_per_round"]
    return [{"hand": h, "trumps": party_draw.whist_trumps(h, no_trumps=options["no_trumps"])}
            for h in range((number - 1) * per + 1, number * per + 1)]


def party_standings(*, party: Party) -> list[PlayerTally]:
    """The stored standings (``PartyStanding``, written by every party write), in prize order."""
    rows = PartyStanding.objects.filter(party=party).select_related("player").order_by("position")
    return [PlayerTally.from_row(row) for row in rows]


def party_prizes(*, party: Party, standings: list[PlayerTally] | None = None) -> list[dict]:
    """Per category: the first prize (rank 1, ties listed) and the booby prize (most green stars
    in the books' euchre; the lowest score otherwise)."""
    standings = standings if standings is not None else party_standings(party=party)
    ranked = [(row.rank, row) for row in standings]
    if party.progression == Progression.HEARTS:
        return tally.hearts_prizes(ranked)
    if party.progression == Progression.POKER:
        return poker_prizes(party, standings)
    return tally.tally_prizes(ranked, stars=party.has_stars)


def poker_prizes(party: Party, standings: list[PlayerTally]) -> list[dict]:
    """Progressive poker: first and second to the most chips won, the booby prize to the most
    lost, ladies and gentlemen apart (``scoring.engine.poker.prizes``), once chips are counted."""
    if not PartyTableReport.objects.filter(round__party=party).exists():
        return []
    ranked = [(row.rank, row) for row in standings]
    out = poker.prizes([(rank, poker.Result(row.label, row.category, row.points)) for rank, row in ranked],
                       ties={"ties": "share", **party.options}["ties"])
    by_label = {row.label: row for row in standings}
    return [{**p, "players": [by_label[r.label] for r in p["players"]]} for p in out]


def party_tally(*, party: Party, label: str) -> PlayerTally | None:
    return next((r for r in party_standings(party=party) if r.label == label), None)


def party_reopenable(*, party: Party) -> PartyRound | None:
    """The last closed round when the director may still reopen it: the next round (if any)
    has no result yet and the results are not published."""
    if party.event.status == "published":
        return None
    last = PartyRound.objects.filter(party=party, closed=True).order_by("-number").first()
    if last is None or PartyTableReport.objects.filter(round__party=party, round__number=last.number + 1).exists():
        return None
    return last


def party_has_table(*, party: Party, table: int) -> bool:
    """A table the party has or had (a hearts party seats fewer tables each round): its phone
    page exists; any other number is a 404, as a table outside a section's movement is."""
    most = max((len(seating) for seating in PartyRound.objects.filter(party=party).values_list("seating", flat=True)),
               default=0)
    return 1 <= table <= max(party.tables, most)


def table_seating(*, party: Party, table: int) -> tuple[PartyRound | None, list | None]:
    """The open round and the table's sides (the phone page)."""
    round_ = PartyRound.objects.filter(party=party, closed=False).order_by("-number").first()
    if round_ is None or not 1 <= table <= len(round_.seating):
        return round_, None
    return round_, round_.seating[table - 1]


# Progressive hearts (Standard Hoyle, L6755): an elimination; each player for himself.


def seated_labels(round_: PartyRound) -> list[str]:
    return [p for table in round_.seating for side in table for p in side] + list(round_.byes)


def retired_after(party: Party, rounds: list[PartyRound]) -> dict[str, int]:
    """Who retired after which round: seated in a closed round, not in the next, and not
    replaced there (a player who left is replaced by a ghost hand or a substitute)."""
    replaced = set(PartyPlayer.objects.filter(party=party, replaces__isnull=False)
                   .values_list("replaces__label", flat=True))
    retired = {}
    for round_, nxt in zip(rounds, rounds[1:]):
        if round_.closed:
            for label in seated_labels(round_):
                if label not in seated_labels(nxt) and label not in replaced:
                    retired[label] = round_.number
    return retired


def hearts_round(party: Party, round_: PartyRound, results: dict) -> dict:
    tables = [{"table": t, "players": sides[0], "sides": sides,
               "result": None if t not in results else {"chips": results[t].points, "hands": results[t].tricks,
                                                        "cut": results[t].cut}}
              for t, sides in enumerate(round_.seating, start=1)]
    data = {"round": round_.number, "closed": round_.closed, "tables": tables, "byes": [],
            "final": len(round_.seating) == 1}
    if round_.closed:
        rounds = list(PartyRound.objects.filter(party=party, number__in=(round_.number, round_.number + 1))
                      .order_by("number"))
        gone = retired_after(party, rounds)
        data["retired"] = [label for label in seated_labels(round_) if gone.get(label) == round_.number]
    return data


