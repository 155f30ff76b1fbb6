"""Hand record pages: one board, or the whole set, with double dummy and par; the club's
reusable board sets and the choice of one for an event (directors)."""
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from cardroom.inputs import is_whole
from cardroom.limits import MAX_ID
from clubs.models import Club
from clubs.permissions import is_director
from tournaments import selectors, selectors_boards
from tournaments.deals.doubledummy import analysis_available
from tournaments.models import Event, EventStatus, Game
from tournaments.models.events import DUPLICATE_GAMES
from tournaments.services import boards as services


def _event_for(request, slug, pk):
    club = get_object_or_404(Club, slug=slug)
    event = selectors.club_events_visible(club=club, user=request.user).filter(pk=pk).first()
    if event is None:
        raise Http404("No such event, or it is not published yet.")
    board_set = selectors_boards.event_board_set(event=event)
    if board_set is None:
        raise Http404("This event has no boards yet.")
    if not selectors_boards.hands_visible(event=event, user=request.user, board_set=board_set):
        raise Http404("The hand records are shown once the event is over.")
    return club, event, board_set


def _context(request, club, event, board_set):
    return {
        "club": club,
        "event": event,
        "board_set": board_set,
        "analysis_available": analysis_available(),
        "is_director": is_director(request.user, club),
    }


def handrecord_set(request, slug, pk):
    club, event, board_set = _event_for(request, slug, pk)
    records = [selectors_boards.board_hand_record(b) for b in selectors_boards.event_boards(event=event)]
    return render(request, "tournaments/handrecord_set.html",
                  {**_context(request, club, event, board_set), "records": records})


def handrecord_board(request, slug, pk, number):
    club, event, board_set = _event_for(request, slug, pk)
    board = selectors_boards.event_board(event=event, number=number)
    if board is None:
        raise Http404("No such board.")
    return render(request, "tournaments/handrecord_board.html",
                  {**_context(request, club, event, board_set), "record": selectors_boards.board_hand_record(board)})


def handrecord_pbn(request, slug, pk):
    """The set as a PBN file (export format)."""
    club, event, board_set = _event_for(request, slug, pk)
    return pbn_response(board_set, f"event-{event.pk}-boards.pbn")


def pbn_response(board_set, filename: str) -> HttpResponse:
    """A set as a PBN download (export format, Latin-1 as the PBN standard asks)."""
    text = services.boardset_export_pbn(board_set=board_set)
    response = HttpResponse(text.encode("latin-1", "replace"), content_type="text/x-pbn; charset=ISO-8859-1")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


# The club's reusable board sets and the event's choice of one (directors only).

def _director_club(request, slug) -> Club:
    club = get_object_or_404(Club, slug=slug)
    if not is_director(request.user, club):
        raise PermissionDenied("Only a director of the club sees its board sets.")
    return club


def _club_set(club, pk):
    board_set = selectors_boards.club_board_set(club=club, pk=pk)
    if board_set is None:
        raise Http404("No such board set.")
    return board_set


def _errors(request, exc: ValidationError) -> None:
    for field, msgs in getattr(exc, "message_dict", {"": exc.messages}).items():
        for m in msgs:
            messages.error(request, f"{field}: {m}" if field and field != "__all__" else m)


def _board_count(text: str) -> int:
    try:
        return int(text)
    except (TypeError, ValueError):
        raise ValidationError({"count": "Give the number of boards."}) from None


@login_required
def club_boardsets(request, slug):
    """The club's board sets; POST deals a new one from a seed or imports a PBN file."""
    club = _director_club(request, slug)
    posted = {}
    if request.method == "POST":
        posted = request.POST
        name, game = posted.get("name", ""), posted.get("game", Game.DUPLICATE_BRIDGE)
        try:
            if posted.get("action") == "import":
                upload = request.FILES.get("file")
                if upload is None:
                    raise ValidationError({"file": "Choose a PBN file."})
                board_set = services.club_boardset_import_pbn(club=club, name=name, game=game, data=upload.read(services.PBN_MAX_BYTES + 1))
            else:
                board_set = services.club_boardset_deal(club=club, name=name, game=game,
                                                        count=_board_count(posted.get("count")),
                                                        seed=posted.get("seed"))
        except ValidationError as exc:
            _errors(request, exc)
        else:
            messages.success(request, f"{board_set}: {board_set.boards.count()} boards.")
            return redirect(board_set)
    return render(request, "tournaments/boardset_list.html", {
        "club": club, "board_sets": selectors_boards.club_board_sets(club=club),
        "events": selectors_boards.club_events_for_boards(club=club), "posted": posted,
        "games": [c for c in Game.choices if c[0] in DUPLICATE_GAMES], "max_boards": services.MAX_BOARDS,
    }, status=400 if posted else 200)


@login_required
def club_boardset_detail(request, slug, pk):
    """One club set: every board's hand record with double dummy and par."""
    club = _director_club(request, slug)
    board_set = _club_set(club, pk)
    records = [selectors_boards.board_hand_record(b)
               for b in selectors_boards.club_board_set_boards(board_set=board_set)]
    rules = services.rules_for_game(board_set.game)
    events = [e for e in selectors_boards.club_events_for_boards(club=club)
              if services.rules_for_game(e.game) == rules]
    return render(request, "tournaments/boardset_detail.html", {
        "club": club, "board_set": board_set, "records": records, "events": events,
        "used_by": selectors_boards.board_set_events(board_set), "analysis_available": analysis_available(),
    })


@login_required
def club_boardset_pbn(request, slug, pk):
    club = _director_club(request, slug)
    return pbn_response(_club_set(club, pk), f"boards-{pk}.pbn")


@login_required
@require_POST
def club_boardset_delete(request, slug, pk):
    club = _director_club(request, slug)
    board_set = _club_set(club, pk)
    try:
        services.club_boardset_delete(board_set=board_set)
    except ValidationError as exc:
        _errors(request, exc)
        return redirect(board_set)
    messages.success(request, f"{board_set} deleted.")
    return redirect("club-boardsets", slug=club.slug)


def _use(request, event, club_set_id) -> None:
    club_set = selectors_boards.club_board_set(club=event.club, pk=club_set_id) if is_whole(club_set_id, max_digits=len(str(MAX_ID))) and int(str(club_set_id)) <= MAX_ID else None
    try:
        if club_set is None:
            raise ValidationError({"club_set": "Choose one of the club's board sets."})
        board_set = services.boardset_copy_to_event(event=event, club_set=club_set)
    except ValidationError as exc:
        _errors(request, exc)
    else:
        messages.success(request, f"{event.name} now plays {board_set.boards.count()} boards from {club_set}.")


@login_required
@require_POST
def club_boardset_use(request, slug, pk):
    """Copy a club set into an event chosen on the set's page."""
    club = _director_club(request, slug)
    board_set = _club_set(club, pk)
    event = selectors_boards.club_events_for_boards(club=club).filter(pk=request.POST.get("event") or 0).first()
    if event is None:
        messages.error(request, "event: Choose an event whose boards may still change.")
        return redirect(board_set)
    _use(request, event, board_set.pk)
    return redirect("event-board-set", slug=club.slug, pk=event.pk)


@login_required
def event_board_set(request, slug, pk):
    """The event's boards for its director: where they came from, and the choice of a club set."""
    club = _director_club(request, slug)
    event = get_object_or_404(Event, club=club, pk=pk, game__in=DUPLICATE_GAMES)
    if request.method == "POST":
        _use(request, event, request.POST.get("club_set", ""))
        return redirect("event-board-set", slug=club.slug, pk=event.pk)
    rules = services.rules_for_game(event.game)
    sets = [s for s in selectors_boards.club_board_sets(club=club) if services.rules_for_game(s.game) == rules]
    needed = sorted(selectors_boards.event_board_numbers(event=event))
    from tournaments.services.simultaneous import heat_of
    from tournaments.visibility import hands_held

    heat = heat_of(event)
    return render(request, "tournaments/event_boards.html", {
        "club": club, "event": event, "board_set": selectors_boards.event_board_set(event=event),
        "club_sets": sets, "needed": needed, "is_director": True, "heat": heat, "held": hands_held(event),
        "locked": event.status in (EventStatus.FINISHED, EventStatus.PUBLISHED) or heat is not None,
    })
