"""Reproducibility signatures (docs/signatures.md): one grammar for every metric, a version field
naming the reference and rougebleu, every setting that can change a number in it (each varied in
turn on real data: runs whose numbers differ never share a signature), and the commands' JSON,
``--version``, plain help and default seed."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import rougebleu
from conftest import read_jsonl
from rougebleu.__main__ import main
from rougebleu.signature import format_signature, version_field

FIELD = re.compile(r"^[A-Za-z0-9#_-]+:[^|:]+$")
V = rougebleu.__version__


def _parse(signature: str) -> dict[str, str]:
    fields = signature.split("|")
    assert all(FIELD.match(f) for f in fields), signature
    keys = [f.split(":", 1)[0] for f in fields]
    assert len(set(keys)) == len(keys) and keys[-1] == "version", signature
    return dict(f.split(":", 1) for f in fields)  # type: ignore[misc]


def test_the_version_field_names_the_reference_and_rougebleu() -> None:
    assert version_field("sacrebleu") == f"sacrebleu-2.6.0+rougebleu-{V}"
    assert format_signature([("a", True), ("b", None), ("c", 3)], "rouge_score") == (
        f"a:yes|c:3|version:rouge_score-0.1.2+rougebleu-{V}"
    )
    with pytest.raises(ValueError, match="cannot be written"):
        format_signature([("a", "x|y")], "sacrebleu")
    with pytest.raises(KeyError):
        version_field("no such reference")


def test_every_metric_signs_in_the_one_grammar() -> None:
    hyps, refs = ["the cat sat on the mat"], [["the cat is on the mat"]]
    signatures = {}
    for metric in (rougebleu.BLEU(), rougebleu.CHRF(), rougebleu.CHRF(word_order=2), rougebleu.TER()):
        metric.corpus_score(hyps, refs)
        signatures[type(metric).__name__] = str(metric.get_signature())
    signatures["rouge"] = rougebleu.rouge_signature(["rouge1", "rougeLsum"])
    signatures["RougeScorer"] = rougebleu.RougeScorer(["rougeL"]).signature()
    signatures["Rouge155"] = rougebleu.Rouge155(max_n=2).signature()
    versions = {name: _parse(s)["version"] for name, s in signatures.items()}
    assert versions["BLEU"] == versions["CHRF"] == versions["TER"] == f"sacrebleu-2.6.0+rougebleu-{V}"
    assert versions["rouge"] == versions["RougeScorer"] == f"rouge_score-0.1.2+rougebleu-{V}"
    assert versions["Rouge155"] == f"ROUGE-1.5.5+rougebleu-{V}"
    assert signatures["BLEU"] == f"nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:sacrebleu-2.6.0+rougebleu-{V}"
    assert rougebleu.rouge_signature(["rouge1"], lang="hindi").endswith(f"version:xlsum-0.0.1+rougebleu-{V}")


@pytest.fixture(scope="module")
def summeval(corpus: Path) -> tuple[list[str], list[list[str]]]:
    """30 SummEval summaries of one system, with their 11 references."""
    rows = [r for r in read_jsonl(corpus / "summ" / "summeval_cnndm.jsonl") if r["system"] == "M0"][:30]
    return [r["candidate"] for r in rows], [r["references"] for r in rows]


# One setting changed at a time from the defaults (rouge_corpus's options).
ROUGE_VARIANTS: list[dict] = [
    {"rouge_types": ["rouge2"]},
    {"rouge_types": ["rougeLsum"]},
    {"use_stemmer": True},
    {"multi_ref": "pooled"},
    {"multi_ref": "best-recall"},
    {"multi_ref": "mean"},
    {"jackknife": True},
    {"alpha": 0.2},
    {"beta": 3.0},
    {"tokenizer": "unicode"},
    {"lang": "english"},
    {"average": "micro"},
    {"n_bootstrap": 50},
    {"n_bootstrap": 50, "seed": 7},
    {"n_bootstrap": 50, "confidence": 0.9},
]


def test_every_rouge_setting_changes_numbers_only_with_the_signature(summeval) -> None:
    preds, refs = summeval
    base = {"rouge_types": ["rouge1"], "n_bootstrap": 0}
    seen: dict[str, tuple] = {}
    for variant in [{}, *ROUGE_VARIANTS]:
        options = {**base, **variant}
        scores = rougebleu.rouge_corpus(preds, refs, **options)
        numbers = tuple(tuple(iv) for cs in scores.values() for iv in cs)
        sig = rougebleu.rouge_signature(average=options.pop("average", "macro"), **options)
        _parse(sig)
        # Different numbers never share a signature (here no two runs share one at all).
        assert sig not in seen, (variant, sig)
        seen[sig] = numbers
    # The variants do change the numbers (else this test would show nothing).
    assert len(set(seen.values())) >= len(seen) - 1


def test_rouge_signature_names_the_tokenization() -> None:
    sig = lambda **kw: _parse(rougebleu.rouge_signature(["rougeLsum"], **kw))  # noqa: E731
    assert sig()["tok"] == "rouge_score" and sig()["lsum"] == "newline" and sig()["f"] == "f1"
    assert sig(lang="bangla")["tok"] == "xlsum-bengali"
    assert sig(pretokenized=True)["tok"] == "pretokenized"
    assert sig(split_summaries=True)["lsum"] == "nltk"
    assert sig(beta=1.0)["f"] == "alpha-0.5" == sig(alpha=0.5)["f"]
    with pytest.raises(TypeError, match="use_stemmer must be a bool"):
        rougebleu.rouge_signature(["rouge1"], use_stemmer="yes")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown multi-reference"):
        rougebleu.rouge_signature(["rouge1"], multi_ref="maximum")  # type: ignore[arg-type]


def _cli(*argv: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rougebleu", *argv], capture_output=True, text=True, timeout=120)


def test_version_everywhere() -> None:
    for argv in (["--version"], ["rouge", "--version"], ["rouge155", "--version"], ["sacrebleu", "--version"]):
        done = _cli(*argv)
        assert done.returncode == 0 and V in done.stdout, (argv, done.stdout, done.stderr)


def test_plain_help_with_every_default() -> None:
    top = _cli("--help")
    assert top.returncode == 0 and "``" not in top.stdout and "rouge155" in top.stdout
    rouge = _cli("rouge", "--help")
    text = " ".join(rouge.stdout.split())
    assert rouge.returncode == 0 and "``" not in text
    assert "(default: rouge1 rouge2 rougeL rougeLsum)" in text and "(default: fmeasure)" in text
    assert "(default: text)" in text and "default 12345" in text
    assert "--lang" in text and "--pretokenized" in text and "--tokenizer" in text
    r155 = _cli("rouge155", "--help")
    assert r155.returncode == 0 and "--json" in r155.stdout and "(default 95)" in r155.stdout


def test_one_default_seed_in_python_and_on_the_command_line(capsys, tmp_path, summeval) -> None:
    preds, refs = summeval
    (tmp_path / "p.txt").write_text("\n".join(preds) + "\n", encoding="utf-8")
    (tmp_path / "r.txt").write_text("\n".join(r[0] for r in refs) + "\n", encoding="utf-8")
    argv = ["rouge", "-r", str(tmp_path / "r.txt"), "-p", str(tmp_path / "p.txt"), "-t", "rouge1", "--confidence"]
    assert main([*argv, "-f", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    iv = rougebleu.rouge_corpus(preds, [r[0] for r in refs], rouge_types=["rouge1"])["rouge1"].fmeasure
    row = out["systems"][0]["scores"]["rouge1"]
    assert (row["fmeasure_low"], row["fmeasure_high"]) == (iv.low, iv.high)
    # The JSON's signature is the Python one, interval settings included.
    sig = rougebleu.rouge_signature(["rouge1"], average="macro", n_bootstrap=1000)
    assert out["signature"] == sig and out["version"] == f"rougebleu {V}" and _parse(sig)["rs"] == "12345"


def test_rouge_command_names_non_default_settings(capsys, tmp_path) -> None:
    (tmp_path / "p.txt").write_text("a b c\nd e\n", encoding="utf-8")
    (tmp_path / "r1.txt").write_text("a b\nd f\n", encoding="utf-8")
    (tmp_path / "r2.txt").write_text("a c\ne\n", encoding="utf-8")
    base = ["rouge", "-r", str(tmp_path / "r1.txt"), str(tmp_path / "r2.txt"), "-p", str(tmp_path / "p.txt")]
    heads = {}
    for extra in ([], ["--multi-ref", "pooled"], ["--jackknife"], ["--tokenizer", "unicode"], ["--pretokenized"]):
        assert main([*base, *extra]) == 0
        head = capsys.readouterr().out.split("\n\n")[0]
        heads[" ".join(extra)] = head
        sig = head.splitlines()[-1]
        _parse(sig)
    assert len(set(heads.values())) == len(heads)
    assert "pooled" in heads["--multi-ref pooled"] and "jackknife" in heads["--jackknife"]
    assert "tokenizer unicode" in heads["--tokenizer unicode"] and "pretokenized" in heads["--pretokenized"]
    assert main([*base, "--lang", "english", "-f", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["lang"] == "english" and "tok:xlsum-english" in out["signature"]


def test_rouge155_json_has_the_report_numbers_signature_and_version(corpus: Path) -> None:
    sample = corpus / "rouge155_sample" / "sample-test"
    if not (sample / "ROUGE-test.xml").is_file():
        pytest.skip("the ROUGE-1.5.5 sample is not in the corpus")
    args = ["-c", "95", "-2", "-1", "-U", "-r", "1000", "-n", "2", "-w", "1.2", "-a", "ROUGE-test.xml"]
    run = lambda *extra: subprocess.run(  # noqa: E731
        [sys.executable, "-m", "rougebleu", "rouge155", *extra, *args], cwd=sample, capture_output=True, text=True
    )
    report, as_json = run(), run("--json")
    assert report.returncode == 0 and as_json.returncode == 0, as_json.stderr
    doc = json.loads(as_json.stdout)
    assert doc["version"] == f"rougebleu {V}" and _parse(doc["signature"])["version"] == f"ROUGE-1.5.5+rougebleu-{V}"
    assert (
        doc["signature"] == rougebleu.Rouge155(max_n=2, rouge_w=1.2, skip_distance=-1, skip_unigrams="both").signature()
    )
    # Every average of the report, rounded as Perl prints it, is the JSON's value.
    line = re.compile(r"^(\S+) (ROUGE-\S+) Average_([RPF]): (\d\.\d{5}) \(95%-conf\.int\. (\d\.\d{5}) - (\d\.\d{5})\)$")
    checked = 0
    by_name = {s["name"]: s["scores"] for s in doc["systems"]}
    for text in report.stdout.splitlines():
        m = line.match(text)
        if m:
            system, measure, which, avg, low, high = m.groups()
            got = by_name[system][measure]
            assert (f"{got[which]:.5f}", f"{got[which + '_low']:.5f}", f"{got[which + '_high']:.5f}") == (
                avg,
                low,
                high,
            )
            checked += 1
    assert checked >= 30, report.stdout[:500]


def test_matlab_signatures_vary_with_every_option() -> None:
    from rougebleu.matlab.signature import bleu_evaluation_signature, rouge_evaluation_signature

    rouge_variants = [
        {},
        {"rouge_method": "longest-common-subsequences"},
        {"ngram_length": 2},
        {"skip_distance": None},
        {"beta": 2.0},
        {"weight": 1.5},
    ]
    sigs = [rouge_evaluation_signature(**v) for v in rouge_variants]
    sigs += [bleu_evaluation_signature(), bleu_evaluation_signature(ngram_weights=[0.5, 0.5])]
    sigs.append(bleu_evaluation_signature(ignore_case=True))
    assert len(set(sigs)) == len(sigs)
    for s in sigs:
        assert _parse(s)["version"] == f"matlab-docs+rougebleu-{V}"
    a, b = "the cat sat on the mat today", "a cat sat on the mat"
    scores = [rougebleu.rougeEvaluationScore(a, b, **v) for v in rouge_variants[:3]]
    assert scores[0] != scores[2] and scores[1] != scores[2]
    with pytest.raises(TypeError, match="ignore_case"):
        bleu_evaluation_signature(ignore_case="yes")  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def coco(corpus: Path) -> tuple[list[str], list[list[str]]]:
    """150 COCO val2017 images: a held-out human caption and the other references."""
    rows = read_jsonl(corpus / "nlg" / "coco" / "coco_val2017_human_loo.jsonl")[:150]
    return [r["candidate"] for r in rows], [r["references"] for r in rows]


def test_caption_signatures_change_with_every_setting(coco) -> None:
    from rougebleu.caption import Cider, CiderD, DocumentFrequencies, caption_scores, caption_signature

    cands, refs = coco
    tokenized = [rougebleu.caption.ptb_tokenize(r) for r in refs]
    half = DocumentFrequencies.from_references(tokenized[:75])
    full = DocumentFrequencies.from_references(tokenized)
    seen: dict[str, tuple] = {}

    def record(sig: str, numbers: dict) -> None:
        assert _parse(sig)["version"] == f"pycocoevalcap-1.2+rougebleu-{V}"
        key = tuple(sorted((name, tuple(values)) for name, values in numbers.items()))
        # Different numbers never share a signature; a shared one means the same numbers.
        assert seen.setdefault(sig, key) == key, sig

    # The suite: its metric subsets and the tokenization.
    for metrics in [("Bleu", "ROUGE_L", "CIDEr"), ("Bleu",), ("ROUGE_L",), ("CIDEr",)]:
        for tokenize in (True, False):
            scores = caption_scores(refs, cands, metrics=metrics, tokenize=tokenize)
            assert scores.signature == caption_signature(metrics, tokenize=tokenize)
            record(scores.signature, {k: [v, *scores.per_item[k].tolist()] for k, v in scores.items()})
    # CIDEr and CIDEr-D: variant, order, sigma, where the frequencies come from, tokenization
    # (the same texts as the suite's: CiderD() without df is its CIDEr column, signature included).
    scorers = [CiderD(), CiderD(n=3), CiderD(sigma=3.0), CiderD(half), CiderD(full), Cider(), Cider(n=2), Cider(full)]
    for scorer in scorers:
        for tokenize in (False, True):
            corpus_value, per_image = scorer.score(cands, refs, tokenize=tokenize)
            record(scorer.signature(tokenize=tokenize), {"CIDEr": [corpus_value, *per_image.tolist()]})
    # The runs do differ (else this test would show nothing): only CiderD() repeats the suite, and
    # frequencies saved from this very call's references give what df:refs gives (CiderD, Cider).
    assert len(seen) == 8 + 2 * len(scorers) - 2 and len(set(seen.values())) == len(seen) - 2
    sig = _parse(CiderD(full).signature())
    # The frequencies' identity survives saving and loading.
    reloaded = DocumentFrequencies.from_bytes(full.to_bytes())
    assert sig["cider"] == "cider-d" and sig["sigma"] == "6.0" and len(sig["df"]) == 16
    assert sig["df"] == _parse(CiderD(reloaded).signature())["df"] != _parse(CiderD(half).signature())["df"]
    assert _parse(CiderD().signature())["df"] == "refs" and "sigma" not in _parse(Cider().signature())
    assert caption_signature(["CIDEr"], tokenize=False) == CiderD().signature()


def test_caption_signature_names_meteor_and_checks_its_options() -> None:
    from rougebleu.caption import caption_signature
    from rougebleu.caption.signature import METEOR_EVAL_ID

    assert METEOR_EVAL_ID == rougebleu.METEOR(pycocoevalcap=True).eval_id
    sig = _parse(caption_signature())
    assert sig["metrics"] == "Bleu+METEOR+ROUGE_L+CIDEr" and sig["meteor"] == METEOR_EVAL_ID and sig["tok"] == "ptb"
    assert caption_signature(["CIDEr", "Bleu"]) == caption_signature(["Bleu", "CIDEr"])
    with pytest.raises(ValueError, match="unknown metric"):
        caption_signature(["SPICE"])
    with pytest.raises(TypeError, match="tokenize"):
        caption_signature(tokenize="yes")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="cider"):
        caption_signature(cider="cider-x")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="df"):
        caption_signature(df="frequencies.bin")
