"""The exception types of the sacrebleu-family metrics where sacrebleu raises something other than
`ValueError`: each is also a `ValueError`, so code written for either library catches them."""

from __future__ import annotations

__all__ = ["NoReferencesError", "UnknownSmoothingError", "UnknownTokenizerError"]


class UnknownTokenizerError(ValueError, KeyError):
    """An unknown `tokenize` name (sacrebleu raises `KeyError`)."""

    def __str__(self) -> str:
        # KeyError's own str() quotes its message as a key; this is a message.
        return str(self.args[0]) if self.args else ""


class NoReferencesError(ValueError, RuntimeError):
    """A call without references on a metric that cached none (sacrebleu raises `RuntimeError`)."""


class UnknownSmoothingError(ValueError, AssertionError):
    """An unknown BLEU `smooth_method` (sacrebleu asserts it is known: `AssertionError`)."""
