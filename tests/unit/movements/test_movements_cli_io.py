import json
import subprocess
import sys
from pathlib import Path

import pytest

from tournaments.movements import Movement, generate, howell, suggest, validate
from tournaments.movements.cli import main
from tournaments.movements.model import MovementFormatError


def test_json_has_exactly_the_documented_shape():
    data = json.loads(howell(4).to_json())
    assert list(data) == ["kind", "tables", "rounds", "boards_per_round", "boards", "winners",
                          "rounds_detail"]
    assert (data["kind"], data["tables"], data["rounds"], data["boards"], data["winners"]) == \
        ("howell", 4, 7, 21, 1)
    first = data["rounds_detail"][0]
    assert first["round"] == 1 and first["sit_out"] == []
    assert first["tables"][0] == {"table": 1, "ns": "8", "ew": "1", "boards": [1, 2, 3]}


def test_individual_json_uses_compass_seats():
    table = json.loads(generate("individual", players=8).to_json())["rounds_detail"][0]["tables"][0]
    assert set(table) == {"table", "n", "s", "e", "w", "boards"}


@pytest.mark.parametrize("kind,size", [("mitchell", 7), ("relay-mitchell", 8), ("howell", 5)])
def test_json_and_csv_round_trip(kind, size):
    movement = generate(kind, tables=size)
    assert Movement.from_json(movement.to_json()) == movement
    again = Movement.from_csv(movement.to_csv(), kind=kind, shared=movement.shared)
    assert again.rounds_detail == movement.rounds_detail and again.winners == movement.winners


def test_imported_csv_names_the_first_violation():
    text = "round,table,ns,ew,first_board,last_board\n1,1,1,2,1,2\n1,2,3,4,3,4\n2,1,1,3,1,2\n"
    report = validate(Movement.from_csv(text))
    assert report.first_error == "round 2 table 1: 1 plays board 1 again (already in round 1)"


def test_malformed_import_is_refused():
    with pytest.raises(MovementFormatError):
        Movement.from_json('{"kind": "howell"}')
    with pytest.raises(MovementFormatError):
        Movement.from_csv("1,1,1,2,a,b\n")


@pytest.mark.parametrize("argv", [["rainbow", "--tables", "9"], ["mitchell", "--tables", "8"],
                                  ["howell", "--tables", "40"], ["nonsense", "--tables", "4"],
                                  ["howell"], ["howell", "--tables", "4", "--pairs", "8"]])
def test_impossible_requests_exit_2_and_say_why(argv):
    code, text = main(argv)
    assert code == 2 and text.startswith("movement:")


def test_impossible_requests_suggest_an_alternative():
    assert "rainbow with 11 tables" in main(["rainbow", "--tables", "9"])[1]
    assert "skip-mitchell" in main(["mitchell", "--tables", "8"])[1]


@pytest.mark.parametrize("fmt", ["text", "json", "csv"])
def test_cli_prints_every_format(fmt):
    code, text = main(["howell", "--tables", "4", "--format", fmt])
    assert code == 0 and text
    if fmt == "text":
        assert "Table 4" in text and "after round 1" in text and "8-1 b1-3" in text


@pytest.mark.parametrize("pairs", range(3, 31))
def test_suggestions_are_sensible_for_3_to_30_pairs(pairs):
    found = suggest(pairs=pairs)
    assert found and [s.penalty for s in found] == sorted(s.penalty for s in found)
    best = found[0]
    assert 18 <= best.boards <= 32
    if pairs <= 10:
        assert best.kind == "howell" and best.winners == 1
    if pairs >= 14:
        assert best.kind.endswith("mitchell") and best.winners == 2


def test_suggestion_respects_rounds_available():
    assert all(s.rounds <= 8 for s in suggest(pairs=14, rounds_available=8, boards_wanted=24))


def test_package_does_not_import_django():
    code = ("import sys, tournaments.movements, tournaments.movements.cli, "
            "tournaments.movements.progressive; print('django' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=Path(__file__).resolve().parents[3])
    assert out.stdout.strip() == "False"
