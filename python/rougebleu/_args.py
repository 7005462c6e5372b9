"""Argument checks shared by the public functions: TypeErrors and ValueErrors that name the argument.

Each check that must happen before any work is one function here: a bare string where several
texts are expected (:func:`not_one_text`), two arguments of different lengths
(:func:`same_length`), a switch that is not a bool (:func:`flag`), an option name
(:func:`option`, whose vocabularies Rust holds), numbers and their bounds.
"""

from __future__ import annotations

import math
import sys

from rougebleu import _rougebleu as _native
from rougebleu._rougebleu import is_column

# `workers` is checked where it is extracted, in the extension (one check for every batch call).
from rougebleu.limits import MAX_BETA, MAX_BOOTSTRAP

TYPE_CHECKING = False  # not typing's: keep the start-up of the commands light
if TYPE_CHECKING:
    from typing import Any


def not_one_text(
    value: Any, name: str, expected: str = "a sequence of strings", found: str = "a single", hint: str = ""
) -> None:
    """Refuses one text (a `str` or `bytes`) where several are expected: iterating it would score
    its characters. The TypeError says `name must be <expected>, not <found> string[; hint]`."""
    if isinstance(value, (str, bytes)):
        noun = "string" if isinstance(value, str) else "bytes object"
        raise TypeError(f"{name} must be {expected}, not {found} {noun}" + (f"; {hint}" if hint else ""))


def same_length(a: Any, b: Any, names: str) -> None:
    """Refuses two sequences of different lengths (`names`: "a and b") that go pair by pair."""
    if len(a) != len(b):
        raise ValueError(f"{names} must have the same length, got {len(a)} and {len(b)}")


def flag(value: Any, name: str, ints: bool = False) -> bool:
    """A switch: `bool` (or NumPy's), and with `ints` the integers 0 and 1 (TER's switches take
    them, as sacrebleu's did). Anything else is a TypeError, where a truth test would silently
    take e.g. the string "no" as true."""
    if type(value) is bool:
        return value
    np = sys.modules.get("numpy")  # a NumPy bool exists only once NumPy is imported
    if np is not None and isinstance(value, np.bool_):
        return bool(value)
    if ints:
        import numbers

        if isinstance(value, numbers.Integral) and value in (0, 1):
            return bool(value)
    raise TypeError(f"{name} must be a bool, got {type(value).__name__} {value!r}")


def option(value: Any, vocabulary: str, name: str) -> str:
    """`value` when it is one of the names of `vocabulary` (a key of `_rougebleu.OPTIONS`). Rust
    holds each vocabulary once, with the enum that validates it, and words the errors: a TypeError
    naming `name` for a non-string, a ValueError listing the names."""
    return _native.check_option(vocabulary, value, name)


def string_list(value: Any, name: str, check_items: bool = True) -> list:
    """A list from a sequence of strings; a bare string is refused. With `check_items=False` the
    item types are left to the native call, which raises the same TypeError."""
    not_one_text(value, name)
    if is_column(value):
        # Arrow/Polars/pandas/NumPy columns go to the native calls as they are (read there without
        # Python strings), unless the caller needs the strings themselves.
        return column_strings(value, name) if check_items else value
    try:
        items = list(value)
    except TypeError:
        raise TypeError(f"{name} must be a sequence of strings, got {type(value).__name__}") from None
    for i, item in enumerate(items if check_items else ()):
        if not isinstance(item, str):
            raise TypeError(f"{name}[{i}] must be a str, got {type(item).__name__}")
    return items


def column_strings(value: Any, name: str) -> list:
    """A column's rows as Python strings; a null row is a ValueError naming it."""
    items = _native.column_texts(value, name)
    for i, item in enumerate(items):
        if item is None:
            raise ValueError(f"{name}[{i}] is null (missing); fill or drop missing rows first")
        if not isinstance(item, str):
            raise TypeError(f"{name} must be a column of strings, not of lists")
    return items


def number(value: Any, name: str) -> float:
    """A real number (not a bool) as a float."""
    if type(value) is float or type(value) is int:
        return float(value)  # the usual case, without importing `numbers`
    import numbers

    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number, got {type(value).__name__}")
    return float(value)


def integer(value: Any, name: str, minimum: int | None = None) -> int:
    """An integer (not a bool), at least `minimum` when given."""
    if type(value) is not int:
        import numbers  # (not at the top: the commands pass plain ints)

        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise TypeError(f"{name} must be an int, got {type(value).__name__}")
    if minimum is not None and value < minimum:
        raise ValueError(f"{name} must be >= {minimum}, got {value}")
    return int(value)


def bounded_integer(value: Any, name: str, low: int, high: int) -> int:
    """An integer (not a bool) from `low` to `high`; any Python int outside is a ValueError naming
    the argument (never the OverflowError of a C conversion)."""
    n = integer(value, name)
    if not low <= n <= high:
        # A low of -2**63 only keeps the value a C integer: sacrebleu lets any count below one
        # mean "no resampling", so the message names the bound that matters.
        span = f"of at most {high}" if low <= -(2**63) else f"from {low} to {high}"
        raise ValueError(f"{name} must be an integer {span}, got {n}")
    return n


def n_bootstrap(value: Any, name: str = "n_bootstrap", low: int = 0) -> int:
    """A number of bootstrap resamples, at most MAX_BOOTSTRAP."""
    return bounded_integer(value, name, low, MAX_BOOTSTRAP)


def confidence(value: Any, name: str = "confidence") -> float:
    """A confidence level strictly between 0 and 1."""
    c = number(value, name)
    if not 0 < c < 1:
        raise ValueError(f"{name} must be in (0, 1), got {c}")
    return c


def beta(value: Any, name: str = "beta") -> float:
    """An F-measure beta: a number from 0 to MAX_BETA (beta**2 stays finite)."""
    b = number(value, name)
    if not (math.isfinite(b) and 0 <= b <= MAX_BETA):
        raise ValueError(f"{name} must be a number from 0 to {MAX_BETA:g}, got {b}")
    return b
