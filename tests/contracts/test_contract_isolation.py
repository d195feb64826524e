"""The state detector tells state from sampling noise; the isolation policy picks the concurrency."""

from __future__ import annotations

import random
from collections.abc import Callable

import anyio
import contract_agents
import pytest

from windtunnel._util.errors import AgentTimeout
from windtunnel.contracts.isolation import (
    CONFIRM_ROUNDS,
    REPEATS,
    STATE_WARNING,
    detect_state,
    planned_calls,
    probe_prompts,
)

PROMPTS = ["Where is my order?", "Please check ORD-7 for me", "What are your opening hours?"]


def detect(fn: Callable[[str], str], prompts: list[str] = PROMPTS):  # type: ignore[no-untyped-def]
    async def invoke(prompt: str) -> str | None:
        return fn(prompt)

    return anyio.run(lambda: detect_state(invoke, prompts))


def test_warning_text_is_seed_003_verbatim() -> None:
    assert STATE_WARNING == (
        "Warning: No reset_endpoint configured. Contract matrix cells may share state. Results may be "
        "contaminated. Add reset_endpoint to your config for accurate isolation."
    )


def test_deterministic_stateful_agent_is_flagged() -> None:
    v = detect(contract_agents.memory_agent)
    assert v.stateful and v.noise_floor == 1.0 and v.noise_spread == 0.0
    assert "interleaved repeats" in v.evidence[0]
    assert v.calls == planned_calls(PROMPTS) + v.confirm_calls == len(contract_agents.CALLS)
    assert v.confirm_calls == 2 * CONFIRM_ROUNDS and "confirmed" in v.evidence[0]


def test_agent_remembering_the_previous_message_is_flagged() -> None:
    # QA finding 8: the first answer of a block follows another call; it must not pollute the noise floor.
    v = detect(contract_agents.previous_message_agent)
    assert v.stateful and v.noise_floor == 1.0 and v.noise_spread == 0.0, v
    assert "interleaved repeats" in v.evidence[0] and "after a different call" in v.evidence[0]


def test_call_sequence_separates_the_noise_sample_from_other_calls() -> None:
    v = detect(contract_agents.echo_agent, ["A?", "B?"])
    calls = contract_agents.CALLS
    assert calls[2:] == ["A?"] * (REPEATS + 1) + ["B?", "A?"] + ["B?"] * (REPEATS + 1) + ["A?", "B?"]
    assert v.calls == len(calls) == planned_calls(["A?", "B?"])


def test_state_that_every_call_updates_is_flagged_as_drift() -> None:
    # the budget runs out in the middle of the repeats, where the noise sample is taken: the answers
    # after a different call match the later repeats, so only the switch itself shows the state
    prompts = ["Please refund $20 for ORD-7", "Where is my order?"]
    v = detect(contract_agents.ledger_agent, prompts)
    assert v.stateful and any(e.startswith("drift:") for e in v.evidence), v


def test_a_change_of_only_the_first_answer_is_flagged_as_drift() -> None:
    # the recall calls leave a note that changes the next answer once: the first of the first block
    v = detect(contract_agents.sticky_note_agent)
    assert v.stateful and v.noise_floor == 1.0, v
    assert [e.split(":")[0] for e in v.evidence] == ["drift"]
    assert "changed after 1 of 5 calls" in v.evidence[0]


def test_bundled_support_agent_without_reset_is_flagged() -> None:
    import yaml
    from examples.support_agent import agent
    from helpers import EXAMPLE

    prompts = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))["golden_prompts"]
    v = detect(lambda p: str(agent.handle(p)["output"]), prompts)
    assert v.stateful, v


def test_conversation_memory_is_flagged_by_recall() -> None:
    v = detect(contract_agents.history_agent)
    assert v.stateful and any("recall probe" in e for e in v.evidence)


def test_stateless_deterministic_agent_is_not_flagged() -> None:
    v = detect(contract_agents.echo_agent)
    assert not v.stateful and v.evidence == []


@pytest.mark.parametrize("seed", range(60))
def test_random_stateless_agent_is_not_flagged(seed: int) -> None:
    contract_agents.seed_random(seed)
    v = detect(contract_agents.temperature_agent)
    assert not v.stateful, v.evidence
    assert v.noise_spread is not None and v.noise_spread > 0


def test_random_agent_with_a_large_state_effect_is_flagged() -> None:
    rng = random.Random(1)
    memory: dict[str, str] = {}

    def agent(prompt: str) -> str:
        if "ORD-7" in prompt:
            memory["order"] = "ORD-7"
        lead = rng.choice(["Sure", "Certainly", "Of course"])
        if "order" in prompt.lower() and "order" in memory:
            return f"{lead}! Order ORD-7 shipped yesterday from the north warehouse via express courier."
        return f"{lead}, happy to help."

    v = detect(agent)
    assert v.stateful


def test_failed_calls_never_flag_state() -> None:
    def broken(prompt: str) -> str:
        raise AgentTimeout("no answer")

    v = detect(broken)
    assert not v.stateful and v.errors == v.calls


def test_probe_pairs() -> None:
    assert probe_prompts(["a", "b", "c", "d"]) == [("a", "b"), ("b", "c"), ("c", "d")]
    assert probe_prompts(["only"])[0][0] == "only"
    assert probe_prompts(["only"])[0][1] != "only"
    assert probe_prompts([]) and planned_calls([]) == 2 + REPEATS + 3 == 8


@pytest.mark.slow
@pytest.mark.parametrize(
    ("weights", "seeds"),
    [((1, 1, 1), 3000), ((6, 3, 1), 1000), ((1, 1), 1000)],
    ids=["three-phrasings", "three-skewed", "two-phrasings"],
)
def test_few_phrasings_stateless_agent_false_positive_rate_is_at_most_1_in_1000(
    weights: tuple[float, ...], seeds: int
) -> None:
    """Issue 18 item 16: the noise floor from three same-prompt answers is too thin for an agent with a few
    distinct answers (24 % of such runs were flagged before the confirmation rounds)."""
    prompt_sets = [PROMPTS, ["Please refund $20 for ORD-7", "Where is my order?"]]
    flagged = []
    extra = 0
    for seed in range(seeds):
        agent = contract_agents.phrasing_agent(random.Random(seed), weights)
        v = detect(agent, prompt_sets[seed % 2])
        extra += v.confirm_calls
        if v.stateful:
            flagged.append((seed, v.evidence))
    assert len(flagged) <= seeds // 1000, flagged
    assert extra / seeds < 5, "suspicions of a stateless agent are dismissed within a few rounds"


def test_a_suspicion_the_earlier_answer_comes_back_to_is_dismissed() -> None:
    answers = iter(["B", "A", "A", "A", "C", "A"])  # the answer after U differs once, then comes back

    def agent(prompt: str) -> str:
        return "Reply " + next(answers) * 40 if "Where" in prompt else "Other answer entirely."

    v = detect(agent, ["Where is my order?"])
    assert not v.stateful and v.dismissed and v.confirm_calls == 2
