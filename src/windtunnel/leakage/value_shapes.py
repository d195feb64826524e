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
    ``2486`` read as base64, is no reading of it: :func:`_structured`) or readable text of more words than the token
    (:func:`_readable`: a base64 EXIF comment ``Y2FtPUNUMzc7Znc9Mi4y`` is ``cam=CT37;fw=2.2``, ``a=a;a=9.9``, told
    from one carrying a name, ``cam=CT05;kw=Canis latrans``, ``a=a;a=a a``), any other value as written (a scalar that
    is no string as its JSON text; a decoder's view of one word of a text is no reading of the value), with each word
    written ``9`` when it is a number and ``a`` otherwise, the delimiters kept and blanks written as one."""
    if isinstance(value, str):
        views = canonical_views(value) if value and not any(c.isspace() for c in value) else []
        read = views[0][1].text if views else ""
        text = read if views and (_structured(read) or _readable(read, value)) else value
    else:
        text = json.dumps(value)
    return _PART.sub(lambda m: "9" if m.group().isdigit() else "a", re.sub(r"\s+", " ", text))


_ASCII_SHARE = 0.9
"""A decoded text is read as the value's only when this share of its characters at least is ASCII: a chance decoding
of arbitrary bytes is mostly not (``2486`` as base64 is ``\u06cf:``)."""


def _readable(text: str, raw: str) -> bool:
    """``text``, a decoding of the token ``raw``, is readable text: printable, mostly ASCII (:data:`_ASCII_SHARE`),
    with more words than ``raw`` (an encoding's reading: a leet or a case reading of a token keeps its one word), one
    of three letters or more; ``raw`` is no number (a number is a number whatever a decoder reads in it)."""
    if raw.isdigit() or not text.isprintable():
        return False
    if sum(c.isascii() for c in text) < _ASCII_SHARE * len(text):
        return False
    parts = _PART.findall(text)
    return (
        len(parts) >= 2
        and len(parts) > len(_PART.findall(raw))
        and any(sum(c.isalpha() for c in p) >= 3 for p in parts)
    )


def _empty(value: Any) -> bool:
    """``value`` is empty as a blank writes it: ``""``, ``0`` or ``0.0`` (never a boolean)."""
    return value in ("", 0) and not isinstance(value, bool)


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


def shared_shapes(
    rows: Iterable[tuple[Any, str, bool]], records: Iterable[str] | None = None, places: Iterable[str] | None = None
) -> frozenset[str]:
    """The shapes of one field to keep, from ``rows``: ``(value, label, cut)`` per item filling the field, ``cut`` when
    a mined finding edits it there, or per item holding it empty as a blank writes it (``""``, ``0``: counted among the
    blanks, its shape no rider's). A shape a cut value takes is a rider's and is never kept; of the others, those
    :func:`~windtunnel.leakage.shared_values.shared_values` keeps (held by the items of two labels or more, none
    beyond its share, and the records blanked falling on the labels like those filling the places blanked; ``records``
    names each row's record, counted once as there, ``places`` its pointer)."""
    got = [(value_shape(value), label, cut, _empty(value)) for value, label, cut in rows]
    riders = {shape for shape, _, cut, empty in got if cut and not empty}  # an empty value is a blank, no rider's
    keyed = [
        (f"\0{at}" if cut or empty or shape in riders else shape, label)  # a key of its own: never kept, a blank
        for at, (shape, label, cut, empty) in enumerate(got)
    ]
    return shared_values(keyed, records, places)
