"""The bad-input catalogue (issue 17, items 1, 7 and 8): every request, page form and command
line that once ended in a 500, a traceback, a hang or a stored mistake. Each case must be
refused (a 4xx, an error message on the page, or exit status 2 with a message), and no row
may change. ``CASES_TRIED`` counts them for the report."""
from __future__ import annotations

import io
import json

import pytest
from django.apps import apps
from django.core.management import execute_from_command_line

from cardroom import limits

from tests.tournaments.factories_event import create_event, enter_pairs, make_members

NUL = "\x00"
BIG = 2**70
HUGE_CELL = "x" * 131_073
TRUNCATED_PBN = ('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
                 '[Deal "N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T98.T98.T98.T982 76.J76.J76.J7643"]\n'
                 '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\nN NT 13\nN S')
PAR_20_DIGITS = ('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
                 '[Deal "N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T98.T98.T98.T982 76.J76.J76.J7643"]\n'
                 '[OptimumScore "NS 12345678901234567890"]\n')
BIG_BOARD_PBN = ('[Board "1180591620717411303424"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
                 '[Deal "N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T98.T98.T98.T982 76.J76.J76.J7643"]\n')
CSV_HEADER = "membership_number,first_name,last_name,email,phone,active\n"


def _counts() -> dict[str, int]:
    return {m._meta.label: m.objects.count() for m in apps.get_models()
            if m._meta.app_label in {"clubs", "tournaments", "scoring"}}


def _nested(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.fixture
def evening(club, director, scorer, api_as):
    """A 3-table Howell under way: pairs entered, round 1 open, boards dealt."""
    client = api_as(director)
    event = create_event(client, club, movement={"kind": "howell", "tables": 3})
    enter_pairs(client, club, event["id"], make_members(club, 12))
    assert client.post(f"/api/clubs/{club.slug}/events/{event['id']}/start/").status_code == 200
    return event


def _events(club, *rest) -> str:
    return f"/api/clubs/{club.slug}/events/" + "".join(f"{p}/" for p in rest)


def _new_event(movement=None, **extra):
    body = {"name": "Bad", "date": "2026-11-24", "game": "duplicate_bridge", "movement": movement, **extra}
    if movement is None:
        body.pop("movement")
    return body


API_CASES = {
    # item 1: sizes
    "mitchell 10,001 tables": ("post", "events", _new_event({"kind": "mitchell", "tables": 10001}), "tables"),
    "skip mitchell 10,000 tables": ("post", "events", _new_event({"kind": "skip-mitchell", "tables": 10000}),
                                    "tables"),
    "team round robin 10,000 teams": ("post", "events", _new_event({"kind": "team-round-robin", "tables": 10000}),
                                      "tables"),
    "mitchell 100,000 pairs": ("post", "events", _new_event({"kind": "mitchell", "pairs": 100000}), "pairs"),
    "36+ boards a round": ("post", "events", _new_event({"kind": "mitchell", "tables": 5, "boards_per_round": 37}),
                           "boards_per_round"),
    "rounds 10**9": ("post", "events", _new_event({"kind": "mitchell", "tables": 5, "rounds": 10**9}), "rounds"),
    "27 sections": ("post", "events", _new_event(sections=[{"name": chr(65 + i % 26) + str(i),
                                                             "movement": {"kind": "howell", "tables": 2}}
                                                            for i in range(27)]), "sections"),
    "imported movement of 5,000 rounds": ("post", "events", _new_event(
        {"rounds_detail": [{"round": r, "tables": [{"table": 1, "ns": "1", "ew": "2", "boards": [r]}]}
                           for r in range(1, 5001)]}), "rounds"),
    "party of 61 tables": ("post", "events", {"name": "P", "date": "2026-11-27", "game": "progressive_euchre",
                                              "tables": 61}, "tables"),
    # item 8: stored mistakes
    "boards_per_round 0": ("post", "events", _new_event({"kind": "mitchell", "tables": 5, "boards_per_round": 0}),
                           "boards_per_round"),
    "tables 3.5": ("post", "events", _new_event({"kind": "howell", "tables": 3.5}), "tables"),
    # item 7: 500s
    "section named with /": ("post", "events", _new_event(sections=[{"name": "A/B",
                                                                      "movement": {"kind": "howell", "tables": 2}}]),
                             "name"),
    "NUL in an event name": ("post", "events", _new_event({"kind": "howell", "tables": 2}, name="Tues" + NUL),
                             "name"),
    "board beyond the integer range": ("post", "results", {"board": BIG, "ns": "1", "ew": "2", "contract": "3NT",
                                                           "declarer": "N", "tricks": 9}, "board"),
    "board 40,000": ("post", "results", {"board": 40000, "ns": "1", "ew": "2", "contract": "3NT",
                                         "declarer": "N", "tricks": 9}, "board"),
    "round and table 40,000": ("post", "results", {"board": 1, "ns": "1", "ew": "2", "contract": "3NT",
                                                   "declarer": "N", "tricks": 9, "round": 40000, "table": 40000},
                               "round"),
    "101% as an adjusted score": ("post", "results", {"board": 1, "ns": "1", "ew": "2", "adjusted_ns": "101%"},
                                  "adjusted_ns"),
    "NUL in a lead": ("post", "results", {"board": 1, "ns": "1", "ew": "2", "contract": "3NT", "declarer": "N",
                                          "tricks": 9, "lead": "S" + NUL}, "lead"),
    "NUL in a guest": ("post", "entries", {"guests": ["Ann" + NUL, "Bob"]}, "guests"),
    "NUL in a party guest": ("post", "players", {"guest": "Ann" + NUL}, "guest"),
    "result id 2**70": ("get", "results/1180591620717411303424", None, None),
    "round status for round 2**70": ("get", "round-status/?round=1180591620717411303424", None, None),
    "traveller for board 2**70": ("get", "results/?section=A&board=1180591620717411303424", None, "board"),
    "a board set of 20-digit par": ("post", "board-sets", {"name": "Par", "pbn": PAR_20_DIGITS}, "pbn"),
    "a PBN truncated inside a table": ("post", "board-sets", {"name": "Cut", "pbn": TRUNCATED_PBN}, "pbn"),
    "a PBN board beyond the integer range": ("post", "board-sets", {"name": "Big", "pbn": BIG_BOARD_PBN}, "pbn"),
    "a board set of 10**6 boards": ("post", "board-sets", {"name": "Many", "count": 10**6}, "count"),
}


def _api_path(club, event_id, where) -> str:
    if where == "events":
        return _events(club)
    if where == "board-sets":
        return f"/api/clubs/{club.slug}/board-sets/"
    path = _events(club, event_id) + where
    return path if "?" in where else path + "/"


@pytest.mark.django_db
@pytest.mark.parametrize("name", sorted(API_CASES))
def test_api_refuses_bad_input(name, club, director, api_as, evening):
    method, where, body, field = API_CASES[name]
    client = api_as(director)
    if where == "players":
        from tests.tournaments.factories_party import create_party

        party = create_party(client, club)
        path = _events(club, party["id"], "players")
    else:
        path = _api_path(club, evening["id"], where)
    if where == "results" and body is not None:
        movement = client.get(_events(club, evening["id"], "movement")).json()
        first = movement["sections"][0]["rounds_detail"][0]["tables"][0] if "sections" in movement \
            else movement["rounds_detail"][0]["tables"][0]
        body = {**body, "ns": first["ns"], "ew": first["ew"]}
        if body["board"] == 1:
            body["board"] = first["boards"][0]
    before = _counts()
    response = getattr(client, method)(path, body, format="json") if body is not None else client.get(path)
    assert 400 <= response.status_code < 500, (response.status_code, response.content[:300])
    if field and response.status_code == 400:
        assert field in response.content.decode(), response.content[:300]
    assert _counts() == before


@pytest.mark.django_db
def test_a_user_cannot_create_clubs_past_the_limit(api_as, make_user):
    """Item 1: creating a club makes its creator a director, so one login creates at most
    ``limits.CLUBS_PER_USER``; the next is a 400 naming the limit and nothing is stored."""
    client = api_as(make_user("founder"))
    for i in range(limits.CLUBS_PER_USER):
        assert client.post("/api/clubs/", {"name": f"C{i}", "slug": f"c{i}"}, format="json").status_code == 201
    before = _counts()
    response = client.post("/api/clubs/", {"name": "One more", "slug": "one-more"}, format="json")
    assert response.status_code == 400, response.content[:300]
    assert "clubs" in response.json() and f"at most {limits.CLUBS_PER_USER}" in response.content.decode()
    assert _counts() == before


RAW_CASES = {
    "nested JSON to the token endpoint (no login)": ("/api/auth/token/", _nested(100_000)),
    "nested JSON to events": ("/api/clubs/test-club/events/", '{"a":' + _nested(5000) + "}"),
    "a body over the upload limit": ("/api/auth/token/",
                                     json.dumps({"username": "x" * limits.DATA_UPLOAD_MAX_MEMORY_SIZE})),
}


@pytest.mark.django_db
@pytest.mark.parametrize("name", sorted(RAW_CASES))
def test_api_refuses_bodies_too_deep_or_too_large(name, club, director, api, api_as):
    path, body = RAW_CASES[name]
    client = api if "token" in path else api_as(director)
    before = _counts()
    response = client.generic("POST", path, body, content_type="application/json")
    assert response.status_code == 400, response.content[:300]
    assert "JSON_MAX_DEPTH" in response.json()["detail"] or "DATA_UPLOAD_MAX_MEMORY_SIZE" in response.json()["detail"]
    assert _counts() == before


def _csv(*rows: str) -> bytes:
    return (CSV_HEADER + "".join(r + "\n" for r in rows)).encode()


CSV_CASES = {
    "NUL in a CSV cell": (_csv("1,Ann" + NUL + ",Smith,,,yes"), "line 2"),
    "a CSV cell over 131,072 characters": (_csv(f"1,{HUGE_CELL},Smith,,,yes"), "line 2"),
    "a duplicated column": (("membership_number,first_name,last_name,last_name\n1,Ann,Smith,Jones\n").encode(),
                            "last_name"),
    "more rows than a page takes": (_csv(*[f"{i},A,B,,,yes" for i in range(limits.CSV_MAX_ROWS + 1)]),
                                    "manage.py members import"),
    "a file over the byte limit": (_csv(*[f"{i},{'A' * 900},B,,,yes" for i in range(2400)]), "CSV_MAX_BYTES"),
}


@pytest.mark.django_db
@pytest.mark.parametrize("name", sorted(CSV_CASES))
def test_member_csv_refused_in_api_and_page(name, club, director, api_as, client):
    data, says = CSV_CASES[name]
    before = _counts()
    upload = io.BytesIO(data)
    upload.name = "members.csv"
    response = api_as(director).post(f"/api/clubs/{club.slug}/members/import/", {"file": upload},
                                     format="multipart")
    assert response.status_code == 400, response.content[:300]
    assert says in response.content.decode()
    client.force_login(director)
    upload = io.BytesIO(data)
    upload.name = "members.csv"
    page = client.post(f"/clubs/{club.slug}/members/import/", {"file": upload})
    assert page.status_code == 400 and says.lower() in page.content.decode().lower()
    assert _counts() == before


@pytest.mark.django_db
def test_pbn_file_over_the_byte_limit_is_refused(club, director, api_as):
    upload = io.BytesIO(b"%" + b" " * limits.PBN_MAX_BYTES + b"\n")
    upload.name = "big.pbn"
    before = _counts()
    response = api_as(director).post(f"/api/clubs/{club.slug}/board-sets/", {"name": "Big", "file": upload},
                                     format="multipart")
    assert response.status_code == 400 and "PBN_MAX_BYTES" in response.content.decode()
    assert _counts() == before


@pytest.mark.django_db
def test_party_refuses_players_past_its_largest_draw(club, director, api_as):
    from tests.tournaments.factories_party import create_party
    from tournaments.models.party import Party, PartyPlayer

    client = api_as(director)
    event = create_party(client, club)
    party = Party.objects.get(event_id=event["id"])
    PartyPlayer.objects.bulk_create(PartyPlayer(party=party, label=str(i), name=f"Player {i}")
                                    for i in range(1, 4 * limits.MAX_PARTY_TABLES + 1))
    before = _counts()
    response = client.post(_events(club, event["id"], "players"), {"guest": "One more"}, format="json")
    assert response.status_code == 400 and "at most" in response.content.decode()
    assert _counts() == before


def _page_cases(club, event_id):
    base = f"/clubs/{club.slug}/events/{event_id}/"
    return {
        "?pairs=100000 on the new-event page": ("get", f"/clubs/{club.slug}/events/new/?pairs=100000", None),
        "?pairs=abc on the new-event page": ("get", f"/clubs/{club.slug}/events/new/?pairs=abc", None),
        "?boards=abc on the new-event page": ("get", f"/clubs/{club.slug}/events/new/?pairs=9&boards=abc", None),
        "?boards=100000 on the new-event page": ("get", f"/clubs/{club.slug}/events/new/?boards=100000", None),
        "new event with pairs=abc": ("post", f"/clubs/{club.slug}/events/new/",
                                     {"name": "X", "date": "2026-11-24", "game": "duplicate_bridge",
                                      "scoring": "matchpoints", "movement": "howell:3:4", "pairs": "abc"}),
        "new event with boards=abc": ("post", f"/clubs/{club.slug}/events/new/",
                                      {"name": "X", "date": "2026-11-24", "game": "duplicate_bridge",
                                       "scoring": "matchpoints", "movement": "mitchell:5:2", "boards": "abc"}),
        "new event with tables 3.5": ("post", f"/clubs/{club.slug}/events/new/",
                                      {"name": "X", "date": "2026-11-24", "game": "duplicate_bridge",
                                       "scoring": "matchpoints", "movement": "howell:3.5:4"}),
        "new event with 10,001 tables": ("post", f"/clubs/{club.slug}/events/new/",
                                         {"name": "X", "date": "2026-11-24", "game": "duplicate_bridge",
                                          "scoring": "matchpoints", "movement": "mitchell:10001:2"}),
        "do/round/ with round=abc": ("post", base + "do/round/", {"round": "abc"}),
        "do/round/ with round=40000": ("post", base + "do/round/", {"round": "40000"}),
        "do/withdraw/ with entry=abc": ("post", base + "do/withdraw/", {"entry": "abc"}),
        "do/enter/ with NUL in a name": ("post", base + "do/enter/", {"player_a": "Ann" + NUL, "player_b": "Bob"}),
        "traveller with result=abc": ("post", base + "boards/1/?section=A",
                                      {"result": "abc", "ns": "1", "ew": "2", "contract": "3NT",
                                       "declarer": "N", "tricks": "9"}),
        "traveller with a NUL lead": ("post", base + "boards/1/?section=A",
                                      {"ns": "1", "ew": "2", "contract": "3NT", "declarer": "N", "tricks": "9",
                                       "lead": "S" + NUL}),
        "traveller for board 2**70": ("get", base + "boards/1180591620717411303424/?section=A", None),
        "traveller for board 40,000": ("post", base + "boards/40000/?section=A",
                                       {"ns": "1", "ew": "2", "contract": "3NT", "declarer": "N", "tricks": "9"}),
        "table page ?confirm=abc": ("get", base + "table/A/1/?confirm=abc", None),
        "table 40,000": ("get", base + "table/A/40000/", None),
        "party/new/ with tables=abc": ("post", f"/clubs/{club.slug}/events/party/new/",
                                       {"name": "P", "date": "2026-11-27", "progression": "hoyle",
                                        "tables": "abc"}),
        "party/new/ with tables=3.5": ("post", f"/clubs/{club.slug}/events/party/new/",
                                       {"name": "P", "date": "2026-11-27", "progression": "hoyle",
                                        "tables": "3.5"}),
        "members/?q=%00": ("get", f"/clubs/{club.slug}/members/?q=%00", None),
        "member search of 10,000 characters": ("get", f"/clubs/{club.slug}/members/?q=" + "a" * 10_000, None),
    }


PAGE_CASE_NAMES = sorted(_page_cases(type("C", (), {"slug": "s"}), 1))


@pytest.mark.django_db
@pytest.mark.parametrize("name", PAGE_CASE_NAMES)
def test_pages_refuse_bad_input(name, club, director, evening, client):
    method, path, body = _page_cases(club, evening["id"])[name]
    client.force_login(director)
    if "/table/A/" in path:  # the table's phone has given its PIN
        session = client.session
        session[f"table-{evening['id']}-A-{path.rstrip('/').split('/')[-1]}"] = True
        session.save()
    before = _counts()
    response = getattr(client, method)(path, body) if body is not None else client.get(path)
    assert response.status_code < 500
    if response.status_code in (302, 303):
        followed = client.get(response["Location"])
        assert followed.status_code < 500
        assert 'class="error' in followed.content.decode() or "errorlist" in followed.content.decode(), name
    elif response.status_code == 200 and method == "post":  # a GET may ignore a bad display option
        text = response.content.decode()
        assert 'class="error' in text or "errorlist" in text or "at most" in text, name
    assert _counts() == before


def _party_print_case(client, club, director, api_as):
    from tests.tournaments.factories_party import create_party

    party = create_party(api_as(director), club)
    return f"/clubs/{club.slug}/events/{party['id']}/party/print/tallies/"


@pytest.mark.django_db
@pytest.mark.parametrize("rounds", ["abc", "100000"])
def test_party_print_refuses_bad_rounds(rounds, club, director, api_as, client):
    client.force_login(director)
    path = _party_print_case(client, club, director, api_as)
    response = client.get(path + f"?rounds={rounds}&format=html")
    assert 400 <= response.status_code < 500
    assert "rounds" in response.content.decode()


def _run(argv: list[str], capsys, monkeypatch) -> tuple[int, str]:
    """Run ``manage.py ARGV`` as from a shell (a CommandError prints and exits) in this process;
    the command's closing of the database connections is skipped, the test still needs it."""
    from django.db import connections

    monkeypatch.setattr(connections, "close_all", lambda: None)
    try:
        execute_from_command_line(["manage.py", *argv])
    except SystemExit as exc:
        code = exc.code
    else:
        code = 0
    captured = capsys.readouterr()
    return code, captured.err


def _cli_cases(tmp_path, event_id):
    truncated = tmp_path / "cut.pbn"
    truncated.write_text(TRUNCATED_PBN)
    big_board = tmp_path / "big.pbn"
    big_board.write_text(BIG_BOARD_PBN)
    par = tmp_path / "par.pbn"
    par.write_text(PAR_20_DIGITS)
    binary = tmp_path / "binary.pbn"
    binary.write_bytes(bytes(range(256)) * 10)
    huge_cell = tmp_path / "huge.csv"
    huge_cell.write_bytes(_csv(f"1,{HUGE_CELL},Smith,,,yes"))
    nul_cell = tmp_path / "nul.csv"
    nul_cell.write_bytes(_csv("1,Ann" + NUL + ",Smith,,,yes"))
    dup = tmp_path / "dup.csv"
    dup.write_bytes(b"membership_number,first_name,last_name,last_name\n1,Ann,Smith,Jones\n")
    return {
        "movement mitchell --tables 10001": ["movement", "mitchell", "--tables", "10001"],
        "movement team-round-robin --tables 10000": ["movement", "team-round-robin", "--tables", "10000"],
        "movement skip-mitchell --tables abc": ["movement", "skip-mitchell", "--tables", "abc"],
        "movement howell --boards-per-round 0": ["movement", "howell", "--tables", "3", "--boards-per-round", "0"],
        "boards import a truncated PBN": ["boards", "import", str(event_id), str(truncated)],
        "boards import a board beyond the integer range": ["boards", "import", str(event_id), str(big_board)],
        "boards import 20-digit par": ["boards", "import", str(event_id), str(par)],
        "boards import a binary file": ["boards", "import", str(event_id), str(binary)],
        "boards deal --count 10**9": ["boards", "deal", str(event_id), "--count", "1000000000"],
        "boards deal --count 0": ["boards", "deal", str(event_id), "--count", "0"],
        "boards import into event 2**70": ["boards", "import", str(BIG), str(truncated)],
        "boards export to a missing folder": ["boards", "export", str(event_id), "-o",
                                              str(tmp_path / "no" / "such" / "x.pbn")],
        "pbn score a binary file": ["pbn", "score", str(binary)],
        "pbn score a truncated file": ["pbn", "score", str(truncated)],
        "pbn score a missing file": ["pbn", "score", str(tmp_path / "missing.pbn")],
        "members import a CSV cell over 131,072 characters": ["members", "import", "test-club", str(huge_cell)],
        "members import a NUL cell": ["members", "import", "test-club", str(nul_cell)],
        "members import a duplicated column": ["members", "import", "test-club", str(dup)],
        "members import a folder": ["members", "import", "test-club", str(tmp_path)],
        "members export to a missing folder": ["members", "export", "test-club", "-o",
                                               str(tmp_path / "no" / "such" / "x.csv")],
    }


CLI_CASE_NAMES = sorted([
    "movement mitchell --tables 10001", "movement team-round-robin --tables 10000",
    "movement skip-mitchell --tables abc", "movement howell --boards-per-round 0",
    "boards import a truncated PBN", "boards import a board beyond the integer range",
    "boards import 20-digit par", "boards import a binary file", "boards deal --count 10**9",
    "boards deal --count 0", "boards import into event 2**70", "boards export to a missing folder",
    "pbn score a binary file", "pbn score a truncated file", "pbn score a missing file",
    "members import a CSV cell over 131,072 characters", "members import a NUL cell",
    "members import a duplicated column", "members import a folder", "members export to a missing folder",
])


@pytest.mark.django_db
@pytest.mark.parametrize("name", CLI_CASE_NAMES)
def test_commands_exit_2_with_a_message(name, club, evening, tmp_path, capsys, monkeypatch):
    argv = _cli_cases(tmp_path, evening["id"])[name]
    before = _counts()
    code, err = _run(argv, capsys, monkeypatch)
    assert code == 2, (code, err)
    assert err.strip() and "Traceback" not in err
    assert _counts() == before


CASES_TRIED = (len(API_CASES) + len(RAW_CASES) + 1 + 2 * len(CSV_CASES) + 2 + len(PAGE_CASE_NAMES) + 2
               + len(CLI_CASE_NAMES))
