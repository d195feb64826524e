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
