"""QA pass 16: an unknown key's "did you mean" prefers a one-letter slip over a longer key it is a prefix of."""

from __future__ import annotations

import textwrap

import pytest

from windtunnel._util.errors import ConfigError
from windtunnel._util.suggest import closest
from windtunnel.config.load import parse_config


def test_tool_under_agent_suggests_tools_not_tool_registry() -> None:
    text = textwrap.dedent(
        """\
        version: "2.0"
        agent:
          endpoint: "pkg.agent:handle"
          type: "python"
          tool: ["pkg.tools:get_weather"]
        """
    )
    with pytest.raises(ConfigError) as info:
        parse_config(text, "flakestorm.yaml")
    assert "line 5: unknown key 'tool' in agent (did you mean 'tools'?)" in str(info.value), str(info.value)


@pytest.mark.parametrize(
    ("typo", "choices", "meant"),
    [
        ("tool", ["tool_registry", "tools"], "tools"),
        ("invariant", ["invariants", "invariants_extra"], "invariants"),
        ("probabilty", ["probability", "on_call"], "probability"),
        ("zzz", ["tools", "llm"], None),
    ],
)
def test_closest(typo: str, choices: list[str], meant: str | None) -> None:
    assert closest(typo, choices) == meant


@pytest.mark.parametrize(
    ("invariant", "fix"),
    [
        ("{type: contains_any, value: [shipped]}", "did you mean 'values'?"),  # QA 19: was "remove it"
        ("{type: contains, values: [shipped]}", "did you mean 'value'?"),
        ("{type: regex, patterns: ['a+']}", "did you mean 'pattern'?"),
        ("{type: latency, value: 3}", "remove it"),  # nothing of latency's is close: remove it
    ],
)
def test_a_parameter_of_another_invariant_type_names_the_close_one_of_this_type(invariant: str, fix: str) -> None:
    text = f"agent: {{endpoint: 'pkg.agent:handle'}}\ngolden_prompts: [x]\ninvariants: [{invariant}]\n"
    with pytest.raises(ConfigError) as info:
        parse_config(text, "windtunnel.yaml")
    message = str(info.value)
    assert "is not a parameter of" in message and message.rstrip().endswith(fix), message


@pytest.mark.parametrize(
    ("line", "hint"),
    [
        ("value: 5", "(got 5); YAML reads it as a number: put the value of value in quotes, as written, to mean"),
        ("value: no", "(got False); YAML reads it as a boolean: put the value of value in quotes, as written"),
        ("value: 007", "(got 7); YAML reads it as a number: put the value of value in quotes, as written"),
    ],
)
def test_a_number_where_text_is_expected_says_to_quote_it(line: str, hint: str) -> None:
    """QA-27 #4: `contains value: 5` said "Input should be a valid string (got 5)" with no word on quoting."""
    head = 'version: "2.0"\nagent: {type: python, endpoint: "pkg.agent:handle"}\n'
    text = f"{head}invariants:\n  - type: contains\n    {line}\n"
    with pytest.raises(ConfigError) as info:
        parse_config(text, "windtunnel.yaml")
    assert f"line 5: invariants[0].value: Input should be a valid string {hint}" in str(info.value), str(info.value)
