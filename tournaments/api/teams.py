"""API of a teams event under /api/clubs/{slug}/events/{id}/: its teams (``teams/``,
``teams/{pk}/``), its rounds' draws (``rounds/{n}/draw/``: GET the draw, POST draw it, PATCH swap
two teams before play), its matches (``matches/``, ``matches/{pk}/`` the score card) and a room's
result typed in by a scorer (``matches/{pk}/results/``). ``EventViewSet`` hands a teams event's
create and ``standings/`` here.

Thin: an input serializer checks the body, one service of ``tournaments.services.teams`` is
called, a selector of ``tournaments.selectors_teams`` shapes the answer. Who may: a hidden event
is a 404 for everyone (``EventScopedMixin``), then anyone who sees the event reads, directors
write (``DirectorWrites``), scorers enter results (``IsClubScorer``); a match's score card while
play is on is its teams' players' once the match is complete (``visibility.match_card_visible``).
"""
from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.response import Response
from rest_framework.views import APIView

from cardroom import limits
from cardroom.permissions import DirectorWrites, IsClubScorer
from clubs.permissions import is_director
from tournaments import selectors_event, selectors_teams
from tournaments.models import Match, Team
from tournaments.services import teams as teams_services
from tournaments.services.teams.options import FORMATS, TEAMS_SCORING
from tournaments.services.teams.results import ROOMS, match_carry_over_set, match_result_enter
from tournaments.visibility import match_card_visible

from .fields import AdjustedField, TricksField
from .mixins import EventScopedMixin
from .serializers import DUPLICATE_GAME_CHOICES, EventSerializer


def _valid(serializer_class, request) -> dict:
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


class TeamsEventCreateInput(serializers.Serializer):
    """A teams event: ``game`` a bridge game, ``format`` round_robin, swiss or knockout."""

    name = serializers.CharField(max_length=160)
    date = serializers.DateField()
    game = serializers.ChoiceField(choices=DUPLICATE_GAME_CHOICES)
    format = serializers.ChoiceField(choices=list(FORMATS))
    scoring = serializers.ChoiceField(choices=list(TEAMS_SCORING), default="imps")
    boards_per_match = serializers.IntegerField(min_value=1, max_value=limits.MAX_BOARDS_PER_ROUND, default=8)
    rounds = serializers.IntegerField(min_value=0, max_value=limits.MAX_ROUNDS, default=0)
    options = serializers.JSONField(required=False, default=dict)
    convention = serializers.CharField(required=False, allow_blank=True, default="", max_length=20)
    deal_seed = serializers.CharField(max_length=128, required=False, allow_blank=True)


def teams_event_create(view, request) -> Response:
    """``POST /`` with a teams ``format`` (directors: the viewset's ``create``)."""
    values = _valid(TeamsEventCreateInput, request)
    if values.get("convention"):
        from scoring.engine.conventions import CONVENTION_CHOICES

        if values["convention"] not in dict(CONVENTION_CHOICES):
            raise serializers.ValidationError({"convention": ["Unknown convention."]})
    event = teams_services.teams_event_setup(club=view.get_club(), created_by=request.user, **values)
    return Response(EventSerializer(event).data, status=status.HTTP_201_CREATED)


class TeamsView(EventScopedMixin, APIView):
    """A view of one teams event: a pairs event, a party or a patience evening has no teams (404)."""

    permission_classes = [DirectorWrites]

    def teams_event(self):
        event = self.get_event()
        if not event.is_teams:
            raise NotFound("Not a teams event.")
        return event

    def team(self, pk) -> Team:
        return get_object_or_404(Team.objects.prefetch_related("players"), event=self.teams_event(), pk=pk)

    def match(self, pk) -> Match:
        return get_object_or_404(Match.objects.select_related("event", "home", "away"), event=self.teams_event(),
                                 pk=pk)


class TeamsSettingsInput(serializers.Serializer):
    """The settings to change (the rest kept); ``options`` merges into the stored ones."""

    boards_per_match = serializers.IntegerField(required=False, min_value=1, max_value=limits.MAX_BOARDS_PER_ROUND)
    rounds = serializers.IntegerField(required=False, min_value=0, max_value=limits.MAX_ROUNDS)
    options = serializers.JSONField(required=False)


class TeamsSettingsView(TeamsView):
    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request, pk, club_slug=None):
        """The teams event's settings: format, scoring, boards a match, rounds, options with defaults."""
        return Response(selectors_teams.teams_settings(self.teams_event()))

    @extend_schema(request=TeamsSettingsInput, responses={200: OpenApiTypes.OBJECT})
    def patch(self, request, pk, club_slug=None):
        """Change the match length (before the start), the rounds planned or options (directors;
        a new VP scale, bye rule or tie-break rescores)."""
        event = self.teams_event()
        teams_services.teams_event_update(event=event, **_valid(TeamsSettingsInput, request))
        return Response(selectors_teams.teams_settings(event))


class TeamPlayerInput(serializers.Serializer):
    """One player: exactly one of ``member`` (an id), ``guest`` (a name) or ``name`` (typed: a
    member's name links the member, "guest:Name" forces a guest); one player is the captain."""

    member = serializers.IntegerField(required=False, min_value=1, max_value=limits.MAX_ID)
    guest = serializers.CharField(required=False, max_length=limits.NAME_MAX)
    name = serializers.CharField(required=False, max_length=limits.NAME_MAX)
    captain = serializers.BooleanField(required=False, default=False)

    def validate(self, attrs):
        given = [k for k in ("member", "guest", "name") if k in attrs]
        if len(given) != 1:
            raise serializers.ValidationError({"member": ["Give one of member (an id), guest or name."]})
        return attrs


class TeamInput(serializers.Serializer):
    name = serializers.CharField(max_length=80)
    seed = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=limits.MAX_TEAMS)
    players = TeamPlayerInput(many=True, min_length=4, max_length=6,
                          help_text="Four to six players, exactly one with captain true.")


class TeamPatchInput(serializers.Serializer):
    name = serializers.CharField(max_length=80, required=False)
    seed = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=limits.MAX_TEAMS)
    players = TeamPlayerInput(many=True, min_length=4, max_length=6, required=False)


class TeamsListView(TeamsView):
    @extend_schema(operation_id="clubs_events_teams_list", responses={200: OpenApiTypes.OBJECT})
    def get(self, request, pk, club_slug=None):
        """The event's teams with their players."""
        return Response({"teams": selectors_teams.event_teams(self.teams_event())})

    @extend_schema(request=TeamInput, responses={201: OpenApiTypes.OBJECT})
    def post(self, request, pk, club_slug=None):
        """Enter a team (directors): before the start it plays from round 1; a Swiss's late
        team joins from the next round drawn."""
        event = self.teams_event()
        values = _valid(TeamInput, request)
        team = teams_services.team_add(event=event, name=values["name"], seed=values.get("seed"),
                                       players=[dict(p) for p in values["players"]])
        return Response(selectors_teams.team_detail(team), status=status.HTTP_201_CREATED)


class TeamDetailView(TeamsView):
    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request, pk, team_id, club_slug=None):
        """The team, its players and its matches so far."""
        team = self.team(team_id)
        return Response(selectors_teams.team_history(team.event, team))

    @extend_schema(request=TeamPatchInput, responses={200: OpenApiTypes.OBJECT})
    def patch(self, request, pk, team_id, club_slug=None):
        """A new name, seed or line-up (directors)."""
        team = self.team(team_id)
        values = _valid(TeamPatchInput, request)
        if "players" in values:
            values["players"] = [dict(p) for p in values["players"]]
        team = teams_services.team_update(team=team, **values)
        return Response(selectors_teams.team_detail(team))

    @extend_schema(request=None, responses={200: OpenApiResponse(OpenApiTypes.OBJECT, description="Withdrawn"),
                                            204: OpenApiResponse(description="Deleted (before the start)")})
    def delete(self, request, pk, team_id, club_slug=None):
        """Before the start: delete the team. Once play has begun: withdraw it (its results stay;
        it is left out of the rounds drawn from now on)."""
        team = self.team(team_id)
        if team.event.status == "draft":
            teams_services.team_delete(team=team)
            return Response(status=status.HTTP_204_NO_CONTENT)
        return Response(selectors_teams.team_detail(teams_services.team_withdraw(team=team)))


class SwapInput(serializers.Serializer):
    teams = serializers.ListField(child=serializers.IntegerField(min_value=1, max_value=limits.MAX_SMALL),
                                  min_length=2, max_length=2, help_text="The two teams' numbers.")


class RoundDrawView(TeamsView):
    def _round(self, number) -> int:
        if not 1 <= number <= limits.MAX_ROUNDS:
            raise NotFound("No such round.")
        return number

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request, pk, number, club_slug=None):
        """Round ``n`` as drawn: matches, tables, byes, boards; whether it may still change."""
        return Response(selectors_teams.round_draw(self.teams_event(), self._round(number)))

    @extend_schema(request=None, responses={201: OpenApiTypes.OBJECT})
    def post(self, request, pk, number, club_slug=None):
        """Draw round ``n`` (the next one: Swiss and knockout once the last is complete), or re-draw
        the current round while it has no results (directors); 409 naming why otherwise."""
        event = self.teams_event()
        teams_services.teams_round_draw(event=event, round_number=self._round(number))
        return Response(selectors_teams.round_draw(event, number), status=status.HTTP_201_CREATED)

    @extend_schema(request=SwapInput, responses={200: OpenApiTypes.OBJECT})
    def patch(self, request, pk, number, club_slug=None):
        """Swap two teams of a drawn round before it is played (directors)."""
        event = self.teams_event()
        values = _valid(SwapInput, request)
        teams_services.teams_round_swap(event=event, round_number=self._round(number), teams=tuple(values["teams"]))
        return Response(selectors_teams.round_draw(event, number))


class MatchesView(TeamsView):
    @extend_schema(operation_id="clubs_events_matches_list",
                   parameters=[OpenApiParameter("round", int, required=False)], responses={200: OpenApiTypes.OBJECT})
    def get(self, request, pk, club_slug=None):
        """The matches (of one round with ``?round=n``), and which still wait for which boards."""
        event = self.teams_event()
        number = request.query_params.get("round")
        if number is not None:
            text = str(number).strip()
            if not (text.isdigit() and text.isascii() and 1 <= int(text) <= limits.MAX_ROUNDS):
                raise serializers.ValidationError({"round": [f"Give a round number from 1 to {limits.MAX_ROUNDS}."]})
            number = int(text)
        rows = selectors_teams.event_matches(event, number)
        waiting = selectors_teams.matches_waiting(event)
        if number:
            waiting = [w for w in waiting if w["match"]["round"] == number]
        return Response({"matches": [selectors_teams.match_row(m) for m in rows], "waiting": waiting})


class MatchDetailView(TeamsView):
    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request, pk, match_id, club_slug=None):
        """The match's score card, board by board (a board once both rooms have it)."""
        match = self.match(match_id)
        if not match_card_visible(match.event, request.user, match):
            raise PermissionDenied("While play is on, a team's players see their match's score card once the "
                                   "match is complete.")
        return Response(selectors_teams.match_score_card(match))

    class CarryOverInput(serializers.Serializer):
        """A knockout tie's carry-over, on its first segment."""

        carry_over_home = serializers.FloatField(min_value=0, max_value=999)
        carry_over_away = serializers.FloatField(min_value=0, max_value=999)

    @extend_schema(request=CarryOverInput, responses={200: OpenApiTypes.OBJECT})
    def patch(self, request, pk, match_id, club_slug=None):
        """Set a knockout tie's carry-over (directors): counted in the first segment's score."""
        match = self.match(match_id)
        values = _valid(self.CarryOverInput, request)
        match = match_carry_over_set(match=match, home=values["carry_over_home"], away=values["carry_over_away"])
        return Response(selectors_teams.match_row(match))


class MatchResultInput(serializers.Serializer):
    """One room's result on one board of the match: the room names the pairs (open: home N-S,
    closed: home E-W)."""

    room = serializers.ChoiceField(choices=list(ROOMS))
    board = serializers.IntegerField(min_value=1, max_value=limits.MAX_BOARD_NUMBER)
    contract = serializers.CharField(required=False, allow_blank=True, max_length=8)
    declarer = serializers.CharField(required=False, allow_blank=True, max_length=1)
    tricks = TricksField(help_text="Tricks taken by the declarer.")
    lead = serializers.CharField(required=False, allow_blank=True, max_length=3)
    adjusted_ns = AdjustedField()
    adjusted_ew = AdjustedField()
    override = serializers.BooleanField(required=False, default=False,
                                        help_text="A director's result after the event is over (correction).")


class MatchResultsView(TeamsView):
    permission_classes = [IsClubScorer]

    @extend_schema(request=MatchResultInput, responses={200: OpenApiTypes.OBJECT, 201: OpenApiTypes.OBJECT})
    def post(self, request, pk, match_id, club_slug=None):
        """Enter a room's result (scorers and directors): stored confirmed; the same again is 200,
        a different one for a board with a result 409 (correct it on the traveller)."""
        match = self.match(match_id)
        values = _valid(MatchResultInput, request)
        room = values.pop("room")
        override = values.pop("override") and is_director(request.user, match.event.club)
        result, created = match_result_enter(match=match, room=room, data=values, user=request.user,
                                             override=override)
        row = next((r for r in selectors_event.board_traveller(match.event, result.board, result.section,
                                                               with_audit=False)["rows"]
                    if r["id"] == result.pk), {"id": result.pk})
        return Response({"result": row, "room": room, "match": selectors_teams.match_row(match)},
                        status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)
