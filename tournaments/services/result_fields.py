"""What a submitted result says, before anything is stored: its scoring fields as stored
(``scoring_fields``: contract, declarer, tricks, lead, adjusted scores, a split score), its raw
N-S score from ``scoring.engine`` (``raw_score``), and where the movement puts it (``locate``:
the section, board, pairs or an individual's four players, round and table). Every refusal is
a ValidationError naming the field."""
from __future__ import annotations

from typing import NamedTuple

from django.core.exceptions import ValidationError

from scoring.engine import (Adjustment, ScoringError, auction_deal, board_vulnerability, bridge_whist_deal,
                            duplicate_score, duplicate_whist_score, parse_contract, preset)
from scoring.engine.entry import KEEP_TABLE, TRICKS
from scoring.engine.rules import AUCTION_1908, BRIDGE_1904, DUPLICATE_WHIST_TRICKS
from tournaments.models import Entry, EntryStatus, Event, Game, Section
from tournaments.movements.model import Slot

SEATS = ("N", "E", "S", "W")


def _label(value) -> str:
    return str(value).strip().upper() if value is not None else ""


def _tricks(value, field: str) -> int:
    """The tricks a played board needs (an int 0-13, read by ``scoring.engine.entry``)."""
    if value is None:
        raise ValidationError({field: [f"Give the number of tricks (0-{TRICKS})."]})
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= TRICKS:
        raise ValidationError({field: [f"{value!r} is not a number of tricks (0-{TRICKS})."]})
    return value


def _adjusted(data: dict) -> dict:
    """The two sides' adjusted scores: each an ``Adjustment``, ``KEEP_TABLE`` or None."""
    out = {}
    for side in ("adjusted_ns", "adjusted_ew"):
        value = data.get(side)
        if value is not None and value != KEEP_TABLE and not isinstance(value, Adjustment):
            raise ValidationError({side: [f"{value!r} is not an adjusted score (A+, A, A-, 60%, table)."]})
        out[side] = value
    return out


def scoring_fields(event: Event, data: dict) -> dict:
    """The scoring fields of a result, as stored; raise ValidationError naming the field. Tricks
    come as ints and adjusted scores as ``Adjustment`` (or ``KEEP_TABLE``), read once by
    ``scoring.engine.entry`` in the API's serializer or the page's form."""
    out = {"contract": "", "declarer": "", "tricks": None, "tricks_ns": None, "lead": "",
           "adjusted_ns": "", "adjusted_ew": ""}
    adjusted = _adjusted(data)
    keep = [side for side, value in adjusted.items() if value == KEEP_TABLE]
    if keep:
        return _clean_split(event, data, adjusted, keep)
    if adjusted["adjusted_ns"] or adjusted["adjusted_ew"]:
        ns = adjusted["adjusted_ns"] or adjusted["adjusted_ew"].complement()
        ew = adjusted["adjusted_ew"] or adjusted["adjusted_ns"].complement()
        out["adjusted_ns"], out["adjusted_ew"] = ns.label, ew.label
        return out
    if event.is_bridge:
        try:
            contract = parse_contract(str(data.get("contract", "")))
        except ScoringError as exc:
            raise ValidationError({"contract": [str(exc)]}) from None
        out["contract"] = str(contract)
        if contract.passed:
            return out
        declarer = _label(data.get("declarer"))
        if declarer not in SEATS:
            raise ValidationError({"declarer": [f"{data.get('declarer')!r}: the declarer is N, E, S or W."]})
        out["declarer"] = declarer
        out["tricks"] = _tricks(data.get("tricks"), "tricks")
        lead = str(data.get("lead") or "").strip().upper()
        if len(lead) > 3:
            raise ValidationError({"lead": ["The opening lead is a card such as SQ or H10."]})
        out["lead"] = lead
    elif event.game == Game.BRIDGE_WHIST:
        strain = str(data.get("contract", "")).strip().upper().replace("NT", "N")[:1]
        if strain not in "SCDHN" or not strain:
            raise ValidationError({"contract": ["Give the trump: S, C, D, H or NT."]})
        out["contract"] = strain
        out["tricks_ns"] = _tricks(data.get("tricks_ns"), "tricks_ns")
    else:
        if data.get("tricks_ns") is None:
            raise ValidationError({"tricks_ns": ["Give the tricks won by North-South (0-13)."]})
        out["tricks_ns"] = _tricks(data.get("tricks_ns"), "tricks_ns")
    return out


def _clean_split(event: Event, data: dict, adjusted: dict, keep: list[str]) -> dict:
    """A split score (Law 12C): one side keeps the table result ("table"), the other side gets
    an adjusted score, e.g. N-S table, E-W A-."""
    other = "adjusted_ew" if keep == ["adjusted_ns"] else "adjusted_ns"
    if len(keep) == 2 or adjusted[other] is None:
        raise ValidationError({keep[0]: ['A split score keeps the table result for one side ("table") and '
                                         "adjusts the other (A+, A, A-, 60%)."]})
    out = scoring_fields(event, {k: v for k, v in data.items() if k not in ("adjusted_ns", "adjusted_ew")})
    out[other] = adjusted[other].label
    return out


def raw_score(event: Event, board: int, fields: dict) -> int | None:
    """N-S raw score from the engine; None for an artificial (adjusted) result. A split score
    (one side adjusted) keeps the table's score."""
    if fields["adjusted_ns"] and fields["adjusted_ew"]:
        return None
    try:
        rules = preset(event.rules) if event.rules else None
    except ValueError:
        rules = None
    try:
        if event.game == Game.DUPLICATE_BRIDGE:
            if fields["contract"] == "Pass":
                return 0
            return duplicate_score(fields["contract"], fields["declarer"], fields["tricks"], board_vulnerability(board))
        if event.game == Game.AUCTION_BRIDGE:
            if fields["contract"] == "Pass":
                return 0
            return auction_deal(fields["contract"], fields["declarer"], fields["tricks"],
                                rules=rules if rules and rules.game == "auction" else AUCTION_1908).net_ns
        if event.game == Game.BRIDGE_WHIST:
            return bridge_whist_deal(fields["contract"], fields["tricks_ns"],
                                     rules=rules if rules and rules.game == "bridge_whist" else BRIDGE_1904).net_ns
        return duplicate_whist_score(fields["tricks_ns"], rules=rules if rules and rules.game == "duplicate_whist"
                                     else DUPLICATE_WHIST_TRICKS)
    except ScoringError as exc:
        raise ValidationError({"contract": [str(exc)]}) from None


class Located(NamedTuple):
    """Where a result belongs: section, board, the N-S and E-W entries (an individual: North and
    East), the scheduled round and table, and an individual's South and West."""

    section: Section
    board: int
    ns: Entry
    ew: Entry
    slot: Slot
    south: Entry | None = None
    west: Entry | None = None


def locate(*, event: Event, data: dict, override: bool = False, section: Section | None = None,
           entries: list[Entry] | None = None) -> Located:
    """Find the section, board, pairs (or an individual's four players) and scheduled round/table;
    400 naming the field if the movement does not schedule them (a director may override with
    round/table given). A table's request passes its ``section`` and the section's ``entries``
    (withdrawn first, active last) already read."""
    if section is None:
        sections = list(event.sections.all())
        name = data.get("section")
        section = next((s for s in sections if s.name == name), None) if name else (sections[0] if sections else None)
        if section is None:
            raise ValidationError({"section": [f"No section {name!r}."] if name else ["The event has no movement."]})
    try:
        board = int(data.get("board"))
    except (TypeError, ValueError):
        raise ValidationError({"board": [f"{data.get('board')!r} is not a board number."]}) from None
    if entries is None:
        entries = section.entries.all().order_by("-status", "joined_round")
    by_label: dict[str, list[Entry]] = {}
    for e in entries:  # withdrawn first, active last
        by_label.setdefault(e.label, []).append(e)
    entries = by_label
    if event.is_individual:
        return _locate_seats(section, board, entries, data, override)
    labels = []
    for side in ("ns", "ew"):
        label = _label(data.get(side))
        if label not in entries:
            raise ValidationError({side: [f"No pair {data.get(side)!r} in section {section.name}."]})
        labels.append(label)
    plan = section.schedule
    slot = plan.slot(board, labels[0], labels[1])
    pairs = [_holder(entries[label], slot.round if slot else 0) for label in labels]
    if slot is None:
        turned = plan.slot(board, pairs[1].label, pairs[0].label)
        if event.is_teams:  # a room's pairs are the draw's: one team N-S in both rooms is no comparison
            raise ValidationError({"ns": [
                f"Board {board}: a teams match's rooms have the pairs the draw gives them. A board played the "
                "same way round in both rooms cannot be compared: give the room an adjusted score instead."]})
        if not override:
            if turned is not None:  # e.g. a table that missed an arrow switch
                raise ValidationError({"ns": [
                    f"Board {board} has {pairs[1].label} N-S and {pairs[0].label} E-W (round {turned.round}, table "
                    f"{turned.table}); if they sat the other way round, a director enters it as seated with "
                    "override."]})
            raise ValidationError({"board": [f"Board {board} is not scheduled for {pairs[0].label} (N-S) "
                                             f"v {pairs[1].label} (E-W) in this movement."]})
        # As seated: the round and table where the movement put these pairs, unless given.
        slot = Slot(int(data.get("round") or (turned.round if turned else 0)),
                    int(data.get("table") or (turned.table if turned else 0)))
    return Located(section, board, pairs[0], pairs[1], slot)


INDIVIDUAL_SEATS = ("north", "south", "east", "west")


def _locate_seats(section: Section, board: int, entries: dict[str, list[Entry]], data: dict,
                  override: bool) -> Located:
    """An individual's result: the four players by seat (``north``...``west``, player numbers)
    must be the movement's for the board (a director may override with round/table given)."""
    labels = {}
    for seat in INDIVIDUAL_SEATS:
        label = _label(data.get(seat))
        if label not in entries:
            raise ValidationError({seat: [f"No player {data.get(seat)!r} in section {section.name}."
                                          if data.get(seat) not in (None, "") else
                                          f"Give {seat.title()}'s player number (an individual names all four)."]})
        labels[seat] = label
    if len(set(labels.values())) != 4:
        seat = next(s for s in INDIVIDUAL_SEATS[1:] if list(labels.values()).count(labels[s]) > 1)
        raise ValidationError({seat: [f"Player {labels[seat]} cannot sit in two seats."]})
    found = section.schedule.board_play(board, labels["north"])
    slot = Slot(found[0], found[1].table) if found else None
    if found:
        tp = found[1]
        scheduled = dict(zip(INDIVIDUAL_SEATS, (tp.n, tp.s, tp.e, tp.w)))
        wrong = next((s for s in INDIVIDUAL_SEATS if scheduled[s] != labels[s]), None)
        if wrong and not override:
            raise ValidationError({wrong: [
                f"Board {board} is at table {tp.table} in round {found[0]} with North {tp.n}, South {tp.s}, "
                f"East {tp.e}, West {tp.w}: {wrong.title()} is {scheduled[wrong]}, not {labels[wrong]}."]})
    elif not override:
        raise ValidationError({"north": [f"The movement does not give board {board} to player {labels['north']}."]})
    if override and (slot is None or data.get("round") or data.get("table")):
        slot = Slot(int(data.get("round") or (slot.round if slot else 0)),
                    int(data.get("table") or (slot.table if slot else 0)))
    players = {seat: _holder(entries[label], slot.round) for seat, label in labels.items()}
    return Located(section, board, players["north"], players["east"], slot, players["south"], players["west"])


def _holder(entries: list[Entry], round_number: int) -> Entry:
    """The entry playing a pair number in a round: a late pair took a withdrawn pair's place
    from the round it joined; with no round known, the pair playing now."""
    for e in entries:
        last = e.withdrawn_after_round if e.status == EntryStatus.WITHDRAWN else None
        if round_number and e.joined_round <= round_number and (last is None or round_number <= last):
            return e
    return entries[-1]
