"""The print kinds by their URL name, and one call to build any of them from a sheet."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from . import guide_cards, hand_cards, hand_records, results, score_slips, score_cards, table_cards, teams, travellers
from .render import PrintError
from .sheet import WHIST_GAMES, EventSheet


@dataclass(frozen=True)
class PrintKind:
    name: str
    title: str
    template: str
    build: Callable[..., dict]
    filters: tuple[str, ...] = ()  # which of board / pair / table / round narrow it
    games: frozenset[str] | None = None  # the games it is made for; None: every game
    director: bool = False  # shows what only a director may see (table PINs)
    teams: bool | None = False  # made for pairs events (False), teams events (True) or both (None)
    # The pack lays a long kind out in parts of ``per_part`` of the context's ``items`` (cards,
    # travellers, pages), each cached by its own text; ``tail`` keys print after the last item.
    items: str = ""
    per_part: int = 0
    tail: tuple[str, ...] = ()

    def fits(self, game: str, is_teams: bool = False) -> bool:
        return (self.games is None or game in self.games) and (self.teams is None or self.teams == is_teams)


KINDS = {k.name: k for k in (
    PrintKind("travellers", "Travellers", travellers.TEMPLATE, travellers.build, ("board",), items="travellers",
              per_part=3),
    PrintKind("score-slips", "Score slips", score_slips.TEMPLATE, score_slips.build, ("table", "pair"), items="pages",
              per_part=8),
    PrintKind("score-cards", "Score cards", score_cards.TEMPLATE, score_cards.build, ("pair",), items="cards",
              per_part=4),
    PrintKind("guide-cards", "Guide cards", guide_cards.TEMPLATE, guide_cards.build, ("table",), items="cards",
              per_part=5, tail=("chart",)),
    PrintKind("hand-cards", "Hand cards", hand_cards.TEMPLATE, hand_cards.build, ("board",),
              games=frozenset(WHIST_GAMES), items="pages", per_part=8),
    PrintKind("hand-records", "Hand records", hand_records.TEMPLATE, hand_records.build, ("board",), teams=None),
    PrintKind("results", "Results", results.TEMPLATE, results.build, ()),
    PrintKind("table-cards", "Table cards", table_cards.TEMPLATE, table_cards.build, ("table",), director=True,
              teams=None),
    PrintKind("draw", "Draw", teams.DRAW, teams.draw, ("round",), teams=True),
    PrintKind("team-score-cards", "Team score cards", teams.SCORE_CARDS, teams.score_cards, ("round", "table"),
              teams=True),
    PrintKind("match-slips", "Match result slips", teams.MATCH_SLIPS, teams.match_slips, ("round",), teams=True),
    PrintKind("team-results", "Results", teams.RESULTS, teams.results, (), teams=True),
)}
# The pack's order: what the director needs before play, then the results once there are standings.
PACK_KINDS = ("guide-cards", "travellers", "score-slips", "score-cards", "hand-cards", "hand-records", "results")
TEAMS_PACK_KINDS = ("draw", "team-score-cards", "match-slips", "hand-records", "team-results")
ROUND_KINDS = ("draw", "team-score-cards", "match-slips")  # a teams event's prints of one round
TEAMS_MENU = ("draw", "team-score-cards", "match-slips", "team-results", "hand-records", "table-cards")


def get_kind(name: str) -> PrintKind:
    try:
        return KINDS[name]
    except KeyError:
        raise PrintError(f"print {name!r} is not one of {', '.join(KINDS)}", "kind") from None


def kinds_for(game: str, *, director: bool = False, is_teams: bool = False) -> list[PrintKind]:
    """The prints that fit the game (no whist hand cards for bridge) and the event's format (no
    pairs' travellers or guide cards for teams), the director's own only for a director."""
    kinds = [k for k in KINDS.values() if k.fits(game, is_teams) and (director or not k.director)]
    if is_teams:  # the round's stationery first, as the director uses it
        kinds.sort(key=lambda k: TEAMS_MENU.index(k.name) if k.name in TEAMS_MENU else len(TEAMS_MENU))
    return kinds


def build_print(sheet: EventSheet, kind: str, *, board: int | None = None, pair: str | None = None,
                table: int | None = None, round: int | None = None) -> tuple[str, dict, str]:
    """(template, context, title) of one print; board/pair/table/round narrow it where the kind allows."""
    spec = get_kind(kind)
    wanted = {"board": board, "pair": pair, "table": table, "round": round}
    given = {k: v for k, v in wanted.items() if v not in (None, "")}
    if not spec.fits(sheet.game, sheet.is_teams):
        made_for = "a teams event" if sheet.is_teams else sheet.game.replace("_", " ")
        if spec.teams and not sheet.is_teams:
            made_for = "a pairs event"
        raise PrintError(f"{spec.title.lower()} are not made for {made_for}", "kind")
    extra = set(given) - set(spec.filters)
    if extra:
        raise PrintError(f"{spec.title.lower()} cannot be narrowed by {', '.join(sorted(extra))}", sorted(extra)[0])
    if "board" in given and given["board"] not in sheet.board_numbers():
        raise PrintError(f"board {given['board']} is not in this event", "board")
    if "pair" in given and given["pair"] not in sheet.pairs:
        raise PrintError(f"pair {given['pair']!r} is not in this event", "pair")
    if "table" in given and given["table"] not in sheet.movement.table_numbers():
        raise PrintError(f"table {given['table']} is not in this event", "table")
    if "round" in given and given["round"] not in sheet.teams.round_numbers():
        raise PrintError(f"round {given['round']} has not been drawn", "round")
    context = spec.build(sheet, **given)
    title = f"{spec.title} · {sheet.title}" + (f" · round {given['round']}" if "round" in given else "")
    return spec.template, context, title
