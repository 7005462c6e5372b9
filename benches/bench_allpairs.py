"""All-pairs utilities, peers side by side: `rouge_pairwise` vs `rouge()` on the N·M pairs,
`expected_utility` (MBR, sentence BLEU) vs a sacrebleu loop and vs our own `pairwise` + mean, and
`top_k` time and peak memory.

Build first with `maturin develop --release`, then:
    RAYON_NUM_THREADS=1 python benches/bench_allpairs.py [CORPUS_DIR] [--only rouge|mbr|topk] [--cpu]
Everything runs on one thread (`workers=1`) except the top-k runs, which use all cores. Each
figure is the best of several runs; each comparison checks that the numbers agree. `--cpu` times
the one-thread parts in CPU time instead of wall time (steadier on a shared machine).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import sacrebleu
from _common import lines

import rougebleu

CLOCK = time.perf_counter


def best_of(fn, repeat: int) -> tuple[float, object]:
    best, out = float("inf"), None
    for _ in range(repeat):
        t0 = CLOCK()
        out = fn()
        best = min(best, CLOCK() - t0)
    return best, out


TOPK_CHILD = """
import json, resource, sys, time
import rougebleu
texts = json.load(open(sys.argv[1]))
nq, nc = int(sys.argv[2]), int(sys.argv[3])
q = [texts[i % len(texts)] + (" %d" % (i // len(texts)) if i >= len(texts) else "") for i in range(nq)]
c = [texts[(i * 7) % len(texts)] for i in range(nc)]
t0 = time.perf_counter()
idx, sc = rougebleu.top_k(q, c, 10, metric="bleu")
t = time.perf_counter() - t0
print(json.dumps({"seconds": t, "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus", nargs="?", type=Path, default=Path(__file__).resolve().parents[2] / "shared" / "corpus")
    ap.add_argument("--only", choices=["rouge", "mbr", "topk"], help="run one part only")
    ap.add_argument("--cpu", action="store_true", help="time the one-thread parts in CPU time")
    args = ap.parse_args()
    if args.cpu:
        global CLOCK
        CLOCK = time.process_time
    root, only = args.corpus, args.only
    clock = "CPU time" if args.cpu else "wall time"
    print(f"RAYON_NUM_THREADS={os.environ.get('RAYON_NUM_THREADS')}  cores={os.cpu_count()}  {clock}")
    items = [json.loads(x) for x in (root / "summ" / "realsumm_cnndm.jsonl").read_text().splitlines() if x.strip()]
    hyps = [it["candidate"] for it in items[:200]]
    refs = sorted({it["references"][0] for it in items})[:100]

    if only in (None, "rouge"):
        rouge_part(hyps, refs)
    wmt = root / "mt" / "wmt17_en-de"
    samples = lines(wmt / "newstest2017.online-A.0.en-de.de")[:1000]
    if only in (None, "mbr"):
        mbr_part(samples)
    if only in (None, "topk"):
        topk_part(wmt, samples)


def rouge_part(hyps: list[str], refs: list[str]) -> None:
    print(f"\n1. rouge_pairwise vs rouge() over the N x M pairs (REALSumm, {len(hyps)} x {len(refs)}), one thread")
    for rouge_type, stem in [("rouge1", True), ("rouge2", True), ("rougeL", True), ("rougeLsum", False)]:
        t_pw, pw = best_of(
            lambda: rougebleu.rouge_pairwise(hyps, refs, rouge_type=rouge_type, use_stemmer=stem, workers=1), 10
        )
        fh, fr = [h for h in hyps for _ in refs], [r for _ in hyps for r in refs]
        t_all, allp = best_of(lambda: rougebleu.rouge(fh, fr, rouge_types=[rouge_type], use_stemmer=stem, workers=1), 2)
        assert np.array_equal(pw.fmeasure.reshape(-1), allp[rouge_type].fmeasure)
        print(
            f"{rouge_type:10} stem={stem!s:5}  rouge_pairwise {t_pw * 1e3:7.2f} ms   rouge() {t_all * 1e3:7.1f} ms   "
            f"{t_all / t_pw:6.1f}x"
        )


def mbr_part(samples: list[str]) -> None:
    print("\n2. expected_utility, sentence BLEU, 1,000 hypotheses x 1,000 pseudo-references, one thread")
    t_eu, eu = best_of(lambda: rougebleu.expected_utility(samples, samples, workers=1), 3)
    m = rougebleu.BLEU(effective_order=True)

    def via_matrix() -> list[float]:
        mat = m.pairwise(samples, samples, workers=1)
        return [math.fsum(r) / len(r) for r in mat.tolist()]

    t_mat, eu_mat = best_of(via_matrix, 3)
    assert eu.tolist() == eu_mat
    sb = sacrebleu.BLEU(effective_order=True)
    rows = 10
    t0 = CLOCK()
    sample = [math.fsum(sb.sentence_score(h, [r]).score for r in samples) / len(samples) for h in samples[:rows]]
    t_sacre = (CLOCK() - t0) * len(samples) / rows
    assert sample == eu.tolist()[:rows]
    print(
        f"expected_utility {t_eu:.3f} s   pairwise + fsum mean {t_mat:.3f} s ({t_mat / t_eu:.2f}x)   "
        f"sacrebleu loop {t_sacre:.0f} s (scaled from {rows} rows) ({t_sacre / t_eu:.0f}x)"
    )


def topk_part(wmt: Path, samples: list[str]) -> None:
    print("\n3. top_k (k = 10, sentence BLEU), all cores, in a fresh process each: time and peak RSS")
    pool = sorted(set(lines(wmt / "newstest2017.en-de.ref.de") + samples))
    tmp = Path(os.environ.get("TMPDIR", "/tmp")) / "rougebleu_topk_texts.json"
    tmp.write_text(json.dumps(pool))
    for nq, nc in [(10_000, 10_000), (100_000, 2_000)]:
        out = subprocess.run(
            [sys.executable, "-c", TOPK_CHILD, str(tmp), str(nq), str(nc)], capture_output=True, text=True, check=True
        ).stdout
        r = json.loads(out)
        pairs = nq * nc
        print(
            f"{nq:>7,} x {nc:>6,}: {r['seconds']:7.1f} s   {pairs / r['seconds'] / 1e6:5.2f} M pairs/s   "
            f"peak RSS {r['peak_mb']:.0f} MB (the full matrix would be {pairs * 8 / 1e9:.1f} GB)"
        )


if __name__ == "__main__":
    main()
