"""The XL-Sum scorer's languages, and the Python word segmenters it uses for Chinese, Thai and Japanese.

``lang=`` on :class:`~rougebleu.RougeScorer`, :func:`~rougebleu.rouge` and
:func:`~rougebleu.rouge_corpus` selects the tokenization of the XL-Sum multilingual ROUGE
scorer (``multilingual_rouge_scoring``, PyPI ``multilingual-rouge`` 0.0.1). Everything but three
segmenters runs in Rust; Chinese (jieba), Thai (pythainlp's ``newmm``) and Japanese (MeCab via
fugashi, with the ``unidic-lite`` dictionary) are segmented by the same Python libraries the
scorer calls, installed with ``pip install "rougebleu[multilingual]"``.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any

from rougebleu._args import not_one_text
from rougebleu._rougebleu import xlsum_language, xlsum_languages, xlsum_presegment, xlsum_tokenize

__all__ = ["languages", "language_aliases", "resolve_language", "xlsum_tokens"]

EXTRA = 'pip install "rougebleu[multilingual]"'

_SEGMENTERS: dict[str, Callable[[str], list[str]]] = {}


def languages() -> list[str]:
    """The names ``lang=`` accepts (``"und"``: the scorer's language-less pipeline)."""
    return list(xlsum_languages()[0])


def language_aliases() -> dict[str, str]:
    """Every accepted name and alias, with the language name it stands for. ISO 639 codes are not
    accepted: the XL-Sum scorer does not know them (it scores a code with its default tokenizer and
    no stemmer), so ``lang="hi"`` is a ``ValueError`` naming ``"hindi"``."""
    return dict(xlsum_languages()[1])


def resolve_language(lang: Any) -> tuple[str, str]:
    """``(name, segmenter)`` for a ``lang=`` value; ``ValueError`` listing the languages if unknown."""
    return xlsum_language(lang)


def _missing(lang: str, packages: str) -> ImportError:
    return ImportError(f"lang={lang!r} segments words with {packages}, which is not installed: {EXTRA}")


def _jieba() -> Callable[[str], list[str]]:
    try:
        import jieba
    except ImportError as e:
        raise _missing("chinese", "jieba") from e
    jieba.setLogLevel(60)  # no "Building prefix dict" chatter
    jieba.initialize()
    return lambda text: list(jieba.cut(text))


def _newmm() -> Callable[[str], list[str]]:
    try:
        from pythainlp.tokenize import word_tokenize
    except ImportError as e:
        raise _missing("thai", "pythainlp") from e
    return lambda text: list(word_tokenize(text, engine="newmm"))


def _mecab() -> Callable[[str], list[str]]:
    try:
        from fugashi import Tagger
    except ImportError as e:
        raise _missing("japanese", "fugashi and unidic-lite") from e
    args = "-O wakati -b 50000"
    try:
        # The scorer's call: fugashi picks the full `unidic` package if it is installed, else unidic-lite.
        tagger = Tagger(args)
    except RuntimeError:
        # `unidic` installed without its downloaded dictionary: use unidic-lite as the scorer could not.
        try:
            import unidic_lite
        except ImportError as e:
            raise _missing("japanese", "a MeCab dictionary (unidic-lite)") from e
        # fugashi would still read `unidic`'s missing mecabrc: name unidic-lite's own as well.
        rc = os.path.join(unidic_lite.DICDIR, "mecabrc")
        tagger = Tagger(f'{args} -r "{rc}" -d "{unidic_lite.DICDIR}"')
    return lambda text: tagger.parse(text).split()


_LOADERS = {"chinese": _jieba, "thai": _newmm, "japanese": _mecab}


def segmenter(name: str) -> Callable[[str], list[str]]:
    """The scorer's word segmenter for ``"chinese"``, ``"thai"`` or ``"japanese"`` (loaded once)."""
    seg = _SEGMENTERS.get(name)
    if seg is None:
        seg = _SEGMENTERS[name] = _LOADERS[name]()
    return seg


def presegment(text: Any, seg: Callable[[str], list[str]], what: str) -> str:
    """``text`` in the form the Rust tokenizer takes for a Python-segmented language: the
    segmenter's tokens of the sanitized text, then the original text (for rougeLsum), joined
    natively (the format is the tokenizer's)."""
    return xlsum_presegment(text, seg, what)


def presegment_batch(
    predictions: Sequence[Any], references: Sequence[Any], seg: Callable[[str], list[str]]
) -> tuple[list[str], list[Any]]:
    """:func:`presegment` over a batch (a reference may be a list of texts)."""
    for name, v in (("predictions", predictions), ("references", references)):
        not_one_text(v, name, "a list of strings")
    preds = [presegment(p, seg, f"predictions[{i}]") for i, p in enumerate(predictions)]
    refs: list[Any] = []
    for i, r in enumerate(references):
        if isinstance(r, (str, bytes)):
            refs.append(presegment(r, seg, f"references[{i}]"))
        else:
            refs.append([presegment(x, seg, f"references[{i}][{k}]") for k, x in enumerate(r)])
    return preds, refs


def xlsum_tokens(text: str | bytes, lang: str, use_stemmer: bool = False) -> tuple[list[str], list[list[str]]]:
    """The XL-Sum scorer's tokens of ``text``: ``(tokens, line_tokens)``, the tokens rouge1/2/L
    compare and those of each non-empty line that rougeLsum compares."""
    return xlsum_tokenize(text, lang, bool(use_stemmer), segmenter)
