"""sacrebleu's `metrics.bleu`: `BLEU` with sacrebleu's static `compute_bleu` (see :mod:`rougebleu.mt.bleu`,
which also carries the statistics hooks sacrebleu's significance tests call)."""

from __future__ import annotations

from typing import Sequence

from rougebleu.mt._bleu_score import BLEUScore, BLEUSignature
from rougebleu.mt.bleu import BLEU as _BLEU

TYPE_CHECKING = False  # not typing's
if TYPE_CHECKING:
    from rougebleu._rougebleu import _SmoothMethod

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
        smooth_method: _SmoothMethod = "none",
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
