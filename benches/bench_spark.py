"""Spark in local mode: the exact corpus ROUGE of N pairs with 1 and with 2 (or more) executor cores,
and a large job's time per million pairs and peak memory.

The pairs are WMT21 en-de sentence pairs (system output, reference A; `--data wmt21`, the default)
or REALSumm summaries (CNN/DailyMail system summary, first reference; `--data realsumm`, the
workload of bench_rouge.py), repeated to N rows. `--source` says where the rows come from:
- `range` (the default): Spark itself makes them (`spark.range(N)` and an index into the texts), so
  the driver never holds the data; `rougebleu.spark.statistics` of that DataFrame.
- `parquet`: a Parquet file of the N rows written first (row groups of 100,000 rows, no dictionary
  encoding, snappy), read by Spark: `rougebleu.spark.statistics(spark.read.parquet(file))`.
- `files`: the same file scored by `rougebleu.spark.parquet_statistics`, whose Python workers read
  their row groups themselves, so the text never passes through the JVM.
Each configuration runs in its own local session (`local[c]`, one task slot per core); the result
of every configuration must be the same statistics, bit for bit. By default the job has 8 partitions
per core of the configuration (`files`: 2 tasks per core); `--partitions P` runs the same job (P partitions) in every
configuration, as a strong-scaling measurement does. Sessions are those of
`rougebleu.spark.local_session` with Arrow batches of 10,000 rows; `--conf KEY=VALUE` adds Spark
settings, e.g. `--conf spark.driver.extraJavaOptions=-XX:+UseParallelGC` (the JVM's collector) or
`--conf spark.sql.execution.arrow.maxBytesPerBatch=2m` (smaller Arrow batches).

    python benches/bench_spark.py --pairs 400000 --cores 1,2
    python benches/bench_spark.py --pairs 10000000 --cores 2 --rounds 1
    python benches/bench_spark.py --data realsumm --pairs 1000000 --cores 1,2 --rounds 3
    python benches/bench_spark.py --pairs 2000000 --cores 1,2 --rounds 3 --source files

Peak memory: the largest total resident set of this process and all its descendants (the JVM and
the Python workers), sampled every 0.2 s. CPU time: user + system time of the same process tree
(the JVM's threads, the Python workers, and the children they have reaped) over the timed job,
and the JVM's part of it. Its ratio to the wall-clock time is the number of cores the job kept
busy, which on a machine shared with other work tells the scaling apart from the other jobs'
share of the cores.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import CORPUS  # noqa: E402


def _tree_rss() -> int:
    """Resident bytes of this process and its descendants (Linux /proc)."""
    children: dict[int, list[int]] = {}
    rss: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/status") as f:
                fields = dict(line.split(":", 1) for line in f if ":" in line)
        except OSError:
            continue
        pid, ppid = int(entry), int(fields.get("PPid", "0").strip())
        children.setdefault(ppid, []).append(pid)
        rss[pid] = int(fields.get("VmRSS", "0 kB").split()[0]) * 1024
    total, stack = 0, [os.getpid()]
    while stack:
        pid = stack.pop()
        total += rss.get(pid, 0)
        stack.extend(children.get(pid, []))
    return total


def _tree_cpu() -> tuple[float, float]:
    """User + system seconds of this process and its descendants, including the children they
    have waited for (/proc/PID/stat: utime, stime, cutime, cstime), and the JVM's share of them."""
    children: dict[int, list[int]] = {}
    ticks: dict[int, int] = {}
    jvm: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                comm, rest = f.read().split(" (", 1)[1].rsplit(")", 1)
        except (OSError, ValueError):
            continue
        # After the command name: state, ppid, ..., utime (14th field of the line), stime, cutime, cstime.
        fields = rest.split()
        children.setdefault(int(fields[1]), []).append(int(entry))
        ticks[int(entry)] = sum(int(x) for x in fields[11:15])
        if comm == "java":
            jvm[int(entry)] = int(fields[11]) + int(fields[12])
    total, java, stack = 0, 0, [os.getpid()]
    while stack:
        pid = stack.pop()
        total += ticks.get(pid, 0)
        java += jvm.get(pid, 0)
        stack.extend(children.get(pid, []))
    tick = os.sysconf("SC_CLK_TCK")
    return total / tick, java / tick


class PeakMemory:
    def __init__(self) -> None:
        self.peak = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.is_set():
            self.peak = max(self.peak, _tree_rss())
            time.sleep(0.2)

    def __enter__(self) -> PeakMemory:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


def _texts(data: str) -> tuple[list[str], list[str], str]:
    """Predictions, references and their description for --data."""
    if data == "realsumm":
        with (CORPUS / "summ" / "realsumm_cnndm.jsonl").open(encoding="utf-8") as f:
            items = [json.loads(line) for line in f]
        return [it["candidate"] for it in items], [it["references"][0] for it in items], "REALSumm summaries"
    folder = CORPUS / "mt/wmt21_en-de"
    hyps = (folder / "newstest2021.en-de.hyp.Online-W.de").read_text(encoding="utf-8").splitlines()
    refs = (folder / "newstest2021.en-de.ref.A.de").read_text(encoding="utf-8").splitlines()
    return hyps, refs, "WMT21 en-de sentences"


def _write_parquet(hyps: list[str], refs: list[str], n: int) -> str:
    """A temporary Parquet file of n pairs (the texts repeated), written 100,000 rows at a time."""
    import tempfile

    import pyarrow as pa
    import pyarrow.parquet as pq

    fd, path = tempfile.mkstemp(suffix=".parquet", prefix="bench_spark_")
    os.close(fd)
    schema = pa.schema([("prediction", pa.string()), ("reference", pa.string())])
    k, step = len(hyps), 100_000
    with pq.ParquetWriter(path, schema, use_dictionary=False) as writer:
        for start in range(0, n, step):
            rows = [i % k for i in range(start, min(n, start + step))]
            table = pa.table(
                {"prediction": [hyps[i] for i in rows], "reference": [refs[i] for i in rows]}, schema=schema
            )
            writer.write_table(table, row_group_size=step)
    print(f"Parquet file of {n:,} pairs: {os.path.getsize(path) / 2**20:.0f} MiB")
    return path


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--pairs", type=int, default=400_000)
    ap.add_argument("--cores", default="1,2", help="comma-separated local[c] configurations")
    ap.add_argument("--rounds", type=int, default=2, help="timed runs per configuration (best kept)")
    ap.add_argument("--data", choices=["wmt21", "realsumm"], default="wmt21")
    ap.add_argument("--source", choices=["range", "parquet", "files"], default="range")
    ap.add_argument("--types", default="rouge1,rouge2,rougeL")
    ap.add_argument("--stem", action="store_true", help="ROUGE with use_stemmer=True")
    ap.add_argument("--baseline", action="store_true", help="also time the same pairs in this process")
    ap.add_argument(
        "--partitions",
        type=int,
        default=0,
        help="partitions of the job in every configuration (default: 8 per core of the configuration)",
    )
    ap.add_argument(
        "--conf",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a Spark setting of every session (repeatable), e.g. spark.driver.extraJavaOptions=-XX:+UseSerialGC",
    )
    args = ap.parse_args()

    from pyspark.sql import functions as F

    from rougebleu import spark as rs

    hyps, refs, what = _texts(args.data)
    k = len(hyps)
    words = sum(len(h.split()) + len(r.split()) for h, r in zip(hyps, refs)) / (2 * k)
    types = args.types.split(",")
    opts = {"rouge_types": types, "use_stemmer": args.stem}
    print(
        f"{args.pairs:,} pairs of {what} ({k} distinct pairs, {words:.1f} words per text), {opts}, source {args.source}"
    )
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at start")

    if args.baseline:
        # The same pairs scored in this process (lists, no Spark), for Spark's overhead.
        from rougebleu.stats import RougeStats

        preds = [hyps[i % k] for i in range(args.pairs)]
        targets = [refs[i % k] for i in range(args.pairs)]
        for workers in (1, 2):
            t0 = time.perf_counter()
            RougeStats.compute(preds, targets, workers=workers, **opts)
            t = time.perf_counter() - t0
            print(
                f"in-process RougeStats.compute, workers={workers}: {t:.1f} s, {t / (args.pairs / 1e6):.1f} s per million"
            )
        del preds, targets

    parquet = _write_parquet(hyps, refs, args.pairs) if args.source != "range" else None

    # Rounds alternate between the configurations (1, 2, 1, 2, ...), each in a fresh session, so
    # that a change in the machine's other load hits every configuration alike; the best is kept.
    configs = [int(c) for c in args.cores.split(",")]
    best: dict[int, float] = {c: float("inf") for c in configs}
    best_cpu: dict[int, float] = {c: float("inf") for c in configs}
    peak: dict[int, int] = {c: 0 for c in configs}
    stats_of: dict[int, object] = {}
    for _ in range(args.rounds):
        for cores in configs:
            conf = {"spark.sql.execution.arrow.maxRecordsPerBatch": "10000", "spark.ui.showConsoleProgress": "false"}
            conf.update(kv.split("=", 1) for kv in args.conf)
            spark = rs.local_session(cores, **conf)
            spark.sparkContext.setLogLevel("ERROR")
            idx = (F.col("id") % k + 1).cast("int")

            def pairs(n: int, parts: int, spark=spark, idx=idx):
                return spark.range(0, n, numPartitions=parts).select(
                    F.element_at(F.array(*[F.lit(h) for h in hyps]), idx).alias("prediction"),
                    F.element_at(F.array(*[F.lit(r) for r in refs]), idx).alias("reference"),
                )

            if args.source == "files":
                # parquet_statistics' default: 2 tasks per core, each reading consecutive row groups.
                parts = args.partitions or 2 * cores

                def job(spark=spark, parts=parts):
                    return rs.parquet_statistics(spark, parquet, "rouge", partitions=parts, **opts)

            else:
                # Spark splits a Parquet file by its own rules; --partitions applies to `range`.
                df = pairs(args.pairs, args.partitions or 8 * cores) if parquet is None else spark.read.parquet(parquet)

                def job(df=df):
                    return rs.statistics(df, "rouge", **opts)

            # Start one Python worker per task slot before timing (a worker's first task imports
            # pyarrow, pandas and rougebleu): one concurrent task per core, two batches each.
            rs.statistics(pairs(20_000 * cores, cores), "rouge", **opts)
            with PeakMemory() as mem:
                (c0, j0), t0 = _tree_cpu(), time.perf_counter()
                stats_of[cores] = job()
                t, (c1, j1) = time.perf_counter() - t0, _tree_cpu()
                cpu, jvm = c1 - c0, j1 - j0
            spark.stop()
            best[cores] = min(best[cores], t)
            best_cpu[cores] = min(best_cpu[cores], cpu)
            peak[cores] = max(peak[cores], mem.peak)
            print(
                f"local[{cores}]: {t:.1f} s ({t / (args.pairs / 1e6):.1f} s per million pairs), "
                f"CPU {cpu:.1f} s (JVM {jvm:.1f} s; {cpu / t:.2f} cores busy), peak RSS (driver + JVM + workers) {mem.peak / 2**20:.0f} MiB, load average {os.getloadavg()[0]:.1f}",
                flush=True,
            )
    results = {c: (best[c], stats_of[c], peak[c]) for c in configs}
    for cores, (t, _, mem_peak) in results.items():
        cpu = best_cpu[cores]
        print(
            f"best local[{cores}]: {t:.1f} s, {t / (args.pairs / 1e6):.1f} s per million pairs, peak {mem_peak / 2**20:.0f} MiB;"
            f" least CPU {cpu:.1f} s, {cpu / (args.pairs / 1e6):.1f} CPU s per million pairs"
        )
    base = min(results)
    for cores, (t, stats, _) in results.items():
        assert stats == results[base][1], "the statistics differ between configurations"
        if cores != base:
            print(f"local[{cores}] vs local[{base}]: {results[base][0] / t:.2f}x")
    print("corpus F:", {t: s.fmeasure for t, s in results[base][1].score().items()})
    if parquet is not None:
        os.remove(parquet)


if __name__ == "__main__":
    main()
