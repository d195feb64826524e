"""``agent.type: smolagents``: a smolagents agent (``ToolCallingAgent``, ``CodeAgent``) run with ``agent.run``.

Tool faults act by the tool's smolagents name inside the tool object the agent holds: its ``forward`` is
shadowed on the instance, so the agent's ``tools`` mapping keeps the very same ``Tool`` objects (its
``isinstance`` checks and prompt builders see no difference) and an injected failure is raised where the
real tool raises, so smolagents' own error path turns it into the observation the model reads. LLM faults
go on the transport of the OpenAI client an ``OpenAIServerModel`` holds.

A smolagents agent keeps its run's memory on the object, so one object cannot serve two runs at once:
calls to one agent object are serialised (see docs/frameworks/smolagents.md). The model's own retry
policy (``model.retryer``: 60 s before its first retry of a rate-limited call) is reported by ``validate``
when the cell timeout is shorter.
"""

from __future__ import annotations

import sys
import threading
import weakref
from typing import Any

import anyio

from windtunnel._util.words import kind_of
from windtunnel.agents._framework import FrameworkAgent, as_text, require, usage_record, wrong_kind
from windtunnel.agents._llmclients import Found, clients_in
from windtunnel.agents._toolseam import Restore, faulted_callable, shadow_attr
from windtunnel.agents.base import AgentInput, AgentResponse
from windtunnel.agents.config import SmolagentsAgentConfig
from windtunnel.agents.registry import builtin_agent_type

TYPE = "smolagents"
EXTRA = "smolagents"
PACKAGE = "smolagents"
THREAD_SAFE = False
"""One agent object holds one run's memory and step counter."""

_locks: weakref.WeakKeyDictionary[Any, threading.Lock] = weakref.WeakKeyDictionary()
_locks_guard = threading.Lock()


def _sa() -> Any:
    """The ``smolagents`` package, imported on first use, naming the extra when missing."""
    return require("smolagents", agent_type=TYPE, extra=EXTRA)


def is_agent(obj: Any) -> bool:
    """``obj`` is a smolagents agent (nothing is imported: such an object exists only once smolagents is)."""
    cls = getattr(sys.modules.get("smolagents"), "MultiStepAgent", None)
    return isinstance(cls, type) and isinstance(obj, cls)


def check_kind(ref: str, obj: Any) -> None:
    """Accept a smolagents agent (``MultiStepAgent``); a ``Tool`` given instead of its agent, or anything else, is an
    error whose fix fits the mistake."""
    sa = _sa()
    if is_agent(obj):
        return
    if isinstance(obj, sa.Tool):
        fix = f"point agent.endpoint at the smolagents agent that holds this tool (faults name it {obj.name!r})"
    else:
        fix = "point agent.endpoint at a smolagents agent, e.g. `agent = ToolCallingAgent(tools=[...], model=...)`"
    raise wrong_kind(ref, obj, agent_type=TYPE, expected="a smolagents agent (MultiStepAgent)", fix=fix)


def _agents(root: Any) -> list[Any]:
    """The agent and its managed agents, each once."""
    out: list[Any] = []
    todo = [root]
    while todo:
        agent = todo.pop()
        if any(a is agent for a in out):
            continue
        out.append(agent)
        todo += list((getattr(agent, "managed_agents", None) or {}).values())
    return out


def find_tools(root: Any) -> dict[str, list[Any]]:
    """The ``Tool`` objects of the agent and of its managed agents, by smolagents name."""
    out: dict[str, list[Any]] = {}
    for agent in _agents(root):
        for name, tool in (getattr(agent, "tools", None) or {}).items():
            if is_tool(tool) and name not in INTERNAL_TOOLS:
                out.setdefault(str(name), []).append(tool)
    return out


def is_tool(obj: Any) -> bool:
    """A smolagents ``Tool`` (nothing is imported)."""
    cls = getattr(sys.modules.get("smolagents"), "Tool", None)
    return isinstance(cls, type) and isinstance(obj, cls)


def tool_name(tool: Any) -> str:
    """The name the model calls a smolagents ``Tool`` by (what fault ``tool:`` names match)."""
    return str(tool.name)


INTERNAL_TOOLS = ("final_answer",)
"""smolagents' own control tool (how the model ends a run): not one of the agent's tools."""


def wrap_tool(name: str, tool: Any) -> list[Restore]:
    """Shadow ``tool.forward`` on the instance with the faulted call (the tool object stays the same)."""
    if name in INTERNAL_TOOLS:
        return []
    return [shadow_attr(tool, "forward", faulted_callable(name, tool.forward))]


def find_llm_clients(root: Any) -> Found:
    """The OpenAI clients the agents' models hold (``OpenAIServerModel.client``).

    Managed agents are searched too, each model once. A model that calls its provider through its own library
    holds no SDK client and comes back as a reason with the fix."""
    clients: dict[int, Any] = {}
    missing: list[str] = []
    for agent in _agents(root):
        model = getattr(agent, "model", None)
        found = clients_in([model]) if model is not None else []
        if not found:
            missing.append(model_problem(model) or f"the agent's model is {kind_of(model)}")
        for client in found:
            clients.setdefault(id(client), client)
    return list(clients.values()), missing


def model_clients(model: Any) -> tuple[list[Any], str | None]:
    """The SDK clients a smolagents model calls through, or why it has none."""
    found = clients_in([model])
    return (found, None) if found else ([], model_problem(model))


def model_problem(model: Any) -> str | None:
    """Why LLM faults cannot reach ``model`` in process (``None``: they can)."""
    if clients_in([model]):
        return None
    return (
        f"the smolagents model is {kind_of(model)}, which holds no OpenAI / Anthropic SDK client (it calls its "
        "provider through its own library): use OpenAIServerModel (or OpenAIModel) with the provider's "
        "OpenAI-compatible base URL, or run the agent as agent.command behind windtunnel's LLM proxy"
    )


def retry_wait_s(root: Any) -> float | None:
    """How long the agent's model waits before its own first retry of a rate-limited call (``None``: no retry)."""
    retryer = getattr(getattr(root, "model", None), "retryer", None)
    attempts = getattr(retryer, "max_attempts", 1)
    wait = getattr(retryer, "wait_seconds", 0)
    if not isinstance(attempts, int) or attempts <= 1 or not isinstance(wait, (int, float)) or wait <= 0:
        return None
    return float(wait)


def _lock_for(obj: Any) -> threading.Lock:
    """The lock that serialises runs of one agent object, created on first use; held weakly, so an agent object that is
    dropped takes its lock with it."""
    with _locks_guard:
        lock = _locks.get(obj)
        if lock is None:
            lock = _locks[obj] = threading.Lock()
        return lock


def _task(prompt: AgentInput) -> str:
    """The task text for ``agent.run``: the prompt, or a conversation's last user turn (smolagents runs take one task,
    not a message list)."""
    if isinstance(prompt, str):
        return prompt
    users = [str(m.get("content") or "") for m in prompt if m.get("role") == "user"]
    return users[-1] if users else ""


def _tool_calls(obj: Any) -> list[dict[str, Any]]:
    """The tool calls of the last run, read from the agent's memory steps, without ``final_answer``."""
    calls: list[dict[str, Any]] = []
    for step in getattr(getattr(obj, "memory", None), "steps", None) or []:
        for call in getattr(step, "tool_calls", None) or []:
            if call.name != "final_answer":
                calls.append({"name": call.name, "args": call.arguments})
    return calls


def run_serialised(obj: Any, task: str) -> tuple[Any, list[dict[str, Any]], Any]:
    """``agent.run(task)`` holding the agent object's lock (its memory is the run's): the answer, the tool calls
    of the run and its token usage, read before another run may start."""
    with _lock_for(obj):
        answer = obj.run(task, reset=True)
        monitor = getattr(obj, "monitor", None)
        usage = monitor.get_total_token_counts() if monitor is not None else None
        return answer, _tool_calls(obj), usage


@builtin_agent_type("smolagents", config=SmolagentsAgentConfig)
class SmolagentsAgent(FrameworkAgent):
    """Runs a smolagents agent with ``agent.run(task)`` in a worker thread, one run per agent object at a time.

    The run is synchronous and keeps its memory on the agent object, so concurrent cells of one object take turns;
    the tool calls and token usage are read under the same lock, before another run can overwrite them."""

    agent_type = TYPE

    def check_kind(self, obj: Any) -> None:
        """Raise unless the endpoint is a smolagents agent (:func:`check_kind`)."""
        check_kind(self.cfg.endpoint, obj)

    def timeout_note(self) -> str:
        """Why a timed-out cell may not be the agent's fault: the model's own retry back-off is longer than
        ``agent.timeout``, so the agent may have been waiting to retry a rate-limited call (``""`` otherwise)."""
        wait = retry_wait_s(self._fn)
        if wait is None or wait * 1000 < self.cfg.timeout:
            return ""
        return (
            f" (the smolagents model waits {wait:g} s before its own retry of a rate-limited call, longer than "
            "agent.timeout: the agent may still have been backing off)"
        )

    async def run(self, obj: Any, prompt: AgentInput) -> AgentResponse:
        """One ``agent.run`` in a worker thread (smolagents is synchronous), serialised per agent object; a cell that
        times out abandons the thread rather than waiting for it. Usage comes from the agent's monitor.

        The task is a conversation's last user turn, and ``reset=True`` starts each run with an empty memory, so
        one cell's steps never leak into the next."""
        answer, calls, usage = await anyio.to_thread.run_sync(
            run_serialised, obj, _task(prompt), abandon_on_cancel=True
        )
        meta: dict[str, Any] = {}
        if usage is not None:
            model = getattr(getattr(obj, "model", None), "model_id", None)
            meta["usage"] = usage_record(
                input_tokens=usage.input_tokens or 0,
                output_tokens=usage.output_tokens or 0,
                model=model if isinstance(model, str) else None,
            )
        return AgentResponse(as_text(answer), 0.0, raw=answer, tool_calls=calls, metadata=meta)
