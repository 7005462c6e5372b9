"""A drop-in for sacrebleu 2.6.0's Python API: ``import rougebleu.sacrebleu as sacrebleu``.

The same import paths (`rougebleu.sacrebleu.metrics.bleu`, `.metrics.chrf`, `.metrics.ter`,
`.metrics.base`, `.metrics.helpers`, `.compat`, `.significance`, `.utils`) and names, computed by
rougebleu with sacrebleu's numbers. TER comes from :mod:`rougebleu.mt.ter` and is imported on
first use.

Every tokenizer of sacrebleu 2.6.0: besides the native ones, `ja-mecab`, `ko-mecab` and the
SentencePiece tokenizers of spBLEU (`spm`, `flores101`, `flores200`, `spBLEU-1K`) run through the
packages sacrebleu uses (the `ja`, `ko` and `spm` extras), with models read from sacrebleu's own
cache (:mod:`rougebleu.mt.model_tokenizers`).

Where sacrebleu raises another type than `ValueError`, the error is of both types: an unknown
tokenizer is a `KeyError`, an unknown smoothing method an `AssertionError`, a call without
references on a metric that cached none a `RuntimeError` (:mod:`rougebleu.mt.errors`).

Not offered: test-set downloads (`DATASETS`, `download_test_set`, `get_source_file`, ...); the
command line is ``rougebleu sacrebleu``. `__version__` is the sacrebleu version whose API and
numbers this mirrors; signatures name it and rougebleu's version (`https://rougebleu.github.io/rougebleu/signatures/`).
"""

from __future__ import annotations

from typing import Any

from rougebleu.sacrebleu.compat import (
    corpus_bleu,
    corpus_chrf,
    corpus_ter,
    raw_corpus_bleu,
    sentence_bleu,
    sentence_chrf,
    sentence_ter,
)
from rougebleu.sacrebleu.metrics import BLEU, CHRF
from rougebleu.sacrebleu.metrics.helpers import extract_char_ngrams, extract_word_ngrams
from rougebleu.sacrebleu.utils import SACREBLEU_DIR, smart_open

__version__ = "2.6.0"
__description__ = "sacrebleu 2.6.0's API (BLEU, chrF, TER) computed by rougebleu"

__all__ = [
    "SACREBLEU_DIR",
    "smart_open",
    "extract_word_ngrams",
    "extract_char_ngrams",
    "BLEU",
    "CHRF",
    "TER",
    "corpus_bleu",
    "raw_corpus_bleu",
    "sentence_bleu",
    "corpus_chrf",
    "sentence_chrf",
    "corpus_ter",
    "sentence_ter",
    "__version__",
]


TYPE_CHECKING = False
if TYPE_CHECKING:
    from rougebleu.sacrebleu.metrics.ter import TER as TER


def __getattr__(name: str) -> Any:
    if name == "TER":
        from rougebleu.sacrebleu.metrics.ter import TER

        return TER
    raise AttributeError(f"module 'rougebleu.sacrebleu' has no attribute {name!r}")
