"""libyaml's fast path gives what the pure-Python reader gives: the same values, the same lines (worked
out when asked for), and every error the pure-Python reader's own."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from windtunnel._util import yamlsource
from windtunnel._util.errors import ConfigError
from windtunnel._util.yamlsource import SourceMap, read_yaml

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(not yaml.__with_libyaml__, reason="PyYAML without libyaml")


def slow(text: str, file: str = "f.yaml") -> tuple[Any, SourceMap]:
    smap = SourceMap(file)
    return yamlsource._read_lines(text, smap), smap


def outcome(read: Any, text: str) -> tuple[str, Any]:
    try:
        data, smap = read(text, "f.yaml")
    except ConfigError as err:
        return "error", (str(err), err.hint)
    return "ok", (data, smap.lines)


def repo_yaml() -> list[Path]:
    files = [p for d in ("examples", "src", "tests", "docs") for p in (ROOT / d).rglob("*.y*ml")]
    return sorted(p for p in files if p.suffix in (".yaml", ".yml"))


def test_every_yaml_file_of_the_repository_reads_the_same() -> None:
    files = repo_yaml()
    assert len(files) > 5
    fast = 0
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert outcome(read_yaml, text) == outcome(slow, text), path
        fast += yamlsource._read_fast(text) is not yamlsource._SLOW
    assert fast >= len(files) // 2  # most plain files take the fast path


PLAIN = """\
version: "1"
agent: {type: http, endpoint: "http://127.0.0.1:9/x", headers: {X-A: "1"}}
golden_prompts:
  - Where is my order?
  - "Ünïcödé and emoji 🚀"
  - |
    a block
    scalar
  - >-
    folded
    text
  - 'single ''quoted'''
numbers: [1, 0x1f, 1.5e3, .inf, -.nan, 0o17, 1_000]
flags: [yes, no, on, off, true, null, ~, ""]
when: 2024-01-02
stamp: 2024-01-02T03:04:05Z
str: !!str 12
empty:
nested: {a: [b, {c: d}], e: []}
"""


def test_a_plain_document_takes_the_fast_path_and_its_lines_come_on_demand() -> None:
    assert yamlsource._read_fast(PLAIN) is not yamlsource._SLOW
    data, smap = read_yaml(PLAIN, "p.yaml")
    ref, ref_map = slow(PLAIN, "p.yaml")
    assert repr(data) == repr(ref)  # same types too (nan != nan, so compare the reprs)
    assert smap._lines is None  # not worked out yet
    assert smap.line_of(("golden_prompts", 2)) == 6
    assert smap.lines == ref_map.lines
    assert smap.subtree(("agent",)).lines == ref_map.subtree(("agent",)).lines


def test_a_subtree_of_a_map_not_worked_out_waits_for_its_first_line() -> None:
    """A contract file's `contract:` block (replay preflight) asks for its subtree on every load: the
    pure-Python reader runs only when a line is wanted (an error to report)."""
    _, smap = read_yaml(PLAIN, "p.yaml")
    _, ref_map = slow(PLAIN, "p.yaml")
    sub = smap.subtree(("agent",))
    assert smap._lines is None and sub._lines is None
    assert sub.lines == ref_map.subtree(("agent",)).lines
    assert sub.line_of(("type",)) == ref_map.line_of(("agent", "type"))


@pytest.mark.parametrize(
    "text",
    [
        "a: 1\na: 2\n",  # duplicate key
        "a: 1\nb: 2\na: 3\n",
        "base: &b {x: 1}\none: *b\n",  # alias
        "base: &b {x: 1}\ntwo: {<<: *b, y: 2}\n",  # merge key
        "s: !!set {a, b}\n",  # tags on collections build plain values in the full reader
        "o: !!omap [a: 1, b: 2]\n",
        "m: !!map {a: 1}\n",
        "{[1]: x}\n",  # a collection as key
        "a:\tb\n",  # tabs
        "a: [1,\t2]\n",
        "a: b\u2028c\n",  # a Unicode line break
        'a: "\\ud800"\n',  # a lone surrogate
        '"\\udc00": x\n',
        "a: b\x00\n",  # a control character
        "a: [1, 2\n",  # malformed
        "a: b\n---\nc: d\n",  # two documents
        "a: !custom x\n",
        "a: !!binary aGVsbG8=\n",  # bytes: refused with the line (issue 29)
        "a: " + "[" * 150 + "]" * 150 + "\n",  # deeper than MAX_YAML_DEPTH
        "a: " + "[" * 99 + "]" * 99 + "\n",
        "a: " + "[" * 100 + "]" * 100 + "\n",
        "a: " + "[" * 2000 + "]" * 2000 + "\n",  # deeper than libyaml's own limit
        "- " * 120 + "x\n",
        "",
        "# only a comment\n",
        "just a string\n",
        "[1, 2]\n",
    ],
)
def test_whatever_the_fast_path_cannot_read_reads_as_before(text: str) -> None:
    assert outcome(read_yaml, text) == outcome(slow, text)


def test_the_value_cap_holds_on_the_fast_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(yamlsource, "MAX_YAML_NODES", 50)
    text = "items: [" + ", ".join(str(i) for i in range(60)) + "]\n"
    with pytest.raises(ConfigError, match="expands to more than 50 values"):
        read_yaml(text, "big.yaml")


def test_lines_the_pure_python_reader_cannot_give_are_unknown_not_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(text: str, smap: SourceMap) -> Any:
        raise ConfigError("f.yaml:1: malformed YAML: refused")

    _, smap = read_yaml(PLAIN, "p.yaml")
    monkeypatch.setattr(yamlsource, "_read_lines", refuse)
    assert smap.line_of(("golden_prompts", 2)) is None
    assert smap.lines == {}
