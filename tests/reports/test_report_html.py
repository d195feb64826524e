"""The HTML report without a browser: structure, escaping, embedded data, CSP, heat map."""

from __future__ import annotations

import base64
import hashlib
import json
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from windtunnel.reports import render_phase_summary, render_report
from windtunnel.reports.cells import cell_phase
from windtunnel.reports.html import compact_cell, embed_json, heatmap, safe_href
from windtunnel.reports.sample import HOSTILE, make_cell, make_report


class Collector(HTMLParser):
    """Every tag with its attributes, and the text of each <script> and <style>."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.raw: dict[str, list[str]] = {"script": [], "style": []}
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag in self.raw:
            self._in = tag
            self.raw[tag].append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == self._in:
            self._in = None

    def handle_data(self, data: str) -> None:
        if self._in:
            self.raw[self._in][-1] += data


def _parse(path: Path) -> tuple[str, Collector]:
    text = path.read_text(encoding="utf-8")
    parser = Collector()
    parser.feed(text)
    return text, parser


def test_self_contained_with_a_strict_csp(tmp_path: Path, ci_report: dict[str, Any]) -> None:
    text, page = _parse(render_report(ci_report, "html", tmp_path / "r.html"))
    scripts = [a for t, a in page.tags if t == "script"]
    assert [a.get("type") for a in scripts] == [None, "application/json", None]
    assert all("src" not in a for a in scripts)
    assert not [a for t, a in page.tags if t == "link"]
    for _, attrs in page.tags:
        for name in ("src", "href", "action"):
            value = attrs.get(name)
            assert value is None or value.startswith("#"), (name, value)
    csp = next(a["content"] for t, a in page.tags if t == "meta" and a.get("http-equiv") == "Content-Security-Policy")
    assert csp is not None and "default-src 'none'" in csp

    def digest(s: str) -> str:
        return "'sha256-" + base64.b64encode(hashlib.sha256(s.encode()).digest()).decode() + "'"

    head_js, _, main_js = page.raw["script"]
    assert f"script-src {digest(head_js)} {digest(main_js)};" in csp
    assert f"style-src {digest(page.raw['style'][0])}" in csp
    assert "http://" not in text.split("<body>")[0] + main_js


def test_embedded_json_is_inert_and_exact(tmp_path: Path, ci_report: dict[str, Any]) -> None:
    text, page = _parse(render_report(ci_report, "html", tmp_path / "r.html"))
    payload = page.raw["script"][1]
    assert "<" not in payload and ">" not in payload and "&" not in payload
    assert "\u2028" not in payload and "\u2029" not in payload
    data = json.loads(payload)
    assert data["summary"] == ci_report["summary"]
    assert data["cells"] == [compact_cell(c) for c in ci_report["cells"]]
    # compaction only drops what carries no information
    for embedded, cell in zip(data["cells"], ci_report["cells"], strict=True):
        assert embedded["phase"] == cell_phase(cell)
        assert {k: v for k, v in cell.items() if k not in embedded} == {
            k: v for k, v in cell.items() if v in (None, [], {}) or (k == "golden_prompt" and v == cell["prompt"])
        }
    # exactly the two script elements: nothing from the data opened a new one
    assert text.count("<script") == 3 and text.count("</script>") == 3


def test_embed_json_escapes() -> None:
    value = {"o": "</script><!-- & \u2028\u2029 -->"}
    out = str(embed_json(value))
    assert out == '{"o":"\\u003c/script\\u003e\\u003c!-- \\u0026 \\u2028\\u2029 --\\u003e"}'
    assert json.loads(out) == value


def test_every_untrusted_string_is_escaped(tmp_path: Path) -> None:
    hostile = HOSTILE[0] + HOSTILE[1]
    cell = make_cell(
        "x</td>",
        kind="contract",
        status="failed",
        prompt=hostile,
        output=hostile,
        scenario="<b>scen</b>",
        invariant='inv"><svg onload=1>',
        severity="high",
        mutation={"type": "<i>m</i>", "args": {"k": "</script>"}},
        faults=[{"target": "tool", "mode": "<u>timeout</u>", "name": "<s>x</s>"}],
        checks=[{"type": "<t>", "passed": False, "detail": hostile}],
        reproduce="windtunnel run --only '<x>'",
        error=None,
    )
    report = make_report([cell], run_id="<run>")
    report["run"]["config_path"] = "<cfg>.yaml"
    text, page = _parse(render_report(report, "html", tmp_path / "r.html"))
    assert [t for t, _ in page.tags if t in ("img", "svg", "b", "i", "u", "s", "t")] == []
    assert "onerror" not in "".join(str(a) for _, a in page.tags)
    assert "&lt;img src=x onerror=&#34;window.__pwned=2&#34;&gt;" in text
    assert "&lt;b&gt;scen&lt;/b&gt;" in text


def test_tables_are_server_rendered(tmp_path: Path, ci_report: dict[str, Any]) -> None:
    text, page = _parse(render_report(ci_report, "html", tmp_path / "r.html"))
    rows = [a for t, a in page.tags if t == "tr" and "data-i" in a]
    assert len(rows) == len(ci_report["cells"])
    failures = [a for t, a in page.tags if t == "details"]
    assert len(failures) == ci_report["summary"]["cells_failed"] + ci_report["summary"]["cells_errored"]
    assert 'id="phases"' in text and 'id="stats"' in text and 'id="by-type"' in text
    assert "pass^3" in text and "Flaky cells" in text
    controls = next(a for t, a in page.tags if t == "form")
    assert "hidden" in controls  # controls appear only with JavaScript


def test_heatmap_counts_contract_cells() -> None:
    cells = [
        make_cell("1", kind="contract", scenario="s1", invariant="i1", status="passed"),
        make_cell("2", kind="contract", scenario="s1", invariant="i1", status="failed", repeat=1),
        make_cell("3", kind="contract", scenario="s2", invariant="i2", status="passed"),
        make_cell("4", kind="contract", scenario="s2", invariant="i2", status="skipped"),
        make_cell("5", kind="golden"),
    ]
    heat = heatmap(cells)
    assert heat is not None
    assert heat["invariants"] == ["i1", "i2"]
    grid = {
        (c["scenario"], c["invariant"]): (c["passed"], c["total"], c["bucket"])
        for row in heat["rows"]
        for c in row["cells"]
    }
    assert grid == {
        ("s1", "i1"): (1, 2, 5),
        ("s1", "i2"): (0, 0, None),
        ("s2", "i1"): (0, 0, None),
        ("s2", "i2"): (1, 1, 10),
    }
    assert heatmap([make_cell("g")]) is None


def test_heatmap_says_errored_beside_the_count(tmp_path: Path) -> None:
    """A contract cell whose agent call failed is counted as not passed and named errored, not as a failed invariant
    (QA-13: the heatmap showed `0/2` alone)."""
    cells = [
        make_cell("1", kind="contract", scenario="tool-down", invariant="no-link", status="error"),
        make_cell("2", kind="contract", scenario="tool-down", invariant="no-link", status="error", repeat=1),
        make_cell("3", kind="contract", scenario="calm", invariant="no-link", status="failed"),
    ]
    heat = heatmap(cells)
    assert heat is not None
    got = {(c["scenario"], c["passed"], c["total"], c["errored"]) for row in heat["rows"] for c in row["cells"]}
    assert got == {("tool-down", 0, 2, 2), ("calm", 0, 1, 0)}
    text, page = _parse(render_report(make_report(cells, mode="contract"), "html", tmp_path / "r.html"))
    squares = [a.get("title") or "" for t, a in page.tags if t == "button" and "heat-cell" in (a.get("class") or "")]
    assert any("tool-down" in q and "2 errored" in q for q in squares) and "0/2 · 2 errored" in text
    assert not any("calm" in q and "errored" in q for q in squares)


@pytest.mark.parametrize(
    ("href", "ok"),
    [
        ("mutation.html", True),
        ("phases/chaos.html#top", True),
        ("javascript:alert(1)", False),
        ("https://evil.example/x", False),
        ("//evil.example", False),
        ("/etc/passwd", False),
        ("data:text/html,x", False),
        ("a b.html", False),
        (None, False),
    ],
)
def test_safe_href(href: str | None, ok: bool) -> None:
    assert safe_href(href) == (href if ok else None)


def test_phase_summary_links_each_phase(tmp_path: Path) -> None:
    phases = {
        "mutation": {"score": 80.0, "passed": True, "weight": 0.2, "report": "mutation.html"},
        "chaos": {"score": 40.0, "passed": False, "weight": 0.35},
        "replay": {
            "score": None,
            "passed": False,
            "weight": 0.1,
            "status": "not_run",
            "report": "javascript:alert(1)",
        },
    }
    report = make_report(
        [make_cell("a", phase="mutation"), make_cell("b", kind="chaos", status="failed")],
        mode="ci",
        phases=phases,
    )
    out = render_phase_summary(report, tmp_path / "index.html", {"chaos": "chaos.html"})
    text, page = _parse(out)
    hrefs = [a.get("href") for t, a in page.tags if t == "a"]
    assert hrefs == ["mutation.html", "chaos.html"]
    assert "not run" in text and page.raw["script"] == []
    csp = next(a["content"] for t, a in page.tags if t == "meta" and a.get("http-equiv"))
    assert csp is not None and "script-src 'none'" in csp


def test_control_characters_from_agent_text_are_shown_as_escapes(tmp_path: Path) -> None:
    """Issue 18: raw NUL and C0 bytes of agent text ended up in the page (invisible, or breaking tools)."""
    nasty = "ok\x00 then \x1b[31mred\x07 and \x7f"
    cell = make_cell(
        "c0",
        kind="golden",
        status="failed",
        prompt="why\x00",
        output=nasty,
        checks=[{"type": "contains", "passed": False, "detail": f"not found in {nasty}"}],
        error=None,
    )
    text, page = _parse(render_report(make_report([cell]), "html", tmp_path / "r.html"))
    raw = (tmp_path / "r.html").read_bytes()
    assert not [b for b in raw if b < 0x20 and b not in (0x09, 0x0A, 0x0D)] and b"\x7f" not in raw
    assert "\\x00 then \\x1b[31mred\\x07 and \\x7f" in text  # server-rendered (the failure detail)
    data = json.loads(page.raw["script"][1])
    assert data["cells"][0]["output"] == "ok\\x00 then \\x1b[31mred\\x07 and \\x7f"  # what the page script shows
