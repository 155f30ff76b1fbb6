"""The party's stored standings: every write to a party (a player registered or leaving, the
draw, a table's report, a round closed or reopened, play finished) recomputes them from the
rows with the pure tally (``scoring.engine.tally``) and replaces the ``PartyStanding`` rows, so
pages, the API and prints read what is stored, like pair standings (``scoring.Standing``).

Points are each player's side's points at every table reported (live, before the close); stars
are those of closed rounds. A latecomer's rounds before they sat down are shown as absent and
count what the party's ``missed`` rule says.
"""
from __future__ import annotations

from dataclasses import asdict

from django.db import transaction

from cardroom.tasks import enqueue_once_on_commit

from scoring.engine import tally
from tournaments.models.party import (
    Party, PartyPlayer, PartyTableReport, PartyRound, PartyStanding, PartyStar, PlayerStatus, Progression)
from tournaments.movements import party_draw
from tournaments.selectors_party import PlayerTally, TallyLine, retired_after, seated_labels
from tournaments.services.party.poker_standings import poker_compute


def table_report_write(*, party: Party, round_: PartyRound, table: int, existing: PartyTableReport | None,
                       values: dict) -> PartyTableReport:
    """Store a table's report (a correction replaces ``existing``) and the party's standings:
    the last step of every game's table report (euchre and whist, hearts, poker)."""
    if existing:
        PartyTableReport.objects.filter(pk=existing.pk).update(**values)
        existing.refresh_from_db()
        report = existing
    else:
        report = PartyTableReport.objects.create(round=round_, table=table, **values)
    party_standings_write(party=party)
    return report


def party_standings_fill(*, using: str = "default") -> int:
    """Store the standings of parties played before they were stored (migration 0013), once the
    schema is the present one: run after ``migrate`` (``post_migrate``), never between
    migrations, because it reads the present models. Skipped while migrations are pending (a
    migrate to an older target). Returns how many parties it filled."""
    from django.db import connections
    from django.db.migrations.executor import MigrationExecutor

    executor = MigrationExecutor(connections[using])
    if executor.migration_plan(executor.loader.graph.leaf_nodes()):
        return 0
    missing = Party.objects.using(using).filter(standings__isnull=True, players__isnull=False).distinct()
    filled = 0
    for party in missing.select_related("event"):
        party_standings_write(party=party)
        filled += 1
    return filled


@transaction.atomic
def party_standings_write(*, party: Party) -> list[PlayerTally]:
    """Recompute the party's standings and replace the stored rows (idempotent)."""
    rows = standings_compute(party)
    players = dict(PartyPlayer.objects.filter(party=party, ghost=False).values_list("label", "pk"))
    PartyStanding.objects.filter(party=party).delete()
    PartyStanding.objects.bulk_create([
        PartyStanding(party=party, player_id=players[row.label], position=position, rank=row.rank,
                      points=row.points, gold=row.gold, red=row.red, green=row.green, wins=row.wins,
                      hearts=row.hearts, retired=row.retired, prize=row.prize, note=row.note,
                      lines=[asdict(line) for line in row.lines])
        for position, row in enumerate(rows, start=1)])
    if party.event.status == "published":  # a correction after publishing: the competitions follow
        from scoring.tasks import update_competitions

        enqueue_once_on_commit(update_competitions, party.event_id)
    return rows


def standings_compute(party: Party) -> list[PlayerTally]:
    """Every real player's tally and totals, ranked within their category."""
    if party.progression == Progression.HEARTS:
        return _hearts_compute(party)
    if party.progression == Progression.POKER:
        return poker_compute(party)
    players = {p.label: p for p in PartyPlayer.objects.filter(party=party).select_related("replaces")}
    rounds = list(PartyRound.objects.filter(party=party).order_by("number"))
    first = {}
    for round_ in rounds:
        for label in seated_labels(round_):
            first.setdefault(label, round_.number)
    rows = {label: PlayerTally(rank=0, label=label, name=p.name, category=p.category, points=0,
                            status=p.status, note=_note(p, first.get(label), party.progression))
            for label, p in players.items() if not p.ghost}
    results = {(r.round_id, r.table): r for r in PartyTableReport.objects.filter(round__party=party)}
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
    average = not party.has_stars and {"missed": "nothing", **party.options}["missed"] == "average"
    for label, row in rows.items():
        if not players[label].replaces_id:
            _absent(row, [r.number for r in rounds if r.number < first.get(label, r.number + 1)], average)
    return _rank(party, list(rows.values()))


def _absent(row: PlayerTally, missed: list[int], average: bool) -> None:
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


def _add(row: PlayerTally, round_, table, partner, opponents, points, stars, players, note="") -> None:
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


def _rank(party: Party, rows: list[PlayerTally]) -> list[PlayerTally]:
    ranked = tally.rank_tally(rows, stars=party.has_stars)
    for rank, row in ranked:
        row.rank = rank
    return [row for _, row in ranked]


def _hearts_compute(party: Party) -> list[PlayerTally]:
    """Chips lost each round (negative: won), the round each player retired after, and the
    ranking (``TIE_BREAK["hearts_final"]``, or ``"hearts_party"`` with the prizes rule
    ``party``: the book gives the first prize to "the person losing the least chips")."""
    players = {p.label: p for p in PartyPlayer.objects.filter(party=party).select_related("replaces")}
    rounds = list(PartyRound.objects.filter(party=party).order_by("number"))
    results = {(r.round_id, r.table): r for r in PartyTableReport.objects.filter(round__party=party)}
    rows = {label: PlayerTally(rank=0, label=label, name=p.name, category=p.category, points=0, status=p.status,
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
    for label, number in retired_after(party, rounds).items():
        if label in rows:
            rows[label].retired = number
            rows[label].note = "; ".join(filter(None, [f"retired after round {number}", rows[label].note]))
    by_total = {"prizes": "final", **party.options}["prizes"] == "party"
    final = rounds[-1].number if rounds and len(rounds[-1].seating) == 1 else None
    ranked = tally.hearts_ranking(rows.values(), reached=reached, last=last_chips, final_round=final,
                                  by_total=by_total)
    for rank, row in ranked:
        row.rank = rank
    for prize in tally.hearts_prizes(ranked):
        for row in prize["players"]:
            row.prize = prize["prize"]
    return [row for _, row in ranked]
