"""The tokenization pycocoevalcap gives every caption before scoring, without Java.

pycocoevalcap runs Stanford CoreNLP 3.4.1's ``PTBTokenizer -preserveLines -lowerCase`` on all the
captions of a call, one per line, then drops the punctuation tokens
``'' ' `` ` . ? ! , : - -- ... ;``. :func:`ptb_tokenize` does the same in Rust, token for token
(differentially tested against the jar): brackets become ``-lrb-`` ``-rrb-`` (the punctuation list
names them in upper case, so they survive), ``it's`` becomes ``it 's``, ``can't`` ``ca n't``,
``£`` ``#``, ``€`` ``$``, and so on.

The texts are one input, as in pycocoevalcap: a few rules look at the start of the next caption
(whether ``U.S.`` at a caption's end keeps its period can depend on it), so tokenize a run's
references together and its candidates together, as ``COCOEvalCap`` does, to get its strings.
Where pycocoevalcap's output would shift every later caption by one (a caption holding ``\\r``,
``\\v``, ``\\f``, U+2028 or U+2029, which Java also takes for line breaks), each caption keeps its own
tokens here.
"""

from __future__ import annotations

from collections.abc import Sequence

from rougebleu import _rougebleu as _native
from rougebleu._long_call import reporting

TYPE_CHECKING = False
if TYPE_CHECKING:
    from rougebleu._long_call import ProgressArg

__all__ = ["ptb_tokenize"]


def ptb_tokenize(texts: Sequence[str], *, workers: int | None = None, progress: ProgressArg = None) -> list[str]:
    """Each text as pycocoevalcap's ``PTBTokenizer().tokenize`` returns it: lowercased tokens without
    punctuation, joined by single spaces (an empty or punctuation-only text gives ``""``).
    ``texts`` is a sequence of ``str`` or a text column (Arrow, Polars, pandas, NumPy); parts of it
    are tokenized in parallel (``workers``), with the one-input result."""
    if isinstance(texts, (str, bytes)):
        raise TypeError("texts must be a sequence of strings, not a single str")
    with reporting(progress, "ptb_tokenize"):
        return _native.ptb_tokenize(texts, workers)
