"""rougebleu.nltk.meteor_score against NLTK 3.10.4 itself, run here (the test extra installs it),
with WordNet 3.0 from the conformance corpus (NLTK's own data directory is not assumed):

- real texts of the corpus through both, one and several references;
- NLTK's documented examples;
- a differential fuzz (hypothesis) on token lists built to hit every stage: equal words, shared
  Porter stems, WordNet synonyms and exception forms, case, punctuation, repeats, empty lists;
- `preprocess=`, `stemmer=` and `wordnet=` objects honoured (NLTK's LancasterStemmer, NLTK's
  WordNet reader, a custom preprocess), and NLTK's errors for string inputs.
"""

from __future__ import annotations

import pytest
from fuzz_support import count
from hypothesis import given
from hypothesis import strategies as st

from conftest import corpus_root, read_jsonl
from rougebleu.meteor.nltk_meteor import meteor_scores, wordnet_synonyms
from rougebleu.nltk import meteor_score, single_meteor_score

nltk = pytest.importorskip("nltk")
WORDNET = corpus_root() / "nlg" / "nltk_data"
if not (WORDNET / "corpora" / "wordnet.zip").is_file():
    pytest.skip(f"WordNet for NLTK not found under {WORDNET} (set ROUGEBLEU_CORPUS)", allow_module_level=True)
nltk.data.path.insert(0, str(WORDNET))

from nltk.corpus import wordnet  # noqa: E402
from nltk.stem import LancasterStemmer  # noqa: E402
from nltk.translate import meteor_score as theirs  # noqa: E402


def test_real_texts(corpus):
    items = read_jsonl(corpus / "nlg" / "coco" / "coco_val2017_mismatch.jsonl")[:150]
    items += read_jsonl(corpus / "nlg" / "coco" / "coco_val2017_fakecap.jsonl")
    hyps = [d["candidate"].split() for d in items]
    refs = [[r.split() for r in d["references"]] for d in items]
    ours = meteor_scores(hyps, refs).tolist()
    want = [theirs.meteor_score(r, h) for h, r in zip(hyps, refs)]
    assert ours == want
    assert [single_meteor_score(r[0], h) for h, r in zip(hyps, refs)] == [
        theirs.single_meteor_score(r[0], h) for h, r in zip(hyps, refs)
    ]


def test_documented_examples():
    h = "It is a guide to action which ensures that the military always obeys the commands of the party".split()
    r = "It is a guide to action that ensures that the military will forever heed Party commands".split()
    assert single_meteor_score(r, h) == theirs.single_meteor_score(r, h)
    assert round(meteor_score([r], h), 4) == 0.6944
    assert meteor_score([["this", "is", "a", "cat"]], ["non", "matching", "hypothesis"]) == 0.0


@pytest.mark.parametrize(
    "word", ["car", "dogs", "Dogs", "geese", "walking", "walk", "better", "are", "ran", "paris", "a"]
)
def test_wordnet_synonyms_are_nltks(word):
    want = sorted({n for s in wordnet.synsets(word) for n in (lemma.name() for lemma in s.lemmas()) if "_" not in n})
    assert wordnet_synonyms(word) == want


# Words that share stems, WordNet synonyms and exception forms, plus case, punctuation and the odd.
VOCAB = [
    "car", "cars", "auto", "automobile", "motorcar", "machine", "dog", "dogs", "hound", "canine", "frump",
    "run", "runs", "running", "ran", "walk", "walking", "walked", "big", "bigger", "large", "great", "geese",
    "goose", "mice", "mouse", "better", "good", "well", "is", "are", "be", "the", "a", "an", "of", "on",
    "house", "home", "houses", "Paris", "paris", "US", "us", "U.S.", "it's", ",", ".", "hole.", "é", "Éclair",
    "cats", "cat", "kitty", "quick", "quickly", "fast", "sofa", "couch", "lounge", "pictures", "picture", "images",
]  # fmt: skip
tokens = st.lists(st.sampled_from(VOCAB), max_size=14)


@given(hyp=tokens, refs=st.lists(tokens, min_size=1, max_size=3))
def test_fuzz_against_nltk(hyp, refs):
    assert meteor_score(refs, hyp) == theirs.meteor_score(refs, hyp)
    count("nltk meteor")
    for r in refs:
        assert single_meteor_score(r, hyp) == theirs.single_meteor_score(r, hyp)
        count("nltk meteor")


@given(
    hyp=tokens,
    ref=tokens,
    alpha=st.sampled_from([0.9, 0.5, 1.0, 0.0, 1.5]),
    beta=st.sampled_from([3.0, 3, 1.0, 0.5]),
    gamma=st.sampled_from([0.5, 0.0, 1.0]),
)
def test_fuzz_parameters_against_nltk(hyp, ref, alpha, beta, gamma):
    assert single_meteor_score(ref, hyp, alpha=alpha, beta=beta, gamma=gamma) == theirs.single_meteor_score(
        ref, hyp, alpha=alpha, beta=beta, gamma=gamma
    )
    count("nltk meteor")


def test_stemmer_wordnet_and_preprocess_objects_are_honoured():
    h = "The quickly running dogs walked to their houses".split()
    r = "a fast dog was walking home to the house".split()
    lancaster = LancasterStemmer()
    assert single_meteor_score(r, h, stemmer=lancaster) == theirs.single_meteor_score(r, h, stemmer=lancaster)
    assert meteor_score([r], h, wordnet=wordnet) == theirs.meteor_score([r], h, wordnet=wordnet)
    assert meteor_score([r], h, stemmer=lancaster, wordnet=wordnet) == theirs.meteor_score(
        [r], h, stemmer=lancaster, wordnet=wordnet
    )
    upper = str.upper
    assert single_meteor_score(r, h, preprocess=upper) == theirs.single_meteor_score(r, h, preprocess=upper)


def _evaluate_meteor(predictions, references, alpha=0.9, beta=3, gamma=0.5, tokenize=None):
    """evaluate's metrics/meteor/meteor.py `_compute` (NLTK >= 3.6.5), on the real NLTK."""
    import numpy as np

    tokenize = tokenize or nltk.word_tokenize
    if isinstance(references[0], list):
        scores = [
            theirs.meteor_score([tokenize(r) for r in refs], tokenize(p), alpha=alpha, beta=beta, gamma=gamma)
            for refs, p in zip(references, predictions)
        ]
    else:
        scores = [
            theirs.single_meteor_score(tokenize(r), tokenize(p), alpha=alpha, beta=beta, gamma=gamma)
            for r, p in zip(references, predictions)
        ]
    return {"meteor": np.mean(scores)}


def test_evaluate_load_meteor(corpus):
    from functools import partial

    from rougebleu import evaluate as rb_evaluate

    items = read_jsonl(corpus / "nlg" / "e2e" / "e2e_test_visible.jsonl")[:60]
    preds = [d["outputs"]["slug"] for d in items]
    multi = [d["references"][:4] for d in items]
    single = [r[0] for r in multi]
    tokenize = partial(nltk.word_tokenize, preserve_line=True)  # punkt_tab may be missing offline
    for refs, kwargs in ((single, {}), (multi, {"alpha": 0.8, "beta": 2, "gamma": 0.4})):
        want = _evaluate_meteor(preds, refs, tokenize=tokenize, **kwargs)
        got = rb_evaluate.load("meteor").compute(predictions=preds, references=refs, tokenizer=tokenize, **kwargs)
        assert got == want and type(got["meteor"]) is type(want["meteor"])
    try:
        nltk.word_tokenize("Punkt here?")
    except LookupError:
        return  # the script's own tokenizer needs nltk's punkt_tab data
    assert rb_evaluate.meteor(preds, multi) == _evaluate_meteor(preds, multi)


def test_errors_as_nltk():
    for call in (single_meteor_score, theirs.single_meteor_score):
        with pytest.raises(TypeError, match='"hypothesis" expects pre-tokenized hypothesis'):
            call(["a"], "a b")
        with pytest.raises(TypeError, match='"reference" expects pre-tokenized reference'):
            call("a b", ["a"])
    for call in (meteor_score, theirs.meteor_score):
        with pytest.raises(TypeError, match='"reference" expects pre-tokenized reference'):
            call(["a b"], ["a"])
        with pytest.raises(ValueError):
            call([], ["a"])
