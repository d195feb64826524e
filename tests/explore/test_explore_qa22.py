"""QA pass 22 (docs/dev/qa-pass-22.md): explore's messages, as a new user read them beside docs/explore.md."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.clirun import wt
from tests.explore import three_defects_sdk_agent
from tests.explore.weather_stub import agent_yaml, serving
from tests.stubs.llm_stub import LlmStub
from windtunnel.chaos.base import ANSWERED, FAILED, OUTCOMES, llm_faults, tool_faults
from windtunnel.chaos.schedule import LLM_SEAM, Schedule
from windtunnel.chaos.search import Input, mode_outcome, seam_modes, shrink_candidates

THREE_DEFECTS = (
    agent_yaml("three_defects_sdk_agent") + "golden_prompts: ['What is the weather in Paris?']\n"
    "invariants:\n"
    "  - {type: excludes_pattern, pattern: as usual}\n"
)


@pytest.fixture
def three_defects(monkeypatch: pytest.MonkeyPatch) -> Iterator[LlmStub]:
    """The stub on 127.0.0.1 (a tool call, then the forecast), the agent's real client pointed at it."""
    with serving(monkeypatch, three_defects_sdk_agent) as model:
        yield model


_SHRINKING = r"shrinking failure \d+ of (\d+) kept \([^)]*\), then \d+ reruns(?:; (\d+) more held back)?"


@pytest.mark.parametrize(("seed", "most"), [(3, 3), (11, 5)])
def test_three_defects_at_the_model_seam_are_three_failures_each_in_its_own_mode(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    three_defects: LlmStub,
    seed: int,
    most: int,
) -> None:
    """Finding 1: the agent guesses on (A) a rate-limited first call, (B) tool arguments that are not JSON, (C) a
    dropped connection on the second call. Shrinking took A's ``rate_limit`` to a "milder" ``tool_args_invalid`` (or
    ``tool_args_truncated``) that breaks the same check, and reported it as B's reproducer. A mode change now keeps
    the faulted call's outcome (a failed call stays a failed call), so A is its own failure; the two tool-argument
    modes still come down to one (one ``json.loads``)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "windtunnel.yaml").write_text(THREE_DEFECTS, encoding="utf-8")
    args = ["explore", "-c", "windtunnel.yaml", "--budget", "150", "--seed", str(seed), "--max-failures", str(most),
            "--reruns", "1", "--no-mutations", "--no-save", "--no-store", "-q", "-o", "r.json"]  # fmt: skip
    assert wt(*args) == 1
    err = capsys.readouterr().err
    failures = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["explore"]["failures"]
    found = sorted(f["labels"] for f in failures)
    assert len(found) == 3, (found, err)
    labels = {label for [label] in found}  # one fault each
    assert {"llm call 1 rate_limit", "llm call 2 stream_cutoff"} < labels, found
    assert labels & {"llm call 1 tool_args_invalid", "llm call 1 tool_args_truncated"}, found
    assert all(f["status"] == "minimal" for f in failures)
    merged = [also for f in failures for also in f["also_found"]]
    assert merged and all("tool_args_" in also and "rate_limit" not in also for also in merged), merged


def test_every_fault_mode_says_whether_the_faulted_call_fails_or_answers() -> None:
    """The outcome kind comes from the one registry of modes, declared by each mode beside its impact."""
    kinds = {(seam, name): reg.get(name).outcome for seam, reg in (("tool", tool_faults), ("llm", llm_faults))
             for name in reg.names()}  # fmt: skip
    assert set(kinds.values()) == set(OUTCOMES) == {FAILED, ANSWERED}
    failed = sorted(f"{seam} {name}" for (seam, name), kind in kinds.items() if kind == FAILED)
    assert failed == [
        "llm error", "llm html_error", "llm malformed", "llm rate_limit", "llm stream_cutoff", "llm timeout",
        "tool error", "tool intermittent", "tool rate_limit", "tool timeout",
    ]  # fmt: skip


def test_a_plug_in_mode_without_an_outcome_is_refused_at_registration() -> None:
    from typing import ClassVar, Literal

    from windtunnel.chaos.base import ToolFaultSpec

    class NoKind(ToolFaultSpec):
        """A plug-in of this test that declares its impact but not its outcome."""

        mode: Literal["no_kind"] = "no_kind"
        impact: ClassVar[int] = 2

    with pytest.raises(TypeError, match="outcome"):
        tool_faults.register("no_kind", NoKind)
    assert "no_kind" not in tool_faults


def test_shrinking_never_changes_a_failed_call_into_an_answer_nor_merges_the_two() -> None:
    """Neither the milder step nor the sideways one (toward a mode already shrunk at the seam) crosses the outcome
    kind; two faults next to each other merge into one burst only when both fail or both answer."""
    modes = {LLM_SEAM: seam_modes(LLM_SEAM)}
    rate = Schedule.model_validate({"faults": [{"seam": "llm", "on_call": 1, "fault": {"mode": "rate_limit"}}]})
    for known in ({"tool_args_invalid"}, {"tool_args_invalid", "error"}):
        steps = [step for step, _, _ in shrink_candidates(rate, Input(0), modes, {LLM_SEAM: 2}, {LLM_SEAM: known})]
        changed = [step.rsplit(" -> ", 1)[1] for step in steps if " -> " in step]
        assert changed == sorted(known - {"tool_args_invalid"}), changed  # sideways to a failed call only
        assert all(mode_outcome(LLM_SEAM, m) == FAILED for m in changed), changed
    cut = Schedule.model_validate({"faults": [{"seam": "llm", "on_call": 1, "fault": {"mode": "stream_cutoff"}}]})
    milder = [step.rsplit(" -> ", 1)[1] for step, _, _ in shrink_candidates(cut, Input(0), modes, {}) if " -> " in step]
    assert "rate_limit" in milder and "truncated_response" not in milder and "empty" not in milder
    pair = Schedule.model_validate(
        {
            "faults": [
                {"seam": "llm", "on_call": 1, "fault": {"mode": "rate_limit"}},
                {"seam": "llm", "on_call": 2, "fault": {"mode": "empty"}},
            ]
        }
    )
    assert not any(step.startswith("merge") for step, _, _ in shrink_candidates(pair, Input(0), modes, {}))
    both = pair.model_copy(
        update={"faults": [pair.faults[0], pair.faults[1].model_copy(update={"fault": {"mode": "error"}})]}
    )
    assert any(step.startswith("merge") for step, _, _ in shrink_candidates(both, Input(0), modes, {}))


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
            "--max-failures", "5", "--reruns", "1", "--no-save", "--no-store"]  # fmt: skip
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
    # session 22 follow-up: the shrinking notes account for the held-back failures from the start, so what they count
    # adds up to the number of "failure found" lines as they take freed places (it read 5, then 6, 7, 8); QA-27 #3:
    # counted apart, `N of M kept; H more held back beyond --max-failures`, since those held back are not shrunk
    announced = [line for line in err if line.startswith("failure found after ")]
    totals = {int(m) + int(h or 0) for m, h in re.findall(_SHRINKING, "\n".join(err))}
    assert totals == {len(announced) - len(took)}, (totals, err)


def test_a_held_back_failure_a_new_reproducer_covers_is_merged_not_dropped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """opens22 review #4: offered a freed place, a held-back failure covered by a reproducer shrunk meanwhile was
    dropped without a word (seed 8: `llm calls 1+ error`, after failure 5 shrank to `llm error`), and the `M` of
    `N of M` fell from 8 to 7. It is merged like any other: a note, the kept failure's "also found", M holding still."""
    monkeypatch.chdir(Path(__file__).resolve().parents[2])
    args = ["explore", "-c", "examples/support_agent/windtunnel.yaml", "--budget", "200", "--seed", "8",
            "--max-failures", "5", "--reruns", "1", "--no-save", "--no-store"]  # fmt: skip
    assert wt(*args, "-o", str(tmp_path / "r.json")) == 1
    err = capsys.readouterr().err.splitlines()
    totals = [int(m) + int(h or 0) for m, h in re.findall(_SHRINKING, "\n".join(err))]
    assert totals == sorted(totals), err  # M + H grows with failures the search finds later, never falls
    held = [line.split(": ", 1)[1].split(" (beyond")[0] for line in err if "(beyond --max-failures 5: held" in line]
    assert held, err
    merged = [line for line in err if "comes down to the reproducer of the one found after" in line]
    left = " ".join(line for line in err if "not shrunk or saved" in line)
    # every failure held back is merged with a note or named as left unshrunk at the end
    assert all(any(f"({w})" in line for line in merged) or w in left for w in held), (held, err)
    report = json.loads((tmp_path / "r.json").read_text())
    also = [a for f in report["explore"]["failures"] for a in f.get("also_found", [])]
    assert any(a.startswith("[llm calls 1+ error]") for a in also), also
