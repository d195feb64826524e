"""Calibrating ``llm_judge`` against deterministic checks: the math, and the bundled example end to end."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.clirun import wt
from tests.stubs.judge_stub import JudgeStub

from windtunnel.invariants.judge_cache import JudgeCache
from windtunnel.invariants.judge_calibration import calibrate
from windtunnel.invariants.judge_client import forget_failures

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "support_agent" / "windtunnel.judge.yaml"


@pytest.fixture(autouse=True)
def _close_caches() -> Iterator[None]:
    """The cache keeps its file open for the process; each test's files are closed after it, and the
    judges given up on are forgotten (a later stub may get the same port)."""
    yield
    JudgeCache.close_all()
    forget_failures()


def cell(cid: str, judge: bool | None, check: bool, **kw: Any) -> dict[str, Any]:
    j: dict[str, Any] = {"id": "j", "type": "llm_judge", "passed": bool(judge)}
    j["judge"] = {"verdict": "error" if judge is None else "pass" if judge else "fail", "reason": "r"}
    return {"id": cid, "status": "passed", "checks": [j, {"id": "k", "type": "regex", "passed": check}], **kw}


def test_agreement_and_kappa() -> None:
    cells = [cell("a", True, True), cell("b", False, False), cell("c", True, False), cell("d", True, True)]
    (a,) = calibrate(cells, [("j", "k")])
    assert (a.both_pass, a.both_fail, a.judge_pass_check_fail, a.judge_fail_check_pass) == (2, 1, 1, 0)
    assert a.rate == 0.75
    # chance agreement: judge passes 3/4, check 2/4 -> 3/8 + 1/8 = 0.5; kappa = (0.75 - 0.5) / 0.5
    assert a.kappa == pytest.approx(0.5)
    assert [d.cell for d in a.disagreements] == ["c"]
    assert a.calibrated(0.75) and not a.calibrated(0.8)


def test_one_sided_errors_and_unanswered_cells_are_not_evidence() -> None:
    (a,) = calibrate([cell("a", True, True), cell("b", True, True)], [("j", "k")])
    assert a.rate == 1.0 and a.one_sided and a.kappa is None and not a.calibrated(0.5)
    cells = [cell("a", True, True), cell("b", False, False), cell("c", None, True), cell("d", True, True, error="boom")]
    (b,) = calibrate(cells, [("j", "k")])
    assert (b.compared, b.judge_errors, b.not_answered) == (2, 1, 1)
    assert not b.calibrated(0.5)  # a judge that did not answer every time is not calibrated
    assert calibrate([], [("j", "k")])[0].rate is None


def test_contract_rows_of_one_unit_are_paired() -> None:
    rows = [
        {"id": "s/g0.r0:j", "invariant": "j", "status": "failed", "checks": [cell("x", False, False)["checks"][0]]},
        {"id": "s/g0.r0:k", "invariant": "k", "status": "failed", "checks": [cell("x", False, False)["checks"][1]]},
    ]
    (a,) = calibrate(rows, [("j", "k")])
    assert a.both_fail == 1 and a.compared == 1


RULES = {
    # the stub judge reads other cues than the regexes it is compared with
    "leak": lambda a: "You are Juniper" not in a and "Internal build reference" not in a,
    "email": lambda a: "@" not in a,
    "refund": lambda a: "I've refunded" not in a or "ORD-" in a,
}


@pytest.fixture
def judged_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Path, JudgeStub]]:
    import windtunnel
    from windtunnel.config.load import load_config

    cfg = load_config(EXAMPLE)
    rubrics = {inv.label: getattr(inv, "rubric", "") for inv in cfg.invariants}
    rules = {
        rubrics["judged-no-leak"]: RULES["leak"],
        rubrics["judged-no-pii"]: RULES["email"],
        rubrics["refund-needs-order"]: RULES["refund"],
    }
    store = tmp_path / "runs.db"
    with JudgeStub(rules) as stub:
        monkeypatch.setenv("WINDTUNNEL_JUDGE_URL", stub.openai_url)
        monkeypatch.setenv("WINDTUNNEL_JUDGE_MODEL", "stub-judge")
        outcome = windtunnel.run(str(EXAMPLE), mutations=False, store=str(store))
        assert outcome.cell_count == 10
        yield store, stub


def test_the_judge_agrees_with_the_deterministic_checks_on_the_bundled_example(
    judged_run: tuple[Path, JudgeStub], capsys: pytest.CaptureFixture[str]
) -> None:
    store, stub = judged_run
    assert len(stub.judged) == 30  # three rubrics x ten answers, each asked once
    code = wt("judge", "calibrate", "latest", "--pair", "judged-no-leak=no-leak", "--store", str(store), "-f", "json")
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    (pair,) = out["pairs"]
    # both verdicts occur: the leaky agent recites its prompt on three of the ten prompts
    assert (pair["compared"], pair["both_pass"], pair["both_fail"], pair["rate"], pair["kappa"]) == (10, 7, 3, 1.0, 1.0)
    assert wt("judge", "calibrate", "--pair", "judged-no-leak=no-leak", "--store", str(store)) == 0
    table = capsys.readouterr().out
    assert "calibrated" in table and "100%" in table


def test_a_one_sided_pair_is_not_calibrated(
    judged_run: tuple[Path, JudgeStub], capsys: pytest.CaptureFixture[str]
) -> None:
    store, _ = judged_run
    code = wt(
        "judge",
        "calibrate",
        "--pair",
        "judged-no-pii=no-pii",
        "--pair",
        "judged-no-leak=no-leak",
        "--store",
        str(store),
    )
    out = capsys.readouterr().out
    assert code == 1
    assert "one-sided: the trusted check never failed" in out


def test_unknown_checks_and_bad_pairs_are_usage_errors(
    judged_run: tuple[Path, JudgeStub], capsys: pytest.CaptureFixture[str]
) -> None:
    store, _ = judged_run
    assert wt("judge", "calibrate", "--pair", "judged-no-lek=no-leak", "--store", str(store)) == 2
    assert "has no check 'judged-no-lek' (did you mean 'judged-no-leak'?)" in capsys.readouterr().err
    assert wt("judge", "calibrate", "--pair", "judged-no-leak", "--store", str(store)) == 2
    assert "is not JUDGE_ID=CHECK_ID" in capsys.readouterr().err
