"""Reads for progressive parties: a round's tables, a player's tally, standings and prizes.

Points are each player's side's points at every table reported (live, before the close); stars
are those of closed rounds. The books' euchre ranks most gold, then most red, then fewest green
(Hoyle's Games Modernized, Progressive Euchre); the modern euchre and whist drives rank total
points, then tables won (the published tie-break). Ties share a rank. A latecomer's rounds
before they sat down are shown as absent and count what the party's ``missed`` rule says.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from tournaments.models.party import (
    Category, Party, PartyPlayer, PartyResult, PartyRound, PartyStar, PlayerStatus, Progression)
from scoring.engine import tally
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
MISSED = {
    "stars": "A latecomer earns no stars in the rounds missed.",
    "nothing": "A latecomer's missed rounds count nothing (a late player takes a zero).",
    "average": "Each of a latecomer's missed rounds counts the average of the rounds they played.",
}


def missed_rule(party: Party) -> str:
    """The prize rule for a latecomer's missed rounds, in words."""
    if party.progression == Progression.HEARTS:
        return "Progressive hearts is an elimination: nobody joins after the draw (a substitute may take a seat)."
    if party.has_stars:
        return MISSED["stars"]
    return MISSED[{"missed": "nothing", **party.rules}["missed"]]


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
class Standing:
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

    @property
    def played(self) -> bool:
        return bool(self.lines)

    def as_dict(self) -> dict:
        data = {"rank": self.rank, "label": self.label, "name": self.name, "category": self.category,
                "points": self.points, "gold": self.gold, "red": self.red, "green": self.green,
                "wins": self.wins, "status": self.status, "note": self.note}
        if self.hearts:
            data.update({"chips_lost": self.points, "retired_after": self.retired, "prize": self.prize or None,
                         "chips": [{"round": line.round, "table": line.table, "lost": line.points}
                                   for line in self.lines]})
        return data


def tie_break(party: Party) -> str:
    if party.progression == Progression.HEARTS:
        return TIE_BREAK[f"hearts_{ {'prizes': 'final', **party.rules}['prizes'] }"]
    return TIE_BREAK["stars" if party.has_stars else "points"]


def party_for_event(event) -> Party | None:
    return Party.objects.select_related("event", "event__club").filter(event=event).first()


def party_round(*, party: Party, number: int) -> dict | None:
    """The API shape: ``{"round", "closed", "tables": [{"table", "sides", "result"}], "byes"}``;
    progressive hearts adds each table's ``players`` (clockwise), the result as ``chips``
    lost in seat order, and once closed who ``retired``."""
    round_ = PartyRound.objects.filter(party=party, number=number).prefetch_related("results").first()
    if round_ is None:
        return None
    results = {r.table: r for r in round_.results.all()}
    if party.progression == Progression.HEARTS:
        return hearts_round(party, round_, results)
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
    rules = {"hands_per_round": 4, "no_trumps": False, **party.rules}
    per = rules["hands_per_round"]
    return [{"hand": h, "trumps": party_draw.whist_trumps(h, no_trumps=rules["no_trumps"])}
            for h in range((number - 1) * per + 1, number * per + 1)]


def party_standings(*, party: Party) -> list[Standing]:
    """Every real player's tally and totals, ranked within their category."""
    if party.progression == Progression.HEARTS:
        return hearts_standings(party)
    players = {p.label: p for p in PartyPlayer.objects.filter(party=party).select_related("replaces")}
    rounds = list(PartyRound.objects.filter(party=party).order_by("number"))
    first = {}
    for round_ in rounds:
        for label in _seated(round_):
            first.setdefault(label, round_.number)
    rows = {label: Standing(rank=0, label=label, name=p.name, category=p.category, points=0,
                            status=p.status, note=_note(p, first.get(label), party.progression))
            for label, p in players.items() if not p.ghost}
    results = {(r.round_id, r.table): r for r in PartyResult.objects.filter(round__party=party)}
    stars = {}
    for s in PartyStar.objects.filter(round__party=party).select_related("player"):
        stars.setdefault((s.round_id, s.player.label), []).append(s.star)
    for round_ in rounds:
        side_points = []
        for t, sides in enumerate(round_.seating, start=1):
            result = results.get((round_.pk, t))
            for s, side in enumerate(sides):
                pts = None if result is None else result.points[s]
                if pts is not None:
                    side_points.append(pts)
                for pos, label in enumerate(side):
                    if label in rows:
                        _add(rows[label], round_, t, side[1 - pos], sides[1 - s], pts,
                             stars.get((round_.pk, label), ()), players)
        for label in round_.byes:
            if label in rows:
                complete = len(side_points) == 2 * len(round_.seating)
                pts = party_draw.bye_points(side_points) if complete else None
                _add(rows[label], round_, None, "", ("", ""), pts, (), players, note="bye")
    average = not party.has_stars and {"missed": "nothing", **party.rules}["missed"] == "average"
    for label, row in rows.items():
        if not players[label].replaces_id:
            _absent(row, [r.number for r in rounds if r.number < first.get(label, r.number + 1)], average)
    return _rank(party, list(rows.values()))


def _seated(round_: PartyRound) -> list[str]:
    return [p for table in round_.seating for side in table for p in side] + list(round_.byes)


def _absent(row: Standing, missed: list[int], average: bool) -> None:
    """A latecomer's missed rounds: an "absent" line each, worth nothing or (``average``) the
    average of the rounds they played, rounded half up."""
    if not missed:
        return
    played = [line.points for line in row.lines if line.points is not None]
    credit = tally.missed_credit(played, average=average)
    row.lines += [TallyLine(round=n, table=None, partner="", opponents=("", ""), points=credit, stars=(),
                            total=0, note="absent") for n in missed]
    row.lines.sort(key=lambda line: line.round)
    row.points = 0
    for line in row.lines:
        row.points += line.points or 0
        line.total = row.points


def _note(player: PartyPlayer, first: int | None, progression: str) -> str:
    if player.replaces_id:
        return f"substitute for {player.replaces.label} from round {player.joined_round}"
    if player.status == PlayerStatus.LEFT:
        taken = player.replaced_by.first()
        by = f", seat taken by {'a ghost hand' if taken.ghost else taken.label}" if taken else ""
        return f"left after round {player.left_round}{by}"
    if player.status == PlayerStatus.WAITING:
        return f"late: joins in round {player.joined_round}"
    if first and first > 1:
        where = "the rotation chart" if progression == Progression.ROTATION else "the booby table"
        return f"late: joined {where} in round {first}"
    return ""


def _name(players: dict, label: str) -> str:
    p = players.get(label)
    return label if p is None else (f"{label} (ghost hand)" if p.ghost else label)


def _add(row: Standing, round_, table, partner, opponents, points, stars, players, note="") -> None:
    row.points += points or 0
    for star in stars:
        if star == "win":
            row.wins += 1
        else:
            setattr(row, star, getattr(row, star) + 1)
    row.lines.append(TallyLine(round=round_.number, table=table, partner=_name(players, partner) if partner else "",
                               opponents=tuple(_name(players, o) for o in opponents), points=points,
                               stars=tuple(s for s in stars if s != "win") or (("won",) if "win" in stars else ()),
                               total=row.points, note=note))


def _rank(party: Party, rows: list[Standing]) -> list[Standing]:
    ranked = tally.rank_tally(rows, stars=party.has_stars)
    for rank, row in ranked:
        row.rank = rank
    return [row for _, row in ranked]


def party_prizes(*, party: Party, standings: list[Standing] | None = None) -> list[dict]:
    """Per category: the first prize (rank 1, ties listed) and the booby prize (most green stars
    in the books' euchre; the lowest score otherwise)."""
    standings = standings if standings is not None else party_standings(party=party)
    ranked = [(row.rank, row) for row in standings]
    if party.progression == Progression.HEARTS:
        return tally.hearts_prizes(ranked)
    return tally.tally_prizes(ranked, stars=party.has_stars)


def party_tally(*, party: Party, label: str) -> Standing | None:
    return next((r for r in party_standings(party=party) if r.label == label), None)


def party_reopenable(*, party: Party) -> PartyRound | None:
    """The last closed round when the director may still reopen it: the next round (if any)
    has no result yet and the results are not published."""
    if party.event.status == "published":
        return None
    last = PartyRound.objects.filter(party=party, closed=True).order_by("-number").first()
    if last is None or PartyResult.objects.filter(round__party=party, round__number=last.number + 1).exists():
        return None
    return last


def table_seating(*, party: Party, table: int) -> tuple[PartyRound | None, list | None]:
    """The open round and the table's sides (the phone page)."""
    round_ = PartyRound.objects.filter(party=party, closed=False).order_by("-number").first()
    if round_ is None or not 1 <= table <= len(round_.seating):
        return round_, None
    return round_, round_.seating[table - 1]


# Progressive hearts (Standard Hoyle, L6755): an elimination; each player for himself.


def _retired_after(party: Party, rounds: list[PartyRound]) -> dict[str, int]:
    """Who retired after which round: seated in a closed round, not in the next, and not
    replaced there (a player who left is replaced by a ghost hand or a substitute)."""
    replaced = set(PartyPlayer.objects.filter(party=party, replaces__isnull=False)
                   .values_list("replaces__label", flat=True))
    retired = {}
    for round_, nxt in zip(rounds, rounds[1:]):
        if round_.closed:
            for label in _seated(round_):
                if label not in _seated(nxt) and label not in replaced:
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
        gone = _retired_after(party, rounds)
        data["retired"] = [label for label in _seated(round_) if gone.get(label) == round_.number]
    return data


def hearts_standings(party: Party) -> list[Standing]:
    """Chips lost each round (negative: won), the round each player retired after, and the
    ranking (``TIE_BREAK["hearts_final"]``, or ``"hearts_party"`` with the prizes rule
    ``party``: the book gives the first prize to "the person losing the least chips")."""
    players = {p.label: p for p in PartyPlayer.objects.filter(party=party).select_related("replaces")}
    rounds = list(PartyRound.objects.filter(party=party).order_by("number"))
    results = {(r.round_id, r.table): r for r in PartyResult.objects.filter(round__party=party)}
    rows = {label: Standing(rank=0, label=label, name=p.name, category=p.category, points=0, status=p.status,
                            note=_note(p, None, party.progression), hearts=True)
            for label, p in players.items() if not p.ghost}
    reached, last_chips = {}, {}
    for round_ in rounds:
        for t, sides in enumerate(round_.seating, start=1):
            result = results.get((round_.pk, t))
            for i, label in enumerate(sides[0]):
                if label not in rows:
                    continue
                chips = None if result is None else result.points[i]
                row = rows[label]
                row.points += chips or 0
                row.lines.append(TallyLine(round=round_.number, table=t, partner="",
                                           opponents=tuple(_name(players, o) for o in sides[0] if o != label),
                                           points=chips, stars=(), total=row.points))
                reached[label], last_chips[label] = round_.number, chips or 0
    for label, number in _retired_after(party, rounds).items():
        if label in rows:
            rows[label].retired = number
            rows[label].note = "; ".join(filter(None, [f"retired after round {number}", rows[label].note]))
    by_total = {"prizes": "final", **party.rules}["prizes"] == "party"
    final = rounds[-1].number if rounds and len(rounds[-1].seating) == 1 else None
    ranked = tally.hearts_ranking(rows.values(), reached=reached, last=last_chips, final_round=final,
                                  by_total=by_total)
    for rank, row in ranked:
        row.rank = rank
    for prize in tally.hearts_prizes(ranked):
        for row in prize["players"]:
            row.prize = prize["prize"]
    return [row for _, row in ranked]
