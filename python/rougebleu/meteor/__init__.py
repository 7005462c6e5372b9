"""METEOR, in the two versions people report, each exactly as its reference computes it:

- METEOR 1.5 as the METEOR 1.5 jar computes it (the METEOR of coco-caption/pycocoevalcap,
  nlg-eval and the E2E metrics): :class:`METEOR`, :func:`corpus_meteor`, :func:`sentence_meteor`,
  :func:`pycocoevalcap_meteor` (module :mod:`rougebleu.meteor.jar`);
- NLTK 3.10.4's ``meteor_score``/``single_meteor_score``: in :mod:`rougebleu.nltk`.

The two disagree by tens of points on the same sentence (different parameters, matchers,
normalization and alignment search), so they never share a name.
"""

from __future__ import annotations

from rougebleu.meteor.jar import (
    METEOR,
    METEORScore,
    METEORSignature,
    corpus_meteor,
    pycocoevalcap_meteor,
    sentence_meteor,
)

__all__ = ["METEOR", "METEORScore", "METEORSignature", "corpus_meteor", "pycocoevalcap_meteor", "sentence_meteor"]
