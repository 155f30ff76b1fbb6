"""``Section.schedule``: the stored movement typed, parsed once, fresh when the movement is stored anew."""
from tournaments.models import Section
from tournaments.movements import howell, mitchell


def test_schedule_is_parsed_once_per_stored_movement():
    section = Section(name="A", movement=mitchell(3).stored())
    first = section.schedule
    assert section.schedule is first
    assert first.board_numbers() == mitchell(3).board_numbers()


def test_assigning_a_movement_gives_a_fresh_schedule():
    section = Section(name="A", movement=mitchell(3).stored())
    before = section.schedule
    section.movement = howell(4).stored()
    assert section.schedule is not before and section.schedule.kind == "howell"
    assert section.schedule.tables == 4


def test_a_section_without_a_movement_has_an_empty_schedule():
    section = Section(name="A")
    assert section.schedule.rounds == 0 and section.schedule.board_numbers() == ()
    assert not section.schedule.has_table(1)


def test_the_planned_schedule_is_the_movement_before_late_changes():
    played, planned = mitchell(3).with_rounds(2), mitchell(3)
    section = Section(name="A", movement=played.stored(planned))
    assert section.schedule.rounds == 2 and section.planned_schedule().rounds == planned.rounds
