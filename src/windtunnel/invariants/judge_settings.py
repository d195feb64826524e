"""The ``judge:`` block: which model grades ``llm_judge`` rubrics, and how.

One model serves both places it is written: the config's top-level ``judge:`` (the default for every
``llm_judge`` invariant) and an invariant's own ``judge:`` (an override: only the keys it writes replace
the default's). The judge is any OpenAI-compatible chat-completions endpoint (OpenAI, vLLM, LM Studio,
Ollama's ``/v1``); it is called by windtunnel directly, never through the agent's seams or proxies.

Why the judge is configured apart from the agent's model: the grader must not be faulted by the run's chaos, must not
share the agent's rate limits or cost accounting, and is often a different (larger, or local) model. The defaults aim
at verdicts that repeat: temperature 0, a fixed request seed, and a cache keyed by everything that could change the
verdict, so a rerun of an unchanged run asks the judge nothing. Everything here is checked when the config loads
(URL shape, non-empty model, key only as ``${VAR}``); whether the endpoint answers is the run's concern.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

from pydantic import Field, field_validator

from windtunnel._util.model import StrictModel

CACHE_FILE = "judge-cache.db"
"""The cache's file name, beside the run store (``.windtunnel/judge-cache.db`` by default)."""


class JudgeSettings(StrictModel):
    """``judge:`` — the OpenAI-compatible model that grades ``llm_judge`` rubrics.

    Every field is optional in the model so an invariant's ``judge:`` can override one key; whether the merged result
    is complete (:attr:`missing`) is checked where a judge is about to be used, and ``validate`` reports it.
    """

    base_url: str | None = None
    """The endpoint's OpenAI-compatible base URL (``POST {base_url}/chat/completions``), e.g.
    ``http://localhost:11434/v1`` for Ollama; a bare origin such as ``http://localhost:11434`` means its
    ``/v1``. ``${ENV}`` references are expanded when the run starts."""
    model: str | None = None
    """The judge model's name as the endpoint knows it (``qwen2.5:7b``, ``gpt-4o-mini``)."""
    api_key: str | None = None
    """Only as ``${ENV_VAR}`` (a literal key in a config file is rejected); local endpoints need none."""
    temperature: float = Field(0.0, ge=0.0, le=2.0)
    """Sampling temperature; 0 (the default) for verdicts that repeat."""
    seed: int | None = Field(0, ge=0, le=2**31 - 1)
    """Sent as the request's ``seed`` (endpoints that honour it sample deterministically); null: not sent."""
    max_tokens: int = Field(400, gt=0, le=32768)
    """Longest verdict the judge may write (its reason included)."""
    timeout: int = Field(60000, gt=0)
    """Milliseconds per judge request; a judge that does not answer in time fails the check as an error."""
    retries: int = Field(2, ge=0, le=10)
    """Retries after a connection error, a 429 or a 5xx answer (a timeout is not retried)."""
    cache: bool = True
    """Keep verdicts in a cache keyed by (rubric, request shown, answer, model and settings), so a rerun
    asks the judge nothing it has already answered; false: always ask."""
    cache_path: str | None = None
    """The cache's SQLite file; default ``judge-cache.db`` beside the run store
    (``$WINDTUNNEL_STORE`` or ``advanced.store``, so ``.windtunnel/judge-cache.db``)."""

    @field_validator("base_url")
    @classmethod
    def _http_url(cls, v: str | None) -> str | None:
        """``base_url`` must be an http(s) URL with a host (a ``${VAR}`` is checked when it is expanded)."""
        if v is None or "${" in v:
            return v
        parts = urlsplit(v.strip())
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(
                f"judge base_url {v!r} is not an http(s) URL with a host; write the endpoint's full address, "
                "e.g. http://localhost:11434/v1 (Ollama) or https://api.openai.com/v1"
            )
        return v.strip()

    @field_validator("model")
    @classmethod
    def _named(cls, v: str | None) -> str | None:
        """Reject an empty model name: the request would fail at run time with a less useful error."""
        if v is not None and not v.strip():
            raise ValueError("judge model is empty; name the model, e.g. qwen2.5:7b or gpt-4o-mini")
        return v

    @field_validator("api_key")
    @classmethod
    def _env_only(cls, v: str | None) -> str | None:
        """Reject a literal API key: a key in a config file ends up in version control; only a ``${VAR}`` reference is
        accepted.
        """
        if v is not None and not (v.startswith("${") and v.endswith("}")):
            raise ValueError("judge api_key must be an environment reference like ${OPENAI_API_KEY}, not a literal key")
        return v

    def merged(self, override: JudgeSettings | None) -> JudgeSettings:
        """These settings with the keys ``override`` writes replacing them.

        Only keys *written* in either block count (pydantic's unset fields are left out), so an override of ``model``
        alone keeps the default's URL, key and cache; ``self`` is returned when there is no override.
        """
        if override is None:
            return self
        data = {**self.model_dump(exclude_unset=True), **override.model_dump(exclude_unset=True)}
        return JudgeSettings.model_validate(data)

    @property
    def missing(self) -> list[str]:
        """The keys a judge cannot do without that are not set (``base_url``, ``model``)."""
        return [k for k in ("base_url", "model") if not getattr(self, k)]

    def cache_file(self, store: str | None) -> Path:
        """Where the cache lives: ``cache_path``, else beside the run store ``store``."""
        if self.cache_path:
            return Path(self.cache_path)
        return Path(store or ".windtunnel/runs.db").parent / CACHE_FILE


def endpoint(base_url: str) -> str:
    """``{base}/chat/completions`` of an expanded base URL (a bare origin gets ``/v1``).

    A bare origin is how Ollama and vLLM are usually written (``http://localhost:11434``); their OpenAI-compatible API
    lives under ``/v1``. A base URL with any path is taken as the API root as written.
    """
    base = base_url.rstrip("/")
    if urlsplit(base).path in ("", "/"):
        base += "/v1"
    return f"{base}/chat/completions"


__all__ = ["CACHE_FILE", "JudgeSettings", "endpoint"]
