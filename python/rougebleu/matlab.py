"""MATLAB Text Analytics Toolbox-style API: ``tokenizedDocument``, ``rougeEvaluationScore``,
``bleuEvaluationScore`` and ``extractSummary`` under their snake_case and MATLAB names.

Documents are immutable: every preprocessing method returns a new document, as MATLAB's
functions return new arrays. Tokenization and all scoring run in the Rust core; see
``docs/matlab.md`` for the exact rules and the choices MATLAB's pages leave open.
"""

from __future__ import annotations

import functools
import itertools
import math
import numbers
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Literal, overload

import numpy as np

from rougebleu import _rougebleu
from rougebleu._args import flag, option, same_length
from rougebleu._long_call import reporting
from rougebleu._matlab_stopwords import STOP_WORDS

TYPE_CHECKING = False  # not typing's
if TYPE_CHECKING:
    from rougebleu._long_call import ProgressArg

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

#: Token types in the order of the Rust enum ``text::matlab::TokenType``.
TOKEN_TYPES = (
    "letters",
    "digits",
    "punctuation",
    "email-address",
    "web-address",
    "hashtag",
    "at-mention",
    "emoticon",
    "emoji",
    "other",
)
# Token types that erase_punctuation leaves whole (their punctuation is part of what they are).
_COMPLEX = frozenset({"email-address", "web-address", "hashtag", "at-mention", "emoticon", "emoji"})
_TERMINATORS = frozenset({".", "!", "?", "…", "‼", "⁉", "。", "！", "？"})
_CLOSERS = frozenset({")", "]", "}", '"', "'", "”", "’", "»", "›"})


def _type_name(obj: object) -> str:
    return type(obj).__name__


def _is_str_array(obj: object) -> bool:
    """A list, tuple or NumPy array whose items are all strings (MATLAB's string array)."""
    if isinstance(obj, np.ndarray):
        return obj.ndim <= 1 and obj.dtype.kind in "UO" and all(isinstance(x, str) for x in obj.tolist())
    return isinstance(obj, (list, tuple)) and all(isinstance(x, str) for x in obj)


def _tokenize(texts: list[str]) -> list[tuple[list[str], list[str]]]:
    return [(toks, [TOKEN_TYPES[k] for k in kinds]) for toks, kinds in _rougebleu.matlab_tokenize(texts)]


def _classify_words(words: Sequence[str]) -> list[str]:
    """Types of pre-split words: the type of the one token a word makes, else ``other``."""
    out = []
    for word, (toks, kinds) in zip(words, _rougebleu.matlab_tokenize(list(words))):
        out.append(TOKEN_TYPES[kinds[0]] if len(toks) == 1 and toks[0] == word else "other")
    return out


@functools.lru_cache(maxsize=4096)
def _is_punctuation_or_symbol(c: str) -> bool:
    return unicodedata.category(c)[0] in "PS"


def _strip_punctuation(token: str) -> str:
    if token.isalnum():  # the common case: nothing to erase
        return token
    return "".join(c for c in token if not _is_punctuation_or_symbol(c))


class TokenizedDocument:
    """One tokenized document, as MATLAB's ``tokenizedDocument`` scalar.

    ``TokenizedDocument("the fast brown fox.")`` tokenizes the MATLAB way (words, numbers and
    punctuation as tokens; URLs, e-mail addresses, hashtags, @-mentions, emoticons and emoji
    whole). ``TokenizedDocument(["the", "fox"], tokenize_method="none")`` takes the words as
    they are (MATLAB's ``'TokenizeMethod','none'``). A list of strings without
    ``tokenize_method="none"``, or a list of word lists, gives a :class:`TokenizedDocumentArray`
    with one document per item, as MATLAB reads a string array.
    """

    __slots__ = ("_sentences", "_tokens", "_types")
    _tokens: tuple[str, ...]
    _types: tuple[str, ...]
    _sentences: tuple[int, ...] | None

    @overload
    def __new__(cls, text: str | None = None, *, tokenize_method: str = "unicode") -> TokenizedDocument: ...
    @overload
    def __new__(cls, text: Sequence[Any], *, tokenize_method: str = "unicode") -> Any: ...
    def __new__(cls, text: Any = None, *, tokenize_method: str = "unicode") -> Any:
        option(tokenize_method, "matlab.tokenize_method", "tokenize_method")
        if text is None:
            return cls._make((), (), None)
        if isinstance(text, TokenizedDocument):
            return text
        if isinstance(text, TokenizedDocumentArray):
            return text
        if isinstance(text, str):
            if tokenize_method == "none":
                return cls._make((text,), tuple(_classify_words([text])), None)
            ((toks, kinds),) = _tokenize([text])
            return cls._make(tuple(toks), tuple(kinds), None)
        if _is_str_array(text):
            items = [str(x) for x in (text.tolist() if isinstance(text, np.ndarray) else text)]
            if tokenize_method == "none":
                return cls._make(tuple(items), tuple(_classify_words(items)), None)
            return TokenizedDocumentArray(cls._make(tuple(t), tuple(k), None) for t, k in _tokenize(items))
        if isinstance(text, (list, tuple)) and all(_is_str_array(x) for x in text):
            return TokenizedDocumentArray(cls(list(x), tokenize_method="none") for x in text)
        raise TypeError(f"text must be a string, a list of strings or a list of word lists, not {_type_name(text)}")

    @classmethod
    def _make(
        cls, tokens: tuple[str, ...], types: tuple[str, ...], sentences: tuple[int, ...] | None
    ) -> TokenizedDocument:
        doc = object.__new__(cls)
        doc._tokens, doc._types, doc._sentences = tokens, types, sentences
        return doc

    def _keep(self, keep: Iterable[bool]) -> TokenizedDocument:
        mask = list(keep)
        pick = lambda seq: tuple(x for x, k in zip(seq, mask) if k)
        return self._make(
            pick(self._tokens), pick(self._types), None if self._sentences is None else pick(self._sentences)
        )

    # ----- contents -------------------------------------------------------------------------
    @property
    def tokens(self) -> list[str]:
        """The tokens, in order."""
        return list(self._tokens)

    @property
    def token_types(self) -> list[str]:
        """MATLAB's token types: letters, digits, punctuation, email-address, web-address,
        hashtag, at-mention, emoticon, emoji or other."""
        return list(self._types)

    @property
    def sentence_numbers(self) -> list[int] | None:
        """1-based sentence number of each token, or None before :meth:`add_sentence_details`."""
        return None if self._sentences is None else list(self._sentences)

    @property
    def sentences(self) -> list[list[str]]:
        """The tokens of each sentence (one sentence without sentence details)."""
        if self._sentences is None:
            return [list(self._tokens)] if self._tokens else []
        return [
            [t for t, _ in grp] for _, grp in itertools.groupby(zip(self._tokens, self._sentences), key=lambda p: p[1])
        ]

    def sentence_lengths(self) -> list[int]:
        """Number of tokens of each sentence; empty without sentence details."""
        if self._sentences is None:
            return []
        return [sum(1 for _ in grp) for _, grp in itertools.groupby(self._sentences)]

    def token_details(self) -> list[dict[str, Any]]:
        """One dict per token: ``token``, ``type`` and, after :meth:`add_sentence_details`,
        ``sentence_number`` (MATLAB's ``tokenDetails`` table, as rows)."""
        rows: list[dict[str, Any]] = []
        for i, (tok, kind) in enumerate(zip(self._tokens, self._types)):
            row: dict[str, Any] = {"token": tok, "type": kind}
            if self._sentences is not None:
                row["sentence_number"] = self._sentences[i]
            rows.append(row)
        return rows

    @property
    def doclength(self) -> int:
        """Number of tokens (MATLAB ``doclength``)."""
        return len(self._tokens)

    def __len__(self) -> int:
        return len(self._tokens)

    def __iter__(self) -> Iterator[str]:
        return iter(self._tokens)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TokenizedDocument):
            return NotImplemented
        return self._tokens == other._tokens and self._sentences == other._sentences

    __hash__ = None  # type: ignore[assignment]

    def __str__(self) -> str:
        n = len(self._tokens)
        return f"{n} {'token' if n == 1 else 'tokens'}: {' '.join(self._tokens)}".rstrip()

    def __repr__(self) -> str:
        return f"tokenizedDocument:\n\n   {self}"

    # ----- preprocessing (each returns a new document) -------------------------------------------
    def lower(self) -> TokenizedDocument:
        """Lowercase every token."""
        return self._make(tuple(t.lower() for t in self._tokens), self._types, self._sentences)

    def upper(self) -> TokenizedDocument:
        """Uppercase every token."""
        return self._make(tuple(t.upper() for t in self._tokens), self._types, self._sentences)

    def erase_punctuation(self) -> TokenizedDocument:
        """Erase punctuation and symbol characters (Unicode categories P and S) from tokens and
        drop tokens left empty; web and e-mail addresses, hashtags, @-mentions, emoticons and
        emoji stay whole."""
        new = tuple(t if k in _COMPLEX else _strip_punctuation(t) for t, k in zip(self._tokens, self._types))
        doc = self._make(new, self._types, self._sentences)
        return doc._keep(bool(t) for t in new)

    def remove_stop_words(self, *, ignore_case: bool = True) -> TokenizedDocument:
        """Remove the English stop words of :data:`STOP_WORDS` (ignoring case by default)."""
        if ignore_case:
            return self._keep(t.lower().replace("’", "'") not in STOP_WORDS for t in self._tokens)
        return self._keep(t.replace("’", "'") not in STOP_WORDS for t in self._tokens)

    def remove_words(
        self, words: str | Iterable[str] | Iterable[int], *, ignore_case: bool = False
    ) -> TokenizedDocument:
        """Remove the given words (a string or strings; case-sensitive unless ``ignore_case``),
        or the tokens at the given 0-based positions (integers)."""
        if isinstance(words, str):
            words = [words]
        try:
            items: list[Any] = list(words)
        except TypeError:
            raise TypeError(f"words must be a string, strings or integer positions, not {_type_name(words)}") from None
        if items and all(isinstance(w, numbers.Integral) and not isinstance(w, bool) for w in items):
            drop = {int(w) for w in items}
            bad = [i for i in drop if not -len(self) <= i < len(self)]
            if bad:
                raise ValueError(f"words: position {bad[0]} is out of range for a document of {len(self)} tokens")
            drop = {i % len(self) for i in drop}
            return self._keep(i not in drop for i in range(len(self)))
        if not all(isinstance(w, str) for w in items):
            raise TypeError("words must be a string, strings or integer positions")
        if ignore_case:
            lowered = {w.lower() for w in items}
            return self._keep(t.lower() not in lowered for t in self._tokens)
        remove = set(items)
        return self._keep(t not in remove for t in self._tokens)

    def normalize_words(self, *, style: str = "stem") -> TokenizedDocument:
        """Porter-stem the words (tokens of type ``letters``, lowercased first), as MATLAB's
        default ``normalizeWords``: strongly -> strongli, worded -> word, collection -> collect."""
        if style != "stem":
            raise ValueError(f"style must be 'stem' (lemmatization is not available), got {style!r}")
        idx = [i for i, k in enumerate(self._types) if k == "letters"]
        stems = _rougebleu.matlab_stem([self._tokens[i].lower() for i in idx])
        new = list(self._tokens)
        for i, s in zip(idx, stems):
            new[i] = s
        return self._make(tuple(new), self._types, self._sentences)

    def add_sentence_details(self) -> TokenizedDocument:
        """Number the sentences: a sentence ends after a run of ``.`` ``!`` ``?`` ``…`` tokens
        (with any closing brackets and quotes that follow them; a straight ``"`` closes only
        when an odd number of them came before)."""
        numbers_: list[int] = []
        current, ended, open_quotes = 1, False, 0
        for tok, kind in zip(self._tokens, self._types):
            punct = kind == "punctuation"
            is_term = punct and tok in _TERMINATORS
            # A straight double quote closes only if one is open; otherwise it opens the next sentence.
            closes = punct and (tok in _CLOSERS if tok != '"' else open_quotes % 2 == 1)
            if ended and not (is_term or closes):
                current, ended = current + 1, False
            numbers_.append(current)
            ended = ended or is_term
            open_quotes += tok == '"'
        return self._make(self._tokens, self._types, tuple(numbers_))

    def join_words(self, delimiter: str = " ") -> str:
        """The tokens joined by ``delimiter`` (MATLAB ``joinWords``)."""
        return delimiter.join(self._tokens)

    # MATLAB names.
    erasePunctuation = erase_punctuation
    removeStopWords = remove_stop_words
    removeWords = remove_words
    normalizeWords = normalize_words
    addSentenceDetails = add_sentence_details
    joinWords = join_words
    tokenDetails = token_details


tokenizedDocument = TokenizedDocument


def _vectorized(name: str) -> Any:
    method = getattr(TokenizedDocument, name)

    def apply(self: TokenizedDocumentArray, *args: Any, **kwargs: Any) -> TokenizedDocumentArray:
        return TokenizedDocumentArray(method(d, *args, **kwargs) for d in self._docs)

    apply.__name__ = name
    apply.__doc__ = f"{method.__doc__}\n\nApplied to every document."
    return apply


class TokenizedDocumentArray(Sequence[TokenizedDocument]):
    """An array of documents (MATLAB's ``N×1 tokenizedDocument``) with the document methods
    applied to every document."""

    __slots__ = ("_docs",)

    def __init__(self, documents: Iterable[TokenizedDocument | str] = ()) -> None:
        docs = []
        for i, d in enumerate(documents):
            if isinstance(d, str):
                d = TokenizedDocument(d)
            if not isinstance(d, TokenizedDocument):
                raise TypeError(f"documents[{i}] must be a TokenizedDocument or a string, not {_type_name(d)}")
            docs.append(d)
        self._docs: tuple[TokenizedDocument, ...] = tuple(docs)

    def __len__(self) -> int:
        return len(self._docs)

    @overload
    def __getitem__(self, index: int) -> TokenizedDocument: ...
    @overload
    def __getitem__(self, index: slice) -> TokenizedDocumentArray: ...
    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return TokenizedDocumentArray(self._docs[index])
        return self._docs[index]

    def __iter__(self) -> Iterator[TokenizedDocument]:
        return iter(self._docs)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TokenizedDocumentArray):
            return NotImplemented
        return self._docs == other._docs

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        n = len(self._docs)
        if n == 0:
            return "0×1 empty tokenizedDocument array"
        width = max(len(str(len(d))) for d in self._docs)
        lines = []
        for d in self._docs:
            text = str(d)
            count, rest = text.split(" ", 1)
            lines.append(f"    {count.rjust(width)} {rest}")
        return f"{n}×1 tokenizedDocument:\n\n" + "\n".join(lines)

    __str__ = __repr__

    @property
    def tokens(self) -> list[list[str]]:
        return [d.tokens for d in self._docs]

    @property
    def doclength(self) -> np.ndarray:
        """Number of tokens of each document."""
        return np.array([len(d) for d in self._docs], dtype=np.int64)

    def join_words(self, delimiter: str = " ") -> list[str]:
        return [d.join_words(delimiter) for d in self._docs]

    lower = _vectorized("lower")
    upper = _vectorized("upper")
    erase_punctuation = _vectorized("erase_punctuation")
    remove_stop_words = _vectorized("remove_stop_words")
    remove_words = _vectorized("remove_words")
    normalize_words = _vectorized("normalize_words")
    add_sentence_details = _vectorized("add_sentence_details")

    erasePunctuation = erase_punctuation
    removeStopWords = remove_stop_words
    removeWords = remove_words
    normalizeWords = normalize_words
    addSentenceDetails = add_sentence_details
    joinWords = join_words


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


# ----- ROUGE ----------------------------------------------------------------------------------
def rouge_evaluation_score(
    candidate: DocumentLike,
    references: DocumentLike | Sequence[TokenizedDocument],
    *,
    rouge_method: RougeMethod = "n-grams",
    ngram_length: int = 1,
    skip_distance: float | None = 4,
    beta: float = 1.0,
    weight: float = 1.2,
) -> float:
    """ROUGE score of one candidate against reference documents (MATLAB ``rougeEvaluationScore``).

    ``rouge_method``: ``"n-grams"`` (ROUGE-N, recall), ``"longest-common-subsequences"`` (L),
    ``"weighted-subsequences"`` / ``"weighted-longest-common-subsequences"`` (W, with
    ``f(k) = k**weight``), ``"skip-bigrams"`` (S, at most ``skip_distance`` words between the
    pair; ``None`` or ``math.inf`` for any gap) and ``"skip-bigrams-and-unigrams"`` (SU).
    L, W, S and SU are F-measures ``(1+β²)PR/(R+β²P)``. Counts are per reference sentence
    (see :meth:`TokenizedDocument.add_sentence_details`); the score is the maximum over the
    reference documents. NaN when the longest reference has no unit to count (fewer than
    ``ngram_length`` words, say) or everything is empty; 0 when only the candidate is too short.
    """
    c = _as_candidate(candidate)
    refs = _as_references(references)
    opts = _rouge_options(rouge_method, ngram_length, skip_distance, beta, weight)
    out = _rougebleu.matlab_rouge([_native(c)], [[_native(r) for r in refs]], workers=1, **opts)
    return float(out[0])


def rouge_evaluation_score_batch(
    candidates: Sequence[DocumentLike],
    references: Sequence[DocumentLike | Sequence[TokenizedDocument]],
    *,
    rouge_method: RougeMethod = "n-grams",
    ngram_length: int = 1,
    skip_distance: float | None = 4,
    beta: float = 1.0,
    weight: float = 1.2,
    workers: int | None = None,
    progress: ProgressArg = None,
) -> np.ndarray:
    """:func:`rouge_evaluation_score` of ``candidates[i]`` against ``references[i]`` for every
    ``i``, in parallel, as a float64 array."""
    with reporting(progress, "rouge_evaluation_score_batch"):
        cands, ref_sets = _batch_inputs(candidates, references)
        opts = _rouge_options(rouge_method, ngram_length, skip_distance, beta, weight)
        return _rougebleu.matlab_rouge(
            [_native(c) for c in cands], [[_native(r) for r in rs] for rs in ref_sets], workers=workers, **opts
        )


def _batch_inputs(candidates: Any, references: Any) -> tuple[list[TokenizedDocument], list[list[TokenizedDocument]]]:
    if isinstance(candidates, (str, TokenizedDocument)):
        raise TypeError("candidates must be a sequence of candidate documents, not a single document")
    if isinstance(references, (str, TokenizedDocument)):
        raise TypeError("references must be a sequence with one reference set per candidate")
    cands = [_as_candidate(c, f"candidates[{i}]") for i, c in enumerate(candidates)]
    ref_sets = [_as_references(r, f"references[{i}]") for i, r in enumerate(references)]
    same_length(cands, ref_sets, "candidates and references")
    return cands, ref_sets


# ----- BLEU -----------------------------------------------------------------------------------
def bleu_evaluation_score(
    candidate: DocumentLike,
    references: DocumentLike | Sequence[TokenizedDocument],
    *,
    ngram_weights: Sequence[float] | float = (0.25, 0.25, 0.25, 0.25),
    ignore_case: bool = False,
) -> float:
    """BLEU score (0–1) of one candidate against reference documents (MATLAB
    ``bleuEvaluationScore``): n-grams of length 1..len(ngram_weights), weights normalised to
    sum to one, clipped counts, brevity penalty from the closest reference length, no
    smoothing. 0 when the candidate has fewer words than weights; NaN when all are empty."""
    c = _as_candidate(candidate)
    refs = _as_references(references)
    out = _rougebleu.matlab_bleu(
        [c._tokens],
        [[r._tokens for r in refs]],
        ngram_weights=_weights(ngram_weights),
        ignore_case=flag(ignore_case, "ignore_case"),
        workers=1,
    )
    return float(out[0])


def bleu_evaluation_score_batch(
    candidates: Sequence[DocumentLike],
    references: Sequence[DocumentLike | Sequence[TokenizedDocument]],
    *,
    ngram_weights: Sequence[float] | float = (0.25, 0.25, 0.25, 0.25),
    ignore_case: bool = False,
    workers: int | None = None,
    progress: ProgressArg = None,
) -> np.ndarray:
    """:func:`bleu_evaluation_score` of ``candidates[i]`` against ``references[i]`` for every
    ``i``, in parallel, as a float64 array."""
    with reporting(progress, "bleu_evaluation_score_batch"):
        cands, ref_sets = _batch_inputs(candidates, references)
        ignore_case = flag(ignore_case, "ignore_case")
        return _rougebleu.matlab_bleu(
            [c._tokens for c in cands],
            [[r._tokens for r in rs] for rs in ref_sets],
            ngram_weights=_weights(ngram_weights),
            ignore_case=bool(ignore_case),
            workers=workers,
        )


# ----- LexRank and extractSummary --------------------------------------------------------------
def _as_documents(documents: Any) -> TokenizedDocumentArray:
    if isinstance(documents, TokenizedDocumentArray):
        return documents
    if isinstance(documents, TokenizedDocument):
        return TokenizedDocumentArray([documents])
    if isinstance(documents, str):
        raise TypeError("documents must be an array of documents, not a single string")
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


rougeEvaluationScore = rouge_evaluation_score
bleuEvaluationScore = bleu_evaluation_score
extractSummary = extract_summary
lexrankScores = lexrank_scores
