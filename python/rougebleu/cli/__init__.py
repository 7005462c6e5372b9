"""Command-line front ends that reproduce other tools' commands (see `rougebleu sacrebleu -h`)."""
