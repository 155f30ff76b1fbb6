"""A club's multi-session championships: the list, a director's form for a new one (from an
event's page: that event is its first session), the championship's page (its sessions, the
cumulative table after each with ``session`` and ``cumulative`` columns, the qualifiers), the
director's "add the next session" and "record a substitute", and the print of the tables.
Each session is an ordinary event: its own page, movement, phones, score cards and prints."""
from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from cardroom import limits
from cardroom.errors import Conflict
from cardroom.inputs import whole_number
from clubs.models import Club, Member
from clubs.permissions import is_director
from tournaments import selectors_championships as sel
from tournaments.models import CarryRule, Championship, Entry, EntryStatus, Event
from tournaments.movements.registry import KINDS
from tournaments.services import championships as services
from tournaments.visibility import event_sight

PAIR_KINDS = [k for k in KINDS if k not in ("individual", "rainbow", "team-round-robin")]


class ChampionshipForm(forms.Form):
    name = forms.CharField(max_length=limits.NAME_MAX)
    carry_over = forms.ChoiceField(choices=CarryRule.choices, initial=CarryRule.SUM, label="Carry-over")
    carry_factor = forms.FloatField(required=False, min_value=0, max_value=1, label="Factor",
                                    help_text="Factored carry-over only: the fraction carried, e.g. 0.25.")
    qualify_top = forms.IntegerField(required=False, min_value=1, max_value=limits.MAX_PAIRS,
                                     label="Qualifiers", help_text="The top N go on (blank: everyone).")
    qualify_per_section = forms.BooleanField(required=False, label="Top N of each section")
    event = forms.ModelChoiceField(queryset=Event.objects.none(), required=False, label="First session")

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["event"].queryset = Event.objects.filter(
            pk__in=list(Event.objects.filter(club=club, championship__isnull=True)
                        .order_by("-date", "-pk").values_list("pk", flat=True)[:100]))


class NextSessionForm(forms.Form):
    date = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))
    name = forms.CharField(max_length=limits.NAME_MAX, required=False, help_text="Blank: the championship's, session N.")
    kind = forms.ChoiceField(choices=[("", "Suggested for the pairs going on")] + [(k, k) for k in PAIR_KINDS],
                             required=False, label="Movement")
    tables = forms.IntegerField(required=False, min_value=1, max_value=limits.MAX_TABLES)
    boards_per_round = forms.IntegerField(required=False, min_value=1, max_value=limits.MAX_BOARDS_PER_ROUND,
                                          label="Boards a round")
    qualified_only = forms.BooleanField(required=False, initial=True, label="Qualifiers only")

    def movement(self) -> dict | None:
        data = self.cleaned_data
        if not data.get("kind"):
            return None
        if not data.get("tables"):
            raise ValidationError({"tables": ["give the tables of the movement"]})
        spec = {"kind": data["kind"], "tables": data["tables"]}
        if data.get("boards_per_round"):
            spec["boards_per_round"] = data["boards_per_round"]
        return spec


class SessionForm(forms.Form):
    event = forms.ModelChoiceField(queryset=Event.objects.none(), label="Event")

    def __init__(self, *args, championship: Championship, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["event"].queryset = Event.objects.filter(
            pk__in=list(Event.objects.filter(club=championship.club, championship__isnull=True)
                        .order_by("-date", "-pk").values_list("pk", flat=True)[:100]))


class SubstitutionForm(forms.Form):
    entry = forms.ModelChoiceField(queryset=Entry.objects.none(), label="Pair")
    player = forms.ChoiceField(choices=[("a", "First player"), ("b", "Second player")])
    member = forms.ModelChoiceField(queryset=Member.objects.none(), required=False, label="Substitute (member)")
    guest = forms.CharField(max_length=limits.NAME_MAX, required=False, label="or a guest's name")

    def __init__(self, *args, championship: Championship, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["entry"].queryset = Entry.objects.filter(
            event__championship=championship, status=EntryStatus.ACTIVE,
            event__status__in=("draft", "playing")).select_related("event").order_by("event__session", "label")
        self.fields["entry"].label_from_instance = lambda e: f"Session {e.event.session}: {e.label} {e.names}"
        self.fields["member"].queryset = Member.objects.filter(club=championship.club, active=True)


def _club(request, slug) -> tuple[Club, bool]:
    club = get_object_or_404(Club, slug=slug)
    return club, is_director(request.user, club)


def _errors(form, exc: ValidationError) -> None:
    for field, msgs in getattr(exc, "message_dict", {None: exc.messages}).items():
        for m in msgs:
            form.add_error(field if field in form.fields else None, m if field in form.fields or not field
                           else f"{field}: {m}")


def championship_list(request, slug):
    club, director = _club(request, slug)
    return render(request, "tournaments/championship_list.html",
                  {"club": club, "director": director, "championships": sel.championships_of(club)})


@login_required
def championship_new(request, slug):
    club, director = _club(request, slug)
    if not director:
        raise PermissionDenied("Only the club's directors set up championships.")
    initial = {"event": request.GET.get("event")} if str(request.GET.get("event", "")).isdigit() else {}
    form = ChampionshipForm(request.POST or None, club=club, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            championship = services.championship_create(club=club, created_by=request.user, **form.cleaned_data)
        except ValidationError as exc:
            _errors(form, exc)
        else:
            messages.success(request, f"{championship.name} set up.")
            return redirect("championship-detail", slug=club.slug, pk=championship.pk)
    return render(request, "tournaments/championship_form.html", {"club": club, "form": form},
                  status=400 if form.errors else 200)


def _wanted_session(request) -> tuple[int | None, bool]:
    """``?session=``: (the number asked for or None, whether it was well formed). A bad one is
    said on the page naming ``session`` (a 400, as the API and the events pages answer)."""
    try:
        return whole_number(request.GET.get("session"), "session", high=limits.MAX_SESSIONS, default=0) or None, True
    except ValidationError as exc:
        for msgs in exc.message_dict.values():
            for m in msgs:
                messages.error(request, f"session: {m}")
        return None, False


def _context(request, club, championship, director) -> dict:
    sessions = sel.championship_sessions(championship, request.user)
    shown = [s for s in sessions if s.standings]
    wanted, well_formed = _wanted_session(request) if request.method == "GET" else (None, True)
    chosen = next((s for s in shown if s.number == wanted), shown[-1] if shown else None)
    if wanted and (chosen is None or chosen.number != wanted):
        raise Http404("No such session, or you may not see it yet.")
    rows = sel.cumulative_rows(chosen.event) if chosen else []
    sight = event_sight(chosen.event, request.user) if chosen else None
    cards = {f"{r.section}/{r.label}" for r in rows if sight.score_card(r.section, r.label)}
    return {"club": club, "director": director, "championship": championship, "sessions": sessions,
            "shown": shown, "chosen": chosen, "rows": rows, "score_card_links": cards,
            "percentages": sel.percentage_rule(championship), "status": 200 if well_formed else 400}


def championship_detail(request, slug, pk):
    club, director = _club(request, slug)
    championship = get_object_or_404(Championship, club=club, pk=pk)
    context = _context(request, club, championship, director)
    if director:
        context.update(_director_forms(championship))
    return render(request, "tournaments/championship_detail.html", context, status=context.pop("status"))


def _director_forms(championship: Championship, **forms_) -> dict:
    return {"next_form": NextSessionForm(initial={"qualified_only": True}),
            "session_form": SessionForm(championship=championship),
            "sub_form": SubstitutionForm(championship=championship),
            "substitutions": sel.substitutions(championship), **forms_}


def _director_post(request, slug, pk) -> tuple[Club, Championship]:
    club, director = _club(request, slug)
    if not director:
        raise PermissionDenied("Only the club's directors run a championship.")
    return club, get_object_or_404(Championship, club=club, pk=pk)


def _rerender(request, club, championship, **forms_) -> object:
    context = _context(request, club, championship, True)
    context.pop("status")
    context.update(_director_forms(championship, **forms_))
    return render(request, "tournaments/championship_detail.html", context, status=400)


@login_required
@require_POST
def championship_next(request, slug, pk):
    club, championship = _director_post(request, slug, pk)
    form = NextSessionForm(request.POST)
    if form.is_valid():
        try:
            event = services.championship_next_session(
                championship=championship, date=form.cleaned_data["date"], movement=form.movement(),
                name=form.cleaned_data["name"], qualified_only=form.cleaned_data["qualified_only"], user=request.user)
        except ValidationError as exc:
            _errors(form, exc)
        except Conflict as exc:
            form.add_error(None, exc.detail)
        else:
            messages.success(request, f"{event.name}: {event.entries.count()} pairs carried over.")
            return redirect("event-detail", slug=club.slug, pk=event.pk)
    return _rerender(request, club, championship, next_form=form)


@login_required
@require_POST
def championship_session(request, slug, pk):
    club, championship = _director_post(request, slug, pk)
    form = SessionForm(request.POST, championship=championship)
    if form.is_valid():
        try:
            event = services.championship_session_add(championship=championship, event=form.cleaned_data["event"])
        except ValidationError as exc:
            _errors(form, exc)
        else:
            messages.success(request, f"{event.name} is session {event.session}.")
            return redirect("championship-detail", slug=club.slug, pk=championship.pk)
    return _rerender(request, club, championship, session_form=form)


@login_required
@require_POST
def championship_substitute(request, slug, pk):
    club, championship = _director_post(request, slug, pk)
    form = SubstitutionForm(request.POST, championship=championship)
    if form.is_valid():
        try:
            sub = services.entry_substitute(entry=form.cleaned_data["entry"], player=form.cleaned_data["player"],
                                            member=form.cleaned_data["member"], guest=form.cleaned_data["guest"],
                                            user=request.user)
        except ValidationError as exc:
            _errors(form, exc)
        else:
            messages.success(request, f"{sub.player_in} plays for {sub.player_out}.")
            return redirect("championship-detail", slug=club.slug, pk=championship.pk)
    return _rerender(request, club, championship, sub_form=form)


def championship_print(request, slug, pk):
    from tournaments.prints.render import PrintError, paper_for, print_filename, print_response

    club, director = _club(request, slug)
    championship = get_object_or_404(Championship, club=club, pk=pk)
    try:
        paper = paper_for(club, request.GET.get("paper"))
    except PrintError as exc:
        raise Http404(exc.message) from None
    shown = [s for s in sel.championship_sessions(championship, request.user) if s.standings]
    if not shown:
        raise Http404("No session of this championship you may see yet.")
    tables = [{"session": s, "rows": sel.cumulative_rows(s.event)} for s in shown]
    context = {"club": club, "championship": championship, "tables": tables,
               "percentages": sel.percentage_rule(championship),
               "sheet": {"club": club.name, "title": championship.get_carry_over_display(),
                         "date_text": f"{shown[0].event.date:%d %b %Y} to {shown[-1].event.date:%d %b %Y}"}}
    return print_response("print/championship.html", context, paper=paper, title=championship.name,
                          filename=print_filename(club.slug, championship.name, paper),
                          as_html=request.GET.get("html") == "1", request=request)
