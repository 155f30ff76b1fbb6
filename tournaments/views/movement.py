"""The director's movement page: change a section's movement during the evening (add a table,
switch between a Mitchell and a Howell), with a preview of the new rounds and of where each
result goes before confirming. The rules are in ``tournaments.services.seating``."""
from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.shortcuts import redirect, render

from clubs.permissions import is_director
from tournaments import selectors_event
from tournaments.models import EntryStatus
from tournaments.movements import change
from tournaments.movements.suggest import suggest
from tournaments.services import seating
from tournaments.services.sections import movement_build

PAIR_KINDS = ("howell", "mitchell", "skip-mitchell", "relay-mitchell")


def movement_offers(pairs: int) -> list[tuple[str, str]]:
    """(choice, text) for the suitable pair movements from ``suggest``, best first."""
    out = []
    for s in suggest(pairs=pairs):
        if s.kind in PAIR_KINDS:
            out.append((f"{s.kind}:{pairs}:{s.boards_per_round}:{s.rounds}",
                        f"{s.kind.replace('-', ' ').capitalize()} for {pairs} pairs: {s.tables} tables, "
                        f"{s.rounds} rounds of {s.boards_per_round} boards ({s.boards} boards)"))
    return out


def late_offers(event, section) -> list[tuple[str, str]]:
    """Larger movements for the enter-pair form, only when the section has no free place
    (``suggest`` builds every candidate: a second on a 200-pair field)."""
    if section is None or event.status not in ("draft", "playing"):
        return []
    free = change.free_from(seating.windows(section), seating.planned_movement(section).entrants,
                            max(1, event.current_round))
    if free:
        return []
    return movement_offers(1 + section.entries.filter(status=EntryStatus.ACTIVE).count())


def choice_spec(choice: str) -> dict:
    """``kind:pairs:boards_per_round:rounds`` from the page's select as a movement request."""
    parts = str(choice).split(":")
    if len(parts) != 4:
        raise ValidationError({"movement": ["Choose one of the movements offered."]})
    return dict(zip(("kind", "pairs", "boards_per_round", "rounds"), parts))


def event_movement(request, slug, pk):
    """GET: the offers and, with ``?movement=``, the preview; POST: make the change."""
    from .events import _event

    club, event = _event(request, slug, pk)
    if not is_director(request.user, club) or event.is_progressive:
        raise PermissionDenied
    section = selectors_event.section_named(event, request.POST.get("section") or request.GET.get("section"))
    if section is None:
        raise Http404("No such section.")
    pairs = section.entries.filter(status=EntryStatus.ACTIVE).count()
    offers = movement_offers(max(pairs, 3)) + (movement_offers(pairs + 1) if pairs >= 2 else [])
    choice = (request.POST.get("movement") or request.GET.get("movement") or "").strip()
    preview, error, status = None, "", 200
    if choice:
        try:
            movement = movement_build(choice_spec(choice))
            preview = seating.movement_preview(section=section, movement=movement)
            if request.method == "POST":
                seating.section_change_movement(section=section, movement=movement)
                messages.success(request, f"Section {section.name} now plays a {movement.kind} of "
                                          f"{movement.tables} tables; results already in kept their place.")
                return redirect(event.get_absolute_url())
        except ValidationError as exc:
            error, status = " ".join(exc.messages), 400
    return render(request, "tournaments/event_movement.html", {
        "club": club, "event": event, "section": section, "sections": selectors_event.event_sections(event),
        "pairs": pairs, "offers": offers, "choice": choice, "preview": preview.to_dict() if preview else None, "error": error,
        "current": section.schedule}, status=status)
