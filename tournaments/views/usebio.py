"""Results exchange pages (directors): import a USEBIO file as a finished event, and download
a finished event as USEBIO 1.2 or results PBN for the federation or another program."""
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from clubs.models import Club
from clubs.permissions import is_director
from tournaments.deals.usebio import MAX_BYTES
from tournaments.models import Event
from tournaments.services.results_export import ExportRefused, event_export_results_pbn, event_export_usebio
from tournaments.services.usebio import UsebioImportError, event_import_usebio


def _club(request, slug) -> Club:
    club = get_object_or_404(Club, slug=slug)
    if not is_director(request.user, club):
        raise PermissionDenied("Only a director of the club imports and exports results.")
    return club


def import_summary(event: Event) -> str:
    """What the director reads after an import: did Cardroom reproduce the file's results?"""
    report = event.usebio_report
    if "teams" in report:
        return (f"Imported {event.name}: {report['matching']} of {report['places']} teams' places and totals and "
                f"{report['matches_matching']} of {report['matches']} matches' scores equal the file's.")
    return (f"Imported {event.name}: {report['matching']} of {report['pairs']} pairs' places and totals "
            f"equal the file's (scored by {report['convention'] or 'cardroom'}'s conventions).")


@login_required
def usebio_import(request, slug):
    club = _club(request, slug)
    context, status = {"club": club, "max_mb": MAX_BYTES // (1024 * 1024)}, 200
    if request.method == "POST":
        upload = request.FILES.get("file")
        if upload is None:
            context["error"], status = "Choose a USEBIO XML file.", 400
        else:
            try:
                event = event_import_usebio(club=club, data=upload.read(MAX_BYTES + 1), user=request.user,
                                            name=request.POST.get("name", "").strip())
            except UsebioImportError as exc:
                context["error"], status = f"{upload.name}: {exc}", 400
            else:
                messages.success(request, import_summary(event))
                return redirect(event.get_absolute_url())
    return render(request, "tournaments/usebio_import.html", context, status=status)


def _download(request, slug, pk, fmt):
    club = _club(request, slug)
    event = Event.objects.filter(club=club, pk=pk).first()
    if event is None:
        raise Http404("No such event.")
    try:
        if fmt == "usebio":
            data, kind, name = event_export_usebio(event), "application/xml; charset=UTF-8", f"event-{pk}.xml"
        else:
            data, kind, name = event_export_results_pbn(event), "text/x-pbn", f"event-{pk}-results.pbn"
    except ExportRefused as exc:
        return HttpResponse(f"Not exported: {exc}.", status=400, content_type="text/plain; charset=utf-8")
    response = HttpResponse(data, content_type=kind)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@login_required
def usebio_export(request, slug, pk):
    return _download(request, slug, pk, "usebio")


@login_required
def results_pbn_export(request, slug, pk):
    return _download(request, slug, pk, "pbn")
