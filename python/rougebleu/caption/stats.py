"""Mergeable statistics of the caption suite: score a run in parts (processes, machines, Spark
or Ray partitions), merge, and get the run's scores (see :mod:`rougebleu.stats`).

BLEU and METEOR merge exactly: their statistics are integer counts (METEOR 1.5's 23 statistics of
each image against its best reference are whole numbers of words; the corpus METEOR is the jar's
score of their sums, a perfect image's chunk left out as the jar leaves it out, so the merged score
is pycocoevalcap's to the bit). ROUGE-L and CIDEr-D are means of per-image
values; their sums are kept exactly (:mod:`rougebleu.stats`), so the merged score is the same for any
partitioning and any order of merging. pycocoevalcap's own ``np.mean`` adds in a fixed pairwise
order, which can differ from the exact sum in the last bit: with ``keep_items=True`` the per-image
rows are kept, and parts merged in the run's order give pycocoevalcap's value to the bit.

CIDEr-D weights every image by document frequencies over the whole run's references, which no part
has alone: pass them (``df=DocumentFrequencies.from_references(all_references)``, cheap, the
references only); every image then gets exactly the score pycocoevalcap gives it in the run.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np

from rougebleu.caption.cider import DocumentFrequencies
from rougebleu.caption.suite import METRICS, _strings, run_native
from rougebleu.stats import Stats, _exact_ints, _register, _rounded

__all__ = ["CaptionStats"]

_BLEU_FIELDS = ["testlen", "reflen", *(f"guess_{k}" for k in range(1, 5)), *(f"correct_{k}" for k in range(1, 5))]
# METEOR 1.5's statistics in the jar's order (its MeteorStats line): lengths, function words, then
# per matcher stage (exact, stem, synonym, paraphrase) the content and function word matches of
# each side, then chunks and the word matches.
_METEOR_FIELDS = [
    "meteor_test_length",
    "meteor_reference_length",
    "meteor_test_function_words",
    "meteor_reference_function_words",
    *(
        f"meteor_{stage}_{side}_{kind}"
        for stage in ("exact", "stem", "synonym", "paraphrase")
        for kind in ("content", "function")
        for side in ("test", "reference")
    ),
    "meteor_chunks",
    "meteor_test_word_matches",
    "meteor_reference_word_matches",
]
_ROWS = ["Bleu_1", "Bleu_2", "Bleu_3", "Bleu_4", "ROUGE_L", "CIDEr", "METEOR"]


def _fingerprint(df: DocumentFrequencies) -> str:
    """A short digest of the frequencies: statistics merge only with the same ones."""
    digest = getattr(df, "_fingerprint", None)
    if digest is None:
        digest = hashlib.sha256(df.to_bytes()).hexdigest()[:16]
        df._fingerprint = digest  # type: ignore[attr-defined]
    return digest


@_register
class CaptionStats(Stats):
    """The suite's statistics of a set of images: BLEU's counts (``testlen``, ``reflen``,
    ``guess_1..4``, ``correct_1..4``), the exact sums of the per-image ROUGE-L and CIDEr-D, and
    METEOR 1.5's 23 summed statistics (``meteor_*``). ``items`` (with ``keep_items=True``): one row
    per image, ``Bleu_1..4, ROUGE_L, CIDEr, METEOR`` (NaN for a metric not computed)."""

    metric = "caption"
    _exact: ClassVar[tuple[bool, ...]] = (False,) * len(_BLEU_FIELDS) + (True, True) + (False,) * len(_METEOR_FIELDS)
    _items_dtype: ClassVar[type] = np.float64

    @staticmethod
    def _field_names(config: dict) -> list[str]:
        return [*_BLEU_FIELDS, "ROUGE_L", "CIDEr", *_METEOR_FIELDS]

    @classmethod
    def compute(
        cls,
        candidates: Sequence[Any],
        references: Sequence[Sequence[Any]],
        *,
        metrics: Sequence[str] = METRICS,
        df: DocumentFrequencies | None = None,
        tokenize: bool = True,
        keep_items: bool = False,
        workers: int | None = None,
    ) -> CaptionStats:
        """The statistics of ``candidates[i]`` against ``references[i]`` (as
        :func:`~rougebleu.caption.caption_scores` takes them; candidates first, as every
        statistics class). CIDEr needs ``df``: frequencies over the whole run's references.
        METEOR needs the paraphrase table, as in :func:`~rougebleu.caption.caption_scores`."""
        metrics = list(metrics)
        unknown = [m for m in metrics if m not in METRICS]
        if unknown or not metrics:
            raise ValueError(f"metrics: unknown metric(s) {unknown!r}; expected some of {list(METRICS)}")
        if "CIDEr" in metrics and df is None:
            raise ValueError(
                "df: CIDEr-D needs the document frequencies of the whole run's references "
                "(DocumentFrequencies.from_references(all_references, tokenize=True))"
            )
        config = {"metrics": metrics, "df": None if df is None else _fingerprint(df)}
        with_meteor = "METEOR" in metrics
        meteor = _meteor() if with_meteor else None  # the missing table is an error before any work
        frequencies = None if df is None else df._native
        out = run_native(candidates, references, metrics, frequencies, tokenize, workers, tokens=with_meteor)
        meteor_sums = [0] * len(_METEOR_FIELDS)
        meteor_scores = None
        if meteor is not None:
            hyps, refs = out["tokens"] if tokenize else _strings(candidates, references)
            meteor_sums, meteor_scores = _meteor_statistics(meteor, hyps, refs, workers)
        lengths = [len(v) for _, v in out.get("Bleu", ())] + [len(out[k][1]) for k in ("ROUGE_L", "CIDEr") if k in out]
        if meteor_scores is not None:
            lengths.append(len(meteor_scores))
        rows = np.full((lengths[0], len(_ROWS)), np.nan)
        bleu = [0] * len(_BLEU_FIELDS)
        if "Bleu" in out:
            testlen, reflen, guess, correct = out["bleu_stats"]
            bleu = [testlen, reflen, *guess, *correct]
            for k, (_, values) in enumerate(out["Bleu"]):
                rows[:, k] = values
        sums = []
        for j, name in ((4, "ROUGE_L"), (5, "CIDEr")):
            if name in out:
                rows[:, j] = out[name][1]
                sums.append(_exact_ints(rows[:, j : j + 1])[0] if len(rows) else 0)
            else:
                sums.append(0)
        if meteor_scores is not None:
            rows[:, 6] = meteor_scores
        return cls(config, len(rows), [*bleu, *sums, *meteor_sums], rows if keep_items else None)

    def score(self) -> dict[str, float]:
        """The run's suite dictionary (``Bleu_1..4``, ``METEOR``, ``ROUGE_L``, ``CIDEr``, those
        computed, in pycocoevalcap's order)."""
        out: dict[str, float] = {}
        metrics = self.config["metrics"]
        if "Bleu" in metrics:
            s = self.sums
            out.update(_bleu_from_counts(s[0], s[1], s[2:6], s[6:10]))
        if "METEOR" in metrics:
            totals = [float(v) for v in self.sums[len(_BLEU_FIELDS) + 2 :]]
            out["METEOR"] = _meteor().score_from_statistics(totals).score if self.n else 0.0
        for j, name in ((4, "ROUGE_L"), (5, "CIDEr")):
            if name in metrics:
                if self.items is not None:
                    out[name] = float(np.mean(self.items[:, j]))  # pycocoevalcap's np.mean, in row order
                else:
                    out[name] = _rounded(self.sums[len(_BLEU_FIELDS) + j - 4], self.n)
        return out


def _meteor() -> Any:
    """METEOR 1.5 in pycocoevalcap's mode (the jar behind its ``Meteor``)."""
    from rougebleu.meteor.jar import METEOR

    return METEOR(pycocoevalcap=True)


def _meteor_statistics(
    meteor: Any, candidates: list[str], references: list[list[str]], workers: int | None
) -> tuple[list[int], Any]:
    """The summed statistics (as the jar sums them) and each image's METEOR."""
    width = max((len(r) for r in references), default=1)
    streams = [[r[k] if k < len(r) else None for r in references] for k in range(width)]
    rows = meteor.segment_statistics(candidates, streams, workers=workers)
    totals = meteor.score_from_statistics(rows).statistics
    if not all(float(v).is_integer() for v in totals):
        raise ValueError("METEOR statistics: expected whole numbers (word-based METEOR), got fractions")
    per_item = meteor._scorer.scores(rows) if len(rows) else np.zeros(0)
    return [int(v) for v in totals], per_item


def _bleu_from_counts(testlen: int, reflen: int, guess: list[int], correct: list[int]) -> dict[str, float]:
    """coco-caption's corpus BLEU of summed counts (bleu_scorer.py's arithmetic)."""
    import math

    tiny, small = 1e-15, 1e-9
    out, bleu = {}, 1.0
    for k in range(4):
        bleu *= float(correct[k] + tiny) / (guess[k] + small)
        out[f"Bleu_{k + 1}"] = bleu ** (1.0 / (k + 1))
    ratio = (testlen + tiny) / (reflen + small)
    if ratio < 1:
        for k in range(4):
            out[f"Bleu_{k + 1}"] *= math.exp(1 - 1 / ratio)
    return out
