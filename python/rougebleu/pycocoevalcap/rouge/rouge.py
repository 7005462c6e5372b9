"""``Rouge``: pycocoevalcap's ROUGE-L (LCS, precision and recall maxed over references apart, beta 1.2)."""

from __future__ import annotations

from typing import Any

import numpy as np

from rougebleu import _rougebleu as _native
from rougebleu.pycocoevalcap._inputs import items


class Rouge:
    def __init__(self) -> None:
        self.beta = 1.2

    def calc_score(self, candidate: list[str], refs: list[str]) -> float:
        """ROUGE-L of one candidate (a list of one caption) against its references."""
        if len(candidate) != 1 or not refs:
            raise ValueError("calc_score takes a list of one candidate and a non-empty list of references")
        return float(_native.caption_suite(candidate, [refs], rouge_l=True)["ROUGE_L"][1][0])

    def compute_score(self, gts: dict[Any, list[str]], res: dict[Any, list[str]]) -> tuple[np.float64, np.ndarray]:
        """``(mean, per-image array)``."""
        _, cands, refs = items(gts, res)
        mean, scores = _native.caption_suite(cands, refs, rouge_l=True)["ROUGE_L"]
        return np.float64(mean), scores

    def method(self) -> str:
        return "Rouge"
