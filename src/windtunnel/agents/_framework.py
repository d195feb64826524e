"""What the framework adapters share: importing the framework lazily, loading the agent object, running one call
under the timeout, and the usage record.

Each framework adapter module is a handful of functions with the same names (``check_kind``, ``find_tools``,
``wrap_tool``, ``find_llm_clients``, listed in :mod:`windtunnel.agents.frameworks`) plus one
:class:`FrameworkAgent` subclass whose :meth:`~FrameworkAgent.run` makes one framework call. The framework itself
is imported through :func:`require` when first needed, so a config naming a framework that is not installed gets
the ``pip install`` line for its extra instead of a traceback."""

from __future__ import annotations

import dataclasses
import json
import time
from typing import Any

import anyio

from windtunnel._util.errors import (
    AgentBadResponse,
    AgentCrashed,
    AgentTimeout,
    AgentUnreachableError,
    describe_exception,
)
from windtunnel._util.imports import import_ref
from windtunnel._util.optional import optional_import
from windtunnel._util.words import kind_of
from windtunnel.agents.base import AgentInput, AgentResponse, TransportMutation
from windtunnel.agents.python import PythonAgent
from windtunnel.chaos.injected import InjectedFault


def require(module: str, *, agent_type: str, extra: str) -> Any:
    """Import ``module`` or explain which extra to install."""
    return optional_import(module, extra=extra, purpose=f"agent.type {agent_type!r}")


def wrong_kind(ref: str, obj: Any, *, agent_type: str, expected: str, fix: str) -> AgentUnreachableError:
    """The error for an ``agent.endpoint`` that imports but is not the object its type runs: it names what the object
    is, what the type expects and ``fix``, the adapter's guess at the mistake (a tool or an uncompiled graph given
    where the agent belongs). Exit 3, as for any agent that cannot be reached."""
    return AgentUnreachableError(
        f"agent.endpoint {ref!r} is {kind_of(obj)}; agent.type {agent_type!r} expects {expected}", hint=fix
    )


def as_text(value: Any) -> str | None:
    """A framework's final output as text: strings as they are, pydantic models and dataclasses as their JSON,
    anything JSON cannot encode through ``str``. Invariants judge text, and a structured output read as JSON keeps
    its fields checkable."""
    if value is None or isinstance(value, str):
        return value
    if hasattr(value, "model_dump"):
        value = value.model_dump(mode="json")
    elif hasattr(value, "__dataclass_fields__"):
        value = dataclasses.asdict(value)
    try:
        return json.dumps(value, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        return str(value)


def usage_record(
    *, input_tokens: int, output_tokens: int, requests: int | None = None, model: str | None = None
) -> dict[str, Any]:
    """The ``metadata["usage"]`` entry every adapter writes: token counts, their total, the model requests made and
    the model they were spent on. One shape for every framework, so budgets and reports read usage the same way
    whichever adapter produced it."""
    out: dict[str, Any] = {
        "input_tokens": int(input_tokens),
        "output_tokens": int(output_tokens),
        "total_tokens": int(input_tokens) + int(output_tokens),
    }
    if requests is not None:
        out["requests"] = int(requests)
    if model:
        out["model"] = model
    return out


class FrameworkAgent(PythonAgent):
    """Base of the framework adapters: loads ``agent.endpoint`` (the framework's agent object), checks its kind, and
    runs :meth:`run` (async, in the cell's task) under ``agent.timeout``.

    It reuses the python adapter's lifecycle (``reset_function``, enter and exit), so a framework agent is reset
    as a python agent is; the subclasses only say how to check the object and make one call."""

    agent_type = "?"

    async def check_reachable(self) -> None:
        """Import ``agent.endpoint`` once and check its kind (an import or kind error ends the run before any cell, with
        exit 3); the framework runs async, in the cell's task, so no worker thread is involved."""
        if self._fn is not None:
            return
        obj = import_ref(self.cfg.endpoint, what="agent.endpoint")
        self.check_kind(obj)
        self._fn = obj
        self._is_async = True
        if self.cfg.reset_function:
            self._reset = import_ref(self.cfg.reset_function, what="agent.reset_function")

    def check_kind(self, obj: Any) -> None:
        """Raise :func:`wrong_kind`'s error when ``obj`` is not the framework's agent object."""
        raise NotImplementedError

    def timeout_note(self) -> str:
        """What the framework itself may have been doing when the cell's timeout ended the call (``""``)."""
        return ""

    async def run(self, obj: Any, prompt: AgentInput) -> AgentResponse:
        """One call: the response with output, tool calls and ``metadata["usage"]`` (latency is set here)."""
        raise NotImplementedError

    async def invoke(self, prompt: AgentInput, *, transport: TransportMutation | None = None) -> AgentResponse:
        """One framework call under ``agent.timeout``; latency in milliseconds over the whole run.

        The deadline ending the call is a ``timeout`` (with :meth:`timeout_note`); an injected tool timeout that the
        framework let escape is the agent failing (``crashed``), not the harness's deadline. Any other exception is
        ``crashed`` with its description, so one broken run fails one cell."""
        start = time.perf_counter()
        try:
            with anyio.fail_after(self.cfg.timeout / 1000):
                response = await self.run(self._fn, prompt)
        except TimeoutError as err:
            if isinstance(err, InjectedFault):  # a tool timeout the framework let through
                raise AgentCrashed(describe_exception(err)) from err
            raise AgentTimeout(f"no answer within {self.cfg.timeout} ms{self.timeout_note()}") from None
        except (AgentBadResponse, AgentTimeout):
            raise
        except Exception as err:
            raise AgentCrashed(describe_exception(err)) from err
        response.latency_ms = (time.perf_counter() - start) * 1000
        return response
