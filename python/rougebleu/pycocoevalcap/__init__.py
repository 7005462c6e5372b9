"""A drop-in for pycocoevalcap 1.2 without Java: ``from rougebleu.pycocoevalcap.eval import COCOEvalCap``.

The same import paths and classes -- ``tokenizer.ptbtokenizer.PTBTokenizer``, ``bleu.bleu.Bleu``,
``rouge.rouge.Rouge``, ``cider.cider.Cider``, ``meteor.meteor.Meteor`` and ``eval.COCOEvalCap`` --
with the same ``compute_score(gts, res)`` return values (types included), computed by rougebleu
(:mod:`rougebleu.caption`): pycocoevalcap's numbers, no Java, no temporary files.

Differences, on purpose:

- where pycocoevalcap fails an ``assert`` (image ids of ``gts`` and ``res`` that differ, an image
  without references, not exactly one candidate per image), a ``ValueError`` says what is wrong;
- ``COCOEvalCap.evaluate()`` leaves out SPICE (a Java program with its own parser models);
- a caption holding ``\\r``, ``\\v``, ``\\f``, U+2028 or U+2029 keeps its own tokens, where
  pycocoevalcap's Java tokenizer would start a new line and shift every later caption by one.
"""

__version__ = "1.2"
