"""Results exchange API (directors): POST .../events/import-usebio/ turns a USEBIO 1.2 file into
a finished event; GET .../events/{id}/usebio/ and .../results-pbn/ download a finished event."""
from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView

from cardroom.permissions import IsClubDirector
from clubs.api.mixins import ClubScopedMixin
from scoring.engine.vpscales import VP_SCALES
from tournaments.deals.usebio import MAX_BYTES
from tournaments.api.mixins import EventScopedMixin
from tournaments.services.results_export import ExportRefused, event_export_results_pbn, event_export_usebio
from tournaments.services.usebio import UsebioImportError, event_import_usebio


class _DirectorMixin(ClubScopedMixin):
    permission_classes = [IsClubDirector]


@extend_schema(tags=["events"])
class UsebioImportView(_DirectorMixin, APIView):
    """Import a USEBIO 1.2 pairs or teams file (multipart ``file`` or the XML as ``xml``) as a
    finished event: 201 with the event and how many pairs' (teams' and matches') figures equal the file's."""

    parser_classes = [MultiPartParser, FormParser, JSONParser]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "UsebioImport"  # the schema's component name (one InputSerializer a view)

        file = serializers.FileField(required=False)
        xml = serializers.CharField(required=False, trim_whitespace=False, max_length=MAX_BYTES)
        name = serializers.CharField(required=False, allow_blank=True, max_length=160)
        vp_scale = serializers.ChoiceField(choices=VP_SCALES, required=False,
                                           help_text="Teams files: the VP scale (default WBF 2013 continuous).")

        def validate(self, attrs):
            if bool(attrs.get("file")) == bool(attrs.get("xml")):
                raise ValidationError({"file": ["Give one of file (multipart) or xml (text)."]})
            return attrs

    @extend_schema(request=InputSerializer, responses={201: OpenApiTypes.OBJECT})
    def post(self, request, club_slug):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = data.validated_data
        field = "file" if fields.get("file") else "xml"
        content = fields["file"].read(MAX_BYTES + 1) if field == "file" else fields["xml"]
        try:
            event = event_import_usebio(club=self.get_club(), data=content, user=request.user,
                                        name=fields.get("name", ""), vp_scale=fields.get("vp_scale"))
        except UsebioImportError as exc:
            raise ValidationError({field: [str(exc)]}) from None
        return Response({"id": event.pk, "name": event.name, "date": str(event.date), "status": event.status,
                         "scoring": event.scoring, "report": event.usebio_report}, status=status.HTTP_201_CREATED)


class _ExportView(EventScopedMixin, APIView):
    permission_classes = [IsClubDirector]
    fmt = "usebio"

    def export(self, request, pk):
        event = self.get_event()
        try:
            data = event_export_usebio(event) if self.fmt == "usebio" else event_export_results_pbn(event)
        except ExportRefused as exc:
            raise ValidationError({"event": [str(exc)]}) from None
        kind = "application/xml; charset=UTF-8" if self.fmt == "usebio" else "text/x-pbn"
        response = HttpResponse(data, content_type=kind)
        name = f"event-{pk}.xml" if self.fmt == "usebio" else f"event-{pk}-results.pbn"
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response


@extend_schema(tags=["events"])
class UsebioExportView(_ExportView):
    """A finished pairs or teams event as USEBIO 1.2 XML (places, percentages or IMPs, every traveller
    line; a teams event's matches with VPs and both rooms)."""

    fmt = "usebio"

    @extend_schema(responses={(200, "application/xml"): OpenApiTypes.STR})
    def get(self, request, club_slug, pk):
        return self.export(request, pk)


@extend_schema(tags=["events"])
class ResultsPbnExportView(_ExportView):
    """A finished pairs event as results PBN (ScoreTable, TotalScoreTable, OptimumResultTable, deals)."""

    fmt = "pbn"

    @extend_schema(responses={(200, "text/x-pbn"): OpenApiTypes.STR})
    def get(self, request, club_slug, pk):
        return self.export(request, pk)
