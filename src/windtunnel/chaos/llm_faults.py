"""Built-in LLM fault modes, acting on the agent's own model calls.

``timeout``, ``rate_limit`` and ``error`` answer instead of the model (the model never sees those
calls); every other mode corrupts the model's real answer. Modes that corrupt text leave replies that
carry only tool calls alone (they do not count as fired). On streams, ``truncated_response``,
``empty``, ``garbage``, ``malformed`` and ``stream_cutoff`` with ``after_chunks`` act as the text
arrives (kept tokens reach the agent when the model sends them); ``response_drift`` and
``stream_cutoff`` with ``keep`` need the whole answer, so the seam holds the text back until it ends.
"""

from __future__ import annotations

import dataclasses
import json
import math
import re
from typing import Any, ClassVar, Literal

from pydantic import Field

from windtunnel.chaos.base import (
    ANSWERED,
    FAILED,
    Decision,
    FaultNotApplicable,
    LlmCall,
    LlmFaultSpec,
    LlmReply,
    TextFilter,
    llm_fault,
)


def _with_text(reply: LlmReply, text: str, finish_reason: str | None = None) -> LlmReply:
    """A copy of ``reply`` (tool calls and flags kept) carrying ``text``."""
    return dataclasses.replace(reply, text=text, finish_reason=finish_reason or reply.finish_reason)


def _text(reply: LlmReply) -> str:
    """The reply's text; raises :class:`FaultNotApplicable` for a reply that carries only tool calls, so text faults
    leave it alone and do not count as fired.
    """
    if reply.text is None:
        raise FaultNotApplicable
    return reply.text


@llm_fault("timeout")
class LlmTimeoutFault(LlmFaultSpec):
    """The model call hangs, then fails with a timeout; the model is not called."""

    impact: ClassVar[int] = 5
    outcome: ClassVar[str] = FAILED
    mode: Literal["timeout"] = "timeout"
    delay_ms: int = Field(0, ge=0)
    """How long the call hangs before the timeout error (0 reports the timeout at once)."""

    def delay_ms_before(self, call: LlmCall) -> int:
        """Hang for ``delay_ms`` before the timeout (an HTTP seam never waits past the client's own read timeout)."""
        return self.delay_ms

    def replace(self, call: LlmCall, d: Decision) -> LlmReply:
        """A timeout (504) instead of the model's answer."""
        return LlmReply(status=504, timeout=True, message="model call timed out")


@llm_fault("truncated_response")
class TruncatedResponseFault(LlmFaultSpec):
    """The model's real answer stops after ``max_tokens`` tokens (finish_reason ``length``).

    Tokens are counted as whitespace-separated words.
    """

    impact: ClassVar[int] = 2
    outcome: ClassVar[str] = ANSWERED
    mode: Literal["truncated_response"] = "truncated_response"
    max_tokens: int = Field(10, ge=0)
    """Tokens of the answer that survive."""

    def transform(self, call: LlmCall, reply: LlmReply, d: Decision) -> LlmReply:
        """The first ``max_tokens`` words with finish reason ``length``; not applicable when the answer is no longer
        than that.
        """
        words = re.findall(r"\S+\s*", _text(reply))
        if len(words) <= self.max_tokens:
            raise FaultNotApplicable
        return _with_text(reply, "".join(words[: self.max_tokens]).rstrip(), "length")

    def stream_filter(self, call: LlmCall, d: Decision) -> TextFilter:
        """Truncate a stream as it arrives (:class:`_TruncateFilter`)."""
        return _TruncateFilter(self.max_tokens)


class _TruncateFilter(TextFilter):
    """Counts the words of a streamed answer and ends it (finish reason ``length``) when the word after the
    ``max_tokens``-th starts, whichever chunk it falls in.
    """

    def __init__(self, max_tokens: int) -> None:
        """``max_tokens``: words still allowed through."""
        super().__init__()
        self.left = max_tokens
        self.pending = ""

    def feed(self, text: str) -> str:
        """The part of ``text`` within the word budget; once the budget is spent, ``stop`` is set and later text
        dropped.
        """
        if self.stop:
            return ""
        out = []
        for word in re.findall(r"\s*\S+|\s+", text):
            if word.strip() and self.left == 0:
                self.stop = self.acted = True
                self.finish_reason = "length"
                break
            if word.strip():
                self.left -= 1
            out.append(word)
        return "".join(out).rstrip() if self.stop else "".join(out)


@llm_fault("rate_limit")
class LlmRateLimitFault(LlmFaultSpec):
    """The model API answers 429 Too Many Requests with a Retry-After; the model is not called."""

    impact: ClassVar[int] = 4
    outcome: ClassVar[str] = FAILED
    mode: Literal["rate_limit"] = "rate_limit"
    retry_after: float = Field(1.0, ge=0)
    """Seconds announced in the Retry-After header."""
    message: str = "Rate limit exceeded"
    """Error message the agent sees."""

    def replace(self, call: LlmCall, d: Decision) -> LlmReply:
        """A 429 with the configured message and ``Retry-After`` instead of the model's answer."""
        return LlmReply(status=429, message=self.message, headers={"Retry-After": f"{self.retry_after:g}"})


@llm_fault("empty")
class LlmEmptyFault(LlmFaultSpec):
    """The model's answer comes back as an empty string."""

    impact: ClassVar[int] = 3
    outcome: ClassVar[str] = ANSWERED
    mode: Literal["empty"] = "empty"

    def transform(self, call: LlmCall, reply: LlmReply, d: Decision) -> LlmReply:
        """The answer with empty text and finish reason ``stop``; not applicable when it is empty already."""
        if not _text(reply):
            raise FaultNotApplicable
        return _with_text(reply, "", "stop")

    def stream_filter(self, call: LlmCall, d: Decision) -> TextFilter:
        """Drop every text delta as it arrives (:class:`_EmptyFilter`)."""
        return _EmptyFilter()


class _EmptyFilter(TextFilter):
    """Drops every text delta of a stream; it has acted once any text was dropped."""

    def feed(self, text: str) -> str:
        """Drop ``text``."""
        self.acted = self.acted or bool(text)
        return ""


_GARBAGE = "▒░▓#@%&*{}[]<>~^|\\ ¤§¶ßøæ€λΩ≈∆ 0x7f ?? "


@llm_fault("garbage")
class GarbageFault(LlmFaultSpec):
    """The model's answer is replaced by seeded gibberish of about the same length."""

    impact: ClassVar[int] = 3
    outcome: ClassVar[str] = ANSWERED
    mode: Literal["garbage"] = "garbage"

    def transform(self, call: LlmCall, reply: LlmReply, d: Decision) -> LlmReply:
        """Seeded gibberish as long as the answer (at least 16 characters), drawn from :data:`_GARBAGE`."""
        n = max(16, len(_text(reply)))
        rng = d.rng("garbage")
        return _with_text(reply, "".join(rng.choice(_GARBAGE) for _ in range(n)))

    def stream_filter(self, call: LlmCall, d: Decision) -> TextFilter:
        """Replace each delta with gibberish as it arrives (:class:`_GarbageFilter`)."""
        return _GarbageFilter(d)


class _GarbageFilter(TextFilter):
    """Replaces each text delta with seeded gibberish of the same length."""

    def __init__(self, d: Decision) -> None:
        """Seed the gibberish from the call's decision, so a rerun sends the same characters."""
        super().__init__()
        self.rng = d.rng("garbage")

    def feed(self, text: str) -> str:
        """Gibberish as long as ``text``."""
        self.acted = self.acted or bool(text)
        return "".join(self.rng.choice(_GARBAGE) for _ in range(len(text)))


def drift_key(key: str) -> str:
    """``snake_case`` ↔ ``camelCase`` of a key (``key_v2`` when it is neither)."""
    if "_" in key:
        head, *rest = key.split("_")
        return head + "".join(p[:1].upper() + p[1:] for p in rest)
    snake = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", key).lower()
    return snake if snake != key else f"{key}_v2"


def _json_in(text: str) -> tuple[Any, str, str] | None:
    """``(value, before, after)`` for the first JSON object/array inside ``text`` (bare, fenced or inline)."""
    decoder = json.JSONDecoder()
    for i, ch in enumerate(text):
        if ch not in "{[":
            continue
        try:
            value, end = decoder.raw_decode(text, i)
        except ValueError:
            continue
        if isinstance(value, (dict, list)) and value:
            return value, text[:i], text[end:]
    return None


_REFUSALS = [
    (r"\bI can(?:'|no)t help with that\b", "That's not something I'm able to assist with"),
    (r"\bI can(?:'|no)t\b", "I'm not in a position to"),
    (r"\bI'm unable to\b", "I won't be able to"),
    (r"\bI am unable to\b", "I won't be able to"),
    (r"\bI'm sorry\b", "Unfortunately"),
    (r"\bnot allowed\b", "outside what I can do"),
    (r"\bI won't\b", "I'd rather not"),
]

_CASUAL = [
    (r"\bI would like to\b", "I wanna"),
    (r"\bcannot\b", "can't"),
    (r"\bdo not\b", "don't"),
    (r"\bI am\b", "I'm"),
    (r"\bHello\b", "Hey"),
    (r"\bThank you\b", "Thanks"),
    (r"\bPlease\b", "Pls"),
    (r"\bhowever\b", "but"),
    (r"\bTherefore\b", "So"),
]


@llm_fault("response_drift")
class ResponseDriftFault(LlmFaultSpec):
    """The answer drifts the way a silently upgraded model's answers do.

    ``json_field_rename`` renames keys of a JSON answer; ``verbosity_shift`` makes it ``factor`` times
    longer (``expand``) or shorter (``compress``); ``format_change`` turns JSON into prose and prose into
    a Markdown list; ``refusal_rephrase`` words refusals differently; ``tone_shift`` makes it casual.
    ``severity`` sets how much changes (one field / half / all for renames).
    """

    impact: ClassVar[int] = 1
    outcome: ClassVar[str] = ANSWERED
    mode: Literal["response_drift"] = "response_drift"
    drift_type: Literal["json_field_rename", "verbosity_shift", "format_change", "refusal_rephrase", "tone_shift"] = (
        "json_field_rename"
    )
    """What drifts."""
    severity: Literal["subtle", "moderate", "significant"] = "subtle"
    """How much drifts."""
    direction: Literal["expand", "compress"] = "expand"
    """For verbosity_shift: longer or shorter answers."""
    factor: float = Field(2.0, gt=1.0)
    """For verbosity_shift: how many times longer / shorter."""

    def transform(self, call: LlmCall, reply: LlmReply, d: Decision) -> LlmReply:
        """The answer drifted by ``drift_type``; not applicable when the drift leaves the text as it was (no JSON to
        rename, no refusal wording to change ...).
        """
        text = _text(reply)
        drifted = getattr(self, f"_{self.drift_type}")(text)
        if drifted == text:
            raise FaultNotApplicable
        return _with_text(reply, drifted)

    def _json_field_rename(self, text: str) -> str:
        """Rename keys of the first JSON object or array in the text between snake_case and camelCase: the first key of
        each object for ``subtle``, half of them for ``moderate``, all for ``significant``, at every depth. The text
        around the JSON is kept.
        """
        found = _json_in(text)
        if found is None:
            return text
        value, before, after = found
        share = {"subtle": 0.0, "moderate": 0.5, "significant": 1.0}[self.severity]

        def walk(v: Any) -> Any:
            """``v`` with the chosen keys renamed, recursively."""
            if isinstance(v, dict):
                keys = list(v)
                n = max(1, math.ceil(len(keys) * share))
                return {(drift_key(k) if i < n else k): walk(x) for i, (k, x) in enumerate(v.items())}
            if isinstance(v, list):
                return [walk(x) for x in v]
            return v

        return before + json.dumps(walk(value), ensure_ascii=False) + after

    def _verbosity_shift(self, text: str) -> str:
        """``compress``: the first 1/``factor`` of the words. ``expand``: the text padded to ``factor`` times its length
        with restated sentences and generic filler, the padding an over-verbose model adds.
        """
        sentences = re.split(r"(?<=[.!?])\s+", text.strip())
        if self.direction == "compress":
            words = text.split()
            keep = max(1, math.floor(len(words) / self.factor))
            return " ".join(words[:keep]) if keep < len(words) else text
        target = math.ceil(len(text) * self.factor)
        fillers = [
            "To elaborate further on this point, it is worth restating the above in more detail.",
            "In other words, as mentioned, the answer above covers the essentials.",
            "It may also help to note that the details above apply in most common situations.",
        ]
        out = text.strip()
        i = 0
        while len(out) < target:
            out += " " + (sentences[i % len(sentences)] if i % 2 else fillers[i % len(fillers)])
            i += 1
        return out

    def _format_change(self, text: str) -> str:
        """JSON becomes ``key: value`` prose lines; prose becomes a Markdown heading with one bullet per sentence."""
        found = _json_in(text)
        if found is not None:
            value, _, _ = found
            items = value.items() if isinstance(value, dict) else enumerate(value)
            return "\n".join(f"{k}: {json.dumps(v, ensure_ascii=False)}" for k, v in items)
        sentences = [s for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s]
        return "## Answer\n\n" + "\n".join(f"- {s}" for s in sentences)

    def _refusal_rephrase(self, text: str) -> str:
        """Reword common refusal phrases (``I can't`` → ``I'm not in a position to`` ...), which breaks checks keyed on
        a refusal's exact wording.
        """
        out = text
        for pattern, repl in _REFUSALS:
            out = re.sub(pattern, repl, out, flags=re.IGNORECASE)
        return out

    def _tone_shift(self, text: str) -> str:
        """Contract and casualise formal phrases; for ``moderate`` / ``significant`` (or when nothing matched) also open
        with a casual prefix.
        """
        out = text
        for pattern, repl in _CASUAL:
            out = re.sub(pattern, repl, out)
        if self.severity != "subtle" or out == text:
            out = "lol ok so " + out[:1].lower() + out[1:] if out else out
        return out


@llm_fault("stream_cutoff")
class StreamCutoffFault(LlmFaultSpec):
    """The connection drops mid-answer: a stream ends without its final event, a plain response
    without the rest of its body. SDK clients raise their own connection error; plain callables get
    :class:`~windtunnel.chaos.injected.StreamCutOff`."""

    impact: ClassVar[int] = 5
    outcome: ClassVar[str] = FAILED
    mode: Literal["stream_cutoff"] = "stream_cutoff"
    keep: float = Field(0.5, ge=0.0, lt=1.0)
    """Fraction of the answer delivered before the cut (a stream is held back to measure it)."""
    after_chunks: int | None = Field(None, ge=0)
    """On streams: drop the connection after this many text chunks, as they arrive (overrides keep)."""

    def transform(self, call: LlmCall, reply: LlmReply, d: Decision) -> LlmReply:
        """The answer marked to be cut after ``keep`` of it (the seam drops the connection there)."""
        out = _with_text(reply, reply.text or "")
        out.cut_after = self.keep
        return out

    def stream_filter(self, call: LlmCall, d: Decision) -> TextFilter | None:
        """With ``after_chunks``, cut a stream as it arrives (:class:`_CutFilter`); without it, ``None`` makes the seam
        hold the stream back to cut at ``keep``.
        """
        return None if self.after_chunks is None else _CutFilter(self.after_chunks, cut=True)


class _CutFilter(TextFilter):
    """Lets ``n`` text chunks through, then cuts the connection (or sends a broken event)."""

    def __init__(self, n: int, *, cut: bool) -> None:
        """``n``: text chunks let through; ``cut``: drop the connection (else send a broken event)."""
        super().__init__()
        self.left = n
        self.cuts = cut

    def feed(self, text: str) -> str:
        """``text`` while chunks are left, then nothing, with ``cut`` or ``malformed`` set."""
        if self.left > 0:
            self.left -= 1
            return text
        self.acted = True
        if self.cuts:
            self.cut = True
        else:
            self.malformed = True
        return ""


@llm_fault("error")
class LlmErrorFault(LlmFaultSpec):
    """The model API answers an HTTP error (500, 502, 503, 529 overloaded ...) with the provider's
    error body and an optional Retry-After; the model is not called."""

    impact: ClassVar[int] = 4
    outcome: ClassVar[str] = FAILED
    mode: Literal["error"] = "error"
    status: int = Field(500, ge=400, le=599)
    """HTTP status of the error (529 is Anthropic's "overloaded")."""
    message: str | None = None
    """Error message in the body (default: the provider's usual message for the status)."""
    retry_after: float | None = Field(None, ge=0)
    """Seconds announced in a Retry-After header (none by default)."""

    def replace(self, call: LlmCall, d: Decision) -> LlmReply:
        """The configured HTTP error (the provider's usual message when none is given) instead of the model's answer."""
        headers = {} if self.retry_after is None else {"Retry-After": f"{self.retry_after:g}"}
        return LlmReply(status=self.status, message=self.message, headers=headers)


@llm_fault("malformed")
class LlmMalformedFault(LlmFaultSpec):
    """The model's answer arrives unparseable: a JSON body cut to invalid JSON, or on a stream a broken
    SSE event after ``after_chunks`` text chunks (the stream then ends)."""

    impact: ClassVar[int] = 5
    outcome: ClassVar[str] = FAILED
    mode: Literal["malformed"] = "malformed"
    after_chunks: int = Field(1, ge=0)
    """On streams: text chunks delivered intact before the broken event."""

    def transform(self, call: LlmCall, reply: LlmReply, d: Decision) -> LlmReply:
        """The answer marked malformed: the seam sends a body the client cannot parse."""
        out = _with_text(reply, _text(reply))
        out.malformed = True
        return out

    def stream_filter(self, call: LlmCall, d: Decision) -> TextFilter:
        """Break the stream after ``after_chunks`` text chunks (:class:`_CutFilter`)."""
        return _CutFilter(self.after_chunks, cut=False)

    def unsupported(self, api: str) -> str | None:
        """Not for plain callables: they return python values, which have no wire form to break."""
        if api == "callable":
            return "a plain callable LLM returns python values, not a body that could be malformed"
        return None
