"""Chaos configuration: upstream keys accepted, bad input rejected with the valid choices."""

from __future__ import annotations

import pytest

from windtunnel._util.errors import ConfigError, UnknownPluginError
from windtunnel.chaos import ChaosSpec, load_profile, profile_names
from windtunnel.chaos.jsonpatch import PatchError, PatchOp, apply_patch
from windtunnel.config.load import parse_config

AGENT = 'agent: {endpoint: "m:f", tools: ["m:t"]}\n'


def parse(chaos: str) -> ChaosSpec:
    return ChaosSpec.resolve(parse_config(AGENT + "chaos:\n" + chaos).chaos)


BAD = [
    (
        "unknown-tool-mode",
        "  tool_faults: [{tool: x, mode: explode}]",
        ["unknown tool fault mode 'explode'", "valid:", "intermittent"],
    ),
    ("misspelt-mode", "  tool_faults: [{tool: x, mode: timout}]", ["did you mean 'timeout'"]),
    ("unknown-llm-mode", "  llm_faults: [{mode: melt}]", ["unknown LLM fault mode 'melt'", "stream_cutoff"]),
    (
        "unknown-attack",
        "  context_attacks: [{type: mind_control}]",
        ["unknown context attack type", "memory_poisoning"],
    ),
    (
        "probability-above-1",
        "  tool_faults: [{tool: x, mode: error, probability: 1.5}]",
        ["probability", "1.5"],
    ),
    ("probability-below-0", "  llm_faults: [{mode: empty, probability: -0.1}]", ["probability"]),
    (
        "trigger-probability",
        "  context_attacks: {indirect_injection: {trigger_probability: 2}}",
        ["trigger_probability"],
    ),
    ("unknown-param", "  tool_faults: [{tool: x, mode: error, eror_code: 500}]", ["eror_code"]),
    ("bad-drift-type", "  llm_faults: [{mode: response_drift, drift_type: vibes}]", ["drift_type"]),
    ("bad-strategy", "  context_attacks: [{type: memory_poisoning, strategy: sideways}]", ["strategy"]),
    (
        "patch-without-value",
        "  tool_faults: [{mode: wrong_data, patch: [{op: replace, path: /a}]}]",
        ["needs a 'value'"],
    ),
    (
        "patch-bad-pointer",
        "  tool_faults: [{mode: wrong_data, patch: [{op: remove, path: a}]}]",
        ["JSON Pointer"],
    ),
    ("error-code-not-error", "  tool_faults: [{mode: error, error_code: 200}]", ["error_code"]),
]


@pytest.mark.parametrize(("chaos", "needles"), [(c, n) for _, c, n in BAD], ids=[i for i, _, _ in BAD])
def test_bad_chaos_config_is_rejected(chaos: str, needles: list[str]) -> None:
    with pytest.raises(ConfigError) as info:
        parse(chaos)
    msg = str(info.value)
    assert "line 3" in msg
    for needle in needles:
        assert needle in msg


def test_upstream_keys_are_accepted() -> None:
    spec = parse(
        "  tool_faults:\n"
        "    - {tool: web_search, mode: timeout, delay_ms: 30000}\n"
        "    - {tool: '*', mode: error, error_code: 503, message: Service Unavailable, probability: 0.2}\n"
        "    - {tool: email_fetch, match_url: 'https://api.gmail.com/*', mode: slow, delay_ms: 5000}\n"
        "    - {tool: x, mode: malicious_response, payload: evil, after_calls: 2}\n"
        "  llm_faults:\n"
        "    - {mode: rate_limit, after_calls: 5}\n"
        "    - {mode: truncated_response, max_tokens: 10, probability: 0.3}\n"
        "    - {mode: timeout, delay_ms: 15000}\n"
        "    - {mode: response_drift, drift_type: verbosity_shift, severity: moderate,\n"
        "       direction: compress, factor: 3}\n"
        "  context_attacks:\n"
        "    - {type: indirect_injection, payloads: [a, b], trigger_probability: 0.3}\n"
        "    - {type: memory_poisoning, payload: p, strategy: replace}\n"
        "    - {type: overflow, inject_tokens: 100}\n"
    )
    assert [f.mode for f in spec.tool_faults] == ["timeout", "error", "slow", "malicious_response"]
    assert [f.mode for f in spec.llm_faults] == [
        "rate_limit",
        "truncated_response",
        "timeout",
        "response_drift",
    ]
    assert [a.type for a in spec.context_attacks] == ["indirect_injection", "memory_poisoning", "overflow"]


def test_dict_and_list_attack_forms_are_equivalent() -> None:
    as_dict = parse("  context_attacks:\n    memory_poisoning: {payload: p, strategy: prepend}\n")
    as_list = parse("  context_attacks:\n    - {type: memory_poisoning, payload: p, strategy: prepend}\n")
    assert as_dict.context_attacks == as_list.context_attacks


@pytest.mark.parametrize("name", profile_names())
def test_every_profile_loads_through_the_same_models(name: str) -> None:
    profile = load_profile(name)
    spec = ChaosSpec.resolve(profile=name)
    assert spec.active and profile.description
    assert spec.name == f"profile:{name}"


def test_the_seven_upstream_profiles_exist() -> None:
    assert profile_names() == [
        "api_outage",
        "cascading_failure",
        "degraded_llm",
        "high_latency",
        "hostile_tools",
        "indirect_injection",
        "model_version_drift",
    ]
    outage = ChaosSpec.resolve(profile="api_outage")
    assert [(f.mode, getattr(f, "error_code", None)) for f in outage.tool_faults] == [("error", 503)]
    assert [(f.mode, f.probability) for f in outage.llm_faults] == [("timeout", 0.5)]


def test_profile_plus_scenario_faults() -> None:
    cfg = parse_config(AGENT + "chaos_matrix:\n  - {name: s, profile: hostile_tools, llm_faults: [{mode: empty}]}\n")
    spec = ChaosSpec.resolve(cfg.scenarios[0])
    assert spec.name == "s"
    assert [f.mode for f in spec.tool_faults] == ["malicious_response"]
    assert [f.mode for f in spec.llm_faults] == ["empty"]


def test_unknown_profile_lists_the_valid_ones() -> None:
    with pytest.raises(UnknownPluginError) as info:
        ChaosSpec.resolve(profile="api_outtage")
    assert "did you mean 'api_outage'" in str(info.value) and "model_version_drift" in str(info.value)


# -- RFC 6902 ------------------------------------------------------------------------------------

DOC = {"a": {"b": [1, 2, 3]}, "c": "x", "d~e/f": True}


def ops(*items: dict[str, object]) -> list[PatchOp]:
    return [PatchOp.model_validate(i) for i in items]


@pytest.mark.parametrize(
    ("patch", "expected"),
    [
        ([{"op": "add", "path": "/a/b/1", "value": 9}], {"a": {"b": [1, 9, 2, 3]}, "c": "x", "d~e/f": True}),
        ([{"op": "add", "path": "/a/b/-", "value": 4}], {"a": {"b": [1, 2, 3, 4]}, "c": "x", "d~e/f": True}),
        ([{"op": "remove", "path": "/a/b/0"}], {"a": {"b": [2, 3]}, "c": "x", "d~e/f": True}),
        (
            [{"op": "replace", "path": "/c", "value": {"y": 1}}],
            {"a": {"b": [1, 2, 3]}, "c": {"y": 1}, "d~e/f": True},
        ),
        ([{"op": "move", "from": "/c", "path": "/z"}], {"a": {"b": [1, 2, 3]}, "z": "x", "d~e/f": True}),
        (
            [{"op": "copy", "from": "/a/b", "path": "/c"}],
            {"a": {"b": [1, 2, 3]}, "c": [1, 2, 3], "d~e/f": True},
        ),
        ([{"op": "remove", "path": "/d~0e~1f"}], {"a": {"b": [1, 2, 3]}, "c": "x"}),
        ([{"op": "test", "path": "/a/b/0", "value": 1.0}, {"op": "replace", "path": "", "value": 5}], 5),
    ],
)
def test_json_patch(patch: list[dict[str, object]], expected: object) -> None:
    before = repr(DOC)
    assert apply_patch(DOC, ops(*patch)) == expected
    assert repr(DOC) == before, "the input document is never mutated"


@pytest.mark.parametrize(
    "patch",
    [
        [{"op": "remove", "path": "/nope"}],
        [{"op": "replace", "path": "/a/b/7", "value": 1}],
        [{"op": "test", "path": "/d~0e~1f", "value": 1}],
        [{"op": "test", "path": "/c", "value": "y"}],
        [{"op": "move", "from": "/a", "path": "/a/x"}],
        [{"op": "add", "path": "/a/b/01", "value": 1}],
    ],
)
def test_json_patch_errors(patch: list[dict[str, object]]) -> None:
    with pytest.raises(PatchError):
        apply_patch(DOC, ops(*patch))
