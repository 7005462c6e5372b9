"""Data frames in one call: columns (or rows) as a pandas or Polars frame, whichever the caller
names. Neither library is a dependency; each is imported only when asked for."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from typing import Any

__all__ = ["LIBRARIES", "from_columns", "from_rows"]

LIBRARIES = ("pandas", "polars")


def _module(library: str) -> Any:
    if library not in LIBRARIES:
        raise ValueError(f"library: expected one of {', '.join(LIBRARIES)}, got {library!r}")
    try:
        return __import__(library)
    except ImportError:
        raise ImportError(f"a {library} frame needs {library}: pip install {library}") from None


def from_columns(columns: Mapping[str, Any], library: str = "pandas") -> Any:
    """A frame of named columns (NumPy arrays or lists of equal length)."""
    return _module(library).DataFrame(dict(columns))


def from_rows(rows: Sequence[Mapping[str, Any]], library: str = "pandas") -> Any:
    """A frame of rows (dicts with the same keys)."""
    module = _module(library)
    if library == "polars":
        return module.DataFrame(list(rows), strict=False)
    return module.DataFrame(list(rows))
