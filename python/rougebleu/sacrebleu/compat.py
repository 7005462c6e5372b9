"""sacrebleu's function API (`sacrebleu.compat`): the functions of :mod:`rougebleu.mt` under
sacrebleu's import path, and `raw_corpus_bleu`."""

from __future__ import annotations

from typing import Sequence

from rougebleu.mt.bleu import corpus_bleu, sentence_bleu
from rougebleu.mt.chrf import corpus_chrf, sentence_chrf
from rougebleu.mt.ter import corpus_ter, sentence_ter
from rougebleu.sacrebleu.metrics.bleu import BLEUScore

__all__ = [
    "corpus_bleu",
    "raw_corpus_bleu",
    "sentence_bleu",
    "corpus_chrf",
    "sentence_chrf",
    "corpus_ter",
    "sentence_ter",
]


def raw_corpus_bleu(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str | None]],
    smooth_value: float | None = 0.1,
) -> BLEUScore:
    """sacrebleu's `raw_corpus_bleu`: no tokenization, `floor` smoothing, effective order."""
    return corpus_bleu(
        hypotheses,
        references,
        smooth_method="floor",
        smooth_value=smooth_value,
        force=True,
        tokenize="none",
        use_effective_order=True,
    )
