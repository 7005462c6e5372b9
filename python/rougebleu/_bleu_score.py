"""The result and signature objects of sacrebleu-compatible BLEU (same fields and text forms)."""

from __future__ import annotations

import json
import statistics
from typing import Any, Sequence

from rougebleu._rougebleu import __version__

# Value printed when a method takes one and none was given (sacrebleu's `BLEU.SMOOTH_DEFAULTS`).
SMOOTH_DEFAULTS: dict[str, float | int | None] = {"none": None, "floor": 0.1, "add-k": 1, "exp": None}


class BLEUScore:
    """A BLEU score with its statistics, as sacrebleu's `BLEUScore`.

    `score` is on the 0-100 scale; `counts`/`totals` are the matched and total n-grams per order
    (with add-k's additions, as sacrebleu reports them); `precisions` are percentages; `bp` is the
    brevity penalty; `ratio = sys_len / ref_len` (0 when `ref_len` is 0).
    """

    def __init__(
        self,
        score: float,
        counts: Sequence[int | float],
        totals: Sequence[int | float],
        precisions: Sequence[float],
        bp: float,
        sys_len: int,
        ref_len: int,
    ) -> None:
        self.name = "BLEU"
        self.score = score
        self._mean = -1.0
        self._ci = -1.0
        self.bp = bp
        self.counts = list(counts)
        self.totals = list(totals)
        self.sys_len = sys_len
        self.ref_len = ref_len
        self.precisions = list(precisions)
        self.ratio = self.sys_len / self.ref_len if self.ref_len else 0

    # Text forms are made when read: formatting them costs more than scoring a sentence.
    @property
    def prec_str(self) -> str:
        """The precisions as `p1/p2/p3/p4` with one decimal."""
        return "/".join(f"{p:.1f}" for p in self.precisions)

    @property
    def _verbose(self) -> str:
        return (
            f"{self.prec_str} (BP = {self.bp:.3f} ratio = {self.ratio:.3f} "
            f"hyp_len = {self.sys_len:d} ref_len = {self.ref_len:d})"
        )

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
            return json.dumps(d, indent=1, ensure_ascii=False)
        return line

    def estimate_ci(self, scores: Sequence[Any]) -> None:
        """Store the mean and the half width of the 95% interval of resample scores (or `BLEUScore`s)."""
        raw = sorted(getattr(s, "score", s) for s in scores)
        n = len(raw)
        lower = n // 40
        self._ci = 0.5 * (raw[n - lower - 1] - raw[lower])
        self._mean = statistics.mean(raw)

    def __repr__(self) -> str:
        return self.format()


class BLEUSignature:
    """The reproducibility signature, in sacrebleu's format with rougebleu's version."""

    _ABBR = {
        "version": "v",
        "nrefs": "#",
        "test": "t",
        "lang": "l",
        "subset": "S",
        "origlang": "o",
        "bs": "bs",
        "ar": "ar",
        "seed": "rs",
        "case": "c",
        "eff": "e",
        "tok": "tok",
        "smooth": "s",
    }

    def __init__(self, args: dict[str, Any]) -> None:
        if args.get("num_refs") is None:
            raise ValueError("Number of references unknown, please evaluate the metric first.")
        num_refs = args["num_refs"]
        smooth = args["smooth_method"]
        default = SMOOTH_DEFAULTS[smooth]
        if default is not None:
            value = args["smooth_value"] if args["smooth_value"] is not None else default
            smooth += f"[{value:.2f}]"
        self.info: dict[str, Any] = {
            "version": __version__,
            "nrefs": "var" if num_refs == -1 else num_refs,
            "bs": args.get("n_bootstrap"),
            "ar": None,
            "seed": args.get("seed"),
            "test": None,
            "lang": None,
            "origlang": None,
            "subset": None,
            "case": "lc" if args["lowercase"] else "mixed",
            "eff": "yes" if args["effective_order"] else "no",
            "tok": args["tokenizer_signature"],
            "smooth": smooth,
        }

    def format(self, short: bool = False) -> str:
        """`nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:...` (abbreviated with `short`)."""
        keys = [k for k in self.info if k != "version"] + ["version"]
        parts = []
        for k in keys:
            v = self.info[k]
            if v is None:
                continue
            if isinstance(v, bool):
                v = "yes" if v else "no"
            parts.append(f"{self._ABBR[k] if short else k}:{v}")
        return "|".join(parts)

    def update(self, key: str, value: Any) -> None:
        self.info[key] = value

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        return self.format()
