"""sacrebleu's `tokenizers` package: only `tokenizer_ter` (TER's tokenizer, when
:mod:`rougebleu.mt.ter` provides it). BLEU's tokenizers are options of `BLEU(tokenize=...)`."""
