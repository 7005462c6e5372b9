"""The fenced code blocks of the documentation pages and the README, read and run as a reader would.

A page's blocks run in order, in one namespace and one fresh working folder per page, so a block
may use what an earlier block of the same page defined or wrote:

- ```` ```python ````: executed.
- ```` ```pycon ````: a doctest (``>>>`` prompts, with the output shown on the page checked;
  ``...`` in the shown output matches anything, and runs of whitespace compare equal).
- ```` ```sh ```` / ```` ```bash ````: run by bash, stopping at the first failing command.
- ```` ```console ````: ``$ `` lines are commands run by bash; the lines after each are its
  output, checked as in a doctest (a line ``...`` matches any number of lines).

A block of those languages that cannot run (it needs a cluster, a download, a GPU) carries a visible
title saying so, ```` ```python title="Not run: <why>" ````, which the site shows above it; other
languages (``text``, ``toml``, ``xml``, ...) are never run. The README's shell blocks are the
install commands CI itself runs, so only its Python blocks run here.
"""

from __future__ import annotations

import doctest
import io
import os
import re
import subprocess
import sys
from contextlib import redirect_stdout
from dataclasses import dataclass
from pathlib import Path

PYTHON = {"python", "py", "pycon"}
SHELL = {"sh", "bash", "console"}
NOT_RUN = re.compile(r'title="Not run: [^"]+"')
FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>```+)(?P<info>.*)$")


@dataclass
class Block:
    page: str
    line: int  # 1-based line of the opening fence
    lang: str
    info: str
    source: str

    @property
    def runnable(self) -> bool:
        return self.lang in PYTHON | SHELL

    @property
    def marked_not_run(self) -> bool:
        return NOT_RUN.search(self.info) is not None


def blocks(path: Path, name: str) -> list[Block]:
    """The fenced blocks of a Markdown file, with their indentation (inside a list item) removed."""
    out = []
    lines = path.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, fence, info = m.group("indent"), m.group("fence"), m.group("info").strip()
        body = []
        j = i + 1
        while j < len(lines) and not lines[j].strip().startswith(fence):
            body.append(lines[j][len(indent) :] if lines[j].startswith(indent) else lines[j].lstrip())
            j += 1
        lang = info.split()[0].lower() if info else ""
        out.append(Block(name, i + 1, lang, info, "\n".join(body) + "\n"))
        i = j + 1
    return out


class PageRun:
    """Runs one page's blocks in order: one namespace, one working folder."""

    def __init__(self, workdir: Path):
        self.workdir = workdir
        self.namespace: dict = {"__name__": "__main__"}
        self.env = dict(os.environ)
        # The `rougebleu` command of the interpreter running the tests comes first on PATH.
        self.env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + self.env.get("PATH", "")
        self.env.pop("COLUMNS", None)

    def run(self, block: Block) -> None:
        where = f"{block.page}:{block.line}"
        cwd = os.getcwd()
        os.chdir(self.workdir)
        try:
            if block.lang in ("python", "py"):
                exec(compile(block.source, where, "exec"), self.namespace)
            elif block.lang == "pycon":
                self._doctest(block, where)
            elif block.lang == "console":
                self._console(block, where)
            else:
                self._shell(block.source, where)
        finally:
            os.chdir(cwd)

    def _doctest(self, block: Block, where: str) -> None:
        test = doctest.DocTestParser().get_doctest(block.source, self.namespace, where, block.page, block.line)
        flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
        runner = doctest.DocTestRunner(optionflags=flags)
        report = io.StringIO()
        with redirect_stdout(io.StringIO()):
            runner.run(test, out=report.write, clear_globs=False)
        self.namespace.update(test.globs)  # a DocTest runs in a copy of the namespace it is given
        if runner.failures:
            raise AssertionError(f"{where}: shown output differs\n{report.getvalue()}")

    def _shell(self, source: str, where: str) -> str:
        done = subprocess.run(
            ["bash", "-eo", "pipefail", "-c", source],
            cwd=self.workdir,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        if done.returncode != 0:
            raise AssertionError(f"{where}: exit status {done.returncode}\n{done.stdout}{done.stderr}")
        return done.stdout

    def _console(self, block: Block, where: str) -> None:
        for command, shown in _console_steps(block.source):
            got = self._shell(command, where)
            if not output_matches(shown, got):
                raise AssertionError(f"{where}: `{command.strip()}` printed\n{got}\nthe page shows\n{shown}")


def _console_steps(source: str) -> list[tuple[str, str]]:
    """``$ command`` lines (a trailing backslash continues one) and the output shown after each."""
    steps: list[tuple[str, str]] = []
    lines = source.splitlines()
    i = 0
    while i < len(lines):
        if not lines[i].startswith("$ "):
            raise ValueError(f"console block: expected a `$ ` line, got {lines[i]!r}")
        command = [lines[i][2:]]
        while command[-1].endswith("\\") and i + 1 < len(lines):
            i += 1
            command.append(lines[i])
        i += 1
        shown = []
        while i < len(lines) and not lines[i].startswith("$ "):
            shown.append(lines[i])
            i += 1
        steps.append(("\n".join(command) + "\n", "\n".join(shown)))
    return steps


def output_matches(shown: str, got: str) -> bool:
    """Whether printed output matches the output a page shows: trailing whitespace and blank lines
    at the end are ignored, ``...`` matches any text (a line of its own: any lines)."""
    pattern = []
    for line in shown.rstrip("\n").splitlines():
        if line.strip() == "...":
            pattern.append(r"(?:.*\n)*?")
        else:
            parts = [re.escape(p) for p in line.rstrip().split("...")]
            pattern.append(r".*?".join(parts) + r"[ \t]*\n")
    text = "".join(line.rstrip() + "\n" for line in got.rstrip("\n").splitlines())
    return re.fullmatch("".join(pattern), text) is not None
