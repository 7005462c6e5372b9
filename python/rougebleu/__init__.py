"""rougebleu: ROUGE and BLEU with the exact numbers of the reference implementations, fast.

ROUGE as Google's rouge_score computes it: :class:`RougeScorer` (drop-in) and the columnar
:func:`rouge` for many pairs at once; bootstrap intervals with :class:`BootstrapAggregator`.
"""

from rougebleu._rougebleu import __version__
from rougebleu.rouge_batch import CorpusScore, Interval, RougeArrays, rouge, rouge_corpus
from rougebleu.rouge_scorer import RougeScorer
from rougebleu.scoring import AggregateScore, BootstrapAggregator, Score

__all__ = [
    "__version__",
    "AggregateScore",
    "BootstrapAggregator",
    "CorpusScore",
    "Interval",
    "RougeArrays",
    "RougeScorer",
    "Score",
    "rouge",
    "rouge_corpus",
]
