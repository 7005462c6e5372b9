"""ROUGE-1.5.5 (Perl) compatibility mode.

- :class:`Rouge155` (in :mod:`rougebleu.rouge155.api`): ROUGE-1.5.5's numbers for in-memory
  summaries or a configuration file, its options as keyword arguments.
- :mod:`rougebleu.rouge155.cli`: the ``rougebleu rouge155`` command, a drop-in replacement for
  ``ROUGE-1.5.5.pl``.
- :class:`ConfigError`: a configuration file that cannot be read or does not describe an
  evaluation (a ``ValueError``).

Names are imported on first use: the command imports this package, and every millisecond of its
start-up counts when a caller runs it once per evaluation.
"""

from __future__ import annotations

TYPE_CHECKING = False  # not typing's: see rougebleu/__init__.py

# name -> module that defines it
_EXPORTS: dict[str, str] = {
    "Rouge155": "api",
    "Rouge155Result": "api",
    "EvalItem": "api",
    "SystemScore": "api",
    "ConfigError": "_rougebleu",
    "rouge155_stem": "_rougebleu",
}

__all__ = ["ConfigError", "EvalItem", "Rouge155", "Rouge155Result", "SystemScore", "rouge155_stem"]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'rougebleu.rouge155' has no attribute {name!r}")
    import importlib  # here, not at the top: see rougebleu/__init__.py

    package = "rougebleu" if module == "_rougebleu" else "rougebleu.rouge155"
    value = getattr(importlib.import_module(f"{package}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))


if TYPE_CHECKING:
    from typing import Any

    from rougebleu._rougebleu import ConfigError, rouge155_stem
    from rougebleu.rouge155.api import EvalItem, Rouge155, Rouge155Result, SystemScore
