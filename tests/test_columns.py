"""Column inputs: pyarrow, Polars, pandas and NumPy columns give the numbers of the same texts as lists.

Every batch call reads Arrow data through the C data interface without Python strings; these
tests compare each column form with the list form, bit for bit, on real data (RealSumm, WMT17)
and on the edge cases of the formats: chunks, slices with offsets, nulls, non-ASCII text, long
and short string views, list columns for several references.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import rougebleu
from conftest import read_jsonl

pa = pytest.importorskip("pyarrow")
pl = pytest.importorskip("polars")
pd = pytest.importorskip("pandas")

SAMPLE_PREDS = [
    "the cat sat on the mat",
    "héllo wörld — ünïcode «quotes» 日本語のテキスト",
    "",
    "a b c d e f g h i j k l m n o p (a long one, beyond twelve bytes)",
    "Ωμέγα ΣΊΣΥΦΟΣ ends with a final sigma: ΟΔΟΣ",
]
SAMPLE_REFS = [
    "the cat is on the mat",
    "hello world unicode quotes 日本語",
    "x",
    "a c b d e f g h",
    "ωμέγα σίσυφος οδος",
]


def _chunked(v: list) -> object:
    # An empty chunk and uneven chunks exercise the chunk boundaries.
    return pa.chunked_array([v[:1], [], v[1:3], v[3:]], type=pa.string())


def _sliced(v: list) -> object:
    # A slice of a larger array: offset > 0 in the C data interface.
    return pa.array(["before"] * 3 + v + ["after"])[3 : 3 + len(v)]


COLUMNS = {
    "pa.string": pa.array,
    "pa.large_string": lambda v: pa.array(v, pa.large_string()),
    "pa.string_view": lambda v: pa.array(v, pa.string_view()),
    "pa.chunked": _chunked,
    "pa.slice": _sliced,
    "pa.sliced_view": lambda v: pa.array(["x" * 20] + v, pa.string_view())[1:],
    "polars": pl.Series,
    "pandas.str": lambda v: pd.Series(v, dtype="str"),
    "pandas.object": lambda v: pd.Series(v, dtype=object),
    "pandas.string[pyarrow]": lambda v: pd.Series(v, dtype="string[pyarrow]"),
    "pandas.string[python]": lambda v: pd.Series(v, dtype="string[python]"),
    "numpy.str_": np.array,
    "numpy.object": lambda v: np.array(v, dtype=object),
}


def assert_rouge_equal(a: dict, b: dict) -> None:
    assert a.keys() == b.keys()
    for k in a:
        for x, y in zip(a[k], b[k]):
            np.testing.assert_array_equal(x, y)


@pytest.fixture(scope="module")
def realsumm(corpus: Path) -> tuple[list[str], list[str], list[list[str]]]:
    items = read_jsonl(corpus / "summ" / "realsumm_cnndm.jsonl")[:400]
    return (
        [it["candidate"] for it in items],
        [it["references"][0] for it in items],
        [[it["references"][0], it["candidate"][::-1]] for it in items],
    )


@pytest.fixture(scope="module")
def wmt17(corpus: Path) -> tuple[list[str], list[str]]:
    folder = corpus / "mt" / "wmt17_en-de"
    with open(folder / "newstest2017.online-A.0.en-de.de", encoding="utf-8", newline="\n") as f:
        hyps = [line.rstrip("\n") for line in f][:500]
    with open(folder / "newstest2017.en-de.ref.de", encoding="utf-8", newline="\n") as f:
        refs = [line.rstrip("\n") for line in f][:500]
    return hyps, refs


# -- ROUGE --------------------------------------------------------------------------------------


@pytest.mark.parametrize("form", sorted(COLUMNS))
def test_rouge_columns_equal_lists_on_samples(form):
    make = COLUMNS[form]
    want = rougebleu.rouge(SAMPLE_PREDS, SAMPLE_REFS, use_stemmer=True)
    assert_rouge_equal(rougebleu.rouge(make(SAMPLE_PREDS), make(SAMPLE_REFS), use_stemmer=True), want)
    # One side a column, the other a list.
    assert_rouge_equal(rougebleu.rouge(make(SAMPLE_PREDS), SAMPLE_REFS, use_stemmer=True), want)


@pytest.mark.parametrize("form", ["pa.string", "pa.string_view", "pa.chunked", "polars", "pandas.str", "numpy.str_"])
def test_rouge_columns_equal_lists_on_realsumm(realsumm, form):
    preds, refs, _ = realsumm
    make = COLUMNS[form]
    types = ["rouge1", "rouge2", "rougeL", "rougeLsum", "rougeW-1.2", "rougeSU4"]
    want = rougebleu.rouge(preds, refs, rouge_types=types, use_stemmer=True)
    assert_rouge_equal(rougebleu.rouge(make(preds), make(refs), rouge_types=types, use_stemmer=True, workers=2), want)


def test_rouge_list_columns_are_several_references(realsumm):
    preds, _, multi = realsumm
    want = rougebleu.rouge(preds, multi)
    for col in (
        pa.array(multi, pa.list_(pa.string())),
        pa.array(multi, pa.large_list(pa.large_string())),
        pa.array(multi, pa.list_(pa.string_view())),
        pa.chunked_array([multi[:7], multi[7:]], pa.list_(pa.string())),
        pa.array([["x"]] + multi, pa.list_(pa.string()))[1:],
        pl.Series(multi),
        pd.Series(multi, dtype=object),
    ):
        assert_rouge_equal(rougebleu.rouge(pa.array(preds), col), want)


def test_rouge_corpus_and_score_batch_take_columns(realsumm):
    preds, refs, multi = realsumm
    want = rougebleu.rouge_corpus(preds, refs, n_bootstrap=50)
    assert rougebleu.rouge_corpus(pl.Series(preds), pa.array(refs), n_bootstrap=50) == want
    scorer = rougebleu.RougeScorer(["rouge1", "rougeLsum"], use_stemmer=True)
    assert scorer.score_batch(pa.array(multi, pa.list_(pa.string())), pa.array(preds)) == scorer.score_batch(
        multi, preds
    )
    # The Python-tokenizer path reads the column into strings.
    tok = rougebleu.RougeScorer(["rouge1"], tokenizer=_Split())
    assert tok.score_batch(pa.array(refs[:20]), pd.Series(preds[:20])) == tok.score_batch(refs[:20], preds[:20])


class _Split:
    def tokenize(self, text: str) -> list[str]:
        return text.split()


def test_rouge_null_rows_are_errors_naming_the_row():
    with pytest.raises(ValueError, match=r"predictions\[1\] is null"):
        rougebleu.rouge(pa.array(["a", None]), ["a", "b"])
    with pytest.raises(ValueError, match=r"references\[0\] is null"):
        rougebleu.rouge(["a", "b"], pd.Series([None, "b"], dtype=object))
    with pytest.raises(ValueError, match=r"references\[1\] is null"):
        rougebleu.rouge(["a", "b"], pd.Series(["a", np.nan], dtype=object))
    with pytest.raises(ValueError, match=r"references\[1\]\[1\] is null"):
        rougebleu.rouge(["a", "b"], pa.array([["a"], ["b", None]]))
    with pytest.raises(ValueError, match=r"references\[1\] is an empty list"):
        rougebleu.rouge(["a", "b"], pa.array([["a"], []], pa.list_(pa.string())))
    with pytest.raises(ValueError, match=r"predictions\[2\] is null"):
        rougebleu.rouge(pl.Series(["a", "b", None]), ["a", "b", "c"])
    with pytest.raises(ValueError, match=r"targets\[1\] is null"):
        rougebleu.RougeScorer(["rouge1"], tokenizer=_Split()).score_batch(pa.array(["a", None]), ["a", "b"])


def test_bad_columns_are_type_errors_naming_the_argument():
    with pytest.raises(TypeError, match="predictions.*int64"):
        rougebleu.rouge(np.arange(3), ["a", "b", "c"])
    with pytest.raises((TypeError, ValueError), match="predictions"):
        rougebleu.rouge(pa.array([1, 2]), ["a", "b"])
    with pytest.raises(TypeError, match="predictions must be a column of strings, not of lists"):
        rougebleu.rouge(pa.array([["a"], ["b"]]), ["a", "b"])
    with pytest.raises(ValueError, match="predictions must be a one-dimensional array"):
        rougebleu.rouge(np.array([["a", "b"]]), ["a"])
    with pytest.raises(TypeError, match="predictions.*bytes"):
        rougebleu.rouge(np.array([b"a"]), ["a"])
    with pytest.raises(ValueError, match="same length"):
        rougebleu.rouge(pa.array(["a", "b"]), pa.array(["a"]))
    with pytest.raises(ValueError, match="predictions.*dictionary"):
        rougebleu.rouge(pa.array(["a", "b"]).dictionary_encode(), ["a", "b"])


def test_all_null_polars_series_and_empty_columns():
    with pytest.raises(ValueError, match=r"predictions\[0\] is null"):
        rougebleu.rouge(pl.Series([None, None]), ["a", "b"])
    out = rougebleu.rouge(pa.array([], pa.string()), pa.array([], pa.string()))
    assert all(len(v.fmeasure) == 0 for v in out.values())


def test_invalid_utf8_from_a_producer_is_an_error_not_a_crash():
    # Bytes reinterpreted as strings without validation: the reader checks UTF-8 itself.
    bad = pa.Array.from_buffers(
        pa.string(), 2, [None, pa.py_buffer(np.array([0, 1, 3], np.int32).tobytes()), pa.py_buffer(b"a\xff\xfe")]
    )
    with pytest.raises(ValueError, match=r"predictions: row 1 is not valid UTF-8"):
        rougebleu.rouge(bad, ["a", "b"])
    # A null row may hold any bytes.
    masked = pa.Array.from_buffers(
        pa.string(),
        2,
        [pa.py_buffer(bytes([0b01])), pa.py_buffer(np.array([0, 1, 3], np.int32).tobytes()), pa.py_buffer(b"a\xff\xfe")],
        null_count=1,
    )
    assert rougebleu.BLEU().sentence_scores(["a", "b"], [masked, ["a", "b"]]).shape == (2,)


def test_columns_are_not_copied_into_python_strings(monkeypatch):
    # The native reader never calls to_pylist / iteration; a column that fails when iterated works.
    class Opaque:
        def __init__(self, arr):
            self._arr = arr

        def __arrow_c_stream__(self, requested_schema=None):
            return self._arr.__arrow_c_stream__(requested_schema)

        def __len__(self):
            return len(self._arr)

        def __iter__(self):
            raise AssertionError("iterated")

    preds, refs = Opaque(pa.chunked_array([SAMPLE_PREDS])), Opaque(pa.chunked_array([SAMPLE_REFS]))
    assert_rouge_equal(rougebleu.rouge(preds, refs), rougebleu.rouge(SAMPLE_PREDS, SAMPLE_REFS))
    bleu = rougebleu.BLEU()
    np.testing.assert_array_equal(bleu.sentence_scores(preds, [refs]), bleu.sentence_scores(SAMPLE_PREDS, [SAMPLE_REFS]))


# -- BLEU, chrF, TER ----------------------------------------------------------------------------

METRICS = {
    "bleu": lambda: rougebleu.BLEU(effective_order=True),
    "bleu-lc": lambda: rougebleu.BLEU(lowercase=True, tokenize="intl"),
    "chrf": lambda: rougebleu.CHRF(),
    "chrf++-lc": lambda: rougebleu.CHRF(word_order=2, lowercase=True),
    "ter": lambda: rougebleu.TER(),
    "ter-cs": lambda: rougebleu.TER(case_sensitive=True),
}


@pytest.mark.parametrize("metric", sorted(METRICS))
@pytest.mark.parametrize("form", ["pa.string", "pa.large_string", "pa.string_view", "pa.chunked", "polars", "pandas.str"])
def test_mt_columns_equal_lists(wmt17, metric, form):
    hyps, refs = wmt17
    make, m = COLUMNS[form], METRICS[metric]()
    np.testing.assert_array_equal(m.sentence_scores(make(hyps), [make(refs)]), m.sentence_scores(hyps, [refs]))
    # A single text column as `references` is one reference stream.
    np.testing.assert_array_equal(m.sentence_scores(make(hyps), make(refs)), m.sentence_scores(hyps, [refs]))
    np.testing.assert_array_equal(
        m.segment_statistics(make(hyps), [make(refs)], workers=2), m.segment_statistics(hyps, [refs])
    )
    assert str(m.corpus_score(make(hyps), [make(refs)])) == str(METRICS[metric]().corpus_score(hyps, [refs]))
    np.testing.assert_array_equal(m.pairwise(make(hyps[:30]), make(refs[:20])), m.pairwise(hyps[:30], refs[:20]))


@pytest.mark.parametrize("metric", sorted(METRICS))
def test_mt_nulls_are_missing_references(wmt17, metric):
    hyps, refs = wmt17
    hyps, refs = hyps[:50], refs[:50]
    other = [r[::-1] for r in refs]
    # Row i: two references, the second missing on even rows.
    streams = [refs, [o if i % 2 else None for i, o in enumerate(other)]]
    want = METRICS[metric]().sentence_scores(hyps, streams)
    m = METRICS[metric]()
    np.testing.assert_array_equal(m.sentence_scores(pa.array(hyps), [pa.array(s) for s in streams]), want)
    rows = [[r, o] if i % 2 else [r] for i, (r, o) in enumerate(zip(refs, other))]
    np.testing.assert_array_equal(m.sentence_scores(hyps, pa.array(rows)), want)
    rows_null = [[r, o if i % 2 else None] for i, (r, o) in enumerate(zip(refs, other))]
    np.testing.assert_array_equal(m.sentence_scores(pl.Series(hyps), pa.array(rows_null)), want)
    # References cached once from columns.
    cached = type(m)(references=[pa.array(s) for s in streams]) if metric in ("bleu", "chrf", "ter") else None
    if cached is not None:
        np.testing.assert_array_equal(cached.sentence_scores(pa.array(hyps)), METRICS[metric]().sentence_scores(hyps, streams))
    with pytest.raises(ValueError, match=r"hypotheses\[3\] is null"):
        m.sentence_scores(pa.array(hyps[:3] + [None]), [refs[:4]])


def test_mt_lowercase_reads_columns_through_python_lower():
    # sacrebleu lowercases with str.lower (Final_Sigma, full case mapping): the same here.
    hyps = ["ΟΔΟΣ ΣΟΦΟΣ", "İstanbul", "STRASSE"]
    refs = ["οδος σοφος", "i̇stanbul", "strasse"]
    m = rougebleu.BLEU(lowercase=True)
    np.testing.assert_array_equal(m.sentence_scores(pa.array(hyps), [pl.Series(refs)]), m.sentence_scores(hyps, [refs]))
    t = rougebleu.TER()
    np.testing.assert_array_equal(t.sentence_scores(pa.array(hyps), pa.array(refs)), t.sentence_scores(hyps, [refs]))


# -- helpers -------------------------------------------------------------------------------------


def test_column_texts_round_trips():
    from rougebleu._rougebleu import column_texts, is_column

    v = ["a", None, "ü", ""]
    for make in (pa.array, lambda x: pa.array(x, pa.string_view()), pl.Series, lambda x: pd.Series(x, dtype=object)):
        col = make(v)
        assert is_column(col)
        assert column_texts(col) == v
    assert column_texts(pa.array([["a", None], None, []])) == [["a", None], None, []]
    assert column_texts(np.array(["a", "bc", "日本"])) == ["a", "bc", "日本"]
    big_endian = np.array(["ab", "ü"], dtype=">U2")
    assert column_texts(big_endian) == ["ab", "ü"]
    assert column_texts(np.array(["abc", "d", "ef"])[::2]) == ["abc", "ef"]
    assert not is_column(["a"]) and not is_column(("a",)) and not is_column("a")
