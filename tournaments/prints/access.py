"""Who may print what, and reading a print request's parameters (shared by pages and API)."""
from __future__ import annotations

from dataclasses import dataclass

from clubs.permissions import is_director, is_player, is_scorer
from tournaments.models import Event, EventStatus
from tournaments.selectors_boards import event_board_set, hands_visible

from .kinds import get_kind
from .render import PrintError, paper_for
from .source import user_pairs

DONE = (EventStatus.FINISHED, EventStatus.PUBLISHED)


@dataclass(frozen=True)
class PrintRequest:
    kind: str
    paper: str
    board: int | None = None
    pair: str | None = None
    table: int | None = None
    section: str | None = None


def _int(params, name: str) -> int | None:
    raw = params.get(name)
    if raw in (None, ""):
        return None
    try:
        value = int(str(raw).strip())
    except ValueError:
        raise PrintError(f"{name} must be a whole number, not {raw!r}", name) from None
    if value < 1:
        raise PrintError(f"{name} must be 1 or more", name)
    return value


def parse_request(kind: str, params, club) -> PrintRequest:
    """Kind, paper (?paper=A4|Letter, else the club's), ?board=N, ?pair=LABEL, ?table=N, ?section=A."""
    get_kind(kind)
    pair = (params.get("pair") or "").strip() or None
    section = (params.get("section") or "").strip() or None
    return PrintRequest(kind=kind, paper=paper_for(club, params.get("paper")), board=_int(params, "board"),
                        pair=pair, table=_int(params, "table"), section=section)


def may_print(user, event: Event, request: PrintRequest) -> bool:
    """Directors print everything; scorers everything but the table cards (PINs). Otherwise: the results once the event is
    finished (published, for visitors); a player's own score card; hand records when the
    hands may be seen."""
    club = event.club
    if get_kind(request.kind).director:  # table cards carry the PINs
        return is_director(user, club)
    if is_scorer(user, club):
        return True
    if request.kind == "results":
        return event.status == EventStatus.PUBLISHED or (is_player(user, club) and event.status in DONE)
    if request.kind == "scorecards":
        return bool(request.pair) and request.pair in user_pairs(event, user)
    if request.kind == "hand-records":
        return hands_visible(event=event, user=user, board_set=event_board_set(event=event))
    return False


def public_url(request) -> str:
    """The site's address for links printed on paper: settings.CARDROOM_PUBLIC_URL, else the
    address the request came in on."""
    from django.conf import settings

    return (getattr(settings, "CARDROOM_PUBLIC_URL", "") or request.build_absolute_uri("/")).rstrip("/")
