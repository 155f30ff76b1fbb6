"""The movement validator: proves a schedule before anyone sits down to it.

Checks (after the usual duplicate requirements, Wikipedia "Duplicate bridge movements"):
V1 an entrant sits at most once per round; V2 no entrant plays a board twice; V3 two pairs meet
at most once (individuals: partners at most once, opponents at most twice; teams: again only
in the next round, a knockout tie's next segment); V4 a board is at one
table per round unless the movement declares sharing/relays. It also reports completeness (who
met whom, how often each board is played) and, for one-winner movements, the comparison balance
(two pairs are compared on a board when they held the same cards at different tables).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from itertools import combinations

from .model import Movement, label_key


@dataclass(frozen=True)
class Balance:
    """Comparison counts between every two entrants of a one-winner movement."""

    minimum: int
    maximum: int
    mean: float
    quality: float  # 100 = perfectly balanced (every pair of pairs compared equally often)

    @property
    def spread(self) -> int:
        return self.maximum - self.minimum


@dataclass(frozen=True)
class ValidationReport:
    """What the validator found. ``ok`` is false when ``errors`` is not empty."""

    errors: tuple[str, ...]
    meetings: dict[frozenset, int] = field(compare=False)
    board_plays: dict[int, int] = field(compare=False)
    comparisons: dict[frozenset, int] = field(compare=False)
    balance: Balance | None = None
    partners: dict[frozenset, int] = field(default_factory=dict, compare=False)

    @property
    def ok(self) -> bool:
        return not self.errors

    @property
    def first_error(self) -> str:
        return self.errors[0] if self.errors else ""

    def meeting_matrix(self, labels: tuple[str, ...]) -> list[list[int]]:
        """How often each entrant met each other one (rows and columns in ``labels`` order)."""
        return [[self.meetings.get(frozenset((a, b)), 0) if a != b else 0 for b in labels]
                for a in labels]


class MovementError(ValueError):
    """A movement failed validation; the message names the first violation."""

    def __init__(self, report: ValidationReport):
        super().__init__(report.first_error)
        self.report = report


def validate(movement: Movement) -> ValidationReport:
    """Check every invariant and collect the completeness and balance figures."""
    errors: list[str] = []
    played: dict[str, dict[int, int]] = defaultdict(dict)   # entrant -> board -> round
    meetings: Counter = Counter()
    partners: Counter = Counter()
    board_plays: Counter = Counter()
    holders: dict[tuple[int, int], list[str]] = defaultdict(list)  # (board, direction) -> entrants
    individual = movement.is_individual

    for plan in movement.rounds_detail:
        seated: dict[str, int] = {}
        board_table: dict[int, int] = {}
        for who in plan.sit_out:
            if who in seated:
                errors.append(f"round {plan.round}: {who} listed twice among those sitting out")
            seated[who] = 0
        for tp in plan.tables:
            where = f"round {plan.round} table {tp.table}"
            if any(not e for e in tp.entrants):
                errors.append(f"{where}: an empty seat")
            for who in tp.entrants:
                if who in seated:
                    other = seated[who]
                    place = f"table {other}" if other else "the sit-out list"
                    errors.append(f"{where}: {who} is also at {place} this round")
                seated[who] = tp.table
            if not tp.boards:
                errors.append(f"{where}: no boards")
            for board in tp.boards:
                if board in board_table and not movement.shared:
                    errors.append(f"{where}: board {board} is also at table {board_table[board]} "
                                  "this round and the movement declares no sharing")
                board_table.setdefault(board, tp.table)
                board_plays[board] += 1
                for who in tp.entrants:
                    if board in played[who]:
                        errors.append(f"{where}: {who} plays board {board} again "
                                      f"(already in round {played[who][board]})")
                    played[who][board] = plan.round
                for direction, side in enumerate(tp.sides):
                    holders[(board, direction)].extend(side)
            ns_side, ew_side = tp.sides
            for a in ns_side:
                for b in ew_side:
                    meetings[frozenset((a, b))] += 1
            if individual:
                for side in tp.sides:
                    partners[frozenset(side)] += 1

    errors.extend(_meeting_errors(movement, Counter(meetings), Counter(partners), individual))
    comparisons: Counter = Counter()
    balance = None
    if movement.winners == 1:
        for group in holders.values():
            for a, b in combinations(sorted(set(group), key=label_key), 2):
                comparisons[frozenset((a, b))] += 1
        balance = _balance(movement.entrants, comparisons)
    return ValidationReport(errors=tuple(errors), meetings=dict(meetings),
                            board_plays=dict(board_plays), comparisons=dict(comparisons),
                            balance=balance, partners=dict(partners))


def check(movement: Movement) -> Movement:
    """Return the movement unchanged if it validates; raise ``MovementError`` otherwise."""
    report = validate(movement)
    if not report.ok:
        raise MovementError(report)
    return movement


def is_complete(movement: Movement, report: ValidationReport | None = None) -> bool:
    """Every eligible pair of opponents met and every board played equally often."""
    report = report or validate(movement)
    plays = set(report.board_plays.values())
    if len(plays) > 1:
        return False
    labels = movement.entrants
    if movement.winners == 2:
        ns = [x for x in labels if x.endswith("NS")]
        ew = [x for x in labels if x.endswith("EW")]
        wanted = [frozenset((a, b)) for a in ns for b in ew]
    else:
        wanted = [frozenset(p) for p in combinations(labels, 2)]
    return all(report.meetings.get(p, 0) >= 1 for p in wanted)


def _meeting_errors(movement: Movement, meetings: Counter, partners: Counter,
                    individual: bool) -> list[str]:
    if movement.kind == "teams":
        return _team_meeting_errors(movement)
    errors = []
    limit = 2 if individual else 1
    first_meeting: dict[frozenset, tuple[int, int]] = {}
    for plan in movement.rounds_detail:
        for tp in plan.tables:
            ns_side, ew_side = tp.sides
            for a in ns_side:
                for b in ew_side:
                    key = frozenset((a, b))
                    if key in first_meeting and meetings[key] > limit:
                        r, t = first_meeting[key]
                        errors.append(f"round {plan.round} table {tp.table}: {a} meets {b} "
                                      f"again (first met in round {r} at table {t})")
                        meetings[key] = limit  # report each excess once
                    first_meeting.setdefault(key, (plan.round, tp.table))
            if individual:
                for side in tp.sides:
                    if partners[frozenset(side)] > 1:
                        errors.append(f"round {plan.round} table {tp.table}: {side[0]} and "
                                      f"{side[1]} partner each other more than once")
                        partners[frozenset(side)] = 1
    return errors


def _team_meeting_errors(movement: Movement) -> list[str]:
    """Teams: two pairs meet again only in the very next round, a knockout tie's next segment
    (the same two teams at the same two tables); any other second meeting is a rematch."""
    errors = []
    last: dict[frozenset, tuple[int, int]] = {}
    for plan in movement.rounds_detail:
        for tp in plan.tables:
            key = frozenset((tp.ns, tp.ew))
            if key in last and last[key][0] != plan.round - 1:
                r, t = last[key]
                errors.append(f"round {plan.round} table {tp.table}: {tp.ns} meets {tp.ew} "
                              f"again (met in round {r} at table {t})")
            last[key] = (plan.round, tp.table)
    return errors


def _balance(labels: tuple[str, ...], comparisons: Counter) -> Balance | None:
    """Comparison spread and a quality figure, 100 × (1 − coefficient of variation).

    In the spirit of J.R. Manning's Qf (EBU, "bridge movements: the maths"): 100 when every
    two entrants are compared equally often.
    """
    pairs = [frozenset(p) for p in combinations(labels, 2)]
    if not pairs:
        return None
    counts = [comparisons.get(p, 0) for p in pairs]
    mean = sum(counts) / len(counts)
    variance = sum((c - mean) ** 2 for c in counts) / len(counts)
    quality = 100.0 if mean == 0 else max(0.0, 100.0 * (1 - (variance ** 0.5) / mean))
    return Balance(minimum=min(counts), maximum=max(counts), mean=mean, quality=round(quality, 1))
