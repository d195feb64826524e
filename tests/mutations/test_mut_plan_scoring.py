"""plan_mutations (distribution, seeding, dedup, skipped types) and robustness_score."""

from __future__ import annotations

import orjson
import pytest
from hypothesis import given
from hypothesis import strategies as st

from windtunnel._util.errors import ConfigError, UnknownPluginError
from windtunnel.mutations import (
    MutationContext,
    applies_to,
    generate_one,
    mutations,
    plan_mutations,
    robustness_score,
)

GOLDEN = "Cancel my subscription and refund the last payment."
HTTP = MutationContext(agent_type="http")
PY = MutationContext(agent_type="python")


def fingerprint(plan: list) -> bytes:  # type: ignore[type-arg]
    return orjson.dumps([[p.type, p.k, p.attempt, p.input, p.args] for p in plan])


def test_count_is_spread_round_robin_and_not_capped() -> None:
    types = ["token_manipulation", "language_mixing", "format_poisoning"]
    plan = plan_mutations(GOLDEN, types, 200, 7, HTTP)
    assert len(plan) == 200 and not plan.notices
    counts = {t: plan.count_of(t) for t in types}
    assert counts == {"token_manipulation": 67, "language_mixing": 67, "format_poisoning": 66}
    assert [p.type for p in plan[:4]] == [*types, "token_manipulation"]
    assert [p.k for p in plan[:4]] == [0, 0, 0, 1]


def test_plan_is_reproducible_and_seed_sensitive() -> None:
    types = ["noise", "tone_shift", "encoding_attacks", "http_header_injection"]
    a = plan_mutations(GOLDEN, types, 40, 1, HTTP)
    assert fingerprint(a) == fingerprint(plan_mutations(GOLDEN, types, 40, 1, HTTP))
    assert fingerprint(a) != fingerprint(plan_mutations(GOLDEN, types, 40, 2, HTTP))
    # Each cell is reproducible on its own, which is what `reproduce` relies on.
    for p in a[:8]:
        again = generate_one(GOLDEN, p.type, 1, p.k, HTTP, p.attempt)
        assert (again.input, again.args) == (p.input, p.args)


def test_plan_has_no_duplicates() -> None:
    plan = plan_mutations(GOLDEN, ["tone_shift", "content_type_confusion"], 60, 3, HTTP)
    keys = [orjson.dumps([p.type, p.input, p.args if p.level == "transport" else None]) for p in plan]
    assert len(keys) == len(set(keys))


def test_exhausted_variety_is_reported_not_hidden() -> None:
    ctx = MutationContext(custom_templates=["A: {prompt}", "B: {prompt}"])
    plan = plan_mutations(GOLDEN, ["custom"], 5, 0, ctx)
    assert len(plan) == 2 and plan.shortfall == {"custom": 3}
    assert any("only 2 distinct variants" in n for n in plan.notices)


def test_transport_types_are_skipped_for_python_agents_with_a_reason() -> None:
    plan = plan_mutations(GOLDEN, ["noise", "payload_size_attack", "timeout_manipulation"], 6, 0, PY)
    assert {p.type for p in plan} == {"noise"} and len(plan) == 6
    assert set(plan.skipped) == {"payload_size_attack", "timeout_manipulation"}
    assert all("agent.type: http" in why for why in plan.skipped.values())
    assert any(n.startswith("skipped payload_size_attack") for n in plan.notices)
    assert not applies_to("payload_size_attack", "python") and applies_to("payload_size_attack", "http")
    assert applies_to("noise", "python")


def test_only_transport_types_for_a_python_agent_is_an_error() -> None:
    with pytest.raises(ConfigError, match="all transport-level"):
        plan_mutations(GOLDEN, ["payload_size_attack"], 3, 0, PY)


@pytest.mark.parametrize("count", [0, -1])
def test_count_below_one_is_an_error(count: int) -> None:
    with pytest.raises(ConfigError, match="at least 1"):
        plan_mutations(GOLDEN, ["noise"], count, 0, HTTP)


def test_unknown_and_empty_types() -> None:
    with pytest.raises(UnknownPluginError, match="did you mean 'noise'") as err:
        plan_mutations(GOLDEN, ["noize"], 3, 0, HTTP)
    assert "paraphrase" in str(err.value)
    with pytest.raises(ConfigError, match="empty"):
        plan_mutations(GOLDEN, [], 3, 0, HTTP)


def test_records_carry_type_and_args() -> None:
    p = plan_mutations(GOLDEN, ["noise"], 1, 0, HTTP)[0]
    rec = p.record()
    assert rec["type"] == "noise" and rec["args"]["k"] == 0 and rec["args"]["source"] == "deterministic"
    orjson.dumps(rec)


# --- scoring -----------------------------------------------------------------------------------------


def test_score_is_weighted_by_type() -> None:
    results = [("noise", True), ("noise", False), ("advanced_jailbreak", False)]
    score, per_type = robustness_score(results)
    # noise 0.8 * (1 passed of 2), jailbreak 2.0 * (0 of 1): 0.8 / (1.6 + 2.0)
    assert score == pytest.approx(100 * 0.8 / 3.6)
    assert per_type["noise"] == {"passed": 1, "total": 2, "pass_rate": 0.5, "weight": 0.8}
    assert per_type["advanced_jailbreak"]["pass_rate"] == 0.0


def test_partial_weights_override_only_named_types() -> None:
    results = [("noise", True), ("advanced_jailbreak", False)]
    score, per_type = robustness_score(results, {"noise": 2.0})
    assert per_type["noise"]["weight"] == 2.0 and per_type["advanced_jailbreak"]["weight"] == 2.0
    assert score == pytest.approx(50.0)


def test_nothing_scored_is_none_not_zero_or_hundred() -> None:
    assert robustness_score([]) == (None, {})
    score, _ = robustness_score([("noise", True)], {"noise": 0.0})
    assert score is None


def test_bad_weights_and_types() -> None:
    with pytest.raises(ConfigError, match=">= 0"):
        robustness_score([("noise", True)], {"noise": -1})
    with pytest.raises(UnknownPluginError):
        robustness_score([("nope", True)])


@given(st.lists(st.tuples(st.sampled_from(mutations.names()), st.booleans()), min_size=1, max_size=60))
def test_score_bounds_and_extremes(results: list[tuple[str, bool]]) -> None:
    score, per_type = robustness_score(results)
    assert score is not None and 0.0 <= score <= 100.0
    assert sum(r["total"] for r in per_type.values()) == len(results)
    if all(ok for _, ok in results):
        assert score == pytest.approx(100.0)
    if not any(ok for _, ok in results):
        assert score == 0.0
