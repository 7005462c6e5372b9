"""The machine-translation metrics of sacrebleu's family: chrF/chrF++ and TER, one module each.

BLEU lives in :mod:`rougebleu.bleu`; the drop-in mirror of sacrebleu's import paths is
:mod:`rougebleu.sacrebleu`.
"""
