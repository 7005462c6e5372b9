"""Paired significance tests between summarization systems on ROUGE.

No ROUGE tool ships these, so they follow what MT researchers already use for BLEU: sacrebleu's
paired bootstrap resampling (Koehn 2004) and paired approximate randomization (Riezler & Maxwell
2005), with the same draws (NumPy's ``default_rng``, one generator per compared system, seeded
alike so every system sees the same resamples), the same p-value formula and the same 95%
interval of the bootstrap means. The corpus score being resampled is the macro mean of the
per-pair scores (what papers report from rouge_score), so a resample's score is the mean of the
per-pair values it picks: no text is scored twice. The draws and the means are made natively
(``rougebleu.mt.significance.default_rng``, ``src/significance/means.rs``), NumPy's to the last bit, a
few resamples at a time: 1,000 resamples of 100,000 pairs never hold the 800 MB index matrix.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal, NamedTuple

import numpy as np

from rougebleu import _args
from rougebleu import _rougebleu as _native
from rougebleu.rouge_family.batch import DEFAULT_SEED, DEFAULT_TYPES, rouge_systems

TYPE_CHECKING = False  # not typing's
if TYPE_CHECKING:
    from rougebleu._rougebleu import _MultiRef

__all__ = ["RougePairedResult", "rouge_paired_test", "paired_test_on_scores", "paired_tests_on_columns"]

DEFAULT_SAMPLES = {"bs": 1000, "ar": 10000}


class RougePairedResult(NamedTuple):
    """One system on one rouge type: its corpus score (mean of the per-pair values) and, for a
    system other than the baseline, the p-value of its difference to the baseline. ``mean`` and
    ``ci`` are the mean of the bootstrap scores and the half width of their 95% interval (None
    when no bootstrap ran: the approximate-randomization baseline with ``n_bootstrap=0``)."""

    system: str
    score: float
    p_value: float | None
    mean: float | None
    ci: float | None


def _generator(seed: int | None) -> Any:
    # sacrebleu passes `seed if seed else None`: a seed of 0 draws fresh entropy there too.
    from rougebleu.mt.significance import default_rng

    return default_rng(seed if seed else None)


def _p_value(null_stats: np.ndarray, observed: float) -> float:
    return (int(np.count_nonzero(null_stats > observed)) + 1) / (len(null_stats) + 1)


def paired_test_on_scores(
    scores: Sequence[tuple[str, np.ndarray]],
    *,
    test_type: str = "bs",
    n_samples: int = 0,
    n_bootstrap: int = -1,
    seed: int | None = DEFAULT_SEED,
) -> list[RougePairedResult]:
    """Compare every system's per-pair scores with the first system's (the baseline).

    ``scores`` is ``[(name, per_pair_values), ...]``, all of the same length (one value per
    document). ``test_type`` is ``"bs"`` (paired bootstrap; ``n_samples`` resamples, default 1000)
    or ``"ar"`` (approximate randomization; ``n_samples`` trials, default 10000, plus a bootstrap
    interval of ``n_bootstrap`` resamples: -1 = none, 0 = 1000). ``seed=None`` draws fresh entropy.
    """
    names = [name for name, _ in scores]
    tested = paired_tests_on_columns(
        names,
        {"": [values for _, values in scores]},
        test_type=test_type,
        n_samples=n_samples,
        n_bootstrap=n_bootstrap,
        seed=seed,
    )
    return tested[""]


def paired_tests_on_columns(
    names: Sequence[str],
    columns: Mapping[str, Sequence[np.ndarray]],
    *,
    test_type: str = "bs",
    n_samples: int = 0,
    n_bootstrap: int = -1,
    seed: int | None = DEFAULT_SEED,
) -> dict[str, list[RougePairedResult]]:
    """:func:`paired_test_on_scores` of several measures of the same systems at once:
    ``columns[key]`` holds one per-pair array per system of ``names`` (the first the baseline).
    The results are those of one :func:`paired_test_on_scores` call per key; with a seed, one
    pass over the draws serves every key and system (each call would draw the same ones)."""
    _args.option(test_type, "significance.test_type", "test_type")
    if len(names) < 2:
        raise ValueError("systems: give a baseline and at least one system to compare with it")
    n_samples = _args.n_bootstrap(n_samples, "n_samples") or DEFAULT_SAMPLES[test_type]
    n_bootstrap = _args.n_bootstrap(n_bootstrap, "n_bootstrap", low=-1)
    n_bootstrap = DEFAULT_SAMPLES["bs"] if n_bootstrap == 0 else n_bootstrap
    seed = None if seed is None else _args.integer(seed, "seed", minimum=0)
    keys = list(columns)
    arrays = [[np.asarray(a, dtype=np.float64) for a in columns[key]] for key in keys]
    n = len(arrays[0][0]) if arrays and arrays[0] else 0
    if n == 0:
        raise ValueError("systems: there are no pairs to resample")
    if any(len(per_key) != len(names) or any(a.ndim != 1 or len(a) != n for a in per_key) for per_key in arrays):
        raise ValueError("systems: every system needs one score per pair, as many as the baseline")
    n_sys, n_keys = len(names), len(keys)
    # Column s * n_keys + k of the table: system s, key k.
    table = np.empty((n, n_sys * n_keys))
    for k, per_key in enumerate(arrays):
        for s, a in enumerate(per_key):
            table[:, s * n_keys + k] = a
    point = [[float(a.mean()) for a in per_key] for per_key in arrays]

    def cols(s: int) -> list[int]:
        return [s * n_keys + k for k in range(n_keys)]

    def bootstrap(columns: list[int], rng: Any, rows: int) -> list[Any]:
        return _native.mean_resample_scores(np.ascontiguousarray(table[:, columns]), rng, rows)

    confidence_n = n_samples if test_type == "bs" else n_bootstrap
    out: dict[str, list[RougePairedResult]] = {key: [] for key in keys}
    # With a seed every system's generator starts alike (sacrebleu seeds one per system), so one
    # draw serves all; without one, each system draws its own.
    groups = [list(range(1, n_sys))] if seed else [[s] for s in range(1, n_sys)]
    shared: list[Any] | None = None
    base_interval: list[Any] | None = None
    if test_type == "bs" and seed:
        # The baseline's interval comes from `default_rng(seed)` too: the same draws as the
        # systems', so their one pass gives it.
        shared = bootstrap(cols(0) + [c for s in groups[0] for c in cols(s)], _generator(seed), n_samples)
        base_interval = shared[:n_keys]
    elif confidence_n > 0:
        base_interval = bootstrap(cols(0), _generator(seed), confidence_n)
    for k, key in enumerate(keys):
        interval = base_interval[k].estimate_ci() if base_interval is not None else (None, None)
        out[key].append(RougePairedResult(names[0], point[k][0], None, *interval))

    for group in groups:
        rng = _generator(seed)
        results: dict[tuple[int, int], tuple[float, float | None, float | None]] = {}
        if test_type == "bs":
            resampled = shared or bootstrap(cols(0) + [c for s in group for c in cols(s)], rng, n_samples)
            for i, s in enumerate(group):
                for k in range(n_keys):
                    sys_scores, base_scores = resampled[(i + 1) * n_keys + k], resampled[k]
                    observed = abs(point[k][0] - point[k][s])
                    results[s, k] = (sys_scores.p_value(base_scores, observed), *sys_scores.estimate_ci())
        else:
            pairs = [(k, s * n_keys + k) for s in group for k in range(n_keys)]
            swapped = _native.mean_randomization_scores(table, pairs, rng, n_samples)
            # The interval's resamples are drawn right after the swap masks, as sacrebleu does.
            after = bootstrap([c for s in group for c in cols(s)], rng, n_bootstrap) if n_bootstrap > 0 else None
            for i, s in enumerate(group):
                for k in range(n_keys):
                    a, b = swapped[i * n_keys + k]
                    p = _p_value(np.abs(a - b), abs(point[k][0] - point[k][s]))
                    interval = after[i * n_keys + k].estimate_ci() if after is not None else (None, None)
                    results[s, k] = (p, *interval)
        for s in group:
            for k, key in enumerate(keys):
                out[key].append(RougePairedResult(names[s], point[k][s], *results[s, k]))
    return out


def rouge_paired_test(
    systems: Mapping[str, Sequence[str]] | Sequence[tuple[str, Sequence[str]]],
    references: Sequence[str | Sequence[str]],
    *,
    rouge_types: Sequence[str] = DEFAULT_TYPES,
    use_stemmer: bool = False,
    multi_ref: _MultiRef = "max",
    measure: Literal["precision", "recall", "fmeasure"] = "fmeasure",
    test_type: str = "bs",
    n_samples: int = 0,
    n_bootstrap: int = -1,
    seed: int | None = DEFAULT_SEED,
    workers: int | None = None,
) -> dict[str, list[RougePairedResult]]:
    """Paired significance of every system against the first one (the baseline), per rouge type.

    ``systems`` maps names to predictions (an ordered mapping or a list of ``(name, predictions)``
    pairs; the first is the baseline), each line-aligned with ``references`` (one text or a list
    of texts per document, as :func:`rougebleu.rouge` takes them). ``measure`` picks the value
    tested: ``"fmeasure"`` (default), ``"precision"`` or ``"recall"``. See
    :func:`paired_test_on_scores` for ``test_type``, ``n_samples``, ``n_bootstrap`` and ``seed``.
    Returns ``{rouge_type: [RougePairedResult, ...]}``, baseline first.
    """
    named: list[tuple[str, Sequence[str]]] = (
        list(systems.items()) if isinstance(systems, Mapping) else [(name, preds) for name, preds in systems]
    )
    _args.option(measure, "rouge.measure", "measure")
    scored = rouge_systems(
        [preds for _, preds in named],
        references,
        rouge_types=rouge_types,
        use_stemmer=use_stemmer,
        multi_ref=multi_ref,
        workers=workers,
    )
    per_system = [(name, arrays) for (name, _), arrays in zip(named, scored)]
    types = list(per_system[0][1]) if per_system else list(rouge_types)
    return paired_tests_on_columns(
        [name for name, _ in per_system],
        {t: [getattr(arrays[t], measure) for _, arrays in per_system] for t in types},
        test_type=test_type,
        n_samples=n_samples,
        n_bootstrap=n_bootstrap,
        seed=seed,
    )
