"""The results' and the audit trail's ``event`` and ``section`` lose their own one-column index:
the composite indexes lead with each (results: (event, board), (section, round, table) and the
unique (section, board, ns, ew); the audit: (event, board)), so every table's result wrote two
indexes and its audit row one that no query needed (issue 18). Only the indexes go: the foreign
keys stay as they are (Django's own AlterField would drop and re-add each constraint, checking
every stored result again under a lock)."""
import django.db.models.deletion
from django.db import migrations, models

DROPPED = (("result", "event_id"), ("result", "section_id"), ("resultchange", "event_id"))


def _own_index(schema_editor, table: str, column: str) -> str | None:
    """The name of the index on ``column`` alone (not unique, not a key), if there is one."""
    with schema_editor.connection.cursor() as cursor:
        found = schema_editor.connection.introspection.get_constraints(cursor, table)
    return next((name for name, c in found.items() if c["index"] and not c["unique"] and not c["primary_key"]
                 and not c["foreign_key"] and c["columns"] == [column]), None)


def drop(apps, schema_editor):
    for model_name, column in DROPPED:
        table = apps.get_model("tournaments", model_name)._meta.db_table
        name = _own_index(schema_editor, table, column)
        if name:
            schema_editor.execute(f"DROP INDEX {schema_editor.quote_name(name)}")


def restore(apps, schema_editor):
    for model_name, column in DROPPED:
        model = apps.get_model("tournaments", model_name)
        if not _own_index(schema_editor, model._meta.db_table, column):
            field = next(f for f in model._meta.concrete_fields if f.column == column)
            schema_editor.execute(schema_editor._create_index_sql(model, fields=[field]))


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0030_movement_hash'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[migrations.RunPython(drop, restore)],
            state_operations=[
                migrations.AlterField(
                    model_name='result',
                    name='event',
                    field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE,
                                            related_name='results', to='tournaments.event'),
                ),
                migrations.AlterField(
                    model_name='result',
                    name='section',
                    field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE,
                                            related_name='results', to='tournaments.section'),
                ),
                migrations.AlterField(
                    model_name='resultchange',
                    name='event',
                    field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE,
                                            related_name='result_changes', to='tournaments.event'),
                ),
            ],
        ),
    ]
