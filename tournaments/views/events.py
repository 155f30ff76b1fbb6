"""Event pages: the director's evening (create, enter pairs, start, rounds, corrections,
finish, publish), the scorer's traveller entry, live standings, travellers and score cards.
Table scoring on a phone lives in ``tournaments.views.tables``."""
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import formats, timezone
from django.views.decorators.http import condition

from cardroom import limits
from cardroom.errors import Conflict
from cardroom.inputs import whole_number
from clubs.models import Club
from clubs.permissions import is_director, is_scorer
from scoring.services import event_rescore_later
from tournaments import selectors, selectors_event, selectors_lifecycle, selectors_table
from tournaments.selectors_boards import board_analysis_progress
from tournaments.models import (PARTY_GAMES, PATIENCE_GAMES, Entry, EventFormat, EventStatus, Game, Result,
                                ScoringMethod)
from tournaments.movements.suggest import suggest
from tournaments.result_form import result_fields
from tournaments.services import actions, entries, events, lifecycle, pair_names, pins, results
from tournaments.services.teams import teams_event_setup
from tournaments.services.teams.options import VP_SCALES
from tournaments.visibility import event_sight

from .movement import choice_spec, late_offers


def _event(request, slug, pk):
    club = get_object_or_404(Club, slug=slug)
    event = selectors.club_events_visible(club=club, user=request.user).filter(pk=pk).first()
    if event is None:
        raise Http404("No such event, or it is not published yet.")
    return club, event


def _errors(request, exc: ValidationError) -> None:
    for field, msgs in getattr(exc, "message_dict", {"": exc.messages}).items():
        for m in msgs:
            messages.error(request, f"{field}: {m}" if field and field != "__all__" else m)


TEAMS_FIELDS = ("boards_per_match", "rounds", "vp_scale", "first_round", "segments")
SCALE_LABELS = {"wbf_continuous": "WBF 20-point continuous (2013)", "wbf_30": "30-point (discrete)",
                "wbf_25": "25-point (discrete)", "acbl_20": "ACBL 20-point (discrete)",
                "win_draw_loss": "Win / draw / loss", "none": "None: IMPs only"}
# The scales the teams service accepts (one the engine names without a table is not offered).
VP_SCALE_CHOICES = [(name, SCALE_LABELS.get(name, name)) for name in VP_SCALES]


@login_required
def event_new(request, slug):
    """Create an event; the movement is picked from the suggestions for the pairs expected."""
    club = get_object_or_404(Club, slug=slug)
    if not is_director(request.user, club):
        raise PermissionDenied
    status = 200
    try:
        pairs = whole_number(request.GET.get("pairs") or request.POST.get("pairs"), "pairs", low=3,
                             high=limits.MAX_PAIRS, default=8)
    except ValidationError as exc:
        _errors(request, exc)
        pairs, status = 8, 400
    try:  # about how many boards the evening should have (the books' 24-27 when not given)
        wanted = request.GET.get("boards") or request.POST.get("boards")
        boards = whole_number(wanted, "boards", high=limits.MAX_BOARD_NUMBER) if wanted else None
    except ValidationError as exc:
        _errors(request, exc)
        boards, status = None, 400
    suggestions = [s for s in suggest(pairs=pairs, boards_wanted=boards)
                   if s.kind in ("howell", "mitchell", "skip-mitchell", "relay-mitchell")]
    try:
        players = whole_number(request.GET.get("players") or request.POST.get("players"), "players", low=4,
                               high=limits.MAX_PAIRS * 2, default=8)
    except ValidationError as exc:
        _errors(request, exc)
        players, status = 8, 400
    individuals = [(f"{s.kind}:{s.rounds}:{s.boards_per_round}", s)
                   for s in suggest(players=players, boards_wanted=boards)]
    teams_form = {key: request.POST.get(key, "") for key in TEAMS_FIELDS}
    if request.method == "POST" and request.POST.get("format") == EventFormat.INDIVIDUAL and status == 200:
        kind, _, rest = request.POST.get("individual_movement", "").partition(":")
        rounds, _, bpr = rest.partition(":")
        try:
            event = events.event_setup(
                club=club, created_by=request.user, name=request.POST.get("name", "").strip(),
                date=request.POST.get("date"), game=request.POST.get("game"), scoring=request.POST.get("scoring"),
                format=EventFormat.INDIVIDUAL,
                movement={"kind": kind, "players": players, "rounds": rounds, "boards_per_round": bpr})
        except ValidationError as exc:
            _errors(request, exc)
            status = 400
        else:
            return redirect(event.get_absolute_url())
    elif request.method == "POST" and request.POST.get("format", "pairs") not in ("pairs", EventFormat.INDIVIDUAL):
        options = {k: teams_form[k] for k in ("vp_scale", "first_round") if teams_form[k]}
        try:
            if request.POST.get("format") == EventFormat.KNOCKOUT and teams_form["segments"].strip():
                options["segments"] = whole_number(teams_form["segments"], "segments", high=limits.MAX_ROUNDS)
            event = teams_event_setup(
                club=club, created_by=request.user, name=request.POST.get("name", "").strip(),
                date=request.POST.get("date"), game=request.POST.get("game"), format=request.POST.get("format"),
                scoring=request.POST.get("scoring"), boards_per_match=teams_form["boards_per_match"],
                rounds=teams_form["rounds"] or 0,
                options=options)
        except ValidationError as exc:
            _errors(request, exc)
            status = 400
        else:
            return redirect("teams-home", slug=club.slug, pk=event.pk)
    elif request.method == "POST" and status == 200:  # a bad number of pairs or boards creates nothing
        choice = request.POST.get("movement", "")
        kind, _, rest = choice.partition(":")
        tables, _, bpr = rest.partition(":")
        movement = {"kind": kind, "tables": tables, "boards_per_round": bpr}
        try:
            count = whole_number(request.POST.get("sections"), "sections", low=1, high=limits.MAX_SECTIONS, default=1)
            event = events.event_setup(
                club=club, created_by=request.user, name=request.POST.get("name", "").strip(),
                date=request.POST.get("date"), game=request.POST.get("game"), scoring=request.POST.get("scoring"),
                sections=[{"name": chr(65 + i), "movement": movement} for i in range(count)],
                across_field=request.POST.get("across_field") == "on")
        except ValidationError as exc:
            _errors(request, exc)
            status = 400
        else:
            return redirect(event.get_absolute_url())
    games = [c for c in Game.choices if c[0] not in PARTY_GAMES + PATIENCE_GAMES]
    offered = [(f"{s.kind}:{s.tables}:{s.boards_per_round}", s) for s in suggestions]
    chosen = {  # after an error the form comes back as it was filled in
        "game": request.POST.get("game") or Game.DUPLICATE_BRIDGE,
        "scoring": request.POST.get("scoring") or ScoringMethod.MATCHPOINTS,
        "movement": request.POST.get("movement") or (offered[0][0] if offered else ""),
        "format": request.POST.get("format") or "pairs", **{k: v for k, v in teams_form.items() if v},
        "individual_movement": request.POST.get("individual_movement") or (
            individuals[0][0] if individuals and request.method == "GET" else ""),
        "sections": request.POST.get("sections") or "1", "across_field": request.POST.get("across_field") == "on",
    }
    return render(request, "tournaments/event_new.html", {
        "club": club, "pairs": pairs, "boards": boards, "suggestions": offered, "games": games, "chosen": chosen,
        "players": players, "individuals": individuals,
        "scorings": [c for c in ScoringMethod.choices if c[0] != ScoringMethod.TALLY],
        "formats": EventFormat.choices, "vp_scales": VP_SCALE_CHOICES}, status=status)


def event_detail(request, slug, pk):
    club, event = _event(request, slug, pk)
    if event.is_patience:  # poker patience has its own pages (tournaments.views.patience)
        return redirect("patience-home" if is_director(request.user, club) else "patience-standings",
                        slug=club.slug, pk=event.pk)
    return render(request, "tournaments/event_detail.html", _detail_context(request, club, event))


def _detail_context(request, club, event) -> dict:
    director = is_director(request.user, club)
    context = {"club": club, "event": event, "is_director": director, "is_scorer": is_scorer(request.user, club)}
    if not event.is_progressive:
        sections = selectors_event.event_sections(event)
        origin = selectors_event.event_import_origin(event) if sections else None
        played_here = origin is None
        context.update({
            "sections": sections, "entries": Entry.objects.filter(event=event).select_related("section").defer("section__movement"),
            "standings": selectors_event.event_standings(event),
            "origin": origin,
            "round_status": selectors_event.round_status(event)
            if context["is_scorer"] and sections and played_here else [],
            "not_played": selectors_table.not_played_awaiting(event) if director and played_here else [],
            "tables": selectors_event.tables_with_pins(event) if director and played_here else [],
            "pin_misses": pins.pin_misses(event) if director and played_here else [],
            "members": club.members.filter(active=True) if director else [],
            "late_offers": late_offers(event, sections[0] if sections else None) if director and played_here else [],
            "live": event.status == EventStatus.PLAYING,
            "changes": selectors_lifecycle.event_changes(event) if director else [],
            "analysis": board_analysis_progress(event=event) if director else None,
        })
        context.update(_sight_context(event, request.user, sections))
    if event.is_teams:
        from .teams import event_teams_context

        context.update(event_teams_context(request, club, event, context))
    context["provisional_until"] = selectors_lifecycle.provisional_until(event)
    return context


def _sight_context(event, user, sections) -> dict:
    """The links this viewer may follow (tournaments.visibility): travellers by section, the
    score cards of the standings, the hand records."""
    sight = event_sight(event, user)
    # Only a viewer who sees every traveller needs the movement's boards; the others see the
    # boards their pairs have played, which the sight already knows (no movement to decode).
    travellers = [{"section": s.name, "boards": list(s.schedule.board_numbers()) if sight.open_results else
                   sorted(b for name, b in sight.played if name == s.name and sight.traveller(name, b))}
                  for s in sections]
    cards = {(s.name, e.label) for s in sections for e in s.entries.all() if sight.score_card(s.name, e.label)}
    return {"sight": sight, "traveller_links": [t for t in travellers if t["boards"]],
            "score_card_links": {f"{s}/{label}" for s, label in cards}}


def _standings_etag(request, slug, pk) -> str:
    """The live poll's ETag (``selectors_event.standings_etag``); the event found is kept for the view."""
    request.standings_event = _event(request, slug, pk)
    return selectors_event.standings_etag(request.standings_event[1], request.user)


@condition(etag_func=_standings_etag)
def event_standings_json(request, slug, pk):
    """What the live standings poll (every few seconds while the event runs); a poll that finds
    nothing new (If-None-Match) is a 304 without reading the standings."""
    club, event = getattr(request, "standings_event", None) or _event(request, slug, pk)
    data = selectors_event.event_standings(event)
    data["computed_at_text"] = _when_text(data.get("computed_at"))
    for key in ("computed_at", "provisional_until"):
        data[key] = data[key].isoformat() if data.get(key) else None
    data["analysis"] = board_analysis_progress(event=event)
    seen = _sight_context(event, request.user, list(event.sections.defer("movement")))
    for row in data["standings"]:  # the links the viewer may follow, as on the page
        card = reverse("event-score-card", args=[club.slug, event.pk, row["label"]]) + f"?section={row['section']}"
        row["score_card_url"] = card if f"{row['section']}/{row['label']}" in seen["score_card_links"] else None
    data["travellers"] = [{"section": t["section"], "boards": [
        {"board": b, "url": reverse("event-traveller", args=[club.slug, event.pk, b]) + f"?section={t['section']}"}
        for b in t["boards"]]} for t in seen["traveller_links"]]
    return JsonResponse(data)


def _when_text(when) -> str:
    """A time as the page first shows it (the template's localised DATETIME_FORMAT), so the
    live refresh does not turn it into an ISO timestamp."""
    return formats.localize(timezone.template_localtime(when)) if when else "—"


CONFIRMED = {"finish": "Finish", "reopen": "Reopen", "unpublish": "Unpublish"}
# The actions of a game played here, refused on an imported event (what it does not do, for the 409).
PLAYED_HERE = {"enter": "enter pairs", "withdraw": "withdraw pairs", "start": "start", "round": "set its round",
               "finish": "finish", "reopen": "reopen"}


def _confirm_page(request, club, event, action, *, error="", status=200):
    """Finish, reopen and unpublish ask first; Finish lists the results still missing."""
    missing = selectors_lifecycle.results_missing(event) if action == "finish" else []
    return render(request, "tournaments/event_confirm.html", {
        "club": club, "event": event, "action": action, "verb": CONFIRMED[action], "missing": missing,
        "several_sections": len({m["section"] for m in missing}) > 1, "error": error,
        "not_played": any(m["not_played"] for m in missing),
        "reason": request.POST.get("reason", "")}, status=status)


def event_action(request, slug, pk, action):
    """The director's buttons: enter, withdraw, start, round, rescore, across-field (the event's
    setting), finish, publish, reopen, unpublish. Finish, reopen and unpublish show a confirmation page first (GET)."""
    club, event = _event(request, slug, pk)
    if not is_director(request.user, club):
        raise PermissionDenied
    if action in PLAYED_HERE:  # an imported event was played elsewhere: a 409 naming why
        try:
            lifecycle.refuse_imported(event, PLAYED_HERE[action])
        except Conflict as exc:
            messages.error(request, exc.detail)
            return render(request, "tournaments/event_detail.html", _detail_context(request, club, event), status=409)
    if request.method == "GET" and action in CONFIRMED:
        return _confirm_page(request, club, event, action)
    if request.method != "POST":
        raise PermissionDenied
    reason = request.POST.get("reason", "").strip()
    try:
        if action == "enter":
            players = [(key, request.POST.get(f"{key}_choice") or request.POST.get(key, ""))
                       for key in ("player_a", "player_b")]
            choice = request.POST.get("movement", "").strip()
            section = None
            if request.POST.get("section"):
                section = selectors_event.section_named(event, request.POST["section"])
                if section is None:
                    raise ValidationError({"section": [f"No section {request.POST['section'][:8]!r} in this event."]})
            entered = pair_names.entry_add_named(event=event, players=[p for p in players if p[1].strip()],
                                                 section=section, movement=choice_spec(choice) if choice else None)
            messages.success(request, f"{'Player' if event.is_individual else 'Pair'} {entered.entry.label}: "
                                      f"{entered.entry.names}")
            for note in entered.notes:
                messages.info(request, note)
        elif action == "withdraw":
            entry = get_object_or_404(Entry, event=event, pk=whole_number(request.POST.get("entry"), "entry"))
            entries.entry_withdraw(entry=entry)
        elif action == "start":
            actions.event_start(event=event, user=request.user)
        elif action == "round":
            actions.event_set_round(event=event, round_number=whole_number(
                request.POST.get("round"), "round", high=limits.MAX_ROUNDS))
        elif action == "rescore":
            event_rescore_later(event=event, force=True)
            messages.success(request, "Rescored.")
        elif action == "across-field":
            across = request.POST.get("across_field") == "on"
            events.event_update(event=event, across_field=across)
            messages.success(request, "Scored across the field: every section's results of a board compared "
                                      "together." if across else "Each section is scored on its own.")
        elif action == "finish":
            actions.event_finish(event=event, user=request.user, reason=reason,
                                        confirm=request.POST.get("confirm") == "1")
        elif action == "publish":
            actions.event_publish(event=event, user=request.user, reason=reason)
        elif action == "reopen":
            actions.event_reopen(event=event, user=request.user, reason=reason)
        elif action == "unpublish":
            actions.event_unpublish(event=event, user=request.user, reason=reason)
        else:
            raise Http404
    except pair_names.PlayersToChoose as exc:
        context = _detail_context(request, club, event) | {
            "entry_form": {key: request.POST.get(key, "") for key in ("player_a", "player_b", "movement", "section")},
            "player_choices": exc.ambiguous}
        return render(request, "tournaments/event_detail.html", context, status=400)
    except lifecycle.FinishUnconfirmed as exc:
        return _confirm_page(request, club, event, action, error=exc.message_dict["confirm"][0], status=400)
    except Conflict as exc:  # e.g. a party's finish with a round reported and not closed
        if action in CONFIRMED:
            return _confirm_page(request, club, event, action, status=409, error=exc.detail)
        messages.error(request, exc.detail)
    except ValidationError as exc:
        if action in CONFIRMED:
            return _confirm_page(request, club, event, action, status=400,
                                 error=" ".join(exc.messages))
        _errors(request, exc)
    return redirect(event.get_absolute_url())


def event_traveller(request, slug, pk, board):
    """A board's traveller; scorers enter results on it and directors correct them."""
    club, event = _event(request, slug, pk)
    section = selectors_event.section_named(event, request.GET.get("section"))
    if section is None or board > limits.MAX_BOARD_NUMBER:
        raise Http404
    scorer, director = is_scorer(request.user, club), is_director(request.user, club)
    if request.method == "POST":
        if not scorer:
            raise PermissionDenied
        try:
            data = result_fields(request.POST, ("ns", "ew", "contract", "declarer", "tricks", "tricks_ns", "lead",
                                                "adjusted_ns", "adjusted_ew"))
            data.update(board=board, section=section.name)
            rid = request.POST.get("result")
            if request.POST.get("cards_groups") and director:
                groups = {k[6:]: v for k, v in request.POST.items() if k.startswith("group_")}
                results.board_set_cards_groups(event=event, section=section, board=board, groups=groups,
                                               user=request.user, reason=request.POST.get("reason", ""))
            elif rid and director:
                result = get_object_or_404(Result, event=event, pk=whole_number(rid, "result"))
                if request.POST.get("delete"):
                    results.result_delete(result=result, user=request.user, reason=request.POST.get("reason", ""))
                else:
                    if request.POST.get("as_seated"):  # a missed arrow switch: the pairs sat the other way round
                        data["ns"], data["ew"] = data["ew"], data["ns"]
                    results.result_correct(result=result, data=data, user=request.user,
                                           reason=request.POST.get("reason", ""))
            else:
                as_seated = bool(request.POST.get("as_seated"))
                if as_seated:  # a missed arrow switch: entered as seated, a director's override as in the API
                    data["ns"], data["ew"] = data["ew"], data["ns"]
                results.result_submit(event=event, data=data, user=request.user, source="traveller",
                                      override=as_seated and director)
        except results.ResultConflict as exc:
            messages.error(request, f"{exc}: a director corrects it below.")
        except ValidationError as exc:
            _errors(request, exc)
        return redirect(reverse("event-traveller", args=[slug, pk, board]) + f"?section={section.name}")
    sight = event_sight(event, request.user)
    if not sight.traveller(section.name, board):
        raise PermissionDenied("While play is on you see a board's traveller once your pair has played it.")
    traveller = selectors_event.board_traveller(event, board, section, with_audit=scorer)
    return render(request, "tournaments/event_traveller.html", {
        "club": club, "event": event, "section": section, "traveller": traveller, "is_scorer": scorer,
        "is_director": director, "hands": sight.hands,
        "provisional_until": selectors_lifecycle.provisional_until(event),
        "boards": [b for b in section.schedule.board_numbers() if sight.traveller(section.name, b)]})


def event_score_card(request, slug, pk, label):
    club, event = _event(request, slug, pk)
    section = selectors_event.section_named(event, request.GET.get("section"))
    card = selectors_event.pair_score_card(event, label, section) if section else None
    if card is None:
        raise Http404
    sight = event_sight(event, request.user)
    if not sight.score_card(section.name, label):
        raise PermissionDenied("While play is on you see your own score card only.")
    return render(request, "tournaments/event_score_card.html", {
        "club": club, "event": event, "card": card,
        "traveller_boards": {b for s, b in sight.played if s == section.name} if not sight.open_results else None})
