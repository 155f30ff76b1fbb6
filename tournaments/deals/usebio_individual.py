"""USEBIO 1.2 for an individual (``EVENT_TYPE="INDIVIDUAL"``): one participant per player and
traveller lines naming the four players.

A participant is ``PARTICIPANTS/PLAYER`` (``PLAYER_NUMBER``, ``PLAYER_NAME``,
``NATIONAL_ID_NUMBER``, ``CLUB_ID_NUMBER``, ``TOTAL_SCORE``, ``PERCENTAGE``, ``BOARDS_PLAYED``,
``PLACE``: the elements a pair carries, on the player); a ``TRAVELLER_LINE`` names its table by
``NORTH_PLAYER_NUMBER``, ``SOUTH_PLAYER_NUMBER``, ``EAST_PLAYER_NUMBER`` and
``WEST_PLAYER_NUMBER`` instead of the two pair numbers, the rest of the line (contract, score, the
N-S and E-W points, which every player of a side shares) as for pairs. Read into the pairs
shapes: a ``UsebioPair`` with one player, a ``UsebioLine`` with ``south``/``west``.
"""
from __future__ import annotations

from .usebio import (_POINTS, UsebioError, UsebioLine, UsebioPair, UsebioPlayer, _el, _Node, _number)

__all__ = ["SEAT_ELEMENTS", "individual_line", "individual_player", "player_xml", "seats_xml"]

SEAT_ELEMENTS = ("NORTH_PLAYER_NUMBER", "SOUTH_PLAYER_NUMBER", "EAST_PLAYER_NUMBER", "WEST_PLAYER_NUMBER")


def individual_player(node: _Node) -> UsebioPair:
    """A ``PARTICIPANTS/PLAYER`` as a participant of one player."""
    number = node.value("PLAYER_NUMBER")
    if not number:
        raise UsebioError("PLAYER without a PLAYER_NUMBER (an individual's participant)", node.line)
    player = UsebioPlayer(node.value("PLAYER_NAME"), node.value("NATIONAL_ID_NUMBER"), node.value("CLUB_ID_NUMBER"))
    return UsebioPair(
        number=number, players=(player,), place=node.value("PLACE"),
        total_score=_number(node.value("TOTAL_SCORE"), "TOTAL_SCORE", node.line),
        percentage=_number(node.value("PERCENTAGE").rstrip("%"), "PERCENTAGE", node.line),
        boards_played=_number(node.value("BOARDS_PLAYED"), "BOARDS_PLAYED", node.line, int), line=node.line)


def individual_line(node: _Node, points: str) -> UsebioLine:
    """A traveller line of an individual: the four players, then as a pairs line."""
    seats = [node.value(tag) for tag in SEAT_ELEMENTS]
    missing = [tag for tag, value in zip(SEAT_ELEMENTS, seats) if not value]
    if missing:
        raise UsebioError(f"TRAVELLER_LINE of an individual without {', '.join(missing)}", node.line)
    north, south, east, west = seats
    tag = _POINTS[points]
    ns_pts = node.value("NS_" + tag) or node.value("NS_IMPS")
    ew_pts = node.value("EW_" + tag) or node.value("EW_IMPS")
    return UsebioLine(
        ns=north, ew=east, south=south, west=west, score=node.value("SCORE"), contract=node.value("CONTRACT"),
        played_by=node.value("PLAYED_BY").upper()[:1], lead=node.value("LEAD"),
        tricks=_number(node.value("TRICKS"), "TRICKS", node.line, int),
        ns_points=_number(ns_pts, "NS_" + tag, node.line), ew_points=_number(ew_pts, "EW_" + tag, node.line),
        ns_score=node.value("NS_SCORE"), ew_score=node.value("EW_SCORE"), line=node.line)


def player_xml(p: UsebioPair) -> list[str]:
    """One player's ``PARTICIPANTS/PLAYER`` element."""
    person = p.players[0] if p.players else UsebioPlayer("")
    return ["   <PLAYER>\n", _el("PLAYER_NUMBER", p.number, 4), _el("PLAYER_NAME", person.name, 4),
            _el("NATIONAL_ID_NUMBER", person.national_id, 4), _el("CLUB_ID_NUMBER", person.club_id, 4),
            _el("TOTAL_SCORE", p.total_score, 4), _el("PERCENTAGE", p.percentage, 4),
            _el("BOARDS_PLAYED", p.boards_played, 4), _el("PLACE", p.place, 4), "   </PLAYER>\n"]


def seats_xml(t: UsebioLine) -> list[str]:
    """The four players of a traveller line."""
    return [_el(tag, value, 4) for tag, value in zip(SEAT_ELEMENTS, (t.ns, t.south, t.ew, t.west))]
