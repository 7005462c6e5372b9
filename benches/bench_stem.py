"""Time the native NLTK Porter stemmer against nltk.stem.porter.PorterStemmer on real tokens.

Build first with `maturin develop --release`, then:
    python benches/bench_stem.py [CORPUS_DIR]   (default: ../shared/corpus next to the repository)

Stems every token longer than 3 characters of the summarization corpora (rouge_score's
tokenizer), i.e. what rouge_score does with use_stemmer=True, without any cache.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from _common import CORPUS, best_of
from nltk.stem.porter import PorterStemmer
from rouge_score.tokenize import tokenize

from rougebleu._rougebleu import nltk_porter_stem

FILES = ("summ/realsumm_cnndm.jsonl", "summ/summeval_cnndm.jsonl")


def load_tokens(root: Path) -> list[str]:
    tokens: list[str] = []
    for rel in FILES:
        with (root / rel).open(encoding="utf-8") as f:
            for line in f:
                item = json.loads(line)
                for text in [item["candidate"], *item["references"]]:
                    tokens.extend(t for t in tokenize(text, None) if len(t) > 3)
    return tokens


def main() -> None:
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else CORPUS
    tokens = load_tokens(root)
    stemmer = PorterStemmer()
    t_nltk = best_of(lambda: [stemmer.stem(t) for t in tokens], 1)[0]
    t_ours = best_of(lambda: nltk_porter_stem(tokens), 5)[0]
    assert nltk_porter_stem(tokens) == [stemmer.stem(t) for t in tokens]
    n = len(tokens)
    print(f"{n} tokens (>3 chars), no cache")
    print(f"nltk PorterStemmer().stem   {t_nltk:8.3f} s  {n / t_nltk / 1e6:8.3f} M tokens/s")
    print(f"rougebleu nltk_porter_stem  {t_ours:8.3f} s  {n / t_ours / 1e6:8.3f} M tokens/s")
    print(f"speed-up {t_nltk / t_ours:.1f}x (ours includes list[str] conversion both ways, 1 thread)")


if __name__ == "__main__":
    main()
