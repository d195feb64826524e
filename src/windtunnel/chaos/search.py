"""Searching and shrinking fault schedules: the pure part of ``windtunnel explore``.

Nothing here calls an agent: the explore flow runs the schedules this module proposes and hands back what
each cell showed (:class:`Observation`). The search is coverage-guided, as fuzzers of programs are:

* **features** of a cell (:func:`features`) stand for the branches it took: each pair of consecutive
  calls at the seams with their outcome, the number of calls, the exception types met, the answer, each
  invariant's verdict, and how near a check with a threshold came to it (latency ...). A cell that shows
  a feature no earlier cell showed joins the **corpus**.
* **proposals** come from the corpus. A new entry is first extended *where its faults changed the run*
  (its frontier: the calls its parent did not make, e.g. the retry a timeout caused), one fault of each
  mode at each such call, and a *sustained* fault of each mode from its first such call at a seam on (the seam
  stays down: what a defect that retries forever needs); then random edits of entries (add, drop, move,
  re-mode a fault, a burst of up to :data:`MAX_BURST` calls or a sustained fault, the prompt or one of its
  mutations), newer entries first.
* **shrinking** (:func:`shrink_candidates`) proposes smaller schedules in a fixed order — fewer faults,
  shorter bursts (a sustained fault first becomes a burst), later calls, milder modes
  (:func:`~windtunnel.chaos.base.mode_severity`) of the same outcome (:func:`mode_outcome`: a failed call stays a
  failed call, an answer an answer), the golden prompt instead of its mutation — and the flow keeps the first one
  that still fails.

Every choice is drawn from a ``random.Random`` seeded by the caller: the same seed, the same search.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from windtunnel.chaos.base import FaultSpec, mode_severity
from windtunnel.chaos.base import llm_faults as llm_registry
from windtunnel.chaos.base import tool_faults as tool_registry
from windtunnel.chaos.schedule import LLM_SEAM, TOOL_PREFIX, Schedule, Slot


@dataclass(frozen=True)
class Input:
    """What is sent to the agent: a golden prompt, or one of its planned mutations."""

    golden_index: int
    mutation: int | None = None
    """Index into the golden prompt's planned mutations (``None``: the golden prompt itself)."""


@dataclass(frozen=True)
class Candidate:
    """One cell to run: an input under a schedule."""

    input: Input
    schedule: Schedule
    parent: int | None = None
    """The corpus entry it was derived from (``None``: a baseline)."""

    @property
    def key(self) -> tuple[Input, str]:
        """What makes two candidates the same cell: the input and the schedule's fault digest (its name does not
        count).
        """
        return self.input, self.schedule.digest()


@dataclass
class Observation:
    """What a cell showed, reduced to what the search reads.

    The explore flow builds one from each cell's result; nothing in it refers to the agent, so the search stays a pure
    function of observations and its seed.
    """

    calls: list[tuple[str, str, str]]
    """Each call at a seam in order: ``(seam, outcome, faults)`` (seam ``llm`` / ``tool:NAME``)."""
    status: str
    error_kind: str | None = None
    raised: str | None = None
    """The type of the exception the agent raised (``JSONDecodeError``), when it raised one (``agent_exception``)."""
    errors: list[str] = field(default_factory=list)
    """Exception types met at the seams and by the harness (``ToolTimeout``, ``RateLimitError`` ...)."""
    answer: str | None = None
    checks: list[tuple[str, bool]] = field(default_factory=list)
    margins: list[tuple[str, float]] = field(default_factory=list)
    """Each check with a numeric threshold: its distance from it (0 at it, negative past it)."""

    @property
    def failed(self) -> bool:
        """A broken invariant or an agent that raised: what explore looks for."""
        return self.status in ("failed", "error")

    def seam_calls(self) -> dict[str, int]:
        """How many calls each seam saw."""
        out: dict[str, int] = {}
        for seam, _, _ in self.calls:
            out[seam] = out.get(seam, 0) + 1
        return out

    def failure_signature(self) -> tuple[str, ...]:
        """What a failure is, for telling two apart: the broken checks, and the kind of error when the cell errored
        (an agent that hangs on a tool that stays down and one that raises on a cut stream break the same checks, but
        they are two defects), with the exception's type when the agent raised one (an unhandled ``RateLimitError`` and
        a ``JSONDecodeError`` on broken tool arguments are two defects too, as hypothesis tells failures apart by their
        exception)."""
        broken = tuple(sorted(cid for cid, ok in self.checks if not ok))
        error = f"error:{self.error_kind or 'error'}" + (f":{self.raised}" if self.raised else "")
        if self.status == "error":
            return (*broken, error)
        return broken or (error,)


def _bucket(n: int) -> int:
    """Hit counts in buckets (1, 2, 3, 4-7, 8-15 ...), as fuzzers count loop iterations."""
    return n if n < 4 else 1 << n.bit_length()


def features(obs: Observation) -> set[tuple[Any, ...]]:
    """The coverage features of one cell (see the module docstring).

    Features are hashable tuples: ``edge`` (two consecutive (seam, outcome) events, from a start marker to an end marker
    with the cell's status), ``calls`` (a seam's call count, bucketed), ``error`` / ``error_kind``, ``answer`` (a digest
    of the whitespace- and case-normalised answer), ``check`` (each check's verdict), and ``near`` (a check within half
    its threshold, in 5 % steps). A set of them is cheap to compare across thousands of cells.
    """
    out: set[tuple[Any, ...]] = set()
    prev = ("start", "", "")
    for event in obs.calls:
        out.add(("edge", prev[:2], event[:2]))
        prev = event
    out.add(("edge", prev[:2], ("end", obs.status)))
    for seam, n in obs.seam_calls().items():
        out.add(("calls", seam, _bucket(n)))
    out.update(("error", e) for e in obs.errors)
    if obs.error_kind:
        out.add(("error_kind", obs.error_kind))
    if obs.answer is not None:
        digest = hashlib.sha256(" ".join(obs.answer.lower().split()).encode()).hexdigest()[:12]
        out.add(("answer", digest))
    out.update(("check", cid, ok) for cid, ok in obs.checks)
    for cid, margin in obs.margins:  # closer to the threshold = a new bucket: a gradient toward breaking it
        if margin < NEAR:
            out.add(("near", cid, math.floor(max(margin, -0.1) * 20)))
    return out


NEAR = 0.5
"""Margins below this (half the threshold) count as near it; each 5 % of the threshold closer is a feature."""


@dataclass(frozen=True)
class Mode:
    """A fault mode the search may place at a seam, with its default parameters."""

    name: str
    severity: int


def seam_modes(seam: str, usable: Any = None) -> list[Mode]:
    """The registry's modes that can be placed at ``seam`` with their default parameters, mildest first.

    Modes that only delay the call (severity 0) are left out: they matter only to latency checks and cost
    wall time. ``usable(fault) -> bool`` drops the modes the agent's seam cannot express."""
    registry = llm_registry if seam == LLM_SEAM else tool_registry
    extra = {} if seam == LLM_SEAM else {"tool": seam[len(TOOL_PREFIX) :]}
    out: list[Mode] = []
    for name in registry.names():
        cls = registry.get(name)
        try:
            fault: FaultSpec = cls.model_validate({"mode": name, **extra})
        except ValueError:  # a mode with required parameters (wrong_data's patch) has no default form
            continue
        severity = mode_severity(cls)
        if severity <= 0 or (usable is not None and not usable(fault)):
            continue
        out.append(Mode(name, severity))
    return sorted(out, key=lambda m: (m.severity, m.name))


def mode_outcome(seam: str, mode: Any) -> str | None:
    """The :attr:`~windtunnel.chaos.base.FaultSpec.outcome` the registry gives mode ``mode`` at ``seam`` (``failed`` or
    ``answered``), ``None`` for a name it does not hold."""
    registry = llm_registry if seam == LLM_SEAM else tool_registry
    return registry.get(mode).outcome if isinstance(mode, str) and mode in registry else None


MAX_BURST = 3
"""The longest burst the search proposes; a fault that must last longer is a sustained one (``from_call``)."""
SUSTAINED = "sustained"
"""The burst length that means "every call from this one on" (a slot with ``from_call``)."""
BURSTS: tuple[int | str | None, ...] = (None, 2, MAX_BURST, SUSTAINED)
"""What the search's burst edit draws from: one call, a burst of 2 or 3, or every call from there on."""


def slot(seam: str, on_call: int, mode: str, count: int | str | None = None) -> Slot:
    """A slot with ``mode`` at its default parameters on the ``on_call``-th call at ``seam``: a burst of ``count``
    calls, or with ``count`` :data:`SUSTAINED` every call from it on.
    """
    if count == SUSTAINED:
        return Slot(seam=seam, fault={"mode": mode}, from_call=on_call)
    return Slot(seam=seam, fault={"mode": mode}, on_call=on_call, count=count if isinstance(count, int) else None)


def first_call(s: Slot) -> int:
    """The first call ``s`` faults (its ``on_call``, else its ``from_call``, else the first)."""
    return s.on_call or s.from_call or 1


def burst_of(s: Slot) -> int | str | None:
    """``s``'s burst length as :func:`slot` takes it (:data:`SUSTAINED` for a ``from_call`` slot)."""
    return SUSTAINED if s.from_call is not None and s.on_call is None else s.count


def with_faults(schedule: Schedule, slots: Sequence[Slot], name: str | None = None) -> Schedule:
    """A schedule with these slots (sorted by seam, call and mode, so equal sets are equal schedules)."""
    ordered = sorted(
        slots, key=lambda s: (s.seam, first_call(s), s.from_call is not None, s.count or 1, str(s.fault.get("mode")))
    )
    return Schedule(name=name or schedule.name, faults=ordered, context_attacks=list(schedule.context_attacks))


def _clash(slots: Sequence[Slot], seam: str, call: int, sustained: bool = False) -> bool:
    """Whether one of ``slots`` already faults the ``call``-th call at ``seam`` (or, ``sustained``, one from it on):
    two faults on one call would make a schedule whose effect depends on fault order.
    """
    for s in slots:
        start = first_call(s)
        end = math.inf if s.from_call is not None and s.on_call is None else start + (s.count or 1)
        if s.seam == seam and (start <= call < end or (sustained and start >= call)):
            return True
    return False


@dataclass
class Entry:
    """A corpus entry: a candidate that showed something new, and what it showed."""

    candidate: Candidate
    observation: Observation
    frontier: list[tuple[str, int]]
    """Calls this entry made that its parent did not: ``(seam, n)``, the n-th call at that seam."""
    picked: int = 0


def frontier(obs: Observation, parent: Observation | None) -> list[tuple[str, int]]:
    """``(seam, n)`` of the calls in ``obs`` beyond what ``parent`` made at that seam (all of them for a baseline)."""
    mine, theirs = obs.seam_calls(), parent.seam_calls() if parent is not None else {}
    return [(seam, n) for seam, total in sorted(mine.items()) for n in range(theirs.get(seam, 0) + 1, total + 1)]


class Search:
    """The coverage-guided proposer: feed it observations, ask it for the next candidates.

    State: the corpus of entries that showed something new, the features seen so far, the candidates already tried
    (never proposed twice) and a queue of frontier extensions. A candidate's schedule holds at most :attr:`MAX_FAULTS`
    faults, which keeps failures small enough to shrink.
    """

    MAX_FAULTS = 4

    def __init__(
        self,
        rng: random.Random,
        modes: dict[str, list[Mode]],
        mutations: dict[int, int],
        *,
        extend_seams: Iterable[str] | None = None,
    ) -> None:
        """``rng`` draws every choice; ``modes``: the modes each seam known so far takes; ``mutations``: how many
        planned mutations each golden prompt has; ``extend_seams``: the only seams :meth:`add_seam` may add
        (``None``: any).
        """
        self.rng = rng
        self.modes = modes
        """The modes each seam takes (seams are added as the agent is seen calling them)."""
        self.mutations = mutations
        """How many planned mutations each golden prompt has."""
        self.corpus: list[Entry] = []
        self.seen: set[tuple[Any, ...]] = set()
        self.tried: set[tuple[Input, str]] = set()
        self._queue: list[Candidate] = []
        self._n = 0
        self._allowed = set(extend_seams) if extend_seams is not None else None

    def add_seam(self, seam: str, modes: list[Mode]) -> None:
        """Let the search place faults at ``seam`` (first seen in a cell) with ``modes``, unless the seam is known or
        not allowed.
        """
        if seam not in self.modes and (self._allowed is None or seam in self._allowed):
            self.modes[seam] = modes

    # -- observations ---------------------------------------------------------------------------
    def observe(self, candidate: Candidate, obs: Observation) -> bool:
        """Record a cell; True when it showed a new feature (it then joins the corpus)."""
        self.tried.add(candidate.key)
        new = features(obs) - self.seen
        if not new:
            return False
        self.seen |= new
        parent = self.corpus[candidate.parent].observation if candidate.parent is not None else None
        entry = Entry(candidate, obs, frontier(obs, parent))
        self.corpus.append(entry)
        self._queue_frontier(len(self.corpus) - 1)
        return True

    def _queue_frontier(self, index: int) -> None:
        """One fault of every mode at each call of the entry's frontier, and a sustained fault of every mode from the
        first frontier call at each seam on (new entries are tried first). Where the frontier starts with the retry of
        a call the entry faulted, that fault made sustained comes first (one proposal: the same fault on every retry).

        The proposals go to the front of the queue in a seeded shuffle, the single faults before the sustained ones
        (a sustained fault changes more of the run, so it is the second guess); an entry that already holds
        :attr:`MAX_FAULTS` faults is not extended, and a call another fault of the entry covers is skipped.
        """
        entry = self.corpus[index]
        slots = entry.candidate.schedule.faults
        if len(slots) >= self.MAX_FAULTS:
            return
        single: list[Candidate] = []
        sustained: list[Candidate] = []
        kept_up: list[Candidate] = []
        down: set[str] = set()
        for seam, n in entry.frontier:
            if seam not in self.modes:
                continue
            for i, s in enumerate(slots):  # a faulted call retried: what if the fault keeps answering the retries?
                if seam not in down and s.seam == seam and _end(s) == n:
                    others = [o for k, o in enumerate(slots) if k != i]
                    if not _clash(others, seam, n, sustained=True):
                        held = Slot(seam=seam, fault=dict(s.fault), from_call=first_call(s), probability=s.probability)
                        schedule = self._named(with_faults(entry.candidate.schedule, [*others, held]))
                        kept_up.append(Candidate(entry.candidate.input, schedule, index))
                        down.add(seam)
            bursts: list[int | str | None] = [] if _clash(slots, seam, n) else [None]
            if seam not in down and not _clash(slots, seam, n, sustained=True):
                bursts.append(SUSTAINED)  # the seam down from the entry's first new call there on
                down.add(seam)
            for burst in bursts:
                for mode in self.modes[seam]:
                    added = slot(seam, n, mode.name, burst)
                    schedule = self._named(with_faults(entry.candidate.schedule, [*slots, added]))
                    (single if burst is None else sustained).append(Candidate(entry.candidate.input, schedule, index))
        self.rng.shuffle(single)
        self.rng.shuffle(sustained)
        self._queue = kept_up + single + sustained + self._queue

    def _named(self, schedule: Schedule) -> Schedule:
        """``schedule`` named after its digest, so a proposal's name says which schedule it is in reports and the
        corpus.
        """
        return Schedule(name=f"x{schedule.digest()}", faults=schedule.faults, context_attacks=schedule.context_attacks)

    # -- proposals --------------------------------------------------------------------------------
    def propose(self, n: int) -> list[Candidate]:
        """The next ``n`` candidates not tried yet (fewer only when the space is exhausted).

        Queued frontier extensions come first, then random edits of the corpus; a candidate tried before, or already in
        this batch, is skipped, and 200 misses in a row end the batch early rather than loop on a small space.
        """
        out: list[Candidate] = []
        keys: set[tuple[Input, str]] = set()
        misses = 0
        while len(out) < n and misses < 200:
            cand = self._queue.pop(0) if self._queue else self._havoc()
            if cand is None or cand.key in self.tried or cand.key in keys:
                misses += 1
                continue
            keys.add(cand.key)
            out.append(cand)
        return out

    def _pick(self) -> int | None:
        """A corpus entry to edit: newer and less often picked entries are likelier."""
        if not self.corpus:
            return None
        weights = [(1 + i) / (1 + e.picked) ** 2 for i, e in enumerate(self.corpus)]
        index = self.rng.choices(range(len(self.corpus)), weights=weights)[0]
        self.corpus[index].picked += 1
        return index

    def _havoc(self) -> Candidate | None:
        """A random edit of a corpus entry (one or two of: add a fault, drop one, change its mode, move it a call, make
        it a burst or sustained (:data:`BURSTS`), switch between the golden prompt and a mutation); ``None`` while the
        corpus is empty.
        """
        index = self._pick()
        if index is None:
            return None
        entry = self.corpus[index]
        slots = list(entry.candidate.schedule.faults)
        inp = entry.candidate.input
        counts = entry.observation.seam_calls()
        for _ in range(1 + self.rng.randrange(2)):  # one or two edits
            op = self.rng.random()
            if op < 0.45 or not slots:
                added = self._random_slot(counts, slots)
                if added is not None and len(slots) < self.MAX_FAULTS:
                    slots.append(added)
            elif op < 0.6:
                slots.pop(self.rng.randrange(len(slots)))
            elif op < 0.75:
                i = self.rng.randrange(len(slots))
                s = slots[i]
                modes = self.modes.get(s.seam) or []
                if modes:
                    slots[i] = s.model_copy(update={"fault": {"mode": self.rng.choice(modes).name}})
            elif op < 0.85:
                i = self.rng.randrange(len(slots))
                s = slots[i]
                moved = max(1, first_call(s) + self.rng.choice((-1, 1)))
                slots[i] = slot(s.seam, moved, str(s.fault.get("mode")), burst_of(s)).model_copy(
                    update={"fault": dict(s.fault), "probability": s.probability}
                )
            elif op < 0.93:
                i = self.rng.randrange(len(slots))
                s = slots[i]
                slots[i] = slot(s.seam, first_call(s), str(s.fault.get("mode")), self.rng.choice(BURSTS)).model_copy(
                    update={"fault": dict(s.fault), "probability": s.probability}
                )
            else:
                inp = self._other_input(inp)
        schedule = self._named(with_faults(entry.candidate.schedule, slots))
        return Candidate(inp, schedule, index)

    def _random_slot(self, counts: dict[str, int], slots: Sequence[Slot]) -> Slot | None:
        """A fault of a random mode at a random seam, on a call up to one past those the entry saw there (so faults can
        land on calls that only a fault would cause); ``None`` on a clash.
        """
        seams = sorted(self.modes)
        if not seams:
            return None
        seam = self.rng.choice(seams)
        call = 1 + self.rng.randrange(counts.get(seam, 0) + 1)
        if _clash(slots, seam, call):
            return None
        return slot(seam, call, self.rng.choice(self.modes[seam]).name)

    def _other_input(self, inp: Input) -> Input:
        """The golden prompt for a mutation, or a random mutation of the golden prompt (the prompt itself when it has
        none).
        """
        total = self.mutations.get(inp.golden_index, 0)
        if inp.mutation is not None or not total:
            return Input(inp.golden_index)
        return Input(inp.golden_index, self.rng.randrange(total))


def _end(s: Slot) -> float:
    """The first call after those ``s`` faults (infinite for a sustained fault)."""
    return math.inf if burst_of(s) == SUSTAINED else first_call(s) + (s.count or 1)


def _spanning(a: Slot, b: Slot, fault: dict[str, Any]) -> Slot:
    """One slot with ``fault`` over the calls of ``a`` and of ``b``, which follows it directly at the same seam."""
    if burst_of(b) == SUSTAINED:
        return Slot(seam=a.seam, fault=dict(fault), from_call=first_call(a), probability=a.probability)
    count = int(_end(b)) - first_call(a)
    return Slot(seam=a.seam, fault=dict(fault), on_call=first_call(a), count=count, probability=a.probability)


def _unique(faults: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """``faults`` without repeats, in order."""
    out: list[dict[str, Any]] = []
    for f in faults:
        if f not in out:
            out.append(f)
    return out


def random_schedule(rng: random.Random, modes: dict[str, list[Mode]], counts: dict[str, int]) -> Schedule:
    """A schedule of one to three faults drawn uniformly from the same space explore searches (the
    baseline explore is measured against: random schedules at the same budget)."""
    slots: list[Slot] = []
    seams = sorted(modes)
    for _ in range(1 + rng.randrange(3)):
        seam = rng.choice(seams)
        call = 1 + rng.randrange(counts.get(seam, 0) + 1)
        if _clash(slots, seam, call):
            continue
        burst = rng.choice((None, None, *BURSTS))
        if burst == SUSTAINED and _clash(slots, seam, call, sustained=True):
            continue
        slots.append(slot(seam, call, rng.choice(modes[seam]).name, burst))
    schedule = with_faults(Schedule(), slots)
    return Schedule(name=f"r{schedule.digest()}", faults=schedule.faults)


def shrink_candidates(
    schedule: Schedule,
    inp: Input,
    modes: dict[str, list[Mode]],
    calls: dict[str, int],
    known: Mapping[str, Collection[str]] | None = None,
) -> Iterator[tuple[str, Input, Schedule]]:
    """Smaller versions of a failing (input, schedule), simplest step first, each with what it changed.

    Fewer faults (one dropped, or two back-to-back faults at a seam merged into one burst or sustained fault: a
    chain of single faults found call by call becomes the one fault that stays), then shorter bursts (a sustained
    fault becomes a burst of :data:`MAX_BURST`), then a later call (up to the calls the seam saw), then a milder mode
    (strictly lower severity, mildest first), then the golden prompt instead of a mutation.

    A step that changes the mode of a faulted call keeps its outcome (:func:`mode_outcome`): a failed call (an error, a
    rate limit, a timeout, a dropped connection) stays a failed call and an answer (empty, cut short, false, with broken
    tool calls) stays an answer, in the milder and sideways steps and when two faults merge into one. The agent meets an
    exception in the one and reads a reply in the other, two lines of its code: two defects that give the same wrong
    answer are not one because a mode of the other kind breaks the same checks.

    ``known``: by seam, the modes of minimal reproducers already found for the same failure. A fault whose mode is
    not one of them tries those first, when as mild as its own or milder: an ``error`` and an ``intermittent``
    answer of one tool are equally severe, and the one that fails the same way as a failure already shrunk is that
    failure's defect (a mode already known is not moved sideways again, so shrinking cannot go round)."""
    slots = list(schedule.faults)
    for i, s in enumerate(slots):
        yield f"drop {s.label()}", inp, with_faults(schedule, slots[:i] + slots[i + 1 :])
    for i, a in enumerate(slots):
        for j, b in enumerate(slots):
            if i == j or a.seam != b.seam or a.probability != b.probability or _end(a) != first_call(b):
                continue
            if mode_outcome(a.seam, a.fault.get("mode")) != mode_outcome(b.seam, b.fault.get("mode")):
                continue
            others = [s for k, s in enumerate(slots) if k not in (i, j)]
            for fault in _unique((b.fault, a.fault)):
                merged = _spanning(a, b, fault)
                yield f"merge {a.label()} into {merged.label()}", inp, with_faults(schedule, [*others, merged])
    for i, s in enumerate(slots):
        shorter: Slot | None = None
        if burst_of(s) == SUSTAINED:
            shorter = Slot(seam=s.seam, fault=dict(s.fault), on_call=first_call(s), count=MAX_BURST)
            shorter = shorter.model_copy(update={"probability": s.probability})
        elif s.count and s.count > 1:
            shorter = s.model_copy(update={"count": s.count - 1 if s.count > 2 else None})
        if shorter is not None:
            yield f"shorten {s.label()}", inp, with_faults(schedule, [*slots[:i], shorter, *slots[i + 1 :]])
    for i, s in enumerate(slots):
        start = first_call(s)
        if (s.on_call is not None or s.from_call is not None) and start < calls.get(s.seam, 0):
            field_name = "on_call" if s.on_call is not None else "from_call"
            later = s.model_copy(update={field_name: start + 1})
            others = slots[:i] + slots[i + 1 :]
            if not _clash(others, s.seam, start + 1, sustained=field_name == "from_call"):
                yield f"move {s.label()} later", inp, with_faults(schedule, [*others, later])
    for i, s in enumerate(slots):
        current = next((m for m in modes.get(s.seam, []) if m.name == s.fault.get("mode")), None)
        if current is None:
            continue
        kind = mode_outcome(s.seam, current.name)
        same_kind = [m for m in modes.get(s.seam, []) if mode_outcome(s.seam, m.name) == kind]
        seen = (known or {}).get(s.seam, ())
        sideways = [] if current.name in seen else [m for m in same_kind if m.name in seen]
        for m in sideways + [m for m in same_kind if m not in sideways]:
            if m.severity < current.severity or (m in sideways and m.severity == current.severity):
                milder = s.model_copy(update={"fault": {"mode": m.name}})
                yield (
                    f"{'milder' if m.severity < current.severity else 'as mild'} {s.label()} -> {m.name}",
                    inp,
                    with_faults(schedule, [*slots[:i], milder, *slots[i + 1 :]]),
                )
    if inp.mutation is not None:
        yield "golden prompt instead of its mutation", Input(inp.golden_index), schedule


__all__ = [
    "BURSTS",
    "MAX_BURST",
    "SUSTAINED",
    "Candidate",
    "Entry",
    "Input",
    "Mode",
    "Observation",
    "Search",
    "features",
    "frontier",
    "mode_outcome",
    "random_schedule",
    "seam_modes",
    "shrink_candidates",
    "with_faults",
]
