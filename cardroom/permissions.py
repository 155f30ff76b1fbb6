"""Who may call an API action, in one place: DRF permission classes on the per-club roles
(``clubs.permissions``), and a table's PIN as an authentication class. An API view names its
classes per action (``ActionPermissions.action_permissions``); no action checks roles inside.

The club comes from the view (``view.get_club()``, as ``clubs.api.mixins.ClubScopedMixin``
gives it), so a missing club is a 404 before any role is asked.

- ``ReadOnly``, ``IsClubDirector``, ``IsClubScorer``, ``IsScorerOrTable``: per action.
- ``DirectorWrites``: anyone the view lets read (its queryset decides what is visible) reads;
  directors write.
- ``ClubObjectPermission``, ``MemberPermission``: the club and member viewsets.
- ``TablePinAuthentication``: the ``X-Table-Pin`` header; a right PIN makes ``request.auth`` a
  ``TableSeat``, a wrong one is a 403, a client that must wait a 429 with Retry-After.
- ``ActionPermissions``: a viewset mixin mapping ``self.action`` to its classes.
"""
from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework.authentication import BaseAuthentication
from rest_framework.exceptions import PermissionDenied, Throttled
from rest_framework.permissions import SAFE_METHODS, BasePermission

from clubs.permissions import is_director, is_scorer

__all__ = ["ActionPermissions", "ClubObjectPermission", "DirectorWrites", "IsClubDirector", "IsClubScorer",
           "IsScorerOrTable", "MemberPermission", "ReadOnly", "TablePinAuthentication", "TableSeat",
           "require_pin"]


class ReadOnly(BasePermission):
    """GET, HEAD and OPTIONS; what may be read is the view's queryset's business."""

    def has_permission(self, request, view) -> bool:
        return request.method in SAFE_METHODS


class IsClubDirector(BasePermission):
    message = "Only a director of the club can do this."

    def has_permission(self, request, view) -> bool:
        return is_director(request.user, view.get_club())


class IsClubScorer(BasePermission):
    """A scorer or a director of the club (director ranks above scorer)."""

    message = "Only a scorer or director of the club can do this."

    def has_permission(self, request, view) -> bool:
        return is_scorer(request.user, view.get_club())


class DirectorWrites(BasePermission):
    message = IsClubDirector.message

    def has_permission(self, request, view) -> bool:
        return request.method in SAFE_METHODS or is_director(request.user, view.get_club())


class ClubObjectPermission(BasePermission):
    """Anyone signed in reads a club's public face; only its directors change it."""

    def has_object_permission(self, request, view, obj) -> bool:
        return request.method in SAFE_METHODS or is_director(request.user, obj)


class MemberPermission(BasePermission):
    """Directors and scorers read the member list; directors write it."""

    message = "Only the club's directors change its members; its scorers read them."

    def has_permission(self, request, view) -> bool:
        club = view.get_club()
        if request.method in SAFE_METHODS:
            return is_scorer(request.user, club)
        return is_director(request.user, club)


@dataclass(frozen=True)
class TableSeat:
    """``request.auth`` after a right table PIN: the one table the device may score."""

    event_id: int
    table: str


def require_pin(check) -> None:
    """A ``PinCheck`` that failed: a wrong PIN is a 403; a client that must wait is a 429."""
    if check.ok:
        return
    if not check.tried:
        raise Throttled(wait=check.wait, detail=check.message)
    raise PermissionDenied(check.message)


class TablePinAuthentication(BaseAuthentication):
    """A device at one table, known by the table's PIN in the ``X-Table-Pin`` header. The view
    checks it against the table its URL names: ``view.table_pin_check(request, pin)`` returns
    ``(PinCheck, TableSeat)``; ``view.get_table()`` is a 404 for a table the event does not have. No header: the
    next authentication class (a scorer's login) is asked. Listed first, so a player signed in
    on their own phone still scores with the PIN."""

    header = "HTTP_X_TABLE_PIN"

    def get_pin(self, request) -> str | None:
        return request.META.get(self.header)

    def authenticate(self, request):
        pin = self.get_pin(request)
        if pin is None:
            return None
        check, seat = request.parser_context["view"].table_pin_check(request, pin)
        require_pin(check)
        return AnonymousUser(), seat


class TablePinScheme(OpenApiAuthenticationExtension):
    """The schema's name for the table PIN: an API key in the ``X-Table-Pin`` header."""

    target_class = TablePinAuthentication
    name = "tablePin"

    def get_security_definition(self, auto_schema):
        return {"type": "apiKey", "in": "header", "name": "X-Table-Pin",
                "description": "The table's four-digit PIN (printed on the table card)."}


class IsScorerOrTable(BasePermission):
    """The table's own device (a right PIN) or a scorer or director of the club. The view's
    ``get_table()`` runs first, so a table the event does not have is a 404 for everyone."""

    message = "Send the table's PIN in the X-Table-Pin header."

    def has_permission(self, request, view) -> bool:
        view.get_table()
        return isinstance(request.auth, TableSeat) or is_scorer(request.user, view.get_club())


class ActionPermissions:
    """Viewset mixin: ``action_permissions = {"create": [IsClubDirector], ...}`` names the
    classes of each action (``self.action``; a method mapped with ``@x.mapping.post`` is its
    own action); any other action gets ``permission_classes``."""

    action_permissions: dict[str, list[type[BasePermission]]] = {}

    def get_permissions(self):
        classes = self.action_permissions.get(getattr(self, "action", None), self.permission_classes)
        return [permission() for permission in classes]
