"""The visibility rules as plain data (tournaments.visibility.Sight): no database, no Django."""
import subprocess
import sys
from pathlib import Path

import pytest

from tournaments.visibility import Sight

ROOT = Path(__file__).resolve().parents[2]
PAIR = frozenset({("A", "1NS")})
PLAYED = frozenset({("A", 1), ("A", 2)})


def test_the_rules_import_without_django():
    code = ("import sys, tournaments.visibility\n"
            "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] == 'django')))")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and result.stdout.strip() == "", result.stderr or result.stdout


def test_in_play_a_player_sees_only_the_boards_their_pair_has_played():
    sight = Sight(status="playing", role="player", pairs=PAIR, played=PLAYED)
    assert sight.traveller("A", 1) and sight.traveller("A", 2)
    assert not sight.traveller("A", 3) and not sight.traveller("B", 1)
    assert sight.score_card("A", "1NS") and not sight.score_card("A", "2NS")
    assert sight.standings and not sight.hands


def test_in_play_a_member_outside_the_event_sees_standings_only():
    sight = Sight(status="playing", role="player")
    assert sight.event and sight.standings
    assert not sight.traveller("A", 1) and not sight.score_card("A", "1NS") and not sight.hands


def test_scorers_see_results_but_not_the_deals_until_the_end():
    playing, finished = Sight(status="playing", role="scorer"), Sight(status="finished", role="scorer")
    assert playing.traveller("A", 5) and playing.score_card("A", "3EW") and not playing.hands
    assert not playing.may_print("hand-records", section="A", boards=[1, 2])
    assert not playing.may_print("hand-cards", section="A", boards=[1, 2])
    assert playing.may_print("guide-cards", section="A", boards=[1, 2])
    assert finished.hands and finished.may_print("hand-records", section="A", boards=[1, 2])


@pytest.mark.parametrize("status", ["draft", "playing", "finished", "published"])
def test_directors_see_everything_always(status):
    sight = Sight(status=status, role="director")
    assert sight.event and sight.hands and sight.traveller("A", 9) and sight.score_card("A", "9")


@pytest.mark.parametrize("status", ["draft", "playing", "finished"])
def test_visitors_see_nothing_before_publication(status):
    visitor = Sight(status=status)
    assert not visitor.event and not visitor.standings and not visitor.hands and not visitor.public_name


def test_a_published_event_is_public_whole():
    published = Sight(status="published")
    assert published.event and published.hands and published.traveller("A", 3) and published.score_card("A", "2EW")
    assert published.may_print("travellers", section="A", boards=[1, 2, 3])
    assert published.may_print("results", section="A", boards=[1, 2, 3])


def test_finished_events_open_to_the_club_not_to_visitors():
    member, visitor = Sight(status="finished", role="player"), Sight(status="finished")
    assert member.traveller("A", 3) and member.score_card("A", "2EW") and member.hands
    assert not visitor.event and not visitor.traveller("A", 3)


def test_a_print_shows_nothing_its_viewer_may_not_see():
    sight = Sight(status="playing", role="player", pairs=PAIR, played=PLAYED)
    assert sight.may_print("travellers", section="A", boards=[1, 2, 3, 4], board=2)
    assert not sight.may_print("travellers", section="A", boards=[1, 2, 3, 4], board=3)
    assert not sight.may_print("travellers", section="A", boards=[1, 2, 3, 4])
    assert sight.may_print("travellers", section="A", boards=[1, 2])  # every board played
    assert sight.may_print("score-cards", section="A", boards=[], pair="1NS")
    assert not sight.may_print("score-cards", section="A", boards=[])
    assert not sight.may_print("results", section="A", boards=[])
    assert not sight.may_print("score-slips", section="A", boards=[])


def test_hand_records_published_early_by_a_director():
    assert Sight(status="playing", role="player", hands_published=True).hands
    assert not Sight(status="playing", hands_published=True).hands  # still not for visitors
