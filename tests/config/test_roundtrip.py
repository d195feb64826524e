"""Config round-trips: any valid config dumped to YAML and read back is the same config."""

from __future__ import annotations

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from windtunnel.config.load import parse_config
from windtunnel.config.model import Config
from windtunnel.mutations.base import mutations

text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=40)
ident = st.from_regex(r"[a-z][a-z0-9_]{0,12}", fullmatch=True)

agents = st.one_of(
    st.builds(
        lambda mod, attr, timeout, tools: {
            "type": "python",
            "endpoint": f"{mod}:{attr}",
            "timeout": timeout,
            "tools": tools or None,
        },
        ident,
        ident,
        st.integers(1, 10**6),
        st.lists(ident.map(lambda a: f"pkg.mod:{a}"), max_size=3),
    ),
    st.builds(
        lambda port, tpl, path, method, headers: {
            "type": "http",
            "endpoint": f"http://127.0.0.1:{port}/chat",
            "request_template": tpl,
            "response_path": path,
            "method": method,
            "headers": headers,
        },
        st.integers(1, 65535),
        st.sampled_from(['{"message": "{prompt}"}', '{"q": {"text": "{prompt}"}}']),
        st.sampled_from(["$.reply", "data.0.text", None]),
        st.sampled_from(["POST", "GET", "DELETE"]),
        st.dictionaries(st.from_regex(r"X-[A-Za-z]{1,8}", fullmatch=True), text, max_size=3),
    ),
)

invariant = st.one_of(
    st.builds(lambda v: {"type": "contains", "value": v}, text.filter(str.strip)),
    st.builds(lambda ms: {"type": "latency", "max_ms": ms}, st.integers(1, 10**6)),
    st.builds(lambda neg: {"type": "output_not_empty", "negate": neg}, st.booleans()),
    st.builds(
        lambda vs: {"type": "contains_any", "values": vs}, st.lists(text.filter(str.strip), min_size=1, max_size=3)
    ),
)


@st.composite
def configs(draw: st.DrawFn) -> dict[str, object]:
    weights = draw(st.lists(st.integers(0, 20), min_size=4, max_size=4).filter(lambda w: sum(w) > 0))
    total = sum(weights)
    scaled = [w / total for w in weights]
    scaled[-1] = 1.0 - sum(scaled[:-1])
    return {
        "version": "2.0",
        "agent": draw(agents),
        "golden_prompts": draw(st.lists(text, max_size=4)),
        "invariants": draw(st.lists(invariant, max_size=4)),
        "mutations": {
            "count": draw(st.integers(1, 500)),
            "types": draw(st.lists(st.sampled_from(mutations.names()), min_size=1, max_size=5, unique=True)),
        },
        "scoring": dict(zip(("mutation", "chaos", "contract", "replay"), scaled, strict=True)),
        "advanced": {
            "concurrency": draw(st.integers(1, 500)),
            "retries": draw(st.integers(0, 20)),
            "seed": draw(st.one_of(st.none(), st.integers(0, 2**31))),
        },
    }


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(configs())
def test_valid_configs_round_trip_through_yaml(data: dict[str, object]) -> None:
    first = parse_config(yaml.safe_dump(data, allow_unicode=True), "a.yaml")
    dumped = first.model_dump(mode="json", exclude_none=True)
    second = parse_config(yaml.safe_dump(dumped, allow_unicode=True), "b.yaml")
    assert second.model_dump(mode="json") == first.model_dump(mode="json")
    assert isinstance(second, Config)
