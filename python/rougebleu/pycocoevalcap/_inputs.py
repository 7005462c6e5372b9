"""The checks pycocoevalcap's scorers make with ``assert``, as ValueErrors, and the lists they read."""

from __future__ import annotations

from typing import Any


def items(gts: Any, res: Any) -> tuple[list[Any], list[Any], list[list[Any]]]:
    """The image ids (``gts``' order), their candidates and their reference lists."""
    if gts.keys() != res.keys():
        unknown = [k for k in res if k not in gts]
        missing = [k for k in gts if k not in res]
        raise ValueError(
            f"gts and res must have the same image ids (in res only: {unknown[:5]!r}, in gts only: {missing[:5]!r})"
        )
    ids = list(gts.keys())
    cands, refs = [], []
    for i in ids:
        hypo, ref = res[i], gts[i]
        if not isinstance(hypo, list) or len(hypo) != 1:
            raise ValueError(f"res[{i!r}] must be a list of one caption")
        if not isinstance(ref, list) or not ref:
            raise ValueError(f"gts[{i!r}] must be a non-empty list of captions")
        cands.append(hypo[0])
        refs.append(ref)
    return ids, cands, refs
