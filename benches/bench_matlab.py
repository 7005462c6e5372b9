"""MATLAB-style API timed against the peers computing the same numbers, in one run.

- BLEU: `bleu_evaluation_score_batch` vs NLTK `sentence_bleu` (unsmoothed; equal definitions
  where no precision is zero) on WMT21 en-de, three references per segment.
- ROUGE-N/L: `rouge_evaluation_score_batch` vs rouge_score's `RougeScorer.score` on REALSumm.
- Tokenization: `tokenizedDocument(list_of_strings)`.

Our timings include building the TokenizedDocuments from the raw strings. Build with
`maturin develop --release` first. Usage: python benches/bench_matlab.py [corpus folder]
"""

from __future__ import annotations

import json
import sys
import warnings
from pathlib import Path

from _common import CORPUS, best_of

from rougebleu import bleu_evaluation_score_batch, rouge_evaluation_score_batch, tokenizedDocument


def timed(fn, repeat: int = 3) -> tuple[float, object]:
    return best_of(fn, repeat)


def main() -> None:
    corpus = Path(sys.argv[1]) if len(sys.argv) > 1 else CORPUS
    folder = corpus / "mt" / "wmt21_en-de"
    read = lambda name: (folder / name).read_text(encoding="utf-8").splitlines()
    hyps = read("newstest2021.en-de.hyp.Facebook-AI.de")
    refs = list(zip(*(read(f"newstest2021.en-de.ref.{r}.de") for r in "ACD")))
    rows = []

    # Tokenization.
    flat = hyps + [r for rs in refs for r in rs]
    t_tok, _ = timed(lambda: tokenizedDocument(flat))
    rows.append(("tokenizedDocument", f"{len(flat)} strings", t_tok, None, None))

    # BLEU.
    def ours_bleu():
        cands = tokenizedDocument(hyps)
        ref_docs = tokenizedDocument([r for rs in refs for r in rs])
        sets = [ref_docs[3 * i : 3 * i + 3] for i in range(len(hyps))]
        return bleu_evaluation_score_batch(cands, sets)

    from nltk.translate.bleu_score import sentence_bleu

    cand_tokens = [d.tokens for d in tokenizedDocument(hyps)]
    ref_tokens = [[d.tokens for d in tokenizedDocument(list(rs))] for rs in refs]

    def nltk_bleu():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return [sentence_bleu(r, c) for c, r in zip(cand_tokens, ref_tokens)]

    t_ours, _ = timed(ours_bleu)
    t_peer, _ = timed(nltk_bleu, repeat=1)
    rows.append(("BLEU (1-4, 3 refs)", f"{len(hyps)} segments", t_ours, "nltk sentence_bleu (pre-tokenized)", t_peer))
    built_c, built_r = tokenizedDocument(hyps), [tokenizedDocument(list(rs)) for rs in refs]
    t_scoring, _ = timed(lambda: bleu_evaluation_score_batch(built_c, built_r))
    rows.append(("  scoring only", "documents built", t_scoring, "nltk sentence_bleu (pre-tokenized)", t_peer))

    # ROUGE-1/2/L.
    items = [json.loads(line) for line in (corpus / "summ" / "realsumm_cnndm.jsonl").read_text().splitlines()]
    cands = [it["candidate"] for it in items]
    refs1 = [it["references"][0] for it in items]

    def ours_rouge():
        c = tokenizedDocument(cands).lower().erase_punctuation()
        r = tokenizedDocument(refs1).lower().erase_punctuation()
        sets = [[d] for d in r]
        return [
            rouge_evaluation_score_batch(c, sets, ngram_length=1),
            rouge_evaluation_score_batch(c, sets, ngram_length=2),
            rouge_evaluation_score_batch(c, sets, rouge_method="longest-common-subsequences"),
        ]

    from rouge_score.rouge_scorer import RougeScorer

    scorer = RougeScorer(["rouge1", "rouge2", "rougeL"])
    t_ours, _ = timed(ours_rouge)
    t_peer, _ = timed(lambda: [scorer.score(r, c) for c, r in zip(cands, refs1)], repeat=1)
    rows.append(("ROUGE-1, -2, -L", f"{len(items)} pairs", t_ours, "rouge_score RougeScorer.score", t_peer))
    c = tokenizedDocument(cands).lower().erase_punctuation()
    sets = [[d] for d in tokenizedDocument(refs1).lower().erase_punctuation()]
    t_scoring, _ = timed(
        lambda: [
            rouge_evaluation_score_batch(c, sets, ngram_length=1),
            rouge_evaluation_score_batch(c, sets, ngram_length=2),
            rouge_evaluation_score_batch(c, sets, rouge_method="longest-common-subsequences"),
        ]
    )
    rows.append(("  scoring only", "documents built", t_scoring, "rouge_score RougeScorer.score", t_peer))

    print(f"{'task':22} {'size':18} {'rougebleu s':>12} {'peer':38} {'peer s':>8} {'ratio':>7}")
    for task, size, ours, peer, t in rows:
        ratio = f"{t / ours:6.1f}x" if t else ""
        print(f"{task:22} {size:18} {ours:12.4f} {peer or '':38} {t or 0:8.3f} {ratio:>7}")


if __name__ == "__main__":
    main()
