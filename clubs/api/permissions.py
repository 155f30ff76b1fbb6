"""DRF permission classes built on the per-club roles."""
from rest_framework.permissions import SAFE_METHODS, BasePermission

from clubs.permissions import is_director, is_scorer


class ClubObjectPermission(BasePermission):
    """Anyone signed in reads a club's public face; only its directors change it."""

    def has_object_permission(self, request, view, obj):
        return request.method in SAFE_METHODS or is_director(request.user, obj)


class MemberPermission(BasePermission):
    """Directors and scorers read the member list; directors write it."""

    def has_permission(self, request, view):
        club = view.get_club()
        if request.method in SAFE_METHODS:
            return is_scorer(request.user, club)
        return is_director(request.user, club)
