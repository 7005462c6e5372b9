"""The documented bounds of rougebleu's numeric options (the page
https://rougebleu.github.io/rougebleu/limits/ lists them with what happens at each one). The same
constants bound the Rust core, which exports them.

- ``MAX_NGRAM_ORDER``: ROUGE-N's n, BLEU's ``max_ngram_order``, NLTK's weights per set, MATLAB's
  ``ngram_length`` and ``ngram_weights``.
- ``MAX_WLCS_WEIGHT``: ROUGE-W's weight (``rougeW-<w>``, MATLAB's ``weight``): ``k**w`` stays finite.
- ``MAX_BOOTSTRAP``: bootstrap resamples and paired-test trials.
- ``MAX_BETA``: F-measure ``beta``.
- ``MAX_WORKERS``: the ``workers`` argument (threads are never more than the machine's cores).
"""

from rougebleu._rougebleu import MAX_BETA, MAX_BOOTSTRAP, MAX_NGRAM_ORDER, MAX_WLCS_WEIGHT, MAX_WORKERS

__all__ = ["MAX_BETA", "MAX_BOOTSTRAP", "MAX_NGRAM_ORDER", "MAX_WLCS_WEIGHT", "MAX_WORKERS"]
