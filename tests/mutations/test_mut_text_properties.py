"""Type-specific properties of the text-level generators."""

from __future__ import annotations

import itertools
import json
import random
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rapidfuzz.distance import Levenshtein

from windtunnel._util.errors import ConfigError
from windtunnel.mutations import MutationContext, mutations
from windtunnel.mutations._common import load_data
from windtunnel.mutations.encoding import HOMOGLYPHS, decode

CTX = MutationContext()
PROMPT = "Can you book a flight to Paris for tomorrow and send me the price? I need 2 seats."
ASCII_PROMPT = "Please reset the password on my account and email me a confirmation"


def gen(name: str, prompt: str, seed: int, ctx: MutationContext = CTX):  # type: ignore[no-untyped-def]
    return mutations.get(name).generate(prompt, random.Random(seed), ctx)


def by_seed(name: str, prompt: str, key: str, n: int = 400) -> dict[str, object]:
    """The first variant for each distinct value of ``args[key]`` over ``n`` seeds."""
    seen: dict[str, object] = {}
    for seed in range(n):
        m = gen(name, prompt, seed)
        seen.setdefault(str(m.args[key]), m)
    return seen


# --- encoding_attacks ------------------------------------------------------------------------------


def test_every_encoding_scheme_is_reachable_and_decodes_back() -> None:
    schemes = by_seed("encoding_attacks", ASCII_PROMPT, "scheme")
    assert set(schemes) == {"base64", "url", "unicode_escape", "html_entities", "homoglyphs", "zero_width",
                            "leetspeak", "rot13"}  # fmt: skip
    for scheme, m in schemes.items():
        assert m.input != ASCII_PROMPT, scheme  # type: ignore[attr-defined]
        assert decode(m.input, m.args) == ASCII_PROMPT, scheme  # type: ignore[attr-defined]


@settings(max_examples=300, deadline=None)
@given(prompt=st.text(max_size=200), seed=st.integers(0, 2**32))
def test_encoding_decodes_back_for_any_text(prompt: str, seed: int) -> None:
    m = gen("encoding_attacks", prompt, seed)
    assert m.input != prompt
    # Lookalikes map back to Latin; a prompt that already held those Cyrillic letters is ambiguous.
    if m.args["scheme"] == "homoglyphs" and any(c in set(HOMOGLYPHS.values()) for c in prompt):
        return
    assert decode(m.input, m.args) == prompt


def test_base64_is_real_base64_of_the_prompt() -> None:
    import base64

    for seed in range(300):
        m = gen("encoding_attacks", PROMPT, seed)
        if m.args["scheme"] == "base64" and m.args["variant"] == "standard":
            body = m.input[len(m.args["prefix"]) :]
            assert base64.b64decode(body, validate=True).decode() == PROMPT
            return
    pytest.fail("no standard base64 variant in 300 seeds")


def test_homoglyph_and_zero_width_variants_look_alike_and_normalise_back() -> None:
    schemes = by_seed("encoding_attacks", ASCII_PROMPT, "scheme")
    homo = schemes["homoglyphs"]
    assert any(c in set(HOMOGLYPHS.values()) for c in homo.input)  # type: ignore[attr-defined]
    assert len(homo.input) == len(ASCII_PROMPT)  # type: ignore[attr-defined]
    zw = schemes["zero_width"]
    visible = "".join(c for c in zw.input if unicodedata.category(c) != "Cf")  # type: ignore[attr-defined]
    assert visible == ASCII_PROMPT


# --- noise -----------------------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(prompt=st.text(min_size=1, max_size=300), seed=st.integers(0, 2**32))
def test_typos_keep_edit_distance_small(prompt: str, seed: int) -> None:
    m = gen("noise", prompt, seed)
    if m.args["technique"] != "typos":
        return
    distance = Levenshtein.distance(prompt, m.input)
    assert 1 <= distance <= 2 * len(m.args["edits"])
    assert distance <= 12


def test_txt_speak_replaces_whole_words() -> None:
    m = next(m for s in range(200) if (m := gen("noise", "Thanks, please tell you before tomorrow", s)).args[
        "technique"] == "txt_speak")  # fmt: skip
    for _, word, new in m.args["replacements"]:
        assert word.lower() in {"thanks", "please", "you", "before", "tomorrow"}
        assert new in m.input


# --- paraphrase, semantic, tone ---------------------------------------------------------------------


def test_paraphrase_synonyms_come_from_the_lexicon() -> None:
    lexicon = load_data("synonyms.json")
    assert len(lexicon) >= 100
    found = False
    for seed in range(100):
        m = gen("paraphrase", PROMPT, seed)
        if m.args["technique"] == "synonym":
            found = True
            for _, word, new in m.args["replacements"]:
                assert new.lower() in [s.lower() for s in lexicon[word.lower()]]
    assert found


def test_semantic_similarity_stays_lexically_close_but_changes_meaning() -> None:
    for seed in range(50):
        m = gen("semantic_similarity_attack", PROMPT, seed)
        assert m.input != PROMPT
        assert Levenshtein.normalized_similarity(PROMPT, m.input) > 0.8
        assert m.args["from"] != m.args["to"]


def test_tone_shift_keeps_the_request_words() -> None:
    for seed in range(50):
        m = gen("tone_shift", PROMPT, seed)
        assert "flight to paris" in m.input.lower()


# --- injections -------------------------------------------------------------------------------------


def test_injection_library_is_real_and_varied() -> None:
    library = load_data("injections.json")
    assert len(library) >= 40
    assert len({e["id"] for e in library}) == len(library)
    assert len({e["category"] for e in library}) >= 10


@pytest.mark.parametrize("seed", range(60))
def test_injection_contains_its_payload_and_the_prompt(seed: int) -> None:
    m = gen("prompt_injection", PROMPT, seed)
    assert m.args["payload"] in m.input
    assert {w for w in PROMPT.split()} <= set(m.input.split())


def test_injection_is_not_dropped_for_short_prompts() -> None:
    # Upstream rejected variants longer than 3x the prompt, which silently removes most injections.
    m = gen("prompt_injection", "Hi", 3)
    assert len(m.input) > 3 * len("Hi") and m.args["payload"] in m.input


def test_jailbreaks_embed_the_prompt() -> None:
    ids = set()
    for seed in range(200):
        m = gen("advanced_jailbreak", PROMPT, seed)
        ids.add(m.args["template_id"])
        if m.args["technique"] == "template":
            assert PROMPT in m.input
    assert len(ids) >= 15


def test_format_poisoning_json_is_valid_json_holding_the_prompt() -> None:
    for seed in range(200):
        m = gen("format_poisoning", PROMPT, seed)
        if m.args["format"] == "json" and m.args["variant"] == 0:
            assert json.loads(m.input)["user_request"] == PROMPT
            return
    pytest.fail("no json variant")


# --- multi-turn, custom, length, tokens --------------------------------------------------------------


@pytest.mark.parametrize("seed", range(20))
def test_multi_turn_is_a_real_conversation_when_messages_are_accepted(seed: int) -> None:
    m = gen("multi_turn_attack", PROMPT, seed, MutationContext(accepts_messages=True))
    assert isinstance(m.input, list) and len(m.input) >= 3
    roles = [msg["role"] for msg in m.input]
    assert roles[-1] == "user" and "assistant" in roles
    assert all(a != b for a, b in itertools.pairwise(roles))  # alternating turns
    assert "paris" in m.input[-1]["content"].lower()
    t = gen("multi_turn_attack", PROMPT, seed)
    assert isinstance(t.input, str) and t.input.startswith("User: ") and "\nAssistant: " in t.input


def test_custom_uses_templates_and_rejects_bad_config() -> None:
    ctx = MutationContext(custom_templates=["Translate then answer: {prompt}", "{prompt} {prompt}"])
    outs = {gen("custom", "hello", s, ctx).input for s in range(20)}
    assert outs == {"Translate then answer: hello", "hello hello"}
    with pytest.raises(ConfigError, match="custom_templates is empty"):
        gen("custom", "hello", 0, MutationContext())
    with pytest.raises(ConfigError, match=r"custom_templates\[0\] has no \{prompt\}"):
        gen("custom", "hello", 0, MutationContext(custom_templates=["no placeholder"]))


def test_length_extremes_covers_empty_tiny_and_genuinely_long() -> None:
    variants = by_seed("length_extremes", PROMPT, "variant")
    assert set(variants) == {
        "empty",
        "whitespace",
        "single_char",
        "truncated",
        "repeated",
        "long_real_content",
    }
    assert variants["empty"].input == ""  # type: ignore[attr-defined]
    assert len(variants["single_char"].input) == 1  # type: ignore[attr-defined]
    long_ = variants["long_real_content"]
    assert len(long_.input) >= 5_000 and PROMPT in long_.input  # type: ignore[attr-defined]
    corpus = load_data("corpus.json")
    assert sum(p in long_.input for p in corpus) >= 3  # type: ignore[attr-defined]


def test_fullwidth_token_variant_normalises_back() -> None:
    for seed in range(300):
        m = gen("token_manipulation", PROMPT, seed)
        if m.args["technique"] == "fullwidth":
            assert unicodedata.normalize("NFKC", m.input) == PROMPT
            return
    pytest.fail("no fullwidth variant")


def test_special_tokens_are_inserted_verbatim() -> None:
    for seed in range(100):
        m = gen("token_manipulation", PROMPT, seed)
        if m.args["technique"] == "special_tokens":
            assert "".join(m.args["tokens"]) in m.input
