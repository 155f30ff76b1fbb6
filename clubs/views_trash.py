"""Pages for the trash: a confirmation page before deleting a club, member or event (naming
what goes with it), the club's trash, and restoring from it."""
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from cardroom.trash import TRASH_DAYS
from clubs import trash
from clubs.models import Club, Member
from clubs.permissions import is_director


def _club(request, slug, *, trashed_too=False) -> Club:
    club = get_object_or_404(Club.all_objects if trashed_too else Club.objects, slug=slug)
    if not is_director(request.user, club):
        raise PermissionDenied("Only a director of the club deletes and restores.")
    return club


def _thing(club: Club, kind: str, pk: int, *, trashed: bool):
    from tournaments.models import Event

    if kind == "club":
        rows = Club.all_objects.filter(pk=club.pk) if pk == club.pk else Club.objects.none()
    elif kind == "member":
        rows = Member.all_objects.filter(club=club)
    elif kind == "event":
        rows = Event.all_objects.filter(club=club)
    else:
        raise Http404
    obj = rows.filter(pk=pk, deleted_at__isnull=not trashed).first()
    if obj is None:
        raise Http404
    return obj


@login_required
def trash_delete(request, slug, kind, pk):
    """GET: what would go, and a button; POST: to the trash."""
    club = _club(request, slug)
    obj = _thing(club, kind, pk, trashed=False)
    found = trash.contents(obj)
    if request.method == "POST":
        trash.trash_put(obj=obj, user=request.user, confirm=True)
        messages.success(request, f"{obj} is in the trash (restorable for {TRASH_DAYS} days).")
        return redirect("club-trash", slug=slug) if kind == "club" else redirect(
            "member-list" if kind == "member" else "club-home", slug=slug)
    return render(request, "clubs/trash_delete.html", {
        "club": club, "obj": obj, "kind": kind, "contents": trash.describe(found),
        "has_results": trash.needs_confirmation(obj, found), "days": TRASH_DAYS})


@login_required
def trash_page(request, slug):
    club = _club(request, slug, trashed_too=True)
    return render(request, "clubs/trash.html", {"club": club, "trash": trash.club_trash(club), "days": TRASH_DAYS})


@login_required
@require_POST
def trash_restore(request, slug, kind, pk):
    club = _club(request, slug, trashed_too=True)
    obj = _thing(club, kind, pk, trashed=True)
    trash.trash_restore(obj=obj)
    messages.success(request, f"{obj} is back.")
    return redirect(reverse("club-trash", args=[slug]))
