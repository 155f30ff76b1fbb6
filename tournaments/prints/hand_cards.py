"""Whist tray hand cards: one card per seat per board, the thirteen cards by suit.

Standard Hoyle, Duplicate Whist: the hands are marked down on blank cards, one per player;
"At the bottom of the card is written 'Dealer' on the card of the person who deals, and the
trump is designated not only as to suit, but the exact card turned." Bridge boards print the
same cards with the vulnerability in place of the turn-up.
"""
from __future__ import annotations

from tournaments.deals.cards import SEATS

from .notation import card_text, card_words, hand_rows, seat_name, vulnerability_text
from .sheet import EventSheet

TEMPLATE = "print/hand_cards.html"


def hand_card(board, seat: str) -> dict:
    turn_up = board.turn_up
    return {
        "seat": seat, "seat_name": seat_name(seat), "board": board.number,
        "suits": hand_rows(board, seat), "dealer": board.dealer == seat,
        "dealer_name": seat_name(board.dealer),
        "turn_up": card_text(turn_up) if turn_up else "",
        "turn_up_red": bool(turn_up and turn_up.suit in "HD"),
        "turn_up_words": card_words(turn_up) if turn_up else "",
        "vulnerability": vulnerability_text(board),
    }


def build(sheet: EventSheet, *, board: int | None = None) -> dict:
    boards = [b for b in sheet.boards if board is None or b.number == board]
    pages = [{"board": b.number, "cards": [hand_card(b, s) for s in SEATS]} for b in boards]
    return {"sheet": sheet, "pages": pages}
