"""One PIN secret per event: ``Event.table_pin_seed`` becomes ``Event.pin_secret``, and a party's
or a patience evening's own ``pin_secret`` moves onto its event, so every PIN already printed
or handed out stays valid (each place keeps its message: ``"A:3"``, ``"table:3"``, ``"player:P4"``)."""
from django.db import migrations, models

import tournaments.models.events


def secrets_to_event(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    Section = apps.get_model("tournaments", "Section")
    for model in ("Party", "Patience"):
        for owner in apps.get_model("tournaments", model).objects.all():
            # A party or patience evening has no section tables, whose PINs a new secret would change.
            if not Section.objects.filter(event_id=owner.event_id).exclude(movement={}).exists():
                Event.objects.filter(pk=owner.event_id).update(pin_secret=owner.pin_secret)


def secrets_back(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    for model in ("Party", "Patience"):
        for owner in apps.get_model("tournaments", model).objects.all():
            owner.pin_secret = Event.objects.get(pk=owner.event_id).pin_secret[:32]
            owner.save(update_fields=["pin_secret"])


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0017_event_convention"),
    ]

    operations = [
        migrations.RenameField(model_name="event", old_name="table_pin_seed", new_name="pin_secret"),
        migrations.AlterField(
            model_name="event", name="pin_secret",
            field=models.CharField(blank=True, default=tournaments.models.events.new_deal_seed, max_length=64,
                                   help_text="The secret every PIN of the event is derived from (tables, party "
                                             "tables, patience players): a new one changes them all."),
        ),
        migrations.RunPython(secrets_to_event, secrets_back),
        migrations.RemoveField(model_name="party", name="pin_secret"),
        migrations.RemoveField(model_name="patience", name="pin_secret"),
    ]
