"""ROUGE throughput: rougebleu vs rouge-score-rs vs rouge_score, side by side in one run.

    pip install ".[bench]"   # or: maturin develop --release && pip install rouge-score-rs rouge-score
    python benches/bench_rouge.py [--repeat 4] [--rouge-score-pairs 400] [--threads 1 2 ...]

Workload: REALSumm (../shared/corpus/summ/realsumm_cnndm.jsonl, 2,400 pairs) repeated --repeat
times, rouge1 + rouge2 + rougeL + rougeLsum, Porter stemmer on. Every measurement runs in a fresh
subprocess with RAYON_NUM_THREADS set, so each library's thread pool has exactly that many
threads. rouge_score (pure Python, single-threaded) is timed on the first --rouge-score-pairs
pairs; all figures are pairs per second, so the ratios compare like with like.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

from _common import CORPUS, best_of

TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]


def load_pairs(corpus: Path, repeat: int) -> tuple[list[str], list[str]]:
    with (corpus / "summ" / "realsumm_cnndm.jsonl").open(encoding="utf-8") as f:
        items = [json.loads(line) for line in f]
    preds = [it["candidate"] for it in items] * repeat
    refs = [it["references"][0] for it in items] * repeat
    return preds, refs


def run_one(impl: str, corpus: Path, repeat: int, limit: int, rounds: int) -> dict:
    """Runs inside the subprocess: time one implementation, return pairs/s."""
    preds, refs = load_pairs(corpus, repeat)
    if impl == "rougebleu.rouge":
        import rougebleu

        fn = lambda: rougebleu.rouge(preds, refs, rouge_types=TYPES, use_stemmer=True)  # noqa: E731
    elif impl == "rougebleu.score_batch":
        import rougebleu

        scorer = rougebleu.RougeScorer(TYPES, use_stemmer=True)
        fn = lambda: scorer.score_batch(refs, preds)  # noqa: E731
    elif impl == "rouge_score_rs.score_batch":
        from rouge_score_rs import rouge_scorer

        scorer = rouge_scorer.RougeScorer(TYPES, use_stemmer=True)
        fn = lambda: scorer.score_batch(refs, preds)  # noqa: E731
    elif impl == "rouge_score.score":
        from rouge_score import rouge_scorer

        scorer = rouge_scorer.RougeScorer(TYPES, use_stemmer=True)
        preds, refs = preds[:limit], refs[:limit]
        fn = lambda: [scorer.score(r, p) for r, p in zip(refs, preds)]  # noqa: E731
        rounds = 1
    else:
        raise ValueError(impl)
    fn()  # warm-up: stemmer caches, thread pools, page faults
    seconds = best_of(fn, rounds)[0]
    return {"impl": impl, "pairs": len(preds), "seconds": seconds, "pairs_per_s": len(preds) / seconds}


def measure(impl: str, threads: int, args: argparse.Namespace) -> dict:
    env = dict(os.environ, RAYON_NUM_THREADS=str(threads))
    cmd = [
        sys.executable,
        __file__,
        "--child",
        impl,
        "--corpus",
        str(args.corpus),
        "--repeat",
        str(args.repeat),
        "--rouge-score-pairs",
        str(args.rouge_score_pairs),
        "--rounds",
        str(args.rounds),
    ]
    out = subprocess.run(cmd, env=env, check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--corpus", type=Path, default=CORPUS)
    p.add_argument("--repeat", type=int, default=4)
    p.add_argument("--rouge-score-pairs", type=int, default=400)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--threads", type=int, nargs="+", default=sorted({1, os.cpu_count() or 1}))
    p.add_argument("--child", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.child:
        print(json.dumps(run_one(args.child, args.corpus, args.repeat, args.rouge_score_pairs, args.rounds)))
        return

    print(f"REALSumm x{args.repeat}, {'+'.join(TYPES)}, stemmer on; best of {args.rounds}; cpus={os.cpu_count()}")
    baseline = measure("rouge_score.score", 1, args)
    print(
        f"{'rouge_score.score (1 thread)':<40}{baseline['pairs_per_s']:>12,.0f} pairs/s  (on {baseline['pairs']} pairs)"
    )
    for threads in args.threads:
        peer = measure("rouge_score_rs.score_batch", threads, args)
        print(f"\nthreads = {threads}")
        print(f"  {'rouge_score_rs.score_batch':<38}{peer['pairs_per_s']:>12,.0f} pairs/s")
        for impl in ("rougebleu.rouge", "rougebleu.score_batch"):
            ours = measure(impl, threads, args)
            print(
                f"  {impl:<38}{ours['pairs_per_s']:>12,.0f} pairs/s   "
                f"x{ours['pairs_per_s'] / peer['pairs_per_s']:.2f} rouge-score-rs   "
                f"x{ours['pairs_per_s'] / baseline['pairs_per_s']:.0f} rouge_score"
            )


if __name__ == "__main__":
    main()
