"""Ctrl-C during a leak scan: exit 130, with what was audited kept and said."""

from __future__ import annotations

from pathlib import Path

import pytest

from windtunnel.cli.app import main
from windtunnel.flows import leak as leak_flow


def test_ctrl_c_during_a_table_scan_prints_what_was_audited(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from windtunnel.leakage.model import ItemAudit

    def audits(*_args: object, **_kwargs: object) -> object:
        yield ItemAudit("a", [], 1)
        yield ItemAudit("b", [], 2)
        raise KeyboardInterrupt

    monkeypatch.setattr(leak_flow, "audits", audits)
    data = tmp_path / "d.jsonl"
    data.write_text('{"id": "a", "expected": "High", "projection": {"t": "x"}}\n')
    with pytest.raises(SystemExit) as exc:
        main(["leak", "scan", str(data)])
    assert exc.value.code == 130
    captured = capsys.readouterr()
    assert "interrupted after 2 items" in captured.err
