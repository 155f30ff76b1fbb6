"""``{{ "7H"|card }}``: a called card as rank and suit symbol ("7♥"), red suits marked red."""
from django import template
from django.utils.html import format_html

register = template.Library()

SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


@register.filter
def card(code):
    if not code or len(str(code)) != 2:
        return ""
    rank, suit = str(code)[0], str(code)[1]
    return format_html('<span class="pcard {}">{}{}</span>', "red" if suit in "HD" else "black",
                       "10" if rank == "T" else rank, SYMBOLS.get(suit, suit))
