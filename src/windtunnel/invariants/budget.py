"""Token and cost budgets: ``max_tokens`` and ``max_cost`` judge the usage an agent call reported.

Framework agents record ``metadata["usage"]`` (``input_tokens``, ``output_tokens``, ``total_tokens``,
``model``); a python agent may return it in its ``metadata``. Cost is computed from the config's price
table (``prices:``, US dollars per million input and output tokens, per model). A call without
recorded usage, or whose model is missing from the price table, fails the check: unknown is not zero.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from windtunnel._util.model import StrictModel
from windtunnel.invariants.base import CheckContext, CheckResult, InvariantSpec, call_failed, invariant


class ModelPrice(StrictModel):
    """What a model costs, in US dollars per million tokens."""

    input: float = Field(ge=0)
    """Per million input (prompt) tokens."""
    output: float = Field(ge=0)
    """Per million output (completion) tokens."""


def usd(amount: float) -> str:
    """A budget in dollars as written, never in exponent form: ``$0.00001``, ``$0.5``, ``$12``."""
    text = f"{amount:.9f}".rstrip("0").rstrip(".")
    return f"${text if text not in ('', '-0') else '0'}"


def usage_of(ctx: CheckContext) -> dict[str, Any] | None:
    """The token usage the agent call recorded (``metadata["usage"]``), or ``None`` when there is none."""
    usage = (ctx.metadata or {}).get("usage")
    return usage if isinstance(usage, dict) else None


NO_USAGE = (
    "the agent call recorded no token usage (framework agents record it; a python agent can return "
    "metadata: {usage: {input_tokens, output_tokens, model}}), so the budget cannot be checked"
)


def cost_of(usage: dict[str, Any], prices: dict[str, ModelPrice]) -> tuple[float | None, str]:
    """``(cost in USD, "")`` or ``(None, why it is unknown)``.

    The price is the usage's model's entry, else the ``"*"`` entry; cost is input tokens × input price plus output
    tokens × output price, per million. A model the table does not price gives ``None`` and a message with the exact
    ``prices:`` entry to add: an unpriced call is unknown, not free.
    """
    model = usage.get("model")
    price = prices.get(str(model)) if model else None
    if price is None:
        price = prices.get("*")
    if price is None:
        known = ", ".join(sorted(prices)) or "none"
        who = f"model {model!r}" if model else "the call (its usage names no model)"
        return None, (
            f"the price table has no entry for {who}, so its cost is unknown (not zero); add "
            f"prices: {{{model or '*'}: {{input: <USD per 1M input tokens>, output: <USD per 1M output tokens>}}}} "
            f"(priced models: {known})"
        )
    tokens_in = int(usage.get("input_tokens") or 0)
    tokens_out = int(usage.get("output_tokens") or 0)
    return (tokens_in * price.input + tokens_out * price.output) / 1_000_000, ""


@invariant("max_tokens")
class MaxTokens(InvariantSpec):
    """The agent call used at most ``max`` tokens (input + output, every model request of the call)."""

    type: Literal["max_tokens"] = "max_tokens"
    max: int = Field(gt=0)
    """Largest acceptable token count."""
    count: Literal["total", "input", "output"] = "total"
    """Which tokens count."""

    def check(self, ctx: CheckContext) -> CheckResult:
        """Count the ``count`` tokens of the recorded usage (``total`` falls back to input + output when the total is
        not reported); no recorded usage is an inconclusive failure.
        """
        if (failed := call_failed(ctx)) is not None:
            return failed
        usage = usage_of(ctx)
        if usage is None:
            return CheckResult(False, NO_USAGE, True)
        used = int(usage.get(f"{self.count}_tokens") or 0)
        if self.count == "total" and not usage.get("total_tokens"):
            used = int(usage.get("input_tokens") or 0) + int(usage.get("output_tokens") or 0)
        ok = used <= self.max
        return CheckResult(ok, f"{used} {self.count} tokens ({'within' if ok else 'over'} the budget of {self.max})")


@invariant("max_cost")
class MaxCost(InvariantSpec):
    """The agent call cost at most ``max_usd`` US dollars, priced with the config's ``prices:`` table."""

    type: Literal["max_cost"] = "max_cost"
    max_usd: float = Field(gt=0)
    """Largest acceptable cost of one call in US dollars."""
    prices: dict[str, ModelPrice] = Field(default_factory=dict)
    """Model → price; filled from the config's top-level ``prices:`` (``"*"`` prices any other model)."""

    def check(self, ctx: CheckContext) -> CheckResult:
        """Price the recorded usage with the table; no usage, or a model the table does not price, is an inconclusive
        failure saying what to add.
        """
        if (failed := call_failed(ctx)) is not None:
            return failed
        usage = usage_of(ctx)
        if usage is None:
            return CheckResult(False, NO_USAGE, True)
        cost, why = cost_of(usage, self.prices)
        if cost is None:
            return CheckResult(False, why, True)
        ok = cost <= self.max_usd
        return CheckResult(ok, f"cost ${cost:.6f} ({'within' if ok else 'over'} the budget of {usd(self.max_usd)})")


def apply_prices(cfg: Any) -> None:
    """Give every ``max_cost`` invariant of the config the ``prices:`` table (its own entries win).

    Raises ``ValueError`` (the config model's validator turns it into a config error) when ``advanced.max_cost`` or a
    ``max_cost`` invariant has no price table to use, since every such budget would otherwise be inconclusive. Called
    once when the config is loaded; it fills each invariant's ``prices`` in place, so a check needs no config.
    """
    if getattr(cfg.advanced, "max_cost", None) is not None and not cfg.prices:
        raise ValueError(
            "advanced.max_cost needs a price table: add top-level prices: {<model>: {input: <USD per 1M input "
            "tokens>, output: <USD per 1M output tokens>}} for every model the agent calls"
        )
    contract = getattr(cfg, "contract", None)
    found = [inv for inv in [*cfg.invariants, *(contract.invariants if contract else [])] if isinstance(inv, MaxCost)]
    for inv in found:
        inv.prices = {**cfg.prices, **inv.prices}
        if not inv.prices:
            raise ValueError(
                "a max_cost invariant needs a price table: add top-level prices: {<model>: {input: <USD per 1M "
                "input tokens>, output: <USD per 1M output tokens>}} for every model the agent calls"
            )
