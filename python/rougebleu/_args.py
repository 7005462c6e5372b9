"""Argument checks shared by the public functions: TypeErrors and ValueErrors that name the argument."""

from __future__ import annotations

import math

from rougebleu import _rougebleu as _native
from rougebleu._rougebleu import is_column

# `workers` is checked where it is extracted, in the extension (one check for every batch call).
from rougebleu.limits import MAX_BETA, MAX_BOOTSTRAP

TYPE_CHECKING = False  # not typing's: keep the start-up of the commands light
if TYPE_CHECKING:
    from typing import Any


def string_list(value: Any, name: str, check_items: bool = True) -> list:
    """A list from a sequence of strings; a bare string is refused. With `check_items=False` the
    item types are left to the native call, which raises the same TypeError."""
    if isinstance(value, (str, bytes)):
        raise TypeError(f"{name} must be a sequence of strings, not a single {type(value).__name__}")
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
        raise ValueError(f"{name} must be an integer from {low} to {high}, got {n}")
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
