"""Progressive poker's pages: the bell and the banker's book on the director's party page, a
table's count from the director's page or the table's phone (with its PIN). Thin: parse the
form, call a service, say what happened (an error names the field)."""
from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from cardroom.clients import client_address
from cardroom.inputs import is_whole
from clubs.permissions import is_director
from tournaments import selectors_party
from tournaments.models.party import PartyPlayer
from tournaments.movements import party_poker
from tournaments.selectors_poker import poker_summary
from tournaments.services import party as services
from tournaments.views.party import _attempt, _director_party, _public_party


def _number(value):
    value = str(value or "").strip()
    return int(value) if is_whole(value) else value


def _count_form(post, players, colours) -> tuple[dict, list, dict | None]:
    """Chips (a number, or counts by colour), the last two pots and the cut from the form."""
    chips = {}
    for p in players:
        by_colour = {c: _number(post.get(f"chips_{p}_{c}")) for c in colours if post.get(f"chips_{p}_{c}", "").strip()}
        chips[p] = by_colour if by_colour else _number(post.get(f"chips_{p}"))
    pots = [post.get(name, "").strip() for name in ("pot_1", "pot_2") if post.get(name, "").strip()]
    cut = {p: _number(post.get(f"cut_{p}")) for p in players if post.get(f"cut_{p}", "").strip()}
    return chips, pots, cut or None


def _report(request, party, number, table, *, entered_by, correct=False) -> bool:
    round_ = party.rounds.filter(number=number).first() if isinstance(number, int) else None
    if round_ is None or not 1 <= table <= len(round_.seating):
        messages.error(request, f"round: there is no round {number} with a table {table}")
        return False
    colours = party_poker.merged(party.options)["colours"]
    chips, pots, cut = _count_form(request.POST, round_.seating[table - 1][0], colours)
    return _attempt(request, lambda: services.poker_report(
        party=party, round_number=number, table=table, chips=chips, pots=pots, cut=cut, entered_by=entered_by,
        correct=correct), f"Table {table} counted.")


@require_POST
def poker_count(request, slug, pk, number, table):
    club, party = _director_party(request, slug, pk)
    _report(request, party, number, table, entered_by=request.user.get_username(),
            correct=request.POST.get("correct") == "1")
    return redirect("party-home", slug=slug, pk=pk)


@require_POST
def poker_bell(request, slug, pk, number):
    club, party = _director_party(request, slug, pk)
    jackpot = request.POST.get("jackpot", "").strip()
    _attempt(request, lambda: services.poker_bell(party=party, round_number=number, jackpot=jackpot, user=request.user,
                                                  correct=request.POST.get("correct") == "1"),
             f"The bell has rung: {jackpot} won the jack-pot. Every table plays out its hand and counts its chips.")
    return redirect("party-home", slug=slug, pk=pk)


@require_POST
def poker_ledger(request, slug, pk):
    club, party = _director_party(request, slug, pk)
    post = request.POST
    chips = _number(post.get("chips"))
    if not isinstance(chips, int):
        messages.error(request, f"chips: a whole number of white chips, not {str(chips)[:20]!r}")
        return redirect("party-home", slug=slug, pk=pk)
    kind = post.get("kind", "")
    _attempt(request, lambda: services.poker_ledger_add(party=party, player=post.get("player", "").strip(), kind=kind,
                                                        chips=chips, note=post.get("note", ""), user=request.user),
             f"The banker's book: {chips} chips {kind} by {post.get('player', '').strip()}.")
    return redirect("party-home", slug=slug, pk=pk)


def poker_home_context(party) -> dict:
    """What the director's party page adds for progressive poker."""
    return {"poker": poker_summary(party)}


def poker_table(request, club, party, table):
    """The table's phone: its players and limit; before the bell it refreshes itself, so the
    bell rings on every phone; after it, the count (chips, the last two pots) with the PIN."""
    if request.method == "POST":
        check = None if is_director(request.user, club) else services.table_pin_check(
            party, table, request.POST.get("pin"), client_address(request))
        if check is not None and not check.ok:
            messages.error(request, check.message)
        else:
            _report(request, party, _number(request.POST.get("round")), table, entered_by=f"table {table}")
        return redirect("party-table", slug=club.slug, pk=party.event.pk, table=table)
    round_, sides = selectors_party.table_seating(party=party, table=table)
    data = selectors_party.party_round(party=party, number=round_.number) if round_ else None
    here = data["tables"][table - 1] if data and sides else None
    names = {p.label: p for p in PartyPlayer.objects.filter(party=party)}
    options = party_poker.merged(party.options)
    return render(request, "tournaments/poker_table.html", {
        "club": club, "event": party.event, "party": party, "table": table, "round": round_, "here": here,
        "players": [names[label] for label in sides[0]] if sides else [], "bell": bool(round_ and round_.jackpot),
        "jackpot": names.get(round_.jackpot) if round_ and round_.jackpot else None,
        "head": table == 1, "booby": table == party.tables, "colours": list(options["colours"]),
        "refresh": bool(sides)})

