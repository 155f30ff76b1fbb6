"""The ``movement`` command's work, as pure functions returning (exit code, text).

``python manage.py movement KIND [--tables N | --pairs P | --players P] [--boards-per-round B]
[--rounds R] [--format text|json|csv]``. Exit code 0 with the movement on success; 2 with the
reason (and what to use instead) for an impossible request.
"""

from __future__ import annotations

import argparse

from .guide import wall_guide
from .registry import KINDS, MovementRequestError, generate
from .validate import MovementError

FORMATS = ("text", "json", "csv")
USAGE_ERROR = 2


class _ArgumentError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse would print and exit; we report instead
        raise _ArgumentError(message)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The command's arguments (shared by the Django command and ``main``)."""
    parser.add_argument("kind", help=f"one of {', '.join(KINDS)}")
    size = parser.add_mutually_exclusive_group()
    size.add_argument("--tables", type=int)
    size.add_argument("--pairs", type=int)
    size.add_argument("--players", type=int)
    parser.add_argument("--boards-per-round", dest="boards_per_round", type=int)
    parser.add_argument("--rounds", type=int)
    parser.add_argument("--format", dest="fmt", choices=FORMATS, default="text")


def movement_command(kind: str, *, tables: int | None = None, pairs: int | None = None,
                     players: int | None = None, boards_per_round: int | None = None,
                     rounds: int | None = None, fmt: str = "text") -> tuple[int, str]:
    """Generate, validate and render a movement; (2, why) when the request is impossible."""
    if fmt not in FORMATS:
        return USAGE_ERROR, f"unknown format {fmt!r}; choose text, json or csv"
    if boards_per_round is not None and boards_per_round < 1:
        return USAGE_ERROR, "--boards-per-round must be at least 1"
    if rounds is not None and rounds < 1:
        return USAGE_ERROR, "--rounds must be at least 1"
    try:
        movement = generate(kind, tables=tables, pairs=pairs, players=players,
                            boards_per_round=boards_per_round, rounds=rounds)
    except (MovementRequestError, MovementError) as exc:
        return USAGE_ERROR, f"movement: {exc}"
    if fmt == "json":
        return 0, movement.to_json(indent=2) + "\n"
    if fmt == "csv":
        return 0, movement.to_csv()
    return 0, wall_guide(movement)


def main(argv: list[str]) -> tuple[int, str]:
    """Parse ``argv`` (without the program name) and run the command."""
    parser = _Parser(prog="movement", add_help=False)
    add_arguments(parser)
    try:
        args = parser.parse_args(argv)
    except _ArgumentError as exc:
        return USAGE_ERROR, f"movement: {exc}"
    return movement_command(args.kind, tables=args.tables, pairs=args.pairs,
                            players=args.players, boards_per_round=args.boards_per_round,
                            rounds=args.rounds, fmt=args.fmt)
