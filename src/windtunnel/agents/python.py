"""Python agents: a ``module:attr`` callable, sync or async, returning ``str`` or a dict with ``output``.

The ``python`` agent type runs the user's callable in-process, which is what lets faults reach its real seams: the
tools and LLM client it looks up are wrapped per cell through contextvars (:mod:`windtunnel.chaos.seams`). Sync
callables run in daemon worker threads under the cell's deadline (a hung call is abandoned, not waited for); async
ones run on the event loop, watched by :class:`~windtunnel.agents.loopwatch.LoopWatchdog` so an agent that blocks the
loop fails its cell instead of freezing the run. Everything the agent raises, including ``SystemExit``, becomes a
failed cell; only the user's Ctrl-C stops the run."""

from __future__ import annotations

import inspect
import time
from typing import Any

import anyio

from windtunnel._util.daemon import run_in_daemon_thread
from windtunnel._util.deadline import call_within, move_on
from windtunnel._util.errors import (
    AgentBadResponse,
    AgentCallError,
    AgentCrashed,
    AgentResponseTooLarge,
    AgentTimeout,
    AgentUnreachableError,
    ConfigError,
    describe_exception,
)
from windtunnel._util.imports import import_ref
from windtunnel._util.signals import from_signal
from windtunnel._util.words import a_type
from windtunnel.agents.base import AgentInput, AgentResponse, TransportMutation
from windtunnel.agents.config import PythonAgentConfig
from windtunnel.agents.detect import framework_type_of, thread_unsafe_in  # imports no framework or adapter
from windtunnel.agents.loopwatch import LoopBlocked, LoopWatchdog
from windtunnel.agents.registry import builtin_agent_type, get_agent_type

MAX_TOOL_CALLS_KEPT = 1000
"""Tool calls kept from one answer of a python agent (the first ones; ``metadata.tool_calls_dropped`` counts
the rest): an agent returning millions would otherwise be held, checked and recorded in full."""


def normalize_output(value: Any) -> tuple[str | None, list[dict[str, Any]], dict[str, Any]]:
    """``(output, tool_calls, metadata)`` from whatever a python agent returned.

    A string (or ``None``) is the output; a dict must carry ``output`` and may carry ``tool_calls`` (kept up to
    :data:`MAX_TOOL_CALLS_KEPT`) and ``metadata``; a chat-message object contributes its ``content``. A non-string
    output is stringified rather than rejected. Anything else raises :class:`AgentBadResponse`, naming what came
    back, so the cell fails with a message the agent's author can act on."""
    if value is None or isinstance(value, str):
        return value, [], {}
    if isinstance(value, dict):
        if "output" not in value:
            raise AgentBadResponse(
                f"the agent returned a dict without an 'output' key (keys: {', '.join(map(str, value))[:200]})"
            )
        out = value["output"]
        tool_calls = value.get("tool_calls") or []
        metadata = value.get("metadata") or {}
        if out is not None and not isinstance(out, str):
            out = str(out)
        calls = tool_calls[:MAX_TOOL_CALLS_KEPT] if isinstance(tool_calls, list) else []
        meta = dict(metadata) if isinstance(metadata, dict) else {}
        if isinstance(tool_calls, list) and len(tool_calls) > MAX_TOOL_CALLS_KEPT:
            meta["tool_calls_dropped"] = len(tool_calls) - MAX_TOOL_CALLS_KEPT
        return out, calls, meta
    content = getattr(value, "content", None)  # chat-message objects (LangChain AIMessage and the like)
    if isinstance(content, str):
        return content, [], {}
    raise AgentBadResponse(f"the agent returned {type(value).__name__}; expected str or a dict with 'output'")


_NO_ANSWER: Any = object()


def check_output_size(output: str | None, limit: int) -> None:
    """Raise ``too_large`` when ``output`` is longer than ``limit`` bytes in UTF-8 (encoded only when in doubt).

    A character is at most 4 bytes in UTF-8, so an output of at most ``limit / 4`` characters passes without
    encoding, and one with more characters than ``limit`` bytes fails without encoding; only the range between is
    encoded to count its bytes. Lone surrogates (possible in a python string) are counted, not rejected."""
    if output is None or len(output) * 4 <= limit:
        return
    counted = len(output) <= limit  # else its characters alone exceed the limit: at least as many bytes
    size = len(output.encode("utf-8", "surrogatepass")) if counted else len(output)
    if size > limit:
        raise AgentResponseTooLarge(  # QA-28: "N characters, more than ... bytes" compared characters with bytes
            f"the agent returned {'' if counted else 'at least '}{size:,} bytes in UTF-8 ({len(output):,} "
            f"characters), more than agent.max_response_bytes ({limit:,} bytes)"
        )


def agent_entry(cfg: PythonAgentConfig) -> Any:
    """Import ``agent.endpoint`` and return what to call, as the adapter of ``agent.type`` finds it (the
    callable itself; a ``langchain`` runnable's invoke, see :mod:`windtunnel.agents.langchain`).

    Raises :class:`AgentUnreachableError` (exit 3) when it does not import or is not that kind of object;
    ``validate`` and ``verify`` call it too, so they say what the run would.
    """
    adapter = get_agent_type(cfg.type).adapter
    if isinstance(adapter, type) and issubclass(adapter, PythonAgent):
        return adapter.entry(cfg)
    return PythonAgent.entry(cfg)


LOOP_GRACE = 1.0
"""Seconds beyond an async agent's timeout that it may block the event loop before the watchdog stops it."""


@builtin_agent_type("python", config=PythonAgentConfig)
class PythonAgent:
    """Calls a python callable in-process; sync callables run in a worker thread under the timeout.

    The adapter also serves ``langchain`` and the framework types (their subclasses change how the entry is found
    and called), so reset, timeout and failure handling behave the same across every in-process agent."""

    def __init__(self, cfg: PythonAgentConfig, *, concurrency: int = 10) -> None:
        """Keep the config; the callable is imported in :meth:`check_reachable` (at ``async with``), so building an
        adapter never runs user code. Sync calls share a roomy thread limiter (four per concurrent cell): a hung call
        keeps its thread after its cell times out, and must not starve the cells after it."""
        self.cfg = cfg
        self.name = cfg.endpoint
        self.accepts_messages = cfg.accepts_messages
        self._fn: Any = None
        self._reset: Any = None
        self._is_async = False
        self._watchdog: Any = None
        """The :class:`~windtunnel.agents.loopwatch.LoopWatchdog` of an async agent, while entered."""
        # abandoned (hung) sync calls keep their thread; a roomy limiter keeps them from starving the run
        self._threads = anyio.CapacityLimiter(max(4, concurrency * 4))

    @staticmethod
    def entry(cfg: PythonAgentConfig) -> Any:
        """Import ``agent.endpoint``: the callable to call (a framework's agent object is a ConfigError naming the
        ``agent.type`` that runs it; anything else not callable is unreachable).

        Subclasses override this to call something else than the object itself (a runnable's ``invoke``), and
        :func:`agent_entry` asks the adapter of the configured type, so ``validate`` checks the same thing."""
        obj = import_ref(cfg.endpoint, what="agent.endpoint")
        if not callable(obj):
            if (framework := framework_type_of(obj)) is not None:  # QA-4 m22: say which agent.type runs it
                raise ConfigError(
                    f"agent {cfg.endpoint!r} is {a_type(obj)}, which agent.type {cfg.type!r} cannot call: "
                    f"it is a {framework} agent",
                    hint=f"set agent.type: {framework} (windtunnel runs the framework's agent and faults its tools "
                    "and model by name; docs/frameworks/)",
                )
            raise AgentUnreachableError(
                f"agent {cfg.endpoint!r} is {a_type(obj)}, not a callable",
                hint="point agent.endpoint at a function or an object with __call__",
            )
        return obj

    async def __aenter__(self) -> PythonAgent:
        """Import the agent (:meth:`check_reachable`) and, for an async agent, start the event loop watchdog with a
        budget of the cell timeout plus :data:`LOOP_GRACE` (where the platform allows one)."""
        await self.check_reachable()
        if self._is_async:
            watchdog = LoopWatchdog(self.cfg.timeout / 1000 + LOOP_GRACE, PythonAgent.invoke.__code__)
            self._watchdog = watchdog if watchdog.start() else None
        return self

    async def __aexit__(self, *exc: object) -> None:
        """Stop the loop watchdog, if one was started."""
        if self._watchdog is not None:
            self._watchdog.stop()
            self._watchdog = None

    async def check_reachable(self) -> None:
        """Import ``agent.endpoint`` (and ``agent.reset_function``) once, and decide how it will be called: async
        callables (functions or objects with an async ``__call__``) on the loop, sync ones in worker threads. A sync
        agent that shares a framework agent object that cannot serve two runs at once gets a limiter of one, so its
        calls are serialised instead of corrupting each other. Raises what :func:`agent_entry` raises."""
        if self._fn is not None:
            return
        self._fn = agent_entry(self.cfg)
        self._is_async = inspect.iscoroutinefunction(self._fn) or inspect.iscoroutinefunction(
            getattr(self._fn, "__call__", None)  # noqa: B004 - async callable objects
        )
        if not self._is_async and thread_unsafe_in(self._fn) is not None:
            self._threads = anyio.CapacityLimiter(1)  # one agent object shared by every call: one call at a time
        if self.cfg.reset_function:
            self._reset = import_ref(self.cfg.reset_function, what="agent.reset_function")

    async def invoke(self, prompt: AgentInput, *, transport: TransportMutation | None = None) -> AgentResponse:
        """Call the agent with one prompt under ``agent.timeout``; latency in milliseconds.

        The deadline does not raise into the agent: a ``TimeoutError`` the agent raises itself is its own failure
        (``crashed``), while the harness's deadline is reported as ``timeout``. ``SystemExit`` and a
        ``KeyboardInterrupt`` not caused by a signal fail the cell; a real Ctrl-C propagates and stops the run. An
        async agent that blocks the loop past its budget is stopped by the watchdog and reported as a timeout with
        the likely cause. The answer is normalised (:func:`normalize_output`) and checked against
        ``agent.max_response_bytes``."""
        timeout = self.cfg.timeout / 1000
        start = time.perf_counter()
        value: Any = _NO_ANSWER
        try:
            # move_on, not a raising deadline: a TimeoutError the agent raises itself is its exception,
            # not the harness's deadline (only the deadline is reported as `timeout`)
            if self._is_async:  # its deadline's timer armed only if it waits (call_within)
                value = await self._watched(call_within(timeout, self._fn(prompt), _NO_ANSWER))
            else:
                async with move_on(timeout):
                    value = await run_in_daemon_thread(self._fn, prompt, limiter=self._threads)
                    if inspect.isawaitable(value):
                        value = await value
        except (AgentBadResponse, AgentTimeout):
            raise
        except SystemExit as err:  # an agent that calls sys.exit() fails its cell, not the run
            raise AgentCrashed(f"the agent called sys.exit({err.code!r})") from None
        except KeyboardInterrupt as err:  # Ctrl-C stops the run; the agent raising it fails its cell
            if from_signal(err):
                raise
            raise AgentCrashed("the agent raised KeyboardInterrupt (no Ctrl-C was pressed)") from None
        except Exception as err:
            raise AgentCrashed(describe_exception(err)) from err
        except LoopBlocked as err:
            raise AgentTimeout(
                f"the agent blocked the event loop for {err.args[0]:.1f} s, longer than its timeout "
                f"({self.cfg.timeout} ms): an async agent made a blocking call (time.sleep, a sync HTTP client, "
                "heavy computing), so no other cell and no deadline could run; the watchdog stopped it. Use "
                "asyncio.sleep / an async client, or make the agent a sync function (run in a worker thread)"
            ) from None
        if value is _NO_ANSWER:
            raise AgentTimeout(f"no answer within {self.cfg.timeout} ms")
        latency = (time.perf_counter() - start) * 1000
        output, tool_calls, metadata = normalize_output(value)
        check_output_size(output, self.cfg.max_response_bytes)
        return AgentResponse(output, latency, raw=value, tool_calls=tool_calls, metadata=metadata)

    async def _watched(self, call: Any) -> Any:
        """Await an async agent's call, counted in flight for the loop watchdog."""
        wd = self._watchdog
        if wd is None:
            return await call
        wd.in_flight += 1
        try:
            return await call
        finally:
            wd.in_flight -= 1

    async def reset(self) -> None:
        """Call ``agent.reset_function`` (sync in a thread, or async) within ``agent.timeout``; a no-op when none is
        set. A reset that hangs, exits or raises fails the cell that needed it, with the reset named in the message,
        rather than letting state leak into the next cell."""
        if self._reset is None:
            return
        try:
            with anyio.fail_after(self.cfg.timeout / 1000):
                if inspect.iscoroutinefunction(self._reset):
                    result = await self._reset()
                else:
                    result = await run_in_daemon_thread(self._reset)
                if inspect.isawaitable(result):
                    await result
        except TimeoutError:
            raise AgentTimeout(f"reset_function did not return within {self.cfg.timeout} ms") from None
        except AgentCallError:
            raise
        except SystemExit as err:
            raise AgentCrashed(f"reset_function called sys.exit({err.code!r})") from None
        except Exception as err:
            raise AgentCrashed(f"reset_function raised {describe_exception(err)}") from err

    @property
    def has_reset(self) -> bool:
        """Whether ``agent.reset_function`` is set (the engine only isolates cells it can reset)."""
        return bool(self.cfg.reset_function)
