"""Every decoder proven by a round trip on generated text (issue #25: "tests for each decoder both ways").

For each registered decoder that has a standard encoder a few lines long, a label (one word, two words,
with digits, mixed case, non-ASCII) is encoded alone, inside a JSON value and inside a sentence, and the
encoded text is put in a field alone or inside prose. One way: the audit finds the label there, pointing
at the encoded characters (a finding at that field whose span overlaps them), and blocks the item
wherever the same text unencoded blocks it (a lone word in prose is a low-severity mention in both).
The other way: the same carrier encoding a different label gives no finding at all.

Where the encoding is narrower than a decoder's general condition can read, the case is a documented
limit: :func:`limit` names it with the reason, the hypothesis tests skip it, and
``test_known_limits_still_fail`` keeps one example of each as a strict xfail (a fix turns it green and
the limit must then be removed). ``test_every_decoder_is_accounted_for`` takes the decoder list from the
registry: a new decoder must get an encoder here or a reason why not.
"""

from __future__ import annotations

import base64
import codecs
import json
import quopri
import urllib.parse
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from windtunnel.leakage import audit_item
from windtunnel.leakage.views.registry import DECODERS

# --- encoders: what a producer of the data would write ------------------------------------------------------


def _b64(s: str) -> str:
    return base64.b64encode(s.encode()).decode()


def _b64url(s: str) -> str:
    return base64.urlsafe_b64encode(s.encode()).decode()


def _b32(s: str) -> str:
    return base64.b32encode(s.encode()).decode()


def _percent(depth: int) -> Callable[[str], str]:
    def enc(s: str) -> str:
        for _ in range(depth):
            s = urllib.parse.quote(s, safe="")
        return s

    return enc


def _rotate(n: int) -> Callable[[str], str]:
    def enc(s: str) -> str:
        return "".join(
            chr((ord(c) - 97 + n) % 26 + 97)
            if "a" <= c <= "z"
            else chr((ord(c) - 65 + n) % 26 + 65)
            if "A" <= c <= "Z"
            else c
            for c in s
        )

    return enc


def _atbash(s: str) -> str:
    return "".join(chr(219 - ord(c)) if "a" <= c <= "z" else chr(155 - ord(c)) if "A" <= c <= "Z" else c for c in s)


_MORSE = dict(
    zip(
        "abcdefghijklmnopqrstuvwxyz0123456789",
        [
            ".-",
            "-...",
            "-.-.",
            "-..",
            ".",
            "..-.",
            "--.",
            "....",
            "..",
            ".---",
            "-.-",
            ".-..",
            "--",
            "-.",
            "---",
            ".--.",
            "--.-",
            ".-.",
            "...",
            "-",
            "..-",
            "...-",
            ".--",
            "-..-",
            "-.--",
            "--..",
            "-----",
            ".----",
            "..---",
            "...--",
            "....-",
            ".....",
            "-....",
            "--...",
            "---..",
            "----.",
        ],
        strict=True,
    )
)


def _morse(s: str) -> str:
    # (a character Morse has no code for is dropped: such shapes are limits below)
    return " / ".join(" ".join(_MORSE[c] for c in w.lower() if c in _MORSE) for w in s.split())


def _dns_base32(s: str) -> str:
    run = base64.b32encode(s.encode()).decode().rstrip("=").lower()
    return ".".join(run[i : i + 20] for i in range(0, len(run), 20)) + ".t.example.net"


def _hexdump(s: str) -> str:
    """``hexdump -C``'s layout: an offset, 16 byte groups, the printable characters between bars."""
    data = s.encode()
    return "\n".join(
        f"{i:08x}  {' '.join(f'{b:02x}' for b in data[i : i + 16]):<47}  |"
        + "".join(chr(b) if 32 <= b < 127 else "." for b in data[i : i + 16])
        + "|"
        for i in range(0, len(data), 16)
    )


ENCODERS: dict[str, tuple[str, Callable[[str], str]]] = {
    # name: (the decoder that must read it, the encoder)
    "base64": ("base64", _b64),
    "base64-unpadded": ("base64", lambda s: _b64(s).rstrip("=")),
    "base64url": ("base64", _b64url),
    "base64url-unpadded": ("base64", lambda s: _b64url(s).rstrip("=")),
    "base32": ("base32", _b32),
    "base32-unpadded": ("base32", lambda s: _b32(s).rstrip("=")),
    "dns-base32": ("dns_base32", _dns_base32),
    "hex": ("hex", lambda s: s.encode().hex()),
    "hex-upper": ("hex", lambda s: s.encode().hex().upper()),
    "hex-utf16le": ("hex", lambda s: s.encode("utf-16-le").hex()),
    "hex-ebcdic-cp037": ("hex", lambda s: s.encode("cp037").hex()),
    "hex-ebcdic-cp500": ("hex", lambda s: s.encode("cp500").hex().upper()),
    "hex-dump": ("hex_dump", _hexdump),
    "ascii85": ("ascii85", lambda s: "<~" + base64.a85encode(s.encode()).decode() + "~>"),
    "byte-list": ("byte_list", lambda s: json.dumps(list(s.encode()))),
    "utf7": ("utf7", lambda s: s.encode("utf-7").decode()),
    "percent-1": ("url", _percent(1)),
    "percent-2": ("url", _percent(2)),
    "percent-3": ("url", _percent(3)),
    "percent-every-byte": ("url", lambda s: "".join(f"%{b:02X}" for b in s.encode())),
    "quoted-printable": ("qp", lambda s: quopri.encodestring(s.encode(), quotetabs=True).decode()),
    "quoted-printable-every-byte": ("qp", lambda s: "".join(f"={b:02X}" for b in s.encode())),
    "rfc2047-b": ("rfc2047", lambda s: f"=?UTF-8?B?{_b64(s)}?="),
    "rfc2047-q": ("rfc2047", lambda s: "=?UTF-8?Q?" + "".join(f"={b:02X}" for b in s.encode()) + "?="),
    "html-decimal": ("html", lambda s: "".join(f"&#{ord(c)};" for c in s)),
    "html-hex": ("html", lambda s: "".join(f"&#x{ord(c):x};" for c in s)),
    "html-named": (
        "html",
        lambda s: "".join({'"': "&quot;", " ": "&nbsp;", "é": "&eacute;", "{": "&lbrace;"}.get(c, c) for c in s),
    ),
    "json-u-escape": ("escape", lambda s: "".join(f"\\u{ord(c):04x}" for c in s)),
    "x-escape": ("escape", lambda s: "".join(f"\\x{b:02x}" for b in s.encode())),
    "rot13": ("rot13", lambda s: codecs.encode(s, "rot13")),
    "rot3": ("substitution", _rotate(3)),
    "rot7": ("substitution", _rotate(7)),
    "atbash": ("substitution", _atbash),
    "reversed": ("reversed", lambda s: s[::-1]),
    "morse": ("morse", _morse),
}

# Registered decoders with no encoder above, and why (a decoder added later must be placed here or above).
NOT_ROUND_TRIPPED = {
    "mime_lines": "needs a body of 76-character lines: longer than a label (covered in test_leak_decode)",
    "binary_blocks": "uuencode/yEnc blocks need header lines (covered in test_leak_decode)",
    "mojibake": "a wrong reading, not an encoding of ASCII labels",
    "punycode": "IDNA labels only (one word, no blanks, no JSON)",
    "wide_text": "a rendering (letter spacing), not a codec",
    "pig_latin": "a word game without one standard form",
    "css_content": "a stylesheet's content property, not a text encoding",
    "rating_glyphs": "a rating's glyphs, not a text encoding",
    "rating_width": "a rating's width, not a text encoding",
    "hyphenation": "layout (a line broken inside a word)",
    "cells": "layout (table cells)",
    "word_rows": "layout (one word per row)",
    "word_fields": "layout (one word per field)",
    "ditto": "layout (ditto marks)",
    "letterforms": "look-alike letters: covered by the homoglyph/fullwidth obfuscations in test_leak_properties",
    "braille": "Braille cells (no standard library encoder; covered in test_leak_views)",
    "upside_down": "a rendering, covered in test_leak_views",
    "marks": "stacked combining marks: a rendering",
    "letters": "letters spelled one by one: a rendering",
    "concat": "string-literal concatenation in code",
    "arithmetic": "an integer expression in code: numbers only (covered in test_leak_arithmetic)",
    "reply_quotes": "a reply's quote marks: layout (covered in test_leak_typography)",
    "unfold": "header folding (a line break inside a value)",
    "pdf_text": "a PDF content stream",
    "references": "an item's references to its own parts",
    "rtf": "an RTF document",
    "tap_code": "tap code: no standard encoder",
    "leet": "leetspeak: no one standard form",
    "leet_l": "leetspeak: no one standard form",
    "homophones": "spoken forms",
    "form": "a URL query value's + for a space (covered in test_leak_canonical_views, test_query_form)",
    "spelled": "spoken spelling",
    "stream": "a streamed response's chunks",
    "terminal": "terminal escape sequences around text",
    "tags": "Unicode tag characters: covered by the tag-chars obfuscation in test_leak_properties",
    "digits": "other scripts' digits: digits only",
    "bidi": "bidirectional controls: a rendering",
    "markup": "markup tags around words: covered by the html carrier in test_leak_properties",
    "text_fragment": "a URL's text fragment",
}

LABELS = [
    "Billing",  # one word
    "Account Access",  # two words
    "Shipping delay",
    "Sev2",  # digits
    "Priority 3",
    "ReFund",  # mixed case
    "Résiliation",  # non-ASCII
    "Escalation",
]
OTHER = {label: "Warehouse" for label in LABELS}
SHAPES: dict[str, Callable[[str], str]] = {
    "alone": lambda v: v,
    "json": lambda v: json.dumps({"category": v}, ensure_ascii=False),
    "sentence": lambda v: f"The customer was routed to {v} after the call.",
}
CARRIERS: dict[str, Callable[[str], str]] = {
    "field": lambda e: e,
    "prose": lambda e: f"Reference attached: {e} (see above).",
}

_NO_ANCHOR = (
    "a substituted word is read only on a line with an anchor (a word of 6+ letters that reads much more like "
    "English substituted; for rotations other than 13 and Atbash, holding two letters rare in English): "
    "a lone short word or a JSON of short words is any other string"
)
_WORDS = ("Billing", "Priority_3", "ReFund", "Sev2", "Shipping_delay")
"""The labels whose rotated forms have no anchor word alone or in short JSON (``_NO_ANCHOR``)."""


def _lone(labels: tuple[str, ...], json_case: str) -> frozenset[str]:
    """The cases ``label/alone`` and ``label/<json_case>`` of each label: its encoded form with no text around."""
    return frozenset(f"{label}/{case}" for label in labels for case in ("alone", json_case))


LIMITS: dict[str, tuple[str, frozenset[str]]] = {
    # encoding: (why, the cases missed: "label/shape" in both carriers, "label/shape/carrier" in one)
    "atbash": (
        _NO_ANCHOR + "; a lone Atbash word is ambiguous besides: 'Hsrkkrmt' gains 0.47 nats a letter under Atbash "
        "(the anchor margin is 0.78) and more under ROT1 ('Itsllsnu'); lowering the margin to 0.4 reads it as ROT1 "
        "and moves 2 of 21,076 benchmark items (low findings only). Billing in the sentence: its reading scores "
        "below the weak margin (-0.1 nats a letter)",
        frozenset(
            [
                "Billing/alone",
                "Billing/json",
                "Billing/sentence",
                "Priority_3/alone",
                "Priority_3/json/field",
                "ReFund/alone",
                "ReFund/json/field",
                "Résiliation/alone",
                "Résiliation/json/field",
                "Sev2/alone",
                "Sev2/json/field",
                "Shipping_delay/alone",
                "Shipping_delay/json/field",
            ]
        ),
    ),
    "rot13": (
        _NO_ANCHOR,
        _lone(("Account_Access",) + _WORDS, "json"),
    ),
    "rot3": (
        _NO_ANCHOR + " ('ReFund' in JSON in prose is read: the rot13 view of the line holds an anchor, "
        "'sqjuwheo', which the substitution reads back)",
        (_lone(_WORDS, "json") - {"ReFund/json"}) | {"ReFund/json/field"},
    ),
    "rot7": (
        _NO_ANCHOR,
        _lone(_WORDS, "json/field"),
    ),
    "reversed": (
        "a reversed word is read only with a cue (a word whose only capital is its last letter, or a reversed "
        "function word): 'dnuFeR', '2veS' and 'noitailiséR' have none",
        frozenset(["ReFund/alone", "ReFund/json", "Résiliation/alone", "Résiliation/json", "Sev2/alone", "Sev2/json"]),
    ),
    "morse": (
        "Morse has no code for 'é' (the encoder drops it); a Morse sentence is read as a low-severity mention "
        "where the plain sentence blocks",
        frozenset(
            [
                "Billing/sentence",
                "Escalation/sentence",
                "ReFund/sentence",
                "Résiliation/alone",
                "Résiliation/json",
                "Résiliation/sentence",
                "Sev2/sentence",
            ]
        ),
    ),
    "dns-base32": (
        "a DNS payload is read from two leading labels of 8+ characters or one of 16+ followed by a host name "
        "(a short label is any host name's word)",
        frozenset(
            [
                "Account_Access/alone",
                "Billing/alone",
                "Escalation/alone/field",
                "ReFund/alone",
                "Résiliation/alone/field",
                "Résiliation/json",
                "Sev2/alone",
                "Shipping_delay/alone",
            ]
        ),
    ),
    "byte-list": (
        "a string that is a whole JSON array is read as structure: a list value's bytes holding JSON or a "
        "sentence are not read back as text",
        frozenset([f"{lab.replace(' ', '_')}/{shape}/field" for lab in LABELS for shape in ("json", "sentence")]),
    ),
    "hex-dump": (
        "a dump block is two lines or more, each at a line start: a one-line dump (12 bytes of 'Résiliation', "
        "whose text column shows 'R..siliation') and a dump whose first line follows prose on its line (the "
        "label's bytes split across that line and the next) are not read",
        frozenset(["Résiliation/alone"] + [f"{lab.replace(' ', '_')}/json/prose" for lab in LABELS]),
    ),
    **{
        enc: (
            "a run of decimal digits is a number (an id, a phone number) unless it decodes to words",
            frozenset(["Sev2/alone"]),
        )
        for enc in ("hex", "hex-upper", "hex-utf16le")
    },
    **{
        enc: (
            "fewer than 6 EBCDIC bytes, or 'Sev2' in JSON: under three letters in five (a run of EBCDIC bytes "
            "that is mostly punctuation and digits is not read as text)",
            frozenset(["Sev2/alone", "Sev2/json"]),
        )
        for enc in ("hex-ebcdic-cp037", "hex-ebcdic-cp500")
    },
}


def limit(encoding: str, label: str, shape: str, carrier: str) -> str | None:
    """Why the round trip of ``label`` in ``shape`` and ``carrier`` under ``encoding`` is a documented limit."""
    why, cases = LIMITS.get(encoding, ("", frozenset()))
    key = f"{label.replace(' ', '_')}/{shape}"
    return why if key in cases or f"{key}/{carrier}" in cases else None


def _audit(expected: str, body: str) -> list[tuple[str, tuple[int, int] | None, bool]]:
    audit = audit_item({"id": "rt", "expected": expected, "projection": {"body": body, "note": "nothing here"}})
    return [(f.pointer, f.span, f.blocking) for f in audit.findings]


def _found_at_original(encoding: str, label: str, shape: str, carrier: str) -> tuple[bool, str]:
    """Whether the label encoded so is found at the encoded characters (and blocks where plain text does)."""
    encoded = ENCODERS[encoding][1](SHAPES[shape](label))
    body = CARRIERS[carrier](encoded)
    start = body.index(encoded)
    end = start + len(encoded)
    findings = _audit(label, body)
    at = [f for f in findings if f[0] == "/body" and (f[1] is None or (f[1][0] < end and f[1][1] > start))]
    plain_blocks = any(b for _p, _s, b in _audit(label, CARRIERS[carrier](SHAPES[shape](label))))
    ok = bool(at) and (any(b for _p, _s, b in at) or not plain_blocks)
    return ok, f"{encoding} {shape} {carrier}: {body!r} -> {findings}"


@pytest.mark.parametrize("encoding", sorted(ENCODERS))
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(label=st.sampled_from(LABELS), shape=st.sampled_from(sorted(SHAPES)), carrier=st.sampled_from(sorted(CARRIERS)))
def test_an_encoded_label_is_found_at_its_characters(encoding: str, label: str, shape: str, carrier: str) -> None:
    assume(limit(encoding, label, shape, carrier) is None)
    ok, why = _found_at_original(encoding, label, shape, carrier)
    assert ok, why


# Generated labels (not only the fixed list) for the codecs, whose reading does not depend on English.
_CODECS = sorted(
    e for e in ENCODERS if e not in {"rot13", "rot3", "rot7", "atbash", "reversed", "morse", "dns-base32", "byte-list"}
)
_generated_word = st.text(alphabet="abcdefghijklmnopqrstuvwxyzé", min_size=6, max_size=10).map(str.capitalize)
generated_labels = st.one_of(
    _generated_word,
    st.tuples(_generated_word, _generated_word).map(" ".join),
    st.tuples(_generated_word, st.integers(10, 999)).map(lambda t: f"{t[0]} {t[1]}"),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    encoding=st.sampled_from(_CODECS),
    label=generated_labels,
    shape=st.sampled_from(sorted(SHAPES)),
    carrier=st.sampled_from(sorted(CARRIERS)),
)
def test_a_generated_label_is_found_through_every_codec(encoding: str, label: str, shape: str, carrier: str) -> None:
    if encoding in {"hex", "hex-upper", "hex-utf16le"}:
        # the documented limit: a hex run of decimal digits only is read only when it decodes to letters and blanks
        assume(not ENCODERS[encoding][1](SHAPES[shape](label)).isdigit() or label.replace(" ", "").isalpha())
    if encoding.startswith("hex-ebcdic"):
        # the documented limit: EBCDIC bytes are read as text when three in five are letters a-z
        plain = SHAPES[shape](label)
        assume(sum(ch.isascii() and ch.isalpha() for ch in plain) * 5 >= len(plain) * 3)
    if encoding == "hex-dump":
        # the documented limits: a dump's first line after prose; a one-line dump (its text column shows
        # non-ASCII bytes as dots)
        plain = SHAPES[shape](label)
        assume(
            carrier != "prose" and (len(plain.encode()) > 16 or plain.isascii())
        )  # the documented limit: a dump's first line after prose
    ok, why = _found_at_original(encoding, label, shape, carrier)
    assert ok, why


def test_the_misses_are_exactly_the_documented_limits() -> None:
    # Every fixed label, shape and carrier under every encoding: a fix that finds a documented case must
    # remove it from LIMITS, and a change that loses one fails here.
    missed = set()
    for encoding in sorted(ENCODERS):
        for label in LABELS:
            for shape in sorted(SHAPES):
                for carrier in sorted(CARRIERS):
                    if not _found_at_original(encoding, label, shape, carrier)[0]:
                        missed.add((encoding, label, shape, carrier))
    documented = {
        (e, lab, s, c)
        for e in ENCODERS
        for lab in LABELS
        for s in SHAPES
        for c in CARRIERS
        if limit(e, lab, s, c) is not None
    }
    assert missed == documented, (sorted(missed - documented), sorted(documented - missed))


@pytest.mark.parametrize("encoding", sorted(ENCODERS))
def test_the_same_carrier_encoding_another_word_is_clean(encoding: str) -> None:
    # Every label, shape and carrier (48 cases), not a random sample of them: a miss fails on every run.
    for label in LABELS:
        for shape in sorted(SHAPES):
            for carrier in sorted(CARRIERS):
                body = CARRIERS[carrier](ENCODERS[encoding][1](SHAPES[shape](OTHER[label])))
                assert _audit(label, body) == [], (encoding, label, shape, carrier, body)


def test_every_decoder_is_accounted_for() -> None:
    registered = {name for name, _d in DECODERS.items()}
    covered = {dec for dec, _enc in ENCODERS.values()}
    assert covered <= registered, covered - registered
    assert not covered & set(NOT_ROUND_TRIPPED), covered & set(NOT_ROUND_TRIPPED)
    assert registered - covered == set(NOT_ROUND_TRIPPED), registered - covered ^ set(NOT_ROUND_TRIPPED)


def _limit_examples() -> list[tuple[str, str, str, str]]:
    """One documented miss per encoding: (encoding, label, shape, carrier)."""
    out = []
    for encoding in sorted(LIMITS):
        for label in LABELS:
            for shape in sorted(SHAPES):
                for carrier in sorted(CARRIERS):
                    if limit(encoding, label, shape, carrier) and not any(o[0] == encoding for o in out):
                        out.append((encoding, label, shape, carrier))
    return out


@pytest.mark.parametrize(
    ("encoding", "label", "shape", "carrier"),
    [
        pytest.param(*case, marks=pytest.mark.xfail(strict=True, reason=LIMITS[case[0]][0]))
        for case in _limit_examples()
    ],
)
def test_known_limits_still_fail(encoding: str, label: str, shape: str, carrier: str) -> None:
    ok, why = _found_at_original(encoding, label, shape, carrier)
    assert ok, why


@pytest.mark.parametrize("encoding", sorted(ENCODERS))
def test_the_pre_check_never_changes_the_result(encoding: str) -> None:
    # The pre-check reads the serialised projection, where a string's first line follows '"key":"': a decoder
    # anchored at a line start must read the same there (a hex dump at the start of a string did not).
    # Every label, shape and carrier, not a random sample: the space is 48 cases per encoding, and a sample
    # of 10 missed the one case below on most runs (a flaky CI).
    for label in LABELS:
        for shape in sorted(SHAPES):
            for carrier in sorted(CARRIERS):
                body = CARRIERS[carrier](ENCODERS[encoding][1](SHAPES[shape](label)))
                item = {"id": "rt", "expected": label, "projection": {"body": body, "note": "nothing here"}}
                assert audit_item(item) == audit_item(item, prefilter=False), (encoding, label, shape, carrier, body)


def test_the_pre_check_reads_a_substitution_after_rot13() -> None:
    # 'ReFund' under ROT3 in prose: 'fdwhjrub' (category) holds one rare letter and 'UhIxqg' is not a word shape
    # of prose, so no anchor as written; the rot13 view rotates the line ('sqjuwheo', 'HuVkdt') and the
    # substitution reads that view back (decoded:rot13+substitution). The pre-check said "cannot add" (its
    # substitution gate read anchors as written only) and the audit lost a high finding.
    item = {
        "id": "rt",
        "expected": "ReFund",
        "projection": {"body": 'Reference attached: {"fdwhjrub": "UhIxqg"}', "note": "nothing here"},
    }
    full = audit_item(item, prefilter=False)
    assert [(f.pointer, f.rule, f.view) for f in full.findings] == [
        ("/body", "freetext.key-value", "decoded:rot13+substitution")
    ]
    assert audit_item(item) == full
