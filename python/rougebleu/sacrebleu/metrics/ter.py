"""sacrebleu's `metrics.ter`: TER from :mod:`rougebleu.mt.ter`, imported on first use so that the
rest of the drop-in works without it."""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["TER", "TERScore", "TERSignature"]  # noqa: F822 (provided by __getattr__)


def __getattr__(name: str) -> Any:
    if name in __all__:
        try:
            module = importlib.import_module("rougebleu.mt.ter")
        except ImportError as err:
            raise ImportError(f"rougebleu.sacrebleu.metrics.ter.{name} needs rougebleu.mt.ter: {err}") from err
        return getattr(module, name)
    raise AttributeError(f"module 'rougebleu.sacrebleu.metrics.ter' has no attribute {name!r}")
