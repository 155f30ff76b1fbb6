"""The demo teams events load once, through the services: a published Swiss whose rounds are
all complete and ranked, and a round robin in play with round 3 under way; no board analysis is
queued (the boards come analysed from the demo's PBN file); their prints render."""
import pytest

from tests.tournaments.factories_event import make_members
from tests.tournaments.factories_prints import pdf_pages
from tournaments.demo_teams import BOARDS_FILE, best_contract, load_demo_teams
from tournaments.deals.doubledummy import DoubleDummy
from tournaments.models import Board, Event, Match, Result, TeamStanding
from tournaments.prints.kinds import build_print
from tournaments.prints.render import render_print
from tournaments.prints.source import event_sheet

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("commits")]  # the demo commits; its rescore runs


def test_demo_teams_events_swiss_published_round_robin_mid_round_and_idempotent(club, monkeypatch):
    """One load (it plays 130 results through the services), every check on it."""
    queued = []
    monkeypatch.setattr("tournaments.services.boards._queue_analysis", lambda board_set: queued.append(board_set))
    make_members(club, 28)
    swiss, league = load_demo_teams(club)

    # the Swiss: published, every round complete, no rematch, ranked, the boards analysed already
    assert swiss.status == "published" and swiss.format == "swiss" and swiss.teams_event.current_round == 4
    matches = Match.objects.filter(event=swiss)
    assert matches.count() == 16 and set(matches.values_list("status", flat=True)) == {"complete"}
    assert Result.objects.filter(event=swiss, confirmed=True).count() == 4 * 8 * 3  # rounds x tables x boards
    for m in matches:
        assert m.vp_home + m.vp_away == pytest.approx(20)
    pairs = [tuple(sorted((m.home_id, m.away_id))) for m in matches]
    assert len(set(pairs)) == len(pairs)
    standings = list(TeamStanding.objects.filter(event=swiss).order_by("position"))
    assert len(standings) == 8 and all(s.played == 4 for s in standings)
    assert sum(s.total for s in standings) == pytest.approx(16 * 20)
    assert queued == []
    dealt = Board.objects.filter(board_set__event=swiss)
    assert dealt.count() == 12 and not dealt.filter(double_dummy__isnull=True).exists()  # the 12 boards it plays

    # the round robin: in play, round 3 under way (match 1 complete, match 2 half way), one bye a round
    assert league.status == "playing" and league.format == "round_robin" and league.teams_event.current_round == 3
    third = list(Match.objects.filter(event=league, round=3))
    played = [m for m in third if not m.is_bye]
    assert len(third) == 3 and len(played) == 2
    assert sorted((m.status, m.boards_compared) for m in played) == [("complete", 3), ("playing", 1)]
    assert TeamStanding.objects.filter(event=league).count() == 5

    # the prints show them
    sheet = event_sheet(swiss)
    template, context, title = build_print(sheet, "team-results")
    text = "\n".join(pdf_pages(render_print(template, context, paper="A4", title=title)))
    assert standings[0].team.name in text and f"{standings[0].total:.2f}" in text
    template, context, title = build_print(event_sheet(league), "draw")
    text = "\n".join(pdf_pages(render_print(template, context, paper="A4", title=title)))
    assert "Round-robin chart" in text and "Riverside A" in text and "2 rounds still to draw" in text

    # a second load changes nothing
    counts = (Event.objects.count(), Match.objects.count(), Result.objects.count())
    again = load_demo_teams(club)
    assert (again[0].pk, again[1].pk) == (swiss.pk, league.pk)
    assert (Event.objects.count(), Match.objects.count(), Result.objects.count()) == counts


def test_both_rooms_bid_the_double_dummy_contract_near_enough():
    """The demo's rooms are close to the board's best contract, so swings stay club-sized."""
    from tournaments.deals.boards import BRIDGE
    from tournaments.deals.records import boards_from_pbn

    records = boards_from_pbn(BOARDS_FILE.read_text(encoding="latin-1"), BRIDGE)
    assert len(records) == 20 and all(r.double_dummy is not None and r.par is not None for r in records)
    for r in records:
        declarer, strain, level = best_contract(r.double_dummy)
        assert r.double_dummy[declarer, strain] >= 6 + level  # the contract makes double dummy
    assert isinstance(records[0].double_dummy, DoubleDummy)
