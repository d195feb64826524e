"""QA-12's minors on the leak commands' edges: each message names the problem and the fix, each exit code is the
documented one. The inputs are small invented files."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.clirun import wt as run_cli
from windtunnel.flows.events import Done, Started, Stopped
from windtunnel.flows.leak import ScanRequest, scan_flow
from windtunnel.leakage.scan import audit_item

ROW = {"id": "A1", "expected": "High", "label_set": ["Low", "High"], "projection": {"priority": "High"}}


def _write(path: Path, rows: list[object]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def _said(capsys: pytest.CaptureFixture[str]) -> tuple[str, str]:
    got = capsys.readouterr()
    return " ".join(got.out.split()), " ".join(got.err.split())


def test_mine_on_an_empty_file_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert run_cli("leak", "mine", str(empty)) == 2
    assert "mining nothing proves nothing" in _said(capsys)[1]


def test_a_missing_expected_key_names_the_item_id(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = _write(tmp_path / "d.jsonl", [ROW, {"id": "A7", "projection": {"x": 1}}])
    assert run_cli("leak", "scan", str(data)) == 2
    assert "record at line 2 (id 'A7') has no expected answer at 'expected'" in _said(capsys)[1]


def test_check_says_a_pipe_cannot_be_read_twice(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = _write(tmp_path / "d.jsonl", [ROW])
    assert run_cli("leak", "check", "--raw", "-", "--sanitized", str(data)) == 2
    err = _said(capsys)[1]
    assert "--raw - is not supported: leak check reads both datasets more than once" in err
    assert "a pipe works too" not in err


def test_baseline_reads_its_dataset_from_stdin(tmp_path: Path) -> None:
    labels = ["Low", "High"] * 6
    rows = [dict(ROW, id=f"i{i}", expected=lab, projection={"priority": lab}) for i, lab in enumerate(labels)]
    text = "".join(json.dumps(r) + "\n" for r in rows)
    done = subprocess.run(
        [sys.executable, "-m", "windtunnel", "leak", "baseline", "--simulate", "copy", "--dataset", "-", "-f", "json"],
        input=text,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode in (0, 1), done.stderr
    assert json.loads(done.stdout)["baseline"]["n"] == 12


def test_ctrl_c_while_mining_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import windtunnel.flows.leak as flow  # the module whose miner is stopped

    def stopped(items: Iterator[object], *args: object, **kwargs: object) -> object:
        next(iter(items))  # the mining read has begun
        raise KeyboardInterrupt

    monkeypatch.setattr(flow, "mine", stopped)
    data = _write(tmp_path / "d.jsonl", [ROW])
    out = tmp_path / "r.json"
    assert run_cli("leak", "scan", str(data), "--mine", "-o", str(out)) == 130
    assert "interrupted before the first item (while reading the dataset for mining)" in _said(capsys)[1]
    assert not out.exists()
    assert run_cli("leak", "sanitize", str(data), "--mine", "-o", str(tmp_path / "c.jsonl")) == 130
    assert "interrupted before the first item" in _said(capsys)[1]


def test_a_line_nested_too_deep_is_not_called_invalid_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deep = tmp_path / "deep.jsonl"
    deep.write_text('{"id": "D", "expected": "High", "projection": ' + "[" * 3000 + "]" * 3000 + "}\n")
    assert run_cli("leak", "scan", str(deep)) == 2
    err = _said(capsys)[1]
    assert "nested too deeply to read" in err and "not valid JSON" not in err
    assert "flatten that item" in err


def test_sanitize_counts_an_item_it_could_not_audit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "d.jsonl"  # 1,000 levels: read by the parser, too deep for the audit
    deep = '{"id": "D", "expected": "High", "projection": {"x": ' + "[" * 1000 + '"High"' + "]" * 1000 + "}}"
    data.write_text(deep + "\n" + json.dumps(ROW) + "\n")
    assert run_cli("leak", "sanitize", str(data), "-o", str(tmp_path / "c.jsonl")) == 1
    assert "(1 leaked before, 1 not audited)" in _said(capsys)[0]


def test_a_mined_line_not_reported_says_only_why(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = _write(tmp_path / "d.jsonl", [ROW])
    run_cli("leak", "scan", str(data))
    out = _said(capsys)[0]
    assert "mined: not reported (1 labelled items, under the 200 of the default: pass --mine)" in out
    assert "0 mined from" not in out


def test_duplicate_ids_are_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = _write(tmp_path / "d.jsonl", [ROW, dict(ROW, id="B"), ROW])
    run_cli("leak", "scan", str(data))
    assert "1 item id(s) occur more than once: 'A1' at lines 1, 3" in _said(capsys)[1]
    run_cli("leak", "sanitize", str(data), "-o", str(tmp_path / "c.jsonl"))
    assert "'A1' at lines 1, 3" in _said(capsys)[1]


def test_a_bad_records_error_is_printed_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "d.jsonl"
    data.write_text(json.dumps(ROW) + '\n{"id": "b", "projection":\n')
    assert run_cli("leak", "scan", str(data), "--mine") == 2
    out, err = _said(capsys)
    assert (out + err).count("not valid JSON") == 1


def test_a_scan_of_a_file_drives_the_progress_bar(tmp_path: Path) -> None:
    """The CLI's bar (stderr, only on a terminal) is fed by these events, as the chaos commands' is."""
    data = _write(tmp_path / "d.jsonl", [ROW, dict(ROW, id="B"), dict(ROW, id="C")])
    seen: list[object] = []
    scan_flow(ScanRequest(dataset=data), seen.append)
    bars = [i for i, e in enumerate(seen) if isinstance(e, Started)]
    # the dataset evidence's reads come first, each with a bar of its own (QA 15): the scan's is the last
    labels = [e.label for e in seen if isinstance(e, Started)]
    assert labels == ["items (mining)", "items (agreement evidence)", "items"]
    kinds = [type(e) for e in seen[bars[-1] :] if isinstance(e, (Started, Done, Stopped))]
    assert kinds == [Started, Done, Done, Done, Stopped]
    assert next(e for e in seen[bars[-1] :] if isinstance(e, Started)).total == 3


def test_a_finding_through_a_translation_says_so() -> None:
    item = {
        "id": "g",
        "expected": "High",
        "label_set": ["Low", "Medium", "High", "Critical"],
        "projection": {"c": "Habe das Ticket geprüft. Priorität: Hoch."},
    }
    (found,) = audit_item(item).findings
    assert found.blocking and "derived spelling of the answer: a translation" in found.detail
    direct = dict(item, projection={"c": "Checked. Priority: High."})
    assert all("derived spelling" not in f.detail for f in audit_item(direct).findings)
