"""``usebio score`` for a teams file: every match rescored from its two rooms' traveller lines
(``teams.match_score``: WBF IMP scale, Law 86B adjusted scores; VPs on the chosen scale for the
match's length, WBF 2013 continuous by default), the teams ranked (``teams.rank_teams``), and
each figure the file printed kept beside Cardroom's with counts of agreement: the boards' IMPs
(``BOARD/IMPS``), the matches' VPs (``TEAM_SCORE``/``OPPOSING_TEAM_SCORE``) and the ranking
(``PLACE``/``TOTAL_SCORE``). The JSON is ``pbn score``'s for teams files (``pbnteams.score_teams``).
"""
from __future__ import annotations

from tournaments.deals.usebio_teams import UsebioMatch, UsebioTeamsEvent

from .errors import ScoringError
from .pbnresults import PbnScoreError
from .pbnteams import TeamsBoard, TeamsFile, TeamsMatch, score_teams

BAM = ("BAM", "PAB", "BOARD_A_MATCH", "POINT_A_BOARD", "PATTON", "HYBRID")


def room_scores(match: UsebioMatch) -> list[tuple[int, object, object]]:
    """(board, open room N-S score, closed room N-S score) per board; a score is points, an
    adjustment or None (that room's line is missing). PbnScoreError names board and line."""
    from .usebiotool import line_result  # one reading of a traveller line for pairs and teams

    out = []
    for b in match.boards:
        if not b.number.isdigit():
            raise PbnScoreError(f"BOARD_NUMBER {b.number!r} is not a board number", b.number, b.line)
        scores = {}
        for room in b.rooms:
            r = line_result(b.number, room.result)
            scores[room.direction] = r.adjusted_ns if r.artificial else r.score_ns
        out.append((int(b.number), scores.get("NS"), scores.get("EW")))
    return out


def _length(match: UsebioMatch) -> int | None:
    if match.start_board is not None and match.end_board is not None and match.end_board >= match.start_board:
        return match.end_board - match.start_board + 1
    return None


def teams_file(event: UsebioTeamsEvent) -> TeamsFile:
    """The file's matches in the shape ``pbnteams.score_teams`` rescores."""
    vps = event.scores_are_vps
    matches = []
    for m in event.matches:
        if m.is_bye:
            printed = (m.team_score, 0.0) if vps and m.team_score is not None else None
            matches.append(TeamsMatch(m.round, m.team, "", m.line, printed_vp=printed))
            continue
        if not m.boards:
            raise PbnScoreError(f"MATCH {m.team} v {m.opposing} has no BOARD to rescore", None, m.line)
        printed_imps = {int(b.number): b.imps for b in m.boards if b.number.isdigit()}
        boards = [TeamsBoard(n, o, c, printed_imps.get(n)) for n, o, c in room_scores(m)]
        length = _length(m)
        if length and length > len(boards) and m.start_board is not None:  # boards of the range not in the file
            have = {b.board for b in boards}
            boards += [TeamsBoard(n) for n in range(m.start_board, m.end_board + 1) if n not in have]
        printed_vp = (m.team_score, m.opposing_score) if vps and None not in (m.team_score, m.opposing_score) else None
        matches.append(TeamsMatch(m.round, m.team, m.opposing, m.line, printed_vp=printed_vp,
                                  boards=tuple(sorted(boards, key=lambda b: b.board))))
    ranking = tuple((t.place.strip(), t.number, t.total_score) for t in event.teams if t.place or t.total_score
                    is not None)
    names = {t.number: t.name for t in event.teams if t.name}
    return TeamsFile(tuple(matches), names, ranking, "tables")


def score_usebio_teams(event: UsebioTeamsEvent, *, vp_scale: str | None = None, boards: int | None = None) -> dict:
    """The JSON of ``usebio score`` for a teams event (ScoringError, PbnScoreError)."""
    if any(word in event.board_scoring for word in BAM):
        raise ScoringError(f"BOARD_SCORING_METHOD {event.board_scoring}: board-a-match teams files are not "
                           f"rescored yet (IMPs only)")
    scale = vp_scale or ("wbf_continuous" if event.scores_are_vps else "none")
    out = score_teams(teams_file(event), vp_scale=scale, boards=boards)
    check = out["check"]
    out.update(source="usebio", event_type=event.event_type, program=event.program or None,
               event=event.description or None, date=event.date or None,
               agreement={"matches": f"{check['agree']}/{check['matches']}",
                          "boards_imps": f"{check['tables_agree']}/{check['tables']}",
                          "ranking": f"{check.get('ranking_agree', 0)}/{check.get('ranking', 0)}"})
    return out
