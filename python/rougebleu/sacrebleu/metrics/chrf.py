"""sacrebleu's `metrics.chrf`: chrF and chrF++ (see :mod:`rougebleu.mt.chrf`)."""

from __future__ import annotations

from rougebleu.mt.chrf import CHRF, CHRFScore, CHRFSignature

__all__ = ["CHRF", "CHRFScore", "CHRFSignature"]
