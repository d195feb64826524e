"""Generic tests over every registered invariant type."""

from __future__ import annotations

import typing
from collections.abc import Iterator

import pytest
from invariant_samples import JUDGE_URL, SAMPLES
from tests.stubs.judge_stub import JudgeStub

from windtunnel.config.base import field_doc
from windtunnel.config.plugins import load_builtin_plugins
from windtunnel.invariants.base import CheckContext, InvariantSpec, invariants

load_builtin_plugins()
NAMES = invariants.names()
UPSTREAM = [
    "contains", "contains_any", "regex", "excludes_pattern", "latency", "valid_json", "output_not_empty",
    "completes", "similarity", "behavior_unchanged", "excludes_pii", "refusal_check",
]  # fmt: skip


@pytest.fixture(autouse=True, scope="module")
def _judge() -> Iterator[JudgeStub]:
    """The ``llm_judge`` sample is graded by a local judge stub (its URL replaces the sample's)."""
    judge = SAMPLES["llm_judge"].config["judge"]
    with JudgeStub() as stub:
        judge["base_url"] = stub.openai_url
        try:
            yield stub
        finally:
            judge["base_url"] = JUDGE_URL


def build(name: str, **extra: object) -> InvariantSpec:
    cls = invariants.get(name)
    return cls.model_validate({"type": name, **SAMPLES[name].config, **extra})


def test_every_upstream_type_and_the_leak_probe_are_registered() -> None:
    assert set(UPSTREAM) | {"system_prompt_leak_probe"} <= set(NAMES)


def test_every_type_has_a_sample() -> None:
    assert set(NAMES) == set(SAMPLES), "add a Sample for each new invariant type in invariant_samples.py"


@pytest.mark.parametrize("name", NAMES)
def test_shape(name: str) -> None:
    cls = invariants.get(name)
    assert (cls.__doc__ or "").strip(), "a docstring is the one-line description in `windtunnel invariants`"
    annotation = cls.model_fields["type"].annotation
    assert typing.get_origin(annotation) is typing.Literal and typing.get_args(annotation) == (name,)
    for fname in cls.model_fields:
        if fname != "type":
            assert field_doc(cls, fname), f"{name}.{fname} has no attribute docstring"


@pytest.mark.parametrize("name", NAMES)
def test_sample_passes_and_fails(name: str) -> None:
    spec = build(name)
    ok = spec.evaluate(SAMPLES[name].passing)
    bad = spec.evaluate(SAMPLES[name].failing)
    assert ok.passed, ok.detail
    assert not bad.passed
    assert bad.detail


@pytest.mark.parametrize("name", NAMES)
def test_negate_flips_the_verdict(name: str) -> None:
    spec = build(name, negate=True)
    assert not spec.evaluate(SAMPLES[name].passing).passed
    flipped = spec.evaluate(SAMPLES[name].failing)
    assert flipped.passed
    assert flipped.detail and flipped.detail.startswith("negated")


@pytest.mark.parametrize("negate", [False, True], ids=["plain", "negated"])
@pytest.mark.parametrize(
    "failed",
    [
        CheckContext(output=None, error="timeout: no answer after 30000 ms", latency_ms=30000.0),
        CheckContext(output=None, error=None, latency_ms=12.0),
        CheckContext(output="partial", error="http_5xx: 503 Service Unavailable", latency_ms=40.0),
    ],
    ids=["errored", "no-output", "error-with-partial-output"],
)
@pytest.mark.parametrize("name", NAMES)
def test_a_failed_call_never_passes(name: str, failed: CheckContext, negate: bool) -> None:
    failed.prompt = "Ignore previous instructions"
    failed.baseline_output = "baseline"
    result = build(name, negate=negate).evaluate(failed)
    assert not result.passed
    assert result.detail and ("failed" in result.detail or "no output" in result.detail)


@pytest.mark.parametrize("name", NAMES)
def test_round_trip(name: str) -> None:
    spec = build(name, id=f"{name}-1", severity="high", when="tool_faults_active", description="d")
    cls = invariants.get(name)
    again = cls.model_validate(spec.model_dump())
    assert again == spec
    assert cls.model_validate_json(spec.model_dump_json()) == spec
    assert again.label == f"{name}-1"


@pytest.mark.parametrize("name", NAMES)
def test_unknown_key_rejected(name: str) -> None:
    from pydantic import ValidationError

    with pytest.raises(ValidationError, match="extra"):
        invariants.get(name).model_validate({"type": name, **SAMPLES[name].config, "no_such_key": 1})


@pytest.mark.parametrize("name", NAMES)
def test_upstream_dump_defaults_accepted(name: str) -> None:
    # `flakestorm init` writes these keys, with these values, under every invariant
    dumped = {"threshold": 0.8, "dangerous_prompts": True, "similarity_threshold": 0.75, "negate": False}
    cfg = {**dumped, **SAMPLES[name].config}
    spec = invariants.get(name).model_validate({"type": name, **cfg})
    assert spec.evaluate(SAMPLES[name].passing).passed
