"""sacrebleu's tokenizers that need MeCab or a SentencePiece model (``ja-mecab``, ``ko-mecab``,
``spm``, ``flores101``, ``flores200``, ``spBLEU-1K``) through ``rougebleu.BLEU``, against sacrebleu
2.6.0 run live: the same scores and signatures on the corpus's XL-Sum Japanese and Korean texts and
on WMT22 en-zh. The SentencePiece model is trained here and put in sacrebleu's model cache under
sacrebleu's file names; a missing one is fetched into the cache as sacrebleu fetches it. Also the
error types sacrebleu's callers catch, and sacrebleu's offline ``utils``."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import rougebleu
import rougebleu.sacrebleu
from rougebleu.mt import model_tokenizers
from rougebleu.mt._args import model_tokenizer_names

sacrebleu = pytest.importorskip("sacrebleu")


def test_the_model_tokenizers_are_the_vocabulary_s() -> None:
    assert set(model_tokenizer_names()) == set(model_tokenizers.SPM_MODELS) | set(model_tokenizers.MECAB)
    assert set(rougebleu._rougebleu.OPTIONS["sacrebleu.tokenize"]) == set(sacrebleu.BLEU.TOKENIZERS)


def _xlsum(corpus: Path, lang: str) -> tuple[list[str], list[list[str]]]:
    rows = [json.loads(line) for line in (corpus / "multilingual" / "pairs.jsonl").open(encoding="utf-8")]
    rows = [r for r in rows if r["lang"] == lang][:80]
    hyps = [r["candidate"].replace("\n", " ") for r in rows]
    return hyps, [[r["references"][0].replace("\n", " ") for r in rows]]


def _same_as_sacrebleu(hyps: list[str], refs: list[list[str]], **options) -> None:
    theirs_metric = sacrebleu.BLEU(**options)
    ours_metric = rougebleu.BLEU(**options)
    theirs = theirs_metric.corpus_score(hyps, refs)
    ours = ours_metric.corpus_score(hyps, refs)
    assert (ours.score, ours.counts, ours.totals, ours.sys_len, ours.ref_len) == (
        theirs.score,
        theirs.counts,
        theirs.totals,
        theirs.sys_len,
        theirs.ref_len,
    ), options
    strip = lambda s: str(s).rsplit("|version:", 1)[0]  # noqa: E731
    assert strip(ours_metric.get_signature()) == strip(theirs_metric.get_signature())
    for h, r in list(zip(hyps, refs[0]))[:20]:
        assert ours_metric.sentence_score(h, [r]).score == theirs_metric.sentence_score(h, [r]).score


@pytest.mark.parametrize(("lang", "tokenize"), [("japanese", "ja-mecab"), ("korean", "ko-mecab")])
def test_mecab_tokenizers_equal_sacrebleu(corpus: Path, lang: str, tokenize: str) -> None:
    pytest.importorskip("MeCab" if tokenize == "ja-mecab" else "mecab_ko", reason="the ja/ko extras")
    hyps, refs = _xlsum(corpus, lang)
    _same_as_sacrebleu(hyps, refs, tokenize=tokenize)
    _same_as_sacrebleu(hyps, refs, tokenize=tokenize, lowercase=True)
    # sacrebleu's default for the target language.
    _same_as_sacrebleu(hyps, refs, trg_lang=tokenize[:2])


@pytest.fixture(scope="module")
def spm_cache(corpus: Path, tmp_path_factory) -> Path:
    """A sacrebleu cache whose models/ holds a SentencePiece model trained on WMT22 en-zh and
    en-de, under each name sacrebleu gives its models."""
    spm = pytest.importorskip("sentencepiece", reason="the spm extra")
    wmt = corpus / "mt" / "wmt22_general"
    texts = []
    for name in ("generaltest2022.en-zh.ref.A.zh", "generaltest2022.en-de.ref.A.de", "generaltest2022.en-zh.src.en"):
        texts += (wmt / name).read_text(encoding="utf-8").splitlines()[:600]
    root = tmp_path_factory.mktemp("sacrebleu_home")
    (root / "train.txt").write_text("\n".join(texts) + "\n", encoding="utf-8")
    spm.SentencePieceTrainer.train(
        input=str(root / "train.txt"),
        model_prefix=str(root / "m"),
        vocab_size=2000,
        character_coverage=0.9995,
        minloglevel=2,
    )
    models = root / "models"
    models.mkdir()
    for _, url in model_tokenizers.SPM_MODELS.values():
        (models / os.path.basename(url)).write_bytes((root / "m.model").read_bytes())
    return root


@pytest.mark.parametrize("tokenize", ["spm", "flores101", "flores200", "spBLEU-1K"])
def test_sentencepiece_tokenizers_equal_sacrebleu(corpus: Path, spm_cache: Path, monkeypatch, tokenize) -> None:
    import sacrebleu.tokenizers.tokenizer_spm as theirs

    monkeypatch.setenv("SACREBLEU", str(spm_cache))
    monkeypatch.setattr(theirs, "SACREBLEU_DIR", str(spm_cache))
    wmt = corpus / "mt" / "wmt22_general"
    hyps = (wmt / "generaltest2022.en-zh.hyp.Online-B.zh").read_text(encoding="utf-8").splitlines()[:300]
    refs = [(wmt / "generaltest2022.en-zh.ref.A.zh").read_text(encoding="utf-8").splitlines()[:300]]
    _same_as_sacrebleu(hyps, refs, tokenize=tokenize)


def test_a_missing_model_is_fetched_into_sacrebleu_s_cache(spm_cache: Path, tmp_path: Path, monkeypatch) -> None:
    pytest.importorskip("sentencepiece", reason="the spm extra")
    source = spm_cache / "m.model"
    monkeypatch.setitem(model_tokenizers.SPM_MODELS, "flores200", ("flores200", source.as_uri()))
    monkeypatch.setenv("SACREBLEU", str(tmp_path))
    metric = rougebleu.BLEU(tokenize="flores200")
    cached = tmp_path / "models" / "m.model"
    assert cached.read_bytes() == source.read_bytes()
    assert metric.corpus_score(["a b c"], [["a b c"]]).score == pytest.approx(100.0)
    assert not list((tmp_path / "models").glob("*.part"))


def test_sacrebleu_s_error_types() -> None:
    for module in (rougebleu, rougebleu.sacrebleu):
        with pytest.raises(KeyError) as key_error:
            module.BLEU(tokenize="no-such-tokenizer")
        assert isinstance(key_error.value, ValueError) and "no-such-tokenizer" in str(key_error.value)
        with pytest.raises(AssertionError):
            module.BLEU(smooth_method="no-such-method")
        with pytest.raises(RuntimeError) as runtime:
            module.BLEU().corpus_score(["a"], None)
        assert isinstance(runtime.value, ValueError)
    # sacrebleu's own types, for comparison.
    with pytest.raises(KeyError):
        sacrebleu.BLEU(tokenize="no-such-tokenizer")
    with pytest.raises(AssertionError):
        sacrebleu.BLEU(smooth_method="no-such-method")
    with pytest.raises(RuntimeError):
        sacrebleu.BLEU().corpus_score(["a"], None)


def test_offline_utils_as_sacrebleu_s(tmp_path: Path, capsys) -> None:
    import argparse
    import gzip

    from sacrebleu import utils as theirs

    from rougebleu.sacrebleu import utils as ours

    assert ours.my_log(0.0) == theirs.my_log(0.0) and ours.my_log(2.5) == theirs.my_log(2.5)
    lists = [[1, 2, 3], [4, 5, 6]]
    assert ours.sum_of_lists(lists) == theirs.sum_of_lists(lists)
    ns = argparse.Namespace(bleu_tokenize="13a", bleu_lowercase=True, chrf_order=6)
    assert ours.args_to_dict(ns, "bleu", True) == theirs.args_to_dict(ns, "bleu", True)
    assert ours.args_to_dict(ns, "chrf") == theirs.args_to_dict(ns, "chrf")
    path = tmp_path / "x.txt.gz"
    with gzip.open(path, "wt", encoding="utf-8") as f:
        f.write("a\r\nb\n")
    with ours.smart_open(str(path)) as a, theirs.smart_open(str(path)) as b:
        assert a.read() == b.read()
    assert ours.get_md5sum(str(path)) == theirs.get_md5sum(str(path))
    with pytest.raises(SystemExit):
        ours.sanity_check_lengths(["a", "b"], [["a"]])
    ours.Color.ENABLE_COLORS = theirs.Color.ENABLE_COLORS = False
    lines = ["BLEU = 1.00 x", "chrF2 = 2.00"]
    ours.print_single_results(list(lines), argparse.Namespace(format="text"))
    mine = capsys.readouterr().out
    theirs.print_single_results(list(lines), argparse.Namespace(format="text"))
    assert mine == capsys.readouterr().out
    assert ours.SACREBLEU_DIR == theirs.SACREBLEU_DIR
