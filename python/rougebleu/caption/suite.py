"""The suite's dictionary in one call: :func:`caption_scores`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rougebleu import _rougebleu as _native
from rougebleu._long_call import reporting
from rougebleu.caption.signature import caption_signature

TYPE_CHECKING = False
if TYPE_CHECKING:
    import numpy as np

    from rougebleu._long_call import ProgressArg

__all__ = ["caption_scores", "CaptionScores", "METRICS"]

#: The suite's scorers, as ``COCOEvalCap.evaluate()`` names them and in its order (SPICE, a Java
#: program with its own models, is not part of it).
METRICS = ("Bleu", "METEOR", "ROUGE_L", "CIDEr")


class CaptionScores(dict):
    """The suite's dictionary, as ``COCOEvalCap.eval`` holds it: ``Bleu_1`` .. ``Bleu_4``,
    ``METEOR``, ``ROUGE_L``, ``CIDEr`` (corpus values, floats). ``per_item`` maps the same names to float64
    arrays of the per-image values (``COCOEvalCap.imgToEval``), in the order of the input; ``ids``
    is the images' ids when the input was a mapping, else ``None``."""

    ids: list[Any] | None
    #: The reproducibility signature of the numbers (:func:`rougebleu.caption.caption_signature`).
    signature: str | None = None

    def __init__(self, corpus: dict[str, float], per_item: dict[str, Any], ids: list[Any] | None = None):
        super().__init__(corpus)
        self._per_item = per_item
        self.ids = ids

    @property
    def per_item(self) -> dict[str, np.ndarray]:
        """Per-image values (NumPy is imported when first asked for them)."""
        if any(isinstance(v, list) for v in self._per_item.values()):
            import numpy as np

            self._per_item = {k: np.asarray(v, dtype=np.float64) for k, v in self._per_item.items()}
        return self._per_item

    def __repr__(self) -> str:
        return f"CaptionScores({dict.__repr__(self)})"


def _items(references: Any, candidates: Any) -> tuple[Any, Any, list[Any] | None]:
    """The candidates and reference sets in item order (mappings: the references' key order)."""
    if isinstance(references, Mapping) or isinstance(candidates, Mapping):
        if not (isinstance(references, Mapping) and isinstance(candidates, Mapping)):
            raise TypeError("references and candidates must both be mappings (image id -> captions) or both sequences")
        ids = list(references)
        unknown = [k for k in candidates if k not in references]
        missing = [k for k in ids if k not in candidates]
        if unknown or missing:
            raise ValueError(
                "candidates: the image ids differ from the references' "
                f"(without references: {unknown[:5]!r}, without a candidate: {missing[:5]!r})"
            )
        cands = []
        for k in ids:
            c = candidates[k]
            if isinstance(c, (list, tuple)):
                if len(c) != 1:
                    raise ValueError(f"candidates[{k!r}]: one caption per image, got {len(c)}")
                c = c[0]
            cands.append(c)
        return cands, [references[k] for k in ids], ids
    return candidates, references, None


def _strings(candidates: Any, references: Any) -> tuple[list[Any], list[list[Any]]]:
    """The (already tokenized) candidates and reference lists as Python lists: METEOR reads strings."""
    if isinstance(candidates, (str, bytes)):
        raise TypeError("candidates must be a sequence of captions, not a single str")
    if isinstance(references, (str, bytes)):
        raise TypeError("references must be a sequence of reference lists, not a single str")
    cands = list(candidates)
    refs = [[r] if isinstance(r, str) else list(r) for r in references]
    for i, c in enumerate(cands):
        if not isinstance(c, str):
            raise TypeError(f"candidates[{i}]: METEOR reads captions as strings, not token ids")
    return cands, refs


def run_native(
    candidates: Any,
    references: Any,
    metrics: Sequence[str],
    frequencies: Any,
    tokenize: bool,
    workers: int | None,
    lists: bool = False,
    tokens: bool = False,
) -> dict[str, Any]:
    """The native suite call for ``metrics`` (CIDEr is CIDEr-D, pycocoevalcap's)."""
    return _native.caption_suite(
        candidates,
        references,
        bleu=4 if "Bleu" in metrics else 0,
        rouge_l="ROUGE_L" in metrics,
        cider="cider-d" if "CIDEr" in metrics else None,
        frequencies=frequencies,
        tokenize=bool(tokenize),
        workers=workers,
        lists=lists,
        tokens=tokens,
    )


def caption_scores(
    references: Sequence[Sequence[str]] | Mapping[Any, Sequence[str]],
    candidates: Sequence[str] | Mapping[Any, str],
    *,
    tokenize: bool = True,
    metrics: Sequence[str] = METRICS,
    workers: int | None = None,
    progress: ProgressArg = None,
) -> CaptionScores:
    """pycocoevalcap's suite (``COCOEvalCap.evaluate()``) of ``candidates[i]`` against
    ``references[i]``: a :class:`CaptionScores` dictionary.

    ``references[i]`` is the list of reference captions of image ``i`` (a single ``str`` is one
    reference); ``candidates[i]`` its candidate caption. Both may instead be mappings from image ids
    to captions (``{id: [refs]}``, ``{id: caption}`` or ``{id: [caption]}``), with the same keys.
    With ``tokenize`` (the default) captions go through pycocoevalcap's PTB tokenization
    (:func:`~rougebleu.caption.ptb_tokenize`: references as one input, candidates as another, as
    ``COCOEvalCap`` does); ``tokenize=False`` takes them as already tokenized (space-separated
    tokens, or token ids for BLEU and CIDEr). ``metrics`` selects among ``"Bleu"``, ``"METEOR"``,
    ``"ROUGE_L"`` and ``"CIDEr"`` (CIDEr-D, as pycocoevalcap's ``CIDEr``).

    METEOR is METEOR 1.5 as pycocoevalcap's jar computes it (:func:`rougebleu.meteor.pycocoevalcap_meteor`:
    each image against its best reference, the corpus value from the summed statistics). It needs
    the jar's paraphrase table, which rougebleu does not ship (it comes with pycocoevalcap; see
    :class:`rougebleu.METEOR`): without it, asking for METEOR is a ``ValueError``, and
    ``metrics=("Bleu", "ROUGE_L", "CIDEr")`` scores the rest.

    CIDEr's document frequencies are those of this call's references, so every image's CIDEr
    depends on the whole set, as in pycocoevalcap. An image without references, or lists of
    different lengths, are a ``ValueError``."""
    unknown = [m for m in metrics if m not in METRICS]
    if isinstance(metrics, str) or unknown:
        raise ValueError(f"metrics: unknown metric(s) {unknown or metrics!r}; expected some of {list(METRICS)}")
    cands, refs, ids = _items(references, candidates)
    meteor = None
    with reporting(progress, "caption_scores"):
        # The native call checks every input first and tokenizes once; METEOR then reads the
        # same tokenized texts as strings.
        with_meteor = "METEOR" in metrics
        raw = run_native(cands, refs, metrics, None, tokenize, workers, lists=True, tokens=with_meteor)
        if with_meteor:
            from rougebleu.meteor.jar import pycocoevalcap_meteor

            texts = raw["tokens"] if tokenize else _strings(cands, refs)
            meteor = pycocoevalcap_meteor(*texts, workers=workers)
    corpus: dict[str, float] = {}
    per_item: dict[str, Any] = {}
    for k, (value, values) in enumerate(raw.get("Bleu", ())):
        corpus[f"Bleu_{k + 1}"] = value
        per_item[f"Bleu_{k + 1}"] = values
    if meteor is not None:
        corpus["METEOR"], per_item["METEOR"] = meteor
    for name in ("ROUGE_L", "CIDEr"):
        if name in raw:
            corpus[name], per_item[name] = raw[name]
    result = CaptionScores(corpus, per_item, ids)
    result.signature = caption_signature(metrics, tokenize=bool(tokenize))
    return result
