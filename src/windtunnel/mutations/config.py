"""The ``mutations:`` and ``model:`` sections: which mutation types run, and the LLM that generates them.

Type names are checked against the mutation registry (built-ins and entry-point plugins), so an error lists exactly the
types that exist. An API key is accepted only as a ``${VAR}`` reference.

Every check that can be made from the config alone is made here, when the file is loaded, so ``validate`` catches it
and a run never starts only to stop at planning: unknown type names (with the closest valid one), weights that are not
positive, a ``count`` over the planner's limit, a ``base_url`` that is not http(s), a literal key. Loading this module
loads the entry-point plugins, since a plugin's types must be registered before the names are checked.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, field_validator

from windtunnel._util.model import StrictModel
from windtunnel._util.registry import load_entry_point_plugins
from windtunnel._util.suggest import did_you_mean
from windtunnel._util.urls import check_http_url
from windtunnel.mutations import builtin as _builtin  # noqa: F401  (registers the built-in types)
from windtunnel.mutations.base import mutations as _mutations
from windtunnel.mutations.plan import MAX_MUTATIONS_PER_PROMPT

load_entry_point_plugins()


class ModelConfig(StrictModel):
    """``model:`` — the optional LLM used to generate mutations (OpenAI-compatible).

    The defaults point at a small local Ollama model, so ``model:`` with nothing else set needs no key and no network
    beyond localhost. ``provider`` picks the default ``base_url`` (:data:`~windtunnel.mutations.llm.DEFAULT_BASE_URLS`)
    and, for Ollama, whether the native API is tried first; every provider is spoken to through its OpenAI-compatible
    chat API.
    """

    provider: Literal["ollama", "openai", "anthropic", "google", "openai_compatible"] = "ollama"
    name: str = "qwen2.5:3b"
    base_url: str | None = None
    api_key: str | None = None
    """Only as ``${ENV_VAR}``: a literal key in a config file is rejected."""
    temperature: float = Field(0.0, ge=0.0, le=2.0)
    timeout: int = Field(60000, gt=0)
    """Milliseconds per generation request."""
    enabled: bool = True
    """False: always use the deterministic generators."""

    @field_validator("base_url")
    @classmethod
    def _http_url(cls, v: str | None) -> str | None:
        """``base_url`` must be an http(s) URL."""
        return check_http_url(v, "model.base_url")

    @field_validator("api_key")
    @classmethod
    def _env_only(cls, v: str | None) -> str | None:
        """Reject a literal API key: a key written into a config file ends up in version control; only a ``${VAR}``
        reference, expanded when the model is called, is accepted.
        """
        if v is not None and not (v.startswith("${") and v.endswith("}")):
            raise ValueError("api_key must be an environment reference like ${OPENAI_API_KEY}, not a literal key")
        return v


class MutationsConfig(StrictModel):
    """``mutations:`` — adversarial variants of each golden prompt.

    ``count`` variants per golden prompt, spread round-robin over ``types`` in the order given
    (:mod:`windtunnel.mutations.plan`); ``weights`` change how much a type's failures cost in the score; transport types
    listed for an agent that has no HTTP request are skipped with a notice, not an error, unless no listed type applies.
    """

    count: int = Field(10, ge=1)
    """Mutations per golden prompt (at most 10,000)."""
    types: list[str] = Field(default_factory=lambda: ["paraphrase", "noise", "tone_shift", "prompt_injection"])
    weights: dict[str, float] = Field(default_factory=dict)
    """Per-type scoring weights (each > 0); a partial dict overrides only the named types."""
    custom_templates: list[str] | dict[str, str] = Field(default_factory=list)
    """Templates for the ``custom`` type, with ``{prompt}``: a list, or (upstream's form) a mapping
    name → template whose names become the template ids in reports."""

    @field_validator("count")
    @classmethod
    def _count_bounded(cls, v: int) -> int:
        """Reject a ``count`` over :data:`~windtunnel.mutations.plan.MAX_MUTATIONS_PER_PROMPT` when the config is
        loaded, not when planning would start to run for hours.
        """
        if v > MAX_MUTATIONS_PER_PROMPT:
            raise ValueError(
                f"mutations.count is {v:,}, over the limit of {MAX_MUTATIONS_PER_PROMPT:,} mutations per golden "
                "prompt; a few dozen per prompt find what thousands would (add golden prompts for more coverage)"
            )
        return v

    @property
    def templates(self) -> list[str]:
        """The custom templates in config order."""
        t = self.custom_templates
        return list(t.values()) if isinstance(t, dict) else list(t)

    @property
    def template_ids(self) -> list[str] | None:
        """The names of a mapping's templates (``None`` for a list: templates are numbered)."""
        t = self.custom_templates
        return [str(k) for k in t] if isinstance(t, dict) else None

    @field_validator("types", "weights")
    @classmethod
    def _known_types(cls, v: Any) -> Any:
        """Every name in ``types`` and ``weights`` must be a registered mutation type; the error suggests the closest
        name and lists the valid ones.
        """
        names = list(v)
        described = _mutations.descriptions()
        for name in names:
            if name not in _mutations:
                raise ValueError(
                    f"unknown mutation type {name!r}{did_you_mean(name, _mutations, described)}; "
                    f"valid: {', '.join(_mutations.names())}"
                )
        return v

    @field_validator("weights")
    @classmethod
    def _positive_weights(cls, v: dict[str, float]) -> dict[str, float]:
        """A weight of zero or less would hide a type's failures from the score while still running it: rejected, with
        what to do instead.
        """
        bad = {name: w for name, w in v.items() if not w > 0}
        if bad:
            shown = ", ".join(f"{name}={w:g}" for name, w in bad.items())
            raise ValueError(
                f"mutation type weights must be greater than 0, got {shown}: leave a type out of weights to "
                "keep its default weight, or remove it from mutations.types to not run it"
            )
        return v


__all__ = ["ModelConfig", "MutationsConfig"]
