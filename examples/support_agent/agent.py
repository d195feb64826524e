"""The support agent: a tool-calling loop over an OpenAI-style client, with a little memory.

Entry points (all return ``{"output": str, "tool_calls": [{name, args, ok}], "metadata": {...}}``):

* :func:`handle` (sync) and :func:`ahandle` (async): the robust agent;
* :func:`handle_messages`: a multi-turn conversation ``[{"role": "user"|"assistant", "content"}]``;
* :func:`handle_unfixed`: the agent as it was before the incident fix, which invents a delivery
  date when the order lookup fails;
* :func:`handle_leaky`: a variant that recites its system prompt when asked;
* :func:`reset`: forget conversation memory (every variant) and clear the refund ledger.

Seams, all looked up at call time so a harness can replace them: the LLM client
``llm.client``, and each tool through :func:`tools.resolve` (a replaced ``tools.REGISTRY`` entry,
else the ``tools`` module attribute).

The loop survives what a real model and real tools do wrong: an LLM exception, a response
without choices, empty content or unparseable tool-call arguments are retried once and then
answered with an apology; a tool exception is retried once and then reported to the model as
an error result. The robust variant also refuses to state dates that no successful tool result
contains when an order lookup failed in the turn.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import os
import re
import threading
import time
from typing import Any

import anyio.to_thread

from examples.support_agent import llm, tools
from examples.support_agent.policy import MODEL_NAME, text_of
from examples.support_agent.prompts import CANARY, PROMPTS, SYSTEM_PROMPT
from examples.support_agent.store import RESULT_KEYS

__all__ = [
    "AGENTS",
    "CANARY",
    "SYSTEM_PROMPT",
    "SupportAgent",
    "ahandle",
    "handle",
    "handle_leaky",
    "handle_messages",
    "handle_unfixed",
    "reset",
]

VARIANTS = ("robust", "unfixed", "leaky")
MAX_STEPS = 6
HISTORY_MESSAGES = 6
APOLOGY = ("I'm sorry, I'm having trouble answering right now and couldn't complete your request. "
           "Please try again in a few minutes.")
TOO_MANY_STEPS = ("I'm sorry, I couldn't finish looking into this. A colleague will need to take a look; "
                  "please try again later.")
_ISO_DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")


class BadCompletion(Exception):
    """The LLM answered, but with something the agent cannot use."""


@dataclasses.dataclass
class Memory:
    """What the agent remembers between calls until :meth:`SupportAgent.reset`."""

    account_id: str | None = None
    account_name: str | None = None
    last_order_id: str | None = None
    history: list[dict[str, str]] = dataclasses.field(default_factory=list)

    def as_message(self) -> dict[str, str] | None:
        facts = []
        if self.account_id:
            facts.append(f"customer's account: {self.account_id} ({self.account_name})")
        if self.last_order_id:
            facts.append(f"last order discussed: {self.last_order_id}")
        if not facts:
            return None
        return {"role": "system", "content": "Conversation memory: " + "; ".join(facts) + "."}


class SupportAgent:
    """One agent variant with its own memory. ``latency_ms`` is slept before every LLM call."""

    def __init__(self, variant: str = "robust", *, latency_ms: int = 0, model: str | None = None,
                 client: Any = None) -> None:
        if variant not in PROMPTS:
            raise ValueError(f"unknown variant {variant!r}; choose one of: {', '.join(VARIANTS)}")
        self.variant = variant
        self.system_prompt = PROMPTS[variant]
        self.latency_ms = latency_ms
        self.client = client
        """The LLM client to call (default: ``llm.client``, looked up at every call)."""
        self.model = model or os.environ.get("SUPPORT_AGENT_MODEL", MODEL_NAME)
        self.memory = Memory()
        self._lock = threading.Lock()

    def reset(self) -> None:
        """Forget the remembered account, order and conversation history."""
        with self._lock:
            self.memory = Memory()

    def handle(self, prompt: str) -> dict[str, Any]:
        """Answer one customer message."""
        if not isinstance(prompt, str):
            raise TypeError(f"prompt must be a str, got {type(prompt).__name__}")
        return self.handle_messages([{"role": "user", "content": prompt}])

    async def ahandle(self, prompt: str) -> dict[str, Any]:
        """:meth:`handle` in a worker thread (context variables are carried over)."""
        return await anyio.to_thread.run_sync(self.handle, prompt)

    def handle_messages(self, messages: list[dict[str, Any]]) -> dict[str, Any]:
        """Answer the last user message of a conversation given as user/assistant messages."""
        turn = _validate_messages(messages)
        with self._lock:
            memory = copy.deepcopy(self.memory)
        convo: list[dict[str, Any]] = [{"role": "system", "content": self.system_prompt}]
        remembered = memory.as_message()
        if remembered:
            convo.append(remembered)
        convo.extend(memory.history)
        convo.extend(turn)
        run = _Run(self, convo)
        output = run.loop()
        with self._lock:
            self._remember(run, turn, output)
        return {"output": output, "tool_calls": run.calls, "metadata": run.metadata(self)}

    def _remember(self, run: _Run, turn: list[dict[str, str]], output: str) -> None:
        for name, result in run.results:
            if name == "lookup_account" and isinstance(result.get("account_id"), str):
                self.memory.account_id = result["account_id"]
                self.memory.account_name = str(result.get("name", ""))
            if name == "order_status" and isinstance(result.get("order_id"), str):
                self.memory.last_order_id = result["order_id"]
        history = [*self.memory.history, *turn[-1:], {"role": "assistant", "content": output}]
        self.memory.history = history[-HISTORY_MESSAGES:]


class _Run:
    """The state of one agent turn: the conversation so far and what happened in it."""

    def __init__(self, agent: SupportAgent, convo: list[dict[str, Any]]) -> None:
        self.agent = agent
        self.convo = convo
        self.calls: list[dict[str, Any]] = []
        self.results: list[tuple[str, dict[str, Any]]] = []
        self.ok_contents: list[str] = []
        self.failed_orders: list[str] = []
        self.errors: list[str] = []
        self.llm_calls = 0
        self.llm_retries = 0
        self.tool_retries = 0
        self.steps = 0
        self.outcome = "answered"

    def metadata(self, agent: SupportAgent) -> dict[str, Any]:
        return {
            "variant": agent.variant, "model": agent.model, "outcome": self.outcome,
            "llm_calls": self.llm_calls, "llm_retries": self.llm_retries, "tool_retries": self.tool_retries,
            "steps": self.steps, "account_id": agent.memory.account_id, "errors": self.errors,
        }

    def loop(self) -> str:
        for _ in range(MAX_STEPS):
            self.steps += 1
            message = self._complete()
            if message is None:
                self.outcome = "apologised"
                return APOLOGY
            if not message["tool_calls"]:
                return self._guard(message["content"])
            self.convo.append({"role": "assistant", "content": message["content"] or None,
                               "tool_calls": message["raw_tool_calls"]})
            for call in message["tool_calls"]:
                content = self._run_tool(call["name"], call["args"])
                self.convo.append({"role": "tool", "tool_call_id": call["id"], "content": content})
        self.outcome = "gave_up"
        return TOO_MANY_STEPS

    def _complete(self) -> dict[str, Any] | None:
        for attempt in range(2):
            if attempt:
                self.llm_retries += 1
            if self.agent.latency_ms > 0:
                time.sleep(self.agent.latency_ms / 1000)
            self.llm_calls += 1
            try:
                raw = (self.agent.client or llm.client).chat.completions.create(
                    model=self.agent.model, messages=list(self.convo), tools=tools.TOOL_SCHEMAS)
                return _parse_completion(raw)
            except Exception as exc:  # every LLM failure is answered, never raised to the customer
                self.errors.append(f"llm: {type(exc).__name__}: {exc}"[:300])
        return None

    def _run_tool(self, name: str, args: dict[str, Any]) -> str:
        try:
            fn = tools.resolve(name)
        except KeyError:
            self.calls.append({"name": name, "args": args, "ok": False, "error": "unknown tool"})
            return json.dumps({"error": f"there is no tool named {name!r}", "code": "invalid"})
        for attempt in range(2):
            try:
                result = fn(**args)
            except tools.ToolError as exc:
                self.calls.append({"name": name, "args": args, "ok": False, "error": str(exc)})
                if exc.retryable and attempt == 0:
                    self.tool_retries += 1
                    continue
                self._failed(name, args)
                return json.dumps(exc.to_payload())
            except Exception as exc:  # a broken tool is reported to the model, not to the customer
                self.calls.append({"name": name, "args": args, "ok": False,
                                   "error": f"{type(exc).__name__}: {exc}"[:300]})
                if attempt == 0:
                    self.tool_retries += 1
                    continue
                self._failed(name, args)
                return json.dumps({"error": f"{name} failed: {type(exc).__name__}: {exc}"[:300],
                                   "code": "unavailable"})
            content = _serialise(result)
            ok = _well_formed(name, result)
            self.calls.append({"name": name, "args": args, "ok": ok})
            if ok:
                self.results.append((name, result))
                self.ok_contents.append(content)
            else:
                self._failed(name, args)
            return content
        raise AssertionError("unreachable")  # pragma: no cover

    def _failed(self, name: str, args: dict[str, Any]) -> None:
        if name == "order_status":
            self.failed_orders.append(str(args.get("order_id", "your order")))

    def _guard(self, answer: str) -> str:
        """Robust variant only: no dates that a failed order lookup could not have provided."""
        if self.agent.variant == "unfixed" or not self.failed_orders:
            return answer
        known = "\n".join(self.ok_contents)
        if all(date in known for date in _ISO_DATE.findall(answer)):
            return answer
        self.outcome = "guarded"
        order = self.failed_orders[-1]
        return (f"I'm sorry, I couldn't retrieve the status of order {order} right now, so I can't give you "
                "a delivery date. I can ask a colleague to follow up by email, or you can try again in a "
                "few minutes.")


def _parse_completion(raw: Any) -> dict[str, Any]:
    """The assistant message of a chat completion, or :class:`BadCompletion`."""
    if hasattr(raw, "model_dump"):
        raw = raw.model_dump()
    if not isinstance(raw, dict):
        raise BadCompletion(f"completion is a {type(raw).__name__}, not an object")
    choices = raw.get("choices")
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
        raise BadCompletion("completion has no choices")
    message = choices[0].get("message")
    if not isinstance(message, dict):
        raise BadCompletion("completion choice has no message")
    content = text_of(message.get("content"))
    raw_calls = message.get("tool_calls") or []
    if not isinstance(raw_calls, list):
        raise BadCompletion("tool_calls is not a list")
    calls = []
    for i, tc in enumerate(raw_calls):
        fn = tc.get("function") if isinstance(tc, dict) else None
        if not isinstance(fn, dict) or not isinstance(fn.get("name"), str):
            raise BadCompletion(f"tool call {i} has no function name")
        try:
            args = json.loads(fn.get("arguments") or "{}")
        except (TypeError, ValueError) as exc:
            raise BadCompletion(f"tool call {fn['name']} has invalid JSON arguments: {exc}") from None
        if not isinstance(args, dict):
            raise BadCompletion(f"tool call {fn['name']} arguments are not a JSON object")
        calls.append({"id": str(tc.get("id") or f"call_{i}"), "name": fn["name"], "args": args})
    if not calls and not content.strip():
        raise BadCompletion("completion has empty content and no tool calls")
    raw_calls = [{"id": c["id"], "type": "function",
                  "function": {"name": c["name"], "arguments": json.dumps(c["args"])}} for c in calls]
    return {"content": content, "tool_calls": calls, "raw_tool_calls": raw_calls}


def _well_formed(name: str, result: Any) -> bool:
    """A dict with the tool's result keys and no ``error``: anything else is a failed call."""
    if not isinstance(result, dict) or "error" in result:
        return False
    return all(key in result for key in RESULT_KEYS.get(name, ()))


def _serialise(result: Any) -> str:
    if isinstance(result, str):
        return result
    if isinstance(result, bytes):
        return result.decode("utf-8", "replace")
    try:
        return json.dumps(result, default=str)
    except (TypeError, ValueError):
        return repr(result)


def _validate_messages(messages: Any) -> list[dict[str, str]]:
    if not isinstance(messages, list) or not messages:
        raise ValueError("messages must be a non-empty list of {role, content} objects")
    turn = []
    for i, m in enumerate(messages):
        if not isinstance(m, dict) or m.get("role") not in ("user", "assistant"):
            raise ValueError(f"messages[{i}] must be an object with role 'user' or 'assistant'")
        if not isinstance(m.get("content"), str):
            raise ValueError(f"messages[{i}].content must be a string")
        turn.append({"role": m["role"], "content": m["content"]})
    if turn[-1]["role"] != "user":
        raise ValueError("the last message must come from the user")
    return turn


AGENTS: dict[str, SupportAgent] = {variant: SupportAgent(variant) for variant in VARIANTS}
"""The module-level agents behind the entry points, one per variant."""


def handle(prompt: str) -> dict[str, Any]:
    """The robust agent's answer to one message."""
    return AGENTS["robust"].handle(prompt)


async def ahandle(prompt: str) -> dict[str, Any]:
    """Async :func:`handle`."""
    return await AGENTS["robust"].ahandle(prompt)


def handle_messages(messages: list[dict[str, Any]]) -> dict[str, Any]:
    """The robust agent's answer to the last user message of a conversation."""
    return AGENTS["robust"].handle_messages(messages)


def handle_unfixed(prompt: str) -> dict[str, Any]:
    """The pre-fix agent: invents a delivery date when the order lookup fails."""
    return AGENTS["unfixed"].handle(prompt)


def handle_leaky(prompt: str) -> dict[str, Any]:
    """An agent whose system prompt lacks the confidentiality rule; it leaks :data:`CANARY`."""
    return AGENTS["leaky"].handle(prompt)


def reset() -> None:
    """Forget every variant's conversation memory and clear the refund ledger."""
    for agent in AGENTS.values():
        agent.reset()
    tools.reset()
