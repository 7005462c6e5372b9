"""MATLAB's ``tokenizedDocument``: a document as tokens with their types, its sentences, and the
preprocessing methods (each returns a new document, as MATLAB's functions return new arrays);
``TokenizedDocumentArray`` applies them to many documents. Tokenization runs in the Rust core
(``src/text/matlab.rs``).
"""

from __future__ import annotations

import functools
import itertools
import numbers
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, overload

import numpy as np

from rougebleu import _rougebleu
from rougebleu._args import option
from rougebleu.matlab.stopwords import STOP_WORDS

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
        """The tokens of each document, in order."""
        return [d.tokens for d in self._docs]

    @property
    def doclength(self) -> np.ndarray:
        """Number of tokens of each document."""
        return np.array([len(d) for d in self._docs], dtype=np.int64)

    def join_words(self, delimiter: str = " ") -> list[str]:
        """Each document's tokens joined by ``delimiter`` (MATLAB ``joinWords``)."""
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
