"""The LLM fault plan decides a model call from one count of the calls and precomputed fire windows
(``plan.fire_windows``); its decisions must be exactly those of deciding every fault on every call with its own
eligible and occurrence counts. Checked against that rule written out here, on generated fault lists (windows,
bursts, probabilities 0 < p < 1 and 0, a fault that decides for itself) and call sequences with retries."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from windtunnel.chaos.base import Decision, LlmCall, LlmFaultSpec
from windtunnel.chaos.llm_faults import LlmRateLimitFault, LlmTimeoutFault, TruncatedResponseFault
from windtunnel.chaos.plan import FaultPlan, fire_windows
from windtunnel.chaos.spec import ChaosSpec


class EveryRetry(LlmRateLimitFault):
    """A fault that decides for itself: it fires on the retries of a call (never in a window of its own)."""

    def should_fire(self, d: Decision) -> bool:
        return d.occurrence > 0


def _reference(spec: ChaosSpec, seed: int, key: str, calls: list[LlmCall]) -> list[tuple[Any, ...]]:
    """Every fault decided on every call with its own counters, as the plan's rule reads."""
    eligible: dict[int, int] = {}
    occurrence: dict[tuple[int, str], int] = {}
    out = []
    for call in calls:
        delay, replacement, transforms, modes = 0, None, [], []
        for index, fault in enumerate(spec.llm_faults):
            n = eligible.get(index, 0)
            eligible[index] = n + 1
            occ = occurrence.get((index, call.signature), 0)
            occurrence[(index, call.signature)] = occ + 1
            d = Decision(n, occ, (seed, key, "llm", index, call.signature))
            if not fault.should_fire(d) or replacement is not None:
                continue
            rep, wait = fault.replace(call, d), fault.delay_ms_before(call)
            if rep is not None or wait:
                delay, replacement = delay + wait, rep
                modes.append(fault.mode)
            else:
                transforms.append((index, d.eligible_index, d.occurrence))
        out.append((delay, replacement, transforms, modes))
    return out


def _window(draw: Any) -> dict[str, Any]:
    kind = draw(st.sampled_from(["every", "on_call", "after", "burst"]))
    params: dict[str, Any] = {"probability": draw(st.sampled_from([1.0, 0.5, 0.0]))}
    if kind == "on_call":
        params["on_call"] = draw(st.integers(1, 8))
    elif kind == "after":
        params["after_calls"] = draw(st.integers(0, 8))
    elif kind == "burst":
        params["on_call"] = draw(st.integers(1, 6))
        params["count"] = draw(st.integers(1, 4))
    return params


@st.composite
def _faults(draw: Any) -> tuple[LlmFaultSpec, ...]:
    faults: list[LlmFaultSpec] = []
    for _ in range(draw(st.integers(0, 4))):
        cls = draw(st.sampled_from([LlmRateLimitFault, LlmTimeoutFault, TruncatedResponseFault, EveryRetry]))
        params = _window(draw)
        if cls is LlmTimeoutFault:
            params["delay_ms"] = draw(st.sampled_from([0, 5]))
        faults.append(cls(**params))
    return tuple(faults)


@settings(max_examples=300, deadline=None)
@given(
    faults=_faults(),
    signatures=st.lists(st.sampled_from(["a", "b", "c"]), max_size=14),
    seed=st.integers(0, 3),
    ask_first=st.booleans(),
)
def test_decisions_are_those_of_every_fault_counting_every_call(
    faults: tuple[LlmFaultSpec, ...], signatures: list[str], seed: int, ask_first: bool
) -> None:
    """``ask_first``: as the HTTP seams do, ask :meth:`FaultPlan.passes_llm` first and decide only the calls it
    does not pass."""
    spec = ChaosSpec("windows", llm_faults=faults)
    calls = [LlmCall({"model": "m"}, f"chat:{s}", name="m", api="chat") for s in signatures]
    plan = FaultPlan(spec, seed=seed, key="cell")
    got = []
    for call in calls:
        if ask_first and plan.passes_llm(call.signature):
            dec = plan.untouched
        else:
            dec = plan.decide_llm(call)
            assert dec.call is call
        transforms = [(i, d.eligible_index, d.occurrence) for i, _, d in dec.transforms]
        got.append((dec.delay_ms, dec.replacement, transforms, dec.modes))
    assert got == _reference(spec, seed, "cell", calls)
    fired = [m for _, _, _, modes in got for m in modes]
    assert [f["mode"] for f in plan.fired] == fired


def test_the_windows_merge_and_end_where_the_last_fault_stops() -> None:
    windows = fire_windows(
        (
            LlmRateLimitFault(on_call=3),  # [2, 3)
            LlmRateLimitFault(on_call=4, count=2),  # [3, 5): joins the one before
            LlmRateLimitFault(after_calls=9, probability=0.0),  # never fires: no window
            LlmTimeoutFault(on_call=8),  # [7, 8)
        )
    )
    assert windows == (((2, 5), (7, 8)), 8)
    assert fire_windows((LlmRateLimitFault(after_calls=2),))[1] == float("inf")
    assert fire_windows((EveryRetry(on_call=1),)) == (((0, float("inf")),), float("inf"))
    assert fire_windows(()) == ((), 0)


def test_a_plan_whose_windows_have_passed_stops_counting() -> None:
    plan = FaultPlan(ChaosSpec("s", llm_faults=(LlmRateLimitFault(on_call=2),)), seed=1, key="k")
    calls = [LlmCall({}, f"chat:{i % 2}") for i in range(4)]
    assert not plan.llm_spent
    assert [plan.decide_llm(c).replacement is not None for c in calls] == [False, True, False, False]
    assert plan.llm_spent and not plan._llm_seen  # nothing kept per signature once no call can fire
    assert FaultPlan(ChaosSpec("none"), seed=1, key="k").llm_spent


def test_a_responder_gets_every_call_the_plan_would_pass() -> None:
    class Nothing:
        def tool(self, call: Any, target: str) -> None:
            return None

        def llm(self, call: LlmCall) -> None:
            return None

    plan = FaultPlan(ChaosSpec("none"), seed=1, key="k", responder=Nothing())
    assert not plan.llm_spent and not plan.passes_llm("chat:x")
    assert plan.untouched.modes == [] and plan.untouched.replacement is None
