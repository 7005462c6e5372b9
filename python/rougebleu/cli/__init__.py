"""The subcommands of ``rougebleu`` (``python -m rougebleu``), one module each: ``rouge`` (our ROUGE
command), ``compare`` (the system comparison report), ``meteor`` (METEOR 1.5 as its jar computes
it, or NLTK's) and ``sacrebleu`` (sacrebleu's command line, output byte for byte).

Each module keeps its imports inside its functions: a command is timed as a whole process, and
``import rougebleu.cli.<name>`` must not load NumPy or the metrics before the arguments are read.
"""
