"""API for an event's boards: GET .../events/{id}/boards/ and .../boards/{number}/.

Each board: number, dealer, vulnerability, turn_up, deal (PBN), deal_index (decimal
string, 96 bits), double_dummy and par (null until analysed).  Hands -- deal, deal_index,
turn_up, double_dummy, par -- are null for players until the event is finished or the
director publishes the hand records; directors always see them.
"""
from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers

from clubs.api.mixins import ClubScopedMixin
from tournaments import selectors, selectors_boards
from tournaments.models import Board

HIDDEN = ("deal", "deal_index", "turn_up", "double_dummy", "par")


class BoardSerializer(serializers.ModelSerializer):
    vulnerability = serializers.SerializerMethodField(help_text='"None", "NS", "EW" or "All"; null for whist.')
    turn_up = serializers.SerializerMethodField(help_text='Whist turn-up such as "2S"; null in bridge.')
    double_dummy = serializers.JSONField(help_text='{"N": {"C": 5, "D": 7, "H": 5, "S": 7, "NT": 5}, ...} or null.')
    par = serializers.JSONField(help_text='{"score": "NS 420", "contracts": ["4S N", "4S S"]} or null.')

    class Meta:
        model = Board
        fields = ["number", "dealer", "vulnerability", "turn_up", "deal", "deal_index", "double_dummy", "par"]

    def get_vulnerability(self, board) -> str | None:
        return board.vulnerability or None

    def get_turn_up(self, board) -> str | None:
        return board.turn_up or None

    def to_representation(self, board):
        data = super().to_representation(board)
        if not self.context.get("show_hands", False):
            for key in HIDDEN:
                data[key] = None
        return data


class EventBoardsMixin(ClubScopedMixin):
    serializer_class = BoardSerializer
    queryset = Board.objects.none()
    filter_backends = []

    def get_event(self):
        if not hasattr(self, "_event"):
            events = selectors.club_events_visible(club=self.get_club(), user=self.request.user)
            self._event = events.filter(pk=self.kwargs["event_id"]).first()
            if self._event is None:
                raise Http404("No such event.")
        return self._event

    def club_queryset(self, club):
        return selectors_boards.event_boards(event=self.get_event())

    def get_serializer_context(self):
        context = super().get_serializer_context()
        if getattr(self, "swagger_fake_view", False):
            return context
        event = self.get_event()
        board_set = selectors_boards.event_board_set(event=event)
        context["show_hands"] = selectors_boards.hands_visible(event=event, user=self.request.user, board_set=board_set)
        return context


@extend_schema(tags=["boards"])
class BoardListView(EventBoardsMixin, generics.ListAPIView):
    """The event's boards in number order."""


@extend_schema(tags=["boards"])
class BoardDetailView(EventBoardsMixin, generics.RetrieveAPIView):
    """One board by its number."""

    lookup_field = "number"
