"""sacrebleu's `metrics.base`: `Score`, `Signature` and the `Metric` interface."""

from __future__ import annotations

from abc import ABCMeta, abstractmethod
from typing import Any, Sequence

from rougebleu.mt._base import Score, Signature

__all__ = ["Score", "Signature", "Metric"]


class Metric(metaclass=ABCMeta):
    """What sacrebleu's metrics offer: `corpus_score`, `sentence_score`, `get_signature` and the
    statistics hooks the significance tests use. rougebleu's BLEU and CHRF (and TER when present)
    are registered as virtual subclasses."""

    @abstractmethod
    def corpus_score(self, hypotheses: Sequence[str], references: Any, n_bootstrap: int = 1) -> Any:
        """The corpus score of ``hypotheses`` against the reference streams."""

    @abstractmethod
    def sentence_score(self, hypothesis: str, references: Sequence[str]) -> Any:
        """The score of one hypothesis against its references."""

    @abstractmethod
    def get_signature(self) -> Signature:
        """The signature of the metric's settings."""

    @abstractmethod
    def _extract_corpus_statistics(self, hypotheses: Sequence[str], references: Any) -> Any: ...

    @abstractmethod
    def _aggregate_and_compute(self, stats: Any) -> Any: ...

    @abstractmethod
    def _compute_score_from_stats(self, stats: Any) -> Any: ...


def _register() -> None:
    from rougebleu.sacrebleu.metrics.bleu import BLEU
    from rougebleu.sacrebleu.metrics.chrf import CHRF

    Metric.register(BLEU)
    Metric.register(CHRF)
    try:
        from rougebleu.mt.ter import TER
    except ImportError:
        return
    Metric.register(TER)


_register()
