"""Readers for ROUGE-1.5.5 evaluation configurations.

Two kinds exist: the XML configuration (``<ROUGE-EVAL>`` with ``<EVAL ID>`` units holding
``PEER-ROOT``, ``MODEL-ROOT``, ``INPUT-FORMAT TYPE``, ``PEERS/P ID`` and ``MODELS/M ID``), and,
with ``-z FORMAT``, a plain list with one ``peer model1 ... modelN`` line per evaluation unit.
Both are read as ROUGE-1.5.5 reads them (element names are case-insensitive, text is stripped,
a repeated ``EVAL ID`` adds to the earlier unit, a later ``P``/``M`` with the same ID replaces
the file), but every problem is an error that names the file and line instead of a crash or
silent zeros.
"""

from __future__ import annotations

import os

# Plain classes rather than dataclasses, and expat imported when an XML file is read: this module
# is on the start-up path of `rougebleu rouge155`, which callers run once per evaluation.

__all__ = ["FORMATS", "Config", "ConfigError", "EvalUnit", "read_config", "read_file_list", "read_xml_config"]

FORMATS = ("SEE", "SPL", "ISI", "SIMPLE")

# Perl's \s (plus the newline its patterns name explicitly), used to strip paths and roots.
_PERL_SPACE = " \t\n\r\f\v\x85\xa0"


class ConfigError(ValueError):
    """A configuration file that cannot be read or does not describe an evaluation."""


class EvalUnit:
    """One ``<EVAL>``: the peers (system ID -> summary path) and the model paths, in order."""

    __slots__ = ("format", "id", "line", "model_files", "model_ids", "model_root", "peer_root", "peers")

    def __init__(self, id: str, format: str | None = None, line: int = 0):
        self.id = id
        self.format = format
        self.line = line
        self.peer_root: str | None = None
        self.model_root: str | None = None
        self.peers: dict[str, str | None] = {}
        self.model_ids: list[str] = []
        self.model_files: dict[str, str | None] = {}

    def peer_path(self, system: str) -> str | None:
        f = self.peers.get(system)
        return None if f is None else _join(self.peer_root, f)

    def model_paths(self) -> list[str]:
        return [_join(self.model_root, self.model_files[m] or "") for m in self.model_ids]


def _join(root: str | None, name: str) -> str:
    # ROUGE-1.5.5 always builds "$root/$file" (so a missing root gives "/file"); a file without
    # a root is taken as given instead, which is the same file whenever Perl's path works.
    return name if root is None else f"{root}/{name}"


class Config:
    """A parsed configuration: evaluation units in file order and every system ID seen."""

    __slots__ = ("evals", "path", "systems")

    def __init__(self, path: str, evals: list[EvalUnit], systems: list[str]):
        self.path = path
        self.evals = evals
        self.systems = systems


class _Node:
    __slots__ = ("attrs", "children", "line", "name", "text_parts")

    def __init__(self, name: str, attrs: dict[str, str], line: int):
        self.name = name
        self.attrs = attrs
        self.children: list[_Node | str] = []
        self.line = line


def _parse_xml(path: str, data: bytes) -> _Node:
    from xml.parsers import expat

    root = _Node("#document", {}, 0)
    stack = [root]
    parser = expat.ParserCreate()

    def start(name, attrs):
        node = _Node(name, attrs, parser.CurrentLineNumber)
        stack[-1].children.append(node)
        stack.append(node)

    def end(name):
        stack.pop()

    def text(data):
        kids = stack[-1].children
        # expat may split one text node into several callbacks; DOM sees one node.
        if kids and isinstance(kids[-1], str):
            kids[-1] += data
        else:
            kids.append(data)

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = text
    parser.buffer_text = True
    try:
        parser.Parse(data, True)
    except expat.ExpatError as e:
        raise ConfigError(f"{path}, line {e.lineno}: malformed XML: {expat.ErrorString(e.code)}") from None
    return root


def _strip(s: str) -> str:
    return s.strip(_PERL_SPACE)


def _attr(node: _Node, name: str, path: str) -> str:
    for k, v in node.attrs.items():
        if k == name:
            return v
    raise ConfigError(f"{path}, line {node.line}: <{node.name}> has no {name} attribute")


def read_xml_config(path: str) -> Config:
    """Reads an XML ROUGE-1.5.5 configuration (``ROUGE-test.xml`` style)."""
    data = _read(path)
    root = _parse_xml(path, data)
    evals: dict[str, EvalUnit] = {}
    systems: dict[str, None] = {}

    def unit(eval_id: str | None, node: _Node) -> EvalUnit:
        if eval_id is None:
            raise ConfigError(f"{path}, line {node.line}: <{node.name}> outside an <EVAL>")
        return evals[eval_id]

    def texts(node: _Node) -> list[str]:
        return [c for c in node.children if isinstance(c, str)]

    def walk(node: _Node, eval_id: str | None) -> None:
        name = node.name.upper()
        if name == "EVAL":
            eval_id = _attr(node, "ID", path)
            evals.setdefault(eval_id, EvalUnit(eval_id, line=node.line))
            for c in node.children:
                if isinstance(c, _Node):
                    walk(c, eval_id)
        elif name == "INPUT-FORMAT":
            fmt = _attr(node, "TYPE", path)
            if fmt.upper() not in FORMATS:
                raise ConfigError(
                    f"{path}, line {node.line}: unknown input format {fmt!r} (one of {', '.join(FORMATS)})"
                )
            unit(eval_id, node).format = fmt.upper()
        elif name in ("PEER-ROOT", "MODEL-ROOT"):
            u = unit(eval_id, node)
            for t in texts(node):  # the last text node wins, as in ROUGE-1.5.5
                if name == "PEER-ROOT":
                    u.peer_root = _strip(t)
                else:
                    u.model_root = _strip(t)
        elif name == "PEERS":
            u = unit(eval_id, node)
            for c in node.children:
                if isinstance(c, _Node) and c.name.upper() == "P":
                    pid = _attr(c, "ID", path)
                    systems.setdefault(pid, None)
                    u.peers.setdefault(pid, None)
                    for t in texts(c):
                        u.peers[pid] = _strip(t)
                    if not u.peers[pid]:
                        raise ConfigError(f"{path}, line {c.line}: peer {pid!r} of EVAL {u.id!r} names no file")
        elif name == "MODELS":
            u = unit(eval_id, node)
            for c in node.children:
                if isinstance(c, _Node) and c.name.upper() == "M":
                    mid = _attr(c, "ID", path)
                    u.model_ids.append(mid)
                    u.model_files.setdefault(mid, None)
                    for t in texts(c):
                        u.model_files[mid] = _strip(t)
                    if not u.model_files[mid]:
                        raise ConfigError(f"{path}, line {c.line}: model {mid!r} of EVAL {u.id!r} names no file")
        else:
            for c in node.children:
                if isinstance(c, _Node):
                    walk(c, eval_id)

    walk(root, None)
    if not evals:
        raise ConfigError(f"{path}: no <EVAL> element: not a ROUGE evaluation configuration")
    for u in evals.values():
        where = f"{path}, line {u.line}: EVAL {u.id!r}"
        if u.format is None:
            raise ConfigError(f"{where} has no <INPUT-FORMAT TYPE=...>")
        if not u.model_ids:
            raise ConfigError(f"{where} has no <MODELS> (model summaries)")
        if not u.peers:
            raise ConfigError(f"{where} has no <PEERS> (system summaries)")
    return Config(path, list(evals.values()), list(systems))


def read_file_list(path: str, fmt: str, system_id: str) -> Config:
    """Reads a ``-z`` file list: ``peer model1 ... modelN`` per line, ``#`` comments, blank lines
    ignored; units are numbered from 1 and the peer gets ``system_id``."""
    if fmt.upper() not in FORMATS:
        raise ConfigError(f"unknown input format {fmt!r} for -z (one of {', '.join(FORMATS)})")
    data = _read(path)
    evals: list[EvalUnit] = []
    for lineno, raw in enumerate(data.split(b"\n"), 1):
        line = raw.decode("utf-8", "surrogateescape")
        if line.startswith("#") or not line.strip(_PERL_SPACE):
            continue
        files = line.split()
        if len(files) < 2:
            raise ConfigError(
                f"{path}, line {lineno}: a file list line needs a peer and at least one model, got {line!r}"
            )
        u = EvalUnit(str(len(evals) + 1), format=fmt.upper(), line=lineno)
        u.peers[system_id] = files[0]
        for k, m in enumerate(files[1:], 1):
            u.model_ids.append(f"M.{k}")
            u.model_files[f"M.{k}"] = m
        evals.append(u)
    if not evals:
        raise ConfigError(f"{path}: the file list has no 'peer model...' line")
    return Config(path, evals, [system_id])


def read_config(path: str, list_format: str | None = None, system_id: str = "X") -> Config:
    """An XML configuration, or with ``list_format`` (``-z``) a file list."""
    if list_format is not None:
        return read_file_list(path, list_format, system_id)
    return read_xml_config(path)


def _read(path: str) -> bytes:
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        raise ConfigError(f"cannot read configuration {path}: {e.strerror or e}") from None


def default_data_dir(explicit: str | None) -> tuple[str, str]:
    """ROUGE-1.5.5's data directory and where it came from: ``-e``, ``$ROUGE_EVAL_HOME``,
    ``$RED_EVAL_HOME``, else the current directory."""
    if explicit is not None:
        return explicit, "-e"
    for var in ("ROUGE_EVAL_HOME", "RED_EVAL_HOME"):
        if var in os.environ:
            return os.environ[var], f"${var}"
    return ".", "the current directory (no -e, no $ROUGE_EVAL_HOME)"
