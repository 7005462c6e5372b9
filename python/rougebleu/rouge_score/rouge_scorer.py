"""``rouge_score.rouge_scorer``: ``RougeScorer`` and its helper functions, computed in Rust.

``RougeScorer(rouge_types, use_stemmer=False, split_summaries=False, tokenizer=None)`` accepts the
types rouge_score accepts (``rouge1`` .. ``rouge9``, ``rougeL``, ``rougeLsum``) and, like rouge_score,
reports a bad one only when ``score`` is called (``ValueError``). With the default tokenizer and
``str`` texts one call goes from the strings to the result dict in Rust; anything else (a custom
tokenizer, ``split_summaries=True``, ``bytes``, a subclass overriding ``score``) follows rouge_score's
steps, with the counting still done in Rust where the tokens allow.
"""

from __future__ import annotations

import collections
import re

import numpy as np

from rougebleu._rougebleu import RougeCore, RougeScorerBase
from rougebleu.rouge_score import scoring, tokenizers
from rougebleu.rouge_score.tokenize import ensure_str

__all__ = ["RougeScorer", "lcs_ind"]

_INT_ZERO = scoring.Score(precision=0, recall=0, fmeasure=0)


def _canonical(rouge_type):
    """The type's name as rouge_score reads it (``"rouge1\\n"`` is ``rouge1``), raising as it does."""
    if rouge_type == "rougeL":
        return "rougeL"
    if rouge_type == "rougeLsum":
        return "rougeLsum"
    if re.match(r"rouge[0-9]$", ensure_str(rouge_type)):
        n = int(rouge_type[5:])
        if n <= 0:
            raise ValueError("rougen requires positive n: %s" % rouge_type)
        return "rouge%d" % n
    raise ValueError("Invalid rouge type: %s" % rouge_type)


class RougeScorer(RougeScorerBase, scoring.BaseScorer):
    """Calculate rouge scores between two blobs of text, as rouge_score 0.1.2 does.

    Sample usage::

        scorer = RougeScorer(['rouge1', 'rougeL'], use_stemmer=True)
        scores = scorer.score('The quick brown fox jumps over the lazy dog',
                              'The quick brown dog jumps on the log.')

    Args:
      rouge_types: rouge types to calculate: ``rouge1`` .. ``rouge9`` (n-grams), ``rougeL``
        (LCS of the whole texts), ``rougeLsum`` (summary-level LCS over ``\\n``-separated sentences).
      use_stemmer: stem tokens longer than 3 characters with NLTK's Porter stemmer (the default
        tokenizer's option; other tokenizers may ignore it).
      split_summaries: for ``rougeLsum``, find sentences with ``nltk.sent_tokenize`` (needs nltk and
        its punkt data at ``score`` time) instead of splitting on newlines.
      tokenizer: an object with a ``tokenize(text)`` method, replacing the default tokenizer.

    ``score(target, prediction)`` returns ``{rouge_type: Score}``; ``score_multi(targets,
    prediction)`` keeps, per type, the score against the target with the highest F-measure (the
    first on ties), using an overriding ``score`` if a subclass defines one. Both raise
    ``ValueError`` for an invalid rouge type. (They are inherited from ``RougeScorerBase``: one
    native call for ``str`` texts and the default tokenizer, rouge_score's steps otherwise.)
    """

    def __init__(self, rouge_types, use_stemmer=False, split_summaries=False, tokenizer=None):
        self.rouge_types = rouge_types
        if tokenizer:
            self._tokenizer = tokenizer
        else:
            self._tokenizer = tokenizers.DefaultTokenizer(use_stemmer)
        self._split_summaries = split_summaries
        self._refresh_native()

    # The native scorer covers the default tokenizer and newline sentences; it is rebuilt when
    # `rouge_types` changes (it is a public attribute that rouge_score reads at every call).
    def _refresh_native(self) -> None:
        types = self.rouge_types
        self._native_types = types if type(types) not in (list, tuple) else type(types)(types)
        self._set_fast((), None)
        tok = self._tokenizer
        if type(types) not in (list, tuple) or type(tok) is not tokenizers.DefaultTokenizer or self._split_summaries:
            return
        stemmer = tok._stemmer
        if stemmer and type(stemmer) is not tokenizers.tokenize.PorterStemmer:
            return
        try:
            names = [_canonical(t) for t in types]
        except (ValueError, TypeError):
            return  # `score` raises, at the call, as rouge_score does
        if names:
            self._set_fast(types, RougeCore(names, bool(stemmer)).dict_scorer(list(types), scoring.Score, _INT_ZERO))

    def __getstate__(self):
        state = self.__dict__.copy()
        state["_native_types"] = None  # the native scorer is rebuilt at the first call
        return state

    def _score_multi_general(self, targets, prediction):
        score_dicts = [self.score(t, prediction) for t in targets]
        max_score = {}
        for k in self.rouge_types:
            index = np.argmax([s[k].fmeasure for s in score_dicts])
            max_score[k] = score_dicts[index][k]
        return max_score

    def _score_general(self, target, prediction):
        """rouge_score's steps, in its order: tokenize, then each type (raising at a bad one)."""
        types, seen = self.rouge_types, self._native_types
        if seen is None or (types is not seen and (type(types) not in (list, tuple) or types != seen)):
            self._refresh_native()  # for the next calls; this one goes on here
        tokenize = self._tokenizer.tokenize
        if len(self.rouge_types) == 1 and self.rouge_types[0] == "rougeLsum":
            target_tokens = None
            prediction_tokens = None
        else:
            target_tokens = tokenize(target)
            prediction_tokens = tokenize(prediction)
        ids = _TokenIds()
        result = {}
        for rouge_type in self.rouge_types:
            if rouge_type == "rougeL":
                scores = ids.score("rougeL", target_tokens, prediction_tokens)
            elif rouge_type == "rougeLsum":
                target_sents = [tokenize(s) for s in self._get_sents(target)]
                prediction_sents = [tokenize(s) for s in self._get_sents(prediction)]
                scores = ids.score("rougeLsum", target_sents, prediction_sents)
            elif re.match(r"rouge[0-9]$", ensure_str(rouge_type)):
                n = int(rouge_type[5:])
                if n <= 0:
                    raise ValueError("rougen requires positive n: %s" % rouge_type)
                scores = ids.score("rouge%d" % n, target_tokens, prediction_tokens)
            else:
                raise ValueError("Invalid rouge type: %s" % rouge_type)
            result[rouge_type] = scores
        return result

    def _get_sents(self, text):
        if self._split_summaries:
            import nltk

            sents = nltk.sent_tokenize(text)
        else:
            # Sentences are separated by newlines.
            sents = ensure_str(text).split("\n")
        return [x for x in sents if len(x)]


class _TokenIds:
    """Scores one type over a tokenizer's output: tokens (any hashable) become ids and the native
    kernels count; tokens that cannot be hashed take rouge_score's own Python functions."""

    _cores: dict = {}

    def __init__(self):
        self._vocab: dict = {}

    def _ids(self, tokens):
        vocab = self._vocab
        return [vocab.setdefault(t, str(len(vocab))) for t in tokens]

    def score(self, name, target, prediction):
        try:
            if name == "rougeLsum":
                t = ([], [self._ids(s) for s in target])
                p = ([], [self._ids(s) for s in prediction])
            else:
                t = (self._ids(target), [])
                p = (self._ids(prediction), [])
        except TypeError:  # unhashable tokens: rouge_score's functions compare them with ==
            return _score_python(name, target, prediction)
        core = self._cores.get(name)
        if core is None:
            core = self._cores[name] = RougeCore([name], False)
        ((precision, recall, f, int_zero),) = core.score_tokens([t], p)
        return _INT_ZERO if int_zero else scoring.Score(precision=precision, recall=recall, fmeasure=f)


def _score_python(name, target, prediction):
    if name == "rougeL":
        return _score_lcs(target, prediction)
    if name == "rougeLsum":
        return _summary_level_lcs(target, prediction)
    n = int(name[5:])
    return _score_ngrams(_create_ngrams(target, n), _create_ngrams(prediction, n))


# rouge_score's helper functions, with its names and results (its tests call them directly).


def _create_ngrams(tokens, n):
    """A Counter of the n-grams (tuples) of ``tokens``."""
    ngrams = collections.Counter()
    for ngram in (tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1)):
        ngrams[ngram] += 1
    return ngrams


def _score_lcs(target_tokens, prediction_tokens):
    """ROUGE-L of two token lists; the ints ``Score(0, 0, 0)`` when either is empty."""
    if not target_tokens or not prediction_tokens:
        return scoring.Score(precision=0, recall=0, fmeasure=0)
    lcs_length = _lcs_table(target_tokens, prediction_tokens)[-1][-1]
    precision = lcs_length / len(prediction_tokens)
    recall = lcs_length / len(target_tokens)
    return scoring.Score(precision=precision, recall=recall, fmeasure=scoring.fmeasure(precision, recall))


def _lcs_table(ref, can):
    """The (len(ref) + 1) x (len(can) + 1) LCS length table."""
    rows = len(ref)
    cols = len(can)
    lcs_table = [[0] * (cols + 1) for _ in range(rows + 1)]
    for i in range(1, rows + 1):
        for j in range(1, cols + 1):
            if ref[i - 1] == can[j - 1]:
                lcs_table[i][j] = lcs_table[i - 1][j - 1] + 1
            else:
                lcs_table[i][j] = max(lcs_table[i - 1][j], lcs_table[i][j - 1])
    return lcs_table


def _backtrack_norec(t, ref, can):
    """The indices into ``ref`` of the LCS read out of table ``t`` (rouge_score's tie-break)."""
    i = len(ref)
    j = len(can)
    lcs = []
    while i > 0 and j > 0:
        if ref[i - 1] == can[j - 1]:
            lcs.insert(0, i - 1)
            i -= 1
            j -= 1
        elif t[i][j - 1] > t[i - 1][j]:
            j -= 1
        else:
            i -= 1
    return lcs


def _summary_level_lcs(ref_sent, can_sent):
    """Summary-level ROUGE-L (Lin 2004 §3.2) of tokenized sentences, with ROUGE-1.5.5's clipping."""
    if not ref_sent or not can_sent:
        return scoring.Score(precision=0, recall=0, fmeasure=0)
    m = sum(map(len, ref_sent))
    n = sum(map(len, can_sent))
    if not n or not m:
        return scoring.Score(precision=0, recall=0, fmeasure=0)
    token_cnts_r = collections.Counter()
    token_cnts_c = collections.Counter()
    for s in ref_sent:
        token_cnts_r.update(s)
    for s in can_sent:
        token_cnts_c.update(s)
    hits = 0
    for r in ref_sent:
        for t in _union_lcs(r, can_sent):
            if token_cnts_c[t] > 0 and token_cnts_r[t] > 0:
                hits += 1
                token_cnts_c[t] -= 1
                token_cnts_r[t] -= 1
    recall = hits / m
    precision = hits / n
    return scoring.Score(precision=precision, recall=recall, fmeasure=scoring.fmeasure(precision, recall))


def _union_lcs(ref, c_list):
    """The tokens of ``ref`` in the union of its LCS with each candidate sentence."""
    lcs_list = [lcs_ind(ref, c) for c in c_list]
    return [ref[i] for i in _find_union(lcs_list)]


def _find_union(lcs_list):
    """Sorted union of lists of indices."""
    return sorted(list(set().union(*lcs_list)))


def lcs_ind(ref: list[str], can: list[str]) -> list[int]:
    """The indices into ``ref`` of one longest common subsequence (rouge_score's choice)."""
    t = _lcs_table(ref, can)
    return _backtrack_norec(t, ref, can)


def _score_ngrams(target_ngrams, prediction_ngrams):
    """ROUGE-N from two n-gram Counters."""
    intersection_ngrams_count = 0
    for ngram in target_ngrams:
        intersection_ngrams_count += min(target_ngrams[ngram], prediction_ngrams[ngram])
    target_ngrams_count = sum(target_ngrams.values())
    prediction_ngrams_count = sum(prediction_ngrams.values())
    precision = intersection_ngrams_count / max(prediction_ngrams_count, 1)
    recall = intersection_ngrams_count / max(target_ngrams_count, 1)
    return scoring.Score(precision=precision, recall=recall, fmeasure=scoring.fmeasure(precision, recall))
