"""Writes for progressive parties: create, register, draw, report a table, close a round.

The movement itself is the movements library's (``progressive.py`` moves players and awards
stars; ``party_draw.py`` draws, charts and checks a table's report); this module only reads
rows, calls it and writes the result. Every error is a ``ValidationError`` naming the field
(400) or a ``PartyConflict`` (409), raised before anything is written.
"""
from __future__ import annotations

import hashlib
import hmac
import random

from django.core.exceptions import ValidationError
from django.db import transaction

from cardroom.errors import Conflict
from cardroom.inputs import is_whole
from cardroom.limits import MAX_ID
from clubs.models import Member
from clubs.services import guest_record
from scoring.engine import HEARTS_SCHEMES, ScoringError, hearts_round
from tournaments.models import PARTY_GAMES, Event, EventStatus, Game, ScoringMethod
from tournaments.models.party import (
    EUCHRE_PROGRESSIONS, STAR_PROGRESSIONS, WHIST_PROGRESSIONS, Category, Party, PartyPlayer,
    PartyResult, PartyRound, PlayerStatus, Progression)
from tournaments.movements import party_draw, progressive
from tournaments.movements.limits import MAX_PARTY_TABLES
from tournaments.services.events import event_create
from tournaments.services.pins import PinCheck, pin_check

MAX_PARTY_PLAYERS = 4 * MAX_PARTY_TABLES  # the largest draw (cardroom.limits)

RULE_DEFAULTS = {
    "game": {"game_points": 5, "lone_march": 4, "leaver": "ghost", "rounds": None},
    "hands": {"hands_per_round": 8, "lone_march": 4, "leaver": "ghost", "rounds": None, "missed": "nothing"},
    "tricks": {"hands_per_round": 4, "hands": 24, "no_trumps": False, "leaver": "ghost", "rounds": None,
               "missed": "nothing"},
    # Progressive hearts: the book sets no round length; four hands (each player deals once) by
    # default. ``retire`` and ``prizes`` are the choices the book leaves open (see
    # progressive.hearts_retirees and selectors_party.hearts_standings).
    "hearts": {"scheme": "plain", "hands_per_round": 4, "retire": "overall", "prizes": "final", "leaver": "ghost"},
}
HEARTS_CHOICES = {"scheme": tuple(HEARTS_SCHEMES), "retire": ("overall", "per_table"), "prizes": ("final", "party")}
LEAVER_RULES = ("ghost", "substitute")
# What a latecomer's missed rounds count on a points party: "nothing" (a late player "takes a
# zero" for the rounds missed: West Suburban Euchre Tournament League rules), or "average"
# (each missed round counts the average of the player's own played rounds, rounded half up: a
# club option). The books' star parties give no stars for a round not played.
MISSED_RULES = ("nothing", "average")


class PartyConflict(Conflict):
    """The request clashes with the party's state (409): reported twice, round closed..."""


def table_kind(progression: str) -> str:
    if progression == Progression.HEARTS:
        return "hearts"
    if progression in STAR_PROGRESSIONS:
        return "game"
    return "tricks" if progression in WHIST_PROGRESSIONS else "hands"


def party_rules(party: Party) -> dict:
    return {**RULE_DEFAULTS[table_kind(party.progression)], **party.rules}


def planned_rounds(party: Party) -> int | None:
    rules = party_rules(party)
    if rules.get("rounds"):
        return int(rules["rounds"])
    if party.progression in WHIST_PROGRESSIONS:
        return max(1, int(rules["hands"]) // int(rules["hands_per_round"]))
    if party.progression == Progression.ROTATION and party.chart_slots:
        return len(party_chart(party))
    if party.progression == Progression.HEARTS:  # one round a table: 3 tables, then 2, then the final
        first = PartyRound.objects.filter(party=party, number=1).values_list("seating", flat=True).first()
        return len(first) if first else (party.tables or None)
    return None


def party_chart(party: Party) -> tuple[party_draw.ChartRound, ...]:
    """The party's rotation chart from its slots (``rules["chart"] == "circle"`` marks a circle
    chart, which may have phantom places a latecomer can take)."""
    return party_draw.slots_chart(party.chart_slots, circle=party.rules.get("chart") == "circle")


def table_pin(party: Party, table: int) -> str:
    """The four-digit PIN a table's phone uses to report (derived, so nothing to store)."""
    digest = hmac.new(party.pin_secret.encode(), f"table:{table}".encode(), hashlib.sha256).hexdigest()
    return f"{int(digest[:8], 16) % 10000:04d}"


def table_pin_check(party: Party, table: int, pin, client: str) -> PinCheck:
    """Check a table's PIN from ``client``, with the same per-client delay as a duplicate
    event's tables (``tournaments.services.pins``)."""
    return pin_check(event=party.event, table=str(table), client=client, expected=table_pin(party, table), given=pin)


def _clean_rules(progression: str, rules) -> dict:
    if rules is None:
        return {}
    if not isinstance(rules, dict):
        raise ValidationError({"rules": ["rules is an object such as {\"game_points\": 5}"]})
    allowed = RULE_DEFAULTS[table_kind(progression)]
    clean = {}
    for key, value in rules.items():
        if key not in allowed:
            raise ValidationError({"rules": [f"unknown rule {key!r} for {progression}; "
                                             f"known: {', '.join(sorted(allowed))}"]})
        if key in HEARTS_CHOICES:
            if value not in HEARTS_CHOICES[key]:
                raise ValidationError({"rules": [f"{key} is one of {', '.join(HEARTS_CHOICES[key])}"]})
        elif key == "missed":
            if value not in MISSED_RULES:
                raise ValidationError({"rules": ["missed is 'nothing' or 'average' (what a latecomer's "
                                                 "missed rounds count)"]})
        elif key == "leaver":
            if value not in LEAVER_RULES:
                raise ValidationError({"rules": ["leaver is 'ghost' or 'substitute'"]})
        elif key == "no_trumps":
            if not isinstance(value, bool):
                raise ValidationError({"rules": ["no_trumps is true or false"]})
        elif value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                    or not 1 <= value <= 200):
            raise ValidationError({"rules": [f"{key} is a whole number from 1 to 200"]})
        clean[key] = value
    return clean


@transaction.atomic
def party_create(*, club, name, date, game, progression=None, tables=0, rules=None,
                 deal_seed=None, created_by=None) -> Party:
    """Create the event and its party: progressive_euchre, whist_drive or progressive_hearts
    (whose only progression is ``hearts``; "As in Euchre, Progressive Hearts is an interesting
    game", Standard Hoyle, so a euchre party with progression ``hearts`` is taken as one too)."""
    if game not in PARTY_GAMES:
        raise ValidationError({"game": ["a party is progressive_euchre, whist_drive or progressive_hearts"]})
    if game == Game.PROGRESSIVE_EUCHRE and progression == Progression.HEARTS:
        game = Game.PROGRESSIVE_HEARTS
    allowed = {Game.PROGRESSIVE_EUCHRE: EUCHRE_PROGRESSIONS, Game.WHIST_DRIVE: WHIST_PROGRESSIONS,
               Game.PROGRESSIVE_HEARTS: {Progression.HEARTS}}[game]
    progression = progression or {Game.PROGRESSIVE_EUCHRE: Progression.HOYLE, Game.WHIST_DRIVE: Progression.LADIES_UP,
                                  Game.PROGRESSIVE_HEARTS: Progression.HEARTS}[game]
    if progression not in allowed:
        raise ValidationError({"progression": [f"for {game} choose one of {', '.join(sorted(allowed))}"]})
    if isinstance(tables, bool) or not isinstance(tables, int) or not 0 <= tables <= 60:
        raise ValidationError({"tables": ["tables is a whole number from 0 to 60"]})
    extra = {"deal_seed": str(deal_seed)} if deal_seed not in (None, "") else {}
    event = event_create(club=club, name=name, date=date, game=game, scoring=ScoringMethod.TALLY,
                         created_by=created_by, **extra)
    party = Party(event=event, progression=progression, tables=tables,
                  rules=_clean_rules(progression, rules))
    party.full_clean()
    party.save()
    return party


def _next_label(party: Party, ghost: bool) -> str:
    labels = PartyPlayer.objects.filter(party=party, ghost=ghost).values_list("label", flat=True)
    numbers = [int(label.lstrip("G")) for label in labels if label.lstrip("G").isdigit()]
    return f"{'G' if ghost else ''}{max(numbers, default=0) + 1}"


@transaction.atomic
def party_player_add(*, party: Party, member: Member | int | None = None, guest: str | None = None,
                     category: str = Category.OPEN, replaces: PartyPlayer | None = None) -> PartyPlayer:
    """Register a member or a guest; after the draw they wait to join at the booby table
    (a substitute, ``replaces`` set, takes the leaver's seat at once)."""
    party = Party.objects.select_for_update().select_related("event").get(pk=party.pk)
    if replaces is None and PartyPlayer.objects.filter(party=party, ghost=False).count() >= MAX_PARTY_PLAYERS:
        raise ValidationError({"players": [f"A party takes at most {MAX_PARTY_PLAYERS} players "
                                           f"({MAX_PARTY_TABLES} tables of four, the limit)."]})
    if category not in Category.values:
        raise ValidationError({"category": [f"category is one of {', '.join(Category.values)}"]})
    if (member is None) == (not guest):
        raise ValidationError({"member": ["give a member id or a guest name (one of them)"]})
    if guest and not isinstance(guest, str):
        raise ValidationError({"guest": ["a guest is a name"]})
    if party.event.status not in (EventStatus.DRAFT, EventStatus.SEATED, EventStatus.PLAYING):
        raise PartyConflict("the party is over")
    started = party.current_round > 0 and replaces is None
    if started and party.progression == Progression.HEARTS:
        raise ValidationError({"player": ["progressive hearts is an elimination: nobody joins after the draw. "
                                          "A latecomer can take the seat of a player who leaves (Leaves, with "
                                          "the substitute's name)."]})
    chart = started and party.progression == Progression.ROTATION
    fields = {}
    if member is not None:
        member_id = member.pk if isinstance(member, Member) else member
        found = Member.objects.filter(club=party.event.club, pk=member_id).first() if is_whole(member_id, max_digits=len(str(MAX_ID))) and int(str(member_id)) <= MAX_ID else None
        if found is None:
            raise ValidationError({"member": [f"no member {member_id} in this club"]})
        if PartyPlayer.objects.filter(party=party, member=found).exists():
            raise PartyConflict(f"{found.full_name} is already registered")
        fields = {"member": found, "name": found.full_name}
    else:
        record = guest_record(club=party.event.club, name=str(guest)[:160])
        fields = {"guest": record, "name": record.name}
    player = PartyPlayer(party=party, label=_next_label(party, ghost=False), category=category,
                         status=PlayerStatus.WAITING if started else PlayerStatus.PLAYING,
                         joined_round=party.current_round + 1 if started else max(1, party.current_round),
                         replaces=replaces, **fields)
    player.full_clean()
    player.save()
    if chart:
        from tournaments.services.party_rounds import chart_seat_latecomer
        player.chart_note = chart_seat_latecomer(party, player)
    return player


def _ghost(party: Party, category: str, replaces: PartyPlayer | None = None) -> PartyPlayer:
    ghost = PartyPlayer(party=party, label=_next_label(party, ghost=True), name="Ghost hand", ghost=True,
                        category=category, replaces=replaces, joined_round=max(1, party.current_round))
    ghost.save()
    return ghost


def _first_seating(party: Party, players: list[PartyPlayer]) -> tuple[progressive.Seating, list]:
    """The draw: by matching cards (ladies and gentlemen, or open), or the rotation chart."""
    seed = party.event.deal_seed or str(party.event.pk)
    if party.progression == Progression.HEARTS:  # each for himself: categories play no part
        try:
            party_draw.hearts_players_check(len(players))
            draw = party_draw.draw_hearts([p.label for p in players], seed)
        except party_draw.PartyRuleError as exc:
            raise ValidationError({"players": [str(exc)]}) from None
        for player in players:
            player.card = draw.cards[player.label]
            player.save(update_fields=["card"])
        return draw.seating, []
    try:
        party_draw.party_players_check(len(players))
    except party_draw.PartyRuleError as exc:
        raise ValidationError({"players": [str(exc)]}) from None
    if party.progression == Progression.ROTATION:
        labels = [p.label for p in players]
        random.Random(f"chart:{seed}").shuffle(labels)
        places = party_draw.chart_positions(len(labels))
        party.chart_slots = labels + [""] * (places - len(labels))
        if len(labels) not in party_draw.available_sizes():
            party.rules = {**party.rules, "chart": "circle"}
        first = party_chart(party)[0]
        return _chart_round(party, first), _chart_byes(party, first)
    categorised = [p for p in players if p.category != Category.OPEN]
    if categorised and len(categorised) != len(players):
        raise ValidationError({"category": ["give every player a category (lady/gentleman) or none"]})
    if categorised:
        ladies = [p for p in players if p.category == Category.LADY]
        gents = [p for p in players if p.category == Category.GENTLEMAN]
        more_ladies, more_gents = party_draw.ghosts_needed(len(ladies), len(gents))
        ladies += [_ghost(party, Category.LADY) for _ in range(more_ladies)]
        gents += [_ghost(party, Category.GENTLEMAN) for _ in range(more_gents)]
        draw = party_draw.draw_by_cards([p.label for p in ladies], [p.label for p in gents], seed)
        everyone = ladies + gents
    else:
        everyone = players + [_ghost(party, Category.OPEN) for _ in range((-len(players)) % 4)]
        draw = party_draw.draw_open([p.label for p in everyone], seed)
    for player in everyone:
        player.card = draw.cards[player.label]
        player.save(update_fields=["card"])
    return draw.seating, []


def _chart_round(party: Party, chart_round: party_draw.ChartRound) -> progressive.Seating:
    slot = {str(i + 1): label for i, label in enumerate(party.chart_slots)}
    return tuple(tuple(tuple(slot[p] for p in side) for side in table) for table in chart_round.tables)


def _chart_byes(party: Party, chart_round: party_draw.ChartRound) -> list[str]:
    return [party.chart_slots[int(p) - 1] for p in chart_round.byes]


@transaction.atomic
def party_start(*, party: Party, seating=None, user=None) -> PartyRound:
    """Draw round 1 from the event's seed (or take the director's ``seating``) and start play."""
    party = Party.objects.select_for_update().select_related("event").get(pk=party.pk)
    if party.current_round or party.event.status != EventStatus.DRAFT:
        raise PartyConflict("the party has already started")
    players = list(PartyPlayer.objects.filter(party=party, ghost=False, status=PlayerStatus.PLAYING))
    if seating is not None and party.progression == Progression.HEARTS:
        first = _hearts_seating(seating, players)
        byes = []
    elif seating is not None:
        try:
            first = party_draw.seating_from_sides(seating)
        except (party_draw.PartyRuleError, TypeError) as exc:
            raise ValidationError({"seating": [str(exc)]}) from None
        seated = {p for t in first for s in t for p in s}
        if seated != {p.label for p in players}:
            raise ValidationError({"seating": ["seat every registered player once, and nobody else"]})
        if party.progression == Progression.ROTATION:
            raise ValidationError({"seating": ["a rotation-chart party is seated by its chart: "
                                               "draw without a seating"]})
        byes = []
    else:
        first, byes = _first_seating(party, players)
    from tournaments.services.lifecycle import event_transition

    event_transition(event=party.event, to=EventStatus.PLAYING, user=user)  # draft: checked above
    party.tables = len(first)
    party.current_round = 1
    party.save(update_fields=["tables", "current_round", "chart_slots", "rules"])
    return PartyRound.objects.create(party=party, number=1, seating=_as_json(first), byes=byes)


def _hearts_seating(seating, players) -> tuple:
    """The director's seating for progressive hearts: tables of four labels, clockwise."""
    if not isinstance(seating, list) or not seating or any(
            not isinstance(t, list) or len(t) != 4 or not all(isinstance(p, (str, int)) for p in t) for t in seating):
        raise ValidationError({"seating": ["progressive hearts: give tables of four players, e.g. "
                                           "[[\"1\", \"2\", \"3\", \"4\"], ...]"]})
    try:
        party_draw.hearts_players_check(len(players))
    except party_draw.PartyRuleError as exc:
        raise ValidationError({"players": [str(exc)]}) from None
    labels = [str(p) for t in seating for p in t]
    if sorted(labels) != sorted(p.label for p in players):
        raise ValidationError({"seating": ["seat every registered player once, and nobody else"]})
    return tuple(((tuple(str(p) for p in t)),) for t in seating)


def _as_json(seating) -> list:
    return [[list(side) for side in table] for table in seating]


def _open_round(party: Party, number: int) -> PartyRound:
    round_ = PartyRound.objects.select_for_update().filter(party=party, number=number).first()
    if round_ is None:
        raise ValidationError({"round": [f"there is no round {number}"]})
    if round_.closed:
        raise PartyConflict(f"round {number} is closed")
    return round_


def _table_rules(party: Party) -> party_draw.TableRules:
    rules = party_rules(party)
    return party_draw.TableRules(kind=table_kind(party.progression), game_points=rules.get("game_points", 5),
                                 hands=rules.get("hands_per_round", 4), max_hand=rules.get("lone_march", 4))


@transaction.atomic
def party_result_enter(*, party: Party, round_number: int, table: int, points, tricks=None, cut=None,
                       entered_by: str = "", correct: bool = False) -> PartyResult:
    """Record one table's outcome; a second report is a conflict unless the director corrects."""
    party = Party.objects.select_for_update().get(pk=party.pk)
    if party.progression == Progression.HEARTS:
        raise ValidationError({"chips": ["progressive hearts: report the chips lost by each player "
                                         "(or the hands), not points"]})
    round_ = _open_round(party, round_number)
    if not isinstance(table, int) or not 1 <= table <= len(round_.seating):
        raise ValidationError({"table": [f"round {round_number} has tables 1 to {len(round_.seating)}"]})
    existing = PartyResult.objects.filter(round=round_, table=table).first()
    if existing and not correct:
        raise PartyConflict(f"table {table} has already reported round {round_number}")
    try:
        winner = party_draw.table_winner_checked(
            points, tricks, cut, _table_rules(party), head=table == 1,
            needs_winner=party.progression != Progression.ROTATION)
    except party_draw.PartyRuleError as exc:
        field = next((f for f in ("cut", "tricks") if str(exc).startswith(f)), "points")
        raise ValidationError({field: [str(exc)]}) from None
    values = {"points": [int(v) for v in points], "winner": winner, "entered_by": entered_by[:160],
              "tricks": [int(v) for v in tricks] if tricks is not None else None,
              "cut": [int(v) for v in cut] if cut is not None else None}
    if existing:
        PartyResult.objects.filter(pk=existing.pk).update(**values)
        existing.refresh_from_db()
        return existing
    return PartyResult.objects.create(round=round_, table=table, **values)


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def hearts_cut_checked(cut, players: int = 4) -> list | None:
    """A table's cut for progressive hearts ties: a card 1 (ace) to 13 (king) a seat, or null."""
    if cut is None:
        return None
    if not isinstance(cut, list) or len(cut) != players or any(
            c is not None and (not _whole(c) or not 1 <= c <= 13) for c in cut):
        raise ValidationError({"cut": [f"the cut is a card for each of the {players} seats, 1 (ace) to 13 "
                                       "(king), or null for a seat that did not cut"]})
    return cut


@transaction.atomic
def party_hearts_enter(*, party: Party, round_number: int, table: int, chips=None, hands=None, cut=None,
                       entered_by: str = "", correct: bool = False) -> PartyResult:
    """Progressive hearts: one table's chips lost by each player (seat order; negative for chips
    won), given directly or as the round's hands (``[{"hearts": [1, 2, 4, 6]}, ...]``) settled by
    the party's scheme. A table's losses add up to the odd chips left on it (0 to 3)."""
    party = Party.objects.select_for_update().get(pk=party.pk)
    round_ = _open_round(party, round_number)
    if not _whole(table) or not 1 <= table <= len(round_.seating):
        raise ValidationError({"table": [f"round {round_number} has tables 1 to {len(round_.seating)}"]})
    existing = PartyResult.objects.filter(round=round_, table=table).first()
    if existing and not correct:
        raise PartyConflict(f"table {table} has already reported round {round_number}")
    rules = party_rules(party)
    if (chips is None) == (hands is None):
        raise ValidationError({"chips": ["give chips (the chips lost by each player, in seat order, e.g. "
                                         "[12, -20, 3, 6]) or hands (the hearts taken in each hand), one of them"]})
    if hands is not None:
        if not isinstance(hands, list) or len(hands) != rules["hands_per_round"]:
            raise ValidationError({"hands": [f"a round is {rules['hands_per_round']} hands (the rule "
                                             "hands_per_round): give each, e.g. {\"hearts\": [1, 2, 4, 6]}"]})
        try:
            chips = list(hearts_round(hands, rules=rules["scheme"]).lost)
        except ScoringError as exc:
            raise ValidationError({"hands": [str(exc)]}) from None
    elif not isinstance(chips, list) or len(chips) != 4 or any(not _whole(c) or abs(c) > 100000 for c in chips):
        raise ValidationError({"chips": ["give the chips lost by each of the 4 players in seat order, whole "
                                         "numbers (negative for chips won)"]})
    elif not 0 <= sum(chips) <= 3:
        raise ValidationError({"chips": [f"what one player wins the others lose: a table's chips lost add up to "
                                         f"the odd chips left on the table, 0 to 3, not {sum(chips)}"]})
    values = {"points": chips, "tricks": hands, "cut": hearts_cut_checked(cut), "winner": None,
              "entered_by": entered_by[:160]}
    if existing:
        PartyResult.objects.filter(pk=existing.pk).update(**values)
        existing.refresh_from_db()
        return existing
    return PartyResult.objects.create(round=round_, table=table, **values)


# Closing rounds, leaving and finishing live next door; import them from here too.
from tournaments.services.party_rounds import (  # noqa: E402,F401
    party_finish, party_player_leave, party_round_close, party_round_reopen)
