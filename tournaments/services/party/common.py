"""What every party service shares: the conflict error, the party read into the pure
``PartyState`` (``tournaments.movements.party_state``), its rules and planned rounds, ghost
hands, and the table PINs. Public, so no party service imports another's private helpers."""
from __future__ import annotations

from django.core.exceptions import ValidationError

from cardroom.errors import Conflict
from tournaments.models.party import Party, PartyPlayer, PartyRound
from tournaments.movements import party_draw, party_state
from tournaments.movements.limits import MAX_PARTY_TABLES
from tournaments.movements.party_state import PartyInputError, table_kind  # noqa: F401  (the public name)
from tournaments.selectors_event import event_pin
from tournaments.services.pins import PinCheck, pin_check

MAX_PARTY_PLAYERS = 4 * MAX_PARTY_TABLES  # the largest draw (cardroom.limits)


class PartyConflict(Conflict):
    """The request clashes with the party's state (409): reported twice, round closed..."""


def party_locked(party: Party) -> Party:
    """The party re-read under a row lock (every write starts here), with its event."""
    return Party.objects.select_for_update().select_related("event").get(pk=party.pk)


def round_open_locked(party: Party, number) -> PartyRound:
    """The party's round ``number``, locked for a table's report: a round it has not is a 400
    naming ``round``, a closed one a ``PartyConflict``."""
    if isinstance(number, bool) or not isinstance(number, int):
        raise ValidationError({"round": ["round is a whole number"]})
    round_ = PartyRound.objects.select_for_update().filter(party=party, number=number).first()
    if round_ is None:
        raise ValidationError({"round": [f"there is no round {number}"]})
    if round_.closed:
        raise PartyConflict(f"round {number} is closed")
    return round_


def party_state_of(party: Party) -> party_state.PartyState:
    """The party's rows as the pure state the rules take."""
    players = tuple(party_state.Player(label=p.label, category=p.category, ghost=p.ghost, status=p.status)
                    for p in PartyPlayer.objects.filter(party=party).order_by("id"))
    return party_state.PartyState(progression=party.progression, seed=party.event.deal_seed or str(party.event.pk),
                                  options=dict(party.options), players=players, chart_slots=tuple(party.chart_slots),
                                  current_round=party.current_round)


def invalid(exc: PartyInputError) -> ValidationError:
    """A pure rule's refusal as the 400 naming its field."""
    return ValidationError({getattr(exc, "field", "players"): [str(exc)]})


def party_options(party: Party) -> dict:
    return party_state.party_options(party.progression, party.options)


def planned_rounds(party: Party) -> int | None:
    first = None
    if party.progression == party_state.HEARTS:  # one round a table: 3 tables, then 2, then the final
        seating = PartyRound.objects.filter(party=party, number=1).values_list("seating", flat=True).first()
        first = len(seating) if seating else (party.tables or None)
    state = party_state.PartyState(progression=party.progression, seed="", options=dict(party.options),
                                   chart_slots=tuple(party.chart_slots), current_round=party.current_round)
    return party_state.planned_rounds(state, first)


def party_chart(party: Party) -> tuple[party_draw.ChartRound, ...]:
    """The party's rotation chart from its slots."""
    return party_draw.slots_chart(party.chart_slots, circle=party.options.get("chart") == "circle")


def ghost_add(*, party: Party, category: str, replaces: PartyPlayer | None = None, label: str | None = None
              ) -> PartyPlayer:
    """A ghost hand in an empty seat (``label`` as the draw gave it, else the next free)."""
    if label is None:
        labels = PartyPlayer.objects.filter(party=party, ghost=True).values_list("label", flat=True)
        label = party_state.next_label(list(labels), ghost=True)
    ghost = PartyPlayer(party=party, label=label, name="Ghost hand", ghost=True, category=category,
                        replaces=replaces, joined_round=max(1, party.current_round))
    ghost.save()
    return ghost


def table_pin(party: Party, table: int) -> str:
    """The four-digit PIN a table's phone uses to report (``event_pin``: derived, nothing stored)."""
    return event_pin(party.event, f"table:{table}")


def table_pin_check(party: Party, table: int, pin, client: str) -> PinCheck:
    """Check a table's PIN from ``client``, with the same per-client delay as a duplicate
    event's tables (``tournaments.services.pins``)."""
    return pin_check(event=party.event, table=str(table), client=client, expected=table_pin(party, table), given=pin)
