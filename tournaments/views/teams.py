"""Teams pages: the director's teams (enter, edit, withdraw, late teams) and rounds (draw, swap,
re-draw), the matches waiting for boards, the standings (VPs, IMPs, the round-robin grid or the
Swiss history), a team's matches and each match's score card board by board.

Views are thin: they read through ``tournaments.selectors_teams`` and write through
``tournaments.services.teams``; who sees what is ``tournaments.visibility`` (a match's score card:
``match_card_visible``, the two teams' players once their match is complete).
"""
from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Q
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from cardroom import limits
from cardroom.errors import Conflict
from cardroom.inputs import whole_number
from clubs.models import Club
from clubs.permissions import is_director, is_scorer
from clubs.selectors import player_match
from tournaments import selectors, selectors_event, selectors_teams
from tournaments import selectors_teams_pages as pages
from tournaments.models import EventStatus
from tournaments.models.teams import Match, MatchStatus, Team, TeamsEvent
from tournaments.services import teams as services
from tournaments.result_form import result_fields
from tournaments.services.teams.results import match_carry_over_set, match_result_enter
from tournaments.visibility import event_sight, match_card_visible

PLAYER_SLOTS = 6  # a team has four to six players
FORM_FIELDS = ("name", "seed", "captain", *(f"player_{i}" for i in range(1, PLAYER_SLOTS + 1)))


def _teams_event(request, slug, pk) -> tuple[Club, TeamsEvent]:
    """The club's teams event this viewer may open (tournaments.visibility), or a 404."""
    club = get_object_or_404(Club, slug=slug)
    event = selectors.club_events_visible(club=club, user=request.user).filter(pk=pk).first()
    row = TeamsEvent.objects.select_related("event", "event__club").filter(event=event).first() if event else None
    if row is None:
        raise Http404("No such teams event, or it is not published yet.")
    return club, row


def _director(request, slug, pk) -> tuple[Club, TeamsEvent]:
    club, teams = _teams_event(request, slug, pk)
    if not is_director(request.user, club):
        raise PermissionDenied("Only a director of the club runs the teams.")
    return club, teams


def _errors(exc: ValidationError) -> dict[str, list[str]]:
    return getattr(exc, "message_dict", None) or {"__all__": list(exc.messages)}


def _flash(request, errors: dict[str, list[str]]) -> None:
    for field, msgs in errors.items():
        for m in msgs:
            messages.error(request, m if field in ("__all__", "") else f"{field}: {m}")


def _attempt(request, call, done: str) -> bool:
    try:
        call()
    except Conflict as exc:
        messages.error(request, exc.detail)
        return False
    except ValidationError as exc:
        _flash(request, _errors(exc))
        return False
    messages.success(request, done)
    return True


SCALE_TEXT = {"wbf_continuous": "Victory points on the WBF 20-point continuous scale (2013) for the match length.",
              "wbf_30": "Victory points on the 30-point scale (discrete).",
              "wbf_25": "Victory points on the 25-point scale (discrete).",
              "acbl_20": "Victory points on the ACBL 20-point scale (discrete).",
              "win_draw_loss": "A win, a draw or a loss.", "none": "No victory points: teams rank by IMPs."}
SCORING_TEXT = {"imps": "IMPs", "board_a_match": "board-a-match", "patton": "Patton"}


def options_text(teams: TeamsEvent) -> dict:
    """The teams event's settings as the pages word them (defaults from the service's one place)."""
    from tournaments.services.teams.options import teams_options

    event, options = teams.event, teams_options(teams)
    scale = options["vp_scale"]
    bam = event.scoring == "board_a_match"
    bye = options["bye"]
    return {
        "scoring_text": SCORING_TEXT.get(event.scoring, event.get_scoring_display()) + (
            "" if bam or scale == "none" else " to victory points"),
        "rounds_planned": teams.rounds or None, "scale_text": "" if bam else SCALE_TEXT.get(scale, ""),
        "total_label": "Points" if bam else "IMPs" if scale == "none" else "VP",
        "points_label": "Board-a-match points" if bam else "IMPs",
        "show_quotient": "imp_quotient" in options["tie_breaks"],
        "tie_break_text": "Ties: " + ", then ".join(TIE_BREAK_TEXT.get(t, t) for t in options["tie_breaks"]) + ".",
        "bye_text": "the team's average" if bye.get("rule") == "average" else f"a bye scores {bye.get('vp', 12):g} VP",
    }


TIE_BREAK_TEXT = {"vp": "victory points", "head_to_head": "the match between the tied teams",
                  "imp_quotient": "IMP quotient (IMPs for ÷ IMPs against)", "imp_difference": "IMP difference"}


def _base(club, teams) -> dict:
    return {"club": club, "event": teams.event, "teams_event": teams, "is_director": False, "is_scorer": False,
            "options": options_text(teams)}


# The director's teams -------------------------------------------------------------------------

def _team_players(event, post) -> tuple[list[dict], dict[str, list[str]], dict]:
    """The typed players of the team form: a member by the type-ahead's "Last, First (number)",
    a number or a name; anyone else a guest. Ambiguous names are sent back to choose from."""
    players, errors, ambiguous = [], {}, {}
    captain = post.get("captain", "")
    for i in range(1, PLAYER_SLOTS + 1):
        field = f"player_{i}"
        text = (post.get(f"{field}_choice") or post.get(field, "")).strip()[:160]
        if not text:
            continue
        match = player_match(club=event.club, text=text)
        if match.choices:
            ambiguous[field] = match
            errors[field] = [f"{text!r} is more than one member: choose one."]
            continue
        players.append({"member": match.member} if match.member else {"guest": match.guest})
        players[-1]["captain"] = captain == str(i)
    if players and not any(p["captain"] for p in players) and "captain" not in errors:
        errors["captain"] = ["Choose the captain among the players entered."]
    return players, errors, ambiguous


def _player_rows(form: dict, errors: dict, ambiguous: dict) -> list[dict]:
    """The form's six player lines as the template shows them (value, captain, error, choices)."""
    return [{"i": i, "field": f"player_{i}", "value": form.get(f"player_{i}", ""),
             "captain": form.get("captain") == str(i), "error": errors.get(f"player_{i}"),
             "ambiguous": ambiguous.get(f"player_{i}")} for i in range(1, PLAYER_SLOTS + 1)]


def _seed(post) -> int | None:
    text = post.get("seed", "").strip()
    return None if not text else whole_number(text, "seed", high=limits.MAX_TEAMS)


def _home_page(request, club, teams, *, form=None, errors=None, ambiguous=None, status=200):
    event = teams.event
    return render(request, "tournaments/teams/home.html", _base(club, teams) | {
        "is_director": True, "is_scorer": True, "teams": selectors_teams.event_teams(event),
        "members": club.members.filter(active=True), "form": form or {}, "errors": errors or {},
        "player_rows": _player_rows(form or {}, errors or {}, ambiguous or {}),
        "late": event.status == EventStatus.PLAYING and event.format == "swiss",
        "next_round": teams.current_round + 1}, status=status)


@require_GET
def teams_home(request, slug, pk):
    club, teams = _director(request, slug, pk)
    return _home_page(request, club, teams)


def _form_of(post) -> dict:
    form = {key: post.get(key, "") for key in FORM_FIELDS}
    form.update({f"player_{i}_choice": post.get(f"player_{i}_choice", "") for i in range(1, PLAYER_SLOTS + 1)})
    return form


@require_POST
def teams_add(request, slug, pk):
    """Enter a team (a late team while play is on joins from the next round drawn)."""
    club, teams = _director(request, slug, pk)
    event = teams.event
    players, errors, ambiguous = _team_players(event, request.POST)
    name = request.POST.get("name", "").strip()
    if not errors:
        try:
            team = services.team_add(event=event, name=name, seed=_seed(request.POST), players=players)
        except ValidationError as exc:
            errors = _errors(exc)
        except Conflict as exc:
            errors = {"__all__": [exc.detail]}
        else:
            messages.success(request, f"Team {team.number}: {team.name} entered" + (
                f"; it joins from round {team.joined_round}." if team.joined_round > 1 else "."))
            return redirect("teams-home", slug=slug, pk=pk)
    _flash(request, errors)
    return _home_page(request, club, teams, form=_form_of(request.POST), errors=errors, ambiguous=ambiguous,
                      status=409 if "__all__" in errors and len(errors) == 1 else 400)


def _team(teams, number) -> Team:
    return get_object_or_404(Team, event=teams.event, number=number)


@require_http_methods(["GET", "POST"])
def teams_edit(request, slug, pk, number):
    club, teams = _director(request, slug, pk)
    team = _team(teams, number)
    errors, ambiguous, status = {}, {}, 200
    if request.method == "POST":
        form = _form_of(request.POST)
        players, errors, ambiguous = _team_players(teams.event, request.POST)
        if not errors:
            try:
                services.team_update(team=team, name=request.POST.get("name", "").strip(),
                                     seed=_seed(request.POST), players=players)
            except ValidationError as exc:
                errors = _errors(exc)
            except Conflict as exc:
                errors = {"__all__": [exc.detail]}
            else:
                messages.success(request, f"Team {team.number} saved.")
                return redirect("teams-home", slug=slug, pk=pk)
        _flash(request, errors)
        status = 409 if "__all__" in errors and len(errors) == 1 else 400
    else:
        form = {"name": team.name, "seed": "" if team.seed is None else str(team.seed)}
        for i, p in enumerate(team.players.all(), start=1):
            form[f"player_{i}"] = (f"{p.member.last_name}, {p.member.first_name} ({p.member.membership_number})"
                                   if p.member_id else f"guest:{p.name}")
            if p.captain:
                form["captain"] = str(i)
    return render(request, "tournaments/teams/edit.html", _base(club, teams) | {
        "is_director": True, "is_scorer": True, "team": team, "form": form, "errors": errors,
        "player_rows": _player_rows(form, errors, ambiguous), "members": club.members.filter(active=True)},
                  status=status)


@require_POST
def teams_withdraw(request, slug, pk, number):
    club, teams = _director(request, slug, pk)
    team = _team(teams, number)
    _attempt(request, lambda: services.team_withdraw(team=team),
             f"Team {team.number} {team.name} withdrawn: it is left out of the rounds still to draw.")
    return redirect("teams-home", slug=slug, pk=pk)


@require_POST
def teams_delete(request, slug, pk, number):
    """A team entered by mistake, before the start (after it, a team withdraws)."""
    club, teams = _director(request, slug, pk)
    team = _team(teams, number)
    _attempt(request, lambda: services.team_delete(team=team), f"Team {team.number} {team.name} deleted.")
    return redirect("teams-home", slug=slug, pk=pk)


# Rounds -------------------------------------------------------------------------------------

@require_GET
def teams_rounds(request, slug, pk):
    """The draw of each round; the director draws the next, or swaps or re-draws one before play."""
    club, teams = _teams_event(request, slug, pk)
    director = is_director(request.user, club)
    if not (director or is_scorer(request.user, club)):
        raise PermissionDenied("The rounds page is the director's and the scorers'.")
    draws = [selectors_teams.round_draw(teams.event, n) for n in range(teams.current_round, 0, -1)]
    for d in draws:  # the teams of the round, for the swap
        d["teams"] = sorted([side for m in d["matches"] + d["byes"] for side in (m["home"], m["away"]) if side],
                            key=lambda t: t["number"])
    return render(request, "tournaments/teams/rounds.html", _base(club, teams) | {
        "is_director": director, "is_scorer": True, "draws": draws, "next_round": teams.current_round + 1,
        "playing": teams.event.status == EventStatus.PLAYING,
        "card_links": _card_links(request, teams.event, [m["id"] for d in draws for m in d["matches"] + d["byes"]]),
        "settings": selectors_teams.teams_settings(teams.event)})


@require_POST
def teams_draw(request, slug, pk, number):
    """Draw round ``number`` (the next one), or draw the current one afresh while it has no results."""
    club, teams = _director(request, slug, pk)
    again = number == teams.current_round
    _attempt(request, lambda: services.teams_round_draw(event=teams.event, round_number=number),
             f"Round {number} drawn afresh." if again else f"Round {number} drawn.")
    return redirect(reverse("teams-rounds", args=[slug, pk]) + f"#round-{number}")


@require_POST
def teams_swap(request, slug, pk, number):
    """Swap two teams in round ``number``'s draw (before any of its results)."""
    club, teams = _director(request, slug, pk)
    try:
        a = whole_number(request.POST.get("team_a"), "team_a", high=limits.MAX_TEAMS)
        b = whole_number(request.POST.get("team_b"), "team_b", high=limits.MAX_TEAMS)
    except ValidationError as exc:
        _flash(request, _errors(exc))
    else:
        _attempt(request, lambda: services.teams_round_swap(event=teams.event, round_number=number, teams=(a, b)),
                 f"Round {number}: teams {a} and {b} swapped.")
    return redirect(reverse("teams-rounds", args=[slug, pk]) + f"#round-{number}")


@require_GET
def teams_waiting(request, slug, pk):
    """Which match waits for which boards in which room (the page refreshes itself)."""
    club, teams = _teams_event(request, slug, pk)
    if not (is_director(request.user, club) or is_scorer(request.user, club)):
        raise PermissionDenied("The matches waiting are the director's and the scorers'.")
    return render(request, "tournaments/teams/waiting.html", _base(club, teams) | {
        "is_director": is_director(request.user, club), "is_scorer": True,
        "waiting": selectors_teams.matches_waiting(teams.event),
        "live": teams.event.status == EventStatus.PLAYING})


# What players and everyone else see -----------------------------------------------------------

def _card_links(request, event, match_ids) -> set[int]:
    """The matches whose score card this viewer may open (tournaments.visibility.match_card_visible)."""
    if event_sight(event, request.user).open_results:
        return set(match_ids)
    own = pages.user_teams(event, request.user)
    if not own:
        return set()
    mine = Match.objects.filter(pk__in=match_ids, status=MatchStatus.COMPLETE).filter(
        Q(home_id__in=own) | Q(away_id__in=own))
    return {m.pk for m in mine if match_card_visible(event, request.user, m)}


@require_GET
def teams_standings(request, slug, pk):
    """Overall and round by round: VPs, IMPs for and against, the round robin's grid or the
    Swiss pairing history, each match a link to its score card where the viewer may open it."""
    club, teams = _teams_event(request, slug, pk)
    event = teams.event
    if not event_sight(event, request.user).standings:
        raise Http404("The standings are not public yet.")
    data = selectors_teams.team_standings(event)
    own = pages.user_teams(event, request.user)
    rows = data["standings"]
    rounds = sorted({p["round"] for r in rows for p in r["matches"]})
    history = [{"team": r["team"], "cells": [_cell(r, n) for n in rounds]} for r in rows]
    grid = []
    if "grid" in data:
        by_number = sorted((r["team"] for r in rows), key=lambda t: t["number"])
        grid = [{"team": t, "cells": [{"self": o["number"] == t["number"],
                                       "vp": data["grid"].get(str(t["number"]), {}).get(str(o["number"]))}
                                      for o in by_number]} for t in by_number]
        grid = {"teams": by_number, "rows": grid}
    match_ids = [p["match"] for r in rows for p in r["matches"]]
    return render(request, "tournaments/teams/standings.html", _base(club, teams) | {
        "is_director": is_director(request.user, club), "is_scorer": is_scorer(request.user, club),
        "standings": rows, "rounds": rounds, "history": history, "grid": grid, "health": data["health"],
        "card_links": _card_links(request, event, match_ids), "own": {t.number for t in Team.objects.filter(
            pk__in=own)}, "live": event.status == EventStatus.PLAYING})


def _cell(row: dict, round_number: int) -> dict:
    """A team's round in the history: its match (opponent, VPs) and its total after the round."""
    match = next((p for p in row["matches"] if p["round"] == round_number), None)
    after = next((a["total"] for a in row["after_round"] if a["round"] == round_number), None)
    return {"match": match, "running": after}


@require_GET
def teams_team(request, slug, pk, number):
    """A team's page: its players and its matches (opponent, rooms, IMPs, VPs), each match's
    score card where the viewer may open it."""
    club, teams = _teams_event(request, slug, pk)
    team = _team(teams, number)
    own = pages.user_teams(teams.event, request.user)
    if not (event_sight(teams.event, request.user).standings or team.pk in own):
        raise Http404("No such team.")
    history = selectors_teams.team_history(teams.event, team)
    return render(request, "tournaments/teams/team.html", _base(club, teams) | {
        "is_director": is_director(request.user, club), "is_scorer": is_scorer(request.user, club),
        "team": history["team"], "history": history, "own": team.pk in own,
        "card_links": _card_links(request, teams.event, [m["match"] for m in history["matches"]])})


@require_GET
def teams_match(request, slug, pk, match):
    """A match's score card board by board: both rooms' results, the IMPs (or board-a-match
    points) of each board, the totals and the victory points."""
    club, teams = _teams_event(request, slug, pk)
    found = get_object_or_404(Match.objects.select_related("home", "away", "event"), event=teams.event, pk=match)
    if not match_card_visible(teams.event, request.user, found):
        raise Http404("This match's score card is not open to you (yet).")
    return _match_page(request, club, teams, found)


def _match_page(request, club, teams, match, *, entered=None, errors=None, status=200):
    scorer = is_scorer(request.user, club)
    boards = selectors_teams.round_draw(teams.event, match.round)["boards"] if scorer and not match.is_bye else []
    return render(request, "tournaments/teams/match.html", _base(club, teams) | {
        "is_director": is_director(request.user, club), "is_scorer": scorer, "round_boards": boards,
        "card": selectors_teams.match_score_card(match), "entered": entered or {}, "errors": errors or {},
        "room_entry": scorer and teams.event.status == EventStatus.PLAYING and not match.is_bye}, status=status)


ROOM_FIELDS = ("contract", "declarer", "tricks", "lead")


@require_POST
def teams_match_result(request, slug, pk, match):
    """A scorer enters one room's result of the match (a phone that failed, a travelling score
    sheet): the one result path, stored confirmed as a scorer's result is."""
    club, teams = _teams_event(request, slug, pk)
    if not is_scorer(request.user, club):
        raise PermissionDenied("Only the club's scorers and directors enter results here.")
    found = get_object_or_404(Match.objects.select_related("home", "away", "event"), event=teams.event, pk=match)
    entered = {key: request.POST.get(key, "") for key in ("room", "board", *ROOM_FIELDS)}
    try:
        data = result_fields(request.POST, ROOM_FIELDS)
        data["board"] = whole_number(request.POST.get("board"), "board", high=limits.MAX_BOARD_NUMBER)
        match_result_enter(match=found, room=entered["room"], data=data, user=request.user)
    except Conflict as exc:
        errors = {"__all__": [exc.detail]}
    except ValidationError as exc:
        errors = _errors(exc)
    else:
        messages.success(request, f"Board {data['board']}, {entered['room']} room: entered.")
        return redirect("teams-match", slug=slug, pk=pk, match=match)
    _flash(request, errors)
    return _match_page(request, club, teams, found, entered=entered, errors=errors,
                      status=409 if "__all__" in errors else 400)


@require_POST
def teams_carry_over(request, slug, pk, match):
    """A knockout tie's carry-over (IMPs each team starts with), set by the director on the tie's
    first segment; the tie is rescored."""
    club, teams = _director(request, slug, pk)
    found = get_object_or_404(Match.objects.select_related("event"), event=teams.event, pk=match)
    try:
        home = _imps(request.POST.get("carry_over_home"), "carry_over_home")
        away = _imps(request.POST.get("carry_over_away"), "carry_over_away")
    except ValidationError as exc:
        _flash(request, _errors(exc))
    else:
        _attempt(request, lambda: match_carry_over_set(match=found, home=home, away=away),
                 f"Carry-over set: {home:g} to {away:g} IMPs.")
    return redirect("teams-match", slug=slug, pk=pk, match=match)


def _imps(text, field: str) -> float:
    """IMPs typed on a form: a number such as 12 or 7.5 (a half IMP is common in carry-over)."""
    value = str(text or "").strip().replace(",", ".")
    whole, _, half = value.partition(".")
    if not whole.isascii() or not whole.isdigit() or len(whole) > 3 or (half and half not in ("0", "5")):
        raise ValidationError({field: [f"IMPs from 0 to 999 (halves as .5), not {value[:12]!r}."]})
    return int(whole) + (0.5 if half == "5" else 0)


# The event page and the table's phone ----------------------------------------------------------

def event_teams_context(request, club, event, context: dict) -> dict:
    """What the event page shows of a teams event: the teams pages, the standings' top, and for
    the director the current round's tables by match and room with their PINs."""
    teams = TeamsEvent.objects.filter(event=event).first()
    if teams is None:
        return {}
    sight = event_sight(event, request.user)
    pins = {(t["section"], t["table"]): t["pin"] for t in context.get("tables", [])}
    rooms = []
    if context.get("is_director") and teams.current_round:
        matches = selectors_teams.event_matches(event, teams.current_round)
        by_table = {}
        for m in matches:
            by_table[m.table_open], by_table[m.table_closed] = (m, "open"), (m, "closed")
        for t in selectors_event.round_status(event, teams.current_round):
            match, room = by_table.get(t["table"], (None, ""))
            rooms.append(t | {"match": match, "room": room, "pin": pins.get((t["section"], t["table"]), "")})
    return {"teams_event": teams, "options": options_text(teams), "room_tables": rooms,
            "team_standings": selectors_teams.team_standings(event)["standings"] if sight.standings else None,
            "my_teams": list(Team.objects.filter(pk__in=pages.user_teams(event, request.user)))}


def table_match_context(event, section, table: int, now: dict | None) -> dict:
    """A teams table's phone: which match it plays this round, in which room."""
    if not event.is_teams or not now:
        return {}
    teams = TeamsEvent.objects.get(event=event)
    planned = selectors_teams.teams_settings(event)["rounds_planned"] or teams.current_round
    return {"match": pages.table_match(event, now["round"], table), "teams_rounds": planned}
