"""Teams prints from pure data (no Django): the cards, slips, draw and results a teams event
prints, each checked against the draw it was built from."""
import subprocess
import sys
from dataclasses import replace

import pytest

from tournaments.deals.boards import board_vulnerability
from tournaments.prints import teams
from tournaments.prints.demo import demo_sheet, demo_teams_sheet
from tournaments.prints.kinds import KINDS, build_print, kinds_for
from tournaments.prints.render import PrintError
from tournaments.movements.mitchell import mitchell


def test_teams_prints_do_not_import_django():
    code = ("import sys; import tournaments.prints.teams, tournaments.prints.teams_sheet, tournaments.prints.demo; "
            "assert 'django' not in sys.modules, 'django imported'")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_four_score_cards_a_match_seated_as_the_draw_seats_them():
    sheet = demo_teams_sheet(6, rounds=3)
    cards = [c for page in teams.score_cards(sheet)["pages"] for c in page]
    last = sheet.teams.matches_of(3)
    assert len(cards) == 4 * len(last)
    for m in last:
        mine = [c for c in cards if c["match"] == m.number]
        seats = {(c["number"], c["table"], c["direction"]) for c in mine}
        # open room: home N-S v away E-W; closed room: away N-S v home E-W (boards exchanged)
        assert seats == {(m.home, m.table_open, "N-S"), (m.away, m.table_open, "E-W"),
                         (m.away, m.table_closed, "N-S"), (m.home, m.table_closed, "E-W")}
        for c in mine:
            assert c["teammates"] == ({m.table_open, m.table_closed} - {c["table"]}).pop()
            assert [r["board"] for r in c["rows"]] == list(m.boards)
            assert c["opponent"] == sheet.teams.team_name(m.away if c["number"] == m.home else m.home)


def test_score_card_rows_carry_each_boards_vulnerability_and_dealer():
    sheet = demo_teams_sheet(4, rounds=2, boards_per_match=6)
    card = teams.score_cards(sheet, round=2)["pages"][0][0]
    assert [r["board"] for r in card["rows"]] == [7, 8, 9, 10, 11, 12]
    assert [r["vul"] for r in card["rows"]] == [{"None": "None", "NS": "N-S", "EW": "E-W", "All": "All"}[
        board_vulnerability(b)] for b in range(7, 13)]
    assert card["rows"][0]["dealer"] == "S"  # Law 2: board 7 is dealt by South


def test_score_cards_narrowed_to_a_round_and_a_table():
    sheet = demo_teams_sheet(8, rounds=3)
    cards = [c for page in teams.score_cards(sheet, round=1, table=3)["pages"] for c in page]
    assert {c["round"] for c in cards} == {1} and {c["table"] for c in cards} == {3}
    assert sorted(c["direction"] for c in cards) == ["E-W", "N-S"]


def test_long_matches_print_one_card_a_page_short_ones_two():
    assert teams.cards_per_page(8) == 2
    assert teams.cards_per_page(28) == 1


def test_match_slips_one_a_match_and_none_for_a_bye():
    sheet = demo_teams_sheet(5, format="round_robin", rounds=5)
    context = teams.match_slips(sheet, round=2)
    slips = [s for page in context["pages"] for s in page]
    played = [m for m in sheet.teams.matches_of(2) if not m.is_bye]
    assert [(s["home"].number, s["away"].number) for s in slips] == [(m.home, m.away) for m in played]
    assert context["vps"] and not context["knockout"]


def test_round_robin_chart_has_every_round_and_its_bye():
    sheet = demo_teams_sheet(5, format="round_robin", rounds=5, scored_rounds=2)
    chart = teams.draw(sheet)["chart"]
    assert [row["round"] for row in chart["rows"]] == [1, 2, 3, 4, 5]
    assert chart["matches"] == [1, 2]
    resting = [row["byes"] for row in chart["rows"]]
    assert sorted(resting) == ["1", "2", "3", "4", "5"]  # five teams: each rests once
    assert all(cell["text"].count(" v ") == 1 for row in chart["rows"] for cell in row["cells"])


def test_swiss_draw_has_no_chart_and_one_round_when_asked():
    sheet = demo_teams_sheet(10, rounds=4)
    context = teams.draw(sheet, round=3)
    assert context["chart"] is None and [r["round"] for r in context["rounds"]] == [3]
    assert context["rounds"][0]["heading"] == "Swiss draw · round 3"
    assert len(context["rounds"][0]["matches"]) == 5


def test_results_standings_and_cross_table_vps_sum_to_twenty():
    sheet = demo_teams_sheet(5, format="round_robin", rounds=5, scored_rounds=3)
    context = teams.results(sheet)
    assert [s["number"] for s in context["standings"]] == [s.team for s in sheet.teams.standings]
    assert context["total_name"] == "VPs"
    grid = {row["number"]: row for row in context["grid"]["rows"]}
    numbers = context["grid"]["numbers"]
    for m in sheet.teams.matches:
        if m.is_bye or not m.scored:
            continue
        a = grid[m.home]["cells"][numbers.index(m.away)]["text"]
        b = grid[m.away]["cells"][numbers.index(m.home)]["text"]
        assert float(a) + float(b) == pytest.approx(20, abs=0.011)
    unplayed = [m for m in sheet.teams.matches if not m.is_bye and not m.scored][0]
    assert grid[unplayed.home]["cells"][numbers.index(unplayed.away)]["text"] == ""


def test_results_of_a_board_a_match_event_count_points_not_vps():
    sheet = demo_teams_sheet(6, rounds=2)
    bam = replace(sheet, teams=replace(sheet.teams, scoring="board_a_match"))
    context = teams.results(bam)
    assert context["total_name"] == "Points" and "board-a-match" in context["method"]
    assert not teams.match_slips(bam)["vps"]


def test_a_teams_event_offers_its_own_prints_and_not_the_pairs_ones():
    names = {k.name for k in kinds_for("duplicate_bridge", director=True, is_teams=True)}
    assert names == {"draw", "team-score-cards", "match-slips", "team-results", "hand-records", "table-cards"}
    pairs = {k.name for k in kinds_for("duplicate_bridge", director=True)}
    assert not pairs & {"draw", "team-score-cards", "match-slips", "team-results"}
    assert {"travellers", "guide-cards", "score-cards", "results"} <= pairs


@pytest.mark.parametrize("kind", ["travellers", "guide-cards", "score-cards", "score-slips", "results"])
def test_pairs_prints_are_refused_for_a_teams_event(kind):
    with pytest.raises(PrintError) as caught:
        build_print(demo_teams_sheet(4, rounds=1), kind)
    assert caught.value.field == "kind" and "teams event" in caught.value.message


def test_teams_prints_are_refused_for_a_pairs_event():
    with pytest.raises(PrintError) as caught:
        build_print(demo_sheet(mitchell(3, boards_per_round=2)), "draw")
    assert caught.value.field == "kind" and "pairs event" in caught.value.message


def test_a_round_not_drawn_is_named():
    with pytest.raises(PrintError) as caught:
        build_print(demo_teams_sheet(4, rounds=2), "team-score-cards", round=3)
    assert caught.value.field == "round"
    with pytest.raises(PrintError) as caught:
        build_print(demo_teams_sheet(4, rounds=2), "team-results", round=1)
    assert caught.value.field == "round"
    template, _context, title = build_print(demo_teams_sheet(4, rounds=2), "draw", round=2)
    assert template == KINDS["draw"].template and title.endswith("round 2")


def test_a_knockout_tie_adds_its_segments_and_its_carry_over_once():
    from tournaments.prints.teams_sheet import MatchLine, TeamLine, TeamsSheet

    # stored IMPs include the carry-over, which sits on the tie's first segment (scoring.engine.teams)
    matches = (MatchLine(1, 1, 1, 4, 1, 2, (1, 2), "complete", 2, imps_home=15.5, imps_away=3, carry_over_home=2.5,
                         tie="1-1", segment=1, vp_home=15.0, vp_away=5.0),
               MatchLine(2, 1, 4, 1, 1, 2, (3, 4), "complete", 2, imps_home=11, imps_away=6, tie="1-1", segment=2,
                         vp_home=13.0, vp_away=7.0))
    sheet = replace(demo_teams_sheet(4, rounds=1), teams=TeamsSheet(
        format="knockout", boards_per_match=2, teams=tuple(TeamLine(n, f"Team {n}") for n in range(1, 5)),
        matches=matches))
    (tie,) = teams.results(sheet)["ties"]
    assert (tie["home_name"], tie["away_name"]) == ("Team 1", "Team 4")
    assert [(s["home"], s["away"]) for s in tie["segments"]] == [("13", "3"), ("6", "11")]
    assert (tie["carry_home"], tie["total_home"], tie["total_away"]) == ("2.5", "21.5", "14")
    assert tie["ahead"] == "home" and tie["complete"]
    slips = teams.match_slips(sheet, round=2)
    assert slips["knockout"] and not slips["vps"]
