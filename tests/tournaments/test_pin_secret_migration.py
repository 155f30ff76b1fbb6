"""Migration 0018 moves a party's and a patience evening's PIN secret onto the event: every PIN
already printed (section tables, party tables, patience players) opens the same place after it."""
import datetime
import hashlib
import hmac

from django.db import connection
from django.db.migrations.executor import MigrationExecutor
import pytest

from tests.migration_states import state_at
from tournaments.models import Event
from tournaments.selectors_event import event_pin

BEFORE = [("tournaments", "0017_event_convention")]
AFTER = [("tournaments", "0018_one_pin_secret")]


def old_pin(secret: str, place: str) -> str:
    """The PIN as the code before 0018 computed it, from the secret of its own row."""
    digest = hmac.new(secret.encode(), place.encode(), hashlib.sha256).hexdigest()
    return f"{int(digest[:8], 16) % 10000:04d}"


@pytest.mark.django_db(transaction=True)
def test_printed_pins_stay_valid_across_the_move():
    executor = MigrationExecutor(connection)
    before = state_at(executor, BEFORE[0])
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    club = old.get_model("clubs", "Club").objects.create(name="Pins", slug="pins-migration")
    events = old.get_model("tournaments", "Event").objects
    duplicate = events.create(club=club, name="Pairs", date=datetime.date(2026, 11, 24), table_pin_seed="d" * 32)
    party_event = events.create(club=club, name="Euchre", date=datetime.date(2026, 11, 24), game="progressive_euchre",
                                table_pin_seed="e" * 32)
    patience_event = events.create(club=club, name="Patience", date=datetime.date(2026, 11, 24),
                                   game="poker_patience", table_pin_seed="f" * 32)
    old.get_model("tournaments", "Party").objects.create(event=party_event, pin_secret="0123456789abcdef")
    old.get_model("tournaments", "Patience").objects.create(event=patience_event, pin_secret="fedcba9876543210")
    printed = {(duplicate.pk, "A:3"): old_pin("d" * 32, "A:3"),
               (party_event.pk, "table:2"): old_pin("0123456789abcdef", "table:2"),
               (patience_event.pk, "player:P4"): old_pin("fedcba9876543210", "player:P4")}

    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    moved = executor.loader.project_state(state_at(executor, AFTER[0])).apps.get_model("tournaments", "Event")
    assert moved.objects.get(pk=party_event.pk).pin_secret == "0123456789abcdef"

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    for (event_id, place), pin in printed.items():  # the present code on the migrated rows
        assert event_pin(Event.objects.get(pk=event_id), place) == pin
