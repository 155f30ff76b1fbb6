"""Table scoring on a phone: a short URL and PIN per table; the round, opponents and boards;
a result entered by one side, confirmed by the other, then the board's traveller so far."""
from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from clubs.models import Club
from clubs.permissions import is_director
from tournaments import selectors_event
from tournaments.models import Event, EventStatus, Result
from tournaments.services import pins, play
from cardroom.clients import client_address
from tournaments.visibility import event_sight, table_sight


def _table(slug, pk, section_name, table):
    """The event, section and a table of its movement (any other number is a 404)."""
    club = get_object_or_404(Club, slug=slug)
    event = get_object_or_404(Event, club=club, pk=pk)
    section = selectors_event.section_named(event, section_name)
    if section is None or not 1 <= table <= int(section.movement.get("tables", 0)):
        raise Http404("No such table in this event.")
    return club, event, section


def table_scoring(request, slug, pk, section, table):
    club, event, sec = _table(slug, pk, section, table)
    key = f"table-{event.pk}-{sec.name}-{table}"
    url = reverse("event-table", args=[slug, pk, sec.name, table])
    if not request.session.get(key):
        if request.method == "POST" and "pin" in request.POST:
            check = pins.event_table_pin_check(event, sec, table, request.POST["pin"], client_address(request))
            if check.ok:
                request.session[key] = True
                return redirect(url)
            messages.error(request, check.message)
        return render(request, "tournaments/table_pin.html", {
            "club": club, "event": event, "table": table, "section": sec,
            "show_name": event_sight(event, request.user).public_name})
    if event.status not in (EventStatus.PLAYING, EventStatus.SEATED):
        return render(request, "tournaments/table_scoring.html", {"club": club, "event": event, "closed": True,
                                                                 "table": table, "section": sec})
    now = selectors_event.table_round(event, sec, table)
    if request.method == "POST" and now is not None:
        try:
            if request.POST.get("confirm"):
                result = get_object_or_404(Result, section=sec, table=table, pk=request.POST["confirm"])
                play.result_confirm(result=result, table=table)
                return redirect(f"{url}?board={result.board}")
            data = {k: request.POST.get(k, "") for k in ("board", "contract", "declarer", "tricks", "tricks_ns",
                                                         "lead")}
            data.update(ns=now["ns"], ew=now["ew"], section=sec.name)
            if int(data["board"] or 0) not in now["boards"]:
                raise ValidationError({"board": ["That board is not at this table this round."]})
            play.result_submit(event=event, data=data, source="table", table=table, confirmed=False)
            return redirect(f"{url}?confirm={data['board']}")
        except play.ResultConflict as exc:
            messages.error(request, f"{exc}. Ask the director.")
        except (ValidationError, ValueError) as exc:
            for m in getattr(exc, "messages", [str(exc)]):
                messages.error(request, m)
        return redirect(url)
    pending = None
    if request.GET.get("confirm") and now:
        pending = Result.objects.filter(section=sec, table=table, board=request.GET["confirm"],
                                        ns__label=now["ns"], ew__label=now["ew"], confirmed=False).first()
    traveller = None
    if request.GET.get("board", "").isdigit() and now and table_sight(event, sec, now["ns"], now["ew"]).traveller(
            sec.name, int(request.GET["board"])):
        traveller = selectors_event.board_traveller(event, int(request.GET["board"]), sec, with_audit=False)
    return render(request, "tournaments/table_scoring.html", {
        "club": club, "event": event, "section": sec, "table": table, "now": now, "pending": pending,
        "traveller": traveller, "url": url})


@require_POST
def pins_unlock(request, slug, pk):
    """The director lets a table whose devices keep guessing its PIN try again at once."""
    club = get_object_or_404(Club, slug=slug)
    if not is_director(request.user, club):
        raise PermissionDenied
    event = get_object_or_404(Event, club=club, pk=pk)
    table = request.POST.get("table", "").strip()[:40] or None
    n = pins.table_unlock(event=event, table=table)
    messages.success(request, f"Table {table} unlocked." if table else f"All tables unlocked ({n} devices).")
    return redirect(f"{event.get_absolute_url()}#pin-misses" if not event.is_progressive
                    else reverse("party-home", args=[slug, pk]))
