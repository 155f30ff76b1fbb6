"""Progressive poker's standings, computed from the rows for ``standings.party_standings_write``:
each player's chip count after every round (the table's report), what the banker put in his
hands, his result (chips won, borrowed chips charged: ``scoring.engine.poker``) and the prizes
by category (ladies, gentlemen)."""
from __future__ import annotations

from scoring.engine import poker as bank
from tournaments.models.party import Party, PartyPlayer, PartyTableReport, PartyRound
from tournaments.models.poker import LedgerKind, PokerLedger
from tournaments.movements import party_poker
from tournaments.selectors_party import PlayerTally, TallyLine


def poker_compute(party: Party) -> list[PlayerTally]:
    players = {p.label: p for p in PartyPlayer.objects.filter(party=party, ghost=False)}
    rounds = list(PartyRound.objects.filter(party=party).order_by("number"))
    results = {(r.round_id, r.table): r for r in PartyTableReport.objects.filter(round__party=party)}
    entries = list(PokerLedger.objects.filter(party=party).select_related("player").order_by("id"))
    rows = {label: PlayerTally(rank=0, label=label, name=p.name, category=p.category, points=0, status=p.status,
                            note="late: waits for the booby table" if p.status == "waiting" else "")
            for label, p in players.items()}
    held, counted_in = {}, {}
    for round_ in rounds:
        sizes = len(round_.seating)
        for t, table in enumerate(round_.seating, start=1):
            result = results.get((round_.pk, t))
            for i, label in enumerate(table[0]):
                if label not in rows:
                    continue
                count = None if result is None else result.points[i]
                notes = []
                if round_.jackpot == label:
                    notes.append("won the jack-pot")
                if result is not None and label in (result.tricks or []):
                    notes.append("won one of the last two pots")
                if count is not None:
                    held[label], counted_in[label] = count, round_.number
                where = "head table" if t == 1 else "booby table" if t == sizes else ""
                rows[label].lines.append(TallyLine(round=round_.number, table=t, partner="",
                                                   opponents=tuple(p for p in table[0] if p != label),
                                                   points=count, stars=(), total=count or 0,
                                                   note="; ".join(filter(None, [where] + notes))))
    for entry in entries:  # what reached a player's hands after his last count
        label = entry.player.label
        if entry.round > counted_in.get(label, -1):
            held[label] = held.get(label, 0) + (-entry.chips if entry.kind == LedgerKind.RETURNED else entry.chips)
    books = bank.accounts(bank.Entry(e.player.label, e.kind, e.chips, e.round) for e in entries)
    for label, row in rows.items():
        account = books.get(label, bank.Account(label))
        row.points = held.get(label, 0) - account.out
        if account.borrowed or account.returned:
            row.note = "; ".join(filter(None, [row.note, f"borrowed {account.borrowed}, returned {account.returned}"]))
    ranked = bank.ranking(bank.Result(label, row.category, row.points) for label, row in rows.items())
    for rank, result in ranked:
        rows[result.label].rank = rank
    ties = party_poker.merged(party.options)["ties"]
    if results:  # prizes once chips have been counted
        for prize in bank.prizes(ranked, ties=ties):
            for result in prize["players"]:
                rows[result.label].prize = prize["prize"]
    return [rows[result.label] for _, result in ranked]
