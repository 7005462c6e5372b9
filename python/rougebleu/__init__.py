"""rougebleu: ROUGE and BLEU with the exact numbers of the reference implementations, fast."""

from rougebleu._rougebleu import __version__

__all__ = ["__version__"]
