"""BLEU exactly as NLTK 3.10.4 computes it (`nltk.translate.bleu_score`), on token lists, 0-1 scale;
and NLTK's METEOR (`nltk.translate.meteor_score`): `meteor_score`, `single_meteor_score` (implemented
in :mod:`rougebleu.meteor.nltk_meteor`, re-exported here).

`sentence_bleu(references, hypothesis, weights, smoothing_function, auto_reweigh)` and
`corpus_bleu(list_of_references, hypotheses, ...)` return the same values as NLTK, including its
quirks: the integer `0` when no unigram matches, tiny positive scores such as 1.5e-154 from the
default `method0` (a zero precision becomes `sys.float_info.min`), per-segment denominators of at
least 1, and corpus-level smoothing methods 5-7 looking at the last segment only. `weights` may be
one tuple or a list of tuples (then a list of scores comes back).

The module's other public names are NLTK's too: the names `nltk.translate.bleu_score` imports
(`Counter`, `math`, `sys`, `warnings`, and `ngrams`, NLTK's sliding window) and its `Fraction`, a
fraction that reports the numerator and denominator it was given (what `modified_precision`
returns).

Differences on purpose: a bare string where a token list is expected, unequal numbers of
hypotheses and references, a segment without references, and negative or NaN weights raise
`TypeError`/`ValueError`; method6's "non-zero precision" assertion raises
:class:`SmoothingError` (a subclass of both `ValueError` and `AssertionError`). `method0` warns
with a `UserWarning` like NLTK (one per zero order).
"""

from __future__ import annotations

import fractions
import math
import sys
import warnings
from collections import Counter, deque
from itertools import chain, repeat
from typing import Any, Callable, Hashable, Iterable, Iterator, Sequence

import numpy as np

from rougebleu import _rougebleu as _native
from rougebleu._args import not_one_text
from rougebleu.limits import MAX_NGRAM_ORDER

__all__ = [
    "SmoothingError",
    "SmoothingFunction",
    "bleu",
    "brevity_penalty",
    "closest_ref_length",
    "corpus_bleu",
    "modified_precision",
    "ngrams",
    "Fraction",
    "sentence_bleu",
    "meteor_score",
    "single_meteor_score",
]

Tokens = Sequence[Hashable]


class Fraction(fractions.Fraction):
    """NLTK's `bleu_score.Fraction`: its value is the reduced fraction, but unless `_normalize=True`
    `numerator` and `denominator` are the integers it was made from (`Fraction(0, 7).denominator` is
    7), which NLTK's smoothing methods read as counts."""

    _given: tuple[int, int] | None

    def __new__(cls, numerator: Any = 0, denominator: Any = None, _normalize: bool = False) -> Fraction:
        self = super().__new__(cls, numerator, denominator)
        # Raw parts only where both were given as integers: otherwise there are none to keep.
        raw = not _normalize and isinstance(numerator, int) and isinstance(denominator, int)
        self._given = (numerator, denominator) if raw else None
        return self

    @property
    def numerator(self) -> int:  # type: ignore[override]
        """The numerator as given (reduced with `_normalize=True`)."""
        return super().numerator if self._given is None else self._given[0]

    @property
    def denominator(self) -> int:  # type: ignore[override]
        """The denominator as given (reduced with `_normalize=True`)."""
        return super().denominator if self._given is None else self._given[1]

    # Equality and hashing by value: Python 3.11's Fraction compares the other side's numerator
    # and denominator, which here may be unreduced.
    def __eq__(self, other: object) -> bool:
        if isinstance(other, Fraction):
            other = fractions.Fraction(other._numerator, other._denominator)  # type: ignore[attr-defined]
        return fractions.Fraction(self._numerator, self._denominator) == other  # type: ignore[attr-defined]

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(fractions.Fraction(self._numerator, self._denominator))  # type: ignore[attr-defined]


def ngrams(
    sequence: Iterable[Any],
    n: int,
    *,
    pad_left: bool = False,
    pad_right: bool = False,
    left_pad_symbol: Any = None,
    right_pad_symbol: Any = None,
) -> Iterator[tuple[Any, ...]]:
    """NLTK's `ngrams` (`nltk.util`, imported by its bleu_score): the tuples of `n` consecutive
    items, lazily, after `n - 1` pad symbols on the left and/or right where asked."""
    items: Iterator[Any] = iter(sequence)
    pads = max(n - 1, 0)
    if pad_left:
        items = chain(repeat(left_pad_symbol, pads), items)
    if pad_right:
        items = chain(items, repeat(right_pad_symbol, pads))
    window: deque[Any] = deque(maxlen=n)
    if n == 0:
        yield ()  # NLTK's empty window counts once before any item, then once per item
    for item in items:
        window.append(item)
        if len(window) == n:
            yield tuple(window)


class SmoothingError(ValueError, AssertionError):
    """A smoothing method cannot be applied (NLTK raises `AssertionError` there)."""


class _Ratio:
    """A precision kept as the unreduced `numerator/denominator` NLTK reports.

    NLTK's smoothing methods read the raw counts (e.g. `epsilon / denominator` for a 0/7 precision
    uses 7, not the 1 of a reduced fraction); arithmetic uses the exact rational value.
    """

    __slots__ = ("numerator", "denominator", "value")

    def __init__(self, numerator: int, denominator: int) -> None:
        self.numerator = numerator
        self.denominator = denominator
        self.value = fractions.Fraction(numerator, denominator)

    def __repr__(self) -> str:
        return f"{self.numerator}/{self.denominator}"


def _val(p: Any) -> Any:
    return p.value if isinstance(p, _Ratio) else p


def _ngram_counts(tokens: Tokens, n: int) -> Counter:
    if len(tokens) < n:
        return Counter()
    return Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))


def _counts(references: Sequence[Tokens], hypothesis: Tokens, n: int) -> tuple[int, int]:
    hyp = _ngram_counts(hypothesis, n)
    best: dict = {}
    for ref in references:
        rc = _ngram_counts(ref, n)
        for g in hyp:
            c = rc[g]
            if c > best.get(g, 0):
                best[g] = c
    matched = sum(min(c, best.get(g, 0)) for g, c in hyp.items())
    return matched, max(1, sum(hyp.values()))


def modified_precision(references: Sequence[Tokens], hypothesis: Tokens, n: int) -> Fraction:
    """Clipped n-gram precision (Papineni et al. 2002, §2.1) with NLTK's denominator `max(1, count)`,
    as NLTK's unreduced :class:`Fraction` (`numerator` and `denominator` are the counts)."""
    _check_segment(references, hypothesis, "references", "hypothesis")
    return Fraction(*_counts(references, hypothesis, n), _normalize=False)


def closest_ref_length(references: Sequence[Tokens], hyp_len: int) -> int:
    """The length of the reference closest in length to `hyp_len` (the shorter one on a tie)."""
    return min((len(r) for r in references), key=lambda r: (abs(r - hyp_len), r))


def brevity_penalty(closest_ref_len: int, hyp_len: int) -> float | int:
    """BLEU's brevity penalty: 1 (the int) for a hypothesis longer than its closest reference,
    0 for an empty one, else `exp(1 - closest_ref_len / hyp_len)`."""
    if hyp_len > closest_ref_len:
        return 1
    if hyp_len == 0:
        return 0
    return math.exp(1 - closest_ref_len / hyp_len)


class SmoothingFunction:
    """NLTK's smoothing methods 0-7 (Chen & Cherry 2014), with its defaults `epsilon=0.1, alpha=5, k=5`."""

    def __init__(self, epsilon: float = 0.1, alpha: float = 5, k: float = 5) -> None:
        self.epsilon = epsilon
        self.alpha = alpha
        self.k = k

    def method0(self, p_n: list, *args: Any, **kwargs: Any) -> list:
        """No smoothing: a zero precision becomes `sys.float_info.min` (a tiny positive score), with a warning."""
        out = []
        for i, p in enumerate(p_n):
            if p.numerator != 0:
                out.append(p)
            else:
                warnings.warn(
                    f"no {i + 1}-gram of the hypothesis matches; without smoothing the BLEU score is "
                    f"(practically) 0 whatever the lower orders match -- consider a SmoothingFunction",
                    UserWarning,
                    stacklevel=4,
                )
                out.append(sys.float_info.min)
        return out

    def method1(self, p_n: list, *args: Any, **kwargs: Any) -> list:
        """A zero count becomes `epsilon` matches."""
        return [(p.numerator + self.epsilon) / p.denominator if p.numerator == 0 else p for p in p_n]

    def method2(self, p_n: list, *args: Any, **kwargs: Any) -> list:
        """Add one to numerator and denominator of orders 2 and up (Lin & Och 2004)."""
        return [p if i == 0 else _Ratio(p.numerator + 1, p.denominator + 1) for i, p in enumerate(p_n)]

    def method3(self, p_n: list, *args: Any, **kwargs: Any) -> list:
        """NIST geometric smoothing: the k-th zero order gets `1 / (2^k * denominator)`."""
        k = 1
        for i, p in enumerate(p_n):
            if p.numerator == 0:
                p_n[i] = 1 / (2**k * p.denominator)
                k += 1
        return p_n

    def method4(
        self, p_n: list, references: Any, hypothesis: Tokens, hyp_len: int | None = None, *a: Any, **kw: Any
    ) -> list:
        """Like method3 with `k / ln(hyp_len)` in the denominator (shorter hypotheses smooth more)."""
        inc = 1
        hyp_len = hyp_len if hyp_len else len(hypothesis)
        for i, p in enumerate(p_n):
            if p.numerator == 0 and hyp_len > 1:
                p_n[i] = (1 / (2**inc * self.k / math.log(hyp_len))) / p.denominator
                inc += 1
        return p_n

    def method5(
        self, p_n: list, references: Any, hypothesis: Tokens, hyp_len: int | None = None, *a: Any, **kw: Any
    ) -> list:
        """Average each precision with its neighbours (the 5-gram precision of the given segment after
        the last order, `p_1 + 1` before the first)."""
        extended = list(p_n) + [_Ratio(*_counts(references, hypothesis, 5))]
        prev = _val(p_n[0]) + 1
        for i, p in enumerate(p_n):
            p_n[i] = (prev + _val(p) + _val(extended[i + 1])) / 3
            prev = p_n[i]
        return p_n

    def method6(
        self, p_n: list, references: Any, hypothesis: Tokens, hyp_len: int | None = None, *a: Any, **kw: Any
    ) -> list:
        """Gao & He (2013) interpolation from the two lower orders (needs a non-zero third entry)."""
        if not _val(p_n[2]):
            raise SmoothingError("This smoothing method requires non-zero precision for bigrams.")
        for i, p in enumerate(p_n):
            if i < 2:
                continue
            before = _val(p_n[i - 2])
            pi0 = 0 if before == 0 else _val(p_n[i - 1]) ** 2 / before
            count = max(len(hypothesis) - i, 0)
            p_n[i] = (p.numerator + self.alpha * pi0) / (count + self.alpha)
        return p_n

    def method7(
        self, p_n: list, references: Any, hypothesis: Tokens, hyp_len: int | None = None, *a: Any, **kw: Any
    ) -> list:
        """method4, then method5."""
        p_n = self.method4(p_n, references, hypothesis, hyp_len)
        return self.method5(p_n, references, hypothesis, hyp_len)


def _check_tokens(tokens: Any, name: str) -> None:
    not_one_text(tokens, name, "a list of tokens", found="a", hint="split it first")
    if not hasattr(tokens, "__len__") or not hasattr(tokens, "__getitem__"):
        raise TypeError(f"{name} must be a list of tokens, got {type(tokens).__name__}")


def _check_segment(references: Any, hypothesis: Any, rname: str, hname: str) -> None:
    _check_tokens(hypothesis, hname)
    if isinstance(references, (str, bytes)) or not hasattr(references, "__len__"):
        raise TypeError(f"{rname} must be a list of token lists, got {type(references).__name__}")
    if len(references) == 0:
        raise ValueError(f"{rname} is empty; each hypothesis needs at least one reference")
    for k, r in enumerate(references):
        _check_tokens(r, f"{rname}[{k}]")


def _corpus_counts(list_of_references: Any, hypotheses: Any, max_order: int) -> tuple[list, list, int, int]:
    """Summed matches, NLTK denominators (`max(1, total)` per segment) and lengths."""
    try:
        # String tokens: counted in Rust (sacrebleu's statistics of the token lists).
        stats = _native.bleu_token_stats(hypotheses, list_of_references, max_order)
    except (TypeError, UnicodeError):
        # Tokens that are not str, or str holding a lone surrogate (not UTF-8): NLTK compares
        # them as Python objects, and so does the fallback below.
        stats = None
    if stats is not None:
        sums = stats.sum(axis=0)
        den = np.maximum(stats[:, 2 + max_order :], 1).sum(axis=0)
        return (
            [int(x) for x in sums[2 : 2 + max_order]],
            [int(x) for x in den],
            int(sums[0]),
            int(sums[1]),
        )
    num = [0] * max_order
    den_l = [0] * max_order
    hyp_total = ref_total = 0
    for references, hypothesis in zip(list_of_references, hypotheses):
        for n in range(max_order):
            m, d = _counts(references, hypothesis, n + 1)
            num[n] += m
            den_l[n] += d
        hyp_total += len(hypothesis)
        ref_total += closest_ref_length(references, len(hypothesis))
    return num, den_l, hyp_total, ref_total


def _weight_sets(weights: Any) -> tuple[list, list[tuple]]:
    """The weight sets as given (NLTK compares them to the default tuple as they are) and as tuples.

    As NLTK, a sequence whose first item is itself indexable is a list of weight sets. Their length
    (the largest n-gram order) is bounded by ``MAX_NGRAM_ORDER``."""
    try:
        weights[0][0]
        given = list(weights)
    except (TypeError, IndexError):
        given = [weights]
    sets = [tuple(w) for w in given]
    if not sets or any(len(w) == 0 for w in sets):
        raise ValueError("weights must be a non-empty tuple of numbers (or a list of such tuples)")
    longest = max(len(w) for w in sets)
    if longest > MAX_NGRAM_ORDER:
        raise ValueError(f"weights: at most {MAX_NGRAM_ORDER} weights (n-gram orders) per set, got {longest}")
    for w in sets:
        for x in w:
            if isinstance(x, bool) or not isinstance(x, (int, float, fractions.Fraction)):
                raise TypeError(f"weights must be numbers, got {type(x).__name__}")
            if math.isnan(x) or x < 0:
                raise ValueError(f"weights must be non-negative numbers, got {x!r}")
    return given, sets


def corpus_bleu(
    list_of_references: Sequence[Sequence[Tokens]],
    hypotheses: Sequence[Tokens],
    weights: Any = (0.25, 0.25, 0.25, 0.25),
    smoothing_function: Callable[..., Any] | None = None,
    auto_reweigh: bool = False,
) -> Any:
    """Corpus BLEU as NLTK: n-gram matches and totals summed over segments, brevity penalty from the
    summed closest reference lengths (ties to the shorter), weighted geometric mean of the precisions."""
    if isinstance(hypotheses, (str, bytes)) or not hasattr(hypotheses, "__len__"):
        raise TypeError("hypotheses must be a list of token lists")
    if isinstance(list_of_references, (str, bytes)) or not hasattr(list_of_references, "__len__"):
        raise TypeError("list_of_references must be a list (one list of references per hypothesis)")
    if len(list_of_references) != len(hypotheses):
        raise ValueError(f"list_of_references has {len(list_of_references)} items but hypotheses has {len(hypotheses)}")
    given, sets = _weight_sets(weights)
    many = len(sets) != 1  # NLTK returns a scalar for a single weight set, however it was given
    max_order = max(len(w) for w in sets)
    for i, (refs_i, hyp_i) in enumerate(zip(list_of_references, hypotheses)):
        _check_segment(refs_i, hyp_i, f"list_of_references[{i}]", f"hypotheses[{i}]")
    num, den, hyp_total, ref_total = _corpus_counts(list_of_references, hypotheses, max_order)
    references: Any = list_of_references[-1] if len(hypotheses) else None
    hypothesis: Any = hypotheses[-1] if len(hypotheses) else None
    bp = brevity_penalty(ref_total, hyp_total)
    if num[0] == 0:
        return [0] * len(sets) if many else 0
    p_n: list = [_Ratio(num[n], den[n]) for n in range(max_order)]
    smooth = smoothing_function or SmoothingFunction().method0
    p_n = smooth(p_n, references=references, hypothesis=hypothesis, hyp_len=hyp_total)
    scores = []
    for g, w in zip(given, sets):
        # NLTK compares the weights as given: a list of four 0.25s is not the default tuple.
        if auto_reweigh and hyp_total < 4 and g == (0.25, 0.25, 0.25, 0.25):
            w = (1 / hyp_total,) * hyp_total
        logs = (wi * math.log(_val(p)) for wi, p in zip(w, p_n) if _val(p) > 0)
        scores.append(bp * math.exp(math.fsum(logs)))
    return scores if many else scores[0]


def sentence_bleu(
    references: Sequence[Tokens],
    hypothesis: Tokens,
    weights: Any = (0.25, 0.25, 0.25, 0.25),
    smoothing_function: Callable[..., Any] | None = None,
    auto_reweigh: bool = False,
) -> Any:
    """Sentence BLEU as NLTK: `corpus_bleu([references], [hypothesis], ...)`."""
    _check_segment(references, hypothesis, "references", "hypothesis")
    return corpus_bleu([references], [hypothesis], weights, smoothing_function, auto_reweigh)


# `nltk.translate.bleu`: NLTK's short name for sentence_bleu.
bleu = sentence_bleu

# NLTK's METEOR (nltk.translate.meteor_score), implemented with the METEOR family.
from rougebleu.meteor.nltk_meteor import meteor_score, single_meteor_score  # noqa: E402
