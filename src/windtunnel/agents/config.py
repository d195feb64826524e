"""``agent:`` — how to reach the agent under test. Discriminated by ``type``.

One pydantic model per agent type, each ``extra="forbid"`` so a misspelt key is an error naming the closest valid
one. A block without ``type`` gets one inferred from its shape (:func:`_infer_type`), as the upstream format allows.
Each model lists its ``module:attr`` references (``python_refs``), which ``validate`` and the run import and check
before any cell. The predicates at the end (:func:`declares_tool_seam` ...) answer what the chaos and engine layers
ask about an agent without importing its adapter."""

from __future__ import annotations

from typing import Annotated, Any, Literal
from urllib.parse import urlsplit

from pydantic import BeforeValidator, Field, field_validator, model_validator

from windtunnel._util.model import StrictModel
from windtunnel._util.urls import HTTP_SCHEMES as HTTP_SCHEMES
from windtunnel._util.urls import check_http_url

DEFAULT_MAX_RESPONSE_BYTES = 10 * 1024 * 1024
"""``agent.max_response_bytes`` when the config does not set it: 10 MiB."""


class _AgentCommon(StrictModel):
    """The keys every agent type accepts: the call's limits (timeout, answer size, retries), state reset between cells,
    the system prompt for leak probes, and how windtunnel may launch the agent (``command``, ``env``) and put its MCP
    servers behind fault proxies."""

    timeout: int = Field(30000, gt=0)
    """Per-call timeout in milliseconds (enforced for sync python callables too)."""
    max_response_bytes: int = Field(DEFAULT_MAX_RESPONSE_BYTES, gt=0)
    """The longest answer read from the agent (bytes on the wire; characters × 4 at most for python agents);
    a longer one is a ``too_large`` errored cell and is never read in full."""
    retries: int | None = Field(None, ge=0)
    """Re-runs of a turn after a transport error, 429 or 5xx; defaults to ``advanced.retries``."""
    system_prompt: str | None = None
    """The agent's system prompt or a canary string, used by system-prompt leak probes."""
    reset_endpoint: str | None = None
    """HTTP endpoint POSTed before every invocation unit to clear agent state."""
    reset_function: str | None = None
    """``module:attr`` callable run before every invocation unit to clear agent state."""
    command: str | list[str] | None = None
    """A command windtunnel launches itself, with HTTP_PROXY / OPENAI_BASE_URL pointed at its proxies."""
    env: dict[str, str] = Field(default_factory=dict)
    """Extra environment for ``command`` (``${ENV}`` expanded)."""
    mcp_servers: dict[str, str] = Field(default_factory=dict)
    """Name → URL of each MCP server (streamable HTTP) the agent uses: for the run each is put behind an MCP
    fault proxy whose address the agent reads from ``WINDTUNNEL_MCP_<NAME>_URL``."""

    def python_refs(self) -> list[tuple[str, str]]:
        """Every ``module:attr`` reference of this block as ``(key, ref)``, in config order."""
        return [("agent.reset_function", self.reset_function)] if self.reset_function else []


class PythonAgentConfig(_AgentCommon):
    """A python callable ``module:attr`` (sync or async) returning ``str`` or a dict with ``output``.

    Its tool and LLM references are the python seams: faults are installed where the agent looks them up, per cell
    through contextvars, so cells of different scenarios can run concurrently in one process."""

    type: Literal["python"] = "python"
    endpoint: str
    """``module:attr`` of the agent callable."""
    tools: list[str] | None = None
    """``module:attr`` of each tool callable; wrapped where the agent looks it up (tool faults)."""
    tool_registry: str | None = None
    """``module:attr`` of a mutable mapping name → callable the agent calls through (tool faults)."""
    llm: str | None = None
    """``module:attr`` of the agent's LLM client (a callable or an OpenAI-style client), for LLM faults."""
    accepts_messages: bool = False
    """The callable takes a list of chat messages (real multi-turn attacks)."""

    def python_refs(self) -> list[tuple[str, str]]:
        """The endpoint, each tool, the tool registry and the LLM client, then the common references; the key of each is
        what an import error names."""
        refs = [("agent.endpoint", self.endpoint)]
        refs += [("agent.tools", t) for t in self.tools or []]
        if self.tool_registry:
            refs.append(("agent.tool_registry", self.tool_registry))
        if self.llm:
            refs.append(("agent.llm", self.llm))
        return refs + super().python_refs()


class LangchainAgentConfig(PythonAgentConfig):
    """A LangChain runnable ``module:attr``; invoked with ``.invoke`` / ``.ainvoke``."""

    type: Literal["langchain"] = "langchain"  # type: ignore[assignment]


DEFAULT_PROXY_PORT = 8899
"""``agent.proxy_port``: where the forward proxy for a running agent's tool calls listens (HTTP_PROXY)."""
DEFAULT_LLM_PROXY_PORT = 8898
"""``agent.llm_proxy_port``: where the LLM proxy for a running agent's model calls listens (OPENAI_BASE_URL)."""


_LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "::1", "0.0.0.0")


def _loopback_port(url: str) -> int | None:
    """The port of ``url`` when it names this machine (a proxy on 127.0.0.1 would share it), else None.

    A URL still holding ``${ENV}`` is not judged (its value is known only at run time); an address without a port
    takes its scheme's default port."""
    if "${" in url:
        return None
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    host = (parts.hostname or "").lower()
    if host not in _LOOPBACK_HOSTS and not host.startswith("127."):
        return None
    return port if port is not None else {"http": 80, "https": 443}.get(parts.scheme.lower())


class _RunningAgentProxy(StrictModel):
    """An agent windtunnel reaches over the network and may not launch itself (see docs/chaos.md, 'An agent that is
    already running').

    Windtunnel cannot set the environment of a process it did not start, so faults on such an agent's outbound
    calls depend on how the user started it: ``proxy_env`` records that, and the proxies listen on the fixed ports
    the agent was pointed at rather than on free ones."""

    proxy_env: Literal["honoured", "ignored"] | None = None
    """``honoured``: the agent, already running, was started with HTTP_PROXY (and OPENAI_BASE_URL /
    ANTHROPIC_BASE_URL) pointing at windtunnel's proxies on ``proxy_port`` / ``llm_proxy_port``, so chaos
    faults reach its outbound calls; unset or ``ignored``: a phase whose faults need those calls is not run."""
    proxy_port: int = Field(DEFAULT_PROXY_PORT, ge=1, le=65535)
    """The fixed port of the forward proxy for tool calls (``HTTP_PROXY=http://127.0.0.1:PORT``)."""
    llm_proxy_port: int = Field(DEFAULT_LLM_PROXY_PORT, ge=1, le=65535)
    """The fixed port of the LLM proxy (``OPENAI_BASE_URL=http://127.0.0.1:PORT/v1``)."""

    @field_validator("proxy_env", mode="before")
    @classmethod
    def _spelling(cls, v: Any) -> Any:
        """Accept the American ``honored`` for ``honoured``: the same word, not a typo to reject."""
        return "honoured" if isinstance(v, str) and v.lower() == "honored" else v

    @model_validator(mode="after")
    def _distinct_ports(self) -> _RunningAgentProxy:
        """The two proxies of a running agent need two ports, and neither may be the agent's own port on this machine
        (the proxy could not listen there); each clash is a config error naming the key to change."""
        if self.proxy_env == "honoured" and self.proxy_port == self.llm_proxy_port:
            raise ValueError(
                f"agent.proxy_port and agent.llm_proxy_port are both {self.proxy_port}: the tool proxy and the "
                "LLM proxy need a port each"
            )
        if self.proxied_ports() is None:
            return self
        url_key = "endpoint" if hasattr(self, "endpoint") else "base_url"
        own = _loopback_port(str(getattr(self, url_key, "") or ""))
        for key in ("proxy_port", "llm_proxy_port"):
            if own is not None and getattr(self, key) == own:
                raise ValueError(
                    f"agent.{key} is {own}, the agent's own port (agent.{url_key}): the proxy cannot listen "
                    f"where the agent does; choose another agent.{key}"
                )
        return self

    def proxied_ports(self) -> tuple[int, int] | None:
        """``(tool proxy port, LLM proxy port)`` for a running agent that honours the proxy environment
        (``proxy_env: honoured`` and no ``command``), else ``None``."""
        if self.proxy_env != "honoured" or getattr(self, "command", None):
            return None
        return self.proxy_port, self.llm_proxy_port


class HttpAgentConfig(_AgentCommon, _RunningAgentProxy):
    """An agent behind an HTTP endpoint.

    Each cell's prompt is rendered into ``request_template`` (values JSON-escaped, or percent-encoded for a form),
    sent with ``method`` and ``headers``, and the output read at ``response_path``. With ``command`` windtunnel
    launches the agent itself with its proxies in the environment; without it the agent is already running, and
    ``proxy_env`` says whether it was started pointing at them."""

    type: Literal["http"] = "http"
    endpoint: str
    """URL of the agent (``${ENV}`` expanded)."""
    method: Literal["GET", "POST", "PUT", "PATCH", "DELETE"] = "POST"
    """GET and DELETE send the template fields as query parameters."""
    headers: dict[str, str] = Field(default_factory=dict)
    query_params: dict[str, str] = Field(default_factory=dict)
    request_template: str | dict[str, Any] | None = None
    """The request: a JSON body with ``{prompt}`` (and ``{field}`` placeholders), values JSON-escaped; or
    text: ``key={prompt}&…`` pairs (query parameters of a GET, a form body otherwise, values
    percent-encoded) or plain text. Without it the body is ``{"input": "<prompt>"}``."""
    parse_structured_input: bool = True
    """Fill ``{field}`` placeholders from ``Key: Value`` lines of the prompt (``Product Name`` fills
    ``{productname}``, ``{product_name}`` and ``{productName}``)."""
    response_path: str | None = None
    """JSONPath to the output (``$.a.b``, ``a.b``, ``a.0``); auto-detected when absent."""
    health_endpoint: str | None = None
    """Probed before the run (defaults to a connection check on ``endpoint``)."""

    @field_validator("endpoint", "health_endpoint", "reset_endpoint")
    @classmethod
    def _http_urls(cls, v: str | None, info: Any) -> str | None:
        """Reject a URL that is not ``http(s)://`` at load time, naming the key (``${ENV}`` is checked after
        expansion)."""
        return check_http_url(v, f"agent.{info.field_name}")

    @property
    def method_upper(self) -> str:
        """The HTTP method in upper case, as it goes on the wire."""
        return self.method.upper()


class OpenAIChatAgentConfig(_AgentCommon, _RunningAgentProxy):
    """An agent served behind an OpenAI-compatible ``/v1/chat/completions``: the model name, the base URL and the
    variable that holds the key (the key itself never appears in a config or a report)."""

    type: Literal["openai_chat"] = "openai_chat"
    base_url: str
    """e.g. ``http://127.0.0.1:8000/v1``."""
    model: str
    api_key_env: str | None = None
    """Name of the environment variable holding the API key (never the key itself)."""
    headers: dict[str, str] = Field(default_factory=dict)
    temperature: float | None = None

    @field_validator("base_url", "reset_endpoint")
    @classmethod
    def _http_urls(cls, v: str | None, info: Any) -> str | None:
        """Reject a base URL that is not ``http(s)://`` at load time, naming the key."""
        return check_http_url(v, f"agent.{info.field_name}")


# -- agent frameworks (agents/frameworks.py maps each type to its adapter) --------------------------


class _FrameworkAgentConfig(PythonAgentConfig):
    """The keys every framework agent shares: it takes message lists by default (the frameworks all accept a
    conversation) and may be run through its streaming API."""

    accepts_messages: bool = True
    """Framework agents take a conversation (message list) as well as a prompt."""
    stream: bool = False
    """Run the agent with the framework's streaming API (the answer is read when the stream ends)."""


class OpenAIAgentsConfig(_FrameworkAgentConfig):
    """An OpenAI Agents SDK ``agents.Agent``; its function tools are faulted by their tool name."""

    type: Literal["openai_agents"] = "openai_agents"  # type: ignore[assignment]
    max_turns: int = Field(10, gt=0)
    """The runner's ``max_turns``."""


class LangGraphAgentConfig(_FrameworkAgentConfig):
    """A compiled LangGraph graph; the tools of its ``ToolNode``s are faulted by their tool name."""

    type: Literal["langgraph"] = "langgraph"  # type: ignore[assignment]
    input_key: str = "messages"
    """The state key the input goes to (a message list under ``messages``; a plain string otherwise)."""
    output_key: str | None = None
    """The state key holding the answer; default: the last message of ``input_key``."""
    recursion_limit: int = Field(25, gt=0)
    """LangGraph's recursion limit for one call."""


class PydanticAIAgentConfig(_FrameworkAgentConfig):
    """A pydantic-ai ``Agent``, run with its async API; its tools are faulted by their tool name."""

    type: Literal["pydantic_ai"] = "pydantic_ai"  # type: ignore[assignment]


class _SingleTurnFrameworkConfig(_FrameworkAgentConfig):
    """Frameworks whose run takes one task text rather than a conversation (smolagents, LlamaIndex, DSPy)."""

    accepts_messages: bool = False
    """The framework's run takes one task text: a conversation is sent as its last user turn."""


class SmolagentsAgentConfig(_SingleTurnFrameworkConfig):
    """A smolagents agent (``ToolCallingAgent``, ``CodeAgent``); its ``Tool`` objects are faulted by name."""

    type: Literal["smolagents"] = "smolagents"  # type: ignore[assignment]


class LlamaIndexAgentConfig(_SingleTurnFrameworkConfig):
    """A LlamaIndex workflow agent (``FunctionAgent``, ``ReActAgent``, ``AgentWorkflow``); its function tools
    are faulted by name."""

    type: Literal["llama_index"] = "llama_index"  # type: ignore[assignment]


class DspyAgentConfig(_SingleTurnFrameworkConfig):
    """A DSPy module (``dspy.ReAct``) with one input field; its ``dspy.Tool`` objects are faulted by name."""

    type: Literal["dspy"] = "dspy"  # type: ignore[assignment]


FRAMEWORK_CONFIGS = (
    OpenAIAgentsConfig,
    LangGraphAgentConfig,
    PydanticAIAgentConfig,
    SmolagentsAgentConfig,
    LlamaIndexAgentConfig,
    DspyAgentConfig,
)
FRAMEWORK_TYPES = ("openai_agents", "langgraph", "pydantic_ai", "smolagents", "llama_index", "dspy")
IN_PROCESS_TYPES = ("python", "langchain", *FRAMEWORK_TYPES)
"""Agent types that run in windtunnel's process (in-process seams, ``reset_function``)."""


def _infer_type(value: Any) -> Any:
    """The ``type`` of an ``agent:`` block that does not say (the upstream format often omits it): a ``base_url`` means
    ``openai_chat``, a ``module:attr`` endpoint means ``python``, anything else ``http``. The HTTP method is
    upper-cased before validation so ``post`` is accepted as ``POST``."""
    if isinstance(value, dict) and "type" not in value:
        endpoint = str(value.get("endpoint", ""))
        if "base_url" in value:
            value = {**value, "type": "openai_chat"}
        elif endpoint and "://" not in endpoint and ":" in endpoint:
            value = {**value, "type": "python"}
        else:
            value = {**value, "type": "http"}
    if isinstance(value, dict) and isinstance(value.get("method"), str):
        value = {**value, "method": value["method"].upper()}
    return value


AgentConfig = Annotated[
    PythonAgentConfig
    | LangchainAgentConfig
    | HttpAgentConfig
    | OpenAIChatAgentConfig
    | OpenAIAgentsConfig
    | LangGraphAgentConfig
    | PydanticAIAgentConfig
    | SmolagentsAgentConfig
    | LlamaIndexAgentConfig
    | DspyAgentConfig,
    Field(discriminator="type"),
    BeforeValidator(_infer_type),
]


def declares_tool_seam(agent: Any) -> bool:
    """Whether an in-process agent's tool calls are reachable: ``agent.tools``, ``agent.tool_registry``, or
    a framework agent (its tools are found on the framework object)."""
    return bool(
        getattr(agent, "tools", None)
        or getattr(agent, "tool_registry", None)
        or getattr(agent, "mcp_servers", None)
        or getattr(agent, "type", None) in FRAMEWORK_TYPES
    )


def declares_llm_seam(agent: Any) -> bool:
    """Whether an in-process agent's model calls are reachable: ``agent.llm``, or a framework agent (the SDK
    client its models hold is found on the framework object)."""
    return bool(getattr(agent, "llm", None) or getattr(agent, "type", None) in FRAMEWORK_TYPES)


def records_calls(agent: Any) -> bool:
    """Whether an in-process agent has seams that record its tool / LLM calls even without chaos."""
    return getattr(agent, "type", None) in IN_PROCESS_TYPES and (
        declares_tool_seam(agent) or bool(getattr(agent, "llm", None))
    )
