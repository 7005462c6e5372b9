"""MkDocs hooks of the documentation site (mkdocs.yml names this file).

- Before the build: every public name of the package has a page in the API reference and a
  docstring, and so has every public method of a public class, or the build fails (mkdocstrings
  renders what it is given and says nothing of what is missing). Public names are the ``__all__``
  of every public module (no underscore in its path).
- The performance page's charts are drawn from the tables of ``benches/RESULTS.md`` at each build
  (tools/bench_charts.py), so they cannot fall behind the figures.
- Docstrings are written for both ``help()`` and the site: their Sphinx roles (``:class:`X```) are
  shown as plain code on the site.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
import sys
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))

import bench_charts  # noqa: E402

# Modules that are another module under an older import path (the same object): documented once,
# under the path the package uses now.
ALIASES = {
    "rougebleu.rouge_scorer",
    "rougebleu.rouge_batch",
    "rougebleu.rouge_significance",
    "rougebleu.multilingual",
    "rougebleu.scoring",
}
# `::: identifier`, with its indented options (`members: false` renders a module's docstring only).
DIRECTIVE = re.compile(r"^:::\s+(\S+)((?:\n[ \t]+\S.*)*)", re.M)
# `:class:`~a.B`` renders as ":class:<code>~a.B</code>"; Sphinx would show `B`.
ROLE = re.compile(r":(?:class|func|meth|mod|attr|data|exc|obj):<code>(?:~(?:[\w]+\.)*)?")


def public_modules() -> list:
    """The package's public modules: no path component starts with an underscore."""
    import rougebleu

    found = [rougebleu]
    for info in pkgutil.walk_packages(rougebleu.__path__, "rougebleu."):
        parts = info.name.split(".")
        if any(p.startswith("_") for p in parts) or info.name in ALIASES:
            continue
        found.append(importlib.import_module(info.name))
    return found


def resolve(identifier: str):
    """The object a ``::: a.b.c`` directive renders: the longest importable module prefix, then
    attributes."""
    parts = identifier.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for name in parts[cut:]:
            obj = getattr(obj, name)
        return obj
    raise PluginError(f"the API reference names {identifier}, which does not import")


def _has_docstring(obj) -> bool:
    doc = obj.__doc__ if inspect.isclass(obj) else getattr(obj, "__doc__", None)
    return bool(doc and doc.strip())


def undocumented(reference_dir: Path) -> list[str]:
    """The public names with no page in the API reference or no docstring, each with why."""
    rendered_objects: set[int] = set()
    whole_modules: set[str] = set()
    for page in sorted(reference_dir.rglob("*.md")):
        for identifier, options in DIRECTIVE.findall(page.read_text(encoding="utf-8")):
            obj = resolve(identifier)
            rendered_objects.add(id(obj))
            if inspect.ismodule(obj) and "members: false" not in options:
                whole_modules.add(obj.__name__)
                rendered_objects.update(id(getattr(obj, name)) for name in getattr(obj, "__all__", ()))
    problems = []
    for module in public_modules():
        names = getattr(module, "__all__", None)
        if names is None:
            continue
        if not _has_docstring(module):
            problems.append(f"{module.__name__}: the module has no docstring")
        for name in names:
            if name.startswith("__"):
                continue
            obj = getattr(module, name)
            if not (inspect.isclass(obj) or inspect.isroutine(obj)):
                continue  # constants and type aliases: their module's docstring describes them
            where = f"{module.__name__}.{name}"
            if id(obj) not in rendered_objects and module.__name__ not in whole_modules:
                problems.append(f"{where}: on no page of docs/reference/")
            if not _has_docstring(obj):
                problems.append(f"{where}: no docstring")
            if inspect.isclass(obj):
                problems.extend(f"{where}.{m}: no docstring" for m in _methods_without_docstring(obj))
    return problems


def _methods_without_docstring(cls) -> list[str]:
    """The public methods and properties the class defines itself that have no docstring."""
    missing = []
    for name, value in vars(cls).items():
        if name.startswith("_"):
            continue
        func = value.fget if isinstance(value, property) else getattr(value, "__func__", value)
        if (callable(func) or isinstance(value, property)) and not _has_docstring(func):
            missing.append(name)
    return missing


def on_pre_build(config, **kwargs) -> None:
    problems = undocumented(Path(config["docs_dir"]) / "reference")
    if problems:
        raise PluginError("public names the API reference lacks:\n  " + "\n  ".join(problems))


def on_files(files, config, **kwargs):
    for name, svg in bench_charts.charts(REPO / "benches" / "RESULTS.md").items():
        files.append(File.generated(config, f"charts/{name}.svg", content=svg))
    return files


def on_page_content(html: str, **kwargs) -> str:
    return ROLE.sub("<code>", html)
