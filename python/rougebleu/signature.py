"""Reproducibility signatures: one line naming every setting that can change a number, and what the
numbers are and what computed them.

Every metric's signature is built by :func:`format_signature` and follows one grammar (written out,
with each metric's fields, in ``https://rougebleu.github.io/rougebleu/signatures/``)::

    signature := field ("|" field)*
    field     := key ":" value            key: [A-Za-z0-9#_-]+; value: no "|" and no ":"
    last field: "version:" REFERENCE "-" REFERENCE_VERSION "+rougebleu-" ROUGEBLEU_VERSION

e.g. ``nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:sacrebleu-2.6.0+rougebleu-0.1.0``:
sacrebleu 2.6.0's BLEU, computed by rougebleu 0.1.0. Apart from the version field, the sacrebleu
family's signatures are sacrebleu's own, byte for byte. Absent settings (``None``) are left out,
switches read ``yes``/``no``.

:func:`format_signature` is the one function a metric plugs into: its fields in order and the
name of the reference whose numbers it reproduces (a key of :data:`REFERENCES`).
"""

from __future__ import annotations

from rougebleu._rougebleu import __version__

TYPE_CHECKING = False  # not typing's: the commands start faster without it
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

__all__ = ["REFERENCES", "format_signature", "version_field"]

#: The references whose numbers rougebleu reproduces, with the version it reproduces.
REFERENCES: dict[str, str] = {
    "sacrebleu": "2.6.0",
    "rouge_score": "0.1.2",
    "ROUGE": "1.5.5",
    "nltk": "3.10.4",
    "xlsum": "0.0.1",  # the XL-Sum multilingual scorer (PyPI's multilingual-rouge)
    "meteor": "1.5",
    "pycocoevalcap": "1.2",
    "matlab": "docs",  # MATLAB Text Analytics Toolbox as its documentation's examples compute it
}

_FORBIDDEN = ("|", ":")


def version_field(reference: str) -> str:
    """``<reference>-<its version>+rougebleu-<rougebleu's version>``: the numbers are the
    reference's, rougebleu computed them."""
    return f"{reference}-{REFERENCES[reference]}+rougebleu-{__version__}"


def _value(key: str, value: Any) -> str:
    text = ("yes" if value else "no") if isinstance(value, bool) else str(value)
    if any(c in text for c in _FORBIDDEN) or not text:
        raise ValueError(f"signature field {key!r}: {text!r} cannot be written (empty, or holds '|' or ':')")
    return text


def format_signature(fields: Iterable[tuple[str, Any]], reference: str) -> str:
    """``key:value|...|version:...`` from `fields` in order (a value of None leaves its field out),
    ending with the version field of `reference`."""
    parts = [f"{key}:{_value(key, value)}" for key, value in fields if value is not None]
    return "|".join([*parts, f"version:{version_field(reference)}"])
