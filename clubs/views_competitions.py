"""Season competitions' pages: the club's competitions and their tables (public: they are
built from published results only), a printable table, the director's form for a new one and
the handicaps of a handicap cup, and the club's ratings (the club's members)."""
from __future__ import annotations

import re

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render

from cardroom import limits
from scoring import selectors_competitions as sel
from scoring import services_competitions as services
from scoring.engine.ladders import DEFAULT_MASTERPOINTS, PlacingPoints
from scoring.models import CarryOver, Competition, CompetitionKind, Handicap, HandicapSource, LadderBasis
from tournaments.models import Event

from .models import Club, Member
from .permissions import is_director, is_player


def scale_text(data: dict) -> str:
    """A masterpoint scale as the form shows it: one band a line, "pairs: awards"."""
    return "\n".join(f"{b['min_size']}: {', '.join(map(str, b['awards']))}" for b in data.get("bands", []))


def _numbers(text: str) -> list[float]:
    try:
        return [float(x) for x in re.split(r"[,\s]+", text.strip()) if x]
    except ValueError:
        raise ValidationError(f"numbers separated by commas, e.g. {', '.join(map(str, PlacingPoints().scale[:4]))}") \
            from None


class CompetitionForm(forms.Form):
    name = forms.CharField(max_length=limits.NAME_MAX)
    kind = forms.ChoiceField(choices=CompetitionKind.choices)
    date_from = forms.DateField(required=False, label="First day", widget=forms.DateInput(attrs={"type": "date"}))
    date_to = forms.DateField(required=False, label="Last day", widget=forms.DateInput(attrs={"type": "date"}))
    events = forms.ModelMultipleChoiceField(queryset=Event.objects.none(), required=False,
                                            help_text="A championship's named set of events (others: leave empty "
                                                      "to count every event in the dates).")
    best = forms.IntegerField(required=False, min_value=1, max_value=limits.MAX_COMPETITION_EVENTS,
                              label="Best results counted", help_text="Ladder and handicap cup; empty: all.")
    basis = forms.ChoiceField(choices=LadderBasis.choices, initial=LadderBasis.PERCENTAGE, label="Ladder by")
    placing_points = forms.CharField(required=False, max_length=400, label="Points for placings",
                                     help_text="First place first, e.g. 10, 8, 6, 5, 4, 3, 2, 1.")
    minimum = forms.IntegerField(min_value=1, max_value=limits.MAX_COMPETITION_EVENTS, initial=1,
                                 label="Sessions needed to be ranked")
    scale = forms.CharField(required=False, max_length=2000, widget=forms.Textarea(attrs={"rows": 5}),
                            label="Masterpoint scale",
                            help_text="One line a field size: pairs from, then the awards by place, e.g. 7: 16, 12, 8, 6.")
    carry_over = forms.ChoiceField(choices=CarryOver.choices, initial=CarryOver.SUM, label="Championship carry-over")
    handicap_source = forms.ChoiceField(choices=HandicapSource.choices, initial=HandicapSource.RATING,
                                        label="Handicaps")

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["events"].queryset = Event.objects.filter(
            pk__in=list(Event.objects.filter(club=club).order_by("-date", "-pk").values_list("pk", flat=True)[:200]))
        if not self.is_bound:
            self.initial.setdefault("scale", scale_text(DEFAULT_MASTERPOINTS.as_data()))

    def clean_placing_points(self):
        text = self.cleaned_data["placing_points"]
        return _numbers(text) if text.strip() else []

    def clean_scale(self):
        text = self.cleaned_data["scale"]
        bands = []
        for n, line in enumerate(text.strip().splitlines(), start=1):
            if not line.strip():
                continue
            size, _, awards = line.partition(":")
            try:
                bands.append({"min_size": int(size), "awards": [int(a) for a in re.split(r"[,\s]+", awards.strip()) if a]})
            except ValueError:
                raise ValidationError(f"line {n}: write the pairs from, a colon, then whole-number awards, "
                                      f"e.g. 7: 16, 12, 8") from None
        return {"bands": bands} if bands else {}


def _club_and_director(request, slug) -> tuple[Club, bool]:
    club = get_object_or_404(Club, slug=slug)
    return club, is_director(request.user, club)


def club_competitions(request, slug):
    club, director = _club_and_director(request, slug)
    return render(request, "clubs/competition_list.html",
                  {"club": club, "director": director, "competitions": sel.club_competitions(club)})


@login_required
def competition_new(request, slug):
    club, director = _club_and_director(request, slug)
    if not director:
        raise PermissionDenied("Only the club's directors set up competitions.")
    initial = {"kind": request.GET.get("kind")} if request.GET.get("kind") in CompetitionKind.values else {}
    form = CompetitionForm(request.POST or None, club=club, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = dict(form.cleaned_data)
        data["events"] = [e.pk for e in data["events"]]
        try:
            competition = services.competition_create(club=club, **data)
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(request, f"{competition.name}: {competition.get_kind_display().lower()} set up.")
            return redirect("competition-detail", slug=club.slug, pk=competition.pk)
    return render(request, "clubs/competition_form.html", {"club": club, "form": form},
                  status=400 if form.errors else 200)


def _competition(club: Club, pk: int) -> Competition:
    return get_object_or_404(Competition, club=club, pk=pk)


def competition_detail(request, slug, pk):
    club, director = _club_and_director(request, slug)
    competition = _competition(club, pk)
    return render(request, "clubs/competition_detail.html", {
        "club": club, "director": director, "competition": competition, "rows": sel.competition_table(competition),
        "events": sel.competition_events(competition)})


def competition_print(request, slug, pk):
    from tournaments.prints.render import PrintError, paper_for, print_filename, print_response

    club, _director = _club_and_director(request, slug)
    competition = _competition(club, pk)
    try:
        paper = paper_for(club, request.GET.get("paper"))
    except PrintError as exc:
        raise Http404(exc.message) from None
    context = {"club": club, "competition": competition, "rows": sel.competition_table(competition),
               "events": sel.competition_events(competition),
               "sheet": {"club": club.name, "title": competition.get_kind_display(), "date_text": _dates(competition)}}
    return print_response("print/competition.html", context, paper=paper, title=competition.name,
                          filename=print_filename(club.slug, competition.name, paper),
                          as_html=request.GET.get("html") == "1", request=request)


def _dates(competition: Competition) -> str:
    if competition.date_from and competition.date_to:
        return f"{competition.date_from:%d %b %Y} to {competition.date_to:%d %b %Y}"
    if competition.date_from:
        return f"from {competition.date_from:%d %b %Y}"
    return ""


class HandicapForm(forms.Form):
    member = forms.ModelChoiceField(queryset=Member.objects.none())
    value = forms.FloatField(required=False, min_value=-limits.MAX_HANDICAP, max_value=limits.MAX_HANDICAP,
                             help_text="Percentage points added to the pair's score; empty: back to the cup's rule.")

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["member"].queryset = Member.objects.filter(club=club, active=True)


@login_required
def competition_handicaps(request, slug, pk):
    club, director = _club_and_director(request, slug)
    if not director:
        raise PermissionDenied("Only the club's directors set handicaps.")
    competition = _competition(club, pk)
    if competition.kind != CompetitionKind.HANDICAP:
        raise Http404("Only a handicap cup has handicaps.")
    form = HandicapForm(request.POST or None, club=club)
    if request.method == "POST" and form.is_valid():
        try:
            services.handicap_set(competition=competition, member=form.cleaned_data["member"],
                                  value=form.cleaned_data["value"])
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(request, f"Handicap of {form.cleaned_data['member'].full_name} saved.")
            return redirect("competition-handicaps", slug=club.slug, pk=competition.pk)
    handicaps = Handicap.objects.filter(competition=competition).select_related("member").order_by(
        "member__last_name", "member__first_name")
    return render(request, "clubs/competition_handicaps.html",
                  {"club": club, "competition": competition, "form": form, "handicaps": handicaps},
                  status=400 if form.errors else 200)


def club_ratings(request, slug):
    club = get_object_or_404(Club, slug=slug)
    if not is_player(request.user, club):
        raise PermissionDenied("The club's ratings are for its members.")
    return render(request, "clubs/club_ratings.html", {"club": club, "ratings": sel.club_ratings(club),
                                                       "settled": sel.SETTLED_BOARDS})
