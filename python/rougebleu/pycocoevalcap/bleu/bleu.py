"""``Bleu``: coco-caption's BLEU (its own scorer: closest reference length, 1e-15 / 1e-9 smoothing)."""

from __future__ import annotations

from typing import Any

from rougebleu import _rougebleu as _native
from rougebleu.pycocoevalcap._inputs import items


class Bleu:
    def __init__(self, n: int = 4) -> None:
        # pycocoevalcap's statistics hold four orders: a larger n fails there with an IndexError.
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 4:
            raise ValueError(f"n must be an integer from 1 to 4, got {n!r}")
        self._n = n
        self._hypo_for_image: dict[Any, Any] = {}
        self.ref_for_image: dict[Any, Any] = {}

    def compute_score(self, gts: dict[Any, list[str]], res: dict[Any, list[str]], verbose: int = 1):
        """``(score, scores)``: ``Bleu_1..n`` over the corpus (a list of floats) and per image (a
        list of ``n`` lists). Like pycocoevalcap, prints the summed statistics and the length
        ratio unless ``verbose=0``."""
        _, cands, refs = items(gts, res)
        out = _native.caption_suite(cands, refs, bleu=self._n)
        if verbose > 0:
            testlen, reflen, guess, correct = out["bleu_stats"]
            n = self._n
            print({"testlen": testlen, "reflen": reflen, "guess": guess[:n], "correct": correct[:n]})
            print("ratio:", (testlen + 1e-15) / (reflen + 1e-9))
        score = [corpus for corpus, _ in out["Bleu"]]
        scores = [per_item.tolist() for _, per_item in out["Bleu"]]
        return score, scores

    def method(self) -> str:
        return "Bleu"
