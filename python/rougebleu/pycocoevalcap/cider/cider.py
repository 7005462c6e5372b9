"""``Cider``: pycocoevalcap's CIDEr (CIDEr-D), document frequencies from the call's references."""

from __future__ import annotations

from typing import Any

import numpy as np

from rougebleu import _rougebleu as _native
from rougebleu.pycocoevalcap._inputs import items


class Cider:
    """Main Class to compute the CIDEr metric"""

    def __init__(self, test: Any = None, refs: Any = None, n: int = 4, sigma: float = 6.0) -> None:
        self._n = n
        self._sigma = sigma

    def compute_score(self, gts: dict[Any, list[str]], res: dict[Any, list[str]]) -> tuple[np.float64, np.ndarray]:
        """``(mean, per-image array)``. As in pycocoevalcap, if no reference has a word the
        document frequencies are empty and this raises ``ValueError``."""
        _, cands, refs = items(gts, res)
        if not any(r.split() for rs in refs for r in rs):
            raise ValueError("max() arg is an empty sequence (no reference has a word)")
        out = _native.caption_suite(cands, refs, cider="cider-d", order=self._n, sigma=float(self._sigma))
        mean, scores = out["CIDEr"]
        return np.float64(mean), scores

    def method(self) -> str:
        return "CIDEr"
