"""Scoring conventions: how each club scoring program applies matchpoints, Butler and cross-IMPs,
as data. A ``Convention`` names a program's rule set; ``convention.method(family)`` is the
``Method`` the engine scores with, so callers never branch on the program.

Each set says where its values come from (``rationale``, ``source``) and which of its fields the
source confirms (``confirmed``); the other fields keep Cardroom's own defaults (``cardroom``).
``detect`` reads a results file's ``[Scoring]`` text and the program that wrote it
(``[Application]``, ``[Generator]``, ``%Creator``) into a family and a convention.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, fields, replace

from .errors import ScoringError
from .session import Method

#: The families a convention applies to (Method kinds; "neuberg" is matchpoints).
FAMILIES = ("matchpoints", "butler", "cross-imps")


@dataclass(frozen=True)
class Convention:
    """One program's rules; field meanings are those of ``session.Method``."""

    name: str
    program: str
    rationale: str
    source: str
    confirmed: tuple[str, ...] = ()
    scale: str = "ebu"
    short_boards: str = "neuberg"
    adjusted: str = "session"
    absent_counts_to_top: bool = True
    datum_drop: int = 1
    datum_drop_percent: float = 0.0
    datum_rounding: str = "half-even"
    bye_boards: str = "none"
    bye_imps: float = 0.0
    cross: str = "average"
    arbitral_imps: float = 3.0
    factor_long: bool = True
    ties: str = "equals"
    board_decimals: int | None = None
    rank_decimals: int = 2

    def __post_init__(self) -> None:
        names = {f.name for f in fields(self)}
        unknown = set(self.confirmed) - names
        if unknown:
            raise ScoringError(f"convention {self.name}: unknown confirmed fields {sorted(unknown)}")
        self.method("matchpoints")  # validates every value through Method

    def method(self, family: str) -> Method:
        """The engine's Method for ``family`` (matchpoints, neuberg, butler, cross-imps) under these rules."""
        kind = "matchpoints" if family == "neuberg" else family
        return Method(kind, scale=self.scale, datum_drop=self.datum_drop, datum_drop_percent=self.datum_drop_percent,
                      datum_rounding=self.datum_rounding, cross=self.cross, arbitral_imps=self.arbitral_imps,
                      factor_long=self.factor_long, short_boards=self.short_boards, adjusted=self.adjusted,
                      absent_counts_to_top=self.absent_counts_to_top, bye_boards=self.bye_boards,
                      bye_imps=self.bye_imps, ties=self.ties, board_decimals=self.board_decimals,
                      rank_decimals=self.rank_decimals)

    def with_rules(self, **changes) -> "Convention":
        """A copy with some rules changed (a file's ``[Scoring]`` may say ``Cross2`` or ``Mean``)."""
        return replace(self, **changes) if changes else self


_ISSUE = "Cardroom issue 14, 'Conventions to support' (facts as the programs apply them)"

CONVENTIONS: dict[str, Convention] = {c.name: c for c in (
    Convention(
        "cardroom", "Cardroom",
        "Cardroom's defaults: EBU White Book practice (2/1/0, Neuberg, A+ 60 % or the session % if "
        "higher), datum without top and bottom rounded half to even, cross-IMPs per comparison.",
        "EBU White Book; WBF Laws Committee 1998 (A+); ACBLscore manual p.83 (datum rounding)",
        ("scale", "short_boards", "adjusted", "datum_rounding")),
    Convention(
        "ruter", "Ruter (Norsk Bridgeforbund)",
        "Cross-IMPs are the sum against every other result; an arbitral A+ is a fixed 1.5 IMPs per "
        "comparison (58.5 over 39 comparisons), not a factored value; a board with more results than "
        "usual is not factored down. Matchpoint short boards by Neuberg. Places go by the unrounded "
        "totals and an exact tie is split in number order (23, 24), no \"=\".",
        _ISSUE + "; Ruter files in tests/unit/scoring/data: the 2010 individual (players 8 and 13 on "
        "683.0 printed 23 and 24), the 2013 Cross2 league (1.0625 above 1.0568, both printed 1.06); "
        "from Ruter 4.9 a tie shares its first place with a RankTie column naming its last (VERSION_RULES)",
        ("cross", "arbitral_imps", "factor_long", "short_boards", "ties", "rank_decimals"),
        cross="sum", arbitral_imps=1.5, factor_long=False, ties="split", rank_decimals=6),
    Convention(
        "magic-contest", "Magic Contest (Tomas Brenning)",
        "Butler datum is the mean without the top and bottom result rounded to 10 half to even; the "
        "sitting-out pair's bye boards score 'Mean' (its own IMPs a board); matchpoints 2/1/0 with "
        "short and fouled boards by Neuberg.",
        _ISSUE + "; brenning.se 'Fouled board' (Neuberg); FFB board 28 in tests/unit/scoring/data "
        "(top 42 for 22 results: 2/1/0); Magic Contest 4.7 'H6 20.8.2013' IMP;Butler-2;Mean there "
        "(84/84 IMPs and datums, 7/7 totals with the Mean byes)",
        ("datum_drop", "datum_rounding", "bye_boards", "scale", "short_boards"),
        bye_boards="mean"),
    Convention(
        "compscore", "Compscore 2/3 (Altosoft)",
        "Cross-IMPs averaged per comparison; Butler datum rounded half away from zero; matchpoints "
        "printed on the board's own top, the totals Neuberg-factored and scaled to the full number "
        "of boards for pairs who played fewer.",
        _ISSUE + "; three real Compscore3 USEBIO files in tests/unit/deals/data (half away from zero: "
        "35/35 datums of the Butler Howell, half to even only 25)",
        ("cross", "datum_rounding", "short_boards"),
        datum_rounding="half-away", short_boards="own-top"),
    Convention(
        "jfr", "JFR Pary / Teamy (PZBS)",
        "A result against an absent pair (the present pair's 60 %) does not count towards the "
        "board's top; the other results are compared as a board one result short (Neuberg).",
        _ISSUE, ("absent_counts_to_top",),
        absent_counts_to_top=False),
    Convention(
        "scorebridge", "ScoreBridge (Stephen Bligh)",
        "A board played fewer times counts each missing result as a tie with every result present "
        "(not Neuberg), which EBU clubs switch to Neuberg by hand.",
        _ISSUE + "; Bath Bridge Club ScoreBridge guide (Neuberg optional, not the default)",
        ("short_boards",), short_boards="ties"),
    Convention(
        "ebuscore", "EBUScore (EBU, formerly JSS)",
        "EBU White Book: 2/1/0 matchpoints, Neuberg, A+ 60 % or the session % if higher; "
        "cross-IMPs divided by the number of comparisons (XIMP/c).",
        "EBU White Book; EBU forum 'XIMP Scoring with Fouled Boards' (R. Barker)",
        ("scale", "short_boards", "adjusted", "cross")),
    Convention(
        "acblscore", "ACBLscore (ACBL)",
        "1/0.5/0 matchpoints with Neuberg; datum without 5 % high and 5 % low, a trailing five to the "
        "even ten; cross-IMPs as 'Total IMPs' with Ave+ worth 3 IMPs x (results - 1).",
        "ACBLscore manual p.83 (IMP methods), p.92 (fouled boards, Neuberg)",
        ("scale", "short_boards", "datum_drop_percent", "datum_rounding", "cross", "arbitral_imps"),
        scale="acbl", datum_drop=0, datum_drop_percent=5.0, cross="sum"),
    Convention(
        "wbf", "WBF championships",
        "Neuberg for boards played a different number of times; Average-plus 60 % or the session "
        "average, whichever is greater; IMP pairs as cross-IMPs per comparison.",
        "WBF Laws Committee minutes 1998-08-30 (A+/A-); WBF/ACBL fouled-board formula (Neuberg)",
        ("short_boards", "adjusted")),
)}

DEFAULT = CONVENTIONS["cardroom"]

#: Rules a program changed from a version on: (convention, first version, changes, source). A
#: file says its version in ``% <META name=Version content="...">`` (Ruter, Magic Contest).
VERSION_RULES: tuple[tuple[str, tuple[int, ...], dict, str], ...] = (
    ("ruter", (4, 9), {"ties": "shared"},
     "Ruter 4.9.1.3 'SM-parikilpailu - Session 1' (rkcb/pbnparser sm1.pbn, tests/unit/scoring/data): two pairs "
     "on 1060.6 printed Rank 25 and RankTie 26 each, where Ruter 4.1.4 and 4.7 split an exact tie (23, 24)"),
)


def _version(text: str | None) -> tuple[int, ...] | None:
    numbers = re.findall(r"\d+", text or "")
    return tuple(int(n) for n in numbers) if numbers else None


def versioned(rules: Convention, version: str | None) -> Convention:
    """``rules`` as the program's ``version`` applies them (VERSION_RULES); unchanged when unknown."""
    have = _version(version)
    if have is None:
        return rules
    for name, since, changes, _source in VERSION_RULES:
        if name == rules.name and have >= since:
            rules = rules.with_rules(**changes)
    return rules


#: The fields of a Convention that are rules (what ``[CardroomConvention]`` may say beside the name).
RULE_FIELDS = tuple(f.name for f in fields(Convention) if f.name not in ("name", "program", "rationale", "source",
                                                                          "confirmed"))


def convention_tag(rules: Convention) -> str:
    """What Cardroom writes in a results PBN's ``[CardroomConvention]``: the rule set's name and any
    rule that differs from it (``ruter;ties=shared``), so reading the file back picks the same rules."""
    base = CONVENTIONS.get(rules.name, DEFAULT)
    changed = [f"{f}={getattr(rules, f)}" for f in RULE_FIELDS if getattr(rules, f) != getattr(base, f)]
    return ";".join([base.name] + changed)


def _rule_value(field: str, text: str, like):
    if isinstance(like, bool) or field == "absent_counts_to_top":
        if text not in ("True", "False"):
            raise ScoringError(f"convention rule {field}={text!r}: expected True or False")
        return text == "True"
    if field == "board_decimals" and text == "None":
        return None
    try:
        return int(text) if isinstance(like, int) or field == "board_decimals" else (
            float(text) if isinstance(like, float) else text)
    except ValueError:
        raise ScoringError(f"convention rule {field}={text!r} is not a number") from None


def parse_convention_tag(text: str) -> Convention:
    """The rule set a ``[CardroomConvention]`` value names (``convention_tag``'s inverse);
    ScoringError naming what is wrong (unknown name or rule, bad value)."""
    name, *rest = [part.strip() for part in (text or "").split(";")]
    rules = convention(name)
    changes = {}
    for item in rest:
        field, sep, value = item.partition("=")
        field = field.strip()
        if not sep or field not in RULE_FIELDS:
            raise ScoringError(f"convention {text!r}: unknown rule {item!r}")
        changes[field] = _rule_value(field, value.strip(), getattr(rules, field))
    try:
        return rules.with_rules(**changes)
    except TypeError as exc:  # pragma: no cover - fields are checked above
        raise ScoringError(f"convention {text!r}: {exc}") from None


def scoring_tag(family: str, rules: Convention) -> str:
    """A PBN ``[Scoring]`` value for a family under ``rules``, in the programs' words
    (``MatchPoints``, ``IMP;Cross``/``IMP;Cross2``, ``IMP;Butler-2;Mean``), which ``parse_scoring`` reads back."""
    if family in ("matchpoints", "neuberg"):
        return "MatchPoints"
    if family == "cross-imps":
        return "IMP;Cross2" if rules.cross == "cross2" else "IMP;Cross"
    text = f"IMP;Butler-{rules.datum_drop}" if rules.datum_drop != 1 else "IMP;Butler"
    return text + (";Mean" if rules.bye_boards == "mean" else "")

#: (name, program) for a choice field: a club's default and an event's rule set.
CONVENTION_CHOICES = tuple((c.name, c.program) for c in CONVENTIONS.values())


def convention(name: str) -> Convention:
    """The named rule set; ScoringError naming the choices otherwise."""
    try:
        return CONVENTIONS[name.strip().lower()]
    except KeyError:
        raise ScoringError(f"unknown convention {name!r}: expected one of {', '.join(CONVENTIONS)}") from None


# A program's name as it appears in [Application], [Generator] or %Creator -> its rule set.
_PROGRAMS = (
    (re.compile(r"\bruter\b", re.I), "ruter"),
    (re.compile(r"magic\s*contest|brenning", re.I), "magic-contest"),
    (re.compile(r"compscore", re.I), "compscore"),
    (re.compile(r"\bjfr\b|jfr\s*(pary|teamy)", re.I), "jfr"),
    (re.compile(r"scorebridge", re.I), "scorebridge"),
    (re.compile(r"ebu\s*score|\bjss\b", re.I), "ebuscore"),
    (re.compile(r"acbl\s*score", re.I), "acblscore"),
    (re.compile(r"\bwbf\b", re.I), "wbf"),
    (re.compile(r"\bcardroom\b", re.I), "cardroom"),
)


def program_convention(text: str | None) -> Convention | None:
    """The rule set of the program named in ``text`` (e.g. "Magic Contest France - Read more ..."), if known."""
    for pattern, name in _PROGRAMS:
        if text and pattern.search(text):
            return CONVENTIONS[name]
    return None


def parse_scoring(text: str) -> tuple[str, dict]:
    """A PBN ``[Scoring]`` value -> (family, rule changes): ``MatchPoints;MP1`` -> matchpoints,
    ``IMP;Cross`` -> cross-imps, ``IMP;Cross2`` -> cross-imps with Cross2 sums, ``IMP;Butler-2;Mean``
    -> butler dropping 2 results at each end of the datum (read from the name) with Mean byes.
    ScoringError when the text names no family this engine scores."""
    family, changes = None, {}
    for token in (t.strip().lower() for t in re.split(r"[;,]", text or "") if t.strip()):
        if token.startswith("butler"):
            family = "butler"
            drop = re.fullmatch(r"butler-?(\d+)", token)
            if drop:
                changes["datum_drop"] = int(drop.group(1))
        elif token.startswith("cross"):
            family = "cross-imps"
            if token == "cross2":
                changes["cross"] = "cross2"
        elif token in ("mean",):
            changes["bye_boards"] = "mean"
        elif token.startswith("matchpoint") or re.fullmatch(r"mp\d?", token) or token == "neuberg":
            family = family or "matchpoints"
        elif token in ("imp", "imps"):
            family = family or "cross-imps"
    if family is None:
        raise ScoringError(f"cannot tell the scoring from {text!r}: expected MatchPoints, IMP;Cross or IMP;Butler")
    return family, changes


def detect(scoring: str | None, program: str | None) -> tuple[str, Convention]:
    """Family and rule set for a file: its ``[Scoring]`` (matchpoints when absent) and the program
    that wrote it (Cardroom's defaults when unknown)."""
    family, changes = parse_scoring(scoring) if scoring else ("matchpoints", {})
    return family, (program_convention(program) or DEFAULT).with_rules(**changes)


def resolve(scoring: str | None, program: str | None, *, method: str | None = None,
            name: str | None = None, version: str | None = None, recorded: str | None = None,
            file_rules: dict | None = None) -> tuple[str, Convention]:
    """What to score a file with: ``method`` (a family, or "neuberg") and the convention ``name``
    override what the file says: the rule set Cardroom recorded in it (``recorded``, a
    ``[CardroomConvention]`` value), else its program's as of its ``version``; a ``[Scoring]``
    naming variants (``Cross2``, ``Mean``, ``Butler-2``) and ``file_rules`` (what the file's own
    tables show, e.g. Ruter's RankTie column) keep them under any convention but a named one."""
    try:
        family, changes = parse_scoring(scoring) if scoring else ("matchpoints", {})
    except ScoringError:
        if method is None:
            raise
        family, changes = method, {}
    if name:
        rules = convention(name)
    elif recorded:
        rules = parse_convention_tag(recorded)
    else:
        rules = versioned(program_convention(program) or DEFAULT, version).with_rules(**(file_rules or {}))
    if method == "neuberg":
        family, changes = "matchpoints", {**changes, "short_boards": "neuberg"}
    elif method is not None:
        family = method
    if family not in FAMILIES:
        raise ScoringError(f"bad method {family!r}: expected one of {', '.join(FAMILIES)} or neuberg")
    return family, rules.with_rules(**changes)
