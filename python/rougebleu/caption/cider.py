"""CIDEr-D and CIDEr: evaluation, training rewards, document frequencies.

:class:`CiderD` computes pycocoevalcap's ``Cider`` (CIDEr-D: TF-IDF of n-grams 1..4, clipped
similarity, Gaussian length penalty with sigma = 6, times 10) to the last bit; :class:`Cider` the
plain CIDEr of its authors' code (Vedantam et al. 2015: the cosine of the TF-IDF vectors, times 10
as in their code; the paper's eq. 3 is that divided by 10). Both:

- ``score(candidates, references)``: the corpus value and the per-image values;
- ``rewards(candidates, references, samples=k)``: per-caption values for self-critical sequence
  training, the GIL released and every core used, captions given as tokenized strings or token ids;
- ``pairwise(hypotheses, references)``, and ``metric=`` of :func:`rougebleu.expected_utility` and
  :func:`rougebleu.top_k` (each reference alone).

Document frequencies are those of each call's references (``df=None``, pycocoevalcap's way: every
score then depends on the whole call) or a :class:`DocumentFrequencies` computed once over a corpus
(``df=DocumentFrequencies.from_references(train_refs)``, or ``.load(path)``), as self-critical
training code does with its training references; then every caption's score stands alone.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any, Literal

import numpy as np

from rougebleu import _args
from rougebleu import _rougebleu as _native
from rougebleu._long_call import reporting

TYPE_CHECKING = False
if TYPE_CHECKING:
    from rougebleu._long_call import ProgressArg

__all__ = ["CiderD", "Cider", "DocumentFrequencies"]


class DocumentFrequencies:
    """For each n-gram, the number of images whose references hold it, and ``ref_len``, the log of
    the number of images: what CIDEr's idf is made of, computed once over a corpus.

    Build with :meth:`from_references` (or :meth:`from_counts` from existing tables, such as the
    ``document_frequency`` / ``ref_len`` pickles of self-critical training code); keep with
    :meth:`save` / :meth:`load` (a compact binary file) or pickle. N-grams are of words (tokenized
    strings) or of token ids, whichever the references were; captions scored against them must be
    of the same kind. ``df[ngram]`` (a tuple or a space-separated string of words, or a tuple of ids)
    is an n-gram's frequency."""

    def __init__(self, native: Any) -> None:
        self._native = native

    @classmethod
    def from_references(
        cls, references: Sequence[Sequence[Any]], *, n: int = 4, tokenize: bool = False
    ) -> DocumentFrequencies:
        """The frequencies over ``references`` (per image, its list of reference captions: tokenized
        strings, or token-id sequences; with ``tokenize=True`` raw strings, PTB-tokenized first as
        one input). ``ref_len = ln(len(references))``."""
        order = _args.bounded_integer(n, "n", 1, 100)
        return cls(_native.CiderFrequencies.from_references(references, order, bool(tokenize)))

    @classmethod
    def from_counts(cls, document_frequency: Mapping[Any, float], ref_len: float, *, n: int = 4) -> DocumentFrequencies:
        """Frequencies from a mapping n-gram -> frequency (n-grams as tuples of words or of token
        ids, or space-separated strings) and ``ref_len`` (the log of the number of images), the
        two fields of the pickles of self-critical training code (``prepro_ngrams.py``)."""
        order = _args.bounded_integer(n, "n", 1, 100)
        grams = [" ".join(g) if isinstance(g, tuple) and g and isinstance(g[0], str) else g for g in document_frequency]
        grams = [list(g) if isinstance(g, tuple) else g for g in grams]
        counts = [_args.number(v, "document_frequency") for v in document_frequency.values()]
        return cls(_native.CiderFrequencies.from_counts(grams, counts, _args.number(ref_len, "ref_len"), order))

    def save(self, path: str | os.PathLike[str]) -> None:
        """Writes the frequencies to ``path`` (:meth:`load` reads them back)."""
        self._native.write(os.fspath(path))

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> DocumentFrequencies:
        """The frequencies :meth:`save` wrote to ``path``."""
        return cls(_native.CiderFrequencies.read(os.fspath(path)))

    def to_bytes(self) -> bytes:
        """The frequencies in a compact binary form, for :meth:`from_bytes` (and pickling)."""
        return self._native.to_bytes()

    @classmethod
    def from_bytes(cls, data: bytes) -> DocumentFrequencies:
        """The frequencies that :meth:`to_bytes` wrote."""
        return cls(_native.CiderFrequencies.from_bytes(bytes(data)))

    def __reduce__(self) -> tuple[Any, ...]:
        return (DocumentFrequencies.from_bytes, (self.to_bytes(),))

    @property
    def n(self) -> int:
        """The highest n-gram order counted."""
        return self._native.order

    @property
    def ref_len(self) -> float:
        """The log of the number of images (the idf's numerator)."""
        return self._native.ref_len

    @property
    def by_words(self) -> bool:
        """Whether the n-grams are words (else token ids)."""
        return self._native.by_words

    def __len__(self) -> int:
        return len(self._native)

    def __getitem__(self, ngram: Any) -> float:
        if isinstance(ngram, tuple) and ngram and isinstance(ngram[0], str):
            ngram = " ".join(ngram)
        elif isinstance(ngram, tuple):
            ngram = list(ngram)
        return self._native.get(ngram)

    def __repr__(self) -> str:
        kind = "words" if self.by_words else "token ids"
        return f"DocumentFrequencies({len(self)} n-grams of {kind}, n={self.n}, ref_len={self.ref_len!r})"


def _frequencies(df: Any) -> DocumentFrequencies | None:
    if df is None or isinstance(df, DocumentFrequencies):
        return df
    if isinstance(df, (str, os.PathLike)):
        return DocumentFrequencies.load(df)
    raise TypeError(f"df must be None, a DocumentFrequencies or a path, not {type(df).__name__}")


class CiderD:
    """CIDEr-D exactly as pycocoevalcap's ``Cider(n, sigma)`` computes it (see the module
    docstring). ``df``: ``None`` (each call's references, as pycocoevalcap), a
    :class:`DocumentFrequencies`, or the path of saved ones."""

    _variant: Literal["cider-d", "cider"] = "cider-d"

    def __init__(
        self, df: DocumentFrequencies | str | os.PathLike[str] | None = None, *, n: int = 4, sigma: float = 6.0
    ):
        self.n = _args.bounded_integer(n, "n", 1, 100)
        self.sigma = _args.number(sigma, "sigma")
        if not self.sigma > 0:
            raise ValueError(f"sigma must be > 0, got {self.sigma}")
        self.df = _frequencies(df)
        if self.df is not None and self.df.n < self.n:
            raise ValueError(f"df: frequencies of n-grams up to {self.df.n}, not {self.n}")

    def _options(self) -> tuple[str, int, float, Any]:
        return (self._variant, self.n, self.sigma, None if self.df is None else self.df._native)

    def _suite(
        self, candidates: Any, references: Any, tokenize: bool, workers: int | None, samples: int = 1
    ) -> tuple[float, np.ndarray]:
        out = _native.caption_suite(
            candidates,
            references,
            cider=self._variant,
            order=self.n,
            sigma=self.sigma,
            frequencies=None if self.df is None else self.df._native,
            tokenize=bool(tokenize),
            workers=workers,
            samples=samples,
        )
        return out["CIDEr"]

    def score(
        self,
        candidates: Sequence[Any],
        references: Sequence[Sequence[Any]],
        *,
        tokenize: bool = False,
        workers: int | None = None,
        progress: ProgressArg = None,
    ) -> tuple[float, np.ndarray]:
        """``(corpus, per_image)``: the mean and the float64 array of the scores of ``candidates[i]``
        against ``references[i]`` (tokenized strings or token ids; raw strings with
        ``tokenize=True``), as pycocoevalcap's ``compute_score`` returns them."""
        with reporting(progress, type(self).__name__):
            return self._suite(candidates, references, tokenize, workers)

    def rewards(
        self,
        candidates: Sequence[Any],
        references: Sequence[Sequence[Any]],
        *,
        samples: int = 1,
        workers: int | None = None,
    ) -> np.ndarray:
        """The score of every caption: a float64 array, for self-critical sequence training.
        ``candidates`` hold ``samples`` consecutive captions per image (``len(references) *
        samples`` of them), tokenized strings or token ids (padding removed); ``references[i]``
        are image ``i``'s. Each image's references are read once however many samples share them."""
        k = _args.bounded_integer(samples, "samples", 1, 2**31)
        return self._suite(candidates, references, False, workers, k)[1]

    def pairwise(
        self, hypotheses: Sequence[Any], references: Sequence[Any], *, workers: int | None = None
    ) -> np.ndarray:
        """The score of every hypothesis against every reference alone: float64 ``(N, M)``. Without
        ``df``, the frequencies are the references', each a document."""
        return _native.cider_pairwise(hypotheses, references, self._options(), workers=workers)

    def signature(self, *, tokenize: bool = False) -> str:
        """The reproducibility signature of this scorer's numbers, ``tokenize`` as given to
        :meth:`score` (see :func:`rougebleu.caption.caption_signature`)."""
        from rougebleu.caption.signature import caption_signature

        return caption_signature(
            ["CIDEr"], tokenize=tokenize, cider=self._variant, n=self.n, sigma=self.sigma, df=self.df
        )

    def __repr__(self) -> str:
        return f"{type(self).__name__}(df={self.df!r}, n={self.n}, sigma={self.sigma})"


class Cider(CiderD):
    """CIDEr as its authors' code computes it: the plain cosine of the TF-IDF vectors, without
    CIDEr-D's clipping and length penalty, times 10 (see the module docstring)."""

    _variant: Literal["cider-d", "cider"] = "cider"

    def __init__(self, df: DocumentFrequencies | str | os.PathLike[str] | None = None, *, n: int = 4):
        super().__init__(df, n=n)

    def __repr__(self) -> str:
        return f"Cider(df={self.df!r}, n={self.n})"
