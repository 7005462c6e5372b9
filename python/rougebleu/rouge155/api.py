"""The Python API of the ROUGE-1.5.5 compatibility mode.

:class:`Rouge155` scores in-memory summaries (or a configuration file) exactly as
``ROUGE-1.5.5.pl`` does: its tokenizer, its Porter stemmer with the WordNet 2.0 exceptions
(``stem=True``, ``-m``), SMART stop words (``remove_stopwords=True``, ``-s``), length limits,
multi-reference pooling (``-f A``) or best reference (``-f B``), per-unit 5-decimal rounding and
its drand48 bootstrap. The command line replacement is :mod:`rougebleu.rouge155.cli`.

A summary is a ``str`` whose lines are its sentences (ROUGE's SPL format: empty lines are
skipped), or a list of sentence strings; it is scored as its UTF-8 bytes, as Perl does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from rougebleu._long_call import reporting
from rougebleu._rougebleu import Rouge155Core
from rougebleu.limits import MAX_BOOTSTRAP, MAX_NGRAM_ORDER

TYPE_CHECKING = False  # not typing's
if TYPE_CHECKING:
    from rougebleu._long_call import ProgressArg

__all__ = ["EvalItem", "Rouge155", "Rouge155Result", "SystemScore"]

Text = str | Sequence[str]


@dataclass(frozen=True)
class EvalItem:
    """One evaluation unit: system ID -> peer summary, and the model (reference) summaries."""

    peers: Mapping[str, Text]
    models: Sequence[Text]
    id: str | None = None


@dataclass(frozen=True)
class SystemScore:
    """Corpus-level R, P, F of one system on one measure, as ROUGE-1.5.5 prints them.

    ``recall``/``precision``/``fmeasure`` are ``(average, ci_low, ci_high)`` rounded to 5
    decimals, where the average is the mean of the bootstrap resample means (ROUGE-1.5.5's
    ``Average_X``); with ``counting="counts"`` they are ``(model_total, peer_total, hits)``
    sums instead, and with ``jackknife=True`` plain means with no interval (``None`` ends).
    ``plain_mean`` is the arithmetic mean of the per-unit R, P, F (unrounded).
    """

    recall: tuple[float | None, ...]
    precision: tuple[float | None, ...]
    fmeasure: tuple[float | None, ...]
    plain_mean: tuple[float, ...]


class Rouge155Result:
    """Per-unit and per-system scores of one :meth:`Rouge155.evaluate` call.

    ``scores`` is a float64 array ``(systems, measures, units, 3)`` of the per-unit values
    (R, P, F rounded as ROUGE-1.5.5 rounds them; NaN where a system has no summary for a unit).
    """

    def __init__(self, raw: dict, systems: Sequence[str], eval_ids: Sequence[str]):
        import numpy as np  # imported here so that the command line starts without NumPy

        self.measures: tuple[str, ...] = tuple(raw["measures"])
        self.systems: tuple[str, ...] = tuple(systems)
        self.eval_ids: tuple[str, ...] = tuple(eval_ids)
        self.warnings: tuple[str, ...] = tuple(raw["warnings"])
        self._report: str = raw.get("report") or ""
        self._report_d: str = raw.get("report_per_eval") or ""
        nm = len(self.measures)
        self.scores = np.full((len(self.systems), nm, len(self.eval_ids), 3), np.nan)
        self.per_system: dict[str, dict[str, SystemScore]] = {s: {} for s in self.systems}
        for system, measure, evals, values, summary, plain in raw["series"]:
            self.scores[system, measure, evals] = values
            kind = summary[0]
            rpf: list[tuple[float | None, ...]]
            if kind == "interval":
                avg, lo, hi = summary[1:]
                rpf = [(_round5(avg[k]), _round5(lo[k]), _round5(hi[k])) for k in range(3)]
            elif kind == "counts":
                rpf = [(float(c),) for c in summary[1]]
            else:
                rpf = [(float(m), None, None) for m in summary[1]]
            self.per_system[self.systems[system]][self.measures[measure]] = SystemScore(
                rpf[0], rpf[1], rpf[2], tuple(float(x) for x in plain)
            )

    def item(self, system: str, measure: str, eval_id: str) -> tuple[float, float, float] | None:
        """R, P, F of one system on one unit (``None`` when the system has no summary there)."""
        v = self.scores[self.systems.index(system), self.measures.index(measure), self.eval_ids.index(eval_id)]
        return None if v[0] != v[0] else (float(v[0]), float(v[1]), float(v[2]))

    def report(self, per_eval: bool = False) -> str:
        """The text ``ROUGE-1.5.5.pl`` prints for this evaluation (``-d`` with ``per_eval``)."""
        return self._report_d if per_eval else self._report

    def _rows(self) -> list[list[Any]]:
        rows = []
        for system, measures in self.per_system.items():
            for measure, s in measures.items():
                rows.append([system, measure, *(v[0] for v in (s.recall, s.precision, s.fmeasure))])
        return rows

    def __repr__(self) -> str:
        head = (
            f"Rouge155Result({len(self.systems)} system(s), {len(self.eval_ids)} unit(s), "
            f"measures {', '.join(self.measures)})"
        )
        lines = [f"  {r[0]} {r[1]}: R {r[2]} P {r[3]} F {r[4]}" for r in self._rows()]
        return "\n".join([head, *lines])

    def _repr_html_(self) -> str:
        from rougebleu._display import html_table

        return html_table(["system", "measure", "recall", "precision", "F"], self._rows(), places=5)

    def to_frame(self, library: str = "pandas") -> Any:
        """The per-unit scores as a pandas or Polars frame: one row per system, measure and unit
        with ``recall``, ``precision``, ``fmeasure`` (units a system has no summary for are left out)."""
        from rougebleu._frames import from_rows

        rows = []
        for s, system in enumerate(self.systems):
            for m, measure in enumerate(self.measures):
                for e, unit in enumerate(self.eval_ids):
                    r, p, f = self.scores[s, m, e]
                    if r == r:  # not NaN
                        rows.append(
                            {
                                "system": system,
                                "measure": measure,
                                "unit": unit,
                                "recall": float(r),
                                "precision": float(p),
                                "fmeasure": float(f),
                            }
                        )
        return from_rows(rows, library)


def _spl_bytes(text: Text, what: str) -> bytes:
    if isinstance(text, str):
        return text.encode("utf-8", "surrogateescape")
    if isinstance(text, (bytes, bytearray)):
        return bytes(text)
    if isinstance(text, Sequence):
        for k, s in enumerate(text):
            if not isinstance(s, str):
                raise TypeError(f"{what}[{k}] must be str, not {type(s).__name__}")
        return "\n".join(text).encode("utf-8", "surrogateescape")
    raise TypeError(f"{what} must be a str or a list of sentence strings, not {type(text).__name__}")


class Rouge155:
    """ROUGE-1.5.5 with its options as keyword arguments (the flag each one stands for in
    brackets).

    Args:
        max_n: ROUGE-1 .. ROUGE-max_n (``-n``); 0 for none (ROUGE-1.5.5 computes no ROUGE-N
            without ``-n``; this API defaults to 4).
        rouge_l: compute ROUGE-L (``-x`` turns it off).
        rouge_w: weight W of ROUGE-W, W > 1 (``-w``); None for no ROUGE-W.
        skip_distance: maximum gap of ROUGE-S (``-2``); a negative value is unlimited (``S*``);
            None for no ROUGE-S.
        skip_unigrams: ``"no"`` ROUGE-S, ``"only"`` ROUGE-SU (``-u``), ``"both"`` (``-U``).
        basic_elements: BE mode ``H``, ``HM``, ``HMR``, ``HM1``, ``HMR1`` or ``HMR2`` (``-3``).
        stem: Porter stemmer + WordNet exceptions (``-m``).
        stem_models_only: stem the models only (``-M``).
        remove_stopwords: drop SMART stop words (``-s``).
        word_limit / byte_limit: keep the first words / bytes of each summary (``-l`` / ``-b``).
        multi_ref: ``"A"`` pool counts over models, ``"B"`` best model (``-f``).
        alpha: F = PR / ((1 - alpha) P + alpha R) (``-p``), within [0, 1].
        counting: ``"macro"`` per unit (``-t 0``), ``"micro"`` per token (``-t 1``), ``"counts"``
            raw counts (``-t 2``).
        resamples / confidence: bootstrap resamples (``-r``) and confidence level (``-c``).
        jackknife: leave-one-out over the models (needs >= 2 models per unit).
        data_dir: ROUGE data directory for ``stem``/``remove_stopwords`` (``-e``); default
            ``$ROUGE_EVAL_HOME``, else the current directory.
    """

    def __init__(
        self,
        *,
        max_n: int = 4,
        rouge_l: bool = True,
        rouge_w: float | None = None,
        skip_distance: int | None = None,
        skip_unigrams: Literal["no", "only", "both"] = "no",
        basic_elements: Literal["H", "HM", "HMR", "HM1", "HMR1", "HMR2"] | None = None,
        stem: bool = False,
        stem_models_only: bool = False,
        remove_stopwords: bool = False,
        word_limit: int | None = None,
        byte_limit: int | None = None,
        multi_ref: Literal["A", "B"] = "A",
        alpha: float = 0.5,
        counting: Literal["macro", "micro", "counts"] = "macro",
        resamples: int = 1000,
        confidence: float = 95.0,
        jackknife: bool = False,
        data_dir: str | None = None,
    ):
        for name, v in (("max_n", max_n), ("resamples", resamples)):
            if isinstance(v, bool) or not isinstance(v, int):
                raise TypeError(f"{name} must be an int, not {type(v).__name__}")
        if not 0 <= max_n <= MAX_NGRAM_ORDER:
            raise ValueError(f"max_n: must be from 0 to {MAX_NGRAM_ORDER} (0 for no ROUGE-N), got {max_n}")
        if not 1 <= resamples <= MAX_BOOTSTRAP:
            raise ValueError(f"resamples: must be from 1 to {MAX_BOOTSTRAP}, got {resamples}")
        if skip_distance is not None and (isinstance(skip_distance, bool) or not isinstance(skip_distance, int)):
            raise ValueError(f"skip_distance: must be an integer (negative for unlimited), got {skip_distance!r}")
        for name, lim in (("word_limit", word_limit), ("byte_limit", byte_limit)):
            if lim is not None and (isinstance(lim, bool) or not isinstance(lim, int) or lim <= 0):
                raise ValueError(f"{name}: must be a positive integer or None, got {lim!r}")
        if word_limit is not None and byte_limit is not None:
            raise ValueError("word_limit, byte_limit: give one limit, not both")
        self._labels = (
            "" if rouge_w is None else _perl_num(rouge_w),
            "" if skip_distance is None else str(skip_distance),
            _perl_num(confidence),
        )
        self._core = Rouge155Core(
            max_ngram=max_n,
            lcs=rouge_l,
            wlcs_weight=None if rouge_w is None else float(rouge_w),
            # A distance beyond any text is no limit; it only has to fit the core's integer.
            skip_gap=None if skip_distance is None else max(min(skip_distance, 2**63 - 1), -1),
            skip_unigrams=skip_unigrams,
            be_mode=basic_elements,
            stem=stem,
            stem_models_only=stem_models_only,
            stopwords=remove_stopwords,
            limit_words=min(word_limit or 0, 2**63 - 1),
            limit_bytes=min(byte_limit or 0, 2**63 - 1),
            multi=multi_ref,
            alpha=float(alpha),
            counting=counting,
            resamples=resamples,
            confidence=float(confidence),
            jackknife=jackknife,
            data_dir=data_dir,
        )

    def signature(self) -> str:
        """The reproducibility signature of these options: every setting that can change a number,
        ``...|version:ROUGE-1.5.5+rougebleu-<version>`` (``https://rougebleu.github.io/rougebleu/signatures/``)."""
        return self._core.signature()

    @property
    def measures(self) -> list[str]:
        """The measures computed, named as ROUGE-1.5.5 prints them."""
        return self._core.measure_names(self._labels)

    def evaluate(
        self,
        evals: Sequence[EvalItem | tuple[Mapping[str, Text], Sequence[Text]]],
        *,
        systems: Sequence[str] | None = None,
        workers: int | None = None,
        progress: ProgressArg = None,
    ) -> Rouge155Result:
        """Scores every system of every unit. Units are numbered ``"1"``, ``"2"``, ... unless
        they carry an ``id``; the bootstrap visits them in ROUGE-1.5.5's order (the keys
        ``"<id>.<system>"`` sorted as strings), so the same ids give the same intervals.
        ``systems`` (default: all, sorted) picks and orders the reported systems."""
        with reporting(progress, "evaluate"):
            if isinstance(evals, (str, bytes)) or not isinstance(evals, Sequence):
                raise TypeError("evals must be a list of EvalItem or (peers, models) tuples")
            units: list[tuple[str, Mapping[str, Text], Sequence[Text], int]] = []
            seen: dict[str, None] = {}
            for i, e in enumerate(evals):
                if isinstance(e, EvalItem):
                    peers, models, eid = e.peers, e.models, e.id
                elif isinstance(e, tuple) and len(e) in (2, 3):
                    peers, models = e[0], e[1]
                    eid = e[2] if len(e) == 3 else None
                else:
                    raise TypeError(f"evals[{i}] must be an EvalItem or a (peers, models) tuple")
                if not isinstance(peers, Mapping):
                    raise TypeError(f"evals[{i}] peers must be a mapping system ID -> summary")
                if isinstance(models, (str, bytes)) or not isinstance(models, Sequence) or not models:
                    raise ValueError(f"evals[{i}] models must be a non-empty list of summaries")
                eid = str(i + 1) if eid is None else str(eid)
                if eid in [u[0] for u in units]:
                    raise ValueError(f"evals[{i}]: duplicate unit id {eid!r}")
                for s in peers:
                    if not isinstance(s, str):
                        raise TypeError(f"evals[{i}] system IDs must be str, not {type(s).__name__}")
                    seen.setdefault(s, None)
                units.append((eid, peers, models, i))
            if not units:
                raise ValueError("evals is empty: give at least one evaluation unit")
            names = sorted(seen) if systems is None else list(systems)
            unknown = [s for s in names if s not in seen]
            if unknown:
                raise ValueError(f"systems: {unknown!r} have no summary in any unit")
            index = {s: k for k, s in enumerate(names)}
            run = []
            for eid, peers, models, i in units:
                p = [(index[s], _spl_bytes(t, f"evals[{i}] peer {s!r}")) for s, t in peers.items() if s in index]
                m = [_spl_bytes(t, f"evals[{i}] model {k}") for k, t in enumerate(models)]
                run.append((eid, "SPL", p, m))
            return self._run(names, run, [u[0] for u in units], workers)

    def evaluate_config(
        self,
        path: str,
        *,
        system: str | None = None,
        list_format: str | None = None,
        workers: int | None = None,
    ) -> Rouge155Result:
        """Scores a ROUGE-1.5.5 configuration file (XML, or a ``-z`` file list); every system
        unless ``system`` is given. A malformed file raises :class:`ConfigError` naming the file
        and line."""
        raw = self._core.evaluate_config(
            path, system=system, list_format=list_format, workers=workers, labels=self._labels
        )
        return Rouge155Result(raw, raw["systems"], raw["eval_ids"])

    def _run(self, names, run, eval_ids, workers) -> Rouge155Result:
        raw = self._core.evaluate(names, run, workers=workers, report=True, per_eval=True, labels=self._labels)
        return Rouge155Result(raw, names, eval_ids)


def _round5(x: float) -> float:
    """``%7.5f`` as C's printf rounds (the exact binary value, ties to even), read back."""
    return float(f"{x:.5f}")


def _perl_num(x: float) -> str:
    """Perl's stringification of a number (``%.15g``), as ROUGE-1.5.5 prints option values."""
    s = f"{float(x):.15g}"
    return s
