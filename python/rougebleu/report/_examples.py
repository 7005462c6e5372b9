"""The segments with the largest differences of sentence-level score between each system and the
baseline, as compare-mt picks its sentence examples (sorted by the difference, a repeated
(baseline, system, reference) triple shown once), with the tokens of each output that lie in an
n-gram of the reference marked by the longest such n-gram (1 to 4 tokens).
"""

from __future__ import annotations

from rougebleu import _rougebleu as _native

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

__all__ = ["examples", "match_levels"]

#: The longest reference n-gram a token is marked with.
MAX_ORDER = 4


def match_levels(hypothesis: Sequence[str], reference: Sequence[str], max_order: int = MAX_ORDER) -> list[int]:
    """For each hypothesis token, the length of the longest n-gram (up to `max_order`) containing
    it that also occurs in the reference; 0 for a token the reference lacks."""
    ref_grams = {tuple(reference[i : i + k]) for k in range(1, max_order + 1) for i in range(len(reference) - k + 1)}
    levels = [0] * len(hypothesis)
    for k in range(1, max_order + 1):
        for i in range(len(hypothesis) - k + 1):
            if tuple(hypothesis[i : i + k]) in ref_grams:
                for j in range(i, i + k):
                    levels[j] = max(levels[j], k)
    return levels


def examples(
    metric: Any,
    names: Sequence[str],
    outputs: Sequence[Sequence[str]],
    references: Sequence[str],
    sources: Sequence[str] | None,
    count: int,
    tokenize: str,
    lowercase: bool,
) -> dict[str, Any]:
    """The `count` segments where each system beats the baseline most on `metric`'s sentence-level
    scores, and the `count` where the baseline beats it most."""
    import numpy as np

    sign = 1.0 if metric.higher_is_better else -1.0
    base_scores = metric.sentences[0]
    comparisons: list[dict[str, Any]] = []
    picked: list[tuple[int, list[int], list[int]]] = []
    for s in range(1, len(names)):
        gain = sign * (np.asarray(metric.sentences[s], dtype=np.float64) - base_scores)
        order = np.argsort(gain, kind="stable")  # by gain, then by segment

        def first(indices: Any, keep: Any) -> list[int]:
            # A repeated (baseline, system, reference) triple has the same gain, so the first one
            # met in this order is the one compare-mt keeps (the earliest segment).
            seen: set[tuple[str, str, str]] = set()
            out: list[int] = []
            for i in indices:
                if len(out) == count or not keep(gain[i]):
                    break
                triple = (outputs[0][i], outputs[s][i], references[i])
                if triple not in seen:
                    seen.add(triple)
                    out.append(int(i))
            return out

        worse = first(order, lambda g: g < 0)
        # Descending gain, earlier segments first among equal gains.
        better = first(np.argsort(-gain, kind="stable"), lambda g: g > 0)
        picked.append((s, better, worse))
    needed = sorted({i for _, b, w in picked for i in (*b, *w)})
    texts = [references[i] for i in needed] + [outputs[s][i] for s in range(len(names)) for i in needed]
    tokens = _native.bleu_tokenize(texts, tokenize, lowercase) if texts else []
    at = {i: k for k, i in enumerate(needed)}

    def tok(s: int | None, i: int) -> list[str]:
        # s None: the reference.
        return tokens[at[i] if s is None else (s + 1) * len(needed) + at[i]]

    def example(s: int, i: int) -> dict[str, Any]:
        ref = tok(None, i)

        def side(k: int) -> dict[str, Any]:
            hyp = tok(k, i)
            return {"score": float(metric.sentences[k][i]), "tokens": hyp, "match": match_levels(hyp, ref)}

        return {
            "segment": i,
            "difference": float(metric.sentences[s][i]) - float(base_scores[i]),
            "source": None if sources is None else sources[i],
            "reference": ref,
            "baseline": side(0),
            "system": side(s),
        }

    for s, better, worse in picked:
        comparisons.append(
            {
                "system": names[s],
                "baseline": names[0],
                "system_better": [example(s, i) for i in better],
                "baseline_better": [example(s, i) for i in worse],
            }
        )
    return {"metric": metric.key, "count": count, "comparisons": comparisons}
