"""Score tuples and bootstrap aggregation, with the semantics of ``rouge_score.scoring``."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from typing import NamedTuple

import numpy as np

from rougebleu._args import MAX_BOOTSTRAP, integer, number

__all__ = ["Score", "AggregateScore", "BootstrapAggregator", "fmeasure"]


class Score(NamedTuple):
    """Precision, recall and F-measure of one comparison (``rouge_score.scoring.Score``)."""

    precision: float
    recall: float
    fmeasure: float

    def _repr_html_(self) -> str:
        from rougebleu._display import html_table

        return html_table(["precision", "recall", "fmeasure"], [list(self)])


class AggregateScore(NamedTuple):
    """Bootstrap percentiles of the mean: ``low``, ``mid`` (the median) and ``high``."""

    low: Score
    mid: Score
    high: Score

    def _repr_html_(self) -> str:
        from rougebleu._display import html_table

        rows = [[name, *(getattr(self, end)[k] for end in self._fields)] for k, name in enumerate(Score._fields)]
        return html_table(["", "low", "mid", "high"], rows)


def fmeasure(precision: float, recall: float) -> float:
    """Balanced F-measure, ``2PR / (P + R)``, or 0.0 when both are zero."""
    if precision + recall > 0:
        return 2 * precision * recall / (precision + recall)
    return 0.0


class BootstrapAggregator:
    """Confidence intervals on the mean score by bootstrap resampling, like rouge_score's.

    For every resample, ``N`` rows are drawn with replacement from the ``N`` added scores and
    averaged; ``low``/``mid``/``high`` are the ``(1 - confidence_interval) / 2``, 50th and
    ``1 - (1 - confidence_interval) / 2`` percentiles of those means (linear interpolation).
    Note that ``mid`` is the *median* of the resample means (rouge_score's docstring says
    "mean"; its code computes the median), and precision, recall and F are resampled
    independently of each other's aggregates, so ``mid.fmeasure`` is not the F of ``mid``'s P, R.

    ``seed=None`` draws from NumPy's global legacy RNG exactly as rouge_score does, so
    ``np.random.seed(s)`` before ``aggregate()`` reproduces rouge_score's numbers. An integer
    ``seed`` uses a private ``np.random.RandomState(seed)``: the same intervals every call,
    equal to rouge_score's after ``np.random.seed(seed)``.
    """

    def __init__(self, confidence_interval: float = 0.95, n_samples: int = 1000, *, seed: int | None = None):
        # A number first (rouge_score's comparison would fail on a str with a TypeError naming nothing).
        if not 0 <= number(confidence_interval, "confidence_interval") <= 1:
            raise ValueError("confidence_interval must be in range [0, 1]")
        n_samples = integer(n_samples, "n_samples")
        if n_samples <= 0:
            raise ValueError("n_samples must be positive")
        if n_samples > MAX_BOOTSTRAP:
            raise ValueError(f"n_samples must be at most {MAX_BOOTSTRAP}, got {n_samples}")
        if seed is not None:
            seed = integer(seed, "seed")
        self._n_samples = n_samples
        self._confidence_interval = confidence_interval
        self._seed = seed
        self._scores: dict[str, list] = defaultdict(list)

    def add_scores(self, scores: Mapping[str, tuple]) -> None:
        """Add one sample: a mapping from score type to a ``Score``-like tuple."""
        for score_type, score in scores.items():
            self._scores[score_type].append(score)

    def aggregate(self) -> dict[str, AggregateScore]:
        """Resample every score type; returns ``{type: AggregateScore(low, mid, high)}``."""
        # One stream for all types, consumed in insertion order, as rouge_score's global RNG is.
        choice = np.random.choice if self._seed is None else np.random.RandomState(self._seed).choice
        result = {}
        for score_type, scores in self._scores.items():
            matrix = np.vstack(tuple(scores))
            percentiles = self._bootstrap_resample(matrix, choice)
            cls = scores[0].__class__
            low, mid, high = (cls(*percentiles[j, :]) for j in range(3))
            result[score_type] = AggregateScore(low=low, mid=mid, high=high)
        return result

    def _bootstrap_resample(self, matrix: np.ndarray, choice) -> np.ndarray:
        n = matrix.shape[0]
        population = np.arange(n)
        sample_mean = np.zeros((self._n_samples, matrix.shape[1]))
        # Same draws and the same per-resample reduction as rouge_score, for identical floats.
        for i in range(self._n_samples):
            sample_mean[i, :] = np.mean(matrix[choice(population, size=n), :], axis=0)
        delta = (1 - self._confidence_interval) / 2
        q = 100 * np.array([delta, 0.5, 1 - delta])
        return np.percentile(sample_mean, q, axis=0)
