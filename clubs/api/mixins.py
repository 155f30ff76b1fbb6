"""Mixins for API views that live under /api/clubs/{slug}/..."""
from django.shortcuts import get_object_or_404

from clubs.models import Club


class ClubScopedMixin:
    """Resolve the club from the URL once; every queryset is scoped to it.

    Subclasses set `queryset = Model.objects.none()` (for the schema generator) and
    implement `club_queryset(club)`.
    """

    def get_club(self) -> Club:
        if not hasattr(self, "_club"):
            self._club = get_object_or_404(Club, slug=self.kwargs["club_slug"])
        return self._club

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return self.queryset
        return self.club_queryset(self.get_club())
