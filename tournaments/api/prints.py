"""GET /api/clubs/{slug}/events/{id}/prints/{kind}.pdf: a print as PDF.

?board=N, ?pair=LABEL, ?table=N, ?round=N (teams) and ?section=A narrow it; ?paper=A4|Letter overrides the club's
paper size. Bad parameters are 400 with the field named; prints the user may not make are 403.
"""
from django.http import Http404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.exceptions import PermissionDenied, ValidationError
from rest_framework.permissions import AllowAny
from rest_framework.views import APIView

from clubs.api.mixins import ClubScopedMixin
from tournaments import selectors
from tournaments.prints.access import may_print, parse_request, public_url
from tournaments.prints.kinds import KINDS, build_print
from tournaments.prints.render import PrintError, print_filename, print_response
from tournaments.prints.source import event_sheet


class EventPrintView(ClubScopedMixin, APIView):
    """One print of an event as PDF, for whoever may see what it shows (a published event's
    prints are public, as its pages are)."""

    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[OpenApiParameter(name, OpenApiTypes.STR, description=text) for name, text in (
            ("board", "one board (travellers, hand cards, hand records)"),
            ("pair", "one pair label (score cards, score slips)"),
            ("table", "one table (guide cards, score slips, table cards, team score cards)"),
            ("round", "one drawn round of a teams event (draw, team score cards, match slips; default: "
                      "the draw of every round, the cards and slips of the last round drawn)"),
            ("section", "section name (default: the first)"),
            ("paper", "A4 or Letter (default: the club's paper size)"))],
        responses={(200, "application/pdf"): OpenApiTypes.BINARY},
    )
    def get(self, request, club_slug, pk, kind):
        club = self.get_club()
        event = selectors.club_events_visible(club=club, user=request.user).filter(pk=pk).first()
        if event is None:
            raise Http404("No such event.")
        try:
            wanted = parse_request(kind, request.query_params, club)
        except PrintError as exc:
            if exc.field == "kind":
                raise Http404(exc.message) from None
            raise ValidationError({exc.field: [exc.message]}) from None
        if not may_print(request.user, event, wanted):
            raise PermissionDenied("You may not print this.")
        try:
            sheet = event_sheet(event, wanted.section,
                                public_url=public_url(request) if KINDS[wanted.kind].director else None)
            template, context, title = build_print(sheet, wanted.kind, board=wanted.board, pair=wanted.pair,
                                                   table=wanted.table, round=wanted.round)
        except PrintError as exc:
            raise ValidationError({exc.field: [exc.message]}) from None
        name = print_filename(event.name, event.date, wanted.kind, wanted.board or "", wanted.pair or "",
                              f"round-{wanted.round}" if wanted.round else "", wanted.paper)
        return print_response(template, context, paper=wanted.paper, title=title, filename=name)
