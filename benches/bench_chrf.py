"""Time rougebleu's chrF against sacrebleu 2.6.0 and fastchrf on WMT17 en-de, side by side.

Build first with `maturin develop --release`, then:
    RAYON_NUM_THREADS=1 python benches/bench_chrf.py [CORPUS_DIR]
(default corpus: ../shared/corpus next to the repository). Everything runs on one thread. Each
figure is the CPU time of the process (`time.process_time`: the machine is shared, and wall time
counts other jobs' turns; fastchrf computes on a rayon worker thread, so the calling thread's own
time would miss its work), the best of several runs; each comparison also checks that the numbers
agree.

1. corpus chrF (and chrF++) of one system: `CHRF().corpus_score` vs sacrebleu's (a fresh object
   per run).
2. sentence chrF of all 3,004 segments: `CHRF().sentence_scores` vs a loop of sacrebleu
   `CHRF().sentence_score` with a fresh `CHRF()` per segment.
3. a 1,000 x 1,000 all-pairs matrix: `CHRF().pairwise` vs fastchrf's `pairwise_chrf` (same
   settings: char order 6, beta 2, whitespace removed, no epsilon smoothing); rougebleu's chrF++
   matrix vs its chrF matrix.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import numpy as np
import sacrebleu
from _common import CORPUS, lines
from _common import cpu_best_of as best_of
from fastchrf import pairwise_chrf

from rougebleu.mt.chrf import CHRF

SYSTEM = "uedin-nmt.4722"


def main() -> None:
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else CORPUS
    folder = root / "mt" / "wmt17_en-de"
    ref = lines(folder / "newstest2017.en-de.ref.de")
    hyp = lines(folder / f"newstest2017.{SYSTEM}.en-de.de")
    print(f"RAYON_NUM_THREADS={os.environ.get('RAYON_NUM_THREADS')}  cores={os.cpu_count()}  system={SYSTEM}")

    print("\n1. corpus score, 3,004 segments, one thread (ms)")
    print(f"{'metric':10} {'rougebleu':>10} {'sacrebleu':>10} {'ratio':>8}")
    for name, kw in [("chrF", {}), ("chrF++", {"word_order": 2})]:
        t_ours, ours = best_of(lambda: CHRF(**kw).corpus_score(hyp, [ref]), 7)
        t_sacre, theirs = best_of(lambda: sacrebleu.CHRF(**kw).corpus_score(hyp, [ref]), 3)
        assert ours.score == theirs.score
        print(f"{name:10} {t_ours * 1e3:10.2f} {t_sacre * 1e3:10.1f} {t_sacre / t_ours:7.1f}x")

    print("\n2. sentence scores, 3,004 segments, one thread (ms)")
    print(f"{'metric':10} {'rougebleu':>10} {'sacrebleu':>10} {'ratio':>8}")
    for name, kw in [("chrF", {}), ("chrF++", {"word_order": 2})]:
        m = CHRF(**kw)
        t_ours, ours_s = best_of(lambda: m.sentence_scores(hyp, [ref], workers=1), 7)

        def sacre_loop() -> list[float]:
            return [sacrebleu.CHRF(**kw).sentence_score(h, [r]).score for h, r in zip(hyp, ref)]

        t_sacre, theirs_s = best_of(sacre_loop, 2)
        assert ours_s.tolist() == theirs_s
        print(f"{name:10} {t_ours * 1e3:10.2f} {t_sacre * 1e3:10.1f} {t_sacre / t_ours:7.1f}x")

    print("\n3. 1,000 x 1,000 all-pairs chrF, one thread (ms)")
    hs, rs = hyp[:1000], ref[:1000]
    t_ours, ours_m = best_of(lambda: CHRF().pairwise(hs, rs, workers=1), 5)
    t_fast, fast_m = best_of(lambda: pairwise_chrf([hs], [rs], char_order=6, beta=2.0), 3)
    fast = np.asarray(fast_m[0])
    # fastchrf works in its own arithmetic: equal to rougebleu (= sacrebleu) up to rounding.
    worst = float(np.max(np.abs(fast - ours_m)))
    assert worst < 1e-6, worst
    spot = CHRF()
    assert all(ours_m[i, j] == spot.sentence_score(hs[i], [rs[j]]).score for i, j in [(0, 0), (5, 17), (999, 3)])
    t_plus, _ = best_of(lambda: CHRF(word_order=2).pairwise(hs, rs, workers=1), 5)
    print(f"rougebleu chrF    {t_ours * 1e3:10.1f}")
    print(f"fastchrf chrF     {t_fast * 1e3:10.1f}   rougebleu {t_fast / t_ours:.1f}x faster (max |diff| {worst:.1e})")
    print(f"rougebleu chrF++  {t_plus * 1e3:10.1f}   {t_plus / t_ours:.2f}x the chrF time")


if __name__ == "__main__":
    main()
