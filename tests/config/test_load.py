from __future__ import annotations

import textwrap

import pytest

from windtunnel._util.errors import ConfigError, ExitCode
from windtunnel.config.load import parse_config
from windtunnel.config.model import Config

AGENT = 'agent: {type: python, endpoint: "m:f"}\n'


def parse(text: str) -> Config:
    return parse_config(textwrap.dedent(text), "cfg.yaml")


BAD = [
    pytest.param(
        "agent: {type: python, endpoint: 'm:f', timout: 5}\n",
        ["line 1", "timout", "did you mean 'timeout'"],
        id="misspelled-agent-key",
    ),
    pytest.param(
        AGENT + "advanced:\n  concurency: 3\n", ["line 3", "concurency", "concurrency"], id="misspelled-advanced-key"
    ),
    pytest.param(
        AGENT + "golden_prompt: [a]\n", ["line 2", "golden_prompt", "golden_prompts"], id="misspelled-top-level"
    ),
    pytest.param(
        AGENT + "advanced: {concurrency: many}\n", ["line 2", "advanced.concurrency", "integer"], id="wrong-type"
    ),
    pytest.param("agent: {type: smoke, endpoint: x}\n", ["agent type", "smoke", "python"], id="unknown-agent-type"),
    pytest.param(
        AGENT + "scoring: {mutation: 0.2, chaos: 0.3, contract: 0.3, replay: 0.1}\n",
        ["sum to 1.0", "0.9", "chaos=0.3"],
        id="weights-sum",
    ),
    pytest.param(
        AGENT + "mutations: {types: [noize]}\n", ["unknown mutation type", "noize"], id="unknown-mutation-type"
    ),
    pytest.param(AGENT + "model: {api_key: sk-live-123}\n", ["api_key", "environment reference"], id="literal-api-key"),
    pytest.param("agent: [1, 2]\n", ["agent"], id="agent-not-mapping"),
    pytest.param("golden_prompts: [a]\n", ["missing required key 'agent'"], id="missing-agent"),
    pytest.param("agent: {type: python, endpoint: m:f\n", ["malformed YAML", "cfg.yaml:"], id="malformed-yaml"),
    pytest.param("- a\n- b\n", ["top level must be a mapping"], id="top-level-list"),
    pytest.param("", ["empty"], id="empty-file"),
    pytest.param(AGENT + "agent: {type: http, endpoint: x}\n", ["duplicate key 'agent'"], id="duplicate-key"),
    pytest.param(
        AGENT + "mutations: {weights: {noise: -1}}\n",
        ["line 2", "mutations.weights", "greater than 0", "noise=-1"],
        id="negative-mutation-weight",
    ),
    pytest.param(
        AGENT + "mutations: {weights: {noise: 0}}\n", ["greater than 0", "noise=0"], id="zero-mutation-weight"
    ),
    pytest.param(
        AGENT + "scoring: {mutaton: 1}\n",
        ["line 2", "unknown key 'mutaton'", "did you mean 'mutation'", "chaos, contract, replay, weights"],
        id="misspelled-flat-weight",
    ),
    pytest.param(
        AGENT + "scoring:\n  weights: {mutaton: 1}\n",
        ["line 3", "unknown key 'mutaton'", "did you mean 'mutation'"],
        id="misspelled-nested-weight",
    ),
    pytest.param(
        AGENT + "scoring: {mutation: 0.4, chaos: 0.5}\n",
        ["sum to 1.0", "got 0.9", "contract=0", "unspecified phases weigh 0"],
        id="partial-weights-sum",
    ),
    pytest.param(
        AGENT + "scoring: {chaos: -0.5, mutation: 1.5}\n",
        ["scoring.chaos", "greater than or equal to 0", "scoring.mutation"],
        id="weight-out-of-range",
    ),
    pytest.param(AGENT + "version: 3\n", ["line 2", "version '3' is not supported", "1, 1.0, 2, 2.0"], id="version-3"),
    pytest.param(AGENT + "version: '2.1'\n", ["version '2.1' is not supported"], id="version-2.1"),
    pytest.param(AGENT + "version: true\n", ["version"], id="version-bool"),
    pytest.param(  # a malformed golden prompt is an error of its own item, with that item's line
        AGENT + "golden_prompts:\n  - hi\n  - {turns: []}\n",
        ["line 4: golden_prompts[1]: turns must be a non-empty list"],
        id="golden-turns-empty-line",
    ),
    pytest.param(  # the tool fault's name for the same idea: spelling distance would say 'mode' (QA-13)
        AGENT + "chaos:\n  llm_faults:\n    - {mode: error, error_code: 500}\n",
        ["line 4", "unknown key 'error_code'", "did you mean 'status'?", "'error_code' is a tool fault's"],
        id="llm-fault-error-code-is-status",
    ),
    pytest.param(
        AGENT + "chaos:\n  tool_faults:\n    - {tool: t, mode: error, status: 500}\n",
        ["line 4", "unknown key 'status'", "did you mean 'error_code'?"],
        id="tool-fault-status-is-error-code",
    ),
    pytest.param(
        AGENT + "golden_prompts: [hi]\nadvanced:\n  concurrency: 2\n  max_cost: 1.0\n",
        ["line 5: advanced.max_cost needs a price table"],
        id="max-cost-without-prices-line",
    ),
]


@pytest.mark.parametrize(
    ("scoring", "expected"),
    [
        pytest.param("", {"mutation": 0.20, "chaos": 0.35, "contract": 0.35, "replay": 0.10}, id="none-given"),
        pytest.param("scoring: {}\n", {"mutation": 0.20, "chaos": 0.35, "contract": 0.35, "replay": 0.10}, id="empty"),
        pytest.param(
            "scoring: {mutation: 0.4, chaos: 0.6}\n",
            {"mutation": 0.4, "chaos": 0.6, "contract": 0.0, "replay": 0.0},
            id="flat-partial",
        ),
        pytest.param(
            "scoring: {weights: {contract: 1}}\n",
            {"mutation": 0.0, "chaos": 0.0, "contract": 1.0, "replay": 0.0},
            id="nested-partial",
        ),
    ],
)
def test_unspecified_weights_weigh_zero_once_any_is_given(scoring: str, expected: dict[str, float]) -> None:
    assert parse(AGENT + scoring).scoring.weights.model_dump() == pytest.approx(expected)


@pytest.mark.parametrize("version", ["1", "1.0", "2", "2.0", "'2.0'", "'1'"])
def test_supported_versions(version: str) -> None:
    assert parse(AGENT + f"version: {version}\n").version == version.strip("'")


@pytest.mark.parametrize(("text", "expected"), BAD)
def test_bad_configs_name_the_problem(text: str, expected: list[str]) -> None:
    with pytest.raises(ConfigError) as info:
        parse(text)
    msg = str(info.value)
    assert info.value.exit_code == ExitCode.USAGE
    for part in expected:
        assert part in msg, f"{part!r} not in:\n{msg}"


def test_upstream_v2_file_loads_unchanged() -> None:
    cfg = parse(
        """
        version: "2.0"
        agent:
          endpoint: "http://localhost:8000/invoke"
          type: "http"
          method: "POST"
          request_template: '{"message": "{prompt}"}'
          response_path: "$.reply"
          timeout: 30000
          headers:
            Authorization: "Bearer ${AGENT_TOKEN}"
        model:
          provider: "ollama"
          name: "qwen2.5:3b"
          base_url: "http://localhost:11434"
        mutations:
          count: 20
          types: [paraphrase, noise]
          weights: {noise: 0.5}
        golden_prompts:
          - "Book a flight to Paris"
        scoring:
          mutation: 0.2
          chaos: 0.35
          contract: 0.35
          replay: 0.1
        output: {format: html, path: ./reports}
        advanced: {concurrency: 5, retries: 3, seed: 7}
        """
    )
    assert cfg.agent.type == "http"
    assert cfg.mutations.weights == {"noise": 0.5}
    assert cfg.scoring.weights.chaos == 0.35
    assert cfg.advanced.seed == 7


def test_agent_type_inferred_from_endpoint() -> None:
    assert parse("agent: {endpoint: 'pkg.mod:fn'}\n").agent.type == "python"
    assert parse("agent: {endpoint: 'http://x/y'}\n").agent.type == "http"


def test_scoring_weights_nested_form() -> None:
    cfg = parse(AGENT + "scoring:\n  weights: {mutation: 0.25, chaos: 0.25, contract: 0.25, replay: 0.25}\n")
    assert cfg.scoring.weights.replay == 0.25


def test_both_weight_forms_is_an_error() -> None:
    with pytest.raises(ConfigError, match="either flat"):
        parse(AGENT + "scoring: {mutation: 1.0, weights: {mutation: 1.0}}\n")


def test_top_level_chaos_matrix_is_an_alias() -> None:
    cfg = parse(AGENT + "chaos_matrix:\n  - name: no-chaos\n")
    assert [s.name for s in cfg.scenarios] == ["no-chaos"]


def test_golden_prompts_with_expected_answers_keep_a_side_table() -> None:
    cfg = parse(
        AGENT
        + "golden_prompts:\n"
        + "  - 'Plain prompt'\n"
        + "  - {prompt: 'What priority has WEB-1?', expected: High, label_set: [Low, Medium, High]}\n"
        + "  - {prompt: 'How many seats?', expected: [3, three]}\n"
        + "  - {prompt: 'Only a prompt'}\n"
    )
    assert cfg.golden_prompts == ["Plain prompt", "What priority has WEB-1?", "How many seats?", "Only a prompt"]
    assert cfg.golden_expected == {
        "What priority has WEB-1?": {"expected": ["High"], "label_set": ["Low", "Medium", "High"]},
        "How many seats?": {"expected": ["3", "three"], "label_set": []},
    }


def test_golden_expected_of_a_wrong_type_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match=r"line 3: golden_prompts\[0\]: expected holds a dict"):
        parse(AGENT + "golden_prompts:\n  - {prompt: p, expected: {a: 1}}\n")


def test_a_malformed_golden_prompt_hides_no_other_problem() -> None:
    """QA-6 F-7: every problem at once, the golden prompts' own beside the rest of the schema's."""
    with pytest.raises(ConfigError) as info:
        parse(
            AGENT + "golden_prompts:\n  - hi\n  - {turns: []}\n  - {prompt: p, expected: {a: 1}}\n"
            "advanced:\n  concurrency: 0\n  nosuch: 1\n"
        )
    msg = str(info.value)
    assert "(4 problems)" in msg
    for part in (
        "line 4: golden_prompts[1]: turns must be",
        "line 5: golden_prompts[2]: expected holds a dict",
        "line 7: advanced.concurrency",
        "line 8: unknown key 'nosuch' in advanced",
    ):
        assert part in msg, f"{part!r} not in:\n{msg}"


def test_an_unknown_mutation_type_is_matched_by_meaning_in_a_config() -> None:
    with pytest.raises(ConfigError, match="did you mean 'noise'\\? noise: Realistic typing noise"):
        parse_config(AGENT + "mutations: {types: [typo]}\n", "w.yaml")
