"""The explore flow: search fault schedules for what breaks the agent, shrink each failure, keep it.

``windtunnel explore -c CONFIG --budget N``: a baseline cell per golden prompt shows which seams the agent
calls; then the coverage-guided search of :mod:`windtunnel.chaos.search` proposes (prompt, schedule) cells in
rounds, each round run through a :class:`~windtunnel.engine.session.RunSession` (the executor of ``run``:
local, or Ray actors with ``advanced.executor: ray``), until a failure is found ``max_failures`` times or N
agent calls are spent. Each failure is shrunk to a minimal schedule, rerun ``reruns`` times (flaky unless it
fails every time) and, when minimal, saved to the regression corpus (:mod:`windtunnel.contracts.found`).

Why schedules and not fault probabilities: a schedule says which call of which seam gets which fault, so a
failure found once is a value that replays exactly (``run``, ``contract run`` and ``ci`` run the saved ones
first), shrinks by removing faults one at a time, and is judged flaky or minimal by rerunning the same value.
The search learns only from what the cells showed (:func:`observe`: the seams called and how, error types,
the answer, the invariants' margins), never from the agent's code.

Budget and determinism: ``--budget`` counts agent calls, baselines included; shrinking and reruns are counted
apart (``shrink_calls``) so the search's reach does not depend on how hard its failures were to shrink. Every
random choice comes from the run seed, so the same seed and agent give the same search. Two failures are one when
they break the same checks (their signature) and one's reproducer covers the other's (:class:`Reproducer`: the
faults, by seam and mode, and the mutation); two that break the same checks with distinct minimal reproducers are
two failures, reported next to each other. An interrupted explore reports what it found so far, unshrunk, and saves
nothing: a corpus entry must be minimal and reproduced.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, cast

from windtunnel._util.errors import AgentCrashed, ConfigError, UsageError
from windtunnel._util.imports import import_refs
from windtunnel._util.jsontypes import JSONObject
from windtunnel._util.rng import derive_seed
from windtunnel.agents import Agent
from windtunnel.agents.registry import capabilities
from windtunnel.chaos.base import FaultSpec, LlmFaultSpec
from windtunnel.chaos.hooks import agent_hooks
from windtunnel.chaos.schedule import LLM_SEAM, TOOL_PREFIX, Schedule
from windtunnel.chaos.seams import llm_mode_problems
from windtunnel.chaos.search import (
    Candidate,
    Input,
    Mode,
    Observation,
    Search,
    random_schedule,
    seam_modes,
    shrink_candidates,
)
from windtunnel.chaos.spec import ChaosSpec
from windtunnel.config.load import find_config, load_config
from windtunnel.config.model import Config
from windtunnel.config.proxy_env import start_line
from windtunnel.config.storepath import store_path
from windtunnel.contracts.found import found_dir, save_found
from windtunnel.engine.cells import Cell, CellResult, MutationRef
from windtunnel.engine.placement import apply_placement, check_executor
from windtunnel.engine.plan import iter_mutation_plans
from windtunnel.engine.report import now_iso
from windtunnel.engine.runner import CellRunner
from windtunnel.engine.session import RunSession, run_invariants
from windtunnel.flows.common import (
    check_report_request,
    execute,
    folder_problem,
    new_run_id,
    persist_report,
    resolve_seed,
    write_report,
)
from windtunnel.flows.events import SILENT, Listener, Notice, Planned, cell_done
from windtunnel.flows.explore_report import explore_report, replayed_by_run
from windtunnel.flows.outcome import Outcome, decide, exit_code_of
from windtunnel.flows.preflight import check_env
from windtunnel.flows.reach import resolve_reach

ROUND = 8
"""Cells proposed per round: the search reads a round's results (in proposal order) before the next one,
so the search is the same whatever the concurrency."""


NO_FAULT_NEEDED = (
    "it needs no fault: the agent fails on this input as it is (`windtunnel run` finds it; not saved); the search "
    "goes on for failures that need faults, which alone count toward --max-failures"
)
"""What explore says of a failure its schedule had no fault for."""


@dataclass
class ExploreRequest:
    """Everything that decides an explore run (the options of ``windtunnel explore``)."""

    config: Path | None = None
    budget: int = 200
    """Agent calls the search may spend (baselines included; shrinking and reruns are counted apart)."""
    seed: int | None = None
    reruns: int = 3
    """Reruns of each shrunk failure: one that does not fail every time is reported as flaky."""
    max_failures: int = 1
    """Stop searching once this many distinct failures are found."""
    shrink_budget: int = 200
    """Agent calls each failure's shrinking may spend."""
    strategy: Literal["guided", "random"] = "guided"
    """``random``: independent random schedules from the same space (the baseline the search is measured against)."""
    mutations: bool = True
    """Search the golden prompts' planned mutations too (and shrink back to the golden prompt)."""
    save: bool = True
    """Write minimal failures to the regression corpus (``.windtunnel/found/``)."""
    found_dir: Path | None = None
    concurrency: int | None = None
    fmt: str | None = None
    output: Path | None = None
    store: Path | None = None
    persist: bool = True
    loaded: Config | None = None
    executor: str | None = None
    ray_address: str | None = None


@dataclass
class Failure:
    """A failure explore found, shrunk and rerun."""

    input: Input
    schedule: Schedule
    found: Schedule
    """The schedule as the search found it (before shrinking)."""
    found_at: int
    """Agent calls the search had spent when it found this failure."""
    signature: tuple[str, ...]
    result: CellResult
    """The first rerun of the minimal schedule (its call sequence and verdict)."""
    reproduced: int = 0
    reruns: int = 0
    steps: list[str] = field(default_factory=list)
    """What shrinking removed or changed, in order."""
    path: Path | None = None
    """The regression-corpus file it was saved to."""
    also_found: list[str] = field(default_factory=list)
    """Other failures the search found that came down to this one's reproducer (each: its schedule as found, in
    one line): one defect found several ways is reported once."""

    @property
    def status(self) -> str:
        """``minimal`` when every rerun failed, ``flaky`` when some did not; a run interrupted before this failure was
        rerun: ``unshrunk`` when it has something to shrink (faults, context attacks, a mutation), ``unconfirmed`` when
        it has not (the golden prompt as it is fails: there is nothing to shrink, only reruns it did not get)."""
        if not self.reruns:
            shrinkable = self.schedule.faults or self.schedule.context_attacks or self.input.mutation is not None
            return "unshrunk" if shrinkable else "unconfirmed"
        return "minimal" if self.reproduced == self.reruns else "flaky"


@dataclass
class ExploreResult:
    """What the search did (the flow's outcome ``detail``), filled as it goes: an interrupted run keeps
    the failures found so far."""

    strategy: str
    failures: list[Failure] = field(default_factory=list)
    calls: int = 0
    """Agent calls the search spent (baselines included)."""
    shrink_calls: int = 0
    corpus: int = 0
    features: int = 0
    seams: dict[str, list[str]] = field(default_factory=dict)
    started_at: str = ""
    """When the run started (the report's and the store's ``run.started_at``)."""
    unsaved: str | None = None
    """Why saving the minimal failures failed (the folder and the OS's reason), or None."""
    held_back: str | None = None
    """A run cut short: the notice naming the failures it held back beyond ``--max-failures`` (printed after the stop;
    a finished run prints its own as it ends)."""


def observe(result: CellResult) -> Observation:
    """A cell result as the search sees it: per call its seam (``llm`` or ``tool:<name>``), ``ok``/``error`` and the
    faults injected; the short type of each error (the text before ``:`` or ``(``, 40 characters at most, so two
    messages of one exception type count as one feature); the status, the answer and each check's verdict and margin.
    """
    calls: list[tuple[str, str, str]] = []
    errors: list[str] = []
    for c in result.calls:
        seam = LLM_SEAM if c.get("target") == "llm" else f"{TOOL_PREFIX}{c.get('name')}"
        err = c.get("error")
        if err:
            errors.append(str(err).split(":", 1)[0].split("(", 1)[0].strip()[:40])
        calls.append((seam, "error" if err else "ok", ",".join(c.get("faults") or [])))
    return Observation(
        calls=calls,
        status=result.status,
        error_kind=result.error_kind,
        raised=_raised(result),
        errors=errors,
        answer=result.output,
        checks=[(c.id, c.passed) for c in result.checks],
        margins=[(c.id, c.margin) for c in result.checks if c.margin is not None],
    )


@dataclass(frozen=True)
class Reproducer:
    """What a failure's reproducer is, for telling two failures apart beyond the checks they break: the faults of its
    schedule (each seam with its mode, not the call numbers a shrink moves), its context attacks and the mutation of
    its input (``None``: the golden prompt). A failure that needs no fault is tied to its golden prompt too.

    Two failures are one defect when they break the same checks (their signature) and one's reproducer covers the
    other's (:meth:`covers`): the same faults (or fewer) on the same input, or on the golden prompt it was mutated
    from."""

    faults: frozenset[tuple[str, str]]
    attacks: frozenset[str]
    mutation: str | None
    golden: int

    @classmethod
    def of(cls, schedule: Schedule, inp: Input, mutation: str | None) -> Reproducer:
        """The reproducer of ``inp`` (whose mutation's type is ``mutation``) under ``schedule``."""
        return cls(
            frozenset((slot.seam, str(slot.fault.get("mode"))) for slot in schedule.faults),
            frozenset(str(getattr(a, "type", a)) for a in schedule.context_attacks),
            mutation,
            inp.golden_index,
        )

    def covers(self, other: Reproducer, *, modes: bool = True) -> bool:
        """Whether a failure with this reproducer explains one with ``other`` that breaks the same checks: ``other``
        holds every fault and attack of this one (more are incidental), on this one's mutation if it needs one, and
        on any golden input otherwise (the faults are the reproducer: the same tool answer breaking the same checks
        on another prompt is one defect); a failure that needs no fault explains only those on its own input.

        ``modes=False`` compares the faults' seams only: what the search uses to tell a *variant* (the same seams,
        other modes), which may still shrink to the other's reproducer (an ``empty`` and a ``malformed`` answer of one
        tool that break the same checks are most often one defect), so the search shrinks the variants before they
        spend ``--max-failures``."""
        mine, theirs = (self.faults, other.faults) if modes else (self.seams, other.seams)
        if not (mine <= theirs and self.attacks <= other.attacks):
            return False
        if self.mutation is not None and self.mutation != other.mutation:
            return False
        return bool(self.faults or self.attacks) or (self.golden, self.mutation) == (other.golden, other.mutation)

    @property
    def seams(self) -> frozenset[tuple[str, str]]:
        """The seams of the faults (the mode left out), in the shape of :attr:`faults`."""
        return frozenset((seam, "") for seam, _ in self.faults)

    @property
    def words(self) -> str:
        """The reproducer in a few words, for notices: its faults (``tool:lookup empty``) and its mutation."""
        parts = [f"{seam} {mode}" for seam, mode in sorted(self.faults)] + sorted(self.attacks)
        return ", ".join(parts or ["no fault"]) + (f" on a {self.mutation} mutation" if self.mutation else "")


_RAISED = re.compile(r"([A-Za-z_][\w.]*)(?::|$)")


def _raised(result: CellResult) -> str | None:
    """The type of the exception the agent raised in ``result`` (its error reads ``agent_exception: Type: message``),
    else None."""
    if result.error_kind != AgentCrashed.kind or not result.error:
        return None
    found = _RAISED.match(result.error.removeprefix(f"{AgentCrashed.kind}: ").strip())
    return found.group(1)[:60] if found else None


class _Runner:
    """Runs rounds of candidates through a RunSession and counts the agent calls."""

    def __init__(self, cfg: Config, req: ExploreRequest, seed: int, listener: Listener) -> None:
        """Hold what every round needs: the config's invariants (built once), the mutated inputs per golden prompt
        (filled by :meth:`mutation_plans`), the counts of agent calls and cells so far (``--budget`` is spent in calls),
        the baselines kept between rounds, and the sentinel spec that keeps the model seam of proxied agents in view.
        """
        self.cfg, self.req, self.seed, self.listener = cfg, req, seed, listener
        self.invariants, self.notices = run_invariants(cfg)
        self.inputs: dict[int, list[tuple[MutationRef, str | list[dict[str, Any]]]]] = {}
        self.calls = 0
        self.cells = 0
        self.baselines: dict[str, str] | None = None
        self.sentinel = _sentinel(cfg)
        self.progress = True
        self.finished: list[tuple[Candidate, CellResult]] = []
        """The candidates of a round cut short whose cells finished, with their results, in proposal order."""

    def mutation_plans(self) -> dict[int, int]:
        """Plan the golden prompts' text mutations once (the same as ``run`` plans for this seed).

        Only text-level mutations are searched (transport mutations change the request, not the input, and are
        ``run``'s to test), and without the LLM generator, so the search's inputs are deterministic for the seed.
        Returns how many mutated inputs each golden prompt has (by index), which bounds the search's choices."""
        if not self.req.mutations or not self.cfg.mutations.types:
            return {}
        notes: list[str] = []
        for gi, planned in iter_mutation_plans(self.cfg, seed=self.seed, notices=notes, llm=False):
            kept = [
                (MutationRef(type=t, args=a, level="text"), text) for t, level, a, text in planned if level == "text"
            ]
            if kept:
                self.inputs[gi] = kept
        return {gi: len(v) for gi, v in self.inputs.items()}

    def reproducer(self, schedule: Schedule, inp: Input) -> Reproducer:
        """The :class:`Reproducer` of ``inp`` under ``schedule`` (its mutation named by type)."""
        mutation = None if inp.mutation is None else self.inputs[inp.golden_index][inp.mutation][0].type
        return Reproducer.of(schedule, inp, mutation)

    def cell(self, cand: Candidate, tag: str) -> Cell:
        """The :class:`Cell` that runs candidate ``cand``: its golden prompt, or the mutated input it names, under its
        schedule; ``tag`` and a running number keep ids unique across rounds and reruns (``s12/<schedule>``).
        """
        self.cells += 1
        gi = cand.input.golden_index
        golden = self.cfg.golden_prompts[gi]
        ref, text = (None, golden) if cand.input.mutation is None else self.inputs[gi][cand.input.mutation]
        return Cell(
            id=f"{tag}{self.cells}/{cand.schedule.name}",
            kind="chaos",
            input=text,
            golden_prompt=golden,
            golden_index=gi,
            mutation=ref,
            scenario=cand.schedule.name,
            turns=self.cfg.golden_turns.get(golden) if ref is None else None,
        )

    async def run(self, cands: Sequence[Candidate], tag: str) -> list[CellResult]:
        """Run one round; the results in the candidates' order.

        Each candidate's schedule becomes a named chaos spec of one shared session, so a round runs concurrently like
        a ``run`` does. A framework agent whose model client cannot be faulted makes the sentinel spec fail to
        install: the round is run again without it and explore searches the tools alone. A round that comes back
        with results missing was cut short, and stops explore as Ctrl-C would, keeping what it found."""
        cells = [self.cell(c, tag) for c in cands]
        chaos: dict[str | None, ChaosSpec] = {c.schedule.name: c.schedule.to_spec() for c in cands}
        if self.sentinel is not None:
            chaos[self.sentinel.name] = self.sentinel
        got: dict[str, CellResult] = {}

        def keep(result: CellResult) -> None:
            """Keep ``result`` by cell id; while searching (not shrinking), report it so the progress bar counts the
            budget.
            """
            got[result.cell.id] = result
            if self.progress:  # the bar counts the search's calls (--budget), not shrinking's
                self.listener(cell_done(result))

        session = _Session(
            self.cfg,
            self.invariants,
            concurrency=self.req.concurrency or self.cfg.advanced.concurrency,
            chaos=chaos,
            seed=self.seed,
            listeners=[keep],
        )
        session.kept = self.baselines
        self.finished = []
        try:
            await session.run(cells)
            self.baselines = session.kept
        except ConfigError:
            if self.sentinel is None or got:
                raise
            self.sentinel = None  # the framework's model client cannot be faulted: explore its tools alone
            return await self.run(cands, tag)
        except BaseException:  # Ctrl-C mid-round: the cells that finished were real calls, and may have failed
            self._cut_short(cands, cells, got)
            raise
        if any(c.id not in got for c in cells):
            self._cut_short(cands, cells, got)
            raise KeyboardInterrupt  # the session was cut short: stop as Ctrl-C would
        self.calls += len(cells)
        return [got[c.id] for c in cells]

    def _cut_short(self, cands: Sequence[Candidate], cells: Sequence[Cell], got: dict[str, CellResult]) -> None:
        """A round that did not finish: count the calls that did and keep their results (:attr:`finished`), so the
        search reports what they showed."""
        self.finished = [(cand, got[cell.id]) for cand, cell in zip(cands, cells, strict=True) if cell.id in got]
        self.calls += len(self.finished)


@dataclass
class _Session(RunSession):
    """A round's session: the clean baseline answers (``behavior_unchanged: auto``) are asked for once per
    explore run, not once per round (``kept`` carries them from round to round)."""

    kept: dict[str, str] | None = field(default=None, init=False)

    async def baselines(self, agent: Agent, runner: CellRunner) -> dict[str, str]:
        """The clean baseline answers: asked of the agent in the first round, reused by every later one."""
        if self.kept is None:
            self.kept = await super().baselines(agent, runner)
        return self.kept


def _sentinel(cfg: Config) -> ChaosSpec | None:
    """A spec whose LLM fault never fires, for agents whose model seam exists only when a spec has LLM
    faults (an HTTP agent's LLM proxy, a framework agent's SDK transport): every round has it, so the
    model calls are seen in every round alike. A launched HTTP agent gets it only when ``agent.env`` names its
    model's base URL (``OPENAI_BASE_URL`` / ``ANTHROPIC_BASE_URL``): the proxy then forwards there."""
    agent = cfg.agent
    python = capabilities(agent).python
    if python and (getattr(agent, "llm", None) or not agent_hooks().is_framework(agent)):
        return None
    if not python and not getattr(agent, "command", None):
        return None
    if not python and not any(
        k in (getattr(agent, "env", None) or {}) for k in ("OPENAI_BASE_URL", "ANTHROPIC_BASE_URL")
    ):
        return None  # where its model is is not declared: its model calls are left alone (never sent elsewhere)
    modes = seam_modes(LLM_SEAM)
    if not modes:
        return None
    return Schedule.model_validate(
        {"name": "explore-seams", "faults": [{"seam": LLM_SEAM, "on_call": 10**9, "fault": {"mode": modes[0].name}}]}
    ).to_spec()


def no_seam_hint(cfg: Config) -> str:
    """What to declare when the baseline cells made no call explore can fault: a python agent's seams, or for an HTTP
    agent windtunnel does not launch, how to start it behind the proxies (the check found no call through them)."""
    if capabilities(cfg.agent).python:
        return "declare the agent's seams (agent.tools / agent.tool_registry / agent.llm) — see docs/chaos.md"
    if getattr(cfg.agent, "command", None):
        return "the launched agent made no call through HTTP_PROXY / OPENAI_BASE_URL — see docs/chaos.md, 'HTTP agents'"
    return (
        f"set agent.command so windtunnel launches the agent behind its proxies, or start it with "
        f"`{start_line(str(cfg._source) if cfg._source else None)}` (windtunnel checks with one call and serves "
        "them) — see docs/chaos.md, 'An agent that is already running'"
    )


def _usable(cfg: Config) -> Callable[[FaultSpec], bool]:
    """Whether the agent's model seam can express an LLM fault (a wrapped callable takes no wire-only mode).

    The search draws faults from the whole registry; this filter keeps it from spending calls on faults the
    agent's seam would refuse at run time (a wire-level mode on a wrapped Python callable). Tool faults
    are always usable. The answer comes from the check the chaos runtime makes before a run, so the two agree.
    """

    def ok(fault: FaultSpec) -> bool:
        """Whether ``fault`` can be injected into this agent: any tool fault, and an LLM fault whose mode its model seam
        can express.
        """
        if not isinstance(fault, LlmFaultSpec):
            return True
        return not llm_mode_problems(cfg.agent, ChaosSpec("probe", (), (fault,)), "explore")

    return ok


def _load(req: ExploreRequest) -> tuple[Path, Config, int]:
    """The config path, the config and the seed of an explore run, after every check that can fail before an agent call:
    ``--budget`` and ``--reruns`` of at least 1, the executor, the python references, the report format and file, the
    environment, and golden prompts to start from (exit 2 for each, with the fix).
    """
    if req.budget < 1:
        raise UsageError(
            f"--budget {req.budget} spends nothing", hint="give --budget a number of agent calls, e.g. 200"
        )
    if req.reruns < 1:
        raise UsageError(f"--reruns {req.reruns} cannot measure flakiness", hint="give --reruns 1 or more (default 3)")
    check_executor(req.executor)
    if req.loaded is not None:
        config_path, cfg = Path(req.config or "<mapping>"), req.loaded
    else:
        config_path = find_config(req.config)
        cfg = load_config(config_path)
    import_refs(cfg.agent.python_refs())
    check_report_request(req.fmt, req.output)  # an unknown format or unwritable -o: before any agent call
    if req.save:  # an unwritable corpus folder too: the search would be thrown away at the end
        folder = req.found_dir or found_dir(cfg, req.store)
        if problem := folder_problem(folder, keep=False):
            raise UsageError(
                f"cannot save found failures to {folder}: {problem}",
                hint="give --found-dir a folder you can write to (default: found/ beside the run store), "
                "or --no-save to keep them only in the report",
            )
    check_env(cfg, str(config_path), command="explore", mutation=False)
    apply_placement(cfg, req.executor, req.ray_address)
    if not cfg.golden_prompts:
        raise ConfigError(
            "the config has no golden_prompts, so there is nothing to explore",
            hint="add a `golden_prompts:` list with the requests your agent must handle",
        )
    return config_path, cfg, resolve_seed(cfg, req.seed)


def explore_flow(req: ExploreRequest, listener: Listener = SILENT) -> Outcome:
    """Search, shrink, rerun, save and report (see the module docstring).

    The reach check runs first, so an HTTP agent started behind the proxies is served them for the search.
    Failures are saved as replayable cases only when the search ran to its end (a cut-short search may hold
    half-shrunk schedules); the report is written and persisted either way, keeping every completed call.
    The outcome fails when any failure was found, and is interrupted or aborted as the execution says; its
    ``completed`` counts the agent calls made, which a cut-short search takes from the runner.
    """
    config_path, cfg, seed = _load(req)
    reach = resolve_reach(cfg)  # a running HTTP agent started behind the proxies: one check call, then served
    runner = _Runner(cfg, req, seed, listener)
    if reach is not None:
        runner.notices.insert(0, reach)
    listener(
        Planned(
            mode="chaos",
            text=f"windtunnel explore: up to {req.budget} agent calls ({req.strategy} search, seed {seed}) "
            f"against {cfg.agent.type} agent, then shrinking and {req.reruns} reruns of each failure",
            total=req.budget,
            label="agent calls",
        )
    )
    for n in runner.notices:
        listener(Notice(n))
    result = ExploreResult(req.strategy, started_at=now_iso())

    async def main() -> None:
        """The search itself, run on the flow's event loop."""
        await _explore(runner, req, seed, listener, result)

    ran = execute(main, listener, total=req.budget, label="agent calls")
    if ran.cut_short:  # the search's calls, and those shrinking made before the cut (none while searching)
        result.calls = result.calls or runner.calls
        result.shrink_calls = runner.calls - result.calls
    if ran.cut_short and result.held_back:
        listener(Notice(result.held_back))
    saved = _save(result, cfg, req, config_path) if req.save and not ran.cut_short else []
    for path in saved:
        listener(Notice(f"saved {path}: {_saved_where(path, cfg, req)}", kind="status"))
    if result.unsaved:
        runner.notices.append(result.unsaved)
        listener(Notice(result.unsaved, kind="alert"))
    run_id = new_run_id()
    report = explore_report(result, cfg, req, config_path, seed, run_id, runner.notices, ran)
    written = write_report(report, req.fmt, req.output, run_id)
    if req.persist:  # under its own mode in the store (runs list, view, trends), a chaos report otherwise
        blocks: JSONObject = {"explore": cast("JSONObject", report["explore"])}  # `report RUN` renders it again
        persist_report(report, store=store_path(cfg, req.store), meta={"mode": "explore", "report_blocks": blocks})
    passed = not result.failures
    status = decide(passed, interrupted=ran.interrupted, aborted=ran.aborted is not None)
    return Outcome(
        mode="chaos",
        status=status,
        passed=passed and not ran.cut_short,
        exit_code=exit_code_of(status, passed),
        report=report,
        notices=runner.notices,
        report_path=written,
        run_id=run_id,
        stored=req.persist,
        planned=req.budget,
        completed=result.calls,
        aborted=ran.aborted,
        detail=result,
    )


async def _explore(runner: _Runner, req: ExploreRequest, seed: int, listener: Listener, out: ExploreResult) -> None:
    """The search, then the shrinking of what it found, filling ``out`` as they go (an interrupted run reports what
    ``out`` holds so far).

    First a baseline round: each golden prompt without faults, which shows the seams the agent calls; none seen is a
    :class:`ConfigError` (there would be nothing to fault). Then rounds of ``ROUND`` candidates (proposed from what
    earlier cells showed, or drawn at random with ``--strategy random``) until the ``--budget`` of agent calls is spent
    or ``--max-failures`` distinct failures are found (when variants reach it, the failures found are shrunk there and
    then, and merges free places for the search to go on). Each failure is then shrunk to a minimal schedule and rerun;
    the calls shrinking takes are counted apart from the budget. All randomness comes from the run seed.
    """
    rng = random.Random(derive_seed(seed, "explore", req.strategy))
    mutations = runner.mutation_plans()
    usable = _usable(runner.cfg)
    search = Search(rng, {}, mutations)
    failures = out.failures
    known: dict[tuple[str, ...], list[Reproducer]] = {}
    """The reproducers of the failures kept so far, by the checks they break."""
    empty = Schedule(name="baseline")
    base = [Candidate(Input(gi), empty) for gi in range(len(runner.cfg.golden_prompts))][: req.budget]
    found: list[tuple[int, Candidate, Observation, CellResult, int]] = []
    """The failures to shrink: their place in ``failures``, the cell that showed them and the calls spent by then."""
    faulted = 0
    """How many of them needed a fault and are not merged into another (what ``--max-failures`` counts)."""
    variants = 0
    """How many of them, not shrunk yet, are at the seams of a failure kept before that breaks the same checks, with
    other modes: they may come down to its reproducer once shrunk (and then stop counting)."""
    held: list[tuple[Candidate, Observation, CellResult, int]] = []
    """Distinct failures the search showed beyond ``--max-failures``: named in a notice, not shrunk (offered again
    when shrinking merges a failure kept before into another)."""
    counts: dict[str, int] = {}
    shrunk: list[tuple[tuple[str, ...], Reproducer, int]] = []
    """The failures shrunk so far: their signature, minimal reproducer and place in ``failures``."""
    merged: set[int] = set()
    settled = 0
    """How many of ``found`` have been shrunk (or merged)."""
    shrinking = 0
    """The agent calls shrinking and reruns took (counted apart from ``--budget``)."""

    def searched() -> int:
        """The agent calls the search has spent (what ``--budget`` counts)."""
        return runner.calls - shrinking

    def take(cands: Sequence[Candidate], results: Sequence[CellResult]) -> None:
        """Learn from a round: record each seam the agent called (and how often) as a place to put faults next, feed the
        observation to the search, and keep each failure with a signature not seen before, as found (the first
        ``--max-failures`` that needed a fault go on to be shrunk); the listener hears of each new failure at once.

        A failure is new unless a failure kept before breaks the same checks with a reproducer that covers its own
        (:meth:`Reproducer.covers`, the rule that merges failures after shrinking): the same faults again, with
        incidental ones added, are the same defect; faults at other seams, other modes at the same seams (or another
        mutation) that break the same checks may be another, and are kept to be shrunk and told apart by their
        minimal reproducers. One at the seams of a failure kept before, with other modes, is a *variant*: it may
        shrink to that failure's reproducer (a ``malformed`` answer to an ``empty`` one), so when the variants are
        what reaches ``--max-failures`` the failures found are shrunk before the search goes on (:func:`settle`).

        A failure that needs no fault (the agent fails on the input as it is) is reported too, but does not count
        toward ``--max-failures``: ``run`` finds it already, and what a user runs explore for is the failures only
        faults show, so the search goes on for them. The figures of the search are kept up to date after every
        round, so an interrupted run reports how far it got."""
        try:
            for cand, res in zip(cands, results, strict=True):
                obs = observe(res)
                for seam, n in obs.seam_calls().items():
                    search.add_seam(seam, seam_modes(seam, usable))
                    counts[seam] = max(counts.get(seam, 0), n)
                search.observe(cand, obs)
                keep(cand, obs, res)
        finally:  # even when a listener stops the run mid-round
            out.calls = searched()
            out.corpus, out.features = len(search.corpus), len(search.seen)
            out.seams = {seam: [m.name for m in modes] for seam, modes in sorted(search.modes.items())}

    def keep(cand: Candidate, obs: Observation, res: CellResult, at: int | None = None) -> None:
        """Keep the failure ``cand`` showed if it is new (see :func:`take`), and say so; one beyond ``--max-failures``
        is held back (offered again, with the calls ``at`` which it was found, when shrinking frees a place) and named
        in a notice. One offered again is kept even when a reproducer shrunk meanwhile covers it: it was announced and
        counted in the ``M`` of ``N of M``, so :func:`settle` merges it with a note and ``also_found``, as any other,
        rather than it vanishing."""
        nonlocal faulted, variants
        sig = obs.failure_signature()
        rep = runner.reproducer(cand.schedule, cand.input)
        again = at is not None
        if not obs.failed or (not again and any(k.covers(rep) for k in known.get(sig, ()))):
            return
        at = searched() if at is None else at
        faultless = not cand.schedule.faults and not cand.schedule.context_attacks
        if not (faultless or faulted < req.max_failures):  # found in the same round as the last one kept
            if any(
                o.failure_signature() == sig and runner.reproducer(c.schedule, c.input).covers(rep) for c, o, *_ in held
            ):
                return
            held.append((cand, obs, res, at))
            if not again:
                listener(
                    Notice(
                        f"failure found after {at} agent calls: {_what(obs, cand)} (beyond --max-failures "
                        f"{req.max_failures}: held back, shrunk only if a merge frees a place)",
                        kind="status",
                    )
                )
            return
        variants += not faultless and any(k.covers(rep, modes=False) for k in known.get(sig, ()))
        known.setdefault(sig, []).append(rep)
        failures.append(Failure(cand.input, cand.schedule, cand.schedule, at, sig, res))
        found.append((len(failures) - 1, cand, obs, res, at))
        faulted += not faultless
        if not again:
            listener(Notice(f"failure found after {at} agent calls: {_what(obs, cand)}", kind="status"))
        else:
            listener(
                Notice(
                    f"failure found after {at} agent calls ({_what(obs, cand)}), held back beyond --max-failures "
                    f"{req.max_failures}, takes the place a merge freed",
                    kind="status",
                )
            )
        if faultless:
            listener(Notice(NO_FAULT_NEEDED, kind="status"))

    async def search_round(cands: Sequence[Candidate], tag: str) -> None:
        """Run one round of the search and learn from it; a round cut short (Ctrl-C) is learnt from as far as it ran,
        so the failures its finished cells showed are reported (unshrunk) and the calls they took are counted."""
        try:
            results = await runner.run(cands, tag)
        except BaseException:
            done, runner.finished = runner.finished, []
            take([c for c, _ in done], [r for _, r in done])
            raise
        take(cands, results)

    async def settle() -> None:
        """Shrink the failures found and not shrunk yet, in the order found; one whose reproducer (as found, else once
        shrunk) is covered by the minimal reproducer of one shrunk before, breaking the same checks, is merged into
        it: one defect, reported once, and no longer counted toward ``--max-failures``.

        The notes number them ``N of M kept`` in the order found (``M`` grows when one held back takes a freed place)
        and name apart how many more are held back beyond ``--max-failures`` (announced as found, not shrunk unless a
        merge frees a place); a failure with nothing to shrink (no fault, no mutation) is said to be rerun only."""
        nonlocal settled, shrinking, faulted, variants
        progress, runner.progress = runner.progress, False  # the bar counts the search's calls, not shrinking's
        try:
            while settled < len(found):
                place, cand, obs, res, at = found[settled]
                settled += 1
                of = f"{len(found)} kept"  # the ones held back beyond --max-failures are not shrunk: said apart
                back = f"; {len(held)} more held back beyond --max-failures {req.max_failures}" if held else ""
                sig, rep = obs.failure_signature(), runner.reproducer(cand.schedule, cand.input)
                first = next(((p, r) for s, r, p in shrunk if s == sig and r.covers(rep)), None)
                if first is None:  # not explained by a reproducer already shrunk: shrink it and look again
                    n = len(cand.schedule.faults)
                    steps = shrink_candidates(cand.schedule, cand.input, search.modes, obs.seam_calls())
                    smaller = next(steps, None) is not None
                    listener(
                        Notice(
                            f"shrinking failure {settled} of {of} ({n} fault{'' if n == 1 else 's'}), then "
                            f"{req.reruns} reruns{back}"
                            if smaller
                            else f"rerunning failure {settled} of {of} {req.reruns} times (nothing to shrink: it "
                            f"needs no fault and its prompt is not mutated){back}"
                        )
                    )
                    before = runner.calls
                    try:
                        seen: dict[str, set[str]] = {}
                        for s, r, _ in shrunk:
                            for seam, mode in r.faults if s == sig else ():
                                seen.setdefault(seam, set()).add(mode)
                        failures[place] = await _shrink(runner, req, search.modes, cand, obs, res, at, seen)
                    finally:
                        shrinking += runner.calls - before
                        out.shrink_calls = shrinking
                    rep = runner.reproducer(failures[place].schedule, failures[place].input)
                    first = next(((p, r) for s, r, p in shrunk if s == sig and r.covers(rep)), None)
                    if first is None:
                        shrunk.append((sig, rep, place))
                        known.setdefault(sig, []).append(rep)
                        continue
                kept, minimal = failures[first[0]], first[1]
                kept.also_found.append(f"[{'; '.join(cand.schedule.labels()) or 'no faults'}] after {at} calls")
                merged.add(place)
                faulted -= bool(cand.schedule.faults or cand.schedule.context_attacks)
                listener(
                    Notice(
                        f"failure {settled} of {of} ({_what(obs, cand)}) comes down to the reproducer of the "
                        f"one found after {kept.found_at} calls ({minimal.words}): one defect, reported once"
                    )
                )
            variants = 0
        finally:
            runner.progress = progress
        again, held[:] = list(held), []
        for cand, obs, res, at in again:  # places freed by a merge go to the failures held back, in the order found
            keep(cand, obs, res, at)

    try:
        await search_round(base, "b")
        if not search.modes:
            raise ConfigError(
                "explore saw no tool or model call it can fault: the baseline cells made no call at a seam",
                hint=no_seam_hint(runner.cfg),
            )
        while searched() < req.budget:
            if faulted >= req.max_failures:
                if not variants:
                    break
                await settle()  # the variants may be one defect with a failure kept before: shrink, then look again
                continue
            n = min(ROUND, req.budget - searched())
            if req.strategy == "random":
                cands = _random_round(rng, search, counts, n, len(runner.cfg.golden_prompts))
            else:
                cands = search.propose(n)
            if not cands:
                break
            await search_round(cands, "x")
        out.calls = searched()
        runner.progress = False
        await settle()
        while settled < len(found):  # places freed by a merge went to failures held back: shrink them too
            await settle()
        if held:
            more = _held_notice(held, req.max_failures)
            runner.notices.append(more)
            listener(Notice(more))
            held.clear()
    finally:  # interrupted too: what was merged is reported once, and the failures are grouped by broken checks
        out.failures[:] = _grouped([f for j, f in enumerate(failures) if j not in merged])
        if held:  # cut short: the failures held back so far are in the report's notices, as a finished run has them
            out.held_back = _held_notice(held, req.max_failures, interrupted=True)
            runner.notices.append(out.held_back)


def _held_notice(
    held: Sequence[tuple[Candidate, Observation, CellResult, int]], most: int, *, interrupted: bool = False
) -> str:
    """The notice naming the distinct failures held back beyond ``--max-failures`` ``most`` and never shrunk (a run
    cut short says it stopped before they could take a place), with the ``--max-failures`` that keeps them."""
    dropped = [_what(obs, cand) for cand, obs, *_ in held]
    why = "the run was interrupted before they were shrunk; not saved" if interrupted else "not shrunk or saved"
    return (
        f"{len(dropped)} more distinct failure(s) found beyond --max-failures {most}, {why}: {' | '.join(dropped)} "
        f"(rerun with --max-failures {most + len(dropped)} to keep them)"
    )


def _grouped(failures: list[Failure]) -> list[Failure]:
    """``failures`` with those that break the same checks next to each other, each group where its first failure was,
    each one's order kept: one entry per distinct reproducer, grouped by what it breaks."""
    order: dict[tuple[str, ...], int] = {}
    for f in failures:
        order.setdefault(f.signature, len(order))
    return sorted(failures, key=lambda f: order[f.signature])


def _random_round(rng: random.Random, search: Search, counts: dict[str, int], n: int, prompts: int) -> list[Candidate]:
    """``n`` cells of the random strategy: a golden prompt and a random schedule each, drawn independently."""
    return [Candidate(Input(rng.randrange(prompts)), random_schedule(rng, search.modes, counts)) for _ in range(n)]


def _what(obs: Observation, cand: Candidate) -> str:
    """A failure in one line for the notices: its signature and the faults of the schedule that caused it."""
    labels = "; ".join(cand.schedule.labels()) or "no faults"
    return f"{', '.join(obs.failure_signature())} under [{labels}]"


async def _shrink(
    runner: _Runner,
    req: ExploreRequest,
    modes: dict[str, list[Mode]],
    cand: Candidate,
    obs: Observation,
    res: CellResult,
    at: int,
    known: dict[str, set[str]] | None = None,
) -> Failure:
    """Shrink greedily: each pass runs every smaller candidate once and keeps the first that fails the same
    way; then the result is rerun ``reruns`` times. ``known``: by seam, the modes of the minimal reproducers of the
    failures shrunk before that break the same checks (tried in place of an as severe mode of its own).

    "The same way" is the failure signature (the same broken invariants or error at the same place): a smaller
    schedule that fails differently is a different failure and is not taken, so shrinking cannot turn one bug into
    another. Shrinking stops when a pass finds nothing smaller or ``--shrink-budget`` agent calls are spent; the
    result is then minimal for the moves :func:`~windtunnel.chaos.search.shrink_candidates` knows, not globally.
    The final schedule is named by a digest of its faults and input, so the same failure found twice gets the same
    name and file."""
    sig = obs.failure_signature()
    inp, schedule = cand.input, cand.schedule
    steps: list[str] = []
    spent = 0
    calls = obs.seam_calls()
    while spent < req.shrink_budget:
        options = list(shrink_candidates(schedule, inp, modes, calls, known))[: req.shrink_budget - spent]
        if not options:
            break
        cands = [Candidate(i, _renamed(s, "s")) for _, i, s in options]
        results = await runner.run(cands, "s")
        spent += len(cands)
        for (step, i, s), r in zip(options, results, strict=True):
            o = observe(r)
            if o.failed and o.failure_signature() == sig:
                inp, schedule, calls = i, s, o.seam_calls()
                steps.append(step)
                break
        else:
            break
    tag = hashlib.sha256(f"{schedule.digest()}|{inp.golden_index}|{inp.mutation}".encode()).hexdigest()[:10]
    final = Schedule(name=f"found-{tag}", faults=schedule.faults, context_attacks=schedule.context_attacks)
    reruns = await runner.run([Candidate(inp, final)] * req.reruns, "r")
    reproduced = sum(observe(r).failed and observe(r).failure_signature() == sig for r in reruns)
    return Failure(
        input=inp,
        schedule=final,
        found=cand.schedule,
        found_at=at,
        signature=sig,
        result=reruns[0] if reruns else res,
        reproduced=reproduced,
        reruns=req.reruns,
        steps=steps,
    )


def _renamed(schedule: Schedule, prefix: str) -> Schedule:
    """``schedule`` under a stable name, ``<prefix>-<digest>``: the same faults always get the same name, so a saved
    failure found again is recognised, not saved twice.
    """
    return Schedule(
        name=f"{prefix}-{schedule.digest()}", faults=schedule.faults, context_attacks=schedule.context_attacks
    )


def _saved_where(path: Path, cfg: Config, req: ExploreRequest) -> str:
    """What a saved failure's file is for: replayed first by ``run`` / ``contract run`` / ``ci`` when it is in the
    folder they read (``found/`` beside the run store), else kept only (they do not read another ``--found-dir``)."""
    if replayed_by_run(path, cfg, req.store):
        return "`windtunnel run`, `contract run` and `ci` replay it first"
    return (
        f"`windtunnel run`, `contract run` and `ci` replay only the failures in {found_dir(cfg, req.store)}, "
        "not this one: move the file there to keep it as a regression test, or rerun it with its reproduce line"
    )


def _save(result: ExploreResult, cfg: Config, req: ExploreRequest, config_path: Path) -> list[Path]:
    """Save each failure shrunk to a minimal schedule into the found-failures folder (``run``, ``contract run`` and
    ``ci`` replay them first) and return the files written. A failure without faults is not saved: a plain ``run`` finds
    it already.

    The folder was checked before the search; one that fails anyway (removed, filled or made read-only meanwhile)
    loses nothing the search found: ``result.unsaved`` says why, and the failures are still reported."""
    folder = req.found_dir or found_dir(cfg, req.store)
    out: list[Path] = []
    for f in result.failures:
        if f.status != "minimal" or not f.schedule.faults:  # without faults, `run` already finds it
            continue
        try:
            f.path = save_found(folder, f, cfg, config_path)
        except OSError as err:
            result.unsaved = (
                f"the failures found were not saved: cannot write to {folder}: {err.strerror or err} "
                "(they are in this report; run explore again with --found-dir DIR to save them elsewhere)"
            )
            return out
        out.append(f.path)
    return out


__all__ = ["ExploreRequest", "ExploreResult", "Failure", "explore_flow", "observe"]
