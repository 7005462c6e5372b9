"""TER (translation edit rate, Snover et al. 2006) exactly as sacrebleu 2.6.0 computes it.

`TER(...)` takes sacrebleu's arguments and returns sacrebleu's numbers -- score, edits and
reference length, to the last bit -- for every option combination: tercom's tokenizer
(`normalized`, `no_punct`, `asian_support`, `case_sensitive`), tercom's greedy block shifts under
sacrebleu's limits (blocks of at most 10 words within 50 positions, 1,000 shift candidates per
hypothesis/reference pair) and the beam-limited edit distance. References use sacrebleu's stream
layout: `references[k][i]` is reference k of segment i, `None` a missing one. The fewest edits
over a segment's references count, divided by their *average* length. The work runs in Rust with
the GIL released, over every core unless `workers` says otherwise (results do not depend on it).

Differences from sacrebleu, on purpose: reference streams of unequal length, or hypotheses and
references of unequal length, raise `ValueError` (sacrebleu truncates silently); a segment whose
references are all `None` raises `ValueError` (sacrebleu divides by zero); the four switches must
be booleans (sacrebleu takes any truthy value); lone surrogates raise `ValueError` naming the item.
Lowercasing is Python's own `str.lower()`, as in sacrebleu.
"""

from __future__ import annotations

import os

from rougebleu import _rougebleu as _native
from rougebleu._args import MAX_BOOTSTRAP, bounded_integer, flag
from rougebleu._long_call import reporting
from rougebleu.mt._args import add_layout_hint, cached_references, native_streams, one_segment, text_list
from rougebleu.mt._base import NativeSentence, Score, Signature, remember_metric

TYPE_CHECKING = False  # not typing's: NumPy and typing stay out of a corpus score's imports
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    import numpy as np

    from rougebleu._long_call import ProgressArg

__all__ = ["TER", "TERScore", "TERSignature", "TercomTokenizer", "corpus_ter", "sentence_ter"]


class TercomTokenizer:
    """sacrebleu's tercom tokenizer (``sacrebleu.tokenizers.tokenizer_ter.TercomTokenizer``):
    ``tokenizer(sentence)`` returns the normalized words joined by single spaces. Lowercasing is
    Python's ``str.lower()``, as in sacrebleu; the rest runs in Rust."""

    def __init__(
        self,
        normalized: bool = False,
        no_punct: bool = False,
        asian_support: bool = False,
        case_sensitive: bool = False,
    ) -> None:
        self._normalized = bool(normalized)
        self._no_punct = bool(no_punct)
        self._asian_support = bool(asian_support)
        self._case_sensitive = bool(case_sensitive)

    def __call__(self, sent: str) -> str:
        if not isinstance(sent, str):
            raise TypeError(f"sent must be a str, not {type(sent).__name__}")
        if not sent:
            return ""
        if not self._case_sensitive:
            sent = sent.lower()
        words = _native.ter_tokenize([sent], self._normalized, self._no_punct, self._asian_support, False)[0]
        return " ".join(words)

    def signature(self) -> str:
        """The tokenizer's name in TER signatures (``tok:tercom``)."""
        return "tercom"


class TERScore(Score):
    """A TER score as sacrebleu's `TERScore`: `score` (0-100, may exceed 100), `num_edits` (int,
    summed over segments), `ref_length` (float: the sum of per-segment average reference lengths).
    `str()` gives sacrebleu's line, e.g. ``TER = 55.08``."""

    def __init__(self, score: float, num_edits: float, ref_length: float) -> None:
        super().__init__("TER", score)
        self.num_edits = int(num_edits)
        self.ref_length = ref_length


class TERSignature(Signature):
    """The reproducibility signature, in sacrebleu's format with rougebleu's version:
    ``nrefs:1|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:...``."""

    _ABBR = {**Signature._ABBR, "case": "c", "tok": "t", "norm": "nr", "punct": "pn", "asian": "as"}

    def __init__(self, args: dict[str, Any]) -> None:
        super().__init__(args)
        self.info.update(
            {
                "case": "mixed" if args["case_sensitive"] else "lc",
                "tok": args["tokenizer_signature"],
                "norm": args["normalized"],
                "punct": not args["no_punct"],
                "asian": args["asian_support"],
            }
        )


class TER(NativeSentence):
    """sacrebleu's `TER` metric.

    Args mirror sacrebleu: `normalized` (tercom's normalization: XML entities, punctuation split
    off, possessives; with `asian_support` CJK characters become words), `no_punct` (remove
    punctuation; with `asian_support` CJK and full-width punctuation too), `asian_support`,
    `case_sensitive` (default: lowercase with `str.lower()`), and `references` (streams, tokenized
    once and reused by every `corpus_score(hyps, None)` / batch call).

    The batch calls (`segment_statistics`, `corpus_score`, `sentence_scores`, `pairwise`) take
    `progress=` (True: a tqdm bar; a callable: `(done, total)`) and stop at once on Ctrl-C.
    """

    def __init__(
        self,
        normalized: bool = False,
        no_punct: bool = False,
        asian_support: bool = False,
        case_sensitive: bool = False,
        references: Sequence[Sequence[str | None]] | None = None,
    ) -> None:
        self.normalized = flag(normalized, "normalized", ints=True)
        self.no_punct = flag(no_punct, "no_punct", ints=True)
        self.asian_support = flag(asian_support, "asian_support", ints=True)
        self.case_sensitive = flag(case_sensitive, "case_sensitive", ints=True)
        self.tokenizer_signature = "tercom"
        self.n_bootstrap: int | None = None
        self.seed: str | None = None
        self.num_refs: int | None = None
        self._ref_cache: Any = None
        if references is not None:
            self._ref_cache = self._cache_references(references)
        self._sentence_setup()

    def _sentence_setup(self) -> None:
        # sentence_score's one native call (options checked once).
        self._sentence = _native.TerSentence(*self._opts()[:3], not self.case_sensitive)

    # -- references and statistics -------------------------------------------------------------

    def _opts(self) -> tuple[bool, bool, bool, bool]:
        # Lowercasing happens here with Python's str.lower (its Unicode tables, Final_Sigma), as
        # in sacrebleu, so the native tokenizer never lowercases.
        return (self.normalized, self.no_punct, self.asian_support, False)

    def _lower(self, texts: list) -> list:
        if self.case_sensitive:
            return texts
        return [t.lower() if t is not None else None for t in texts]

    def _streams(self, references: Any) -> Any:
        return native_streams(references, not self.case_sensitive)

    def _cache_references(self, references: Any, workers: int | None = None) -> Any:
        cache = _native.TerReferences(self._streams(references), *self._opts(), workers)
        self.num_refs = cache.num_refs
        return cache

    def _hypotheses(self, hypotheses: Any) -> list[str]:
        return self._lower(text_list(hypotheses, "hypotheses", not self.case_sensitive))

    def segment_statistics(
        self,
        hypotheses: Sequence[str],
        references: Sequence[Sequence[str | None]] | None = None,
        *,
        workers: int | None = None,
        progress: ProgressArg = None,
    ) -> np.ndarray:
        """Per-segment statistics, float64 array `(n, 2)`: the fewest edits over the segment's
        references and their average length (sacrebleu's `[num_edits, avg_ref_len]`). Pass rows
        (or the whole array) to :meth:`score_from_statistics`."""
        with reporting(progress, "segment_statistics"):
            import numpy as np

            return np.asarray(self._rows(hypotheses, references, workers))

    def _rows(self, hypotheses: Sequence[str], references: Any, workers: int | None) -> Any:
        """`segment_statistics` as native rows (`TerRows`; NumPy's array through `__array__`): a
        corpus score sums them without NumPy."""
        hyps = self._hypotheses(hypotheses)
        if references is not None:
            stats, self.num_refs = _native.ter_stats(hyps, self._streams(references), *self._opts(), workers)
            return stats
        return cached_references(self).stats(hyps, workers)

    def score_from_statistics(self, stats: Sequence[float] | np.ndarray) -> TERScore:
        """The TER of statistics: one `(edits, ref_length)` row, or an `(n, 2)` array whose rows
        are summed in order as sacrebleu sums them."""
        if isinstance(stats, _native.TerRows):
            return _score(*stats.totals())
        import numpy as np

        arr = np.asarray(stats, dtype=np.float64)
        if arr.ndim == 1:
            arr = arr.reshape(1, -1)
        if arr.ndim != 2 or arr.shape[1] != 2:
            raise ValueError(f"stats: expected (edits, ref_length) rows, got shape {np.shape(stats)}")
        edits, ref_length = _native.ter_corpus_totals(np.ascontiguousarray(arr))
        return _score(edits, ref_length)

    # -- sacrebleu's API ----------------------------------------------------------------------------

    def corpus_score(
        self,
        hypotheses: Sequence[str],
        references: Sequence[Sequence[str | None]] | None,
        n_bootstrap: int = 1,
        *,
        progress: ProgressArg = None,
    ) -> TERScore:
        """Corpus TER (sacrebleu `TER.corpus_score`); `n_bootstrap > 1` adds sacrebleu's 95%
        bootstrap interval (seed from `SACREBLEU_SEED`, default 12345) to the result and signature."""
        with reporting(progress, "corpus_score"):
            n_bootstrap = bounded_integer(n_bootstrap, "n_bootstrap", -(2**63), MAX_BOOTSTRAP)
            try:
                stats = self._rows(hypotheses, references, None)
            except ValueError as e:
                add_layout_hint(e, hypotheses, references)
                raise
            return self._corpus_from_segments(stats, n_bootstrap)

    def _corpus_from_segments(self, stats: Any, n_bootstrap: int) -> TERScore:
        """`corpus_score` of per-segment statistics: native rows, or a float64 array (from
        `rougebleu.stats`)."""
        result = self.score_from_statistics(stats)
        if n_bootstrap > 1:
            import numpy as np

            stats = np.asarray(stats)
            self.n_bootstrap = int(n_bootstrap)
            seed = os.environ.get("SACREBLEU_SEED", "12345")
            self.seed = seed.lower()
            rng = np.random.default_rng(None if seed.lower() == "none" else int(seed))
            result.estimate_ci(_bootstrap_scores(stats, int(n_bootstrap), rng))
        return result

    def sentence_score(self, hypothesis: str, references: Sequence[str | None]) -> TERScore:
        """TER of one hypothesis against its references (sacrebleu `TER.sentence_score`)."""
        # One native call for a str and a list or tuple of str/None; anything else (and its
        # errors) takes the general path below.
        got = self._sentence.score(hypothesis, references)
        if got is not None:
            edits, ref_length, self.num_refs = got
            return _score(edits, ref_length)
        stats = self.segment_statistics([hypothesis], one_segment(hypothesis, references), workers=1)
        return _score(stats[0, 0], stats[0, 1])

    def get_signature(self) -> TERSignature:
        """The reproducibility signature (known once references have been seen)."""
        return TERSignature(self.__dict__)

    # -- batch calls ------------------------------------------------------------------------------

    def sentence_scores(
        self,
        hypotheses: Sequence[str],
        references: Sequence[Sequence[str | None]] | None = None,
        *,
        workers: int | None = None,
        progress: ProgressArg = None,
    ) -> np.ndarray:
        """Sentence TER of every segment, float64 array: `out[i]` equals
        `sentence_score(hypotheses[i], [refs[i] for refs in references]).score`."""
        with reporting(progress, "sentence_scores"):
            stats = self.segment_statistics(hypotheses, references, workers=workers)
            return _native.ter_scores_from_stats(stats)

    def pairwise(
        self,
        hypotheses: Sequence[str],
        candidates: Sequence[str],
        *,
        workers: int | None = None,
        progress: ProgressArg = None,
    ) -> np.ndarray:
        """All-pairs sentence TER, float64 `(len(hypotheses), len(candidates))`: `out[i, j]` equals
        `sentence_score(hypotheses[i], [candidates[j]]).score` (MBR decoding, similarity filtering)."""
        with reporting(progress, "pairwise"):
            hyps = self._lower(text_list(hypotheses, "hypotheses", not self.case_sensitive))
            cands = self._lower(text_list(candidates, "candidates", not self.case_sensitive))
            return _native.ter_pairwise(hyps, cands, *self._opts(), workers)

    # -- what the significance tests call (rougebleu.mt.significance, sacrebleu's Metric hooks) ----

    def _extract_corpus_statistics(self, hypotheses: Sequence[str], references: Any) -> list:
        return self.segment_statistics(hypotheses, references if references else None).tolist()

    def _compute_score_from_stats(self, stats: Sequence[Any]) -> TERScore:
        return _score(stats[0], stats[1])

    def _aggregate_and_compute(self, stats: Sequence[Sequence[float]]) -> TERScore:
        import numpy as np

        return self.score_from_statistics(np.asarray(stats, dtype=np.float64).reshape(-1, 2))

    def _resample_scores(self, stats: np.ndarray, idx: np.ndarray) -> np.ndarray:
        import numpy as np

        # sacrebleu's resample TERs are float32 unless a resample with no reference length gives
        # a Python float (then NumPy makes the whole array float64).
        scores, is32 = _native.ter_bootstrap_scores(
            np.ascontiguousarray(stats, dtype=np.float64), np.ascontiguousarray(idx, dtype=np.int64)
        )
        return scores.astype(np.float32) if is32.all() else scores

    def _randomization_scores(
        self, baseline: np.ndarray, system: np.ndarray, swap: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        import numpy as np

        # sacrebleu sums the two pseudo-systems in float64 (boolean @ float matrix products) and
        # scores each row as float64 NumPy scalars.
        bl = np.asarray(baseline, dtype=np.float64)
        sys = np.asarray(system, dtype=np.float64)
        a = swap @ bl + ~swap @ sys
        b = ~swap @ bl + swap @ sys
        return _rates(a), _rates(b)

    def __repr__(self) -> str:
        return f"TER({self.get_signature() if self.num_refs is not None else 'no references yet'})"


def _score(edits: Any, ref_length: Any) -> TERScore:
    # sacrebleu's _compute_score_from_stats, on Python numbers (an int count and a float length).
    edits = int(edits)
    ref_length = float(ref_length)
    if ref_length > 0:
        rate = edits / ref_length
    elif edits > 0:
        rate = 1.0  # empty reference(s), non-empty hypothesis
    else:
        rate = 0.0
    return TERScore(100 * rate, edits, ref_length)


def _bootstrap_scores(stats: np.ndarray, n_samples: int, rng: np.random.Generator) -> list[Any]:
    """sacrebleu's `_bootstrap_resample` for TER, step for step: the same draws, float32 statistics
    summed per resample, and the score computed on NumPy float32 scalars."""
    import numpy as np

    idx = rng.choice(len(stats), size=(n_samples, len(stats)), replace=True)
    stats32 = np.array(stats, dtype="float32")
    scores = []
    for s in stats32[idx]:
        edits, ref_length = s.sum(0)
        if ref_length > 0:
            rate = edits / ref_length
        elif edits > 0:
            rate = 1.0
        else:
            rate = 0.0
        scores.append(100 * rate)
    return scores


def _rates(sums: np.ndarray) -> np.ndarray:
    """100 x edits / reference length per row of `(edits, ref_length)` sums, in the sums' dtype
    (sacrebleu's `_compute_score_from_stats` on NumPy scalars); a row with an empty reference
    scores 100 (edits) or 0 as a Python float, which turns a float32 result into float64 as
    sacrebleu's `np.array` of mixed scalars does."""
    import numpy as np

    edits, ref_length = sums[:, 0], sums[:, 1]
    positive = ref_length > 0
    with np.errstate(divide="ignore", invalid="ignore"):
        rates = edits / ref_length
    if positive.all():
        return sums.dtype.type(100) * rates
    out = (sums.dtype.type(100) * rates).astype(np.float64)
    out[~positive] = np.where(edits[~positive] > 0, 100.0, 0.0)
    return out


def corpus_ter(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str | None]],
    normalized: bool = False,
    no_punct: bool = False,
    asian_support: bool = False,
    case_sensitive: bool = False,
) -> TERScore:
    """sacrebleu's `corpus_ter` (a fresh `TER` per call)."""
    metric = TER(normalized=normalized, no_punct=no_punct, asian_support=asian_support, case_sensitive=case_sensitive)
    return metric.corpus_score(hypotheses, references)


def sentence_ter(
    hypothesis: str,
    references: Sequence[str | None],
    normalized: bool = False,
    no_punct: bool = False,
    asian_support: bool = False,
    case_sensitive: bool = False,
) -> TERScore:
    """sacrebleu's `sentence_ter`."""
    # With the types: 1.0 equals True but is refused.
    flags = (normalized, no_punct, asian_support, case_sensitive)
    key = (flags, tuple(map(type, flags)))
    try:
        metric = _SENTENCE_METRICS[key]
    except (KeyError, TypeError):  # new options, or an unhashable one
        metric = remember_metric(
            _SENTENCE_METRICS,
            key,
            lambda: TER(
                normalized=normalized, no_punct=no_punct, asian_support=asian_support, case_sensitive=case_sensitive
            ),
        )
    return metric.sentence_score(hypothesis, references)


# sentence_ter's metric objects by option values: building one costs as much as scoring a sentence.
_SENTENCE_METRICS: dict = {}
