"""The metrics a comparison report can hold, each behind one adapter with the same few methods:
its corpus scores and paired tests (the library's own calls, so the report's numbers are theirs),
its sentence-level scores, the corpus score of any subset of segments (from the per-segment
statistics: no text is scored twice), its settings and its signature.

Names: ``bleu``, ``chrf``, ``chrf++``, ``ter`` (sacrebleu's metrics, or a :class:`BLEU`,
:class:`CHRF` or :class:`TER` object with options of its own), and the rouge types of
:func:`rougebleu.rouge` (``rouge1``, ``rouge2``, ``rougeL``, ``rougeLsum``, ``rougeW-1.2``,
``rougeSU4``, ...; their F-measure, averaged over the segments as rouge_score's users report it).
"""

from __future__ import annotations

import numpy as np

from rougebleu import _rougebleu as _native

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

__all__ = ["MT_NAMES", "Adapter", "MTAdapter", "RougeAdapter", "adapters"]

#: The sacrebleu-family names (the rouge types are checked by ROUGE's own parser).
MT_NAMES = ("bleu", "chrf", "chrf++", "ter")


class Adapter:
    """One metric of a report. After :meth:`score`, ``scores[s]`` is system ``s``'s corpus score,
    ``bootstrap[s]`` its ``(p_value, mean, ci)`` of the paired bootstrap (no p-value for the
    baseline), ``randomization[s]`` the approximate-randomization p-value (when run) and
    ``sentences[s]`` its sentence-level scores (float64 array)."""

    key: str
    name: str
    scale: float
    higher_is_better: bool = True
    #: Decimals the text forms show.
    decimals: int = 2

    def __init__(self) -> None:
        self.scores: list[float] = []
        self.bootstrap: list[tuple[float | None, float | None, float | None]] = []
        self.randomization: list[float | None] | None = None
        self.sentences: list[np.ndarray] = []

    def settings(self) -> dict[str, Any]:
        """Every option that determines the numbers."""
        raise NotImplementedError

    def signature(self) -> str | None:
        """The metric's reproducibility signature (None where the metric has no signature format)."""
        raise NotImplementedError

    def subset_score(self, system: int, segments: np.ndarray) -> float | None:
        """The corpus score of system `system` on the segments `segments` (None for none)."""
        raise NotImplementedError

    def describe(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "name": self.name,
            "scale": self.scale,
            "higher_is_better": self.higher_is_better,
            "settings": self.settings(),
            "signature": self.signature(),
        }


# -- sacrebleu's metrics ---------------------------------------------------------------------------


class MTAdapter(Adapter):
    """BLEU, chrF, chrF++ or TER through rougebleu's sacrebleu-compatible metric objects."""

    def __init__(self, key: str, metric: Any, cached: bool = False) -> None:
        super().__init__()
        self.key = key
        self.metric = metric
        #: Whether `metric` holds the report's references (tokenized once, for every call).
        self.cached = cached
        self.higher_is_better = key != "ter"
        self.scale = 100.0
        self.rows: list[Any] = []
        self.stats: list[np.ndarray] = []
        self.name = key.upper() if key in ("bleu", "ter") else "chrF++" if key == "chrf++" else "chrF"

    def settings(self) -> dict[str, Any]:
        m = self.metric
        names = {
            "bleu": ("tokenize", "lowercase", "smooth_method", "smooth_value", "max_ngram_order", "effective_order"),
            "chrf": ("char_order", "word_order", "beta", "lowercase", "whitespace", "eps_smoothing"),
            "ter": ("normalized", "no_punct", "asian_support", "case_sensitive"),
        }["chrf" if self.key.startswith("chrf") else self.key]
        out = {n: getattr(m, n) for n in names}
        out["nrefs"] = m.num_refs
        if self.key == "bleu":
            out["sentence_level"] = "sacrebleu sentence_bleu (effective order, exp smoothing)"
        return out

    def signature(self) -> str | None:
        return self.metric.get_signature().format()

    def segment_statistics(self, systems: Sequence[Sequence[str]], streams: Any, workers: int | None) -> None:
        from rougebleu.mt.significance import statistics_of_systems

        # The statistics in the form the paired tests take (computed once for the report and the
        # tests), and as arrays.
        self.rows = statistics_of_systems(self.metric, systems, None if self.cached else streams, workers)
        self.stats = [np.asarray(r) for r in self.rows]
        if self.key == "bleu":
            # sacrebleu's sentence BLEU (what sentence_bleu computes: effective order, exp
            # smoothing) of each segment's statistics.
            self.sentences = [
                _native.bleu_scores_from_stats(np.ascontiguousarray(s), "exp", None, True, workers) for s in self.stats
            ]
        elif self.key == "ter":
            self.sentences = [_native.ter_scores_from_stats(s) for s in self.stats]
        else:
            self.sentences = [self.metric.scores_from_statistics(s, workers=workers) for s in self.stats]

    def subset_score(self, system: int, segments: np.ndarray) -> float | None:
        if len(segments) == 0:
            return None
        rows = self.stats[system][segments]
        if self.key == "ter":
            return float(self.metric.score_from_statistics(rows).score)  # rows summed in order
        return float(self.metric.score_from_statistics(rows.sum(axis=0)).score)


def _mt_metric(key: str, tokenize: Any, lowercase: bool, references: Any) -> Any:
    """The metric of `key` holding `references` (tokenized once for every system and test)."""
    if key == "bleu":
        from rougebleu.mt.bleu import BLEU

        return BLEU(tokenize=tokenize, lowercase=lowercase, references=references)
    if key in ("chrf", "chrf++"):
        from rougebleu.mt.chrf import CHRF

        return CHRF(word_order=2 if key == "chrf++" else 0, lowercase=lowercase, references=references)
    from rougebleu.mt.ter import TER

    return TER(references=references)


def _key_of(metric: Any) -> str | None:
    from rougebleu.mt.bleu import BLEU
    from rougebleu.mt.chrf import CHRF
    from rougebleu.mt.ter import TER

    if isinstance(metric, BLEU):
        return "bleu"
    if isinstance(metric, CHRF):
        return "chrf++" if metric.word_order > 0 else "chrf"
    if isinstance(metric, TER):
        return "ter"
    return None


def run_mt_tests(
    adapters: Sequence[MTAdapter],
    names: Sequence[str],
    systems: Sequence[Sequence[str]],
    streams: Any,
    *,
    seed: int | None,
    paired_bs_n: int,
    paired_ar_n: int,
) -> None:
    """Corpus scores, bootstrap intervals and paired tests of the sacrebleu-family metrics: one
    :class:`rougebleu.mt.significance.PairedTest` per test (sacrebleu's draws, shared by the metrics)."""
    if not adapters:
        return
    from rougebleu.mt.significance import PairedTest

    metrics = {a.key: a.metric for a in adapters}
    named = list(zip(names, systems))
    # The metrics the report made hold the references; a metric object given by the caller does not.
    refs = None if all(a.cached for a in adapters) else streams
    # The statistics the report computed (segment_statistics) serve the tests too.
    stats = {a.key: a.rows for a in adapters}
    _, scores = PairedTest(named, metrics, refs, "bs", paired_bs_n, seed=seed, statistics=stats)()
    by_name = list(scores)[1:]  # keyed by the score names ("BLEU", "chrF2", ...), in metric order
    for adapter, score_name in zip(adapters, by_name):
        adapter.name = score_name
        results = scores[score_name]
        adapter.scores = [float(r.score) for r in results]
        adapter.bootstrap = [(_f(r.p_value), _f(r.mean), _f(r.ci)) for r in results]
    if paired_ar_n > 0:
        _, scores = PairedTest(named, metrics, refs, "ar", paired_ar_n, seed=seed, statistics=stats)()
        for adapter, score_name in zip(adapters, list(scores)[1:]):
            adapter.randomization = [_f(r.p_value) for r in scores[score_name]]


def _f(value: Any) -> float | None:
    return None if value is None else float(value)


# -- ROUGE ---------------------------------------------------------------------------------------


class RougeAdapter(Adapter):
    """One rouge type's F-measure, the mean over the segments (rouge_score's per-pair scores)."""

    decimals = 4

    def __init__(self, rouge_type: str, options: dict[str, Any]) -> None:
        super().__init__()
        self.key = rouge_type
        self.name = f"{rouge_type} F"
        self.scale = 1.0
        self.options = options

    def settings(self) -> dict[str, Any]:
        return {
            "rouge_type": self.key,
            "measure": "fmeasure",
            "average": "macro (mean of the per-pair scores)",
            **self.options,
            "tokenizer": "rouge_score" if self.options.get("lang") is None else "XL-Sum scorer",
        }

    def signature(self) -> str | None:
        from rougebleu.rouge_family.signature import rouge_signature

        return rouge_signature([self.key], average="macro", **self.options)

    def subset_score(self, system: int, segments: np.ndarray) -> float | None:
        if len(segments) == 0:
            return None
        return exact_mean(self.sentences[system][segments])


def exact_mean(values: np.ndarray) -> float:
    """The mean of float64 values rounded once from their exact sum, as :func:`rougebleu.rouge_corpus`
    and :class:`rougebleu.RougeStats` average (so the report's ROUGE equals theirs to the last bit)."""
    from rougebleu.stats import _exact_ints, _rounded

    (total,) = _exact_ints(np.ascontiguousarray(values, dtype=np.float64).reshape(-1, 1))
    return _rounded(total, len(values))


def run_rouge(
    adapters: Sequence[RougeAdapter],
    names: Sequence[str],
    systems: Sequence[Sequence[str]],
    references: Any,
    *,
    seed: int | None,
    paired_bs_n: int,
    paired_ar_n: int,
    workers: int | None,
) -> None:
    """Per-pair ROUGE of every system (:func:`rougebleu.rouge`'s, each reference tokenized once),
    corpus scores and the paired tests
    of :func:`rougebleu.rouge_paired_test` on the F-measures, every type in one pass over the draws."""
    if not adapters:
        return
    from rougebleu.rouge_family.batch import rouge_systems
    from rougebleu.rouge_family.significance import paired_tests_on_columns

    options = adapters[0].options
    types = [a.key for a in adapters]
    per_system = rouge_systems(
        systems,
        references,
        rouge_types=types,
        use_stemmer=options["use_stemmer"],
        multi_ref=options["multi_ref"],
        lang=options["lang"],
        workers=workers,
    )
    for adapter in adapters:
        adapter.sentences = [arrays[adapter.key].fmeasure for arrays in per_system]
        adapter.scores = [exact_mean(s) for s in adapter.sentences]
    columns = {a.key: a.sentences for a in adapters}
    bs = paired_tests_on_columns(names, columns, test_type="bs", n_samples=paired_bs_n, seed=seed)
    for adapter in adapters:
        adapter.bootstrap = [(r.p_value, r.mean, r.ci) for r in bs[adapter.key]]
    if paired_ar_n > 0:
        ar = paired_tests_on_columns(names, columns, test_type="ar", n_samples=paired_ar_n, seed=seed)
        for adapter in adapters:
            adapter.randomization = [r.p_value for r in ar[adapter.key]]


# -- the metric list -------------------------------------------------------------------------------


def adapters(
    metrics: Sequence[Any],
    references: Any,
    *,
    tokenize: str,
    lowercase: bool,
    use_stemmer: bool,
    multi_ref: str,
    lang: str | None,
) -> list[Adapter]:
    """The adapters of a report's `metrics` (names or metric objects), in order; the metrics made
    from names hold `references` (sacrebleu's streams)."""
    if isinstance(metrics, str):
        metrics = [metrics]
    out: list[Adapter] = []
    rouge_types: list[str] = []
    for m in metrics:
        if isinstance(m, str):
            key = m.lower() if m.lower() in MT_NAMES else m
            if key in MT_NAMES:
                out.append(MTAdapter(key, _mt_metric(key, tokenize, lowercase, references), cached=True))
            elif key.startswith("rouge"):
                rouge_types.append(key)
                out.append(RougeAdapter(key, {}))
            else:
                raise ValueError(
                    f"metrics: unknown metric {m!r}; expected {', '.join(MT_NAMES)} or a rouge type "
                    "(rouge1, rouge2, rougeL, rougeLsum, rougeW-1.2, rougeS4, rougeSU4, ...)"
                )
        else:
            found = _key_of(m)
            if found is None:
                raise TypeError(f"metrics: expected metric names or BLEU, CHRF or TER objects, not {type(m).__name__}")
            out.append(MTAdapter(found, m))
    keys = [a.key for a in out]
    dupes = sorted({k for k in keys if keys.count(k) > 1})
    if dupes:
        raise ValueError(f"metrics: {', '.join(dupes)} given more than once")
    if not out:
        raise ValueError("metrics: give at least one metric")
    if rouge_types:
        # The rouge types and options are checked by ROUGE's own parser (errors naming them).
        from rougebleu.rouge_family.multilingual import resolve_language
        from rougebleu.rouge_family.scorer import make_core

        lang_name = None if lang is None else resolve_language(lang)[0]
        make_core(rouge_types, bool(use_stemmer), multi_ref, lang=lang_name)
        options: dict[str, Any] = {"use_stemmer": bool(use_stemmer), "multi_ref": multi_ref, "lang": lang_name}
        for a in out:
            if isinstance(a, RougeAdapter):
                a.options = options
    return out
