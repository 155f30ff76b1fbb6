"""No "seated" status: Start seats the pairs, deals the boards and opens round 1 in one step, so
an event goes from draft straight to playing. An event stored as seated is playing; in its
history the draft -> seated change becomes the start and a seated -> playing one goes."""
from django.db import migrations, models

STATUSES = [("draft", "Draft"), ("playing", "Playing"), ("finished", "Finished"), ("published", "Published")]


def seated_to_playing(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    EventChange = apps.get_model("tournaments", "EventChange")
    EventChange.objects.filter(from_status="seated", to_status="playing").delete()
    EventChange.objects.filter(from_status="seated").update(from_status="playing")
    EventChange.objects.filter(to_status="seated").update(to_status="playing")
    Event.objects.filter(status="seated").update(status="playing")


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0013_party_standings"),
    ]

    operations = [
        migrations.RunPython(seated_to_playing, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="event",
            name="status",
            field=models.CharField(choices=STATUSES, default="draft", max_length=16),
        ),
        migrations.AlterField(
            model_name="eventchange",
            name="from_status",
            field=models.CharField(choices=STATUSES, max_length=16),
        ),
        migrations.AlterField(
            model_name="eventchange",
            name="to_status",
            field=models.CharField(choices=STATUSES, max_length=16),
        ),
    ]
