"""A teams event's settings read once: the format, the scoring, the match length, the rounds
and ``TeamsEvent.options``, each checked field by field (a ``ValidationError`` naming the
field, ``options.vp_scale`` for an option) with the defaults in one place (``OPTION_DEFAULTS``)."""
from __future__ import annotations

from django.core.exceptions import ValidationError

from cardroom import limits
from scoring.engine import ScoringError
from scoring.engine.teams import BYE_RULES, KNOCKOUT_TIE_RULES, TIE_BREAKS
from scoring.engine.vpscales import VP_SCALES as ENGINE_VP_SCALES
from scoring.engine.vpscales import victory_points_on
from tournaments.models import EventFormat, Game, ScoringMethod
from tournaments.movements.teams import FIRST_ROUND_METHODS as FIRST_ROUND


def _usable(scale: str) -> bool:
    """A scale the engine scores (one it names but has no published table for is refused)."""
    try:
        victory_points_on(scale, 0, 8)
    except ScoringError:
        return False
    return True


VP_SCALES = tuple(name for name in ENGINE_VP_SCALES if _usable(name))
VP_TOP = {name: scale.total or (2 if name == "win_draw_loss" else 0) for name, scale in ENGINE_VP_SCALES.items()}
# A knockout tie still level after its segments: extra boards are not drawn here (yet), so the rules
# that decide a tie without them.
TIE_RULES = tuple(rule for rule in KNOCKOUT_TIE_RULES if rule != "extra_boards")
TEAMS_SCORING = (ScoringMethod.IMPS, ScoringMethod.BOARD_A_MATCH, ScoringMethod.PATTON)
TEAMS_GAMES = (Game.DUPLICATE_BRIDGE, Game.AUCTION_BRIDGE)
FORMATS = (EventFormat.ROUND_ROBIN, EventFormat.SWISS, EventFormat.KNOCKOUT)
MAX_SEGMENTS = 8

OPTION_DEFAULTS = {
    "vp_scale": "wbf_continuous",
    "win_draw_loss": {"win": 2, "draw": 1, "loss": 0},
    "bye": {"rule": "fixed", "vp": 12},
    "tie_breaks": ["vp", "head_to_head", "imp_quotient"],
    "butler": False,
    "first_round": "seeded",
    "draw_seed": "",
    "segments": 1,
    "tie_rule": "higher_seed",  # a level knockout tie: the better seed goes through
}


def _bad(field: str, message: str) -> ValidationError:
    return ValidationError({field: [message]})


def teams_settings_clean(*, game: str, format: str, scoring: str, boards_per_match, rounds) -> dict:
    """The event-level fields of a teams event: a bridge game, a teams format, a teams scoring,
    the boards a match and the rounds planned (0: the format's whole)."""
    if game not in TEAMS_GAMES:
        raise _bad("game", f"Teams play contract bridge: the game is one of {', '.join(TEAMS_GAMES)}, not {game!r}.")
    if format not in FORMATS:
        raise _bad("format", f"A teams format is one of {', '.join(FORMATS)}, not {format!r}.")
    if scoring not in TEAMS_SCORING:
        raise _bad("scoring", f"A teams match is scored by {', '.join(TEAMS_SCORING)}, not {scoring!r}.")
    bpm = _whole(boards_per_match, "boards_per_match", 1, limits.MAX_BOARDS_PER_ROUND)
    planned = _whole(rounds, "rounds", 0, limits.MAX_ROUNDS)
    if format == EventFormat.SWISS and planned < 1:
        raise _bad("rounds", "A Swiss needs its number of rounds (1 or more).")
    if planned * bpm > limits.MAX_BOARD_NUMBER:
        raise _bad("rounds", f"{planned} rounds of {bpm} boards need boards up to {planned * bpm}: the highest "
                             f"board number is {limits.MAX_BOARD_NUMBER} (limit).")
    return {"game": game, "format": format, "scoring": scoring, "boards_per_match": bpm, "rounds": planned}


def _whole(value, field: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            text = str(value).strip()
            value = int(text) if text.lstrip("-").isdigit() and text.isascii() else None
        except (TypeError, ValueError):
            value = None
    if value is None or not low <= value <= high:
        raise _bad(field, f"Give a whole number from {low} to {high}.")
    return value


def teams_options_clean(options, *, format: str = "") -> dict:
    """``options`` checked and completed with the defaults; an unknown key or a bad value is a 400
    naming ``options.<key>``."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise _bad("options", "Give the options as an object, e.g. {\"vp_scale\": \"wbf_continuous\"}.")
    unknown = sorted(set(options) - set(OPTION_DEFAULTS))
    if unknown:
        raise _bad(f"options.{unknown[0]}", f"Unknown option; the options are {', '.join(OPTION_DEFAULTS)}.")
    out = {k: (list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v)
           for k, v in OPTION_DEFAULTS.items()}
    given = dict(options)
    if "vp_scale" in given:
        out["vp_scale"] = _choice(given["vp_scale"], "vp_scale", VP_SCALES)
    if "win_draw_loss" in given:
        out["win_draw_loss"] = _win_draw_loss(given["win_draw_loss"])
    out["bye"] = _bye(given.get("bye", {}), out["vp_scale"])  # the default bye is the scale's
    if "tie_breaks" in given:
        out["tie_breaks"] = _tie_breaks(given["tie_breaks"])
    if "butler" in given:
        if not isinstance(given["butler"], bool):
            raise _bad("options.butler", "true or false.")
        out["butler"] = given["butler"]
    if "first_round" in given:
        out["first_round"] = _choice(given["first_round"], "first_round", FIRST_ROUND)
    if "draw_seed" in given:
        seed = given["draw_seed"]
        if not isinstance(seed, str) or len(seed) > 64 or any(ord(c) < 32 for c in seed):
            raise _bad("options.draw_seed", "A seed is text of at most 64 characters.")
        out["draw_seed"] = seed
    if "segments" in given:
        out["segments"] = _whole_option(given["segments"], "segments", 1, MAX_SEGMENTS)
    if "tie_rule" in given:
        out["tie_rule"] = _choice(given["tie_rule"], "tie_rule", TIE_RULES)
    return out


def _choice(value, name: str, choices) -> str:
    if not isinstance(value, str) or value not in choices:
        raise _bad(f"options.{name}", f"{value!r}: choose one of {', '.join(choices)}.")
    return value


def _whole_option(value, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _bad(f"options.{name}", f"Give a whole number from {low} to {high}.")
    return value


def _number(value, name: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise _bad(f"options.{name}", f"Give a number from {low:g} to {high:g}.")
    return value


def _win_draw_loss(value) -> dict:
    if not isinstance(value, dict) or set(value) - {"win", "draw", "loss"}:
        raise _bad("options.win_draw_loss", 'Give {"win": 2, "draw": 1, "loss": 0} (points for each).')
    out = dict(OPTION_DEFAULTS["win_draw_loss"])
    for key in value:
        out[key] = _number(value[key], "win_draw_loss", 0, 100)
    if not out["win"] >= out["draw"] >= out["loss"]:
        raise _bad("options.win_draw_loss", "A win scores at least a draw, a draw at least a loss.")
    return out


def _bye(value, scale: str) -> dict:
    """``{"rule": "fixed", "vp": 12}`` (the default), ``{"rule": "average"}`` (the team's average
    over its matches; ``vp`` until it has played one) or ``{"rule": "higher"}`` (the higher of the two)."""
    if not isinstance(value, dict) or set(value) - {"rule", "vp"}:
        raise _bad("options.bye", 'Give {"rule": "fixed", "vp": 12}, {"rule": "average"} or {"rule": "higher"}.')
    rule = _choice(value.get("rule", "fixed"), "bye", BYE_RULES)
    top = VP_TOP.get(scale) or 100
    default = 12 if top == 20 else 1 if scale == "win_draw_loss" else round(top * 0.6, 2)
    vp = _number(value.get("vp", default), "bye", 0, top)
    return {"rule": rule, "vp": vp}


def _tie_breaks(value) -> list[str]:
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        raise _bad("options.tie_breaks", f"Give a list from {', '.join(TIE_BREAKS)}.")
    bad = [v for v in value if v not in TIE_BREAKS]
    if bad:
        raise _bad("options.tie_breaks", f"{bad[0]!r}: choose from {', '.join(TIE_BREAKS)}.")
    if len(set(value)) != len(value):
        raise _bad("options.tie_breaks", "Name each tie-break once.")
    return list(value)


def teams_options(teams_event) -> dict:
    """The stored options with the defaults filled in (an older row may lack a newer key)."""
    stored = teams_event.options if isinstance(teams_event.options, dict) else {}
    out = dict(OPTION_DEFAULTS)
    out.update({k: v for k, v in stored.items() if k in OPTION_DEFAULTS})
    return out
