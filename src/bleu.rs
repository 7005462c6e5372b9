//! sacrebleu- and NLTK-compatible BLEU (tokenizers, sufficient statistics, scores).
