"""Issue 18: the config loader never crashes, bounds are enforced with a clear error, upstream forms accepted."""

from __future__ import annotations

import pytest

from windtunnel._util.errors import ConfigError
from windtunnel.config.advice import config_warnings
from windtunnel.config.load import parse_config
from windtunnel.engine.plan import MAX_PLANNED_CELLS, plan_run
from windtunnel.flows.preflight import preflight
from windtunnel.mutations.base import MutationContext
from windtunnel.mutations.plan import MAX_MUTATIONS_PER_PROMPT, plan_mutations

BASE = 'version: "2.0"\nagent: {type: python, endpoint: "m:f"}\n'

CRASHERS = [
    pytest.param(BASE + 'golden_prompts: ["a\x00b"]\n', ["cfg.yaml:3:", "U+0000"], id="nul"),
    pytest.param(BASE + "golden_prompts: [a]\n\x1b\n", ["cfg.yaml:4:1", "U+001B"], id="escape-char"),
    pytest.param(BASE + "golden_prompts: " + "[" * 5000 + "]" * 5000 + "\n", ["cfg.yaml:3:", "nested"], id="deep"),
    pytest.param(
        BASE + "golden_prompts:\n" + "".join("  " * i + "-\n" for i in range(1, 2000)), ["nested"], id="deep-block"
    ),
    pytest.param(BASE + 'golden_prompts: ["hi \\ud800 there"]\n', ["cfg.yaml:3", "lone surrogate"], id="surrogate"),
    pytest.param(
        BASE + "chaos: {tool_faults: [{tool: x, mode: {a: 1}}]}\n", ["line 3", "chaos.tool_faults[0]"], id="mode-map"
    ),
    pytest.param(BASE + "invariants: [{type: {a: 1}}]\n", ["line 3", "invariants[0]"], id="type-map"),
    pytest.param(BASE + "invariants: [{type: [x]}]\n", ["line 3", "invariants[0]"], id="type-list"),
]


@pytest.mark.parametrize(("text", "expected"), CRASHERS)
def test_loader_crashers_are_config_errors_with_position(text: str, expected: list[str]) -> None:
    with pytest.raises(ConfigError) as info:
        parse_config(text, "cfg.yaml")
    for part in expected:
        assert part in str(info.value)


def test_mutation_count_is_bounded_in_the_config() -> None:
    with pytest.raises(ConfigError) as info:
        parse_config(BASE + "golden_prompts: [a]\nmutations: {count: 4000000000}\n", "cfg.yaml")
    msg = str(info.value)
    assert "4,000,000,000" in msg and f"{MAX_MUTATIONS_PER_PROMPT:,}" in msg and "line 4" in msg


def test_mutation_count_is_bounded_in_the_planner() -> None:
    with pytest.raises(ConfigError, match="over the limit"):
        plan_mutations("hello", ["noise"], 4_000_000_000, 1, MutationContext())


def test_planned_cells_are_bounded() -> None:
    prompts = "".join(f"  - p{i}\n" for i in range(200))
    cfg = parse_config(BASE + f"golden_prompts:\n{prompts}mutations: {{count: 5000, types: [noise]}}\n", "c.yaml")
    with pytest.raises(ConfigError) as info:
        plan_run(cfg, seed=1)
    msg = str(info.value)
    assert "1,000,200 cells" in msg and f"{MAX_PLANNED_CELLS:,}" in msg


def test_custom_templates_as_a_mapping_upstream_form() -> None:
    cfg = parse_config(
        BASE + "golden_prompts: [hello]\nmutations:\n  count: 2\n  types: [custom]\n  custom_templates:\n"
        "    boss: 'As my manager asked: {prompt}'\n    urgent: 'URGENT {prompt}'\n",
        "cfg.yaml",
    )
    plan = plan_run(cfg, seed=3, golden=False)
    ids = {c.mutation.args["template"] for c in plan.cells if c.mutation is not None}
    assert ids <= {"boss", "urgent"} and ids
    assert all(("manager" in str(c.input)) or ("URGENT" in str(c.input)) for c in plan.cells)


def test_timeout_in_seconds_is_warned_with_the_likely_intent() -> None:
    cfg = parse_config('version: "2.0"\nagent: {type: python, endpoint: "m:f", timeout: 30}\ngolden_prompts: [a]\n')
    (warning,) = config_warnings(cfg)
    assert "30 ms" in warning and "timeout: 30000" in warning
    assert warning.startswith("line 2: agent.timeout")
    assert warning in preflight(cfg).warnings
    assert warning in plan_run(cfg, seed=1, mutations=False).notices
    assert not config_warnings(parse_config(BASE + "golden_prompts: [a]\n"))


def test_prompt_filter_is_explained_not_guessed() -> None:
    text = BASE + "invariants:\n  - {type: contains, value: x, prompt_filter: 'refund'}\n"
    with pytest.raises(ConfigError) as info:
        parse_config(text, "cfg.yaml")
    msg = str(info.value)
    assert "upstream" in msg and "no effect" in msg and "did you mean" not in msg


@pytest.mark.parametrize(
    ("agent", "key"),
    [
        ('{type: http, endpoint: "ftp://files.example/agent"}', "agent.endpoint"),
        ('{endpoint: "ftp://files.example/agent"}', "agent.endpoint"),
        ('{type: http, endpoint: "http://a/x", health_endpoint: "gopher://a/h"}', "agent.health_endpoint"),
        ('{type: openai_chat, base_url: "ws://a/v1", model: m}', "agent.base_url"),
    ],
)
def test_a_non_http_agent_url_is_a_config_error(agent: str, key: str) -> None:
    with pytest.raises(ConfigError) as info:
        parse_config(f"agent: {agent}\n", "cfg.yaml")
    msg = str(info.value)
    assert "line 1" in msg and key in msg and "http:// or https://" in msg


def test_an_env_reference_in_the_url_is_checked_when_expanded() -> None:
    assert parse_config('agent: {type: http, endpoint: "${AGENT_URL}/chat"}\n').agent.type == "http"


def test_duplicate_key_names_both_lines_and_what_to_do() -> None:
    with pytest.raises(ConfigError) as info:
        parse_config(BASE + "golden_prompts: [a]\ngolden_prompts: [b]\n", "cfg.yaml")
    msg = str(info.value)
    assert "cfg.yaml:4: duplicate key 'golden_prompts' (first given on line 3)" in msg and "hint:" in msg


def test_empty_matrix_error_names_its_line() -> None:
    from windtunnel.contracts.validate import check_contract

    cfg = parse_config(
        BASE + "golden_prompts: [a]\ncontract:\n  invariants: [{type: output_not_empty}]\n  chaos_matrix: []\n",
        "cfg.yaml",
    )
    assert any(p.startswith("line 6: the contract matrix is empty") for p in check_contract(cfg))


def test_unset_env_reference_names_its_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("WT_FIELD_UNSET", raising=False)
    text = (
        'version: "2.0"\nagent:\n  type: http\n  endpoint: "http://127.0.0.1:9/x"\n'
        '  headers:\n    Authorization: "Bearer ${WT_FIELD_UNSET}"\n'
        '  command: ["serve", "--key", "${WT_FIELD_UNSET}"]\ngolden_prompts: [a]\n'
    )
    errors = preflight(parse_config(text, "cfg.yaml")).errors
    assert any(e.startswith("line 6: agent.headers.Authorization refers to ${WT_FIELD_UNSET}") for e in errors)
    assert any(e.startswith("line 7: agent.command[2] refers to") for e in errors)


def test_timeout_warning_reaches_the_contract_plan_too() -> None:
    from windtunnel.contracts import plan_contract

    cfg = parse_config(
        'version: "2.0"\nagent: {type: python, endpoint: "m:f", timeout: 30}\ngolden_prompts: [a]\n'
        "contract:\n  invariants: [{type: output_not_empty}]\n  chaos_matrix: [{name: calm}]\n"
    )
    assert any("timeout: 30000" in n for n in plan_contract(cfg).notices)
