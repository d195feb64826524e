"""Every flag and boundary of the rule-based invariants, with exact verdicts (``is True`` / ``is False``):
a verdict asserted by truthiness lets ``passed=None`` through, and a flag no test flips can be ignored
without anyone noticing (issue 18, mutation testing)."""

from __future__ import annotations

import pytest
from invariant_samples import ctx

from windtunnel.invariants.base import CheckContext, CheckResult
from windtunnel.invariants.deterministic import (
    Completes,
    Contains,
    ContainsAny,
    ExcludesPattern,
    Latency,
    OutputNotEmpty,
    Regex,
    ValidJson,
)


def verdict(inv: object, c: CheckContext) -> CheckResult:
    r = inv.evaluate(c)  # type: ignore[attr-defined]
    assert isinstance(r.passed, bool)
    return r


def test_contains_any_case_sensitive_flag() -> None:
    loose = ContainsAny(values=["Refund", "Return"])
    exact = ContainsAny(values=["Refund", "Return"], case_sensitive=True)
    assert verdict(loose, ctx("your REFUND is on its way")).passed is True
    assert verdict(exact, ctx("your REFUND is on its way")).passed is False
    assert verdict(exact, ctx("your Refund is on its way")).passed is True
    # the values are folded too, not only the output
    assert verdict(ContainsAny(values=["REFUND"]), ctx("refund issued")).passed is True
    assert verdict(ContainsAny(values=["REFUND"], case_sensitive=True), ctx("refund issued")).passed is False


def test_contains_any_names_the_first_value_found() -> None:
    r = verdict(ContainsAny(values=["alpha", "beta"]), ctx("beta then alpha"))
    assert r.passed is True and r.detail == "found 'alpha' in the output"
    r = verdict(ContainsAny(values=["x1", "y2"]), ctx("nothing here"))
    assert r.passed is False and "none of ['x1', 'y2']" in (r.detail or "")


def test_contains_case_flag_folds_the_value_too() -> None:
    assert verdict(Contains(value="ORDER"), ctx("your order")).passed is True
    assert verdict(Contains(value="ORDER", case_sensitive=True), ctx("your order")).passed is False


def test_excludes_pattern_ignore_case_flag() -> None:
    assert verdict(ExcludesPattern(patterns=["secret"]), ctx("The SECRET is out")).passed is False
    exact = ExcludesPattern(patterns=["secret"], ignore_case=False)
    assert verdict(exact, ctx("The SECRET is out")).passed is True
    assert verdict(exact, ctx("the secret is out")).passed is False


def test_excludes_pattern_spans_lines_and_reports_every_hit() -> None:
    r = verdict(ExcludesPattern(patterns=["a.b", "zz"]), ctx("a\nb and zz"))
    assert r.passed is False
    assert r.detail == "forbidden pattern found: 'a.b' matched 'a b'; 'zz' matched 'zz'"
    ok = verdict(ExcludesPattern(patterns=["q", "w"]), ctx("nothing"))
    assert ok.passed is True and ok.detail == "none of 2 forbidden pattern(s) found"


def test_regex_flags() -> None:
    assert verdict(Regex(pattern="^total"), ctx("TOTAL: 3")).passed is False
    assert verdict(Regex(pattern="^total", ignore_case=True), ctx("TOTAL: 3")).passed is True
    assert verdict(Regex(pattern="^b$"), ctx("a\nb\nc")).passed is False
    assert verdict(Regex(pattern="^b$", multiline=True), ctx("a\nb\nc")).passed is True
    assert verdict(Regex(pattern="a.c"), ctx("a\nc")).passed is True  # DOTALL
    r = verdict(Regex(pattern=r"\d+"), ctx("order 42"))
    assert r.passed is True and "matched '42'" in (r.detail or "")


@pytest.mark.parametrize(
    ("latency", "passed"), [(999.0, True), (1000.0, True), (1000.5, False)], ids=["below", "at", "above"]
)
def test_latency_boundary(latency: float, passed: bool) -> None:
    assert verdict(Latency(max_ms=1000), ctx("ok", latency_ms=latency)).passed is passed


def test_latency_unmeasured_and_failed_calls_are_inconclusive_failures() -> None:
    r = verdict(Latency(max_ms=1000), CheckContext(output="ok", latency_ms=None))
    assert r.passed is False and r.inconclusive is True
    r = verdict(Latency(max_ms=1000), CheckContext(output=None, error="timeout: x", latency_ms=1200.0))
    assert r.passed is False and r.inconclusive is True and "after 1200 ms" in (r.detail or "")
    r = verdict(Latency(max_ms=1000), CheckContext(output=None, error="timeout: x", latency_ms=None))
    assert "after" not in (r.detail or "")


def test_valid_json_require_object() -> None:
    assert verdict(ValidJson(), ctx("[1, 2]")).passed is True
    assert verdict(ValidJson(require_object=True), ctx("[1, 2]")).passed is False
    assert verdict(ValidJson(require_object=True), ctx(' {"a": 1} ')).passed is True
    r = verdict(ValidJson(), ctx("{nope"))
    assert r.passed is False and "line 1 column 2" in (r.detail or "")


def test_output_not_empty_and_completes_on_whitespace() -> None:
    for inv in (OutputNotEmpty(), Completes()):
        assert verdict(inv, ctx(" \n\t ")).passed is False
        assert verdict(inv, ctx(" x ")).passed is True
    assert verdict(OutputNotEmpty(), ctx(" ab ")).detail == "output has 2 characters"


@pytest.mark.parametrize(
    "inv",
    [
        Contains(value="a"),
        ContainsAny(values=["a"]),
        Regex(pattern="a"),
        ExcludesPattern(patterns=["a"]),
        ValidJson(),
        OutputNotEmpty(),
        Completes(),
    ],
    ids=lambda inv: inv.type,
)
def test_failed_calls_fail_every_check_inconclusively(inv: object) -> None:
    for c in (CheckContext(output=None), CheckContext(output="a", error="http_5xx: down")):
        r = verdict(inv, c)
        assert r.passed is False and r.inconclusive is True


def test_negate_flips_a_conclusive_verdict_only() -> None:
    assert verdict(Contains(value="x", negate=True), ctx("abc")).passed is True
    assert verdict(Contains(value="a", negate=True), ctx("abc")).passed is False
    assert verdict(Contains(value="a", negate=True), CheckContext(output=None)).passed is False


LONG = "a" * 100


@pytest.mark.parametrize(
    ("inv", "c", "detail"),
    [
        (Contains(value="ok"), ctx("is ok"), "found 'ok' in the output"),
        (Regex(pattern="a+"), ctx(LONG), f"pattern 'a+' matched {'a' * 59 + '…'!r}"),
        (Regex(pattern="z"), ctx("abc"), "pattern 'z' did not match the output 'abc'"),
        (ExcludesPattern(patterns=["a+"]), ctx(LONG), f"forbidden pattern found: 'a+' matched {'a' * 59 + '…'!r}"),
        (Latency(max_ms=1000), ctx("ok", latency_ms=250.4), "latency 250 ms <= 1000 ms"),
        (Latency(max_ms=1000), ctx("ok", latency_ms=1250.6), "latency 1251 ms exceeded 1000 ms"),
        (
            Latency(max_ms=1000),
            CheckContext(output=None, error="timeout: t", latency_ms=None),
            "no answer within 1000 ms: the agent call failed (timeout: t); there was no output to check",
        ),
        (  # QA-11 minor 12 / QA-13 minor 6: a call that failed fast is the failure, not a slow answer or a limit kept
            Latency(max_ms=2000),
            CheckContext(output=None, error="agent_exception: InternalServerError: 500", latency_ms=10.2),
            "no answer to time: the agent call failed after 10 ms (agent_exception: InternalServerError: 500)",
        ),
        (Latency(max_ms=1000), CheckContext(output="ok"), "the latency of this call was not measured"),
        (ValidJson(), ctx('{"a": 1}'), "valid JSON (dict)"),
        (ValidJson(), ctx("[1]"), "valid JSON (list)"),
        (OutputNotEmpty(), ctx("  \n"), "output is empty or whitespace only (3 characters)"),
        (Completes(), ctx(" "), "the agent returned an empty answer"),
        (Completes(), ctx("done"), "the agent completed with an answer"),
    ],
    ids=lambda x: x.type if hasattr(x, "type") else "",
)
def test_details_say_why(inv: object, c: CheckContext, detail: str) -> None:
    assert verdict(inv, c).detail == detail
