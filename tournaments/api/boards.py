"""API for an event's boards: GET .../events/{id}/boards/ and .../boards/{number}/.

Each board: number, dealer, vulnerability, turn_up, deal (PBN), deal_index (decimal
string, 96 bits), double_dummy and par (null until analysed).  Hands -- deal, deal_index,
turn_up, double_dummy, par -- are null for players until the event is finished or the
director publishes the hand records; directors always see them.

A director POSTs ``{"club_set": id}`` to .../boards/ to use one of the club's board sets,
which live under /api/clubs/{slug}/board-sets/ (directors only; views at the end).
"""
from django.http import Http404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import generics, serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.api.mixins import ClubScopedMixin
from cardroom.permissions import DirectorWrites, IsClubDirector
from tournaments import selectors_boards
from tournaments.api.mixins import EventScopedMixin
from tournaments.models import Board, BoardSet, Game
from tournaments.models.events import DUPLICATE_GAMES
from tournaments.services import boards as services
from tournaments.views.boards import pbn_response

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


class EventBoardsMixin(EventScopedMixin):
    """Anyone who may open the event reads its boards (a published event is public); the
    hands follow ``tournaments.visibility``; changing them is for directors."""

    serializer_class = BoardSerializer
    queryset = Board.objects.none()
    filter_backends = []
    permission_classes = [AllowAny]
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


class EventBoardsAttachSerializer(serializers.Serializer):
    club_set = serializers.IntegerField(help_text="Id of one of the club's board sets to copy into the event.")


@extend_schema(tags=["boards"])
class BoardListView(EventBoardsMixin, generics.ListAPIView):
    """The event's boards in number order.  POST (directors): use a club board set -- the
    boards the movement needs are copied into the event's set, replacing its boards."""

    permission_classes = [DirectorWrites]

    @extend_schema(request=EventBoardsAttachSerializer, responses={201: BoardSerializer(many=True)})
    def post(self, request, *args, **kwargs):
        event = self.get_event()
        data = EventBoardsAttachSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        club_set = selectors_boards.club_board_set(club=event.club, pk=data.validated_data["club_set"])
        if club_set is None:
            raise ValidationError({"club_set": [f"The club has no board set {data.validated_data['club_set']}."]})
        board_set = services.boardset_copy_to_event(event=event, club_set=club_set)
        boards = selectors_boards.club_board_set_boards(board_set=board_set)
        return Response(BoardSerializer(boards, many=True, context={"show_hands": True}).data,
                        status=status.HTTP_201_CREATED)


@extend_schema(tags=["boards"])
class BoardDetailView(EventBoardsMixin, generics.RetrieveAPIView):
    """One board by its number."""

    lookup_field = "number"


# The club's own board sets: /api/clubs/{slug}/board-sets/ (directors only: the club may replay them).

class UsedBySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    date = serializers.DateField()
    status = serializers.CharField()


class ClubBoardSetSerializer(serializers.ModelSerializer):
    board_count = serializers.IntegerField(read_only=True)
    used_by = serializers.SerializerMethodField(help_text="Events whose boards were copied from this set.")

    class Meta:
        model = BoardSet
        fields = ["id", "name", "game", "source", "seed", "algorithm", "board_count", "used_by", "created_at"]

    @extend_schema_field(UsedBySerializer(many=True))
    def get_used_by(self, board_set):
        return UsedBySerializer(selectors_boards.board_set_events(board_set), many=True).data


class ClubBoardSetDetailSerializer(ClubBoardSetSerializer):
    boards = serializers.SerializerMethodField(help_text="Every board with its hands and analysis.")

    class Meta(ClubBoardSetSerializer.Meta):
        fields = ClubBoardSetSerializer.Meta.fields + ["boards"]

    @extend_schema_field(BoardSerializer(many=True))
    def get_boards(self, board_set):
        boards = selectors_boards.club_board_set_boards(board_set=board_set)
        return BoardSerializer(boards, many=True, context={"show_hands": True}).data


class ClubBoardSetCreateSerializer(serializers.Serializer):
    """Deal (``count``, optional ``seed``) or import (``pbn`` text or a multipart ``file``); what is wrong
    with the PBN itself, text or file, is a 400 on ``pbn``."""

    name = serializers.CharField(max_length=120)
    game = serializers.ChoiceField(choices=Game.choices, default=Game.DUPLICATE_BRIDGE,
                                   help_text="A duplicate game (not euchre or a whist drive).")
    count = serializers.IntegerField(min_value=1, max_value=services.MAX_BOARDS, required=False,
                                     help_text="Deal boards 1..count.")
    seed = serializers.CharField(max_length=128, required=False, allow_blank=True,
                                 help_text="Seed to deal from (blank: a fresh secret seed).")
    pbn = serializers.CharField(required=False, trim_whitespace=False, help_text="PBN text to import.")
    file = serializers.FileField(required=False, help_text="A PBN file to import (multipart).")

    def validate_game(self, value):
        if value not in DUPLICATE_GAMES:
            raise ValidationError("Board sets are for duplicate games, not progressive parties.")
        return value

    def validate(self, attrs):
        given = [k for k in ("count", "pbn", "file") if attrs.get(k) not in (None, "")]
        if len(given) != 1:
            message = "Give one of count (deal), pbn or file (import)."
            raise ValidationError({k: [message] for k in (given or ["count"])})
        if attrs.get("seed") and "count" not in given:
            raise ValidationError({"seed": ["A seed is only used when dealing (count)."]})
        return attrs


class ClubBoardSetsMixin(ClubScopedMixin):
    queryset = BoardSet.objects.none()
    filter_backends = []
    permission_classes = [IsClubDirector]

    def club_queryset(self, club):
        return selectors_boards.club_board_sets(club=club)


@extend_schema(tags=["boards"])
class ClubBoardSetListView(ClubBoardSetsMixin, generics.ListCreateAPIView):
    """The club's reusable board sets.  POST deals a new one from a seed or imports a PBN file."""

    serializer_class = ClubBoardSetSerializer
    parser_classes = [JSONParser, MultiPartParser, FormParser]

    @extend_schema(request=ClubBoardSetCreateSerializer, responses={201: ClubBoardSetDetailSerializer})
    def post(self, request, *args, **kwargs):
        data = ClubBoardSetCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = data.validated_data
        club = self.get_club()
        if "count" in fields:
            board_set = services.club_boardset_deal(club=club, name=fields["name"], game=fields["game"],
                                                    count=fields["count"], seed=fields.get("seed"))
        else:
            content = fields["file"].read(services.PBN_MAX_BYTES + 1) if fields.get("file") else fields["pbn"]
            board_set = services.club_boardset_import_pbn(club=club, name=fields["name"], game=fields["game"],
                                                          data=content)
        board_set = selectors_boards.club_board_set(club=club, pk=board_set.pk)
        return Response(ClubBoardSetDetailSerializer(board_set).data, status=status.HTTP_201_CREATED)


@extend_schema(tags=["boards"])
class ClubBoardSetDetailView(ClubBoardSetsMixin, generics.RetrieveDestroyAPIView):
    """One club board set with its hand records.  DELETE is refused (400) while an event uses it."""

    serializer_class = ClubBoardSetDetailSerializer

    def perform_destroy(self, instance):
        services.club_boardset_delete(board_set=instance)


@extend_schema(tags=["boards"])
class ClubBoardSetPbnView(ClubBoardSetsMixin, APIView):
    """The set as a PBN file (export format, with analysis and seed)."""

    @extend_schema(responses={(200, "text/x-pbn"): OpenApiTypes.STR})
    def get(self, request, club_slug, pk):
        board_set = selectors_boards.club_board_set(club=self.get_club(), pk=pk)
        if board_set is None:
            raise Http404("No such board set.")
        return pbn_response(board_set, f"boards-{board_set.pk}.pbn")
