"""``rouge_score.tokenize``: lowercase, ``[a-z0-9]+`` tokens, optional stemming of long tokens.

``tokenize(text, stemmer)`` runs in Rust when ``text`` is a ``str`` and ``stemmer`` is falsy or the
stemmer of :class:`~rougebleu.rouge_score.tokenizers.DefaultTokenizer`; any other stemmer object
(anything with ``stem(word)``) and ``bytes`` take rouge_score's own steps in Python.
"""

from __future__ import annotations

import re

from rougebleu._rougebleu import nltk_porter_stem, rouge_score_tokenize

__all__ = ["tokenize", "PorterStemmer"]

NON_ALPHANUM_PATTERN = r"[^a-z0-9]+"
NON_ALPHANUM_RE = re.compile(NON_ALPHANUM_PATTERN)
SPACES_PATTERN = r"\s+"
SPACES_RE = re.compile(SPACES_PATTERN)
VALID_TOKEN_PATTERN = r"^[a-z0-9]+$"
VALID_TOKEN_RE = re.compile(VALID_TOKEN_PATTERN)


class PorterStemmer:
    """NLTK 3.10's ``PorterStemmer().stem`` (default mode), in Rust: what rouge_score's
    ``DefaultTokenizer(use_stemmer=True)`` uses. Exact for the lowercase ASCII tokens rouge_score
    stems; other words are lowercased with Rust's Unicode tables."""

    def stem(self, word: str) -> str:
        """NLTK's Porter stem of ``word``, as rouge_score's stemmer gives it."""
        return nltk_porter_stem([word])[0]

    def __repr__(self) -> str:
        return "<PorterStemmer>"


def ensure_str(s, encoding="utf-8", errors="strict"):
    """``six.ensure_str``: ``bytes`` decoded, ``str`` as is, anything else a ``TypeError``."""
    if isinstance(s, str):
        return s
    if isinstance(s, bytes):
        return s.decode(encoding, errors)
    raise TypeError("not expecting type '%s'" % type(s))


def tokenize(text, stemmer):
    """Tokenize ``text`` as rouge_score does (``stemmer``: an object with ``stem(word)``, or None).

    Lowercase, replace every run outside ``[a-z0-9]`` by a space, split, stem tokens longer than
    3 characters, drop empty tokens.
    """
    if type(text) is str:
        if not stemmer:
            try:
                return rouge_score_tokenize(text, False)
            except ValueError:  # a lone surrogate: Python's steps treat it as a separator
                pass
        elif type(stemmer) is PorterStemmer:
            try:
                return rouge_score_tokenize(text, True)
            except ValueError:
                pass
    return _tokenize_python(text, stemmer)


def _tokenize_python(text, stemmer):
    """rouge_score's steps, for the inputs the native tokenizer does not take."""
    text = text.lower()
    text = NON_ALPHANUM_RE.sub(" ", ensure_str(text))
    tokens = SPACES_RE.split(text)
    if stemmer:
        tokens = [ensure_str(stemmer.stem(x)) if len(x) > 3 else x for x in tokens]
    return [x for x in tokens if VALID_TOKEN_RE.match(x)]
