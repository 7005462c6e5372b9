"""``python -m rougebleu.rouge155 ...``: the ROUGE-1.5.5 command line."""

import sys

from rougebleu.rouge155.cli import main

sys.exit(main())
