"""Preflight: everything ``run``, ``ci``, ``contract run`` and ``replay run`` would reject, found at once.

The config schema (config/model.py) rejects what one value can show to be wrong. :func:`preflight` adds
what needs the whole config, the files it names or the environment: chaos profiles and the seams their
faults need, the contract checks of :mod:`windtunnel.contracts.validate`, replay sessions that must load
and resolve a contract, ``${ENV}`` references that must be set, and mutation types that must apply to
the agent. It returns every error and warning instead of stopping at the first, so ``windtunnel
validate`` lists them all and ``windtunnel ci`` stops with exit 2 before any phase has run.

One set of checks, two ways in: ``validate`` calls :func:`preflight` and prints everything it found; the run
commands call the narrow entry points (:func:`check_env`, :func:`check_chaos`) for the checks that concern them,
so a command stops on the same problem with the same words and line that ``validate`` shows (a check written
twice would drift). An error is tagged with the commands it stops (:attr:`Preflight.stops`): a broken replay
session stops ``replay run`` and ``ci``, not ``run``, and ``validate`` says which commands can still run.

What preflight deliberately does not do: call the agent or any network service (a live importer source is checked
for what it needs, not contacted; whether a running agent is behind the proxies is one check call made by the run,
:mod:`~windtunnel.flows.reach`), or import the agent's code with ``validate --no-import``. Its cost is part of
``validate``'s start-up (issue #28), so the checks that need heavy modules (the contract checks, upstream notes)
import them only for configs that declare those blocks.
"""

from __future__ import annotations

import os
from collections.abc import Collection, Iterator
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from typing import TYPE_CHECKING, Any

from windtunnel._util.envexpand import unset_vars
from windtunnel._util.errors import ConfigError, WindtunnelError
from windtunnel._util.explain import by_line
from windtunnel._util.imports import import_ref
from windtunnel._util.suggest import did_you_mean
from windtunnel.agents.registry import capabilities
from windtunnel.chaos.spec import ChaosSpec
from windtunnel.config.advice import config_warnings
from windtunnel.config.model import PHASES, Config
from windtunnel.config.proxy_env import not_run_reason, reach_note, unreachable
from windtunnel.config.storepath import store_path
from windtunnel.engine.mutate import mutation_context, plan_for
from windtunnel.engine.phases import configured_phases
from windtunnel.invariants.judge import judge_env_refs
from windtunnel.mutations.base import mutations
from windtunnel.mutations.plan import applies_to

if TYPE_CHECKING:
    from windtunnel.chaos.spec import ChaosSpec

from windtunnel._util.words import never_run
from windtunnel.agents import frameworks
from windtunnel.config.agent import declares_llm_seam, declares_tool_seam

ENV_FIELDS = ("endpoint", "base_url", "reset_endpoint", "health_endpoint")
ENV_MAPS = ("headers", "query_params", "env")


@dataclass
class Preflight:
    """What :func:`preflight` found: ``errors`` stop a command (exit 2), ``warnings`` do not.

    Each entry is one human-readable line (more lines for detail), starting with ``line N:`` when the problem has a
    place in the file, so :meth:`raise_errors` and ``validate`` can sort them by line. An empty ``errors`` is the
    only "ok": a warning never stops a command."""

    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    """What the commands will do that is worth knowing and is no problem (``validate`` prints them)."""
    stops: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Error → the commands it stops, for an error only some commands meet (a block ``run`` does not
    use); an error not listed stops every command."""

    @property
    def ok(self) -> bool:
        """No error was found."""
        return not self.errors

    def raise_errors(self, source: str, *, command: str = "validate") -> None:
        """Raise one :class:`ConfigError` listing every error (nothing to do when there is none).

        The errors are sorted by line under a head naming ``source`` and the count; ``command`` says which command
        stopped (``validate`` names the commands that cannot run this config, and says so when ``run`` still can).
        """
        if not self.errors:
            return

        n = len(self.errors)
        ran = "" if command == "validate" else f"; `{command}` ran nothing"
        what = "the config cannot run"
        if command == "validate" and all(e in self.stops for e in self.errors):
            stopped = {c for e in self.errors for c in self.stops[e]}
            what = f"{_listing([c for c in _COMMANDS if c in stopped])} cannot run this config"
            what += "" if "run" in stopped else " (`run` can)"
        lines = [f"{source}: {what} ({n} problem{'s' if n != 1 else ''}){ran}"]
        for problem in by_line(self.errors):
            first, *rest = problem.splitlines()
            lines.append(f"  - {first}")
            lines += [f"    {line.strip()}" for line in rest]
        hint = "fix them all; `windtunnel validate` checks the same things"
        if command == "validate":
            hint = "fix them all, then `windtunnel validate` again"
        raise ConfigError("\n".join(lines), hint=hint)


_COMMANDS = ("run", "run --chaos", "contract run", "replay run", "ci")


def _listing(commands: Collection[str]) -> str:
    """The commands as prose, each in backticks: `` `run` ``, `` `run` and `ci` ``, `` `a`, `b` and `c` ``."""
    names = [f"`{c}`" for c in commands]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


class _Section:
    """Tags the errors a block adds to ``out`` with the commands they stop (:attr:`Preflight.stops`)."""

    def __init__(self, out: Preflight, *commands: str) -> None:
        """Tag the errors added to ``out`` inside the block with ``commands``."""
        self.out, self.commands, self.start = out, commands, 0

    def __enter__(self) -> None:
        """Remember how many errors there were before the block."""
        self.start = len(self.out.errors)

    def __exit__(self, *exc: object) -> None:
        """Tag each error the block added with the section's commands (an error already tagged keeps its first tag)."""
        for error in self.out.errors[self.start :]:
            self.out.stops.setdefault(error, self.commands)


def _text(err: WindtunnelError) -> str:
    """A :class:`WindtunnelError` as one line, its hint after its message, so a listed error still says what to do."""
    return f"{err.message}; {err.hint}" if err.hint else err.message


def preflight(
    cfg: Config,
    *,
    phases: Collection[str] | None = None,
    chaos_profile: str | None = None,
    imports: bool = False,
    agent_imports: bool = True,
) -> Preflight:
    """Every problem of ``cfg`` that a command would stop on, and the warnings.

    ``phases``: check only the parts these phases use (``ci`` passes the phases it will run); ``None``
    checks every part the config declares (``validate``). ``chaos_profile``: the ``--chaos-profile``
    added to the chaos phase. ``imports``: import python references (tool registry names, contract
    invariants' agent references); ``validate`` imports, ``ci`` leaves it to the phases.
    ``agent_imports``: import ``agent.llm`` to check the chaos block's LLM fault modes against it;
    ``validate --no-import`` passes False (it imports no python agent reference).
    """
    out = Preflight(warnings=config_warnings(cfg))
    every = phases is None
    active = set(PHASES if phases is None else phases)
    out.errors += _env_problems(cfg, mutation="mutation" in active)
    if "mutation" in active:
        _mutation_checks(cfg, out)
    chaos_declared = (cfg.chaos is not None and cfg.chaos.active) or bool(chaos_profile)
    if "chaos" in active and chaos_declared:
        with _Section(out, "run --chaos", "ci"):
            _chaos_checks(cfg, chaos_profile, out, agent_imports=agent_imports)
    if cfg.contract is not None and "contract" in active:
        # start-up: the contract checks (and what they import) are paid by configs that declare a contract only
        from windtunnel.contracts.validate import check_contract

        with _Section(out, "contract run", "ci"):
            out.errors += check_contract(cfg, imports=imports)
    if cfg.replays is not None and "replay" in active:
        with _Section(out, "replay run", "ci"):
            _replay_checks(cfg, out, warn_live=every)
    _tool_name_warnings(cfg, out, imports=imports, chaos="chaos" in active, contract="contract" in active)
    _streamed_only_notes(cfg, out, chaos="chaos" in active, contract="contract" in active)
    general, matrix, chaos_block = frameworks.preflight_problems(cfg, imports=imports)  # framework agents
    out.errors += general
    out.warnings += frameworks.preflight_warnings(cfg, imports=imports)  # retry back-off, shared agent objects
    with _Section(out, "contract run", "ci"):  # a block's problem stops only the commands using it (QA-6 F-1)
        out.errors += matrix
    with _Section(out, "run --chaos", "ci"):
        out.errors += [p if p.startswith("line ") else cfg.where(("chaos",)) + p for p in chaos_block]
    out.errors += _mcp_server_problems(cfg)

    out.notes += [n for n in [reach_note(cfg.agent)] if n]  # where the proxies of a running agent listen
    if every:
        out.errors += _store_problems(cfg)

        if cfg._source is not None and cfg._source.name.startswith("flakestorm"):  # an upstream file, by its name
            # start-up: the upstream notes are read for an upstream file only
            from windtunnel.config.upstream import upstream_notes

            out.notes += upstream_notes(cfg)  # where upstream 2.0 would do something else with this file
        _phase_warnings(cfg, out)
        _reach(cfg, chaos_profile, out)

    out.warnings = by_line(out.warnings)
    return out


def check_chaos(cfg: Config, source: str, *, chaos_profile: str | None, command: str) -> None:
    """Raise what :func:`preflight` says of the ``chaos:`` block and ``--chaos-profile`` (an unknown profile,
    a fault without a seam), worded as ``validate`` words it, before ``command`` plans anything (QA-6 F-8)."""
    found = Preflight()
    _chaos_checks(cfg, chaos_profile, found, agent_imports=False)
    found.raise_errors(source, command=command)


def _scenario_at(cfg: Config, index: int, *rest: Any) -> str:
    """:meth:`Config.where` for the matrix scenario ``index`` (under ``contract:`` or at top level)."""
    return cfg.where(("contract", "chaos_matrix", index, *rest), ("chaos_matrix", index, *rest))


def _env_refs(cfg: Config, *, mutation: bool) -> Iterator[tuple[str, str]]:
    """``(key, value)`` of every config value that is ``${ENV}``-expanded when a command runs.

    The one list of those places: the agent's URL-like fields, its header/query/env mappings and its command, the
    mutation model's API key when mutations are generated with it, and the judge's keys. A value expanded at run
    time but missing here would fail mid-run instead of at ``validate``. ``agent.env`` is listed even for an agent
    windtunnel does not launch: a reference to an unset variable there is a slip worth reporting."""
    agent = cfg.agent
    for name in ENV_FIELDS:
        value = getattr(agent, name, None)
        if isinstance(value, str):
            yield f"agent.{name}", value
    for name in ENV_MAPS:  # agent.env too without agent.command: a reference to an unset variable is a slip
        for key, value in (getattr(agent, name, None) or {}).items():
            yield f"agent.{name}.{key}", str(value)
    command = agent.command
    for i, part in enumerate([command] if isinstance(command, str) else command or []):
        yield ("agent.command" if isinstance(command, str) else f"agent.command[{i}]"), part
    model = cfg.model
    if mutation and "model" in cfg.model_fields_set and model.enabled and model.api_key:
        yield "model.api_key", model.api_key
    yield from judge_env_refs(cfg)


def check_env(cfg: Config, source: str, *, command: str, mutation: bool) -> None:
    """Raise what :func:`preflight` says of ``${ENV}`` references that are not set, worded as ``validate``
    words it (file, line, key), before ``command`` plans anything (QA-5 F7). ``mutation``: whether the
    command generates mutations with the ``model:`` (only then is ``model.api_key`` used)."""
    Preflight(errors=_env_problems(cfg, mutation=mutation)).raise_errors(source, command=command)


def _env_problems(cfg: Config, *, mutation: bool) -> list[str]:
    """``${ENV}`` references that would not expand: each one in the agent's endpoints, headers, query parameters,
    environment and command (and the mutation model's key, for ``mutation``) that names an unset variable, at its line.
    A golden prompt holding one is an error too, for another reason: prompts are sent as written, never expanded.
    """
    out = []
    for key, value in _env_refs(cfg, mutation=mutation):
        for name in unset_vars(value):
            out.append(
                f"{cfg.where_key(key)}{key} refers to ${{{name}}}, but the environment variable {name} is not "
                f"set: export it before running, or write ${{{name}:-default}}"
            )
    for i, prompt in enumerate(cfg.golden_prompts):
        for name in unset_vars(prompt):
            out.append(
                f"{cfg.where(('golden_prompts', i))}golden_prompts[{i}] holds ${{{name}}}, and the environment "
                f"variable {name} is not set; windtunnel sends prompts as written (it expands ${{ENV}} only in "
                "agent, model and judge keys): write the value itself into the prompt"
            )
    return out


def _store_problems(cfg: Config) -> list[str]:
    """A run store path that cannot be a database file (a directory, or under a file).

    The path is resolved by the same rule every command uses (:func:`~windtunnel.config.storepath.store_path`),
    and the message names where it came from (``$WINDTUNNEL_STORE`` or ``advanced.store`` with its line). Only
    the path is checked: the store is neither opened nor created here, so ``validate`` writes nothing."""
    path = store_path(cfg, None)
    key = "$WINDTUNNEL_STORE" if os.environ.get("WINDTUNNEL_STORE") else "advanced.store"
    parent = next((p for p in path.parents if p.exists()), None)
    if path.is_dir():
        problem = f"{key} {str(path)!r} is a directory; name the database file in it, e.g. {str(path / 'runs.db')!r}"
    elif parent is not None and not parent.is_dir():
        problem = f"{key} {str(path)!r} is under {str(parent)!r}, which is a file: name a path in a directory"
    else:
        return []
    # the line is looked up only for a message: a config read fast has no line map until one is asked for
    at = "" if key.startswith("$") else cfg.where(("advanced", "store"), ("advanced",))
    return [at + problem]


def _mutation_checks(cfg: Config, out: Preflight) -> None:
    """Mutation types that apply to the agent, and the ones ``count`` is too small to reach.

    The plan for the first golden prompt is built as a run would build it (seed 0, no LLM generator), so a
    type that cannot work for this agent is an error here; ``count`` below the number of applicable types is a
    warning naming the types that would never run, because the types take turns in the order given."""
    m = cfg.mutations
    if not cfg.golden_prompts or not m.types:
        return
    try:
        plan_for(cfg, cfg.golden_prompts[0], seed=0)
    except WindtunnelError as err:
        out.errors.append(f"mutations: {_text(err)}")
        return
    agent_type = mutation_context(cfg).agent_type
    wanted = [t for t in dict.fromkeys(m.types) if applies_to(mutations.get(t), agent_type)]
    if m.count < len(wanted):
        never = wanted[m.count :]
        out.warnings.append(
            cfg.where(("mutations", "count"), ("mutations",))
            + f"mutations.count is {m.count} but {len(wanted)} mutation types apply: the types take turns in "
            f"the order given, so {never_run(never)}; raise count to at least {len(wanted)} or "
            "list fewer types"
        )


def _seam_problems(cfg: Config, spec: ChaosSpec, where: str) -> list[str]:
    """The seams ``spec``'s faults need and the agent lacks (the chaos runtime would stop on them), each
    at the line of the faults that need it."""
    agent = cfg.agent
    if capabilities(agent).python:
        out = []
        if spec.needs_tool_seam and not declares_tool_seam(agent):
            at = cfg.where(("chaos", "tool_faults"), ("chaos", "context_attacks"), ("chaos",))
            out.append(
                f"{at}{where} has tool faults (or attacks in tool replies), but the python agent declares neither "
                "agent.tools ('module:attr' of each tool) nor agent.tool_registry (the mapping it calls its "
                "tools through): windtunnel cannot reach its tool calls"
            )
        if spec.needs_llm_seam and not declares_llm_seam(agent):
            out.append(
                cfg.where(("chaos", "llm_faults"), ("chaos",))
                + f"{where} has LLM faults, but the python agent does not set agent.llm ('module:attr' of its "
                "model client or of the callable that calls the model)"
            )
        return out
    return []  # an HTTP agent whose calls windtunnel cannot reach: that phase is not run (see _reach)


def _chaos_checks(cfg: Config, chaos_profile: str | None, out: Preflight, *, agent_imports: bool) -> None:
    """The checks of the ``chaos:`` block (or ``--chaos-profile``): the profile resolves, the agent has a seam for each
    fault kind it holds, and (unless ``--no-import``) the agent's model seam can express each LLM fault mode. Errors go
    to ``out`` at the block's line; a profile named by the flag gets no line.
    """
    where = "the `chaos:` block" + (f" with --chaos-profile {chaos_profile}" if chaos_profile else "")
    try:
        spec = ChaosSpec.resolve(cfg.chaos, profile=chaos_profile, name="chaos")
    except WindtunnelError as err:
        flag = chaos_profile is not None and repr(chaos_profile) in err.message  # the flag's profile: no line
        at = "" if flag else cfg.where(("chaos", "profile"), ("chaos",))
        out.errors.append(f"{at}{where}: {_text(err)}")
        return
    out.errors += _seam_problems(cfg, spec, where)
    if agent_imports:
        # start-up: the seams module imports the chaos runtime (asyncio, anyio), which --no-import must not pay
        from windtunnel.chaos.seams import llm_mode_problems

        at = cfg.where(("chaos", "llm_faults"), ("chaos",))
        out.errors += [at + p for p in llm_mode_problems(cfg.agent, spec, where)]


def _replay_checks(cfg: Config, out: Preflight, *, warn_live: bool) -> None:
    """Every session loads, its contract resolves, and its recorded calls have a seam.

    Errors are reported at the ``replays:`` entry's line, or at the line inside the session file when the problem
    is there. A live importer source is checked for what it needs but never contacted;
    ``warn_live`` (``validate``) adds a warning that it is imported only when the replays run. A ``sessions``
    list of which nothing loads is an error: ``replay run`` would have nothing to run."""
    # start-up: the replay loaders and player (session models, contract resolution) for a `replays:` block only
    from windtunnel.replay.collect import LoadedSession, collect_entry, config_source_map
    from windtunnel.replay.player import check_seams, prepare

    assert cfg.replays is not None
    smap = config_source_map(cfg)
    loaded: list[LoadedSession] = []
    failed = 0
    for i, entry in enumerate(cfg.replays.sessions):
        try:
            part = collect_entry(cfg, i, entry, smap)
        except WindtunnelError as err:
            # a problem inside a session file names that file and its line; one of the entry, the entry's line
            at = cfg.where(("replays", "sessions", i, "file"), ("replays", "sessions", i))
            out.errors.append(_at_entry(cfg, at, _text(err)))
            failed += 1
            continue
        if part.skipped or not part.sessions:  # the line map is worked out only for a message that names a line
            at = cfg.where(("replays", "sessions", i, "file"), ("replays", "sessions", i))
            out.warnings += [f"{at}replays.sessions[{i}]: skipped {p}: {why}" for p, why in part.skipped]
            if not part.sessions:
                out.warnings.append(f"{at}replays.sessions[{i}] ({entry.get('file')}) holds no replay session")
        loaded += part.sessions
    loaded += _source_sessions(cfg, out, warn_live=warn_live)
    if cfg.replays.sessions and not loaded and not failed:
        out.errors.append(
            cfg.where(("replays", "sessions"))
            + "replays.sessions lists no replay session that loads, so `replay run` has nothing to run"
        )
    prepared = []
    for one in loaded:
        try:
            prepared += prepare([one], cfg)
        except WindtunnelError as err:
            out.errors.append(_text(err))
    if prepared:
        try:
            check_seams(cfg, prepared, tool_port=None, llm_port=None)
        except WindtunnelError as err:
            out.errors.append(f"replays: {_text(err)}")


def _at_entry(cfg: Config, at: str, problem: str) -> str:
    """``problem`` of a ``replays:`` entry at the entry's line ``at``; one inside a session file keeps that
    file and its line."""
    own = f"{cfg._source}: " if cfg._source is not None else ""
    if own and problem.startswith((own + "replays.", own + "replays source")):
        problem = problem[len(own) :]
    return at + problem if problem.startswith(("replays.", "replays source")) else problem


def _source_sessions(cfg: Config, out: Preflight, *, warn_live: bool) -> list[Any]:
    """Sessions of the ``replays.sources`` that read a file; a live source is checked for what it needs
    (:func:`~windtunnel.replay.importers.live.live_problem`) and not contacted."""
    # start-up: called from _replay_checks only, for a config with a `replays:` block
    from windtunnel.replay.collect import collect_source
    from windtunnel.replay.importers.live import live_problem

    assert cfg.replays is not None
    found = []

    for j, source in enumerate(cfg.replays.sources):
        at = cfg.where(("replays", "sources", j))
        if source.not_imported is not None:
            out.warnings.append(at + f"replays.sources[{j}]: {source.not_imported}")
            continue
        if not source.path:
            problem = live_problem(source)
            if problem is not None:
                out.errors.append(at + f"replays.sources[{j}]: {problem}")
            elif warn_live:
                out.warnings.append(
                    at + f"replays.sources[{j}] ({source.type}) is imported live when the replays run; "
                    "validate does not contact it"
                )
            continue
        try:
            found += collect_source(cfg, j)
        except WindtunnelError as err:
            out.errors.append(_at_entry(cfg, cfg.where(("replays", "sources", j)), _text(err)))
    return found


def agent_tool_names(cfg: Config, *, imports: bool) -> list[str] | None:
    """The tool names a python agent's faults can match, or None when they cannot be known (not a python
    agent, no tools declared, or a tool registry that is not to be imported): callers then skip the name check
    rather than warn about names they cannot see."""
    agent = cfg.agent
    if not capabilities(agent).python or frameworks.is_framework(agent):
        return None
    if not getattr(agent, "tools", None) and not getattr(agent, "tool_registry", None):
        return None
    names = [frameworks.tool_ref_name(ref, imports=imports) for ref in getattr(agent, "tools", None) or []]
    registry = getattr(agent, "tool_registry", None)
    if registry:
        if not imports:
            return None

        try:
            names += [str(k) for k in import_ref(registry, what="agent.tool_registry")]
        except (WindtunnelError, TypeError):
            return None
    return names


def _streamed_only_notes(cfg: Config, out: Preflight, *, chaos: bool, contract: bool) -> None:
    """A note per LLM fault of a mode that acts on streamed answers only (``duplicate_chunk``): an agent that
    does not stream is never faulted by it, and the run ends saying the fault never fired."""
    blocks: list[tuple[str, Any, tuple[tuple[Any, ...], ...]]] = []  # (name, block, its key paths for the line)
    if chaos and cfg.chaos is not None:
        blocks.append(("chaos", cfg.chaos, (("chaos", "llm_faults"), ("chaos",))))
    if contract:
        blocks += [
            (
                f"scenario {s.name!r}",
                s,
                (("contract", "chaos_matrix", i, "llm_faults"), ("chaos_matrix", i, "llm_faults")),
            )
            for i, s in enumerate(cfg.scenarios)
        ]
    for where, block, paths in blocks:
        for fault in block.llm_faults:
            if type(fault).streamed_only:  # the line is looked up for a warning only (the line map is read then)
                out.warnings.append(
                    f"{cfg.where(*paths)}{where}: LLM fault mode {fault.mode!r} changes streamed answers only: if "
                    "the agent does not stream (`stream=True`), its answers are left as they are and the fault tests "
                    "nothing"
                )


def _tool_name_warnings(cfg: Config, out: Preflight, *, imports: bool, chaos: bool, contract: bool) -> None:
    """Warn about each tool fault or context attack (in ``chaos:`` and in every contract scenario) whose ``tool``
    pattern matches none of the agent's tool names: it would never fire, and the run would only say so at the end.
    Nothing is said when the names cannot be known (see :func:`agent_tool_names`) or the fault matches by URL.
    """
    names = agent_tool_names(cfg, imports=imports)
    if not names:
        return
    sources: list[tuple[str, Any, Any]] = []  # (name, block, its line of (kind, index))
    if chaos and cfg.chaos is not None:
        sources.append(("chaos", cfg.chaos, lambda *k: cfg.where(("chaos", *k))))
    if contract:
        sources += [
            (f"scenario {s.name!r}", s, lambda *k, i=i: _scenario_at(cfg, i, *k)) for i, s in enumerate(cfg.scenarios)
        ]
    for where, block, at in sources:
        targets = [("tool_faults", i, f) for i, f in enumerate(block.tool_faults)]
        targets += [("context_attacks", i, a) for i, a in enumerate(block.context_attacks)]
        for kind, index, item in targets:
            pattern = getattr(item, "tool", "*")
            if pattern == "*" or getattr(item, "match_url", None):
                continue
            if not any(fnmatchcase(n, pattern) for n in names):
                label = getattr(item, "mode", None) or getattr(item, "type", "")
                out.warnings.append(
                    at(kind, index)
                    + f"{where}: {kind} {label} names tool {pattern!r}{did_you_mean(pattern, names)}, which is "
                    f"not among the agent's tools ({', '.join(names)}): it would never fire"
                )


def _mcp_server_problems(cfg: Config) -> list[str]:
    """``agent.mcp_servers`` entries every run refuses (a stdio command): the run's own message (QA-4 m22).

    Preflight reports the same problem the run would stop on, in the same words, so ``validate`` and
    ``ci`` catch it before any cell runs. Only a config that names MCP servers imports the MCP proxy.
    """
    servers = getattr(cfg.agent, "mcp_servers", None)
    if not servers:
        return []
    # start-up: the MCP proxy imports httpx and the MCP SDK; only a config that names servers pays for them
    from windtunnel.chaos.proxy.mcp_servers import server_problems

    return [_text(err) for err in server_problems(servers)]


def _reach(cfg: Config, chaos_profile: str | None, out: Preflight) -> None:
    """The chaos that does not run against an agent windtunnel does not launch (config/proxy_env.py): one warning
    naming every phase and scenario that will not run (each with its line), the reason and the line to add — the
    cause and the fix are the same for all of them, so they are said once (QA-13 minor 15)."""
    src = str(cfg._source) if cfg._source is not None else None
    found: list[tuple[str, str]] = []  # (where, what)
    if (cfg.chaos is not None and cfg.chaos.active) or chaos_profile:
        try:
            spec = ChaosSpec.resolve(cfg.chaos, profile=chaos_profile, name="chaos")
        except WindtunnelError:
            spec = None  # reported by _chaos_checks
        if spec is not None and unreachable(cfg.agent, spec):
            found.append((cfg.where(("chaos",)), "ci's chaos phase"))
    for i, scenario in enumerate(cfg.scenarios if cfg.contract is not None else []):
        try:
            spec = ChaosSpec.resolve(scenario)
        except WindtunnelError:
            continue  # reported by the contract checks
        if unreachable(cfg.agent, spec):
            found.append((_scenario_at(cfg, i), f"contract scenario {scenario.name!r}"))
    if len(found) == 1:
        where, what = found[0]
        out.warnings.append(where + not_run_reason(cfg.agent, what, src, checked=False))
    elif found:
        what = ", ".join(f"{w} ({where.removesuffix(': ')})" if where else w for where, w in found)
        out.warnings.append(found[0][0] + not_run_reason(cfg.agent, what, src, checked=False, many=True))


def require_prompts(cfg: Config, out: Preflight) -> None:
    """``validate`` and ``verify``: no golden prompts is an error that stops `run` (issue 29; `run` exits 2 on
    it), tagged so that the commands a contract or replays drive are named as still able to run."""
    if not cfg.golden_prompts:
        with _Section(out, "run", "run --chaos"):
            out.errors.append(
                cfg.where(("golden_prompts",))
                + "golden_prompts is empty: `run` has nothing to send (add the requests your agent must "
                "handle); `ci` skips the mutation and chaos phases (a contract with probes, or replays, can "
                "still run)"
            )


def _phase_warnings(cfg: Config, out: Preflight) -> None:
    """Warnings about ``ci``'s phases: no phase configured at all (``ci`` would score nothing, with each phase's
    reason), and a configured phase that weighs 0 in ``scoring`` (it runs, but its score does not count).
    """
    reasons = configured_phases(cfg)
    ran = [p for p in PHASES if reasons[p] is None]
    if not ran:
        why = "; ".join(f"{p}: {r}" for p, r in reasons.items())
        out.warnings.append(f"no `ci` phase is configured, so `ci` would have nothing to score ({why})")
    weights = cfg.scoring.weights
    for p in ran:
        if getattr(weights, p) == 0:
            at = cfg.where(("scoring", "weights"), ("scoring",))
            out.warnings.append(
                f"{at}the {p} phase is configured but weighs 0 in scoring: `ci` runs it, but its score does "
                "not count (the phases you weight share 1.0; unspecified phases weigh 0)"
            )


__all__ = ["Preflight", "check_chaos", "check_env", "preflight", "require_prompts"]
