"""A label that is the whole value of a field inside a section or list the owner named is the input's signal when the
dataset shows the field short of an answer, and an answer field swept into that section stays a leak.

Invented shape: a boiler inspection labelled ``pass`` / ``fail``. The owner names the section ``/burner`` and the list
``/probes`` as the input. Each probe reports ``pass``, ``fail``, ``inconclusive`` or ``skipped``, and the inspection
passes when a calibrated probe passes, so a probe's ``pass`` stands on failed inspections too (uncalibrated) and its
``fail`` on passed ones (another probe passed). The burner's flame test reads ``pass``, ``fail`` or ``not tested``
and counts only with a passing probe. Neither field is an answer field for any label; each has values of its own
scale (``inconclusive``, ``not tested``). A ``status`` swept into ``/burner`` states the label: it stays a leak, and
so does a field holding the labels and nothing else, whose words are on the label's own scale.
"""

from __future__ import annotations

import random
from typing import Any

from tests.leakage.audited import audited
from windtunnel.leakage.agreement import agreement_of

LABELS = ["pass", "fail"]
RESULTS = ["pass", "fail", "inconclusive", "skipped"]
NAMED = ["/burner", "/probes"]


def _raw(*, status: str = "", noisy: bool = False, n: int = 120) -> list[dict[str, Any]]:
    rnd = random.Random(7)
    out = []
    for i in range(n):
        label = LABELS[i % 2]
        flame = rnd.choice(["pass", "not tested"])
        if label == "pass" or rnd.random() < 0.3:
            probes = [{"result": "pass", "calibrated": True}]
            if label == "fail":
                flame = "fail"  # a failed flame test fails the inspection whatever the probes say
        else:
            probes = [{"result": rnd.choice(["pass", "fail", "inconclusive"]), "calibrated": False}]
        if rnd.random() < 0.4:
            probes.append({"result": rnd.choice(RESULTS), "calibrated": label == "pass" and rnd.random() < 0.5})
        if rnd.random() < 0.5:  # a probe that did not run: its own scale's words, as routine as the others
            probes.append({"result": rnd.choice(RESULTS[2:]), "calibrated": False})
        rnd.shuffle(probes)
        burner: dict[str, Any] = {"model": f"B{i % 7}", "flame_test": flame}
        if status == "always":
            burner["status"] = label  # an answer field swept into the named section
        elif status == "pending":
            burner["status"] = label if i % 3 else "pending"  # the answer where written, a placeholder elsewhere
        if noisy:  # the labels and nothing else, right on two records of three: the label's own scale
            burner["rating"] = label if i % 3 else LABELS[1 - LABELS.index(label)]
        projection = {"burner": burner, "probes": probes}
        out.append({"id": f"b{i}", "expected": label, "label_set": LABELS, "projection": projection})
    return out


def _blocking(raw: list[dict[str, Any]], derive_from: list[str], field: str) -> int:
    """Items with a blocking finding at a pointer ending in ``field``."""
    items, audits = audited(raw)
    agreement = agreement_of(items, derive_from=derive_from)
    return sum(
        any(f.blocking and (f.pointer or "").endswith(field) for f in agreement.adjust(a).findings) for a in audits
    )


def test_a_sub_result_inside_a_named_section_or_list_is_for_review() -> None:
    raw = _raw()
    assert (
        _blocking(raw, [], "/result") > 20 and _blocking(raw, [], "/flame_test") > 10
    )  # each value read as the answer
    # every position of the named list: the input's signal (a record holding both labels there lists them, and is
    # left to its own audit)
    assert _blocking(raw, NAMED, "/result") <= min(_listing(raw), 5)
    assert _blocking(raw, NAMED, "/flame_test") == 0
    # one position of the list named: the template's other positions are not the input, the item decides
    assert _blocking(raw, ["/burner", "/probes/0"], "/result") == _blocking(raw, ["/burner"], "/result") > 20


def _listing(raw: list[dict[str, Any]]) -> int:
    """Records whose probes hold both labels."""
    return sum(set(LABELS) <= {p["result"] for p in r["projection"]["probes"]} for r in raw)


def _item_level(raw: list[dict[str, Any]], field: str) -> int:
    """Items whose own audit has a blocking finding at a pointer ending in ``field`` (before dataset evidence)."""
    return sum(any(f.blocking and (f.pointer or "").endswith(field) for f in a.findings) for a in audited(raw)[1])


def test_an_answer_field_swept_into_a_named_section_stays_a_leak() -> None:
    for status in ("always", "pending"):
        raw = _raw(status=status)
        assert _blocking(raw, NAMED, "/status") == _item_level(raw, "/status") > 40  # nothing made for review
        assert _blocking(raw, NAMED, "/result") <= _listing(raw)


def test_a_field_of_the_labels_own_scale_in_a_named_section_stays_a_leak() -> None:
    raw = _raw(noisy=True)
    assert _blocking(raw, NAMED, "/rating") == _item_level(raw, "/rating") > 40
    assert _blocking(raw, NAMED, "/flame_test") == 0


def _gauge(kind: str, n: int = 120, share: float = 0.4, seed: int = 11) -> list[dict[str, Any]]:
    """Records whose named section ``/unit`` holds a ``gauge`` reading ``pass`` / ``fail`` or another word.

    ``noisy``: the label on seven records of ten, the other label elsewhere, and ``not measured`` on ``share`` of
    the records; ``one_sided``: precise for ``fail`` (a ``fail`` there is a failed record, nearly every failed record
    reads ``fail``) and noisy for ``pass`` (``not measured`` on most passed records, ``fail`` or ``pass`` on the
    rest), agreeing on three records of four overall."""
    rnd = random.Random(seed)
    out = []
    for i in range(n):
        label = LABELS[i % 2]
        if kind == "noisy":
            gauge = label if rnd.random() < 0.7 else LABELS[1 - i % 2]
            if rnd.random() < share:
                gauge = "not measured"
        elif label == "fail":
            gauge = "fail" if rnd.random() < 0.85 else "pass"
        else:
            r = rnd.random()
            gauge = "fail" if r < 0.15 else ("pass" if r < 0.2 else "not measured")
        unit = {"serial": f"U{i}", "gauge": gauge}
        out.append({"id": f"u{i}", "expected": label, "label_set": LABELS, "projection": {"unit": unit}})
    return out


def test_a_scale_of_its_own_is_a_real_share_of_the_field() -> None:
    """A noisy field whose other word fills two records of five is the input's signal; the same field with a
    placeholder on one record of ten (an answer not yet written) stays a leak in the named section."""
    scale = _gauge("noisy", share=0.4)
    assert _item_level(scale, "/gauge") > 40 and _blocking(scale, ["/unit"], "/gauge") == 0
    placeholder = _gauge("noisy", share=0.1)
    assert _blocking(placeholder, ["/unit"], "/gauge") == _item_level(placeholder, "/gauge") > 40


def test_naming_the_section_never_demotes_what_naming_the_field_keeps() -> None:
    for raw in (_gauge("noisy", share=0.1), _gauge("noisy", share=0.4), _gauge("one_sided"), _raw(status="pending")):
        for field in ("/gauge", "/status"):
            assert _blocking(raw, ["/unit", "/burner"], field) >= _blocking(
                raw, ["/unit/gauge", "/burner/status"], field
            )


def test_a_field_precise_for_one_label_stays_a_leak() -> None:
    """An answer field answers every label it writes: precise for ``fail`` and noisy for ``pass``, with a scale's
    word on most passed records, it stays a leak for both labels inside the named section."""
    raw = _gauge("one_sided")
    assert _blocking(raw, ["/unit"], "/gauge") == _item_level(raw, "/gauge") > 50


def test_a_field_on_few_records_is_too_rare_to_say() -> None:
    """Under :data:`~windtunnel.leakage.agreement.MIN_CHANCE_SUPPORT` records holding a label there, the item-level
    decision stands; on more, the same field is the input's signal."""
    few = _gauge("noisy", n=16, share=0.4, seed=6)
    assert _blocking(few, ["/unit"], "/gauge") == _item_level(few, "/gauge") > 3
    assert _blocking(_gauge("noisy", n=60, share=0.4), ["/unit"], "/gauge") == 0
