"""The ``agent:`` section: defined by the agents package (:mod:`windtunnel.agents.config`)."""

from windtunnel.agents.config import (
    DEFAULT_MAX_RESPONSE_BYTES,
    FRAMEWORK_CONFIGS,
    FRAMEWORK_TYPES,
    HTTP_SCHEMES,
    IN_PROCESS_TYPES,
    AgentConfig,
    HttpAgentConfig,
    LangchainAgentConfig,
    LangGraphAgentConfig,
    OpenAIAgentsConfig,
    OpenAIChatAgentConfig,
    PydanticAIAgentConfig,
    PythonAgentConfig,
    check_http_url,
    declares_tool_seam,
    records_calls,
)

__all__ = [
    "DEFAULT_MAX_RESPONSE_BYTES",
    "FRAMEWORK_CONFIGS",
    "FRAMEWORK_TYPES",
    "HTTP_SCHEMES",
    "IN_PROCESS_TYPES",
    "AgentConfig",
    "HttpAgentConfig",
    "LangGraphAgentConfig",
    "LangchainAgentConfig",
    "OpenAIAgentsConfig",
    "OpenAIChatAgentConfig",
    "PydanticAIAgentConfig",
    "PythonAgentConfig",
    "check_http_url",
    "declares_tool_seam",
    "records_calls",
]
