"""A player's results across every club and game, for ``/me/``, its exports and a director's
member page: duplicate pairs and individuals (``Standing``), teams (``TeamStanding``),
parties (``PartyStanding``) and patience (``PatienceStanding``). Only finished and published
events count (results a player may see, by ``tournaments.visibility``); the links a row
carries are the ones its ``Sight`` allows."""
from __future__ import annotations

from collections import defaultdict

from django.db.models import Q
from django.urls import reverse

from scoring.models import Standing
from tournaments.models import BoardSet, Entry, EventStatus, TeamPlayer, TeamStanding
from tournaments.models.party import PartyPlayer
from tournaments.models.patience import PatiencePlayer
from tournaments.visibility import DONE, PLAYER, Sight

ALL = tuple(EventStatus.values)
HISTORY_MAX = 2000  # rows one player's history reads (a weekly player for 38 years)


def _name(member, guest) -> str:
    if member is not None:
        return member.full_name
    return guest.name if guest is not None else ""


def _row(event, **fields) -> dict:
    return {"event": event, "club": event.club, "date": event.date, "game": event.get_game_display(),
            "kind": "", "section": "", "label": "", "partner": "", "partner_key": None, "place": "",
            "field": None, "percentage": None, "points": None, "unit": "", "boards": 0, "links": {}, **fields}


def _pair_rows(members: list, statuses, only: dict) -> list[dict]:
    ids = [m.pk for m in members]
    entries = (Entry.objects.filter(Q(member_a_id__in=ids) | Q(member_b_id__in=ids), team__isnull=True,
                                    event__status__in=statuses, event__deleted_at__isnull=True, **only)
               .select_related("event__club", "section", "member_a", "member_b", "guest_a", "guest_b")
               .order_by("-event__date", "-event_id")[:HISTORY_MAX])
    entries = list(entries)
    standings = {s.entry_id: s for s in Standing.objects.filter(entry__in=[e.pk for e in entries])}
    sizes = defaultdict(int)
    for section_id, field in Standing.objects.filter(section__in={e.section_id for e in entries}).values_list(
            "section_id", "field"):
        sizes[(section_id, field)] += 1
    with_boards = set(BoardSet.objects.filter(event__in={e.event_id for e in entries}).values_list("event_id",
                                                                                                   flat=True))
    rows = []
    for e in entries:
        mine_a = e.member_a_id in ids
        partner_member, partner_guest = (e.member_b, e.guest_b) if mine_a else (e.member_a, e.guest_a)
        st = standings.get(e.pk)
        event = e.event
        sight = Sight(status=event.status, role=PLAYER, pairs=frozenset({(e.section.name, e.label)}))
        slug = event.club.slug
        query = f"?section={e.section.name}"
        links = {}
        if sight.score_card(e.section.name, e.label):
            links["score_card"] = reverse("event-score-card", kwargs={"slug": slug, "pk": event.pk,
                                                                      "label": e.label}) + query
        if sight.open_results:
            links["travellers"] = reverse("event-print-html", kwargs={"slug": slug, "pk": event.pk,
                                                                      "kind": "travellers"}) + query
        if sight.hands and event.pk in with_boards:
            links["hand_records"] = reverse("handrecord-set", kwargs={"slug": slug, "pk": event.pk})
        individual = event.is_individual or (partner_member is None and partner_guest is None)
        rows.append(_row(event, kind="individual" if individual else "pairs", section=e.section.name,
                         label=e.label, partner=_name(partner_member, partner_guest),
                         partner_key=(f"m{partner_member.pk}" if partner_member else
                                      f"g{partner_guest.name.casefold()}" if partner_guest else None),
                         place=st.rank if st else "", field=sizes.get((e.section_id, st.field)) if st else None,
                         percentage=st.percentage if st else None, points=st.total if st else None,
                         boards=st.boards if st else 0, links=links))
    return rows


def _team_rows(members: list, statuses, only: dict) -> list[dict]:
    players = list(TeamPlayer.objects.filter(member__in=members, team__event__status__in=statuses,
                                             team__event__deleted_at__isnull=True,
                                             **{f"team__{k}": v for k, v in only.items()})
                   .select_related("team__event__club")[:HISTORY_MAX])
    teams = {p.team_id for p in players}
    mates = defaultdict(list)
    for tp in TeamPlayer.objects.filter(team_id__in=teams).order_by("position", "pk"):
        mates[tp.team_id].append(tp)
    standings = {s.team_id: s for s in TeamStanding.objects.filter(team_id__in=teams)}
    fields = defaultdict(int)
    for event_id in TeamStanding.objects.filter(event__in={p.team.event_id for p in players}).values_list(
            "event_id", flat=True):
        fields[event_id] += 1
    rows = []
    for p in players:
        st, event = standings.get(p.team_id), p.team.event
        rows.append(_row(event, kind="teams", label=p.team.name,
                         partner=", ".join(tp.name for tp in mates[p.team_id] if tp.pk != p.pk),
                         place=st.rank if st else "", field=fields.get(event.pk), points=st.total if st else None,
                         unit="VP" if event.scoring == "imps" else "points",  # board-a-match, Patton: points
                         links={"event": event.get_absolute_url(),
                                "team": reverse("teams-team", kwargs={"slug": event.club.slug, "pk": event.pk,
                                                                      "number": p.team.number})}))
    return rows


def _party_rows(members: list, statuses, only: dict) -> list[dict]:
    players = (PartyPlayer.objects.filter(member__in=members, party__event__status__in=statuses,
                                          party__event__deleted_at__isnull=True,
                                          **{f"party__{k}": v for k, v in only.items()})
               .select_related("party__event__club", "standing")[:HISTORY_MAX])
    rows = []
    for p in players:
        event, st = p.party.event, getattr(p, "standing", None)
        slug = event.club.slug
        rows.append(_row(event, kind="party", label=p.label, place=st.rank if st else "",
                         points=st.points if st else None,
                         links={"tally": reverse("party-tally", kwargs={"slug": slug, "pk": event.pk,
                                                                        "label": p.label}),
                                "standings": reverse("party-standings", kwargs={"slug": slug, "pk": event.pk})}))
    return rows


def _patience_rows(members: list, statuses, only: dict) -> list[dict]:
    players = (PatiencePlayer.objects.filter(member__in=members, patience__event__status__in=statuses,
                                             patience__event__deleted_at__isnull=True,
                                             **{f"patience__{k}": v for k, v in only.items()})
               .select_related("patience__event__club", "standing")[:HISTORY_MAX])
    rows = []
    for p in players:
        event, st = p.patience.event, getattr(p, "standing", None)
        rows.append(_row(event, kind="patience", label=p.label, place=st.rank if st else "",
                         points=st.total if st else None,
                         links={"standings": reverse("patience-standings", kwargs={"slug": event.club.slug,
                                                                                   "pk": event.pk})}))
    return rows


def player_history(*, members, statuses=DONE, event=None) -> list[dict]:
    """Every finished or published event the members (one person's memberships, or one member)
    played, newest first: date, club, game, partner or team-mates, place (of how many), the
    percentage or points, boards, and the links the player may follow. A director's member
    page asks for every status (``statuses=ALL``); a results email one ``event``."""
    members = list(members)
    if not members:
        return []
    only = {} if event is None else {"event": event}
    rows = (_pair_rows(members, statuses, only) + _team_rows(members, statuses, only)
            + _party_rows(members, statuses, only) + _patience_rows(members, statuses, only))
    rows.sort(key=lambda r: (r["date"], r["event"].pk), reverse=True)
    return rows[:HISTORY_MAX]


def best_partnerships(rows: list[dict], *, limit: int = 5) -> list[dict]:
    """Partners by average percentage over the sessions played together (two at least, when
    anyone has two)."""
    groups: dict[str, list[dict]] = defaultdict(list)
    for r in rows:
        if r["partner_key"] and r["percentage"] is not None:
            groups[r["partner_key"]].append(r)
    out = [{"partner": g[0]["partner"], "sessions": len(g),
            "average": sum(r["percentage"] for r in g) / len(g), "best": max(r["percentage"] for r in g),
            "boards": sum(r["boards"] for r in g)} for g in groups.values()]
    if any(p["sessions"] >= 2 for p in out):
        out = [p for p in out if p["sessions"] >= 2]
    out.sort(key=lambda p: (-p["average"], -p["sessions"], p["partner"]))
    return out[:limit]


def history_totals(rows: list[dict]) -> dict:
    scored = [r["percentage"] for r in rows if r["percentage"] is not None]
    return {"events": len(rows), "boards": sum(r["boards"] for r in rows),
            "clubs": len({r["club"].pk for r in rows}),
            "average": sum(scored) / len(scored) if scored else None,
            "wins": sum(1 for r in rows if str(r["place"]).rstrip("=") == "1")}
