"""How cards, hands, contracts and numbers are written on prints.

Suits print as symbols, hearts and diamonds in red; ranks as A K Q J 10 9 ... 2 (the "10"
spelled out as on a printed hand record). Whist hands list suits spades, hearts, diamonds,
clubs; the turn-up is named in words as well as symbols, "the exact card turned"
(Standard Hoyle, Duplicate Whist).
"""
from __future__ import annotations

from tournaments.deals.boards import Board
from tournaments.deals.cards import SEAT_NAMES, SUITS, Card

SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "NT": "NT", "N": "NT"}
RED = {"H", "D"}
RANK_WORDS = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "ten", "9": "nine", "8": "eight",
              "7": "seven", "6": "six", "5": "five", "4": "four", "3": "three", "2": "two"}
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
VUL_TEXT = {"None": "None vulnerable", "NS": "N-S vulnerable", "EW": "E-W vulnerable", "All": "All vulnerable"}
DD_STRAINS = ("NT", "S", "H", "D", "C")


def rank_text(rank: str) -> str:
    return "10" if rank == "T" else rank


def suit_row(board: Board, seat: str, suit: str) -> dict:
    """One suit of one hand: symbol, colour and ranks ("—" for a void)."""
    ranks = board.deal.holding(seat, suit)
    return {"suit": suit, "symbol": SYMBOLS[suit], "red": suit in RED,
            "cards": " ".join(rank_text(r) for r in ranks) or "—", "count": len(ranks)}


def hand_rows(board: Board, seat: str) -> list[dict]:
    return [suit_row(board, seat, s) for s in SUITS]


def card_text(card: Card) -> str:
    """"2♠" style."""
    return f"{rank_text(card.rank)}{SYMBOLS[card.suit]}"


def card_words(card: Card) -> str:
    """"two of spades"."""
    return f"{RANK_WORDS[card.rank]} of {SUIT_WORDS[card.suit]}"


def seat_name(seat: str) -> str:
    return SEAT_NAMES.get(seat, seat)


def vulnerability_text(board: Board) -> str:
    return VUL_TEXT.get(board.vulnerability or "", "")


def strain_cell(strain: str) -> dict:
    return {"symbol": SYMBOLS.get(strain, strain), "red": strain in RED}


def contract_parts(contract: str) -> dict:
    """"4HX" -> level 4, symbol ♥ (red), doubled "X"; "PASS" -> passed out."""
    text = (contract or "").strip().upper()
    if not text:
        return {"text": "", "level": "", "symbol": "", "red": False, "doubled": "", "passed": False}
    if text in ("P", "PASS", "AP"):
        return {"text": "Pass", "level": "", "symbol": "", "red": False, "doubled": "", "passed": True}
    level, rest = text[:1], text[1:]
    doubled = ""
    while rest.endswith("X"):
        doubled, rest = doubled + "X", rest[:-1]
    strain = "NT" if rest in ("N", "NT") else rest
    return {"text": text, "level": level, "symbol": SYMBOLS.get(strain, strain), "red": strain in RED,
            "doubled": doubled, "passed": False}


def number(value, places: int = 2) -> str:
    """Scores as printed: whole numbers bare, fractions to two places, None blank."""
    if value is None:
        return ""
    value = float(value)
    if value == int(value):
        return str(int(value))
    return f"{value:.{places}f}".rstrip("0").rstrip(".")


def signed(value) -> str:
    if value is None:
        return ""
    text = number(value)
    return f"+{text}" if float(value) > 0 else text
