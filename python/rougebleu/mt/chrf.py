"""chrF and chrF++ exactly as sacrebleu 2.6.0 computes them (Popović 2015, 2017), plus batch calls.

`CHRF(...)` takes sacrebleu's arguments and returns sacrebleu's numbers -- the score, every
statistic, the signature and the text forms. Character n-grams run over code points (Python
whitespace removed unless `whitespace=True`); chrF++ (`word_order=2`) adds word n-grams over
`str.split()` words with one ASCII punctuation character split off each word's end (else its
start). Lowercasing is Python's own `str.lower`. References use sacrebleu's stream layout:
`references[k][i]` is reference k of segment i, `None` a missing one; each segment keeps the first
reference with the best sentence-level score. N-gram counting runs in Rust with the GIL released.

Differences from sacrebleu, on purpose: reference streams of unequal length, or hypotheses and
references of unequal length, raise `ValueError` (sacrebleu truncates silently); a segment whose
references are all `None` raises `ValueError`; orders are limited to 0..100 (`char_order=0` needs
`word_order >= 1`, as an all-zero order has nothing to count) and `beta` to (0, 1000].
"""

from __future__ import annotations

import math

from rougebleu import _rougebleu as _native
from rougebleu._args import MAX_BOOTSTRAP, bounded_integer, flag, integer, number, string_list
from rougebleu._long_call import reporting
from rougebleu.mt._args import add_layout_hint, cached_references, native_streams, one_segment
from rougebleu.mt._base import NativeSentence, Score, Signature, remember_metric

TYPE_CHECKING = False  # not typing's: NumPy and typing stay out of a corpus score's imports
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    import numpy as np

    from rougebleu._long_call import ProgressArg

__all__ = ["CHRF", "CHRFScore", "CHRFSignature", "corpus_chrf", "sentence_chrf"]

MAX_ORDER = 100
MAX_BETA = 1000


class CHRFScore(Score):
    """A chrF score as sacrebleu's `CHRFScore`: `score` (0-100), `char_order`, `word_order`, `beta`
    and `name` (`chrF2`, `chrF2++` for word order 2: one `+` per word order)."""

    def __init__(self, score: float, char_order: int, word_order: int, beta: float) -> None:
        self.beta = beta
        self.char_order = char_order
        self.word_order = word_order
        super().__init__(f"chrF{beta}" + "+" * word_order, score)

    @classmethod
    def _of(cls, score: float, template: dict[str, Any]) -> CHRFScore:
        # What __init__ makes, from a metric's prepared attributes: sentence-level calls build
        # millions of these, and the name's formatting costs as much as the scoring.
        self = cls.__new__(cls)
        self.__dict__.update(template)
        self.score = score
        return self

    def _estimate_ci_float32(self, scores: np.ndarray, is_float32: np.ndarray) -> None:
        # sacrebleu scores its resamples in float32 (NumPy 2 rules) and keeps the float32 type
        # through the interval arithmetic and statistics.mean, so its mean and ci are np.float32.
        # A resample without matches scores a Python 0.0 there: all of them, Python floats; a mix,
        # a TypeError in sacrebleu's statistics.mean, and the mean of the values here.
        if not is_float32.all():
            self.estimate_ci(scores.tolist())
            return
        import statistics

        import numpy as np

        raw = np.sort(scores.astype(np.float32))
        n = len(raw)
        lower = n // 40
        self._ci = np.float32(0.5) * (raw[n - lower - 1] - raw[lower])
        # The mean of the exact values, rounded to float32 (as statistics.mean of np.float32 does).
        # np.float32 where the base class has a float: sacrebleu's is one, and it formats and compares alike.
        self._mean = np.float32(statistics.mean(float(x) for x in raw))  # type: ignore[assignment]


class CHRFSignature(Signature):
    """The reproducibility signature in sacrebleu's format (with rougebleu's version), e.g.
    `nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:...`."""

    _ABBR = {**Signature._ABBR, "case": "c", "eff": "e", "nc": "nc", "nw": "nw", "space": "s"}

    def __init__(self, args: dict[str, Any]) -> None:
        super().__init__(args)
        self.info.update(
            {
                "case": "lc" if args["lowercase"] else "mixed",
                "eff": "yes" if not args["eps_smoothing"] else "no",
                "nc": args["char_order"],
                "nw": args["word_order"],
                "space": "yes" if args["whitespace"] else "no",
            }
        )


def _seed_from_env() -> tuple[str, int | None]:
    from rougebleu.mt.bleu import _seed_from_env as seed

    return seed()


def _check_beta(beta: Any) -> float:
    value = number(beta, "beta")
    if not math.isfinite(value) or not 0 < value <= MAX_BETA:
        raise ValueError(f"beta must be a finite number in (0, {MAX_BETA}], got {beta!r}")
    return value


def _check_orders(char_order: Any, word_order: Any) -> tuple[int, int]:
    c = integer(char_order, "char_order")
    w = integer(word_order, "word_order")
    for name, v in (("char_order", c), ("word_order", w)):
        if not 0 <= v <= MAX_ORDER:
            raise ValueError(f"{name} must be between 0 and {MAX_ORDER}, got {v}")
    if c + w == 0:
        raise ValueError("char_order and word_order are both 0: there is no n-gram to count")
    return c, w


class CHRF(NativeSentence):
    """sacrebleu's `CHRF` metric (chrF2 by default; `word_order=2` is chrF++).

    Args mirror sacrebleu: `char_order`, `word_order`, `beta`, `lowercase`, `whitespace` (keep
    whitespace inside character n-grams), `eps_smoothing` (chrF++.py/NLTK/Moses epsilon smoothing
    instead of sacrebleu's effective order), and `references` (streams, checked and copied once and
    reused by `corpus_score(hyps, None)` and the batch calls).

    The batch calls (`segment_statistics`, `corpus_score`, `sentence_scores`, `pairwise`) take
    `progress=` (True: a tqdm bar; a callable: `(done, total)`) and stop at once on Ctrl-C.
    """

    CHAR_ORDER = 6
    WORD_ORDER = 0
    BETA = 2
    _PUNCTS = set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")

    def __init__(
        self,
        char_order: int = CHAR_ORDER,
        word_order: int = WORD_ORDER,
        beta: float = BETA,
        lowercase: bool = False,
        whitespace: bool = False,
        eps_smoothing: bool = False,
        references: Sequence[Sequence[str | None]] | None = None,
    ) -> None:
        self.char_order, self.word_order = _check_orders(char_order, word_order)
        self._beta = _check_beta(beta)
        self.beta = beta
        self.order = self.char_order + self.word_order
        self.lowercase = flag(lowercase, "lowercase")
        self.whitespace = flag(whitespace, "whitespace")
        self.eps_smoothing = flag(eps_smoothing, "eps_smoothing")
        self._force = True
        self.n_bootstrap: int | None = None
        self.seed: str | None = None
        self.num_refs: int | None = None
        self._ref_cache: Any = None
        if references is not None:
            self._ref_cache = self._cache_references(references)
        self._sentence_setup()

    def _sentence_setup(self) -> None:
        # sentence_score's one native call (options checked once) and its result's attributes.
        self._sentence = _native.ChrfSentence(self._options(), self.lowercase)
        name = f"chrF{self.beta}" + "+" * self.word_order
        self._score_attrs = {
            "beta": self.beta,
            "char_order": self.char_order,
            "word_order": self.word_order,
            "name": name,
            "score": 0.0,
            "_mean": -1.0,
            "_ci": -1.0,
            "_verbose": "",
        }

    # -- references and statistics -------------------------------------------------------------

    def _options(self) -> tuple[int, int, float, bool, bool]:
        return (self.char_order, self.word_order, self._beta, self.whitespace, self.eps_smoothing)

    def _lower(self, texts: list) -> list:
        # Python's own str.lower (full Unicode, Final_Sigma), exactly what sacrebleu applies.
        return [t.lower() if t is not None else None for t in texts] if self.lowercase else texts

    def _streams(self, references: Any) -> Any:
        return native_streams(references, self.lowercase)

    def _cache_references(self, references: Any) -> Any:
        cache = _native.ChrfReferences(self._streams(references))
        self.num_refs = cache.num_refs
        return cache

    def _hyps(self, hypotheses: Any) -> list:
        return self._lower(string_list(hypotheses, "hypotheses", self.lowercase))

    def _cached(self) -> Any:
        return cached_references(self)

    def segment_statistics(
        self,
        hypotheses: Sequence[str],
        references: Sequence[Sequence[str | None]] | None = None,
        *,
        workers: int | None = None,
        progress: ProgressArg = None,
    ) -> np.ndarray:
        """Per-segment statistics, int64 array `(n, 3 * (char_order + word_order))` in sacrebleu's
        layout: `[hyp n-grams, ref n-grams, matches]` per order, character orders first (the
        hypothesis count is 0 where the chosen reference has no n-gram of that order). Sum rows
        and pass them to :meth:`score_from_statistics` to aggregate or resample yourself."""
        with reporting(progress, "segment_statistics"):
            import numpy as np

            return np.asarray(self._rows(hypotheses, references, workers))

    def _rows(self, hypotheses: Sequence[str], references: Any, workers: int | None) -> Any:
        """`segment_statistics` as native rows (`SegmentRows`; NumPy's array through `__array__`):
        a corpus score sums them without NumPy."""
        hyps = self._hyps(hypotheses)
        if references is not None:
            stats, self.num_refs = _native.chrf_stats(hyps, self._streams(references), self._options(), workers)
            return stats
        return self._cached().stats(hyps, self._options(), workers)

    def score_from_statistics(self, stats: Sequence[int] | np.ndarray) -> CHRFScore:
        """The chrF score of summed statistics (one row of :meth:`segment_statistics` or a sum)."""
        if isinstance(stats, list) and all(type(v) is int for v in stats):
            row = stats  # native totals: no NumPy needed
        else:
            import numpy as np

            row = [int(v) for v in np.asarray(stats).reshape(-1)]
        if len(row) != 3 * self.order:
            raise ValueError(f"stats: expected {3 * self.order} values, got {len(row)}")
        if any(not 0 <= v < 2**63 for v in row):
            raise ValueError("stats: statistics must be non-negative integers below 2**63")
        score = _native.chrf_score_from_stats(row, self._beta, self.eps_smoothing)
        return CHRFScore(score, self.char_order, self.word_order, self.beta)

    # -- sacrebleu's API ----------------------------------------------------------------------------

    def corpus_score(
        self,
        hypotheses: Sequence[str],
        references: Sequence[Sequence[str | None]] | None,
        n_bootstrap: int = 1,
        *,
        progress: ProgressArg = None,
    ) -> CHRFScore:
        """Corpus chrF from the summed statistics of all segments (sacrebleu `CHRF.corpus_score`);
        `n_bootstrap > 1` adds sacrebleu's 95% bootstrap interval (seed from `SACREBLEU_SEED`,
        default 12345) to the result and the signature."""
        with reporting(progress, "corpus_score"):
            n_bootstrap = bounded_integer(n_bootstrap, "n_bootstrap", -(2**63), MAX_BOOTSTRAP)
            try:
                stats = self._rows(hypotheses, references, workers=1)
            except ValueError as e:
                add_layout_hint(e, hypotheses, references)
                raise
            return self._corpus_from_segments(stats, n_bootstrap)

    def _corpus_from_segments(self, stats: Any, n_bootstrap: int) -> CHRFScore:
        """`corpus_score` of per-segment statistics: native rows, or an int64 array (from
        `rougebleu.stats`)."""
        if isinstance(stats, _native.SegmentRows):
            result = self.score_from_statistics(stats.totals())
        else:
            import numpy as np

            result = self.score_from_statistics(stats.sum(axis=0) if len(stats) else np.zeros(stats.shape[1], np.int64))
        if n_bootstrap > 1:
            import numpy as np

            stats = np.asarray(stats)
            self.n_bootstrap = n_bootstrap
            self.seed, seed = _seed_from_env()
            rng = np.random.default_rng(seed)
            idx = rng.choice(len(stats), size=(n_bootstrap, len(stats)), replace=True)
            scores, is32 = _native.chrf_bootstrap_scores(
                stats, idx.astype(np.int64, copy=False), self._beta, self.eps_smoothing
            )
            result._estimate_ci_float32(scores, is32)
        return result

    def sentence_score(self, hypothesis: str, references: Sequence[str | None]) -> CHRFScore:
        """Sentence chrF of one hypothesis against its references (sacrebleu `CHRF.sentence_score`)."""
        # One native call for a str and a list or tuple of str/None; anything else (and its
        # errors) takes the general path below.
        got = self._sentence.score(hypothesis, references)
        if got is not None:
            score, self.num_refs = got
            return CHRFScore._of(score, self._score_attrs)
        streams = one_segment(hypothesis, references)
        if not streams:
            raise ValueError("references: no reference given")
        stats = self.segment_statistics([hypothesis], streams, workers=1)
        return self.score_from_statistics(stats[0])

    def get_signature(self) -> CHRFSignature:
        """The reproducibility signature (known once references have been seen)."""
        return CHRFSignature(self.__dict__)

    # -- batch calls ------------------------------------------------------------------------------

    def sentence_scores(
        self,
        hypotheses: Sequence[str],
        references: Sequence[Sequence[str | None]] | None = None,
        *,
        workers: int | None = None,
        progress: ProgressArg = None,
    ) -> np.ndarray:
        """Sentence chrF of every segment, float64 array: `out[i]` equals
        `sentence_score(hypotheses[i], [refs[i] for refs in references]).score`."""
        with reporting(progress, "sentence_scores"):
            hyps = self._hyps(hypotheses)
            if references is not None:
                streams = self._streams(references)
                scores, self.num_refs = _native.chrf_sentence_scores(hyps, streams, self._options(), workers)
                return scores
            return self._cached().sentence_scores(hyps, self._options(), workers)

    def pairwise(
        self,
        hypotheses: Sequence[str],
        candidates: Sequence[str],
        *,
        workers: int | None = None,
        progress: ProgressArg = None,
    ) -> np.ndarray:
        """All-pairs sentence chrF, float64 `(len(hypotheses), len(candidates))`: `out[i, j]` equals
        `sentence_score(hypotheses[i], [candidates[j]]).score` (MBR utility matrices, similarity
        filtering)."""
        with reporting(progress, "pairwise"):
            hyps = self._hyps(hypotheses)
            cands = self._lower(string_list(candidates, "candidates", self.lowercase))
            return _native.chrf_pairwise(hyps, cands, self._options(), workers)

    def scores_from_statistics(self, stats: np.ndarray, *, workers: int | None = None) -> np.ndarray:
        """One chrF per row of an int64 statistics array, float64 array."""
        import numpy as np

        arr = np.ascontiguousarray(np.asarray(stats, dtype=np.int64))
        if arr.ndim != 2 or arr.shape[1] != 3 * self.order:
            raise ValueError(f"stats: expected a 2-D array with {3 * self.order} columns, got shape {arr.shape}")
        return _native.chrf_scores_from_stats(arr, self._beta, self.eps_smoothing, workers)

    # -- what sacrebleu's significance tests call ---------------------------------------------------

    def _extract_corpus_statistics(self, hypotheses: Sequence[str], references: Any) -> list:
        return self.segment_statistics(hypotheses, references if references else None).tolist()

    def _compute_score_from_stats(self, stats: Sequence[Any]) -> CHRFScore:
        return self.score_from_statistics(stats)

    def _aggregate_and_compute(self, stats: Sequence[Sequence[int]]) -> CHRFScore:
        import numpy as np

        arr = np.asarray(stats, dtype=np.int64).reshape(-1, 3 * self.order)
        return self.score_from_statistics(arr.sum(axis=0))

    def _resample_scores(self, stats: np.ndarray, idx: np.ndarray) -> np.ndarray:
        import numpy as np

        # sacrebleu's resample scores are float32 unless a resample without matches gives 0.0.
        scores, is32 = _native.chrf_bootstrap_scores(
            np.ascontiguousarray(stats, dtype=np.int64),
            np.ascontiguousarray(idx, dtype=np.int64),
            self._beta,
            self.eps_smoothing,
        )
        return scores.astype(np.float32) if is32.all() else scores

    def _randomization_scores(
        self, baseline: np.ndarray, system: np.ndarray, swap: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        import numpy as np

        # Integer sums of the two pseudo-systems, as sacrebleu's int64 matrix products.
        keep = swap.astype(np.int64)
        a = keep @ baseline + (1 - keep) @ system
        b = (1 - keep) @ baseline + keep @ system
        return self.scores_from_statistics(a), self.scores_from_statistics(b)

    def __repr__(self) -> str:
        return f"CHRF({self.get_signature() if self.num_refs is not None else 'no references yet'})"


def corpus_chrf(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str | None]],
    char_order: int = CHRF.CHAR_ORDER,
    word_order: int = CHRF.WORD_ORDER,
    beta: float = CHRF.BETA,
    remove_whitespace: bool = True,
    eps_smoothing: bool = False,
) -> CHRFScore:
    """sacrebleu's `corpus_chrf` (a fresh `CHRF` per call; note `remove_whitespace`, the opposite
    of `CHRF(whitespace=...)`)."""
    metric = _function_metric(char_order, word_order, beta, remove_whitespace, eps_smoothing)
    return metric.corpus_score(hypotheses, references)


def _function_metric(
    char_order: int, word_order: int, beta: float, remove_whitespace: bool, eps_smoothing: bool
) -> CHRF:
    # The functions' `remove_whitespace` is the opposite of `CHRF(whitespace=...)`.
    return CHRF(
        char_order=char_order,
        word_order=word_order,
        beta=beta,
        whitespace=not flag(remove_whitespace, "remove_whitespace"),
        eps_smoothing=eps_smoothing,
    )


def sentence_chrf(
    hypothesis: str,
    references: Sequence[str | None],
    char_order: int = CHRF.CHAR_ORDER,
    word_order: int = CHRF.WORD_ORDER,
    beta: float = CHRF.BETA,
    remove_whitespace: bool = True,
    eps_smoothing: bool = False,
) -> CHRFScore:
    """sacrebleu's `sentence_chrf`."""
    # The types matter too: beta=2 is named chrF2, beta=2.0 chrF2.0, a bool order is refused, and
    # so is a switch that is not a bool.
    options = (char_order, word_order, beta, remove_whitespace, eps_smoothing)
    key = (options, type(char_order), type(word_order), type(beta), type(remove_whitespace), type(eps_smoothing))
    try:
        metric = _SENTENCE_METRICS[key]
    except (KeyError, TypeError):  # new options, or an unhashable one
        metric = remember_metric(_SENTENCE_METRICS, key, lambda: _function_metric(*options))
    return metric.sentence_score(hypothesis, references)


# sentence_chrf's metric objects by option values: building one costs more than scoring a sentence.
_SENTENCE_METRICS: dict = {}
