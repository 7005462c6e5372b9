"""Spark (local mode) and Ray (a local cluster) really running rougebleu on REALSumm and WMT data:
per-row scores and corpus scores identical to the single-process API."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import rougebleu
from conftest import read_jsonl
from rougebleu.stats import BleuStats, RougeStats

ROUGE_TYPES = ["rouge1", "rouge2", "rougeLsum"]


def _summ(corpus: Path, step: int) -> tuple[list[str], list[str]]:
    rows = read_jsonl(corpus / "summ/realsumm_cnndm.jsonl")[::step]
    return [r["candidate"] for r in rows], [r["references"][0] for r in rows]


def _wmt(corpus: Path, n: int) -> tuple[list[str], list[list[str]]]:
    folder = corpus / "mt/wmt21_en-de"
    read = lambda name: (folder / name).read_text(encoding="utf-8").splitlines()[:n]  # noqa: E731
    hyps = read("newstest2021.en-de.hyp.Facebook-AI.de")
    return hyps, [read(f"newstest2021.en-de.ref.{r}.de") for r in "AC"]


@pytest.fixture(scope="module")
def spark():
    pytest.importorskip("pyspark")
    from rougebleu.spark import local_session

    session = local_session(2, **{"spark.sql.execution.arrow.maxRecordsPerBatch": "50"})
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


@pytest.fixture(scope="module")
def ray_cluster():
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield ray
    ray.shutdown()


def test_spark_rouge_on_realsumm(spark, corpus: Path):
    from rougebleu import spark as rs

    preds, refs = _summ(corpus, 10)
    # createDataFrame keeps the list's order across its partitions (needed for the bootstrap rows).
    df = spark.createDataFrame(list(zip(preds, refs)), "prediction string, reference string")
    opts = {"rouge_types": ROUGE_TYPES, "use_stemmer": True}

    rows = rs.scores(df, "rouge", **opts).collect()
    expect = rougebleu.rouge(preds, refs, **opts)
    for t in ROUGE_TYPES:
        for f in ("precision", "recall", "fmeasure"):
            got = np.array([r[f"{t}_{f}"] for r in rows])
            assert np.array_equal(got, getattr(expect[t], f)), (t, f)

    # Any partitioning gives the same bits.
    stats = rs.statistics(df.repartition(5), "rouge", **opts)
    assert stats == RougeStats.compute(preds, refs, **opts)
    for average in ("macro", "micro"):
        direct = rougebleu.rouge_corpus(preds, refs, average=average, n_bootstrap=0, **opts)
        assert stats.score(average) == {t: tuple(iv.score for iv in direct[t]) for t in ROUGE_TYPES}

    kept = rs.statistics(df, "rouge", keep_items=True, **opts)
    assert kept.corpus(n_bootstrap=300, seed=3) == rougebleu.rouge_corpus(preds, refs, n_bootstrap=300, seed=3, **opts)


def test_spark_mt_on_wmt(spark, corpus: Path):
    from rougebleu import spark as rs

    hyps, streams = _wmt(corpus, 300)
    rows = [(h, [s[i] for s in streams]) for i, h in enumerate(hyps)]
    df = spark.createDataFrame(rows, "prediction string, refs array<string>").repartition(3)
    import sacrebleu

    for metric, ref_metric, opts in (
        ("bleu", sacrebleu.BLEU(), {}),
        ("chrf", sacrebleu.CHRF(word_order=2), {"word_order": 2}),
        ("ter", sacrebleu.TER(), {}),
    ):
        assert (
            rs.corpus_score(df, metric, reference_col="refs", **opts).score
            == ref_metric.corpus_score(hyps, streams).score
        )
    sentence = rs.scores(df, "bleu", reference_col="refs", effective_order=True).collect()
    by_text = {(r["prediction"], tuple(r["refs"])): r["bleu"] for r in sentence}
    single = rougebleu.BLEU(effective_order=True).sentence_scores(hyps, streams)
    assert [by_text[(h, tuple(s[i] for s in streams))] for i, h in enumerate(hyps)] == list(single)


def test_spark_missing_references(spark):
    # The batches reach the native calls as Arrow columns; a null reference in a list column is
    # a missing one (sacrebleu's None), a null prediction an error naming the row.
    from rougebleu import spark as rs

    rows = [("the cat sat on the mat", ["the cat sat on a mat", None]), ("a dog barked", [None, "the dog barked"])]
    df = spark.createDataFrame(rows, "prediction string, refs array<string>")
    streams = [["the cat sat on a mat", None], [None, "the dog barked"]]
    hyps = [h for h, _ in rows]
    assert rs.statistics(df, "chrf", reference_col="refs") == rougebleu.stats.ChrfStats.compute(hyps, streams)
    assert rs.corpus_score(df, "ter", reference_col="refs").score == rougebleu.TER().corpus_score(hyps, streams).score
    nulls = spark.createDataFrame([("a b", "a b"), (None, "c d")], "prediction string, reference string")
    with pytest.raises(Exception, match=r"predictions\[\d+\] is null \(missing\)"):
        rs.statistics(nulls, "rouge")


def test_spark_local_session_settings(spark):
    # local_session's defaults apply where the caller gave none; the caller's settings win.
    from rougebleu import spark as rs

    assert spark.conf.get("spark.sql.execution.arrow.maxRecordsPerBatch") == "50"
    assert spark.conf.get("spark.ui.enabled") == "false"
    assert spark.conf.get("spark.sql.shuffle.partitions") == "2"

    # Batches cut by size (here a few rows each; 50-row batches otherwise) give the same statistics
    # and row order.
    def batch_sizes(batches):  # defined here: the workers cannot import this test module
        import pyarrow as pa

        for batch in batches:
            yield pa.RecordBatch.from_pydict({"n": [batch.num_rows]})

    words = "the cat sat on a mat while the dog slept under straße café naïve 猫 tables".split()
    preds = [" ".join(words[(3 * i + j) % len(words)] for j in range(4 + i % 13)) for i in range(60)]
    refs = [" ".join(words[(5 * i + 2 * j) % len(words)] for j in range(3 + i % 11)) for i in range(60)]
    df = spark.createDataFrame(list(zip(preds, refs)), "prediction string, reference string")
    spark.conf.set("spark.sql.execution.arrow.maxBytesPerBatch", "300")
    try:
        batches = df.coalesce(1).mapInArrow(batch_sizes, "n long").collect()
        kept = rs.statistics(df, "rouge", keep_items=True, rouge_types=ROUGE_TYPES)
    finally:
        spark.conf.unset("spark.sql.execution.arrow.maxBytesPerBatch")
    assert len(batches) > 5 and sum(r.n for r in batches) == len(preds)
    assert kept.corpus(n_bootstrap=100, seed=1) == rougebleu.rouge_corpus(
        preds, refs, rouge_types=ROUGE_TYPES, n_bootstrap=100, seed=1
    )


def test_spark_empty_dataframe(spark):
    from rougebleu import spark as rs

    df = spark.createDataFrame([], "prediction string, reference string")
    assert rs.statistics(df, "bleu") == BleuStats.compute([], [[]])
    with pytest.raises(ValueError, match="unknown metric"):
        rs.scores(df, "meteor")


def _write_parquet_files(folder: Path, columns: dict[str, list], files: int, row_group: int) -> None:
    """The rows cut into `files` Parquet files (named so that their order is the rows' order) with
    row groups of `row_group` rows, and a column the scorers must not read."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    n = len(next(iter(columns.values())))
    folder.mkdir()
    bounds = [n * k // files for k in range(files + 1)]
    for k in range(files):
        part = {name: values[bounds[k] : bounds[k + 1]] for name, values in columns.items()}
        part["unused"] = list(range(bounds[k], bounds[k + 1]))
        pq.write_table(pa.table(part), folder / f"part-{k:02d}.parquet", row_group_size=row_group)


def test_spark_parquet_statistics_on_realsumm(spark, corpus: Path, tmp_path: Path):
    # The workers read the row groups themselves: the same statistics as the DataFrame path and as
    # the single-process call, rows in read_table's order for any number of tasks and batch size.
    import pyarrow.parquet as pq

    from rougebleu import spark as rs

    preds, refs = _summ(corpus, 7)
    folder = tmp_path / "summaries"
    _write_parquet_files(folder, {"prediction": preds, "reference": refs}, files=3, row_group=23)
    assert pq.read_table(folder).column("prediction").to_pylist() == preds
    opts = {"rouge_types": ROUGE_TYPES, "use_stemmer": True}
    whole = RougeStats.compute(preds, refs, keep_items=True, **opts)
    for partitions, batch_size in ((None, 10_000), (1, 10_000), (5, 9), (1000, 4)):
        kept = rs.parquet_statistics(
            spark, str(folder), "rouge", keep_items=True, partitions=partitions, batch_size=batch_size, **opts
        )
        assert kept == whole, (partitions, batch_size)
        assert kept.corpus(n_bootstrap=200, seed=5) == rougebleu.rouge_corpus(
            preds, refs, n_bootstrap=200, seed=5, **opts
        )
    files = sorted(folder.iterdir())  # a list of pathlib paths
    assert rs.parquet_statistics(spark, files, "rouge", **opts) == rs.statistics(
        spark.read.parquet(str(folder)), "rouge", **opts
    )


def test_spark_parquet_statistics_mt_on_wmt(spark, corpus: Path, tmp_path: Path):
    import sacrebleu

    from rougebleu import spark as rs

    hyps, streams = _wmt(corpus, 300)
    # A list column with a missing reference in some rows (sacrebleu's None).
    refs = [[s[i] for s in streams] if i % 7 else [streams[0][i], None] for i in range(len(hyps))]
    folder = tmp_path / "wmt"
    _write_parquet_files(folder, {"prediction": hyps, "refs": refs}, files=2, row_group=40)
    ref_streams = [[r[k] for r in refs] for k in range(2)]
    for metric, reference in (
        ("bleu", sacrebleu.BLEU()),
        ("chrf", sacrebleu.CHRF(word_order=2)),
        ("ter", sacrebleu.TER()),
    ):
        opts = {"word_order": 2} if metric == "chrf" else {}
        stats = rs.parquet_statistics(spark, str(folder), metric, reference_col="refs", partitions=3, **opts)
        assert stats.score().score == reference.corpus_score(hyps, ref_streams).score, metric


def test_spark_parquet_statistics_errors(spark, tmp_path: Path):
    import pyarrow as pa
    import pyarrow.parquet as pq

    from rougebleu import spark as rs

    path = tmp_path / "pairs.parquet"
    pq.write_table(pa.table({"prediction": ["a b", None], "reference": ["a b", "c d"]}), path)
    with pytest.raises(ValueError, match=r"path: the Parquet files have no column\(s\) \['ref'\]"):
        rs.parquet_statistics(spark, str(path), "rouge", reference_col="ref")
    with pytest.raises(TypeError, match="path: expected a path or a non-empty list of paths"):
        rs.parquet_statistics(spark, [], "rouge")
    with pytest.raises(TypeError, match="path: expected a path"):
        rs.parquet_statistics(spark, 3, "rouge")
    with pytest.raises(ValueError, match="partitions must be >= 1, got 0"):
        rs.parquet_statistics(spark, str(path), "rouge", partitions=0)
    with pytest.raises(TypeError, match="partitions must be an int, got bool"):
        rs.parquet_statistics(spark, str(path), "rouge", partitions=True)
    with pytest.raises(ValueError, match="batch_size must be >= 1, got 0"):
        rs.parquet_statistics(spark, str(path), "rouge", batch_size=0)
    with pytest.raises(TypeError, match="batch_size must be an int, got float"):
        rs.parquet_statistics(spark, str(path), "rouge", batch_size=2.5)
    with pytest.raises(ValueError, match="unknown metric"):
        rs.parquet_statistics(spark, str(path), "meteor")
    with pytest.raises(Exception, match=r"predictions\[1\] is null \(missing\)"):
        rs.parquet_statistics(spark, str(path), "rouge")
    # No rows (a file without row groups) scores as an empty DataFrame does.
    empty = tmp_path / "empty.parquet"
    pq.write_table(pa.table({"prediction": pa.array([], pa.string()), "reference": pa.array([], pa.string())}), empty)
    assert rs.parquet_statistics(spark, str(empty), "bleu") == BleuStats.compute([], [[]])


def test_ray_on_realsumm_and_wmt(ray_cluster, corpus: Path):
    import ray.data

    from rougebleu import ray as rr

    preds, refs = _summ(corpus, 20)
    ds = ray.data.from_items([{"prediction": p, "reference": r} for p, r in zip(preds, refs)], override_num_blocks=3)
    opts = {"rouge_types": ROUGE_TYPES}
    stats = rr.statistics(ds, "rouge", batch_size=17, **opts)
    assert stats == RougeStats.compute(preds, refs, **opts)
    direct = rougebleu.rouge_corpus(preds, refs, n_bootstrap=0, **opts)
    assert stats.score() == {t: tuple(iv.score for iv in direct[t]) for t in ROUGE_TYPES}
    rows = {r["prediction"]: r["rouge1_fmeasure"] for r in rr.scores(ds, "rouge", **opts).take_all()}
    expect = rougebleu.rouge(preds, refs, **opts)["rouge1"].fmeasure
    assert [rows[p] for p in preds] == list(expect)

    hyps, streams = _wmt(corpus, 200)
    mt = ray.data.from_items(
        [{"prediction": h, "refs": [s[i] for s in streams]} for i, h in enumerate(hyps)], override_num_blocks=3
    )
    import sacrebleu

    got = rr.corpus_score(mt, "chrf", reference_col="refs")
    assert got.score == sacrebleu.CHRF().corpus_score(hyps, streams).score
    got = rr.corpus_score(mt, "ter", reference_col="refs")
    assert got.score == sacrebleu.TER().corpus_score(hyps, streams).score
