"""Who may print what, and reading a print request's parameters (shared by pages and API)."""
from __future__ import annotations

from dataclasses import dataclass

from tournaments.models import Event
from tournaments.selectors_event import section_named
from tournaments.visibility import DIRECTOR, event_sight

from .kinds import get_kind, kinds_for
from .render import PrintError, paper_for


@dataclass(frozen=True)
class PrintRequest:
    kind: str
    paper: str
    board: int | None = None
    pair: str | None = None
    table: int | None = None
    section: str | None = None
    round: int | None = None


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
    """Kind, paper (?paper=A4|Letter, else the club's), ?board=N, ?pair=LABEL, ?table=N, ?section=A,
    ?round=N (a teams event's draw, score cards and match slips)."""
    get_kind(kind)
    pair = (params.get("pair") or "").strip() or None
    section = (params.get("section") or "").strip() or None
    return PrintRequest(kind=kind, paper=paper_for(club, params.get("paper")), board=_int(params, "board"),
                        pair=pair, table=_int(params, "table"), section=section, round=_int(params, "round"))


def may_print(user, event: Event, request: PrintRequest) -> bool:
    """A print follows the pages' rules (``tournaments.visibility``): travellers of the boards
    the viewer may see, their own score card (every card once play is over), hand records and
    hand cards only to directors until the event is finished, the results once finished;
    guide cards and score slips are the scorers'; table cards (PINs) the directors'."""
    sight = event_sight(event, user)
    if get_kind(request.kind).director:
        return sight.role == DIRECTOR
    section = section_named(event, request.section)
    if section is None:  # the print answers "no such section" itself
        return sight.staff
    return sight.may_print(request.kind, section=section.name, boards=section.schedule.board_numbers(),
                           board=request.board, pair=request.pair)


def printable_kinds(user, event: Event) -> list:
    """The kinds a menu offers this viewer (whole prints, not narrowed to a board or pair)."""
    section = section_named(event, None)
    if section is None:
        return []
    sight = event_sight(event, user)
    return [k for k in kinds_for(event.game, director=sight.role == DIRECTOR, is_teams=event.is_teams)
            if k.director or sight.may_print(k.name, section=section.name, boards=section.schedule.board_numbers())]


def public_url(request) -> str:
    """The site's address for links printed on paper: settings.CARDROOM_PUBLIC_URL, else the
    address the request came in on."""
    from django.conf import settings

    return (getattr(settings, "CARDROOM_PUBLIC_URL", "") or request.build_absolute_uri("/")).rstrip("/")


def pack_refusal(user, event: Event, *, the_pack: bool) -> str | None:
    """Why ``user`` may not have the event's whole print pack, else None (pages and API alike).
    Scorers and directors follow its progress; asking for it or downloading it needs the sight
    of the hands (a director, or a scorer once the event is finished): the pack holds them."""
    from clubs.permissions import is_scorer

    if not is_scorer(user, event.club):
        return "Only the club's scorers and directors print the pack."
    if the_pack and not event_sight(event, user).hands:
        return "The pack holds the hand records: until the event is finished only a director prints it."
    return None
