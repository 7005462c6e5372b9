"""The result and signature objects of sacrebleu-compatible BLEU (same fields and text forms)."""

from __future__ import annotations

from rougebleu.mt._base import Score, Signature

TYPE_CHECKING = False  # not typing's: keep the start-up of the commands light
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any


# Value printed when a method takes one and none was given (sacrebleu's `BLEU.SMOOTH_DEFAULTS`).
SMOOTH_DEFAULTS: dict[str, float | int | None] = {"none": None, "floor": 0.1, "add-k": 1, "exp": None}


class BLEUScore(Score):
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
        # Score.__init__ is not called: `_verbose` is a property here, and sentence-level calls
        # build millions of these.
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
    def _verbose(self) -> str:  # type: ignore[override]  # computed on demand, see above
        return (
            f"{self.prec_str} (BP = {self.bp:.3f} ratio = {self.ratio:.3f} "
            f"hyp_len = {self.sys_len:d} ref_len = {self.ref_len:d})"
        )


class BLEUSignature(Signature):
    """The reproducibility signature, in sacrebleu's format with rougebleu's version:
    `nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:...` (abbreviated with `short`)."""

    _ABBR = {**Signature._ABBR, "case": "c", "eff": "e", "tok": "tok", "smooth": "s"}

    def __init__(self, args: dict[str, Any]) -> None:
        super().__init__(args)
        smooth = args["smooth_method"]
        default = SMOOTH_DEFAULTS[smooth]
        if default is not None:
            value = args["smooth_value"] if args["smooth_value"] is not None else default
            smooth += f"[{value:.2f}]"
        self.info.update(
            {
                "case": "lc" if args["lowercase"] else "mixed",
                "eff": "yes" if args["effective_order"] else "no",
                "tok": args["tokenizer_signature"],
                "smooth": smooth,
            }
        )
