"""A party's options dict is ``Party.options`` (was ``rules``, the word an event uses for its
scoring rule-set's name); the stored values stay."""
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0019_party_table_report"),
    ]

    operations = [
        migrations.RenameField(model_name="party", old_name="rules", new_name="options"),
        migrations.AlterField(
            model_name="party", name="options",
            field=models.JSONField(blank=True, default=dict, help_text=(
                "The party's options by progression (game points, rounds, the missed rule, hearts' scheme, "
                "poker's stake...); an event's rules is a rule-set name.")),
        ),
    ]
