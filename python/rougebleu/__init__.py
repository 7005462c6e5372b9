"""rougebleu: ROUGE and BLEU with the exact numbers of the reference implementations, fast.

- ROUGE as Google's rouge_score computes it: :class:`RougeScorer` (drop-in), the columnar
  :func:`rouge` for many pairs, :func:`rouge_corpus` for system-level scores with intervals,
  :class:`BootstrapAggregator`; the rest of Lin (2004)'s family as rouge types (``rougeW-1.2``,
  ``rougeS4``, ``rougeSU*``, ...).
- ROUGE-1.5.5 (Perl) compatibility: :class:`Rouge155` and the ``rougebleu rouge155`` command.
- BLEU as sacrebleu computes it: :class:`BLEU`, :func:`corpus_bleu`, :func:`sentence_bleu`;
  NLTK's ``bleu_score`` in :mod:`rougebleu.nltk`.
- TER as sacrebleu computes it: :class:`TER`, :func:`corpus_ter`, :func:`sentence_ter`.
- chrF and chrF++ as sacrebleu computes them: :class:`CHRF`, :func:`corpus_chrf`,
  :func:`sentence_chrf` (module :mod:`rougebleu.mt.chrf`).
- METEOR 1.5 as its jar computes it: :class:`METEOR`, :func:`corpus_meteor`, :func:`sentence_meteor`
  (module :mod:`rougebleu.meteor`); NLTK's ``meteor_score`` in :mod:`rougebleu.nltk`.
- System comparison reports: :func:`compare` (and ``rougebleu compare``), a :class:`Report` in
  HTML, Markdown, JSON and LaTeX with paired tests and compare-mt's analyses.
- The COCO caption suite as pycocoevalcap computes it, without Java: :func:`caption_scores`
  (module :mod:`rougebleu.caption`, with CIDEr-D rewards) and the drop-in
  :mod:`rougebleu.pycocoevalcap`.
- MATLAB Text Analytics Toolbox names: :func:`tokenizedDocument`, :func:`rougeEvaluationScore`,
  :func:`bleuEvaluationScore`, :func:`extractSummary`.

Public names are imported on first use, so ``import rougebleu`` stays fast (command-line tools
such as ``rougebleu rouge155`` never load NumPy).
"""

from __future__ import annotations

from rougebleu._rougebleu import __version__ as __version__

# Not `from typing import TYPE_CHECKING`: importing typing costs ~10 ms, a third of the start-up
# of `rougebleu rouge155`. Type checkers treat this name as true.
TYPE_CHECKING = False

# name -> module that defines it
_EXPORTS: dict[str, str] = {
    # rouge_score-compatible ROUGE and the ROUGE family
    "RougeScorer": "rouge_family.scorer",
    "Score": "rouge_family.scoring",
    "AggregateScore": "rouge_family.scoring",
    "BootstrapAggregator": "rouge_family.scoring",
    "rouge": "rouge_family.batch",
    "rouge_corpus": "rouge_family.batch",
    "RougeArrays": "rouge_family.batch",
    "CorpusScore": "rouge_family.batch",
    "Interval": "rouge_family.batch",
    "rouge_signature": "rouge_family.signature",
    # all pairs: matrices, MBR expected utility, top-k neighbours
    "rouge_paired_test": "rouge_family.significance",
    "rouge_pairwise": "allpairs",
    "expected_utility": "allpairs",
    "top_k": "allpairs",
    # ROUGE-1.5.5 (Perl) compatibility mode
    "Rouge155": "rouge155.api",
    # MATLAB Text Analytics Toolbox-style API (snake_case and MATLAB names)
    "TokenizedDocument": "matlab",
    "TokenizedDocumentArray": "matlab",
    "tokenizedDocument": "matlab",
    "bleu_evaluation_score": "matlab",
    "bleu_evaluation_score_batch": "matlab",
    "bleuEvaluationScore": "matlab",
    "extract_summary": "matlab",
    "extractSummary": "matlab",
    "lexrank_scores": "matlab",
    "lexrankScores": "matlab",
    "rouge_evaluation_score": "matlab",
    "rouge_evaluation_score_batch": "matlab",
    "rougeEvaluationScore": "matlab",
    # sacrebleu-compatible BLEU and paired significance tests (NLTK's: the rougebleu.nltk module)
    "BLEU": "mt.bleu",
    "BLEUScore": "mt.bleu",
    "BLEUSignature": "mt.bleu",
    "corpus_bleu": "mt.bleu",
    "sentence_bleu": "mt.bleu",
    "PairedResult": "mt._bleu_significance",
    # an internal error (a bug) in the core, raised instead of a crash
    "InternalError": "_rougebleu",
    "paired_test": "mt._bleu_significance",
    # sacrebleu-compatible TER
    "TER": "mt.ter",
    "TERScore": "mt.ter",
    "TERSignature": "mt.ter",
    "corpus_ter": "mt.ter",
    "sentence_ter": "mt.ter",
    # sacrebleu-compatible chrF and chrF++
    "CHRF": "mt.chrf",
    "CHRFScore": "mt.chrf",
    "CHRFSignature": "mt.chrf",
    "corpus_chrf": "mt.chrf",
    "sentence_chrf": "mt.chrf",
    # METEOR 1.5 as the jar computes it (NLTK's meteor_score: the rougebleu.nltk module)
    "METEOR": "meteor.jar",
    "METEORScore": "meteor.jar",
    "METEORSignature": "meteor.jar",
    "corpus_meteor": "meteor.jar",
    "sentence_meteor": "meteor.jar",
    # the COCO caption suite (pycocoevalcap without Java); CIDEr-D and more in rougebleu.caption
    "caption_scores": "caption.suite",
    "CaptionScores": "caption.suite",
    # mergeable statistics: score parts apart, merge into the exact corpus score
    "RougeStats": "stats",
    "BleuStats": "stats",
    "ChrfStats": "stats",
    "TerStats": "stats",
    # system comparison reports (compare-mt's analyses, paired tests, HTML/Markdown/JSON/LaTeX)
    "compare": "report",
    "Report": "report",
}

# Written out (not computed) so that type checkers see what is exported; tests/test_typing.py
# checks it against _EXPORTS.
__all__ = [
    "__version__",
    "AggregateScore",
    "BLEU",
    "BLEUScore",
    "BLEUSignature",
    "BleuStats",
    "BootstrapAggregator",
    "CHRF",
    "CHRFScore",
    "CHRFSignature",
    "CaptionScores",
    "ChrfStats",
    "CorpusScore",
    "InternalError",
    "Interval",
    "METEOR",
    "METEORScore",
    "METEORSignature",
    "PairedResult",
    "Report",
    "Rouge155",
    "RougeArrays",
    "RougeScorer",
    "RougeStats",
    "Score",
    "TER",
    "TERScore",
    "TERSignature",
    "TerStats",
    "TokenizedDocument",
    "TokenizedDocumentArray",
    "bleuEvaluationScore",
    "bleu_evaluation_score",
    "bleu_evaluation_score_batch",
    "caption_scores",
    "compare",
    "corpus_bleu",
    "corpus_chrf",
    "corpus_meteor",
    "corpus_ter",
    "expected_utility",
    "extractSummary",
    "extract_summary",
    "lexrankScores",
    "lexrank_scores",
    "paired_test",
    "rouge",
    "rougeEvaluationScore",
    "rouge_corpus",
    "rouge_evaluation_score",
    "rouge_evaluation_score_batch",
    "rouge_paired_test",
    "rouge_pairwise",
    "rouge_signature",
    "sentence_bleu",
    "sentence_chrf",
    "sentence_meteor",
    "sentence_ter",
    "tokenizedDocument",
    "top_k",
]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'rougebleu' has no attribute {name!r}")
    import importlib  # here, not at the top: a bare interpreter has not loaded it yet

    value = getattr(importlib.import_module(f"rougebleu.{module}"), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))


if TYPE_CHECKING:
    from typing import Any

    from rougebleu._rougebleu import InternalError as InternalError
    from rougebleu.allpairs import (
        expected_utility as expected_utility,
    )
    from rougebleu.allpairs import (
        rouge_pairwise as rouge_pairwise,
    )
    from rougebleu.allpairs import (
        top_k as top_k,
    )
    from rougebleu.caption.suite import CaptionScores as CaptionScores
    from rougebleu.caption.suite import caption_scores as caption_scores
    from rougebleu.matlab import (
        TokenizedDocument as TokenizedDocument,
    )
    from rougebleu.matlab import (
        TokenizedDocumentArray as TokenizedDocumentArray,
    )
    from rougebleu.matlab import (
        bleu_evaluation_score as bleu_evaluation_score,
    )
    from rougebleu.matlab import (
        bleu_evaluation_score_batch as bleu_evaluation_score_batch,
    )
    from rougebleu.matlab import (
        bleuEvaluationScore as bleuEvaluationScore,
    )
    from rougebleu.matlab import (
        extract_summary as extract_summary,
    )
    from rougebleu.matlab import (
        extractSummary as extractSummary,
    )
    from rougebleu.matlab import (
        lexrank_scores as lexrank_scores,
    )
    from rougebleu.matlab import (
        lexrankScores as lexrankScores,
    )
    from rougebleu.matlab import (
        rouge_evaluation_score as rouge_evaluation_score,
    )
    from rougebleu.matlab import (
        rouge_evaluation_score_batch as rouge_evaluation_score_batch,
    )
    from rougebleu.matlab import (
        rougeEvaluationScore as rougeEvaluationScore,
    )
    from rougebleu.matlab import (
        tokenizedDocument as tokenizedDocument,
    )
    from rougebleu.meteor.jar import (
        METEOR as METEOR,
    )
    from rougebleu.meteor.jar import (
        METEORScore as METEORScore,
    )
    from rougebleu.meteor.jar import (
        METEORSignature as METEORSignature,
    )
    from rougebleu.meteor.jar import (
        corpus_meteor as corpus_meteor,
    )
    from rougebleu.meteor.jar import (
        sentence_meteor as sentence_meteor,
    )
    from rougebleu.mt._bleu_significance import PairedResult as PairedResult
    from rougebleu.mt._bleu_significance import paired_test as paired_test
    from rougebleu.mt.bleu import (
        BLEU as BLEU,
    )
    from rougebleu.mt.bleu import (
        BLEUScore as BLEUScore,
    )
    from rougebleu.mt.bleu import (
        BLEUSignature as BLEUSignature,
    )
    from rougebleu.mt.bleu import (
        corpus_bleu as corpus_bleu,
    )
    from rougebleu.mt.bleu import (
        sentence_bleu as sentence_bleu,
    )
    from rougebleu.mt.chrf import (
        CHRF as CHRF,
    )
    from rougebleu.mt.chrf import (
        CHRFScore as CHRFScore,
    )
    from rougebleu.mt.chrf import (
        CHRFSignature as CHRFSignature,
    )
    from rougebleu.mt.chrf import (
        corpus_chrf as corpus_chrf,
    )
    from rougebleu.mt.chrf import (
        sentence_chrf as sentence_chrf,
    )
    from rougebleu.mt.ter import (
        TER as TER,
    )
    from rougebleu.mt.ter import (
        TERScore as TERScore,
    )
    from rougebleu.mt.ter import (
        TERSignature as TERSignature,
    )
    from rougebleu.mt.ter import (
        corpus_ter as corpus_ter,
    )
    from rougebleu.mt.ter import (
        sentence_ter as sentence_ter,
    )
    from rougebleu.report import Report as Report
    from rougebleu.report import compare as compare
    from rougebleu.rouge155 import Rouge155 as Rouge155
    from rougebleu.rouge_family.batch import (
        CorpusScore as CorpusScore,
    )
    from rougebleu.rouge_family.batch import (
        Interval as Interval,
    )
    from rougebleu.rouge_family.batch import (
        RougeArrays as RougeArrays,
    )
    from rougebleu.rouge_family.batch import (
        rouge as rouge,
    )
    from rougebleu.rouge_family.batch import (
        rouge_corpus as rouge_corpus,
    )
    from rougebleu.rouge_family.scorer import RougeScorer as RougeScorer
    from rougebleu.rouge_family.scoring import (
        AggregateScore as AggregateScore,
    )
    from rougebleu.rouge_family.scoring import (
        BootstrapAggregator as BootstrapAggregator,
    )
    from rougebleu.rouge_family.scoring import (
        Score as Score,
    )
    from rougebleu.rouge_family.signature import rouge_signature as rouge_signature
    from rougebleu.rouge_family.significance import rouge_paired_test as rouge_paired_test
    from rougebleu.stats import (
        BleuStats as BleuStats,
    )
    from rougebleu.stats import (
        ChrfStats as ChrfStats,
    )
    from rougebleu.stats import (
        RougeStats as RougeStats,
    )
    from rougebleu.stats import (
        TerStats as TerStats,
    )
