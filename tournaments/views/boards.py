"""Hand record pages: one board, or the whole set, with double dummy and par."""
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render

from clubs.models import Club
from clubs.permissions import is_director
from tournaments import selectors, selectors_boards
from tournaments.deals.doubledummy import analysis_available


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
    from tournaments.services.boards import boardset_export_pbn

    club, event, board_set = _event_for(request, slug, pk)
    text = boardset_export_pbn(board_set=board_set)
    response = HttpResponse(text.encode("latin-1", "replace"), content_type="text/x-pbn; charset=ISO-8859-1")
    response["Content-Disposition"] = f'attachment; filename="event-{event.pk}-boards.pbn"'
    return response
