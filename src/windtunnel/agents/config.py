"""``agent:`` — how to reach the agent under test. Discriminated by ``type``."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field

from windtunnel._util.model import StrictModel


class _AgentCommon(StrictModel):
    timeout: int = Field(30000, gt=0)
    """Per-call timeout in milliseconds (enforced for sync python callables too)."""
    retries: int | None = Field(None, ge=0)
    """Retries for transport errors, 429 and 5xx; defaults to ``advanced.retries``."""
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

    def python_refs(self) -> list[tuple[str, str]]:
        """Every ``module:attr`` reference of this block as ``(key, ref)``, in config order."""
        return [("agent.reset_function", self.reset_function)] if self.reset_function else []


class PythonAgentConfig(_AgentCommon):
    """A python callable ``module:attr`` (sync or async) returning ``str`` or a dict with ``output``."""

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


class HttpAgentConfig(_AgentCommon):
    """An agent behind an HTTP endpoint."""

    type: Literal["http"] = "http"
    endpoint: str
    """URL of the agent (``${ENV}`` expanded)."""
    method: Literal["GET", "POST", "PUT", "PATCH", "DELETE"] = "POST"
    """GET and DELETE send the template fields as query parameters."""
    headers: dict[str, str] = Field(default_factory=dict)
    query_params: dict[str, str] = Field(default_factory=dict)
    request_template: str | dict[str, Any] | None = None
    """JSON body with ``{prompt}`` (and ``{field}`` placeholders); values are JSON-escaped."""
    parse_structured_input: bool = False
    """Fill ``{field}`` placeholders from ``Key: Value`` lines of the prompt."""
    response_path: str | None = None
    """JSONPath to the output (``$.a.b``, ``a.b``, ``a.0``); auto-detected when absent."""
    health_endpoint: str | None = None
    """Probed before the run (defaults to a connection check on ``endpoint``)."""

    @property
    def method_upper(self) -> str:
        return self.method.upper()


class OpenAIChatAgentConfig(_AgentCommon):
    """An agent served behind an OpenAI-compatible ``/v1/chat/completions``."""

    type: Literal["openai_chat"] = "openai_chat"
    base_url: str
    """e.g. ``http://127.0.0.1:8000/v1``."""
    model: str
    api_key_env: str | None = None
    """Name of the environment variable holding the API key (never the key itself)."""
    headers: dict[str, str] = Field(default_factory=dict)
    temperature: float | None = None


def _infer_type(value: Any) -> Any:
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
    PythonAgentConfig | LangchainAgentConfig | HttpAgentConfig | OpenAIChatAgentConfig,
    Field(discriminator="type"),
    BeforeValidator(_infer_type),
]
