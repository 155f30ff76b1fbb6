"""Writes for board sets: deal from the seed, import and export PBN, store the analysis.

The pure ``tournaments.deals`` package does the work; these functions translate rows to
and from its dataclasses.  Every deal coming in is validated there (52 distinct cards, 13
a hand); errors name the board and, for files, the line.

A club set (no event) is dealt or imported the same way and kept for replays; an event
uses one by copying the boards its movement needs into the event's own set.
"""
from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import ProtectedError
from django.utils import timezone

from cardroom.limits import PBN_MAX_BYTES
from cardroom.tasks import enqueue_once_on_commit
from tournaments.deals import boards as pure_boards
from tournaments.deals.cards import Deal, DealError, parse_card
from tournaments.deals.dealing import ALGORITHM, deal_board as pure_boards_deal, deal_set, new_seed
from tournaments.deals.doubledummy import AnalysisUnavailable, DoubleDummy, Par, analyse_boards
from tournaments.deals.numbering import deal_index
from tournaments.deals.pbn import PbnError
from tournaments.deals.records import boards_from_pbn, boards_to_pbn
from tournaments.movements.limits import MAX_BOARD_NUMBER
from tournaments.models import Board, BoardSet, Event, EventStatus, Game
from tournaments.models.boards import BoardSource
from tournaments.models.events import DUPLICATE_GAMES

__all__ = [
    "boardset_analyse_now",
    "boardset_copy_to_event",
    "boardset_deal",
    "boardset_export_pbn",
    "boardset_extend",
    "boardset_import_pbn",
    "boardset_publish",
    "board_to_pure",
    "club_boardset_deal",
    "club_boardset_delete",
    "club_boardset_import_pbn",
    "rules_for_game",
]

MAX_BOARDS = MAX_BOARD_NUMBER

_RULES = {
    Game.DUPLICATE_BRIDGE: pure_boards.BRIDGE,
    Game.AUCTION_BRIDGE: pure_boards.BRIDGE_WHIST,
    Game.BRIDGE_WHIST: pure_boards.BRIDGE_WHIST,
    Game.DUPLICATE_WHIST: pure_boards.WHIST,
    Game.WHIST_DRIVE: pure_boards.WHIST,
    Game.PROGRESSIVE_EUCHRE: pure_boards.EUCHRE,
}


def rules_for_game(game: str) -> pure_boards.DealRules:
    """The pure game rules (pack, vulnerability, turn-up) for an Event.game value."""
    return _RULES.get(game, pure_boards.BRIDGE)


def board_to_pure(board: Board, rules: pure_boards.DealRules) -> pure_boards.Board:
    """A stored board as the pure dataclass (re-validated)."""
    deal = Deal.from_pbn(board.deal, rules.pack, board=board.number)
    return pure_boards.Board(
        number=board.number,
        deal=deal,
        dealer=board.dealer,
        vulnerability=board.vulnerability or None,
        turn_up=parse_card(board.turn_up) if board.turn_up else None,
        rules=rules,
    )


def _row(board_set: BoardSet, board: pure_boards.Board, dd: DoubleDummy | None = None, par: Par | None = None) -> Board:
    full = board.deal.pack.is_full
    return Board(
        board_set=board_set,
        number=board.number,
        deal=board.deal.to_pbn(),
        deal_index=str(deal_index(board.deal)) if full else "",
        dealer=board.dealer,
        vulnerability=board.vulnerability or "",
        turn_up=str(board.turn_up) if board.turn_up else "",
        double_dummy=dd.as_dict() if dd else None,
        par=par.as_dict() if par else None,
        analysed_at=timezone.now() if dd else None,
    )


def _event_set(event: Event, *, source: str, seed: str = "", algorithm: str = "",
               copied_from: BoardSet | None = None) -> BoardSet:
    """The event's board set, emptied for new boards (created if missing).  A finished or
    published event keeps its boards: its results and hand records refer to them."""
    if event.status in (EventStatus.FINISHED, EventStatus.PUBLISHED):
        raise ValidationError(f"{event} is {event.get_status_display().lower()}; its boards can no longer change.")
    from .simultaneous import heat_boards_check

    heat_boards_check(event=event, seed=seed, source="copied" if copied_from else source)
    board_set, _ = BoardSet.objects.select_for_update().get_or_create(
        event=event, defaults={"club": event.club, "game": event.game}
    )
    board_set.boards.all().delete()
    board_set.club = event.club
    board_set.game = event.game
    board_set.source = source
    board_set.seed = seed
    board_set.algorithm = algorithm
    board_set.copied_from = copied_from
    board_set.full_clean()
    board_set.save()
    return board_set


def _queue_analysis(board_set: BoardSet) -> None:
    from tournaments.tasks.boards import boardset_analyse

    enqueue_once_on_commit(boardset_analyse, board_set.pk, background=True)


@transaction.atomic
def boardset_deal(*, event: Event, seed: str | None = None, count: int, first: int = 1) -> BoardSet:
    """Deal boards first..first+count-1 for the event from ``seed`` (default: the event's
    own ``deal_seed``), replacing any boards it had; analysis is queued after commit."""
    seed = seed or event.deal_seed
    if not seed:
        raise ValidationError({"seed": "The event has no deal seed."})
    boards = _dealt(seed, count, rules_for_game(event.game), first)
    board_set = _event_set(event, source=BoardSource.DEALT, seed=seed, algorithm=ALGORITHM)
    Board.objects.bulk_create([_row(board_set, b) for b in boards])
    _queue_analysis(board_set)
    return board_set


@transaction.atomic
def boardset_extend(*, event: Event, numbers) -> list[int]:
    """Add the boards a changed movement needs that the event's set lacks: dealt from the set's
    seed (each board depends only on seed and number, so the boards in play stay the same);
    an imported set cannot grow, and the 400 says which boards to import. Returns those added."""
    board_set = BoardSet.objects.select_for_update().filter(event=event).first()
    if board_set is None:
        return []
    have = set(board_set.boards.values_list("number", flat=True))
    missing = sorted({int(n) for n in numbers} - have)
    if not missing:
        return []
    from .simultaneous import heat_boards_check

    heat_boards_check(event=event, numbers=missing)
    if board_set.source != BoardSource.DEALT or not board_set.seed:
        raise ValidationError({"movement": [f"The event's boards lack boards {_numbers(missing)}: import a PBN "
                                            "file with them first, or keep the movement."]})
    rules = rules_for_game(event.game)
    Board.objects.bulk_create([_row(board_set, pure_boards_deal(board_set.seed, n, rules)) for n in missing])
    _queue_analysis(board_set)
    return missing


@transaction.atomic
def boardset_import_pbn(*, event: Event, data: bytes | str) -> BoardSet:
    """Replace the event's boards with those of a PBN file (dealing machine or hand record).
    Analysis in the file is kept; boards without it are queued for analysis.
    Raises ValidationError whose message names the line and board."""
    rules = rules_for_game(event.game)
    records = _imported(data, rules)
    board_set = _event_set(event, source=BoardSource.IMPORTED)
    _store_records(board_set, records, rules)
    return board_set


def _dealt(seed: str, count: int, rules: pure_boards.DealRules, first: int = 1) -> tuple[pure_boards.Board, ...]:
    if not 1 <= count <= MAX_BOARDS:
        raise ValidationError({"count": f"A set has 1 to {MAX_BOARDS} boards."})
    return deal_set(seed, count, rules, first=first)


def _imported(data: bytes | str, rules: pure_boards.DealRules) -> list:
    if len(data) > PBN_MAX_BYTES:
        raise ValidationError({"pbn": [f"The file is larger than {PBN_MAX_BYTES} bytes (PBN_MAX_BYTES); "
                                       f"a set of {MAX_BOARDS} boards is far smaller."]})
    try:
        records = boards_from_pbn(data, rules)
    except (PbnError, DealError) as err:
        raise ValidationError({"pbn": [str(err)]}) from None
    if len(records) > MAX_BOARDS:
        raise ValidationError({"pbn": [f"The file has {len(records)} boards; a set has at most {MAX_BOARDS}."]})
    return records


def _store_records(board_set: BoardSet, records: list, rules: pure_boards.DealRules) -> None:
    """Rows for the file's boards; analysis in the file is kept, the rest is queued."""
    rows = [_row(board_set, rec.board, rec.double_dummy, rec.par if rec.double_dummy else None) for rec in records]
    Board.objects.bulk_create(rows)
    if any(r.double_dummy is None or (rules.vulnerable and r.par is None) for r in rows):
        _queue_analysis(board_set)


def boardset_export_pbn(*, board_set: BoardSet) -> str:
    """The set as PBN export text (CRLF), with analysis and the seed when present."""
    from tournaments.deals.doubledummy import BoardAnalysis

    rules = rules_for_game(board_set.game)
    event = board_set.event
    boards, analyses = [], {}
    for row in board_set.boards.order_by("number"):
        pure = board_to_pure(row, rules)
        boards.append(pure)
        if row.double_dummy:
            analyses[row.number] = BoardAnalysis(
                row.number, DoubleDummy.from_dict(row.double_dummy), Par.from_dict(row.par) if row.par else None
            )
    return boards_to_pbn(
        boards,
        event=event.name if event else board_set.name,
        site=board_set.club.name,
        date=f"{event.date:%Y.%m.%d}" if event else "",
        analyses=analyses,
        seed=f"{board_set.algorithm}:{board_set.seed}" if board_set.seed else None,
    )


@transaction.atomic
def boardset_publish(*, board_set: BoardSet, published: bool = True) -> BoardSet:
    """Show (or hide) the hand records to players before the event is over; a no-op when unchanged."""
    from tournaments.visibility import hands_held

    if published and board_set.event_id and hands_held(board_set.event):
        raise ValidationError({"published": ["This event is a heat of a simultaneous: its hand records are "
                                             "released by the organizer's release time, not before."]})
    BoardSet.objects.filter(pk=board_set.pk).exclude(published=published).update(published=published)
    board_set.refresh_from_db()
    return board_set


ANALYSIS_CHUNK = 4  # boards per DDS call: parallel enough for DDS's threads, and progress to show


def boardset_analyse_now(*, board_set_id: int, force: bool = False, progress=None) -> dict:
    """Double dummy and par for every board of the set still without them (all with
    ``force``), a few boards per DDS call, each batch stored as it is done (so the count of
    analysed boards is the progress the director sees); idempotent.  ``progress(done, total)``
    is called after each batch.  Returns a summary for the task."""
    board_set = BoardSet.objects.filter(pk=board_set_id).first()
    if board_set is None:
        return {"board_set": board_set_id, "found": False, "analysed": 0}
    rules = rules_for_game(board_set.game)
    rows = list(board_set.boards.order_by("number"))
    pending = [r for r in rows if force or r.double_dummy is None or (rules.vulnerable and r.par is None)]
    summary = {"board_set": board_set_id, "found": True, "analysed": 0, "available": True}
    if not pending:
        return summary
    if not rules.pack.is_full:
        summary["available"] = False
        return summary
    for start in range(0, len(pending), ANALYSIS_CHUNK):
        batch = pending[start:start + ANALYSIS_CHUNK]
        try:
            results = analyse_boards([board_to_pure(r, rules) for r in batch])
        except AnalysisUnavailable:
            summary["available"] = False
            return summary
        now = timezone.now()
        with transaction.atomic():
            for row, result in zip(batch, results):
                # compare-and-set on the deal: a set re-dealt meanwhile keeps its fresh rows
                Board.objects.filter(pk=row.pk, deal=row.deal).update(
                    double_dummy=result.double_dummy.as_dict(),
                    par=result.par.as_dict() if result.par else None,
                    analysed_at=now,
                )
        summary["analysed"] += len(batch)
        if progress is not None:
            progress(summary["analysed"], len(pending))
    return summary


# Club sets: reusable boards with no event, copied into an event's own set when used.

def _club_set(*, club, name: str, game: str, source: str, seed: str = "", algorithm: str = "") -> BoardSet:
    name = (name or "").strip()
    if not name:
        raise ValidationError({"name": "Name the board set."})
    if game not in DUPLICATE_GAMES:
        games = ", ".join(sorted(str(g) for g in DUPLICATE_GAMES))
        raise ValidationError({"game": f"{game!r} is not a duplicate game; choose from {games}."})
    if BoardSet.objects.filter(club=club, event__isnull=True, name=name).exists():
        raise ValidationError({"name": f"The club already has a board set named {name!r}."})
    board_set = BoardSet(club=club, event=None, name=name, game=game, source=source, seed=seed, algorithm=algorithm)
    board_set.full_clean()
    board_set.save()
    return board_set


@transaction.atomic
def club_boardset_deal(*, club, name: str, game: str = Game.DUPLICATE_BRIDGE, count: int,
                       seed: str | None = None) -> BoardSet:
    """A new club set of boards 1..count dealt from ``seed`` (default: a fresh secret seed)
    by the same algorithm as an event's; analysis is queued after commit."""
    seed = (seed or "").strip() or new_seed()
    board_set = _club_set(club=club, name=name, game=game, source=BoardSource.DEALT, seed=seed, algorithm=ALGORITHM)
    boards = _dealt(seed, count, rules_for_game(game))
    Board.objects.bulk_create([_row(board_set, b) for b in boards])
    _queue_analysis(board_set)
    return board_set


@transaction.atomic
def club_boardset_import_pbn(*, club, name: str, game: str = Game.DUPLICATE_BRIDGE, data: bytes | str) -> BoardSet:
    """A new club set from a PBN file, read with the game's rules (whist needs TurnUp tags)."""
    board_set = _club_set(club=club, name=name, game=game, source=BoardSource.IMPORTED)
    rules = rules_for_game(game)
    _store_records(board_set, _imported(data, rules), rules)
    return board_set


@transaction.atomic
def club_boardset_delete(*, board_set: BoardSet) -> None:
    """Delete a club set; refused while an event's boards are a copy of it."""
    if not board_set.is_club_set:
        raise ValidationError({"board_set": "An event's boards go with the event; deal or import new ones instead."})
    locked = BoardSet.objects.select_for_update().filter(pk=board_set.pk).first()
    if locked is None:
        return
    users = list(Event.objects.filter(board_sets__copied_from=locked).order_by("date", "pk"))
    if users:
        raise ValidationError({"board_set": f"{locked} is used by {', '.join(map(str, users))}; it cannot be deleted."})
    try:
        locked.delete()
    except ProtectedError:
        raise ValidationError({"board_set": f"{locked} is used by an event; it cannot be deleted."}) from None


def _what_boards(rules: pure_boards.DealRules) -> str:
    if rules.turn_up:
        return "whist boards with a turn-up card"
    if rules.vulnerable:
        return "bridge boards with vulnerability"
    return f"{rules.name} boards without vulnerability or turn-up"


def _numbers(numbers) -> str:
    return ", ".join(str(n) for n in sorted(numbers))


@transaction.atomic
def boardset_copy_to_event(*, event: Event, club_set: BoardSet) -> BoardSet:
    """Replace the event's boards with copies of a club set's: the boards its movement needs
    (all of them when no movement is chosen yet), with their analysis, remembering the source
    but not the club's seed.
    The set must be the club's, for a game with the same boards, and hold every board needed."""
    from tournaments.selectors_boards import event_board_numbers

    if not club_set.is_club_set or club_set.club_id != event.club_id:
        raise ValidationError({"club_set": "Choose one of the club's own board sets."})
    if event.results.exists():
        raise ValidationError({"club_set": "Results are in: the boards they were played with stay."})
    rules = rules_for_game(event.game)
    if rules_for_game(club_set.game) != rules:
        raise ValidationError({"club_set": (
            f"{club_set} is a {club_set.get_game_display()} set ({_what_boards(rules_for_game(club_set.game))}); "
            f"{event.name} plays {event.get_game_display()}, which needs {_what_boards(rules)}.")})
    rows = {b.number: b for b in club_set.boards.all()}
    needed = event_board_numbers(event=event)
    missing = needed - rows.keys()
    if missing:
        raise ValidationError({"club_set": (
            f"{club_set} has no board {_numbers(missing)}; the movement needs boards "
            f"{min(needed)} to {max(needed)} and the set holds {len(rows)}.")})
    wanted = [rows[n] for n in sorted(needed or rows)]
    try:
        for row in wanted:
            board_to_pure(row, rules)
    except DealError as err:
        raise ValidationError({"club_set": str(err)}) from None
    # the club's seed stays with the club: published with the event's hand records it would
    # give away every board of the set, the ones this event does not play included
    board_set = _event_set(event, source=club_set.source, copied_from=club_set)
    fields = ("number", "deal", "deal_index", "dealer", "vulnerability", "turn_up", "double_dummy", "par",
              "analysed_at")
    Board.objects.bulk_create([Board(board_set=board_set, **{f: getattr(r, f) for f in fields}) for r in wanted])
    if any(r.double_dummy is None or (rules.vulnerable and r.par is None) for r in wanted):
        _queue_analysis(board_set)
    return board_set
