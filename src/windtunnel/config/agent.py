"""The ``agent:`` section: defined by the agents package (:mod:`windtunnel.agents.config`)."""

from windtunnel.agents.config import (
    AgentConfig,
    HttpAgentConfig,
    LangchainAgentConfig,
    OpenAIChatAgentConfig,
    PythonAgentConfig,
)

__all__ = ["AgentConfig", "HttpAgentConfig", "LangchainAgentConfig", "OpenAIChatAgentConfig", "PythonAgentConfig"]
