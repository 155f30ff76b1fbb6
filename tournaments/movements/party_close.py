"""A party's round close, purely: the next seating and the awards from the progression,
latecomers seated at the booby table, a latecomer's place in a rotation chart, a player's seat
taken over, and progressive hearts' retirements. State in (``party_state.PartyState``), a new
seating out; the services write it.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from . import party_draw, progressive
from .party_state import (
    GENTLEMAN, HOYLE, LADIES_UP, LADY, OPEN, PROGRESSIVE, ROTATION, STANDARD_HOYLE, WAITING, WINNERS_MOVE,
    PartyInputError, PartyState, Player, chart_byes, chart_seating)

WIN = progressive.WIN


@dataclass(frozen=True)
class RoundClose:
    """The close of a round: the next seating (None when play ends), its byes, the awards of
    the closed round (``{label: ("gold",)}``) and the latecomers the next round seats."""

    seating: progressive.Seating | None
    byes: tuple[str, ...] = ()
    awards: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    joined: tuple[str, ...] = ()


def table_wins(seating: progressive.Seating, outcomes: Sequence[int | None]) -> dict[str, tuple[str, ...]]:
    """A "won the table" mark for each player of each winning side (no winner: no mark)."""
    return {player: (WIN,) for table, won in zip(seating, outcomes) if won is not None for player in table[won]}


def progress(state: PartyState, seating: progressive.Seating, outcomes: Sequence[int | None], number: int):
    """Next seating (None at the chart's end), byes and awards, from the progression."""
    if state.progression in (HOYLE, STANDARD_HOYLE, WINNERS_MOVE):
        rules = progressive.HOYLES_GAMES_MODERNIZED if state.progression == HOYLE else progressive.STANDARD_HOYLE
        nxt, awards = progressive.euchre_progression(seating, outcomes, rules)
        if state.progression == WINNERS_MOVE:
            awards = table_wins(seating, outcomes)
        return nxt, (), awards
    if state.progression in (LADIES_UP, PROGRESSIVE):
        rules = progressive.WhistDriveRules(change_partners=state.progression == PROGRESSIVE)
        nxt, awards = progressive.whist_drive_progression(seating, outcomes, rules)
        return nxt, (), awards
    chart = state.chart()
    awards = table_wins(seating, outcomes)
    if number >= len(chart):
        return None, (), awards
    return chart_seating(state.chart_slots, chart[number]), chart_byes(state.chart_slots, chart[number]), awards


def close_round(state: PartyState, seating: progressive.Seating, outcomes: Sequence[int | None], number: int,
                planned: int | None = None) -> RoundClose:
    """Close round ``number``: awards, and the next round's seating unless play ends (the
    progression's end, or ``planned`` rounds played). Waiting latecomers join at the booby
    table (a rotation chart seats its latecomers itself)."""
    nxt, byes, awards = progress(state, seating, outcomes, number)
    if nxt is None or (planned and number >= planned):
        return RoundClose(seating=None, awards=awards)
    waiting = [p for p in state.players if p.status == WAITING and not p.ghost]
    if state.progression != ROTATION:
        nxt = seat_latecomers(nxt, waiting, state.ghosts)
    seated = {p for table in nxt for side in table for p in side} | set(byes)
    return RoundClose(seating=nxt, byes=tuple(byes), awards=awards,
                      joined=tuple(p.label for p in waiting if p.label in seated))


def seat_latecomers(seating: progressive.Seating, waiting: Sequence[Player], ghosts) -> progressive.Seating:
    """Latecomers join at the booby table: first into ghost seats, nearest the foot first, then
    four at a time as a new booby table (two ladies and two gentlemen when categorised)."""
    waiting = list(waiting)
    tables = [[list(side) for side in table] for table in seating]
    for t in reversed(range(len(tables))):
        for s in range(2):
            for pos in range(2):
                if tables[t][s][pos] not in ghosts:
                    continue
                fit = next((w for w in waiting if w.category == OPEN or w.category == (LADY, GENTLEMAN)[pos]), None)
                if fit:
                    tables[t][s][pos] = fit.label
                    waiting.remove(fit)
    while True:
        ladies = [w for w in waiting if w.category != GENTLEMAN]
        gents = [w for w in waiting if w.category == GENTLEMAN]
        if not gents and len(ladies) >= 4:
            four = ladies[:4]
        elif len(ladies) >= 2 and len(gents) >= 2:
            four = [ladies[0], gents[0], ladies[1], gents[1]]
        else:
            break
        waiting = [w for w in waiting if w not in four]
        tables.append([[four[0].label, four[1].label], [four[2].label, four[3].label]])
    return tuple(tuple(tuple(side) for side in table) for table in tables)


@dataclass(frozen=True)
class ChartPlace:
    """A latecomer's place in the rotation chart: the new slots and options, and a line for the
    director."""

    slots: tuple[str, ...]
    options: Mapping
    note: str


def chart_latecomer(state: PartyState, label: str, *, planned: int | None, played: set[frozenset]) -> ChartPlace:
    """Give latecomer ``label`` a place in the chart from the next round: a ghost hand's place
    (the seat of a player who left), else a phantom place of a circle chart (whoever had a bye
    against it partners the latecomer instead); with neither, the remaining rounds are rebuilt
    on a chart for the new count (``played``: the partnerships already seated)."""
    current = state.current_round
    if planned and current >= planned:
        raise PartyInputError("player", (
            f"round {current} is the last round of the rotation chart: there is no round left for a latecomer "
            "to join. The director can seat them as a substitute for a player who leaves (Leaves, with the "
            "substitute's name), or enter them in the next party."))
    slots = list(state.chart_slots)
    place = next((i for i, slot in enumerate(slots) if slot in state.ghosts), None)
    note = "the seat of a ghost hand"
    if place is None:
        place = next((i for i, slot in enumerate(slots) if not slot), None)
        note = "a phantom place (a bye) of the chart"
    nxt = current + 1
    if place is not None:
        slots[place] = label
        return ChartPlace(slots=tuple(slots), options=dict(state.options), note=f"takes {note} from round {nxt}")
    labels = [slot for slot in slots if slot] + [label]
    try:
        slots, circle = party_draw.rebuild_chart(labels, played, current, f"{state.seed}:{label}",
                                                 rounds=state.merged_options.get("rounds"))
    except party_draw.PartyRuleError as exc:
        raise PartyInputError("player", (
            f"the chart has no free place and cannot be rebuilt: {exc}. The director can seat the latecomer as "
            "a substitute for a player who leaves, or enter them in the next party.")) from None
    options = {k: v for k, v in state.options.items() if k != "chart"}
    options = {**options, "chart": "circle"} if circle else options
    return ChartPlace(slots=tuple(slots), options=options, note=(
        f"the chart had no free place: rounds {nxt} to {len(party_draw.slots_chart(slots, circle))} are rebuilt "
        f"for {len(labels)} players"))


def seat_taken(seating, byes, old: str, new: str) -> tuple[list, list]:
    """The round's seating and byes with ``new`` in ``old``'s seat (a substitute, a ghost hand)."""
    return ([[[new if p == old else p for p in side] for side in table] for table in seating],
            [new if p == old else p for p in byes])


def hearts_cut(tables: Sequence[Sequence[str]], cut, number: int) -> dict[str, int]:
    """The director's cut at a hearts close, ``{label: card}`` for players of the round."""
    seated = {label for table in tables for label in table}
    if not isinstance(cut, dict) or any(label not in seated for label in cut) or any(
            isinstance(c, bool) or not isinstance(c, int) or not 1 <= c <= 13 for c in cut.values()):
        raise PartyInputError("cut", f"the cut is {{player: card}} for players of round {number}, a card 1 (ace) "
                                     "to 13 (king), e.g. {\"3\": 12, \"7\": 5}")
    return dict(cut)


def hearts_next(state: PartyState, tables: Sequence[Sequence[str]], lost: Mapping[str, int],
                totals: Mapping[str, int], cards: Mapping[str, int], number: int) -> progressive.Seating | None:
    """Progressive hearts: "Four losers retire and there are eight. The sifting process takes
    place until there are only four players. The four play." (Standard Hoyle). None after the
    final table; otherwise four retire (``progressive.hearts_retirees``) and the rest are drawn
    afresh to fewer tables."""
    if len(tables) <= 1:
        return None
    try:
        retire = progressive.hearts_retirees(tables, lost, totals, how=state.merged_options["retire"], cut=cards,
                                             ghosts=state.ghosts)
    except progressive.HeartsTie as exc:
        who = "; ".join(f"{p}: {lost[p]} this round, {totals[p]} in all" for p in exc.players)
        example = ", ".join(f'"{p}": {c}' for p, c in zip(exc.players, (12, 5, 9, 2, 7, 10, 3, 11)))
        raise PartyInputError("cut", f"{exc} ({who}); e.g. {{{example}}}") from None
    stay = [label for table in tables for label in table if label not in retire]
    return party_draw.draw_hearts(stay, f"{state.seed}:round{number + 1}").seating
