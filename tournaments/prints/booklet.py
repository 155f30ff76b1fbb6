"""The commentary booklet of a simultaneous pairs: per board its hand record (compass diagram,
dealer, vulnerability, double dummy and par, as the event hand records print them) and how the
whole field did on it: each contract and score with how many tables across every heat got it.
Two boards a page, each with its frequency table beside it."""
from __future__ import annotations

from tournaments.prints.hand_records import record
from tournaments.prints.render import paper_for, print_filename, print_response
from tournaments.prints.source import _analysis
from tournaments.selectors_simultaneous import booklet_boards, field_frequencies
from tournaments.services.boards import board_to_pure, rules_for_game

TEMPLATE = "print/booklet.html"
PER_PAGE = 2


def booklet_pages(simultaneous) -> list[list[dict]]:
    rules = rules_for_game(simultaneous.game)
    frequencies = field_frequencies(simultaneous=simultaneous)
    entries = []
    for row in booklet_boards(simultaneous=simultaneous):
        entry = record(board_to_pure(row, rules), _analysis(row))
        entry["field"] = frequencies.get(row.number, [])
        entry["tables"] = sum(x["count"] for x in entry["field"])
        entries.append(entry)
    return [entries[i:i + PER_PAGE] for i in range(0, len(entries), PER_PAGE)]


def booklet_response(simultaneous, *, club, as_html: bool = False, request=None):
    paper = paper_for(simultaneous.organizer)
    title = f"{simultaneous.name}: commentary booklet"
    context = {"sim": simultaneous, "pages": booklet_pages(simultaneous), "heats": simultaneous.heats.count(),
               "back_url": None}
    return print_response(TEMPLATE, context, paper=paper, title=title, as_html=as_html, request=request,
                          filename=print_filename(simultaneous.name, "booklet"))
