"""A bounded schemathesis run against the live test server (issue 17): every operation of the
OpenAPI schema gets generated requests (a fixed seed, a few examples each) as a club director;
the stateless checks are no 5xx, responses that match the schema, and only documented status
codes. The counts (cases tried, 5xx, schema violations) are printed for the report."""
from __future__ import annotations

import collections
import os
import time

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance, status_code_conformance

from tests.tournaments.factories_event import create_event, enter_pairs, make_members
from tests.tournaments.factories_teams import teams_event
from tournaments.services import actions

EXAMPLES = int(os.environ.get("SCHEMATHESIS_EXAMPLES", "5"))  # per operation: about 380 requests
BUDGET_SECONDS = float(os.environ.get("SCHEMATHESIS_SECONDS", "90"))  # stops early past this (takes 25-45 s)
CHECKS = [not_a_server_error, response_schema_conformance, status_code_conformance]


@pytest.fixture
def setting(live_server, club, director, api_as, monkeypatch, settings, tmp_path):
    """An evening and a party, both in the director's club; the director's token. Double dummy
    analysis is left out (a worker's job; inline here it would take minutes for a big set); a
    print pack asked for (``prints/pack/``) is a stand-in PDF stored under tmp_path, not the
    project's media."""
    settings.MEDIA_ROOT = tmp_path
    from rest_framework.authtoken.models import Token

    from tournaments.deals.doubledummy import AnalysisUnavailable

    def unavailable(*args, **kwargs):
        raise AnalysisUnavailable("not in this test")

    monkeypatch.setattr("tournaments.services.boards.analyse_boards", unavailable)

    def pack_rendered(event, paper, progress):  # WeasyPrint's work has its own tests (tests/tournaments/test_prints_*)
        progress(1, 1)
        return b"%PDF-1.4\n%%EOF\n", 1

    # Tasks run inline in the suite, so a real render of the pack would hold the POST for many
    # seconds on a loaded machine (a read timeout here): the API's answers are what is checked.
    monkeypatch.setattr("tournaments.prints.pack.render_pack", pack_rendered)

    from tests.tournaments.factories_party import create_party

    client = api_as(director)
    event = create_event(client, club, movement={"kind": "howell", "tables": 3})
    enter_pairs(client, club, event["id"], make_members(club, 12))  # not started: no double dummy here
    party = create_party(client, club)
    teams = actions.event_start(event=teams_event(club, teams=2, boards_per_match=2, rounds=2, start_member=300))
    token = Token.objects.get_or_create(user=director)[0].key
    return {"event": event["id"], "party": party["id"], "teams": teams.pk, "token": token, "url": live_server.url}


def _aim(case, club_slug: str, ids: dict) -> None:
    """Point most generated requests at the real club and event (random ids only 404)."""
    params = case.path_parameters or {}
    for name in ("club_slug", "slug"):
        if name in params:
            params[name] = club_slug
    for name in ("id",):
        if name in params and "/events/" in case.operation.path:
            teams = any(p in case.operation.path for p in ("/teams/", "/teams-settings/", "/matches/", "/draw/"))
            party = any(p in case.operation.path for p in ("/party/", "/players/", "/prizes/", "/rounds/"))
            params[name] = ids["teams"] if teams else ids["party"] if party else ids["event"]


@pytest.mark.django_db(transaction=True)
def test_api_answers_as_its_schema_says(setting, club, capsys):
    schema = schemathesis.openapi.from_url(setting["url"] + "/api/schema/")
    headers = {"Authorization": f"Token {setting['token']}"}
    operations = [result.ok() for result in schema.get_all_operations()]
    operations.sort(key=lambda op: (op.method.upper() == "DELETE", op.path))  # deletions last
    tried = 0
    failures: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    started = time.monotonic()
    for operation in operations:
        if time.monotonic() - started > BUDGET_SECONDS:
            break

        @settings(max_examples=EXAMPLES, derandomize=True, deadline=None, database=None,
                  phases=[Phase.explicit, Phase.generate],
                  suppress_health_check=list(HealthCheck))
        @given(case=operation.as_strategy())
        def run(case):
            nonlocal tried
            _aim(case, club.slug, setting)
            tried += 1
            try:
                response = case.call(base_url=setting["url"], headers=headers, timeout=20)
            except OSError as exc:  # a request that hangs is worse than a 500
                failures["ServerError (no answer)"][f"{operation.method.upper()} {operation.path}: {exc}"] += 1
                return
            try:
                case.validate_response(response, checks=CHECKS, headers=headers)
            except (Exception, BaseExceptionGroup) as exc:  # a FailureGroup: one entry per failed check
                for failure in getattr(exc, "exceptions", [exc]):
                    detail = str(failure)[:600] if "Schema" in type(failure).__name__ else ""
                    failures[type(failure).__name__][
                        f"{operation.method.upper()} {operation.path} -> {response.status_code}: "
                        f"{getattr(failure, 'title', str(failure))[:160]} {detail}"] += 1

        run()
    server_errors = sum(n for kind, c in failures.items() for n in c.values() if "ServerError" in kind)
    schema_violations = sum(n for c in failures.values() for n in c.values()) - server_errors
    with capsys.disabled():
        print(f"\nschemathesis: {len(operations)} operations, {tried} cases tried, {server_errors} 5xx, "
              f"{schema_violations} schema violations, {time.monotonic() - started:.0f} s")
    report = "\n".join(f"{kind}: {what} (x{n})" for kind, c in failures.items() for what, n in c.items())
    assert not failures, report
