"""Agent types are one registry: each adapter declares its capabilities, and build_agent uses it."""

from __future__ import annotations

from typing import Any

import pytest

from windtunnel.agents import build_agent
from windtunnel.agents.registry import Capabilities, agent_type, agent_types, capabilities, get_agent_type
from windtunnel.config.agent import HttpAgentConfig, OpenAIChatAgentConfig, PythonAgentConfig
from windtunnel.errors import UnknownPluginError


def test_builtin_types_declare_what_they_can_do() -> None:
    py = capabilities("python")
    assert py.python and py.transport == "inprocess" and py.reset == "function" and py.seams == {"tools", "llm"}
    assert capabilities("langchain").python
    http = capabilities("http")
    assert not http.python and http.transport == "http" and http.reset == "endpoint" and http.seams == {"proxy"}
    assert capabilities("openai_chat").accepts_messages(None)


def test_an_http_agent_takes_messages_when_its_template_has_the_slot() -> None:
    plain = HttpAgentConfig(type="http", endpoint="http://x/", request_template='{"q": "{prompt}"}')
    multi = HttpAgentConfig(type="http", endpoint="http://x/", request_template='{"m": {messages}}')
    assert not capabilities(plain).accepts_messages(plain)
    assert capabilities(multi).accepts_messages(multi)


def test_reset_follows_the_declared_config_key() -> None:
    py = PythonAgentConfig(type="python", endpoint="m:f", reset_function="m:reset")
    chat = OpenAIChatAgentConfig(type="openai_chat", base_url="http://x/v1", model="m")
    assert capabilities(py).has_reset(py) and not capabilities(chat).has_reset(chat)


def test_a_new_type_is_one_decorator(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(agent_types, "_items", dict(agent_types._items))

    @agent_type("echo_test", config=PythonAgentConfig, python=True, seams=("tools",))
    class Echo:
        def __init__(self, cfg: Any, *, concurrency: int = 10) -> None:
            self.cfg, self.concurrency = cfg, concurrency

    cfg: Any = PythonAgentConfig(type="python", endpoint="m:f").model_copy(update={"type": "echo_test"})
    agent: Any = build_agent(cfg, concurrency=3)
    assert isinstance(agent, Echo) and agent.concurrency == 3
    assert get_agent_type("echo_test").capabilities == Capabilities(python=True, seams=frozenset({"tools"}))


def test_an_unknown_type_names_the_valid_ones() -> None:
    with pytest.raises(UnknownPluginError) as err:
        get_agent_type("pythn")
    assert "did you mean 'python'" in str(err.value)


def test_each_builtin_type_names_the_module_that_registers_it() -> None:
    """Asking for one built-in type imports only its module (start-up): the map must be right."""
    from windtunnel.agents.registry import _BUILTIN_TYPES, BUILTIN, get_agent_type

    for name, module in _BUILTIN_TYPES.items():
        assert get_agent_type(name).adapter.__module__ == module, name
    assert set(_BUILTIN_TYPES.values()) == set(BUILTIN)


def test_a_builtin_types_capabilities_are_known_before_its_module_is_imported() -> None:
    """`validate` asks for them (start-up): they are the ones the module registers."""
    from windtunnel.agents.registry import _BUILTIN_TYPES, BUILTIN_CAPABILITIES

    assert set(BUILTIN_CAPABILITIES) == set(_BUILTIN_TYPES)
    for name, caps in BUILTIN_CAPABILITIES.items():
        assert capabilities(name) is caps
        assert get_agent_type(name).capabilities is caps, name
