"""Writes for progressive poker (Standard Hoyle, Progressive Poker): the banker's book (chips
issued, borrowed, returned), the bell when the head table's jack-pot is won, a table's report
(the last two pots and each player's chip count) and the change of tables at the close.

The rules are pure (``tournaments.movements.party_poker``, ``scoring.engine.poker``); this
module reads the rows, calls them and writes the result. Errors are a ``ValidationError``
naming the field (400) or a ``PartyConflict`` (409), raised before anything is written.
"""
from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from scoring.engine import poker as bank
from tournaments.models import EventStatus
from tournaments.models.party import Party, PartyPlayer, PartyTableReport, PartyRound, PlayerStatus, Progression
from tournaments.models.poker import LedgerKind, PokerLedger
from tournaments.movements import party_poker
from tournaments.services.party.common import PartyConflict, party_locked, round_open_locked
from tournaments.services.party.standings import party_standings_write, table_report_write


def _poker(party: Party) -> Party:
    party = party_locked(party)
    if party.progression != Progression.POKER:
        raise ValidationError({"party": ["this is not a progressive poker party"]})
    return party


def _refused(exc: party_poker.PokerRuleError | bank.LedgerError) -> ValidationError:
    return ValidationError({exc.field: [str(exc)]})


def table_players(round_: PartyRound, table: int) -> list[str]:
    return list(round_.seating[table - 1][0])


def chips_held(party: Party, round_number: int) -> dict[str, int]:
    """Each player's chips before the count of ``round_number``: the last count before it, and
    the banker's entries since (issued and borrowed in, returned out)."""
    counted: dict[str, tuple[int, int]] = {}
    for result in PartyTableReport.objects.filter(round__party=party, round__number__lt=round_number
                                             ).select_related("round").order_by("round__number"):
        for label, count in zip(table_players(result.round, result.table), result.points):
            counted[label] = (result.round.number, count)
    held = {label: count for label, (_, count) in counted.items()}
    for entry in PokerLedger.objects.filter(party=party, round__lte=round_number).select_related("player"):
        label = entry.player.label
        if entry.round <= counted.get(label, (-1, 0))[0]:
            continue
        sign = -1 if entry.kind == LedgerKind.RETURNED else 1
        held[label] = held.get(label, 0) + sign * entry.chips
    return held


def stake_issue(*, party: Party, labels, round_number: int, user=None) -> None:
    """The banker gives each of ``labels`` the party's stake, once ("the banker gives to each
    player the same number of chips")."""
    chips = party_poker.stake(party.options)
    have = set(PokerLedger.objects.filter(party=party, kind=LedgerKind.ISSUED).values_list("player__label", flat=True))
    players = PartyPlayer.objects.filter(party=party, ghost=False, label__in=list(labels)).exclude(label__in=have)
    PokerLedger.objects.bulk_create([PokerLedger(party=party, player=p, kind=LedgerKind.ISSUED, chips=chips,
                                                 round=round_number, by=user) for p in players])


@transaction.atomic
def poker_ledger_add(*, party: Party, player: str, kind: str, chips, note: str = "", user=None) -> PokerLedger:
    """The banker lends a player chips (``borrowed``, charged at the end) or takes chips back
    (``returned``: a loan paid back, or the banker borrowing from a player, credited). Not at
    the head table (table stakes); not after a table has counted its chips this round."""
    party = _poker(party)
    if party.event.status != EventStatus.PLAYING or not party.current_round:
        raise PartyConflict("the banker's book is kept while the party is in play")
    if kind not in (LedgerKind.BORROWED, LedgerKind.RETURNED):
        raise ValidationError({"kind": ["kind is borrowed or returned (the banker issues the stake himself)"]})
    seated = PartyPlayer.objects.filter(party=party, label=str(player), ghost=False).first()
    if seated is None:
        raise ValidationError({"player": [f"no player {player} in this party"]})
    round_ = PartyRound.objects.get(party=party, number=party.current_round)
    table = next((t for t, players in enumerate(round_.seating, start=1) if seated.label in players[0]), None)
    if table is None:
        raise ValidationError({"player": [f"player {seated.label} is not seated in round {round_.number}"]})
    if PartyTableReport.objects.filter(round=round_, table=table).exists():
        raise PartyConflict(f"table {table} has counted its chips for round {round_.number}: enter this in the "
                            "next round")
    held = chips_held(party, round_.number).get(seated.label, 0)
    try:
        bank.entry_check(bank.Entry(seated.label, str(kind), chips, round_.number), held, at_head_table=table == 1)
    except bank.LedgerError as exc:
        raise _refused(exc) from None
    entry = PokerLedger.objects.create(party=party, player=seated, kind=kind, chips=chips, round=round_.number,
                                       note=str(note)[:200], by=user)
    party_standings_write(party=party)
    return entry


@transaction.atomic
def poker_bell(*, party: Party, round_number, jackpot, user=None, correct: bool = False) -> PartyRound:
    """"When a jack-pot is won at the first table the bell is rung and play ceases, except at
    those tables where there is an unfinished hand, which is played out": the director records
    who won the jack-pot; every table's phone shows the bell and asks for the count."""
    party = _poker(party)
    round_ = round_open_locked(party, round_number)
    if round_.jackpot and not correct:
        raise PartyConflict(f"the bell has rung for round {round_.number} (jack-pot won by {round_.jackpot})")
    head = table_players(round_, 1)
    if str(jackpot) not in head:
        raise ValidationError({"jackpot": [f"the jack-pot is won at the head table: one of {', '.join(head)}"]})
    round_.jackpot, round_.bell_at = str(jackpot), round_.bell_at or timezone.now()
    round_.save(update_fields=["jackpot", "bell_at"])
    party_standings_write(party=party)
    return round_


def _counts(chips, colours) -> dict:
    """``{label: 325}`` or ``{label: {"blue": 10, "red": 10, "white": 25}}``, in white chips."""
    if not isinstance(chips, dict):
        raise ValidationError({"chips": ['give each player\'s chips, e.g. {"3": 325} or {"3": {"blue": 10, '
                                         '"red": 10, "white": 25}}']})
    out = {}
    for label, count in chips.items():
        if isinstance(count, dict):
            if any(c not in colours or isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 100000
                   for c, n in count.items()):
                raise ValidationError({"chips": [f"player {label}: chips by colour are {{colour: count}} with "
                                                 f"colours {', '.join(colours)}"]})
            count = party_poker.chips_value(count, colours)
        out[str(label)] = count
    return out


@transaction.atomic
def poker_report(*, party: Party, round_number, table, chips, pots=None, cut=None, entered_by: str = "",
                 correct: bool = False) -> PartyTableReport:
    """A table's report after the bell: who won the last two pots (oldest first; the head table
    needs none, its jack-pot is the bell), each player's chip count, and the cut if the players
    cut by hand (``{label: 1..13}``; else the cut is drawn from the seed at the close)."""
    party = _poker(party)
    round_ = round_open_locked(party, round_number)
    if isinstance(table, bool) or not isinstance(table, int) or not 1 <= table <= len(round_.seating):
        raise ValidationError({"table": [f"round {round_.number} has tables 1 to {len(round_.seating)}"]})
    if not round_.jackpot:
        raise PartyConflict("the bell has not rung: play goes on until a jack-pot is won at the head table")
    existing = PartyTableReport.objects.filter(round=round_, table=table).first()
    if existing and not correct:
        raise PartyConflict(f"table {table} has already reported round {round_.number}")
    players = table_players(round_, table)
    pots = list(pots or [])
    if table > 1 and (not 1 <= len(pots) <= 2 or any(str(p) not in players for p in pots)):
        raise ValidationError({"pots": [f"table {table}: who won the last two pots, oldest first, players of the "
                                        f"table ({', '.join(players)})"]})
    options = party_poker.merged(party.options)
    try:
        counts = party_poker.table_total(players, chips_held(party, round_.number),
                                         _counts(chips, {**party_poker.CHIP_COLOURS, **options["colours"]}), table)
        cut = party_poker.check_cut(cut, players, f"table {table}")
    except party_poker.PokerRuleError as exc:
        raise _refused(exc) from None
    values = {"points": [counts[p] for p in players], "tricks": [str(p) for p in pots] if table > 1 else [],
              "cut": cut, "winner": None, "entered_by": str(entered_by)[:160]}
    return table_report_write(party=party, round_=round_, table=table, existing=existing, values=values)


def poker_change(party: Party, round_: PartyRound, results: dict) -> tuple:
    """The change of tables at the close (``party_poker.progress``), latecomers seated at the
    booby table (``seat_latecomers``): the next seating and the latecomers seated."""
    if not round_.jackpot:
        raise PartyConflict("the bell has not rung: record the head table's jack-pot first")
    reports = {t: party_poker.TableReport(pots=tuple(r.tricks or ()), cut=r.cut) for t, r in results.items()}
    seed = f"{party.event.deal_seed or party.event.pk}:round{round_.number}"
    try:
        change = party_poker.progress(round_.seating, round_.jackpot, reports, seed, party.options)
    except party_poker.PokerRuleError as exc:
        raise _refused(exc) from None
    waiting = list(PartyPlayer.objects.filter(party=party, ghost=False, status=PlayerStatus.WAITING)
                   .order_by("id").values_list("label", flat=True))
    return party_poker.seat_latecomers(change.seating, waiting, seed, party.options), waiting
