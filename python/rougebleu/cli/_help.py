"""The help format of rougebleu's own commands: plain text (descriptions as written, no markup),
and every option's default, shown by argparse where its help does not already say it."""

from __future__ import annotations

import argparse
import re

# reST markup of docstrings: ``code`` and :role:`name`, shown as their plain text.
_MARKUP = re.compile(r"``(.*?)``|:[a-z]+:`~?([^`]*)`")


class PlainHelp(argparse.RawDescriptionHelpFormatter, argparse.ArgumentDefaultsHelpFormatter):
    """Descriptions kept as written; `(default: X)` after each option with a default that its
    help text does not name yet."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return super()._fill_text(_MARKUP.sub(lambda m: m.group(1) or m.group(2), text), width, indent)

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        if "default" in text or action.default in (None, False, argparse.SUPPRESS) or not action.option_strings:
            return text
        default = action.default
        shown = " ".join(map(str, default)) if isinstance(default, (list, tuple)) else "%(default)s"
        return f"{text} (default: {shown})"
