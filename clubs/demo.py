"""Demo data: a club with a director, a scorer, players and members. Idempotent."""
from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction

from . import services
from .models import Club, Member

DEMO_CLUB = {"slug": "riverside", "name": "Riverside Whist & Bridge Club", "city": "Bath",
             "time_zone": "Europe/London"}
DEMO_PASSWORD = "cardroom-demo"
DEMO_USERS = [("director", "Dora", "Director", "director"), ("scorer", "Sam", "Scorer", "scorer"),
              ("player", "Penny", "Player", "player")]
DEMO_MEMBERS = [
    ("101", "Dora", "Director"), ("102", "Sam", "Scorer"), ("103", "Penny", "Player"),
    ("104", "Arthur", "Ashby"), ("105", "Beatrice", "Blake"), ("106", "Cedric", "Cole"),
    ("107", "Daphne", "Dunn"), ("108", "Edmund", "Ellis"), ("109", "Flora", "Finch"),
    ("110", "George", "Grant"), ("111", "Harriet", "Hale"), ("112", "Isaac", "Irving"),
    ("113", "Julia", "Jarvis"), ("114", "Kenneth", "Knight"), ("115", "Lydia", "Lane"),
    ("116", "Montague", "Moss"), ("117", "Nora", "North"), ("118", "Oliver", "Oakes"),
    ("119", "Prudence", "Pike"), ("120", "Quentin", "Quill"), ("121", "Rosalind", "Reed"),
    ("122", "Silas", "Stone"), ("123", "Theodora", "Trent"), ("124", "Ulric", "Vance"),
    ("125", "Violet", "West"), ("126", "Walter", "Yates"), ("127", "Xenia", "York"),
    ("128", "Yvonne", "Zeller"),
]


@dataclass(frozen=True)
class DemoSummary:
    club: Club
    director_username: str
    password: str
    created: bool


@transaction.atomic
def load_demo() -> DemoSummary:
    """Create (or leave untouched) the demo club, its logins and members."""
    User = get_user_model()
    club = Club.objects.filter(slug=DEMO_CLUB["slug"]).first()
    created = club is None
    if created:
        club = services.club_create(**DEMO_CLUB)
    users = {}
    for username, first, last, role in DEMO_USERS:
        user = User.objects.filter(username=username).first()
        if user is None:
            user = User.objects.create_user(username=username, password=DEMO_PASSWORD, first_name=first,
                                            last_name=last, email=f"{username}@example.org")
        users[username] = user
        services.role_grant(club=club, user=user, role=role)
    linked = {"101": users["director"], "102": users["scorer"], "103": users["player"]}
    for number, first, last in DEMO_MEMBERS:
        if not Member.objects.filter(club=club, membership_number=number).exists():
            services.member_create(club=club, membership_number=number, first_name=first, last_name=last,
                                   email=f"{first.lower()}.{last.lower()}@example.org", user=linked.get(number))
    from tournaments.demo import load_demo_events
    from tournaments.demo_party import load_demo_hearts, load_demo_party

    done, _live = load_demo_events(club)
    from tournaments.demo_championship import load_demo_championship

    load_demo_championship(club, done)
    load_demo_party(club)
    load_demo_hearts(club)
    from tournaments.demo_poker import load_demo_poker

    load_demo_poker(club)
    from tournaments.demo_patience import load_demo_patience

    load_demo_patience(club)
    from tournaments.demo_teams import load_demo_teams

    load_demo_teams(club)
    from tournaments.demo_simultaneous import load_demo_simultaneous

    load_demo_simultaneous(club)
    from tournaments.demo_analyses import store_known_analyses
    from tournaments.demo_simultaneous import HEAT_CLUBS
    from tournaments.models import BoardSet

    # before the commit: the analysis each new board set queued then finds nothing left to do
    store_known_analyses(BoardSet.objects.filter(club__slug__in=[club.slug, *(f["slug"] for f, _m in HEAT_CLUBS)]))
    return DemoSummary(club=club, director_username="director", password=DEMO_PASSWORD, created=created)
