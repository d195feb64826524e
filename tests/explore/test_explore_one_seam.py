"""Two defects at one seam under different fault modes (session 21): the search keeps them apart, and shrinking
tells them apart by their minimal reproducers — one failure each, while the modes that come down to one defect's
reproducer are merged into it after shrinking (end to end: the real ``openai`` SDK against a stub on 127.0.0.1)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.explore import guessing_sdk_agent
from tests.explore.weather_stub import agent_yaml, serving
from tests.stubs.llm_stub import LlmStub
from windtunnel.chaos.schedule import Schedule
from windtunnel.chaos.search import Input, seam_modes, shrink_candidates
from windtunnel.flows.events import Notice
from windtunnel.flows.explore import ExploreRequest, explore_flow

CONFIG = (
    agent_yaml("guessing_sdk_agent") + "golden_prompts: ['What is the weather in Paris?']\n"
    "invariants:\n"
    "  - {type: excludes_pattern, pattern: as usual}\n"
)


@pytest.fixture
def stub(monkeypatch: pytest.MonkeyPatch) -> Iterator[LlmStub]:
    with serving(monkeypatch, guessing_sdk_agent) as model:
        yield model


def test_two_defects_at_one_seam_are_two_failures_and_modes_of_one_are_merged_after_shrinking(
    tmp_path: Path, stub: LlmStub
) -> None:
    """The search merged every failure at a seam already failed into the first one found there: the agent's guess
    on a rate-limited first call was never reported, hidden behind its guess on an empty second answer. Now both are
    kept, and the ``empty`` and ``content_filter`` answers that break the check come down to one reproducer
    (``stale_answer``, the mildest mode that shows that defect) and are reported once, under ``also found``."""
    config = tmp_path / "windtunnel.yaml"
    config.write_text(CONFIG, encoding="utf-8")
    notices: list[str] = []

    def hear(event: object) -> None:
        if isinstance(event, Notice):
            notices.append(event.text)

    request = ExploreRequest(
        config=config, budget=60, seed=1, max_failures=2, reruns=1, save=False, persist=False, mutations=False
    )
    outcome = explore_flow(request, hear)
    failures = outcome.detail.failures
    assert {f.signature for f in failures} == {("excludes_pattern",)}, [f.signature for f in failures]
    minimal = sorted(str(f.schedule.faults[0].fault["mode"]) for f in failures)
    assert minimal == ["rate_limit", "stale_answer"], [f.schedule.labels() for f in failures]
    assert all(f.status == "minimal" for f in failures)
    merged = [n for n in notices if "comes down to the reproducer of the one" in n]
    assert merged, notices
    # two found at the model seam reached --max-failures 2: shrunk there and then, one merged, the search went on
    rate_limited = next(i for i, n in enumerate(notices) if n.startswith("failure found") and "rate_limit" in n)
    assert notices.index(merged[0]) < rate_limited, notices
    stale = next(f for f in failures if f.schedule.faults[0].fault["mode"] == "stale_answer")
    assert stale.also_found and len(merged) == sum(len(f.also_found) for f in failures)
    assert outcome.report["explore"]["groups"] == [{"signature": ["excludes_pattern"], "failures": [1, 2]}]


def test_shrinking_tries_the_mode_of_a_failure_already_shrunk_at_that_seam_when_as_mild() -> None:
    """``error`` and ``intermittent`` are equally severe: neither is a milder mode of the other, so a failure found
    under one never came down to the reproducer of one shrunk to the other."""
    modes = {"tool:notes": seam_modes("tool:notes")}
    schedule = Schedule.model_validate(
        {"faults": [{"seam": "tool:notes", "on_call": 1, "fault": {"mode": "intermittent"}}]}
    )
    plain = [step for step, _, _ in shrink_candidates(schedule, Input(0), modes, {})]
    assert not any("-> error" in step for step in plain)
    steps = [step for step, _, _ in shrink_candidates(schedule, Input(0), modes, {}, {"tool:notes": {"error"}})]
    sideways = steps.index("as mild tool:notes call 1 intermittent -> error")
    assert sideways == min(i for i, step in enumerate(steps) if " -> " in step)  # tried first
    assert not any(step.startswith("milder") for step in steps)  # nothing milder fails the call (empty answers it)
    error = schedule.model_copy(update={"faults": [schedule.faults[0].model_copy(update={"fault": {"mode": "error"}})]})
    again = [
        step for step, _, _ in shrink_candidates(error, Input(0), modes, {}, {"tool:notes": {"error", "intermittent"}})
    ]
    assert not any(step.startswith("as mild") for step in again)  # a known mode is not moved sideways: no round trip
