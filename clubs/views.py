"""Club pages: home, members, CSV import/export."""
from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from accounts.selectors import member_account
from cardroom import limits

from scoring.selectors_competitions import member_rating
from tournaments import selectors as event_selectors

from . import selectors, services
from .models import Club, Member
from .permissions import club_role, is_director


def home(request):
    """The site's front page: one club goes straight to its home, several are listed."""
    clubs = list(Club.objects.all()[:50])
    if len(clubs) == 1:
        return redirect(clubs[0])
    return render(request, "clubs/home.html", {"clubs": clubs})


def _listed(events, *, visible_ids: set[int], director: bool) -> list[dict]:
    return [{"event": e, "link": event_selectors.event_link(e, visible_ids=visible_ids, director=director)}
            for e in events]


def club_home(request, slug):
    club = get_object_or_404(Club.objects.select_related("statistics"), slug=slug)
    visible = set(event_selectors.club_events_visible(club=club, user=request.user).values_list("id", flat=True))
    director = is_director(request.user, club)
    context = {
        "club": club,
        "role": club_role(request.user, club),
        "next_events": _listed(event_selectors.club_next_events(club=club), visible_ids=visible, director=director),
        "latest_results": _listed(event_selectors.club_latest_results(club=club), visible_ids=visible,
                                  director=director),
        "statistics": getattr(club, "statistics", None),
    }
    return render(request, "clubs/club_home.html", context)


EVENTS_PER_PAGE = 25
EVENTS_PER_GROUP = 10


def club_events(request, slug):
    """Every event and party of the club by state (in play, upcoming, finished, published); each
    listed to everyone as the club home lists them, linked where the viewer may open it.
    ``?state=`` shows one state, a page at a time."""
    club = get_object_or_404(Club, slug=slug)
    visible = set(event_selectors.club_events_visible(club=club, user=request.user).values_list("id", flat=True))
    director = is_director(request.user, club)
    state = request.GET.get("state", "")
    if state and state not in event_selectors.EVENT_STATES:
        state = ""
    groups = []
    for key, (title, _statuses) in event_selectors.EVENT_STATES.items():
        if state and key != state:
            continue
        events = event_selectors.club_events_in_state(club=club, state=key)
        if state:
            page = Paginator(events, EVENTS_PER_PAGE).get_page(request.GET.get("page"))
            rows, more = page.object_list, 0
        else:
            page, total = None, events.count()
            rows, more = events[:EVENTS_PER_GROUP], max(0, total - EVENTS_PER_GROUP)
        groups.append({"key": key, "title": title, "page": page, "more": more,
                       "events": _listed(rows, visible_ids=visible, director=director)})
    return render(request, "clubs/club_events.html", {"club": club, "groups": groups, "state": state})


def _director_club(request, slug) -> Club:
    club = get_object_or_404(Club, slug=slug)
    if not is_director(request.user, club):
        raise PermissionDenied("Only the club's directors see its member list.")
    return club


class MemberSearchForm(forms.Form):
    """The member list's search box: at most SEARCH_MAX characters, no NUL (a 400 otherwise)."""

    q = forms.CharField(required=False, max_length=limits.SEARCH_MAX)


@login_required
def member_list(request, slug):
    club = _director_club(request, slug)
    search = MemberSearchForm(request.GET)
    query = search.cleaned_data["q"].strip() if search.is_valid() else ""
    members = selectors.club_members(club=club, search=query)
    page = Paginator(members, 50).get_page(request.GET.get("page"))
    for message in search.errors.get("q", []):
        messages.error(request, f"Search: {message}")
    return render(request, "clubs/member_list.html", {"club": club, "page": page, "query": query},
                  status=400 if search.errors else 200)


@login_required
def member_detail(request, slug, pk):
    club = _director_club(request, slug)
    member = get_object_or_404(Member, club=club, pk=pk)
    return render(request, "clubs/member_detail.html", {"club": club, "member": member,
                                                        "rating": member_rating(member),
                                                        **member_account(member=member)})


class MemberForm(forms.ModelForm):
    class Meta:
        model = Member
        fields = ["membership_number", "federation_number", "first_name", "last_name", "email", "phone", "active",
                  "joined_on", "results_by_email"]
        widgets = {"joined_on": forms.DateInput(attrs={"type": "date"})}

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        self.instance.club = club


def _member_form_page(request, club, member=None):
    form = MemberForm(request.POST or None, instance=member, club=club)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            if member is None:
                member = services.member_create(club=club, **data)
            else:
                member = services.member_update(member=Member.objects.get(pk=member.pk), **data)
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(request, f"Saved {member.full_name}.")
            return redirect(member)
    status = 400 if form.errors else 200
    return render(request, "clubs/member_form.html", {"club": club, "form": form, "member": member},
                  status=status)


@login_required
def member_add(request, slug):
    return _member_form_page(request, _director_club(request, slug))


@login_required
def member_edit(request, slug, pk):
    club = _director_club(request, slug)
    return _member_form_page(request, club, get_object_or_404(Member, club=club, pk=pk))


class MemberImportForm(forms.Form):
    file = forms.FileField(help_text="CSV columns: membership_number, first_name, last_name, email, phone, active")


@login_required
def member_import(request, slug):
    club = _director_club(request, slug)
    errors = []
    form = MemberImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            summary = services.members_import_csv(club=club, data=form.cleaned_data["file"].read(limits.CSV_MAX_BYTES + 1))
        except services.MemberImportError as exc:
            errors = exc.errors
        else:
            messages.success(request, f"Imported: {summary.created} new, {summary.updated} updated, "
                                      f"{summary.unchanged} unchanged.")
            return redirect("member-list", slug=club.slug)
    status = 400 if errors or form.errors else 200
    return render(request, "clubs/member_import.html", {"club": club, "form": form, "errors": errors},
                  status=status)


@login_required
def member_export(request, slug):
    club = _director_club(request, slug)
    response = HttpResponse(services.members_export_csv(club=club), content_type="text/csv")
    response["Content-Disposition"] = f'attachment; filename="{club.slug}-members.csv"'
    return response
