"""USEBIO import as a finished event, USEBIO and results PBN export, and their round trips."""
import io
import random
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from clubs import services as club_services
from scoring.engine import pbntool, usebiotool
from scoring.services import event_rescore
from tests.tournaments.factories_event import create_event, enter_pairs, make_members, plays, random_result
from tournaments.deals.usebio import read_usebio
from tournaments.models import Event, EventStatus
from tournaments.services.results_export import ExportRefused, event_export_results_pbn, event_export_usebio
from tournaments.services.usebio import UsebioImportError, event_import_usebio, imported_matches

pytestmark = pytest.mark.django_db

COMPSCORE = Path(__file__).parents[1] / "unit" / "deals" / "data" / "compscore_butler_mitchell.xml"


def test_import_makes_a_finished_event_with_the_files_standings(club):
    dewar = club_services.member_create(club=club, membership_number="1229753", first_name="Rhys", last_name="Dewar")
    event = event_import_usebio(club=club, data=COMPSCORE.read_bytes())
    assert event.status == EventStatus.FINISHED and event.scoring == "imps"
    assert (event.name, str(event.date)) == ("Wednesday Morning - Butler", "2026-03-11")
    assert event.entries.count() == 14 and event.results.count() == 245
    assert event.usebio_report["matching"] == 14
    stored = imported_matches(event)
    file = read_usebio(COMPSCORE.read_bytes())
    assert {p.number: (p.place, p.total_score) for p in file.pairs} == \
        {label: (rank, total) for label, (rank, total, _pct) in stored.items()}
    first = event.entries.get(label="1NS")
    assert first.member_a == dewar and first.guest_a.name == "LESLEY SETO"
    assert event.changes.filter(to_status=EventStatus.FINISHED).exists()


def test_import_of_a_cross_imp_howell_keeps_its_standings(club):
    data = (COMPSCORE.parent / "compscore_cross_imp_howell.xml").read_bytes()
    event = event_import_usebio(club=club, data=data)
    assert event.scoring == "cross_imps" and event.usebio_report["matching"] == 9
    file = read_usebio(data)
    assert {p.number: (p.place, p.total_score) for p in file.pairs} == \
        {label: (rank, round(total, 2)) for label, (rank, total, _pct) in imported_matches(event).items()}
    assert event.results.filter(contract="Pass").count() == 2


def test_import_keeps_the_programs_conventions_for_its_standings(club):
    """Compscore's Butler datum rounds halves away from zero: the imported event keeps that
    convention, so its stored standings (and any rescore) equal the file's."""
    data = (COMPSCORE.parent / "compscore_butler_howell.xml").read_bytes()
    event = event_import_usebio(club=club, data=data)
    assert event.convention == "compscore" and event.usebio_report["matching"] == 8
    file = read_usebio(data)
    assert {p.number: (p.place, p.total_score) for p in file.pairs} == \
        {label: (rank, round(total, 2)) for label, (rank, total, _pct) in imported_matches(event).items()}
    event_rescore(event_id=event.pk, force=True)
    assert {label: round(total, 2) for label, (_r, total, _p) in imported_matches(event).items()}["4"] == 34.0


def test_an_imported_event_exports_what_it_imported(club):
    event = event_import_usebio(club=club, data=COMPSCORE.read_bytes())
    again = read_usebio(event_export_usebio(event))
    _ev, _b, session, _two = usebiotool.score_usebio(event_export_usebio(event))
    assert usebiotool.printed(again, session)["matching"] == 14
    original = read_usebio(COMPSCORE.read_bytes())
    lines = {(b.number, t.ns, t.ew): (t.contract, t.played_by, t.lead, t.tricks, t.score, t.ns_points)
             for b in original.boards for t in b.lines if t.contract}
    exported = {(b.number, t.ns, t.ew): (t.contract, t.played_by, t.lead, t.tricks, t.score, t.ns_points)
                for b in again.boards for t in b.lines if t.contract}
    assert exported == lines


@pytest.mark.parametrize("xml, message", [
    (b"<USEBIO><EVENT EVENT_TYPE='MP_PAIRS'>", "not well-formed"),
    (b"<USEBIO><EVENT EVENT_TYPE='MP_PAIRS'><DATE>31/02/2026</DATE><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>"
     b"<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>50</SCORE>"
     b"</TRAVELLER_LINE></BOARD></EVENT></USEBIO>", "DATE"),
    (b"<USEBIO><EVENT EVENT_TYPE='MP_PAIRS'><DATE>01/02/2026</DATE><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>"
     b"<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>50</SCORE>"
     b"</TRAVELLER_LINE><TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>"
     b"<SCORE>90</SCORE></TRAVELLER_LINE></BOARD></EVENT></USEBIO>", "already played it"),
])
def test_a_bad_file_stores_nothing(club, xml, message):
    with pytest.raises(UsebioImportError, match=message):
        event_import_usebio(club=club, data=xml)
    assert not Event.objects.filter(club=club).exists()


def test_commands_import_and_export(club, tmp_path):
    out = io.StringIO()
    call_command("usebio", "import", club.slug, str(COMPSCORE), stdout=out)
    event = Event.objects.get(club=club)
    assert f"imported event {event.pk}" in out.getvalue()
    target = tmp_path / "out.xml"
    call_command("usebio", "export", str(event.pk), "-o", str(target))
    assert read_usebio(target.read_bytes()).pairs[0].number in {"1NS", "2NS"}
    out = io.StringIO()
    call_command("usebio", "export", str(event.pk), "--format", "pbn", stdout=out)
    assert "[TotalScoreTable" in out.getvalue()
    bad = tmp_path / "bad.xml"
    bad.write_bytes(b"<USEBIO><EVENT/></USEBIO>")
    with pytest.raises(CommandError) as exc:
        call_command("usebio", "import", club.slug, str(bad))
    assert exc.value.returncode == 2 and "line 1" in str(exc.value)
    with pytest.raises(CommandError) as exc:
        call_command("usebio", "export", "999999")
    assert exc.value.returncode == 2


def played_event(client, club, *, scoring, movement, seed=5, adjusted=()):
    """An event played through the API with random results, scored and finished; the plays at
    the indexes in ``adjusted`` get artificial scores (A+/A-, 60%/40%, a split score)."""
    event = create_event(client, club, scoring=scoring, movement=movement)
    members = make_members(club, 4 * movement["tables"])
    enter_pairs(client, club, event["id"], members)
    base = f"/api/clubs/{club.slug}/events/{event['id']}"
    assert client.post(f"{base}/start/").status_code == 200
    sections = client.get(f"{base}/movement/").json()["sections"][0]
    rng = random.Random(seed)
    awards = [{"adjusted_ns": "A+", "adjusted_ew": "A-"}, {"adjusted_ns": "60%", "adjusted_ew": "40%"},
              {"contract": "3NT", "declarer": "N", "tricks": 9, "adjusted_ew": "A-"}]
    for i, (_r, _t, board, ns, ew) in enumerate(plays(sections)):
        body = awards[adjusted.index(i) % 3] if i in adjusted else random_result(rng, "duplicate_bridge")
        response = client.post(f"{base}/results/", {"board": board, "ns": ns, "ew": ew, **body}, format="json")
        assert response.status_code == 201, response.content
    event_rescore(event_id=event["id"], force=True)
    assert client.post(f"{base}/finish/").status_code == 200
    return Event.objects.get(pk=event["id"])


def stored(event):
    return {s.entry.label: (s.rank, round(s.total, 2), None if s.percentage is None else round(s.percentage, 2))
            for s in event.standings.select_related("entry")}


def same_standings(a: dict, b: dict) -> bool:
    """Equal ranks; totals and percentages equal to the printed two decimals (the stored rows
    keep four, so 47.875 may print either way)."""
    def close(x, y):
        return x == y or (x is not None and y is not None and abs(x - y) <= 0.0101)
    return a.keys() == b.keys() and all(a[k][0] == b[k][0] and close(a[k][1], b[k][1]) and close(a[k][2], b[k][2])
                                         for k in a)


CASES = [("matchpoints", {"kind": "mitchell", "tables": 5, "boards_per_round": 2}),
         ("imps", {"kind": "mitchell", "tables": 3, "boards_per_round": 3}),
         ("cross_imps", {"kind": "howell", "tables": 3, "boards_per_round": 2})]


@pytest.mark.parametrize("scoring, movement", CASES)
def test_usebio_export_reads_back_with_identical_standings(api_as, club, director, scoring, movement):
    event = played_event(api_as(director), club, scoring=scoring, movement=movement)
    data = event_export_usebio(event)
    _ev, _boards, session, _two = usebiotool.score_usebio(data)
    again = {s.entrant: (s.rank, round(s.total, 2), None if s.percentage is None else round(s.percentage, 2))
             for s in session.standings}
    assert same_standings(again, stored(event))
    pairs = read_usebio(data).pairs
    assert all(len(p.players) == 2 and p.players[0].national_id.startswith("10") for p in pairs)
    assert usebiotool.printed(read_usebio(data), session)["matching"] == len(pairs)


@pytest.mark.parametrize("scoring, movement", CASES)
def test_results_pbn_reads_back_in_cardroom_and_endplay(api_as, club, director, scoring, movement, tmp_path):
    event = played_event(api_as(director), club, scoring=scoring, movement=movement)
    data = event_export_results_pbn(event)
    method = {"matchpoints": "matchpoints", "imps": "butler", "cross_imps": "cross-imps"}[scoring]
    boards, session, two = pbntool.score_pbn(data, method=method)
    again = {pbntool._pair(s.entrant, two) + (s.field if two else ""):
             (s.rank, round(s.total, 2), None if s.percentage is None else round(s.percentage, 2))
             for s in session.standings}
    assert same_standings(again, stored(event))
    from endplay.parsers import pbn as endplay_pbn

    path = tmp_path / "results.pbn"
    path.write_bytes(data)
    with open(path, encoding="latin-1") as f:
        parsed = endplay_pbn.load(f)
    assert len(parsed) == len(boards)
    assert all(b.deal.north for b in parsed)


def test_unfinished_event_is_not_exported(api_as, club, director):
    client = api_as(director)
    event = create_event(client, club, movement={"kind": "howell", "tables": 2, "boards_per_round": 2})
    with pytest.raises(ExportRefused, match="finished"):
        event_export_usebio(Event.objects.get(pk=event["id"]))


def test_api_import_and_export(api_as, club, director, player):
    client = api_as(director)
    with open(COMPSCORE, "rb") as f:
        response = client.post(f"/api/clubs/{club.slug}/events/import-usebio/", {"file": f}, format="multipart")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["status"] == "finished" and body["report"]["matching"] == 14
    xml = client.get(f"/api/clubs/{club.slug}/events/{body['id']}/usebio/")
    assert xml.status_code == 200 and xml["Content-Type"].startswith("application/xml")
    assert len(read_usebio(xml.content).boards) == 35
    pbn = client.get(f"/api/clubs/{club.slug}/events/{body['id']}/results-pbn/")
    assert pbn.status_code == 200 and b"[ScoreTable" in pbn.content
    bad = client.post(f"/api/clubs/{club.slug}/events/import-usebio/", {"xml": "<USEBIO><EVENT/>"}, format="json")
    assert bad.status_code == 400 and "not well-formed" in bad.json()["xml"][0]
    neither = client.post(f"/api/clubs/{club.slug}/events/import-usebio/", {}, format="json")
    assert neither.status_code == 400 and "file" in neither.json()
    assert api_as(player).get(f"/api/clubs/{club.slug}/events/{body['id']}/usebio/").status_code == 403
    assert Event.objects.filter(club=club).count() == 1


def test_pages_import_and_download(client, club, director, player):
    client.force_login(director)
    page = client.get(f"/clubs/{club.slug}/events/import-usebio/")
    assert page.status_code == 200 and b"usebio-form" in page.content
    with open(COMPSCORE, "rb") as f:
        done = client.post(f"/clubs/{club.slug}/events/import-usebio/", {"file": f, "name": "Old Wednesday"})
    event = Event.objects.get(club=club)
    assert done.status_code == 302 and done["Location"] == event.get_absolute_url() and event.name == "Old Wednesday"
    detail = client.get(event.get_absolute_url())
    assert b'id="results-export"' in detail.content
    # the page says, as the API's report does, whether the stored standings reproduce the file's
    assert b"Old Wednesday: 14 of 14 pairs&#x27; places and totals equal the file&#x27;s" in detail.content
    assert b"compscore&#x27;s conventions" in detail.content
    assert client.get(f"/clubs/{club.slug}/events/{event.pk}/usebio.xml").status_code == 200
    assert client.get(f"/clubs/{club.slug}/events/{event.pk}/results.pbn").status_code == 200
    bad = io.BytesIO(b"<USEBIO><EVENT/></USEBIO>")
    bad.name = "bad.xml"
    refused = client.post(f"/clubs/{club.slug}/events/import-usebio/", {"file": bad})
    assert refused.status_code == 400 and b"bad.xml: line 1" in refused.content
    client.force_login(player)
    assert client.get(f"/clubs/{club.slug}/events/import-usebio/").status_code == 403


def test_federation_numbers_map_members_both_ways(api_as, club, director):
    """A member's federation number (the club's mapping) is written in USEBIO and matched on import."""
    event = played_event(api_as(director), club, scoring="imps", movement=CASES[1][1])
    first = event.entries.order_by("id").first().member_a
    first.federation_number = "EBU-4711"
    first.save()
    exported = read_usebio(event_export_usebio(event))
    ids = {pl.national_id for p in exported.pairs for pl in p.players}
    assert "EBU-4711" in ids and first.membership_number not in ids
    again = event_import_usebio(club=club, data=event_export_usebio(event))
    assert again.entries.filter(member_a=first).exists() or again.entries.filter(member_b=first).exists()
    assert again.usebio_report["matching"] == again.entries.count()


HANDSET = b"""<?xml version="1.0"?>
<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><DATE>11/03/2026</DATE>
<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><CONTRACT>3S</CONTRACT>
<PLAYED_BY>E</PLAYED_BY><LEAD>TD</LEAD><TRICKS>9</TRICKS><SCORE>-140</SCORE></TRAVELLER_LINE>
<TRAVELLER_LINE><NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER><CONTRACT>4S</CONTRACT>
<PLAYED_BY>E</PLAYED_BY><LEAD>KH</LEAD><TRICKS>9</TRICKS><SCORE>50</SCORE></TRAVELLER_LINE></BOARD>
</EVENT>
<HANDSET><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
<HAND><DIRECTION>East</DIRECTION><CLUBS>K2</CLUBS><DIAMONDS>AJ8</DIAMONDS><HEARTS>A74</HEARTS>
<SPADES>AQ974</SPADES></HAND>
<HAND><DIRECTION>North</DIRECTION><CLUBS>AQT86</CLUBS><DIAMONDS>9632</DIAMONDS><HEARTS>T65</HEARTS>
<SPADES>T</SPADES></HAND>
<HAND><DIRECTION>South</DIRECTION><CLUBS>J975</CLUBS><DIAMONDS>T5</DIAMONDS><HEARTS>KQ92</HEARTS>
<SPADES>KJ5</SPADES></HAND>
<HAND><DIRECTION>West</DIRECTION><CLUBS>43</CLUBS><DIAMONDS>KQ74</DIAMONDS><HEARTS>J83</HEARTS>
<SPADES>8632</SPADES></HAND>
</BOARD></HANDSET></USEBIO>"""


def test_handset_becomes_the_events_hand_records(club, monkeypatch):
    """Board 1 of the Compscore file's HANDSET; the deal is stored and written back in both exports."""
    from tournaments.deals.doubledummy import AnalysisUnavailable

    def unavailable(*args, **kwargs):
        raise AnalysisUnavailable("not in this test")

    monkeypatch.setattr("tournaments.services.boards.analyse_boards", unavailable)
    event = event_import_usebio(club=club, data=HANDSET)
    board = event.board_sets.get().boards.get(number=1)
    assert board.deal == "N:T.T65.9632.AQT86 AQ974.A74.AJ8.K2 KJ5.KQ92.T5.J975 8632.J83.KQ74.43"
    assert (board.dealer, board.vulnerability) == ("N", "None")
    assert read_usebio(event_export_usebio(event)).hands["1"]["E"] == "AQ974.A74.AJ8.K2"
    assert b'[Deal "N:T.T65.9632.AQT86' in event_export_results_pbn(event)
    broken = HANDSET.replace(b"<CLUBS>43</CLUBS>", b"<CLUBS>432</CLUBS>")
    with pytest.raises(UsebioImportError, match="HANDSET"):
        event_import_usebio(club=club, data=broken)
    assert Event.objects.filter(club=club).count() == 1


def test_an_imported_event_shows_like_any_other(client, api_as, club, director):
    """Pages and API of an imported event: detail, traveller, score card, movement, standings."""
    event = event_import_usebio(club=club, data=COMPSCORE.read_bytes())
    client.force_login(director)
    base = f"/clubs/{club.slug}/events/{event.pk}"
    for url in (f"{base}/", f"{base}/travellers/1/", f"{base}/score-cards/1NS/", f"{base}/movement/"):
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)
    traveller = client.get(f"{base}/travellers/1/").content.decode()
    assert "1NS" in traveller and "140" in traveller
    standings = api_as(director).get(f"/api/clubs/{club.slug}/events/{event.pk}/standings/")
    assert standings.status_code == 200
    rows = standings.json()["standings"]
    assert {(r["label"], r["rank"], round(r["total"], 2)) for r in rows} >= {("2NS", "1", 73.0), ("2EW", "1", 48.0)}


@pytest.mark.parametrize("scoring, movement", CASES[:2])
def test_artificial_and_split_scores_survive_both_exports(api_as, club, director, scoring, movement):
    event = played_event(api_as(director), club, scoring=scoring, movement=movement, adjusted=(0, 3, 6))
    assert event.results.exclude(adjusted_ns="", adjusted_ew="").count() == 3
    _ev, _boards, session, _two = usebiotool.score_usebio(event_export_usebio(event))
    again = {s.entrant: (s.rank, round(s.total, 2), None if s.percentage is None else round(s.percentage, 2))
             for s in session.standings}
    assert same_standings(again, stored(event))
    method = {"matchpoints": "matchpoints", "imps": "butler"}[scoring]
    _boards, pbn_session, two = pbntool.score_pbn(event_export_results_pbn(event), method=method)
    from_pbn = {pbntool._pair(s.entrant, two) + (s.field if two else ""):
                (s.rank, round(s.total, 2), None if s.percentage is None else round(s.percentage, 2))
                for s in pbn_session.standings}
    assert same_standings(from_pbn, stored(event))


@pytest.mark.parametrize("tag, value, message", [
    ("TRICKS", "9" * 40, "TRICKS"),
    ("TRICKS", "99", "TRICKS"),
    ("SCORE", "NaN", "SCORE"),
    ("SCORE", "1e400", "SCORE"),
    ("SCORE", "9" * 400, "SCORE"),
])
def test_a_traveller_line_out_of_bounds_is_a_400_naming_xml(api_as, club, director, tag, value, message):
    """A file whose TRICKS or SCORE is not a bridge figure (huge, NaN, infinite, more than 13
    tricks) is refused with a 400 naming ``xml`` and the element, not a 500; nothing is stored."""
    text = COMPSCORE.read_text()
    start = text.index(f"<{tag}>")
    text = text[:start] + f"<{tag}>{value}</{tag}>" + text[text.index(f"</{tag}>", start) + len(tag) + 3:]
    response = api_as(director).post(f"/api/clubs/{club.slug}/events/import-usebio/", {"xml": text}, format="json")
    assert response.status_code == 400, response.content
    assert message in response.json()["xml"][0]
    assert not Event.objects.filter(club=club).exists()


@pytest.mark.parametrize("scoring, movement, rules", [
    (CASES[0][0], CASES[0][1], "acblscore"), (CASES[1][0], CASES[1][1], "compscore"),
    (CASES[2][0], CASES[2][1], "ruter")])
def test_results_pbn_records_the_events_convention_and_reads_back_by_it(api_as, club, director, scoring, movement,
                                                                         rules):
    """An event scored by a program's rules (acblscore 1/0.5/0, Compscore's datum, Ruter's summed
    cross-IMPs): its results PBN says so, and `pbn score` with no options gives the stored standings."""
    from scoring.services import event_rescore

    event = played_event(api_as(director), club, scoring=scoring, movement=movement)
    Event.objects.filter(pk=event.pk).update(convention=rules)
    event_rescore(event_id=event.pk, force=True)
    event = Event.objects.get(pk=event.pk)
    data = event_export_results_pbn(event)
    assert f'[CardroomConvention "{rules}"]'.encode() in data and b'[Application "Cardroom"]' in data
    parsed, family, used, session, two = pbntool.score_pbn_file(data)
    assert (used.name, family) == (rules, {"matchpoints": "matchpoints", "imps": "butler",
                                           "cross_imps": "cross-imps"}[scoring])
    again = {pbntool._pair(s.entrant, two) + (s.field if two else ""):
             (s.rank, round(s.total, 2), None if s.percentage is None else round(s.percentage, 2))
             for s in session.standings}
    assert same_standings(again, stored(event))
    if rules in ("acblscore", "ruter"):  # without the record, Cardroom's own rules give other totals
        *_, plain, _ = pbntool.score_pbn_file(data.replace(b"[CardroomConvention", b"[Note"))
        assert {s.entrant: round(s.total, 2) for s in plain.standings} != \
            {s.entrant: round(s.total, 2) for s in session.standings}
    # The USEBIO export says it too (PROGRAM_VERSION "convention NAME") and `usebio score` reads it back.
    xml = event_export_usebio(event)
    assert f"<PROGRAM_VERSION>convention {rules}</PROGRAM_VERSION>".encode() in xml
    file, _boards, usebio_session, _two = usebiotool.score_usebio(xml)
    assert usebiotool.convention_of(file).name == rules
    again = {s.entrant: (s.rank, round(s.total, 2), None if s.percentage is None else round(s.percentage, 2))
             for s in usebio_session.standings}
    assert same_standings(again, stored(event))


def _with(text: str, tag: str, value: str) -> tuple[str, int]:
    """The file with the first ``tag``'s text replaced, and the line of the element holding it."""
    start = text.index(f"<{tag}>")
    text = text[:start] + f"<{tag}>{value}</{tag}>" + text[text.index(f"</{tag}>", start) + len(tag) + 3:]
    holder = max(text.rfind("<PAIR>", 0, start), text.rfind("<TRAVELLER_LINE>", 0, start))
    return text, text.count("\n", 0, holder) + 1


def _refused_both_ways(client, club, tmp_path, text: str, says: str) -> str:
    """The file is refused by the API (400) and by ``usebio import`` (exit 2), each saying
    ``says``; nothing is stored. Returns the API's message."""
    response = client.post(f"/api/clubs/{club.slug}/events/import-usebio/", {"xml": text}, format="json")
    assert response.status_code == 400, response.content
    message = response.json()["xml"][0]
    assert says in message
    bad = tmp_path / "bad.xml"
    bad.write_text(text)
    with pytest.raises(CommandError) as exc:
        call_command("usebio", "import", club.slug, str(bad))
    assert exc.value.returncode == 2 and says in str(exc.value)
    assert not Event.objects.filter(club=club).exists()
    return message


@pytest.mark.parametrize("tag, value", [
    ("TOTAL_SCORE", "NaN"), ("TOTAL_SCORE", "inf"), ("TOTAL_SCORE", "-Infinity"), ("TOTAL_SCORE", "1e400"),
    ("NS_BUTLER_POINTS", "nan"),
])
def test_a_printed_figure_that_is_not_a_number_is_refused_naming_element_and_line(
        api_as, club, director, tmp_path, tag, value):
    """NaN or infinite printed totals, percentages or points are not figures: the API answers
    400 and ``usebio import`` exits 2, both naming the element and its line; nothing is stored."""
    text, line = _with(COMPSCORE.read_text(), tag, value)
    message = _refused_both_ways(api_as(director), club, tmp_path, text, f"line {line}: {tag}")
    assert f"line {line}: {tag} {value!r} is not a number" in message


@pytest.mark.parametrize("event_type", ["BRIDGE_NIGHT", "SWISS_PAIRS", "AGGREGATE", ""])
def test_an_event_type_cardroom_does_not_score_is_refused_naming_it(api_as, club, director, tmp_path, event_type):
    """An unknown EVENT_TYPE (or one Cardroom would score wrongly, such as a Swiss pairs) is not
    read as matchpoints: 400 / exit 2 naming EVENT_TYPE and the EVENT's line, nothing stored."""
    text = COMPSCORE.read_text().replace('EVENT_TYPE="BUTLER_PAIRS"', f'EVENT_TYPE="{event_type}"')
    line = text.count("\n", 0, text.index("<EVENT ")) + 1
    message = _refused_both_ways(api_as(director), club, tmp_path, text, f"line {line}: EVENT_TYPE")
    assert "MP_PAIRS" in message
