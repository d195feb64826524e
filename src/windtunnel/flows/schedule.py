"""``--schedule FILE``: a fault schedule checked against the agent before ``run`` or ``contract run`` uses it.

A schedule (``chaos/schedule.py``) names seams and calls; a tool seam that names a tool the agent does not
have would never fire, and the run would only say so at the end. Checked here, once, the schedule becomes
the :class:`~windtunnel.chaos.spec.ChaosSpec` the run injects (or a config error, exit 2).
"""

from __future__ import annotations

from fnmatch import fnmatchcase
from pathlib import Path

from windtunnel._util.errors import ConfigError, WindtunnelError
from windtunnel._util.suggest import did_you_mean
from windtunnel.agents import frameworks
from windtunnel.chaos.schedule import TOOL_PREFIX, load_schedule
from windtunnel.chaos.spec import ChaosSpec
from windtunnel.config.model import Config
from windtunnel.flows.preflight import agent_tool_names


def checked_schedule(cfg: Config, path: Path | str) -> ChaosSpec:
    """``--schedule FILE`` (or the schedule inline) for ``run`` and ``contract run``: the spec it compiles to, or a
    config error (exit 2)
    when it schedules no fault, or names a tool the agent does not have (it would never fire: the run would
    test nothing and say so only at the end)."""

    schedule = load_schedule(path)
    if not schedule.faults and not schedule.context_attacks:
        raise ConfigError(
            f"{path} schedules no fault (`faults:` is empty): a run under it would test nothing",
            hint="add a fault, e.g. `faults: [{seam: 'tool:NAME', on_call: 1, fault: {mode: timeout}}]`",
        )
    names = agent_tool_names(cfg, imports=True)
    if names is None and frameworks.is_framework(cfg.agent):
        try:
            names = frameworks.tool_names(cfg.agent)
        except WindtunnelError:
            names = None  # the run says why the agent cannot be loaded
    for i, slot in enumerate(schedule.faults):
        if not slot.seam.startswith(TOOL_PREFIX) or slot.fault.get("match_url") or names is None:
            continue
        tool = slot.seam[len(TOOL_PREFIX) :]
        if tool != "*" and not any(fnmatchcase(n, tool) for n in names):
            raise ConfigError(
                f"{path}: faults[{i}]: seam {slot.seam!r} names tool {tool!r}{did_you_mean(tool, names)}, which is "
                f"not among the agent's tools ({', '.join(names) or 'none'}): it would never fire",
                hint="use one of the agent's tool names (`windtunnel validate` lists what faults can match)",
            )
    return schedule.to_spec()
