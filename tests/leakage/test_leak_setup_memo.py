"""A label set's setup is made once per label set (``scan._label_part``, the needle and probe memos), and the
memoised needle sets are the ones a fresh build gives: same needles, same probe, same audits."""

from __future__ import annotations

from windtunnel.leakage import needles as needles_mod
from windtunnel.leakage import prefilter, scan
from windtunnel.leakage.scan import audit_item

LABELS = ("High", "Medium", "Low")


def _fresh(expected: tuple[str, ...], correlated: tuple[str, ...], labels: tuple[str, ...], aliases=()):
    """The needle set and probe made without any memo (each cache emptied first)."""
    scan._prepared.cache_clear()
    scan._label_part.cache_clear()
    needles_mod._made.cache_clear()
    prefilter._norm_words.cache_clear()
    ns = scan._prepared(expected, correlated, labels, aliases)[0]
    return ns, prefilter._make_probe(ns)


def test_items_of_a_label_set_share_its_needles_whatever_their_correlated_values() -> None:
    a = scan._prepared(("Medium",), ("acct-amberfalcon",), LABELS)[0]
    b = scan._prepared(("Medium",), ("acct-cobaltheron",), LABELS)[0]
    assert a is not b
    shared = [n for n in a.needles if n.role != "correlated"]
    assert len(shared) > 20  # the lexicon's aliases of the three labels
    assert [n for n in b.needles if n.role != "correlated"] == shared
    # one object per needle, made once for the label set
    assert all(x is y for x, y in zip(shared, [n for n in b.needles if n.role != "correlated"], strict=True))
    assert {n.text for n in a.needles if n.role == "correlated"} == {"acct-amberfalcon"}


def test_a_memoised_needle_set_and_its_probe_equal_a_fresh_build() -> None:
    key = (("High",), ("acct-quietmesa",), LABELS)
    fresh, fresh_probe = _fresh(*key)
    scan._prepared(("High",), ("acct-other",), LABELS)  # the memos now hold the label set
    scan._prepared.cache_clear()
    again = scan._prepared(*key)[0]
    assert again is not fresh
    assert again.needles == fresh.needles
    assert [(n, p.pattern) for n, p in again.ocr] == [(n, p.pattern) for n, p in fresh.ocr]
    probe = prefilter._make_probe(again)
    assert probe._replace(word_index=None) == fresh_probe._replace(word_index=None)
    assert probe.word_index is not None and fresh_probe.word_index is not None
    assert probe.word_index._replace(auto=None, ocr=None) == fresh_probe.word_index._replace(auto=None, ocr=None)


def test_the_label_part_is_keyed_by_the_aliases_too() -> None:
    with_alias = scan._prepared(("High",), (), LABELS, (("High", ("sky-high",)),))[0]
    without = scan._prepared(("High",), (), LABELS)[0]
    assert "sky-high" in {n.text for n in with_alias.needles}
    assert "sky-high" not in {n.text for n in without.needles}


def test_audits_are_the_same_with_warm_and_cold_memos() -> None:
    items = [
        {
            "id": f"t{i}",
            "expected": label,
            "label_set": list(LABELS),
            "correlated_values": [f"acct-{name}"],
            "projection": {"summary": f"customer {name} says this is {label.lower()} priority", "note": text},
        }
        for i, (label, name, text) in enumerate(
            [
                ("High", "amberfalcon", "Priority: High"),
                ("Low", "cobaltheron", "no rush, the H1gh badge is for another queue"),
                ("Medium", "quietmesa", "triage said medium; acct-quietmesa asked twice"),
            ]
        )
    ]
    warm = [audit_item(it) for it in items]
    _fresh(("High",), (), LABELS)  # every memo emptied
    cold = [audit_item(it) for it in items]
    assert warm == cold
    assert any(a.leaked for a in cold)


def test_a_label_sets_needles_are_the_same_objects_when_its_shared_part_is_made_again() -> None:
    """The shared part may be made again (its memo full, or cleared): its needles come from the needle memo, so the
    label set's needle objects stay one per spelling, its inflected forms (``mediums``) included."""

    def made_again() -> None:
        for memo in (scan._shared_needles, scan._prepared, scan._label_part):
            memo.cache_clear()

    made_again()
    a = scan._prepared(("Medium",), ("acct-amberfalcon",), LABELS)[0]
    made_again()
    b = scan._prepared(("Medium",), ("acct-cobaltheron",), LABELS)[0]
    mine, theirs = ([n for n in s.needles if n.role != "correlated"] for s in (a, b))
    assert any(n.inflected for n in mine)
    assert all(x is y for x, y in zip(mine, theirs, strict=True))
