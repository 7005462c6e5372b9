"""`rougebleu compare` against compare-mt 0.2.10, as whole processes, and a large ROUGE report.

    maturin develop --release
    python benches/bench_compare.py [--rounds 3] [--peer-rounds 2] [--segments 100000] [--skip-large]

1. MT: WMT21 en-de (1,002 segments), reference A and two systems (Facebook-AI, UEdin). compare-mt
   writes its default HTML report (`compare-mt REF A B --output_directory DIR`: BLEU and length
   scores, word accuracy by frequency, sentence buckets, n-grams, examples, matplotlib figures);
   rougebleu writes its full HTML report (`rougebleu compare -r REF A B -m bleu chrf -o r.html`:
   BLEU and chrF with paired bootstrap tests of 1,000 resamples, intervals, every analysis, SVG
   plots). Each runs as a fresh process (interpreter start-up and imports included); wall-clock and
   CPU time (user + system of the process), best of N.
2. ROUGE at scale: a 5-system report on `--segments` segments (default 100,000) built from
   REALSumm's CNN/DailyMail summaries (each segment a document's reference, its sentences shuffled
   and half the time one sentence of another document's added, and per system one of the 24
   systems' summaries of it with its sentences shuffled and some dropped, so that texts repeat
   rarely), `-m rouge1 rouge2 rougeL rougeLsum`, paired bootstrap of 1,000 resamples, HTML
   output, on one core (`RAYON_NUM_THREADS=1`, and `taskset -c 0` where available).

The corpus is read from ../shared/corpus (or $ROUGEBLEU_CORPUS).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import CORPUS  # noqa: E402

WMT21 = CORPUS / "mt" / "wmt21_en-de"
REF = WMT21 / "newstest2021.en-de.ref.A.de"
SYSTEMS = [WMT21 / f"newstest2021.en-de.hyp.{s}.de" for s in ("Facebook-AI", "UEdin")]
ROUGE_TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]


def timed(cmd: list[str], rounds: int, env: dict | None = None, before: list[str] | None = None) -> tuple[float, float]:
    """Best wall-clock and best CPU time (user + system of the child) of `rounds` runs; `before`
    is a directory emptied before each run."""
    best, best_cpu = float("inf"), float("inf")
    for _ in range(rounds):
        for d in before or []:
            shutil.rmtree(d, ignore_errors=True)
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        p = subprocess.run(cmd, env=env, capture_output=True, check=False)
        best = min(best, time.perf_counter() - t0)
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        best_cpu = min(best_cpu, r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime)
        if p.returncode != 0:
            raise RuntimeError(f"{cmd[:4]} failed: {p.stderr.decode(errors='replace')[-800:]}")
    return best, best_cpu


def mt(rounds: int, peer_rounds: int, work: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "SACREBLEU_SEED")}
    ours = [sys.executable, "-m", "rougebleu", "compare", "-r", str(REF), *map(str, SYSTEMS), "-m", "bleu", "chrf"]
    ours += ["--paired-bs-n", "1000", "-o", str(work / "rougebleu.html")]
    out_dir = work / "compare-mt"
    peer = [sys.executable, "-m", "compare_mt.compare_mt_main", str(REF), *map(str, SYSTEMS)]
    peer += ["--output_directory", str(out_dir)]
    # One untimed run each: matplotlib builds its font cache on its first start.
    timed(peer, 1, env, [str(out_dir)])
    timed(ours, 1, env)
    t_ours, cpu_ours = timed(ours, rounds, env)
    t_peer, cpu_peer = timed(peer, peer_rounds, env, [str(out_dir)])
    html = (work / "rougebleu.html").read_text(encoding="utf-8")
    print(f"MT report: WMT21 en-de, reference A, {len(SYSTEMS)} systems, 1,002 segments")
    print(
        f"  compare-mt 0.2.10 (default HTML report)   {t_peer:7.3f} s wall  {cpu_peer:7.3f} s CPU  (best of {peer_rounds})"
    )
    print(
        f"  rougebleu compare (BLEU + chrF, 1000 bs)  {t_ours:7.3f} s wall  {cpu_ours:7.3f} s CPU  (best of {rounds})"
    )
    print(
        f"  ratio: {t_peer / t_ours:.1f}x wall, {cpu_peer / cpu_ours:.1f}x CPU; our report {len(html):,} bytes, "
        f"{html.count('<svg')} plots"
    )


def _realsumm(segments: int, systems: int, folder: Path) -> list[Path]:
    """Reference and system files of `segments` lines from REALSumm (see the module docstring)."""
    docs: dict[str, dict] = {}
    with open(CORPUS / "summ" / "realsumm_cnndm.jsonl", encoding="utf-8") as f:
        for line in f:
            it = json.loads(line)
            d = docs.setdefault(it["doc_id"], {"ref": it["references"][0], "cands": []})
            d["cands"].append(it["candidate"])
    ids = sorted(docs)
    rng = random.Random(20)
    paths = [folder / "ref.txt", *(folder / f"sys{k + 1}.txt" for k in range(systems))]
    files = [open(p, "w", encoding="utf-8") for p in paths]
    try:
        for i in range(segments):
            doc = docs[ids[i % len(ids)]]
            # The reference's sentences shuffled, half the time with one of another document's.
            ref = doc["ref"].split("\n")
            rng.shuffle(ref)
            if rng.random() < 0.5:
                ref.insert(rng.randrange(len(ref) + 1), rng.choice(docs[rng.choice(ids)]["ref"].split("\n")))
            files[0].write("\\n".join(ref) + "\n")
            for k in range(systems):
                sents = rng.choice(doc["cands"]).split("\n")
                rng.shuffle(sents)
                keep = [s for s in sents if rng.random() < 0.85] or sents[:1]
                files[k + 1].write("\\n".join(keep) + "\n")
    finally:
        for f in files:
            f.close()
    return paths


def large(segments: int, rounds: int, work: Path) -> None:
    paths = _realsumm(segments, 5, work)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["RAYON_NUM_THREADS"] = "1"
    cmd = [sys.executable, "-m", "rougebleu", "compare", "-r", str(paths[0]), *map(str, paths[1:])]
    cmd += ["-m", *ROUGE_TYPES, "--paired-bs-n", "1000", "-o", str(work / "large.html")]
    pinned = shutil.which("taskset") is not None
    if pinned:
        cmd = ["taskset", "-c", "0", *cmd]
    t, cpu = timed(cmd, rounds, env)
    size = (work / "large.html").stat().st_size
    print(f"ROUGE report: {segments:,} segments x 5 systems, {' '.join(ROUGE_TYPES)}, 1,000 paired resamples, HTML")
    core = "one core (RAYON_NUM_THREADS=1" + (", taskset -c 0)" if pinned else ")")
    print(
        f"  rougebleu compare on {core}: {t:7.3f} s wall  {cpu:7.3f} s CPU  (best of {rounds}); report {size:,} bytes"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--peer-rounds", type=int, default=2)
    ap.add_argument("--segments", type=int, default=100_000)
    ap.add_argument("--large-rounds", type=int, default=1)
    ap.add_argument("--skip-mt", action="store_true")
    ap.add_argument("--skip-large", action="store_true")
    args = ap.parse_args()
    from rougebleu._rougebleu import __version__

    print(f"rougebleu {__version__}, Python {sys.version.split()[0]}, {os.cpu_count()} cores\n")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        if not args.skip_mt:
            mt(args.rounds, args.peer_rounds, work)
            print()
        if not args.skip_large:
            large(args.segments, args.large_rounds, work)


if __name__ == "__main__":
    main()
