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
    rounds when the options set none (a query value, checked)."""
    sheet = {"club": party.event.club.name, "title": party.event.name,
             "date_text": party.event.date.strftime("%d %B %Y")}
    context = {"party": party, "sheet": sheet, "stars": party.has_stars, "head": 1, "booby": party.tables}
    context.update(PRINTS[kind](party, rounds=rounds))
    return f"print/tally_{'cards' if kind == 'tallies' else kind}.html", context


def _print_tallies(party, rounds=None) -> dict:
    """Tally cards, one template for every party: the card's facts, columns and first-round
    cells are data (the game's own columns: points and stars; chips lost; the banker's chips)."""
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
    shape = _tally_shape(party)
    columns = ["Round", "Table", *shape["columns"]]
    cards = []
    for player in PartyPlayer.objects.filter(party=party, ghost=False):
        start = where.get(player.label)
        rows = []
        for r in range(1, min(rounds, 40) + 1):
            row = [r, start[0] if r == 1 and start else ""]
            if shape["partner"]:
                row.append(start[1] if r == 1 and start else "")
            rows.append(row + [""] * (len(columns) - len(row)))
        facts = [shape["about"] or player.get_category_display()]
        if player.card:
            facts.append(f"drew the {player.card}")
        if start:
            facts.append(shape["start"](party, *start))
        cards.append({"player": player, "facts": facts + shape["facts"], "rows": rows})
    return {"cards": cards, "columns": columns, "note": shape["note"]}


def _start_at(party, table) -> str:
    where = " (head table)" if table == 1 else " (booby table)" if table == party.tables else ""
    return f"start at table {table}{where}"


def _tally_shape(party) -> dict:
    """What a game's tally card says beside the player and asks each round."""
    if party.progression == Progression.HEARTS:
        return {"about": "progressive hearts, each for himself", "partner": False, "facts": [],
                "start": lambda party, table, partner, others: f"start at table {table} with {', '.join(others)}",
                "columns": ["Chips lost", "Total", "Retired"],
                "note": "Four players retire at each round's close, until four play the final table. "
                        "A minus sign for chips won."}
    if party.progression == Progression.POKER:
        poker = poker_summary(party)
        chips = ", ".join(f"{n} {c}" for c, n in poker["stake_chips"].items())
        return {"about": "", "partner": False, "facts": [f"chips from the banker: {poker['stake']} white ({chips})"],
                "start": lambda party, table, partner, others: _start_at(party, table),
                "columns": ["Won the last pots?", "Borrowed", "Returned", "Chips at the bell"], "note": ""}
    return {"about": "", "partner": True, "facts": [], "note": "",
            "start": lambda party, table, partner, others: (
                f"{_start_at(party, table)}, partner {partner}, against {' & '.join(others)}"),
            "columns": ["Partner", "Points", *(["Star"] if party.has_stars else []), "Total"]}


SCHEME_WORDS = {"plain": "a chip a heart", "eagle_1": "ace 14, king 13, queen 12, knave 11, the rest their spots",
                "eagle_2": "ace 5, king 4, queen 3, knave 2, the rest 1"}


def _print_tables(party, rounds=None) -> dict:
    """Table cards: the head and booby tables (every table in progressive hearts, whose players
    are drawn afresh each round), each card's name and line as data for one template."""
    options = services.party_options(party)
    if party.progression == Progression.POKER:  # "Cards are hung over the different tables denoting ... the limit"
        cards = party_poker.table_limits(party.tables, party.options)
        return {"tables": [{"number": c.table, "line": c.text[0].upper() + c.text[1:] + (
            ". The bell is here: ring it when a jack-pot is won." if c.table == 1 else "."),
            "name": "Head table" if c.table == 1 else "Booby table" if c.table == party.tables else f"Table {c.table}"}
            for c in cards]}
    if party.progression == Progression.HEARTS:
        hands = options["hands_per_round"]
        line = (f"Progressive hearts: {hands} hand{'s' if hands != 1 else ''} a round, each player for himself; "
                f"{SCHEME_WORDS[options['scheme']]}. Report each player's chips lost with the table's PIN.")
        count = party.tables
        return {"tables": [{"number": t, "name": "The final table" if count == 1 else f"Table {t}", "line": line}
                           for t in range(1, count + 1)]}
    bell = (f"The bell is here. Play stops at every table when a side at this table reaches "
            f"{options.get('game_points', 5)}.")
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
    """Results and prizes from the stored standings, one template for every party: each game's
    columns, prize lines and the banker's book (poker) are data."""
    standings = selectors_party.party_standings(party=party)
    groups = [(label, [r for r in standings if r.category == value]) for value, label in Category.choices]
    progression = party.progression
    if progression == Progression.HEARTS:  # each for himself: one ranking, open prizes
        groups = [("", standings)]
    prizes = selectors_party.party_prizes(party=party, standings=standings)
    columns, cells = _result_columns(party)
    book = []
    if progression == Progression.POKER:
        book = [("The banker's book", _book_line(poker_summary(party)["book"]))]
    return {"groups": [{"label": label, "rows": [{"rank": r.rank, "label": r.label, "name": r.name,
                                                   "note": "" if progression == Progression.HEARTS else r.note,
                                                   "cells": cells(r)} for r in rows]}
                       for label, rows in groups if rows],
            "columns": columns, "prizes": [_prize_line(progression, p) for p in prizes], "book": book,
            "tie_break": f"{selectors_party.tie_break(party)} {selectors_party.missed_rule(party)}"}


def _capfirst(text: str) -> str:
    return text[:1].upper() + text[1:]


def _prize_line(progression: str, prize: dict) -> dict:
    if progression == Progression.HEARTS:
        title = f"{_capfirst(prize['prize'])} prize"
    else:
        title = f"{_capfirst(prize['category'])}, {prize['prize']} prize"
    if progression == Progression.POKER:
        title += " (tied: cut for it)" if prize.get("cut") else ""
        return {"title": title, "players": [f"{r.label} {r.name} ({r.points})" for r in prize["players"]]}
    return {"title": title, "players": [f"{r.label} {r.name}" for r in prize["players"]]}


def _result_columns(party):
    """The game's columns after rank, number and name: (title, CSS class) and each row's cells."""
    if party.progression == Progression.HEARTS:
        return ([("Chips lost, round by round", "left"), ("Total", ""), ("Retired", "")],
                lambda r: [(", ".join("–" if line.points is None else str(line.points) for line in r.lines), "left"),
                           (r.points, "num"), (f"after round {r.retired}" if r.retired else "", "")])
    if party.progression == Progression.POKER:
        return [("Chips won", ""), ("Prize", "")], lambda r: [(r.points, "num"), (r.prize, "")]
    if party.has_stars:
        return ([("Points", ""), ("Gold", ""), ("Red", ""), ("Green", "")],
                lambda r: [(r.points, "num"), (r.gold, ""), (r.red, ""), (r.green, "")])
    return [("Points", ""), ("Won", "")], lambda r: [(r.points, "num"), (r.wins, "")]


def _book_line(book: dict) -> str:
    held = f" · in the players' hands {book['held']}" if book["held"] is not None else ""
    balance = "balances: no chips made or lost" if book["balances"] else "DOES NOT BALANCE"
    return (f"Issued {book['issued']} · borrowed {book['borrowed']} · returned {book['returned']} · "
            f"out {book['out']}{held} · {balance}")


PRINTS = {"tallies": _print_tallies, "tables": _print_tables, "chart": _print_chart, "results": _print_results}
