"""Reads for progressive poker: a round's tables with the bell, the tables' limit cards, the
banker's book and whether it balances (``scoring.engine.poker``)."""
from __future__ import annotations

from scoring.engine import poker as bank
from tournaments.models.party import Party, PartyPlayer, PartyTableReport, PartyRound
from tournaments.models.poker import PokerLedger
from tournaments.movements import party_poker


def poker_round(party: Party, round_: PartyRound, results: dict) -> dict:
    """``{"round", "closed", "jackpot", "bell_at", "tables": [{"table", "players", "limit",
    "result": {"chips": {label: n}, "pots": [...], "cut"}}]}``."""
    cards = party_poker.table_limits(len(round_.seating), party.options)
    before = PartyRound.objects.filter(party=party, number=round_.number - 1).values_list("seating", flat=True).first()
    ladies = set(PartyPlayer.objects.filter(party=party, category="lady").values_list("label", flat=True))
    deals = party_poker.first_deal(before, round_.seating, ladies,
                                   f"{party.event.deal_seed or party.event.pk}:round{round_.number}")
    tables = []
    for t, sides in enumerate(round_.seating, start=1):
        r = results.get(t)
        tables.append({"table": t, "players": sides[0], "sides": sides, "limit": cards[t - 1].text,
                       "limit_chips": cards[t - 1].chips,
                       "deal": {"age": deals[t - 1].age, "dealer": deals[t - 1].dealer, "how": deals[t - 1].how},
                       "result": None if r is None else {"chips": dict(zip(sides[0], r.points)), "pots": r.tricks,
                                                         "cut": r.cut}})
    return {"round": round_.number, "closed": round_.closed, "jackpot": round_.jackpot or None,
            "bell_at": round_.bell_at.isoformat() if round_.bell_at else None, "tables": tables, "byes": []}


def poker_book(party: Party) -> dict:
    """The banker's book: each player's issued, borrowed and returned chips, what the bank has
    out, and the chips in hand after the last counts."""
    from tournaments.services.party.poker import chips_held  # a read of rows, no write

    entries = list(PokerLedger.objects.filter(party=party).select_related("player").order_by("id"))
    books = bank.accounts(bank.Entry(e.player.label, e.kind, e.chips, e.round) for e in entries)
    names = dict(PartyPlayer.objects.filter(party=party, ghost=False).values_list("label", "name"))
    held = chips_held(party, party.current_round + 1) if party.current_round else {}
    rows = [{"player": label, "name": names.get(label, ""), "issued": a.issued, "borrowed": a.borrowed,
             "returned": a.returned, "out": a.out, "held": held.get(label)}
            for label, a in sorted(books.items(), key=lambda kv: (len(kv[0]), kv[0]))]
    out = sum(a.out for a in books.values())
    return {"players": rows, "issued": sum(a.issued for a in books.values()),
            "borrowed": sum(a.borrowed for a in books.values()), "returned": sum(a.returned for a in books.values()),
            "out": out, "held": sum(v for v in held.values()) if held else None,
            "balances": not held or sum(held.values()) == out,
            "entries": [{"player": e.player.label, "kind": e.kind, "chips": e.chips, "round": e.round,
                         "note": e.note} for e in entries if e.kind != "issued"]}


def poker_summary(party: Party) -> dict:
    options = party_poker.merged(party.options)
    round_ = PartyRound.objects.filter(party=party, closed=False).order_by("-number").first()
    reported = sorted(PartyTableReport.objects.filter(round=round_).values_list("table", flat=True)) if round_ else []
    return {"stake": party_poker.stake(party.options), "stake_chips": options["stake"], "colours": options["colours"],
            "limits": [vars(card) for card in party_poker.table_limits(party.tables, party.options)] if party.tables
            else [],
            "round": round_.number if round_ else None, "jackpot": (round_.jackpot or None) if round_ else None,
            "bell": bool(round_ and round_.jackpot), "reported": reported, "book": poker_book(party)}
