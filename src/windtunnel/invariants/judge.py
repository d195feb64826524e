"""``llm_judge``: a rubric in plain words, graded by a model the user configures.

Some rules are about meaning — the answer admits the refund failed, stays on the shop's topics, follows
the escalation policy — and a pattern cannot read meaning. The judge is any OpenAI-compatible endpoint
(``judge:`` at the top of the config, overridable per invariant, see :mod:`.judge_settings`), asked with
deterministic settings; verdicts are cached (:mod:`.judge_cache`) so a rerun costs nothing. A judge that
gives no verdict (unreachable, too slow, an HTTP error, a reply that is not a verdict) fails the check
as an *error* with the reason: it never passes.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any, ClassVar, Literal

from pydantic import Field, PrivateAttr

from windtunnel._util.envexpand import expand_env
from windtunnel._util.errors import ConfigError
from windtunnel.invariants._text import clip
from windtunnel.invariants.base import CheckContext, CheckResult, InvariantSpec, call_failed, invariant
from windtunnel.invariants.judge_cache import JudgeCache, cache_key, key_lock
from windtunnel.invariants.judge_client import PROMPT_VERSION, JudgeError, Verdict, ask, grading_messages, parse_verdict
from windtunnel.invariants.judge_settings import JudgeSettings, endpoint

NO_JUDGE = (
    "llm_judge has no judge: add a top-level judge: {base_url: http://localhost:11434/v1, model: qwen2.5:7b} "
    "(any OpenAI-compatible endpoint), or a judge: block with base_url and model on this invariant"
)


@invariant("llm_judge")
class LlmJudge(InvariantSpec):
    """A judge model decides whether the answer satisfies ``rubric`` (a rule in plain words).

    The judge is the config's top-level ``judge:`` (any OpenAI-compatible endpoint, Ollama's ``/v1``
    included), with this invariant's ``judge:`` keys replacing its own. Its verdict and reason are in the
    report. A judge that gives no verdict fails the check as an error; verdicts are cached, so a rerun
    asks nothing twice.
    """

    type: Literal["llm_judge"] = "llm_judge"
    rubric: str = Field(min_length=1)
    """What a passing answer does, in plain words ("admits that the refund failed and promises no refund")."""
    show_prompt: Literal["golden", "sent", "none"] = "golden"
    """What the judge sees of the request: the golden prompt (default; a mutated or attacked input can carry
    instructions meant for a model), the input actually sent, or nothing (the rubric and the answer only)."""
    judge: JudgeSettings | None = None
    """This invariant's judge settings; the keys given replace those of the top-level ``judge:``."""

    blocking: ClassVar[bool] = True
    _settings: JudgeSettings | None = PrivateAttr(None)
    _store: str | None = PrivateAttr(None)

    def bind(self, default: JudgeSettings | None, store: str | None) -> None:
        """Resolve the judge: ``default`` (the top-level ``judge:``) with this invariant's keys over it;
        ``store``: the configured run store, beside which the cache lives."""
        self._settings = (default or JudgeSettings()).merged(self.judge)
        self._store = store

    @property
    def settings(self) -> JudgeSettings:
        """The judge this invariant asks (its own ``judge:`` alone until :meth:`bind` is called)."""
        return self._settings or self.judge or JudgeSettings()

    def _shown(self, ctx: CheckContext) -> str | None:
        """The request the judge sees beside the answer: none, the golden prompt, or (default) the prompt actually sent,
        mutation included.
        """
        if self.show_prompt == "none":
            return None
        if self.show_prompt == "golden" and ctx.golden_prompt is not None:
            return ctx.golden_prompt
        return ctx.prompt

    def check(self, ctx: CheckContext) -> CheckResult:
        """Ask the judge whether the answer meets the rubric. Every way of not getting a verdict (no judge configured,
        an unset variable, no connection, an unreadable reply) is an inconclusive failure recording what happened: a
        judge that did not judge passes nothing. The verdict and the judge's reason go into the report.
        """
        if (failed := call_failed(ctx)) is not None:
            return failed
        assert ctx.output is not None
        s = self.settings
        if s.missing:
            return CheckResult(False, f"{NO_JUDGE} (missing: {', '.join(s.missing)})", inconclusive=True)
        try:
            model = expand_env(str(s.model), where="judge.model")
        except ConfigError as err:
            return CheckResult(False, f"judge error: {err}", inconclusive=True)
        try:
            verdict = self._verdict(s, model, self._shown(ctx), ctx.output)
        except (JudgeError, ConfigError) as err:
            record = {"model": model, "verdict": "error", "reason": str(err), "cached": False}
            return CheckResult(False, f"judge error ({model}): {err}", inconclusive=True, judge=record)
        word = "pass" if verdict.passed else "fail"
        record = {"model": model, "verdict": word, "reason": verdict.reason, "cached": verdict.cached}
        cached = ", cached" if verdict.cached else ""
        return CheckResult(
            verdict.passed, f"judge ({model}{cached}): {word}: {clip(verdict.reason, 300)}", judge=record
        )

    def _verdict(self, s: JudgeSettings, model: str, request: str | None, answer: str) -> Verdict:
        """The verdict for this (judge settings, model, rubric, request, answer), from the cache when the same question
        was asked before; a per-key lock makes concurrent cells asking the same question ask the judge once.
        """
        url = endpoint(expand_env(str(s.base_url), where="judge.base_url"))
        key = cache_key(PROMPT_VERSION, url, model, s.temperature, s.seed, s.max_tokens, self.rubric, request, answer)
        cache = JudgeCache(s.cache_file(os.environ.get("WINDTUNNEL_STORE") or self._store)) if s.cache else None
        with key_lock(key):
            hit = cache.get(key) if cache is not None else None
            if hit is not None:
                return Verdict(hit[0], hit[1], cached=True)
            passed, reason = grade(s, url, model, self.rubric, request, answer, retries=s.retries)
            if cache is not None:
                cache.put(key, passed, reason, model)
        return Verdict(passed, reason)


def grade(
    s: JudgeSettings, url: str, model: str, rubric: str, request: str | None, answer: str, *, retries: int
) -> tuple[bool, str]:
    """``(passed, reason)``: the judge ``s`` at ``url`` asked whether ``answer`` satisfies ``rubric``.

    One uncached request: the grading messages with the answer fenced, the API key expanded only now (so it never sits
    in a config object), and the judge's reply parsed strictly. Raises :class:`JudgeError` when no verdict came back.
    """
    reply = ask(
        url,
        model=model,
        messages=grading_messages(rubric, request, answer),
        api_key=expand_env(s.api_key, where="judge.api_key") if s.api_key else None,
        temperature=s.temperature,
        seed=s.seed,
        max_tokens=s.max_tokens,
        timeout_s=s.timeout / 1000,
        retries=retries,
    )
    return parse_verdict(reply)


PROBE_RUBRIC = "The answer greets the user."
PROBE_ANSWER = "Hello! How can I help you today?"


def target(s: JudgeSettings) -> tuple[str, str]:
    """The judge's model and chat-completions URL with ``${ENV}`` expanded: what is asked, and what messages
    show (never the ``${VAR:-default}`` as written). Raises ConfigError for an unset variable."""
    model = expand_env(str(s.model), where="judge.model")
    return model, endpoint(expand_env(str(s.base_url), where="judge.base_url"))


def probe(s: JudgeSettings) -> str | None:
    """Why the judge ``s`` cannot grade, or None: one real grading request of a trivial rubric (not
    cached, not retried), which must come back as a well-formed verdict (``windtunnel verify``)."""
    shown = str(s.model)
    try:
        model, url = target(s)
        shown = model
        grade(s, url, model, PROBE_RUBRIC, None, PROBE_ANSWER, retries=0)
    except (JudgeError, ConfigError) as err:
        return f"the llm_judge judge {shown} does not give verdicts: {err}"
    return None


def judged(cfg: Any) -> list[tuple[str, LlmJudge]]:
    """``(key path, invariant)`` of every ``llm_judge`` in ``invariants:`` and ``contract.invariants``."""
    out = [(f"invariants[{i}]", inv) for i, inv in enumerate(cfg.invariants) if isinstance(inv, LlmJudge)]
    contract = getattr(cfg, "contract", None)
    if contract is not None:
        out += [
            (f"contract.invariants[{i}]", inv) for i, inv in enumerate(contract.invariants) if isinstance(inv, LlmJudge)
        ]
    return out


def judge_env_refs(cfg: Any) -> Iterator[tuple[str, str]]:
    """``(key path, value)`` of the judge's ``${ENV}``-expanded keys that the config's ``llm_judge``
    invariants use (each written key once: an invariant's own, else the top-level ``judge:``'s)."""
    seen: set[str] = set()
    for where, inv in judged(cfg):
        for key in ("base_url", "model", "api_key"):
            own = getattr(inv.judge, key, None) if inv.judge is not None else None
            path, value = (f"{where}.judge.{key}", own) if own else (f"judge.{key}", getattr(cfg.judge, key, None))
            if value and path not in seen:
                seen.add(path)
                yield path, value


def apply_judge(cfg: Any) -> None:
    """Give every ``llm_judge`` of the config its judge (the top-level ``judge:`` under its own keys); a
    judge without an endpoint or a model is a ``ValueError`` that names the invariant's key path."""
    for where, inv in judged(cfg):
        inv.bind(cfg.judge, cfg.advanced.store)
        missing = inv.settings.missing
        if missing:
            at = f"{where}.judge" if inv.judge is not None else where
            raise ValueError(f"{at}: {NO_JUDGE} (missing: {', '.join(missing)})")


__all__ = ["LlmJudge", "apply_judge", "grade", "judge_env_refs", "judged", "probe"]
