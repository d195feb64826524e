"""The ``agent:`` section: defined by the agents package (:mod:`windtunnel.agents.config`).

Re-exported here so that code reading a config (flows, the CLI, preflight) names one place for every section,
while the models stay beside the adapters whose options they describe. Nothing is declared in this module: an
agent type's options are added in ``agents/config.py``, with its adapter.
"""

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
    declares_llm_seam,
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
    "declares_llm_seam",
    "declares_tool_seam",
    "records_calls",
]
