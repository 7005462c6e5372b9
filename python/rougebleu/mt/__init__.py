"""The machine-translation metrics of sacrebleu's family, one module each: BLEU
(:mod:`rougebleu.mt.bleu`), chrF/chrF++ (:mod:`rougebleu.mt.chrf`) and TER (:mod:`rougebleu.mt.ter`),
with the score and signature shapes they share (:mod:`rougebleu.mt._base`) and their argument checks
(:mod:`rougebleu.mt._args`). The drop-in mirror of sacrebleu's import paths is :mod:`rougebleu.sacrebleu`.
"""
