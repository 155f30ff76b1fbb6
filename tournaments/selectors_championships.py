"""Reads for multi-session championships, for pages, API and prints alike: the sessions a
viewer may see (each session is an event, seen by ``tournaments.visibility.event_sight``), and
the stored cumulative table after a session with its ``session`` and ``cumulative`` columns."""
from __future__ import annotations

from dataclasses import dataclass

from scoring.models import CumulativeStanding, Standing
from tournaments.models import Championship, Event, Substitution
from tournaments.visibility import event_sight


@dataclass(frozen=True)
class SessionView:
    event: Event
    number: int
    visible: bool
    standings: bool

    @property
    def pk(self) -> int:
        return self.event.pk


@dataclass(frozen=True)
class CumulativeRow:
    rank: str
    position: int
    entry_id: int
    identity_id: int
    label: str
    names: str
    section: str
    session_rank: str
    session: float
    carried: float
    cumulative: float
    played: int
    detail: tuple
    qualified: bool


def championships_of(club) -> list[Championship]:
    return list(Championship.objects.filter(club=club).order_by("-created_at", "-pk"))


def championship_sessions(championship: Championship, user) -> list[SessionView]:
    """Every session in order; ``visible``: the viewer may open the event, ``standings``: its
    standings (and so the cumulative table after it)."""
    out = []
    for event in Event.objects.filter(championship=championship).select_related("club").order_by("session"):
        sight = event_sight(event, user)
        out.append(SessionView(event=event, number=event.session, visible=sight.event, standings=sight.standings))
    return out


def cumulative_rows(event: Event) -> list[CumulativeRow]:
    """The cumulative table after ``event`` (a session), in order, with each pair's rank in the
    session itself beside the cumulative rank."""
    session_ranks = dict(Standing.objects.filter(event=event).values_list("entry_id", "rank"))
    rows = CumulativeStanding.objects.filter(event=event).select_related("entry").order_by("position")
    return [CumulativeRow(rank=r.rank, position=r.position, entry_id=r.entry_id, identity_id=r.identity_id,
                          label=r.entry.label, names=r.entry.names, section=r.section,
                          session_rank=session_ranks.get(r.entry_id, ""), session=r.session_score,
                          carried=r.carried, cumulative=r.cumulative, played=r.played, detail=tuple(r.detail),
                          qualified=r.qualified)
            for r in rows]


def substitutions(championship: Championship) -> list[Substitution]:
    return list(Substitution.objects.filter(entry__event__championship=championship)
                .select_related("entry", "entry__event").order_by("entry__event__session", "at", "pk"))


def percentage_rule(championship: Championship) -> bool:
    """The table's figures are percentages (average, weighted), else totals (sum, factored)."""
    from scoring.engine.carryover import PERCENTAGE_RULES

    return championship.carry_over in PERCENTAGE_RULES
