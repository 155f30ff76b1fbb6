"""Party pages: the director's party (register, draw, tables, close), the phone table page
(table URL and PIN), the player's tally, live standings with the prize list, tally cards.

The table page, tallies and standings are public once the party has started: players at a
party use them from their phones without logging in; writes from a table need its PIN.
"""
from __future__ import annotations

import datetime

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from cardroom.clients import client_address
from cardroom.inputs import is_whole, whole_number
from cardroom.limits import MAX_PARTY_TABLES
from clubs.models import Club, Member
from clubs.permissions import is_director
from tournaments import selectors_party
from tournaments.selectors_lifecycle import event_changes, provisional_until
from tournaments.models import EventStatus, Game
from tournaments.models.party import Category, Party, PartyPlayer, Progression
from tournaments.services import party as services
from tournaments.views.lookup import club_game_or_404
from tournaments.visibility import parties_visible
from tournaments.services.pins import pin_misses


def _party(slug, pk) -> tuple[Club, Party]:
    return club_game_or_404(Party, slug, pk, "No such party.")


def _director_party(request, slug, pk) -> tuple[Club, Party]:
    club, party = _party(slug, pk)
    if not is_director(request.user, club):
        raise PermissionDenied("Only a director of the club can run the party.")
    return club, party


def _public_party(request, slug, pk) -> tuple[Club, Party]:
    """A party's public pages (tallies, standings, table seating): the API's rule for reads."""
    club, party = _party(slug, pk)
    if not parties_visible(club=club, user=request.user).filter(pk=party.event_id).exists():
        raise Http404("The party has not started.")
    return club, party


def _errors(exc: ValidationError) -> str:
    if hasattr(exc, "message_dict"):
        return "; ".join(f"{field}: {' '.join(msgs)}" for field, msgs in exc.message_dict.items())
    return " ".join(exc.messages)


def _attempt(request, call, done: str) -> bool:
    try:
        call()
    except ValidationError as exc:
        messages.error(request, _errors(exc))
        return False
    except services.PartyConflict as exc:
        messages.error(request, str(exc))
        return False
    messages.success(request, done)
    return True


def _pair(post, name):
    a, b = post.get(f"{name}_0", "").strip(), post.get(f"{name}_1", "").strip()
    return None if not a and not b else [a or "x", b or "x"]


PARTY_FORM_FIELDS = ("name", "date", "progression", "tables", "game_points", "hands_per_round", "hands", "scheme",
                     "retire", "prizes", "rounds", "leaver", "missed", "deal_seed", "stake_blue", "stake_red",
                     "stake_white", "ace", "ties", "split_at")


@login_required
def party_new(request, slug):
    club = get_object_or_404(Club, slug=slug)
    if not is_director(request.user, club):
        raise PermissionDenied("Only a director of the club can create a party.")
    if request.method == "POST":
        post = request.POST
        options, bad = {}, []
        for key in ("game_points", "hands_per_round", "hands", "rounds", "split_at"):
            if is_whole(post.get(key, "")):
                options[key] = int(post[key])
            elif post.get(key, "").strip():  # refused, not silently left at the default
                bad.append(f"{key}: a whole number, not {post[key].strip()[:20]!r}")
        choices_of = {"leaver": services.LEAVER_CHOICES, "missed": services.MISSED_CHOICES, **services.HEARTS_CHOICES,
                      **services.POKER_CHOICES}
        stake = {c: int(post[f"stake_{c}"]) for c in ("blue", "red", "white") if is_whole(post.get(f"stake_{c}", ""))}
        bad += [f"stake_{c}: a whole number of chips" for c in ("blue", "red", "white")
                if post.get(f"stake_{c}", "").strip() and c not in stake]
        if stake:
            options["stake"] = stake
        for key, choices in choices_of.items():
            value = post.get(key, "").strip()
            if value in choices:
                options[key] = value
            elif value:  # a choice the form never offered: refused, not silently the default
                bad.append(f"{key}: one of {', '.join(choices)}, not {value[:20]!r}")
        game = Game.WHIST_DRIVE if post.get("progression") in (Progression.LADIES_UP, Progression.PROGRESSIVE) \
            else Game.PROGRESSIVE_HEARTS if post.get("progression") == Progression.HEARTS \
            else Game.PROGRESSIVE_POKER if post.get("progression") == Progression.POKER else Game.PROGRESSIVE_EUCHRE
        kind = services.table_kind(post.get("progression", ""))
        options = {k: v for k, v in options.items() if k in services.OPTION_DEFAULTS[kind]}
        try:
            date = datetime.date.fromisoformat(post.get("date", ""))
        except ValueError:
            date = None
        holder = {}
        if bad:
            for text in bad:
                messages.error(request, text)
        elif date is None:
            messages.error(request, "date: give the date of the party")
        elif _attempt(request, lambda: holder.setdefault("party", services.party_create(
                club=club, name=post.get("name", "").strip(), date=date, game=game,
                progression=post.get("progression"), options=options,
                tables=whole_number(post.get("tables"), "tables", low=0, high=MAX_PARTY_TABLES, default=0),
                deal_seed=post.get("deal_seed", "").strip() or None, created_by=request.user)), "Party created."):
            return redirect("party-home", slug=club.slug, pk=holder["party"].event.pk)
    form = {"name": "Friday euchre", "date": datetime.date.today().isoformat(), "tables": 0, "game_points": 5}
    if request.method == "POST":  # after an error the form comes back as it was filled in
        form = {key: request.POST.get(key, "") for key in PARTY_FORM_FIELDS}
    return render(request, "tournaments/party_new.html", {"club": club, "progressions": Progression.choices,
                                                           "form": form}, status=400 if request.method == "POST" else 200)


def party_home(request, slug, pk):
    club, party = _director_party(request, slug, pk)
    round_data = selectors_party.party_round(party=party, number=party.current_round) if party.current_round else None
    last_closed = selectors_party.party_reopenable(party=party)
    players = PartyPlayer.objects.filter(party=party).select_related("replaces")
    tables = range(1, party.tables + 1)
    return render(request, "tournaments/party_detail.html", {
        "club": club, "event": party.event, "party": party, "players": players, "round": round_data,
        "options": services.party_options(party), "planned": services.planned_rounds(party),
        "pins": [(t, services.table_pin(party, t)) for t in tables], "categories": Category.choices,
        "members": Member.objects.filter(club=club, active=True).exclude(
            pk__in=[p.member_id for p in players if p.member_id]),
        "standings": selectors_party.party_standings(party=party), "reopen": last_closed,
        "missed_rule": selectors_party.missed_rule(party), "pin_misses": pin_misses(party.event),
        "changes": event_changes(party.event), **_poker_context(party),
    })


def _poker_context(party) -> dict:
    if party.progression != Progression.POKER:
        return {}
    from tournaments.views.poker import poker_home_context

    return poker_home_context(party)


@require_POST
def party_player_add(request, slug, pk):
    club, party = _director_party(request, slug, pk)
    member = request.POST.get("member") or None
    guest = request.POST.get("guest", "").strip() or None
    added = {}
    if _attempt(request, lambda: added.setdefault("player", services.party_player_add(
            party=party, member=member, guest=guest, category=request.POST.get("category") or "open")),
            "Player registered."):
        note = getattr(added["player"], "chart_note", None)
        if note:
            messages.info(request, f"{added['player'].label} {added['player'].name} {note}.")
    return redirect("party-home", slug=slug, pk=pk)


@require_POST
def party_start(request, slug, pk):
    club, party = _director_party(request, slug, pk)
    _attempt(request, lambda: services.party_start(party=party, user=request.user), "The draw is made: round 1 is seated.")
    return redirect("party-home", slug=slug, pk=pk)


def _enter(request, party, number, table, *, entered_by, correct=False):
    post = request.POST
    if party.progression == Progression.HEARTS:
        raw = [post.get(f"chips_{i}", "").strip() for i in range(4)]
        chips = [int(c) if is_whole(c, signed=True) else c for c in raw]
        cuts = [post.get(f"cut_{i}", "").strip() for i in range(4)]
        cut = [int(c) if is_whole(c) else None for c in cuts] if any(cuts) else None
        return _attempt(request, lambda: services.party_hearts_enter(
            party=party, round_number=number, table=table, chips=chips, cut=cut, entered_by=entered_by,
            correct=correct), f"Table {table} reported.")
    return _attempt(request, lambda: services.party_result_enter(
        party=party, round_number=number, table=table, points=_pair(post, "points"), tricks=_pair(post, "tricks"),
        cut=_pair(post, "cut"), entered_by=entered_by, correct=correct), f"Table {table} reported.")


@require_POST
def party_result(request, slug, pk, number, table):
    club, party = _director_party(request, slug, pk)
    _enter(request, party, number, table, entered_by=request.user.get_username(),
           correct=request.POST.get("correct") == "1")
    return redirect("party-home", slug=slug, pk=pk)


@require_POST
def party_close(request, slug, pk, number):
    club, party = _director_party(request, slug, pk)
    cut = None
    if party.progression == Progression.HEARTS:  # "3:12 7:5": the director's cut for a tie to retire
        pairs = [item.split(":", 1) for item in request.POST.get("cut", "").replace(",", " ").split() if ":" in item]
        cut = {label.strip(): int(card) if is_whole(card) else card for label, card in pairs} or None
    done = ("Round closed: four players retire and the rest are drawn afresh."
            if party.progression == Progression.HEARTS else "Round closed: stars given and the next round seated.")
    _attempt(request, lambda: services.party_round_close(party=party, round_number=number, cut=cut, user=request.user),
             done.replace("Round", f"Round {number}"))
    return redirect("party-home", slug=slug, pk=pk)


@require_POST
def party_reopen(request, slug, pk, number):
    """Undo the close of the last closed round (the page asks the director to confirm)."""
    club, party = _director_party(request, slug, pk)
    _attempt(request, lambda: services.party_round_reopen(party=party, round_number=number, user=request.user),
             f"Round {number} is open again: its stars and the next round's seating are undone.")
    return redirect("party-home", slug=slug, pk=pk)


@require_POST
def party_leave(request, slug, pk, label):
    club, party = _director_party(request, slug, pk)
    player = get_object_or_404(PartyPlayer, party=party, label=label, ghost=False)
    _attempt(request, lambda: services.party_player_leave(
        party=party, player=player, member=request.POST.get("member") or None,
        guest=request.POST.get("guest", "").strip() or None), f"Player {label} has left.")
    return redirect("party-home", slug=slug, pk=pk)


@require_POST
def party_finish(request, slug, pk):
    club, party = _director_party(request, slug, pk)
    _attempt(request, lambda: services.party_finish(party=party, user=request.user), "Play is over.")
    return redirect("party-standings", slug=slug, pk=pk)


def party_table(request, slug, pk, table):
    """The phone at a table: who sits where this round, and the report with the table's PIN."""
    club, party = _public_party(request, slug, pk)
    if not selectors_party.party_has_table(party=party, table=table):
        raise Http404("The party has no such table.")  # before the PIN: no misses kept for it
    if party.progression == Progression.POKER:
        from tournaments.views.poker import poker_table

        return poker_table(request, club, party, table)
    if request.method == "POST":
        number = int(request.POST["round"]) if is_whole(request.POST.get("round", "")) else 0
        check = None if is_director(request.user, club) else services.table_pin_check(
            party, table, request.POST.get("pin"), client_address(request))
        if check is not None and not check.ok:
            messages.error(request, check.message)
        else:
            _enter(request, party, number, table, entered_by=f"table {table}")
        return redirect("party-table", slug=slug, pk=pk, table=table)
    round_, sides = selectors_party.table_seating(party=party, table=table)
    data = selectors_party.party_round(party=party, number=round_.number) if round_ else None
    result = data["tables"][table - 1]["result"] if data and sides else None
    names = {p.label: p for p in PartyPlayer.objects.filter(party=party)}
    hearts = party.progression == Progression.HEARTS
    named = [[names.get(label) for label in side] for side in sides] if sides else None
    return render(request, "tournaments/party_table.html", {
        "club": club, "event": party.event, "party": party, "table": table, "round": round_, "sides": named,
        "result": result, "hands": data.get("hands") if data else None, "hearts": hearts,
        "final": hearts and party.tables == 1, "head": table == 1 and not hearts,
        "booby": table == party.tables and not hearts})


def party_tally(request, slug, pk, label):
    club, party = _public_party(request, slug, pk)
    row = selectors_party.party_tally(party=party, label=label)
    if row is None:
        raise Http404("No such player.")
    return render(request, "tournaments/party_tally.html", {"club": club, "event": party.event, "party": party,
                                                            "row": row})


def party_standings(request, slug, pk):
    club, party = _public_party(request, slug, pk)
    standings = selectors_party.party_standings(party=party)
    groups = [(label, [r for r in standings if r.category == value]) for value, label in Category.choices]
    if party.progression == Progression.HEARTS:  # each for himself: one ranking, open prizes
        groups = [("Players", standings)]
    return render(request, "tournaments/party_standings.html", {
        "club": club, "event": party.event, "party": party, "groups": [g for g in groups if g[1]],
        "prizes": selectors_party.party_prizes(party=party, standings=standings),
        "tie_break": selectors_party.tie_break(party), "hearts": party.progression == Progression.HEARTS,
        "poker": party.progression == Progression.POKER,
        "rounds": range(1, (services.planned_rounds(party) or party.current_round) + 1),
        "missed_rule": selectors_party.missed_rule(party),
        "director": is_director(request.user, club), "provisional_until": provisional_until(party.event),
        "home": reverse("party-home", kwargs={"slug": slug, "pk": pk})})


def party_print(request, slug, pk, kind):
    """Party prints (PDF; ``?format=html`` for the page): tally cards pre-filled with the draw,
    head/booby table numbers, the rotation chart, the results and prize list."""
    from tournaments.prints import party as party_prints
    from tournaments.prints.render import paper_for, print_filename, print_response

    club, party = _director_party(request, slug, pk)
    if kind not in party_prints.PRINTS:
        raise Http404("No such print.")
    try:
        template, context = party_prints.party_print_context(party, kind, rounds=request.GET.get("rounds"))
    except ValidationError as exc:
        return HttpResponseBadRequest("; ".join(f"{k}: {' '.join(v)}" for k, v in exc.message_dict.items()),
                                      content_type="text/plain")
    return print_response(template, context,
                          paper=paper_for(club), title=f"{party.event.name}: {kind}",
                          filename=print_filename(party.event.name, kind),
                          as_html=request.GET.get("format") == "html", request=request)
