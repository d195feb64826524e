"""Isolation between contract units, and a state detector that tells state from sampling noise.

Isolation policy (what ``contract run`` does):

* A reset is configured (``agent.reset_endpoint`` / ``agent.reset_function``): it runs before every
  invocation unit, and units run **one at a time**. A reset is a global operation on the agent; with
  units in flight together, one unit's reset would wipe another's state mid-call and a unit could still
  see what a concurrent one left behind. Serial units are the only generic guarantee. ``--concurrency``
  overrides this for agents whose state is per request.
* No reset is configured: the state detector runs first. If the agent looks stateful, the seed-003
  warning is printed once, the run carries on, and units run one at a time (the contamination is at
  least the same on every rerun). Otherwise units run with ``advanced.concurrency``.

The detector (chaos-free calls, before the matrix) combines two tests, either of which flags state:

1. **Recall probe.** Tell the agent a fresh random reference (``WT-<hex>``), then, in a separate call,
   ask for it. A stateless agent never saw the reference in the second call, so it cannot produce it,
   however random its sampling; an agent that carries conversation or memory across calls does.
2. **Interleaved repeats.** For up to three prompts A (golden prompts), send ``A A A U A`` where U is an
   unrelated prompt (the next golden prompt). The three back-to-back answers measure the agent's own
   same-prompt variability; the noise is pooled over all prompts, because sampling temperature is a
   property of the agent, not of one prompt. For a stateless agent the answer after U is drawn from
   the same distribution as the others, so its closest lexical similarity to the back-to-back answers
   lies within the noise range. The agent is flagged when, for some A, that closest similarity falls
   below the pooled noise floor (the lowest closest-similarity among back-to-back answers) by more
   than 0.75 × the pooled noise spread (max − min of the back-to-back similarities), and by at least
   0.05. A deterministic agent has floor 1 and spread 0, so any answer that U changed flags it; a
   sampling agent is flagged only by a change well outside its own sampling noise. On a test agent
   that rewords every answer at random (tests/contracts), this flags about 1 run in 1,000, and it
   flags a random agent whose answer U really changes in 100 runs out of 100.

Limits: state that never shows in the answers to these prompts (e.g. a counter nobody reports) is not
seen; for a highly random agent, only state effects larger than its sampling noise are seen.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from windtunnel._util.errors import AgentCallError

STATE_WARNING = (
    "Warning: No reset_endpoint configured. Contract matrix cells may share state. Results may be "
    "contaminated. Add reset_endpoint to your config for accurate isolation."
)
"""Seed 003's warning, verbatim."""

FILLERS = (
    "What is the capital of France?",
    "Please tell me a short fact about the ocean.",
)
REPEATS = 3
MAX_PROMPTS = 3
MARGIN = 0.05
SPREAD_FACTOR = 0.75

Invoke = Callable[[str], Awaitable[str | None]]


def recall_prompts(token: str) -> tuple[str, str]:
    return (
        f"Please note my reference number for later: {token}. Just confirm you have it.",
        "What reference number did I give you earlier? Reply with the reference only.",
    )


def probe_prompts(prompts: Sequence[str]) -> list[tuple[str, str]]:
    """``(A, U)`` pairs: up to three prompts, each with the next one (or a filler) as the unrelated call."""
    pool = [p for p in dict.fromkeys(prompts) if p.strip()]
    if not pool:
        pool = [FILLERS[0]]
    chosen = pool[:MAX_PROMPTS]
    pairs = []
    for i, a in enumerate(chosen):
        others = [p for p in pool if p != a]
        u = others[i % len(others)] if others else FILLERS[1]
        pairs.append((a, u))
    return pairs


def planned_calls(prompts: Sequence[str]) -> int:
    """Agent calls the detector makes for these prompts."""
    return 2 + len(probe_prompts(prompts)) * (REPEATS + 2)


@dataclass
class StateVerdict:
    """What the detector found."""

    stateful: bool
    evidence: list[str] = field(default_factory=list)
    calls: int = 0
    noise_floor: float | None = None
    noise_spread: float | None = None
    errors: int = 0


def _nn(target: str, others: Sequence[str]) -> float:
    from windtunnel.invariants.similarity import lexical_similarity

    return max(lexical_similarity(target, o) for o in others)


async def detect_state(invoke: Invoke, prompts: Sequence[str], *, token: str | None = None) -> StateVerdict:
    """Run the two tests above through ``invoke`` (one agent call per invocation; ``None`` = no answer)."""
    from windtunnel.invariants.similarity import lexical_similarity

    verdict = StateVerdict(stateful=False)

    async def call(prompt: str) -> str | None:
        verdict.calls += 1
        try:
            out = await invoke(prompt)
        except AgentCallError:
            out = None
        if out is None:
            verdict.errors += 1
        return out

    token = token or f"WT-{secrets.token_hex(4).upper()}"
    tell, ask = recall_prompts(token)
    told = await call(tell)
    recalled = await call(ask)
    if told is not None and recalled is not None and token.lower() in recalled.lower():
        verdict.stateful = True
        verdict.evidence.append(
            f"recall probe: the agent returned {token} in a later call that never contained it"
        )

    series: list[tuple[str, list[str], str | None]] = []
    for a, u in probe_prompts(prompts):
        runs = [await call(a) for _ in range(REPEATS)]
        await call(u)
        after = await call(a)
        clean = [r for r in runs if r is not None]
        series.append((a, clean, after))
    noise: list[float] = []
    nn_clean: list[float] = []
    for _a, clean, _after in series:
        noise += [lexical_similarity(x, y) for x, y in combinations(clean, 2)]
        for i, r in enumerate(clean):
            rest = clean[:i] + clean[i + 1 :]
            if rest:
                nn_clean.append(_nn(r, rest))
    if not noise or not nn_clean:
        return verdict
    floor = min(nn_clean)
    spread = max(noise) - min(noise)
    verdict.noise_floor, verdict.noise_spread = floor, spread
    for a, clean, after in series:
        if after is None or not clean:
            continue
        closest = _nn(after, clean)
        if closest < floor - max(SPREAD_FACTOR * spread, MARGIN):
            verdict.stateful = True
            verdict.evidence.append(
                f"interleaved repeats: the answer to {a[:60]!r} after an unrelated call has similarity "
                f"{closest:.2f} to its back-to-back answers, outside the agent's own noise "
                f"(floor {floor:.2f}, spread {spread:.2f})"
            )
    return verdict


__all__ = ["STATE_WARNING", "StateVerdict", "detect_state", "planned_calls", "probe_prompts"]
