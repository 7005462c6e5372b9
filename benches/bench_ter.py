"""Time rougebleu's TER against sacrebleu 2.6.0 on WMT17 en-de, side by side.

Build first with `maturin develop --release`, then:
    RAYON_NUM_THREADS=1 python benches/bench_ter.py [CORPUS_DIR]
(default corpus: ../shared/corpus next to the repository). Everything runs on one thread (`workers=1`
for rougebleu; sacrebleu is single-threaded). Each comparison also checks that the numbers agree.

1. corpus TER (default options) of one system, all 3,004 segments: rougebleu `TER().corpus_score`
   vs sacrebleu `TER().corpus_score` (fresh objects; rougebleu best of 5, sacrebleu one run).
2. a 300 x 300 all-pairs matrix: `TER().pairwise` vs a sacrebleu `sentence_score(h, [r])` loop;
   sacrebleu's time is measured on the first 3,000 pairs (10 rows) and scaled to 90,000.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import numpy as np
import sacrebleu
from _common import CORPUS, best_of, lines

from rougebleu.mt.ter import TER

SYSTEM = "uedin-nmt.4722"


def main() -> None:
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else CORPUS
    folder = root / "mt" / "wmt17_en-de"
    ref = lines(folder / "newstest2017.en-de.ref.de")
    hyp = lines(folder / f"newstest2017.{SYSTEM}.en-de.de")
    print(f"RAYON_NUM_THREADS={os.environ.get('RAYON_NUM_THREADS')}  cores={os.cpu_count()}")

    print(f"\n1. corpus TER, {SYSTEM}, {len(hyp)} segments, one thread")
    t_ours, ours = best_of(lambda: _corpus(hyp, ref), 5)
    t0 = time.perf_counter()
    theirs = sacrebleu.metrics.TER().corpus_score(hyp, [ref])
    t_sacre = time.perf_counter() - t0
    assert (ours.score, ours.num_edits, ours.ref_length) == (theirs.score, theirs.num_edits, theirs.ref_length)
    print(f"   rougebleu {t_ours * 1e3:9.1f} ms   sacrebleu {t_sacre * 1e3:9.1f} ms   ratio {t_sacre / t_ours:7.1f}x")
    print(f"   ({ours})")

    n = 300
    hs, rs = hyp[:n], ref[:n]
    print(f"\n2. {n} x {n} pairwise sentence TER, one thread")
    metric = TER()
    t_ours, matrix = best_of(lambda: metric.pairwise(hs, rs, workers=1), 3)
    rows = 10
    sm = sacrebleu.metrics.TER()
    t0 = time.perf_counter()
    sample = np.array([[sm.sentence_score(h, [r]).score for r in rs] for h in hs[:rows]])
    t_sample = time.perf_counter() - t0
    assert np.array_equal(sample, matrix[:rows])
    t_sacre = t_sample * n / rows
    print(
        f"   rougebleu {t_ours:9.3f} s    sacrebleu {t_sacre:9.1f} s (measured {rows * n:,} pairs in "
        f"{t_sample:.1f} s, scaled to {n * n:,})   ratio {t_sacre / t_ours:7.1f}x"
    )


def _corpus(hyp: list[str], ref: list[str]):
    # One thread, like sacrebleu: the statistics with workers=1, then the corpus score.
    metric = TER()
    return metric.score_from_statistics(metric.segment_statistics(hyp, [ref], workers=1))


if __name__ == "__main__":
    main()
