"""The body of ``windtunnel validate``, free of typer so that the lean entry (cli/entry.py) can run it.

``validate`` answers "would the run commands accept this config?" without calling the agent: the schema
(:func:`~windtunnel.config.load.load_config`), the python references (their form always; importing them unless
``--no-import``, which an editor on every save wants), then :func:`~windtunnel.flows.preflight.preflight` over
every block the config declares. Every error is listed at once in one
:class:`~windtunnel._util.errors.ConfigError` (exit 2), sorted by line; warnings and notes go to stderr and do
not change the exit code; the ``ok`` line on stdout counts what the config holds, so a config that validates
but tests nothing (no invariants, no scenarios) is visible at a glance.

Its start-up is measured (``python -m benchmarks startup``, issue #28) and pinned by
``tests/cli/test_validate_imports.py``: nothing imported here may pull in typer, rich, httpx or an event loop.
"""

from __future__ import annotations

from pathlib import Path

from windtunnel._util.imports import split_ref
from windtunnel._util.words import count
from windtunnel.agents.refcheck import check_agent_refs
from windtunnel.cli._plain import say
from windtunnel.config.load import find_config, load_config
from windtunnel.flows.preflight import preflight, require_prompts


def validate_config(config: Path | None, *, no_import: bool) -> None:
    """Check ``config`` as ``windtunnel validate`` does: warnings to stderr, the ok line to stdout, every
    error raised at once as one ConfigError (exit 2)."""
    p = find_config(config)
    cfg = load_config(p)
    agent = cfg.agent
    for _, ref in agent.python_refs():
        split_ref(ref)
    if not no_import:
        check_agent_refs(agent)
    found = preflight(cfg, imports=not no_import, agent_imports=not no_import)
    require_prompts(cfg, found)
    for warning in found.warnings:
        say("warning:", "yellow", warning, err=True)
    for note in found.notes:
        say("note:", "default", note, err=True)
    found.raise_errors(str(p))
    inv = len(cfg.invariants)
    scen = len(cfg.scenarios)
    warned = f", {len(found.warnings)} warning(s)" if found.warnings else ""
    say(
        "ok",
        "green",
        f"{p}: agent {agent.type}, {_count(len(cfg.golden_prompts), 'golden prompt')}, {_count(inv, 'invariant')}, "
        f"{_count(len(cfg.mutations.types), 'mutation type')}, {_count(scen, 'contract scenario')}{warned}",
    )


_count = count
"""``1 invariant``, ``2 invariants``."""
