"""``rougebleu.scoring``: the import path of :mod:`rougebleu.rouge_family.scoring`, which it had
before ROUGE had its package. It is that module (the same object), not a copy."""

import sys

from rougebleu.rouge_family import scoring as _module
from rougebleu.rouge_family.scoring import *  # noqa: F403 (the public names, for type checkers)

sys.modules[__name__] = _module
