"""``COCOEvalCap``: the whole suite over a COCO ground truth and a result set, as pycocoevalcap
runs it (tokenization, then ``Bleu(4)``, ``Meteor()``, ``Rouge()``, ``Cider()`` in turn, with the same
prints), SPICE left out."""

from __future__ import annotations

from typing import Any

from rougebleu.pycocoevalcap.bleu.bleu import Bleu
from rougebleu.pycocoevalcap.cider.cider import Cider
from rougebleu.pycocoevalcap.meteor.meteor import Meteor
from rougebleu.pycocoevalcap.rouge.rouge import Rouge
from rougebleu.pycocoevalcap.tokenizer.ptbtokenizer import PTBTokenizer


class COCOEvalCap:
    """``coco`` and ``cocoRes``: COCO-like objects (``pycocotools.coco.COCO`` or any object with
    ``getImgIds()`` and ``imgToAnns``, annotations holding a ``"caption"``)."""

    def __init__(self, coco: Any, cocoRes: Any) -> None:  # noqa: N803 (pycocoevalcap's name)
        self.evalImgs: list[dict[str, Any]] = []
        self.eval: dict[str, Any] = {}
        self.imgToEval: dict[Any, dict[str, Any]] = {}
        self.coco = coco
        self.cocoRes = cocoRes
        self.params = {"image_id": coco.getImgIds()}

    def _scorers(self) -> list[tuple[Any, Any]]:
        return [
            (Bleu(4), ["Bleu_1", "Bleu_2", "Bleu_3", "Bleu_4"]),
            (Meteor(), "METEOR"),
            (Rouge(), "ROUGE_L"),
            (Cider(), "CIDEr"),
        ]

    def evaluate(self) -> None:
        imgIds = self.params["image_id"]  # noqa: N806
        gts = {}
        res = {}
        for imgId in imgIds:  # noqa: N806
            gts[imgId] = self.coco.imgToAnns[imgId]
            res[imgId] = self.cocoRes.imgToAnns[imgId]

        print("tokenization...")
        tokenizer = PTBTokenizer()
        gts = tokenizer.tokenize(gts)
        res = tokenizer.tokenize(res)

        print("setting up scorers...")
        for scorer, method in self._scorers():
            print(f"computing {scorer.method()} score...")
            score, scores = scorer.compute_score(gts, res)
            if isinstance(method, list):
                for sc, scs, m in zip(score, scores, method):
                    self.setEval(sc, m)
                    self.setImgToEvalImgs(scs, gts.keys(), m)
                    print(f"{m}: {sc:0.3f}")
            else:
                self.setEval(score, method)
                self.setImgToEvalImgs(scores, gts.keys(), method)
                print(f"{method}: {score:0.3f}")
        self.setEvalImgs()

    def setEval(self, score: Any, method: str) -> None:  # noqa: N802
        self.eval[method] = score

    def setImgToEvalImgs(self, scores: Any, imgIds: Any, method: str) -> None:  # noqa: N802, N803
        for imgId, score in zip(imgIds, scores):  # noqa: N806
            if imgId not in self.imgToEval:
                self.imgToEval[imgId] = {}
                self.imgToEval[imgId]["image_id"] = imgId
            self.imgToEval[imgId][method] = score

    def setEvalImgs(self) -> None:  # noqa: N802
        self.evalImgs = [eval for imgId, eval in self.imgToEval.items()]  # noqa: A001
