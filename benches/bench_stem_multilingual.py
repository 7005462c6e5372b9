"""Time rougebleu's stemmers against the reference stemmers, per language, on real text.

Build first with `maturin develop --release`, then:
    python benches/bench_stem_multilingual.py [CORPUS_DIR]   (default: ../shared/corpus)

Words: every token occurrence (whitespace split, punctuation stripped, lowercased) of the
language's texts in multilingual/pairs.jsonl, stemmed the way the XL-Sum scorer stems them
(tokens longer than 3 code points; Snowball with ignore_stopwords=True). Peers, in the same run:
NLTK 3.10.4's SnowballStemmer (one object per language, one call per word) and, for Turkish, the
TurkishStemmer 1.3 package. Hindi and Bengali peers are the XL-Sum scorer's own stemmers, timed
when `multilingual_rouge` is importable. rougebleu: one `stem_words(..., workers=1)` call and
one with all cores. Outputs are checked equal before timing is reported.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from _common import CORPUS, best_of

from rougebleu.stem import SNOWBALL_LANGUAGES, stem_words

PUNCT = ".,;:!?\"'()[]«»“”„‘’-–—…%/"


def load_words(root: Path) -> dict[str, list[str]]:
    words: dict[str, list[str]] = {}
    with (root / "multilingual" / "pairs.jsonl").open(encoding="utf-8") as f:
        for line in f:
            item = json.loads(line)
            for text in (item["candidate"], *item["references"]):
                toks = (w.strip(PUNCT).lower() for w in text.split())
                words.setdefault(item["lang"], []).extend(t for t in toks if len(t) > 3)
    return words


def reference(lang: str, root: Path):
    if lang in SNOWBALL_LANGUAGES:
        import nltk
        from nltk.stem.snowball import SnowballStemmer

        nltk.data.path.insert(0, str(root / "multilingual" / "nltk_data"))
        return "nltk SnowballStemmer", SnowballStemmer(lang, ignore_stopwords=True).stem
    if lang == "turkish":
        try:
            from TurkishStemmer import TurkishStemmer
        except ImportError:
            return None
        return "TurkishStemmer 1.3", TurkishStemmer().stem
    try:
        from multilingual_rouge import stemmers
    except ImportError:
        return None
    if lang == "hindi":
        return "XL-Sum HindiStemmer", stemmers.HindiStemmer()
    if lang == "bengali":
        from multilingual_rouge.bengali_stemmer.parser import RafiStemmer

        rules = Path(__file__).resolve().parents[1] / "src" / "stem" / "bengali" / "common.rules"
        with rules.open(encoding="utf-8") as f:
            return "XL-Sum RafiStemmer", RafiStemmer(f).stem_word
    return None


def main() -> None:
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else CORPUS
    words = load_words(root)
    langs = [lang for lang in SNOWBALL_LANGUAGES if lang != "porter"] + ["turkish", "hindi", "bengali"]
    print(f"cores: {os.cpu_count()}; words = token occurrences longer than 3 code points")
    print(
        f"{'language':<11} {'words':>7} {'reference':<22} {'ref w/s':>10} {'ours 1 thr':>11} {'ours all':>10} {'x (1 thr)':>9}"
    )
    for lang in langs:
        ws = words[lang]
        ref = reference(lang, root)
        t1, ours = best_of(lambda: stem_words(ws, lang, ignore_stopwords=True, workers=1), 5)
        tall, _ = best_of(lambda: stem_words(ws, lang, ignore_stopwords=True), 5)
        if ref is None:
            print(
                f"{lang:<11} {len(ws):>7} {'(not installed)':<22} {'':>10} {len(ws) / t1:>11,.0f} {len(ws) / tall:>10,.0f}"
            )
            continue
        name, fn = ref
        tref, theirs = best_of(lambda: [fn(w) for w in ws], 1)
        assert theirs == ours, lang
        print(
            f"{lang:<11} {len(ws):>7} {name:<22} {len(ws) / tref:>10,.0f} {len(ws) / t1:>11,.0f}"
            f" {len(ws) / tall:>10,.0f} {tref / t1:>8.0f}x"
        )


if __name__ == "__main__":
    main()
