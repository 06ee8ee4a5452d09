"""The statistics of `mazo simulate`: the quantiles, the Wilson and t intervals and the sign
test, each against worked examples with published or hand-computed values, then properties
over random data."""

from __future__ import annotations

import dataclasses
import json
import math
from decimal import Decimal, localcontext
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mazo.solver.game.stats import (
    Interval,
    SignTest,
    mean_interval,
    normal_quantile,
    sign_test,
    t_quantile,
    wilson,
)
from mazo.solver.plain import plain

from tests.soak import size

PROPERTIES = settings(max_examples=size(200, 5000), deadline=None)

Z_975 = 1.959963985  # the normal 0.975 quantile, as printed in every table (9 decimals)


def close(value: float | None, expected: float, within: float) -> bool:
    return value is not None and abs(value - expected) <= within


# -- the quantiles ---------------------------------------------------------------------------


def test_normal_quantile_at_975():
    assert close(normal_quantile(0.975), Z_975, 5e-10)
    assert normal_quantile(0.025) == pytest.approx(-normal_quantile(0.975), rel=1e-15)
    assert normal_quantile(0.5) == 0.0


# Student's t at 0.975 (the two-sided 95 % interval), to 9 decimals as the tables print them.
# df = 1000 is 1.962339081 (…0808264): the value 1.962339135 sometimes quoted is off in the
# eighth digit.
T_975 = [
    (1, 12.706204736),
    (2, 4.302652730),
    (4, 2.776445105),
    (7, 2.364624252),
    (10, 2.228138852),
    (30, 2.042272456),
    (1000, 1.962339081),
]


@pytest.mark.parametrize(("df", "expected"), T_975)
def test_t_quantile_table_at_975(df, expected):
    assert close(t_quantile(0.975, df), expected, 5e-10)
    # 1 - 0.975 is 0.025000000000000022 in doubles: the two agree to that difference.
    assert t_quantile(0.025, df) == pytest.approx(-t_quantile(0.975, df), rel=1e-14)
    assert t_quantile(0.25, df) == -t_quantile(0.75, df)


def cauchy_quantile(p: float) -> float:
    """One degree of freedom in closed form, tan(π(p - 1/2)), written so that neither a far
    tail nor a p near 1/2 loses digits: cot(π(1 - p)) in the tail, tan(π(p - 1/2)) near it."""
    if p < 0.5:
        return -cauchy_quantile(1.0 - p) if p >= 0.25 else -1.0 / math.tan(math.pi * p)
    return math.tan(math.pi * (p - 0.5)) if p <= 0.75 else 1.0 / math.tan(math.pi * (1.0 - p))


def two_df_quantile(p: float) -> float:
    """Two degrees of freedom in closed form: (2p - 1)/sqrt(2p(1 - p))."""
    return 2 * (p - 0.5) / math.sqrt(2 * p * (1.0 - p))


CLOSED_FORM_P = [1e-300, 1e-30, 1e-9, 0.001, 0.1, 0.3, 0.49, 0.5 + 1e-12, 0.51, 0.7, 0.9]
CLOSED_FORM_P += [0.975, 0.999, 1 - 1e-9, 1 - 2**-52]


@pytest.mark.parametrize("p", CLOSED_FORM_P)
def test_t_quantile_matches_the_closed_forms_from_far_tail_to_centre(p):
    assert t_quantile(p, 1) == pytest.approx(cauchy_quantile(p), rel=1e-13)
    assert t_quantile(p, 2) == pytest.approx(two_df_quantile(p), rel=1e-13)


def test_t_quantile_tends_to_the_normal():
    previous = math.inf
    for df in (1, 3, 10, 100, 10**4, 10**6, 10**9):
        quantile = t_quantile(0.975, df)
        assert Z_975 < quantile < previous
        previous = quantile
    # t = z + (z³ + z)/(4·df) + O(1/df²)
    z = normal_quantile(0.975)
    assert t_quantile(0.975, 10**9) == pytest.approx(z + (z**3 + z) / 4e9, rel=1e-14)


def test_t_quantile_takes_degrees_of_freedom_that_are_not_whole():
    assert t_quantile(0.975, 4) > t_quantile(0.975, 4.5) > t_quantile(0.975, 5)


@pytest.mark.parametrize(("p", "df"), [(0.0, 5), (1.0, 5), (math.nan, 5), (0.9, 0.5)])
def test_t_quantile_refuses_what_has_no_quantile(p, df):
    with pytest.raises(ValueError):
        t_quantile(p, df)


@pytest.mark.parametrize("df", [math.inf, math.nan, 0])
def test_t_quantile_refuses_degrees_of_freedom_out_of_range(df):
    with pytest.raises(ValueError, match="degrees of freedom"):
        t_quantile(0.975, df)


# -- the Wilson interval ---------------------------------------------------------------------

# Newcombe (1998), "Two-sided confidence intervals for the single proportion", Statistics in
# Medicine 17: 857-872, table II, method 3 (the score interval without continuity correction).
NEWCOMBE = [
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0000, 0.1611),
    (1, 29, 0.0061, 0.1718),
]


@pytest.mark.parametrize(("successes", "n", "low", "high"), NEWCOMBE)
def test_wilson_newcombe_1998_examples(successes, n, low, high):
    interval = wilson(successes, n)
    assert interval.estimate == successes / n
    assert interval.n == n
    assert round(interval.low, 4) == low
    assert round(interval.high, 4) == high


def test_wilson_none_of_ten():
    # No success: the interval is [0, z²/(n + z²)].
    z2 = normal_quantile(0.975) ** 2
    interval = wilson(0, 10)
    assert interval.low == 0.0
    assert interval.high == pytest.approx(z2 / (10 + z2), rel=1e-15)
    assert close(interval.high, 0.2775327999, 1e-10)


def test_wilson_all_of_ten():
    z2 = normal_quantile(0.975) ** 2
    interval = wilson(10, 10)
    assert interval.estimate == 1.0
    assert interval.high == 1.0
    assert interval.low == pytest.approx(10 / (10 + z2), rel=1e-15)


def test_wilson_half_of_ten():
    # Centre 1/2, half-width z·sqrt(n/4 + z²/4)/(n + z²) = 0.2634069095.
    interval = wilson(5, 10)
    assert close(interval.low, 0.2365930905, 1e-10)
    assert close(interval.high, 0.7634069095, 1e-10)
    assert interval.low + interval.high == pytest.approx(1.0, abs=1e-15)


def test_wilson_wider_at_higher_confidence():
    at_95, at_99 = wilson(30, 100), wilson(30, 100, confidence=0.99)
    assert at_99.low < at_95.low < 0.3 < at_95.high < at_99.high


def test_wilson_small_share_keeps_its_digits():
    # One success in a billion: the lower end is about 1.7e-10. The textbook centre minus
    # half-width, in 50 digits here, cancels all but the last few in doubles.
    n = 10**9
    with localcontext() as context:
        context.prec = 50
        z = Decimal(normal_quantile(0.975))
        centre = (1 + z * z / 2) / (n + z * z)
        half = z / (n + z * z) * (Decimal(n - 1) / n + z * z / 4).sqrt()
        expected = float(centre - half)
    assert wilson(1, n).low == pytest.approx(expected, rel=1e-14)


@pytest.mark.parametrize(("successes", "n"), [(0, 0), (-1, 10), (11, 10), (5, -5)])
def test_wilson_refuses_impossible_counts(successes, n):
    with pytest.raises(ValueError, match="successes"):
        wilson(successes, n)


@pytest.mark.parametrize("confidence", [0.0, 1.0, -0.5, 95, math.nan])
def test_wilson_refuses_a_confidence_outside_0_1(confidence):
    with pytest.raises(ValueError, match="confidence"):
        wilson(5, 10, confidence)


def test_wilson_refuses_counts_that_are_not_whole():
    with pytest.raises(TypeError):
        wilson(2.5, 10)


def test_wilson_reads_numpy_counts_as_plain_numbers():
    payload = plain(wilson(np.int64(3), np.int64(10)))
    assert {type(value) for value in payload.values()} <= {int, float}
    assert payload["n"] == 10


# -- the mean's t interval -------------------------------------------------------------------


def test_mean_interval_by_hand():
    # 2 4 4 4 5 5 7 9: mean 5, squares about it 32, s² = 32/7, s/sqrt(8) = sqrt(4/7);
    # t(0.975, 7) = 2.364624252, so the half-width is 2.364624252·0.755928946 = 1.787487918.
    interval = mean_interval([2, 4, 4, 4, 5, 5, 7, 9])
    assert interval.estimate == 5.0
    assert interval.n == 8
    assert close(interval.low, 5 - 1.787487918, 1e-9)
    assert close(interval.high, 5 + 1.787487918, 1e-9)


def test_mean_interval_of_one_value_has_no_ends():
    interval = mean_interval([-12.5])
    assert interval == Interval(-12.5, None, None, 1)
    assert json.loads(json.dumps(plain(interval))) == {
        "estimate": -12.5,
        "low": None,
        "high": None,
        "n": 1,
    }


def test_mean_interval_of_equal_values_is_a_point():
    assert mean_interval([3, 3, 3]) == Interval(3.0, 3.0, 3.0, 3)


def test_mean_interval_reads_numpy_values_as_plain_numbers():
    payload = plain(mean_interval(np.array([1, 2, 3, 4, 5], dtype=np.int64)))
    assert {type(value) for value in payload.values()} <= {int, float}
    # s = sqrt(2.5), t(0.975, 4) = 2.776445105: half-width 2.776445105·sqrt(0.5) = 1.963243161
    assert close(payload["high"], 3 + 1.963243161, 1e-9)


@pytest.mark.parametrize("values", [[], [1.0, math.nan], [math.inf, 1.0]])
def test_mean_interval_refuses_no_values_or_values_that_are_not_finite(values):
    with pytest.raises(ValueError):
        mean_interval(values)


def test_mean_interval_refuses_a_confidence_outside_0_1():
    with pytest.raises(ValueError, match="confidence"):
        mean_interval([1, 2, 3], confidence=1.0)


# -- the sign test ---------------------------------------------------------------------------


def reference_p(wins: int, losses: int) -> float:
    """min(1, 2·P[X <= min(wins, losses)]), X ~ Bin(wins + losses, 1/2): every term summed."""
    n, k = wins + losses, min(wins, losses)
    tail = Fraction(sum(math.comb(n, i) for i in range(k + 1)), 2**n)
    return float(min(Fraction(1), 2 * tail))


def test_sign_test_nine_wins_one_loss():
    # P[X <= 1] for X ~ Bin(10, 1/2) is (1 + 10)/1024; two-sided: 22/1024.
    result = sign_test([3, 1, 2, 5, 1, 1, 4, 2, 7, -6])
    assert result == SignTest(wins=9, losses=1, ties=0, p_value=22 / 1024)
    assert result.p_value == 0.021484375


def test_sign_test_eight_wins_two_losses_and_ties():
    # Ties are dropped: n = 10, P[X <= 2] = (1 + 10 + 45)/1024, p = 112/1024.
    differences = [1.5] * 8 + [-0.5] * 2 + [0.0] * 3
    assert sign_test(differences) == SignTest(8, 2, 3, 0.109375)


def test_sign_test_is_symmetric():
    differences = [2, -1, 3, 4, 1, 0, 5, 6, 1, 1]
    forward, backward = sign_test(differences), sign_test([-d for d in differences])
    assert (forward.wins, forward.losses) == (backward.losses, backward.wins)
    assert forward.p_value == backward.p_value == 2 * (1 + 9) / 512


def test_sign_test_five_of_five():
    assert sign_test([1, 1, 1, 1, 1]).p_value == 2 / 32


def test_sign_test_all_ties_or_nothing():
    assert sign_test([0, 0.0, -0.0]) == SignTest(0, 0, 3, 1.0)
    assert sign_test([]) == SignTest(0, 0, 0, 1.0)


def test_sign_test_even_split_is_capped_at_one():
    assert sign_test([1, -1] * 50).p_value == 1.0
    assert sign_test([1, -1] * 50 + [1]).p_value == 1.0  # P[X <= 50] is 1/2 exactly for 101


def test_sign_test_every_small_count_against_the_full_sum():
    for n in range(60):
        for wins in range(n + 1):
            expected = reference_p(wins, n - wins)
            assert sign_test([1] * wins + [-1] * (n - wins)).p_value == expected, (wins, n)


@pytest.mark.parametrize(("wins", "losses"), [(1000, 900), (2100, 1900), (2600, 2400), (700, 3)])
def test_sign_test_large_counts_against_the_full_sum(wins, losses):
    assert sign_test([1] * wins + [-1] * losses).p_value == reference_p(wins, losses)


def test_sign_test_of_twenty_thousand_deals_is_exact():
    result = sign_test([1] * 10_100 + [-1] * 9_900)
    # Every term summed with Fractions gives 0.15938343598473378; scipy's binomtest, which
    # sums in floating point, 0.15938343598473417.
    assert result == SignTest(10_100, 9_900, 0, 0.15938343598473378)


def test_sign_test_refuses_nan():
    with pytest.raises(ValueError, match="difference"):
        sign_test([1.0, math.nan])


# -- the records -----------------------------------------------------------------------------


def test_records_are_frozen_and_write_plain_json():
    interval, test = wilson(3, 10), sign_test([1, 1, -1])
    with pytest.raises(dataclasses.FrozenInstanceError):
        interval.low = 0.5
    assert json.loads(json.dumps(plain(test))) == {
        "wins": 2,
        "losses": 1,
        "ties": 0,
        "p_value": 1.0,
    }
    assert list(plain(interval)) == ["estimate", "low", "high", "n"]


# -- properties ------------------------------------------------------------------------------


@PROPERTIES
@given(
    st.integers(1, 10**9).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))),
    st.floats(0.5, 0.9999),
)
def test_wilson_contains_the_share_and_stays_in_0_1(counts, confidence):
    successes, n = counts
    interval = wilson(successes, n, confidence)
    assert interval.low is not None and interval.high is not None
    assert 0.0 <= interval.low <= interval.estimate <= interval.high <= 1.0
    if 0 < successes < n:
        assert interval.low < interval.estimate < interval.high
    mirror = wilson(n - successes, n, confidence)
    assert mirror.low == pytest.approx(1.0 - interval.high, abs=2**-53)


differences = st.lists(
    st.one_of(st.integers(-200, 200), st.floats(allow_nan=False), st.just(0)), max_size=1000
)


@PROPERTIES
@given(differences)
def test_sign_test_p_lies_in_0_1_and_matches_the_full_sum(values):
    result = sign_test(values)
    assert result.wins + result.losses + result.ties == len(values)
    assert 0.0 < result.p_value <= 1.0
    assert result.p_value == reference_p(result.wins, result.losses)
    assert sign_test([-v for v in values]).p_value == result.p_value


@PROPERTIES
@given(st.lists(st.floats(-1e6, 1e6), min_size=2, max_size=200), st.floats(0.5, 0.999))
def test_mean_interval_contains_the_mean(values, confidence):
    interval = mean_interval(values, confidence)
    assert interval.low is not None and interval.high is not None
    assert interval.low <= interval.estimate <= interval.high
    assert interval.estimate == pytest.approx(math.fsum(values) / len(values))


@PROPERTIES
@given(st.floats(1e-300, 1 - 2**-53))
def test_t_quantile_matches_the_closed_forms_anywhere(p):
    # Tails down to 1e-300: their logarithms, near -700, cost the last few digits there.
    assert t_quantile(p, 1) == pytest.approx(cauchy_quantile(p), rel=1e-12)
    assert t_quantile(p, 2) == pytest.approx(two_df_quantile(p), rel=1e-12)


@PROPERTIES
@given(st.floats(0.5, 1 - 1e-12, exclude_min=True), st.floats(1, 1e6), st.floats(1.5, 1000))
def test_t_quantile_falls_as_the_degrees_of_freedom_rise(p, fewer, factor):
    # Half again as many degrees of freedom moves the quantile by far more than its rounding.
    assert t_quantile(p, fewer) > t_quantile(p, fewer * factor) > normal_quantile(p) > 0
