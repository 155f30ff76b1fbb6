"""Rule sets as data: one frozen ``GameRules`` value per game variant, with named presets.

A club picks a preset (the books' rules or modern ones) or builds its own value; the
scoring functions read every number they need from it and hard-code none.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

CONTRACT = "contract"
BRIDGE_WHIST = "bridge_whist"
AUCTION = "auction"
WHIST = "whist"
DUPLICATE_WHIST = "duplicate_whist"
EUCHRE = "euchre"
GAMES = (CONTRACT, BRIDGE_WHIST, AUCTION, WHIST, DUPLICATE_WHIST, EUCHRE)


@dataclass(frozen=True)
class GameRules:
    """Every configurable number of every game; fields irrelevant to ``game`` are ignored."""

    game: str
    name: str = ""
    # Bridge whist (1904) and auction (1908): trick values per odd trick ("Laws of Bridge", Law 4).
    trick_values: tuple[tuple[str, int], ...] = (("S", 2), ("C", 4), ("D", 6), ("H", 8), ("N", 12))
    game_points: int = 30
    honours: bool = True
    chicane: bool = True
    little_slam: int = 20
    grand_slam: int = 40
    no_trump_aces: tuple[int, int, int] = (30, 40, 100)  # 3 aces, 4 aces divided, 4 in one hand
    doubling_limit_per_trick: int | None = 100  # Laws of Bridge, Law 58 ("limit of 100 points")
    max_doublings: int | None = None  # auction: "re-doubled once, but not more" (Law 56) -> 2
    max_multiplier: int | None = None  # Standard Hoyle: "in some clubs" limited to eight times
    rubber_bonus: int = 100
    # Per-deal duplicate totals of the old games: premiums standing in for rubber parts.
    duplicate_game_bonus: int = 0
    duplicate_partscore_bonus: int = 0
    # Auction (Portland & Bath Clubs, 1908).
    undertrick_penalty: int = 50
    doubled_made_bonus: int = 50
    one_spade_cap: int | None = 100
    one_spade_cap_when_redoubled: bool = True
    revoke_points: int = 150
    # Whist.
    whist_game: int = 5
    whist_honours: tuple[int, int] = (2, 4)  # three honours, four honours (Law 48)
    whist_honours_barred_at: int | None = 4  # Law 49: "at the score of four, cannot score honours"
    game_value_by_loser_score: tuple[int, ...] | None = (3, 2, 2, 1, 1)  # Law 53
    whist_rubber_points: int = 2
    whist_revoke_tricks: int = 3
    revoking_side_cap: int | None = 4  # Law 86 (whist) / 28 toward game (bridge Law 90 V)
    # Duplicate whist raw score.
    count_odd_tricks: bool = False
    # Euchre.
    euchre_point: int = 1
    euchre_march: int = 2
    euchre_lone_point: int = 1
    euchre_lone_march: int = 4
    euchre_euchred: int = 2
    euchre_lone_euchred: int = 2
    euchre_revoke: int = 2
    euchre_revoke_against_lone: int = 4
    euchre_game: int = 5

    def __post_init__(self) -> None:
        if self.game not in GAMES:
            raise ValueError(f"unknown game {self.game!r}; expected one of {', '.join(GAMES)}")

    def trick_value(self, strain: str) -> int:
        return dict(self.trick_values)[strain]

    def with_changes(self, **changes) -> "GameRules":
        return replace(self, **changes)


CONTRACT_BRIDGE = GameRules(CONTRACT, name="Duplicate contract bridge (Laws 2017, Law 77)")
BRIDGE_1904 = GameRules(BRIDGE_WHIST, name="Bridge (Laws of Bridge 1904, Hoyle's Games Modernized)")
BRIDGE_1912_CLUB_LIMIT = replace(
    BRIDGE_1904,
    name="Bridge, doubling limited to eight times (Standard Hoyle: 'in some clubs')",
    doubling_limit_per_trick=None,
    max_multiplier=8,
)
AUCTION_1908 = GameRules(
    AUCTION,
    name="Auction bridge (Portland and Bath Clubs 1908, Hoyle's Games Modernized)",
    max_doublings=2,
    rubber_bonus=250,
    doubling_limit_per_trick=None,
)
AUCTION_1912 = replace(
    AUCTION_1908,
    name="Auction bridge (Standard Hoyle 1912: one-spade cap unless redoubled)",
    one_spade_cap_when_redoubled=False,
)
WHIST_SHORT = GameRules(WHIST, name="Short whist, five points (Revised Code 1900; Cavendish 1864)")
WHIST_AWL = GameRules(
    WHIST,
    name="American Whist League, seven points, no honours",
    whist_game=7,
    honours=False,
    whist_honours_barred_at=None,
    game_value_by_loser_score=None,  # value = 7 - loser's score (AWL Law 1)
    whist_revoke_tricks=2,
    revoking_side_cap=6,
)
DUPLICATE_WHIST_TRICKS = GameRules(DUPLICATE_WHIST, name="Duplicate whist, tricks", honours=False)
DUPLICATE_WHIST_ODD_TRICKS = GameRules(
    DUPLICATE_WHIST, name="Duplicate whist, odd tricks (Standard Hoyle result card)",
    honours=False, count_odd_tricks=True,
)
DUPLICATE_WHIST_HONOURS = GameRules(
    DUPLICATE_WHIST, name="Duplicate whist, odd tricks and honours", count_odd_tricks=True,
)
EUCHRE_BOOK = GameRules(EUCHRE, name="Euchre (Standard Hoyle; Hoyle's Games Modernized)")
EUCHRE_LONE_FIVE = replace(EUCHRE_BOOK, name="Euchre, lone march 5, game 10",
                           euchre_lone_march=5, euchre_game=10)

PRESETS: dict[str, GameRules] = {
    "contract": CONTRACT_BRIDGE,
    "bridge-1904": BRIDGE_1904,
    "bridge-club-limit": BRIDGE_1912_CLUB_LIMIT,
    "auction-1908": AUCTION_1908,
    "auction-1912": AUCTION_1912,
    "whist-short": WHIST_SHORT,
    "whist-awl": WHIST_AWL,
    "duplicate-whist-tricks": DUPLICATE_WHIST_TRICKS,
    "duplicate-whist-odd-tricks": DUPLICATE_WHIST_ODD_TRICKS,
    "duplicate-whist-honours": DUPLICATE_WHIST_HONOURS,
    "euchre": EUCHRE_BOOK,
    "euchre-lone-five": EUCHRE_LONE_FIVE,
}


def preset(name: str) -> GameRules:
    try:
        return PRESETS[name]
    except KeyError:
        raise ValueError(f"unknown rule set {name!r}; choose from {', '.join(sorted(PRESETS))}") from None
