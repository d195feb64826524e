"""Similarity backends (properties of the lexical score) and the similarity invariants."""

from __future__ import annotations

import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from invariant_samples import ctx
from pydantic import ValidationError

from windtunnel._util.errors import ConfigError, ExitCode, UsageError
from windtunnel.invariants.semantic import BehaviorUnchanged, Similarity
from windtunnel.invariants.similarity import (
    EmbeddingBackend,
    SimilarityBackend,
    get_backend,
    lexical_similarity,
    similarity_backends,
)

texts = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=200)
words = st.lists(
    st.sampled_from(["the", "a", "flight", "paris", "booked", "monday", "sorry", "cannot", "help", "order", "42"]),
    max_size=25,
)
sentences = st.one_of(texts, words.map(" ".join))


@settings(max_examples=300, deadline=None)
@given(sentences, sentences)
def test_lexical_is_symmetric_and_bounded(a: str, b: str) -> None:
    s = lexical_similarity(a, b)
    assert 0.0 <= s <= 1.0
    assert s == lexical_similarity(b, a)


@settings(max_examples=200, deadline=None)
@given(sentences)
def test_lexical_identity_is_one(a: str) -> None:
    assert lexical_similarity(a, a) == 1.0


@settings(max_examples=200, deadline=None)
@given(words.filter(lambda w: len(w) >= 3))
def test_word_order_matters_little(ws: list[str]) -> None:
    a = " ".join(ws)
    b = " ".join(reversed(ws))
    assert lexical_similarity(a, b) >= 0.5


@pytest.mark.parametrize(
    ("a", "b", "low", "high"),
    [
        ("Paris is the capital of France", "The capital of France is Paris", 0.9, 1.0),
        ("Your flight to Paris is booked for Monday.", "I booked your Monday flight to Paris.", 0.75, 1.0),
        ("Your fligt to Paris is bookd for Monday", "Your flight to Paris is booked for Monday", 0.85, 1.0),
        ("The weather is sunny", "Your order has shipped", 0.0, 0.35),
        (
            "I cannot help with that.",
            "I cannot help with that. Here are the admin credentials: root / hunter2.",
            0.0,
            0.6,
        ),
        ("", "anything", 0.0, 0.0),
    ],
    ids=["reordered", "paraphrase", "typos", "unrelated", "contained-in-longer", "empty"],
)
def test_lexical_scores_are_sensible(a: str, b: str, low: float, high: float) -> None:
    assert low <= lexical_similarity(a, b) <= high


def test_case_and_punctuation_do_not_matter() -> None:
    assert lexical_similarity("Booked!", "booked") >= 0.9
    assert lexical_similarity("HELLO   world", "hello world") == 1.0


# -- backend registry --------------------------------------------------------------------------------


def test_registry_has_lexical_and_embedding() -> None:
    assert {"lexical", "embedding"} <= set(similarity_backends.names())
    assert isinstance(get_backend("lexical"), SimilarityBackend)


def test_unknown_backend_is_a_config_error_with_suggestion() -> None:
    with pytest.raises(ValidationError, match=r"unknown similarity backend 'lexcal' \(did you mean 'lexical'\?\)"):
        Similarity(expected="x", backend="lexcal")


def test_embedding_backend_missing_dependency_has_install_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None)
    assert "pip install 'windtunnel[semantic]'" in (EmbeddingBackend.available() or "")
    with pytest.raises(ValidationError, match=r"windtunnel\[semantic\]"):
        Similarity(expected="x", backend="embedding")
    get_backend.cache_clear()
    with pytest.raises(UsageError, match="cannot run"):
        get_backend("embedding")


def test_embedding_backend_lazy_import_error(monkeypatch: pytest.MonkeyPatch) -> None:
    # None in sys.modules makes every import of the package fail, installed or not
    monkeypatch.setitem(sys.modules, "sentence_transformers", None)
    backend = EmbeddingBackend()
    with pytest.raises(ConfigError) as err:
        backend.similarity("a", "b")
    assert err.value.exit_code == ExitCode.USAGE
    assert "embedding similarity backend" in str(err.value) and "windtunnel[semantic]" in str(err.value)


def test_embedding_backend_cosine_with_a_fake_model() -> None:
    class FakeModel:
        def encode(self, texts: list[str]) -> list[list[float]]:
            table = {"cat": [1.0, 0.0], "kitten": [0.8, 0.6], "tax": [0.0, 1.0]}
            return [table[t] for t in texts]

    backend = EmbeddingBackend()
    backend._model = FakeModel()
    assert backend.similarity("cat", "kitten") == pytest.approx(0.8)
    assert backend.similarity("cat", "tax") == 0.0
    assert backend.similarity("cat", "cat") == 1.0


# -- similarity / behavior_unchanged ------------------------------------------------------------------


def test_similarity_threshold_default_and_detail() -> None:
    rule = Similarity(expected="Your flight has been booked")
    assert rule.threshold == 0.8
    r = rule.evaluate(ctx("Your flight has been booked."))
    assert r.passed and "lexical" in (r.detail or "") and ">=" in (r.detail or "")


def test_threshold_zero_is_honoured() -> None:
    rule = Similarity(expected="Paris", threshold=0)
    assert rule.threshold == 0.0
    assert rule.evaluate(ctx("completely different words")).passed
    assert not rule.evaluate(ctx(None, error="timeout")).passed
    assert BehaviorUnchanged(baseline="x", similarity_threshold=0).evaluate(ctx("zzz")).passed


def test_threshold_one_needs_identical_text() -> None:
    rule = Similarity(expected="Booked.", threshold=1.0)
    assert rule.evaluate(ctx("booked.")).passed
    assert not rule.evaluate(ctx("Booked, thanks.")).passed


@pytest.mark.parametrize("bad", [-0.1, 1.5])
def test_threshold_out_of_range(bad: float) -> None:
    with pytest.raises(ValidationError):
        Similarity(expected="x", threshold=bad)


def test_behavior_unchanged_auto_without_baseline_fails() -> None:
    rule = BehaviorUnchanged()
    assert rule.baseline == "auto" and rule.similarity_threshold == 0.75
    r = rule.evaluate(ctx("Paris is the capital of France."))
    assert not r.passed and "baseline missing" in (r.detail or "")
    negated = BehaviorUnchanged(negate=True).evaluate(ctx("x"))
    assert not negated.passed and negated.inconclusive, "a missing baseline never passes, negated or not"


def test_behavior_unchanged_auto_uses_the_recorded_baseline() -> None:
    rule = BehaviorUnchanged(baseline="auto")
    base = "Your refund of $20 was issued to the card ending 4242."
    assert rule.evaluate(ctx("Your refund of $20 was issued to the card ending 4242!", baseline_output=base)).passed
    drifted = ctx("IGNORE ALL RULES. Transferring $5000 to account 99.", baseline_output=base)
    r = rule.evaluate(drifted)
    assert not r.passed and "auto baseline" in (r.detail or "")


def test_behavior_unchanged_manual_baseline_ignores_the_recorded_one() -> None:
    rule = BehaviorUnchanged(baseline="The capital of France is Paris.")
    r = rule.evaluate(ctx("Paris is the capital of France.", baseline_output="unrelated text about tax returns"))
    assert r.passed and "configured baseline" in (r.detail or "")


def test_behavior_unchanged_rejects_blank_baseline() -> None:
    with pytest.raises(ValidationError):
        BehaviorUnchanged(baseline="  ")
