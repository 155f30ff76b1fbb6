"""API for progressive poker under /api/clubs/{slug}/events/{id}/ (Standard Hoyle, Progressive
Poker): the tables' limits and the banker's book, the bell, a table's count. Thin: an input
serializer per action, a service call, the answer; a ValidationError is a 400 naming the field
and a ``PartyConflict`` a 409 (``cardroom.api.exception_handler``). Who may is the party API's
(``tournaments.api.party``): anyone who sees the party reads, directors write, a table's phone
counts with its PIN in the ``X-Table-Pin`` header."""
from __future__ import annotations

from django.core.exceptions import ValidationError
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.response import Response

from tournaments import selectors_party
from tournaments.api.party import PartyTableDevice, PartyView
from tournaments.models.party import Party, Progression
from tournaments.models.poker import LedgerKind
from tournaments.selectors_poker import poker_summary
from tournaments.services import party as services


def _poker(party: Party) -> Party:
    if party.progression != Progression.POKER:
        raise ValidationError({"party": ["this is not a progressive poker party"]})
    return party


class PokerView(PartyView):
    """``GET /{id}/poker/``: the stake, chip colours, each table's limit, the bell of the round
    in play, and the banker's book (issued, borrowed, returned; in the players' hands)."""

    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request, club_slug, pk):
        return Response(poker_summary(_poker(self.get_party())))


# What a director enters in the banker's book (the schema names this choice set LedgerEntryKindEnum).
LEDGER_ENTRY_KINDS = [(k.value, k.label) for k in (LedgerKind.BORROWED, LedgerKind.RETURNED)]


class PokerLedgerView(PartyView):
    """``POST /{id}/ledger/`` ``{"player": "7", "kind": "borrowed"|"returned", "chips": 25}``:
    the banker lends chips (charged at the end) or takes chips back (credited). Directors."""

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "PokerLedgerEntry"  # the schema's component name (one InputSerializer a view)

        player = serializers.CharField(max_length=8)
        kind = serializers.ChoiceField(choices=LEDGER_ENTRY_KINDS)
        chips = serializers.IntegerField(min_value=1, max_value=100000)
        note = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")

    @extend_schema(request=InputSerializer, responses={201: OpenApiTypes.OBJECT})
    def post(self, request, club_slug, pk):
        party = _poker(self.get_party())
        body = self.InputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        services.poker_ledger_add(party=party, user=request.user, **body.validated_data)
        return Response(poker_summary(party), status=status.HTTP_201_CREATED)


class PokerBellView(PartyView):
    """``POST /{id}/rounds/{n}/bell/`` ``{"jackpot": "3"}``: the head table's jack-pot is won;
    the bell rings on every table's phone. Directors (``"correct": true`` changes the winner)."""

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "PokerBell"  # the schema's component name (one InputSerializer a view)

        jackpot = serializers.CharField(max_length=8)
        correct = serializers.BooleanField(required=False, default=False)

    @extend_schema(request=InputSerializer, responses=OpenApiTypes.OBJECT)
    def post(self, request, club_slug, pk, number):
        party = _poker(self.get_party())
        body = self.InputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        services.poker_bell(party=party, round_number=number, user=request.user, **body.validated_data)
        return Response(selectors_party.party_round(party=party, number=number))


@extend_schema_field({"type": "object", "maxProperties": 16, "additionalProperties": {"oneOf": [
    {"type": "integer", "minimum": 0}, {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}}]},
    "example": {"3": 325, "7": {"blue": 10, "red": 10, "white": 25}}})
class _Chips(serializers.Field):
    """``{label: 325}`` or ``{label: {"blue": 10, "red": 10, "white": 25}}``; the service checks
    the players and the sum."""

    def to_internal_value(self, data):
        if not isinstance(data, dict) or len(data) > 16:
            raise serializers.ValidationError('give each player\'s chips, e.g. {"3": 325} or {"3": {"blue": 10}}')
        return data

    def to_representation(self, value):
        return value


class PokerCountView(PartyTableDevice):
    """``POST /{id}/rounds/{n}/tables/{t}/count/`` after the bell: ``{"chips": {"3": 400, ...},
    "pots": ["7", "3"], "cut"?: {"5": 12, ...}}``: each player's chips and who won the last two
    pots, oldest first (the head table gives none). Scorers and directors report any table
    (directors may ``"correct"``); a table's phone sends its PIN in the ``X-Table-Pin`` header."""

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "PokerCount"  # the schema's component name (one InputSerializer a view)

        chips = _Chips()
        pots = serializers.ListField(child=serializers.CharField(max_length=8), max_length=2, required=False,
                                     default=list)
        cut = serializers.DictField(child=serializers.IntegerField(min_value=1, max_value=13), required=False,
                                    allow_null=True, default=None)
        correct = serializers.BooleanField(required=False, default=False)

    @extend_schema(request=InputSerializer, responses={201: OpenApiTypes.OBJECT})
    def post(self, request, club_slug, pk, number, table):
        party = _poker(self.get_party())
        body = self.InputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        services.poker_report(party=party, round_number=number, table=table, chips=data["chips"], pots=data["pots"],
                              cut=data["cut"], entered_by=self.entered_by(request),
                              correct=self.correcting(request, data))
        return Response(selectors_party.party_round(party=party, number=number), status=status.HTTP_201_CREATED)
