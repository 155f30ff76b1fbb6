"""Rankings with ties shown as ties ("3=") and optional tie-breaks.

EBU White Book 143.1: "Contestants are tied when they have the same percentage score by the
final method of scoring" -- so values are compared after rounding to what is published.
"""
from __future__ import annotations

import re
from typing import Hashable, Mapping, Sequence

from .errors import ScoringError


TIE_STYLES = ("equals", "shared", "split")
_DIGITS = re.compile(r"(\d+)")


def natural_key(value: Hashable) -> tuple:
    """Sort "2" before "10" and "A2" before "A10"."""
    parts = _DIGITS.split(str(value))
    return tuple((0, int(p)) if p.isdigit() else (1, p) for p in parts)


def rank(
    values: Mapping[str, float],
    *,
    tiebreaks: Sequence[Mapping[str, float]] = (),
    ndigits: int | None = 2,
    higher_is_better: bool = True,
    ties: str = "equals",
) -> list[tuple[str, str]]:
    """Order entrants by value, then by each tie-break in turn (higher better unless told).

    Returns (rank, entrant) in order; entrants still equal share a rank written ``"3="``
    (``ties="equals"``, EBU/Magic Contest style) or plainly ``"3"`` (``ties="shared"``), or take the
    places one after the other in the order of their names (``ties="split"``: Ruter's "23", "24").
    """
    if ties not in TIE_STYLES:
        raise ScoringError(f"bad tie style {ties!r}: expected one of {', '.join(TIE_STYLES)}")
    sign = -1 if higher_is_better else 1
    entrants = list(values)
    mains = [sign * (value if ndigits is None else round(value, ndigits)) for value in values.values()]
    if tiebreaks:
        keys = [(main,) + tuple(sign * tb.get(e, 0) for tb in tiebreaks) for main, e in zip(mains, entrants)]
    else:
        keys = mains  # one number each: compared as the 1-tuples above would be, but cheaper
    if not tiebreaks and len(entrants) >= ARRAYS_FROM:
        return _rank_arrays(entrants, mains, ties)
    # By name first, then (stably) by value: the order of (value, natural_key(name)).
    ordered = sorted(_by_name(entrants), key=keys.__getitem__)
    out: list[tuple[str, str]] = []
    i, n = 0, len(ordered)
    while i < n:
        key = keys[ordered[i]]
        j = i + 1
        while j < n and keys[ordered[j]] == key:
            j += 1
        if ties == "split":
            out.extend((str(i + 1 + m), entrants[k]) for m, k in enumerate(ordered[i:j]))
        else:
            label = f"{i + 1}=" if j > i + 1 and ties == "equals" else str(i + 1)
            out.extend((label, entrants[k]) for k in ordered[i:j])
        i = j
    return out


def tie_ends(ranked: Sequence[tuple[str, str]]) -> dict[str, str]:
    """A shared place's label -> the last place of the tie (``"25"`` shared by two -> ``"26"``),
    for the places more than one entrant holds: Ruter 4.9's ``RankTie``. Split ties have none."""
    counts: dict[str, int] = {}
    for label, _ in ranked:
        counts[label] = counts.get(label, 0) + 1
    return {label: str(int(label.rstrip("=")) + n - 1) for label, n in counts.items()
            if n > 1 and label.rstrip("=").isdigit()}


_ASCII_DIGITS = "0123456789"


def _name_key(value: Hashable) -> list:
    """A key that orders names as ``natural_key`` does ("N2" before "N10"): the text between
    numbers and the numbers, alternately (the same kind at the same place); "N12" in one step."""
    text = value if type(value) is str else str(value)
    head = text.rstrip(_ASCII_DIGITS)
    if head != text and (not head or head.isalpha()):
        return [head, int(text[len(head):]), ""]
    parts = _DIGITS.split(text)
    parts[1::2] = map(int, parts[1::2])
    return parts


#: From this many entrants the order by name is sorted by NumPy (an Epson-scale field).
ARRAYS_FROM = 1_000


def _by_name(entrants: list) -> list[int]:
    """Indices of ``entrants`` in ``natural_key`` order (equal names keep their order)."""
    if len(entrants) >= ARRAYS_FROM and all([type(e) is str for e in entrants]):
        order = _by_name_arrays(entrants)
        if order is not None:
            return order
    keys = [_name_key(e) for e in entrants]
    return sorted(range(len(keys)), key=keys.__getitem__)


def _by_name_arrays(entrants: list[str]) -> list[int] | None:
    """The same for names that are letters then a number ("N12", "12"), by NumPy; None otherwise."""
    import numpy as np
    names = np.array(entrants)
    lengths = np.strings.str_len(names)
    heads = np.strings.rstrip(names, _ASCII_DIGITS)
    head_lengths = np.strings.str_len(heads)
    if not (np.array([len(e) for e in entrants]) == lengths).all():  # NumPy drops a trailing NUL
        return None
    if not ((np.strings.isalpha(heads) | (head_lengths == 0)) & (head_lengths < lengths)).all():
        return None
    try:
        numbers = np.strings.slice(names, head_lengths, None).astype(np.int64)
    except (OverflowError, ValueError):
        return None
    _, head_order = np.unique(heads, return_inverse=True)
    return np.lexsort((numbers, head_order)).tolist()


def _rank_arrays(entrants: list, keys: list, ties: str) -> list[tuple[str, str]]:
    """``rank`` without tie-breaks for a big field: the same order and labels, sorted by NumPy."""
    import numpy as np
    labels, order = rank_order(entrants, np.array(keys, dtype=np.float64), ties)
    return list(zip(labels, [entrants[k] for k in order.tolist()]))


def rank_order(entrants: list, keys, ties: str = "equals"):
    """(labels, order): ``rank``'s labels and the indices of ``entrants`` in its order, for keys
    already signed and rounded (lower first), as a NumPy array (``rank`` without tie-breaks)."""
    import numpy as np
    by_name = np.array(_by_name(entrants), dtype=np.intp)
    values = keys[by_name]
    by_value = np.argsort(values, kind="stable")
    ordered = by_name[by_value]
    values = values[by_value]
    n = len(entrants)
    starts = np.flatnonzero(np.concatenate(([True], values[1:] != values[:-1])))
    sizes = np.diff(np.append(starts, n))
    if ties == "split":
        return [str(i) for i in range(1, n + 1)], ordered
    if (sizes == 1).all():
        return [str(i) for i in range(1, n + 1)], ordered
    suffix = "=" if ties == "equals" else ""
    labels: list[str] = []
    for start, size in zip(starts.tolist(), sizes.tolist()):
        labels.extend([f"{start + 1}{suffix}" if size > 1 else str(start + 1)] * size)
    return labels, ordered


def rounded(values, ndigits: int):
    """``[round(v, ndigits) for v in values]`` for a NumPy array, float for float: NumPy's
    rounding (scale, round half to even, unscale) agrees with Python's correctly rounded one
    except where the scaled value lies within rounding error of a half; those go through ``round``."""
    import numpy as np
    scale = 10.0 ** ndigits
    scaled = values * scale
    if not np.isfinite(scaled).all() or (np.abs(scaled) >= 2.0 ** 52).any():
        return np.array([round(v, ndigits) for v in values.tolist()], dtype=np.float64)
    out = np.rint(scaled) / scale
    near = np.flatnonzero(np.abs(scaled - np.floor(scaled) - 0.5) <= 1e-9 * np.maximum(1.0, np.abs(scaled)))
    if len(near):
        out[near] = [round(v, ndigits) for v in values[near].tolist()]
    return out
