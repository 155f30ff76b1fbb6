"""A player's own account pages: log in (username or email), sign up, accept an invitation,
password reset and change (Django's views), email change, link requests, results email."""
from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse_lazy
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from cardroom.errors import Conflict
from clubs.models import Member

from . import selectors, services, services_results
from .results_mail import unsubscribe_member_id
from .forms import EmailChangeForm, LinkRequestForm, LoginForm, ResetForm, SignupForm

BACKEND = "accounts.backends.UsernameOrEmailBackend"


class LoginView(auth_views.LoginView):
    """Django's login; a login also claims the memberships the player was invited to."""

    authentication_form = LoginForm

    def form_valid(self, form):
        response = super().form_valid(form)
        services.invitations_claim(user=form.get_user())
        return response


class InvitationAcceptView(auth_views.PasswordResetConfirmView):
    """An invitation's (or a sign-up's) link: Django's set-password page with its token; the
    password set, the player is logged in and their invited memberships are claimed."""

    template_name = "accounts/invitation_accept.html"
    post_reset_login = True
    post_reset_login_backend = BACKEND
    success_url = reverse_lazy("me")

    def form_valid(self, form):
        response = super().form_valid(form)
        claimed = services.invitations_claim(user=form.user)
        for member in claimed:
            messages.success(self.request, f"Welcome: your account is linked to your membership of {member.club.name}.")
        return response


class ResetView(auth_views.PasswordResetView):
    form_class = ResetForm


def _form_page(request, template, form, **context):
    return render(request, template, {"form": form, **context}, status=400 if form.errors else 200)


def signup(request):
    if request.user.is_authenticated:
        return redirect("account")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.account_register(**form.cleaned_data)
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            return render(request, "accounts/signup_sent.html", {"email": form.cleaned_data["email"]})
    return _form_page(request, "accounts/signup.html", form)


@login_required
def account(request):
    return render(request, "accounts/account.html", selectors.account_overview(user=request.user))


@login_required
def link_request(request):
    form = LinkRequestForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.link_request_create(user=request.user, **form.cleaned_data)
        except (ValidationError, Conflict) as exc:
            form.add_error(None, exc.detail if isinstance(exc, Conflict) else exc)
        else:
            messages.success(request, f"Asked {form.cleaned_data['club'].name}: a director will link your membership.")
            return redirect("account")
    return _form_page(request, "accounts/link_request.html", form)


@login_required
def email_change(request):
    form = EmailChangeForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        try:
            services.email_change_request(user=request.user, email=form.cleaned_data["email"])
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(request, f"We sent a link to {form.cleaned_data['email']}: follow it to confirm the "
                                      "change.")
            return redirect("account")
    return _form_page(request, "accounts/email_change.html", form)


def email_change_confirm(request, token):
    try:
        services.email_change_confirm(token=token)
    except ValidationError as exc:
        return render(request, "accounts/email_change_done.html",
                      {"error": "; ".join(exc.message_dict.get("token", exc.messages))}, status=400)
    return render(request, "accounts/email_change_done.html", {"error": ""})


@login_required
@require_POST
def results_email(request, pk):
    """A player turns their results email for one membership on or off."""
    member = get_object_or_404(Member, pk=pk, user=request.user)
    on = request.POST.get("on") == "1"
    services.member_results_email_set(member=member, on=on)
    messages.success(request, f"Results of {member.club.name} {'will' if on else 'will not'} be emailed to you.")
    return redirect("account")


@csrf_exempt  # the signed token is the authority; mail programs POST it without a session (RFC 8058)
@require_http_methods(["GET", "POST"])
def unsubscribe(request, token):
    """The results email's unsubscribe link: GET asks (a link checker must not unsubscribe
    anyone), POST (the page's button, or the mail program's one-click) does it."""
    member_id = unsubscribe_member_id(token)
    if member_id is None:
        return render(request, "accounts/unsubscribe.html", {"invalid": True}, status=400)
    if request.method == "POST":
        member = services_results.member_unsubscribe(member_id=member_id)
        return render(request, "accounts/unsubscribe.html", {"member": member, "done": True},
                      status=200 if member else 404)
    member = Member.objects.select_related("club").filter(pk=member_id).first()
    return render(request, "accounts/unsubscribe.html", {"member": member}, status=200 if member else 404)
