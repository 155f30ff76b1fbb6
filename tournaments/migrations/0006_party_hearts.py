# Progressive hearts: a new party progression (a choices change, no schema change).

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0005_club_board_sets'),
    ]

    operations = [
        migrations.AlterField(
            model_name='party',
            name='progression',
            field=models.CharField(choices=[('hoyle', "The books' euchre: gold, red and green stars"), ('standard_hoyle', 'Standard Hoyle euchre: gold and green only'), ('winners_move', 'Modern euchre: fixed hands, winners move up'), ('rotation', 'Modern euchre: rotation chart, partner everyone once'), ('ladies_up', 'Whist drive: winners stay, ladies up, gents down'), ('progressive', 'Progressive whist: change partners every round'), ('hearts', 'Progressive hearts: four losers retire each round, to a final table')], default='hoyle', max_length=20),
        ),
    ]
