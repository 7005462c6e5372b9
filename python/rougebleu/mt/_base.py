"""The score and signature shapes shared by the sacrebleu-family metrics (sacrebleu's `Score` and
`Signature`): the text and JSON forms, the bootstrap interval fields, `key:value|...` signatures."""

from __future__ import annotations

from rougebleu.signature import version_field

TYPE_CHECKING = False  # not typing's: keep the start-up of the commands light
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any


class Score:
    """A metric value with sacrebleu's text forms: `name`, `score`, and after bootstrap resampling
    `mean` and `ci` (-1 otherwise)."""

    def __init__(self, name: str, score: float) -> None:
        self.name = name
        self.score = score
        self._mean = -1.0
        self._ci = -1.0
        self._verbose = ""

    @property
    def mean(self) -> float:
        """Mean of the bootstrap resample scores (-1 without `n_bootstrap`)."""
        return self._mean

    @property
    def ci(self) -> float:
        """Half width of the 95% bootstrap interval (-1 without `n_bootstrap`)."""
        return self._ci

    def format(self, width: int = 2, score_only: bool = False, signature: str = "", is_json: bool = False) -> str:
        """The text (or JSON) line sacrebleu prints for this score."""
        d: dict[str, Any] = {"name": self.name, "score": float(f"{self.score:.{width}f}"), "signature": signature}
        sc = f"{self.score:.{width}f}"
        if self._mean > 0:
            mean = f"{self._mean:.{width}f}"
            var = f"{self._ci:.{width}f}"
            conf = f"μ = {mean} ± {var}"
            sc += f" ({conf})"
            if is_json:
                d["confidence_mean"] = float(mean)
                d["confidence_var"] = float(var)
                d["confidence"] = conf
        line = f"{self.name}|{signature}" if signature else self.name
        line = f"{line} = {sc}"
        if self._verbose:
            line += f" {self._verbose}"
            d["verbose_score"] = self._verbose
        if score_only:
            return sc
        if is_json:
            for field in signature.split("|"):
                key, value = field.split(":")
                d[key] = value
            import json  # here, not at the top: the commands start faster without it

            return json.dumps(d, indent=1, ensure_ascii=False)
        return line

    def estimate_ci(self, scores: Sequence[Any]) -> None:
        """Store the mean and the half width of the 95% interval of resample scores (or `Score`s)."""
        raw = sorted(getattr(s, "score", s) for s in scores)
        n = len(raw)
        lower = n // 40
        self._ci = 0.5 * (raw[n - lower - 1] - raw[lower])
        import statistics

        self._mean = statistics.mean(raw)

    def __repr__(self) -> str:
        return self.format()

    def _repr_html_(self) -> str:
        from rougebleu._display import html_table

        header, row = ["metric", "score"], [self.name, round(self.score, 4)]
        if self._mean > 0:
            header += ["bootstrap mean", "95% half width"]
            row += [round(self._mean, 4), round(self._ci, 4)]
        if self._verbose:
            header.append("details")
            row.append(self._verbose)
        return html_table(header, [row])

    def plot(self, ax: Any = None) -> Any:
        """A matplotlib figure (or `ax` drawn on): the score, with its bootstrap interval when the
        score was computed with `n_bootstrap` (needs the ``plot`` extra)."""
        from rougebleu._plot import intervals

        low = high = None
        if self._mean > 0:
            low, high = self._mean - self._ci, self._mean + self._ci
        return intervals([(self.name, self.score, low, high)], title=self.name, ax=ax)


class Signature:
    """A reproducibility signature in sacrebleu's format; its version field names the reference
    (`REFERENCE`, sacrebleu's by default) and rougebleu (see :mod:`rougebleu.signature`)."""

    REFERENCE = "sacrebleu"

    _ABBR: dict[str, str] = {
        "version": "v",
        "nrefs": "#",
        "test": "t",
        "lang": "l",
        "subset": "S",
        "origlang": "o",
        "bs": "bs",
        "ar": "ar",
        "seed": "rs",
    }

    def __init__(self, args: dict[str, Any]) -> None:
        if args.get("num_refs") is None:
            raise ValueError("Number of references unknown, please evaluate the metric first.")
        num_refs = args["num_refs"]
        self.info: dict[str, Any] = {
            "version": version_field(self.REFERENCE),
            "nrefs": "var" if num_refs == -1 else num_refs,
            "bs": args.get("n_bootstrap"),
            "ar": None,
            "seed": args.get("seed"),
            "test": args.get("test_set"),
            "lang": args.get("langpair"),
            "origlang": args.get("origlang"),
            "subset": args.get("subset"),
        }

    def format(self, short: bool = False) -> str:
        """The `key:value|...` form (abbreviated keys with `short`), version last."""
        keys = [k for k in self.info if k != "version"] + ["version"]
        parts = []
        for k in keys:
            v = self.info[k]
            if v is None:
                continue
            if isinstance(v, bool):
                v = "yes" if v else "no"
            parts.append(f"{self._ABBR.get(k, k) if short else k}:{v}")
        return "|".join(parts)

    def update(self, key: str, value: Any) -> None:
        """Set one field of the signature (sacrebleu's ``Signature.update``)."""
        self.info[key] = value

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        return self.format()


class NativeSentence:
    """Base of the MT metrics: `sentence_score`'s native scorer (`_sentence`, made by
    `_sentence_setup()` from the metric's options) stays out of pickles and is rebuilt when one is
    loaded."""

    _sentence: Any

    def _sentence_setup(self) -> None:
        raise NotImplementedError

    def __getstate__(self) -> dict:
        state = self.__dict__.copy()
        state["_sentence"] = None  # native, rebuilt on unpickling
        return state

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self._sentence_setup()


def remember_metric(cache: dict, key: tuple, make: Callable[[], Any]) -> Any:
    """The metric object of sacrebleu's one-call sentence functions (`sentence_bleu`, ...) for
    option values not in `cache` yet (callers look there first, inline: this runs per call).
    Building one costs about as much as scoring a sentence, so up to 64 are kept. `key` holds the
    options and their types (sacrebleu names and refuses some by type); an unhashable option is not
    kept, and `make()` (the constructor) reports it."""
    metric = make()
    try:
        if len(cache) < 64:
            cache[key] = metric
    except TypeError:
        pass
    return metric
