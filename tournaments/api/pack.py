"""The whole print pack through the API: ``GET …/prints/pack/?paper=A4`` says where it stands
(ready, rendering, prints done of total, and the PDF's link once ready), ``POST`` asks for it
(rendered once by the Celery job however often asked), ``GET …/prints/pack.pdf`` is the file.
The same rule as the print menu (``tournaments.prints.access.pack_refusal``): scorers and
directors follow it; asking for it or downloading it needs the hands (a director, or anyone who
may print once the event is finished)."""
from django.core.files.storage import default_storage
from django.http import FileResponse, Http404
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import PermissionDenied, ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.mixins import EventScopedMixin
from tournaments.prints.access import pack_refusal
from tournaments.prints.pack import pack_progress, pack_ready, pack_request
from tournaments.prints.render import PrintError, paper_for, print_filename

PAPER = OpenApiParameter("paper", OpenApiTypes.STR, description="A4 or Letter (default: the club's paper size)")


class PackRequestSerializer(serializers.Serializer):
    paper = serializers.CharField(required=False, allow_blank=True, max_length=16,
                                  help_text="A4 or Letter (default: the club's paper size)")


class PackStateSerializer(serializers.Serializer):
    paper = serializers.CharField()
    ready = serializers.BooleanField()
    rendering = serializers.BooleanField()
    done = serializers.IntegerField(help_text="prints rendered so far (guide cards, travellers …)")
    total = serializers.IntegerField(help_text="prints in the pack (0 until the job has counted them)")
    url = serializers.CharField(allow_null=True, help_text="the PDF (prints/pack.pdf) once ready, else null")


class _PackMixin(EventScopedMixin):
    def _event_paper(self, request, pk, paper_raw, *, the_pack: bool):
        club, event = self.get_club(), self.get_event()
        refusal = pack_refusal(request.user, event, the_pack=the_pack)
        if refusal:
            raise PermissionDenied(refusal)
        try:
            return event, paper_for(club, paper_raw)
        except PrintError as exc:
            raise ValidationError({"paper": [exc.message]}) from None

    def _state(self, event, paper, state) -> dict:
        url = reverse("event-print-pack-file-api", kwargs={"club_slug": event.club.slug, "pk": event.pk})
        return {"paper": paper, **state, "url": f"{url}?paper={paper}" if state["ready"] else None}


class EventPackView(_PackMixin, APIView):
    """Where the event's print pack stands, and asking for it."""

    @extend_schema(parameters=[PAPER], responses=PackStateSerializer)
    def get(self, request, club_slug, pk):
        event, paper = self._event_paper(request, pk, request.query_params.get("paper"), the_pack=False)
        return Response(self._state(event, paper, pack_progress(event, paper)))

    @extend_schema(request=PackRequestSerializer, responses={202: PackStateSerializer, 200: PackStateSerializer})
    def post(self, request, club_slug, pk):
        data = PackRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        event, paper = self._event_paper(request, pk, data.validated_data.get("paper"), the_pack=True)
        state = pack_request(event, paper)
        return Response(self._state(event, paper, state),
                        status=status.HTTP_200_OK if state["ready"] else status.HTTP_202_ACCEPTED)


class EventPackFileView(_PackMixin, APIView):
    """The rendered pack as one PDF (404 until ready)."""

    @extend_schema(parameters=[PAPER], responses={(200, "application/pdf"): OpenApiTypes.BINARY})
    def get(self, request, club_slug, pk):
        event, paper = self._event_paper(request, pk, request.query_params.get("paper"), the_pack=True)
        name = pack_ready(event, paper)
        try:
            stored = default_storage.open(name, "rb") if name else None
        except FileNotFoundError:  # replaced by a newer pack since pack_ready looked
            stored = None
        if stored is None:
            raise Http404("The pack is not ready yet: POST prints/pack/ and follow its progress.")
        return FileResponse(stored, content_type="application/pdf",
                            filename=print_filename(event.name, event.date, "pack", paper))
