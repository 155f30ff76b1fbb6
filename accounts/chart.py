"""A player's percentage over time as the coordinates of a small SVG chart (pure Python: the
page draws it server-side, no front-end build). One point a session, oldest on the left, and
the rolling average of the last ``window`` sessions."""
from __future__ import annotations

from dataclasses import dataclass

WIDTH, HEIGHT = 480, 240
LEFT, RIGHT, TOP, BOTTOM = 34, 8, 10, 26
WINDOW = 10
MAX_POINTS = 200


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    line: str                               # "x,y x,y ..." of the percentages
    average: str                            # the rolling average's polyline
    dots: tuple[tuple[float, float, str], ...]   # x, y, the point's title
    grid: tuple[tuple[float, str], ...]     # y of a grid line and its label
    first: str                              # the first session's label (under the left end)
    last: str
    latest_average: float
    window: int
    baseline: float                         # y of 50 %, the average game


def rolling_average(values: list[float], window: int = WINDOW) -> list[float]:
    """The mean of each value and up to ``window - 1`` before it."""
    out, total = [], 0.0
    for i, v in enumerate(values):
        total += v
        if i >= window:
            total -= values[i - window]
        out.append(total / min(i + 1, window))
    return out


def percentage_chart(series: list[tuple[str, float]], *, window: int = WINDOW, width: int = WIDTH,
                     height: int = HEIGHT) -> Chart | None:
    """``series``: (label, percentage) oldest first; the last MAX_POINTS are drawn. None for no
    session."""
    series = [(label, float(p)) for label, p in series if p is not None][-MAX_POINTS:]
    if not series:
        return None
    values = [p for _label, p in series]
    low = max(0.0, min(40.0, (min(values) // 10) * 10))
    high = min(100.0, max(60.0, (max(values) // 10 + 1) * 10))
    plot_w, plot_h = width - LEFT - RIGHT, height - TOP - BOTTOM

    def x(i: int) -> float:
        return round(LEFT + (plot_w / 2 if len(values) == 1 else plot_w * i / (len(values) - 1)), 1)

    def y(v: float) -> float:
        return round(TOP + plot_h * (high - v) / (high - low), 1)

    averages = rolling_average(values, window)
    grid = tuple((y(g), f"{g:g}") for g in range(int(low), int(high) + 1, 10))
    return Chart(width=width, height=height,
                 line=" ".join(f"{x(i)},{y(v)}" for i, v in enumerate(values)),
                 average=" ".join(f"{x(i)},{y(v)}" for i, v in enumerate(averages)),
                 dots=tuple((x(i), y(v), f"{label}: {v:.2f}%") for i, (label, v) in enumerate(series)),
                 grid=grid, first=series[0][0], last=series[-1][0], latest_average=round(averages[-1], 2),
                 window=window, baseline=y(50.0))
