"""Writes for events: a duplicate event set up with its sections, an event's fields changed
(game, scoring and rules stay as they are once play has made them matter, see ``event_update``),
an event deleted. Status changes are ``lifecycle``'s; the director's actions ``actions``'."""
from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F

from cardroom import limits
from cardroom.errors import Conflict
from scoring.services import event_rescore_later
from tournaments.models import PARTY_GAMES, PATIENCE_GAMES, Event, EventFormat, EventStatus, ScoringMethod
from tournaments.models.party import PartyTableReport

from .lifecycle import correction_check

TEAMS_ONLY_SCORING = (ScoringMethod.BOARD_A_MATCH, ScoringMethod.PATTON)
from .sections import movement_build, section_add


@transaction.atomic
def event_create(*, club, name, date, created_by=None, **fields) -> Event:
    fields["convention"] = fields.get("convention") or club.scoring_convention
    event = Event(club=club, name=name, date=date, created_by=created_by, **fields)
    event.full_clean()
    event.save()
    return event


@transaction.atomic
def event_setup(*, club, name, date, game, scoring, created_by=None, rules: str = "",
                movement: dict | None = None, sections: list[dict] | None = None,
                deal_seed: str | None = None, convention: str = "", format: str = EventFormat.PAIRS,
                across_field: bool = False) -> Event:
    """Create a duplicate event with its sections; ``movement`` is the single section A's; the
    scoring ``convention`` is the club's unless given. An individual (``format``) takes individual
    movements ("individual", "rainbow"), a pairs event pairs movements. ``across_field`` scores the
    sections as one field (they must play the same boards)."""
    fields = {"club": club, "name": name, "date": date, "game": game, "scoring": scoring, "format": format,
              "created_by": created_by, "rules": rules or "", "convention": convention or club.scoring_convention,
              "across_field": bool(across_field)}
    if format not in (EventFormat.PAIRS, EventFormat.INDIVIDUAL):
        raise ValidationError({"format": ["A teams event is created with its teams options (format round_robin, "
                                          "swiss or knockout)."]})
    if deal_seed:
        fields["deal_seed"] = deal_seed
    event = Event(**fields)
    event.full_clean()
    event.save()
    specs = sections if sections else ([{"name": "A", "movement": movement}] if movement else [])
    if len(specs) > limits.MAX_SECTIONS:
        raise ValidationError({"sections": [f"An event has at most {limits.MAX_SECTIONS} sections (limit), "
                                            f"not {len(specs)}."]})
    for position, spec in enumerate(specs, start=1):
        built = movement_build(spec.get("movement") or {})
        if built.rounds and built.is_individual != event.is_individual:
            raise ValidationError({"movement": [
                "An individual needs an individual movement (individual or rainbow, by players or tables)."
                if event.is_individual else
                "An individual movement seats single players: choose format individual, or a pairs movement."]})
        section_add(event=event, name=str(spec.get("name") or chr(64 + position)), movement=built,
                    position=position)
    if event.across_field:
        across_field_check(event=event, scoring=event.scoring)
    return event


BOOKS_SCORING = (ScoringMethod.AVERAGE, ScoringMethod.TOTAL_TRICKS)


def across_field_check(*, event: Event, scoring: str) -> None:
    """Refuse (400 naming ``across_field``) scoring this event's sections across the field: only the
    sections of a pairs or individual event compared by matchpoints or IMPs, playing the same boards."""
    from scoring.services import across_field_refusal

    if not event.is_duplicate or event.is_teams:
        raise ValidationError({"across_field": ["Only a pairs or individual event's sections are scored across "
                                                "the field."]})
    if scoring in BOOKS_SCORING:
        raise ValidationError({"across_field": ["The books' methods (plus/minus the average, total tricks) score "
                                                "each section alone: choose matchpoints or IMPs."]})
    why = across_field_refusal(list(event.sections.all()))
    if why:
        raise ValidationError({"across_field": [f"Cannot score across the field: {why}."]})



class Frozen(Conflict):
    """A field play has made fixed (HTTP 409): the detail names the field and why."""

    def __init__(self, field: str, why: str):
        super().__init__(f"{field}: {why}", field=field)


def event_change_check(*, event: Event, changes: dict) -> None:
    """Refuse a change of game, scoring or rules that would leave stored results read by other
    rules: 400 (``ValidationError``) for a value this kind of event never takes, 409 (``Frozen``)
    for one play has fixed. The game is fixed once the event starts (its boards are dealt and its
    results scored for it); the rules once results are in (their scores were worked out by them).
    A scoring method may change: matchpoints, IMPs and the rest read the same raw scores."""
    from scoring.engine import PRESETS

    if event.is_patience or changes.get("game") in PATIENCE_GAMES or changes.get("scoring") == ScoringMethod.GRIDS:
        field = next((f for f in ("game", "scoring", "convention", "rules") if f in changes
                      and changes[f] != getattr(event, f)), None)
        if field:
            raise ValidationError({field: [
                "A poker patience evening's game and options are chosen when it is created (GET …/patience/ "
                "shows them)." if event.is_patience else "A duplicate event cannot become poker patience: "
                "create a poker patience evening."]})
    if "game" in changes and event.is_teams and changes["game"] not in ("duplicate_bridge", "auction_bridge"):
        raise ValidationError({"game": ["Teams play contract bridge (duplicate_bridge or auction_bridge)."]})
    if "game" in changes:
        if event.is_progressive or changes["game"] in PARTY_GAMES:
            raise ValidationError({"game": [
                "A party's game is chosen when the party is created." if event.is_progressive else
                "A duplicate event cannot become a party: create a party for that game."]})
        if event.status != EventStatus.DRAFT:
            raise Frozen("game", f"the event has started: its boards are dealt and its results scored for "
                                 f"{event.get_game_display().lower()}. Create a new event for another game.")
    if "convention" in changes:
        if event.is_progressive:
            raise ValidationError({"convention": ["A party is scored by its tally, not a scoring program's rules."]})
        correction_check(event=event)
    if "scoring" in changes and (event.is_teams or changes["scoring"] in TEAMS_ONLY_SCORING):
        from .teams.options import TEAMS_SCORING

        if event.is_teams and changes["scoring"] not in TEAMS_SCORING:
            raise ValidationError({"scoring": [f"A teams match is scored by {', '.join(TEAMS_SCORING)}."]})
        if not event.is_teams:
            raise ValidationError({"scoring": ["Board-a-match and Patton score teams matches, not a pairs event."]})
    if "scoring" in changes:
        tally = changes["scoring"] == ScoringMethod.TALLY
        if event.is_progressive or tally:
            raise ValidationError({"scoring": [
                "A party is scored by its tally." if event.is_progressive else
                "The progressive tally scores parties, not a duplicate event."]})
        correction_check(event=event)
    if changes.get("across_field") or ("scoring" in changes and event.across_field and
                                       changes.get("across_field", True)):
        try:
            across_field_check(event=event, scoring=changes.get("scoring", event.scoring))
        except ValidationError as exc:
            if "across_field" in changes:
                raise
            raise ValidationError({"scoring": exc.message_dict["across_field"]}) from None
    if "across_field" in changes:
        correction_check(event=event)
    if "rules" in changes:
        if changes["rules"] and changes["rules"] not in PRESETS:
            raise ValidationError({"rules": [f"Unknown rule set; choose from {', '.join(sorted(PRESETS))}."]})
        if _results_in(event):
            raise Frozen("rules", "results are in and their scores were worked out with "
                                  f"{repr(event.rules) if event.rules else 'the game’s standard rules'}. "
                                  "Delete those results first, or create a new event.")


def _results_in(event: Event) -> bool:
    if event.is_progressive:
        return PartyTableReport.objects.filter(round__party__event=event).exists()
    return event.results.exists()


@transaction.atomic
def event_update(*, event: Event, **fields) -> Event:
    """Change an event's name, date, game, scoring, convention, rules or across_field (``event_change_check``
    says which may change when). A new scoring method, convention or across_field with results in rescores them (queued; the standings
    count as behind until it has run). The status changes only by the lifecycle's actions."""
    if "status" in fields:
        raise ValidationError({"status": ["The status changes by the event's actions (start, finish, publish, "
                                          "reopen, unpublish), not by editing the event."]})
    event = Event.objects.select_for_update().get(pk=event.pk)
    changes = {name: value for name, value in fields.items() if getattr(event, name) != value}
    event_change_check(event=event, changes=changes)
    for name, value in fields.items():
        setattr(event, name, value)
    event.full_clean()
    event.save()
    if "scoring" in changes or "convention" in changes or "across_field" in changes:
        event_rescore_results(event=event)
    return event


def event_rescore_results(*, event: Event) -> None:
    """After a new scoring method: the results in count as new (the standings are behind until
    the queued rescore has run, so Finish and Publish wait for it)."""
    if _results_in(event):
        Event.objects.filter(pk=event.pk).update(results_version=F("results_version") + 1)
        event_rescore_later(event=event, force=True)
        event.refresh_from_db()


@transaction.atomic
def event_delete(*, event: Event) -> None:
    """Delete the event and everything of it; once that commits, its stored print packs go too."""
    from tournaments.prints.pack import pack_discard, pack_folder

    folder = pack_folder(event)
    event.delete()
    transaction.on_commit(lambda: pack_discard(folder))
