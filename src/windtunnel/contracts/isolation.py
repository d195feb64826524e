"""Isolation between contract units, and a state detector that tells state from sampling noise.

Isolation policy (what ``contract run`` does, with ``advanced.isolation: auto``):

* The state detector runs first (its verdict is cached per agent identity, below). If the agent keeps
  no state across calls (its state, if any, is per request or per session), units run with
  ``advanced.concurrency``, and a configured reset still runs before each unit.
* The agent looks stateful and a reset is configured (``agent.reset_endpoint`` /
  ``agent.reset_function``): the reset runs before every unit, and units run **one at a time**. A
  reset is a global operation on the agent; with units in flight together, one unit's reset would wipe
  another's state mid-call and a unit could still see what a concurrent one left behind.
* The agent looks stateful and no reset is configured: the seed-003 warning is printed once, the run
  carries on, and units run one at a time (the contamination is at least the same on every rerun).

``advanced.isolation: serial`` runs units one at a time and ``concurrent`` with ``advanced.concurrency``,
without detecting; ``--concurrency`` overrides both.

Verdict cache: a verdict is stored in ``state-cache.json`` beside the run store, keyed by the agent's
identity: its config block, and the content of its code where windtunnel can see it (the source files
of a python agent's modules, the files named in ``agent.command``). It is reused until that identity
changes, and for at most :data:`CACHE_TTL_S` (a remote HTTP agent can change behind the same URL).
``WINDTUNNEL_STATE_CACHE=0`` detects afresh every time.

The detector (chaos-free calls, before the matrix) combines three tests, any of which flags state:

1. **Recall probe.** Tell the agent a fresh random reference (``WT-<hex>``), then, in a separate call,
   ask for it. A stateless agent never saw the reference in the second call, so it cannot produce it,
   however random its sampling; an agent that carries conversation or memory across calls does.
2. **Interleaved repeats.** For up to three prompts A (golden prompts), the calls go ``A A A A U A``,
   U being an unrelated prompt (the next golden prompt). The first A follows a different call (the
   recall question or the previous prompt's block), so it only separates that call from what follows:
   the three A's after it each follow A itself, so they are answers produced in the same preceding
   context, and only they measure noise, the agent's own same-prompt variability, pooled over all
   prompts (sampling temperature is a property of the agent, not of one prompt). The statistic is the
   closest lexical similarity of the answer after U to those three. For a stateless agent that answer
   comes from the same distribution, and the closest of three similarities tends to be higher than a
   same-context answer's closest of two, so it lies within the noise range. The agent is flagged when,
   for some A, it falls below the pooled noise floor (the lowest closest-similarity among the
   same-context answers) by more than 0.75 × the pooled noise spread (max − min of the same-context
   similarities), and by at least 0.05. An agent that remembers the previous message and is
   deterministic has floor 1 and spread 0, so any answer that U changed flags it; a sampling agent is
   flagged only by a change well outside its own sampling noise.
3. **Drift.** State that every call updates (a counter, a budget that runs out) can change the answers
   in the middle of the same-context run, where the noise is measured, and then test 2 sees only
   "noise". For a stateless agent the five answers to A are exchangeable, so a split of them, in call
   order, into two runs that are each near-identical within (similarity >= 0.95, with at least three
   such pairs in all) and at least 0.2 less similar across, is flagged. Such repeats are what a
   deterministic agent gives, so a deterministic agent whose answer changes once anywhere in the block
   (the first answer, changed by the call before it, included) is caught; a sampling agent almost never
   repeats itself that closely.

A suspicion from test 2 or 3 is confirmed before the agent is flagged (:func:`_confirm`): up to
:data:`CONFIRM_ROUNDS` rounds of U then A, stopped by the first answer that comes back to the earlier
answers. An agent with a few fixed phrasings otherwise looks stateful in about a quarter of the runs
(three same-prompt answers are often one phrasing, and two phrasings in a row look like drift).

Measured rates are in docs/contracts.md ("How state is told apart from sampling noise").

Limits: state that never shows in the answers to these prompts (e.g. a counter nobody reports) is not
seen, nor state that changes every answer a little (a counter in every answer looks like noise); for a
highly random agent, only state effects larger than its sampling noise are seen.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import secrets
import shlex
import sys
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import asdict, dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any

import orjson

from windtunnel._util.errors import AgentCallError
from windtunnel.invariants.similarity import lexical_similarity

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
"""Answers per prompt produced right after the same prompt (the noise sample)."""
MAX_PROMPTS = 3
MARGIN = 0.05
SPREAD_FACTOR = 0.75
DRIFT_SAME = 0.95
"""Within-run similarity at which answers count as the same answer (drift test)."""
DRIFT_GAP = 0.2
"""How much less similar than that the answers before and after a change must be (drift test)."""
CONFIRM_ROUNDS = 20
"""Rounds of (U, A) that confirm a suspicion of state before the agent is flagged (see :func:`_confirm`)."""

Invoke = Callable[[str], Awaitable[str | None]]


def recall_prompts(token: str) -> tuple[str, str]:
    """The two calls of the recall probe: one that tells the agent ``token``, one that asks for it back."""
    return (
        f"Please note my reference number for later: {token}. Just confirm you have it.",
        "What reference number did I give you earlier? Reply with the reference only.",
    )


def probe_prompts(prompts: Sequence[str]) -> list[tuple[str, str]]:
    """``(A, U)`` pairs: up to three prompts, each with the next one (or a filler) as the unrelated call.

    Duplicate and blank golden prompts are dropped first; with a single prompt the unrelated call is a fixed
    filler question, so the interleaved test still has a U to put between the A's."""
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
    """Agent calls the detector makes for these prompts: the recall pair, then ``A`` + ``REPEATS`` × ``A``
    + ``U`` + ``A`` per probed prompt."""
    return 2 + len(probe_prompts(prompts)) * (REPEATS + 3)


@dataclass
class StateVerdict:
    """What the detector found: whether the agent looks stateful and the evidence for it (one line per test that
    flagged it, after confirmation), the calls it cost and how many failed, and the noise figures the interleaved
    test measured. A verdict made from failed calls is reported but never cached."""

    stateful: bool
    evidence: list[str] = field(default_factory=list)
    calls: int = 0
    confirm_calls: int = 0
    """Calls spent confirming suspicions (included in ``calls``): 0 when nothing looked like state."""
    dismissed: list[str] = field(default_factory=list)
    """Suspicions the confirmation rounds showed to be sampling noise (the earlier answer came back)."""
    noise_floor: float | None = None
    noise_spread: float | None = None
    errors: int = 0
    cached: bool = False
    """Reused from the verdict cache (no call made this time)."""


@dataclass
class _Suspect:
    """A prompt whose answers changed after a different call (or drifted): ``before`` → ``after``."""

    a: str
    u: str
    before: list[str]
    after: list[str]
    evidence: str


@dataclass
class _Confirmation:
    """The outcome of :func:`_confirm`: whether state was confirmed, and the rounds it took."""

    stateful: bool
    rounds: int


Similarity = Callable[[str, str], float]
""":func:`lexical_similarity`, or one memoised for a detection (:func:`_memoised`)."""


def _memoised(fn: Similarity) -> Similarity:
    """``fn`` remembering its scores for the one detection it serves: the detector compares the same few
    answers many times (every pair of the repeats, each answer to its nearest neighbour, each split of the
    drift test), and an agent with a few phrasings gives the same texts again and again."""
    seen: dict[tuple[str, str], float] = {}

    def score(a: str, b: str) -> float:
        key = (a, b)
        if key not in seen:
            seen[key] = fn(a, b)
        return seen[key]

    return score


async def _confirm(
    call: Callable[[str], Awaitable[str | None]], suspect: _Suspect, sim: Similarity = lexical_similarity
) -> _Confirmation:
    """Replicate the contrast: up to :data:`CONFIRM_ROUNDS` rounds of ``U`` then ``A``. State is confirmed
    when no answer to ``A`` comes back to the earlier answers (it is never closer to ``before`` than to
    ``after``). A stateless agent's answers are exchangeable, so the earlier answer comes back — for an
    agent with a few fixed phrasings, each round with the chance of that phrasing — and the rounds stop
    at the first that does; state that changed the answer for good (a memory, a budget used up, a note
    about the previous message) keeps every answer on the ``after`` side. Fewer than half of the rounds
    answered (agent errors) confirm nothing."""
    answered = 0
    for i in range(CONFIRM_ROUNDS):
        await call(suspect.u)
        ans = await call(suspect.a)
        if ans is None:
            continue
        answered += 1
        if _nn(ans, suspect.before, sim) >= _nn(ans, suspect.after, sim):
            return _Confirmation(False, i + 1)
    return _Confirmation(answered * 2 >= CONFIRM_ROUNDS, CONFIRM_ROUNDS)


def _nn(target: str, others: Sequence[str], sim: Similarity = lexical_similarity) -> float:
    """The similarity of ``target`` to its nearest neighbour among ``others`` (the test statistic of the interleaved
    repeats)."""
    return max(sim(target, o) for o in others)


async def detect_state(invoke: Invoke, prompts: Sequence[str], *, token: str | None = None) -> StateVerdict:
    """Run the three tests above through ``invoke`` (one agent call per invocation; ``None`` = no answer).

    The recall probe alone flags the agent; a suspicion from the interleaved repeats or from drift is flagged only
    once :func:`_confirm` replicates it (the first confirmed suspicion ends the search), and suspicions the rounds
    dismissed are listed as such. Agent errors are counted, never read as evidence of state."""
    verdict = StateVerdict(stateful=False)
    sim = _memoised(lexical_similarity)

    async def call(prompt: str) -> str | None:
        """One detector call, counted; an agent error or an empty answer counts as an error and gives ``None``, so a
        failing agent is never mistaken for a stateful one."""
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
        verdict.evidence.append(f"recall probe: the agent returned {token} in a later call that never contained it")

    # Per prompt, in call order: the answer after another call, the REPEATS answers that followed A
    # itself (the noise sample), and the answer after U.
    pairs = probe_prompts(prompts)
    series: list[tuple[str, list[str | None]]] = []
    for a, u in pairs:
        first = await call(a)
        repeats = [await call(a) for _ in range(REPEATS)]
        await call(u)
        series.append((a, [first, *repeats, await call(a)]))
    suspects: list[_Suspect] = []
    noise: list[float] = []
    nn_same: list[float] = []
    for _a, seq in series:
        same = _present(seq[1:-1])
        noise += [sim(x, y) for x, y in combinations(same, 2)]
        for i, r in enumerate(same):
            rest = same[:i] + same[i + 1 :]
            if rest:
                nn_same.append(_nn(r, rest, sim))
    if noise and nn_same:
        floor = min(nn_same)
        spread = max(noise) - min(noise)
        verdict.noise_floor, verdict.noise_spread = floor, spread
        for (a, u), (_, seq) in zip(pairs, series, strict=True):
            same = _present(seq[1:-1])
            other = _present(seq[-1:])
            if not same or not other:
                continue
            closest = _nn(other[0], same, sim)
            if closest < floor - max(SPREAD_FACTOR * spread, MARGIN):
                suspects.append(
                    _Suspect(
                        a,
                        u,
                        before=same,
                        after=other,
                        evidence=f"interleaved repeats: the answer to {a[:60]!r} right after a different call has "
                        f"similarity {closest:.2f} to the answers that followed the same prompt, outside the "
                        f"agent's own noise (floor {floor:.2f}, spread {spread:.2f})",
                    )
                )
    for (a, u), (_, seq) in zip(pairs, series, strict=True):
        drift = _drift(seq, sim)
        if drift is not None:
            text, head, tail = drift
            evidence = f"drift: the answers to {a[:60]!r} {text}"
            suspects.append(_Suspect(a, u, before=head, after=tail, evidence=evidence))
    for suspect in suspects:
        if verdict.stateful:
            break  # one confirmed suspicion is enough
        confirmed = await _confirm(call, suspect, sim)
        verdict.confirm_calls += 2 * confirmed.rounds
        if confirmed.stateful:
            verdict.stateful = True
            verdict.evidence.append(
                f"{suspect.evidence}; confirmed: in {confirmed.rounds} more rounds of {suspect.u[:40]!r} then "
                f"{suspect.a[:40]!r}, the earlier answer never came back"
            )
        else:
            verdict.dismissed.append(suspect.evidence)
    return verdict


def _present(answers: Sequence[str | None]) -> list[str]:
    """The answers that came back (errors left out)."""
    return [r for r in answers if r is not None]


def _drift(seq: Sequence[str | None], sim: Similarity = lexical_similarity) -> tuple[str, list[str], list[str]] | None:
    """How the answers to one prompt switched, in call order, from one repeated answer to another:
    a split into a first and a second part, every pair within a part (at least three pairs in all) at
    least ``DRIFT_SAME`` similar, every pair across at least ``DRIFT_GAP`` less. ``None`` if there is
    no such split (or an answer is missing). Returns the description, the first part and the second."""
    answers = _present(seq)
    if len(answers) < len(seq):
        return None
    for k in range(1, len(answers)):
        head, tail = answers[:k], answers[k:]
        pairs = [sim(x, y) for part in (head, tail) for x, y in combinations(part, 2)]
        if len(pairs) < 3:
            continue
        within = min(pairs)
        across = max(sim(x, y) for x in head for y in tail)
        if within >= DRIFT_SAME and across <= within - DRIFT_GAP:
            text = (
                f"changed after {k} of {len(answers)} calls from one repeated answer to another "
                f"(similarity {within:.2f} within, {across:.2f} across): state that every call updates"
            )
            return text, head, tail
    return None


CACHE_TTL_S = 24 * 3600
CACHE_FILE = "state-cache.json"


def agent_identity(agent: Any) -> str:
    """A digest of what makes the agent this agent: its config block, and its code where it is local.

    Code is the source files of the modules the python references name, and the files ``agent.command`` names (a
    script path): editing the agent invalidates its cached verdict. A remote agent's code is invisible, which is
    why cached verdicts also expire."""
    h = hashlib.sha256(orjson.dumps(agent.model_dump(mode="json"), option=orjson.OPT_SORT_KEYS))
    files: list[Path] = []
    refs = agent.python_refs() if hasattr(agent, "python_refs") else []
    for _key, ref in refs:
        origin = _module_file(str(ref).partition(":")[0])
        if origin is not None:
            files.append(origin)
    if getattr(agent, "command", None):
        files += [Path(t) for t in shlex.split(str(agent.command)) if Path(t).is_file()]
    for path in sorted(set(files)):
        h.update(str(path).encode())
        try:
            h.update(hashlib.sha256(path.read_bytes()).digest())
        except OSError:
            h.update(b"?")
    return h.hexdigest()


def _module_file(module: str) -> Path | None:
    """The source file of ``module`` when it is a file on disk (imported, or findable without importing); ``None``
    for built-in, namespace or missing modules, which then do not enter the agent's identity."""
    mod = sys.modules.get(module)
    origin = getattr(mod, "__file__", None) if mod is not None else None
    if origin is None:
        try:
            spec = importlib.util.find_spec(module)
        except (ImportError, ValueError):
            return None
        origin = spec.origin if spec is not None else None
    return Path(origin) if origin and Path(origin).is_file() else None


@dataclass
class StateCache:
    """Detector verdicts per agent identity, in one small JSON file (see the module docstring).

    The cache is advisory: every read or write failure degrades to detecting afresh, never to an error."""

    path: Path

    @staticmethod
    def enabled() -> bool:
        """Whether verdicts are cached: ``WINDTUNNEL_STATE_CACHE=0`` turns the cache off."""
        return os.environ.get("WINDTUNNEL_STATE_CACHE", "1") != "0"

    def _read(self) -> dict[str, Any]:
        """The cache file's entries; a missing, unreadable or damaged file is an empty cache (it only ever costs a
        fresh detection)."""
        try:
            data = orjson.loads(self.path.read_bytes())
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def get(self, identity: str, prompts: Sequence[str]) -> StateVerdict | None:
        """The cached verdict for ``identity``, when it was made for the same probe prompts within
        :data:`CACHE_TTL_S`; ``None`` otherwise, or when the entry does not read as a verdict."""
        entry = self._read().get(identity)
        if not isinstance(entry, dict) or entry.get("prompts") != _prompts_key(prompts):
            return None
        if time.time() - float(entry.get("at", 0)) > CACHE_TTL_S:
            return None
        try:
            return StateVerdict(**entry["verdict"])
        except (KeyError, TypeError):
            return None

    def put(self, identity: str, prompts: Sequence[str], verdict: StateVerdict) -> None:
        """Store ``verdict`` for ``identity`` and these prompts, dropping expired entries; written to a temporary
        file and renamed, so a reader never sees half a file. A cache that cannot be written is ignored."""
        data = {k: v for k, v in self._read().items() if time.time() - float(v.get("at", 0)) <= CACHE_TTL_S}
        data[identity] = {"at": time.time(), "prompts": _prompts_key(prompts), "verdict": asdict(verdict)}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_suffix(".tmp")
            tmp.write_bytes(orjson.dumps(data))
            tmp.replace(self.path)
        except OSError:
            pass  # a cache that cannot be written only costs the detection next time


def _prompts_key(prompts: Sequence[str]) -> str:
    """The detector probes the golden prompts: a verdict holds for the same prompts.

    The key is a digest of the (A, U) pairs actually probed, in order: golden prompts the detector never sends do
    not enter it."""
    return hashlib.sha256("\x1f".join(p for a, u in probe_prompts(prompts) for p in (a, u)).encode()).hexdigest()


__all__ = [
    "STATE_WARNING",
    "StateCache",
    "StateVerdict",
    "agent_identity",
    "detect_state",
    "planned_calls",
    "probe_prompts",
]
