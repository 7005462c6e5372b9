"""ROUGE, as rouge_score computes it and as Lin (2004) defines the whole family, one module per job:
:mod:`~rougebleu.rouge_family.scorer` (``RougeScorer``, the rouge_score drop-in class),
:mod:`~rougebleu.rouge_family.batch` (the columnar ``rouge()`` and ``rouge_corpus()``),
:mod:`~rougebleu.rouge_family.scoring` (``Score``, ``BootstrapAggregator``),
:mod:`~rougebleu.rouge_family.significance` (paired tests between systems) and
:mod:`~rougebleu.rouge_family.multilingual` (the XL-Sum scorer's languages, ``lang=``).

The package is not called ``rouge``: ``rougebleu.rouge`` is the function. The modules keep their
earlier import paths too (``rougebleu.rouge_scorer``, ``rougebleu.rouge_batch``,
``rougebleu.scoring``, ``rougebleu.rouge_significance``, ``rougebleu.multilingual``). The
ROUGE-1.5.5 (Perl) mode is :mod:`rougebleu.rouge155`; the drop-in mirror of rouge_score's import
paths is :mod:`rougebleu.rouge_score`.
"""
