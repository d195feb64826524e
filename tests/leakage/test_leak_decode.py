"""base64 decoding of a run (padding restored on an unpadded one), against the standard library calls it replaces."""

from __future__ import annotations

import base64
import binascii
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from windtunnel.leakage.views.binary import b64_text as _b64_text
from windtunnel.leakage.views.binary import printable as _printable
from windtunnel.leakage.views.charsets import bytes_text

_RUN = st.one_of(
    st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-_", max_size=24),
    st.text(alphabet="AQWab09+/=-_é ", max_size=12),
    st.sampled_from(["", "a", "WEB-1234", "user4403", "Incident"]),
    st.binary(max_size=18).map(lambda b: base64.b64encode(b).decode()),
    st.binary(max_size=18).map(lambda b: base64.urlsafe_b64encode(b).decode().rstrip("=")),
    st.text(max_size=10).map(lambda t: base64.b64encode(t.encode()).decode()),
)


def _reference(blob: str) -> str | None:
    word = blob.isalpha() and blob[1:].islower()
    if word and blob[:1].islower():  # a plain lowercase word: not read as base64
        return None
    if len(blob) % 4 == 1:  # never base64; an unpadded run (base64url, JWT) gets its padding back
        return None
    blob += "=" * (-len(blob) % 4)
    try:
        if "-" in blob or "_" in blob:
            raw = base64.urlsafe_b64decode(blob)
        else:
            raw = base64.b64decode(blob, validate=True)
        decoded = raw.decode("utf-8")
    except (binascii.Error, ValueError, UnicodeDecodeError):
        return None
    if word and not re.fullmatch(r"[^\W\d_]+(?:[ '-][^\W\d_]+)*", decoded):
        return None  # a capitalised word is read only where it decodes to words of letters
    return decoded if _printable(decoded) else None


@settings(max_examples=3000, deadline=None)
@given(blob=_RUN)
def test_a_run_decodes_as_the_base64_module_decodes_it(blob: str) -> None:
    got, ref = _b64_text(blob), _reference(blob)
    if ref is not None or got is None:
        assert got == ref
        return
    # bytes that are not UTF-8 text may be UTF-16, UTF-32 or EBCDIC text (views/charsets.py)
    raw = base64.b64decode(blob.replace("-", "+").replace("_", "/") + "=" * (-len(blob) % 4))
    assert got == bytes_text(raw)


def test_a_capitalised_word_is_no_base64_and_encoded_text_still_is() -> None:
    """``Typo`` is valid base64 of ``O*h``: read so, the blind agent showed that chance reading as a deciding value
    (QA-38 L1). A plain word, lowercase or capitalised, is not decoded; base64 of a word (``SGlnaA==``, ``TG93``)
    still is."""
    assert _b64_text("Typo") is None and _b64_text("Tabs") is None
    assert _b64_text("SGlnaA==") == "High" and _b64_text("TG93") == "Low"
    # a capitalised word that is base64 of a word of letters is read (a short label's four characters: Bga → Qmdh)
    assert _b64_text("Qmdh") == "Bga" and _b64_text("typo") is None
