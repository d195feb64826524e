"""A fault schedule: which call at which seam gets which fault, as one value that round-trips.

A :class:`Schedule` lists :class:`Slot` entries, each naming a seam (``llm``, or ``tool:NAME`` with a tool
name or glob), a fault of that seam's registry (``{mode: ..., params}``) and when it fires: ``on_call: N``
(the N-th call at that seam, 1 = the first), ``count: K`` (a burst of K calls, then the calls go through
again), ``from_call: N`` (every call from the N-th on), ``probability`` (of each selected call). The
schedule compiles to a :class:`~windtunnel.chaos.spec.ChaosSpec` (:meth:`Schedule.to_spec`) whose faults
keep the slots' order, so a schedule replays exactly (same fault indices, same seeded draws); every
``chaos:`` block and matrix scenario is a schedule already (:meth:`Schedule.from_spec`), with the same
behaviour. Modes come from the fault registries, never from a list here.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import yaml
from pydantic import Field, ValidationError

from windtunnel._util.errors import ConfigError
from windtunnel._util.model import StrictModel
from windtunnel._util.yamlsource import read_text, read_yaml
from windtunnel.chaos.base import FaultSpec, LlmFaultSpec, ToolFaultSpec, llm_faults, tool_faults
from windtunnel.chaos.config import AnyContextAttack
from windtunnel.chaos.spec import ChaosSpec

LLM_SEAM = "llm"
TOOL_PREFIX = "tool:"
TRIGGER_FIELDS = ("on_call", "count", "after_calls", "probability")
"""The fault fields that say *when* a fault fires; a slot holds them itself, its ``fault`` holds the rest."""


class Slot(StrictModel):
    """One fault at one seam, and the calls it fires on.

    A slot keeps *when* (``on_call``, ``count``, ``from_call``, ``probability``) apart from *what* (``fault``: the mode
    and its parameters), which is how a reader thinks of a schedule and what the search edits.
    """

    seam: str
    """``llm`` (the agent's model calls) or ``tool:NAME`` (calls to that tool; a glob, ``tool:*`` for all)."""
    fault: dict[str, Any]
    """The fault: ``{mode: NAME, ...its parameters}``, a mode of that seam's fault registry."""
    on_call: int | None = Field(None, ge=1)
    """The call at this seam that is faulted (1 = the first); with ``count``, the first of a burst."""
    count: int | None = Field(None, ge=1)
    """How many calls in a row are faulted, then the calls go through again (unset: one with ``on_call``,
    no end with ``from_call``)."""
    from_call: int | None = Field(None, ge=1)
    """Fault every call from this one on (``after_calls: N`` in a ``chaos:`` block is ``from_call: N+1``)."""
    probability: float = Field(1.0, ge=0.0, le=1.0)
    """Chance that each selected call is faulted (a seeded draw per call: the same on every rerun)."""

    def build(self) -> FaultSpec:
        """The fault model this slot stands for (a tool or LLM fault of the registry).

        The slot's trigger fields (``on_call``, ``count``, ``from_call`` as ``after_calls``, ``probability``) are moved
        into the fault, and a ``tool:NAME`` seam becomes the fault's ``tool``. Raises ConfigError, with a hint, for a
        fault without a mode, trigger fields inside the fault, ``on_call`` with ``from_call``, a seam that is not
        ``llm`` or ``tool:NAME``, or parameters the mode's model rejects; an unknown mode raises the registry's error,
        which lists the valid ones.
        """
        params = dict(self.fault)
        mode = params.get("mode")
        if not isinstance(mode, str):
            raise ConfigError(f"schedule slot at {self.seam!r} has no fault mode", hint="give fault: {mode: NAME}")
        clash = sorted(k for k in TRIGGER_FIELDS if k in params)
        if clash:
            raise ConfigError(
                f"schedule slot at {self.seam!r}: {', '.join(clash)} belong on the slot, not in its fault",
                hint="move them one level up, beside `seam:`",
            )
        trigger: dict[str, Any] = {"probability": self.probability}
        if self.on_call is not None:
            trigger["on_call"] = self.on_call
        if self.count is not None:
            trigger["count"] = self.count
        if self.from_call is not None:
            if self.on_call is not None:
                raise ConfigError(
                    f"schedule slot at {self.seam!r} gives both on_call and from_call",
                    hint="on_call: N faults the N-th call (count: K for a burst); from_call: N each call from the N-th",
                )
            trigger["after_calls"] = self.from_call - 1
        cls: type[FaultSpec]
        extra: dict[str, Any] = {}
        if self.seam == LLM_SEAM:
            cls = llm_faults.get(mode)  # an unknown mode raises, listing the registered ones
        elif self.seam.startswith(TOOL_PREFIX) and self.seam[len(TOOL_PREFIX) :]:
            cls, extra = tool_faults.get(mode), {"tool": self.seam[len(TOOL_PREFIX) :]}
        else:
            raise ConfigError(
                f"schedule seam {self.seam!r} is not a seam",
                hint="use `llm` for the model calls or `tool:NAME` for a tool's calls (`tool:*` for every tool)",
            )
        try:
            return cls.model_validate({**params, **extra, **trigger})
        except ValidationError as err:
            first = err.errors()[0]
            loc = ".".join(str(p) for p in first["loc"])
            raise ConfigError(
                f"schedule slot at {self.seam!r}: fault {mode}: {loc}: {first['msg']}",
                hint=f"see `windtunnel profiles` and docs/chaos.md for the parameters of {mode}",
            ) from None

    @classmethod
    def of(cls, fault: FaultSpec) -> Slot:
        """The slot of a configured fault (its window and probability moved onto the slot).

        Parameters left at their defaults are not written, so the slot stays as short as the config that made it, and
        building it back (:meth:`build`) gives the same fault.
        """
        params = fault.model_dump(mode="json", exclude_defaults=True, exclude=set(TRIGGER_FIELDS) | {"tool"})
        params = {"mode": fault.mode, **{k: v for k, v in params.items() if k != "mode"}}
        seam = LLM_SEAM if isinstance(fault, LlmFaultSpec) else TOOL_PREFIX + getattr(fault, "tool", "*")
        return cls(
            seam=seam,
            fault=params,
            on_call=fault.on_call,
            count=fault.count,
            from_call=fault.after_calls + 1 if fault.after_calls else None,
            probability=fault.probability,
        )

    def label(self) -> str:
        """One line: ``tool:lookup_order call 2 timeout`` (what a report and the viewer show)."""
        when = (
            f"call {self.on_call}" + (f"-{self.on_call + self.count - 1}" if self.count and self.count > 1 else "")
            if self.on_call is not None
            else f"calls {self.from_call}+"
            if self.from_call is not None
            else f"calls 1-{self.count}"
            if self.count is not None
            else "every call"
        )
        chance = f" p={self.probability:g}" if self.probability < 1.0 else ""
        params = ", ".join(f"{k}={v!r}" for k, v in self.fault.items() if k != "mode")
        return f"{self.seam} {when} {self.fault.get('mode')}{f'({params})' if params else ''}{chance}"


class Schedule(StrictModel):
    """A fault schedule: the slots of every seam, in the order the faults are tried on a call.

    The value ``explore`` searches over, stores in every cell and replays with ``--schedule``; see the module docstring
    for its semantics. Equal faults give equal digests (:meth:`digest`) whatever the name.
    """

    name: str = "schedule"
    """Names the schedule's cells (their scenario) and keys the proxies' seeded decisions."""
    faults: list[Slot] = Field(default_factory=list)
    """The faults, in order (a call two slots select gets the first that answers instead of the callee)."""
    context_attacks: list[AnyContextAttack] = Field(default_factory=list)
    """Context attacks carried along unchanged (a ``chaos:`` block's, when it has any)."""

    @classmethod
    def from_spec(cls, spec: ChaosSpec) -> Schedule:
        """The schedule of a resolved ``chaos:`` block or scenario: the same faults, the same order."""
        slots = [Slot.of(f) for f in spec.tool_faults] + [Slot.of(f) for f in spec.llm_faults]
        return cls(name=spec.name, faults=slots, context_attacks=list(spec.context_attacks))

    def to_spec(self) -> ChaosSpec:
        """The spec the seams run: tool slots then LLM slots, each in the schedule's order."""
        built = [s.build() for s in self.faults]
        tools = tuple(f for f in built if isinstance(f, ToolFaultSpec))
        llms = tuple(f for f in built if isinstance(f, LlmFaultSpec))
        return ChaosSpec(self.name, tools, llms, tuple(self.context_attacks))

    def data(self) -> dict[str, Any]:
        """The JSON value stored in a report cell (defaults left out, so equal schedules dump equal)."""
        out: dict[str, Any] = {"name": self.name, "faults": [_slot_data(s) for s in self.faults]}
        if self.context_attacks:
            out["context_attacks"] = [
                {"type": a.type, **a.model_dump(mode="json", exclude_defaults=True)} for a in self.context_attacks
            ]
        return out

    def digest(self) -> str:
        """A short hash of the faults (not the name): equal schedules, equal digests."""
        body = json.dumps(self.data()["faults"], sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(body.encode()).hexdigest()[:10]

    def to_yaml(self) -> str:
        """The schedule as YAML (what ``--schedule FILE`` reads back to the same value)."""
        return yaml.safe_dump({"schedule": self.data()}, sort_keys=False, allow_unicode=True, width=100)

    def labels(self) -> list[str]:
        """One :meth:`Slot.label` per fault, in order."""
        return [s.label() for s in self.faults]


def _slot_data(slot: Slot) -> dict[str, Any]:
    """A slot as report data in a fixed key order, defaults left out (the fault is always kept whole)."""
    out = slot.model_dump(mode="json", exclude_defaults=True)
    out["seam"], out["fault"] = slot.seam, dict(slot.fault)
    return {k: out[k] for k in ("seam", "on_call", "count", "from_call", "probability", "fault") if k in out}


def parse_schedule(data: Any, *, where: str = "the schedule") -> Schedule:
    """A schedule from loaded YAML/JSON: ``{schedule: {...}}``, the schedule itself, or a found-failure file.

    Every slot is built once here, so an unknown mode or seam, or a bad parameter, is a ConfigError when the file is
    read, not a failure in the middle of a run.
    """
    if isinstance(data, dict) and isinstance(data.get("schedule"), dict):
        data = data["schedule"]
    if not isinstance(data, dict):
        raise ConfigError(f"{where} is not a schedule", hint="write `schedule: {name: ..., faults: [...]}`")
    try:
        schedule = Schedule.model_validate(data)
    except ValidationError as err:
        first = err.errors()[0]
        loc = ".".join(str(p) for p in first["loc"])
        raise ConfigError(f"{where}: {loc}: {first['msg']}", hint="see docs/explore.md, 'Schedules'") from None
    schedule.to_spec()  # every slot builds (an unknown mode or seam is an error now, not mid-run)
    return schedule


def load_schedule(path: Path | str) -> Schedule:
    """Read a schedule for ``--schedule``: a file (YAML or JSON), or the schedule itself written inline as a YAML/JSON
    mapping (``{faults: [...]}``: what a one-line ``reproduce`` command carries, no file needed).

    A value that starts with ``{`` and names no file is read as the inline schedule."""
    source = str(path)
    if source.lstrip().startswith("{") and not Path(source).is_file():
        data, _ = read_yaml(source, "--schedule")
        return parse_schedule(data, where="the inline --schedule")
    text = read_text(path, "schedule", hint="give --schedule an existing YAML file, or the schedule inline")
    data, _ = read_yaml(text, source)
    return parse_schedule(data, where=source)


__all__ = ["LLM_SEAM", "TOOL_PREFIX", "Schedule", "Slot", "load_schedule", "parse_schedule"]
