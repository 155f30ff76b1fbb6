"""The books' plus/minus the average gets its own fields (``Score.plus_ns``/``plus_ew``), so
``imp_*`` only ever holds IMPs: the stored values of events scored by the books' methods
("average", "total_tricks") move across."""
from django.db import migrations, models

BOOKS = ("average", "total_tricks")


def move(apps, schema_editor, source="imp", target="plus"):
    Score = apps.get_model("scoring", "Score")
    for score in Score.objects.filter(event__scoring__in=BOOKS).iterator():
        for side in ("ns", "ew"):
            setattr(score, f"{target}_{side}", getattr(score, f"{source}_{side}"))
            setattr(score, f"{source}_{side}", None)
        score.save(update_fields=[f"{f}_{side}" for f in (source, target) for side in ("ns", "ew")])


def move_back(apps, schema_editor):
    move(apps, schema_editor, source="plus", target="imp")


class Migration(migrations.Migration):

    dependencies = [
        ("scoring", "0002_scoring_errors"),
    ]

    operations = [
        migrations.AddField(model_name="score", name="plus_ns",
                            field=models.FloatField(blank=True, null=True,
                                                    help_text="The books' methods: plus or minus the average")),
        migrations.AddField(model_name="score", name="plus_ew",
                            field=models.FloatField(blank=True, null=True,
                                                    help_text="The books' methods: plus or minus the average")),
        migrations.RunPython(move, move_back),
    ]
