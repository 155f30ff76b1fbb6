"""Reads for board sets and hand records, and who may see the hands."""
from __future__ import annotations

from django.db.models import Count, Prefetch

from tournaments.deals.cards import SEATS, SUITS, Deal
from tournaments.deals.doubledummy import STRAINS
from tournaments.models import Board, BoardSet, Event, EventStatus

SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
STRAIN_LABELS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660", "NT": "NT"}


def event_board_set(*, event: Event) -> BoardSet | None:
    return BoardSet.objects.filter(event=event).select_related("club", "event").first()


def event_boards(*, event: Event):
    return Board.objects.filter(board_set__event=event).select_related("board_set").order_by("number")


def board_analysis_progress(*, event: Event) -> dict | None:
    """How far the double-dummy analysis of the event's boards has got: {"boards": N,
    "analysed": n, "done": n == N}; None before the event has boards. The analysis stores
    each batch as it goes, so the count is read straight from the boards."""
    from django.db.models import Count, Q

    counts = Board.objects.filter(board_set__event=event).aggregate(
        boards=Count("pk"), analysed=Count("pk", filter=Q(analysed_at__isnull=False)))
    if not counts["boards"]:
        return None
    return {**counts, "done": counts["analysed"] >= counts["boards"]}


def event_board(*, event: Event, number: int) -> Board | None:
    return event_boards(event=event).filter(number=number).first()


def event_board_numbers(*, event: Event) -> set[int]:
    """Every board number the event's movements put on a table (empty before a movement)."""
    return {b for s in event.sections.all() for b in s.schedule.board_numbers()}


def club_board_sets(*, club):
    """The club's reusable sets (no event), newest first, with their board count and the
    events whose boards were copied from them."""
    return (
        BoardSet.objects.filter(club=club, event__isnull=True)
        .annotate(board_count=Count("boards"))
        .prefetch_related(Prefetch("copies", queryset=BoardSet.objects.select_related("event")))
        .order_by("name", "pk")
    )


def club_board_set(*, club, pk) -> BoardSet | None:
    return club_board_sets(club=club).filter(pk=pk).select_related("club").first()


def club_board_set_boards(*, board_set: BoardSet):
    return Board.objects.filter(board_set=board_set).select_related("board_set").order_by("number")


def board_set_events(board_set: BoardSet) -> list[Event]:
    """Events using a club set (their boards are a copy of it), in date order."""
    return sorted((c.event for c in board_set.copies.all() if c.event_id), key=lambda e: (e.date, e.pk))


def club_events_for_boards(*, club):
    """The club's duplicate events whose boards may still change (a club set can be used)."""
    from tournaments.models.events import DUPLICATE_GAMES

    return Event.objects.filter(club=club, game__in=DUPLICATE_GAMES).exclude(
        status__in=(EventStatus.FINISHED, EventStatus.PUBLISHED)).order_by("date", "pk")


def hands_visible(*, event: Event, user, board_set: BoardSet | None = None) -> bool:
    """Directors always; everyone who sees the event once it is finished, or when a director
    has published the hand records (``tournaments.visibility.Sight.hands``)."""
    from tournaments.visibility import event_sight

    return event_sight(event, user).hands


def whist_tricks(board: Board) -> dict | None:
    """Double-dummy tricks per side with the turned trump (the dealer's side sits in DDS's
    declarer seat, the player on the dealer's left leading)."""
    if not board.turn_up or not board.double_dummy:
        return None
    dealer_side = board.double_dummy[board.dealer][board.turn_up[1]]
    ns = dealer_side if board.dealer in "NS" else 13 - dealer_side
    return {"NS": ns, "EW": 13 - ns}


def board_hand_record(board: Board) -> dict:
    """Everything a hand record page shows for one board, ready for the template."""
    deal = Deal.from_pbn(board.deal, _pack_for(board), board=board.number)
    hands = {
        seat: [{"suit": s, "symbol": SUIT_SYMBOLS[s], "ranks": deal.holding(seat, s) or "\u2014"} for s in SUITS]
        for seat in SEATS
    }
    grid = None
    if board.double_dummy:
        grid = [
            {"seat": seat, "tricks": [board.double_dummy[seat][t] for t in STRAINS]} for seat in "NSEW"
        ]
    return {
        "board": board,
        "hands": hands,
        "strains": [STRAIN_LABELS[t] for t in STRAINS],
        "grid": grid,
        "par": board.par,
        "whist": whist_tricks(board),
        "turn_up_label": f"{board.turn_up[0]}{SUIT_SYMBOLS[board.turn_up[1]]}" if board.turn_up else "",
    }


def _pack_for(board: Board):
    from tournaments.services.boards import rules_for_game

    return rules_for_game(board.board_set.game).pack
