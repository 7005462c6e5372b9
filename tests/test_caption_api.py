"""The caption suite's API: the pycocoevalcap drop-in's types and prints, COCOEvalCap over COCO
objects, CIDEr-D rewards and document frequencies (save, load, pickle, self-critical tables),
the all-pairs utilities, columns and token ids, and what bad input gives (documented in
docs/caption.md)."""

from __future__ import annotations

import math
import pickle

import numpy as np
import pytest

import rougebleu
from rougebleu import evaluate, expected_utility, top_k
from rougebleu.caption import Cider, CiderD, DocumentFrequencies, caption_scores, ptb_tokenize
from rougebleu.meteor import pycocoevalcap_meteor
from rougebleu.meteor._resources import find_paraphrase_table
from rougebleu.pycocoevalcap.bleu.bleu import Bleu
from rougebleu.pycocoevalcap.cider.cider import Cider as DropInCider
from rougebleu.pycocoevalcap.eval import COCOEvalCap
from rougebleu.pycocoevalcap.meteor.meteor import Meteor
from rougebleu.pycocoevalcap.rouge.rouge import Rouge
from rougebleu.pycocoevalcap.tokenizer.ptbtokenizer import PTBTokenizer

REFS = [
    ["a man riding a horse on a beach", "a person rides a horse near the sea"],
    ["two brown dogs playing in snow", "dogs running through the snow"],
    ["a plate with pasta and salad", "food served on a white plate"],
]
CANDS = ["a man rides a horse", "two dogs play in the snow", "a plate of food"]
FIELDS = ["Bleu_1", "Bleu_2", "Bleu_3", "Bleu_4", "METEOR", "ROUGE_L", "CIDEr"]
WITHOUT_METEOR = ("Bleu", "ROUGE_L", "CIDEr")
needs_table = pytest.mark.skipif(
    find_paraphrase_table() is None, reason="METEOR 1.5's paraphrase table not found (pip install pycocoevalcap)"
)


@needs_table
def test_drop_in_meteor():
    """pycocoevalcap's Meteor: floats, gts' order, rougebleu.meteor's values; in COCOEvalCap's suite."""
    gts, res = {i: r for i, r in reversed(list(enumerate(REFS)))}, {i: [c] for i, c in enumerate(CANDS)}
    score, scores = Meteor().compute_score(gts, res)
    assert type(score) is float and type(scores) is list and all(type(x) is float for x in scores)
    corpus, per_item = pycocoevalcap_meteor(CANDS[::-1], REFS[::-1])
    assert (score, scores) == (corpus, per_item) and Meteor().method() == "METEOR"
    s = caption_scores(REFS, CANDS)
    assert s["METEOR"] == corpus and s.per_item["METEOR"].tolist() == per_item[::-1]
    with pytest.raises(ValueError, match="same image ids"):
        Meteor().compute_score({1: ["a"]}, {2: ["a"]})
    with pytest.raises(TypeError, match="METEOR reads captions as strings"):
        caption_scores([[[1, 2]]], [[1, 2]], tokenize=False)


def test_meteor_without_its_paraphrase_table(monkeypatch):
    """No table: asking for METEOR says how to get one; the other metrics still score."""
    import rougebleu.meteor._resources as resources

    monkeypatch.setattr(resources, "find_paraphrase_table", lambda path=None: None)
    monkeypatch.setattr("rougebleu.meteor.jar.find_paraphrase_table", lambda path=None: None)
    monkeypatch.setattr("rougebleu.pycocoevalcap.meteor.meteor.find_paraphrase_table", lambda path=None: None)
    with pytest.raises(ValueError, match="paraphrase table"):
        Meteor()
    with pytest.raises(ValueError, match="paraphrase table"):
        caption_scores(REFS, CANDS)
    assert list(caption_scores(REFS, CANDS, metrics=WITHOUT_METEOR)) == [f for f in FIELDS if f != "METEOR"]


def test_drop_in_types_and_prints(capsys):
    gts, res = {i: r for i, r in enumerate(REFS)}, {i: [c] for i, c in enumerate(CANDS)}
    score, scores = Bleu(4).compute_score(gts, res)
    assert isinstance(score, list) and len(score) == 4 and all(type(x) is float for x in score)
    assert len(scores) == 4 and all(len(s) == 3 and type(s[0]) is float for s in scores)
    printed = capsys.readouterr().out.splitlines()
    assert printed[0].startswith("{'testlen': ") and "'correct': [" in printed[0]
    assert printed[1].startswith("ratio: ")
    Bleu(2).compute_score(gts, res, verbose=0)
    assert capsys.readouterr().out == ""
    r, rs = Rouge().compute_score(gts, res)
    assert type(r) is np.float64 and rs.dtype == np.float64 and rs.shape == (3,)
    assert Rouge().calc_score([CANDS[0]], REFS[0]) == rs[0]
    c, cs = DropInCider().compute_score(gts, res)
    assert type(c) is np.float64 and cs.shape == (3,)
    assert Rouge().method() == "Rouge" and DropInCider().method() == "CIDEr" and Bleu().method() == "Bleu"


def test_drop_in_tokenizer_keeps_pycocoevalcaps_layout():
    tok = PTBTokenizer().tokenize(
        {"b": [{"caption": "A Dog."}, {"caption": "x", "id": 3}], "a": [], 7: [{"caption": "It's!"}]}
    )
    assert tok == {"b": ["a dog", "x"], 7: ["it 's"]}  # images without captions are left out


def test_bad_inputs_of_the_drop_in():
    gts, res = {1: ["a b"], 2: ["c d"]}, {1: ["a b"], 3: ["c"]}
    with pytest.raises(ValueError, match="same image ids"):
        Bleu().compute_score(gts, res)
    with pytest.raises(ValueError, match=r"res\[1\] must be a list of one caption"):
        Rouge().compute_score({1: ["a"]}, {1: ["a", "b"]})
    with pytest.raises(ValueError, match=r"gts\[1\] must be a non-empty list"):
        DropInCider().compute_score({1: []}, {1: ["a"]})
    with pytest.raises(ValueError, match="from 1 to 4"):
        Bleu(5)
    # pycocoevalcap's Cider fails when no reference has a word (its document frequencies are empty).
    with pytest.raises(ValueError, match="empty sequence"):
        DropInCider().compute_score({1: [""]}, {1: ["a"]})


class _Coco:
    """The two things COCOEvalCap reads of pycocotools' COCO."""

    def __init__(self, anns):
        self.imgToAnns = {}
        for a in anns:
            self.imgToAnns.setdefault(a["image_id"], []).append(a)

    def getImgIds(self):  # noqa: N802
        return list(self.imgToAnns)


@needs_table
def test_coco_eval_cap(capsys):
    gt = _Coco([{"image_id": i, "caption": r} for i, rs in enumerate(REFS) for r in rs])
    res = _Coco([{"image_id": i, "caption": c} for i, c in enumerate(CANDS)])
    e = COCOEvalCap(gt, res)
    e.evaluate()
    out = capsys.readouterr().out
    assert "tokenization..." in out and "computing METEOR score..." in out and "CIDEr: " in out
    assert list(e.eval) == FIELDS
    expected = caption_scores(REFS, CANDS)
    assert e.eval == dict(expected)
    assert [x["image_id"] for x in e.evalImgs] == [0, 1, 2]
    assert e.imgToEval[1]["CIDEr"] == expected.per_item["CIDEr"][1]


@needs_table
def test_coco_eval_cap_with_pycocotools(tmp_path):
    coco = pytest.importorskip("pycocotools.coco")
    import json

    images = [{"id": i} for i in range(3)]
    anns = [
        {"id": k, "image_id": i, "caption": r}
        for k, (i, r) in enumerate((i, r) for i, rs in enumerate(REFS) for r in rs)
    ]
    (tmp_path / "gt.json").write_text(json.dumps({"images": images, "annotations": anns, "type": "captions"}))
    gt = coco.COCO(str(tmp_path / "gt.json"))
    res = gt.loadRes([{"image_id": i, "caption": c} for i, c in enumerate(CANDS)])
    e = COCOEvalCap(gt, res)
    e.params["image_id"] = res.getImgIds()
    e.evaluate()
    assert e.eval["CIDEr"] == caption_scores(REFS, CANDS)["CIDEr"]


@needs_table
def test_caption_scores_inputs():
    s = caption_scores(REFS, CANDS)
    assert list(s) == FIELDS
    assert rougebleu.caption_scores is caption_scores
    by_id = caption_scores({"x": REFS[0], "y": REFS[1]}, {"y": [CANDS[1]], "x": CANDS[0]})
    assert by_id.ids == ["x", "y"] and by_id.per_item["CIDEr"].shape == (2,)
    only = caption_scores(REFS, CANDS, metrics=["CIDEr"])
    assert list(only) == ["CIDEr"] and only["CIDEr"] == s["CIDEr"]
    # A single string is one reference; workers never change a float.
    one = caption_scores([r[0] for r in REFS], CANDS)
    assert one == caption_scores([[r[0]] for r in REFS], CANDS)
    assert caption_scores(REFS, CANDS, workers=1) == caption_scores(REFS, CANDS, workers=2) == s


def test_caption_scores_bad_inputs():
    with pytest.raises(ValueError, match="item 1 has no reference"):
        caption_scores([["a b"], []], ["a", "b"])
    with pytest.raises(ValueError, match="2 candidates for 3 reference sets"):
        caption_scores(REFS, CANDS[:2])
    with pytest.raises(ValueError, match="image ids differ"):
        caption_scores({1: ["a"]}, {2: "a"})
    with pytest.raises(ValueError, match="one caption per image"):
        caption_scores({1: ["a"]}, {1: ["a", "b"]})
    with pytest.raises(TypeError, match="both be mappings"):
        caption_scores({1: ["a"]}, ["a"])
    with pytest.raises(ValueError, match="unknown metric"):
        caption_scores(REFS, CANDS, metrics=["SPICE"])
    with pytest.raises(TypeError, match=r"candidates\[0\] must be a str or a sequence of token ids"):
        caption_scores(REFS, [1.5, "a", "b"])
    with pytest.raises(TypeError, match="token ids cannot be tokenized"):
        caption_scores([[[1, 2]]], [[1, 2]])
    with pytest.raises(ValueError, match="lone surrogate"):
        ptb_tokenize(["a\ud800"])
    with pytest.raises(TypeError, match="not a single str"):
        ptb_tokenize("a dog")
    # Empty candidates and references are scored (BLEU 0, ROUGE-L 1 between two empty captions).
    s = caption_scores([["", "a dog"]], [""], metrics=WITHOUT_METEOR)
    assert s.per_item["ROUGE_L"][0] == 1.0 and s.per_item["Bleu_1"][0] == 0.0 and s["CIDEr"] == 0.0


def test_rewards_and_document_frequencies(tmp_path):
    tokenized_refs = [ptb_tokenize(r) for r in REFS]
    cands = ptb_tokenize(CANDS)
    df = DocumentFrequencies.from_references(tokenized_refs)
    assert len(df) > 0 and df.n == 4 and df.by_words and df.ref_len == np.log(3.0)
    assert df["a"] == 2.0 and df[("a", "man")] == 1.0 and df["snow"] == 1.0 and df["zebra"] == 0.0
    # The run's own frequencies: pycocoevalcap's scores.
    _, per_image = CiderD().score(cands, tokenized_refs)
    assert CiderD(df).rewards(cands, tokenized_refs).tolist() == per_image.tolist()
    # Raw captions, tokenized first.
    assert DocumentFrequencies.from_references(REFS, tokenize=True).to_bytes() == df.to_bytes()
    # Samples per image share their image's references.
    samples = [c for c in cands for _ in range(2)]
    r = CiderD(df).rewards(samples, tokenized_refs, samples=2)
    assert r.tolist() == np.repeat(per_image, 2).tolist()
    # Samples read once per image give the scores of each sample against a copy of its references,
    # the run's frequencies counting each image's references once per sample (pycocoevalcap's).
    mixed = [cands[(i + s * (i % 2)) % len(cands)] for i in range(len(cands)) for s in range(3)]
    copied = [r for r in tokenized_refs for _ in range(3)]
    assert CiderD().rewards(mixed, tokenized_refs, samples=3).tolist() == CiderD().score(mixed, copied)[1].tolist()
    # Saved, loaded, pickled: the same frequencies.
    path = tmp_path / "train.df"
    df.save(path)
    for again in (
        DocumentFrequencies.load(path),
        pickle.loads(pickle.dumps(df)),
        DocumentFrequencies.from_bytes(df.to_bytes()),
    ):
        assert again.to_bytes() == df.to_bytes()
        assert CiderD(again).rewards(cands, tokenized_refs).tolist() == per_image.tolist()
    assert CiderD(str(path)).df.to_bytes() == df.to_bytes()
    # A self-critical training table: {ngram tuple: frequency} and ref_len.
    table = {("a",): 3.0, ("a", "man"): 1.0, ("horse",): 1.0}
    fc = DocumentFrequencies.from_counts(table, np.log(3.0))
    assert fc["a man"] == 1.0 and fc[("horse",)] == 1.0 and fc["dog"] == 0.0
    with pytest.raises(OSError):
        DocumentFrequencies.load(tmp_path / "missing.df")
    (tmp_path / "bad.df").write_bytes(b"not frequencies")
    with pytest.raises(OSError, match="not CIDEr document frequencies"):
        DocumentFrequencies.load(tmp_path / "bad.df")
    with pytest.raises(ValueError, match="truncated"):
        DocumentFrequencies.from_bytes(df.to_bytes()[:-3])


def test_token_ids_and_columns():
    ids = [[[1, 2, 3, 4], [5, 1, 3]], [[7, 8, 9]]]
    cands = [np.array([1, 2, 3]), (7, 8)]
    df = DocumentFrequencies.from_references(ids)
    assert not df.by_words and df[(1, 2)] == 1.0
    as_words = [[" ".join(map(str, r)) for r in rs] for rs in ids]
    words = CiderD().rewards(["1 2 3", "7 8"], as_words)
    assert CiderD().rewards(cands, ids).tolist() == words.tolist()
    assert CiderD(df).rewards(cands, ids).tolist() == words.tolist()
    with pytest.raises(ValueError, match="token ids must be integers"):
        CiderD().rewards([[-1]], [[[1]]])
    with pytest.raises(TypeError, match=r"candidates\[0\]\[0\] must be a token id"):
        CiderD().rewards([[True]], [[[1]]])
    pa = pytest.importorskip("pyarrow")
    refs = pa.array([["a man on a horse", "a horse"], ["two dogs"]])
    assert (
        CiderD().rewards(pa.array(["a horse", "dogs"]), refs).tolist()
        == CiderD().rewards(["a horse", "dogs"], [["a man on a horse", "a horse"], ["two dogs"]]).tolist()
    )


def test_options():
    assert Cider().score(CANDS, REFS)[0] != CiderD().score(CANDS, REFS)[0]
    assert CiderD(sigma=1e9).score(CANDS, REFS)[0] > CiderD().score(CANDS, REFS)[0]  # no length penalty
    with pytest.raises(ValueError, match="sigma must be > 0"):
        CiderD(sigma=0)
    with pytest.raises(ValueError, match="n must be"):
        CiderD(n=0)
    with pytest.raises(ValueError, match="n-grams up to 2"):
        CiderD(DocumentFrequencies.from_references(REFS, n=2))
    with pytest.raises(TypeError, match="df must be"):
        CiderD(df=3)


def test_all_pairs():
    refs = [r[0] for r in REFS]
    m = CiderD().pairwise(CANDS, refs)
    assert m.shape == (3, 3)
    df = DocumentFrequencies.from_references([[r] for r in refs])
    for j, r in enumerate(refs):
        assert m[:, j].tolist() == CiderD(df).rewards(CANDS, [[r]] * 3).tolist()
    eu = expected_utility(CANDS, refs, metric="cider-d")
    assert eu.tolist() == [math.fsum(row) / 3 for row in m.tolist()]
    idx, scores = top_k(CANDS, refs, 2, metric=CiderD())
    assert idx[:, 0].tolist() == np.argmax(m, axis=1).tolist() and scores[:, 0].tolist() == m.max(axis=1).tolist()
    assert expected_utility(CANDS, refs, metric=Cider()).shape == (3,)


def test_evaluate_cider():
    out = evaluate.load("cider").compute(predictions=CANDS, references=REFS)
    assert out == {"CIDEr": caption_scores(REFS, CANDS, metrics=["CIDEr"])["CIDEr"]}


def test_mergeable_statistics():
    import random

    from rougebleu import stats
    from rougebleu.caption import CaptionStats

    rng = random.Random(5)
    words = "a the man dog horse red on in of two is riding near beach snow".split()

    def cap():
        return " ".join(rng.choice(words) for _ in range(rng.randint(0, 9)))

    refs = [[cap() for _ in range(rng.randint(1, 4))] for _ in range(41)]
    cands = [cap() for _ in range(41)]
    whole = caption_scores(refs, cands, metrics=WITHOUT_METEOR)
    df = DocumentFrequencies.from_references(refs, tokenize=True)
    parts = [(0, 7), (7, 30), (30, 41)]
    kept = [
        CaptionStats.compute(cands[a:b], refs[a:b], metrics=WITHOUT_METEOR, df=df, keep_items=True) for a, b in parts
    ]
    merged = stats.merge(kept)
    assert merged.score() == dict(whole)  # rows kept and merged in order: pycocoevalcap's values
    np.testing.assert_array_equal(merged.items[:, 5], whole.per_item["CIDEr"])
    lean = sum(CaptionStats.compute(cands[a:b], refs[a:b], metrics=WITHOUT_METEOR, df=df) for a, b in reversed(parts))
    score = lean.score()
    assert [score[f"Bleu_{k}"] for k in range(1, 5)] == [whole[f"Bleu_{k}"] for k in range(1, 5)]
    assert score["CIDEr"] == pytest.approx(whole["CIDEr"], rel=1e-15)
    assert score["ROUGE_L"] == pytest.approx(whole["ROUGE_L"], rel=1e-15)
    assert stats.from_bytes(lean.to_bytes()) == lean and stats.from_row(merged.to_row()) == merged
    other_df = DocumentFrequencies.from_references(refs[:3], tokenize=True)
    other = CaptionStats.compute(cands[:3], refs[:3], metrics=WITHOUT_METEOR, df=other_df)
    with pytest.raises(ValueError, match="different options"):
        lean + other
    with pytest.raises(ValueError, match="df: CIDEr-D needs"):
        CaptionStats.compute(cands, refs)
    bleu_only = CaptionStats.compute(cands, refs, metrics=["Bleu"])
    assert bleu_only.score() == {k: whole[k] for k in ("Bleu_1", "Bleu_2", "Bleu_3", "Bleu_4")}


@needs_table
def test_mergeable_statistics_with_meteor():
    import random

    from rougebleu import stats
    from rougebleu.caption import CaptionStats

    rng = random.Random(11)
    words = "A man rides a red horse on the beach, near two dogs; a woman's riding in snow.".split()

    def cap():
        return " ".join(rng.choice(words) for _ in range(rng.randint(0, 12)))

    refs = [[cap() for _ in range(rng.randint(1, 5))] for _ in range(60)]
    cands = [cap() for _ in range(60)]
    cands[3] = ""  # an empty caption
    cands[40] = refs[40][-1]  # a perfect image: the jar leaves its chunk out of the sums
    whole = caption_scores(refs, cands)
    parts = [(0, 17), (17, 18), (18, 60)]
    lean = [CaptionStats.compute(cands[a:b], refs[a:b], metrics=["METEOR"]) for a, b in parts]
    merged = stats.merge(reversed(lean))
    assert merged.n == 60 and merged.score() == {"METEOR": whole["METEOR"]}
    assert merged.fields[-23:][0] == "meteor_test_length" and merged.fields[-1] == "meteor_reference_word_matches"
    assert stats.from_bytes(merged.to_bytes()) == merged and stats.from_row(merged.to_row()) == merged
    # The summed statistics are the jar's, the chunk of each perfect image left out.
    assert merged.sums[-23:] == CaptionStats.compute(cands, refs, metrics=["METEOR"]).sums[-23:]
    df = DocumentFrequencies.from_references(refs, tokenize=True)
    kept = [CaptionStats.compute(cands[a:b], refs[a:b], df=df, keep_items=True) for a, b in parts]
    every = stats.merge(kept)
    assert every.score() == dict(whole)
    np.testing.assert_array_equal(every.items[:, 6], whole.per_item["METEOR"])
    np.testing.assert_array_equal(every.items[:, 5], whole.per_item["CIDEr"])
