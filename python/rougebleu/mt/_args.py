"""Argument checks shared by the BLEU, chrF and TER front ends: clear TypeErrors naming the argument.

The lengths of the reference streams and of the hypotheses are checked by the native calls, which
raise before any work, with the same words for every metric.
"""

from __future__ import annotations

import math

from rougebleu._args import _native, bounded_integer, is_column, not_one_text, number, option, string_list
from rougebleu.limits import MAX_NGRAM_ORDER
from rougebleu.mt.errors import NoReferencesError, UnknownSmoothingError, UnknownTokenizerError

TYPE_CHECKING = False  # not typing's: keep the start-up of the commands light
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any


def text_list(value: Any, name: str, check_items: bool = True) -> list[str]:
    """A list of strings from a sequence of strings (a bare string is refused)."""
    return string_list(value, name, check_items)


def reference_streams(value: Any, name: str = "references", check_items: bool = True) -> list[list[str | None]]:
    """sacrebleu's stream layout `references[k][i]` (str, or None for a missing reference)."""
    not_one_text(value, name, "a sequence of reference streams (sequences of strings)")
    try:
        streams = list(value)
    except TypeError:
        raise TypeError(f"{name} must be a sequence of reference streams, got {type(value).__name__}") from None
    out: list[Any] = []
    for k, stream in enumerate(streams):
        if is_column(stream):
            # A column stream: nulls are missing references; read natively unless checked here.
            out.append(_column_stream(stream, f"{name}[{k}]") if check_items else stream)
            continue
        hint = "wrap a single reference stream in a list: [refs]"
        not_one_text(stream, f"{name}[{k}]", "a sequence of strings (one reference stream)", hint=hint)
        try:
            items = list(stream)
        except TypeError:
            raise TypeError(f"{name}[{k}] must be a sequence of strings, got {type(stream).__name__}") from None
        for i, item in enumerate(items if check_items else ()):
            if item is not None and not isinstance(item, str):
                raise TypeError(f"{name}[{k}][{i}] must be a str or None, got {type(item).__name__}")
        out.append(items)
    if not out:
        raise ValueError(f"{name}: no reference stream given")
    return out


def _column_stream(value: Any, name: str) -> list:
    items = _native.column_texts(value, name)
    if any(isinstance(t, list) for t in items):
        raise TypeError(f"{name} must be a column of strings, not of lists")
    return items


def native_streams(
    value: Any, lowercase: bool, name: str = "references", tokenizer: Callable[[str], str] | None = None
) -> Any:
    """sacrebleu's reference streams ready for the native calls.

    Besides streams (`references[k][i]`), `value` may be a column: a text column is one stream,
    a list column holds each segment's references (nulls and short rows: missing references).
    Columns stay columns, read natively without Python strings, unless `lowercase`: sacrebleu
    lowercases with Python's `str.lower`, so those texts become Python strings and are lowered here
    (and tokenized by `tokenizer`, a model tokenizer, after that).
    """
    python = lowercase or tokenizer is not None
    if is_column(value):
        if not python:
            return value
        rows = _native.column_texts(value, name)
        if any(isinstance(r, list) for r in rows):
            width = max((len(r) for r in rows if r is not None), default=1)
            streams = [[r[k] if r is not None and k < len(r) else None for r in rows] for k in range(max(width, 1))]
        else:
            streams = [rows]
    else:
        streams = reference_streams(value, name, check_items=python)
    if lowercase:
        streams = [[t.lower() if t is not None else None for t in s] for s in streams]
    if tokenizer is not None:
        streams = [[tokenizer(t.rstrip()) if t is not None else None for t in s] for s in streams]
    return streams


def one_segment(hypothesis: Any, references: Any) -> list[list[str | None]]:
    """The general path of a metric's `sentence_score`: the hypothesis checked, and its references
    as streams of one segment each (`[[ref], ...]`) for `segment_statistics`."""
    if not isinstance(hypothesis, str):
        raise TypeError(f"hypothesis must be a str, got {type(hypothesis).__name__}")
    return [[r] for r in sentence_references(references)]


def cached_references(metric: Any) -> Any:
    """The references `metric` cached when it was made (`BLEU(references=...)`, ...), for a call
    given none; the metric's `num_refs` becomes theirs."""
    cache = metric._ref_cache
    if cache is None:
        name = type(metric).__name__
        raise NoReferencesError(f"references: none given and no references were cached by {name}(references=...)")
    metric.num_refs = cache.num_refs
    return cache


def sentence_references(references: Any) -> list:
    """The references of one segment (`sentence_score`): strings, or None for a missing one."""
    not_one_text(references, "references")
    try:
        refs = list(references)
    except TypeError:
        raise TypeError(f"references must be a sequence of strings, got {type(references).__name__}") from None
    for i, r in enumerate(refs):
        if r is not None and not isinstance(r, str):
            raise TypeError(f"references[{i}] must be a str or None, got {type(r).__name__}")
    return refs


def check_tokenize(tokenize: Any) -> str:
    """A BLEU tokenizer name: a native one, or one of sacrebleu's that need a model or MeCab (the
    names of ``OPTIONS["sacrebleu.tokenize"]`` the native calls do not know). An unknown name is
    an `UnknownTokenizerError` (a `ValueError` and, as in sacrebleu, a `KeyError`)."""
    if isinstance(tokenize, str) and tokenize in _native.OPTIONS["sacrebleu.tokenize"]:
        return tokenize
    try:
        return option(tokenize, "bleu.tokenize", "tokenize")
    except ValueError as e:
        models = ", ".join(f"'{n}'" for n in model_tokenizer_names())
        raise UnknownTokenizerError(f"{e}, or one that needs a model or MeCab: {models}") from None


def model_tokenizer_names() -> tuple[str, ...]:
    """sacrebleu's tokenizers that run in Python (:mod:`rougebleu.mt.model_tokenizers`)."""
    native = _native.OPTIONS["bleu.tokenize"]
    return tuple(n for n in _native.OPTIONS["sacrebleu.tokenize"] if n not in native)


def check_smoothing(method: Any, value: Any) -> None:
    try:
        option(method, "bleu.smooth_method", "smooth_method")
    except TypeError:
        raise
    except ValueError as e:
        raise UnknownSmoothingError(str(e)) from None
    if value is not None:
        value = number(value, "smooth_value")
        if not math.isfinite(value) or value < 0:
            raise ValueError(f"smooth_value must be a finite non-negative number, got {value!r}")


def check_order(max_ngram_order: Any) -> int:
    return bounded_integer(max_ngram_order, "max_ngram_order", 1, MAX_NGRAM_ORDER)


# The layout sacrebleu's callers most often get wrong, named where the native length checks refuse it.
_PER_PREDICTION = (
    "references looks like Hugging Face evaluate's layout (references[i]: the references of "
    "prediction i), but sacrebleu's is one stream per reference (references[k][i]: reference k of "
    "segment i); transpose it with [list(s) for s in zip(*references)], or use rougebleu.evaluate "
    "(https://rougebleu.github.io/rougebleu/layouts/)"
)


def add_layout_hint(error: ValueError, hypotheses: Any, references: Any) -> None:
    """Adds the fix to `error` (the native check of the references' lengths) when `references`
    holds one list per hypothesis (Hugging Face's layout) instead of sacrebleu's streams."""
    if _per_prediction(hypotheses, references) and error.args and isinstance(error.args[0], str):
        error.args = (f"{error.args[0]}; {_PER_PREDICTION}", *error.args[1:])


def _per_prediction(hypotheses: Any, references: Any) -> bool:
    if not isinstance(references, (list, tuple)) or not isinstance(hypotheses, (list, tuple)):
        return False
    n = len(hypotheses)
    return (
        n > 1
        and len(references) == n
        and all(isinstance(r, (list, tuple)) for r in references)
        and any(len(r) != n for r in references)
    )
