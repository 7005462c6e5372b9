"""How the MATLAB-style scoring functions read their arguments, as MATLAB reads them: documents
from strings, word lists or ``tokenizedDocument``s, reference sets, counts and real numbers,
option names (checked natively, as every option is)."""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence
from typing import Any, Literal

import numpy as np

from rougebleu._args import option
from rougebleu.matlab.document import TokenizedDocument, TokenizedDocumentArray, _is_str_array, _type_name

RougeMethod = Literal[
    "n-grams",
    "longest-common-subsequences",
    "weighted-subsequences",
    "weighted-longest-common-subsequences",
    "skip-bigrams",
    "skip-bigrams-and-unigrams",
]
DocumentLike = TokenizedDocument | TokenizedDocumentArray | str | Sequence[str]


# ----- inputs as MATLAB reads them ------------------------------------------------------------
def _as_candidate(obj: Any, arg: str = "candidate") -> TokenizedDocument:
    if isinstance(obj, TokenizedDocument):
        return obj
    if isinstance(obj, TokenizedDocumentArray):
        if len(obj) != 1:
            raise ValueError(f"{arg} must be a single document, got an array of {len(obj)} documents")
        return obj[0]
    if isinstance(obj, str):
        return TokenizedDocument(obj)
    if _is_str_array(obj):
        return TokenizedDocument(list(obj), tokenize_method="none")
    raise TypeError(f"{arg} must be a TokenizedDocument, a string or a list of words, not {_type_name(obj)}")


def _as_references(obj: Any, arg: str = "references") -> list[TokenizedDocument]:
    if isinstance(obj, TokenizedDocument):
        return [obj]
    if isinstance(obj, TokenizedDocumentArray):
        return list(obj)
    if isinstance(obj, str):
        return [TokenizedDocument(obj)]
    if _is_str_array(obj):
        # MATLAB: a string array that is not a tokenizedDocument array is one document of words.
        return [TokenizedDocument(list(obj), tokenize_method="none")]
    if isinstance(obj, (list, tuple)) and all(isinstance(d, TokenizedDocument) or _is_str_array(d) for d in obj):
        # Several references: documents, or word lists (one document each).
        return [
            d if isinstance(d, TokenizedDocument) else TokenizedDocument(list(d), tokenize_method="none") for d in obj
        ]
    raise TypeError(
        f"{arg} must be a TokenizedDocument array, a list of TokenizedDocuments or word lists, "
        f"a string or a list of words, not {_type_name(obj)}"
    )


def _native(doc: TokenizedDocument) -> tuple[Sequence[str], list[int]]:
    # The token tuple itself: the core borrows the strings, nothing is copied.
    return doc._tokens, doc.sentence_lengths()


def _count(value: Any, arg: str, *, allow_inf: bool = False) -> int | None:
    """A positive integer argument (integral floats accepted, as MATLAB's numeric types)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{arg} must be a positive integer, not {_type_name(value)}")
    if allow_inf and value == math.inf:
        return None
    if isinstance(value, numbers.Integral):
        n = int(value)  # type: ignore[call-overload]
    elif not math.isfinite(value) or not float(value).is_integer():
        raise ValueError(f"{arg} must be a positive integer, got {value!r}")
    else:
        n = int(float(value))
    if allow_inf and n >= 2**63:
        return None  # a distance longer than any text is no limit at all
    if n >= 2**63:
        raise ValueError(f"{arg} must be a positive integer below 2**63, got {value!r}")
    return n


def _real(value: Any, arg: str) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{arg} must be a real number, not {_type_name(value)}")
    return float(value)


def _rouge_options(rouge_method: Any, ngram_length: Any, skip_distance: Any, beta: Any, weight: Any) -> dict[str, Any]:
    return {
        "rouge_method": option(rouge_method, "matlab.rouge_method", "rouge_method"),
        "ngram_length": _count(ngram_length, "ngram_length"),
        "skip_distance": None if skip_distance is None else _count(skip_distance, "skip_distance", allow_inf=True),
        "beta": _real(beta, "beta"),
        "weight": _real(weight, "weight"),
    }


def _weights(ngram_weights: Any) -> list[float]:
    if isinstance(ngram_weights, numbers.Real) and not isinstance(ngram_weights, bool):
        return [float(ngram_weights)]
    if isinstance(ngram_weights, (str, bytes)):
        raise TypeError("ngram_weights must be a sequence of numbers, not a string")
    try:
        items = (
            list(np.asarray(ngram_weights).ravel().tolist())
            if isinstance(ngram_weights, np.ndarray)
            else list(ngram_weights)
        )
    except TypeError:
        raise TypeError(f"ngram_weights must be a sequence of numbers, not {_type_name(ngram_weights)}") from None
    for w in items:
        if isinstance(w, bool) or not isinstance(w, numbers.Real):
            raise TypeError(f"ngram_weights must contain numbers, not {_type_name(w)}")
    return [float(w) for w in items]
