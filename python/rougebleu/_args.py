"""Argument checks shared by the public functions: TypeErrors and ValueErrors that name the argument."""

from __future__ import annotations

import numbers
from typing import Any


def string_list(value: Any, name: str, check_items: bool = True) -> list:
    """A list from a sequence of strings; a bare string is refused. With `check_items=False` the
    item types are left to the native call, which raises the same TypeError."""
    if isinstance(value, (str, bytes)):
        raise TypeError(f"{name} must be a sequence of strings, not a single {type(value).__name__}")
    try:
        items = list(value)
    except TypeError:
        raise TypeError(f"{name} must be a sequence of strings, got {type(value).__name__}") from None
    for i, item in enumerate(items if check_items else ()):
        if not isinstance(item, str):
            raise TypeError(f"{name}[{i}] must be a str, got {type(item).__name__}")
    return items


def number(value: Any, name: str) -> float:
    """A real number (not a bool) as a float."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number, got {type(value).__name__}")
    return float(value)


def integer(value: Any, name: str, minimum: int | None = None) -> int:
    """An integer (not a bool), at least `minimum` when given."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an int, got {type(value).__name__}")
    if minimum is not None and value < minimum:
        raise ValueError(f"{name} must be >= {minimum}, got {value}")
    return int(value)
