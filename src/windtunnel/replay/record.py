"""Recording a session: run the agent once with the seams logging whole responses, write a session.

``replay record`` captures a live exchange as a replayable regression test: the input, every tool (and model) call
with what came back, and the answer. It records through the same seams faults use (a python agent's tool and LLM
references, an HTTP agent's proxies), so what is recorded is exactly what a replay can inject back; optionally
under a contract scenario's faults, to capture an incident on purpose."""

from __future__ import annotations

from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from windtunnel._util.errors import AgentCallError, ConfigError, HarnessError
from windtunnel._util.redact import redact_url
from windtunnel.agents import build_agent
from windtunnel.agents.process import AgentProcess
from windtunnel.agents.registry import capabilities
from windtunnel.chaos.runtime import ChaosRuntime
from windtunnel.chaos.spec import ChaosSpec
from windtunnel.config.agent import declares_tool_seam, records_calls
from windtunnel.config.model import Config
from windtunnel.config.proxy_env import proxied, start_line
from windtunnel.engine.budget import reported_requests
from windtunnel.replay.calllog import recorded_calls
from windtunnel.replay.contract import recording_judge
from windtunnel.replay.export import call_failure, incident
from windtunnel.replay.inject_seams import require_llm_reached, require_llm_seam
from windtunnel.replay.session import ReplaySettings, Session, Target


@dataclass
class Recording:
    """What ``replay record`` produced: the session recorded from one live run of the agent, notes on what could not
    be recorded faithfully, and the faults that fired during the recording (a recording made under a chaos
    scenario keeps them, since they are the conditions the session reproduces)."""

    session: Session
    notes: list[str] = field(default_factory=list)
    faults: list[dict[str, Any]] = field(default_factory=list)
    failure: str | None = None
    """Why the agent gave no answer when its call hung or crashed (the session keeps the incident; see
    :func:`record`)."""


async def record(
    cfg: Config,
    prompt: str,
    *,
    session_id: str,
    name: str | None = None,
    contract: str | None = None,
    inject_llm: bool = False,
    scenario: str | None = None,
    seed: int | None = None,
    tool_proxy_port: int | None = None,
    llm_proxy_port: int | None = None,
) -> Recording:
    """Run the agent once on ``prompt`` and return the session it produced.

    ``scenario`` (a contract matrix scenario) records under that scenario's faults, so an incident can be
    reproduced on purpose; the recording keeps what the agent saw (injected failures included). An agent call that
    hangs or crashes after its calls (:func:`~windtunnel.replay.export.incident`: a timeout, a transport error, a 5xx,
    an unreadable answer) is recorded too: the session has no ``output``, ``expected_failure: timeout: …`` (or
    ``transport: …``) and the calls made until then, and :attr:`Recording.failure` says why (an incident to replay).

    The agent needs a seam for its calls to be recorded (python: ``agent.tools`` / ``agent.tool_registry`` and
    ``agent.llm``; HTTP: windtunnel's proxies), else it is a config error rather than a session holding the input
    only. Any other failed agent call is a harness error: a recording of a broken run is no regression test."""
    agent_cfg = cfg.agent
    python = capabilities(agent_cfg).python
    notes: list[str] = []
    if judge := recording_judge(cfg, contract):  # which checks `replay run -c` this config will judge it by
        notes.append(judge)
    if python and not records_calls(agent_cfg):
        raise ConfigError(
            "recording needs a seam to see the agent's calls: set agent.tools or agent.tool_registry "
            "(and agent.llm for model calls); without one the session would hold the input only",
            hint="see docs/replay.md, 'Recording'",
        )
    if python and not declares_tool_seam(agent_cfg):
        notes.append("agent.tools / agent.tool_registry are not set: no tool calls were recorded")
    no_llm = "or record without --inject-llm: the model then runs live in the replay"
    # a session that says it injects the model's answers must hold them: checked before the run, or after it when the
    # seam is the clients the run creates
    check_after = python and inject_llm and require_llm_seam(agent_cfg, hint=no_llm)
    spec = ChaosSpec(name="record")
    if scenario is not None:
        matches = [s for s in cfg.scenarios if s.name == scenario]
        if not matches:
            names = ", ".join(s.name for s in cfg.scenarios) or "none"
            raise ConfigError(f"no scenario named {scenario!r} in the contract matrix (scenarios: {names})")
        spec = ChaosSpec.resolve(matches[0])
    launched = bool(getattr(agent_cfg, "command", None))
    if not python and not launched and tool_proxy_port is None and not proxied(agent_cfg):
        raise ConfigError(
            "recording an HTTP agent's tool calls needs windtunnel's forward proxy: set agent.command, or start "
            f"the agent with `{start_line(str(cfg._source) if cfg._source else None)}` (one check call finds it "
            "behind the proxies; none passed through them), or start it with HTTP_PROXY=http://127.0.0.1:PORT and "
            "pass --tool-proxy-port PORT"
        )
    async with AsyncExitStack() as stack:
        runtime = await stack.enter_async_context(
            ChaosRuntime(
                agent_cfg,
                [spec],
                seed=seed,
                tool_proxy_port=None if python else tool_proxy_port,
                llm_proxy_port=None if python else llm_proxy_port,
            )
        )
        if launched:
            await stack.enter_async_context(AgentProcess(agent_cfg, extra_env=runtime.agent_env(), cwd=cfg.base_dir))
        agent = build_agent(agent_cfg, concurrency=1)
        await stack.enter_async_context(agent)
        await agent.reset()
        failure: str | None = None
        output: str | None = None
        usage: Any = None
        with runtime.cell(spec, f"record.{session_id}", keep_raw=True) as cc:
            try:
                response = await agent.invoke(prompt)
                output, usage = response.output, response.metadata.get("usage")
            except AgentCallError as err:  # a hang or a crash is an incident too: keep the calls up to it
                if not incident(err.kind, len(cc.calls)):
                    raise HarnessError(
                        f"the agent call failed while recording: {err}", hint="fix the agent or its config first"
                    ) from None
                failure = call_failure(err.kind, str(err))
        calls, call_notes = recorded_calls(cc.calls)
        fired = cc.fired
    if check_after:
        require_llm_reached(reported_requests(usage), sum(c.kind == "llm" for c in calls), hint=no_llm)
    notes += call_notes
    inject: list[Target] = ["tool", "llm"] if inject_llm else ["tool"]
    session = Session(
        id=session_id,
        name=name,
        source="windtunnel",
        captured_at=datetime.now(timezone.utc).isoformat(timespec="seconds"),
        input=prompt,
        calls=calls,
        contract=contract,
        output=output,
        expected_failure=failure,
        replay=ReplaySettings(match="strict", inject=inject),
        metadata={
            "recorded_with": {
                "agent": redact_url(str(getattr(agent_cfg, "endpoint", agent_cfg.type))),
                "scenario": scenario,
                # the faults that acted while recording: a replay counts them as its chaos for `when`
                "faults": fired,
            }
        },
    )
    return Recording(session, notes, fired, failure)
