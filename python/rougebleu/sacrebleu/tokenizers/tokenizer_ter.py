"""sacrebleu's `tokenizers.tokenizer_ter`: `TercomTokenizer` from :mod:`rougebleu.mt.ter`,
imported on first use."""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["TercomTokenizer"]  # noqa: F822 (provided by __getattr__)


def __getattr__(name: str) -> Any:
    if name == "TercomTokenizer":
        try:
            module = importlib.import_module("rougebleu.mt.ter")
            return module.TercomTokenizer
        except (ImportError, AttributeError) as err:
            raise ImportError(f"TercomTokenizer needs rougebleu.mt.ter with a TercomTokenizer: {err}") from err
    raise AttributeError(f"module 'rougebleu.sacrebleu.tokenizers.tokenizer_ter' has no attribute {name!r}")
