"""The /me/ chart's geometry: pure, no database."""
from hypothesis import HealthCheck, given, settings, strategies as st

from accounts.chart import HEIGHT, WIDTH, percentage_chart, rolling_average


def test_rolling_average_is_the_mean_of_the_last_window():
    assert rolling_average([50, 60, 70, 40], window=2) == [50, 55, 65, 55]
    assert rolling_average([50, 60, 70], window=10) == [50, 55, 60]


def test_no_session_draws_no_chart():
    assert percentage_chart([]) is None


def test_higher_percentages_are_drawn_higher_and_fifty_is_the_baseline():
    chart = percentage_chart([("1 Jan", 45.0), ("8 Jan", 62.5)])
    (x1, y1, t1), (x2, y2, t2) = chart.dots
    assert x1 < x2 and y2 < y1 and t2 == "8 Jan: 62.50%"
    assert chart.first == "1 Jan" and chart.last == "8 Jan" and chart.latest_average == 53.75
    assert y2 < chart.baseline < y1


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.lists(st.floats(min_value=0, max_value=100), min_size=1, max_size=250))
def test_every_point_lies_inside_the_chart(values):
    chart = percentage_chart([(str(i), v) for i, v in enumerate(values)])
    assert len(chart.dots) == min(len(values), 200)
    for x, y, _title in chart.dots:
        assert 0 <= x <= WIDTH and 0 <= y <= HEIGHT
