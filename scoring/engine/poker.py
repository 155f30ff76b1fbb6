"""Progressive poker's banker and prizes (Standard Hoyle, Progressive Poker), purely.

The banker's ledger: chips issued (the same to every player), borrowed ("if a player lose all
his chips, he can borrow from the banker, who, when the game is ended, charges these chips
against the borrower") and returned (a loan paid back, or chips the banker borrows: "If the
banker runs short he can borrow from any player, crediting that player"). Chips are only
counters, so the chips in the players' hands are always the bank's out minus its in; a player's
result is what he holds less what he was issued and borrowed, plus what he returned.

Prizes: "The women who have won the highest and the next highest number of chips must receive
the first and second prizes for women; the same rule holding with regard to the men. Booby
prizes go to the man and the woman who lost the greatest number of chips."
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

ISSUED, BORROWED, RETURNED = "issued", "borrowed", "returned"
KINDS = (ISSUED, BORROWED, RETURNED)
CATEGORIES = ("lady", "gentleman", "open")


class LedgerError(ValueError):
    """A ledger that does not balance, with the input ``field`` and the player it names."""

    def __init__(self, field: str, message: str, player: str | None = None):
        self.field, self.player = field, player
        super().__init__(message)


@dataclass(frozen=True)
class Entry:
    """One line of the banker's book: ``chips`` (white chips, positive) of ``kind`` to or from
    ``player``, in ``round``."""

    player: str
    kind: str
    chips: int
    round: int = 0


@dataclass(frozen=True)
class Account:
    player: str
    issued: int = 0
    borrowed: int = 0
    returned: int = 0

    @property
    def out(self) -> int:
        """The chips the bank has put in this player's hands, net."""
        return self.issued + self.borrowed - self.returned


def accounts(entries: Iterable[Entry]) -> dict[str, Account]:
    """Each player's issued, borrowed and returned chips."""
    totals: dict[str, dict[str, int]] = {}
    for e in entries:
        if e.kind not in KINDS:
            raise LedgerError("kind", f"a ledger entry is {', '.join(KINDS)}, not {e.kind!r}", e.player)
        if isinstance(e.chips, bool) or not isinstance(e.chips, int) or e.chips < 1:
            raise LedgerError("chips", f"player {e.player}: a ledger entry is a whole number of chips, 1 or more",
                              e.player)
        row = totals.setdefault(e.player, dict.fromkeys(KINDS, 0))
        row[e.kind] += e.chips
    return {p: Account(p, **row) for p, row in totals.items()}


def entry_check(entry: Entry, held: int, *, at_head_table: bool) -> None:
    """A new entry against what the player holds now: no borrowing at the head table ("A player
    at the head table cannot borrow from another player nor from the banker"), and nobody
    returns more chips than he holds."""
    accounts([entry])
    if entry.kind == BORROWED and at_head_table:
        raise LedgerError("player", f"player {entry.player} sits at the head table: table stakes are played there "
                                    "and a player cannot borrow (Standard Hoyle)", entry.player)
    if entry.kind == RETURNED and entry.chips > held:
        raise LedgerError("chips", f"player {entry.player} holds {held} chips and cannot return {entry.chips}",
                          entry.player)


def balance(entries: Iterable[Entry], held: Mapping[str, int]) -> dict[str, int]:
    """Check that the chips in hand are exactly what the bank put out (issued + borrowed -
    returned), player by player; return each player's result (chips won, minus: lost).
    Raises ``LedgerError`` naming the first player whose chips do not balance."""
    books = accounts(entries)
    for player in sorted(set(books) | set(held), key=_label_key):
        account = books.get(player, Account(player))
        if player not in held:
            raise LedgerError("chips", f"player {player} has {account.out} chips from the bank but no count", player)
    total_out = sum(a.out for a in books.values())
    total_held = sum(held.values())
    if total_out != total_held:
        raise LedgerError("chips", f"the bank has put out {total_out} chips but the players hold {total_held}: "
                                   "chips are neither made nor lost", None)
    return {p: held[p] - books.get(p, Account(p)).out for p in held}


def _label_key(label: str) -> tuple:
    return (0, int(label), "") if label.isdigit() else (1, 0, label)


@dataclass(frozen=True)
class Result:
    label: str
    category: str
    won: int  # chips won (minus: lost), borrowed chips charged


def ranking(results: Iterable[Result]) -> list[tuple[int, Result]]:
    """``(rank, result)`` per category (ladies, gentlemen, open), most chips won first; ties
    share a rank."""
    order = {c: i for i, c in enumerate(CATEGORIES)}
    rows = sorted(results, key=lambda r: (order.get(r.category, len(order)), -r.won, _label_key(r.label)))
    ranked: list[tuple[int, Result]] = []
    for row in rows:
        before = ranked[-1] if ranked and ranked[-1][1].category == row.category else None
        place = 1 if before is None else sum(1 for _, r in ranked if r.category == row.category) + 1
        ranked.append((before[0] if before and before[1].won == row.won else place, row))
    return ranked


def prizes(ranked: Sequence[tuple[int, Result]], ties: str = "share") -> list[dict]:
    """Per category: first and second prizes to the most chips won, the booby prize to the
    most chips lost (a player takes one prize; nobody who lost nothing is a booby). Ties, where
    the book is silent: ``share`` (every tied player takes the prize; a first prize shared
    leaves the second to the next place down) or ``cut`` (the same players, listed with
    ``cut: True`` for the director to cut for the prize, as Progressive Euchre settles ties)."""
    out = []
    for category in CATEGORIES:
        group = [(rank, r) for rank, r in ranked if r.category == category]
        if not group:
            continue
        taken: set[str] = set()
        for name, place in (("first", 1), ("second", 2)):
            winners = [r for rank, r in group if rank == place and r.label not in taken]
            if name == "second" and not winners:  # first was shared: second goes to the next place
                nxt = min((rank for rank, r in group if rank > 1), default=None)
                winners = [r for rank, r in group if rank == nxt]
            if winners:
                out.append({"category": category, "prize": name, "players": winners,
                            "cut": ties == "cut" and len(winners) > 1})
                taken |= {r.label for r in winners}
        rest = [r for _, r in group if r.label not in taken and r.won < 0]
        if rest:
            worst = min(r.won for r in rest)
            losers = [r for r in rest if r.won == worst]
            out.append({"category": category, "prize": "booby", "players": losers,
                        "cut": ties == "cut" and len(losers) > 1})
    return out

