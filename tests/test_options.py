"""Each option vocabulary is written once, in Rust (src/options.rs lists them), and everything else
reads it: the checks of the Python front ends (the same error as the native calls), the command
lines' choices, and every ``Literal`` type of the package and its stubs."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import rougebleu
from rougebleu import _rougebleu as native
from rougebleu.cli import _sacrebleu_args
from rougebleu.rouge155 import Rouge155

OPTIONS = native.OPTIONS
PACKAGE = Path(rougebleu.__file__).parent
BAD = "no such name"


def _native_error(vocabulary: str, name: str) -> str:
    with pytest.raises(ValueError) as e:
        native.check_option(vocabulary, BAD, name)
    return str(e.value)


def test_the_vocabularies() -> None:
    assert OPTIONS["bleu.tokenize"] == ("13a", "intl", "zh", "zh-fixed", "char", "none")
    assert set(OPTIONS["bleu.tokenize"]) - set(OPTIONS["sacrebleu.tokenize"]) == {"zh-fixed"}
    for key, names in OPTIONS.items():
        assert names and len(set(names)) == len(names), key
        for n in names:
            assert native.check_option(key, n, "x") == n
        message = _native_error(key, "x")
        assert f"'{BAD}'" in message and all(f"'{n}'" in message for n in names), message
    with pytest.raises(TypeError, match="x must be a str, not int"):
        native.check_option("bleu.tokenize", 3, "x")
    with pytest.raises(KeyError):
        native.check_option("no.such.vocabulary", "13a", "x")


FRONT_ENDS = {
    "bleu.tokenize": lambda v: rougebleu.BLEU(tokenize=v),
    "bleu.smooth_method": lambda v: rougebleu.BLEU(smooth_method=v),
    "rouge.multi_ref": lambda v: rougebleu.rouge(["a"], ["a"], multi_ref=v),
    "rouge.average": lambda v: rougebleu.rouge_corpus(["a"], ["a"], average=v),
    "rouge.tokenizer": lambda v: rougebleu.rouge(["a"], ["a"], tokenizer=v),
    "rouge.measure": lambda v: rougebleu.rouge_paired_test({"a": ["x"], "b": ["y"]}, ["x"], measure=v),
    "significance.test_type": lambda v: __import__(
        "rougebleu.rouge_significance"
    ).rouge_significance.paired_test_on_scores([("a", [1.0]), ("b", [2.0])], test_type=v),
    "matlab.rouge_method": lambda v: rougebleu.rougeEvaluationScore("a b", "a b", rouge_method=v),
    "matlab.tokenize_method": lambda v: rougebleu.tokenizedDocument("a b", tokenize_method=v),
    "rouge155.counting": lambda v: Rouge155(counting=v),
    "rouge155.multi_ref": lambda v: Rouge155(multi_ref=v),
    "rouge155.skip_unigrams": lambda v: Rouge155(skip_unigrams=v),
    "rouge155.basic_elements": lambda v: Rouge155(basic_elements=v),
    "report.ngram_kinds": lambda v: rougebleu.compare({"a": ["x"], "b": ["y"]}, ["x"], ngram_kinds=[v], paired_bs_n=5),
    "meteor.normalize": lambda v: rougebleu.METEOR(normalize=v, modules=["exact"]),
    "meteor.task": lambda v: rougebleu.METEOR(task=v, modules=["exact"]),
    "meteor.modules": lambda v: rougebleu.METEOR(modules=[v]),
    # the caption classes choose the variant by class; the suite's native call takes its name
    "caption.cider": lambda v: native.caption_suite(["a"], [["a"]], cider=v),
}


@pytest.mark.parametrize("vocabulary", sorted(FRONT_ENDS))
def test_front_ends_give_the_native_error(vocabulary: str) -> None:
    """The Python front ends check option names natively: one wording, listing every name."""
    expected = _native_error(vocabulary, "x").split(": ", 1)[1]
    with pytest.raises(ValueError) as e:
        FRONT_ENDS[vocabulary](BAD)
    # BLEU's front end also names sacrebleu's model tokenizers, which run in Python.
    suffix = ", or one that needs a model or MeCab: " if vocabulary == "bleu.tokenize" else None
    assert str(e.value).endswith(expected) or (suffix is not None and f"{expected}{suffix}" in str(e.value))
    for name in OPTIONS[vocabulary][:2]:
        try:
            FRONT_ENDS[vocabulary](name)
        except ValueError as err:  # a name may be refused for another reason, never as unknown
            assert "unknown" not in str(err)


def test_every_vocabulary_has_a_front_end() -> None:
    assert set(FRONT_ENDS) == set(OPTIONS) - {"sacrebleu.tokenize"}


def test_command_line_choices() -> None:
    from rougebleu.cli import rouge as rouge_cli

    by_dest = {o.dest: o for _, options in _sacrebleu_args.GROUPS for o in options}
    assert tuple(by_dest["bleu_tokenize"].choices) == OPTIONS["sacrebleu.tokenize"]
    assert tuple(by_dest["bleu_smooth_method"].choices) == OPTIONS["bleu.smooth_method"]
    import argparse

    parser = argparse.ArgumentParser()
    rouge_cli.add_arguments(parser)
    choices = {a.dest: a.choices for a in parser._actions}
    assert tuple(choices["multi_ref"]) == OPTIONS["rouge.multi_ref"]
    assert tuple(choices["measure"]) == OPTIONS["rouge.measure"]
    from rougebleu.cli import compare as compare_cli

    parser = argparse.ArgumentParser()
    compare_cli.add_arguments(parser)
    choices = {a.dest: a.choices for a in parser._actions}
    assert tuple(choices["ngram_kinds"]) == OPTIONS["report.ngram_kinds"]
    assert tuple(choices["tokenize"]) == OPTIONS["bleu.tokenize"]
    assert tuple(choices["multi_ref"]) == OPTIONS["rouge.multi_ref"]


# A parameter's name -> its vocabulary's argument where they differ (the native cores' names).
ARGUMENT_OF = {"be_mode": "basic_elements", "multi": "multi_ref"}


def _literals(node: ast.expr | None) -> tuple[str, ...] | None:
    """The strings of a `Literal[...]` annotation (also inside `X | None`), else None."""
    if isinstance(node, ast.BinOp):
        return _literals(node.left) or _literals(node.right)
    if isinstance(node, ast.Subscript) and getattr(node.value, "id", None) == "Literal":
        items = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        return tuple(i.value for i in items if isinstance(i, ast.Constant))
    return None


def _vocabulary(argument: str, names: tuple[str, ...]) -> str | None:
    """The vocabulary a Literal of `names` on parameter `argument` spells, if any."""
    argument = ARGUMENT_OF.get(argument, argument)
    keys = [k for k, v in OPTIONS.items() if k.split(".")[1] == argument and set(names) & set(v)]
    return keys[0] if len(keys) == 1 else None


def test_every_literal_agrees_with_the_native_vocabulary() -> None:
    checked = 0
    for path in sorted([*PACKAGE.rglob("*.py"), *PACKAGE.rglob("*.pyi")]):
        tree = ast.parse(path.read_text())
        aliases = {
            t.id: _literals(node.value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Assign)
            for t in node.targets
            if isinstance(t, ast.Name) and _literals(node.value)
        }
        # The stubs' named vocabularies (`_BleuTokenize`, ...) and MATLAB's `RougeMethod`.
        for alias, names in aliases.items():
            key = {
                "_BleuTokenize": "bleu.tokenize",
                "_SacrebleuTokenize": "sacrebleu.tokenize",
                "_SmoothMethod": "bleu.smooth_method",
                "_MultiRef": "rouge.multi_ref",
                "_Average": "rouge.average",
                "_RougeTokenizer": "rouge.tokenizer",
                "RougeMethod": "matlab.rouge_method",
            }.get(alias)
            if key is not None:
                assert names == OPTIONS[key], (path.name, alias)
                checked += 1
        for node in ast.walk(tree):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for arg in [*node.args.args, *node.args.kwonlyargs]:
                names = _literals(arg.annotation)
                if names is None and isinstance(arg.annotation, ast.Name):
                    names = aliases.get(arg.annotation.id)
                key = names and _vocabulary(arg.arg, names)
                if key:
                    assert set(names) == set(OPTIONS[key]), (path.name, node.name, arg.arg)
                    checked += 1
    assert checked >= 12  # the stubs' aliases, MATLAB's methods, ROUGE-1.5.5's options
