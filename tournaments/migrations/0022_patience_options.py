"""A poker patience evening's options dict is ``Patience.options`` (was ``rules``, the word an
event uses for its scoring rule-set's name), as a party's (0020); the stored values stay."""
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0021_fill_party_standings"),
    ]

    operations = [
        migrations.RenameField(model_name="patience", old_name="rules", new_name="options"),
        migrations.AlterField(
            model_name="patience", name="options",
            field=models.JSONField(blank=True, default=dict, help_text=(
                "The evening's options (deals, table of values, placement, comparison, caller); an event's "
                "rules is a rule-set name.")),
        ),
    ]
