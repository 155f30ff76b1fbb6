"""The club's trash through the API (directors only; the club itself may be in the trash).

- ``GET  /api/clubs/{slug}/trash/``: ``{"club", "events", "members"}``, each row with ``kind``,
  ``id``, ``name``, ``deleted_at``, ``deleted_by`` and ``purged_after``.
- ``POST /api/clubs/{slug}/trash/restore/`` ``{"kind": "event"|"member"|"club", "id"}``: back as it was.
"""
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs import trash
from clubs.models import Club, Member
from cardroom.permissions import IsClubDirector


class TrashRowSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=trash.KINDS)
    id = serializers.IntegerField()
    name = serializers.CharField()
    deleted_at = serializers.DateTimeField()
    deleted_by = serializers.CharField(allow_null=True)
    purged_after = serializers.DateTimeField(help_text="Deleted for good after this.")


class TrashSerializer(serializers.Serializer):
    club = TrashRowSerializer(allow_null=True)
    events = TrashRowSerializer(many=True)
    members = TrashRowSerializer(many=True)


class RestoreSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=trash.KINDS)
    id = serializers.IntegerField(min_value=1, max_value=2**63 - 1)


class TrashView(APIView):
    permission_classes = [IsClubDirector]

    def get_club(self) -> Club:
        """The club of the URL, even from the trash."""
        if not hasattr(self, "_club"):
            self._club = get_object_or_404(Club.all_objects, slug=self.kwargs["club_slug"])
        return self._club

    def club(self, club_slug) -> Club:
        return self.get_club()

    @extend_schema(responses=TrashSerializer)
    def get(self, request, club_slug):
        return Response(TrashSerializer(trash.club_trash(self.club(club_slug))).data)


class TrashRestoreView(TrashView):
    http_method_names = ["post", "options"]

    @extend_schema(request=RestoreSerializer, responses=TrashSerializer)
    def post(self, request, club_slug):
        from tournaments.models import Event

        club = self.club(club_slug)
        body = RestoreSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        kind, pk = body.validated_data["kind"], body.validated_data["id"]
        rows = {"club": Club.all_objects.filter(pk=club.pk), "event": Event.all_objects.filter(club=club),
                "member": Member.all_objects.filter(club=club)}[kind]
        obj = rows.filter(pk=pk, deleted_at__isnull=False).first()
        if obj is None:
            raise NotFound(f"No {kind} {pk} in this club's trash.")
        trash.trash_restore(obj=obj)
        return Response(TrashSerializer(trash.club_trash(Club.all_objects.get(pk=club.pk))).data)


CONFIRM = OpenApiParameter("confirm", OpenApiTypes.STR, OpenApiParameter.QUERY, required=False,
                           description="1 to delete something holding results (or a club with events or members).")
TRASH_DELETE = extend_schema(parameters=[CONFIRM], responses={
    204: OpenApiResponse(description="Moved to the club's trash (restorable for 30 days)."),
    409: OpenApiResponse(inline_serializer("DeleteNeedsConfirmation", {
        "detail": serializers.CharField(),
        "contents": serializers.DictField(child=serializers.IntegerField(), help_text="What would go, by name."),
    }), description="It holds results: what would go; send again with ?confirm=1."),
})
