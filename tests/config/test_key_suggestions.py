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
