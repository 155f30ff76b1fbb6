"""The one lookup the pages of a game without sections share (parties, poker patience): the
game's row for an event of the club in the URL, or a 404 saying what is missing."""
from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404

from clubs.models import Club


def club_game_or_404(model, slug, pk, missing: str):
    """(club, row) of ``model`` (a model with an ``event`` one-to-one) for event ``pk`` of the
    club ``slug``; a 404 with ``missing`` when the club has no such event of that game."""
    club = get_object_or_404(Club, slug=slug)
    row = model.objects.select_related("event", "event__club").filter(event__club=club, event__pk=pk).first()
    if row is None:
        raise Http404(missing)
    return club, row
