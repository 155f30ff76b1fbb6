"""Who sees what of an event, in one place: pages, API, prints and the live refresh all ask
a ``Sight`` built here, so they cannot disagree.

While play is on, a player sees the traveller of a board only once their pair has played it
(a confirmed result of theirs is on it), as a Bridgemate shows the traveller at the table
after the board; their own score card; the standings. Hand records wait until the event is
finished (directors see them any time: they prepared the boards; a director may also publish
them early). A finished event is open to the club's members; a published one to everyone.

The rules (``Sight``) are plain Python; ``event_sight`` reads the rows they need, and
``table_sees_traveller`` decides from the rows a table's request already read.
"""
from __future__ import annotations

from dataclasses import dataclass

DIRECTOR, SCORER, PLAYER = "director", "scorer", "player"
STAFF = (DIRECTOR, SCORER)
IN_PLAY = ("playing",)
DONE = ("finished", "published")
# Prints anyone who may see their content may make; the rest are the scorers' table stationery.
SHEET_KINDS = ("travellers", "score-cards", "hand-records", "hand-cards", "results", "draw", "team-results")


@dataclass(frozen=True)
class Sight:
    """What one viewer may see of one event. ``role`` is the viewer's role in the club (None for
    visitors and members of other clubs); ``pairs`` the (section, label) of their own pairs;
    ``played`` the (section, board) those pairs have a confirmed result on."""

    status: str
    role: str | None = None
    pairs: frozenset[tuple[str, str]] = frozenset()
    played: frozenset[tuple[str, int]] = frozenset()
    hands_published: bool = False
    hands_held: bool = False  # a simultaneous' heat before its release time: hidden from everyone

    @property
    def staff(self) -> bool:
        return self.role in STAFF

    @property
    def event(self) -> bool:
        """Drafts: the club's scorers and directors. Under way or finished: the club's members
        and the event's own players. Published: everyone."""
        if self.status == "published" or self.staff:
            return True
        if self.status == "draft":
            return False
        return self.role == PLAYER or bool(self.pairs)

    @property
    def standings(self) -> bool:
        return self.event

    @property
    def public_name(self) -> bool:
        """The event's name may be shown (a table page without the PIN shows no more)."""
        return self.event

    @property
    def open_results(self) -> bool:
        """Every traveller and score card: scorers and directors any time, others once play is over."""
        return self.event and (self.staff or self.status in DONE)

    def traveller(self, section: str, board: int) -> bool:
        return self.open_results or (self.status in IN_PLAY and (section, int(board)) in self.played)

    def score_card(self, section: str, label: str) -> bool:
        return self.open_results or (self.status in IN_PLAY and (section, label) in self.pairs)

    @property
    def hands(self) -> bool:
        """Hand records (deals, double dummy, par): directors any time; everyone who sees the
        event once it is finished, or when a director has published them early. A heat of a
        simultaneous shows them to nobody, its own directors included, until the organizer's
        release time (``hands_held``): other clubs may not have played the boards yet."""
        if self.hands_held:
            return False
        if self.role == DIRECTOR:
            return True
        return self.event and (self.status in DONE or self.hands_published)

    def may_print(self, kind: str, *, section: str, boards: list[int], board: int | None = None,
                  pair: str | None = None) -> bool:
        """A print shows nothing its viewer may not see on the pages: ``boards`` are the
        section's boards, ``board``/``pair`` narrow the print."""
        if kind == "travellers":
            wanted = [board] if board else boards
            return bool(wanted) and all(self.traveller(section, b) for b in wanted)
        if kind == "score-cards":
            return self.score_card(section, pair) if pair else self.open_results
        if kind in ("hand-records", "hand-cards"):
            return self.hands
        if kind in ("results", "team-results"):
            return self.staff or (self.event and self.status in DONE)
        if kind == "draw":  # a teams event's draw: where each team plays, as the event's page shows it
            return self.event
        return self.staff


def _role(user, club) -> str | None:
    from clubs.permissions import is_director, is_player, is_scorer

    for role, test in ((DIRECTOR, is_director), (SCORER, is_scorer), (PLAYER, is_player)):
        if test(user, club):
            return role
    return None


def _played(event, entries) -> frozenset[tuple[str, int]]:
    from django.db.models import Q

    from tournaments.models import Result

    if not entries:
        return frozenset()
    rows = Result.objects.filter(Q(ns__in=entries) | Q(ew__in=entries), event=event, confirmed=True)
    return frozenset((s, int(b)) for s, b in rows.values_list("section__name", "board"))


def _hands_published(event) -> bool:
    from tournaments.models import BoardSet

    return BoardSet.objects.filter(event=event, published=True).exists()


def hands_held(event) -> bool:
    """The one test of whether an event's deals are held back: a heat of a simultaneous before
    the organizer's ``release_at`` (pages, API, prints and exports all ask it, through ``Sight.hands``
    or directly)."""
    from django.utils import timezone

    from tournaments.services.simultaneous import heat_of

    heat = heat_of(event)
    return heat is not None and timezone.now() < heat.simultaneous.release_at


def event_sight(event, user) -> Sight:
    """What ``user`` may see of ``event`` (cached on the event object for the request)."""
    cache = event.__dict__.setdefault("_sights", {})
    key = (getattr(user, "pk", None), event.status)
    if key in cache:
        return cache[key]
    from django.db.models import Q

    role = _role(user, event.club) if getattr(user, "is_authenticated", False) else None
    entries, pairs = [], frozenset()
    if getattr(user, "is_authenticated", False):
        entries = list(event.entries.filter(Q(member_a__user=user) | Q(member_b__user=user) |
                                            Q(team__in=_own_teams(user)))
                       .select_related("section").defer("section__movement"))
        pairs = frozenset((e.section.name, e.label) for e in entries)
    played = _played(event, entries) if event.status in IN_PLAY and role not in STAFF else frozenset()
    sight = Sight(status=event.status, role=role, pairs=pairs, played=played,
                  hands_published=_hands_published(event), hands_held=hands_held(event))
    cache[key] = sight
    return sight


def _own_teams(user):
    """The teams ``user`` plays in (as a member linked to their login), as a subquery."""
    from tournaments.models import TeamPlayer

    return TeamPlayer.objects.filter(member__user=user).values("team_id")


def match_card_visible(event, user, match) -> bool:
    """A teams match's score card: whoever sees every score card (staff any time, the event's
    viewers once play is over); while play is on, the players of the match's two teams (signed
    in as the member they play as) once the match is complete, as captains compare at the end
    of a match."""
    sight = event_sight(event, user)
    if sight.open_results:
        return True
    if event.status not in IN_PLAY or match.status != "complete" or not getattr(user, "is_authenticated", False):
        return False
    from tournaments.models import TeamPlayer

    teams = [t for t in (match.home_id, match.away_id) if t]
    return TeamPlayer.objects.filter(team_id__in=teams, member__user=user).exists()


def table_sees_traveller(event, section, ns: str, ew: str, board: int, read) -> bool:
    """Whether a table's phone (it has the PIN) sees ``board``'s traveller: as the two pairs seated
    there (``ns``, ``ew``: the traveller rule of ``Sight``), decided from the rows its request
    already read (``read``, a ``selectors_table.TableState`` of this board: the section's entries
    and the board's results at every table), with no query of its own (issue 18)."""
    if read.board != board:
        raise ValueError(f"the table's rows hold board {read.board}'s results, not board {board}'s")
    entries = [e for e in read.entries if e.label in (ns, ew)]  # a withdrawn pair's too, as the pairs' pages
    ids = {e.pk for e in entries}
    played = any(r.board == board and r.confirmed and (r.ns_id in ids or r.ew_id in ids) for r in read.results)
    return Sight(status=event.status, pairs=frozenset((section.name, e.label) for e in entries),
                 played=frozenset({(section.name, int(board))}) if played else frozenset()
                 ).traveller(section.name, board)


def events_visible(*, club, user):
    """The club's events ``user`` may open, as a queryset (the rule of ``Sight.event``)."""
    from django.db.models import Q

    from tournaments.models import Entry, Event, EventStatus

    qs = Event.objects.filter(club=club)
    role = _role(user, club) if getattr(user, "is_authenticated", False) else None
    if role in STAFF:
        return qs
    published = Q(status=EventStatus.PUBLISHED)
    if role == PLAYER:
        return qs.filter(published | ~Q(status=EventStatus.DRAFT))
    if getattr(user, "is_authenticated", False):  # a subquery, not a join: no duplicates, no distinct() to OR with
        own = Q(pk__in=Entry.objects.filter(Q(member_a__user=user) | Q(member_b__user=user) |
                                            Q(team__in=_own_teams(user))).values("event_id"))
        return qs.filter(published | (own & ~Q(status=EventStatus.DRAFT)))
    return qs.filter(published)


def parties_visible(*, club, user):
    """The club's parties ``user`` may read: the events they may open, and every party once it
    has started. A party hides no cards, and its tallies and standings are called out to the
    whole room (the books' progressive parties post them), so pages and API show them to anyone."""
    from tournaments.models import PARTY_GAMES, Event, EventStatus

    started = Event.objects.filter(club=club, game__in=PARTY_GAMES).exclude(status=EventStatus.DRAFT)
    return events_visible(club=club, user=user).filter(game__in=PARTY_GAMES) | started
