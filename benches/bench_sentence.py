"""Sentence-level speed: `sentence_scores` against the loop users write with sacrebleu, one thread.

Build first with `maturin develop --release`, then:
    RAYON_NUM_THREADS=1 python benches/bench_sentence.py [--rounds 5] [--corpus DIR]
(default corpus: ../shared/corpus next to the repository), or `make bench-sentence`.

The loop users write: one sacrebleu metric object, made fresh for each timed run (so its caches
start cold, as in a new process) and reused over the 3,004 WMT17 en-de segments,
`[m.sentence_score(h, [r]).score for h, r in zip(hyps, ref)]`. Against it: a fresh rougebleu
metric and one `sentence_scores(hyps, [ref], workers=1)` call, which returns the same numbers as a
float64 array (checked bit for bit before timing). Metrics: BLEU with effective order, chrF,
chrF++ (`word_order=2`) and TER, all with default options otherwise.

Each figure is CPU time of the process (`time.process_time`: the machine is shared, and wall time
counts other jobs' turns; with one rayon thread the work is one thread's), with OpenBLAS held to
one thread for both sides (`OPENBLAS_NUM_THREADS=1`, set here before NumPy loads: its helper
threads would otherwise add their idle spinning to the process' CPU time), the best of `--rounds`
runs; both sides take turns within every round. The output gives µs per segment for each side and
their ratio. The labelled extra row per metric times sacrebleu with a new metric object per
segment (what `bench_chrf.py` used to time), which charges the constructor to every segment.
"""

from __future__ import annotations

import os

# Before NumPy loads (see the docstring): OpenBLAS' helper threads count in the process' CPU time.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any, Callable  # noqa: E402

import sacrebleu  # noqa: E402
from _common import CORPUS  # noqa: E402

from rougebleu.mt.bleu import BLEU  # noqa: E402
from rougebleu.mt.chrf import CHRF  # noqa: E402
from rougebleu.mt.ter import TER  # noqa: E402

SYSTEM = "uedin-nmt.4722"

# name -> (rougebleu metric factory, sacrebleu metric factory)
METRICS: dict[str, tuple[Callable[[], Any], Callable[[], Any]]] = {
    "BLEU (effective order)": (lambda: BLEU(effective_order=True), lambda: sacrebleu.BLEU(effective_order=True)),
    "chrF": (lambda: CHRF(), lambda: sacrebleu.CHRF()),
    "chrF++": (lambda: CHRF(word_order=2), lambda: sacrebleu.CHRF(word_order=2)),
    "TER": (lambda: TER(), lambda: sacrebleu.TER()),
}


def lines(path: Path) -> list[str]:
    with path.open(encoding="utf-8", newline="\n") as f:
        return [line.rstrip("\n") for line in f]


def cpu_seconds(fn: Callable[[], Any]) -> tuple[float, Any]:
    t0 = time.process_time()
    out = fn()
    return time.process_time() - t0, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=5, help="timed runs per side (the fastest counts)")
    ap.add_argument("--corpus", type=Path, default=CORPUS, help="the conformance corpus folder")
    ap.add_argument("--metrics", nargs="*", default=list(METRICS), choices=list(METRICS), metavar="NAME")
    ap.add_argument("--no-extra", action="store_true", help="skip the per-segment-constructor row")
    args = ap.parse_args()

    folder = args.corpus / "mt" / "wmt17_en-de"
    ref = lines(folder / "newstest2017.en-de.ref.de")
    hyp = lines(folder / f"newstest2017.{SYSTEM}.en-de.de")
    n = len(hyp)
    env = f"RAYON_NUM_THREADS={os.environ.get('RAYON_NUM_THREADS')}  OPENBLAS_NUM_THREADS={os.environ.get('OPENBLAS_NUM_THREADS')}"
    print(f"{env}  cores={os.cpu_count()}  system={SYSTEM}")
    print(f"sentence scores of {n:,} segments, one thread, CPU time, best of {args.rounds} (µs per segment)\n")
    print(f"{'metric':24} {'rougebleu':>10} {'sacrebleu loop':>15} {'ratio':>8}")

    for name in args.metrics:
        ours_factory, sacre_factory = METRICS[name]

        def ours() -> Any:
            return ours_factory().sentence_scores(hyp, [ref], workers=1)

        def loop() -> list[float]:
            m = sacre_factory()
            return [m.sentence_score(h, [r]).score for h, r in zip(hyp, ref)]

        # Equal to the last bit before anything is timed.
        assert ours().tolist() == loop(), name
        t_ours = t_loop = float("inf")
        for _ in range(args.rounds):
            t, _ = cpu_seconds(ours)
            t_ours = min(t_ours, t)
            t, _ = cpu_seconds(loop)
            t_loop = min(t_loop, t)
        us_ours, us_loop = t_ours / n * 1e6, t_loop / n * 1e6
        print(f"{name:24} {us_ours:10.2f} {us_loop:15.1f} {t_loop / t_ours:7.1f}x", flush=True)

        if not args.no_extra:

            def fresh_per_segment() -> list[float]:
                return [sacre_factory().sentence_score(h, [r]).score for h, r in zip(hyp, ref)]

            t_fresh = min(cpu_seconds(fresh_per_segment)[0] for _ in range(max(1, args.rounds // 2)))
            us_fresh = t_fresh / n * 1e6
            print(
                f"{'  extra: new object/seg':24} {'':10} {us_fresh:15.1f} {t_fresh / t_ours:7.1f}x",
                flush=True,
            )


if __name__ == "__main__":
    main()
