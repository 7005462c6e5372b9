"""``rouge_score.tokenizers``: the ``Tokenizer`` base class and ``DefaultTokenizer``."""

from __future__ import annotations

import abc

from rougebleu.rouge_score import tokenize

__all__ = ["Tokenizer", "DefaultTokenizer"]


class Tokenizer(abc.ABC):
    """Abstract base class for a tokenizer: subclasses implement ``tokenize(text)``."""

    @abc.abstractmethod
    def tokenize(self, text):
        """The tokens of ``text``; subclasses implement it."""
        raise NotImplementedError("Tokenizer must override tokenize() method")


class DefaultTokenizer(Tokenizer):
    """rouge_score's default tokenizer (``tokenize.tokenize``), with NLTK's Porter stemmer on
    request (the Rust port; nltk is not needed)."""

    def __init__(self, use_stemmer=False):
        self._stemmer = tokenize.PorterStemmer() if use_stemmer else None

    def tokenize(self, text):
        """rouge_score's tokens of ``text``, stemmed if the tokenizer was made with ``use_stemmer``."""
        return tokenize.tokenize(text, self._stemmer)
