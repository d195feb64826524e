"""Every registered mutation type, generically: determinism, variety, change, JSON args, odd inputs."""

from __future__ import annotations

import json
import random

import orjson
import pytest

from windtunnel.agents.base import TransportMutation
from windtunnel.mutations import MutationContext, mutations

PROMPTS = {
    "plain": "Can you book a flight to Paris for tomorrow and send me the price? I need 2 seats.",
    "empty": "",
    "one_char": "x",
    "unicode_rtl": "مرحبا، أريد حجز رحلة إلى باريس غدا 🙂 — שלום, 東京へ行きたい",
    "quotes_newlines": 'He said "don\'t" and left.\n\tNext line with \\backslash, {braces} and %s\r\nend',
    "huge_10k": ("Please check the status of order 4411 and tell me when it ships. " * 160)[:10_000],
}
CTX = MutationContext(
    agent_type="http",
    custom_templates=[
        "As my manager asked: {prompt}",
        "{prompt}\n(reply within 5 minutes)",
        "Re: {prompt} — thx",
    ],
)
NAMES = mutations.names()


def _fingerprint(name: str, prompt: str, seed: int, ctx: MutationContext = CTX) -> bytes:
    m = mutations.get(name).generate(prompt, random.Random(seed), ctx)
    return orjson.dumps({"input": m.input, "args": m.args}, option=orjson.OPT_SORT_KEYS)


def test_all_24_upstream_types_are_registered() -> None:
    upstream = {
        "paraphrase", "noise", "tone_shift", "prompt_injection", "encoding_attacks", "context_manipulation",
        "length_extremes", "custom", "multi_turn_attack", "advanced_jailbreak", "semantic_similarity_attack",
        "format_poisoning", "language_mixing", "token_manipulation", "temporal_attack",
        "http_header_injection",
        "payload_size_attack", "content_type_confusion", "query_parameter_poisoning", "request_method_attack",
        "protocol_level_attack", "resource_exhaustion", "concurrent_request_pattern", "timeout_manipulation",
    }  # fmt: skip
    assert set(NAMES) == upstream
    assert sum(1 for _, mt in mutations.items() if mt.level == "transport") == 9


def test_default_weights_match_upstream_range() -> None:
    weights = {name: mt.weight for name, mt in mutations.items()}
    assert weights["noise"] == 0.8 and min(weights.values()) == 0.8
    assert weights["advanced_jailbreak"] == 2.0 and max(weights.values()) == 2.0
    assert weights["protocol_level_attack"] == 1.8 and weights["prompt_injection"] == 1.5


@pytest.mark.parametrize("name", NAMES)
def test_has_one_line_description(name: str) -> None:
    desc = mutations.get(name).description
    assert 20 <= len(desc) <= 110 and "\n" not in desc


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("prompt_id", sorted(PROMPTS))
def test_same_seed_gives_byte_identical_output(name: str, prompt_id: str) -> None:
    prompt = PROMPTS[prompt_id]
    for seed in (0, 1, 987654321):
        assert _fingerprint(name, prompt, seed) == _fingerprint(name, prompt, seed)


@pytest.mark.parametrize("name", NAMES)
def test_different_seeds_give_different_variants(name: str) -> None:
    variants = {_fingerprint(name, PROMPTS["plain"], seed) for seed in range(12)}
    assert len(variants) >= 3, f"{name} produced only {len(variants)} distinct variants over 12 seeds"


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("prompt_id", sorted(PROMPTS))
def test_variant_differs_from_input_and_args_are_json(name: str, prompt_id: str) -> None:
    prompt = PROMPTS[prompt_id]
    mt = mutations.get(name)
    for seed in range(8):
        m = mt.generate(prompt, random.Random(seed), CTX)
        json.dumps(m.args, allow_nan=False)  # strict JSON: raises if not serialisable
        json.dumps(m.input, allow_nan=False)
        assert isinstance(m.args, dict) and m.args
        if mt.level == "text":
            assert m.transport is None
            assert m.input != prompt, f"{name} returned the prompt unchanged (seed {seed})"
        else:
            # Transport types change the request, not the text: the prompt travels unchanged.
            assert m.input == prompt
            assert isinstance(m.transport, TransportMutation)
            assert m.args.get("describe") == m.transport.describe()  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", [n for n in NAMES if mutations.get(n).level == "text"])
def test_message_list_form_is_json_and_differs(name: str) -> None:
    ctx = MutationContext(agent_type="python", accepts_messages=True, custom_templates=CTX.custom_templates)
    for seed in range(4):
        m = mutations.get(name).generate(PROMPTS["plain"], random.Random(seed), ctx)
        orjson.dumps(m.input)
        assert m.input != PROMPTS["plain"]
