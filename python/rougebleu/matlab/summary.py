"""MATLAB's ``lexrankScores`` and ``extractSummary``: LexRank importance of documents and the
most important of them, under their snake_case and MATLAB names."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from rougebleu import _rougebleu
from rougebleu._args import not_one_text
from rougebleu._long_call import reporting
from rougebleu.matlab._inputs import _count
from rougebleu.matlab.document import TokenizedDocument, TokenizedDocumentArray, _is_str_array, _type_name

TYPE_CHECKING = False  # not typing's
if TYPE_CHECKING:
    from rougebleu._long_call import ProgressArg


def _as_documents(documents: Any) -> TokenizedDocumentArray:
    if isinstance(documents, TokenizedDocumentArray):
        return documents
    if isinstance(documents, TokenizedDocument):
        return TokenizedDocumentArray([documents])
    not_one_text(documents, "documents", "an array of documents")
    if _is_str_array(documents):
        return TokenizedDocument(list(documents))  # type: ignore[no-any-return]
    if isinstance(documents, (list, tuple)) and all(isinstance(d, TokenizedDocument) for d in documents):
        return TokenizedDocumentArray(documents)
    raise TypeError(f"documents must be a TokenizedDocumentArray or a list of documents, not {_type_name(documents)}")


def lexrank_scores(documents: Any, *, workers: int | None = None, progress: ProgressArg = None) -> np.ndarray:
    """LexRank importance of each document (MATLAB ``lexrankScores``): cosine similarity of
    bag-of-words counts, PageRank with damping 0.85; the scores sum to one."""
    with reporting(progress, "lexrank_scores"):
        docs = _as_documents(documents)
        return _rougebleu.matlab_lexrank([d._tokens for d in docs], workers=workers)


def extract_summary(
    documents: Any,
    *,
    summary_size: int | None = None,
    return_scores: bool = False,
    workers: int | None = None,
    progress: ProgressArg = None,
) -> TokenizedDocumentArray | tuple[TokenizedDocumentArray, np.ndarray]:
    """The most important documents by LexRank (MATLAB ``extractSummary``), best first.

    ``summary_size`` defaults to one tenth of the documents, rounded up (MATLAB's default).
    With ``return_scores=True`` also returns the LexRank scores of the chosen documents.
    """
    with reporting(progress, "extract_summary"):
        docs = _as_documents(documents)
        if summary_size is None:
            size = math.ceil(len(docs) / 10)
        else:
            size = _count(summary_size, "summary_size")  # type: ignore[assignment]
            if size is None or size < 1:
                raise ValueError(f"summary_size must be a positive integer, got {summary_size!r}")
        scores = lexrank_scores(docs, workers=workers)
        # Best first; ties keep the earlier document.
        order = sorted(range(len(docs)), key=lambda i: (-scores[i], i))[:size]
        summary = TokenizedDocumentArray(docs[i] for i in order)
        if return_scores:
            return summary, np.asarray(scores[order], dtype=np.float64)
        return summary


extractSummary = extract_summary
lexrankScores = lexrank_scores
