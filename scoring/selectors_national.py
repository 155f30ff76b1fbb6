"""Reads of the national scoring run: a simultaneous' heats as the groups of one field, their
confirmed results of some boards as the engine reads them, and each board's digest.

A national chunk reads thousands of results and hundreds of heat movements, so it reads plain
rows (``values_list``), not model instances: ``HeatPair`` and ``HeatResult`` carry exactly what
``scoring.services.engine_result`` and ``section_boards`` read (the one conversion), and a heat's
parsed movement and pair directions are kept per worker process, keyed by the movement's MD5 (a
late pair or a withdrawal stores a new movement: a new key), and the whole field as long as its
heats, movements and entries are the same (three small queries tell).
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from functools import cached_property

from django.core.cache import cache
from django.db import connections
from django.db.models import Count, Max, Sum, TextField
from django.db.models.functions import MD5, Cast

from scoring.engine import ScoringError, convention
from tournaments.models import Entry, Heat, Result, Section, Simultaneous
from tournaments.movements.model import Movement

from .services import ENGINE_METHOD, entrant_keys, expected_plays, section_fields

#: Bumped when what a stored part means changes, so old parts are not merged.
PART_FORMAT = 1
RESULT_COLUMNS = ("id", "section_id", "board", "round", "table", "ns_id", "ew_id", "south_id", "west_id",
                  "score_ns", "adjusted_ns", "adjusted_ew", "contract", "declarer", "tricks", "tricks_ns", "cards_group")
_SCHEDULES: dict[str, tuple["Played", dict]] = {}  # movement MD5 -> (the movement as played, directions)
_FIELDS: dict[int, tuple[tuple, "Field"]] = {}  # simultaneous -> (what it was read from, the field)


@dataclass(frozen=True)
class HeatPair:
    """An entry as the engine conversion reads it (``pk``, ``label``)."""

    pk: int
    label: str


class HeatResult:
    """A stored result as ``engine_result`` reads it, its pairs attached."""

    __slots__ = RESULT_COLUMNS + ("ns", "ew", "south", "west")

    def __init__(self, row, pairs: dict[int, HeatPair]):
        for name, value in zip(RESULT_COLUMNS, row):
            setattr(self, name, value)
        self.ns, self.ew = pairs[self.ns_id], pairs[self.ew_id]
        self.south = pairs.get(self.south_id)
        self.west = pairs.get(self.west_id)


@dataclass
class HeatSection:
    """A heat's section as ``section_boards`` reads it: its movement as played."""

    pk: int
    heat: int
    digest: str

    @property
    def schedule(self) -> "Played":
        return _SCHEDULES[self.digest][0]

    @property
    def fields(self) -> dict[str, str]:
        return _SCHEDULES[self.digest][1]


@dataclass
class Field:
    """A simultaneous' heats as the groups of one field: one group per heat section."""

    simultaneous: Simultaneous
    method: str
    convention: object
    sections: dict[int, HeatSection]
    pairs: dict[int, HeatPair]                   # entry id -> pair
    keys: dict[int, dict[int, str]]              # section id -> (entry id -> the engine's name)

    @staticmethod
    def group(section_id: int) -> str:
        return str(section_id)

    def section_pairs(self, section_id: int) -> list[HeatPair]:
        return [self.pairs[e] for e in self.keys[section_id]]

    @cached_property
    def fields(self) -> dict[str, dict[str, str]]:
        """Group -> (entrant -> "NS"/"EW") for the two-winner heats, from where their movements seat them."""
        out = {}
        for sid, section in self.sections.items():
            if section.fields:
                keys = self.keys[sid]
                out[self.group(sid)] = {keys.get(e.pk, e.label): section.fields[e.label]
                                        for e in self.section_pairs(sid) if e.label in section.fields}
        return out


def national_field(simultaneous: Simultaneous) -> Field:
    """The heats, their sections' movements (parsed once a process) and pairs, in three queries."""
    method = ENGINE_METHOD.get(simultaneous.scoring, simultaneous.scoring)
    if method not in ("matchpoints", "butler", "cross-imps"):
        raise ScoringError(f"{simultaneous.scoring} does not rank a field")
    heats = dict(Heat.objects.filter(simultaneous=simultaneous).values_list("event_id", "pk"))
    rows = list(Section.objects.filter(event_id__in=heats).annotate(digest=MD5(Cast("movement", TextField())))
                .values_list("id", "event_id", "digest"))
    entered = Entry.objects.filter(section_id__in=[sid for sid, _e, _d in rows]).aggregate(
        n=Count("id"), ids=Sum("id"), last=Max("id"))
    rules = getattr(simultaneous.organizer, "scoring_convention", "") or "cardroom"
    key = (simultaneous.created_at, method, rules, tuple(sorted(heats.items())), tuple(rows), tuple(entered.values()))
    known = _FIELDS.get(simultaneous.pk)
    if known is not None and known[0] == key:  # nothing moved since this process last read the field
        return known[1]
    unknown = {digest for _sid, _e, digest in rows if digest not in _SCHEDULES}
    if unknown:
        if len(_SCHEDULES) > 5000:
            _SCHEDULES.clear()
        seen = set()
        for sid, digest, stored in (Section.objects.filter(id__in=[sid for sid, _e, d in rows if d in unknown])
                                    .annotate(digest=MD5(Cast("movement", TextField())))
                                    .values_list("id", "digest", "movement")):
            if digest not in seen:
                seen.add(digest)
                played = Played(Movement.from_stored(stored))
                _SCHEDULES[digest] = (played, section_fields(_Probe(played), []))
    sections = {sid: HeatSection(sid, heats[event_id], digest) for sid, event_id, digest in rows}
    pairs: dict[int, HeatPair] = {}
    by_section: dict[int, list[HeatPair]] = defaultdict(list)
    for pk, sid, label in Entry.objects.filter(section_id__in=sections).values_list("id", "section_id", "label"):
        pairs[pk] = pair = HeatPair(pk, label)
        by_section[sid].append(pair)
    field = Field(simultaneous, method, convention(rules), sections, pairs,
                  {sid: entrant_keys(by_section.get(sid, [])) for sid in sections})
    if len(_FIELDS) > 50:
        _FIELDS.clear()
    _FIELDS[simultaneous.pk] = (key, field)
    return field


@dataclass
class _Probe:
    schedule: "Played"


@dataclass(frozen=True)
class _Seat:
    ns: str
    ew: str
    entrants: tuple[str, ...]
    boards: tuple[int, ...]


class Played:
    """What ``expected_plays`` and ``section_fields`` read of a movement, its seatings listed once."""

    def __init__(self, movement: Movement):
        self.winners = movement.winners
        self._expected: dict[frozenset[str], dict[int, int]] = {}
        self._seatings = tuple((r, _Seat(t.ns, t.ew, t.entrants, tuple(t.boards))) for r, t in movement.seatings())

    def seatings(self):
        return self._seatings

    def expected(self, active: frozenset[str]) -> dict[int, int]:
        """``expected_plays`` of these pairs, worked out once per set of pairs."""
        if active not in self._expected:
            self._expected[active] = expected_plays(_Probe(self), active)
        return self._expected[active]


def heat_results(simultaneous_id: int, boards, field: Field) -> list[HeatResult]:
    """Every heat's confirmed results of ``boards``, as the engine conversion reads them."""
    rows = Result.objects.filter(event__heat__simultaneous_id=simultaneous_id, confirmed=True,
                                 board__in=list(boards)).values_list(*RESULT_COLUMNS)
    return [HeatResult(row, field.pairs) for row in rows]


def board_digests(simultaneous_id: int, boards=None) -> dict[int, str]:
    """Board -> a digest of its confirmed results in every heat (what a stored part was read at):
    a new, changed, deleted or (un)confirmed result changes it."""
    rows = Result.objects.filter(event__heat__simultaneous_id=simultaneous_id, confirmed=True)
    if boards is not None:
        rows = rows.filter(board__in=list(boards))
    rows = rows.values("board").annotate(n=Count("id"), ids=Sum("id"), at=Max("updated_at"), s=Sum("score_ns"))
    return {r["board"]: f"{PART_FORMAT}:{r['n']}:{r['ids']}:{r['at'].isoformat()}:{r['s']}" for r in rows}


def part_key(simultaneous: Simultaneous, board: int) -> str:
    """Where a board's part is kept: per database and simultaneous (its creation time too, so a
    test database that gives an id out again never meets an old part)."""
    return (f"cardroom:national:{connections['default'].settings_dict['NAME']}:{simultaneous.pk}:"
            f"{simultaneous.created_at.timestamp():.6f}:{board}")


def stored_parts(simultaneous: Simultaneous, boards) -> dict[int, dict]:
    """Board -> {"digest", "part"} as the last chunk that scored it stored it."""
    keys = {part_key(simultaneous, b): b for b in boards}
    return {keys[k]: v for k, v in cache.get_many(list(keys)).items()}


def board_universe(simultaneous: Simultaneous, digests: dict[int, str]) -> list[int]:
    return sorted(set(range(1, simultaneous.boards + 1)) | set(digests))
