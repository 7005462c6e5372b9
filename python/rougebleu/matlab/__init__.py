"""MATLAB Text Analytics Toolbox-style API: ``tokenizedDocument``, ``rougeEvaluationScore``,
``bleuEvaluationScore`` and ``extractSummary`` under their snake_case and MATLAB names.

Documents are immutable: every preprocessing method returns a new document, as MATLAB's
functions return new arrays. Tokenization and all scoring run in the Rust core; see
https://rougebleu.github.io/rougebleu/matlab/ for the exact rules and the choices MATLAB's pages leave open.

The package holds one module per part: :mod:`~rougebleu.matlab.document` (``tokenizedDocument``),
:mod:`~rougebleu.matlab.scoring` (ROUGE and BLEU evaluation scores),
:mod:`~rougebleu.matlab.summary` (LexRank, ``extractSummary``) and
:mod:`~rougebleu.matlab.stopwords` (``STOP_WORDS``); every name is importable from here.
"""

from __future__ import annotations

from rougebleu.matlab._inputs import DocumentLike as DocumentLike  # the types of the signatures
from rougebleu.matlab._inputs import RougeMethod as RougeMethod
from rougebleu.matlab.document import TokenizedDocument, TokenizedDocumentArray, tokenizedDocument
from rougebleu.matlab.scoring import (
    bleu_evaluation_score,
    bleu_evaluation_score_batch,
    bleuEvaluationScore,
    rouge_evaluation_score,
    rouge_evaluation_score_batch,
    rougeEvaluationScore,
)
from rougebleu.matlab.stopwords import STOP_WORDS
from rougebleu.matlab.summary import extract_summary, extractSummary, lexrank_scores, lexrankScores

__all__ = [
    "STOP_WORDS",
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
