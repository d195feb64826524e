"""Every registered fault mode as data, for ``windtunnel faults`` and the docs: where it acts, how hard it hits
(:attr:`~windtunnel.chaos.base.FaultSpec.impact`), what it does, and its parameters.

Everything is read from the registered models (class docstring, fields, attribute docstrings,
:meth:`~windtunnel.chaos.base.LlmFaultSpec.unsupported`), so a third-party fault is listed and documented the moment it
is registered.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from pydantic_core import PydanticUndefined

from windtunnel._util.model import field_doc
from windtunnel.chaos.base import IMPACTS, OUTCOMES, FaultSpec, LlmFaultSpec, ToolFaultSpec, llm_faults, tool_faults

COMMON = {"tool": tuple(ToolFaultSpec.model_fields), "llm": tuple(LlmFaultSpec.model_fields)}
"""Keys every mode of a seam takes, from the seam's base model (not listed per mode)."""


@dataclass(frozen=True)
class FaultParam:
    """One parameter of a fault mode: its name, default (``None`` when required) and the field's docstring flattened to
    one line.
    """

    name: str
    default: Any
    description: str


@dataclass(frozen=True)
class FaultInfo:
    """One registered fault mode as ``windtunnel faults`` lists it: its seam, mode name, impact (1-5), outcome, the
    first paragraph of its docstring as the summary, the whole docstring, its own parameters (the keys every mode of the
    seam takes are in :data:`COMMON`) and the LLM seams it cannot act on.
    """

    seam: str
    """``tool`` or ``llm``."""
    mode: str
    impact: int
    outcome: str
    """``failed`` or ``answered`` (:data:`~windtunnel.chaos.base.OUTCOMES`): what the faulted call comes to."""
    summary: str
    description: str
    params: tuple[FaultParam, ...]
    not_on: tuple[str, ...]
    """LLM seams that cannot carry the mode, as ``seam: why``."""

    def as_dict(self) -> dict[str, Any]:
        """The info as plain data (``windtunnel faults --json``)."""
        return asdict(self)


def _summary(doc: str) -> str:
    """The first paragraph of a docstring, on one line."""
    return " ".join(doc.strip().split("\n\n", 1)[0].split())


def describe(seam: str, cls: type[FaultSpec]) -> FaultInfo:
    """The :class:`FaultInfo` of mode class ``cls`` at ``seam`` (``tool`` or ``llm``), read from the model's fields,
    their docstrings and :meth:`~windtunnel.chaos.base.LlmFaultSpec.unsupported`.
    """
    params = []
    for name, info in cls.model_fields.items():
        if name in COMMON[seam]:
            continue
        default = None if info.default is PydanticUndefined else info.default
        params.append(FaultParam(name, default, " ".join((field_doc(cls, name) or "").split())))
    not_on: list[str] = []
    if issubclass(cls, LlmFaultSpec):
        sample = cls.model_construct(mode=cls.model_fields["mode"].default)
        not_on = [f"{api}: {why}" for api in ("callable",) if (why := sample.unsupported(api))]
    doc = cls.__doc__ or ""
    return FaultInfo(
        seam,
        str(cls.model_fields["mode"].default),
        cls.impact,
        cls.outcome,
        _summary(doc),
        " ".join(doc.split()),
        tuple(params),
        tuple(not_on),
    )


def describe_all() -> list[FaultInfo]:
    """Tool modes, then LLM modes, each sorted by name."""
    out = [describe("tool", tool_faults.get(n)) for n in tool_faults]
    out += [describe("llm", llm_faults.get(n)) for n in llm_faults]
    return out


__all__ = ["COMMON", "IMPACTS", "OUTCOMES", "FaultInfo", "FaultParam", "ToolFaultSpec", "describe", "describe_all"]
