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
    assert _blocking(raw, NAMED, "/result") <= min(_listing(raw), 2)
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
