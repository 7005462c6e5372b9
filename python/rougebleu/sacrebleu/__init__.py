"""A drop-in for sacrebleu 2.6.0's Python API: ``import rougebleu.sacrebleu as sacrebleu``.

The same import paths (`rougebleu.sacrebleu.metrics.bleu`, `.metrics.chrf`, `.metrics.ter`,
`.metrics.base`, `.metrics.helpers`, `.compat`, `.significance`) and names, computed by rougebleu
with sacrebleu's numbers. TER comes from :mod:`rougebleu.mt.ter` and is imported on first use.

Not offered: test-set downloads (`DATASETS`, `download_test_set`, `get_source_file`, ...), the
command line, and the MeCab (`ja-mecab`, `ko-mecab`), Flores SentencePiece (`flores101`,
`flores200`, `spm`) and `13a`-variant tokenizers beyond those of :mod:`rougebleu.mt.bleu`.
`__version__` is the sacrebleu version whose API and numbers this mirrors; signatures carry
rougebleu's own version.
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

__version__ = "2.6.0"
__description__ = "sacrebleu 2.6.0's API (BLEU, chrF, TER) computed by rougebleu"

__all__ = [
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
