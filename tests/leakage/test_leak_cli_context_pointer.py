"""A finding read through ``--context-field`` names the place in the *record* wherever a person reads it (QA-15
finding 10): the table, the JSON report (``record_pointer``), SARIF, the HTML page, ``leak sanitize``'s messages and
stats, ``leak check``'s reasons, serial and ``--jobs`` alike. Without ``--context-field`` nothing changes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.clirun import wt as _cli
from windtunnel.leakage import parallel
from windtunnel.leakage.dataset import FieldMap, iter_items
from windtunnel.leakage.model import value_hash
from windtunnel.leakage.scan import audit_item

EXAMPLE = Path(__file__).parents[2] / "examples" / "leakage" / "tickets.jsonl"
TRACE = "$.projection.trace[*].output"


def _record(i: int, pad: str = "") -> dict[str, object]:
    """A record whose third trace output states the answer; the others say nothing."""
    label = ["Low", "High"][i % 2]
    trace = [{"output": "nothing yet"}, {"output": "ok"}, {"output": f"priority: {label}"}]
    return {"id": f"t{i}", "expected": label, "label_set": ["Low", "High"], "projection": {"trace": trace}, "pad": pad}


@pytest.fixture
def traced(tmp_path: Path) -> Path:
    path = tmp_path / "traced.jsonl"
    path.write_text("".join(json.dumps(_record(i)) + "\n" for i in range(2)), encoding="utf-8")
    return path


def _report(path: Path, tmp_path: Path, *args: str, fmt: str = "json") -> dict[str, object]:
    out = tmp_path / f"report.{fmt}"
    assert _cli("leak", "scan", str(path), "-f", fmt, "-o", str(out), "--no-mine", "--no-agreement", *args) == 1
    return json.loads(out.read_text(encoding="utf-8"))


def test_scan_json_adds_the_record_pointer_beside_the_projection_pointer(traced: Path, tmp_path: Path) -> None:
    report = _report(traced, tmp_path, "--context-field", TRACE)
    [finding] = report["items"][0]["findings"]  # type: ignore[index]
    assert finding["pointer"] == "/2"  # into the projection, as the schema documents it
    assert finding["record_pointer"] == "/projection/trace/2/output"


def test_a_single_dotted_context_field_names_the_record_pointer_too(traced: Path, tmp_path: Path) -> None:
    report = _report(traced, tmp_path, "--context-field", "projection.trace")
    [finding] = report["items"][0]["findings"]  # type: ignore[index]
    assert finding["pointer"] == "/2/output"
    assert finding["record_pointer"] == "/projection/trace/2/output"


def test_sarif_locates_the_finding_in_the_record(traced: Path, tmp_path: Path) -> None:
    sarif = _report(traced, tmp_path, "--context-field", TRACE, fmt="sarif")
    result = sarif["runs"][0]["results"][0]  # type: ignore[index]
    [logical] = result["locations"][0]["logicalLocations"]
    assert logical["fullyQualifiedName"] == "t0/projection/trace/2/output"
    assert result["properties"]["record_pointer"] == "/projection/trace/2/output"
    assert result["properties"]["pointer"] == "/2"


def test_table_and_page_show_the_record_pointer(
    traced: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # the table folds long pointers on a narrow terminal
    assert _cli("leak", "scan", str(traced), "--context-field", TRACE, "--no-mine", "--no-agreement") == 1
    assert "/projection/trace/2/output" in capsys.readouterr().out
    page = tmp_path / "page.html"
    args = ("leak", "scan", str(traced), "-f", "html", "-o", str(page), "--context-field", TRACE, "--no-mine")
    assert _cli(*args, "--no-agreement") == 1
    assert "/projection/trace/2/output" in page.read_text(encoding="utf-8")


def test_several_context_fields_map_each_part_back(tmp_path: Path) -> None:
    rec = {**_record(0), "title": "Low"}  # the answer, at a second context field
    path = tmp_path / "two.jsonl"
    path.write_text(json.dumps(rec) + "\n", encoding="utf-8")
    [mapped] = iter_items(path, FieldMap(context_fields=[TRACE, "title"], label_set=["Low", "High"]))
    audit = audit_item(mapped.item, learned=False)
    assert sorted(audit.pointer_of(f) for f in audit.findings) == ["/projection/trace/2/output", "/title"]
    assert sorted(f.pointer for f in audit.findings) == ["/$.projection.trace[*].output/2", "/title"]


def test_jobs_two_carries_the_record_pointers_like_jobs_one(tmp_path: Path) -> None:
    path = tmp_path / "big.jsonl"
    pad = "x" * 1000  # ~140 KB: three ranges of 64 KB, so --jobs 2 really starts two workers
    path.write_text("".join(json.dumps(_record(i, pad)) + "\n" for i in range(140)), encoding="utf-8")
    assert parallel.plan_jobs(path, 2) == 2
    one = _report(path, tmp_path, "--context-field", TRACE, "-j", "1")
    two = _report(path, tmp_path, "--context-field", TRACE, "-j", "2")
    assert one == two
    pointers = {f["record_pointer"] for item in two["items"] for f in item["findings"]}  # type: ignore[attr-defined]
    assert pointers == {"/projection/trace/2/output"}


@pytest.fixture
def key_leak(tmp_path: Path) -> Path:
    # the answer is an object key: sanitizing keeps keys, so the item still leaks, at a pointer naming it (hashed)
    rows = [
        {
            "id": "a",
            "expected": "Critical",
            "label_set": ["Low", "Critical"],
            "ctx": {"trace": [{"labels": {"x": 0}}, {"labels": {"Critical": 1}}]},
        },
        {"id": "b", "expected": "Low", "label_set": ["Low", "Critical"], "ctx": {"trace": [{"labels": {"Low": 1}}]}},
    ]
    path = tmp_path / "keys.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_sanitize_messages_stats_and_check_name_the_record_pointer(
    key_leak: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    field = ("--context-field", "$.ctx.trace[*].labels", "--no-mine", "--no-agreement")
    clean, stats = tmp_path / "clean.jsonl", tmp_path / "stats.jsonl"
    assert _cli("leak", "sanitize", str(key_leak), "-o", str(clean), "--stats", str(stats), *field) == 1
    out = capsys.readouterr()
    text = " ".join((out.out + out.err).split())  # the terminal may wrap the alert
    hashed = value_hash("Critical")
    assert f"item a: still leaks after sanitizing at /ctx/trace/1/labels/{hashed} (direct.key)" in text
    assert "Critical" not in text
    row = json.loads(stats.read_text(encoding="utf-8").splitlines()[0])
    assert row["residual_pointers"] == [f"/1/{hashed}"]
    assert row["residual_record_pointers"] == [f"/ctx/trace/1/labels/{hashed}"]
    assert row["residual_left"][0]["record_pointer"] == f"/ctx/trace/1/labels/{hashed}"

    assert _cli("leak", "check", "--raw", str(key_leak), "--sanitized", str(clean), *field) == 1
    text = " ".join(capsys.readouterr().out.split())
    assert f"sanitized item a still leaks at /ctx/trace/1/labels/{hashed} (direct.key)" in text


def test_sanitize_stats_name_the_record_pointer_of_each_redaction(traced: Path, tmp_path: Path) -> None:
    clean, stats = tmp_path / "clean.jsonl", tmp_path / "stats.jsonl"
    args = ("leak", "sanitize", str(traced), "-o", str(clean), "--stats", str(stats), "--context-field", TRACE)
    assert _cli(*args, "--no-mine", "--no-agreement") == 0
    [redaction] = json.loads(stats.read_text(encoding="utf-8").splitlines()[0])["redactions"]
    assert (redaction["pointer"], redaction["record_pointer"]) == ("/2", "/projection/trace/2/output")


def test_without_context_field_reports_hold_no_record_pointer(tmp_path: Path) -> None:
    # the default shape's findings point into `projection` as they always did (the reports are unchanged)
    report = _report(EXAMPLE, tmp_path)
    findings = [f for item in report["items"] for f in item["findings"]]  # type: ignore[attr-defined]
    assert findings and not any("record_pointer" in f for f in findings)
    sarif = _report(EXAMPLE, tmp_path, fmt="sarif")
    results = sarif["runs"][0]["results"]  # type: ignore[index]
    assert results and not any("record_pointer" in r["properties"] for r in results)
