"""The label lexicon: synonyms, translations and loanwords of a label, chosen by the label set and
evidence only under a tie to the task (forms invented here, in no blind batch: other languages, other
label schemes, both ways)."""

from __future__ import annotations

import pytest

from windtunnel.leakage import audit_item
from windtunnel.leakage.aliases import derived_alias, label_aliases
from windtunnel.leakage.lexicon import lexicon_aliases, naming_translations

LMH = ["Low", "Medium", "High"]
SENT = ["Positive", "Negative", "Neutral"]
SIZES = ["S", "M", "L", "XL"]
DECISION = ["Approved", "Rejected"]
SPAM = ["Spam", "Ham"]
URGENCY = ["Routine", "Urgent", "Emergency"]
RAG = ["Red", "Amber", "Green"]
STATUS = ["Open", "Pending", "Resolved", "Closed"]


def _audit(expected: str, labels: list[str], projection: object, target: str | None = None, **more: object) -> bool:
    item: dict[str, object] = {"id": "t", "expected": expected, "label_set": labels, "projection": projection, **more}
    if target is not None:
        item["target"] = target
    audit = audit_item(item)
    # the pre-check and the pruned walk are shortcuts: the reference walk must agree
    assert audit.findings == audit_item(item, prefilter=False).findings
    return audit.leaked


@pytest.mark.parametrize(
    ("expected", "labels", "target", "text"),
    [
        ("High", LMH, "priority", "Nota: priorità impostata su alta dal team di Milano."),
        ("Negative", SENT, "sentiment", "Sentiment van de klant: negatief."),
        ("L", SIZES, "size", "Tamanho recomendado: grande."),
        ("Low", LMH, "priority", "Приоритет: низкий"),
        ("Negative", SENT, "sentiment", "情感：负面。"),
        ("Negative", SENT, "sentiment", "感情はネガティブです。"),
        ("Low", LMH, "priority", "우선순위는 로우로 설정했습니다."),
        ("XL", SIZES, "size", "Size advice: EXTRA-LARGE"),
        ("Spam", SPAM, "classification", "Classification: junk mail"),
        ("Rejected", DECISION, "decision", "Decision: denied, outside the window."),
        ("Neutral", SENT, "sentiment", "the tone of this one is impartial"),
        ("Emergency", URGENCY, "urgency", "Dringlichkeit: Notfall"),
        ("Red", RAG, "rag_status", "Projekt-Status: rot"),
        ("Resolved", STATUS, "status", "状態：解決済み"),
    ],
)
def test_a_label_said_in_other_words_and_tied_to_the_task_leaks(
    expected: str, labels: list[str], target: str, text: str
) -> None:
    assert _audit(expected, labels, {"note": text}, target)


@pytest.mark.parametrize(
    ("expected", "labels", "target", "text"),
    [
        # the same words in their ordinary senses, or not tied to the task
        ("High", LMH, "priority", "Abbiamo parlato dell'alta stagione; priorità non ancora impostata."),
        ("Negative", SENT, "sentiment", "负面新闻很多，情感未定。"),
        ("Negative", SENT, "sentiment", "ネガティブキャンペーンの話。感情は未設定。"),
        ("Low", LMH, "priority", "로우앵글 촬영 이야기. 우선순위 미정."),
        ("High", LMH, "priority", "ハイシーズンの話。優先度は未設定。"),
        ("Spam", SPAM, "classification", "We emptied the junk mail folder last week."),
        ("Spam", SPAM, "classification", "Slides on unsolicited bulk mail trends attached."),
        ("Rejected", DECISION, "decision", "Access denied errors keep showing in the browser."),
        ("XL", SIZES, "size", "They ordered an extra-large pizza for the team."),
        ("Red", RAG, "rag_status", "There is rot in the wooden deck; the status is not set."),
        ("S", SIZES, "size", "サイズ表はエスニック柄のページにあります。"),
        ("S", SIZES, "size", "推奨サイズ：エズ（人名）"),
        ("Resolved", STATUS, "status", "解決策を検討中。状態は未設定。"),
    ],
)
def test_the_same_words_untied_or_in_other_senses_stay_clean(
    expected: str, labels: list[str], target: str, text: str
) -> None:
    assert not _audit(expected, labels, {"note": text}, target)


def test_the_label_set_picks_the_family() -> None:
    # medium is a level among levels and a size among sizes
    assert "mittel" in lexicon_aliases("Medium", LMH)
    assert "medium" in lexicon_aliases("M", SIZES)
    assert "ミディアム" in lexicon_aliases("M", SIZES)
    assert "moderate" not in lexicon_aliases("M", SIZES)
    # a label set written in another language picks its family too
    assert "low" in lexicon_aliases("Niedrig", ["Niedrig", "Mittel", "Hoch"])
    # no family fits, or no label set: nothing
    assert lexicon_aliases("Tier 1", ["Tier 1", "Tier 2"]) == ()
    assert lexicon_aliases("High", ["High"]) == ()


def test_a_word_two_labels_share_is_nobodys_alias() -> None:
    # 緊急 is urgent in Chinese and an emergency in Japanese
    assert "緊急" not in lexicon_aliases("Urgent", URGENCY)
    assert "緊急" not in lexicon_aliases("Emergency", URGENCY)
    # two labels naming one concept give neither any word
    assert lexicon_aliases("Critical", ["Critical", "Blocker", "Low"]) == ()
    assert lexicon_aliases("Blocker", ["Critical", "Blocker", "Low"]) == ()
    assert "niedrig" in lexicon_aliases("Low", ["Critical", "Blocker", "Low"])
    # a word made only of label words is the label's part, not an alias
    assert "cancel" not in lexicon_aliases("Cancel Subscription", ["Cancel Subscription", "Change Plan"])


def test_multi_word_aliases_come_with_their_hyphen_and_blank_variants() -> None:
    aliases = lexicon_aliases("XL", SIZES)
    assert {"extra large", "extra-large", "extralarge"} <= set(aliases)


def test_the_users_map_overrides_the_lexicon() -> None:
    user = {"Low": ["normal"]}
    assert "normal" in lexicon_aliases("Medium", LMH)
    assert "normal" not in label_aliases("Medium", LMH, user)
    assert "normal" in label_aliases("Low", LMH, user)
    assert derived_alias("normal", LMH) and not derived_alias("normal", LMH, user)
    assert not _audit("Medium", LMH, {"note": "Priority: normal"}, "priority", aliases=user)
    assert _audit("Low", LMH, {"note": "Priority: normal"}, "priority", aliases=user)
    assert _audit("Medium", LMH, {"note": "Priority: normal"}, "priority")


def test_naming_words_in_other_languages() -> None:
    words = naming_translations(frozenset({"priority"}))
    assert {"priorität", "優先度", "우선순위", "приоритет"} <= words


@pytest.mark.parametrize(
    ("projection", "leaks"),
    [
        # a custom field named only by its id is a coded field: its value states the label
        ({"custom_fields": [{"id": 4410023, "value": "Alta"}]}, True),
        ({"custom_fields": [{"id": 4410023, "value": None}]}, False),
        # a translation table keyed by the labels defines them
        ({"i18n": {"it": {"priority": {"low": "bassa", "medium": "media", "high": "alta"}}}}, False),
        # a synonym in a key or an identifier is a field's word unless the task is named beside it
        ({"account": {"elevated_permissions": True}}, False),
        ({"flags": {"priority_elevated": True}}, True),
        ({"stage": "escalation-elevated-privileges"}, False),
        ({"tags": ["priority-elevated"]}, True),
        # a path segment likewise
        ({"link": "https://shop.example/elevated/track?id=7"}, False),
    ],
)
def test_structure_ties_for_lexicon_words(projection: object, leaks: bool) -> None:
    assert _audit("High", LMH, projection, "priority") is leaks


def test_a_task_named_with_a_label_word_is_not_its_answer() -> None:
    # the target spam_verdict holds the label Spam: a field or column named after the task is no answer
    assert not _audit("Spam", ["Spam", "Not Spam"], {"stage": "spam-verdict"}, "spam_verdict")
    assert not _audit("Spam", ["Spam", "Not Spam"], {"header": "Spam Verdict (pending)"}, "spam_verdict")
    assert _audit("Spam", ["Spam", "Not Spam"], {"header": "Spam Verdict: Spam"}, "spam_verdict")


def test_two_words_for_one_label_are_not_a_listing() -> None:
    assert _audit("Low", LMH, {"summary": "Assessment (priority): minor/cosmetic."}, "priority")
    # a listing of other labels' words still describes the task
    assert not _audit("Low", LMH, {"help": "Priority words we use: niedrig / mittel / hoch"}, "priority")


RATING = ["1", "2", "3", "4", "5"]


@pytest.mark.parametrize(
    ("text", "leaks"),
    [
        ("Bewertung: vier Sterne", True),
        ("评分：四", True),
        ("Vier Personen waren da, Bewertung offen", False),
        ("Habitación cuatro, valoración pendiente", False),
    ],
)
def test_number_words_of_a_scale_in_other_languages(text: str, leaks: bool) -> None:
    assert "vier" in label_aliases("4", RATING)
    assert "vier" not in label_aliases("4", RATING, lexicon=False)
    assert _audit("4", RATING, {"note": text}, "rating") is leaks


def test_polish_and_a_label_set_in_another_language() -> None:
    assert _audit("Low", LMH, {"note": "Notatka: priorytet ustawiony na niski."}, "priority")
    assert not _audit("Low", LMH, {"note": "Niski budynek obok; priorytet nieustawiony."}, "priority")
    # a Spanish label set, an English text
    assert _audit("Alta", ["Baja", "Media", "Alta"], {"note": "Priority: high"}, "prioridad")
