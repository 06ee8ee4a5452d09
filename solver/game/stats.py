"""The statistics of `mazo simulate`: each bot's share of rounds won and mean points per round,
each with its interval, and the sign test of one bot against another on the same deals.

- A share: the Wilson score interval (Wilson 1927), which stays inside [0, 1] and keeps its
  coverage at 0 and n successes, where the textbook p ± z·sqrt(p(1-p)/n) collapses to a point.
- A mean: Student's t interval with n - 1 degrees of freedom; fewer than two values give the
  mean and no interval (`low` and `high` are None).
- Two bots on the same deals: the two-sided exact sign test of the per-deal differences. Ties
  (zero differences) are dropped, and p = min(1, 2·P[X <= min(wins, losses)]) with
  X ~ Binomial(wins + losses, 1/2), summed in whole numbers and rounded once, so it is
  right to the last bit for any n.

Without scipy: the normal quantile is the standard library's (Wichura's algorithm AS241, full
double precision); the t quantile is found by Newton's method on the t distribution's tail,
written through the regularized incomplete beta function and its continued fraction.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

__all__ = [
    "CONFIDENCE",
    "Interval",
    "SignTest",
    "mean_interval",
    "normal_quantile",
    "sign_test",
    "t_quantile",
    "wilson",
]

CONFIDENCE = 0.95

# Newton's method on the t distribution stops once a step moves t by less than this share of
# it: the convergence is quadratic, so the value is then as exact as the distribution function
# it inverts: about 1e-15 of it, and up to 1e-13 in tails below 1e-100, whose logarithms are
# large.
STEP_TOLERANCE = 1e-12
# In the heaviest tail (one degree of freedom) each step from the normal quantile about doubles
# t: some 1,000 steps reach a tail of 1e-300. The cap turns a mistake into an error, not a hang.
MAX_NEWTON_STEPS = 2_000
# The continued fraction stops once a term changes it by less than this. It needs under 60
# terms at any quantile of any degrees of freedom; the cap is there for the same reason.
FRACTION_TOLERANCE = 1e-16
MAX_FRACTION_TERMS = 1_000
TINY = 1e-300  # keeps the continued fraction's denominators off zero (Lentz's method)
# From this argument on, Stirling's series to its z⁻⁹ term gives log Γ(a + 1/2) - log Γ(a)
# to within 1e-16.
STIRLING_FROM = 15.0


@dataclass(frozen=True, slots=True)
class Interval:
    """An estimate from n observations and its interval [low, high]. `low` and `high` are None
    when the data give no interval: the mean of a single value."""

    estimate: float
    low: float | None
    high: float | None
    n: int


@dataclass(frozen=True, slots=True)
class SignTest:
    """Paired differences counted by sign, and the two-sided exact sign test's p-value."""

    wins: int
    losses: int
    ties: int
    p_value: float


def wilson(successes: int, n: int, confidence: float = CONFIDENCE) -> Interval:
    """The share successes/n with its Wilson score interval: the shares p whose normal test,
    |successes/n - p| <= z·sqrt(p(1 - p)/n), accepts the data, z the two-sided normal quantile.
    At least one trial; the ends are exactly 0 at no success and 1 at all successes."""
    successes, n = operator.index(successes), operator.index(n)
    if n < 1 or not 0 <= successes <= n:
        raise ValueError(f"a share needs 0 <= successes <= n and n >= 1, not {successes!r}/{n!r}")
    z = normal_quantile(_upper(confidence))
    low = _wilson_low(successes, n, z)
    high = 1.0 - _wilson_low(n - successes, n, z)
    return Interval(successes / n, low, high, n)


def _wilson_low(k: int, n: int, z: float) -> float:
    """The Wilson interval's lower end for k successes of n: the smaller root of
    (n + z²)p² - (2k + z²)p + k²/n = 0, written as the product of the roots over the larger
    one, k² / (n·(k + z²/2 + root)), since the usual centre minus half-width loses its digits
    to cancellation when k is small. The upper end is 1 minus this for the failures."""
    if k == 0:
        return 0.0
    root = z * math.sqrt(k * (n - k) / n + z * z / 4)
    return k * k / (n * (k + z * z / 2 + root))


def mean_interval(values: Sequence[float], confidence: float = CONFIDENCE) -> Interval:
    """The mean of the values with Student's t interval, mean ± t·s/sqrt(n), s the sample
    standard deviation and t the two-sided quantile with n - 1 degrees of freedom. Sums are
    correctly rounded (math.fsum). One value gives its mean with `low` and `high` None: no
    spread to measure. No value, or one that is not finite, is an error."""
    upper = _upper(confidence)
    data = [float(v) for v in values]
    n = len(data)
    if n == 0:
        raise ValueError("a mean needs at least one value")
    for index, value in enumerate(data):
        if not math.isfinite(value):
            raise ValueError(f"every value must be finite, not value {index}: {value!r}")
    mean = math.fsum(data) / n
    if n < 2:
        return Interval(mean, None, None, n)
    deviation = math.sqrt(math.fsum((v - mean) ** 2 for v in data) / (n - 1))
    half = t_quantile(upper, n - 1) * deviation / math.sqrt(n)
    return Interval(mean, mean - half, mean + half, n)


def sign_test(differences: Sequence[float]) -> SignTest:
    """The two-sided exact sign test of paired differences (one bot's points minus the
    other's, deal by deal): ties are dropped, and p = min(1, 2·P[X <= min(wins, losses)]) with
    X ~ Binomial(wins + losses, 1/2). No differences, or only ties, give p = 1. A p below the
    smallest double (2**-1074, from over a thousand one-sided deals) reads 0.0."""
    wins = losses = ties = 0
    for difference in differences:
        if difference > 0:
            wins += 1
        elif difference < 0:
            losses += 1
        elif difference == 0:
            ties += 1
        else:
            raise ValueError(f"a difference must be a number, not {difference!r}")
    return SignTest(wins, losses, ties, _sign_p_value(min(wins, losses), wins + losses))


def _sign_p_value(k: int, n: int) -> float:
    """min(1, 2·P[X <= k]) for X ~ Binomial(n, 1/2) and k <= n/2, correctly rounded.

    The binomial coefficients C(n, i) are summed in whole numbers from i = k down, each from
    the one above (C(n, i - 1) = C(n, i)·i / (n - i + 1), exactly). Below i the terms shrink at
    least by the ratio i / (n - i + 1), so those not yet summed add up to at most
    C(n, i)·i / (n - 2i + 1). The sum stops once the partial sum and the partial sum plus that
    bound round to the same double: the exact p rounds to it too. Near the middle that is a
    few times sqrt(n) terms. The first coefficient costs the most (math.comb's big divisions
    grow about as n²): n = 20,000 takes some 10 ms, n = 100,000 a few tenths of a second."""
    if 2 * k + 1 >= n:  # P[X <= k] >= 1/2, and p is capped at 1
        return 1.0
    term = math.comb(n, k)
    total = term
    for i in range(k, 0, -1):
        # Only once the rest is surely below 2**-64 of the sum can the two round alike.
        if term.bit_length() + i.bit_length() + 64 < total.bit_length():
            rest = -(-term * i // (n - 2 * i + 1))  # rounded up
            if _halved(total, n) == _halved(total + rest, n):
                return _halved(total, n)
        term = term * i // (n - i + 1)
        total += term
    return _halved(total, n)


def _halved(count: int, n: int) -> float:
    """2·count / 2**n, correctly rounded (Python divides whole numbers of any size exactly)."""
    return count / (1 << (n - 1))


def normal_quantile(p: float) -> float:
    """The p-quantile of the standard normal distribution, 0 < p < 1: the standard library's
    inverse CDF, Wichura's algorithm AS241, good to full double precision."""
    return NormalDist().inv_cdf(p)


def t_quantile(p: float, df: float) -> float:
    """The p-quantile of Student's t distribution with df >= 1 degrees of freedom (whole or
    not), 0 < p < 1.

    Newton's method on the distribution function, from the normal quantile. Above 0 the tail
    P[T > t] is convex and falling, and the normal quantile lies below the t quantile, so each
    step lands below the root and the steps rise to it; they stop once a step moves t by less
    than 1e-12 of it. Each step compares the smaller of the tail and the centre P[0 < T < t]
    with its target (1 - p and p - 1/2 are exact), so neither a far tail nor a p near 1/2
    loses digits; the step's division by the density is taken in logarithms, so a density
    below the smallest double (one degree of freedom, a tail below 1e-150) still steps."""
    if not 0.0 < p < 1.0:
        raise ValueError(f"a quantile needs 0 < p < 1, not {p!r}")
    if not 1.0 <= df < math.inf:
        raise ValueError(f"degrees of freedom must be at least 1 and finite, not {df!r}")
    if p == 0.5:
        return 0.0
    target_tail = min(p, 1.0 - p)  # exact: 1 - p loses nothing for p >= 1/2
    target_centre = abs(p - 0.5)  # exact wherever it is the one compared: 1/4 < p < 3/4
    t = -normal_quantile(target_tail)
    for _ in range(MAX_NEWTON_STEPS):
        tail, centre, log_density = _t_tail_centre_density(t, df)
        excess = tail - target_tail if tail <= centre else target_centre - centre
        if excess == 0.0:
            break
        step = math.copysign(math.exp(math.log(abs(excess)) - log_density), excess)
        t += step
        if abs(step) <= STEP_TOLERANCE * t:
            break
    else:
        raise ArithmeticError(f"the t quantile for p={p!r}, df={df!r} did not converge")
    return t if p > 0.5 else -t


def _t_tail_centre_density(t: float, df: float) -> tuple[float, float, float]:
    """P[T > t], P[0 < T < t] and the log of T's density at t, for t > 0 and df degrees of
    freedom. The smaller of the two probabilities is computed; the other is 1/2 minus it.

    With x = df/(df + t²), y = 1 - x and a = df/2: P[T > t] = I_x(a, 1/2)/2 and
    P[0 < T < t] = I_y(1/2, a)/2, I the regularized incomplete beta function, and the density
    is Γ(a + 1/2)/(Γ(a)·sqrt(π·df))·x^(a + 1/2). x and y are taken from q = (t²/df)^±1, their
    logarithms through log1p, so neither loses digits when t is small or huge."""
    a = df / 2
    ratio = t / math.sqrt(df)
    base = min(ratio, 1.0 / ratio)  # q = base² <= 1, so 1 + q never overflows
    q = base * base
    log1p_q = math.log1p(q)
    near = (1 / (1 + q), -log1p_q)  # 1/(1 + q) and its log
    far = (q / (1 + q), 2 * math.log(base) - log1p_q)  # q/(1 + q) and its log
    (x, log_x), (y, log_y) = (near, far) if ratio <= 1.0 else (far, near)
    log_gamma_ratio = _log_gamma_ratio(a)
    # log of x^a·y^(1/2)/B(a, 1/2), with log B(a, 1/2) = log Γ(1/2) - log_gamma_ratio
    log_front = a * log_x + 0.5 * log_y - 0.5 * math.log(math.pi) + log_gamma_ratio
    log_density = log_gamma_ratio - 0.5 * math.log(math.pi * df) + (a + 0.5) * log_x
    if x < (a + 1) / (a + 2.5):  # where the fraction for I_x(a, 1/2) converges fast
        tail = math.exp(log_front - math.log(_beta_fraction(a, 0.5, x, y))) / 2
        return tail, 0.5 - tail, log_density
    centre = math.exp(log_front - math.log(_beta_fraction(0.5, a, y, x))) / 2
    return 0.5 - centre, centre, log_density


def _beta_fraction(a: float, b: float, x: float, y: float) -> float:
    """The continued fraction F of the regularized incomplete beta function,
    I_x(a, b) = x^a·y^b / (B(a, b)·F), y = 1 - x, in the form of DiDonato and Morris
    (algorithm 708, BFRAC): F = β0 + α1/(β1 + α2/(β2 + ...)) with
    αm = (a + m - 1)(a + b + m - 1)·m(b - m)·x² / (a + 2m - 1)² and
    βm = m + m(b - m)x/(a + 2m - 1) + (a + m)(a·y - b·x + 1 + m(2 - x))/(a + 2m + 1).
    Unlike the textbook fraction it takes y as given, so x near 1 cancels no digits. Summed
    by the modified Lentz method until a term changes it by less than 1e-16."""
    fraction = _off_zero(a * (a * y - b * x + 1) / (a + 1))
    c, d = fraction, 0.0
    for m in range(1, MAX_FRACTION_TERMS):
        alpha = (a + m - 1) * (a + b + m - 1) * m * (b - m) * x * x / (a + 2 * m - 1) ** 2
        beta = m + m * (b - m) * x / (a + 2 * m - 1)
        beta += (a + m) * (a * y - b * x + 1 + m * (2 - x)) / (a + 2 * m + 1)
        d = 1.0 / _off_zero(beta + alpha * d)
        c = _off_zero(beta + alpha / c)
        fraction *= c * d
        if abs(c * d - 1.0) < FRACTION_TOLERANCE:
            return fraction
    raise ArithmeticError(f"the incomplete beta fraction for a={a!r}, b={b!r}, x={x!r} diverged")


def _off_zero(value: float) -> float:
    return value if abs(value) >= TINY else TINY


def _log_gamma_ratio(a: float) -> float:
    """log Γ(a + 1/2) - log Γ(a), for a > 0, to within about 1e-15 for any a.

    Two log-gammas of a large a each carry a rounding error of their size (some 1e-10 at
    a = 10⁵), which their difference keeps. Instead a is raised to at least 15 by
    Γ(a + 1/2)/Γ(a) = Γ(a + 3/2)/Γ(a + 1)·a/(a + 1/2), and there the difference of Stirling's
    series for the two is summed directly:
    a·log(1 + 1/(2a)) - 1/2 + log(a)/2 + S(a + 1/2) - S(a),
    S(z) = 1/(12z) - 1/(360z³) + 1/(1260z⁵) - 1/(1680z⁷) + 1/(1188z⁹)."""
    shift = 0.0
    while a < STIRLING_FROM:
        shift -= math.log1p(0.5 / a)
        a += 1.0
    lead = a * math.log1p(0.5 / a) - 0.5 + 0.5 * math.log(a)
    return shift + lead + _stirling_tail(a + 0.5) - _stirling_tail(a)


def _stirling_tail(z: float) -> float:
    """The sum of Stirling's series for log Γ(z) past its leading terms, to the z⁻⁹ term."""
    w = 1.0 / (z * z)
    return (1 / 12 - w * (1 / 360 - w * (1 / 1260 - w * (1 / 1680 - w / 1188)))) / z


def _upper(confidence: float) -> float:
    """The upper quantile's probability for a two-sided interval: (1 + confidence)/2."""
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"a confidence must lie strictly between 0 and 1, not {confidence!r}")
    return (1.0 + confidence) / 2
