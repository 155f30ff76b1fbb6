"""The project's URLs and the table-entry benchmark's floor: a view that inserts one row in a
transaction and answers JSON (what a table's POST cannot beat)."""
from django.db import transaction
from django.http import JsonResponse
from django.urls import path
from django.utils import timezone
from django.views.decorators.csrf import csrf_exempt

from cardroom.urls import urlpatterns as project
from tournaments.models import PinMiss


@csrf_exempt
def insert(request):
    with transaction.atomic():
        row = PinMiss.objects.create(event_id=int(request.GET["event"]), table="bench", client=f"{request.GET.get('table')}-{timezone.now()}",
                                     last_try=timezone.now())
    return JsonResponse({"id": row.pk})


urlpatterns = [path("bench/insert/", insert), *project]
