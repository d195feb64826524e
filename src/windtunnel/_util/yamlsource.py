"""The only YAML reader: safe-loads a document and remembers the line of every key and item.

Errors name the file and the line. Used by every package that reads YAML (config, chaos profiles, replay
sessions); the config's own loading and explaining lives in :mod:`windtunnel.config.load`.

Two readers give the same values and the same errors: libyaml's (PyYAML's C loader) reads a plain
document, and the pure-Python reader with its line map reads everything else (aliases, merge keys,
duplicate keys, tags on collections, tabs, deep nesting, a string that is not valid Unicode ...) and
any document the C loader refuses, so every error is the pure-Python reader's, with its line. A
document read by the C loader gets its line map only when a line is asked for (an error to report):
the pure-Python reader then reads the text again. A 5,000-prompt config loads ~10× faster.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from windtunnel._util.errors import ConfigError

Path_ = tuple[Any, ...]


class SourceMap:
    """Line numbers (1-based) of every mapping key and sequence item in a YAML document.

    Given the document's ``text`` instead of ``lines``, the lines are worked out on first use (and a
    :meth:`subtree` of such a map waits for its first use too)."""

    def __init__(self, file: str, lines: dict[Path_, int] | None = None, *, text: str | None = None) -> None:
        """A map for ``file``: with ``lines`` already known, or with the document's ``text`` to work them out from on
        first use (the fast path's documents rarely need a line)."""
        self.file = file
        self._lines = lines if lines is not None or text is not None else {}
        self._text = text
        self._of: tuple[SourceMap, Path_] | None = None

    @property
    def lines(self) -> dict[Path_, int]:
        """``{path: line}`` for every key and item, worked out now if it was deferred: from the parent map for a
        deferred :meth:`subtree`, else by reading the text again with the pure-Python reader. A text that reader
        refuses gives no lines (messages then name the file only)."""
        if self._lines is None:
            if self._of is not None:
                parent, prefix = self._of
                self._lines, self._of = _below(parent.lines, prefix), None
                return self._lines
            smap = SourceMap(self.file)
            try:
                _read_lines(self._text or "", smap)
            except ConfigError:  # libyaml read what the pure-Python reader refuses: the lines stay unknown
                smap = SourceMap(self.file)
            self._lines, self._text = smap.lines, None
        return self._lines

    def __repr__(self) -> str:
        """The file and how many lines are known (working them out if they were deferred)."""
        return f"SourceMap({self.file!r}, {len(self.lines)} lines)"

    def line_of(self, path: Path_) -> int | None:
        """The line of ``path``, or of its nearest ancestor that has one (a value the map does not record, such as a
        key pydantic invented, is reported at its parent); ``None`` when nothing is known."""
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return self.lines.get(())

    def subtree(self, prefix: Path_) -> SourceMap:
        """The lines below ``prefix``, keyed relative to it (for a document nested in another)."""
        if self._lines is None:  # not worked out yet: neither are the subtree's, until a line is asked for
            sub = SourceMap(self.file, text="")
            sub._of = (self, prefix)
            return sub
        return SourceMap(self.file, _below(self._lines, prefix))


def _below(lines: dict[Path_, int], prefix: Path_) -> dict[Path_, int]:
    """The entries of ``lines`` under ``prefix``, with the prefix removed from their paths."""
    n = len(prefix)
    return {p[n:]: line for p, line in lines.items() if p[:n] == prefix}


MAX_YAML_NODES = 1_000_000
"""Values a document may expand to. Aliases repeat a node wherever they point, so a few hundred
bytes of nested aliases ("billion laughs") would otherwise expand without end."""


MAX_ALIASED_CHARS = 1_000_000
"""Characters that aliases may repeat: a long string aliased thousands of times expands a small file to
gigabytes of text (each copy sent, mutated, hashed and stored) without adding many values."""


MAX_YAML_DEPTH = 100
"""Nesting levels a document may have (a config needs fewer than ten); deeper is refused with its line
before the YAML parser's recursion can exhaust Python's stack."""


class _DepthLimitedLoader(yaml.SafeLoader):
    """A SafeLoader whose composer refuses nesting deeper than :data:`MAX_YAML_DEPTH`."""

    _depth = 0

    def compose_node(self, parent: yaml.Node | None, index: int) -> yaml.Node | None:
        """Compose one node, counting the nesting depth; past :data:`MAX_YAML_DEPTH` raise a YAML error at the node's
        position, which the reader turns into a config error with the line."""
        self._depth += 1
        try:
            if self._depth > MAX_YAML_DEPTH:
                mark = self.peek_event().start_mark
                raise yaml.MarkedYAMLError(
                    problem=f"values nested more than {MAX_YAML_DEPTH} levels deep", problem_mark=mark
                )
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def _position(text: str, index: int) -> str:
    """``line:column`` (1-based) of character ``index`` of ``text``."""
    line = text.count("\n", 0, index) + 1
    return f"{line}:{index - (text.rfind(chr(10), 0, index) + 1) + 1}"


def _check_text(value: str, smap: SourceMap, node: yaml.Node) -> None:
    """A lone surrogate (``"\ud800"``) cannot be encoded, sent or stored: refuse it where it is written.

    ASCII strings (nearly all) are passed without encoding them; the error names the character, its position and
    how to write it correctly."""
    if value.isascii():
        return
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as err:
        raise ConfigError(
            f"{smap.file}:{node.start_mark.line + 1}: the string holds a lone surrogate "
            f"({value[err.start]!r} at character {err.start + 1}), which is not valid Unicode text",
            hint="write the character itself, or a valid \\U escape for characters outside the BMP "
            "(a surrogate pair written as two \\u escapes is read as two lone halves)",
        ) from None


@dataclass
class _Walk:
    """The state of one document's construction: its source map, the collections being built (to detect cyclic
    aliases), the number of values built and the characters repeated through aliases (the two budgets that stop
    expansion attacks)."""

    smap: SourceMap
    open_nodes: set[int] = field(default_factory=set)
    """Nodes being built on the current path: an alias back to one of them is a cycle."""
    count: int = 0
    built: set[int] = field(default_factory=set)
    """Scalar nodes built once: building one again is an alias repeating it."""
    aliased_chars: int = 0


def _construct(loader: yaml.SafeLoader, node: yaml.Node, path: Path_, walk: _Walk) -> Any:
    """Build the value of ``node`` at ``path``, recording its line.

    Every limit is checked here, where the node's line is known: the value budget, cyclic aliases, characters
    repeated through aliases, lone surrogates in strings and ``!!binary`` values, each a config error naming the
    line and what to write instead."""
    smap = walk.smap
    walk.count += 1
    if walk.count > MAX_YAML_NODES:
        raise ConfigError(
            f"{smap.file}:{node.start_mark.line + 1}: the YAML expands to more than {MAX_YAML_NODES:,} values "
            "(aliases that repeat aliases?)",
            hint="write the values out, or use fewer nested aliases",
        )
    smap.lines.setdefault(path, node.start_mark.line + 1)
    if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)):
        if id(node) in walk.open_nodes:
            raise ConfigError(
                f"{smap.file}:{node.start_mark.line + 1}: an alias refers to a value that contains it "
                "(a recursive YAML alias)",
                hint="an anchor (&name) cannot be used (*name) inside its own value",
            )
        walk.open_nodes.add(id(node))
        try:
            return _construct_collection(loader, node, path, walk)
        finally:
            walk.open_nodes.discard(id(node))
    value = loader.construct_object(node, deep=True)
    if isinstance(value, str):
        _check_text(value, smap, node)
        if id(node) in walk.built:
            walk.aliased_chars += len(value)
            if walk.aliased_chars > MAX_ALIASED_CHARS:
                raise ConfigError(
                    f"{smap.file}:{node.start_mark.line + 1}: aliases repeat more than {MAX_ALIASED_CHARS:,} "
                    "characters of text (a long string aliased many times)",
                    hint="write the values out, or alias shorter ones",
                )
        walk.built.add(id(node))
    elif isinstance(value, bytes):
        raise ConfigError(
            f"{smap.file}:{node.start_mark.line + 1}: a !!binary value; a config holds text, not bytes",
            hint="write the text itself (decode the base64 first), or quote it to keep it as a string",
        )
    return value


def _construct_collection(loader: yaml.SafeLoader, node: yaml.Node, path: Path_, walk: _Walk) -> Any:
    """Build a mapping (merge keys applied, keys scalar, no key twice: YAML would silently keep one) or a sequence,
    recording the line of every key and item."""
    smap = walk.smap
    if isinstance(node, yaml.MappingNode):
        loader.flatten_mapping(node)
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise ConfigError(f"{smap.file}:{key_node.start_mark.line + 1}: a mapping key must be a scalar")
            key = loader.construct_object(key_node, deep=True)
            if isinstance(key, str):
                _check_text(key, smap, key_node)
            if key in out:
                first = smap.lines.get(path + (key,))
                raise ConfigError(
                    f"{smap.file}:{key_node.start_mark.line + 1}: duplicate key {key!r}"
                    + (f" (first given on line {first})" if first else ""),
                    hint="YAML keeps only one of them: merge the two, or delete the one you do not mean",
                )
            smap.lines[path + (key,)] = key_node.start_mark.line + 1
            out[key] = _construct(loader, value_node, path + (key,), walk)
        return out
    return [_construct(loader, item, (*path, i), walk) for i, item in enumerate(node.value)]


_BOMS = (
    (b"\x00\x00\xfe\xff", "UTF-32"),
    (b"\xff\xfe\x00\x00", "UTF-32"),
    (b"\xfe\xff", "UTF-16"),
    (b"\xff\xfe", "UTF-16"),
)


def read_text(path: str | os.PathLike[str], what: str = "config", *, hint: str | None = None) -> str:
    """The UTF-8 text of the YAML file at ``path``; an unreadable file, a UTF-16/32 one or bytes that are not
    UTF-8 are a :class:`ConfigError` naming the file (``what`` says which kind) and, for bad bytes, the line."""
    try:
        raw = Path(path).read_bytes()
    except OSError as err:
        raise ConfigError(f"cannot read {what} {path}: {err.strerror or err}", hint=hint) from None
    for bom, encoding in _BOMS:
        if raw.startswith(bom):
            raise ConfigError(
                f"{path}:1:1: the {what} file is {encoding} (it starts with a {encoding} byte-order mark); "
                "windtunnel reads YAML files as UTF-8",
                hint=f"save it as UTF-8, e.g. `iconv -f {encoding} -t UTF-8 {path} > fixed.yaml`",
            )
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        start = err.start + (3 if raw.startswith(b"\xef\xbb\xbf") else 0)
        line = raw.count(b"\n", 0, start) + 1
        column = start - (raw.rfind(b"\n", 0, start) + 1) + 1
        bad = raw[start : start + 1].hex()
        raise ConfigError(
            f"{path}:{line}:{column}: the {what} file is not UTF-8 text (byte 0x{bad} at line {line}, column {column})",
            hint=f"save it as UTF-8 (e.g. `iconv -f latin1 -t UTF-8 {path} > fixed.yaml`), or fix that character",
        ) from None


def read_yaml(text: str, file: str = "<string>") -> tuple[Any, SourceMap]:
    """Safe-load one YAML document and its source map."""
    fast = _read_fast(text)
    if fast is not _SLOW:
        return fast, SourceMap(file, text=text)
    smap = SourceMap(file)
    return _read_lines(text, smap), smap


def _read_lines(text: str, smap: SourceMap) -> Any:
    """The pure-Python reader: the document's value, its lines recorded in ``smap``.

    Every way a document can be refused becomes a config error with the file, line and column: control characters
    (refused before parsing), YAML syntax errors (with a hint about indentation and tabs), and the limits checked
    while building (:func:`_construct`)."""
    file = smap.file
    try:
        loader = _DepthLimitedLoader(text)
    except yaml.reader.ReaderError as err:  # a NUL or other control character: refused before parsing
        char = err.character if isinstance(err.character, int) else ord(str(err.character)[:1] or "\0")
        raise ConfigError(
            f"{file}:{_position(text, err.position)}: malformed YAML: the control character U+{char:04X} "
            "is not allowed in a YAML file (control characters other than tab and newline)",
            hint='remove it, or write it as an escape inside a double-quoted string ("\\x00", "\\e")',
        ) from None
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        return _construct(loader, node, (), _Walk(smap))
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        where = f"{file}:{mark.line + 1}:{mark.column + 1}" if mark else file
        raise ConfigError(
            f"{where}: malformed YAML: {err.problem or err}",
            hint="check indentation and quoting around that line (tabs are not allowed in YAML)",
        ) from None
    except yaml.YAMLError as err:
        raise ConfigError(f"{file}: malformed YAML: {err}") from None
    finally:
        loader.dispose()


# -- the C loader's fast path -------------------------------------------------------------------

_SLOW: Any = object()
"""What :func:`_read_fast` returns for a document the pure-Python reader must read."""


class _Slow(Exception):
    """Raised inside the C loader's constructor: the pure-Python reader must read this document."""


_PLAIN_COLLECTIONS = frozenset({"tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"})
_SLOW_CHARS = re.compile("[\t\x85\u2028\u2029]")
"""Characters whose handling differs between libyaml and the pure-Python reader (tabs, Unicode line breaks)."""

if getattr(yaml, "__with_libyaml__", False):

    class _FastLoader(yaml.CSafeLoader):
        """libyaml's parser with the safe constructor, refusing (:class:`_Slow`) whatever the
        pure-Python reader builds differently or refuses: aliases, duplicate or non-scalar keys,
        merge keys, tags on collections, more than :data:`MAX_YAML_DEPTH` levels or
        :data:`MAX_YAML_NODES` values, and strings that are not valid Unicode."""

        _depth = 0
        _count = 0

        def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
            if node in self.constructed_objects:  # an alias
                raise _Slow
            self._count += 1
            if self._count > MAX_YAML_NODES or self._depth >= MAX_YAML_DEPTH:
                raise _Slow
            if isinstance(node, yaml.ScalarNode):
                value = super().construct_object(node, deep)
                if isinstance(value, bytes):  # !!binary: refused, with its line, by the pure-Python reader
                    raise _Slow
                if type(value) is str and not value.isascii():
                    try:
                        value.encode("utf-8")
                    except UnicodeEncodeError:
                        raise _Slow from None
                return value
            if node.tag not in _PLAIN_COLLECTIONS:
                raise _Slow
            self._depth += 1
            try:
                return super().construct_object(node, deep)
            finally:
                self._depth -= 1

        def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
            pairs = len(node.value)
            for key_node, _ in node.value:
                if not isinstance(key_node, yaml.ScalarNode) or key_node.tag == "tag:yaml.org,2002:merge":
                    raise _Slow
            mapping: dict[Any, Any] = super().construct_mapping(node, deep)
            if len(mapping) != pairs:  # a duplicate key
                raise _Slow
            return mapping

else:  # pragma: no cover - PyYAML built without libyaml
    _FastLoader = None  # type: ignore[assignment,misc]


def _read_fast(text: str) -> Any:
    """The document's value read by libyaml, or :data:`_SLOW`.

    Anything the fast path might read differently from the pure-Python reader (aliases, merge keys, tags, control
    characters, an error of any kind) sends the document to the slow path, so both paths always agree."""
    if _FastLoader is None or _SLOW_CHARS.search(text) or yaml.reader.Reader.NON_PRINTABLE.search(text):
        return _SLOW
    loader = _FastLoader(text)
    try:
        node = loader.get_single_node()
        return None if node is None else loader.construct_object(node, deep=True)
    except (_Slow, yaml.YAMLError, RecursionError, UnicodeError):
        return _SLOW
    finally:
        loader.dispose()
