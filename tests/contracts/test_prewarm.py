"""The contract command imports its report writers while the agent answers (issue 16): the thread
starts on the first answer, imports in order, stops at wait(), and leaves a failing import alone."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from windtunnel._util.prewarm import Prewarm


def test_imports_only_after_go_and_in_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("wt_prewarm_a", "wt_prewarm_b"):
        (tmp_path / f"{name}.py").write_text("import sys\nsys.modules[__name__].order = len(sys.modules)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    warm = Prewarm(["wt_prewarm_a", "wt_prewarm_b"])
    assert "wt_prewarm_a" not in sys.modules, "nothing is imported before the first answer"
    warm.go(object())
    warm._thread.join(timeout=30)
    assert sys.modules["wt_prewarm_a"].order < sys.modules["wt_prewarm_b"].order
    warm.wait()


def test_a_failing_import_is_left_to_the_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "wt_prewarm_bad.py").write_text("raise RuntimeError('broken')\n")
    (tmp_path / "wt_prewarm_after.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    warm = Prewarm(["wt_prewarm_bad", "wt_prewarm_after"])
    warm.go()
    warm.wait()
    assert "wt_prewarm_bad" not in sys.modules
    assert "wt_prewarm_after" not in sys.modules, "the thread stops at the first failure"


def test_wait_without_an_answer_imports_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "wt_prewarm_never.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    warm = Prewarm(["wt_prewarm_never"])
    warm.wait()
    assert "wt_prewarm_never" not in sys.modules
