"""Entering a pair by typed names, as a director types them on the event page or a client
sends them to the API: a member's name links the member, an ambiguous one asks which, and a
name nobody has enters a guest and says so (one rule for pages and API)."""
from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError

from clubs.selectors import GUEST_PREFIX, PlayerMatch, player_match
from tournaments.models import Entry, Event, Section

from .entries import entry_add

class PlayersToChoose(ValidationError):
    """Typed names that match several active members: the page or API client says which one
    (``ambiguous``: field -> the matches)."""

    def __init__(self, ambiguous: list[tuple[str, PlayerMatch]]):
        messages: dict[str, list[str]] = {}
        for field, match in ambiguous:
            people = "; ".join(f"{m.full_name} (number {m.membership_number}, id {m.pk})" for m in match.choices)
            messages.setdefault(field, []).append(
                f"{match.text!r} matches {len(match.choices)} members: {people}. Choose one, or give "
                f"'{GUEST_PREFIX}{match.text}' for a guest of that name.")
        super().__init__(messages)
        self.ambiguous = dict(ambiguous)


@dataclass(frozen=True)
class PairEntered:
    """The entry, the members linked from typed names, and the guests entered."""

    entry: Entry
    linked: tuple[str, ...] = ()
    guests: tuple[str, ...] = ()

    @property
    def notes(self) -> list[str]:
        return [f"{name}: no active member of that name, entered as a guest." for name in self.guests]


def entry_add_named(*, event: Event, players: list[tuple[str, str]], members=(), section: Section | None = None,
                    label: str | None = None, movement: dict | None = None) -> PairEntered:
    """Enter a pair from typed names (``(field, text)``, resolved by ``clubs.selectors.player_match``):
    a name that matches exactly one active member links the member, several raise
    ``PlayersToChoose``, none enters a guest of that name (and says so). Pages and API alike."""
    linked, guests, ambiguous, people = [], [], [], list(members)
    for field, text in players:
        match = player_match(club=event.club, text=text)
        if match.member is not None:
            people.append(match.member)
            linked.append(match.member.full_name)
        elif match.choices:
            ambiguous.append((field, match))
        else:
            guests.append(match.guest)
    if ambiguous:
        raise PlayersToChoose(ambiguous)
    entry = entry_add(event=event, members=people, guests=guests, section=section, label=label, movement=movement)
    return PairEntered(entry, tuple(linked), tuple(g for g in guests if g))
