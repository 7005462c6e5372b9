"""sacrebleu's `significance`: paired bootstrap resampling (Koehn 2004) and paired approximate
randomization (Riezler & Maxwell 2005) between systems, for any mix of BLEU, chrF and TER.

The implementation is :mod:`rougebleu.mt.significance` (the one behind :func:`rougebleu.paired_test`
and `rougebleu sacrebleu --paired-bs/--paired-ar`): NumPy's `default_rng` draws in exactly
sacrebleu's order and sacrebleu's resample arithmetic, so the same seed gives the same p-values.
Comparisons run in this process (`n_jobs` is accepted and ignored: the results do not depend on it).
"""

from __future__ import annotations

from rougebleu.mt.significance import PairedTest, Result, estimate_ci

__all__ = ["PairedTest", "Result", "estimate_ci"]
