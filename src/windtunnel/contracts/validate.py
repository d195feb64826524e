"""Contract checks that go beyond the config schema: everything that would otherwise fail at run time.

The config layer already rejects unknown invariant types, fault modes and ``when`` values, and missing
or mistyped parameters. :func:`check_contract` adds what needs the whole contract in view (an empty
matrix, duplicate ids and names, probes on a type that cannot use them, invariants that apply in no
scenario, chaos that has no seam to act on, auto baselines without golden prompts) and returns every
problem found, so a user fixes them all in one pass.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from windtunnel._util.errors import ConfigError, WindtunnelError
from windtunnel._util.imports import import_ref
from windtunnel.agents.registry import capabilities
from windtunnel.chaos.seam_checks import llm_mode_problems
from windtunnel.config.agent import declares_llm_seam, declares_tool_seam
from windtunnel.contracts.scope import applies, probes_of, scenario_specs
from windtunnel.invariants.base import CheckContext
from windtunnel.invariants.labels import labelled

if TYPE_CHECKING:
    from windtunnel.chaos.spec import ChaosSpec
    from windtunnel.config.model import Config
    from windtunnel.invariants.base import InvariantSpec

WHEN_HINT = "always, tool_faults_active, llm_faults_active, any_chaos_active, no_chaos"


def _dups(names: list[str]) -> list[str]:
    """The names that occur more than once, sorted (each once)."""
    return sorted(n for n, k in Counter(names).items() if k > 1)


def _smoke(inv: InvariantSpec) -> str | None:
    """Evaluate ``inv`` once on a synthetic answer: a plugin that crashes is found before the run (a check that waits
    on I/O, such as a judge model, is not called before the run).

    Only a crash is reported; whether the synthetic answer passes is irrelevant. The message carries the
    exception's type and text, which is usually enough to fix a plugin. A built-in type (declared in windtunnel) is
    not called: the test suite evaluates every one on passing, failing and failed answers
    (tests/invariants/test_invariant_registry.py), and calling it here cost ``validate`` its start-up (the PII
    check compiles a dozen patterns)."""
    if type(inv).blocking or type(inv).__module__.startswith("windtunnel."):
        return None

    ctx = CheckContext(
        output="Thanks for your message.",
        prompt="Hello",
        golden_prompt="Hello",
        latency_ms=1.0,
        baseline_output="Thanks for your message.",
        system_prompt="You are a helpful assistant.",
    )
    try:
        inv.evaluate(ctx)
    except Exception as err:
        return f"{type(err).__name__}: {err}"
    return None


def _scenario_problems(cfg: Config, specs: dict[str, ChaosSpec], *, imports: bool) -> list[str]:
    """Faults of each matrix scenario that the agent has no seam for, and (``imports``: ``agent.llm`` is imported)
    LLM fault modes its ``agent.llm`` cannot express, by the check the ``chaos:`` block uses.

    A fault with no seam to act on would never fire, and the scenario would score the agent without the chaos it
    claims; saying so before the run is the alternative to a silent skip."""
    out: list[str] = []
    agent = cfg.agent
    python = capabilities(agent).python
    index = {s.name: i for i, s in enumerate(cfg.scenarios)}
    for name, spec in specs.items():
        where = f"scenario {name!r}"
        if spec.needs_tool_seam and python and not declares_tool_seam(agent):
            out.append(
                f"{where} has tool faults (or attacks in tool replies) but the python agent declares neither "
                "agent.tools (a list of 'module:attr' tool callables) nor agent.tool_registry "
                "(a 'module:attr' "
                "mapping name -> callable): windtunnel cannot reach its tool calls and never skips "
                "faults silently"
            )
        if spec.needs_llm_seam and python and not declares_llm_seam(agent):
            out.append(
                f"{where} has LLM faults but the python agent does not set agent.llm ('module:attr' of its "
                "model client or of the callable that calls the model)"
            )
        if imports and spec.llm_faults:
            i = index.get(name, -1)
            at = cfg.where(("contract", "chaos_matrix", i, "llm_faults"), ("chaos_matrix", i, "llm_faults"))
            out += [at + p for p in llm_mode_problems(agent, spec, where)]
        # an HTTP agent whose calls windtunnel cannot reach: the scenario is not run (config/proxy_env.py)
    return out


def _invariant_problems(cfg: Config, invariants: list[InvariantSpec], specs: dict[str, ChaosSpec]) -> list[str]:
    """Problems of each contract invariant that only show with the whole contract in view: probes on a type that
    ignores them, probes that cannot be built, golden-prompt invariants without golden prompts, an auto baseline
    without golden prompts, a ``when`` that holds in no scenario (the invariant would never be checked), and a
    plugin that crashes on a synthetic answer."""
    out: list[str] = []
    for inv in invariants:
        where = f"contract invariant {inv.label!r} ({inv.type})"
        if inv.probes and not type(inv).uses_probes:
            out.append(
                f"{where} has probes, but {inv.type} does not judge probe answers; remove probes, or use "
                "excludes_pattern / system_prompt_leak_probe for probe checks"
            )
        try:
            probes = probes_of(inv)
        except ValueError as err:
            out.append(f"{where}: {err}")
            probes = []
        if probes is None and not cfg.golden_prompts:
            out.append(
                f"{where} is judged on the golden prompts, but the config has no golden_prompts: "
                "add golden_prompts (or probes, for a probe invariant)"
            )
        if inv.type == "behavior_unchanged" and getattr(inv, "baseline", None) == "auto" and not cfg.golden_prompts:
            out.append(f"{where} has baseline: auto, which needs golden_prompts to compute a chaos-free baseline")
        if inv.type == "behavior_unchanged" and probes is not None:
            out.append(f"{where}: behavior_unchanged compares golden-prompt answers with their baseline; remove probes")
        if specs and not any(applies(inv.when, s) for s in specs.values()):
            out.append(
                f"{where} has when: {inv.when}, which holds in no scenario of the matrix, "
                "so it would never be "
                f"checked: add a scenario where it holds or change when ({WHEN_HINT})"
            )
        crash = _smoke(inv)
        if crash is not None:
            out.append(f"{where} crashes when evaluated: {crash}")
    return out


def _import_problems(cfg: Config) -> list[str]:
    """One problem per python reference of the agent that does not import, naming its config key."""
    out = []
    for where, ref in cfg.agent.python_refs():
        try:
            import_ref(ref, what=where)
        except WindtunnelError as err:
            out.append(f"{where}: {err.message}")
    return out


def check_contract(cfg: Config, *, imports: bool = False) -> list[str]:
    """Every problem that would make ``contract run`` fail or score vacuously (empty list: runnable). ``imports``:
    also import the python references of the agent (endpoint, tools, llm, reset).

    All problems are collected rather than stopping at the first, so one ``validate`` shows the whole list. A
    contract without invariants or scenarios is a problem, never a 100 % pass."""
    contract = cfg.contract
    if contract is None:
        return ["the config has no contract: add `contract:` with invariants and a chaos_matrix"]
    problems: list[str] = []
    if not contract.invariants:
        problems.append("the contract has no invariants, so nothing would be checked: add contract.invariants")
    scenarios = cfg.scenarios
    if not scenarios:
        where = cfg.where(("contract", "chaos_matrix"), ("chaos_matrix",), ("contract",))
        problems.append(
            f"{where}the contract matrix is empty: add contract.chaos_matrix (or top-level chaos_matrix) "
            "with at least "
            "one scenario, e.g. `- name: no-chaos`; an empty matrix is not a 100 % pass"
        )
    ids = [inv.id for inv in contract.invariants if inv.id]
    for dup in _dups(ids):
        problems.append(f"duplicate contract invariant id {dup!r}: every id must be unique")
    for dup in _dups([s.name for s in scenarios]):
        problems.append(f"duplicate scenario name {dup!r} in the chaos matrix: every name must be unique")
    for s in scenarios:
        if not s.name.strip() or any(c in s.name for c in "/:"):
            problems.append(f"scenario name {s.name!r} must be non-blank and contain no '/' or ':'")
    specs: dict[str, ChaosSpec] = {}
    try:
        specs = scenario_specs(scenarios)
    except WindtunnelError as err:
        problems.append(err.message)
    problems += _scenario_problems(cfg, specs, imports=imports)
    problems += _invariant_problems(cfg, labelled(contract.invariants), specs)
    if imports:
        problems += _import_problems(cfg)
    return problems


def raise_problems(cfg: Config, *, imports: bool = False) -> None:
    """Raise one ConfigError listing every problem of :func:`check_contract` (exit 2).

    The message starts with the config file and the number of problems, then one line per problem; the hint says
    to fix them all, since a partial fix would only show the rest on the next run."""
    problems = check_contract(cfg, imports=imports)
    if problems:
        src = str(cfg._source) if cfg._source else "the config"
        n = len(problems)
        lines = [f"{src}: the contract cannot run ({n} problem{'s' if n != 1 else ''})"]
        lines += [f"  - {p}" for p in problems]
        raise ConfigError("\n".join(lines), hint="fix them all, then `windtunnel contract validate` again")


__all__ = ["check_contract", "raise_problems"]
