"""``PTBTokenizer``: Stanford's PTB tokenization as pycocoevalcap runs it, without Java."""

from __future__ import annotations

from typing import Any

from rougebleu import _rougebleu as _native

# pycocoevalcap's list: these tokens are dropped after tokenization (the bracket names never match,
# since the tokens are lowercased first).
PUNCTUATIONS = [
    "''",
    "'",
    "``",
    "`",
    "-LRB-",
    "-RRB-",
    "-LCB-",
    "-RCB-",
    ".",
    "?",
    "!",
    ",",
    ":",
    "-",
    "--",
    "...",
    ";",
]


class PTBTokenizer:
    """Python wrapper of Stanford PTBTokenizer -- here, its Rust reimplementation."""

    def tokenize(self, captions_for_image: dict[Any, list[dict[str, Any]]]) -> dict[Any, list[str]]:
        """``{image_id: [{"caption": str, ...}, ...]}`` -> ``{image_id: [tokenized caption, ...]}``,
        all captions tokenized as one input, in order (images without captions are left out, as
        pycocoevalcap leaves them)."""
        ids = [k for k, v in captions_for_image.items() for _ in range(len(v))]
        texts = [c["caption"] for v in captions_for_image.values() for c in v]
        out: dict[Any, list[str]] = {}
        for k, line in zip(ids, _native.ptb_tokenize(texts)):
            out.setdefault(k, []).append(line)
        return out
