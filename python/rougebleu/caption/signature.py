"""The caption metrics' reproducibility signature: every setting of :func:`caption_scores`,
:class:`CiderD` and :class:`Cider` that can change a number, in the grammar of
:mod:`rougebleu.signature` (fields listed in ``https://rougebleu.github.io/rougebleu/signatures/``),
e.g. ``metrics:Bleu+METEOR+ROUGE_L+CIDEr|tok:ptb|meteor:<the jar's Eval ID>|cider:cider-d|n:4|``
``sigma:6.0|df:refs|version:pycocoevalcap-1.2+rougebleu-0.1.0``.

BLEU (``Bleu_1..4``, coco-caption's closest-length brevity penalty) and ROUGE-L (beta 1.2) have no
setting in the suite: the metric list names them. CIDEr's numbers depend on its variant (CIDEr-D
clips counts and applies a Gaussian length penalty of width ``sigma``; CIDEr does neither), its
n-gram order, and where its document frequencies come from: each call's references (``df:refs``,
pycocoevalcap's way) or a :class:`DocumentFrequencies` (``df:`` and the first 16 hex digits of the
SHA-256 of its bytes, so two sets of frequencies never share a signature).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from rougebleu import _args
from rougebleu.signature import format_signature

__all__ = ["caption_signature", "METEOR_EVAL_ID"]

#: The METEOR 1.5 jar's Eval ID in pycocoevalcap's mode (``-l en -norm``): the suite's METEOR
#: column has no other setting (a test checks it against ``METEOR(pycocoevalcap=True).eval_id``).
METEOR_EVAL_ID = "meteor-1.5-wo-en-norm-0.85_0.2_0.6_0.75-ex_st_sy_pa-1.0_0.6_0.8_0.6"


def caption_signature(
    metrics: Sequence[str] = ("Bleu", "METEOR", "ROUGE_L", "CIDEr"),
    *,
    tokenize: bool = True,
    cider: Literal["cider-d", "cider"] = "cider-d",
    n: int = 4,
    sigma: float = 6.0,
    df: Any = None,
) -> str:
    """The signature of caption scores computed with these settings: those of
    :func:`~rougebleu.caption.caption_scores` (``metrics``, ``tokenize``), and for CIDEr the
    scorer's (``cider`` is the variant, ``n``, ``sigma`` for CIDEr-D, ``df`` ``None`` or a
    :class:`~rougebleu.caption.DocumentFrequencies`). ``tokenize=False`` reads ``tok:given``:
    captions tokenized, or token ids, by the caller."""
    from rougebleu.caption.suite import METRICS

    names = list(metrics)
    unknown = [m for m in names if m not in METRICS]
    if isinstance(metrics, str) or unknown or not names:
        raise ValueError(f"metrics: unknown metric(s) {unknown or metrics!r}; expected some of {list(METRICS)}")
    fields: list[tuple[str, Any]] = [
        ("metrics", "+".join(m for m in METRICS if m in names)),
        ("tok", "ptb" if _args.flag(tokenize, "tokenize") else "given"),
    ]
    if "METEOR" in names:
        fields.append(("meteor", METEOR_EVAL_ID))
    if "CIDEr" in names:
        variant = _args.option(cider, "caption.cider", "cider")
        fields += [
            ("cider", variant),
            ("n", _args.bounded_integer(n, "n", 1, 100)),
            ("sigma", repr(_args.number(sigma, "sigma")) if variant == "cider-d" else None),
            ("df", _df_identity(df)),
        ]
    return format_signature(fields, "pycocoevalcap")


def _df_identity(df: Any) -> str:
    """``refs`` (each call's references) or the digest of the frequencies given."""
    if df is None:
        return "refs"  # before the imports: NumPy stays out of a caption_scores call
    from rougebleu.caption.cider import DocumentFrequencies
    from rougebleu.caption.stats import _fingerprint

    if not isinstance(df, DocumentFrequencies):
        raise TypeError(f"df must be None or a DocumentFrequencies, not {type(df).__name__}")
    return _fingerprint(df)
