"""Mixins for API views under /api/clubs/{slug}/events/{id}/."""
from rest_framework.exceptions import NotFound

from clubs.api.mixins import ClubScopedMixin
from tournaments import selectors
from tournaments.models import Event


class EventScopedMixin(ClubScopedMixin):
    """The event of the URL (``event_kwarg``) among those the user may see
    (``selectors.club_events_visible``), found before any permission is asked: an event hidden
    from the user is a 404 for every action, never a 403 that tells it exists."""

    event_kwarg = "pk"

    def visible_events(self):
        """The events of the club this request may see (a view narrows or widens the rule here)."""
        return selectors.club_events_visible(club=self.get_club(), user=self.request.user)

    def get_event(self) -> Event:
        if not hasattr(self, "_event"):
            events = self.visible_events()
            self._event = events.filter(pk=self.kwargs[self.event_kwarg]).first()
            if self._event is None:
                raise NotFound("No such event.")
        return self._event

    def check_permissions(self, request):
        if self.event_kwarg in self.kwargs and not getattr(self, "swagger_fake_view", False):
            self.get_event()
        super().check_permissions(request)
