"""Which framework an object belongs to, asked only of the framework modules already imported.

The generic python adapter (:mod:`windtunnel.agents.python`) needs to know whether the object behind its endpoint
is a framework's agent (to name the ``agent.type`` that runs it) and whether it reaches an agent object that cannot
serve two runs at once; :mod:`windtunnel.agents.frameworks` needs the same tables to find tools and models. They
live here, apart from the adapters, so the python adapter imports no adapter, directly or by name (issue #28: the
adapters import the python adapter, and it must not import them back).
"""

from __future__ import annotations

import sys
from typing import Any

from windtunnel.agents._references import references_within

AGENT_CLASSES = (
    ("openai_agents", "agents", "Agent"),
    ("langgraph", "langgraph.pregel", "Pregel"),
    ("pydantic_ai", "pydantic_ai", "Agent"),
    ("smolagents", "smolagents", "MultiStepAgent"),
    ("llama_index", "llama_index.core.agent.workflow", "BaseWorkflowAgent"),
    ("llama_index", "llama_index.core.agent.workflow", "AgentWorkflow"),
    ("dspy", "dspy", "Module"),
)
"""``(agent.type, module, class)``: the agent objects each framework type runs."""

TOOL_CLASSES = (
    ("smolagents", "smolagents", "Tool"),
    ("llama_index", "llama_index.core.tools", "BaseTool"),
    ("dspy", "dspy", "Tool"),
)
"""``(agent.type, module, class)``: tool objects wrapped in place by the adapter of that type (its
``tool_name`` / ``wrap_tool``), in ``agent.tools``, ``agent.tool_registry`` or found on its agent object."""

MODEL_CLASSES = (
    ("smolagents", "smolagents", "Model"),
    ("llama_index", "llama_index.core.llms", "LLM"),
    ("dspy", "dspy.clients", "BaseLM"),
)
"""``(agent.type, module, class)``: model objects whose SDK clients the adapter of that type finds
(``model_clients``), for ``agent.llm`` and the framework agent's own model."""

THREAD_UNSAFE = (("smolagents", "smolagents", "MultiStepAgent"),)
"""Agent objects that hold one run's state: calls to one object must not overlap."""


def instance_of(obj: Any, table: tuple[tuple[str, str, str], ...]) -> str | None:
    """The agent type of the first ``table`` row whose class ``obj`` is an instance of; only modules already
    imported are asked (the object came from one of them), so nothing is imported here."""
    for agent_type, module, name in table:
        cls = getattr(sys.modules.get(module), name, None)
        if isinstance(cls, type) and isinstance(obj, cls):
            return agent_type
    return None


def framework_type_of(obj: Any) -> str | None:
    """The ``agent.type`` that runs ``obj`` when it is a framework's agent object (an ``agents.Agent``, a
    compiled LangGraph graph, a ``pydantic_ai.Agent``); ``None`` for anything else. Only frameworks already
    imported are asked (the object came from one of them), so nothing is imported here."""
    return instance_of(obj, AGENT_CLASSES)


def thread_unsafe_in(fn: Any) -> str | None:
    """The framework of an agent object that a sync python agent ``fn`` reaches (its closure, the globals its
    code names, its bound object) and that cannot serve two runs at once; ``None`` when there is none."""
    if not any(module in sys.modules for _, module, _ in THREAD_UNSAFE):  # no such object can exist
        return None
    for obj in references_within([fn], depth=3):
        kind = instance_of(obj, THREAD_UNSAFE)
        if kind is not None:
            return kind
    return None
