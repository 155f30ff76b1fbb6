"""A made-up but plausible event sheet (movement, seeded deals, results) for tests and the
benchmark: the same arguments always give the same sheet. Contracts come from the double-dummy
table when one is given, else from a hash of the seed; raw scores from the scoring engine, and
the made-up sheet's "stored" scores (its ``scored``) from the engine's matchpoints, standing in
for what a scoring run stores for a real event."""
from __future__ import annotations

import datetime
import hashlib

from scoring.engine import BoardResults, Result, SessionScore, duplicate_score, score_session, seating_fields
from tournaments.deals.boards import BRIDGE, WHIST
from tournaments.deals.dealing import ALGORITHM, deal_set
from tournaments.movements.model import Movement

from .sheet import EventSheet, PlayedResult, plays_of_board

STRAINS = ("C", "D", "H", "S", "NT")


def _draw(seed: str, *parts) -> int:
    return int.from_bytes(hashlib.sha256(":".join(map(str, (seed, *parts))).encode()).digest()[:4], "big")


def demo_results(movement: Movement, boards, *, seed: str, whist: bool = False,
                 rounds: int | None = None) -> tuple[PlayedResult, ...]:
    by_number = {b.number: b for b in boards}
    out = []
    for plan in tuple(movement)[:rounds]:
        for tp in plan.tables:
            ns, ew = (" & ".join(side) for side in tp.sides)
            for number in tp.boards:
                h = _draw(seed, number, plan.round, tp.table)
                if whist:
                    tricks_ns = 3 + h % 8
                    out.append(PlayedResult(number, plan.round, tp.table, ns, ew, tricks_ns=tricks_ns,
                                            score_ns=tricks_ns - 6))
                    continue
                declarer = "NESW"[h % 4]
                level = 1 + (h >> 3) % 4
                strain = STRAINS[(h >> 6) % 5]
                tricks = max(0, min(13, level + 6 + ((h >> 9) % 5) - 2))
                board = by_number.get(number)
                vul = board.vulnerability if board is not None else "None"
                score = duplicate_score(f"{level}{strain}", declarer, tricks, vul)
                out.append(PlayedResult(number, plan.round, tp.table, ns, ew, contract=f"{level}{strain}",
                                        declarer=declarer, tricks=tricks, score_ns=score))
    return tuple(out)


def demo_scores(movement: Movement, results) -> SessionScore | None:
    """Matchpoints of made-up results (no adjusted scores), two-winner fields as the movement
    seats them; None when there are none."""
    by_board: dict[int, list[Result]] = {}
    for r in results:
        by_board.setdefault(r.board, []).append(Result(r.ns, r.ew, score_ns=r.score_ns, contract=r.contract,
                                                       declarer=r.declarer, tricks=r.tricks))
    boards = [BoardResults(b, tuple(rs), expected=len(plays_of_board(movement, b)) or None)
              for b, rs in sorted(by_board.items())]
    if not boards:
        return None
    seatings = [tuple(" & ".join(side) for side in t.sides) for _round, t in movement.seatings()]
    return score_session(boards, "matchpoints",
                         fields=seating_fields(seatings, boards) if movement.winners == 2 else None)


def demo_sheet(movement: Movement, *, game: str = "duplicate_bridge",
               seed: str = "cardroom-demo", results: bool = True, analyses=None,
               date: datetime.date = datetime.date(2026, 11, 23), names: dict | None = None) -> EventSheet:
    whist = game in ("duplicate_whist", "whist_drive")
    count = max(movement.board_numbers())
    boards = deal_set(seed, count, WHIST if whist else BRIDGE)
    played = demo_results(movement, boards, seed=seed, whist=whist) if results else ()
    if names is None:
        names = {label: f"Player {label}a & Player {label}b" for label in movement.entrants}
    return EventSheet(club="Demo Club", name="Monday Pairs", date=date, game=game, scoring="matchpoints",
                      movement=movement, boards=boards, seed=seed, seed_algorithm=ALGORITHM,
                      analyses=analyses or {}, names=names, results=played, scored=demo_scores(movement, played))
