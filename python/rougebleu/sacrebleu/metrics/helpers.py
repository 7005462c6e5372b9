"""sacrebleu's `metrics.helpers`: word and character n-gram counters (pure Python)."""

from __future__ import annotations

from collections import Counter

__all__ = ["extract_all_word_ngrams", "extract_word_ngrams", "extract_char_ngrams", "extract_all_char_ngrams"]


def extract_all_word_ngrams(line: str, min_order: int, max_order: int) -> tuple[Counter, int]:
    """The word n-grams (tuples) of orders `min_order..max_order` of `line.split()` and its length."""
    tokens = line.split()
    grams = [tuple(tokens[i : i + n]) for n in range(min_order, max_order + 1) for i in range(len(tokens) - n + 1)]
    return Counter(grams), len(tokens)


def extract_word_ngrams(tokens: list[str], n: int) -> Counter[str]:
    """The n-grams of a token list, each joined with a space."""
    return Counter(" ".join(tokens[i : i + n]) for i in range(len(tokens) - n + 1))


def extract_char_ngrams(line: str, n: int, include_whitespace: bool = False) -> Counter[str]:
    """The character n-grams of `line` (Python whitespace removed unless `include_whitespace`)."""
    if not include_whitespace:
        line = "".join(line.split())
    return Counter(line[i : i + n] for i in range(len(line) - n + 1))


def extract_all_char_ngrams(line: str, max_order: int, include_whitespace: bool = False) -> list[Counter[str]]:
    """One counter of character n-grams per order `1..max_order`."""
    if not include_whitespace:
        line = "".join(line.split())
    return [Counter(line[i : i + n] for i in range(len(line) - n + 1)) for n in range(1, max_order + 1)]
