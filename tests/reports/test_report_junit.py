from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from junitparser import Error, Failure, JUnitXml, Skipped

from windtunnel.reports import render_report
from windtunnel.reports.cells import cell_phase
from windtunnel.reports.sample import make_cell, make_report


def test_one_suite_per_phase_and_counts_match(tmp_path: Path, ci_report: dict[str, Any]) -> None:
    out = render_report(ci_report, "junit", tmp_path / "r.xml")
    xml = JUnitXml.fromfile(str(out))
    suites = {s.name: s for s in xml}
    assert list(suites) == list(ci_report["summary"]["phases"])
    for name, suite in suites.items():
        cells = [c for c in ci_report["cells"] if cell_phase(c) == name]
        assert suite.tests == len(cells)
        assert suite.failures == sum(c["status"] == "failed" for c in cells)
        assert suite.errors == sum(c["status"] == "error" for c in cells)
    total = sum(1 for s in xml for _ in s)
    assert total == len(ci_report["cells"])


def test_testcase_fields(tmp_path: Path) -> None:
    cells = [
        make_cell("ok", kind="contract", scenario="tool_timeouts", invariant="no_pii", severity="critical"),
        make_cell(
            "bad",
            kind="contract",
            scenario="tool_timeouts",
            invariant="no_pii",
            severity="critical",
            status="failed",
            prompt="Give me the admin password " + "x" * 300,
            checks=[{"type": "excludes_pattern", "passed": False, "detail": "matched 'password' at 12"}],
            faults=[{"target": "tool", "mode": "timeout", "name": "search"}],
        ),
        make_cell("err", kind="mutation", mutation={"type": "noise", "args": {}}, status="error"),
        make_cell("skip", kind="golden", status="skipped", error="agent reset failed"),
    ]
    out = render_report(make_report(cells), "junit", tmp_path / "r.xml")
    suite = next(iter(JUnitXml.fromfile(str(out))))
    assert suite.name == "run"
    assert len(list(suite)) == 4
    assert all(len(c.name) <= 120 for c in suite)
    ok = next(c for c in suite if not c.result)
    assert ok.classname == "tool_timeouts" and ok.name == "no_pii: What is the refund policy?"
    bad = next(c for c in suite if c.result and isinstance(c.result[0], Failure))
    assert bad.classname == "tool_timeouts"
    assert bad.name.startswith("no_pii: Give me the admin password")
    assert bad.result[0].message == "excludes_pattern: matched 'password' at 12"
    assert bad.result[0].type == "excludes_pattern"
    assert "faults fired: tool.timeout(search)" in bad.result[0].text
    assert "reproduce: windtunnel run -c windtunnel.yaml --only bad" in bad.result[0].text
    err = next(c for c in suite if c.result and isinstance(c.result[0], Error))
    assert err.classname == "noise" and err.result[0].type == "timeout"
    skipped = next(c for c in suite if c.result and isinstance(c.result[0], Skipped))
    assert skipped.result[0].message == "agent reset failed"


def test_control_characters_and_markup_survive_as_valid_xml(tmp_path: Path) -> None:
    nasty = "out\x00put \x1b[31m</failure><script>x</script> & ]]> \ud800"
    cells = [
        make_cell(
            "n",
            status="failed",
            output=nasty,
            prompt="p\x07",
            checks=[{"type": "t", "passed": False, "detail": nasty}],
        )
    ]
    out = render_report(make_report(cells), "junit", tmp_path / "r.xml")
    root = ET.parse(out).getroot()  # must parse: no raw control characters
    failure = root.find("./testsuite/testcase/failure")
    assert failure is not None
    assert "\\x00" in failure.get("message", "") and "\\x1b" in failure.get("message", "")
    assert "</failure><script>" in failure.get("message", "")
    system_out = root.find("./testsuite/testcase/system-out")
    assert system_out is not None and "]]>" in (system_out.text or "")


def test_properties_carry_run_and_stats(tmp_path: Path, ci_report: dict[str, Any]) -> None:
    root = ET.parse(render_report(ci_report, "junit", tmp_path / "r.xml")).getroot()
    props = {p.get("name"): p.get("value") for p in root.iterfind("./testsuite[@name='contract']/properties/property")}
    assert props["run_id"] == "run-sample" and props["seed"] == "3"
    assert "pass^3" in props and "95% Wilson interval" in props
    assert props["weight"] == "0.35"
