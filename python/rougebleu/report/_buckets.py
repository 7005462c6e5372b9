"""The buckets of the comparison report, defined as compare-mt 0.2.10 defines them (its
`bucketers.py`): a value falls in the first bucket whose cutoff exceeds it, else in the last; the
labels are compare-mt's (`<10`, `[10,20)`, `3`, `>=60`). The length-ratio buckets are ours (compare-mt
counts length differences instead; the report has both).
"""

from __future__ import annotations

import bisect

TYPE_CHECKING = False  # not typing's: the command imports this module
if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

#: Reference length in tokens (compare-mt's `LengthSentenceBucketer`).
REFERENCE_LENGTH = (10, 20, 30, 40, 50, 60)
#: Hypothesis minus reference length in tokens (`LengthDiffSentenceBucketer`).
LENGTH_DIFFERENCE = (-20, -10, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 11, 21)
#: A word's frequency in the references or a training corpus (`FreqWordBucketer`).
WORD_FREQUENCY = (1, 2, 3, 4, 5, 10, 100, 1000)
#: Hypothesis length over reference length (ours): around 1, lengths that agree within 5%.
LENGTH_RATIO = (0.5, 0.75, 0.9, 0.95, 1.05, 1.1, 1.25, 1.5)


def score_cutoffs(scale: float) -> list[float]:
    """Sentence-level score buckets of a metric on a 0..`scale` scale (`ScoreSentenceBucketer`):
    tenths of the scale."""
    return [x * scale / 10.0 for x in range(1, 10)]


def labels(cutoffs: Sequence[float], integers: bool) -> list[str]:
    """compare-mt's bucket names (`set_bucket_cutoffs`): `<first`, then `[a,b)`, or the value
    itself for an integer bucket of one value, then `>=last`."""
    out = []
    for i, x in enumerate(cutoffs):
        if i == 0:
            out.append(f"<{x}")
        elif integers and x - 1 == cutoffs[i - 1]:
            out.append(f"{x - 1}")
        else:
            out.append(f"[{cutoffs[i - 1]},{x})")
    out.append(f">={cutoffs[-1]}")
    return out


def bucket_of(value: float, cutoffs: Sequence[float]) -> int:
    """compare-mt's `cutoff_into_bucket`: the first bucket whose cutoff exceeds `value`."""
    return bisect.bisect_right(cutoffs, value)


def length_ratio(hypothesis: int, reference: int) -> float:
    """Hypothesis over reference length; an empty reference gives infinity (1 if both are empty)."""
    if reference:
        return hypothesis / reference
    return float("inf") if hypothesis else 1.0


def counts(values: Iterable[float], cutoffs: Sequence[float]) -> list[int]:
    """How many of `values` fall in each bucket."""
    out = [0] * (len(cutoffs) + 1)
    for v in values:
        out[bisect.bisect_right(cutoffs, v)] += 1
    return out


def members(values: Iterable[float], cutoffs: Sequence[float]) -> list[list[int]]:
    """The indices of `values` in each bucket, in order."""
    out: list[list[int]] = [[] for _ in range(len(cutoffs) + 1)]
    for i, v in enumerate(values):
        out[bisect.bisect_right(cutoffs, v)].append(i)
    return out
