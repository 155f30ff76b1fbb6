"""Print contexts from pure data (movement, boards, results): no Django, no database."""
import subprocess
import sys
from dataclasses import replace

from hypothesis import given, settings, strategies as st

from scoring.engine import BoardResults, Result, score_session
from tournaments.deals.boards import WHIST
from tournaments.deals.dealing import deal_set
from tournaments.movements.howell import howell
from tournaments.movements.mitchell import mitchell, relay_mitchell, skip_mitchell
from tournaments.prints import guide_cards, hand_cards, hand_records, results, score_slips, score_cards, travellers
from tournaments.prints.demo import demo_scores, demo_sheet
from tournaments.prints.notation import card_words, contract_parts, number
from tournaments.prints.sheet import EventSheet, PlayedResult, pair_text


def test_context_builders_do_not_import_django():
    code = ("import sys; import tournaments.prints.guide_cards, tournaments.prints.travellers, "
            "tournaments.prints.score_cards, tournaments.prints.results, tournaments.prints.hand_records, "
            "tournaments.prints.hand_cards, tournaments.prints.score_slips, tournaments.prints.demo; "
            "assert 'django' not in sys.modules, 'django imported'")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_skip_mitchell_guide_card_spells_out_the_skip():
    # Standard Hoyle: with six tables "A and B skip the fourth table"; after round 3 of 5 the
    # E-W pair at table 1 goes to table 3, not table 2.
    movement = skip_mitchell(6, boards_per_round=2)
    rows = guide_cards.guide_rows(movement, 1)
    skips = [r["round"] for r in rows if "skip" in r["ew_next"]]
    assert skips == [3]
    assert rows[2]["ew_next"] == "table 3 E-W — skip one table"
    assert rows[0]["ew_next"] == "table 2 E-W" and rows[0]["ns_next"] == "stay (N-S)"
    assert rows[-1]["ew_next"] == "End of session" and rows[-1]["boards_next"] == "To the director"


def test_mitchell_boards_go_down_one_table():
    movement = mitchell(5, boards_per_round=3)
    rows = guide_cards.guide_rows(movement, 3)
    assert rows[0]["boards"] == "7–9" and rows[0]["boards_next"] == "table 2"
    assert rows[0]["ns"] == "3" and rows[0]["ew"] == "3"


def test_relay_mitchell_names_the_relay_and_the_bye_stand():
    movement = relay_mitchell(6, boards_per_round=2)
    rows_1 = guide_cards.guide_rows(movement, 1)
    assert all(r["relay"] == "table 6" for r in rows_1)
    chart = guide_cards.wall_chart(movement)
    assert chart["has_bye"] and all(r["bye"] for r in chart["rows"])
    to_bye = [r for t in range(1, 7) for r in guide_cards.guide_rows(movement, t) if r["boards_next"] == "Bye stand"]
    assert to_bye, "some set goes to the bye stand each round"


def test_howell_guide_card_sends_both_pairs_on():
    movement = howell(3)
    row = guide_cards.guide_rows(movement, 1)[0]
    assert row["ns_next"].startswith(("table", "stay")) and row["ew_next"].startswith(("table", "stay"))


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=3, max_value=15).filter(lambda t: t % 2), st.integers(min_value=1, max_value=4))
def test_every_scheduled_play_is_on_a_traveller_once(tables, bpr):
    movement = mitchell(tables, boards_per_round=bpr)
    sheet = EventSheet(club="C", name="E", date=None, game="duplicate_bridge", scoring="matchpoints",
                       movement=movement)
    ctx = travellers.build(sheet)
    rows = [(t["number"], r["round"], r["table"]) for t in ctx["travellers"] for r in t["rows"]]
    plays = [(b, p.round, t.table) for p in movement.rounds_detail for t in p.tables for b in t.boards]
    assert sorted(rows) == sorted(plays)
    assert len(ctx["travellers"]) == movement.boards


def test_completed_traveller_carries_the_engines_matchpoints():
    movement = mitchell(3, boards_per_round=2)
    sheet = demo_sheet(movement)
    ctx = travellers.build(sheet, board=1)
    rows = ctx["travellers"][0]["rows"]
    board_results = [r for r in sheet.results if r.board == 1]
    engine = score_session([BoardResults(1, tuple(Result(r.ns, r.ew, score_ns=r.score_ns) for r in board_results))])
    expected = {(rs.result.ns, rs.result.ew): rs.mp_ns for rs in engine.boards[0].results}
    for row in rows:
        ns, ew = row["ns"], row["ew"]
        key = next(k for k in expected if pair_text(k[0]).startswith(ns) and pair_text(k[1]).startswith(ew))
        assert row["cmp_ns"] == number(expected[key])


def test_tied_pairs_share_a_place_in_the_results():
    # Two results on one board, the same score both ways round: every pair scores 50%.
    movement = howell(2, boards_per_round=1)
    played = (PlayedResult(1, 1, 1, movement.rounds_detail[0].tables[0].ns,
                           movement.rounds_detail[0].tables[0].ew, "3NT", "N", 9, score_ns=400),
              PlayedResult(1, 1, 2, movement.rounds_detail[0].tables[1].ns,
                           movement.rounds_detail[0].tables[1].ew, "3NT", "N", 9, score_ns=400))
    sheet = EventSheet(club="C", name="E", date=None, game="duplicate_bridge", scoring="matchpoints",
                       movement=movement, results=played, scored=demo_scores(movement, played))
    ctx = results.build(sheet)
    ranks = [r["rank"] for f in ctx["fields"] for r in f["rows"]]
    assert ranks == ["1="] * 4 and all(r["percentage"] == "50.00" for f in ctx["fields"] for r in f["rows"])


def test_prints_never_score_results_that_were_not_scored():
    """A sheet with results but no stored scores (a scoring run still to come) prints the
    results and no matchpoints or standings: a print never scores on its own."""
    sheet = replace(demo_sheet(mitchell(3, boards_per_round=2)), scored=None)
    assert results.build(sheet)["scored"] is False
    rows = [r for t in travellers.build(sheet)["travellers"] for r in t["rows"]]
    assert rows and all(r.get("cmp_ns", "") == "" and r.get("cmp_ew", "") == "" for r in rows)
    assert any(r.get("score_ns") or r.get("score_ew") for r in rows)
    card = score_cards.build(sheet, pair="1NS")["cards"][0]
    assert all(r["cmp"] == "" for r in card["rows"])


def test_print_modules_do_not_reach_the_scoring_run():
    modules = [guide_cards, hand_cards, hand_records, results, score_slips, score_cards, travellers]
    for module in modules:
        assert not {"score_session", "BoardResults", "Method"} & set(vars(module)), module.__name__


def test_two_winner_results_list_north_south_first():
    ctx = results.build(demo_sheet(mitchell(3, boards_per_round=2)))
    assert [f["name"] for f in ctx["fields"]] == ["North-South", "East-West"]


def test_score_card_running_total_adds_up_to_the_standing():
    sheet = demo_sheet(mitchell(5, boards_per_round=2))
    ctx = score_cards.build(sheet, pair="2EW")
    card = ctx["cards"][0]
    values = [float(r["cmp"]) for r in card["rows"] if not r["sits_out"] and r["cmp"] != ""]
    assert card["rows"][-1]["running"] == number(sum(values))
    assert card["total"]["total"] == number(sum(values))
    assert len([r for r in card["rows"] if not r["sits_out"]]) == 10


def test_the_phantom_of_a_half_table_has_no_card_and_its_opponents_sit_out():
    movement = mitchell(5, boards_per_round=2)  # nine pairs: nobody holds 5 E-W
    names = {label: f"Player {label}" for label in movement.entrants if label != "5EW"}
    sheet = demo_sheet(movement, results=False, names=names)
    assert sheet.absent == {"5EW"}
    cards = {c["label"]: c for c in score_cards.build(sheet)["cards"]}
    assert set(cards) == set(names)
    for label, card in cards.items():
        against = [plan.round for plan in movement for tp in plan.tables
                   if label in tp.sides[0] + tp.sides[1] and "5EW" in tp.sides[0] + tp.sides[1]]
        sitting = [r["round"] for r in card["rows"] if r["sits_out"]]
        assert sitting == against and all("5 E-W" not in str(r.get("opponents", "")) for r in card["rows"])
    assert score_cards.build(sheet, pair="5EW")["cards"] == []
    # before any pair is entered the blank cards are the whole movement's
    assert len(score_cards.build(demo_sheet(movement, results=False, names={}))["cards"]) == 10


def test_score_slips_one_per_table_per_round_with_the_books_columns():
    sheet = demo_sheet(mitchell(3, boards_per_round=4), game="duplicate_whist", results=False)
    ctx = score_slips.build(sheet)
    slips = [s for page in ctx["pages"] for s in page]
    assert len(slips) == 9 and ctx["layout"] == "hoyle"
    assert slips[0]["boards"] == [1, 2, 3, 4] and slips[0]["ew"] == "1" and slips[0]["ns_start"] == 1
    assert score_slips.build(sheet, layout="contract")["layout"] == "contract"


def test_whist_hand_cards_mark_the_dealer_and_name_the_turn_up():
    boards = deal_set("seed", 2, WHIST)
    sheet = EventSheet(club="C", name="E", date=None, game="duplicate_whist", scoring="matchpoints",
                       movement=mitchell(3, boards_per_round=1),
                       boards=boards)
    ctx = hand_cards.build(sheet, board=2)
    cards = ctx["pages"][0]["cards"]
    assert [c["seat"] for c in cards] == ["N", "E", "S", "W"]
    assert [c["dealer"] for c in cards] == [False, True, False, False]  # board 2: East deals (Law 2)
    assert cards[0]["turn_up_words"] == card_words(boards[1].turn_up)
    assert sum(s["count"] for c in cards for s in c["suits"]) == 52


def test_hand_records_six_boards_a_page_with_the_seed():
    sheet = demo_sheet(mitchell(7, boards_per_round=2), results=False)
    ctx = hand_records.build(sheet)
    assert [sum(len(row) for row in page) for page in ctx["pages"]] == [6, 6, 2]
    assert ctx["sheet"].seed == "cardroom-demo"


def test_contract_parts_colour_the_red_suits():
    assert contract_parts("4HX") == {"text": "4HX", "level": "4", "symbol": "♥", "red": True, "doubled": "X",
                                     "passed": False}
    assert contract_parts("3NT")["symbol"] == "NT" and contract_parts("pass")["passed"]


def test_individual_guide_card_says_where_each_player_goes():
    from tournaments.movements.individual import individual

    movement = individual(8)
    row = guide_cards.guide_rows(movement, 1)[0]
    second = movement.rounds_detail[1].table(1)
    for player in row["ns"].split(" & "):
        assert f"{player}: " in row["ns_next"]
    stays = [p for p in row["ns"].split(" & ") if p in second.entrants]
    assert all(f"{p}: stay" in row["ns_next"] for p in stays)
    assert row["boards_next"] == "To the director" and row["relay"] == "table 2"
