"""Teams prints of a teams event in the database, through the pages and the API: the draw, team
score cards, match result slips and results read back from the PDF; the menu offers a teams
event its own prints and not the pairs' ones; who may print what; the pack."""
import datetime

import pytest
from django.urls import reverse

from tests.tournaments.factories_prints import pdf_pages
from tournaments.models import Event, Match, Section, Team, TeamPlayer, TeamsEvent, TeamStanding
from tournaments.movements.model import board_set
from tournaments.movements.teams import match_round_plan, teams_movement
from tournaments.prints.pack import pack_kinds
from tournaments.prints.source import event_fingerprint, event_sheet

pytestmark = pytest.mark.django_db

NAMES = ("Aces", "Kings", "Queens", "Knaves", "Tens")
ROUNDS = [[(1, 2), (3, 4), (5, 0)], [(1, 3), (5, 2), (4, 0)]]
SCORES = {(1, 1): (30, 12, 15.93, 4.07), (1, 2): (20, 20, 10.0, 10.0), (2, 1): (8, 41, 2.21, 17.79)}


def teams_event(club, *, status="playing", scored=True) -> Event:
    """Five teams, two rounds of a Swiss drawn as the teams service draws them (rows written here)."""
    event = Event.objects.create(club=club, name="Thursday Teams", date=datetime.date(2026, 11, 26),
                                 scoring="imps", format="swiss", status=status, current_round=2)
    TeamsEvent.objects.create(event=event, boards_per_match=4, rounds=3, current_round=2,
                              options={"vp_scale": "wbf_continuous"})
    plans = [match_round_plan(r, pairing, board_set(r, 4)) for r, pairing in enumerate(ROUNDS, start=1)]
    section = Section.objects.create(event=event, name="A",
                                     movement=teams_movement(plans, boards_per_round=4).stored())
    teams = {}
    for n, name in enumerate(NAMES, start=1):
        teams[n] = Team.objects.create(event=event, number=n, name=f"The {name}")
        for k, letter in enumerate("ABCD", start=1):
            TeamPlayer.objects.create(team=teams[n], name=f"{name} {letter}", captain=k == 1, position=k)
        for d in ("NS", "EW"):
            section.entries.create(event=event, label=f"{n}{d}", team=teams[n], names=f"The {name} {d}")
    for r, pairing in enumerate(ROUNDS, start=1):
        m = 0
        for home, away in pairing:
            if not away:
                Match.objects.create(event=event, round=r, number=len(pairing), home=teams[home],
                                     vp_home=12.0 if scored and r == 1 else None)
                continue
            m += 1
            score = SCORES.get((r, m)) if scored else None
            Match.objects.create(event=event, round=r, number=m, home=teams[home], away=teams[away],
                                 table_open=2 * m - 1, table_closed=2 * m,
                                 **({"imps_home": score[0], "imps_away": score[1], "vp_home": score[2],
                                     "vp_away": score[3], "boards_compared": 4, "status": "complete"}
                                    if score else {}))
    if scored:
        for position, (team, vps, imps_for, imps_against) in enumerate(
                [(2, 27.79, 53, 38), (1, 17.93, 38, 53), (3, 10.0, 20, 20), (4, 10.0, 20, 20), (5, 12.0, 0, 0)],
                start=1):
            TeamStanding.objects.create(event=event, team=teams[team], position=position, rank=str(position),
                                        total=vps, imps_for=imps_for, imps_against=imps_against, played=2)
    return event


def url(event, kind, ext="pdf"):
    name = "event-print-pdf" if ext == "pdf" else "event-print-html"
    return reverse(name, kwargs={"slug": event.club.slug, "pk": event.pk, "kind": kind})


def test_the_sheet_reads_the_matches_with_their_rooms_boards(club):
    sheet = event_sheet(teams_event(club))
    teams = sheet.teams
    assert teams.format == "swiss" and teams.current_round == 2 and [t.name for t in teams.teams][:2] == ["The Aces", "The Kings"]
    first = teams.matches_of(1)[0]
    assert (first.home, first.away, first.table_open, first.table_closed) == (1, 2, 1, 2)
    assert first.boards == (1, 2, 3, 4) and teams.matches_of(2)[0].boards == (5, 6, 7, 8)
    bye = teams.matches_of(1)[-1]
    assert bye.is_bye and bye.vp_home == 12.0
    assert teams.team(1).players == ("Aces A", "Aces B", "Aces C", "Aces D") and teams.team(1).captain == "Aces A"
    assert [s.team for s in teams.standings] == [2, 1, 3, 4, 5]


def test_draw_pdf_names_every_match_and_its_tables(client, club, director):
    event = teams_event(club)
    client.force_login(director)
    response = client.get(url(event, "draw"))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    pages = pdf_pages(response.content)
    assert len(pages) == 2
    assert "Swiss draw · round 1" in pages[0] and "Swiss draw · round 2" in pages[1]
    assert "The Aces" in pages[0] and "The Kings" in pages[0] and "Table 1" in pages[0] and "Table 4" in pages[0]
    assert "bye" in pages[0] and "The Tens" in pages[0]
    assert "boards 5–8" in pages[1]


def test_score_cards_and_slips_of_the_last_round_drawn(client, club, director):
    event = teams_event(club)
    client.force_login(director)
    cards = pdf_pages(client.get(url(event, "team-score-cards")).content)
    text = "\n".join(cards)
    assert text.count("Round 2") == 8  # two matches, four cards each (the bye has none)
    assert "Round 1" not in text and "IMPs" in text and "Team-mates'" in text
    assert "You sit N-S" in text and "You sit E-W" in text
    one = "\n".join(pdf_pages(client.get(url(event, "team-score-cards"), {"round": 1, "table": 2}).content))
    assert one.count("Round 1") == 2 and "Table 2 · closed room" in one
    slips = "\n".join(pdf_pages(client.get(url(event, "match-slips"), {"round": 1}).content))
    assert slips.count("Captain's signature") == 2 and "The Aces" in slips and "The Knaves" in slips
    assert "The Tens" not in slips  # a bye has no match slip


def test_results_pdf_has_standings_and_match_scores(client, club, director):
    event = teams_event(club)
    client.force_login(director)
    text = "\n".join(pdf_pages(client.get(url(event, "team-results")).content))
    assert "27.79" in text and "15.93" in text and "4.07" in text and "17.79" in text
    assert text.index("The Kings") < text.index("The Aces")  # the standings come first, in their order
    assert "Swiss teams, 4-board matches" in text


@pytest.mark.parametrize("kind", ["travellers", "guide-cards", "score-slips", "score-cards", "results"])
def test_pairs_prints_of_a_teams_event_are_refused_naming_why(api_as, club, director, kind):
    event = teams_event(club)
    response = api_as(director).get(f"/api/clubs/{club.slug}/events/{event.pk}/prints/{kind}.pdf")
    assert response.status_code == 400 and "teams event" in response.json()["kind"][0]


def test_a_round_not_drawn_is_a_400_naming_round(api_as, club, director):
    event = teams_event(club)
    response = api_as(director).get(f"/api/clubs/{club.slug}/events/{event.pk}/prints/draw.pdf", {"round": 3})
    assert response.status_code == 400 and "round" in response.json()
    response = api_as(director).get(f"/api/clubs/{club.slug}/events/{event.pk}/prints/draw.pdf", {"round": "x"})
    assert response.status_code == 400 and "round" in response.json()


def test_the_menu_offers_a_teams_event_its_own_prints(client, club, director):
    event = teams_event(club)
    client.force_login(director)
    page = client.get(reverse("event-prints", kwargs={"slug": club.slug, "pk": event.pk})).content.decode()
    for kind in ("draw", "team-score-cards", "match-slips", "team-results", "hand-records", "table-cards"):
        assert f'id="print-{kind}"' in page
    for kind in ("travellers", "guide-cards", "score-slips", "score-cards", "results"):
        assert f'id="print-{kind}"' not in page
    assert 'id="round-team-score-cards"' in page and "Traveller of board" not in page


def test_a_player_sees_the_draw_but_not_the_score_cards(client, club, player):
    event = teams_event(club)
    client.force_login(player)
    assert client.get(url(event, "draw", ext="html"), {"round": 2}).status_code == 200
    assert client.get(url(event, "team-score-cards")).status_code == 403
    assert client.get(url(event, "team-results")).status_code == 403  # results once play is over
    page = client.get(reverse("event-prints", kwargs={"slug": club.slug, "pk": event.pk})).content.decode()
    assert "?round=2" in page and 'id="print-team-score-cards"' not in page


def test_published_results_are_public(client, club):
    event = teams_event(club, status="published")
    assert client.get(url(event, "team-results")).status_code == 200
    assert client.get(url(event, "match-slips")).status_code == 403


def test_pack_kinds_and_fingerprint_follow_the_match_scores(club):
    event = teams_event(club, scored=False)
    sheet = event_sheet(event)
    assert pack_kinds(sheet) == ("draw", "team-score-cards", "match-slips")  # no boards dealt, no standings yet
    before = event_fingerprint(event)
    Match.objects.filter(event=event, round=1, number=1).update(imps_home=31)
    assert event_fingerprint(event) != before


def test_the_event_page_links_players_and_scorers_to_the_prints(client, club, player, scorer):
    event = teams_event(club)
    prints = reverse("event-prints", kwargs={"slug": club.slug, "pk": event.pk})
    for user in (player, scorer):
        client.force_login(user)
        page = client.get(reverse("event-detail", kwargs={"slug": club.slug, "pk": event.pk})).content.decode()
        assert 'id="prints-link"' in page and prints in page


def test_the_pack_of_a_teams_event_holds_its_own_prints(club):
    from tournaments.prints.pack import render_pack

    pdf, pages = render_pack(teams_event(club), "A4")
    text = "\n".join(pdf_pages(pdf))
    assert "Swiss draw · round 2" in text and "Team score cards" in text and "Match result slips" in text
    assert "Results" in text and "27.79" in text and "Traveller" not in text and "Guide card" not in text
    assert pages == len(pdf_pages(pdf))


def test_the_menu_lists_a_teams_events_prints_in_the_order_of_the_evening():
    from tournaments.prints.kinds import kinds_for

    names = [k.name for k in kinds_for("duplicate_bridge", director=True, is_teams=True)]
    assert names == ["draw", "team-score-cards", "match-slips", "team-results", "hand-records", "table-cards"]
