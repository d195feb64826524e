"""The shape of a field's value, and the shapes of a field that ride with no label.

A field some of whose values were mined is blanked on every item that fills it, but for the values shown to ride
with no label (:mod:`~windtunnel.leakage.shared_values`). Where every value is a record's own (a camera's file name
``CT37_20231215_RCNX7455.JPG``, a webhook payload in base64 naming its employee and period), no value is held by two
items and none can be shown shared: every clean record then loses the field. What such values share is their
*shape*, as the canonical view reads them: each word written ``a``, a number ``9``, the delimiters kept
(:func:`value_shape`), so ``CT37_20231215_RCNX7455.JPG`` is ``a_9_a.a`` beside the mined
``CT12_20240827_7731_BLANK.JPG`` (``a_9_9_a.a``), and a payload of three keys is told from one with two more. A
shape some mined value takes is a rider's, never kept, so a label's code mining found too rare to prove goes with
the mined ones when it is written the same way; a shape the items of several labels hold, none beyond its share,
keeps its bytes under the same draw test as a shared value (:func:`shared_shapes`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

from windtunnel.leakage.shared_values import shared_values
from windtunnel.leakage.views.pipeline import canonical_views

_PART = re.compile(r"[^\W_]+")
"""A word of a shape: a run of letters and digits (an underscore joins no word, as a snake_case identifier's)."""


def value_shape(value: Any) -> str:
    """The shape of ``value``: a string of one token (no blank) as its first decoded view reads it when that view is
    structured (the canonical view pipeline's: a base64 payload's JSON or markup; a chance decoding of a number,
    ``2486`` read as base64, is no reading of it: :func:`_structured`), any other value as written (a scalar that is
    no string as its JSON text; a decoder's view of one word of a text is no reading of the value), with each word
    written ``9`` when it is a number and ``a`` otherwise, the delimiters kept and blanks written as one."""
    if isinstance(value, str):
        views = canonical_views(value) if value and not any(c.isspace() for c in value) else []
        text = views[0][1].text if views and _structured(views[0][1].text) else value
    else:
        text = json.dumps(value)
    return _PART.sub(lambda m: "9" if m.group().isdigit() else "a", re.sub(r"\s+", " ", text))


def _structured(text: str) -> bool:
    """``text`` is a JSON object or array, or markup: a decoding no plain word or number gives by chance."""
    t = text.strip()
    if t[:1] == "<" and t[-1:] == ">":
        return True
    if t[:1] not in ("{", "["):
        return False
    try:
        return isinstance(json.loads(t), (dict, list))
    except (ValueError, RecursionError):  # nested past the parser's depth: no value's shape is read so deep
        return False


def shared_shapes(rows: Iterable[tuple[Any, str, bool]], records: Iterable[str] | None = None) -> frozenset[str]:
    """The shapes of one field to keep, from ``rows``: ``(value, label, cut)`` per item filling the field, ``cut`` when
    a mined finding edits it there. A shape a cut value takes is a rider's and is never kept; of the others, those
    :func:`~windtunnel.leakage.shared_values.shared_values` keeps (held by the items of two labels or more, none
    beyond its share, and the values blanked falling on the labels as a draw of as many items would; ``records`` names
    each row's record, counted once as there)."""
    got = [(value_shape(value), label, cut) for value, label, cut in rows]
    riders = {shape for shape, _, cut in got if cut}
    keyed = [
        (f"\0{at}" if cut or shape in riders else shape, label)  # a key of its own: never kept, always a blank
        for at, (shape, label, cut) in enumerate(got)
    ]
    return shared_values(keyed, records)
