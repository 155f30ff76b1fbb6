"""Table scoring on a phone: a short URL and PIN per table; the table's own current round,
pairs, boards with dealer and vulnerability, results awaiting confirmation (any phone with the
PIN confirms), boards reported not played, where everyone goes next, then the board's
traveller so far. The rules live in ``services.tables``; the data in ``selectors_table``."""
from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from clubs.models import Club
from clubs.permissions import is_director
from cardroom.clients import client_address
from cardroom.inputs import is_whole
from tournaments import selectors_event, selectors_table
from tournaments.models import BoardNotPlayed, Event, EventStatus
from tournaments.result_form import result_fields
from tournaments.services import pins, results
from tournaments.services import tables as table_services
from tournaments.visibility import event_sight, table_sees_traveller

FIELDS = ("board", "contract", "declarer", "tricks", "tricks_ns", "lead")


def _shown_board(request) -> int | None:
    """The board whose traveller the page shows (``?board=``), else None."""
    board = request.GET.get("board", "")
    return int(board) if is_whole(board, max_digits=3) else None


def _table(request, slug, pk, section_name, table):
    """The event, section and a table of its movement (any other number is a 404), in one query
    with the movement's fingerprint instead of its JSON (``selectors_table.table_section``), and
    for a GET the table's round read in the same round trip (``Ahead``), with the results at
    every table of the board whose traveller it shows."""
    section = selectors_table.table_section(club_slug=slug, event_id=pk, name=section_name, table=table,
                                            client=client_address(request), pin_window=pins.TABLE_WINDOW,
                                            ahead=selectors_table.Ahead(board=_shown_board(request))
                                            if request.method == "GET" else None)
    if section is not None:
        club, event = section.event.club, section.event
    else:
        club = get_object_or_404(Club, slug=slug)
        event = get_object_or_404(Event, club=club, pk=pk)
        section = selectors_event.section_named(event, section_name)
    if section is None or not section.schedule.has_table(table):
        raise Http404("No such table in this event.")
    return club, event, section


def _errors(request, exc: ValidationError) -> None:
    for field, msgs in getattr(exc, "message_dict", {"": exc.messages}).items():
        for m in msgs:
            messages.error(request, f"{field}: {m}" if field and field not in ("__all__", "board") else m)


def _post(request, event, sec, table) -> tuple[str, dict]:
    """Run the table's action; returns the query string to go back to (raises on bad input)."""
    post = request.POST
    if post.get("confirm"):
        result = table_services.table_result_confirm(event=event, section=sec, table=table, result_id=post["confirm"],
                                                     seen=post.get("seen"))
        messages.success(request, f"Board {result.board} confirmed.")
        return f"?board={result.board}"
    if post.get("action") == "not_played":
        report = table_services.table_board_not_played(event=event, section=sec, table=table, board=post.get("board"),
                                                       reason=post.get("reason", ""))
        messages.warning(request, f"Board {report.board}: not played, awaiting the director.")
        return ""
    if post.get("action") == "identify":
        numbers = {side: [post.get(f"{side}_a", ""), post.get(f"{side}_b", "")] for side in ("ns", "ew")}
        for level, text in table_services.table_identify(event=event, section=sec, table=table, numbers=numbers):
            getattr(messages, level)(request, text)
        return ""
    data = result_fields(post, FIELDS)
    table_services.table_result_submit(event=event, section=sec, table=table, data=data)
    messages.success(request, f"Board {data['board']} entered: the other side confirms it.")
    return ""


def table_scoring(request, slug, pk, section, table):
    club, event, sec = _table(request, slug, pk, section, table)
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
    context = {"club": club, "event": event, "section": sec, "table": table, "url": url, "entered": {}}
    if event.status != EventStatus.PLAYING:
        return render(request, "tournaments/table_scoring.html", context | {"closed": True})
    status = 200
    if request.method == "POST":
        try:
            return redirect(url + _post(request, event, sec, table))
        except results.ResultConflict as exc:
            messages.error(request, f"{exc}. Ask the director.")
        except ValidationError as exc:
            _errors(request, exc)
        context["entered"] = {k: request.POST.get(k, "") for k in FIELDS}
        status = 400
    board = _shown_board(request)
    read = selectors_table.table_state(sec, table, board=board)
    now = selectors_table.table_round(event, sec, table, state=read)
    if now is None:
        raise Http404("The movement has no such table.")
    offer = list(now["to_play"])
    change = request.GET.get("change", "") or context["entered"].get("board", "")
    pending = next((p for p in now["pending"] if str(p["board"]) == str(change)), None)
    if pending is not None:  # "wrong: enter it again" for a result awaiting confirmation
        offer = [pending["board"]]
        if not context["entered"]:
            context["entered"] = {k: "" if pending[k] is None else str(pending[k]) for k in FIELDS}
    context["offer"] = offer
    if event.is_teams:  # which match this table plays, in which room
        from .teams import table_match_context

        context.update(table_match_context(event, sec, table, now))
    traveller = None
    if board is not None:  # the board's traveller, for the pairs who played it at this table
        played = min((r for r in read.results if r.table == table and r.board == board and r.confirmed),
                     key=lambda r: (r.round, r.pk), default=None)
        ns, ew = (played.ns.label, played.ew.label) if played else (now["ns"], now["ew"])
        if table_sees_traveller(event, sec, ns, ew, board, read):
            traveller = selectors_event.board_traveller(event, board, sec, with_audit=False, read=read)
    return render(request, "tournaments/table_scoring.html", context | {"now": now, "traveller": traveller},
                  status=status)


def event_not_played_decide(request, slug, pk, report):
    """The director's decision on a board a table reported not played (from the event page)."""
    club = get_object_or_404(Club, slug=slug)
    event = get_object_or_404(Event, club=club, pk=pk)
    if request.method != "POST" or not is_director(request.user, club):
        raise PermissionDenied
    found = get_object_or_404(BoardNotPlayed, event=event, pk=report)
    decision = request.POST.get("decision", "")
    split = {"adjusted_ns": "", "adjusted_ew": ""}
    if decision.startswith("adjust:"):  # "adjust:A/A", "adjust:A+/A-"
        decision, _, both = decision.partition(":")
        split["adjusted_ns"], _, split["adjusted_ew"] = both.partition("/")
    try:
        adjusted = result_fields(split, ("adjusted_ns", "adjusted_ew"))
        decided = table_services.board_not_played_decide(report=found, user=request.user, decision=decision,
                                                         **adjusted)
    except ValidationError as exc:
        _errors(request, exc)
    else:
        messages.success(request, f"Board {found.board} at table {found.table}: "
                                  f"{decided.get_status_display().lower() if decided else 'to be played'}.")
    return redirect(event.get_absolute_url())


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
