"""``rouge()``: columnar ROUGE over many pairs, returning NumPy arrays."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np

from rougebleu import _args
from rougebleu._long_call import reporting
from rougebleu._rougebleu import DEFAULT_ROUGE_TYPES
from rougebleu.rouge_family.scorer import language_segmenter, make_core

TYPE_CHECKING = False  # not typing's
if TYPE_CHECKING:
    from typing import Literal

    from rougebleu._long_call import ProgressArg
    from rougebleu._rougebleu import _Average, _MultiRef, _RougeTokenizer

__all__ = ["rouge", "rouge_corpus", "RougeArrays", "Interval", "CorpusScore", "CorpusResult"]

DEFAULT_TYPES: tuple[str, ...] = DEFAULT_ROUGE_TYPES
#: What `rouge()` returns: a dict of arrays, or one table with a column per type and measure.
OUTPUTS = ("dict", "arrow", "pandas", "polars")
# The one default seed of ROUGE's resampling (intervals and paired tests, in Python and in
# `rougebleu rouge`): sacrebleu's, so that the same data gives the same interval everywhere.
DEFAULT_SEED = 12345


class RougeArrays(NamedTuple):
    """Per-prediction precision, recall and F-measure of one rouge type (float64 arrays)."""

    precision: np.ndarray
    recall: np.ndarray
    fmeasure: np.ndarray


def rouge(
    predictions: Sequence[str | bytes],
    references: Sequence[str | bytes | Sequence[str | bytes]],
    *,
    rouge_types: Sequence[str] = DEFAULT_TYPES,
    use_stemmer: bool = False,
    multi_ref: _MultiRef = "max",
    jackknife: bool = False,
    alpha: float | None = None,
    beta: float | None = None,
    lang: str | None = None,
    tokenizer: _RougeTokenizer | None = None,
    workers: int | None = None,
    pretokenized: bool = False,
    output: Literal["dict", "arrow", "pandas", "polars"] = "dict",
    progress: ProgressArg = None,
) -> dict[str, RougeArrays] | Any:
    """ROUGE of every ``predictions[i]`` against ``references[i]``, as rouge_score computes it.

    ``references[i]`` is one reference text or a list of them; with several, each rouge type
    takes the reference with the best F-measure (rouge_score's ``score_multi``), or combines
    them as ``multi_ref`` says (see :class:`RougeScorer`; ``jackknife=True`` averages the
    leave-one-reference-out scores). ``rouge_types`` accepts the whole family (``rougeW-1.2``,
    ``rougeS4``, ``rougeSU*``, ...); ``alpha``/``beta`` weight the F-measure. Returns
    ``{rouge_type: RougeArrays(precision, recall, fmeasure)}`` with one float64 entry per
    prediction. Note the argument order: predictions first (rouge_score's ``score`` takes the
    target first).

    ``lang`` selects the XL-Sum multilingual scorer's tokenizer and stemmer for a language
    (``"hindi"``, ``"hi"``, ...; ``"und"``: its language-less pipeline), as on :class:`RougeScorer`.
    ``tokenizer="unicode"`` tokenizes words in any script instead (see :class:`RougeScorer`).

    ``predictions`` and ``references`` may also be columns: pyarrow arrays and chunked arrays
    (``string``, ``large_string``, ``string_view``; ``list<string>`` for several references per
    row), Polars and pandas Series, NumPy string or object arrays. Arrow data is read in place,
    without a Python string per row; a null row is a ``ValueError`` naming it
    (https://rougebleu.github.io/rougebleu/columns/).

    ``pretokenized=True``: each text is already a list of tokens -- strings, or integer token ids
    (a list or a NumPy integer array, e.g. a model tokenizer's output) -- compared as given, without
    rouge_score's tokenizer, lowercasing or stemming. With ``rougeLsum`` among the types, each text
    is a list of sentences, each a list of tokens (the other types use all sentences in order).
    ``references[i]`` is one such text or a list of them.

    ``output="dict"`` (default) returns ``{rouge_type: RougeArrays}``; ``output="arrow"`` returns a
    ``pyarrow.Table`` with columns ``<type>_precision``, ``<type>_recall``, ``<type>_fmeasure``
    (needs pyarrow; the arrays are handed over without copying); ``"pandas"`` and ``"polars"``
    return a data frame with those columns.

    Runs in Rust with the GIL released, over ``workers`` threads (``None``/``-1``: all cores,
    honouring ``RAYON_NUM_THREADS``; ``1``: serial); the results are identical for any value.
    Ctrl-C stops a long call at once; ``progress=True`` shows a tqdm bar, a callable receives
    ``(done, total)`` (https://rougebleu.github.io/rougebleu/limits/).
    """
    if output not in OUTPUTS:
        raise ValueError(f"output must be one of {', '.join(map(repr, OUTPUTS))}, got {output!r}")
    types, core, predictions, references = _setup(
        rouge_types, use_stemmer, multi_ref, alpha, beta, jackknife, lang, tokenizer, predictions, references
    )
    with reporting(progress, "rouge"):
        prf, _ = core.score_batch(predictions, references, workers, _args.flag(pretokenized, "pretokenized"))
    arrays = {
        t: RougeArrays(prf[:, k, 0].copy(), prf[:, k, 1].copy(), prf[:, k, 2].copy()) for k, t in enumerate(types)
    }
    if output == "arrow":
        return arrow_table(arrays)
    if output in ("pandas", "polars"):
        from rougebleu._frames import from_columns

        return from_columns(_columns(arrays), output)
    return arrays


def _columns(arrays: dict[str, RougeArrays]) -> dict[str, np.ndarray]:
    return {f"{t}_{field}": getattr(a, field) for t, a in arrays.items() for field in RougeArrays._fields}


def rouge_systems(
    systems: Sequence[Sequence[str | bytes]],
    references: Sequence[str | bytes | Sequence[str | bytes]],
    *,
    rouge_types: Sequence[str] = DEFAULT_TYPES,
    use_stemmer: bool = False,
    multi_ref: _MultiRef = "max",
    lang: str | None = None,
    workers: int | None = None,
) -> list[dict[str, RougeArrays]]:
    """:func:`rouge` of several systems' predictions against the same references, one dict per
    system, equal to one :func:`rouge` call each; each segment's references are tokenized once
    for all the systems."""
    types, core = make_core(rouge_types, use_stemmer, multi_ref, lang=lang)
    if language_segmenter(core) is not None:  # presegmented per call, as rouge() does
        return [
            rouge(
                p,
                references,
                rouge_types=rouge_types,
                use_stemmer=use_stemmer,
                multi_ref=multi_ref,
                lang=lang,
                workers=workers,
            )
            for p in systems
        ]
    prf = core.score_systems(list(systems), references, workers)
    return [
        {
            t: RougeArrays(prf[s, :, k, 0].copy(), prf[s, :, k, 1].copy(), prf[s, :, k, 2].copy())
            for k, t in enumerate(types)
        }
        for s in range(len(systems))
    ]


def arrow_table(arrays: dict[str, RougeArrays]) -> Any:
    """``rouge()``'s arrays as a ``pyarrow.Table`` (float64 columns ``<type>_<field>``)."""
    try:
        import pyarrow as pa
    except ImportError as e:
        raise ImportError("output='arrow' needs pyarrow: pip install pyarrow") from e
    return pa.table(_columns(arrays))


def _setup(rouge_types, use_stemmer, multi_ref, alpha, beta, jackknife, lang, tokenizer, predictions, references):  # type: ignore[no-untyped-def]
    types, core = make_core(rouge_types, use_stemmer, multi_ref, alpha, beta, jackknife, lang, tokenizer)
    _refuse_swapped(predictions, references)
    segment = language_segmenter(core)
    if segment is not None:
        from rougebleu.rouge_family.multilingual import presegment_batch

        predictions, references = presegment_batch(predictions, references, segment)
    return types, core, predictions, references


def _refuse_swapped(predictions: Any, references: Any) -> None:
    """Names the mistake when the arguments only fit the other order: a list where each prediction
    is expected and one text per reference (a prediction is one text, or with `pretokenized` a
    token list, and then each reference is a token list too)."""
    if not isinstance(predictions, (list, tuple)) or not isinstance(references, (list, tuple)):
        return
    if not predictions or not references:
        return
    if isinstance(predictions[0], (list, tuple)) and isinstance(references[0], (str, bytes)):
        raise TypeError(
            "predictions[0] is a list of texts but references[0] is one text: predictions and references "
            "look swapped. rouge(predictions, references) takes the predictions first; each reference may "
            "be a list of texts, a prediction may not (rouge_score's score() takes the target first; "
            "https://rougebleu.github.io/rougebleu/layouts/)"
        )


class Interval(NamedTuple):
    """A corpus-level score with its bootstrap confidence interval."""

    score: float
    low: float
    high: float

    def _repr_html_(self) -> str:
        from rougebleu._display import html_table

        return html_table(["score", "low", "high"], [list(self)])


class CorpusScore(NamedTuple):
    """Corpus-level precision, recall and F-measure, each with its interval."""

    precision: Interval
    recall: Interval
    fmeasure: Interval

    def _repr_html_(self) -> str:
        from rougebleu._display import html_table

        return html_table(["", "score", "low", "high"], [[name, *getattr(self, name)] for name in self._fields])

    def plot(self, ax: Any = None) -> Any:
        """A matplotlib figure (or `ax` drawn on): precision, recall and F with their intervals
        (needs the ``plot`` extra)."""
        from rougebleu._plot import intervals

        return intervals([(name, *getattr(self, name)) for name in self._fields], title="corpus score", ax=ax)


class CorpusResult(dict[str, CorpusScore]):
    """What :func:`rouge_corpus` returns: ``{rouge_type: CorpusScore}`` (a dict), which also
    shows itself as a table in notebooks, converts to a frame and plots."""

    def _repr_html_(self) -> str:
        from rougebleu._display import html_table

        rows = [[t, *(getattr(cs, m)[k] for m in CorpusScore._fields for k in range(3))] for t, cs in self.items()]
        header = ["type", *(f"{m} {end}" for m in ("P", "R", "F") for end in ("", "low", "high"))]
        return html_table([h.strip() for h in header], rows)

    def to_frame(self, library: str = "pandas") -> Any:
        """One row per rouge type: ``precision``, ``precision_low``, ... ``fmeasure_high``
        (a pandas or Polars frame)."""
        from rougebleu._frames import from_rows

        rows = []
        for t, cs in self.items():
            row: dict[str, Any] = {"rouge_type": t}
            for m in CorpusScore._fields:
                score, low, high = getattr(cs, m)
                row.update({m: score, f"{m}_low": low, f"{m}_high": high})
            rows.append(row)
        return from_rows(rows, library)

    def plot(self, measure: str = "fmeasure", ax: Any = None) -> Any:
        """A matplotlib figure (or `ax` drawn on): `measure` of every rouge type with its interval
        (needs the ``plot`` extra)."""
        from rougebleu._plot import intervals

        if measure not in CorpusScore._fields:
            raise ValueError(f"measure: expected one of {', '.join(CorpusScore._fields)}, got {measure!r}")
        rows = [(t, *getattr(cs, measure)) for t, cs in self.items()]
        return intervals(rows, title=f"ROUGE {measure}", ax=ax)


def rouge_corpus(
    predictions: Sequence[str | bytes],
    references: Sequence[str | bytes | Sequence[str | bytes]],
    *,
    rouge_types: Sequence[str] = DEFAULT_TYPES,
    use_stemmer: bool = False,
    multi_ref: _MultiRef = "max",
    jackknife: bool = False,
    alpha: float | None = None,
    beta: float | None = None,
    average: _Average = "macro",
    n_bootstrap: int = 1000,
    confidence: float = 0.95,
    seed: int = DEFAULT_SEED,
    lang: str | None = None,
    tokenizer: _RougeTokenizer | None = None,
    workers: int | None = None,
    pretokenized: bool = False,
    progress: ProgressArg = None,
) -> CorpusResult:
    """System-level ROUGE of a whole corpus with bootstrap confidence intervals.

    ``average="macro"``: the mean of the per-pair precision, recall and F (what papers using
    rouge_score report). ``average="micro"``: precision, recall and F of the counts summed over
    all pairs (ROUGE-1.5.5 ``-t 1``); not available with ``multi_ref="mean"`` or jackknifing.

    The interval comes from ``n_bootstrap`` resamples of the pairs (with replacement) at the
    given ``confidence``; it is reproducible: the same ``seed`` gives the same interval on any
    machine and for any ``workers``. ``n_bootstrap=0`` skips it (``low == high == score``); at most
    10,000,000 resamples (``rougebleu.limits``).
    The bootstrap runs in Rust with its own RNG (SplitMix64), so it is not the same draw as
    rouge_score's NumPy-based ``BootstrapAggregator`` (use :class:`BootstrapAggregator` for that).

    Inputs are those of :func:`rouge`: lists, columns, or with ``pretokenized=True`` token lists;
    ``progress`` as there. The result is a dict (a :class:`CorpusResult`) that also gives a data
    frame (``to_frame()``), a figure (``plot()``) and a table in notebooks.
    """
    types, core, predictions, references = _setup(
        rouge_types, use_stemmer, multi_ref, alpha, beta, jackknife, lang, tokenizer, predictions, references
    )
    resamples = _args.n_bootstrap(n_bootstrap)
    seed = _args.integer(seed, "seed", minimum=0)
    _args.option(average, "rouge.average", "average")
    level = _args.confidence(confidence)
    with reporting(progress, "rouge_corpus"):
        rows = core.corpus(
            predictions,
            references,
            average,
            resamples,
            level,
            seed % 2**64,
            workers,
            _args.flag(pretokenized, "pretokenized"),
        )
    return CorpusResult((t, CorpusScore(*(Interval(*x) for x in row))) for t, row in zip(types, rows))
