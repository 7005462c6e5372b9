"""``Meteor``: pycocoevalcap's METEOR (the METEOR 1.5 jar's ``-stdio -l en -norm`` mode), computed by
:func:`rougebleu.meteor.pycocoevalcap_meteor` without Java."""

from __future__ import annotations

from typing import Any

from rougebleu.meteor._resources import MISSING_TABLE, find_paraphrase_table
from rougebleu.pycocoevalcap._inputs import items


class Meteor:
    """pycocoevalcap's ``Meteor()``: each image's caption against its best reference, the corpus
    score from the summed statistics. The jar's paraphrase table is found as
    :class:`rougebleu.METEOR` finds it; without one, ``ValueError`` (where pycocoevalcap's jar would
    fail to start)."""

    def __init__(self) -> None:
        if find_paraphrase_table() is None:
            raise ValueError("paraphrase_table: " + MISSING_TABLE)

    def compute_score(self, gts: dict[Any, list[str]], res: dict[Any, list[str]]) -> tuple[float, list[float]]:
        """``(corpus score, per-image scores)``, floats, in the order of ``gts``' image ids."""
        from rougebleu.meteor.jar import pycocoevalcap_meteor

        _, cands, refs = items(gts, res)
        return pycocoevalcap_meteor(cands, refs)

    def method(self) -> str:
        return "METEOR"
