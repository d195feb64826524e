"""The counting pass records the generated mutations and the run replays them: the same cells, counted exactly."""

from __future__ import annotations

from dataclasses import asdict
from datetime import date
from typing import Any

import pytest

from windtunnel.config.model import Config
from windtunnel.engine.plan import count_plan, iter_plan
from windtunnel.engine.planspill import PlanSpill
from windtunnel.mutations.base import mutations

ALL_TYPES = [n for n in mutations.names() if n != "custom"]


def _config(types: list[str], agent: dict[str, Any], **extra: Any) -> Config:
    return Config.model_validate(
        {
            "version": "1",
            "agent": agent,
            "golden_prompts": [
                "Where is my order 12, please?",
                "Cancel it now",
                "x",  # a one-letter prompt: some types run short of distinct variants (a shortfall notice)
                "I do not know what is \ud800 here",  # a lone surrogate survives the spill
                "Book a table",
            ],
            "golden_turns": {"Book a table": ["Book a table", "for two"]},  # a conversation: unmutated
            "mutations": {"types": types, "count": 24, "custom_templates": ["As my boss said: {prompt}"]},
            **extra,
        }
    )


HTTP = {"type": "http", "endpoint": "http://127.0.0.1:9/chat"}
PYTHON = {"type": "python", "endpoint": "tests.engine.test_plan_spill:_config"}


@pytest.mark.parametrize(
    ("types", "agent"), [(ALL_TYPES, HTTP), ([*ALL_TYPES, "custom"], PYTHON), (["paraphrase", "noise"], PYTHON)]
)
@pytest.mark.parametrize("repeat", [1, 3])
def test_replayed_plan_is_the_generated_plan(types: list[str], agent: dict[str, Any], repeat: int) -> None:
    cfg = _config(types, agent)
    generated_notices: list[str] = []
    generated = [asdict(c) for c in iter_plan(cfg, seed=7, repeat=repeat, notices=generated_notices)]
    spill = PlanSpill()
    notices: list[str] = []
    total = count_plan(cfg, seed=7, repeat=repeat, notices=notices, spill=spill)
    assert total == len(generated)
    assert notices == generated_notices
    for _ in range(2):  # replayed as often as asked, each time from the start
        replayed = [asdict(c) for c in iter_plan(cfg, seed=7, repeat=repeat, plans=spill.replay())]
        assert replayed == generated
    spill.close()


def test_counting_without_mutations_or_golden() -> None:
    cfg = _config(["paraphrase"], PYTHON)
    for golden, muts in ((True, False), (False, True), (True, True)):
        expected = sum(1 for _ in iter_plan(cfg, seed=1, golden=golden, mutations=muts, repeat=2))
        assert count_plan(cfg, seed=1, golden=golden, mutations=muts, repeat=2) == expected


def test_a_chaos_scenario_replays_with_its_prefix() -> None:
    cfg = _config(["tone_shift", "prompt_injection"], PYTHON)
    spill = PlanSpill()
    count_plan(cfg, seed=3, spill=spill)
    ids = [c.id for c in iter_plan(cfg, seed=3, scenario="chaos", plans=spill.replay())]
    assert ids == [c.id for c in iter_plan(cfg, seed=3, scenario="chaos")]
    assert all(i.startswith("chaos/") for i in ids)


class _Opaque:
    """A plugin's arg value that marshal cannot hold."""

    def __init__(self, n: int) -> None:
        self.n = n

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Opaque) and other.n == self.n

    def __hash__(self) -> int:
        return self.n


def test_a_record_marshal_cannot_hold_is_pickled() -> None:
    spill = PlanSpill()
    plans: list[Any] = [(0, [("paraphrase", "text", {"k": 0, "x": _Opaque(3)}, "hi")]), (1, [])]
    assert list(spill.record(plans)) == plans
    assert list(spill.replay()) == plans
    spill.close()


@pytest.mark.parametrize("chunk", [1, 5, 64, 1 << 18])
def test_replay_reads_records_across_chunk_boundaries(monkeypatch: pytest.MonkeyPatch, chunk: int) -> None:
    from windtunnel.engine import planspill

    monkeypatch.setattr(planspill, "_CHUNK", chunk)
    items: list[Any] = [(i, [("noise", {"text": "x" * (i * 37 % 300)}, f"v{i}")]) for i in range(200)]
    items.append((200, [("custom", {"when": date(2024, 1, 2)}, "pickled")]))  # marshal cannot hold a date
    spill = PlanSpill()
    assert list(spill.record(iter(items))) == items
    first, second = spill.replay(), spill.replay()
    assert [(next(first), next(second))[0] for _ in range(50)] == items[:50]  # two replays interleaved
    assert list(first) == items[50:] == list(second)
    assert list(spill.replay()) == items
    spill.close()
