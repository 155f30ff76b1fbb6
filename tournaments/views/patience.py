"""Poker patience pages: the director's evening (create, players, start, call, paper grids,
close each deal, finish), a player's phone (the called card and their grid: a tap places it,
with their PIN once), the standings for everyone, and the standings print.

Thin: parse, call a service (``tournaments.services.patience``, the event's actions for start
and finish), render. A service's ``ValidationError`` or ``Conflict`` becomes a message."""
from __future__ import annotations

import datetime

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from cardroom.clients import client_address
from cardroom.errors import Conflict
from cardroom.inputs import is_whole
from tournaments.views.lookup import club_game_or_404
from clubs.models import Club, Member
from clubs.permissions import is_director, is_scorer
from scoring.engine import patience as engine
from tournaments import selectors_patience as reads
from tournaments.models.patience import Patience, PatienceDeal, PatiencePlayer
from tournaments.selectors_lifecycle import event_changes
from tournaments.services import actions
from tournaments.services import patience as services

RULE_LABELS = {
    "table": {"standard_hoyle": "Standard Hoyle (royal flush 60 … two pair 2)", "english": "English (Hoyle's Games "
              "Modernized, 1909)", "american": "American (Poker Squares: royal flush 100 … pair 2)"},
    "lost_values": {"english": "fill the Standard Hoyle's lost values from the English table (pair 1, threes 6, "
                    "straight 12)", "none": "the lost values count nothing"},
    "placement": {"anywhere": "any empty square", "touching": "next to a card already placed (the books)"},
    "comparison": {"total": "total points (the book)", "matchpoints": "each deal matchpointed against the field "
                   "(duplicate)"},
    "caller": {"seeded": "the deal from the event's seed", "pack": "the director calls from a real pack"},
}


def _patience(slug, pk) -> tuple[Club, Patience]:
    return club_game_or_404(Patience, slug, pk, "No such poker patience evening.")


def _director(request, slug, pk) -> tuple[Club, Patience]:
    club, patience = _patience(slug, pk)
    if not is_director(request.user, club):
        raise PermissionDenied("Only a director of the club can run the evening.")
    return club, patience


def _public(request, slug, pk) -> tuple[Club, Patience]:
    club, patience = _patience(slug, pk)
    if not reads.patience_visible(club=club, user=request.user).filter(pk=patience.event_id).exists():
        raise Http404("The evening has not started.")
    return club, patience


def _attempt(request, call, done: str) -> bool:
    try:
        call()
    except ValidationError as exc:
        text = ("; ".join(f"{f}: {' '.join(m)}" for f, m in exc.message_dict.items())
                if hasattr(exc, "message_dict") else " ".join(exc.messages))
        messages.error(request, text)
        return False
    except Conflict as exc:
        messages.error(request, exc.detail)
        return False
    if done:
        messages.success(request, done)
    return True


def _home(slug, pk):
    return redirect("patience-home", slug=slug, pk=pk)


NEW_FIELDS = ("name", "date", "deals", "table", "lost_values", "placement", "comparison", "caller", "deal_seed")


@login_required
def patience_new(request, slug):
    club = get_object_or_404(Club, slug=slug)
    if not is_director(request.user, club):
        raise PermissionDenied("Only a director of the club can create an evening.")
    form = {"name": "Poker patience", "date": datetime.date.today().isoformat(), **engine.RULE_DEFAULTS}
    if request.method == "POST":
        post = request.POST
        form = {key: post.get(key, "").strip() for key in NEW_FIELDS}
        options = {key: form[key] for key in engine.RULE_CHOICES if form[key]}
        deals = form["deals"]
        options["deals"] = int(deals) if is_whole(deals, max_digits=3) else deals
        try:
            date = datetime.date.fromisoformat(form["date"])
        except ValueError:
            date = None
        holder = {}
        if date is None:
            messages.error(request, "date: give the date of the evening")
        elif _attempt(request, lambda: holder.setdefault("p", services.patience_create(
                club=club, name=form["name"], date=date, options=options, deal_seed=form["deal_seed"] or None,
                created_by=request.user)), "Evening created: register the players."):
            return _home(slug, holder["p"].event.pk)
    return render(request, "tournaments/patience_new.html", {
        "club": club, "form": form, "choices": [(key.replace("_", " "), key, [(v, text, v == form.get(key)) for v, text in options.items()])
                    for key, options in RULE_LABELS.items()],
        "max_deals": engine.MAX_DEALS}, status=400 if request.method == "POST" else 200)


def patience_home(request, slug, pk):
    club, patience = _director(request, slug, pk)
    deal = PatienceDeal.objects.filter(patience=patience, number=patience.current_deal).first()
    players = list(PatiencePlayer.objects.filter(patience=patience))
    rules = reads.rules_of(patience)
    return render(request, "tournaments/patience_home.html", {
        "club": club, "event": patience.event, "patience": patience, "rules": rules,
        "rule_text": [(key.replace("_", " "), RULE_LABELS[key][getattr(rules, key)]) for key in RULE_LABELS],
        "values": [(engine.HAND_NAMES[h], v) for h, v in rules.values().items() if h != "nothing"],
        "players": [(p, services.player_pin(patience, p.label)) for p in players],
        "members": Member.objects.filter(club=club, active=True).exclude(
            pk__in=[p.member_id for p in players if p.member_id]),
        "deal": reads.deal_data(patience, deal) if deal else None,
        "closed": [reads.deal_data(patience, d) for d in PatienceDeal.objects.filter(patience=patience, closed=True)],
        "standings": reads.patience_standings(patience), "changes": event_changes(patience.event),
        "squares": range(engine.CELLS)})


@require_POST
def patience_player_add(request, slug, pk):
    club, patience = _director(request, slug, pk)
    member = request.POST.get("member") or None
    guest = request.POST.get("guest", "").strip() or None
    _attempt(request, lambda: services.patience_player_add(patience=patience, member=member, guest=guest),
             "Player registered.")
    return _home(slug, pk)


@require_POST
def patience_start(request, slug, pk):
    club, patience = _director(request, slug, pk)
    _attempt(request, lambda: actions.event_start(event=patience.event, user=request.user),
             "Deal 1 is open: call the first card.")
    return _home(slug, pk)


@require_POST
def patience_call(request, slug, pk):
    club, patience = _director(request, slug, pk)
    count = request.POST.get("count", "1")
    count = int(count) if is_whole(count, max_digits=2) else count
    _attempt(request, lambda: services.patience_call(patience=patience, card=request.POST.get("card") or None,
                                                     count=count), "")
    return _home(slug, pk)


@require_POST
def patience_grid(request, slug, pk):
    """A grid from paper: 25 cards row by row, separated by spaces or commas."""
    club, patience = _director(request, slug, pk)
    post = request.POST
    cells = post.get("cells", "").replace(",", " ").split()
    deal = post.get("deal", "")
    _attempt(request, lambda: services.patience_grid_enter(
        patience=patience, label=post.get("player", ""), cells=cells,
        deal=int(deal) if is_whole(deal, max_digits=2) else 0, entered_by=request.user.get_username()),
        f"Grid of player {post.get('player', '')} entered.")
    return _home(slug, pk)


@require_POST
def patience_close(request, slug, pk):
    club, patience = _director(request, slug, pk)
    _attempt(request, lambda: services.patience_deal_close(patience=patience, confirm=request.POST.get("confirm") == "1",
                                                           user=request.user), "Deal closed and scored.")
    return _home(slug, pk)


@require_POST
def patience_finish(request, slug, pk):
    club, patience = _director(request, slug, pk)
    if _attempt(request, lambda: actions.event_finish(event=patience.event, user=request.user), "Play is over."):
        return redirect("patience-standings", slug=slug, pk=pk)
    return _home(slug, pk)


def _session_key(patience: Patience, label: str) -> str:
    return f"patience-pin-{patience.pk}-{label}"


def patience_player(request, slug, pk, label):
    """A player's phone: the PIN once, then the called card and a 5×5 grid of buttons."""
    club, patience = _public(request, slug, pk)
    player = PatiencePlayer.objects.filter(patience=patience, label=label).first()
    if player is None:
        raise Http404("No such player.")
    trusted = is_scorer(request.user, club)
    key = _session_key(patience, label)
    if request.method == "POST":
        pin = request.POST.get("pin")
        if pin is not None and not trusted:
            check = services.player_pin_check(patience, label, pin, client_address(request))
            if check.ok:
                request.session[key] = True
            else:
                messages.error(request, check.message)
        elif not (trusted or request.session.get(key)):
            messages.error(request, "Enter your PIN first.")
        else:
            square, deal = request.POST.get("square", ""), request.POST.get("deal", "")
            _attempt(request, lambda: services.patience_place(
                patience=patience, label=label, square=int(square) if is_whole(square, max_digits=2) else square,
                card=request.POST.get("card", ""), deal=int(deal) if is_whole(deal, max_digits=2) else None), "")
        return redirect("patience-player", slug=slug, pk=pk, label=label)
    grid = reads.player_grid(patience, player)
    rows = [[(i, grid["cells"][i]) for i in range(r * 5, r * 5 + 5)] for r in range(5)]
    return render(request, "tournaments/patience_player.html", {
        "club": club, "event": patience.event, "patience": patience, "player": player, "grid": grid, "rows": rows,
        "signed": trusted or bool(request.session.get(key)),
        "waiting": patience.event.status == "playing" and not grid["next"]})


def patience_standings(request, slug, pk):
    club, patience = _public(request, slug, pk)
    return render(request, "tournaments/patience_standings.html", {
        "club": club, "event": patience.event, "patience": patience, "rules": reads.rules_of(patience),
        "standings": reads.patience_standings(patience),
        "deals": range(1, reads.rules_of(patience).deals + 1), "director": is_director(request.user, club)})


def patience_print(request, slug, pk, kind="standings"):
    """The standings, or (directors) a paper grid sheet for each player, a grid a deal (PDF;
    ``?format=html`` for the page)."""
    from tournaments.prints.render import paper_for, print_filename, print_response

    club, patience = _public(request, slug, pk) if kind == "standings" else _director(request, slug, pk)
    event = patience.event
    sheet = {"club": club.name, "title": event.name, "date_text": event.date.strftime("%d %B %Y")}
    context = {"sheet": sheet, "rules": reads.rules_of(patience), "deals": range(1, reads.rules_of(patience).deals + 1)}
    if kind == "standings":
        context["standings"] = reads.patience_standings(patience)
    else:
        context.update(players=PatiencePlayer.objects.filter(patience=patience), rows=range(1, engine.SIZE + 1))
    return print_response(f"print/patience_{kind}.html", context,
                          paper=paper_for(club), title=f"{event.name}: {kind}", filename=print_filename(event.name, kind),
                          as_html=request.GET.get("format") == "html", request=request)
