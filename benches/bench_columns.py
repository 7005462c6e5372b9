"""Columns in: scoring a 1-million-row Arrow column vs the same texts as Python lists, with peak memory.

    maturin develop --release && pip install pyarrow polars pandas
    python benches/bench_columns.py [--rows 1000000] [--rounds 3] [--metrics rouge,bleu]

The texts are WMT17 en-de sentences (../shared/corpus/mt/wmt17_en-de: the six system outputs as
hypotheses, the reference as reference), repeated to --rows rows and written once to a Parquet
file and to plain text files. Each case then runs in a fresh subprocess, so that its peak resident
memory (``VmHWM`` of /proc/self/status) is its own:

- ``list``: the texts read line by line into Python lists of ``str`` (data that lives in Python);
- ``to_pylist``: the Parquet columns read with pyarrow and turned into lists (``to_pylist()``), what
  a list-only API makes users with Arrow data do;
- ``pyarrow``: the Parquet columns read with ``pyarrow.parquet`` (Arrow ``string``);
- ``polars``: read with ``polars.read_parquet`` (Polars strings: Arrow ``string_view``);
- ``pandas``: read with ``pandas.read_parquet`` (pandas' Arrow-backed ``str`` dtype).

Cases take turns for --rounds rounds (one process per case and round, one scoring call each); the
figures are the fastest scoring call (all cores), the time to load the data (with ``to_pylist``:
reading plus conversion), the resident memory of the data once loaded, the peak resident memory
of the scoring call alone, and the peak of the whole process; memory is counted from the RSS after
the imports. Scores are checked identical to the list case.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import CORPUS

CASES = ["list", "to_pylist", "pyarrow", "polars", "pandas"]


def status_kib(field: str) -> int:
    """A memory figure of this process from /proc (``VmRSS``: now, ``VmHWM``: peak). The peak is
    read here rather than from ``ru_maxrss``, which Linux carries over from the parent across exec."""
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise RuntimeError(f"no {field} in /proc/self/status")


def prepare(folder: Path, rows: int) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    src = CORPUS / "mt" / "wmt17_en-de"
    ref = (src / "newstest2017.en-de.ref.de").read_text(encoding="utf-8").split("\n")[:-1]
    hyps, refs = [], []
    for path in sorted(src.glob("newstest2017.*.en-de.de")):
        lines = path.read_text(encoding="utf-8").split("\n")[: len(ref)]
        hyps += lines
        refs += ref
    reps = -(-rows // len(hyps))
    hyps, refs = (hyps * reps)[:rows], (refs * reps)[:rows]
    for name, col in (("hyp", hyps), ("ref", refs)):
        with open(folder / f"{name}.txt", "w", encoding="utf-8", newline="\n") as f:
            f.write("\n".join(col) + "\n")
    pq.write_table(pa.table({"hyp": hyps, "ref": refs}), folder / "data.parquet", row_group_size=128 * 1024)


def load(case: str, folder: Path):
    if case == "list":
        cols = []
        for name in ("hyp", "ref"):
            with open(folder / f"{name}.txt", encoding="utf-8", newline="\n") as f:
                cols.append([line[:-1] for line in f])
        return cols
    if case == "to_pylist":
        import pyarrow.parquet as pq

        t = pq.read_table(folder / "data.parquet")
        cols = [t.column("hyp").to_pylist(), t.column("ref").to_pylist()]
        del t
        return cols
    if case == "pyarrow":
        import pyarrow.parquet as pq

        t = pq.read_table(folder / "data.parquet")
        return [t.column("hyp"), t.column("ref")]
    if case == "polars":
        import polars as pl

        df = pl.read_parquet(folder / "data.parquet")
        return [df["hyp"], df["ref"]]
    if case == "pandas":
        import pandas as pd

        df = pd.read_parquet(folder / "data.parquet")
        return [df["hyp"], df["ref"]]
    raise ValueError(case)


def child(case: str, metric: str, folder: Path) -> None:
    import numpy as np

    import rougebleu

    if case != "list":
        __import__({"pyarrow": "pyarrow.parquet", "polars": "polars", "pandas": "pandas"}.get(case, "pyarrow.parquet"))
    base = status_kib("VmRSS")
    t0 = time.perf_counter()
    hyps, refs = load(case, folder)
    load_s = time.perf_counter() - t0
    loaded = status_kib("VmRSS")
    load_peak = status_kib("VmHWM")
    # Reset the peak (VmHWM) so that the next reading is the scoring call's own.
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")
    t0, c0 = time.perf_counter(), time.process_time()
    if metric == "rouge":
        out = rougebleu.rouge(hyps, refs, rouge_types=["rouge1", "rouge2", "rougeL"])["rougeL"].fmeasure
    else:
        out = rougebleu.BLEU(effective_order=True).sentence_scores(hyps, [refs])
    score_s, score_cpu = time.perf_counter() - t0, time.process_time() - c0
    score_peak = status_kib("VmHWM")
    np.save(folder / f"out_{case}_{metric}.npy", out)
    mib = lambda kib: (kib - base) / 1024
    print(
        json.dumps(
            {
                "score_s": score_s,
                "score_cpu": score_cpu,
                "load_s": load_s,
                "data_mib": mib(loaded),
                "score_peak_mib": mib(score_peak),
                "peak_mib": mib(max(load_peak, score_peak)),
            }
        )
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--rounds", type=int, default=3, help="rounds of one process per case")
    ap.add_argument("--metrics", default="rouge,bleu")
    ap.add_argument("--child", nargs=3, metavar=("CASE", "METRIC", "FOLDER"))
    args = ap.parse_args()
    if args.child:
        child(args.child[0], args.child[1], Path(args.child[2]))
        return
    import numpy as np

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        prepare(folder, args.rows)
        print(f"{args.rows:,} rows of WMT17 en-de; {os.cpu_count()} cores; {args.rounds} rounds, cases taking turns")
        print(f"load average {os.getloadavg()[0]:.2f} at start")
        print("memory in MiB above the RSS after the imports\n")
        for metric in args.metrics.split(","):
            results: dict[str, list[dict]] = {c: [] for c in CASES}
            for _ in range(args.rounds):
                for case in CASES:
                    cmd = [sys.executable, __file__, "--child", case, metric, tmp]
                    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
                    results[case].append(json.loads(out.strip().splitlines()[-1]))
                    same = np.array_equal(
                        np.load(folder / f"out_{case}_{metric}.npy"), np.load(folder / f"out_list_{metric}.npy")
                    )
                    if not same:
                        raise SystemExit(f"{metric} {case}: scores differ from the list case")
            best = {c: {k: min(r[k] for r in rs) for k in rs[0]} for c, rs in results.items()}
            print(
                f"{metric:6} {'case':10} {'score s':>8} {'vs list':>8} {'CPU s':>7} {'vs list':>8} {'load s':>7} {'data':>6}"
                f" {'scoring peak':>13} {'peak':>6}"
            )
            for case, r in best.items():
                ratio = best["list"]["score_s"] / r["score_s"]
                cpu_ratio = best["list"]["score_cpu"] / r["score_cpu"]
                print(
                    f"{'':6} {case:10} {r['score_s']:8.2f} {ratio:7.2f}x {r['score_cpu']:7.2f} {cpu_ratio:7.2f}x"
                    f" {r['load_s']:7.2f} {r['data_mib']:6.0f} "
                    f"{r['score_peak_mib']:13.0f} {r['peak_mib']:6.0f}"
                )
            print(f"load average {os.getloadavg()[0]:.2f}\n", flush=True)


if __name__ == "__main__":
    main()
