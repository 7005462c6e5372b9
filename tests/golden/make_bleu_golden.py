"""Regenerate `bleu_sacrebleu_cases.json`: sacrebleu 2.6.0 on the edge cases of `tests/bleu_cases.py`.

Run from the repository root with sacrebleu installed:  python tests/golden/make_bleu_golden.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import sacrebleu

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from bleu_cases import EDGE_CASES, SMOOTHINGS, TOKENIZERS  # noqa: E402


def main() -> None:
    out = []
    for name, (hyps, refs) in EDGE_CASES.items():
        for tok in TOKENIZERS:
            for lc in (False, True):
                corpus = {}
                for sm, sv in SMOOTHINGS:
                    s = sacrebleu.BLEU(tokenize=tok, lowercase=lc, smooth_method=sm, smooth_value=sv).corpus_score(
                        hyps, refs
                    )
                    corpus[f"{sm}:{sv}"] = [s.score, s.counts, s.totals, s.precisions, s.bp, s.sys_len, s.ref_len]
                m = sacrebleu.BLEU(tokenize=tok, lowercase=lc, effective_order=True)
                sentence = [
                    m.sentence_score(h, [r[i] for r in refs if r[i] is not None]).score for i, h in enumerate(hyps)
                ]
                out.append({"case": name, "tokenize": tok, "lowercase": lc, "corpus": corpus, "sentence": sentence})
    meta = {"tool": "sacrebleu", "tool_version": sacrebleu.__version__, "cases": "tests/bleu_cases.py"}
    with open(HERE / "bleu_sacrebleu_cases.json", "w", encoding="utf-8") as f:
        json.dump({"generator": meta, "records": out}, f, ensure_ascii=False, separators=(",", ":"))


if __name__ == "__main__":
    main()
