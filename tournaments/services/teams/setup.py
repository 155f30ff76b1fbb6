"""A teams event created: the ``Event`` (a bridge game, a teams ``format``), its one section "A"
(whose movement gains a round each time a round is drawn) and its ``TeamsEvent`` settings."""
from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F

from cardroom.errors import Conflict

from tournaments.models import Event, EventStatus, TeamsEvent
from tournaments.movements.model import Movement

from ..lifecycle import correction_check
from ..sections import section_add
from .options import teams_options, teams_options_clean, teams_settings_clean

SECTION = "A"
MOVEMENT_KIND = "teams"


def empty_movement(boards_per_match: int) -> Movement:
    """The section's movement before round 1 is drawn: no rounds yet."""
    return Movement(kind=MOVEMENT_KIND, winners=1, tables=0, boards_per_round=boards_per_match, rounds_detail=(),
                    shared=True)


@transaction.atomic
def teams_event_setup(*, club, name, date, game, format, scoring="imps", boards_per_match=8, rounds=0,
                      options=None, created_by=None, deal_seed: str | None = None, convention: str = "") -> Event:
    """Create a teams event: the settings checked field by field (a 400 naming the field), the
    event, its section "A" with no rounds yet and its ``TeamsEvent``. Teams are entered next
    (``team_add``); Start draws round 1."""
    settings = teams_settings_clean(game=game, format=format, scoring=scoring, boards_per_match=boards_per_match,
                                    rounds=rounds)
    cleaned = teams_options_clean(options, format=format)
    fields = {"club": club, "name": name, "date": date, "game": settings["game"], "scoring": settings["scoring"],
              "format": settings["format"], "created_by": created_by,
              "convention": convention or club.scoring_convention}
    if deal_seed:
        fields["deal_seed"] = deal_seed
    event = Event(**fields)
    event.full_clean()
    event.save()
    section_add(event=event, name=SECTION, movement=empty_movement(settings["boards_per_match"]))
    TeamsEvent.objects.create(event=event, boards_per_match=settings["boards_per_match"], rounds=settings["rounds"],
                              options=cleaned)
    return event


@transaction.atomic
def teams_event_update(*, event: Event, **fields) -> TeamsEvent:
    """Change the match length, the rounds planned or the options: the match length before the
    start only (round 1's boards are dealt for it); the options given (the rest kept: VP scale,
    bye, tie-breaks...) at any time until published (then in the correction period), which
    rescores; a knockout's segments before its first round is drawn."""
    from scoring.services import event_rescore_later

    teams_event = TeamsEvent.objects.select_for_update().get(event=event)
    unknown = sorted(set(fields) - {"boards_per_match", "rounds", "options"})
    if unknown:
        raise ValidationError({unknown[0]: ["Not a teams setting (boards_per_match, rounds, options)."]})
    settings = teams_settings_clean(game=event.game, format=event.format, scoring=event.scoring,
                                    boards_per_match=fields.get("boards_per_match", teams_event.boards_per_match),
                                    rounds=fields.get("rounds", teams_event.rounds))
    if settings["boards_per_match"] != teams_event.boards_per_match and event.status != EventStatus.DRAFT:
        raise Conflict("boards_per_match: the event has started and its rounds were drawn with "
                       f"{teams_event.boards_per_match} boards a match.", field="boards_per_match")
    if settings["rounds"] and settings["rounds"] < teams_event.current_round:
        raise ValidationError({"rounds": [f"{teams_event.current_round} rounds are drawn already."]})
    teams_event.boards_per_match = settings["boards_per_match"]
    teams_event.rounds = settings["rounds"]
    if "options" in fields:
        given = fields["options"]
        merged = {**teams_options(teams_event), **given} if isinstance(given, dict) else given
        if isinstance(given, dict) and "vp_scale" in given and "bye" not in given:
            merged.pop("bye")  # the new scale's default bye
        cleaned = teams_options_clean(merged, format=event.format)
        if cleaned["segments"] != teams_options(teams_event)["segments"] and teams_event.current_round:
            raise Conflict("options.segments: the knockout's rounds are drawn with "
                           f"{teams_options(teams_event)['segments']} segments a tie.", field="options.segments")
        correction_check(event=event)  # new VPs or tie-breaks after publishing: a correction
        teams_event.options = cleaned
    teams_event.save()
    if "options" in fields and event.results.exists():
        Event.objects.filter(pk=event.pk).update(results_version=F("results_version") + 1)
        event_rescore_later(event=event, force=True)
    return teams_event
