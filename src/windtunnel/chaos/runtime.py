"""``ChaosRuntime``: the integration API between the engine and every chaos seam.

Usage by the engine (one runtime per run)::

    specs = [ChaosSpec.resolve(s) for s in cfg.scenarios]    # or [ChaosSpec.resolve(cfg.chaos, profile=p)]
    async with ChaosRuntime(cfg.agent, specs, seed=seed) as chaos:
        async with AgentProcess(cfg.agent, extra_env=chaos.agent_env(), cwd=cfg.base_dir):  # if agent.command
            for spec in specs:                                       # HTTP agents: one cell at a time
                ...                                                  # in the task that invokes the agent:
                with chaos.cell(spec, cell_id) as cc:
                    prompt = cc.transform_input(prompt)             # memory_poisoning, overflow ...
                    response = await agent.invoke(prompt)
                cell_result.faults = cc.fired                          # report `faults`
                cell_result.calls = cc.calls                           # tool / LLM calls seen
        for w in chaos.never_fired(): warn(w["message"])

Seams: python agents get in-process wrappers (``agent.tools``, ``agent.tool_registry``, ``agent.llm``)
installed on enter and removed on exit; the active plan is a contextvar, so ``cell()`` must be entered
in the same task (or a parent of the thread) that calls the agent, and cells of different scenarios
may run concurrently. HTTP agents get a forward proxy for their tool calls and an OpenAI-compatible
proxy for their model calls (and any agent with ``agent.mcp_servers`` an MCP proxy). Every seam asks the
same per-cell :class:`FaultPlan`: the in-process wrappers find it in the contextvar, the proxies ask the
runtime for the plan of the cell now running. An external agent's calls carry no cell identity, so while
proxies are in use the runtime holds ONE cell at a time (``cell()`` raises HarnessError when a second one
starts, and :attr:`ChaosRuntime.serial_cells` tells the engine to run them in sequence): then a cell's
``on_call`` / ``after_calls`` / ``count`` count that cell's calls at every seam, its ``fired`` and
``calls`` are exactly its own, and its decisions are seeded by (seed, cell id, request signature,
occurrence), so the same calls fail on every rerun, as for a python agent.
"""

from __future__ import annotations

import os
import threading
from bisect import bisect_left
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from windtunnel._util.envexpand import expand_env
from windtunnel._util.errors import ConfigError, HarnessError
from windtunnel.chaos.base import GLOB_MISSED, NOTHING_TO_ACT_ON, WINDOW_MISSED, FaultSpec, LlmFaultSpec
from windtunnel.chaos.hooks import agent_hooks
from windtunnel.chaos.plan import FaultPlan, Responder, activate
from windtunnel.chaos.proxy import LlmProxy, ToolProxy
from windtunnel.chaos.proxy.common import busy_config_port_hint
from windtunnel.chaos.proxy.mcp_servers import McpServers
from windtunnel.chaos.schedule import Schedule
from windtunnel.chaos.sdk_transport import install_on_new_clients, install_transport
from windtunnel.chaos.seam_checks import llm_mode_problems
from windtunnel.chaos.seams import (
    NO_TOOL_SEAM,
    Restore,
    install_llm,
    install_registry,
    install_tools,
)
from windtunnel.chaos.spec import ChaosSpec

DEFAULT_LLM_UPSTREAM = "https://api.openai.com/v1"
DEFAULT_ANTHROPIC_UPSTREAM = "https://api.anthropic.com"
DEFAULT_OLLAMA_UPSTREAM = "http://localhost:11434"


def ollama_origin(host: str) -> str:
    """``OLLAMA_HOST`` as an origin URL: ``localhost:11434`` and ``0.0.0.0`` are what the Ollama client
    accepts too (scheme ``http``, port 11434 when none is given)."""
    host = host.strip().rstrip("/")
    if "://" not in host:
        host = "http://" + host
    scheme, _, rest = host.partition("://")
    if ":" not in rest.rsplit("]", 1)[-1]:
        rest += ":11434"
    return f"{scheme}://{rest.replace('0.0.0.0', '127.0.0.1', 1)}"


class CellChaos:
    """The chaos of one cell: input attacks, and (after the cell) what fired and which calls were seen.

    The cell has one plan, asked by every seam (the in-process wrappers through the contextvar, the proxies through
    the runtime), so its events are exactly the cell's own.
    """

    def __init__(self, runtime: ChaosRuntime, spec: ChaosSpec, cell_id: str, plan: FaultPlan) -> None:
        """Built by :meth:`ChaosRuntime.cell` only: ``plan`` is the cell's plan, shared by all its seams."""
        self.spec = spec
        self.cell_id = cell_id
        self._runtime = runtime
        self._plan = plan

    def transform_input(self, prompt: Any) -> Any:
        """The agent input after the spec's input-channel context attacks (a str or a message list)."""
        return self._plan.transform_input(prompt)

    def _events(self) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """The cell's fired faults and calls from every seam, in the order they happened (copies: the plans keep their
        process-wide ``seq``). The calls are numbered 1, 2 … in order; a fired fault carries the number of the call it
        acted on: the call it was stamped with when it fired (``call``: a fault acting on a model call's answer, after
        the call took its place), else the calls placed before it + 1 (it fired as its call started, before the call
        took its place; a tool call cancelled during a fault's delay is never placed, and its fault keeps the next
        number). Numbering faults and calls in one sequence left the calls of a cell faulted at every call with only
        even numbers (QA-11 minor 12)."""
        fired, calls = list(self._plan.fired), list(self._plan.calls)
        if not (fired or calls):
            return fired, calls
        calls = sorted(calls, key=lambda e: e["seq"])
        done = [e["seq"] for e in calls]  # ascending: the process-wide order of the calls
        number = {seq: i for i, seq in enumerate(done, 1)}

        def acted_on(fault: dict[str, Any]) -> int:
            """The number of the call ``fault`` acted on."""
            stamped = number.get(fault.get("call", -1))
            return stamped if stamped is not None else bisect_left(done, fault["seq"]) + 1

        return (
            [
                {k: v for k, v in {**e, "seq": acted_on(e)}.items() if k != "call"}
                for e in sorted(fired, key=lambda e: e["seq"])
            ],
            [{**e, "seq": i} for i, e in enumerate(calls, 1)],
        )

    @property
    def fired(self) -> list[dict[str, Any]]:
        """Faults that actually acted in this cell: ``{target, name, mode, scenario, fault_index, seq}``."""
        return self._events()[0]

    @property
    def calls(self) -> list[dict[str, Any]]:
        """Tool / LLM calls seen, in the order they happened whichever seam saw them: ``{target, name, args,
        response, error, faults, latency_ms, seq}`` (``seq`` 1, 2 …; a fired fault's ``seq`` is its call's)."""
        return self._events()[1]

    @property
    def schedule(self) -> dict[str, Any] | None:
        """The cell's fault schedule as report data (``None`` for a cell without faults)."""
        return self._runtime.schedule_of(self.spec)

    @property
    def tool_faults_active(self) -> bool:
        """Whether the cell's scenario has tool faults (a cell without them needs no tool seam)."""
        return bool(self.spec.tool_faults)

    @property
    def llm_faults_active(self) -> bool:
        """Whether the cell's scenario has LLM faults (a cell without them needs no LLM seam)."""
        return bool(self.spec.llm_faults)


class ChaosRuntime:
    """Installs the chaos seams for one run and hands out per-cell fault plans.

    ``agent``: the agent config. ``specs``: every spec the run will use (checked on enter: tool faults
    on a python agent without ``agent.tools`` / ``agent.tool_registry`` raise ConfigError, exit 2).
    ``seed``: the run seed. ``module:attr`` paths resolve from the working directory, like ``agent.endpoint``.
    HTTP agents: ``tool_proxy_port`` / ``llm_proxy_port`` fix the proxy ports (0 = any free port; an
    agent windtunnel does not launch must be pointed at fixed ports: by default ``agent.proxy_port`` /
    ``agent.llm_proxy_port`` when ``agent.proxy_env: honoured``); ``llm_upstream`` is the real
    OpenAI-compatible base URL (default: ``OPENAI_BASE_URL`` from ``agent.env`` or the environment).
    """

    def __init__(
        self,
        agent: Any,
        specs: Sequence[ChaosSpec] = (),
        *,
        seed: int | None,
        tool_proxy_port: int | None = None,
        llm_proxy_port: int | None = None,
        llm_upstream: str | None = None,
        host: str = "127.0.0.1",
    ) -> None:
        """Only records the settings; nothing is installed or started until ``async with`` (:meth:`__aenter__`). A fixed
        port from ``agent.proxy_env: honoured`` applies where the caller gave none.
        """
        self.agent = agent
        self.specs = list(specs)
        self.seed = seed
        self.host = host
        fixed = agent.proxied_ports() if hasattr(agent, "proxied_ports") else None  # agent.proxy_env: honoured
        self._tool_port = tool_proxy_port if tool_proxy_port is not None or fixed is None else fixed[0]
        self._llm_port = llm_proxy_port if llm_proxy_port is not None or fixed is None else fixed[1]
        self._fixed: tuple[int, int] | None = fixed
        self._llm_upstream = llm_upstream
        self._restores: list[Restore] = []
        self._fired_ids: set[tuple[str, str, int]] = set()
        self._most_eligible: dict[tuple[str, str, int], int] = {}
        """The most calls one cell made that a fault was eligible for, by ``(scenario, kind, index)``: a fault that
        never fired because its window (``after_calls`` / ``on_call``) starts past them says so."""
        self._passed_over: dict[tuple[str, str, int], set[str]] = {}
        """The tool calls of the model's answers an LLM fault's ``tool`` glob matched none of, over the run, by
        ``(scenario, kind, index)``: a tool-call mode that never fired says its glob, not its mode, was the cause."""
        self._counts_lock = threading.Lock()
        self._used: dict[str, ChaosSpec] = {}
        self._schedules: dict[str, tuple[ChaosSpec, dict[str, Any]]] = {}
        self._tool_seam = False
        self._llm_seam = False
        self._tool_proxy: ToolProxy | None = None
        self._llm_proxy: LlmProxy | None = None
        self._cell_plan: FaultPlan | None = None
        self._cell_id: str | None = None
        self._mcp: McpServers | None = None
        self.tool_names: list[str] = []

    # -- lifecycle -----------------------------------------------------------------------------
    @property
    def is_python(self) -> bool:
        """Whether the agent runs in this process (python and framework agents: in-process wrappers) rather than as a
        service reached over HTTP (proxies).
        """
        return agent_hooks().is_python(self.agent)

    @property
    def serial_cells(self) -> bool:
        """True when proxies are in use: they hold one cell at a time (an external agent's calls carry no cell
        identity), so the cells must run one after another."""
        return self._tool_proxy is not None or self._llm_proxy is not None or self._mcp is not None

    def proxied_by(self) -> str | None:
        """What will carry the agent's calls through proxies once the runtime is entered (and so hold one cell at a
        time, :attr:`serial_cells`), in the config's words; ``None`` when nothing will. Decided from the settings
        alone, by the rules :meth:`__aenter__` starts the proxies by."""
        if getattr(self.agent, "mcp_servers", None):
            return "agent.mcp_servers"
        if not self.is_python and any(self._wanted_proxies()):
            return "the tool and LLM proxies of an HTTP agent"
        return None

    async def __aenter__(self) -> ChaosRuntime:
        """Install the seams the agent type needs: the MCP proxies first (either kind of agent may use MCP servers),
        then the in-process wrappers for a python agent or the tool / LLM proxies for an HTTP one. A failure (a
        config error, a busy fixed port) undoes whatever was installed before it is raised.
        """
        try:
            await self._start_mcp()  # agent.mcp_servers (chaos/proxy/mcp_servers.py)
            if self.is_python:
                self._install_python()
            else:
                await self._start_proxies()
        except BaseException:
            await self.aclose()
            raise
        return self

    async def __aexit__(self, *exc: object) -> None:
        """Restore the wrapped originals and stop the proxies, whether the run ended normally or not."""
        await self.aclose()

    async def aclose(self) -> None:
        """Restore every wrapped original and stop the proxies."""
        while self._restores:
            self._restores.pop()()
        for proxy in (self._tool_proxy, self._llm_proxy, self._mcp):
            if proxy is not None:
                await proxy.aclose()
        self._tool_proxy = self._llm_proxy = self._mcp = None

    def _install_python(self) -> None:
        """Wrap a python agent's tools (``agent.tools``, ``agent.tool_registry``, a framework's own tools) and its model
        client (``agent.llm``, or a framework model's SDK client). Raises ConfigError (exit 2) when a spec needs a seam
        the config gives no way to reach, or when an LLM fault mode cannot act on the configured client.
        """
        a = self.agent
        framework_seam = self._install_framework() or self._mcp is not None
        if any(s.needs_tool_seam for s in self.specs) and not (a.tools or a.tool_registry or framework_seam):
            raise ConfigError(NO_TOOL_SEAM, hint="see docs/chaos.md, 'Python agents'")
        needs_llm = any(s.needs_llm_seam for s in self.specs)
        framework_llm = not a.llm and self._install_framework_llm(required=needs_llm)
        if needs_llm and not a.llm and not framework_llm:
            raise ConfigError(
                "LLM faults are configured for a python agent, but agent.llm is not set: give the "
                "'module:attr' of the agent's model client (an OpenAI / Anthropic SDK client, or an object "
                "with chat.completions.create) or of the callable that calls the model",
                hint="or let the agent's SDK use `windtunnel proxy llm` as its base URL",
            )
        if a.tools:
            names, restores = install_tools(list(a.tools))
            self.tool_names += names
            self._restores += restores
        if a.tool_registry:
            names, restores = install_registry(a.tool_registry)
            self.tool_names += names
            self._restores += restores
        if a.llm:
            problems = [p for s in self.specs for p in llm_mode_problems(a, s, f"scenario {s.name!r}")]
            if problems:
                raise ConfigError(problems[0], hint="`windtunnel validate` lists every such problem")
            self._restores += install_llm(a.llm)
        self._tool_seam = bool(a.tools or a.tool_registry or framework_seam)
        self._llm_seam = bool(a.llm) or framework_llm

    async def check_servers(self, stderr_tail: str = "") -> None:
        """Once the agent is up and before any cell: reach each ``agent.mcp_servers`` server (exit 3 if one
        is not there; ``stderr_tail``: the launched agent's, shown with the error)."""
        if self._mcp is not None:
            await self._mcp.check(stderr_tail)

    def mcp_unreached(self) -> list[tuple[str, str]]:
        """``(name, url)`` of each ``agent.mcp_servers`` server its proxy could not reach since the last ask
        (:meth:`McpServers.unreached`; none configured: none)."""
        return self._mcp.unreached() if self._mcp is not None else []

    async def _start_mcp(self) -> None:
        """Start a fault proxy in front of each ``agent.mcp_servers`` server (none configured: nothing); an MCP server
        counts as a tool seam, so tool faults then have somewhere to act.
        """
        servers = getattr(self.agent, "mcp_servers", None)
        if not servers:
            return
        self._mcp = McpServers(servers, self._current_http_plan, self.host)
        await self._mcp.start(in_process=self.is_python)
        self._tool_seam = True

    def _install_framework(self) -> bool:
        """A framework agent's tools, found on its object and faulted by name (agents/frameworks.py)."""
        hooks = agent_hooks()
        if not hooks.is_framework(self.agent):
            return False
        names, restores = hooks.install_framework_tools(self.agent, self.specs)
        self.tool_names += names
        self._restores += restores
        return bool(names)

    def _install_framework_llm(self, *, required: bool) -> bool:
        """The model seam of a framework agent without ``agent.llm``: the fault transport on the OpenAI / Anthropic
        clients its models hold (agents/frameworks.py), so the agent sees the SDK's own exceptions and retries.

        ``required`` (a spec has LLM faults): a model whose client cannot be found is a config error saying how to
        fix it. Otherwise the seam goes in whenever every model's client can be found, to record the model calls
        (a cell without an LLM fault passes each call through as it came, so the agent gets what it would without
        windtunnel), the same seam and the same record as with ``agent.llm`` set, and for an agent whose calls build
        their model (none found before the run) on the SDK clients the run creates, as for its faults; when one
        cannot be found, or its transport cannot be reached, nothing is installed and the run goes on with the tool
        calls recorded only."""
        hooks = agent_hooks()
        if not hooks.is_framework(self.agent):
            return False
        where = f"agent.endpoint {self.agent.endpoint!r}"
        if required:
            clients = hooks.framework_llm_clients(self.agent)
            for client in clients:
                self._restores += install_transport(client, where)
            if not clients:  # its calls build their model: fault the SDK clients made from now on
                self._restores += install_on_new_clients(where)
            return True
        restores: list[Restore] = []
        clients = hooks.framework_seen_llm_clients(self.agent)
        if not clients and hooks.framework_records_new_clients(self.agent):  # its calls build their model
            self._restores += install_on_new_clients(where)
            return True
        try:
            for client in clients:
                restores += install_transport(client, where)
        except ConfigError:  # a client whose HTTP transport cannot be reached: record nothing rather than part
            for restore in reversed(restores):
                restore()
            return False
        self._restores += restores
        return bool(clients)

    def upstreams(self) -> tuple[str, str, str]:
        """Where the LLM proxy sends the agent's model calls: the OpenAI-compatible base URL, the Anthropic
        origin and the Ollama origin (from ``agent.env``, else the environment, else the public defaults)."""
        return self._upstream(), self._anthropic_upstream(), self._ollama_upstream()

    def _upstream(self) -> str:
        """The OpenAI-compatible base URL the LLM proxy forwards to: the explicit ``llm_upstream``, else
        ``OPENAI_BASE_URL`` from ``agent.env`` (``${VAR}`` expanded), else the environment's, else the OpenAI API.
        """
        if self._llm_upstream:
            return self._llm_upstream
        configured = (getattr(self.agent, "env", None) or {}).get("OPENAI_BASE_URL")
        if configured:
            return expand_env(configured, where="agent.env.OPENAI_BASE_URL")
        return os.environ.get("OPENAI_BASE_URL") or DEFAULT_LLM_UPSTREAM

    def _anthropic_upstream(self) -> str:
        """Where the LLM proxy sends Anthropic Messages calls: ``ANTHROPIC_BASE_URL`` from ``agent.env``, else the
        environment, else the Anthropic API.
        """
        configured = (getattr(self.agent, "env", None) or {}).get("ANTHROPIC_BASE_URL")
        if configured:
            return expand_env(configured, where="agent.env.ANTHROPIC_BASE_URL")
        return os.environ.get("ANTHROPIC_BASE_URL") or DEFAULT_ANTHROPIC_UPSTREAM

    def _ollama_upstream(self) -> str:
        """Where the LLM proxy sends Ollama-native calls: ``OLLAMA_HOST`` from ``agent.env``, else the environment, else
        the local Ollama default, as an origin URL (:func:`ollama_origin`).
        """
        configured = (getattr(self.agent, "env", None) or {}).get("OLLAMA_HOST")
        if configured:
            return ollama_origin(expand_env(configured, where="agent.env.OLLAMA_HOST"))
        return ollama_origin(os.environ.get("OLLAMA_HOST") or DEFAULT_OLLAMA_UPSTREAM)

    async def _start_proxies(self) -> None:
        """Start the proxies an HTTP agent's specs need: the LLM proxy for LLM faults (or a fixed LLM port, or a
        launched agent with an explicit upstream) and the forward proxy for tool faults (or any launched agent, so
        its calls are recorded). An agent that windtunnel does not launch must already point at fixed proxy ports:
        without them, faults on that seam are a ConfigError saying how to route the agent's traffic through the
        proxy.
        """
        launched = bool(getattr(self.agent, "command", None))
        needs_tools = any(s.needs_tool_seam for s in self.specs)
        needs_llm = any(s.needs_llm_seam for s in self.specs)
        wants_llm, wants_tools = self._wanted_proxies()
        if needs_tools and not launched and self._tool_port is None and self._mcp is None:
            raise ConfigError(
                "tool faults for an HTTP agent act on the agent's own outbound calls, which must go "
                "through windtunnel's forward proxy: set agent.command so windtunnel launches the agent "
                "with HTTP_PROXY set, or start the agent with HTTP_PROXY pointing at a fixed proxy port and "
                "add `proxy_env: honoured` under agent:",
                hint="see docs/chaos.md, 'An agent that is already running'",
            )
        if needs_llm and not launched and self._llm_port is None:
            raise ConfigError(
                "LLM faults for an HTTP agent act on the agent's own model calls, which must go through "
                "windtunnel's LLM proxy: set agent.command so windtunnel launches the agent with "
                "OPENAI_BASE_URL set, or start the agent with its base URL on a fixed proxy port and add "
                "`proxy_env: honoured` under agent:",
                hint="see docs/chaos.md, 'An agent that is already running'",
            )
        if wants_llm:
            self._llm_proxy = LlmProxy(
                self._current_http_plan,
                upstream=self._upstream(),
                host=self.host,
                port=self._llm_port or 0,
                anthropic_upstream=self._anthropic_upstream(),
                ollama_upstream=self._ollama_upstream(),
            )
            self._llm_proxy.busy_hint = self._config_port_hint(1, self._llm_port)
            await self._llm_proxy.start()
            self._llm_seam = True
        if wants_tools:
            exempt = {(self.host, self._llm_proxy.port)} if self._llm_proxy is not None else set()
            exempt |= self._mcp.addresses if self._mcp is not None else set()
            self._tool_proxy = ToolProxy(
                self._current_http_plan, host=self.host, port=self._tool_port or 0, exempt=exempt
            )
            self._tool_proxy.busy_hint = self._config_port_hint(0, self._tool_port)
            await self._tool_proxy.start()
            self._tool_seam = True

    def _wanted_proxies(self) -> tuple[bool, bool]:
        """Which proxies an HTTP agent's run starts, ``(llm, tools)``: the LLM proxy for LLM faults, a fixed LLM port or
        a launched agent with an explicit upstream; the forward proxy for tool faults, a fixed tool port or any launched
        agent (its calls are recorded). Decided from the settings alone, so :func:`runs_cells_one_at_a_time` can tell
        before the run what :attr:`serial_cells` will be."""
        launched = bool(getattr(self.agent, "command", None))
        llm = (
            any(s.needs_llm_seam for s in self.specs)
            or self._llm_port is not None
            or (launched and bool(self._llm_upstream))
        )
        tools = launched or any(s.needs_tool_seam for s in self.specs) or self._tool_port is not None
        return llm, tools

    def _config_port_hint(self, which: int, port: int | None) -> str | None:
        """The busy-port hint when ``port`` is the agent config's fixed proxy port (``proxy_env: honoured``)."""
        if self._fixed is None or not port or port != self._fixed[which]:
            return None
        return busy_config_port_hint(("proxy_port", "llm_proxy_port")[which])

    def _current_http_plan(self) -> FaultPlan | None:
        """The plan the proxies apply to the request arriving now: the plan of the cell now running (``None``
        between cells: requests go through unfaulted and unrecorded). The proxies hold this callable, not a plan.
        """
        return self._cell_plan

    # -- agent process environment ---------------------------------------------------------------
    def agent_env(self) -> dict[str, str]:
        """Environment for a launched agent: its proxies (empty for python agents and unused seams).

        ``HTTP_PROXY``/``http_proxy`` (and ``HTTPS_PROXY``, tunnelled without faults) point at the tool
        proxy, ``OPENAI_BASE_URL`` and ``ANTHROPIC_BASE_URL`` at the LLM proxy (which sends Messages calls
        on to ``ANTHROPIC_BASE_URL`` from ``agent.env`` or the environment, default the Anthropic API, and
        the others to ``OPENAI_BASE_URL``'s); ``NO_PROXY`` names only
        the LLM proxy's ``host:port``, so local tool services go through the tool proxy while model calls
        go straight to the LLM proxy (clients that ignore a port in ``NO_PROXY``, such as requests, reach
        it through the tool proxy, which relays it untouched and streams it through as it arrives).
        """
        env: dict[str, str] = {}
        if self._tool_proxy is not None:
            url = self._tool_proxy.url
            env.update(
                {
                    "HTTP_PROXY": url,
                    "http_proxy": url,
                    "HTTPS_PROXY": url,
                    "https_proxy": url,
                    "NO_PROXY": "",
                    "no_proxy": "",
                }
            )
        if self._llm_proxy is not None:
            env["OPENAI_BASE_URL"] = self._llm_proxy.url + "/v1"
            env["OPENAI_API_BASE"] = self._llm_proxy.url + "/v1"
            env["ANTHROPIC_BASE_URL"] = self._llm_proxy.url
            env["OLLAMA_HOST"] = self._llm_proxy.url
            if self._tool_proxy is not None:
                exempt = f"{self.host}:{self._llm_proxy.port}"
                env.update({"NO_PROXY": exempt, "no_proxy": exempt})
        if self._mcp is not None:
            env.update(self._mcp.env())
        return env

    @property
    def tool_proxy_url(self) -> str | None:
        """The forward proxy's ``http://host:port`` (``None`` when no tool proxy runs)."""
        return self._tool_proxy.url if self._tool_proxy is not None else None

    @property
    def llm_proxy_url(self) -> str | None:
        """The LLM proxy's OpenAI-compatible base URL, ending in ``/v1`` (``None`` when no LLM proxy runs)."""
        return self._llm_proxy.url + "/v1" if self._llm_proxy is not None else None

    # -- cells ---------------------------------------------------------------------------------------
    @contextmanager
    def cell(
        self,
        spec: ChaosSpec | None,
        cell_id: str,
        *,
        responder: Responder | None = None,
        keep_raw: bool = False,
    ) -> Iterator[CellChaos]:
        """Activate ``spec`` for one cell (``None``: no faults, calls still recorded).

        Yields a :class:`CellChaos`; read ``fired`` / ``calls`` after the block. ``responder`` answers
        the cell's calls from a recording before any fault (replay); ``keep_raw`` keeps whole
        responses and statuses in the call log (recording). The cell's one plan serves every seam: the
        in-process wrappers through the contextvar and, while proxies are in use, the proxies (which then
        hold this cell alone: a second cell started before this one ends raises HarnessError).
        """
        spec = spec or ChaosSpec(name="no_chaos")
        self._check_spec(spec)
        self._used.setdefault(spec.name, spec)
        plan = FaultPlan(
            spec,
            seed=self.seed,
            key=cell_id,
            fired_ids=self._fired_ids,
            responder=responder,
            keep_raw=keep_raw,
        )
        cc = CellChaos(self, spec, cell_id, plan)
        proxied = self.serial_cells
        if proxied:
            self._hold(cell_id, plan)
        try:
            with activate(plan):
                yield cc
        finally:
            if proxied:
                self._cell_plan = self._cell_id = None
            seen = plan.eligible_seen()
            passed = {i: plan.passed_over(i) for i in range(len(spec.llm_faults))}
            with self._counts_lock:
                for (kind, index), n in seen.items():
                    key = (spec.name, kind, index)
                    self._most_eligible[key] = max(self._most_eligible.get(key, 0), n)
                for index, names in passed.items():
                    if names:
                        self._passed_over.setdefault((spec.name, "llm", index), set()).update(names)

    def schedule_of(self, spec: ChaosSpec) -> dict[str, Any] | None:
        """``spec`` as a schedule's report data (computed once per scenario); ``None`` without faults."""
        if not (spec.tool_faults or spec.llm_faults):
            return None
        cached = self._schedules.get(spec.name)
        if cached is None or cached[0] is not spec:
            cached = self._schedules[spec.name] = (spec, Schedule.from_spec(spec).data())
        return cached[1]

    def _check_spec(self, spec: ChaosSpec) -> None:
        """Raise ConfigError when ``spec`` has faults for a seam this run did not install: faults that could never act
        must stop the run, not pass it silently.
        """
        if spec.needs_tool_seam and not self._tool_seam:
            if self.is_python:
                raise ConfigError(NO_TOOL_SEAM, hint="see docs/chaos.md, 'Python agents'")
            raise ConfigError(f"scenario {spec.name!r} has tool faults but no tool proxy is running")
        if spec.needs_llm_seam and not self._llm_seam:
            raise ConfigError(f"scenario {spec.name!r} has LLM faults but the agent's model calls are not reachable")

    def _hold(self, cell_id: str, plan: FaultPlan) -> None:
        """Point the proxies at ``plan`` for the cell ``cell_id``. They hold one cell at a time: an external agent's
        calls carry no cell identity, so with two cells in flight a call could be counted and logged in the wrong
        one; a second cell raises HarnessError instead.
        """
        if self._cell_plan is not None:
            raise HarnessError(
                f"cell {cell_id!r} started while cell {self._cell_id!r} is still running; the agent's calls "
                "through windtunnel's proxies carry no cell identity, so the proxies hold one cell at a time",
                hint="run the cells of an HTTP agent (or of an agent with agent.mcp_servers) one after another",
            )
        self._cell_plan, self._cell_id = plan, cell_id

    # -- run-level warnings ----------------------------------------------------------------------------
    def never_fired(self) -> list[dict[str, Any]]:
        """Faults of the specs used in this run that never acted.

        Each is ``{scenario, target, name, mode, message}``; ``message`` reads
        "fault configured for tool 'X' (error, scenario 'S') never fired".
        """
        out: list[dict[str, Any]] = []
        for spec in self._used.values():
            for kind, target, items in (
                ("tool", "tool", spec.tool_faults),
                ("llm", "llm", spec.llm_faults),
                ("attack", "context", spec.context_attacks),
            ):
                for index, item in enumerate(items):
                    if (spec.name, kind, index) in self._fired_ids:
                        continue
                    mode = getattr(item, "mode", None) or getattr(item, "type", "?")
                    name = getattr(item, "match_url", None) or getattr(item, "tool", None)
                    what = (
                        f"{target} {name!r}"
                        if name and name != "*"
                        else f"{target} calls"
                        if kind != "attack"
                        else "context"
                    )
                    seen = self._most_eligible.get((spec.name, kind, index), 0)
                    why = self._window_missed(item, seen)
                    passed = self._passed_over.get((spec.name, kind, index))
                    glob = (
                        f"{GLOB_MISSED} {getattr(item, 'tool', '*')!r} matched none of the tool calls in the model's "
                        f"answers ({', '.join(sorted(passed))})"
                        if passed and not why
                        else None
                    )
                    unfit = None if why or glob else self._nothing_to_act_on(item, seen)
                    out.append(
                        {
                            "scenario": spec.name,
                            "target": target,
                            "name": name,
                            "mode": mode,
                            "message": f"fault configured for {what} ({mode}, scenario {spec.name!r}) never fired"
                            + (f"{WINDOW_MISSED} {why}" if why else "")
                            + (glob or "")
                            + (f"{NOTHING_TO_ACT_ON} {unfit}" if unfit else ""),
                            **({"window": why} if why else {}),
                            **({"acts_on": unfit} if unfit else {}),
                        }
                    )
        return out

    @staticmethod
    def _nothing_to_act_on(item: object, seen: int) -> str | None:
        """What the mode of a fault eligible for ``seen`` calls acts on, when it passes other calls through untouched
        (:attr:`FaultSpec.acts_on`), its window was reached and it fires on every call: none of those calls offered
        it that (a non-streamed answer for ``duplicate_chunk``, a cell's first model call for ``stale_answer``).
        ``None`` otherwise."""
        acts_on = getattr(type(item), "acts_on", None)
        if not acts_on or not seen or not isinstance(item, FaultSpec) or item.probability < 1.0:
            return None  # a fault that may not fire (probability) may have been passed over by chance
        return f"{acts_on}, and none of the calls it was eligible for was one"

    @staticmethod
    def _window_missed(item: object, seen: int) -> str | None:
        """Why a fault eligible for at most ``seen`` calls in any cell never fired when its window explains it: the
        window (``after_calls: N`` / ``on_call: N``) starts past the calls a cell made (``None`` when it was never
        eligible at all, or its window was reached: a name, a pattern or the probability is the cause then)."""
        if not isinstance(item, FaultSpec) or not seen or item.probability <= 0.0:
            return None
        cls = type(item)
        if cls.should_fire is not FaultSpec.should_fire or cls.in_window is not FaultSpec.in_window:
            return None  # a mode that decides for itself may fire on any call: no window to blame
        start = item.on_call - 1 if item.on_call is not None else item.after_calls
        setting = f"on_call: {item.on_call}" if item.on_call is not None else f"after_calls: {item.after_calls}"
        length = item.count if item.count is not None else (1 if item.on_call is not None else None)
        if isinstance(item, LlmFaultSpec) and item.needs_previous and length is not None and start + length <= 1:
            # a mode that answers with the previous answer has nothing to give a cell's first call: a window that
            # covers only that call never lets it act, however many calls the cells made
            return f"({setting}) covers only a cell's first model call, which has no previous answer to replay"
        if seen > start:
            return None
        return f"({setting}) starts at call {start + 1}, and no cell made more than {start} call(s) it applies to"
