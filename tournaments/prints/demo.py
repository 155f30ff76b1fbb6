"""A made-up but plausible event sheet (movement, seeded deals, results) for tests and the
benchmark: the same arguments always give the same sheet. Contracts come from the double-dummy
table when one is given, else from a hash of the seed; raw scores from the scoring engine, and
the made-up sheet's "stored" scores (its ``scored``) from the engine's matchpoints, standing in
for what a scoring run stores for a real event."""
from __future__ import annotations

import datetime
import hashlib
from dataclasses import replace

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


def demo_teams_sheet(teams: int = 8, *, format: str = "swiss", rounds: int = 3, boards_per_match: int = 8,
                     scored_rounds: int | None = None, seed: str = "cardroom-teams") -> EventSheet:
    """A made-up teams event: ``teams`` teams drawn by the round-robin circle (a stand-in for any
    draw), match IMPs from a hash of the seed, VPs from the engine's WBF scale and standings by
    VPs; the first ``scored_rounds`` rounds scored (all by default)."""
    from scoring.engine.imps import victory_points
    from tournaments.movements.model import RoundPlan, TablePlay, board_set
    from tournaments.movements.teams import round_robin

    from .teams_sheet import MatchLine, TeamLine, TeamsSheet, TeamStandingLine

    scored_rounds = rounds if scored_rounds is None else scored_rounds
    schedule = round_robin(teams)[:rounds]
    lines, plans = [], []
    vps = {t: 0.0 for t in range(1, teams + 1)}
    imps_for = {t: 0.0 for t in range(1, teams + 1)}
    imps_against = {t: 0.0 for t in range(1, teams + 1)}
    played = {t: 0 for t in range(1, teams + 1)}
    for r, pairing in enumerate(schedule, start=1):
        boards = board_set(r, boards_per_match)
        tables = []
        for m, (home, away) in enumerate(pairing, start=1):
            tables += [TablePlay(2 * m - 1, boards, ns=f"{home}NS", ew=f"{away}EW"),
                       TablePlay(2 * m, boards, ns=f"{away}NS", ew=f"{home}EW")]
            line = MatchLine(r, m, home, away, 2 * m - 1, 2 * m, boards)
            if r <= scored_rounds:
                h, a = _draw(seed, r, m) % 45, _draw(seed, r, m, "away") % 40
                vh, va = victory_points(h - a, boards_per_match)
                line = replace(line, status="complete", boards_compared=boards_per_match, imps_home=h, imps_away=a,
                               vp_home=vh, vp_away=va)
                for t, mine, theirs, vp in ((home, h, a, vh), (away, a, h, va)):
                    vps[t] += vp
                    imps_for[t] += mine
                    imps_against[t] += theirs
                    played[t] += 1
            lines.append(line)
        resting = sorted(set(range(1, teams + 1)) - {t for match in pairing for t in match})
        for k, t in enumerate(resting, start=len(pairing) + 1):
            lines.append(MatchLine(r, k, t, None, vp_home=12.0 if r <= scored_rounds else None,
                                   status="complete" if r <= scored_rounds else "drawn"))
            if r <= scored_rounds:
                vps[t] += 12.0
        plans.append(RoundPlan(r, tuple(tables), tuple(f"{t}{d}" for t in resting for d in ("NS", "EW"))))
    movement = Movement(kind="teams", winners=1, tables=2 * (teams // 2), boards_per_round=boards_per_match,
                        rounds_detail=tuple(plans), shared=True)
    order = sorted(vps, key=lambda t: (-round(vps[t], 2), t))
    standings = tuple(TeamStandingLine(i, str(i), t, round(vps[t], 2), imps_for[t], imps_against[t], played[t])
                      for i, t in enumerate(order, start=1)) if scored_rounds else ()
    names = ("Aces", "Kings", "Queens", "Knaves", "Tens", "Nines", "Eights", "Sevens", "Sixes", "Fives",
             "Fours", "Treys")
    team_lines = tuple(TeamLine(t, f"The {names[(t - 1) % len(names)]}" + (f" {t}" if t > len(names) else ""),
                                tuple(f"Player {t}{x}" for x in "ABCD"), f"Player {t}A") for t in range(1, teams + 1))
    count = max(movement.board_numbers())
    return EventSheet(club="Demo Club", name="Thursday Teams", date=datetime.date(2026, 11, 26),
                      game="duplicate_bridge", scoring="imps", movement=movement,
                      boards=deal_set(seed, count, BRIDGE), seed=seed, seed_algorithm=ALGORITHM,
                      teams=TeamsSheet(format=format, boards_per_match=boards_per_match, rounds_planned=rounds,
                                       current_round=rounds, teams=team_lines, matches=tuple(lines),
                                       standings=standings))
