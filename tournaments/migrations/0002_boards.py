# Board sets and boards (issue 4).

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("clubs", "0001_initial"),
        ("tournaments", "0001_initial"),
    ]

    operations = [
        migrations.CreateModel(
            name="BoardSet",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("name", models.CharField(blank=True, max_length=120)),
                ("game", models.CharField(choices=[("duplicate_whist", "Duplicate whist"), ("duplicate_bridge", "Duplicate (contract) bridge"), ("auction_bridge", "Auction bridge (1909)"), ("bridge_whist", "Bridge whist (1904)"), ("progressive_euchre", "Progressive euchre"), ("whist_drive", "Whist drive")], default="duplicate_bridge", max_length=32)),
                ("source", models.CharField(choices=[("dealt", "Dealt from the seed"), ("imported", "Imported from PBN")], default="dealt", max_length=16)),
                ("seed", models.CharField(blank=True, max_length=128)),
                ("algorithm", models.CharField(blank=True, max_length=40)),
                ("published", models.BooleanField(default=False, help_text="Hand records shown to players before the event ends.")),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("updated_at", models.DateTimeField(auto_now=True)),
                ("club", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="board_sets", to="clubs.club")),
                ("event", models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name="board_sets", to="tournaments.event")),
            ],
            options={
                "ordering": ["-created_at", "-id"],
                "constraints": [models.UniqueConstraint(condition=models.Q(("event__isnull", False)), fields=("event",), name="one_board_set_per_event")],
            },
        ),
        migrations.CreateModel(
            name="Board",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("number", models.PositiveIntegerField()),
                ("deal", models.CharField(max_length=80)),
                ("deal_index", models.CharField(max_length=32)),
                ("dealer", models.CharField(choices=[("N", "N"), ("E", "E"), ("S", "S"), ("W", "W")], max_length=1)),
                ("vulnerability", models.CharField(blank=True, choices=[("None", "None"), ("NS", "NS"), ("EW", "EW"), ("All", "All")], max_length=4)),
                ("turn_up", models.CharField(blank=True, max_length=2)),
                ("double_dummy", models.JSONField(blank=True, null=True)),
                ("par", models.JSONField(blank=True, null=True)),
                ("analysed_at", models.DateTimeField(blank=True, null=True)),
                ("board_set", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="boards", to="tournaments.boardset")),
            ],
            options={
                "ordering": ["board_set", "number"],
                "constraints": [
                    models.UniqueConstraint(fields=("board_set", "number"), name="unique_board_number_per_set"),
                    models.CheckConstraint(condition=models.Q(("number__gte", 1)), name="board_number_from_one"),
                ],
            },
        ),
    ]
