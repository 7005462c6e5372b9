"""Regenerate caption_pycocoevalcap_cases.json: pycocoevalcap 1.2's tokenization and suite on the
sets of tests/caption_cases.py (`python tests/golden/make_caption_golden.py`, with pycocoevalcap==1.2
installed and Java on PATH). Each set is scored as COCOEvalCap.evaluate() scores a run: references
tokenized as one input, candidates as another, then Bleu(4), METEOR, Rouge, Cider."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from pycocoevalcap.bleu.bleu import Bleu
from pycocoevalcap.cider.cider import Cider
from pycocoevalcap.meteor.meteor import Meteor
from pycocoevalcap.rouge.rouge import Rouge
from pycocoevalcap.tokenizer.ptbtokenizer import PTBTokenizer

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from caption_cases import SCORER_CASES, TOKENIZER_TEXTS  # noqa: E402


def tokenize(texts: list[str]) -> list[str]:
    out = PTBTokenizer().tokenize({i: [{"caption": t}] for i, t in enumerate(texts)})
    return [out[i][0] for i in range(len(texts))]


def main() -> None:
    meteor = Meteor()
    sets = {}
    for name, (cands, refs) in SCORER_CASES.items():
        gts = PTBTokenizer().tokenize({i: [{"caption": r} for r in rs] for i, rs in enumerate(refs)})
        res = PTBTokenizer().tokenize({i: [{"caption": c}] for i, c in enumerate(cands)})
        bleu, bleu_items = Bleu(4).compute_score(gts, res, verbose=0)
        m, m_items = meteor.compute_score(gts, res)
        r, r_items = Rouge().compute_score(gts, res)
        c, c_items = Cider().compute_score(gts, res)
        sets[name] = dict(
            candidates_tokenized=[res[i][0] for i in range(len(cands))],
            references_tokenized=[gts[i] for i in range(len(refs))],
            corpus=dict(
                zip(["Bleu_1", "Bleu_2", "Bleu_3", "Bleu_4"], bleu), METEOR=m, ROUGE_L=float(r), CIDEr=float(c)
            ),
            per_item=dict(
                {f"Bleu_{k + 1}": list(v) for k, v in enumerate(bleu_items)},
                METEOR=list(m_items),
                ROUGE_L=[float(x) for x in r_items],
                CIDEr=[float(x) for x in c_items],
            ),
        )
    out = dict(
        tool="pycocoevalcap",
        version="1.2",
        tokenized=dict(zip(TOKENIZER_TEXTS, tokenize(TOKENIZER_TEXTS))),
        sets=sets,
    )
    path = Path(__file__).with_name("caption_pycocoevalcap_cases.json")
    path.write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
