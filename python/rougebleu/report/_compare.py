"""`compare()`: every number of a system comparison report, computed once; `Report` renders them.

The corpus scores, intervals and paired tests are the library's own calls (`PairedTest` for
sacrebleu's metrics, `rouge_paired_test`'s machinery for ROUGE) with the report's seed; the buckets
re-score subsets from the per-segment statistics; the word-level analyses run natively in one pass
(`rougebleu._rougebleu.report_word_analysis`, compare-mt's definitions).
"""

from __future__ import annotations

import numpy as np

from rougebleu import _args
from rougebleu import _rougebleu as _native
from rougebleu.report import _buckets
from rougebleu.report._metrics import MTAdapter, RougeAdapter, adapters, run_mt_tests, run_rouge

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from typing import Any

    from rougebleu._long_call import ProgressArg
    from rougebleu.report._report import Report

__all__ = ["compare", "DEFAULT_METRICS"]

DEFAULT_METRICS = ("bleu", "chrf")
CONFIDENCE = 0.95  # sacrebleu's interval: the 1/40 quantiles of the bootstrap scores


def _systems(systems: Any, names: Sequence[str] | None) -> tuple[list[str], list[list[str]]]:
    from collections.abc import Mapping

    if isinstance(systems, Mapping):
        pairs = list(systems.items())
        if names is not None:
            raise TypeError("names: give the names as the keys of systems or as names=, not both")
        named = [str(k) for k, _ in pairs]
        outputs = [v for _, v in pairs]
    else:
        if isinstance(systems, (str, bytes)):
            raise TypeError("systems must be a sequence of systems (each a sequence of strings), not a string")
        outputs = list(systems)
        named = [str(n) for n in names] if names is not None else [f"sys{i + 1}" for i in range(len(outputs))]
    if len(outputs) < 2:
        raise ValueError(
            f"systems: give at least two systems to compare (the first is the baseline), got {len(outputs)}"
        )
    if len(named) != len(outputs):
        raise ValueError(f"names: {len(named)} names for {len(outputs)} systems")
    if len(set(named)) != len(named):
        raise ValueError("names: system names must differ")
    texts = [_args.string_list(o, f"systems[{i}]") for i, o in enumerate(outputs)]
    return named, texts


def _streams(references: Any, n: int) -> list[list[str | None]]:
    from rougebleu.mt._args import reference_streams

    if isinstance(references, (str, bytes)):
        raise TypeError("references must be a sequence of strings (one reference per segment) or of such streams")
    refs = list(references)
    if refs and isinstance(refs[0], str):
        refs = [refs]
    streams = reference_streams(refs, "references")
    if len(streams[0]) != n:
        raise ValueError(f"references: {len(streams[0])} segments, but the systems have {n}")
    return streams


def compare(
    systems: Mapping[str, Sequence[str]] | Sequence[Sequence[str]],
    references: Sequence[str] | Sequence[Sequence[str | None]],
    *,
    metrics: Sequence[Any] = DEFAULT_METRICS,
    names: Sequence[str] | None = None,
    sources: Sequence[str] | None = None,
    seed: int | None = 12345,
    paired_bs_n: int = 1000,
    paired_ar_n: int = 0,
    tokenize: str = "13a",
    lowercase: bool = False,
    use_stemmer: bool = False,
    multi_ref: str = "max",
    lang: str | None = None,
    freq_corpus: Sequence[str] | None = None,
    ngram_kinds: Sequence[str] = ("match",),
    ngram_orders: tuple[int, int] = (1, 4),
    ngram_top: int = 20,
    alpha: float = 1.0,
    examples: int = 10,
    workers: int | None = None,
    progress: ProgressArg = None,
) -> Report:
    """Compare systems against the first one (the baseline): a :class:`Report`.

    ``systems`` maps names to outputs (one text per segment), or is a list of outputs named by
    ``names`` (default ``sys1``, ``sys2``, ...). ``references`` is one reference per segment, or a
    list of reference streams (sacrebleu's layout, ``references[k][i]``; ``None`` a missing one).
    ``metrics``: ``bleu``, ``chrf``, ``chrf++``, ``ter``, rouge types (``rouge1``, ``rougeL``,
    ``rougeLsum``, ...) or :class:`rougebleu.BLEU`/``CHRF``/``TER`` objects with options of their own.

    The report holds, per metric, the corpus scores with sacrebleu's 95% bootstrap interval and
    the paired bootstrap test against the baseline (``paired_bs_n`` resamples; and approximate
    randomization with ``paired_ar_n > 0`` trials), drawn with ``seed`` exactly as
    :func:`rougebleu.paired_test` / ``rougebleu sacrebleu --paired-bs`` (BLEU, chrF, TER) and
    :func:`rougebleu.rouge_paired_test` (ROUGE) draw them (``None``: fresh entropy); segment-level
    wins, ties and losses; compare-mt's analyses: the scores by reference length and by length
    ratio, segment counts by length difference and by sentence-level score, word F-measure by the
    word's frequency (in the references, or in ``freq_corpus``), the characteristic n-grams
    (``ngram_kinds`` of ``match``, ``over``, ``under``; orders ``ngram_orders``; ``ngram_top`` per
    direction; smoothing ``alpha``) and the ``examples`` segments with the largest differences of the
    first metric each way.

    Words are sacrebleu's tokens (``tokenize``, ``lowercase``: BLEU's options; the analyses use
    the first reference of each segment). ROUGE takes ``use_stemmer``, ``multi_ref`` and ``lang``
    as :func:`rougebleu.rouge` does. ``progress`` as on the batch calls; Ctrl-C stops the work.
    """
    from rougebleu._long_call import reporting
    from rougebleu.mt._args import check_tokenize
    from rougebleu.report._report import Report

    named, outputs = _systems(systems, names)
    n = len(outputs[0])
    for name, out in zip(named, outputs):
        if len(out) != n:
            raise ValueError(f"systems: {name} has {len(out)} segments but {named[0]} has {n}")
    if n == 0:
        raise ValueError("systems: there are no segments to compare")
    streams = _streams(references, n)
    if sources is not None:
        sources = _args.string_list(sources, "sources")
        if len(sources) != n:
            raise ValueError(f"sources: {len(sources)} segments, but the systems have {n}")
    seed = None if seed is None else _args.integer(seed, "seed", minimum=0)
    paired_bs_n = _args.bounded_integer(paired_bs_n, "paired_bs_n", 1, _args.MAX_BOOTSTRAP)
    paired_ar_n = _args.bounded_integer(paired_ar_n, "paired_ar_n", 0, _args.MAX_BOOTSTRAP)
    tokenize = check_tokenize(tokenize)
    kinds = _args.string_list(ngram_kinds, "ngram_kinds")
    for k in kinds:
        _args.option(k, "report.ngram_kinds", "ngram_kinds")
    lo, hi = (_args.integer(o, "ngram_orders", minimum=1) for o in ngram_orders)
    ngram_top = _args.integer(ngram_top, "ngram_top", minimum=0)
    examples = _args.integer(examples, "examples", minimum=0)
    alpha = _args.number(alpha, "alpha")
    freq = None if freq_corpus is None else _args.string_list(freq_corpus, "freq_corpus")
    metric_list = adapters(
        metrics,
        streams,
        tokenize=tokenize,
        lowercase=bool(lowercase),
        use_stemmer=use_stemmer,
        multi_ref=multi_ref,
        lang=lang,
    )

    with reporting(progress, "compare"):
        mt = [a for a in metric_list if isinstance(a, MTAdapter)]
        for a in mt:
            a.segment_statistics(outputs, streams, workers)
        run_mt_tests(mt, named, outputs, streams, seed=seed, paired_bs_n=paired_bs_n, paired_ar_n=paired_ar_n)
        first_refs: list[str] = [next((r for s in streams if (r := s[i]) is not None), "") for i in range(n)]
        rouge_refs: Any = (
            streams[0] if len(streams) == 1 else [[s[i] for s in streams if s[i] is not None] for i in range(n)]
        )
        run_rouge(
            [a for a in metric_list if isinstance(a, RougeAdapter)],
            named,
            outputs,
            rouge_refs,
            seed=seed,
            paired_bs_n=paired_bs_n,
            paired_ar_n=paired_ar_n,
            workers=workers,
        )
        words = _native.report_word_analysis(
            first_refs,
            outputs,
            freq,
            tokenize,
            bool(lowercase),
            list(_buckets.WORD_FREQUENCY),
            lo,
            hi,
            kinds,
            ngram_top,
            alpha,
        )
    data: dict[str, Any] = {
        "tool": "rougebleu compare",
        "version": _native.__version__,
        "segments": n,
        "systems": named,
        "baseline": named[0],
        "settings": {
            "references": len(streams),
            "sources": sources is not None,
            "seed": seed,
            "paired_bootstrap": {"samples": paired_bs_n, "confidence": CONFIDENCE},
            "approximate_randomization": {"trials": paired_ar_n} if paired_ar_n else None,
            "tokenize": tokenize,
            "lowercase": bool(lowercase),
            "word_frequency_from": "references" if freq is None else f"freq_corpus ({len(freq)} lines)",
            "ngrams": {"kinds": kinds, "orders": [lo, hi], "top": ngram_top, "alpha": alpha},
            "examples": examples,
        },
        "metrics": [a.describe() for a in metric_list],
    }
    data["scores"] = [_scores(a, named) for a in metric_list]
    data["sentence_scores"] = [_sentence_buckets(a, named) for a in metric_list]
    ref_len = np.asarray(words["ref_lengths"], dtype=np.int64)
    hyp_len = np.asarray(words["hyp_lengths"], dtype=np.int64)
    data["reference_length"] = _by_reference_length(metric_list, named, ref_len)
    data["length_difference"] = _by_length_difference(named, ref_len, hyp_len)
    data["length_ratio"] = _by_length_ratio(metric_list, named, ref_len, hyp_len)
    data["word_accuracy"] = _word_accuracy(words, named, data["settings"]["word_frequency_from"])
    data["ngrams"] = _ngrams(words, named, kinds)
    from rougebleu.report._examples import examples as pick_examples

    data["examples"] = pick_examples(
        metric_list[0], named, outputs, first_refs, sources, examples, tokenize, bool(lowercase)
    )
    return Report(data)


def _scores(a: Any, names: Sequence[str]) -> dict[str, Any]:
    base = a.sentences[0]
    rows = []
    for s, name in enumerate(names):
        p, mean, ci = a.bootstrap[s]
        row: dict[str, Any] = {
            "system": name,
            "score": a.scores[s],
            "mean": mean,
            "ci": ci,
            "low": None if mean is None else mean - ci,
            "high": None if mean is None else mean + ci,
            "p_bootstrap": p,
            "p_randomization": None if a.randomization is None else a.randomization[s],
        }
        if s:
            better = a.sentences[s] > base if a.higher_is_better else a.sentences[s] < base
            worse = a.sentences[s] < base if a.higher_is_better else a.sentences[s] > base
            row.update(
                wins=int(better.sum()), ties=int(len(base) - better.sum() - worse.sum()), losses=int(worse.sum())
            )
        rows.append(row)
    return {"metric": a.key, "systems": rows}


def _sentence_buckets(a: Any, names: Sequence[str]) -> dict[str, Any]:
    cutoffs = _buckets.score_cutoffs(a.scale)
    return {
        "metric": a.key,
        "buckets": _buckets.labels(cutoffs, integers=False),
        "counts": {name: _counts(s, cutoffs) for name, s in zip(names, a.sentences)},
    }


def _counts(values: np.ndarray, cutoffs: Sequence[float]) -> list[int]:
    where = np.searchsorted(np.asarray(cutoffs, dtype=np.float64), values, side="right")
    return np.bincount(where, minlength=len(cutoffs) + 1).tolist()


def _members(values: np.ndarray, cutoffs: Sequence[float]) -> list[np.ndarray]:
    where = np.searchsorted(np.asarray(cutoffs, dtype=np.float64), values, side="right")
    order = np.argsort(where, kind="stable")
    bounds = np.searchsorted(where[order], np.arange(len(cutoffs) + 2))
    return [order[bounds[b] : bounds[b + 1]] for b in range(len(cutoffs) + 1)]


def _by_reference_length(metric_list: Sequence[Any], names: Sequence[str], ref_len: np.ndarray) -> dict[str, Any]:
    cutoffs = _buckets.REFERENCE_LENGTH
    groups = _members(ref_len, cutoffs)
    return {
        "buckets": _buckets.labels(cutoffs, integers=True),
        "segments": [len(g) for g in groups],
        "scores": [
            {"metric": a.key, "systems": {name: [a.subset_score(s, g) for g in groups] for s, name in enumerate(names)}}
            for a in metric_list
        ],
    }


def _by_length_difference(names: Sequence[str], ref_len: np.ndarray, hyp_len: np.ndarray) -> dict[str, Any]:
    cutoffs = _buckets.LENGTH_DIFFERENCE
    return {
        "buckets": _buckets.labels(cutoffs, integers=True),
        "counts": {name: _counts(hyp_len[s] - ref_len, cutoffs) for s, name in enumerate(names)},
    }


def _by_length_ratio(
    metric_list: Sequence[Any], names: Sequence[str], ref_len: np.ndarray, hyp_len: np.ndarray
) -> dict[str, Any]:
    cutoffs = _buckets.LENGTH_RATIO
    with np.errstate(divide="ignore", invalid="ignore"):
        ratios = [np.where(ref_len > 0, h / np.maximum(ref_len, 1), np.where(h > 0, np.inf, 1.0)) for h in hyp_len]
    groups = [_members(r, cutoffs) for r in ratios]
    return {
        "buckets": _buckets.labels(cutoffs, integers=False),
        "segments": {name: [len(g) for g in groups[s]] for s, name in enumerate(names)},
        "scores": [
            {
                "metric": a.key,
                "systems": {name: [a.subset_score(s, g) for g in groups[s]] for s, name in enumerate(names)},
            }
            for a in metric_list
        ],
    }


def _word_accuracy(words: dict[str, Any], names: Sequence[str], source: str) -> dict[str, Any]:
    systems = {}
    for name, out, matches in zip(names, words["out_totals"], words["matches"]):
        rec, prec, fmeas = [], [], []
        for m, o, r in zip(matches, out, words["ref_totals"]):
            # compare-mt's calc_statistics: all 0 without a match.
            q, p = (m / float(r), m / float(o)) if m else (0.0, 0.0)
            rec.append(q)
            prec.append(p)
            fmeas.append(2 * p * q / (p + q) if m else 0.0)
        systems[name] = {"output_words": out, "matches": matches, "precision": prec, "recall": rec, "fmeasure": fmeas}
    return {
        "buckets": _buckets.labels(_buckets.WORD_FREQUENCY, integers=True),
        "frequency_from": source,
        "reference_words": words["ref_totals"],
        "systems": systems,
    }


def _ngrams(words: dict[str, Any], names: Sequence[str], kinds: Sequence[str]) -> list[dict[str, Any]]:
    def rows(rs: list) -> list[dict[str, Any]]:
        return [{"ngram": g, "score": score, "system": a, "baseline": b} for g, score, a, b in rs]

    out = []
    for s, per_kind in enumerate(words["ngrams"], start=1):
        for kind, (high, low) in zip(kinds, per_kind):
            out.append(
                {
                    "system": names[s],
                    "baseline": names[0],
                    "kind": kind,
                    "system_more": rows(high),
                    "baseline_more": rows(low),
                }
            )
    return out
