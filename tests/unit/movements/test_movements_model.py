

def test_shared_howell_survives_a_json_round_trip():
    from tournaments.movements import Movement, howell, validate

    two_tables = howell(2)
    assert two_tables.shared
    again = Movement.from_json(two_tables.to_json())
    assert again.shared and validate(again).ok
