"""Length-prefixed serialisations (leakage/framing.py): a frame's payload named by the frame before it is
a key-value pair — on forms not in any batch, with the counter-examples (lengths that do not check out, a
time in prose, another field's frame)."""

from __future__ import annotations

from typing import Any

import pytest

from windtunnel.leakage import audit_item
from windtunnel.leakage.framing import framed_name

LABELS = ["Low", "Normal", "Urgent"]


def _leaked(text: str, expected: str = "Urgent") -> bool:
    item: dict[str, Any] = {
        "id": "t",
        "expected": expected,
        "label_set": LABELS,
        "target": "urgency",
        "projection": {"capture": text},
    }
    fast = audit_item(item)
    assert fast == audit_item(item, prefilter=False)
    return fast.leaked


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("*4\r\n$4\r\nHSET\r\n$7\r\njob:991\r\n$7\r\nurgency\r\n$6\r\nurgent\r\n", id="resp"),
        pytest.param('a:2:{s:5:"title";s:9:"Disk full";s:7:"urgency";s:6:"urgent";}', id="php"),
        pytest.param("5:title,9:Disk full,7:urgency,6:urgent,", id="netstring"),
        pytest.param("d5:title9:Disk full7:urgency6:urgent e", id="bencode"),
    ],
)
def test_a_payload_named_by_the_frame_before_is_a_value(text: str) -> None:
    assert _leaked(text)


def test_frames_whose_lengths_do_not_check_out_are_prose() -> None:
    assert framed_name("5:title,9:Disk full,7:urgency,6:urgent,", 32, 38) == "urgency"
    assert framed_name("5:title,9:Disk full,7:urgency,9:urgent,", 32, 38) is None
    assert framed_name("5:title,9:Disk full,8:urgency,6:urgent,", 32, 38) is None
    assert framed_name("meet at 10:30 or 11:urgent", 20, 26) is None


def test_another_fields_frame_holding_the_lowercase_word_is_not_the_label() -> None:
    # as for ``tone: urgent``: under a name that is not the task's, only the label as written states it
    assert not _leaked("5:title,9:Disk full,4:tone,6:urgent,")
    assert _leaked("5:title,9:Disk full,7:urgency,6:urgent,")
