"""Teams prints, built from a sheet whose ``teams`` is filled (``teams_sheet.TeamsSheet``):

- team score cards: the card each of a team's pairs fills in at its table and then compares
  with its teammates' card (ACBL Swiss team score card: board, vulnerability, contract, by,
  result, plus and minus, then the IMPs won and lost on the comparison);
- match result slips: per match the two teams, IMPs (and carry-over in a knockout), VPs and the
  captains' signatures;
- the draw: which match at which tables each round (the round-robin chart, the Swiss draw,
  the knockout bracket);
- the results: the standings (VPs, IMPs for and against) and every match's score.
"""
from __future__ import annotations

from tournaments.deals.boards import board_dealer, board_vulnerability

from .notation import number, signed
from .sheet import EventSheet
from .teams_sheet import MatchLine, TeamsSheet, scale_text

SCORE_CARDS = "print/team_score_cards.html"
MATCH_SLIPS = "print/match_slips.html"
DRAW = "print/team_draw.html"
RESULTS = "print/team_results.html"
USABLE_MM = 245  # printable height of the smaller paper (Letter) less the footer
VUL_SHORT = {"None": "None", "NS": "N-S", "EW": "E-W", "All": "All"}
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}


def teams_of(sheet: EventSheet) -> TeamsSheet:
    """The sheet's teams (``kinds.build_print`` refuses a teams print for a pairs event first)."""
    if sheet.teams is None:
        raise ValueError("this print is made for a teams event")
    return sheet.teams


def _rounds(teams: TeamsSheet, round_: int | None) -> list[int]:
    """The round asked for, else the last round drawn (the one about to be played)."""
    if round_ is not None:
        return [round_]
    drawn = teams.round_numbers()
    return [drawn[-1]] if drawn else []


def boards_text(boards: tuple[int, ...]) -> str:
    if not boards:
        return ""
    ordered = sorted(boards)
    if ordered == list(range(ordered[0], ordered[-1] + 1)) and len(ordered) > 1:
        return f"boards {ordered[0]}–{ordered[-1]}"
    return ("boards " if len(ordered) > 1 else "board ") + ", ".join(map(str, ordered))


def board_rows(sheet: EventSheet, boards: tuple[int, ...]) -> list[dict]:
    rows = []
    for b in boards:
        dealt = sheet.board(b)
        vul = (dealt.vulnerability if dealt is not None and dealt.vulnerability else board_vulnerability(b))
        dealer = dealt.dealer if dealt is not None and dealt.dealer else board_dealer(b)
        rows.append({"board": b, "vul": VUL_SHORT.get(vul, vul), "dealer": dealer})
    return rows


def cards_per_page(boards: int) -> int:
    """How many score cards fit a page: about 38 mm of heading and 6.5 mm a board."""
    return max(1, min(3, int(USABLE_MM // (38 + 6.5 * max(1, boards)))))


def _card(sheet: EventSheet, teams: TeamsSheet, m: MatchLine, team: int, other: int, table: int,
          open_room: bool, direction: str, teammates: int | None) -> dict:
    own = teams.team(team)
    return {
        "round": m.round, "match": m.number, "segment": m.segment if m.tie else None, "table": table,
        "room": "open room" if open_room else "closed room", "direction": direction, "teammates": teammates,
        "team": teams.team_name(team), "number": team, "opponent": teams.team_name(other), "opponent_number": other,
        "players": ", ".join(own.players) if own else "", "rows": board_rows(sheet, m.boards),
    }


def score_cards(sheet: EventSheet, *, round: int | None = None, table: int | None = None) -> dict:
    """Four cards a match: each team's pair at the open-room table and at the closed-room table."""
    teams = teams_of(sheet)
    cards = []
    for r in _rounds(teams, round):
        for m in teams.matches_of(r):
            if m.is_bye:
                continue
            for t, ns, ew, open_room, mate in ((m.table_open, m.home, m.away, True, m.table_closed),
                                               (m.table_closed, m.away, m.home, False, m.table_open)):
                if table is not None and t != table:
                    continue
                cards.append(_card(sheet, teams, m, ns, ew, t, open_room, "N-S", mate))
                cards.append(_card(sheet, teams, m, ew, ns, t, open_room, "E-W", mate))
    per = cards_per_page(teams.boards_per_match)
    return {"sheet": sheet, "teams": teams, "pages": [cards[i:i + per] for i in range(0, len(cards), per)],
            "bam": teams.board_a_match, "per_page": per}


def match_slips(sheet: EventSheet, *, round: int | None = None) -> dict:
    """A slip a match (byes have none), four or five a page, cut apart."""
    teams = teams_of(sheet)
    slips = []
    for r in _rounds(teams, round):
        for m in teams.matches_of(r):
            if m.is_bye:
                continue
            slips.append({"round": m.round, "match": m.number, "tie": m.tie, "segment": m.segment,
                          "tables": f"tables {m.table_open} and {m.table_closed}", "boards": boards_text(m.boards),
                          "home": teams.team(m.home) or m.home, "away": teams.team(m.away) or m.away,
                          "home_name": teams.team_name(m.home), "away_name": teams.team_name(m.away)})
    per = 4 if teams.format == "knockout" else 5
    return {"sheet": sheet, "teams": teams, "pages": [slips[i:i + per] for i in range(0, len(slips), per)],
            "knockout": teams.format == "knockout", "vps": teams.uses_vps and teams.format != "knockout",
            "bam": teams.board_a_match,
            "scale": scale_text(teams.vp_scale)}


def _match_row(teams: TeamsSheet, m: MatchLine) -> dict:
    return {"match": m.number, "home": m.home, "home_name": teams.team_name(m.home), "away": m.away,
            "away_name": teams.team_name(m.away), "bye": m.is_bye, "open": m.table_open, "closed": m.table_closed,
            "boards": boards_text(m.boards), "tie": m.tie, "segment": m.segment}


def round_robin_chart(teams: TeamsSheet) -> dict:
    """Rounds down, matches across: "3 v 5" with its tables, the bye at the end."""
    rounds = teams.round_numbers()
    width = max((sum(1 for m in teams.matches_of(r) if not m.is_bye) for r in rounds), default=0)
    rows = []
    for r in rounds:
        played = [m for m in teams.matches_of(r) if not m.is_bye]
        rows.append({"round": r, "cells": [{"text": f"{m.home} v {m.away}", "tables": f"T{m.table_open}–{m.table_closed}"}
                                           for m in played] + [None] * (width - len(played)),
                     "byes": ", ".join(str(m.home) for m in teams.matches_of(r) if m.is_bye)})
    return {"matches": list(range(1, width + 1)), "rows": rows, "any_bye": any(row["byes"] for row in rows)}


def draw(sheet: EventSheet, *, round: int | None = None) -> dict:
    """Every drawn round (or the one asked for): each match, its two rooms and boards."""
    teams = teams_of(sheet)
    numbers = [round] if round is not None else list(teams.round_numbers())
    heading = {"round_robin": "Round-robin chart", "swiss": "Swiss draw", "knockout": "Knockout draw"}.get(
        teams.format, "Draw")
    per_round = {"round_robin": "Round robin"}.get(teams.format, heading)
    rounds = [{"round": r, "heading": f"{per_round} · round {r}",
               "matches": [_match_row(teams, m) for m in teams.matches_of(r)],
               "boards": next((boards_text(m.boards) for m in teams.matches_of(r) if m.boards), "")}
              for r in numbers]
    chart = round_robin_chart(teams) if teams.format == "round_robin" and round is None else None
    left = teams.rounds_planned - teams.current_round if teams.rounds_planned else 0
    return {"sheet": sheet, "teams": teams, "rounds": rounds, "heading": heading, "chart": chart,
            "still_to_draw": max(0, left), "team_list": [t for t in teams.teams]}


def _imps(value: float) -> str:
    return number(round(value, 2))


def vp_text(teams: TeamsSheet, value: float | None) -> str:
    """VPs as a scorer writes them: the continuous scale to two places (15.04, 12.00), the
    discrete scales whole."""
    if value is None:
        return ""
    return f"{value:.2f}" if teams.vp_scale == "wbf_continuous" and teams.uses_vps else number(value)


def results(sheet: EventSheet) -> dict:
    """The standings, then every round's match scores; a round robin adds the cross table."""
    teams = teams_of(sheet)
    standings = []
    for s in teams.standings:
        team = teams.team(s.team)
        quotient = s.imps_for / s.imps_against if s.imps_against else None
        standings.append({"rank": s.rank, "number": s.team, "name": teams.team_name(s.team),
                          "players": ", ".join(team.players) if team else "", "played": s.played,
                          "total": vp_text(teams, s.total), "imps_for": _imps(s.imps_for),
                          "imps_against": _imps(s.imps_against), "difference": signed(round(s.imps_for - s.imps_against, 2)) or "0",
                          "quotient": f"{quotient:.3f}" if quotient is not None else "",
                          "withdrawn": bool(team and team.withdrawn), "tied": s.rank.endswith("=")})
    rounds = []
    for r in teams.round_numbers():
        rows = []
        for m in teams.matches_of(r):
            rows.append({**_match_row(teams, m), "scored": m.scored, "status": m.status,
                         "imps_home": _imps(m.imps_home), "imps_away": _imps(m.imps_away),  # carry-over included
                         "vp_home": vp_text(teams, m.vp_home), "vp_away": vp_text(teams, m.vp_away),
                         "compared": m.boards_compared, "of": len(m.boards)})
        rounds.append({"round": r, "matches": rows})
    if teams.board_a_match:
        method = {"board_a_match": "board-a-match: 2 points a board won, 1 a board tied",
                  "patton": "Patton: board-a-match points and points for the aggregate"}[teams.scoring]
    else:
        method = scale_text(teams.vp_scale)
    return {"sheet": sheet, "teams": teams, "standings": standings, "rounds": rounds, "method": method,
            "grid": cross_table(teams) if teams.format == "round_robin" else None,
            "ties": knockout_ties(teams) if teams.format == "knockout" else [],
            "total_name": "Points" if teams.board_a_match else ("VPs" if teams.uses_vps else "IMPs"),
            "scored": bool(teams.standings)}


def cross_table(teams: TeamsSheet) -> dict:
    """Row team's score against each column team (VPs, or net IMPs without VPs)."""
    numbers = [t.number for t in teams.teams]
    cell: dict[tuple[int, int], str] = {}
    for m in teams.matches:
        if m.is_bye or not m.scored:
            continue
        if teams.uses_vps and m.vp_home is not None:
            cell[(m.home, m.away)], cell[(m.away, m.home)] = vp_text(teams, m.vp_home), vp_text(teams, m.vp_away)
        else:
            diff = round(m.imps_home - m.imps_away, 2)
            cell[(m.home, m.away)], cell[(m.away, m.home)] = signed(diff) or "0", signed(-diff) or "0"
    rows = [{"number": a, "name": teams.team_name(a),
             "cells": [{"me": a == b, "text": cell.get((a, b), "")} for b in numbers]} for a in numbers]
    return {"numbers": numbers, "rows": rows}


def knockout_ties(teams: TeamsSheet) -> list[dict]:
    """Each knockout tie over its segments: the IMPs of each, the carry-over, the totals; the
    team ahead is marked (the tie rule decides a level tie: ``scoring.engine.teams.knockout_winner``)."""
    ties: dict[str, list[MatchLine]] = {}
    for m in sorted(teams.matches, key=lambda m: (m.round, m.number)):
        if m.tie and not m.is_bye:
            ties.setdefault(m.tie, []).append(m)
    out = []
    for tie, rows in ties.items():
        first = rows[0]

        def oriented(m: MatchLine) -> tuple[float, float, float, float]:
            """(home IMPs, away IMPs, home carry-over, away carry-over) of a segment, as the tie's
            first segment names home and away (stored IMPs include the carry-over)."""
            same = m.home == first.home
            return ((m.imps_home, m.imps_away, m.carry_over_home, m.carry_over_away) if same else
                    (m.imps_away, m.imps_home, m.carry_over_away, m.carry_over_home))

        parts = [oriented(m) for m in rows]
        carry = (sum(p[2] for p in parts), sum(p[3] for p in parts))
        home, away = sum(p[0] for p in parts), sum(p[1] for p in parts)
        out.append({"tie": tie, "home_name": teams.team_name(first.home), "away_name": teams.team_name(first.away),
                    "segments": [{"segment": m.segment, "round": m.round, "scored": m.scored,
                                  "home": _imps(p[0] - p[2]), "away": _imps(p[1] - p[3])} for m, p in zip(rows, parts)],
                    "carry_home": _imps(carry[0]), "carry_away": _imps(carry[1]), "carry": any(carry),
                    "total_home": _imps(home) if any(m.scored for m in rows) else "",
                    "total_away": _imps(away) if any(m.scored for m in rows) else "",
                    "ahead": "home" if home > away else "away" if away > home else "",
                    "complete": all(m.status == "complete" for m in rows)})
    return out
