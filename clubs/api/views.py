"""API views for clubs and members: parse, call a service, answer."""
import django_filters
from django.contrib.auth import authenticate
from django.http import HttpResponse
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import serializers, viewsets
from rest_framework.authtoken.models import Token
from rest_framework.decorators import action
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from cardroom import limits
from cardroom.api import confirmed
from cardroom.permissions import ClubObjectPermission, IsClubDirector, MemberPermission
from clubs import services
from clubs.models import Club, Member
from clubs.trash import trash_put

from .mixins import ClubScopedMixin
from .trash import TRASH_DELETE
from .serializers import (
    ClubSerializer, MemberImportResultSerializer, MemberImportSerializer, MemberSerializer,
    TokenRequestSerializer, TokenSerializer,
)


class TokenView(APIView):
    """Exchange a username and password for an API token."""

    permission_classes = [AllowAny]
    authentication_classes = []

    @extend_schema(request=TokenRequestSerializer, responses={
        200: TokenSerializer, 400: OpenApiResponse(description="Wrong username or password."),
        429: OpenApiResponse(description="Too many wrong passwords for this username from here (Retry-After).")})
    def post(self, request):
        data = TokenRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        # The Django request, so django-axes' lock-out marks the one its middleware answers (cardroom.logins).
        user = authenticate(request._request, username=data.validated_data["username"],
                            password=data.validated_data["password"])
        if user is None or not user.is_active:
            raise serializers.ValidationError({"non_field_errors": ["Unable to log in with these credentials."]})
        token, _ = Token.objects.get_or_create(user=user)
        return Response({"token": token.key})


@extend_schema_view(destroy=TRASH_DELETE)
class ClubViewSet(viewsets.ModelViewSet):
    """Clubs: everyone signed in may list them and create one (becoming its director)."""

    serializer_class = ClubSerializer
    permission_classes = [IsAuthenticated, ClubObjectPermission]
    lookup_field = "slug"
    search_fields = ["name", "city"]
    ordering_fields = ["name", "city"]
    queryset = Club.objects.all()

    def perform_create(self, serializer):
        serializer.instance = services.club_create(director=self.request.user, **serializer.validated_data)

    def perform_update(self, serializer):
        serializer.instance = services.club_update(club=serializer.instance, **serializer.validated_data)

    def perform_destroy(self, instance):
        """To the trash with its events and members (restorable for 30 days): a club with any
        event or member only with ``?confirm=1``."""
        trash_put(obj=instance, user=self.request.user, confirm=confirmed(self.request))


BOOLEAN_CHOICES = [("true", "true"), ("false", "false"), ("1", "1"), ("0", "0")]


class MemberFilter(django_filters.FilterSet):
    active = django_filters.TypedChoiceFilter(choices=BOOLEAN_CHOICES, coerce=lambda v: v in ("true", "1"),
                                              help_text="true or false")

    class Meta:
        model = Member
        fields = {"membership_number": ["exact"], "last_name": ["iexact", "istartswith"]}


@extend_schema_view(destroy=TRASH_DELETE)
class MemberViewSet(ClubScopedMixin, viewsets.ModelViewSet):
    """Members of one club; directors and scorers read, directors write."""

    serializer_class = MemberSerializer
    queryset = Member.objects.none()
    permission_classes = [IsAuthenticated, MemberPermission]
    filterset_class = MemberFilter
    search_fields = ["first_name", "last_name", "membership_number", "email"]
    ordering_fields = ["last_name", "first_name", "membership_number"]

    def club_queryset(self, club):
        return Member.objects.filter(club=club).select_related("user")

    def get_serializer_context(self):
        context = super().get_serializer_context()
        if not getattr(self, "swagger_fake_view", False):
            context["club"] = self.get_club()
        return context

    def perform_create(self, serializer):
        serializer.instance = services.member_create(club=self.get_club(), **serializer.validated_data)

    def perform_update(self, serializer):
        serializer.instance = services.member_update(member=serializer.instance, **serializer.validated_data)

    def perform_destroy(self, instance):
        """To the trash (restorable for 30 days); a member with results only with ``?confirm=1``."""
        trash_put(obj=instance, user=self.request.user, confirm=confirmed(self.request))

    @extend_schema(request=MemberImportSerializer, responses={200: MemberImportResultSerializer,
                                                              400: OpenApiResponse(description="Bad rows")})
    @action(detail=False, methods=["post"], url_path="import", parser_classes=[MultiPartParser, FormParser])
    def import_csv(self, request, club_slug=None):
        """Import members from CSV, all or nothing; 400 lists every bad row by line."""
        upload = MemberImportSerializer(data=request.data)
        upload.is_valid(raise_exception=True)
        summary = services.members_import_csv(club=self.get_club(),
                                              data=upload.validated_data["file"].read(limits.CSV_MAX_BYTES + 1))
        return Response(MemberImportResultSerializer(summary).data)

    @extend_schema(responses={(200, "text/csv"): OpenApiResponse(description="Members as CSV")})
    @action(detail=False, methods=["get"], url_path="export", permission_classes=[IsAuthenticated, IsClubDirector])
    def export_csv(self, request, club_slug=None):
        """All members as CSV (directors only)."""
        response = HttpResponse(services.members_export_csv(club=self.get_club()), content_type="text/csv")
        response["Content-Disposition"] = f'attachment; filename="{self.get_club().slug}-members.csv"'
        return response
