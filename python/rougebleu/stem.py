"""Stemmers: NLTK's Snowball stemmers and the XL-Sum scorer's Turkish, Hindi and Bengali ones.

Everything runs in the Rust core; the results are those of the reference implementations:

* :class:`SnowballStemmer` is ``nltk.stem.snowball.SnowballStemmer`` (NLTK 3.10.4) for its 15
  languages and ``"porter"``, with NLTK's stopword lists built in (``ignore_stopwords=True``
  needs no ``nltk_data``). It is a port of NLTK's own code, which differs from the Snowball
  project's algorithms (and so from PyStemmer/``snowballstemmer``) for Arabic on a large share
  of words and for a few words in Hungarian, Italian, Portuguese, Russian, Spanish and Finnish.
* :func:`stem_words` stems many words at once, in parallel, for those languages and for
  ``"turkish"`` (the ``TurkishStemmer`` 1.3 package), ``"hindi"`` and ``"bengali"`` (the XL-Sum
  scorer's own stemmers); ``xlsum=True`` applies the XL-Sum scorer's rule of stemming only tokens
  longer than three code points.

See https://rougebleu.github.io/rougebleu/stemmers/ for the languages, where NLTK differs from
Snowball, and licences.
"""

from __future__ import annotations

from collections.abc import Iterable

from rougebleu import _rougebleu as _native
from rougebleu._args import flag, not_one_text

__all__ = ["LANGUAGES", "SNOWBALL_LANGUAGES", "SnowballStemmer", "stem_words"]

#: The languages of ``SnowballStemmer`` (NLTK's ``SnowballStemmer.languages``).
SNOWBALL_LANGUAGES: tuple[str, ...] = (
    "arabic",
    "danish",
    "dutch",
    "english",
    "finnish",
    "french",
    "german",
    "hungarian",
    "italian",
    "norwegian",
    "porter",
    "portuguese",
    "romanian",
    "russian",
    "spanish",
    "swedish",
)

#: Every language :func:`stem_words` accepts.
LANGUAGES: tuple[str, ...] = tuple(_native.stem_languages())


def _check_language(language: object, allowed: tuple[str, ...]) -> str:
    if not isinstance(language, str):
        raise TypeError(f"language must be a str, not {type(language).__name__}")
    if language not in allowed:
        raise ValueError(f"language: unknown stemmer language {language!r}; supported: {', '.join(allowed)}")
    return language


class SnowballStemmer:
    """NLTK's ``SnowballStemmer(language, ignore_stopwords=False)``, computed in Rust.

    ``stem(word)`` gives exactly what NLTK 3.10.4's stemmer gives (lowercasing included; the
    Russian and Arabic stemmers, like NLTK's, do not lowercase). With ``ignore_stopwords=True`` a
    word of NLTK's stopword list for the language is returned unchanged; the lists are built in.

    Like NLTK's object, the Arabic stemmer remembers one thing between calls: after the first word
    that loses a verb suffix in its first verb step, later verbs are stemmed on a different path
    (NLTK never resets that flag). This object keeps the same state, so a sequence of calls gives
    NLTK's sequence of stems. :func:`stem_words` uses the state a stemmer reaches on any real text.

    >>> SnowballStemmer("german").stem("Autobahnen")
    'autobahn'
    >>> SnowballStemmer("english", ignore_stopwords=True).stem("having")
    'having'
    """

    #: NLTK's ``SnowballStemmer.languages``.
    languages = SNOWBALL_LANGUAGES

    def __init__(self, language: str, ignore_stopwords: bool = False) -> None:
        self.language = _check_language(language, SNOWBALL_LANGUAGES)
        self.ignore_stopwords = flag(ignore_stopwords, "ignore_stopwords")
        words = _native.snowball_stopwords(language) if ignore_stopwords else []
        #: The stopwords returned unchanged (empty unless ``ignore_stopwords``), as in NLTK.
        self.stopwords: frozenset[str] = frozenset(words)
        self._arabic_settled = False

    def stem(self, word: str) -> str:
        """The stem of ``word``."""
        if not isinstance(word, str):
            raise TypeError(f"word must be a str, not {type(word).__name__}")
        return self.stem_words([word])[0]

    def stem_words(self, words: Iterable[str]) -> list[str]:
        """``[self.stem(w) for w in words]``, in one call."""
        words = _words(words)
        out, self._arabic_settled = _native.snowball_stem_sequence(
            words, self.language, self.ignore_stopwords, self._arabic_settled
        )
        return out

    def __repr__(self) -> str:
        return f"SnowballStemmer({self.language!r}, ignore_stopwords={self.ignore_stopwords})"


def _words(words: Iterable[str]) -> list[str]:
    not_one_text(words, "words", "an iterable of str")
    out = list(words)
    for w in out:
        if not isinstance(w, str):
            raise TypeError(f"words must contain only str, found {type(w).__name__}")
    return out


def stem_words(
    words: Iterable[str],
    language: str,
    *,
    ignore_stopwords: bool = False,
    xlsum: bool = False,
    workers: int | None = None,
) -> list[str]:
    """Stem many words at once (the GIL released, in parallel; the result does not depend on
    ``workers``).

    ``language`` is one of :data:`LANGUAGES`: a Snowball language (as
    ``SnowballStemmer(language, ignore_stopwords)``; an Arabic stemmer in the state any real text
    leaves it in) or ``"turkish"``, ``"hindi"``, ``"bengali"`` (the XL-Sum scorer's stemmers;
    ``ignore_stopwords`` does not apply). ``xlsum=True`` keeps tokens of at most three code points
    unchanged, as the XL-Sum scorer does; combine it with ``ignore_stopwords=True`` for the
    scorer's Snowball stems.

    >>> stem_words(["running", "runs", "ran"], "english")
    ['run', 'run', 'ran']
    """
    language = _check_language(language, LANGUAGES)
    return _native.multilingual_stem(
        _words(words),
        language,
        flag(ignore_stopwords, "ignore_stopwords"),
        flag(xlsum, "xlsum"),
        workers,
    )
