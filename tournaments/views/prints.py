"""Print pages: the menu, each print as HTML or PDF, and the whole pack (rendered by a task)."""
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.core.files.storage import default_storage
from django.http import FileResponse, Http404, HttpResponseBadRequest, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from clubs.models import Club
from clubs.permissions import is_director, is_scorer
from tournaments import selectors
from tournaments.prints.access import may_print, pack_refusal, parse_request, printable_kinds, public_url
from tournaments.prints.kinds import KINDS, ROUND_KINDS, build_print
from tournaments.prints.pack import pack_name, pack_progress, pack_ready, pack_request
from tournaments.prints.render import PAPERS, PrintError, paper_for, print_filename, print_response
from tournaments.prints.source import event_sheet, user_pairs
from tournaments.services.pins import event_table_pins_regenerate
from tournaments.visibility import event_sight


def _event(request, slug, pk):
    club = get_object_or_404(Club, slug=slug)
    event = selectors.club_events_visible(club=club, user=request.user).filter(pk=pk).first()
    if event is None:
        raise Http404("No such event, or it is not published yet.")
    return club, event


def _print(request, slug, pk, kind, as_html):
    club, event = _event(request, slug, pk)
    try:
        wanted = parse_request(kind, request.GET, club)
    except PrintError as exc:
        if exc.field == "kind":
            raise Http404(exc.message) from None
        return HttpResponseBadRequest(exc.message)
    if not may_print(request.user, event, wanted):
        raise PermissionDenied("You may not print this.")
    try:
        sheet = event_sheet(event, wanted.section,
                            public_url=public_url(request) if KINDS[wanted.kind].director else None)
        template, context, title = build_print(sheet, wanted.kind, board=wanted.board, pair=wanted.pair,
                                               table=wanted.table, round=wanted.round)
    except PrintError as exc:
        return HttpResponseBadRequest(exc.message)
    name = print_filename(event.name, event.date, wanted.kind, wanted.board or "", wanted.pair or "",
                          wanted.table or "", f"round-{wanted.round}" if wanted.round else "", wanted.paper)
    if as_html:
        context = {**context, "back_url": reverse("event-prints", kwargs={"slug": club.slug, "pk": event.pk})}
    return print_response(template, context, paper=wanted.paper, title=title, filename=name, as_html=as_html,
                          request=request)


def print_pdf(request, slug, pk, kind):
    return _print(request, slug, pk, kind, as_html=False)


def print_html(request, slug, pk, kind):
    return _print(request, slug, pk, kind, as_html=True)


@require_http_methods(["GET", "POST"])
def print_pack(request, slug, pk):
    """GET: the stored pack (404 until ready); POST: ask for it to be rendered (once)."""
    club, event = _event(request, slug, pk)
    refusal = pack_refusal(request.user, event, the_pack=True)
    if refusal:
        raise PermissionDenied(refusal)
    try:
        paper = paper_for(club, request.POST.get("paper") or request.GET.get("paper"))
    except PrintError as exc:
        return HttpResponseBadRequest(exc.message)
    if request.method == "POST":
        pack_request(event, paper)
        return redirect("event-prints", slug=club.slug, pk=event.pk)
    name = pack_ready(event, paper)
    if name is None:
        raise Http404("The pack is not ready yet.")
    try:
        stored = default_storage.open(name, "rb")
    except FileNotFoundError:  # replaced by a newer pack since pack_ready looked
        raise Http404("The pack is not ready yet.") from None
    filename = print_filename(event.name, event.date, "pack", paper)
    return FileResponse(stored, content_type="application/pdf", filename=filename)


@require_http_methods(["POST"])
def table_pins_regenerate(request, slug, pk):
    """New PINs for every table of the event (director only); back to the print menu."""
    club, event = _event(request, slug, pk)
    if not is_director(request.user, club):
        raise PermissionDenied("Only the club's directors change the table PINs.")
    event_table_pins_regenerate(event=event, user=request.user)
    messages.success(request, "New PINs for every table: the old ones no longer work. Print the table cards again.")
    return redirect("event-prints", slug=club.slug, pk=event.pk)


def print_pack_status(request, slug, pk):
    """What the print menu polls while a pack renders: ready (with its link) or how far it got."""
    club, event = _event(request, slug, pk)
    refusal = pack_refusal(request.user, event, the_pack=False)
    if refusal:
        raise PermissionDenied(refusal)
    try:
        paper = paper_for(club, request.GET.get("paper"))
    except PrintError as exc:
        return JsonResponse({"paper": [exc.message]}, status=400)
    state = pack_progress(event, paper)
    url = reverse("event-print-pack", kwargs={"slug": club.slug, "pk": event.pk}) + f"?paper={paper}"
    return JsonResponse({"paper": paper, **state, "url": url if state["ready"] else None})


def prints_menu(request, slug, pk):
    club, event = _event(request, slug, pk)
    scorer, director = is_scorer(request.user, club), is_director(request.user, club)
    try:
        sheet = event_sheet(event)
    except PrintError:
        sheet = None
    sight = event_sight(event, request.user)
    pack_allowed = scorer and sight.hands
    packs = []
    if pack_allowed and sheet is not None:
        packs = [{"paper": p, "name": pack_name(event, p), **pack_progress(event, p)} for p in PAPERS]
    pairs = sorted(user_pairs(event, request.user))
    return render(request, "print/menu_page.html", {
        "club": club, "event": event, "sheet": sheet, "scorer": scorer, "packs": packs, "own_pairs": pairs,
        "pack_allowed": pack_allowed, "own_boards": sorted(sight.played), "director": director,
        "kinds": printable_kinds(request.user, event), "papers": list(PAPERS), "default_paper": paper_for(club),
        "round_kinds": [(k, KINDS[k].title) for k in ROUND_KINDS],
    })
