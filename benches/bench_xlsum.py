"""XL-Sum multilingual ROUGE: `rouge(..., lang=L)` against the XL-Sum scorer itself, per language, one thread.

    maturin develop --release
    python benches/bench_xlsum.py [--rounds 15] [--scorer-rounds 3] [--langs english,chinese,...]

Data: ../shared/corpus/multilingual/pairs.jsonl (or $ROUGEBLEU_CORPUS), 150 pairs per language
(26 languages, one reference each; see that folder's README). Per language L, stemming on:

- ours: `rougebleu.rouge(preds, refs, rouge_types=[rouge1, rouge2, rougeL, rougeLsum],
  use_stemmer=True, lang=L, workers=1)`, one call over the 150 pairs;
- the scorer: `multilingual_rouge.rouge_scorer.RougeScorer([...], use_stemmer=True, lang=L)`
  (PyPI `multilingual-rouge` 0.0.1), a `score(ref, pred)` loop over the same pairs.

"und" is the language-less pipeline: ours with `lang="und"`, the scorer with `lang=None` (its NLTK
Porter stemmer), on the English pairs and once more on all 3,900 pairs. P, R and F of the four
types are checked identical (exact float equality) before anything is timed.

Timing: CPU time of this process (`time.process_time`; the call runs on one thread either way) and
wall clock, best of --rounds calls for ours and of --scorer-rounds loops for the scorer, the
languages taking turns within each round. rougebleu keeps a per-thread cache of the stems it
has computed, which a later call in the same language reuses; a call in another mode empties it.
"cold" calls are preceded by such a call (a one-pair call without `lang`), so they stem every
distinct word of the 150 pairs as a first call on new data must; "warm" calls repeat the cold
call at once and find every stem cached (what each pair costs once the vocabulary is known,
which large data sets approach). Ratios are computed from cold CPU times.

Chinese, Thai and Japanese are segmented by Python packages (jieba, pythainlp's newmm, fugashi
with MeCab) in both libraries; their "segmenter" column is the CPU time of our Python side alone
(`rougebleu.multilingual.presegment_batch`: sanitize, segment, join), which is part of the cold
time. NLTK's Snowball stemmers read their stopword lists from
../shared/corpus/multilingual/nltk_data (NLTK_DATA is pointed there). Two adjustments let the
scorer run here, both feeding its own code what its missing files would have provided: Bengali
stemming gets the corpus's copy of `bengali_stemmer/common.rules` (absent from the wheel) through
`callable_stemmer=RafiStemmer(rules).stem_word`, which is what its BengaliStemmer calls; and if
fugashi finds the `unidic` package without its downloaded dictionary, the scorer's own
JapaneseTokenizer gets a MeCab tagger on unidic-lite's dictionary (the one the corpus's gold
scores were made with).
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import sys
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import CORPUS  # noqa: E402

ROOT = CORPUS / "multilingual"
os.environ.setdefault("NLTK_DATA", str(ROOT / "nltk_data"))

TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
SNOWBALL = [
    "english", "german", "french", "spanish", "portuguese", "italian", "dutch", "swedish", "danish",
    "norwegian", "finnish", "hungarian", "romanian", "russian", "arabic",
]  # fmt: skip
SEGMENTED = ["chinese", "thai", "japanese"]
OTHER = ["turkish", "hindi", "bengali", "burmese", "korean", "greek", "vietnamese", "amharic"]
GROUPS = [
    ("Snowball stemmer (NLTK)", SNOWBALL),
    ('language-less pipeline (lang=None / "und"), Porter', ["und", "und-all"]),
    ("own stemmer / Rust segmenter / no stemmer", OTHER),
    ("Python word segmenter (jieba, newmm, MeCab)", SEGMENTED),
]


def load_pairs() -> dict[str, tuple[list[str], list[str]]]:
    by_lang: dict[str, tuple[list[str], list[str]]] = collections.defaultdict(lambda: ([], []))
    with (ROOT / "pairs.jsonl").open(encoding="utf-8") as f:
        for line in f:
            p = json.loads(line)
            (refs,) = p["references"]
            for key in (p["lang"], "und-all"):
                by_lang[key][0].append(p["candidate"])
                by_lang[key][1].append(refs)
    by_lang["und"] = by_lang["english"]
    return dict(by_lang)


def scorer_for(lang: str):
    """The XL-Sum scorer as its users construct it (see the module docstring for Bengali, Japanese)."""
    from multilingual_rouge import rouge_scorer

    kwargs: dict = {"use_stemmer": True, "lang": None if lang.startswith("und") else lang}
    if lang == "bengali":
        from multilingual_rouge.bengali_stemmer.parser import RafiStemmer

        with (ROOT / "bengali_stemmer" / "common.rules").open(encoding="utf-8") as f:
            kwargs["callable_stemmer"] = RafiStemmer(f).stem_word
    try:
        return rouge_scorer.RougeScorer(TYPES, **kwargs)
    except RuntimeError:
        if lang != "japanese":
            raise
    # fugashi found `unidic` without its dictionary: the scorer's tokenizer on unidic-lite's.
    import unidic_lite
    from fugashi import Tagger
    from multilingual_rouge.tokenizers import JapaneseTokenizer

    tok = JapaneseTokenizer.__new__(JapaneseTokenizer)
    rc = os.path.join(unidic_lite.DICDIR, "mecabrc")
    tok.tokenizer = Tagger(f'-O wakati -b 50000 -r "{rc}" -d "{unidic_lite.DICDIR}"')
    return rouge_scorer.RougeScorer(TYPES, callable_tokenizer=tok, **kwargs)


def ours_call(lang: str, preds: list[str], refs: list[str]):
    from rougebleu import rouge

    lang_arg = "und" if lang.startswith("und") else lang
    return lambda: rouge(preds, refs, rouge_types=TYPES, use_stemmer=True, lang=lang_arg, workers=1)


def empty_stem_cache() -> None:
    """A call in another tokenization mode: the thread's stem cache is dropped."""
    from rougebleu import rouge

    rouge(["a"], ["a"], rouge_types=["rouge1"], use_stemmer=True, workers=1)


def timed(fn) -> tuple[float, float, object]:
    c0, w0 = time.process_time(), time.perf_counter()
    out = fn()
    return time.process_time() - c0, time.perf_counter() - w0, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=15, help="calls of ours per language, best kept (default 15)")
    ap.add_argument("--scorer-rounds", type=int, default=3, help="loops of the scorer per language (default 3)")
    ap.add_argument("--langs", default="", help="comma-separated subset (default: all, und and und-all)")
    a = ap.parse_args()
    if not (ROOT / "pairs.jsonl").exists():
        raise SystemExit(f"{ROOT / 'pairs.jsonl'} not found (set ROUGEBLEU_CORPUS)")
    warnings.simplefilter("ignore")  # the scorer warns "unknown stemmer language" for stemmer-less languages
    import nltk

    nltk.data.path.insert(0, str(ROOT / "nltk_data"))
    from rougebleu.multilingual import presegment_batch, segmenter

    pairs = load_pairs()
    order = [lang for _, langs in GROUPS for lang in langs]
    if a.langs:
        order = [lang for lang in order if lang in a.langs.split(",")]

    # Check first: every P, R, F of ours equals the scorer's.
    scorers, calls = {}, {}
    for lang in order:
        preds, refs = pairs[lang]
        scorers[lang] = scorer_for(lang)
        calls[lang] = ours_call(lang, preds, refs)
        got = calls[lang]()
        want = [scorers[lang].score(r, p) for p, r in zip(preds, refs)]
        for t in TYPES:
            have = list(zip(got[t].precision.tolist(), got[t].recall.tolist(), got[t].fmeasure.tolist()))
            if have != [tuple(w[t]) for w in want]:
                raise SystemExit(f"{lang} {t}: scores differ from the XL-Sum scorer's")
    print(f"{len(order)} cases, scores identical to the XL-Sum scorer's (P, R, F of {', '.join(TYPES)})")
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at start", flush=True)

    inf = float("inf")
    best = {lang: {k: inf for k in ("cpu", "wall", "warm", "seg", "ref_cpu", "ref_wall")} for lang in order}
    for r in range(max(a.rounds, a.scorer_rounds)):
        for lang in order:
            b = best[lang]
            if r < a.rounds:
                empty_stem_cache()
                cpu, wall, _ = timed(calls[lang])
                warm, _, _ = timed(calls[lang])
                b["cpu"], b["wall"], b["warm"] = min(b["cpu"], cpu), min(b["wall"], wall), min(b["warm"], warm)
                if lang in SEGMENTED:
                    preds, refs = pairs[lang]
                    seg = segmenter(lang)
                    b["seg"] = min(b["seg"], timed(lambda: presegment_batch(preds, refs, seg))[0])
            if r < a.scorer_rounds:
                preds, refs, sc = *pairs[lang], scorers[lang]
                cpu, wall, _ = timed(lambda: [sc.score(t, p) for p, t in zip(preds, refs)])
                b["ref_cpu"], b["ref_wall"] = min(b["ref_cpu"], cpu), min(b["ref_wall"], wall)

    print(f"load average {os.getloadavg()[0]:.2f} at the end; ms per call of all the pairs, CPU time unless marked\n")
    head = (
        f"{'language':<11} {'pairs':>5} {'scorer':>9} {'ours cold':>9} {'ratio':>7} {'ours warm':>9} {'ratio':>7}"
        f" {'wall ratio':>10} {'segmenter':>9}"
    )
    for title, langs in GROUPS:
        langs = [lang for lang in langs if lang in order]
        if not langs:
            continue
        print(f"{title}\n{head}")
        tot = collections.Counter()
        for lang in langs:
            b = best[lang]
            n = len(pairs[lang][0])
            seg = f"{b['seg'] * 1e3:9.1f}" if b["seg"] < inf else f"{'':9}"
            print(
                f"{lang:<11} {n:5} {b['ref_cpu'] * 1e3:9.1f} {b['cpu'] * 1e3:9.2f} {b['ref_cpu'] / b['cpu']:6.0f}x"
                f" {b['warm'] * 1e3:9.2f} {b['ref_cpu'] / b['warm']:6.0f}x {b['ref_wall'] / b['wall']:9.0f}x {seg}"
            )
            for k in ("cpu", "warm", "ref_cpu"):
                tot[k] += b[k]
        ratios = [best[lang]["ref_cpu"] / best[lang]["cpu"] for lang in langs]
        print(
            f"{'all':<11} {'':5} {tot['ref_cpu'] * 1e3:9.1f} {tot['cpu'] * 1e3:9.2f} {tot['ref_cpu'] / tot['cpu']:6.0f}x"
            f" {tot['warm'] * 1e3:9.2f} {tot['ref_cpu'] / tot['warm']:6.0f}x   (cold ratio per language:"
            f" {min(ratios):.0f}x to {max(ratios):.0f}x)\n"
        )


if __name__ == "__main__":
    main()
