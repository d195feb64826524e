"""QA pass 22 (docs/dev/qa-pass-22.md): explore's messages, as a new user read them beside docs/explore.md."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.clirun import wt


def test_max_failures_help_counts_other_modes_at_one_seam_as_distinct(capsys: pytest.CaptureFixture[str]) -> None:
    """Finding 2: ``--help`` said failures breaking the same checks are distinct only "under faults at other seams",
    while the search (and docs/explore.md, *Distinct failures*) keeps other modes at the same seam apart too: three
    planted defects at the model seam were counted as three toward --max-failures."""
    assert wt("explore", "--help") == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "under faults at other seams or of other modes" in text, text
    assert "brings one down to another's reproducer" in text


def test_a_failure_held_back_then_shrunk_says_it_took_a_freed_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Finding 3: the bundled support agent, --max-failures 5: three failures of the round that reached 5 were printed
    "(beyond --max-failures 5: not shrunk or saved)", and then, once merges freed places, shrunk as "failure 6 of 7" …
    with nothing saying why. The held-back line says they may still be shrunk, and taking a place says so."""
    monkeypatch.chdir(Path(__file__).resolve().parents[2])
    args = ["explore", "-c", "examples/support_agent/windtunnel.yaml", "--budget", "200", "--seed", "7",
            "--max-failures", "5", "--reruns", "1", "--no-save", "--no-store", "-q"]  # fmt: skip
    assert wt(*args, "-o", str(tmp_path / "r.json")) == 1
    err = capsys.readouterr().err.splitlines()
    held = [
        line for line in err if "(beyond --max-failures 5: held back, shrunk only if a merge frees a place)" in line
    ]
    took = [line for line in err if "held back beyond --max-failures 5, takes the place a merge freed" in line]
    assert held, err
    assert not any("not shrunk or saved)" in line for line in err)
    # every failure that took a freed place was one held back before, named by the same faults
    what = [line.split(": ", 1)[1].split(" (beyond")[0] for line in held]
    assert took and all(any(f"({w})" in line for w in what) for line in took), (held, took)
