"""Wrong table PINs for the director: who guessed at which table, and unlocking a table.

- ``GET  /{id}/pins/``: ``[{"table", "client", "misses", "streak", "last_try", "wait"}]``, most first.
- ``POST /{id}/pins/unlock/`` ``{"table"?: "A/3"}``: the table's devices (or every table's) may
  try again at once; the counts stay.
"""
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from cardroom.permissions import IsClubDirector
from tournaments.api.mixins import EventScopedMixin
from tournaments.services import pins


class PinMissSerializer(serializers.Serializer):
    table = serializers.CharField()
    client = serializers.CharField()
    misses = serializers.IntegerField(help_text="Wrong PINs from this client at this table, ever.")
    streak = serializers.IntegerField(help_text="Wrong PINs in a row (drives the delay; cleared by unlock).")
    last_try = serializers.DateTimeField()
    wait = serializers.IntegerField(help_text="Seconds before this client may try again.")


class UnlockSerializer(serializers.Serializer):
    table = serializers.CharField(required=False, max_length=40,
                                  help_text='"A/3" for a section\'s table, "3" for a party\'s; none: every table.')


class UnlockedSerializer(serializers.Serializer):
    unlocked = serializers.IntegerField(help_text="Devices that were waiting.")


class PinsView(EventScopedMixin, APIView):
    permission_classes = [IsClubDirector]

    @extend_schema(responses=PinMissSerializer(many=True))
    def get(self, request, club_slug, pk):
        return Response(PinMissSerializer(pins.pin_misses(self.get_event()), many=True).data)


class PinsUnlockView(PinsView):
    http_method_names = ["post", "options"]

    @extend_schema(request=UnlockSerializer, responses=UnlockedSerializer)
    def post(self, request, club_slug, pk):
        event = self.get_event()
        body = UnlockSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        return Response({"unlocked": pins.table_unlock(event=event, table=body.validated_data.get("table"))})
