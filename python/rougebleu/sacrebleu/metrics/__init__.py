"""sacrebleu's metrics: `BLEU`, `CHRF`, `TER` (TER imported on first use) and `METRICS`."""

from __future__ import annotations

from typing import Any

from rougebleu.sacrebleu.metrics.bleu import BLEU, BLEUScore
from rougebleu.sacrebleu.metrics.chrf import CHRF, CHRFScore

__all__ = ["BLEU", "BLEUScore", "CHRF", "CHRFScore", "TER", "TERScore", "METRICS"]


def __getattr__(name: str) -> Any:
    if name in ("TER", "TERScore"):
        from rougebleu.sacrebleu.metrics import ter

        return getattr(ter, name)
    if name == "METRICS":
        from rougebleu.sacrebleu.metrics.ter import TER

        return {"BLEU": BLEU, "CHRF": CHRF, "TER": TER}
    raise AttributeError(f"module 'rougebleu.sacrebleu.metrics' has no attribute {name!r}")
