"""A drop-in for Google's ``rouge_score`` 0.1.2, computed in Rust.

Change the import and nothing else::

    from rouge_score import rouge_scorer, scoring              # before
    from rougebleu.rouge_score import rouge_scorer, scoring    # after

The modules mirror rouge_score's: :mod:`~rougebleu.rouge_score.rouge_scorer` (``RougeScorer`` and
its helper functions), :mod:`~rougebleu.rouge_score.scoring` (``Score``, ``AggregateScore``,
``BaseScorer``, ``BootstrapAggregator``, ``fmeasure``), :mod:`~rougebleu.rouge_score.tokenize`,
:mod:`~rougebleu.rouge_score.tokenizers` and :mod:`~rougebleu.rouge_score.io`. They accept what
rouge_score accepts and reject what it rejects, at the same call (an invalid rouge type raises
``ValueError`` from ``score``, not from the constructor), and return the same numbers bit for bit.
rouge_score's own unit tests pass against it with only their imports changed.

Differences: no absl logging; NLTK is needed only for ``split_summaries=True``; ``Score`` is
:class:`rougebleu.Score` (the same fields; its instances have no ``__dict__``). The rest of the ROUGE
family (``rougeW``, ``rougeS``, multi-reference modes, ...) is in :class:`rougebleu.RougeScorer`.
"""
