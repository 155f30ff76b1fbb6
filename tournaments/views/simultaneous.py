"""Simultaneous pairs pages, under /clubs/{slug}/simultaneous/: the club's list (organized,
joined, open to join), a new one (the organizer's directors), a simultaneous' page (heats,
the organizer's actions, the national ranking, join or withdraw), a club's heat ranking, and
the commentary booklet as a page and a PDF.

Thin: parse, call ``tournaments.services.simultaneous``, render; reads and who sees what are
``tournaments.selectors_simultaneous``'s. A refusal comes back as a message."""
from __future__ import annotations

import datetime
import zoneinfo

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from cardroom import limits
from cardroom.errors import Conflict
from clubs.models import Club
from clubs.permissions import is_director
from tournaments import selectors_simultaneous as reads
from tournaments.models import Heat, ScoringMethod
from tournaments.services import simultaneous as services

NEW_FIELDS = ("name", "date", "boards", "scoring", "starts_at", "ends_at", "release_at", "deal_seed")
SCORING_CHOICES = [(m, ScoringMethod(m).label) for m in services.NATIONAL_SCORING]


def _club(slug) -> Club:
    return get_object_or_404(Club, slug=slug)


def _sim(club, pk):
    sim = reads.simultaneous_of(club=club, pk=pk)
    if sim is None:
        raise Http404("No such simultaneous pairs here.")
    return sim


def _attempt(request, call, done: str) -> bool:
    try:
        call()
    except ValidationError as exc:
        for field, msgs in getattr(exc, "message_dict", {"": exc.messages}).items():
            for m in msgs:
                messages.error(request, f"{field}: {m}" if field and field != "__all__" else m)
        return False
    except Conflict as exc:
        messages.error(request, exc.detail)
        return False
    messages.success(request, done)
    return True


def _moment(text: str, tz) -> datetime.datetime | None:
    try:
        moment = datetime.datetime.fromisoformat(text)
    except ValueError:
        return None
    return moment if timezone.is_aware(moment) else timezone.make_aware(moment, tz)


def simultaneous_list(request, slug):
    club = _club(slug)
    director = is_director(request.user, club)
    sims = list(reads.club_simultaneous(club=club))
    joined = set(Heat.objects.filter(club=club).values_list("simultaneous_id", flat=True))
    return render(request, "tournaments/simultaneous_list.html", {
        "club": club, "is_director": director, "joined": joined,
        "organized": [s for s in sims if s.organizer_id == club.pk],
        "heats": [s for s in sims if s.pk in joined and s.organizer_id != club.pk],
        "joinable": list(reads.joinable(club=club)) if director else []})


@login_required
def simultaneous_new(request, slug):
    club = _club(slug)
    if not is_director(request.user, club):
        raise PermissionDenied("Only a director of the club organizes a simultaneous pairs.")
    tz = zoneinfo.ZoneInfo(club.time_zone)
    today = timezone.localdate(timezone=tz)
    form = {"name": "Simultaneous pairs", "date": today.isoformat(), "boards": "24", "scoring": "matchpoints",
            "starts_at": f"{today}T19:00", "ends_at": f"{today}T20:00", "release_at": f"{today}T23:00", "deal_seed": ""}
    if request.method == "POST":
        form = {key: request.POST.get(key, "").strip() for key in NEW_FIELDS}
        values, bad = {}, []
        try:
            values["date"] = datetime.date.fromisoformat(form["date"])
        except ValueError:
            bad.append("date: give the date of the simultaneous")
        for key in ("starts_at", "ends_at", "release_at"):
            values[key] = _moment(form[key], tz)
            if values[key] is None:
                bad.append(f"{key}: give a date and time")
        if not form["boards"].isdigit() or len(form["boards"]) > 3:
            bad.append("boards: give a number of boards")
        for m in bad:
            messages.error(request, m)
        holder = {}
        if not bad and _attempt(request, lambda: holder.setdefault("sim", services.simultaneous_create(
                organizer=club, name=form["name"], boards=int(form["boards"]), scoring=form["scoring"],
                deal_seed=form["deal_seed"] or None, **values)), "Simultaneous created: clubs may join it now."):
            return redirect("simultaneous-detail", slug=club.slug, pk=holder["sim"].pk)
    return render(request, "tournaments/simultaneous_new.html", {
        "club": club, "form": form, "scorings": SCORING_CHOICES},
        status=400 if request.method == "POST" else 200)


def heat_offers(sim, pairs: int) -> list[tuple[str, str]]:
    """The pair movements suggested for ``pairs`` and the simultaneous' boards (as the movement
    page words them) that play no board outside the set."""
    from tournaments.movements.suggest import suggest

    from .movement import PAIR_KINDS

    return [(f"{s.kind}:{pairs}:{s.boards_per_round}:{s.rounds}",
             f"{s.kind.replace('-', ' ').capitalize()} for {pairs} pairs: {s.tables} tables, {s.rounds} rounds of "
             f"{s.boards_per_round} boards ({s.boards} boards)")
            for s in suggest(pairs=pairs, boards_wanted=sim.boards) if s.kind in PAIR_KINDS and s.boards <= sim.boards]


def simultaneous_detail(request, slug, pk):
    club = _club(slug)
    sim = _sim(club, pk)
    pairs = request.GET.get("pairs", "")
    pairs = int(pairs) if pairs.isdigit() and 3 <= int(pairs) <= limits.MAX_PAIRS else 8
    organizer = reads.is_organizer(request.user, sim)
    director = is_director(request.user, club)
    own = reads.club_heat(simultaneous=sim, club=club)
    heats = reads.heats(simultaneous=sim)
    for heat in heats:
        heat.simultaneous = sim
        heat.ranking_visible = reads.heat_ranking_visible(request.user, heat)
    return render(request, "tournaments/simultaneous_detail.html", {
        "club": club, "sim": sim, "is_organizer": organizer, "is_director": director, "own_heat": own,
        "may_join": director and own is None and sim.status == "open" and timezone.now() < sim.ends_at,
        "heats": heats, "released": reads.released(sim), "pairs": pairs,
        "offers": heat_offers(sim, pairs) if director and own is None else [],
        "standings": reads.national_standings(simultaneous=sim) if reads.standings_visible(request.user, sim)
        else None,
        "booklet_visible": reads.booklet_visible(request.user, sim),
        "actions": [a for a in ("close", "open", "publish", "unpublish")
                    if services.TRANSITIONS.get((sim.status, services.ACTIONS[a])) == a] if organizer else []})


@require_POST
def simultaneous_action(request, slug, pk, action):
    club = _club(slug)
    sim = _sim(club, pk)
    if not reads.is_organizer(request.user, sim) or sim.organizer_id != club.pk:
        raise PermissionDenied("Only a director of the organizer opens, closes and publishes it.")
    _attempt(request, lambda: services.simultaneous_transition(simultaneous=sim, action=action),
             f"{sim.name}: {action} done.")
    return redirect("simultaneous-detail", slug=club.slug, pk=sim.pk)


@require_POST
def simultaneous_join(request, slug, pk):
    club = _club(slug)
    sim = _sim(club, pk)
    if not is_director(request.user, club):
        raise PermissionDenied("Only a director of the club joins it.")
    from .movement import choice_spec

    holder = {}
    choice = request.POST.get("movement", "")

    def join():
        if not choice:
            raise ValidationError({"movement": ["Choose the heat's movement (one that plays the simultaneous' boards)."]})
        movement = choice_spec(choice)
        holder["heat"] = services.heat_join(simultaneous=sim, club=club, name=request.POST.get("name", "").strip()[:160],
                                            created_by=request.user, movement=movement)

    if _attempt(request, join, f"{club.name} has joined {sim.name}: enter the pairs, then start the heat "
                               "inside the start window."):
        return redirect(holder["heat"].event.get_absolute_url())
    return redirect("simultaneous-detail", slug=club.slug, pk=sim.pk)


@require_POST
def simultaneous_withdraw(request, slug, pk):
    club = _club(slug)
    sim = _sim(club, pk)
    if not is_director(request.user, club):
        raise PermissionDenied("Only a director of the club withdraws its heat.")
    heat = reads.club_heat(simultaneous=sim, club=club)
    if heat is None:
        raise Http404("The club has no heat in it.")
    _attempt(request, lambda: services.heat_withdraw(heat=heat), f"{club.name}'s heat withdrawn.")
    return redirect("simultaneous-detail", slug=club.slug, pk=sim.pk)


def simultaneous_heat(request, slug, pk, heat):
    club = _club(slug)
    sim = _sim(club, pk)
    found = get_object_or_404(Heat.objects.select_related("club", "event", "simultaneous"), simultaneous=sim, pk=heat)
    if not reads.heat_ranking_visible(request.user, found):
        raise Http404("This heat's ranking is not shown yet.")
    return render(request, "tournaments/simultaneous_heat.html", {
        "club": club, "sim": sim, "heat": found, "ranking": reads.heat_ranking(heat=found)})


def _booklet(request, slug, pk):
    club = _club(slug)
    sim = _sim(club, pk)
    if not reads.booklet_visible(request.user, sim):
        raise Http404("The commentary booklet is released with the hand records.")
    return club, sim


def simultaneous_booklet(request, slug, pk):
    from tournaments.selectors_boards import board_hand_record

    club, sim = _booklet(request, slug, pk)
    frequencies = reads.field_frequencies(simultaneous=sim)
    boards = [(board_hand_record(b), frequencies.get(b.number, [])) for b in reads.booklet_boards(simultaneous=sim)]
    return render(request, "tournaments/simultaneous_booklet.html", {
        "club": club, "sim": sim, "boards": boards, "released": reads.released(sim),
        "pdf_url": reverse("simultaneous-booklet-pdf", args=[club.slug, sim.pk])})


def simultaneous_pbn(request, slug, pk):
    """The boards as PBN for the organizer's dealing machine (everyone's once released)."""
    from .boards import pbn_response

    club, sim = _booklet(request, slug, pk)
    rows = reads.booklet_boards(simultaneous=sim)
    if not rows:
        raise Http404("No heat has its boards yet.")
    return pbn_response(rows[0].board_set, f"simultaneous-{sim.pk}-boards.pbn")


def simultaneous_booklet_pdf(request, slug, pk):
    from tournaments.prints.booklet import booklet_response

    club, sim = _booklet(request, slug, pk)
    return booklet_response(sim, club=club, as_html=request.GET.get("format") == "html", request=request)
