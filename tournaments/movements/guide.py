"""The wall guide: a round-by-table grid of who plays whom on which boards, and where everyone
(and every board) goes next. Plain text, for the director to print and pin up."""

from __future__ import annotations

from .model import Movement, TablePlay, label_key


def board_range(boards: tuple[int, ...]) -> str:
    """"1-3", or "1-2,9-10" for split sets."""
    runs: list[list[int]] = []
    for b in boards:
        if runs and b == runs[-1][1] + 1:
            runs[-1][1] = b
        else:
            runs.append([b, b])
    return ",".join(f"{a}-{b}" if a != b else f"{a}" for a, b in runs)


def _cell(tp: TablePlay) -> str:
    seats = "-".join(tp.entrants) if not tp.is_individual else " ".join(tp.entrants)
    return f"{seats} b{board_range(tp.boards)}"


def _position(movement: Movement, round_index: int) -> dict[str, str]:
    """Where each entrant sits in a round: "T3 NS", "T2 E", or "out"."""
    plan = movement.rounds_detail[round_index]
    where = {who: "sits out" for who in plan.sit_out}
    for tp in plan.tables:
        names = ("N", "S", "E", "W") if tp.is_individual else ("NS", "EW")
        for seat, who in zip(names, tp.entrants):
            where[who] = f"T{tp.table} {seat}"
    return where


def wall_guide(movement: Movement) -> str:
    """The printable guide table for the whole movement."""
    winners = "one winner" if movement.winners == 1 else "two winners (N-S and E-W)"
    lines = [
        f"{movement.kind.upper()}: {movement.tables} tables, {movement.rounds} rounds x "
        f"{movement.boards_per_round} boards = {movement.boards} boards, {winners}",
    ]
    if movement.shared:
        lines.append("Boards are shared/relayed between tables where two tables list the same "
                     "boards.")
    if movement.note:
        lines.append(f"Note: {movement.note}")
    header = "Rnd | " + " | ".join(f"Table {t}" for t in range(1, movement.tables + 1))
    rows = []
    for plan in movement.rounds_detail:
        cells = [(_cell(tp) if (tp := plan.table(t)) else "-")
                 for t in range(1, movement.tables + 1)]
        out = f"   (out: {', '.join(plan.sit_out)})" if plan.sit_out else ""
        rows.append([str(plan.round), *cells, out])
    widths = [max(len(r[i]) for r in rows + [["Rnd", *[f"Table {t}" for t in
              range(1, movement.tables + 1)], ""]]) for i in range(movement.tables + 1)]
    lines.append("")
    lines.append(" | ".join(h.ljust(w) for h, w in
                            zip(["Rnd", *[f"Table {t}" for t in range(1, movement.tables + 1)]],
                                widths)).rstrip())
    lines.append("-+-".join("-" * w for w in widths))
    for row in rows:
        lines.append((" | ".join(c.ljust(w) for c, w in zip(row[:-1], widths)) + row[-1])
                     .rstrip())
    del header
    lines.append("")
    lines.append("Moves after each round:")
    for i in range(movement.rounds - 1):
        now, nxt = _position(movement, i), _position(movement, i + 1)
        moves = [f"{who}->{nxt.get(who, 'done')}" for who in sorted(now, key=label_key)
                 if now[who] != nxt.get(who)]
        boards = []
        following = movement.rounds_detail[i + 1]
        for tp in movement.rounds_detail[i].tables:
            dest = [t.table for t in following.tables if set(tp.boards) & set(t.boards)]
            if dest != [tp.table]:
                places = ",".join(f"T{d}" for d in dest) or "relay/bye stand"
                boards.append(f"b{board_range(tp.boards)}->{places}")
        lines.append(f"  after round {i + 1}: " + ("; ".join(moves) or "nobody moves"))
        if boards:
            lines.append(f"    boards: {'; '.join(boards)}")
    return "\n".join(lines) + "\n"
