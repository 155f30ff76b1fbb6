"""Golden movements up to relabelling: an explicit relabelling of pairs, tables, rounds and
board sets turns ours into the published one (checked seat by seat), and a broken copy fails."""
from dataclasses import replace

import pytest

from tournaments.movements import howell, mitchell, validate
from tournaments.movements.equivalence import equivalent, relabelling

from movement_fixtures import bridgescorer


def shuffled(movement, pair_map, table_map):
    """The same movement with other pair and table numbers and the rounds in reverse order."""
    rounds = list(reversed(movement.rounds_detail))
    plans = tuple(replace(p, round=i + 1, tables=tuple(
        replace(t, table=table_map[t.table], ns=pair_map[t.ns], ew=pair_map[t.ew]) for t in p.tables),
        sit_out=tuple(pair_map[x] for x in p.sit_out)) for i, p in enumerate(rounds))
    return replace(movement, rounds_detail=plans)


def test_a_relabelled_howell_is_found_with_its_relabelling():
    ours = howell(5, boards_per_round=2)
    pairs = {str(k): str(11 - k) for k in range(1, 11)}
    tables = {t: 6 - t for t in range(1, 6)}
    theirs = shuffled(ours, pairs, tables)
    found = relabelling(ours, theirs)
    assert found is not None
    assert found.entrants == pairs and found.tables == tables
    assert found.rounds == {r: 10 - r for r in range(1, 10)}


def test_a_broken_copy_is_not_equivalent():
    ours = howell(4, boards_per_round=3)
    first = ours.rounds_detail[0]
    t1, t2 = first.tables[:2]
    broken = replace(ours, rounds_detail=(replace(first, tables=(replace(t1, ew=t2.ew), replace(t2, ew=t1.ew))
                                                  + first.tables[2:]),) + ours.rounds_detail[1:])
    assert not equivalent(ours, broken)
    assert not equivalent(ours, howell(4, boards_per_round=3, rounds=6))


def test_three_table_mitchell_is_the_published_one():
    assert equivalent(mitchell(3, boards_per_round=6), bridgescorer("42_bridgescorer_Movement.Mitchell3Table.yaml"))


def test_three_table_howell_with_shared_boards_is_the_published_one():
    published = bridgescorer("41_bridgescorer_Movement.Howell3TableNoRelay.yaml")
    assert equivalent(howell(3, boards_per_round=4), published)


@pytest.mark.parametrize("name,tables,bpr", [
    ("43_bridgescorer_Movement.Howell08T4B21.yaml", 4, 3),
    ("44_bridgescorer_Movement.Howell10T5B18.yaml", 5, 2),
])
def test_four_and_five_table_howells_are_bridgescorers_turned_round(name, tables, bpr):
    """Ours are the howellki Howells (row for row, see test_movements_howell); bridgescorer's
    seat the same pairs at the same tables on the same boards, with N-S and E-W exchanged at
    some tables, and compare pairs just as evenly."""
    published, ours = bridgescorer(name), howell(tables, boards_per_round=bpr)
    assert not equivalent(ours, published)
    found = relabelling(ours, published, directions=False)
    assert found is not None and len(found.entrants) == 2 * tables
    assert validate(ours).balance.spread == validate(published).balance.spread
