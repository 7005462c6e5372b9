"""The ``progress=`` argument of the batch calls.

Long calls run through one door in the extension (``src/python/long_call.rs``): the work runs
detached from the interpreter in chunks, Ctrl-C stops it within a fraction of a second, and a
progress callback set for the calling thread receives ``(done, total)`` about ten times a
second, then once more at the end. ``done`` and ``total`` count the items of the call's passes
(texts tokenized, pairs or rows scored, resamples drawn), so ``total`` can grow when a call has
several passes; neither ever decreases and ``done == total`` at the end.

This module turns the user's ``progress`` value into that callback:

- ``None`` / ``False``: no progress;
- ``True``: a tqdm bar (``tqdm.auto``: a terminal bar, or a widget in a notebook), shown only if
  the call is still running after its first report; needs the ``progress`` extra (``tqdm``);
- a callable: called as ``progress(done, total)``.
"""

from __future__ import annotations

from rougebleu import _rougebleu as _native

TYPE_CHECKING = False  # not typing's: the commands import this module, keep it light
if TYPE_CHECKING:
    from collections.abc import Callable
    from types import TracebackType
    from typing import Any, Union

    ProgressArg = Union[bool, Callable[[int, int], Any], None]


__all__ = ["reporting", "callback", "for_terminal"]  # and `ProgressArg`, for type checkers


class _Bar:
    """A tqdm bar created at the first report that finds work left, closed at the end."""

    def __init__(self, desc: str | None) -> None:
        try:
            from tqdm.auto import tqdm
        except ImportError:
            raise ImportError(
                "progress=True shows a tqdm bar: pip install 'rougebleu[progress]' (or tqdm), "
                "or pass a callable receiving (done, total)"
            ) from None
        self._tqdm = tqdm
        self._desc = desc
        self._bar: Any = None

    def __call__(self, done: int, total: int) -> None:
        if self._bar is None:
            if done >= total:
                return  # finished before the first report: no bar at all
            self._bar = self._tqdm(total=total, desc=self._desc, unit="item", leave=False, dynamic_ncols=True)
        if self._bar.total != total:
            self._bar.total = total
        self._bar.update(done - self._bar.n)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None


def callback(progress: ProgressArg, desc: str | None = None) -> Callable[[int, int], Any] | None:
    """The callback for a ``progress`` argument (see the module docstring); checks its type."""
    if progress is None or progress is False:
        return None
    if progress is True:
        return _Bar(desc)
    if callable(progress):
        return progress
    raise TypeError(
        f"progress must be a bool, a callable receiving (done, total) or None, not {type(progress).__name__}"
    )


class reporting:  # noqa: N801 (used as a function: `with reporting(progress):`)
    """Report the progress of the batch calls made from this thread inside the block."""

    def __init__(self, progress: ProgressArg, desc: str | None = None) -> None:
        self._cb = callback(progress, desc)
        self._previous: Any = None

    def __enter__(self) -> None:
        if self._cb is not None:
            self._previous = _native._set_progress(self._cb)

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None) -> None:
        if self._cb is None:
            return
        _native._set_progress(self._previous)
        if isinstance(self._cb, _Bar):
            self._cb.close()


def for_terminal() -> bool | None:
    """The commands' ``progress``: a bar on standard error when it is a terminal and tqdm is
    installed (never in pipes, files or the JSON on standard output); shown only for long jobs."""
    import sys

    if not (sys.stderr is not None and sys.stderr.isatty()):
        return None
    try:
        import tqdm  # noqa: F401
    except ImportError:
        return None
    return True
