"""Per-call speed: one pair per call from a Python loop, rougebleu vs its peers in one run.

    maturin develop --release && pip install rouge-score-rs rouge-score==0.1.2 sacrebleu==2.6.0
    python benches/bench_percall.py [--rounds 7] [--pairs 200]

One thread; the figures are CPU time of the calling thread (the machine is shared, and wall time
counts the other processes' turns). Texts are the first 5, 15 or 50 words of REALSumm candidates and references
(../shared/corpus/summ/realsumm_cnndm.jsonl; one line each). Each timed loop cycles through
--pairs different pairs, calling the scorer once per pair and keeping the returned object, so a
figure is the whole call: Python strings in, result dict (or score object) out. Implementations
take turns within every round and the fastest round counts (the machine is shared, so the minimum
is the figure least disturbed by other work). Results are checked equal before timing.

ROUGE: ``rougebleu.rouge_score`` (the drop-in), ``rougebleu.RougeScorer``, ``rouge_score_rs``,
Google's ``rouge_score``. BLEU: ``BLEU(effective_order=True).sentence_score`` and ``sentence_bleu``
against sacrebleu's. chrF and TER: ``CHRF().sentence_score``, ``sentence_chrf``,
``TER().sentence_score`` and ``sentence_ter`` against sacrebleu's (the metric objects are reused
from call to call on both sides, so sacrebleu's caches are warm; the functions build theirs per call,
as sacrebleu's do).
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any, Callable

from _common import CORPUS

TYPES4 = ["rouge1", "rouge2", "rougeL", "rougeLsum"]


def load_texts(n_pairs: int) -> list[tuple[str, str, list[str]]]:
    """(reference, candidate, other references) word lists of the first pairs."""
    with (CORPUS / "summ" / "realsumm_cnndm.jsonl").open(encoding="utf-8") as f:
        items = [json.loads(line) for line in f]
    out = []
    step = max(1, len(items) // n_pairs)
    for it in items[::step][:n_pairs]:
        out.append((it["references"][0], it["candidate"], [it["candidate"], it["references"][0]]))
    return out


def words(text: str, n: int) -> str:
    return " ".join(text.split()[:n])


def per_call_us(calls: list[Callable[[], Any]], rounds: int, budget_s: float) -> list[float]:
    """Microseconds per call of each loop body list (all lists equally long), fastest round."""
    best = [float("inf")] * len(calls)
    for _ in range(rounds):
        for k, body in enumerate(calls):
            t0 = time.thread_time()
            n = 0
            while True:
                body()
                n += 1
                if time.thread_time() - t0 > budget_s:
                    break
            best[k] = min(best[k], (time.thread_time() - t0) / n)
    return [b * 1e6 for b in best]


def loop(fn: Callable, pairs: list[tuple]) -> Callable[[], None]:
    """A body calling `fn(*pair)` for every pair; the per-call time is the body's / len(pairs)."""

    def body() -> None:
        for p in pairs:
            fn(*p)

    body.n = len(pairs)  # type: ignore[attr-defined]
    return body


def row(name: str, impls: dict[str, Callable], pairs: list[tuple], rounds: int) -> dict:
    """Check the implementations agree on the first pairs, then time them."""

    def numbers(fn: Callable) -> list:
        # rouge-score-rs returns its own Score class: compare the numbers.
        return [{t: tuple(s) for t, s in fn(*p).items()} for p in pairs[:20]]

    first = None
    for k, f in impls.items():
        got = numbers(f)
        first = got if first is None else first
        assert got == first, f"{name}: {k} differs"
    times = per_call_us([loop(f, pairs) for f in impls.values()], rounds, 0.05)
    return {"case": name, **{k: t / len(pairs) for k, t in zip(impls, times)}}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--pairs", type=int, default=200)
    ap.add_argument("--only", choices=["rouge", "bleu", "mt"], help="one group of rows (default: all)")
    args = ap.parse_args()
    want = {args.only} if args.only else {"rouge", "bleu", "mt"}

    import sacrebleu
    from sacrebleu.metrics import BLEU as SacreBLEU

    import rougebleu
    from rougebleu.rouge_score import rouge_scorer as drop_in

    texts = load_texts(args.pairs)
    rows = []
    if "rouge" in want:
        import rouge_score_rs
        from rouge_score import rouge_scorer as ref_rouge

        for types in (TYPES4, ["rouge1"]):
            for n_words in (5, 15, 50):
                for stem in (False, True):
                    pairs = [(words(r, n_words), words(c, n_words)) for r, c, _ in texts]
                    impls = {
                        "rougebleu.rouge_score": drop_in.RougeScorer(types, use_stemmer=stem).score,
                        "rougebleu.RougeScorer": rougebleu.RougeScorer(types, use_stemmer=stem).score,
                        "rouge_score_rs": rouge_score_rs.RougeScorer(types, use_stemmer=stem).score,
                        "rouge_score": ref_rouge.RougeScorer(types, use_stemmer=stem).score,
                    }
                    name = f"score {'4 types' if len(types) == 4 else 'rouge1'}, {n_words} words, stem={'on' if stem else 'off'}"
                    rows.append(row(name, impls, pairs, args.rounds))
        for n_words in (15, 50):
            pairs = [(words(r, n_words), words(c, n_words)) for r, c, _ in texts]
            for t in ("rougeL", "rougeLsum"):
                impls = {
                    "rougebleu.rouge_score": drop_in.RougeScorer([t]).score,
                    "rougebleu.RougeScorer": rougebleu.RougeScorer([t]).score,
                    "rouge_score_rs": rouge_score_rs.RougeScorer([t]).score,
                    "rouge_score": ref_rouge.RougeScorer([t]).score,
                }
                rows.append(row(f"score {t}, {n_words} words (one sentence)", impls, pairs, args.rounds))
        multi = [([words(x, 15) for x in (r, *others)], words(c, 15)) for r, c, others in texts]
        impls = {
            "rougebleu.rouge_score": drop_in.RougeScorer(TYPES4, use_stemmer=True).score_multi,
            "rougebleu.RougeScorer": rougebleu.RougeScorer(TYPES4, use_stemmer=True).score_multi,
            "rouge_score_rs": rouge_score_rs.RougeScorer(TYPES4, use_stemmer=True).score_multi,
            "rouge_score": ref_rouge.RougeScorer(TYPES4, use_stemmer=True).score_multi,
        }
        rows.append(row("score_multi 4 types, 3 refs, 15 words, stem=on", impls, multi, args.rounds))

    bleu_rows = []
    for n_words in (5, 12, 50) if "bleu" in want else ():
        pairs = [(words(c, n_words), [words(r, n_words)]) for r, c, _ in texts]
        ours, theirs = rougebleu.BLEU(effective_order=True), SacreBLEU(effective_order=True)
        for p in pairs[:20]:
            a, b = ours.sentence_score(*p), theirs.sentence_score(*p)
            assert (a.score, a.counts, a.totals, a.precisions, a.bp) == (
                b.score,
                b.counts,
                b.totals,
                b.precisions,
                b.bp,
            )
            assert rougebleu.sentence_bleu(*p).score == sacrebleu.sentence_bleu(*p).score
        t = per_call_us(
            [
                loop(ours.sentence_score, pairs),
                loop(theirs.sentence_score, pairs),
                loop(rougebleu.sentence_bleu, pairs),
                loop(sacrebleu.sentence_bleu, pairs),
            ],
            args.rounds,
            0.05,
        )
        t = [x / len(pairs) for x in t]
        bleu_rows.append((f"BLEU(effective_order=True).sentence_score, {n_words} words", t[0], t[1]))
        bleu_rows.append((f"sentence_bleu, {n_words} words", t[2], t[3]))

    mt_rows = []
    for n_words in (5, 12, 50) if "mt" in want else ():
        pairs = [(words(c, n_words), [words(r, n_words)]) for r, c, _ in texts]
        chrf_ours, chrf_theirs = rougebleu.CHRF(), sacrebleu.CHRF()
        ter_ours, ter_theirs = rougebleu.TER(), sacrebleu.TER()
        for p in pairs[:20]:
            assert chrf_ours.sentence_score(*p).score == chrf_theirs.sentence_score(*p).score
            assert rougebleu.sentence_chrf(*p).score == sacrebleu.sentence_chrf(*p).score
            a, b = ter_ours.sentence_score(*p), ter_theirs.sentence_score(*p)
            assert (a.score, a.num_edits, a.ref_length) == (b.score, b.num_edits, b.ref_length)
            assert rougebleu.sentence_ter(*p).score == sacrebleu.sentence_ter(*p).score
        t = per_call_us(
            [
                loop(chrf_ours.sentence_score, pairs),
                loop(chrf_theirs.sentence_score, pairs),
                loop(rougebleu.sentence_chrf, pairs),
                loop(sacrebleu.sentence_chrf, pairs),
                loop(ter_ours.sentence_score, pairs),
                loop(ter_theirs.sentence_score, pairs),
                loop(rougebleu.sentence_ter, pairs),
                loop(sacrebleu.sentence_ter, pairs),
            ],
            args.rounds,
            0.05,
        )
        t = [x / len(pairs) for x in t]
        mt_rows.append((f"CHRF().sentence_score, {n_words} words", t[0], t[1]))
        mt_rows.append((f"sentence_chrf, {n_words} words", t[2], t[3]))
        mt_rows.append((f"TER().sentence_score, {n_words} words", t[4], t[5]))
        mt_rows.append((f"sentence_ter, {n_words} words", t[6], t[7]))

    if rows:
        print("ROUGE, one pair per call, µs per call (fastest of", args.rounds, "rounds)")
        print()
        print(
            "| case | rougebleu.rouge_score | rougebleu.RougeScorer | rouge-score-rs | rouge_score | vs rouge-score-rs | vs rouge_score |"
        )
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
        for r in rows:
            d = r["rougebleu.rouge_score"]
            print(
                f"| {r['case']} | {d:.2f} | {r['rougebleu.RougeScorer']:.2f} | {r['rouge_score_rs']:.2f} | "
                f"{r['rouge_score']:.1f} | {r['rouge_score_rs'] / d:.1f}x | {r['rouge_score'] / d:.0f}x |"
            )
        by_case = {r["case"]: r for r in rows}
        for n_words in (15, 50):
            lsum = by_case[f"score rougeLsum, {n_words} words (one sentence)"]["rougebleu.rouge_score"]
            l_ = by_case[f"score rougeL, {n_words} words (one sentence)"]["rougebleu.rouge_score"]
            print(f"\nrougeLsum / rougeL, {n_words} words, one sentence: {lsum / l_:.2f}")
        print()
    for title, table in (("BLEU", bleu_rows), ("chrF and TER", mt_rows)):
        if not table:
            continue
        print(f"{title}, one pair per call, µs per call")
        print()
        print("| case | rougebleu | sacrebleu | vs sacrebleu |")
        print("| --- | ---: | ---: | ---: |")
        for name, ours_us, theirs_us in table:
            print(f"| {name} | {ours_us:.2f} | {theirs_us:.1f} | {theirs_us / ours_us:.1f}x |")
        print()


if __name__ == "__main__":
    main()
