"""The club's settings page for its directors: name, city, time zone, paper size and the
correction period after publishing (the same fields as ``PATCH /api/clubs/{slug}/``)."""
from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import get_object_or_404, redirect, render

from . import services
from .models import Club
from .permissions import is_director


class ClubSettingsForm(forms.ModelForm):
    class Meta:
        model = Club
        fields = ["name", "city", "time_zone", "paper_size", "correction_hours", "scoring_convention",
                  "reply_to"]
        labels = {"correction_hours": "Correction period (hours after publishing)",
                  "scoring_convention": "Score new events the way of",
                  "reply_to": "Reply-to address of the club's emails"}


@login_required
def club_settings(request, slug):
    club = get_object_or_404(Club, slug=slug)
    if not is_director(request.user, club):
        raise PermissionDenied("Only the club's directors change its settings.")
    form = ClubSettingsForm(request.POST or None, instance=Club.objects.get(pk=club.pk))
    if request.method == "POST" and form.is_valid():
        try:
            services.club_update(club=club, **form.cleaned_data)
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(request, "Settings saved.")
            return redirect(club)
    return render(request, "clubs/club_settings.html", {"club": club, "form": form},
                  status=400 if form.errors else 200)
