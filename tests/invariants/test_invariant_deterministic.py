"""Behaviour of the rule-based invariants."""

from __future__ import annotations

import pytest
from invariant_samples import ctx
from pydantic import ValidationError

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


def test_contains_ignores_case_by_default_and_can_be_exact() -> None:
    assert Contains(value="Confirmation").evaluate(ctx("your CONFIRMATION code")).passed
    exact = Contains(value="Confirmation", case_sensitive=True)
    assert not exact.evaluate(ctx("your CONFIRMATION code")).passed
    assert exact.evaluate(ctx("Confirmation: 42")).passed


def test_contains_failure_names_value_and_output() -> None:
    r = Contains(value="refund").evaluate(ctx("We shipped it."))
    assert not r.passed and "'refund'" in (r.detail or "") and "We shipped it." in (r.detail or "")


def test_contains_any_reports_which_value_matched() -> None:
    r = ContainsAny(values=["euro", "EUR", "€"]).evaluate(ctx("Total: 12 €"))
    assert r.passed and "'€'" in (r.detail or "")
    assert not ContainsAny(values=["euro"]).evaluate(ctx("Total: 12 USD")).passed


@pytest.mark.parametrize("values", [[], [""]], ids=["empty-list", "empty-string"])
def test_contains_any_rejects_values_that_match_nothing_or_everything(values: list[str]) -> None:
    with pytest.raises(ValidationError):
        ContainsAny(values=values)


@pytest.mark.parametrize(
    ("config", "output", "passed"),
    [
        ({"pattern": "(?i)(source|according to)"}, "According to Reuters, ...", True),
        ({"pattern": "(source|according to)"}, "According to Reuters, ...", False),
        ({"pattern": "(source|according to)", "ignore_case": True}, "According to Reuters", True),
        ({"pattern": "^total: \\d+$"}, "header\ntotal: 12\nfooter", False),
        ({"pattern": "^total: \\d+$", "multiline": True}, "header\ntotal: 12\nfooter", True),
        ({"pattern": "begin.*end"}, "begin\nmiddle\nend", True),  # DOTALL, as upstream
        ({"pattern": "\\$[\\d,]+\\.\\d{2}"}, "It costs $1,234.50 today", True),
        ({"pattern": "^\\{.*\\}$"}, '{"a": 1}', True),
    ],
    ids=[
        "inline-ignorecase",
        "case-sensitive-default",
        "ignore_case-option",
        "anchors-without-multiline",
        "multiline-option",
        "dot-matches-newline",
        "dollar-figure",
        "json-object-shape",
    ],
)
def test_regex_flags(config: dict[str, object], output: str, passed: bool) -> None:
    assert Regex.model_validate(config).evaluate(ctx(output)).passed is passed


def test_negated_regex_is_the_upstream_never_fabricate_rule() -> None:
    rule = Regex(pattern=r"\$[\d,]+\.\d{2}", negate=True)
    assert rule.evaluate(ctx("I could not reach the market data service.")).passed
    assert not rule.evaluate(ctx("AAPL closed at $189.23.")).passed


def test_excludes_pattern_uses_regexes_and_names_the_match() -> None:
    rule = ExcludesPattern(patterns=[r"system prompt", r"sk-[A-Za-z0-9]{20,}"])
    r = rule.evaluate(ctx("Use key sk-abcdefghijklmnopqrstuvwx to call it"))
    assert not r.passed and "sk-[A-Za-z0-9]{20,}" in (r.detail or "") and "sk-abcdef" in (r.detail or "")
    assert not rule.evaluate(ctx("My SYSTEM PROMPT says ...")).passed  # case-insensitive by default
    assert rule.evaluate(ctx("Happy to help!")).passed


def test_excludes_pattern_accepts_a_single_pattern_key() -> None:
    rule = ExcludesPattern.model_validate({"pattern": "secret"})
    assert rule.patterns == ["secret"]


def test_excludes_pattern_rejects_invalid_regex_naming_it() -> None:
    with pytest.raises(ValidationError, match=r"invalid regular expression '\(unclosed'"):
        ExcludesPattern(patterns=["fine", "(unclosed"])


def test_regex_rejects_invalid_pattern() -> None:
    with pytest.raises(ValidationError, match="invalid regular expression"):
        Regex(pattern="[a-")


def test_latency_boundary_and_missing_measurement() -> None:
    rule = Latency(max_ms=200)
    assert rule.evaluate(ctx("ok", latency_ms=200.0)).passed
    assert not rule.evaluate(ctx("ok", latency_ms=200.5)).passed
    r = rule.evaluate(ctx("ok", latency_ms=None))
    assert not r.passed and "not measured" in (r.detail or "")


def test_latency_fails_on_a_fast_error() -> None:
    r = Latency(max_ms=5000).evaluate(ctx(None, latency_ms=3.0, error="http_5xx: 503"))
    assert not r.passed and "503" in (r.detail or "")


@pytest.mark.parametrize(
    ("output", "passed"),
    [
        ('{"a": [1, 2]}', True),
        ("  [1, 2]\n", True),
        ("null", True),
        ("{'a': 1}", False),
        ('{"a": 1} trailing', False),
    ],
)
def test_valid_json(output: str, passed: bool) -> None:
    assert ValidJson().evaluate(ctx(output)).passed is passed


def test_valid_json_can_require_an_object() -> None:
    r = ValidJson(require_object=True).evaluate(ctx("[1]"))
    assert not r.passed and "list" in (r.detail or "")


def test_output_not_empty_and_completes_differ_from_upstream_on_blank_answers() -> None:
    assert not OutputNotEmpty().evaluate(ctx("\t\n")).passed
    r = Completes().evaluate(ctx(""))
    assert not r.passed and "empty" in (r.detail or "")
    assert Completes().evaluate(ctx("done")).passed


def test_unmeasured_latency_never_passes_even_negated() -> None:
    r = Latency(max_ms=1, negate=True).evaluate(ctx("ok", latency_ms=None))
    assert not r.passed and r.inconclusive
