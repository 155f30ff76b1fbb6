"""A director's account pages for their club: invite members (one, or the ticked ones of the
member list), answer players' requests to be linked to a membership, and see or resend an
event's results emails."""
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from cardroom.errors import Conflict
from clubs.models import Club, Member
from clubs.permissions import is_director

from tournaments.models import Event

from . import selectors, services, services_results
from .forms import InviteForm, LinkDecisionForm, ResendForm
from .models import LinkRequest, LinkStatus, ResultsMail


def _director_club(request, slug) -> Club:
    club = get_object_or_404(Club, slug=slug)
    if not is_director(request.user, club):
        raise PermissionDenied("Only the club's directors invite members and link accounts.")
    return club


def _why(exc) -> str:
    return exc.detail if isinstance(exc, Conflict) else "; ".join(exc.messages)


@login_required
@require_POST
def member_invite(request, slug, pk):
    club = _director_club(request, slug)
    member = get_object_or_404(Member, club=club, pk=pk)
    try:
        services.member_invite(member=member, by=request.user)
    except (ValidationError, Conflict) as exc:
        messages.error(request, f"Not invited: {_why(exc)}")
    else:
        messages.success(request, f"Invited {member.full_name} ({member.email}).")
    return redirect(member)


@login_required
@require_POST
def members_invite(request, slug):
    club = _director_club(request, slug)
    form = InviteForm(request.POST, club=club)
    if not form.is_valid():
        messages.error(request, "Tick the members to invite.")
        return redirect("member-list", slug=club.slug)
    invited, skipped = services.members_invite(club=club, member_ids=form.cleaned_data["member"], by=request.user)
    if invited:
        messages.success(request, f"Invited {len(invited)}: {', '.join(m.full_name for m in invited)}.")
    for member, why in skipped:
        messages.error(request, f"{member.full_name} not invited: {why}")
    return redirect("member-list", slug=club.slug)


@login_required
def link_requests(request, slug):
    club = _director_club(request, slug)
    pending = [{"request": r, "form": LinkDecisionForm(club=club, prefix=f"r{r.pk}",
                                                          initial={"member": _guess(club, r)})}
               for r in selectors.club_link_requests(club=club)[:100]]
    return render(request, "accounts/link_requests.html", {"club": club, "pending": pending})


def _guess(club, link_request):
    """The member the request most likely means: its membership number, else its email."""
    qs = Member.objects.filter(club=club, user__isnull=True)
    if link_request.membership_number:
        found = qs.filter(membership_number=link_request.membership_number).first()
        if found:
            return found
    return qs.filter(email__iexact=link_request.user.email).first() if link_request.user.email else None


@login_required
@require_POST
def link_request_decide(request, slug, pk):
    club = _director_club(request, slug)
    link_request = get_object_or_404(LinkRequest, club=club, pk=pk)
    form = LinkDecisionForm(request.POST, club=club, prefix=f"r{pk}")
    if form.is_valid():
        try:
            services.link_request_decide(link_request=link_request, by=request.user,
                                         approve=form.cleaned_data["decision"] == "approve",
                                         member=form.cleaned_data.get("member"))
        except (ValidationError, Conflict) as exc:
            form.add_error(None, _why(exc))
        else:
            done = LinkRequest.objects.get(pk=pk)
            messages.success(request, f"{done.user.username}: {done.get_status_display().lower()}"
                                      + (f" to {done.member.full_name}." if done.member else "."))
            return redirect("link-requests", slug=club.slug)
    pending = [{"request": r,
                "form": form if r.pk == link_request.pk else LinkDecisionForm(club=club, prefix=f"r{r.pk}")}
               for r in selectors.club_link_requests(club=club)[:100]]
    if link_request.status != LinkStatus.PENDING:
        pending.insert(0, {"request": link_request, "form": form})
    return render(request, "accounts/link_requests.html", {"club": club, "pending": pending}, status=400)


@login_required
def results_mail(request, slug, pk):
    """The event's results emails for its director: who was sent theirs, who failed and why;
    POST sends again (to everyone who opted in, or one ``member``)."""
    club = _director_club(request, slug)
    event = get_object_or_404(Event, club=club, pk=pk)
    if request.method == "POST":
        member = None
        if request.POST.get("member"):
            form = ResendForm(request.POST, club=club)
            if not form.is_valid():
                messages.error(request, "Choose a member of this club.")
                return redirect("results-mail", slug=club.slug, pk=event.pk)
            member = form.cleaned_data["member"]
        try:
            queued = services_results.results_mail_queue(event=event, resend=True, member=member)
        except Conflict as exc:
            messages.error(request, exc.detail)
        else:
            messages.success(request, f"Sending {len(queued)} results email{'s' if len(queued) != 1 else ''}.")
        return redirect("results-mail", slug=club.slug, pk=event.pk)
    players = list(services_results.event_players(event))
    mails = {m.member_id: m for m in ResultsMail.objects.filter(event=event)}
    rows = [{"member": p, "address": services_results.member_address(p), "mail": mails.get(p.pk)} for p in players]
    rows.sort(key=lambda r: (r["member"].last_name, r["member"].first_name))
    return render(request, "accounts/results_mails.html", {"club": club, "event": event, "rows": rows})
