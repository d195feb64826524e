"""The invariant plugin interface.

An invariant type is one pydantic model, registered with :func:`invariant`, that is both
its configuration (fields = parameters, ``extra="forbid"``) and its behaviour
(:meth:`InvariantSpec.check`). The config layer builds the discriminated union of all
registered types, so the valid choices in error messages come from this registry.

Why one object for both: a type's parameters and the code that reads them cannot drift apart, a config error names
the exact field of the exact type (pydantic's ``extra="forbid"``), and a plugin is one class, not a schema plus a
function plus a registration. The registry checks that shape when a class registers (:func:`_validate`), so a plugin
missing its docstring or its ``check`` fails at import rather than in the middle of a run.

The contract every type keeps, and that :meth:`InvariantSpec.evaluate` enforces for all of them:

* A check must *see* what it judges. When it cannot (the agent call failed, there is no baseline, a latency was not
  measured) it returns an *inconclusive* result, which is a failure: "could not check" never reads as "held".
* ``negate`` flips only a verdict the check could reach; a negated check on a failed call still fails.
* A failure always carries a ``detail`` in words a reader can act on (what was found or missing, and where).
* ``check`` reads only the :class:`CheckContext` and its own fields; a type that waits on the network says so
  (``blocking = True``) and the engine runs it in a worker thread.

Upstream configs are accepted as they are: their flat invariant model wrote every parameter on every invariant, so
a key this type does not take is dropped when it carries upstream's default, and is an error otherwise.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Literal, TypeVar

from pydantic import Field, model_validator

from windtunnel._util.model import StrictModel
from windtunnel._util.registry import Registry
from windtunnel._util.suggest import closest

SeverityName = Literal["critical", "high", "medium", "low"]

# Upstream configs come from one flat invariant model whose dump writes these keys, with these
# defaults, on every invariant (``flakestorm init`` output has ``threshold: 0.8`` under ``latency``).
# A type that has no such parameter drops the key only when it carries that default or null, so
# generated files validate while a meaningful value in the wrong place is still an unknown key.
_UPSTREAM_DUMP_DEFAULTS: dict[str, object] = {
    "threshold": 0.8,
    "dangerous_prompts": True,
    "similarity_threshold": 0.75,
}
_UPSTREAM_FLAT_KEYS = frozenset(
    {"value", "values", "max_ms", "pattern", "patterns", "expected", "baseline", *_UPSTREAM_DUMP_DEFAULTS}
)
MEANT_CUTOFF = 85.0
"""How close (weighted ratio) a misplaced upstream key must be to one of the type's own parameters to be named as
the one meant (`value` → `values`, `pattern` → `patterns`); farther off, the error says to remove it."""


def _is_upstream_default(key: str, value: object) -> bool:
    """Whether ``value`` is what an upstream flat dump writes for ``key`` on every invariant (its default, or null):
    such a key is dropped silently; any other value is a real parameter in the wrong place and stays an error.
    """
    if value is None:
        return True
    default = _UPSTREAM_DUMP_DEFAULTS.get(key)
    if isinstance(default, bool):
        return value is default
    if isinstance(default, float):
        return isinstance(value, (int, float)) and not isinstance(value, bool) and value == default
    return False


WhenName = Literal["always", "tool_faults_active", "llm_faults_active", "any_chaos_active", "no_chaos"]


@dataclass(frozen=True)
class CheckResult:
    """The verdict of one invariant on one agent response. ``detail`` says why (always set on failure)."""

    passed: bool
    detail: str | None = None
    inconclusive: bool = False
    """The check could not look at what it checks (failed call, missing baseline, unmeasured latency).
    An inconclusive result is a failure, and ``negate`` does not turn it into a pass."""
    margin: float | None = None
    """How far the measured value is from the threshold, as a share of the threshold (0 at it, negative past
    it); ``None`` for a check without a numeric threshold. ``windtunnel explore`` steers toward small margins."""
    judge: dict[str, Any] | None = None
    """For a model-graded check: what the judge said (``model``, ``verdict`` pass / fail / error,
    ``reason``, ``cached``), written to the report beside ``detail``."""


@dataclass
class CheckContext:
    """Everything an invariant may look at for one agent response.

    Built once per agent response and shared by every invariant checked on it (a contract checks one response against
    many invariants), so a check must not mutate it. ``tool_calls`` and ``metadata`` are what the agent's answer
    carried (a python agent's dict may hold both); they are empty when it carried none.
    """

    output: str | None
    """The agent's final text output; ``None`` when the call errored or returned nothing."""
    prompt: str = ""
    """The input actually sent to the agent (after mutation / context attacks)."""
    golden_prompt: str | None = None
    error: str | None = None
    """``kind: message`` of the agent-call error, if the call failed."""
    latency_ms: float | None = None
    baseline_output: str | None = None
    """For ``behavior_unchanged``: the clean, chaos-free response to the same prompt."""
    system_prompt: str | None = None
    """The agent's system prompt or a canary string, when the config provides it (leak probes)."""
    tool_calls: list[dict[str, Any]] = field(default_factory=list)
    metadata: dict[str, Any] = field(default_factory=dict)


class InvariantSpec(StrictModel):
    """Fields shared by every invariant, in ``invariants:`` (run mode) and ``contract.invariants``."""

    type: str
    """The invariant type (the registry name); selects the model that validates the other keys."""
    id: str | None = None
    """Stable id used in reports; defaults to the type (suffixed when repeated)."""
    description: str | None = None
    """Human-readable statement of the rule, shown in reports."""
    negate: bool = False
    """Invert the verdict: the check must *not* hold."""
    severity: SeverityName = "medium"
    """Weight in the resilience score: critical 3, high 2, medium 1, low 1."""
    when: WhenName = "always"
    """In a contract matrix: the scenarios in which this cell exists."""
    each_turn: bool = False
    """For a conversation golden prompt (``turns:``): judge every turn's answer (all must pass), not only
    the last."""
    probes: list[str] | None = None
    """Prompts sent instead of the golden prompts for this invariant (system-prompt leak probes)."""

    uses_probes: ClassVar[bool] = False
    """Whether ``probes`` make sense for this type (contract validate rejects them otherwise)."""
    blocking: ClassVar[bool] = False
    """Whether :meth:`check` waits on I/O (a network judge): the runner then calls it in a worker thread,
    so other cells keep running, and ``contract validate`` does not try it on a synthetic answer."""

    @model_validator(mode="before")
    @classmethod
    def _drop_upstream_dump_keys(cls, data: Any) -> Any:
        """Accept upstream-generated configs: drop the flat model's keys this type does not take when they carry the
        upstream default; a meaningful value under such a key is rejected, naming the types it belongs to.
        """
        if not isinstance(data, dict):
            return data
        accepted = cls.accepted_keys()
        misplaced = [k for k in data if k in _UPSTREAM_FLAT_KEYS and k not in accepted]
        drop = [k for k in misplaced if _is_upstream_default(k, data[k])]
        for key in misplaced:
            if key not in drop:
                users = [n for n, c in invariants.items() if key in c.accepted_keys()]
                # a slip for one of this type's own parameters (`value` for contains_any's `values`) is named, as
                # for any misspelt key: "remove it" would leave the required parameter missing
                meant = closest(key, accepted, cutoff=MEANT_CUTOFF)
                fix = f"did you mean {meant!r}?" if meant else "remove it"
                raise ValueError(
                    f"{key!r} is not a parameter of {cls.model_fields['type'].default!r}"
                    f" (it belongs to {', '.join(users) or 'no invariant type'}); {fix}"
                )
        return {k: v for k, v in data.items() if k not in drop} if drop else data

    @classmethod
    def accepted_keys(cls) -> set[str]:
        """Every key this type accepts in a config: field names and their aliases.

        Used to tell a misplaced upstream key from a real parameter, and to list which types take a key in errors.
        """
        keys: set[str] = set()
        for name, info in cls.model_fields.items():
            keys.add(name)
            if info.alias:
                keys.add(info.alias)
            choices = getattr(info.validation_alias, "choices", None)
            if choices:
                keys.update(c for c in choices if isinstance(c, str))
            elif isinstance(info.validation_alias, str):
                keys.add(info.validation_alias)
        return keys

    def check(self, ctx: CheckContext) -> CheckResult:  # pragma: no cover - interface
        """The verdict on one response, before ``negate``; every type implements it (the registry refuses a type that
        does not). A check that cannot look at what it checks returns an inconclusive result rather than a pass.
        """
        raise NotImplementedError

    def evaluate(self, ctx: CheckContext) -> CheckResult:
        """Run :meth:`check` and apply ``negate``. Plugins implement ``check``, callers use this.

        An inconclusive result is always a failure, negated or not: ``negate`` flips only a verdict the check could
        actually reach, and a negated check on a failed call fails too (there was nothing to check). The detail says
        that the check was negated, so a report never shows a bare "found 'x'" on a cell that failed because of it.
        """
        result = self.check(ctx)
        if result.inconclusive and result.passed:
            result = replace(result, passed=False)
        if not self.negate:
            return result
        failed = call_failed(ctx)
        if failed is not None:
            # a negated check never passes on a failed call: there was nothing to check
            return CheckResult(False, f"negated {self.type}: {failed.detail}", inconclusive=True)
        if result.inconclusive:
            return replace(result, detail=f"negated {self.type}: {result.detail}")
        if result.passed:
            return replace(
                result, passed=False, detail=f"negated {self.type} held: {result.detail or 'the check passed'}"
            )
        return replace(result, passed=True, detail=f"negated {self.type}: {result.detail}")

    @property
    def label(self) -> str:
        """How reports name this invariant: its ``id``, else its type."""
        return self.id or self.type


def call_failed(ctx: CheckContext) -> CheckResult | None:
    """The failing verdict every check returns when the agent call failed or returned nothing, else None."""
    if ctx.error is not None:
        return CheckResult(False, f"the agent call failed ({ctx.error}); there was no output to check", True)
    if ctx.output is None:
        return CheckResult(False, "the agent call returned no output; there was nothing to check", True)
    return None


def one_line(text: str | None) -> str:
    """The first paragraph of a docstring, joined onto one line."""
    para = (text or "").strip().split("\n\n", 1)[0]
    return " ".join(para.split())


def _validate(name: str, cls: type[InvariantSpec]) -> None:
    """The registry's check on a new type: an :class:`InvariantSpec` subclass whose ``type`` defaults to its registered
    name (the config's discriminated union needs it), with a docstring (``windtunnel invariants`` prints it) and its own
    :meth:`~InvariantSpec.check`. Raises ``TypeError`` at registration.
    """
    if not (isinstance(cls, type) and issubclass(cls, InvariantSpec)):
        raise TypeError(f"invariant {name!r} must be an InvariantSpec subclass")
    field_info = cls.model_fields.get("type")
    if field_info is None or field_info.default != name:
        raise TypeError(f"invariant {name!r} must declare `type: Literal[{name!r}] = {name!r}`")
    if not (cls.__doc__ or "").strip():
        raise TypeError(f"invariant {name!r} needs a docstring (shown by `windtunnel invariants`)")
    if cls.check is InvariantSpec.check:
        raise TypeError(f"invariant {name!r} must implement check()")


invariants: Registry[type[InvariantSpec]] = Registry("invariant type", validate=_validate)

S = TypeVar("S", bound=type[InvariantSpec])


def invariant(name: str) -> Callable[[S], S]:
    """Class decorator registering an invariant type under ``name``.

    ``name`` must equal the class's ``type`` default (the discriminator of the config union); the class is returned
    unchanged. Registering a name twice raises, so a plugin cannot silently replace a built-in type.
    """

    def wrap(cls: S) -> S:
        """Register ``cls`` (the registry checks its shape) and return it."""
        invariants.register(name, cls)
        return cls

    return wrap


__all__ = [
    "CheckContext",
    "CheckResult",
    "Field",
    "InvariantSpec",
    "SeverityName",
    "WhenName",
    "call_failed",
    "invariant",
    "invariants",
    "one_line",
]
