"""Time rougebleu's BLEU against sacrebleu 2.6.0 and bleuscore on WMT17 en-de, side by side.

Build first with `maturin develop --release`, then:
    RAYON_NUM_THREADS=1 python benches/bench_bleu.py [CORPUS_DIR]
(default corpus: ../shared/corpus next to the repository). Everything is single-threaded except the
final thread curve. Each figure is the best of several runs; each comparison also checks that the
numbers agree.

1. corpus BLEU (13a, exp) per system: rougebleu `BLEU().corpus_score`, sacrebleu `BLEU().corpus_score`
   (a fresh object per run, so its tokenizer caches start empty), bleuscore `compute(...,
   ref_len_method="closest")` (no smoothing; its score equals sacrebleu's `smooth_method="none"`).
2. sentence BLEU of all 3,004 segments: `BLEU(effective_order=True).sentence_scores` vs a sacrebleu
   `sentence_score` loop.
3. a 1,000 x 1,000 all-pairs matrix: `BLEU(effective_order=True).pairwise` vs sacrebleu
   `sentence_score(h, [r])`; sacrebleu's time is measured on 20,000 pairs and scaled to 1,000,000.
4. the thread curve of 2. and 3. over `workers`.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import bleuscore
import numpy as np
import sacrebleu
from _common import CORPUS, best_of, lines

from rougebleu.mt.bleu import BLEU

SYSTEMS = ["uedin-nmt.4722", "KIT.4950", "online-B.0", "online-A.0", "PROMT-Rule-based.4735"]


def main() -> None:
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else CORPUS
    folder = root / "mt" / "wmt17_en-de"
    ref = lines(folder / "newstest2017.en-de.ref.de")
    hyps = {s: lines(folder / f"newstest2017.{s}.en-de.de") for s in SYSTEMS}
    print(f"RAYON_NUM_THREADS={os.environ.get('RAYON_NUM_THREADS')}  cores={os.cpu_count()}")

    print("\n1. corpus BLEU, 13a, one thread (ms)")
    print(f"{'system':24} {'rougebleu':>10} {'sacrebleu':>10} {'bleuscore':>10} {'vs sacre':>9} {'vs bleusc':>9}")
    ratios_s, ratios_b = [], []
    for s in SYSTEMS:
        t_ours, ours = best_of(lambda: BLEU().corpus_score(hyps[s], [ref]), 7)
        t_sacre, theirs = best_of(lambda: sacrebleu.BLEU().corpus_score(hyps[s], [ref]), 3)
        refs_b = [[r] for r in ref]
        t_bs, bsres = best_of(lambda: bleuscore.compute(refs_b, hyps[s], 4, False, "closest"), 7)
        assert ours.score == theirs.score
        none = BLEU(smooth_method="none").corpus_score(hyps[s], [ref]).score
        assert abs(none - 100 * bsres["bleu"]) < 1e-9
        ratios_s.append(t_sacre / t_ours)
        ratios_b.append(t_bs / t_ours)
        print(
            f"{s:24} {t_ours * 1e3:10.2f} {t_sacre * 1e3:10.1f} {t_bs * 1e3:10.2f} "
            f"{ratios_s[-1]:8.1f}x {ratios_b[-1]:8.1f}x"
        )
    print(f"{'min ratio':24} {'':10} {'':10} {'':10} {min(ratios_s):8.1f}x {min(ratios_b):8.1f}x")

    print("\n2. sentence BLEU, 3,004 segments, one thread")
    h = hyps["uedin-nmt.4722"]
    m = BLEU(effective_order=True)
    t_ours, ours_s = best_of(lambda: m.sentence_scores(h, [ref], workers=1), 7)

    def sacre_loop() -> list[float]:
        sb = sacrebleu.BLEU(effective_order=True)
        return [sb.sentence_score(x, [r]).score for x, r in zip(h, ref)]

    t_sacre, theirs_s = best_of(sacre_loop, 2)
    assert ours_s.tolist() == theirs_s
    print(
        f"rougebleu {t_ours * 1e3:.2f} ms   sacrebleu loop {t_sacre * 1e3:.0f} ms   ratio {t_sacre / t_ours:.0f}x "
        f"({len(h) / t_sacre:,.0f} vs {len(h) / t_ours:,.0f} sentences/s)"
    )

    print("\n3. 1,000 x 1,000 pairwise matrix, one thread")
    ph, pr = hyps["online-A.0"][:1000], ref[:1000]
    t_ours, mat = best_of(lambda: m.pairwise(ph, pr, workers=1), 3)
    sb = sacrebleu.BLEU(effective_order=True)
    rows = 20
    t0 = time.perf_counter()
    sample = [[sb.sentence_score(x, [r]).score for r in pr] for x in ph[:rows]]
    t_sample = time.perf_counter() - t0
    assert np.asarray(sample).tolist() == mat[:rows].tolist()
    t_sacre = t_sample * (len(ph) / rows)
    print(
        f"rougebleu {t_ours:.3f} s   sacrebleu {t_sacre:.0f} s "
        f"(scaled from {rows * len(pr):,} pairs in {t_sample:.1f} s)"
        f"   ratio {t_sacre / t_ours:.0f}x   ({mat.size / t_ours / 1e6:.2f} M pairs/s)"
    )

    print("\n4. thread curve (workers): sentence BLEU x 10 copies of WMT17 (30,040 segments), pairwise 1,000 x 1,000")
    big_h, big_r = h * 10, ref * 10
    for w in [1, 2, 4, None]:
        t_s, _ = best_of(lambda: m.sentence_scores(big_h, [big_r], workers=w), 5)
        t_p, _ = best_of(lambda: m.pairwise(ph, pr, workers=w), 4)
        print(f"workers={str(w):5}  sentence_scores {t_s * 1e3:8.1f} ms   pairwise {t_p:6.3f} s")


if __name__ == "__main__":
    main()
