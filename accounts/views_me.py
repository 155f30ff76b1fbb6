"""``/me/``: a logged-in player's results at every club and game, their chart, partnerships
and rating, and the same rows as CSV and JSON."""
import csv
import io

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render

from cardroom.spreadsheet import cell_out
from clubs.models import Member
from scoring.selectors_competitions import member_rating
from tournaments.selectors_player import best_partnerships, history_totals, player_history

from .chart import percentage_chart

ROWS_PER_PAGE = 50
COLUMNS = ["date", "club", "event", "game", "kind", "section", "number", "partner", "place", "field", "percentage",
           "points", "boards", "url"]


def _memberships(user):
    return list(Member.objects.filter(user=user).select_related("club").order_by("club__name"))


@login_required
def me(request):
    memberships = _memberships(request.user)
    rows = player_history(members=memberships)
    chart = percentage_chart([(r["date"].strftime("%-d %b %Y"), r["percentage"]) for r in reversed(rows)
                              if r["percentage"] is not None])
    page = Paginator(rows, ROWS_PER_PAGE).get_page(request.GET.get("page"))
    ratings = [(m, member_rating(m, history=0)) for m in memberships]
    return render(request, "accounts/me.html", {
        "memberships": memberships, "page": page, "chart": chart, "partners": best_partnerships(rows),
        "totals": history_totals(rows), "ratings": [(m, r) for m, r in ratings if r]})


def _export_rows(request) -> list[dict]:
    out = []
    for r in player_history(members=_memberships(request.user)):
        out.append({"date": r["date"].isoformat(), "club": r["club"].name, "event": r["event"].name,
                    "game": r["game"], "kind": r["kind"], "section": r["section"], "number": r["label"],
                    "partner": r["partner"], "place": str(r["place"]), "field": r["field"],
                    "percentage": None if r["percentage"] is None else round(r["percentage"], 2),
                    "points": r["points"], "boards": r["boards"],
                    "url": request.build_absolute_uri(r["event"].get_absolute_url())})
    return out


@login_required
def me_csv(request):
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(COLUMNS)
    for row in _export_rows(request):
        writer.writerow([cell_out(row[c]) for c in COLUMNS])
    response = HttpResponse(buffer.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="my-results.csv"'
    return response


@login_required
def me_json(request):
    user = request.user
    data = {"username": user.username, "email": user.email,
            "memberships": [{"club": m.club.name, "membership_number": m.membership_number,
                             "name": m.full_name, "results_by_email": m.results_by_email}
                            for m in _memberships(user)],
            "results": _export_rows(request)}
    response = JsonResponse(data, json_dumps_params={"indent": 1})
    response["Content-Disposition"] = 'attachment; filename="my-results.json"'
    return response
