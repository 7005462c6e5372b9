"""``rouge_score.scoring``: score tuples, the scorer base class and bootstrap aggregation."""

from __future__ import annotations

import abc
import collections
from typing import Dict

from rougebleu import scoring as _scoring
from rougebleu.rouge_family.scoring import AggregateScore, Score, fmeasure

__all__ = ["Score", "AggregateScore", "BaseScorer", "BootstrapAggregator", "fmeasure"]


class BaseScorer(metaclass=abc.ABCMeta):
    """Base class for Scorer objects (``rouge_score.scoring.BaseScorer``)."""

    @abc.abstractmethod
    def score(self, target: str, prediction: str) -> Dict[str, Score]:
        """Calculates score between the target and prediction: ``{score_type: Score}``."""


class BootstrapAggregator(_scoring.BootstrapAggregator):
    """Confidence intervals of the mean score by bootstrap resampling (rouge_score's class).

    Same arguments and checks as rouge_score (``ValueError`` for ``confidence_interval`` outside
    [0, 1] or ``n_samples <= 0``, nothing more), same draws from NumPy's global RNG, so
    ``np.random.seed(s)`` before ``aggregate()`` gives rouge_score's numbers exactly. ``mid`` is the
    median of the resample means, as rouge_score computes it.
    """

    def __init__(self, confidence_interval=0.95, n_samples=1000):
        if confidence_interval < 0 or confidence_interval > 1:
            raise ValueError("confidence_interval must be in range [0, 1]")
        if n_samples <= 0:
            raise ValueError("n_samples must be positive")
        self._n_samples = n_samples
        self._confidence_interval = confidence_interval
        self._seed = None
        self._scores = collections.defaultdict(list)
