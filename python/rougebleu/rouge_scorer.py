"""``rougebleu.rouge_scorer``: the import path of :mod:`rougebleu.rouge_family.scorer`, which it had
before ROUGE had its package. It is that module (the same object), not a copy."""

import sys

from rougebleu.rouge_family import scorer as _module
from rougebleu.rouge_family.scorer import *  # noqa: F403 (the public names, for type checkers)

sys.modules[__name__] = _module
