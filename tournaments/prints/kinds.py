"""The print kinds by their URL name, and one call to build any of them from a sheet."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from . import guide_cards, hand_cards, hand_records, results, score_slips, score_cards, table_cards, travellers
from .render import PrintError
from .sheet import WHIST_GAMES, EventSheet


@dataclass(frozen=True)
class PrintKind:
    name: str
    title: str
    template: str
    build: Callable[..., dict]
    filters: tuple[str, ...] = ()  # which of board / pair / table narrow it
    games: frozenset[str] | None = None  # the games it is made for; None: every game
    director: bool = False  # shows what only a director may see (table PINs)

    def fits(self, game: str) -> bool:
        return self.games is None or game in self.games


KINDS = {k.name: k for k in (
    PrintKind("travellers", "Travellers", travellers.TEMPLATE, travellers.build, ("board",)),
    PrintKind("score-slips", "Score slips", score_slips.TEMPLATE, score_slips.build, ("table", "pair")),
    PrintKind("score-cards", "Score cards", score_cards.TEMPLATE, score_cards.build, ("pair",)),
    PrintKind("guide-cards", "Guide cards", guide_cards.TEMPLATE, guide_cards.build, ("table",)),
    PrintKind("hand-cards", "Hand cards", hand_cards.TEMPLATE, hand_cards.build, ("board",),
              games=frozenset(WHIST_GAMES)),
    PrintKind("hand-records", "Hand records", hand_records.TEMPLATE, hand_records.build, ("board",)),
    PrintKind("results", "Results", results.TEMPLATE, results.build, ()),
    PrintKind("table-cards", "Table cards", table_cards.TEMPLATE, table_cards.build, ("table",), director=True),
)}
# The pack's order: what the director needs before play, then the results once there are standings.
PACK_KINDS = ("guide-cards", "travellers", "score-slips", "score-cards", "hand-cards", "hand-records", "results")


def get_kind(name: str) -> PrintKind:
    try:
        return KINDS[name]
    except KeyError:
        raise PrintError(f"print {name!r} is not one of {', '.join(KINDS)}", "kind") from None


def kinds_for(game: str, *, director: bool = False) -> list[PrintKind]:
    """The prints that fit the game (no whist hand cards for bridge), the director's own only for a director."""
    return [k for k in KINDS.values() if k.fits(game) and (director or not k.director)]


def build_print(sheet: EventSheet, kind: str, *, board: int | None = None, pair: str | None = None,
                table: int | None = None) -> tuple[str, dict, str]:
    """(template, context, title) of one print; board/pair/table narrow it where the kind allows."""
    spec = get_kind(kind)
    wanted = {"board": board, "pair": pair, "table": table}
    given = {k: v for k, v in wanted.items() if v not in (None, "")}
    if not spec.fits(sheet.game):
        raise PrintError(f"{spec.title.lower()} are not made for {sheet.game.replace('_', ' ')}", "kind")
    extra = set(given) - set(spec.filters)
    if extra:
        raise PrintError(f"{spec.title.lower()} cannot be narrowed by {', '.join(sorted(extra))}", sorted(extra)[0])
    if "board" in given and given["board"] not in sheet.board_numbers():
        raise PrintError(f"board {given['board']} is not in this event", "board")
    if "pair" in given and given["pair"] not in sheet.pairs:
        raise PrintError(f"pair {given['pair']!r} is not in this event", "pair")
    if "table" in given and given["table"] not in sheet.movement.table_numbers():
        raise PrintError(f"table {given['table']} is not in this event", "table")
    context = spec.build(sheet, **given)
    title = f"{spec.title} · {sheet.title}"
    return spec.template, context, title
