"""Fault and context-attack plugin interfaces: one registry per kind, one model per mode."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from pydantic import Field

from windtunnel._util.registry import Registry
from windtunnel.config.base import StrictModel


class FaultSpec(StrictModel):
    """Fields shared by every tool and LLM fault."""

    mode: str
    probability: float = Field(1.0, ge=0.0, le=1.0)
    """Chance that an eligible call is faulted, drawn from the cell's seeded RNG."""
    after_calls: int = Field(0, ge=0)
    """Let this many eligible calls through untouched before faulting."""


class ToolFaultSpec(FaultSpec):
    """A fault on the agent's tool calls."""

    tool: str = "*"
    """Tool name (or ``*`` for every tool)."""
    match_url: str | None = None
    """For HTTP agents: a URL glob selecting the outbound calls (and naming the tool)."""


class LlmFaultSpec(FaultSpec):
    """A fault on the agent's own LLM calls."""


class ContextAttackSpec(StrictModel):
    """An attack that reaches the agent through the context channel it names."""

    type: str


def _validate_model(field_name: str) -> Callable[[str, type[StrictModel]], None]:
    def check(name: str, cls: type[StrictModel]) -> None:
        info = cls.model_fields.get(field_name)
        if info is None or info.default != name:
            raise TypeError(f"{cls.__name__} must declare `{field_name}: Literal[{name!r}] = {name!r}`")
        if not (cls.__doc__ or "").strip():
            raise TypeError(f"{cls.__name__} needs a docstring")

    return check


tool_faults: Registry[type[ToolFaultSpec]] = Registry("tool fault mode", validate=_validate_model("mode"))
llm_faults: Registry[type[LlmFaultSpec]] = Registry("LLM fault mode", validate=_validate_model("mode"))
context_attacks: Registry[type[ContextAttackSpec]] = Registry(
    "context attack type", validate=_validate_model("type")
)

M = TypeVar("M", bound=type[StrictModel])


def tool_fault(name: str) -> Callable[[M], M]:
    def wrap(cls: M) -> M:
        tool_faults.register(name, cls)  # type: ignore[arg-type]
        return cls

    return wrap


def llm_fault(name: str) -> Callable[[M], M]:
    def wrap(cls: M) -> M:
        llm_faults.register(name, cls)  # type: ignore[arg-type]
        return cls

    return wrap


def context_attack(name: str) -> Callable[[M], M]:
    def wrap(cls: M) -> M:
        context_attacks.register(name, cls)  # type: ignore[arg-type]
        return cls

    return wrap
