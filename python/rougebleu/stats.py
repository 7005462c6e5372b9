"""Mergeable statistics: score parts of a corpus apart, combine them into the exact corpus score.

Each metric has a statistics class, :class:`RougeStats`, :class:`BleuStats`, :class:`ChrfStats` and
:class:`TerStats`. ``compute(...)`` scores one part of a corpus (a shard, a Spark partition, a Ray
block, a training step's batch); parts combine with ``a + b``, ``sum(parts)`` or :func:`merge`; they
travel as bytes (:meth:`~Stats.to_bytes` / :func:`from_bytes`) or as a flat row of plain values
(:meth:`~Stats.to_row` / :func:`from_row`, one row per part makes an Arrow table or a pandas frame).
The corpus score of the merged statistics is **bit-identical to scoring the whole corpus at once**,
for any partitioning and any order or grouping of the merges:

- BLEU, chrF and TER edit counts are integers, summed as Python ints.
- ROUGE's corpus scores average floats (``macro``: the mean of the per-pair P, R, F) or sum counts
  that can be fractional (``micro`` of ROUGE-W). TER's average reference lengths are fractional with
  several references. These are summed exactly: every double is an integer multiple of 2^-1074, so
  the statistics hold the exact sum as an integer in that unit, and the score rounds once, correctly
  (``sum / n`` of the exact sum, ties to even). :func:`rougebleu.rouge_corpus` computes its point
  estimate the same way, so the two agree bit for bit.

With ``keep_items=True`` the statistics also keep the per-segment rows, in corpus order when parts are
merged in corpus order (``a + b`` puts ``a``'s rows first; any grouping gives the same rows). The
bootstrap intervals (:meth:`RougeStats.corpus`, ``corpus_score(n_bootstrap=...)`` of the MT metrics)
are then those of the single-process call on the whole corpus; merged in another order they are
intervals over the same rows in another order, statistically equivalent but not the same floats.
"""

from __future__ import annotations

import json
import struct
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, TypeVar

import numpy as np

from rougebleu import _args
from rougebleu import _rougebleu as _native
from rougebleu.rouge_family.batch import DEFAULT_SEED, DEFAULT_TYPES, CorpusResult, CorpusScore, Interval
from rougebleu.rouge_family.scoring import Score

__all__ = ["Stats", "RougeStats", "BleuStats", "ChrfStats", "TerStats", "merge", "from_bytes", "from_row"]

# Exact sums are integers in units of 2^-1074, the smallest subnormal double.
_UNIT_SHIFT = 1074
_MAGIC = b"RBSTATS1"

S = TypeVar("S", bound="Stats")


def _exact_ints(values: np.ndarray) -> list[int]:
    """Exact column sums of a float64 (n, k) array, as integers in units of 2^-1074."""
    sums = _native.exact_column_sums(np.ascontiguousarray(values, dtype=np.float64))
    return [int.from_bytes(b, "little", signed=True) for b in sums]


def _rounded(exact: int, n: int = 1) -> float:
    """The double nearest to exact * 2^-1074 / n (Python's int division rounds correctly)."""
    return exact / (n << _UNIT_SHIFT) if n else 0.0


def _int_bytes(value: int) -> bytes:
    return value.to_bytes((value.bit_length() + 8) // 8, "little", signed=True)


class Stats:
    """What a set of segments contributes to a corpus score; see the module docstring.

    Attributes: ``config`` (the metric's options; only statistics with equal ``config`` merge),
    ``n`` (segments), ``sums`` (one integer per field of :attr:`fields`), ``items`` (the per-segment
    rows, or ``None`` unless computed with ``keep_items=True``).
    """

    metric: ClassVar[str]
    _items_dtype: ClassVar[type] = np.float64
    #: Fields summed as exact float sums (units of 2^-1074) rather than plain integers.
    _exact: ClassVar[bool | tuple[bool, ...]]

    def __init__(self, config: dict[str, Any], n: int, sums: Sequence[int], items: np.ndarray | None = None):
        self.config = dict(config)
        self.n = int(n)
        self.sums = [int(v) for v in sums]
        self.items = items
        if len(self.sums) != len(self.fields):
            raise ValueError(f"sums: expected {len(self.fields)} values, got {len(self.sums)}")
        if items is not None and len(items) != self.n:
            raise ValueError(f"items: expected {self.n} rows, got {len(items)}")

    @staticmethod
    def _field_names(config: dict) -> list[str]:
        raise NotImplementedError

    @property
    def fields(self) -> list[str]:
        """The names of :attr:`sums`."""
        return self._field_names(self.config)

    def score(self) -> Any:
        """The corpus score of these statistics."""
        raise NotImplementedError

    def _is_exact(self) -> list[bool]:
        e = self._exact
        return [e] * len(self.fields) if isinstance(e, bool) else list(e)

    # -- merging ---------------------------------------------------------------------------------

    def __add__(self: S, other: S) -> S:
        if not isinstance(other, Stats):
            return NotImplemented
        if type(other) is not type(self):
            raise TypeError(f"cannot merge {type(self).__name__} with {type(other).__name__}")
        if other.config != self.config:
            raise ValueError(f"cannot merge statistics of different options: {self.config} and {other.config}")
        items = None
        if self.items is not None and other.items is not None:
            items = np.concatenate([self.items, other.items])
        sums = [a + b for a, b in zip(self.sums, other.sums)]
        return type(self)(self.config, self.n + other.n, sums, items)

    def __radd__(self: S, other: Any) -> S:
        if isinstance(other, int) and other == 0:  # sum(parts) starts from 0
            return self
        return NotImplemented

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Stats)
        if self.items is None or other.items is None:
            same_items = self.items is None and other.items is None
        else:
            same_items = np.array_equal(self.items, other.items, equal_nan=True)
        return self.config == other.config and self.n == other.n and self.sums == other.sums and same_items

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        kept = "" if self.items is None else ", items kept"
        return f"{type(self).__name__}(n={self.n}, {self.config}{kept})"

    # -- serialization ---------------------------------------------------------------------------

    def to_bytes(self) -> bytes:
        """A self-describing byte string (:func:`from_bytes` reads it back, equal)."""
        header = {"metric": self.metric, "config": self.config, "n": self.n, "sums": [str(v) for v in self.sums]}
        if self.items is not None:
            header["items_shape"] = list(self.items.shape)
        head = json.dumps(header, sort_keys=True).encode()
        body = b"" if self.items is None else np.ascontiguousarray(self.items).astype("<f8", copy=False).tobytes()
        return _MAGIC + struct.pack("<Q", len(head)) + head + body

    def to_row(self) -> dict[str, Any]:
        """A flat row of plain values: ``metric``, ``config`` (JSON text), ``n``, one value per field
        (``int`` for integer statistics, ``bytes`` for exact float sums, which exceed 64 bits) and
        ``items`` (bytes or ``None``). ``pyarrow.Table.from_pylist(rows)`` or
        ``pandas.DataFrame(rows)`` holds one part per row; :func:`from_row` reads one back."""
        row: dict[str, Any] = {"metric": self.metric, "config": json.dumps(self.config, sort_keys=True), "n": self.n}
        for name, value, exact in zip(self.fields, self.sums, self._is_exact()):
            row[name] = _int_bytes(value) if exact else value
        row["items"] = None if self.items is None else self.to_bytes()
        return row

    @classmethod
    def _from_parts(cls: type[S], config: dict, n: int, sums: list[int], items: np.ndarray | None) -> S:
        return cls(config, n, sums, items)


_CLASSES: dict[str, type[Stats]] = {}


def _register(cls: type[S]) -> type[S]:
    _CLASSES[cls.metric] = cls
    return cls


# Statistics classes that live in a family package, imported when their statistics are read back.
_ELSEWHERE = {"caption": "rougebleu.caption.stats"}


def _class(metric: str) -> type[Stats]:
    if metric not in _CLASSES and metric in _ELSEWHERE:
        import importlib

        importlib.import_module(_ELSEWHERE[metric])
    return _CLASSES[metric]


def from_bytes(data: bytes) -> Stats:
    """The statistics written by :meth:`Stats.to_bytes`."""
    data = bytes(data)
    if not data.startswith(_MAGIC) or len(data) < len(_MAGIC) + 8:
        raise ValueError("data: not rougebleu statistics (bad header)")
    (size,) = struct.unpack_from("<Q", data, len(_MAGIC))
    start = len(_MAGIC) + 8
    try:
        header = json.loads(data[start : start + size])
        cls = _class(header["metric"])
    except (ValueError, KeyError) as e:
        raise ValueError(f"data: not rougebleu statistics ({e})") from None
    items = None
    if "items_shape" in header:
        shape = tuple(header["items_shape"])
        body = data[start + size :]
        if len(body) != 8 * int(np.prod(shape)):
            raise ValueError("data: truncated items")
        items = np.frombuffer(body, dtype="<f8").reshape(shape).astype(np.float64)
        if cls._items_dtype is not np.float64:
            items = items.astype(cls._items_dtype)
    return cls._from_parts(header["config"], header["n"], [int(v) for v in header["sums"]], items)


def from_row(row: dict[str, Any]) -> Stats:
    """The statistics of a row written by :meth:`Stats.to_row`."""
    if row.get("items") is not None:
        return from_bytes(row["items"])
    try:
        cls = _class(row.get("metric", ""))
    except KeyError:
        cls = None
    if cls is None:
        raise ValueError(f"row: unknown metric {row.get('metric')!r}")
    config = json.loads(row["config"])
    probe = cls(config, 0, [0] * len(cls._field_names(config)))
    sums = []
    for name, exact in zip(probe.fields, probe._is_exact()):
        v = row[name]
        sums.append(int.from_bytes(v, "little", signed=True) if exact else int(v))
    return cls(config, int(row["n"]), sums)


def merge(parts: Iterable[S]) -> S:
    """The merged statistics of ``parts`` (at least one), left to right."""
    it = iter(parts)
    try:
        total = next(it)
    except StopIteration:
        raise ValueError("parts: nothing to merge") from None
    for p in it:
        total = total + p
    return total


# -- ROUGE ---------------------------------------------------------------------------------------

_ROUGE_FIELDS = ("precision", "recall", "fmeasure", "hits", "reference_total", "candidate_total")


@_register
class RougeStats(Stats):
    """ROUGE statistics: per rouge type, the exact sums of the per-pair precision, recall and F
    (``macro``) and of the counts behind them (``micro``; absent with ``multi_ref="mean"`` or
    jackknifing, which have no counts)."""

    metric = "rouge"
    _exact = True
    _items_dtype: ClassVar[type] = np.float64

    @staticmethod
    def _field_names(config: dict) -> list[str]:
        return [f"{t}.{f}" for t in config["rouge_types"] for f in _ROUGE_FIELDS]

    @classmethod
    def compute(
        cls,
        predictions: Sequence[str | bytes],
        references: Sequence[str | bytes | Sequence[str | bytes]],
        *,
        rouge_types: Sequence[str] = DEFAULT_TYPES,
        use_stemmer: bool = False,
        multi_ref: str = "max",
        jackknife: bool = False,
        alpha: float | None = None,
        beta: float | None = None,
        keep_items: bool = False,
        workers: int | None = None,
    ) -> RougeStats:
        """The statistics of pairs ``(predictions[i], references[i])``, with the options of
        :func:`rougebleu.rouge` (predictions first)."""
        config = {
            "rouge_types": list(rouge_types) if not isinstance(rouge_types, str) else rouge_types,
            "use_stemmer": _args.flag(use_stemmer, "use_stemmer"),
            "multi_ref": multi_ref,
            "jackknife": _args.flag(jackknife, "jackknife"),
            "alpha": alpha,
            "beta": beta,
        }
        core = _core(config)[1]
        items = core.item_stats(predictions, references, workers)
        n, k, f = items.shape
        # NaN marks "no counts" (a mode without them): those sums stay 0 and micro is refused.
        sums = _exact_ints(np.nan_to_num(items.reshape(n, k * f), nan=0.0))
        return cls(config, n, sums, items if keep_items else None)

    def _has_counts(self) -> bool:
        return self.config["multi_ref"] != "mean" and not self.config["jackknife"]

    def score(self, average: str = "macro") -> dict[str, Score]:
        """The corpus precision, recall and F per rouge type: equal to
        ``rouge_corpus(..., average=average, n_bootstrap=0)`` on the whole corpus."""
        average = _args.option(average, "rouge.average", "average")
        types, core = _core(self.config)
        sums = np.array(self.sums, dtype=object).reshape(len(types), len(_ROUGE_FIELDS))
        if average == "macro":
            return {t: Score(*(_rounded(v, self.n) for v in row[:3])) for t, row in zip(types, sums)}
        if not self._has_counts():
            raise ValueError(
                "average: micro averaging sums counts, which the 'mean' multi_ref mode and jackknifing do not have"
            )
        totals = [tuple(_rounded(v) for v in row[3:]) for row in sums]
        return {t: Score(*prf) for t, prf in zip(types, core.finish_counts(totals))}

    def corpus(
        self,
        *,
        average: str = "macro",
        n_bootstrap: int = 1000,
        confidence: float = 0.95,
        seed: int = DEFAULT_SEED,
        workers: int | None = None,
    ) -> CorpusResult:
        """:func:`rougebleu.rouge_corpus` of the whole corpus, from these statistics; the
        bootstrap (``n_bootstrap > 0``) needs the rows (``keep_items=True``)."""
        resamples = _args.n_bootstrap(n_bootstrap)
        if resamples == 0:
            point = self.score(average)
            return CorpusResult((t, CorpusScore(*(Interval(v, v, v) for v in s))) for t, s in point.items())
        if self.items is None:
            raise ValueError("n_bootstrap: resampling needs the per-pair rows; compute with keep_items=True")
        types, core = _core(self.config)
        seed = _args.integer(seed, "seed", minimum=0)
        level = _args.confidence(confidence)
        rows = core.corpus_from_items(self.items, average, resamples, level, seed % 2**64, workers)
        return CorpusResult((t, CorpusScore(*(Interval(*x) for x in row))) for t, row in zip(types, rows))


def _core(config: dict) -> tuple[list[str], Any]:
    from rougebleu.rouge_family.scorer import make_core

    return make_core(
        config["rouge_types"],
        config["use_stemmer"],
        config["multi_ref"],
        config["alpha"],
        config["beta"],
        config["jackknife"],
    )


# -- sacrebleu's metrics -------------------------------------------------------------------------


class _MTStats(Stats):
    """Statistics of a sacrebleu-style metric: the summed rows of its ``segment_statistics``."""

    _options: ClassVar[tuple[str, ...]]

    @classmethod
    def _metric_object(cls, config: dict) -> Any:
        raise NotImplementedError

    @classmethod
    def compute(
        cls: type[S],
        hypotheses: Sequence[str],
        references: Sequence[Sequence[str | None]],
        *,
        keep_items: bool = False,
        workers: int | None = None,
        **options: Any,
    ) -> S:
        """The statistics of ``hypotheses`` against reference streams (sacrebleu's layout:
        ``references[j][i]`` is the j-th reference of segment i), with the metric's options."""
        unknown = set(options) - set(cls._options)  # type: ignore[attr-defined]
        if unknown:
            raise TypeError(f"unexpected option(s) {sorted(unknown)}; expected some of {list(cls._options)}")  # type: ignore[attr-defined]
        metric = cls._metric_object(options)  # type: ignore[attr-defined]
        config = cls._config_of(metric)  # type: ignore[attr-defined]
        seg = metric.segment_statistics(hypotheses, references, workers=workers)
        return cls._from_segments(config, seg, keep_items)  # type: ignore[attr-defined]

    @classmethod
    def _config_of(cls, metric: Any) -> dict:
        return {name: getattr(metric, name) for name in cls._options}

    @classmethod
    def _from_segments(cls: type[S], config: dict, seg: np.ndarray, keep_items: bool) -> S:
        sums = [int(v) for v in seg.astype(np.int64).sum(axis=0, dtype=object)] if len(seg) else [0] * seg.shape[1]
        return cls(config, len(seg), sums, seg if keep_items else None)

    def metric_object(self) -> Any:
        """A fresh metric object (``BLEU``, ``CHRF``, ``TER``) with these options."""
        return self._metric_object(self.config)

    def score(self) -> Any:
        """The corpus score: equal to ``corpus_score(hyps, refs)`` on the whole corpus."""
        return self.metric_object().score_from_statistics(self.sums)

    def corpus_score(self, n_bootstrap: int = 1) -> Any:
        """``corpus_score(hyps, refs, n_bootstrap)`` of the whole corpus, bootstrap interval included
        (``n_bootstrap > 1`` needs the rows: ``keep_items=True``)."""
        if n_bootstrap > 1 and self.items is None:
            raise ValueError("n_bootstrap: resampling needs the per-segment rows; compute with keep_items=True")
        if self.items is None:
            return self.score()
        return self.metric_object()._corpus_from_segments(self.items, n_bootstrap)


@_register
class BleuStats(_MTStats):
    """BLEU statistics: hypothesis and reference lengths, matches and totals per n-gram order."""

    metric = "bleu"
    _exact = False
    _items_dtype: ClassVar[type] = np.int64
    _options = ("lowercase", "tokenize", "smooth_method", "smooth_value", "max_ngram_order", "effective_order")

    @staticmethod
    def _field_names(config: dict) -> list[str]:
        order = config["max_ngram_order"]
        return ["sys_len", "ref_len", *(f"correct_{i}" for i in range(1, order + 1))] + [
            f"total_{i}" for i in range(1, order + 1)
        ]

    @classmethod
    def _metric_object(cls, config: dict) -> Any:
        from rougebleu.mt.bleu import BLEU

        return BLEU(**config)


@_register
class ChrfStats(_MTStats):
    """chrF / chrF++ statistics: hypothesis n-grams, reference n-grams and matches per order."""

    metric = "chrf"
    _exact = False
    _items_dtype: ClassVar[type] = np.int64
    _options = ("char_order", "word_order", "beta", "lowercase", "whitespace", "eps_smoothing")

    @staticmethod
    def _field_names(config: dict) -> list[str]:
        orders = [f"char{i}" for i in range(1, config["char_order"] + 1)]
        orders += [f"word{i}" for i in range(1, config["word_order"] + 1)]
        return [f"{o}.{k}" for o in orders for k in ("hyp", "ref", "match")]

    @classmethod
    def _metric_object(cls, config: dict) -> Any:
        from rougebleu.mt.chrf import CHRF

        return CHRF(**config)


@_register
class TerStats(_MTStats):
    """TER statistics: the edit count (an integer) and the exact sum of the segments' average
    reference lengths (fractional with several references).

    ``score()`` rounds that exact sum once. sacrebleu (and ``TER.corpus_score``) add the lengths
    left to right; with one reference per segment they are integers and both give the same number;
    with several the two can differ in the last bit. ``corpus_score()`` on kept rows gives
    sacrebleu's number."""

    metric = "ter"
    _exact = (False, True)
    _items_dtype: ClassVar[type] = np.float64
    _options = ("normalized", "no_punct", "asian_support", "case_sensitive")

    @staticmethod
    def _field_names(config: dict) -> list[str]:
        return ["num_edits", "ref_length"]

    @classmethod
    def _metric_object(cls, config: dict) -> Any:
        from rougebleu.mt.ter import TER

        return TER(**config)

    @classmethod
    def _from_segments(cls, config: dict, seg: np.ndarray, keep_items: bool) -> TerStats:
        edits = sum(int(v) for v in seg[:, 0].astype(np.int64)) if len(seg) else 0
        ref_length = _exact_ints(seg[:, 1:2])[0] if len(seg) else 0
        return cls(config, len(seg), [edits, ref_length], seg if keep_items else None)

    def score(self) -> Any:
        """The corpus TER of the summed edits and reference lengths (a ``TERScore``)."""
        from rougebleu.mt.ter import _score

        return _score(self.sums[0], _rounded(self.sums[1]))
