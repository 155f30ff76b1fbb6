"""USEBIO 1.2 for teams events: a finished Swiss teams evening played here exports USEBIO that
Cardroom reads back and rescores to the stored standings; a teams USEBIO file imports as a
finished teams event (teams, players, matches, each room's results) with its standings."""
import random
import re
from html import unescape
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from scoring.engine.usebioteams import score_usebio_teams
from tests.tournaments.factories_teams import play_round, teams_event
from tournaments.deals.usebio_teams import read_usebio_teams
from tournaments.models import Event, EventStatus, Match, Result, Team, TeamStanding
from tournaments.services import actions
from tournaments.services.lifecycle import event_transition
from tournaments.services.results_export import ExportRefused, event_export_results_pbn, event_export_usebio
from tournaments.services.teams import teams_round_draw

SWISS = Path(__file__).parents[1] / "unit" / "deals" / "data" / "usebio_teams_swiss.xml"


def played_swiss(club, *, teams=5, rounds=2, seed=11) -> Event:
    """A Swiss of ``teams`` teams (a bye each round when odd), two-board matches, every room played."""
    event = actions.event_start(event=teams_event(club, teams=teams, boards_per_match=2, rounds=rounds))
    rng = random.Random(seed)
    play_round(event, rng)
    for r in range(2, rounds + 1):
        teams_round_draw(event=event, round_number=r)
        event = Event.objects.get(pk=event.pk)
        play_round(event, rng)
    event_transition(event=event, to=EventStatus.FINISHED, user=None)
    from scoring.services import event_rescore

    event_rescore(event_id=event.pk, force=True)
    event.refresh_from_db()
    return event


@pytest.mark.django_db
def test_a_finished_swiss_exports_usebio_that_reads_back_to_the_stored_standings(club, commits):
    event = played_swiss(club)
    data = event_export_usebio(event)
    assert b'<EVENT EVENT_TYPE="SWISS_TEAMS">' in data and b"<MATCH_SCORING_METHOD>VPS" in data
    back = read_usebio_teams(data)
    stored = {t.number: t for t in Team.objects.filter(event=event)}
    assert {t.number: t.name for t in back.teams} == {str(n): t.name for n, t in stored.items()}
    assert len(back.teams[0].players) == 4 and back.teams[0].players[0].national_id
    matches = Match.objects.filter(event=event).select_related("home", "away").order_by("round", "number")
    assert [(m.round, m.team, m.opposing or None, m.team_score) for m in back.matches] == [
        (m.round, str(m.home.number), str(m.away.number) if m.away_id else None, m.vp_home) for m in matches]
    rooms = sum(len(b.rooms) for m in back.matches for b in m.boards)
    assert rooms == Result.objects.filter(event=event).count() == 2 * 2 * 2 * 2  # 2 rounds x 2 matches x 2 boards x 2
    scored = score_usebio_teams(back)
    assert scored["agreement"] == {"matches": "4/4", "boards_imps": "8/8", "ranking": "5/5"}
    standings = [(s.rank, str(s.team.number), s.total) for s in
                 TeamStanding.objects.filter(event=event).select_related("team").order_by("position")]
    assert [(r["rank"], r["team"], r["total"]) for r in scored["ranking"]] == standings
    for m, row in zip((m for m in matches if m.away_id), (r for r in scored["matches"] if not r.get("bye"))):
        assert (row["imps_home"], row["imps_away"], row["vp_home"], row["vp_away"]) == (
            m.imps_home, m.imps_away, m.vp_home, m.vp_away)


@pytest.mark.django_db
def test_a_teams_event_is_exported_by_the_command_the_api_and_the_page(club, commits, api_as, client, director,
                                                                      tmp_path):
    event = played_swiss(club, teams=4, rounds=1)
    api_client = api_as(director)
    client.force_login(director)
    out = tmp_path / "teams.xml"
    call_command("usebio", "export", str(event.pk), "-o", str(out))
    assert read_usebio_teams(out.read_bytes()).event_type == "SWISS_TEAMS"
    api = api_client.get(f"/api/clubs/{club.slug}/events/{event.pk}/usebio/")
    assert api.status_code == 200 and read_usebio_teams(api.content).matches[0].boards
    page = client.get(f"/clubs/{club.slug}/events/{event.pk}/usebio.xml")
    assert page.status_code == 200 and b"OPPOSING_TEAM" in page.content
    pbn = api_client.get(f"/api/clubs/{club.slug}/events/{event.pk}/results-pbn/")
    assert pbn.status_code == 400 and "teams event" in pbn.json()["event"][0]
    with pytest.raises(ExportRefused, match="results PBN carries pairs"):
        event_export_results_pbn(event)
    # The event page offers the USEBIO export and not the results PBN it would refuse.
    detail = client.get(f"/clubs/{club.slug}/events/{event.pk}/").content.decode()
    assert 'id="results-export"' in detail and "usebio.xml" in detail and "results.pbn" not in detail


@pytest.mark.django_db
def test_a_teams_event_in_play_is_not_exported(club, commits):
    event = actions.event_start(event=teams_event(club, teams=4, boards_per_match=2))
    with pytest.raises(ExportRefused, match="finish it first"):
        event_export_usebio(event)
    with pytest.raises(CommandError, match="finish it first"):
        call_command("usebio", "export", str(event.pk))


@pytest.mark.django_db
def test_the_command_imports_a_teams_file_as_a_finished_event_with_its_standings(club, commits, capsys):
    from clubs.models import Member
    from tournaments.selectors_event import is_imported

    owl = Member.objects.create(club=club, first_name="Ian", last_name="Ince", federation_number="3000")
    call_command("usebio", "import", club.slug, str(SWISS))
    assert "4 of 4 matches' and 5 of 5 teams' figures equal the file's" in capsys.readouterr().out
    event = Event.objects.get(club=club)
    assert (event.status, event.format, event.is_teams) == (EventStatus.FINISHED, "swiss", True) and is_imported(event)
    assert event.teams_event.boards_per_match == 4 and event.teams_event.current_round == 2
    teams = {t.name: t for t in Team.objects.filter(event=event).prefetch_related("players")}
    assert list(teams) == ["Sharks", "Dragons", "Owls", "Foxes", "Bears"]
    assert [p.name for p in teams["Sharks"].players.all()] == ["Ann Archer", "Bob Baker", "Cy Cole", "Di Dane"]
    assert teams["Owls"].players.get(member=owl).captain
    assert Match.objects.filter(event=event).count() == 6 and Result.objects.filter(event=event).count() == 32
    first = Match.objects.get(event=event, round=1, home__name="Sharks")
    assert (first.imps_home, first.imps_away, first.vp_home, first.vp_away) == (22, 7, 16.73, 3.27)
    assert Match.objects.get(event=event, round=1, away=None).vp_home == 12
    standings = [(s.rank, s.team.name, s.total) for s in TeamStanding.objects.filter(event=event).select_related(
        "team").order_by("position")]
    assert standings == [("1", "Foxes", 29.03), ("2", "Sharks", 28.49), ("3", "Dragons", 23.27), ("4", "Bears", 12.0),
                         ("5", "Owls", 11.21)]
    again = read_usebio_teams(event_export_usebio(event))  # and back out: the same matches and places
    assert sorted((m.round, m.team_score, m.opposing_score or 0) for m in again.matches) == \
        sorted((m.round, m.team_score, m.opposing_score or 0) for m in read_usebio_teams(SWISS.read_bytes()).matches)
    assert [(t.name, t.place, t.total_score) for t in again.teams] == \
        [(t.name, t.place, t.total_score) for t in read_usebio_teams(SWISS.read_bytes()).teams]
    with pytest.raises(Exception, match="imported from a USEBIO file"):
        actions.event_reopen(event=event, user=None)


@pytest.mark.django_db
def test_the_api_imports_a_teams_file(club, commits, api_as, director):
    sent = api_as(director).post(f"/api/clubs/{club.slug}/events/import-usebio/",
                                 {"xml": SWISS.read_text(), "vp_scale": "wbf_continuous"}, format="json")
    assert sent.status_code == 201, sent.content
    report = sent.json()["report"]
    assert (report["teams"], report["matching"], report["places"], report["matches_matching"], report["matches"]) == \
        (5, 5, 5, 4, 4)


def _broken(old: str, new: str, count: int = 1) -> str:
    text = SWISS.read_text()
    assert old in text
    return text.replace(old, new, count)


def _triangle() -> str:
    """Round 2 as a three-way match of teams 2, 4 and 5 (USEBIO: three MATCH elements, each team
    twice): the 2 v 5 match copied as 4 v 5 and 2 v 4 in place of team 4's bye."""
    text = SWISS.read_text()
    start = text.index("  <MATCH>\n    <ROUND_NUMBER>2</ROUND_NUMBER>\n    <TEAM>2</TEAM>")
    block = text[start:text.index("</MATCH>\n", start) + len("</MATCH>\n")]
    copies = [block.replace("<TEAM>2</TEAM>", f"<TEAM>{a}</TEAM>").replace(
        "<OPPOSING_TEAM>5</OPPOSING_TEAM>", f"<OPPOSING_TEAM>{b}</OPPOSING_TEAM>") for a, b in (("4", "5"), ("2", "4"))]
    bye = ("  <MATCH>\n    <ROUND_NUMBER>2</ROUND_NUMBER>\n    <TEAM>4</TEAM>\n    <OPPOSING_TEAM>0</OPPOSING_TEAM>\n"
           "    <TEAM_SCORE>12.00</TEAM_SCORE>\n  </MATCH>\n")
    assert bye in text
    return text.replace(bye, "".join(copies))


BAD = [
    (_broken("<PLAYER_NAME>Lyn Lamb</PLAYER_NAME>", ""), "TEAM 3 lists 3 players"),
    (_broken("<ROUND_NUMBER>2</ROUND_NUMBER>\n    <TEAM>1</TEAM>\n    <OPPOSING_TEAM>3</OPPOSING_TEAM>",
             "<ROUND_NUMBER>2</ROUND_NUMBER>\n    <TEAM>1</TEAM>\n    <OPPOSING_TEAM>4</OPPOSING_TEAM>"),
     "MATCH of round 2: team 4 plays twice"),
    (_triangle(), "a three-way match (triangle) of teams 2, 4, 5"),
    # A league's panel of eight listed as one TEAM.
    (_broken("<PLAYER_NAME>Lyn Lamb</PLAYER_NAME>", "<PLAYER_NAME>Lyn Lamb</PLAYER_NAME></PLAYER><PLAYER>"
             "<PLAYER_NAME>Mo Mead</PLAYER_NAME></PLAYER><PLAYER><PLAYER_NAME>Nia Noon</PLAYER_NAME></PLAYER>"
             "<PLAYER><PLAYER_NAME>Ola Oak</PLAYER_NAME></PLAYER><PLAYER><PLAYER_NAME>Pat Pike</PLAYER_NAME>"),
     "TEAM 3 lists 8 players, a squad wider than a team"),
    (_broken("<START_BOARD_NUMBER>5</START_BOARD_NUMBER>", "<START_BOARD_NUMBER>4</START_BOARD_NUMBER>"),
     "Cardroom plays one set of boards a round"),
    (_broken("<SCORE>420</SCORE>", "<SCORE>lots</SCORE>"), "board 1"),
    (_broken("<DIRECTION>NS</DIRECTION>\n        <NS_PAIR_NUMBER>101",
             "<DIRECTION>NE</DIRECTION>\n        <NS_PAIR_NUMBER>101"), "DIRECTION 'NE'"),
    (_broken("<DATE>18/11/2026</DATE>", "<DATE>31/02/2026</DATE>"), "not a date"),
]


@pytest.mark.django_db
@pytest.mark.parametrize("xml, message", BAD)
def test_a_bad_teams_file_stores_nothing_and_says_why(club, commits, api_as, director, tmp_path, xml, message):
    bad = tmp_path / "bad.xml"
    bad.write_text(xml)
    with pytest.raises(CommandError, match=re.escape(message)) as exc:
        call_command("usebio", "import", club.slug, str(bad))
    assert exc.value.returncode == 2
    sent = api_as(director).post(f"/api/clubs/{club.slug}/events/import-usebio/", {"xml": xml}, format="json")
    assert sent.status_code == 400 and message in sent.json()["xml"][0]
    assert not Event.objects.filter(club=club).exists() and not Team.objects.exists()


@pytest.mark.django_db
def test_the_import_page_takes_a_teams_file(club, commits, client, director):
    from django.core.files.uploadedfile import SimpleUploadedFile

    client.force_login(director)
    upload = SimpleUploadedFile("swiss.xml", SWISS.read_bytes(), content_type="application/xml")
    sent = client.post(f"/clubs/{club.slug}/events/import-usebio/", {"file": upload}, follow=True)
    assert sent.status_code == 200
    assert "5 of 5 teams' places and totals and 4 of 4 matches' scores equal the file's" in unescape(
        sent.content.decode())
    bad = SimpleUploadedFile("bad.xml", _broken("<TEAM>1</TEAM>", "<TEAM>9</TEAM>").encode())
    refused = client.post(f"/clubs/{club.slug}/events/import-usebio/", {"file": bad})
    assert refused.status_code == 400 and "team 9 is not among the PARTICIPANTS" in unescape(refused.content.decode())
    assert Event.objects.filter(club=club).count() == 1
