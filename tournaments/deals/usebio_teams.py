"""USEBIO 1.2 teams events (``EVENT_TYPE`` ``SWISS_TEAMS``, ``TEAMS``, ``TEAMS_OF_FOUR``,
``MULTI_TEAMS``, ``KO``...): a bounded reader and a writer, pure Python (no Django).

The shape, as the USEBIO 1.2 readers and writers that handle teams build it (Marc Shearer's
ImportUsebio for the SBU reads it; element names as in usebio_v1_2.dtd)::

    EVENT EVENT_TYPE="SWISS_TEAMS"    BOARD_SCORING_METHOD (IMPS), MATCH_SCORING_METHOD (VPS)
      PARTICIPANTS
        TEAM TEAM_ID="3" TEAM_NAME="Sharks"     PLACE, TOTAL_SCORE, PLAYER... (or PAIR... of PLAYERs)
      MATCH                            ROUND_NUMBER, TEAM, OPPOSING_TEAM, TEAM_SCORE, OPPOSING_TEAM_SCORE
        BOARD                          BOARD_NUMBER, IMPS (TEAM's net IMPs on the board)
          TRAVELLER_LINE               DIRECTION (where TEAM sat at this table), NS_PAIR_NUMBER,
                                       EW_PAIR_NUMBER, CONTRACT, PLAYED_BY, LEAD, TRICKS, SCORE (N-S)

A match's TEAM is Cardroom's home team: the line where it sits N-S is the open room, the other
the closed room. ``TEAM_SCORE``/``OPPOSING_TEAM_SCORE`` are the match's VPs (``MATCH_SCORING_METHOD``
VPS, the default) or IMPs. A MATCH with no ``OPPOSING_TEAM`` (or 0) is a bye. ``TEAM_ID`` and
``TEAM_NAME`` are read as attributes or as child elements. SESSION/SECTION wrappers are read
through. Errors name the element and line (``UsebioError``); limits as for pairs files.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from xml.sax.saxutils import escape, quoteattr

from .usebio import (DOCTYPE, UsebioError, UsebioLine, UsebioPair, UsebioPlayer, _el, _hands, _Node, _number,
                     _pair, _walk, handset_xml, usebio_event)

__all__ = ["UsebioTeam", "UsebioRoom", "UsebioMatchBoard", "UsebioMatch", "UsebioTeamsEvent", "is_teams_type",
           "usebio_event_type", "read_usebio_teams", "write_usebio_teams"]

TEAM_TYPES = ("TEAM", "KO", "KNOCKOUT")
_BYE = ("", "0", "-", "BYE")


def is_teams_type(event_type: str) -> bool:
    """A teams event's ``EVENT_TYPE`` (SWISS_TEAMS, TEAMS, TEAMS_OF_FOUR, MULTI_TEAMS, KO...)."""
    kind = event_type.upper()
    return any(word in kind for word in TEAM_TYPES)


@dataclass(frozen=True)
class UsebioTeam:
    number: str
    name: str = ""
    players: tuple[UsebioPlayer, ...] = ()
    pairs: tuple[UsebioPair, ...] = ()  # when the file lists the team's pairs (their players inside)
    place: str = ""
    total_score: float | None = None
    line: int = field(default=0, compare=False)

    @property
    def all_players(self) -> tuple[UsebioPlayer, ...]:
        return self.players + tuple(p for pair in self.pairs for p in pair.players)


@dataclass(frozen=True)
class UsebioRoom:
    """One table of a match's board: ``direction`` is where the match's TEAM sat ("NS": the open
    room, "EW": the closed room); ``result`` the traveller line (pair numbers may be empty)."""

    direction: str
    result: UsebioLine


@dataclass(frozen=True)
class UsebioMatchBoard:
    number: str
    rooms: tuple[UsebioRoom, ...]
    imps: float | None = None  # the TEAM's net IMPs as printed
    line: int = field(default=0, compare=False)

    def room(self, direction: str) -> UsebioRoom | None:
        return next((r for r in self.rooms if r.direction == direction), None)


@dataclass(frozen=True)
class UsebioMatch:
    round: int | None
    team: str
    opposing: str  # "" for a bye
    boards: tuple[UsebioMatchBoard, ...] = ()
    team_score: float | None = None
    opposing_score: float | None = None
    start_board: int | None = None
    end_board: int | None = None
    line: int = field(default=0, compare=False)

    @property
    def is_bye(self) -> bool:
        return not self.opposing


@dataclass(frozen=True)
class UsebioTeamsEvent:
    event_type: str
    teams: tuple[UsebioTeam, ...]
    matches: tuple[UsebioMatch, ...]
    description: str = ""
    date: str = ""
    club_name: str = ""
    club_id: str = ""
    program: str = ""
    board_scoring: str = "IMPS"
    match_scoring: str = "VPS"
    identifier: str = ""
    hands: dict = field(default_factory=dict, compare=False)

    @property
    def scores_are_vps(self) -> bool:
        return self.match_scoring in ("", "VPS", "VP", "VICTORY_POINTS")

    def team(self, number: str) -> UsebioTeam | None:
        return next((t for t in self.teams if t.number == number), None)


# --------------------------------------------------------------------------- reading


def usebio_event_type(data: bytes | str) -> str:
    """The file's ``EVENT_TYPE`` (upper case); UsebioError when it is not a USEBIO file."""
    _usebio, event = usebio_event(data)
    return (event.attrs.get("EVENT_TYPE") or event.value("EVENT_TYPE")).upper()


def _attr_or_value(node: _Node, name: str) -> str:
    return (node.attrs.get(name) or node.value(name)).strip()


def _team(node: _Node) -> UsebioTeam:
    number = _attr_or_value(node, "TEAM_ID") or _attr_or_value(node, "TEAM_NUMBER")
    if not number:
        raise UsebioError("TEAM without a TEAM_ID", node.line)
    players = tuple(UsebioPlayer(p.value("PLAYER_NAME"), p.value("NATIONAL_ID_NUMBER"), p.value("CLUB_ID_NUMBER"))
                    for p in node.all("PLAYER"))
    return UsebioTeam(number=number, name=_attr_or_value(node, "TEAM_NAME"), players=players,
                      pairs=tuple(_pair(p) for p in node.all("PAIR")), place=node.value("PLACE"),
                      total_score=_number(node.value("TOTAL_SCORE"), "TOTAL_SCORE", node.line), line=node.line)


def _direction(text: str, line: int) -> str:
    key = text.upper().replace("-", "").replace(" ", "").replace("/", "")
    if key in ("NS", "N", "NORTHSOUTH", "NORTH", "SOUTH", "S"):
        return "NS"
    if key in ("EW", "E", "EASTWEST", "EAST", "WEST", "W"):
        return "EW"
    raise UsebioError(f"DIRECTION {text!r}: expected NS or EW (where the match's TEAM sat)", line)


def _room_line(node: _Node) -> UsebioLine:
    return UsebioLine(
        ns=node.value("NS_PAIR_NUMBER"), ew=node.value("EW_PAIR_NUMBER"), score=node.value("SCORE"),
        contract=node.value("CONTRACT"), played_by=node.value("PLAYED_BY").upper()[:1], lead=node.value("LEAD"),
        tricks=_number(node.value("TRICKS"), "TRICKS", node.line, int), ns_score=node.value("NS_SCORE"),
        ew_score=node.value("EW_SCORE"), line=node.line)


def _rooms(board: _Node, team: UsebioTeam | None, opposing: UsebioTeam | None) -> tuple[UsebioRoom, ...]:
    """The board's traveller lines as rooms. Without DIRECTION, the team's pair numbers tell
    where it sat (when the file lists its pairs); failing that, the first line is the open room."""
    lines = board.all("TRAVELLER_LINE")
    if len(lines) > 2:
        raise UsebioError(f"BOARD has {len(lines)} TRAVELLER_LINEs: a match board is played in two rooms",
                          lines[2].line)
    ours = {p.number for p in team.pairs} if team else set()
    theirs = {p.number for p in opposing.pairs} if opposing else set()
    rooms, seen = [], {}
    for i, node in enumerate(lines):
        result = _room_line(node)
        text = node.value("DIRECTION")
        if text:
            direction = _direction(text, node.line)
        elif result.ns and (result.ns in ours or result.ew in theirs):
            direction = "NS"
        elif result.ew and (result.ew in ours or result.ns in theirs):
            direction = "EW"
        else:
            direction = ("NS", "EW")[i]
        if direction in seen:
            raise UsebioError(f"both TRAVELLER_LINEs have the match's TEAM sitting {direction} (first at line "
                              f"{seen[direction]})", node.line)
        seen[direction] = node.line
        rooms.append(UsebioRoom(direction, result))
    return tuple(rooms)


def _match(node: _Node, teams: dict[str, UsebioTeam]) -> UsebioMatch:
    team, opposing = node.value("TEAM"), node.value("OPPOSING_TEAM")
    opposing = "" if opposing.upper() in _BYE else opposing
    if not team:
        raise UsebioError("MATCH without a TEAM", node.line)
    if team == opposing:
        raise UsebioError(f"MATCH: team {team} plays itself", node.line)
    if teams:
        for number in (team, opposing):
            if number and number not in teams:
                raise UsebioError(f"MATCH: team {number} is not among the PARTICIPANTS", node.line)
    boards, seen = [], {}
    for b in node.all("BOARD"):
        number = b.value("BOARD_NUMBER") or b.attrs.get("BOARD_NUMBER", "")
        if not number:
            raise UsebioError("BOARD without a BOARD_NUMBER", b.line)
        if number in seen:
            raise UsebioError(f"BOARD {number} appears twice in this MATCH (first at line {seen[number]})", b.line)
        seen[number] = b.line
        boards.append(UsebioMatchBoard(number, _rooms(b, teams.get(team), teams.get(opposing)),
                                       _number(b.value("IMPS"), "IMPS", b.line), b.line))
    rnd = _number(node.value("ROUND_NUMBER"), "ROUND_NUMBER", node.line, int)
    return UsebioMatch(
        round=rnd, team=team, opposing=opposing, boards=tuple(boards),
        team_score=_number(node.value("TEAM_SCORE"), "TEAM_SCORE", node.line),
        opposing_score=_number(node.value("OPPOSING_TEAM_SCORE"), "OPPOSING_TEAM_SCORE", node.line),
        start_board=_number(node.value("START_BOARD_NUMBER"), "START_BOARD_NUMBER", node.line, int),
        end_board=_number(node.value("END_BOARD_NUMBER"), "END_BOARD_NUMBER", node.line, int), line=node.line)


def read_usebio_teams(data: bytes | str) -> UsebioTeamsEvent:
    """Read the first EVENT of a teams USEBIO file; UsebioError naming element and line."""
    usebio, event = usebio_event(data)
    event_type = (event.attrs.get("EVENT_TYPE") or event.value("EVENT_TYPE")).upper()
    if not is_teams_type(event_type):
        raise UsebioError(f"EVENT_TYPE {event_type or '(none)'} is not a teams event", event.line)
    club = usebio.find("CLUB") or _Node("CLUB", {}, 0)
    teams: dict[str, UsebioTeam] = {}
    for parts in _walk(event, "PARTICIPANTS"):
        for node in parts.all("TEAM"):
            team = _team(node)
            if team.number in teams:
                raise UsebioError(f"TEAM_ID {team.number} appears twice (first at line {teams[team.number].line})",
                                  node.line)
            teams[team.number] = team
    matches, seen = [], {}
    for node in _walk(event, "MATCH"):
        match = _match(node, teams)
        key = (match.round, frozenset((match.team, match.opposing)), tuple(b.number for b in match.boards))
        if match.opposing and key in seen:
            raise UsebioError(f"round {match.round}: {match.team} v {match.opposing} on the same boards appears twice "
                              f"(first at line {seen[key]})", node.line)
        seen[key] = node.line
        matches.append(match)
    if not matches:
        raise UsebioError("teams EVENT has no MATCH", event.line)
    return UsebioTeamsEvent(
        event_type=event_type, teams=tuple(teams.values()), matches=tuple(matches),
        description=event.value("EVENT_DESCRIPTION"), date=event.value("DATE"), club_name=club.value("CLUB_NAME"),
        club_id=club.value("CLUB_ID_NUMBER"), program=event.value("PROGRAM_NAME"),
        board_scoring=(event.value("BOARD_SCORING_METHOD") or "IMPS").upper(),
        match_scoring=event.value("MATCH_SCORING_METHOD").upper() or "VPS",
        identifier=event.value("EVENT_IDENTIFIER"), hands=_hands(usebio))


# --------------------------------------------------------------------------- writing


def _figure(value) -> str | None:
    """IMPs and VPs as written: whole numbers without decimals, others to two."""
    if value is None:
        return None
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}"


def _players(players, indent: int) -> list[str]:
    pad = " " * indent
    out = []
    for pl in players:
        out += [f"{pad}<PLAYER>\n", _el("PLAYER_NAME", pl.name, indent + 1),
                _el("NATIONAL_ID_NUMBER", pl.national_id, indent + 1), _el("CLUB_ID_NUMBER", pl.club_id, indent + 1),
                f"{pad}</PLAYER>\n"]
    return out


def _team_xml(t: UsebioTeam) -> list[str]:
    w = [f"   <TEAM TEAM_ID={quoteattr(t.number)} TEAM_NAME={quoteattr(t.name)}>\n",
         _el("PLACE", t.place, 4), _el("TOTAL_SCORE", _figure(t.total_score), 4)]
    w += _players(t.players, 4)
    for p in t.pairs:
        w += ["    <PAIR>\n", _el("PAIR_NUMBER", p.number, 5), _el("DIRECTION", p.direction, 5)]
        w += _players(p.players, 5)
        w.append("    </PAIR>\n")
    w.append("   </TEAM>\n")
    return w


def _match_xml(m: UsebioMatch) -> list[str]:
    w = ["  <MATCH>\n", _el("ROUND_NUMBER", m.round, 3), _el("TEAM", m.team, 3), _el("OPPOSING_TEAM", m.opposing, 3),
         _el("START_BOARD_NUMBER", m.start_board, 3), _el("END_BOARD_NUMBER", m.end_board, 3),
         _el("TEAM_SCORE", _figure(m.team_score), 3), _el("OPPOSING_TEAM_SCORE", _figure(m.opposing_score), 3)]
    for b in m.boards:
        w += ["   <BOARD>\n", _el("BOARD_NUMBER", b.number, 4), _el("IMPS", _figure(b.imps), 4)]
        for room in b.rooms:
            t = room.result
            w += ["    <TRAVELLER_LINE>\n", _el("DIRECTION", room.direction, 5), _el("NS_PAIR_NUMBER", t.ns, 5),
                  _el("EW_PAIR_NUMBER", t.ew, 5), _el("CONTRACT", t.contract, 5), _el("PLAYED_BY", t.played_by, 5),
                  _el("LEAD", t.lead, 5), _el("TRICKS", t.tricks, 5), _el("SCORE", t.score, 5),
                  _el("NS_SCORE", t.ns_score, 5), _el("EW_SCORE", t.ew_score, 5), "    </TRAVELLER_LINE>\n"]
        w.append("   </BOARD>\n")
    w.append("  </MATCH>\n")
    return w


def write_usebio_teams(event: UsebioTeamsEvent) -> bytes:
    """USEBIO 1.2 XML (UTF-8) for a teams event; the inverse of read_usebio_teams."""
    w = ['<?xml version="1.0" encoding="UTF-8"?>\n', DOCTYPE + "\n", '<USEBIO Version="1.2">\n', " <CLUB>\n",
         _el("CLUB_NAME", event.club_name, 2), _el("CLUB_ID_NUMBER", event.club_id, 2), " </CLUB>\n",
         f' <EVENT EVENT_TYPE="{escape(event.event_type)}">\n',
         _el("EVENT_IDENTIFIER", event.identifier, 2), _el("EVENT_DESCRIPTION", event.description, 2),
         _el("PROGRAM_NAME", event.program, 2), _el("DATE", event.date, 2),
         _el("BOARD_SCORING_METHOD", event.board_scoring, 2), _el("MATCH_SCORING_METHOD", event.match_scoring, 2),
         "  <PARTICIPANTS>\n"]
    for t in event.teams:
        w += _team_xml(t)
    w.append("  </PARTICIPANTS>\n")
    for m in event.matches:
        w += _match_xml(m)
    w.append(" </EVENT>\n")
    w += handset_xml(event.hands)
    w.append("</USEBIO>\n")
    return "".join(w).encode("utf-8")
