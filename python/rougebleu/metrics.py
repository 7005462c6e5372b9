"""Stateful metrics for training and evaluation loops: ``update`` / ``compute`` / ``reset`` /
``merge_state`` (the torchmetrics pattern, without torch).

The state is the metric's mergeable statistics (:mod:`rougebleu.stats`), a few hundred bytes
whatever the number of segments, so data-parallel ranks each ``update`` with their own batches and
then merge: send ``metric.state_bytes()`` to one rank (``torch.distributed.all_gather_object``,
``mpi4py``, a file ...), ``merge_state`` the others' there, and ``compute()`` gives the corpus score
of all ranks' segments, bit-identical to one process scoring them all, in any order of arrival.

References are per prediction: one string or a list of strings.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rougebleu import _engines
from rougebleu._args import option
from rougebleu.stats import BleuStats, ChrfStats, RougeStats, Stats, TerStats, from_bytes

__all__ = ["RougeMetric", "BleuMetric", "ChrfMetric", "TerMetric"]


class _Metric:
    _metric: str
    _stats_class: type[Stats]
    stats: Stats

    def __init__(self, *, workers: int | None = None, **options: Any) -> None:
        self._options = options
        self._workers = workers
        self.reset()

    def update(self, predictions: Sequence[str], references: Sequence[Any]) -> None:
        """Add a batch of predictions and their references."""
        if len(predictions) != len(references):
            raise ValueError(f"predictions and references differ in length: {len(predictions)} and {len(references)}")
        part = _engines.statistics(
            self._metric, list(predictions), list(references), self._options, False, self._workers
        )
        self.stats = self.stats + part

    def reset(self) -> None:
        """Forget every segment added."""
        self.stats = _engines.empty_statistics(self._metric, self._options)

    def merge_state(self, others: Any) -> None:
        """Merge other metrics' states into this one: metrics of the same kind and options, their
        statistics, or :meth:`state_bytes` (one or an iterable of them)."""
        if isinstance(others, (_Metric, Stats, bytes, bytearray, memoryview)):
            others = [others]
        for other in others:
            if isinstance(other, _Metric):
                other = other.stats
            elif isinstance(other, (bytes, bytearray, memoryview)):
                other = from_bytes(bytes(other))
            self.stats = self.stats + other

    def state_bytes(self) -> bytes:
        """The state as bytes (to send to another rank, which passes them to ``merge_state``)."""
        return self.stats.to_bytes()

    def compute(self) -> Any:
        """The corpus score of every segment added and merged."""
        return self.stats.score()

    def __repr__(self) -> str:
        return f"{type(self).__name__}(n={self.stats.n}, {self.stats.config})"


class RougeMetric(_Metric):
    """ROUGE over the segments added; ``compute()`` returns ``{type: Score(precision, recall,
    fmeasure)}``, the ``macro`` (mean of the per-pair scores, as :func:`rougebleu.rouge_corpus`)
    or ``micro`` (scores of the summed counts) average. Options as :func:`rougebleu.rouge`."""

    _metric = "rouge"
    _stats_class = RougeStats

    def __init__(self, *, average: str = "macro", workers: int | None = None, **options: Any) -> None:
        self.average = option(average, "rouge.average", "average")
        super().__init__(workers=workers, **options)

    def compute(self) -> Any:
        """The corpus ROUGE of every segment added and merged, averaged as ``average`` says."""
        return self.stats.score(self.average)  # type: ignore[call-arg]


class BleuMetric(_Metric):
    """Corpus BLEU over the segments added (options of :class:`rougebleu.BLEU`); ``compute()``
    returns the ``BLEUScore`` that ``BLEU(...).corpus_score`` gives on all of them."""

    _metric = "bleu"
    _stats_class = BleuStats


class ChrfMetric(_Metric):
    """Corpus chrF / chrF++ over the segments added (options of :class:`rougebleu.CHRF`)."""

    _metric = "chrf"
    _stats_class = ChrfStats


class TerMetric(_Metric):
    """Corpus TER over the segments added (options of :class:`rougebleu.TER`); the reference
    lengths are summed exactly (see :class:`rougebleu.stats.TerStats`)."""

    _metric = "ter"
    _stats_class = TerStats
