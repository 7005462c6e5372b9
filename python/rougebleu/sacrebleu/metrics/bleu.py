"""sacrebleu's `metrics.bleu`: `BLEU` with sacrebleu's static `compute_bleu` and the hooks its
significance tests call (see :mod:`rougebleu.mt.bleu`)."""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from rougebleu import _rougebleu as _native
from rougebleu.mt._bleu_score import BLEUScore, BLEUSignature
from rougebleu.mt.bleu import BLEU as _BLEU

__all__ = ["BLEU", "BLEUScore", "BLEUSignature", "MAX_NGRAM_ORDER"]

MAX_NGRAM_ORDER = 4


class BLEU(_BLEU):
    """sacrebleu's `BLEU` (arguments, defaults and numbers), with `compute_bleu`."""

    @staticmethod
    def compute_bleu(
        correct: Sequence[int],
        total: Sequence[int],
        sys_len: int,
        ref_len: int,
        smooth_method: str = "none",
        smooth_value: float | None = None,
        effective_order: bool = False,
        max_ngram_order: int = MAX_NGRAM_ORDER,
    ) -> BLEUScore:
        """BLEU from sufficient statistics (`correct`/`total` n-gram counts per order)."""
        metric = _BLEU(
            smooth_method=smooth_method,
            smooth_value=smooth_value,
            effective_order=effective_order,
            max_ngram_order=max_ngram_order,
        )
        n = max_ngram_order
        return metric.score_from_statistics([sys_len, ref_len, *list(correct)[:n], *list(total)[:n]])

    # -- what sacrebleu's significance tests call ---------------------------------------------------

    def _extract_corpus_statistics(self, hypotheses: Sequence[str], references: Any) -> list:
        return self.segment_statistics(hypotheses, references if references else None).tolist()

    def _compute_score_from_stats(self, stats: Sequence[Any]) -> BLEUScore:
        return self.score_from_statistics(stats)

    def _aggregate_and_compute(self, stats: Sequence[Sequence[int]]) -> BLEUScore:
        arr = np.asarray(stats, dtype=np.int64).reshape(-1, 2 + 2 * self.max_ngram_order)
        return self.score_from_statistics(arr.sum(axis=0))

    def _resample_scores(self, stats: np.ndarray, idx: np.ndarray) -> np.ndarray:
        return self._bootstrap_scores_idx(stats, idx)

    def _bootstrap_scores_idx(self, stats: np.ndarray, idx: np.ndarray) -> np.ndarray:
        return _native.bleu_bootstrap_scores(
            np.ascontiguousarray(stats, dtype=np.int64),
            np.ascontiguousarray(idx, dtype=np.int64),
            self.smooth_method,
            self._value_f(),
            self.effective_order,
        )

    def _randomization_scores(
        self, baseline: np.ndarray, system: np.ndarray, swap: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        return _native.bleu_randomization_scores(
            np.ascontiguousarray(baseline, dtype=np.int64),
            np.ascontiguousarray(system, dtype=np.int64),
            np.ascontiguousarray(swap),
            self.smooth_method,
            self._value_f(),
            self.effective_order,
        )
