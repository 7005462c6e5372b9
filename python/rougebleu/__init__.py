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

# MATLAB Text Analytics Toolbox-style API (snake_case and MATLAB names).
from rougebleu.matlab import (
    TokenizedDocument,
    TokenizedDocumentArray,
    bleu_evaluation_score,
    bleu_evaluation_score_batch,
    bleuEvaluationScore,
    extract_summary,
    extractSummary,
    lexrank_scores,
    lexrankScores,
    rouge_evaluation_score,
    rouge_evaluation_score_batch,
    rougeEvaluationScore,
    tokenizedDocument,
)

__all__ += [
    "TokenizedDocument",
    "TokenizedDocumentArray",
    "bleuEvaluationScore",
    "bleu_evaluation_score",
    "bleu_evaluation_score_batch",
    "extractSummary",
    "extract_summary",
    "lexrankScores",
    "lexrank_scores",
    "rougeEvaluationScore",
    "rouge_evaluation_score",
    "rouge_evaluation_score_batch",
    "tokenizedDocument",
]

# ROUGE-1.5.5 (Perl) compatibility mode.
from rougebleu.rouge155 import Rouge155  # noqa: E402

__all__ += ["Rouge155"]
