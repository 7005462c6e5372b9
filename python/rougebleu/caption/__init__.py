"""The COCO caption evaluation suite without Java: pycocoevalcap 1.2's numbers, computed in Rust.

Image, video and audio captioning and data-to-text report coco-caption's suite: BLEU-1..4,
METEOR, ROUGE-L and CIDEr(-D), on captions tokenized by Stanford's PTB tokenizer. Here:

- :func:`ptb_tokenize`: the tokenization pycocoevalcap's ``PTBTokenizer`` gives (a Java program
  there), token for token;
- :func:`caption_scores`: the suite's dictionary for a list of candidates and their references,
  with every per-image value in ``.per_item``;
- :class:`CiderD` and :class:`Cider`: CIDEr-D exactly as pycocoevalcap's ``Cider``, and CIDEr as its
  authors' code computes it, for evaluation and as a training reward (self-critical sequence
  training), with :class:`DocumentFrequencies` computed once over a corpus, saved and loaded;
- :class:`CaptionStats`: mergeable statistics, to score a run in parts;
- :func:`caption_signature`: the reproducibility signature of those numbers (also
  ``CaptionScores.signature`` and ``CiderD(...).signature()``);
- the drop-in mirror of pycocoevalcap's import paths is :mod:`rougebleu.pycocoevalcap`.
"""

from __future__ import annotations

from typing import Any

# name -> module defining it, imported on first use (NumPy and the statistics stay out of a
# `caption_scores` call that never looks at per-image arrays).
_EXPORTS = {
    "ptb_tokenize": "tokenize",
    "caption_scores": "suite",
    "CaptionScores": "suite",
    "CiderD": "cider",
    "Cider": "cider",
    "DocumentFrequencies": "cider",
    "CaptionStats": "stats",
    "caption_signature": "signature",
}

__all__ = [
    "ptb_tokenize",
    "caption_scores",
    "CaptionScores",
    "CiderD",
    "Cider",
    "DocumentFrequencies",
    "CaptionStats",
    "caption_signature",
]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'rougebleu.caption' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f"rougebleu.caption.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))


TYPE_CHECKING = False
if TYPE_CHECKING:
    from rougebleu.caption.cider import Cider, CiderD, DocumentFrequencies
    from rougebleu.caption.signature import caption_signature
    from rougebleu.caption.stats import CaptionStats
    from rougebleu.caption.suite import CaptionScores, caption_scores
    from rougebleu.caption.tokenize import ptb_tokenize
