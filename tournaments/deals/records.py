"""Hand records as PBN: boards (and their analysis) to and from PBN games.

Tags written per board: Event, Site, Date, Board, Dealer, Vulnerable, Deal, and when
analysed DoubleDummyTricks, OptimumScore, ParContract and the OptimumResultTable
(PBN 2.1 with Bridge Composer's analysis tags).  Whist boards carry ``[TurnUp "2S"]``
(the dealer's turned card, Standard Hoyle, Duplicate Whist: "the trump is designated not
only as to suit, but the exact card turned") and ``Vulnerable "?"``.  The seed is kept in
``[DealSeed "<algorithm>:<seed>"]`` so a printed file can be re-derived.

``ParContract`` is written "NS 4S" when both partners make it, "W 3C" for one seat,
several contracts joined by ``;``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from .boards import BRIDGE, Board, DealRules, make_board
from .cards import Deal, DealError, parse_card
from .doubledummy import BoardAnalysis, DoubleDummy, Par
from .pbn import PbnError, PbnGame, make_game, read_pbn, write_pbn
from ..movements.limits import MAX_BOARD_NUMBER

__all__ = ["HandRecord", "boards_from_pbn", "boards_to_pbn", "board_to_game", "game_to_record"]


@dataclass(frozen=True)
class HandRecord:
    """A board read from PBN, with whatever analysis the file carried."""

    board: Board
    double_dummy: DoubleDummy | None = None
    par: Par | None = None
    line: int = 0


def _par_contract_text(contracts: Sequence[str]) -> str:
    """("4S N", "4S S", "2C E +1") -> "NS 4S;E 2C+1" (partners who both make it merged)."""
    groups: dict[str, list[str]] = {}
    for c in contracts:
        bid, seat, *result = c.split()
        groups.setdefault(bid + "".join(result), []).append(seat)
    parts = []
    for bid, seats in groups.items():
        for side in ("NS", "EW"):
            if set(side) <= set(seats):
                parts.append(f"{side} {bid}")
                seats = [s for s in seats if s not in side]
        parts.extend(f"{seat} {bid}" for seat in seats)
    return ";".join(parts)


def _par_contracts_from_text(text: str) -> tuple[str, ...]:
    out = []
    for part in text.split(";"):
        who, _, bid = part.strip().partition(" ")
        bid = bid.strip()
        if not bid:
            continue
        result = ""
        for sign in "+-":
            if sign in bid:
                bid, _, tail = bid.partition(sign)
                result = f" {sign}{tail}"
        seats = ("N", "S") if who == "NS" else ("E", "W") if who == "EW" else (who,)
        out.extend(f"{bid} {seat}{result}" for seat in seats)
    return tuple(out)


def board_to_game(
    board: Board,
    *,
    event: str = "",
    site: str = "",
    date: str = "",
    analysis: BoardAnalysis | None = None,
    seed: str | None = None,
) -> PbnGame:
    """One board as a PBN game in export tag order (analysis tags when present)."""
    tags = [
        ("Event", event or "?"),
        ("Site", site or "?"),
        ("Date", date or "?"),
        ("Board", str(board.number)),
        ("Dealer", board.dealer),
        ("Vulnerable", board.vulnerability or "?"),
        ("Deal", board.deal.to_pbn(board.dealer)),
    ]
    if board.turn_up is not None:
        tags.append(("TurnUp", str(board.turn_up)))
    if seed:
        tags.append(("DealSeed", seed))
    tables = {}
    if analysis is not None:
        tags.append(("DoubleDummyTricks", analysis.double_dummy.to_pbn()))
        if analysis.par is not None:
            tags.append(("OptimumScore", analysis.par.label))
            tags.append(("ParContract", _par_contract_text(analysis.par.contracts)))
        tables["OptimumResultTable"] = (
            "Declarer;Denomination\\2R;Result\\2R",
            analysis.double_dummy.result_rows(),
        )
    return make_game(tags, tables)


def boards_to_pbn(
    boards: Iterable[Board],
    *,
    event: str = "",
    site: str = "",
    date: str = "",
    analyses: dict[int, BoardAnalysis] | None = None,
    seed: str | None = None,
) -> str:
    """A whole set as PBN export text (CRLF)."""
    analyses = analyses or {}
    return write_pbn(
        board_to_game(b, event=event, site=site, date=date, analysis=analyses.get(b.number), seed=seed)
        for b in boards
    )


def game_to_record(game: PbnGame, rules: DealRules = BRIDGE, default_number: int | None = None) -> HandRecord:
    """Read one PBN game as a board; errors name the board and the line."""
    raw_number = game.value("Board")
    number = default_number
    if raw_number is not None:
        try:
            number = int(raw_number)
        except ValueError:
            raise PbnError(f"Board {raw_number!r} is not a number", game.line_of("Board")) from None
    if number is None or number < 1:
        raise PbnError("game has no board number", game.line)
    if number > MAX_BOARD_NUMBER:
        raise PbnError(f"board {number}: board numbers run to {MAX_BOARD_NUMBER} (limit)", game.line_of("Board"))
    try:
        deal_text = game.value("Deal")
        if deal_text is None:
            raise DealError("no Deal tag")
        deal = Deal.from_pbn(deal_text, rules.pack)
        dealer = (game.value("Dealer") or "").upper() or None
        vul = game.value("Vulnerable") if rules.vulnerable else None
        turn_up_text = game.value("TurnUp")
        turn_up = parse_card(turn_up_text) if (turn_up_text and rules.turn_up) else None
        if rules.turn_up and turn_up is None:
            raise DealError(f"{rules.name} board needs a TurnUp tag")
        board = make_board(number, deal, rules, dealer=dealer, vulnerability=vul, turn_up=turn_up)
        dd = game.value("DoubleDummyTricks")
        double_dummy = DoubleDummy.from_pbn(dd) if dd else None
        score = game.value("OptimumScore")
        par = None
        if score:
            contracts = _par_contracts_from_text(game.value("ParContract") or "")
            par = Par.from_dict({"score": score, "contracts": contracts})
    except (DealError, ValueError) as err:
        message = err.message if isinstance(err, DealError) else str(err)
        raise PbnError(f"board {number}: {message}", game.line_of("Deal")) from None
    return HandRecord(board, double_dummy, par, game.line)


def boards_from_pbn(data: bytes | str, rules: DealRules = BRIDGE) -> list[HandRecord]:
    """Every board of a PBN file; boards without a number get the next one in order.
    Raises PbnError (with line) for bad syntax, bad deals and repeated board numbers."""
    records: list[HandRecord] = []
    seen: dict[int, int] = {}
    for game in read_pbn(data):
        if game.value("Deal") is None and game.value("Board") is None:
            continue  # a header game with only Event/Site etc.
        following = records[-1].board.number + 1 if records else 1
        record = game_to_record(game, rules, default_number=following)
        n = record.board.number
        if n in seen:
            raise PbnError(f"board {n} appears twice (first at line {seen[n]})", game.line)
        seen[n] = game.line
        records.append(record)
    if not records:
        raise PbnError("no boards found")
    return records

