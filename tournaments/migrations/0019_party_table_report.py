"""A party table's report for a round is ``PartyTableReport`` (was ``PartyResult``: a Result is a
duplicate table's result on a board); its rows stay, renamed."""
import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0018_one_pin_secret"),
    ]

    operations = [
        migrations.RemoveConstraint(model_name="partyresult", name="unique_party_result_per_table"),
        migrations.RenameModel(old_name="PartyResult", new_name="PartyTableReport"),
        migrations.AlterField(
            model_name="partytablereport", name="round",
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="reports",
                                    to="tournaments.partyround"),
        ),
        migrations.AddConstraint(
            model_name="partytablereport",
            constraint=models.UniqueConstraint(fields=("round", "table"), name="unique_party_table_report"),
        ),
    ]
