"""``RougeScorer``: a drop-in replacement for ``rouge_score.rouge_scorer.RougeScorer``.

Same constructor, same ``score(target, prediction)`` (reference first) and
``score_multi(targets, prediction)``, same numbers (rouge_score 0.1.2 with NLTK 3.10's Porter
stemmer) -- computed in Rust -- plus ``score_batch`` that scores many pairs in parallel.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rougebleu._args import beta as check_beta
from rougebleu._args import flag, not_one_text, number, option, same_length, string_list
from rougebleu._long_call import reporting
from rougebleu._rougebleu import RougeCore, RougeScorerBase, column_texts, is_column, rouge_score_tokenize
from rougebleu.rouge_family.scoring import Score

TYPE_CHECKING = False  # not typing's
if TYPE_CHECKING:
    from rougebleu._long_call import ProgressArg
    from rougebleu._rougebleu import _MultiRef

__all__ = ["RougeScorer"]

TextLike = "str | bytes"
_INT_ZERO = Score(precision=0, recall=0, fmeasure=0)


def check_rouge_types(rouge_types: Any) -> list[str]:
    """Validate ``rouge_types``: a non-empty list of type names (not a bare string)."""
    types = string_list(rouge_types, "rouge_types")
    if not types:
        raise ValueError("rouge_types must name at least one rouge type")
    return types


def f_weight_alpha(alpha: float | None, beta: float | None) -> float | None:
    """The ``alpha`` of ``F = PR / ((1 - alpha) P + alpha R)`` from ``alpha`` or ``beta``.

    ``None`` (neither given) keeps rouge_score's ``2PR / (P + R)`` formula, bit for bit.
    ``beta`` weighs recall ``beta`` times as much as precision: ``alpha = 1 / (1 + beta**2)``.
    """
    if alpha is not None and beta is not None:
        raise ValueError("give alpha or beta, not both")
    if beta is not None:
        return 1.0 / (1.0 + check_beta(beta) ** 2)
    if alpha is not None:
        alpha = number(alpha, "alpha")
        if not 0 <= alpha <= 1:
            raise ValueError(f"alpha must be in [0, 1], got {alpha}")
        return alpha
    return None


def make_core(
    rouge_types: Any,
    use_stemmer: bool,
    multi_ref: str = "max",
    alpha: float | None = None,
    beta: float | None = None,
    jackknife: bool = False,
    lang: str | None = None,
    tokenizer: Any = None,
    tokenizer_objects: bool = False,
) -> tuple[list[str], RougeCore]:
    """Validate the options shared by RougeScorer, rouge() and rouge_corpus(). ``tokenizer`` is a
    name, or with ``tokenizer_objects`` (RougeScorer's) also an object the caller tokenizes with;
    the core checks it against ``lang``."""
    types = check_rouge_types(rouge_types)
    option(multi_ref, "rouge.multi_ref", "multi_ref")
    if tokenizer is not None and (isinstance(tokenizer, str) or not tokenizer_objects):
        option(tokenizer, "rouge.tokenizer", "tokenizer")
    weight = f_weight_alpha(alpha, beta)
    # The switches are checked here, once for every ROUGE entry point: a truth test would take the
    # string "no" as true.
    stem, jack = flag(use_stemmer, "use_stemmer"), flag(jackknife, "jackknife")
    return types, RougeCore(types, stem, multi_ref, weight, jack, lang, tokenizer)


def language_segmenter(core: RougeCore) -> Any:
    """The Python word segmenter the core's ``lang=`` needs (Chinese, Thai, Japanese), or None. The
    core resolved ``lang`` when it was made; it names the segmenter."""
    if core.segmenter is None:
        return None
    from rougebleu.rouge_family import multilingual

    return multilingual.segmenter(core.segmenter)


def _to_scores(types: Sequence[str], tuples: Sequence[tuple]) -> dict[str, Score]:
    return {t: _INT_ZERO if int_zero else Score(p, r, f) for t, (p, r, f, int_zero) in zip(types, tuples)}


class RougeScorer(RougeScorerBase):
    """Calculate ROUGE scores between texts, exactly as ``rouge_score`` 0.1.2 does.

    Args:
        rouge_types: names such as ``["rouge1", "rouge2", "rougeL", "rougeLsum"]``
            (``rouge1`` .. ``rouge9``, ``rougeL``: whole-text LCS, ``rougeLsum``: summary-level
            LCS over newline-separated sentences).
        use_stemmer: stem tokens longer than 3 characters with NLTK's Porter stemmer.
        split_summaries: for ``rougeLsum``, split sentences with ``nltk.sent_tokenize`` instead of
            on newlines (needs nltk and its punkt data).
        tokenizer: an object with ``tokenize(text) -> list[str]`` replacing the default tokenizer
            (``use_stemmer`` is then the tokenizer's business, as in rouge_score), or the name
            ``"unicode"``: words in any script (runs of letters, marks and numbers; Han, kana,
            Thai, Lao, Khmer and Myanmar split per character), full Unicode lowercasing, Porter
            stemming of ASCII words only. See
            https://rougebleu.github.io/rougebleu/multilingual/.
        lang: the XL-Sum multilingual scorer's tokenization and stemmer for this language (a
            name such as ``"hindi"``, or one of the scorer's aliases such as ``"bangla"``;
            ``"und"`` is its language-less pipeline). ``None`` (default): rouge_score's. ISO 639
            codes (``"hi"``, ``"zh"``) are a ``ValueError`` naming the language to pass: the
            scorer does not know codes and would score them with its default tokenizer and no
            stemmer. See https://rougebleu.github.io/rougebleu/multilingual/; Chinese, Thai and
            Japanese need the ``multilingual`` extra.

    Beyond rouge_score (keyword-only; the defaults are rouge_score's behaviour):
        multi_ref: how ``score_multi`` combines references: ``"max"`` (best F, rouge_score),
            ``"pooled"`` (counts summed, ROUGE-1.5.5 ``-f A``), ``"best-recall"`` (ROUGE-1.5.5
            ``-f B``'s choice) or ``"mean"``.
        jackknife: ``score_multi`` averages the scores obtained leaving out each reference in turn.
        alpha, beta: weighted F-measure, ``PR / ((1 - alpha) P + alpha R)``; ``beta`` gives
            ``alpha = 1 / (1 + beta**2)``. By default F1 with rouge_score's formula.

    Rouge types also include the rest of Lin (2004)'s family: ``rouge<n>`` for any n >= 1,
    ``rougeW-<w>`` (weighted LCS, w > 1; ``rougeW`` = ``rougeW-1.2``), ``rougeS<d>`` /
    ``rougeSU<d>`` (skip-bigrams with at most d words between, plus unigrams for SU) and
    ``rougeS*`` / ``rougeSU*`` (any gap).

    ``score(target, prediction)`` (the reference first) returns ``{rouge_type: Score(precision,
    recall, fmeasure)}``; ``score_multi(targets, prediction)`` keeps, per rouge type, the score
    against the target with the highest F-measure (the first on ties). As in rouge_score,
    ``rougeL``/``rougeLsum`` are the ints ``Score(0, 0, 0)`` when either text has no tokens.
    """

    def __init__(
        self,
        rouge_types: Sequence[str],
        use_stemmer: bool = False,
        split_summaries: bool = False,
        tokenizer: Any = None,
        *,
        multi_ref: _MultiRef = "max",
        jackknife: bool = False,
        alpha: float | None = None,
        beta: float | None = None,
        lang: str | None = None,
    ):
        if lang is not None and split_summaries:
            raise ValueError(
                "lang and split_summaries cannot be combined: the XL-Sum scorer splits rougeLsum on newlines"
            )
        self._lang = lang
        # What `signature()` names (the options are checked once, by make_core below).
        self._signature_options = dict(
            use_stemmer=use_stemmer,
            multi_ref=multi_ref,
            jackknife=jackknife,
            alpha=alpha,
            beta=beta,
            lang=lang,
            tokenizer=tokenizer,
            split_summaries=split_summaries,
        )
        self.rouge_types, self._core = make_core(
            rouge_types, use_stemmer, multi_ref, alpha, beta, jackknife, lang, tokenizer, tokenizer_objects=True
        )
        named = tokenizer if isinstance(tokenizer, str) else None
        if named is not None:
            tokenizer = None
        self._segment = language_segmenter(self._core)
        self._named_tokenizer = named
        self._use_stemmer = use_stemmer  # a bool: make_core checked it
        # What __repr__ shows: the options given, next to their defaults.
        self._options = {
            "use_stemmer": (bool(use_stemmer), False),
            "split_summaries": (bool(split_summaries), False),
            "tokenizer": (named if named is not None else tokenizer, None),
            "multi_ref": (multi_ref, "max"),
            "jackknife": (bool(jackknife), False),
            "alpha": (alpha, None),
            "beta": (beta, None),
            "lang": (lang, None),
        }
        if tokenizer is not None and not callable(getattr(tokenizer, "tokenize", None)):
            raise TypeError("tokenizer must have a tokenize(text) method or be the name 'unicode'")
        self._tokenizer = tokenizer
        self._split_summaries = flag(split_summaries, "split_summaries")
        if self._split_summaries:
            self._sent_tokenize = _load_sent_tokenize()
        # score/score_multi (RougeScorerBase): strings to result dict in one native call, where
        # Python does not tokenize; `_score_general`/`_score_multi_general` below otherwise.
        if tokenizer is None and not self._split_summaries and self._segment is None:
            self._set_fast(self.rouge_types, self._core.dict_scorer(self.rouge_types, Score, _INT_ZERO))

    def __repr__(self) -> str:
        options = "".join(f", {k}={v!r}" for k, (v, default) in self._options.items() if v != default)
        return f"RougeScorer({self.rouge_types!r}{options})"

    def _repr_html_(self) -> str:
        from rougebleu._display import html_table

        rows = [["rouge_types", ", ".join(self.rouge_types)]]
        rows += [[k, repr(v)] for k, (v, _) in self._options.items()]
        return html_table(["RougeScorer", "setting"], rows)

    # -- rouge_score API ---------------------------------------------------------------------
    # `score(target, prediction)` and `score_multi(targets, prediction)` come from RougeScorerBase;
    # their types, for type checkers:
    if TYPE_CHECKING:

        def score(self, target: str | bytes, prediction: str | bytes) -> dict[str, Score]: ...

        def score_multi(self, targets: Sequence[str | bytes], prediction: str | bytes) -> dict[str, Score]: ...

    def _score_general(self, target: str | bytes, prediction: str | bytes) -> dict[str, Score]:
        """``score`` for what the one-call path does not take (bytes, a tokenizer, errors)."""
        if self._needs_python_tokens(target, prediction):
            return self._score_python_tokens([target], prediction)
        if self._segment is not None:
            preds, refs = self._presegment([prediction], [target])
            target, prediction = refs[0], preds[0]
        return _to_scores(self.rouge_types, self._core.score(target, prediction))

    def _score_multi_general(self, targets: Sequence[str | bytes], prediction: str | bytes) -> dict[str, Score]:
        """``score_multi`` for what the one-call path does not take."""
        not_one_text(targets, "targets", "a list of strings")
        targets = list(targets)
        if not targets:
            raise ValueError("targets must contain at least one text")
        if self._needs_python_tokens(prediction, *targets):
            return self._score_python_tokens(targets, prediction)
        if self._segment is not None:
            preds, refs = self._presegment([prediction], [targets])
            targets, prediction = refs[0], preds[0]
        return _to_scores(self.rouge_types, self._core.score_multi(targets, prediction))

    def signature(self) -> str:
        """The reproducibility signature of this scorer's numbers (see :func:`rougebleu.rouge_signature`)."""
        from rougebleu.rouge_family.signature import rouge_signature

        return rouge_signature(self.rouge_types, **self._signature_options)

    # -- batch API ---------------------------------------------------------------------------
    def score_batch(
        self,
        targets: Sequence[str | bytes | Sequence[str | bytes]],
        predictions: Sequence[str | bytes],
        *,
        workers: int | None = None,
        pretokenized: bool = False,
        progress: ProgressArg = None,
    ) -> list[dict[str, Score]]:
        """``score(targets[i], predictions[i])`` for every i, in parallel, in input order.

        ``targets[i]`` may be a list of references (then ``score_multi``'s rule applies).
        ``targets``/``predictions`` may be columns (pyarrow, Polars, pandas, NumPy; see
        :func:`rougebleu.rouge`). ``pretokenized=True``: texts are token lists (strings or integer
        ids; with ``rougeLsum`` lists of sentences), compared as given -- the tokenizer is not used.
        ``workers``: ``None`` or ``-1`` = all cores (``RAYON_NUM_THREADS`` is honoured), ``1`` =
        serial. The GIL is released while scoring; results do not depend on ``workers``. Ctrl-C
        stops a long batch at once; ``progress=True`` shows a tqdm bar, a callable receives
        ``(done, total)``.
        """
        with reporting(progress, "score_batch"):
            return self._score_batch(targets, predictions, workers, pretokenized)

    def _score_batch(
        self, targets: Any, predictions: Any, workers: int | None, pretokenized: bool
    ) -> list[dict[str, Score]]:
        if pretokenized:
            if self._use_stemmer:
                raise ValueError("use_stemmer applies to texts; pre-tokenized tokens are compared as given")
            return self._core.score_batch_dicts(
                predictions, targets, self.rouge_types, Score, _INT_ZERO, workers, True, references_name="targets"
            )
        if self._tokenizer is not None or self._split_summaries:
            return [
                self.score_multi(t, p) if not isinstance(t, (str, bytes)) else self.score(t, p)
                for t, p in _zip_checked(targets, predictions)
            ]
        if self._segment is not None:
            predictions, targets = self._presegment(predictions, targets)
        return self._core.score_batch_dicts(
            predictions, targets, self.rouge_types, Score, _INT_ZERO, workers, references_name="targets"
        )

    def _presegment(self, predictions: Any, references: Any) -> tuple[list, list]:
        from rougebleu.rouge_family.multilingual import presegment_batch

        return presegment_batch(predictions, references, self._segment)

    # -- slow path: a user tokenizer, nltk sentence splitting, bytes that lower differently ---
    def _needs_python_tokens(self, *texts: Any) -> bool:
        if self._tokenizer is not None or self._split_summaries:
            return True
        if self._lang is not None or self._named_tokenizer is not None:
            return False
        # bytes.lower() leaves U+0130 and U+212A alone where str.lower() maps them into ASCII, and
        # rouge_score lowercases bytes (whole-text types) and str (rougeLsum sentences) differently.
        return any(isinstance(t, bytes) and (b"\xc4\xb0" in t or b"\xe2\x84\xaa" in t) for t in texts)

    def _tokenize(self, text: str | bytes) -> list:
        if self._tokenizer is not None:
            return list(self._tokenizer.tokenize(text))
        return rouge_score_tokenize(text, self._use_stemmer)

    def _sentences(self, text: str | bytes) -> list[str]:
        if isinstance(text, bytes):
            text = text.decode("utf-8")
        sents = self._sent_tokenize(text) if self._split_summaries else text.split("\n")
        return [s for s in sents if len(s)]

    def _score_python_tokens(self, targets: list, prediction: str | bytes) -> dict[str, Score]:
        for i, value in enumerate(targets):
            if not isinstance(value, (str, bytes)):
                name = "target" if len(targets) == 1 else f"targets[{i}]"
                raise TypeError(f"{name} must be str or bytes, not {type(value).__name__}")
        if not isinstance(prediction, (str, bytes)):
            raise TypeError(f"prediction must be str or bytes, not {type(prediction).__name__}")
        vocab: dict = {}

        def ids(tokens: list) -> list[str]:
            # Any hashable token works: map each to a stable string id.
            return [vocab.setdefault(tok, str(len(vocab))) for tok in tokens]

        whole = self.rouge_types != ["rougeLsum"]
        lsum = "rougeLsum" in self.rouge_types

        def prepared(text: str | bytes) -> tuple[list[str], list[list[str]]]:
            tokens = ids(self._tokenize(text)) if whole else []
            sentences = [ids(self._tokenize(s)) for s in self._sentences(text)] if lsum else []
            return tokens, sentences

        pred = prepared(prediction)
        return _to_scores(self.rouge_types, self._core.score_tokens([prepared(t) for t in targets], pred))


def _zip_checked(a: Sequence, b: Sequence) -> list:
    for name, v in (("targets", a), ("predictions", b)):
        not_one_text(v, name, "a list of strings")
    # A Python tokenizer needs Python strings: columns are read into them here.
    a = _column_rows(a, "targets") if is_column(a) else list(a)
    b = _column_rows(b, "predictions") if is_column(b) else list(b)
    same_length(a, b, "targets and predictions")
    return list(zip(a, b))


def _column_rows(value: Any, name: str) -> list:
    rows = column_texts(value, name)
    for i, row in enumerate(rows):
        if row is None or (isinstance(row, list) and None in row):
            raise ValueError(f"{name}[{i}] is null (missing); fill or drop missing rows first")
    return rows


def _load_sent_tokenize():
    """``nltk.sent_tokenize``, checked to be usable now rather than at the first score."""
    try:
        import nltk
    except ImportError as e:
        raise ImportError("split_summaries=True needs nltk: pip install nltk") from e
    try:
        nltk.sent_tokenize("Check. Punkt.")
    except LookupError as e:
        raise LookupError(
            "split_summaries=True needs NLTK's punkt sentence tokenizer data: "
            "run python -c \"import nltk; nltk.download('punkt_tab')\""
        ) from e
    return nltk.sent_tokenize
