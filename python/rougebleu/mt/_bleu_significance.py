"""`paired_test`: paired significance tests between systems for one metric, with plain results.

A function form of :class:`rougebleu.mt.significance.PairedTest` (the one implementation, shared
with the sacrebleu drop-in and the `rougebleu sacrebleu` command): paired bootstrap resampling
(Koehn 2004) or approximate randomization (Riezler & Maxwell 2005), sacrebleu's draws and numbers.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Sequence

from rougebleu._args import MAX_BOOTSTRAP, bounded_integer, option
from rougebleu.mt.significance import FROM_ENV, PairedTest

__all__ = ["PairedResult", "paired_test"]


@dataclasses.dataclass
class PairedResult:
    """One system's result: its score and, against the baseline, the p-value; `mean`/`ci` are the
    bootstrap mean and 95% half width when computed (None otherwise). The baseline has no p-value."""

    system: str
    score: float
    p_value: float | None = None
    mean: float | None = None
    ci: float | None = None


def _float(value: Any) -> float | None:
    return None if value is None else float(value)


def paired_test(
    metric: Any,
    named_systems: Sequence[tuple[str, Sequence[str]]],
    references: Sequence[Sequence[str | None]] | None = None,
    *,
    test_type: str = "bs",
    n_samples: int = 0,
    n_ar_confidence: int = -1,
    seed: Any = FROM_ENV,
) -> tuple[Any, list[PairedResult]]:
    """Compare every system with the first one (the baseline) on `metric` (a :class:`BLEU`,
    :class:`CHRF` or :class:`TER`; `references=None` uses the references it cached).

    `test_type` is `"bs"` (paired bootstrap, default 1000 resamples) or `"ar"` (approximate
    randomization, default 10000 trials; `n_ar_confidence > 0` adds a bootstrap interval, 0 = 1000).
    `seed` seeds the draws (None: fresh entropy); by default it is read from `SACREBLEU_SEED`
    (default 12345, "none" = fresh entropy), as sacrebleu does.
    Returns the signature and one :class:`PairedResult` per system, baseline first.
    """
    option(test_type, "significance.test_type", "test_type")
    if len(named_systems) < 2:
        raise ValueError("named_systems: give a baseline and at least one system")
    n_samples = bounded_integer(n_samples, "n_samples", -(2**63), MAX_BOOTSTRAP)
    n_ar_confidence = bounded_integer(n_ar_confidence, "n_ar_confidence", -(2**63), MAX_BOOTSTRAP)
    test = PairedTest(
        list(named_systems), {"metric": metric}, references, test_type, n_samples, n_ar_confidence, seed=seed
    )
    signatures, scores = test()
    (name,) = signatures
    results = [
        PairedResult(system, float(r.score), _float(r.p_value), _float(r.mean), _float(r.ci))
        for system, r in zip(scores["System"], scores[name])
    ]
    return signatures[name], results
