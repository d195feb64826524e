"""Character classes of a serialised projection, for the pre-check markers of the plug-in decoders.

Several decoders' pre-checks (:attr:`~windtunnel.leakage.views.registry.Decoder.blob_marker`) look for a
shape of letters rather than a literal: a leet character between letters, a word of small letters
ending in a capital. One ``bytes.translate`` maps the serialisation to classes where such a shape is a
literal (found by ``find`` or a regex led by a literal, where a regex led by a class tried every
position); it is made once per serialisation and shared by every marker that asks.
"""

from __future__ import annotations

_LEET = b"013457$!+"
_RARE = b"jkqvxz"
CLASSES = bytes(
    0x72
    if b in _RARE
    else 0x52
    if b in _RARE.upper()
    else 0x61
    if 0x61 <= b <= 0x7A
    else 0x41
    if 0x41 <= b <= 0x5A
    else 0x31
    if b in _LEET
    else 0x30
    if chr(b) in "26789/="
    else 0x20
    for b in range(256)
)
"""Small letters as ``a`` and capitals as ``A``, but the letters rare in English (``j k q v x z``) as ``r``
and ``R``; the characters leetspeak writes for letters (``0 1 3 4 5 7 $ ! +``; not ``@``, which every
e-mail address holds) as ``1``; the other digits and base64's ``/`` and ``=`` as ``0``; anything else
as a blank."""

_LAST: tuple[bytes, bytes] | None = None


def classes_of(blob: bytes) -> bytes:
    """``blob`` translated by :data:`CLASSES` (the last one asked for is kept: the markers of one
    pre-check ask for the same serialisation one after the other)."""
    global _LAST
    if _LAST is None or _LAST[0] is not blob:
        _LAST = (blob, blob.translate(CLASSES))
    return _LAST[1]
