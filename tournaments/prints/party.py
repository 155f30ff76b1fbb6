"""Party prints: tally cards pre-filled with the draw, the head and booby table cards (every
table in progressive hearts), the rotation chart, and the results with the prizes, read from
the stored standings. ``party_print_context`` gives the template and its context; the view
(``views.party.party_print``) renders it like every other print (``prints.render``).
"""
from __future__ import annotations

from django.http import Http404

from cardroom.inputs import whole_number
from tournaments import selectors_party
from tournaments.models.party import Category, Party, PartyPlayer, PartyRound, Progression
from tournaments.movements import party_poker
from tournaments.selectors_poker import poker_summary
from tournaments.services import party as services


def party_print_context(party: Party, kind: str, *, rounds=None) -> tuple[str, dict]:
    """The template and context of print ``kind`` (``PRINTS``); ``rounds``: the tally cards'
    rounds when the rules set none (a query value, checked)."""
    sheet = {"club": party.event.club.name, "title": party.event.name,
             "date_text": party.event.date.strftime("%d %B %Y")}
    context = {"party": party, "sheet": sheet, "stars": party.has_stars, "head": 1, "booby": party.tables}
    context.update(PRINTS[kind](party, rounds=rounds))
    template = f"print/tally_{'cards' if kind == 'tallies' else kind}.html"
    if party.progression == Progression.HEARTS and kind in ("tallies", "results"):
        template = f"tournaments/party_hearts_print_{kind}.html"
        context["options"] = services.party_options(party)
    if party.progression == Progression.POKER and kind in ("tallies", "results"):
        template = f"tournaments/party_poker_print_{kind}.html"
        context["poker"] = poker_summary(party)
    return template, context


def _print_tallies(party, rounds=None) -> dict:
    rounds = services.planned_rounds(party) or whole_number(rounds, "rounds", high=40, default=8)
    first = selectors_party.party_round(party=party, number=1)
    where = {}
    for t in (first or {}).get("tables", []):
        if "players" in t:  # progressive hearts and poker: each for himself
            where.update({label: (t["table"], "", [o for o in t["players"] if o != label]) for label in t["players"]})
            continue
        for s, side in enumerate(t["sides"]):
            for pos, label in enumerate(side):
                where[label] = (t["table"], side[1 - pos], t["sides"][1 - s])
    return {"cards": [{"player": p, "first": where.get(p.label), "rounds": range(1, min(rounds, 40) + 1)}
                      for p in PartyPlayer.objects.filter(party=party, ghost=False)]}


SCHEME_WORDS = {"plain": "a chip a heart", "eagle_1": "ace 14, king 13, queen 12, knave 11, the rest their spots",
                "eagle_2": "ace 5, king 4, queen 3, knave 2, the rest 1"}


def _print_tables(party, rounds=None) -> dict:
    """Table cards: the head and booby tables (every table in progressive hearts, whose players
    are drawn afresh each round), each card's name and line as data for one template."""
    rules = services.party_options(party)
    if party.progression == Progression.POKER:  # "Cards are hung over the different tables denoting ... the limit"
        cards = party_poker.table_limits(party.tables, party.options)
        return {"tables": [{"number": c.table, "line": c.text[0].upper() + c.text[1:] + (
            ". The bell is here: ring it when a jack-pot is won." if c.table == 1 else "."),
            "name": "Head table" if c.table == 1 else "Booby table" if c.table == party.tables else f"Table {c.table}"}
            for c in cards]}
    if party.progression == Progression.HEARTS:
        hands = rules["hands_per_round"]
        line = (f"Progressive hearts: {hands} hand{'s' if hands != 1 else ''} a round, each player for himself; "
                f"{SCHEME_WORDS[rules['scheme']]}. Report each player's chips lost with the table's PIN.")
        count = party.tables
        return {"tables": [{"number": t, "name": "The final table" if count == 1 else f"Table {t}", "line": line}
                           for t in range(1, count + 1)]}
    bell = (f"The bell is here. Play stops at every table when a side at this table reaches "
            f"{rules.get('game_points', 5)}.")
    numbers = [1, party.tables] if party.tables > 1 else [1]
    return {"tables": [{"number": t, "line": bell if t == 1 else "",
                        "name": "Head table" if t == 1 else "Booby table" if t == party.tables else f"Table {t}"}
                       for t in numbers]}


def _print_chart(party, rounds=None) -> dict:
    if party.progression != Progression.ROTATION or not party.chart_slots:
        raise Http404("This party has no rotation chart (or it is not drawn yet).")
    slot = {str(i + 1): label for i, label in enumerate(party.chart_slots)}
    chart = services.party_chart(party)
    played = {r.number: r for r in PartyRound.objects.filter(party=party)}  # as seated, latecomers and all
    rows = []
    for n, r in enumerate(chart, start=1):
        if n in played:
            rows.append((n, played[n].seating, played[n].byes))
        else:
            rows.append((n, [[[slot[p] for p in side] for side in t] for t in r.tables], [slot[p] for p in r.byes]))
    width = max(len(tables) for _, tables, _ in rows)
    rounds = [{"number": n, "tables": tables, "empty": range(width - len(tables)), "byes": byes}
              for n, tables, byes in rows]
    players = {p for _, tables, byes in rows for t in tables for side in t for p in side} | \
        {p for _, _, byes in rows for p in byes}
    met = {frozenset(side) for _, tables, _ in rows for t in tables for side in t}
    missing = len(players) * (len(players) - 1) // 2 - len(met)
    return {"rounds": rounds, "table_numbers": range(1, width + 1), "missing": missing, "players": len(players)}


def _print_results(party, rounds=None) -> dict:
    standings = selectors_party.party_standings(party=party)
    groups = [(label, [r for r in standings if r.category == value]) for value, label in Category.choices]
    if party.progression == Progression.HEARTS:  # each for himself: one ranking, open prizes
        groups = [("Players", standings)]
    return {"groups": [g for g in groups if g[1]], "prizes": selectors_party.party_prizes(party=party, standings=standings),
            "tie_break": f"{selectors_party.tie_break(party)} {selectors_party.missed_rule(party)}"}


PRINTS = {"tallies": _print_tallies, "tables": _print_tables, "chart": _print_chart, "results": _print_results}
