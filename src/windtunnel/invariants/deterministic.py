"""Rule-based invariants: substrings, regexes, latency, JSON, non-empty and completed output.

All of them are deterministic and offline. Each fails (never passes) on a call that errored or returned nothing
(:func:`~windtunnel.invariants.base.call_failed`); user regexes are compiled when the config is loaded, so a bad pattern
is a config error naming it, not a failed cell.

These are the checks a user reaches for first and trusts most, so their edges are closed on purpose: an empty
``contains`` value or an empty regex (which every output would satisfy) is refused at load, a latency that was not
measured is inconclusive rather than fast, and ``valid_json`` parses with windtunnel's depth-bounded reader
(:mod:`windtunnel._util.jsonsafe`), so a hostile answer nested far too deep fails the check instead of the run. Matching
is on the raw output (case folded unless ``case_sensitive``), not on the normalised form the safety checks use: a user
who writes ``contains: "€"`` means that character.
"""

from __future__ import annotations

import json
import re
from typing import Literal

from pydantic import AliasChoices, Field, field_validator

from windtunnel._util.jsonsafe import JsonTooDeep
from windtunnel._util.jsonsafe import loads as json_loads
from windtunnel.invariants._text import check_patterns, clip, compile_pattern, shown_pattern
from windtunnel.invariants.base import CheckContext, CheckResult, InvariantSpec, call_failed, invariant


def _fold(text: str, case_sensitive: bool) -> str:
    """``text`` case-folded unless ``case_sensitive`` (casefold, not lower: ``ß`` matches ``ss``)."""
    return text if case_sensitive else text.casefold()


@invariant("contains")
class Contains(InvariantSpec):
    """The output contains a given string (case-insensitive unless ``case_sensitive``)."""

    type: Literal["contains"] = "contains"
    value: str = Field(min_length=1)
    """The text that must appear in the output."""
    case_sensitive: bool = False
    """Match letter case exactly (upstream always ignores case)."""

    def check(self, ctx: CheckContext) -> CheckResult:
        """Pass when ``value`` occurs in the output; a failure quotes the start of the output."""
        if (failed := call_failed(ctx)) is not None:
            return failed
        assert ctx.output is not None
        if _fold(self.value, self.case_sensitive) in _fold(ctx.output, self.case_sensitive):
            return CheckResult(True, f"found {self.value!r} in the output")
        return CheckResult(False, f"{self.value!r} not found in the output {clip(ctx.output)}")


@invariant("contains_any")
class ContainsAny(InvariantSpec):
    """The output contains at least one of several strings (case-insensitive unless ``case_sensitive``)."""

    type: Literal["contains_any"] = "contains_any"
    values: list[str] = Field(min_length=1)
    """Candidate texts; one of them must appear in the output."""
    case_sensitive: bool = False
    """Match letter case exactly (upstream always ignores case)."""

    @field_validator("values")
    @classmethod
    def _no_empty(cls, v: list[str]) -> list[str]:
        """Reject an empty candidate: it is a substring of every output, so the check could never fail."""
        if any(not s for s in v):
            raise ValueError("values must not contain an empty string (it would match every output)")
        return v

    def check(self, ctx: CheckContext) -> CheckResult:
        """Pass on the first candidate found (named in the detail); a failure lists them all."""
        if (failed := call_failed(ctx)) is not None:
            return failed
        assert ctx.output is not None
        hay = _fold(ctx.output, self.case_sensitive)
        found = [v for v in self.values if _fold(v, self.case_sensitive) in hay]
        if found:
            return CheckResult(True, f"found {found[0]!r} in the output")
        return CheckResult(False, f"none of {self.values!r} found in the output {clip(ctx.output)}")


@invariant("regex")
class Regex(InvariantSpec):
    """The output matches a regular expression (``re.search``, ``.`` also matches newlines).

    Inline flags such as ``(?i)`` work; ``ignore_case`` and ``multiline`` set the same flags.
    """

    type: Literal["regex"] = "regex"
    pattern: str = Field(min_length=1)
    """A Python regular expression searched anywhere in the output."""
    ignore_case: bool = False
    """Same as a leading ``(?i)``."""
    multiline: bool = False
    """``^`` and ``$`` match at every line, not only at the ends of the output."""

    @field_validator("pattern")
    @classmethod
    def _compiles(cls, v: str) -> str:
        """Compile the pattern when the config is loaded, so a bad regex is a config error naming the key, not a failed
        cell.
        """
        compile_pattern(v)
        return v

    def compiled(self) -> re.Pattern[str]:
        """The pattern compiled with ``DOTALL`` and the flags the config sets (compiled patterns are cached)."""
        flags = re.DOTALL | (re.IGNORECASE if self.ignore_case else 0) | (re.MULTILINE if self.multiline else 0)
        return compile_pattern(self.pattern, flags)

    def check(self, ctx: CheckContext) -> CheckResult:
        """Pass when the pattern matches anywhere; the detail quotes the match, or the start of the output on
        failure.
        """
        if (failed := call_failed(ctx)) is not None:
            return failed
        assert ctx.output is not None
        match = self.compiled().search(ctx.output)
        if match:
            return CheckResult(True, f"pattern {shown_pattern(self.pattern)} matched {clip(match.group(0), 60)}")
        return CheckResult(False, f"pattern {shown_pattern(self.pattern)} did not match the output {clip(ctx.output)}")


@invariant("excludes_pattern")
class ExcludesPattern(InvariantSpec):
    """No forbidden regular expression matches the output (e.g. pieces of the system prompt).

    Combine with ``probes`` to check the answers to system-prompt extraction prompts.
    """

    type: Literal["excludes_pattern"] = "excludes_pattern"
    patterns: list[str] = Field(min_length=1, validation_alias=AliasChoices("patterns", "pattern"))
    """Forbidden regular expressions; any match fails the check (``pattern`` is accepted for one)."""
    ignore_case: bool = True
    """Ignore letter case, as upstream's substring matching did."""

    uses_probes = True

    @field_validator("patterns", mode="before")
    @classmethod
    def _one_or_many(cls, v: object) -> object:
        """Accept a single pattern string where a list is expected."""
        return [v] if isinstance(v, str) else v

    @field_validator("patterns")
    @classmethod
    def _compile_all(cls, v: list[str]) -> list[str]:
        """Compile every pattern at load time and reject one that matches the empty string (it would match every
        output).
        """
        return check_patterns(v, matched="output")

    def check(self, ctx: CheckContext) -> CheckResult:
        """Fail listing every forbidden pattern that matched and what it matched."""
        if (failed := call_failed(ctx)) is not None:
            return failed
        assert ctx.output is not None
        flags = re.DOTALL | (re.IGNORECASE if self.ignore_case else 0)
        hits = []
        for p in self.patterns:
            m = compile_pattern(p, flags).search(ctx.output)
            if m:
                hits.append(f"{shown_pattern(p)} matched {clip(m.group(0), 60)}")
        if hits:
            return CheckResult(False, "forbidden pattern found: " + "; ".join(hits))
        return CheckResult(True, f"none of {len(self.patterns)} forbidden pattern(s) found")


@invariant("latency")
class Latency(InvariantSpec):
    """The agent answered within ``max_ms`` milliseconds (a failed or empty-handed call fails it too)."""

    type: Literal["latency"] = "latency"
    max_ms: float = Field(gt=0)
    """Largest acceptable response time in milliseconds."""

    def check(self, ctx: CheckContext) -> CheckResult:
        """Compare the measured latency with ``max_ms``; the margin is the distance from the limit as a share of it
        (what ``explore`` steers by). A failed call fails (inconclusive), and so does a call whose latency was not
        measured: an unmeasured latency is not a fast one.
        """
        if (failed := call_failed(ctx)) is not None:
            took = f" after {ctx.latency_ms:.0f} ms" if ctx.latency_ms is not None else ""
            slow = (ctx.error or "").startswith("timeout") or (ctx.latency_ms or 0) > self.max_ms
            if slow:
                return CheckResult(False, f"no answer within {self.max_ms:g} ms{took}: {failed.detail}", True)
            # a call that failed fast is no latency failure: say what failed (QA-11 minor 12)
            what = f"failed{took} ({ctx.error})" if ctx.error is not None else f"returned no output{took}"
            return CheckResult(False, f"no answer to time: the agent call {what}", True)
        if ctx.latency_ms is None:
            return CheckResult(False, "the latency of this call was not measured", inconclusive=True)
        margin = (self.max_ms - ctx.latency_ms) / self.max_ms
        if ctx.latency_ms <= self.max_ms:
            return CheckResult(True, f"latency {ctx.latency_ms:.0f} ms <= {self.max_ms:g} ms", margin=margin)
        return CheckResult(False, f"latency {ctx.latency_ms:.0f} ms exceeded {self.max_ms:g} ms", margin=margin)


@invariant("valid_json")
class ValidJson(InvariantSpec):
    """The whole output parses as JSON (surrounding whitespace allowed, nothing else)."""

    type: Literal["valid_json"] = "valid_json"
    require_object: bool = False
    """Also require the top-level value to be an object (``{...}``)."""

    def check(self, ctx: CheckContext) -> CheckResult:
        """Parse the whole output as JSON; a failure gives the parser's message with line and column, or says the value
        nests deeper than the parser accepts.
        """
        if (failed := call_failed(ctx)) is not None:
            return failed
        assert ctx.output is not None
        try:
            value = json_loads(ctx.output)
        except JsonTooDeep as err:
            return CheckResult(False, f"not accepted as JSON: {err}")
        except json.JSONDecodeError as err:
            return CheckResult(
                False,
                f"not valid JSON: {err.msg} at line {err.lineno} column {err.colno} in {clip(ctx.output)}",
            )
        if self.require_object and not isinstance(value, dict):
            return CheckResult(False, f"valid JSON but a {type(value).__name__}, not an object")
        return CheckResult(True, f"valid JSON ({type(value).__name__})")


@invariant("output_not_empty")
class OutputNotEmpty(InvariantSpec):
    """The output has at least one non-whitespace character."""

    type: Literal["output_not_empty"] = "output_not_empty"

    def check(self, ctx: CheckContext) -> CheckResult:
        """Pass when the stripped output is non-empty."""
        if (failed := call_failed(ctx)) is not None:
            return failed
        assert ctx.output is not None
        if ctx.output.strip():
            return CheckResult(True, f"output has {len(ctx.output.strip())} characters")
        return CheckResult(False, f"output is empty or whitespace only ({len(ctx.output)} characters)")


@invariant("completes")
class Completes(InvariantSpec):
    """The agent call completed: no error and a non-empty answer (a blank reply is not a completion)."""

    type: Literal["completes"] = "completes"

    def check(self, ctx: CheckContext) -> CheckResult:
        """Pass when the call raised nothing and the answer has text."""
        if (failed := call_failed(ctx)) is not None:
            return failed
        assert ctx.output is not None
        if not ctx.output.strip():
            return CheckResult(False, "the agent returned an empty answer")
        return CheckResult(True, "the agent completed with an answer")
