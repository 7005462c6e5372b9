"""BLEU exactly as sacrebleu 2.6.0 computes it (Papineni et al. 2002), plus batch calls.

`BLEU(...)` takes sacrebleu's arguments and returns sacrebleu's numbers -- score and every statistic --
for the tokenizers `13a`, `intl`, `zh`, `char` and `none` (and `zh-fixed`, `zh` with its range table
corrected). References use sacrebleu's stream layout: `references[k][i]` is reference k of segment i,
`None` a missing one. Tokenization and n-gram counting run in Rust with the GIL released.

Differences from sacrebleu, on purpose: reference streams of unequal length, or hypotheses and
references of unequal length, raise `ValueError` (sacrebleu truncates silently); a segment whose
references are all `None` raises `ValueError`; sacrebleu's logger warnings are not emitted.
"""

from __future__ import annotations

import os

from rougebleu import _rougebleu as _native
from rougebleu._args import MAX_BOOTSTRAP, bounded_integer, flag
from rougebleu._long_call import reporting
from rougebleu.mt._args import (
    add_layout_hint,
    cached_references,
    check_order,
    check_smoothing,
    check_tokenize,
    model_tokenizer_names,
    native_streams,
    one_segment,
    text_list,
)
from rougebleu.mt._base import NativeSentence, remember_metric
from rougebleu.mt._bleu_score import SMOOTH_DEFAULTS, BLEUScore, BLEUSignature
from rougebleu.mt.significance import default_rng

TYPE_CHECKING = False  # not typing's: keep the start-up of the commands light
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    import numpy as np

    from rougebleu._long_call import ProgressArg
    from rougebleu._rougebleu import _BleuTokenize, _SacrebleuTokenize, _SmoothMethod

__all__ = ["BLEU", "BLEUScore", "BLEUSignature", "corpus_bleu", "sentence_bleu"]

# sacrebleu's default tokenizer for a target language (13a for the others).
_TOKENIZER_BY_LANG = {"zh": "zh", "ja": "ja-mecab", "ko": "ko-mecab"}


def _seed_from_env() -> tuple[str, int | None]:
    """sacrebleu's seed: `SACREBLEU_SEED` (default 12345; "none" = fresh entropy)."""
    seed = os.environ.get("SACREBLEU_SEED", "12345")
    return seed.lower(), (None if seed.lower() == "none" else int(seed))


class BLEU(NativeSentence):
    """sacrebleu's `BLEU` metric.

    Args mirror sacrebleu: `lowercase`, `force` (accepted, no effect: no tokenization warnings
    are printed), `tokenize` (None: `13a`, or `zh` when `trg_lang="zh"`), `smooth_method`
    (`none`, `floor`, `add-k`, `exp`), `smooth_value` (None: 0.1 for floor, 1 for add-k),
    `max_ngram_order`, `effective_order`, `trg_lang`, and `references` (streams, tokenized once and
    reused by every `corpus_score(hyps, None)` / batch call).

    The batch calls (`segment_statistics`, `corpus_score`, `sentence_scores`, `pairwise`) take
    `progress=` (True: a tqdm bar; a callable: `(done, total)`) and stop at once on Ctrl-C.
    """

    SMOOTH_DEFAULTS = SMOOTH_DEFAULTS
    TOKENIZER_DEFAULT = "13a"

    def __init__(
        self,
        lowercase: bool = False,
        force: bool = False,
        tokenize: _BleuTokenize | _SacrebleuTokenize | None = None,
        smooth_method: _SmoothMethod = "exp",
        smooth_value: float | None = None,
        max_ngram_order: int = 4,
        effective_order: bool = False,
        trg_lang: str = "",
        references: Sequence[Sequence[str | None]] | None = None,
    ) -> None:
        check_smoothing(smooth_method, smooth_value)
        self.max_ngram_order = check_order(max_ngram_order)
        name: str = _TOKENIZER_BY_LANG.get(trg_lang, self.TOKENIZER_DEFAULT) if tokenize is None else tokenize
        self.tokenize = check_tokenize(name)
        # sacrebleu's tokenizers that need a model or MeCab run in Python (mt/model_tokenizers.py);
        # the native calls then count their space-separated tokens as the `none` tokenizer does.
        self._model: Any = None
        self._load_model()
        self.tokenizer_signature = self._model.signature() if self._model is not None else self.tokenize
        self.lowercase = flag(lowercase, "lowercase")
        # Whether the texts become Python strings before the native calls (str.lower, a model).
        self._python_text = self.lowercase or self._model is not None
        self._force = flag(force, "force")
        self.smooth_method = smooth_method
        self.smooth_value = smooth_value
        self.effective_order = flag(effective_order, "effective_order")
        self.trg_lang = trg_lang
        self.n_bootstrap: int | None = None
        self.seed: str | None = None
        self.num_refs: int | None = None
        self._ref_cache: Any = None
        if references is not None:
            self._ref_cache = self._cache_references(references)
        self._sentence_setup()

    def _load_model(self) -> None:
        if self.tokenize in model_tokenizer_names():
            from rougebleu.mt import model_tokenizers

            self._model = model_tokenizers.load(self.tokenize)

    @property
    def _native_tokenize(self) -> str:
        """The tokenizer the native calls apply: `none` after a model tokenizer."""
        return "none" if self._model is not None else self.tokenize

    def _sentence_setup(self) -> None:
        # sentence_score's one-call path (options parsed once; `lowercase` and model tokenizers
        # take the general path).
        self._sentence = _native.BleuSentence(*self._native_options())

    def _native_options(self) -> tuple[str, bool, int, str, float | None, bool]:
        """The options of the native scoring calls: tokenizer, lowercase (done in Python), order,
        smoothing and its value, effective order."""
        return (
            self._native_tokenize,
            False,
            self.max_ngram_order,
            self.smooth_method,
            self._value_f(),
            self.effective_order,
        )

    def __getstate__(self) -> dict:
        state = super().__getstate__()
        state["_model"] = None  # a MeCab tagger or SentencePiece processor: loaded again
        return state

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self._load_model()
        self._sentence_setup()

    # -- references and statistics -------------------------------------------------------------

    def _lower(self, texts: list) -> list:
        # Python's own str.lower (its Unicode version, Final_Sigma), exactly what sacrebleu applies;
        # then a model tokenizer, given the right-stripped text as sacrebleu gives it.
        if self.lowercase:
            texts = [t.lower() if t is not None else None for t in texts]
        if self._model is not None:
            texts = [self._model(t.rstrip()) if t is not None else None for t in texts]
        return texts

    def _cache_references(self, references: Any, workers: int | None = None) -> Any:
        streams = native_streams(references, self.lowercase, tokenizer=self._model)
        cache = _native.BleuReferences(streams, self._native_tokenize, False, self.max_ngram_order, workers)
        self.num_refs = cache.num_refs
        return cache

    def _references_for(self, references: Any, workers: int | None = None) -> Any:
        if references is not None:
            return self._cache_references(references, workers)
        return cached_references(self)

    def segment_statistics(
        self,
        hypotheses: Sequence[str],
        references: Sequence[Sequence[str | None]] | None = None,
        *,
        workers: int | None = None,
        progress: ProgressArg = None,
    ) -> np.ndarray:
        """Per-segment sufficient statistics, int64 array `(n, 2 + 2 * max_ngram_order)`:
        `[hyp_len, ref_len, correct_1..N, total_1..N]` (sacrebleu's order). Sum rows and pass them to
        :meth:`score_from_statistics` to aggregate or bootstrap yourself."""
        with reporting(progress, "segment_statistics"):
            import numpy as np

            return np.asarray(self._segment_rows(hypotheses, references, workers))

    def score_from_statistics(self, stats: Sequence[int] | np.ndarray) -> BLEUScore:
        """The BLEU score of summed statistics (one row of :meth:`segment_statistics` or a sum of rows)."""
        if isinstance(stats, list) and all(type(v) is int for v in stats):
            row = stats  # the significance tests' sums: no NumPy needed
        else:
            import numpy as np

            row = [int(v) for v in np.asarray(stats).reshape(-1)]
        if len(row) != 2 + 2 * self.max_ngram_order:
            raise ValueError(f"stats: expected {2 + 2 * self.max_ngram_order} values, got {len(row)}")
        if any(not 0 <= v < 2**63 for v in row):
            raise ValueError("stats: statistics must be integers from 0 to 2**63 - 1")
        score, _, _, precisions, bp, sys_len, ref_len = _native.bleu_score_from_stats(
            row, self.smooth_method, self._value_f(), self.effective_order
        )
        order = self.max_ngram_order
        return self._score(score, row[2 : 2 + order], row[2 + order :], precisions, bp, sys_len, ref_len)

    def _score(
        self,
        score: float,
        counts: list,
        totals: list,
        precisions: list[float],
        bp: float,
        sys_len: int,
        ref_len: int,
    ) -> BLEUScore:
        """The result object, with add-k's additions in `counts`/`totals` as sacrebleu reports them."""
        order = self.max_ngram_order
        if self.smooth_method == "add-k" and any(counts):
            # sacrebleu adds k to the lists it then reports (Python arithmetic: ints stay ints).
            k = self.smooth_value if self.smooth_value is not None else SMOOTH_DEFAULTS["add-k"]
            assert k is not None
            for i in range(order):
                if i > 0:
                    counts[i] += k
                    totals[i] += k
                if totals[i] == 0:
                    break
        return BLEUScore(score, counts, totals, precisions, bp, sys_len, ref_len)

    def _value_f(self) -> float | None:
        return None if self.smooth_value is None else float(self.smooth_value)

    # -- sacrebleu's API ----------------------------------------------------------------------------

    def corpus_score(
        self,
        hypotheses: Sequence[str],
        references: Sequence[Sequence[str | None]] | None,
        n_bootstrap: int = 1,
        *,
        progress: ProgressArg = None,
    ) -> BLEUScore:
        """Corpus BLEU (sacrebleu `BLEU.corpus_score`); `n_bootstrap > 1` adds sacrebleu's 95%
        bootstrap interval (seed from `SACREBLEU_SEED`, default 12345) to the result and signature."""
        with reporting(progress, "corpus_score"):
            n_bootstrap = bounded_integer(n_bootstrap, "n_bootstrap", -(2**63), MAX_BOOTSTRAP)
            # Native rows, draws and resample scores: a corpus score never needs NumPy.
            try:
                rows = self._segment_rows(hypotheses, references)
            except ValueError as e:
                add_layout_hint(e, hypotheses, references)
                raise
            return self._corpus_from_segments(rows, n_bootstrap)

    def _corpus_from_segments(self, stats: Any, n_bootstrap: int) -> BLEUScore:
        """`corpus_score` of per-segment statistics: native rows, or an int64 array (from
        `rougebleu.stats`)."""
        if isinstance(stats, _native.SegmentRows):
            result = self.score_from_statistics(stats.totals())
        else:
            result = self.score_from_statistics([int(v) for v in stats.sum(axis=0, dtype=object)])
        # sacrebleu treats any n_bootstrap <= 1 as "no interval".
        if n_bootstrap > 1:
            self.n_bootstrap = n_bootstrap
            self.seed, seed = _seed_from_env()
            idx = default_rng(seed).choice(len(stats), n_bootstrap)
            result.estimate_ci(self._resample_scores(stats, idx).tolist())
        return result

    def sentence_score(self, hypothesis: str, references: Sequence[str | None]) -> BLEUScore:
        """Sentence BLEU of one hypothesis against its references (sacrebleu `BLEU.sentence_score`;
        use `effective_order=True` as sacrebleu recommends)."""
        if not self._python_text:
            # One native call: str hypothesis, list/tuple of str/None references (None otherwise).
            fields = self._sentence.score(hypothesis, references)
            if fields is not None:
                score, counts, totals, precisions, bp, sys_len, ref_len, self.num_refs = fields
                return self._score(score, counts, totals, precisions, bp, sys_len, ref_len)
        stats = self.segment_statistics([hypothesis], one_segment(hypothesis, references), workers=1)
        return self.score_from_statistics(stats[0])

    def get_signature(self) -> BLEUSignature:
        """The reproducibility signature (known once references have been seen)."""
        return BLEUSignature(self.__dict__)

    # -- batch calls ------------------------------------------------------------------------------

    def sentence_scores(
        self,
        hypotheses: Sequence[str],
        references: Sequence[Sequence[str | None]] | None = None,
        *,
        workers: int | None = None,
        progress: ProgressArg = None,
    ) -> np.ndarray:
        """Sentence BLEU of every segment, float64 array: `out[i]` equals
        `sentence_score(hypotheses[i], [refs[i] for refs in references])` with this object's options."""
        with reporting(progress, "sentence_scores"):
            check = self._python_text
            hyps = self._lower(text_list(hypotheses, "hypotheses", check))
            smooth = (self.smooth_method, self._value_f(), self.effective_order)
            if references is not None:
                streams = native_streams(references, check)
                scores, self.num_refs = _native.bleu_sentence_scores(
                    hyps, streams, self._native_tokenize, False, self.max_ngram_order, *smooth, workers
                )
                return scores
            refs = self._references_for(None, workers)
            return refs.sentence_scores(hyps, *smooth, workers)

    def pairwise(
        self,
        hypotheses: Sequence[str],
        references: Sequence[str],
        *,
        workers: int | None = None,
        progress: ProgressArg = None,
    ) -> np.ndarray:
        """All-pairs sentence BLEU, float64 `(len(hypotheses), len(references))`: `out[i, j]` equals
        `sentence_score(hypotheses[i], [references[j]])` (for MBR decoding, similarity filtering)."""
        with reporting(progress, "pairwise"):
            hyps = text_list(hypotheses, "hypotheses", self._python_text)
            refs = text_list(references, "references", self._python_text)
            return _native.bleu_pairwise(self._lower(hyps), self._lower(refs), *self._native_options(), workers)

    # -- what the significance tests call (rougebleu.mt.significance, sacrebleu's Metric hooks) ----

    def _extract_corpus_statistics(self, hypotheses: Sequence[str], references: Any) -> list:
        return self.segment_statistics(hypotheses, references if references else None).tolist()

    def _compute_score_from_stats(self, stats: Sequence[Any]) -> BLEUScore:
        return self.score_from_statistics(stats)

    def _aggregate_and_compute(self, stats: Any) -> BLEUScore:
        if isinstance(stats, _native.SegmentRows):
            return self.score_from_statistics(stats.totals())
        import numpy as np

        arr = np.asarray(stats, dtype=np.int64).reshape(-1, 2 + 2 * self.max_ngram_order)
        return self.score_from_statistics(arr.sum(axis=0))

    def _segment_rows(self, hypotheses: Sequence[str], references: Any, workers: int | None = None) -> Any:
        """`segment_statistics` as native rows (`SegmentRows`, NumPy's array via `__array__`):
        corpus scores, their intervals and the paired tests use them without NumPy."""
        # Item types are checked natively (same TypeError) unless str.lower needs them first.
        check = self._python_text
        hyps = self._lower(text_list(hypotheses, "hypotheses", check))
        if references is not None:
            streams = native_streams(references, self.lowercase, tokenizer=self._model)
            rows, self.num_refs = _native.bleu_stats(
                hyps, streams, self._native_tokenize, False, self.max_ngram_order, workers
            )
            return rows
        refs = self._references_for(None, workers)
        return refs.stats(hyps, workers)

    def _segment_rows_many(
        self, systems: Sequence[Sequence[str]], references: Any, workers: int | None = None
    ) -> list[Any]:
        """`_segment_rows` of several systems; with cached references each segment's references
        are interned and counted once for all of them."""
        if references is not None:
            return [self._segment_rows(hyps, references, workers) for hyps in systems]
        refs = self._references_for(None, workers)
        check = self._python_text
        texts = [self._lower(text_list(hyps, "hypotheses", check)) for hyps in systems]
        return refs.stats_many(texts, workers)  # type: ignore[no-any-return]

    def _resample_scores(self, stats: Any, idx: Any) -> Any:
        smooth = (self.smooth_method, self._value_f(), self.effective_order)
        if isinstance(stats, _native.SegmentRows) and isinstance(idx, _native.ResampleIndices):
            return _native.bleu_resample_scores(stats, idx, *smooth)
        import numpy as np

        return _native.bleu_bootstrap_scores(
            np.ascontiguousarray(stats, dtype=np.int64), np.ascontiguousarray(idx, dtype=np.int64), *smooth
        )

    def _shared_resample_scores(self, stats: list[Any], rng: Any, n_samples: int) -> list[Any]:
        """`_resample_scores` of several systems' native rows with the same draws,
        `rng.choice(n, n_samples)`, drawn a few rows at a time instead of as a whole matrix."""
        smooth = (self.smooth_method, self._value_f(), self.effective_order)
        return _native.bleu_shared_resample_scores(stats, rng, n_samples, *smooth)

    def _randomization_scores(
        self, baseline: np.ndarray, system: np.ndarray, swap: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        import numpy as np

        return _native.bleu_randomization_scores(
            np.ascontiguousarray(baseline, dtype=np.int64),
            np.ascontiguousarray(system, dtype=np.int64),
            np.ascontiguousarray(swap),
            self.smooth_method,
            self._value_f(),
            self.effective_order,
        )

    def __repr__(self) -> str:
        return f"BLEU({self.get_signature() if self.num_refs is not None else 'no references yet'})"


def corpus_bleu(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str | None]],
    smooth_method: _SmoothMethod = "exp",
    smooth_value: float | None = None,
    force: bool = False,
    lowercase: bool = False,
    tokenize: _BleuTokenize | _SacrebleuTokenize = "13a",
    use_effective_order: bool = False,
) -> BLEUScore:
    """sacrebleu's `corpus_bleu` (a fresh `BLEU` per call)."""
    metric = BLEU(
        lowercase=lowercase,
        force=force,
        tokenize=tokenize,
        smooth_method=smooth_method,
        smooth_value=smooth_value,
        effective_order=use_effective_order,
    )
    return metric.corpus_score(hypotheses, references)


def sentence_bleu(
    hypothesis: str,
    references: Sequence[str | None],
    smooth_method: _SmoothMethod = "exp",
    smooth_value: float | None = None,
    lowercase: bool = False,
    tokenize: _BleuTokenize | _SacrebleuTokenize = "13a",
    use_effective_order: bool = True,
) -> BLEUScore:
    """sacrebleu's `sentence_bleu` (effective order on by default)."""
    # The switches' types are part of the key: `lowercase="yes"` must reach the constructor's check.
    key = (
        smooth_method,
        smooth_value,
        lowercase,
        type(lowercase),
        tokenize,
        use_effective_order,
        type(use_effective_order),
    )
    try:
        metric = _SENTENCE_METRICS[key]
    except (KeyError, TypeError):  # new options, or an unhashable one
        metric = remember_metric(
            _SENTENCE_METRICS,
            key,
            lambda: BLEU(
                lowercase=lowercase,
                tokenize=tokenize,
                smooth_method=smooth_method,
                smooth_value=smooth_value,
                effective_order=use_effective_order,
            ),
        )
    return metric.sentence_score(hypothesis, references)


# sentence_bleu's metric objects by option values: building one costs more than scoring a sentence.
_SENTENCE_METRICS: dict = {}
