"""QA pass 22 (docs/dev/qa-pass-22.md): explore's messages, as a new user read them beside docs/explore.md."""

from __future__ import annotations

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
