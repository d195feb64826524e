"""QA pass 27's ``explore`` findings: the shrinking notes count the failures kept (a failure with nothing to shrink is
said to be rerun only), and ``--save``'s help names the folder it saves to."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.clirun import wt
from tests.explore.conftest import write_config
from tests.explore.test_explore_qa13 import BASEFAIL


def test_a_failure_with_nothing_to_shrink_is_said_to_be_rerun_and_the_count_is_of_those_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """QA-27 #3: "shrinking failure 1 of 5 (0 faults)" for a golden prompt the agent fails without a fault (nothing is
    shrunk), 5 counting the failures held back beyond --max-failures, which are not shrunk."""
    config = write_config(tmp_path, extra=BASEFAIL)
    text = config.read_text().replace('  - "Where is my order?"\n', '  - "Where is my order?"\n  - "I want a refund"\n')
    config.write_text(text)
    capsys.readouterr()
    code = wt("explore", "-c", str(config), "--budget", "80", "--seed", "5", "--no-save", "--no-store",
              "--no-mutations")  # fmt: skip
    assert code == 1
    err = capsys.readouterr().err.splitlines()
    notes = [line for line in err if re.match(r"note: (shrinking|rerunning) failure", line)]
    assert any(
        line.startswith("note: rerunning failure 1 of ") and "(nothing to shrink: it needs no fault" in line
        for line in notes
    ), err
    assert not any("(0 faults)" in line for line in notes), notes
    for line in notes:  # M counts the failures kept; those held back are counted apart
        kept = int(re.search(r"failure \d+ of (\d+) kept", line).group(1))  # type: ignore[union-attr]
        held = re.search(r"; (\d+) more held back beyond --max-failures", line)
        found = sum(1 for e in err if e.startswith("failure found after "))
        assert kept + (int(held.group(1)) if held else 0) <= found, (line, err)


def test_the_save_help_names_the_folder_beside_the_store(capsys: pytest.CaptureFixture[str]) -> None:
    """QA-27 #3: --save said `.windtunnel/found/` while the default is found/ beside the run store."""
    assert wt("explore", "--help") == 0
    out = " ".join(capsys.readouterr().out.replace("│", " ").split())
    assert "found/ beside the run store" in out and "Save minimal failures to .windtunnel/found/" not in out, out
