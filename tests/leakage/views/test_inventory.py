"""The representation inventory (docs/leakage.md, "Representation inventory"), each form both ways: a label
written in it inside an ordinary record is found by ``audit_item``; the same record with other text written
the same way is not.

The forms come from standard inventories (Python's codecs, RFC 4648 and the other binary-to-text encodings,
Unicode's letterform blocks, signal spellings, classic ciphers), not from any batch: a form a view does not
undo yet is listed in the docs' table as not done and is absent here."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest

from tests.leakage.views import forms as F
from windtunnel.leakage import audit_item
from windtunnel.leakage.needles import NeedleSet

_CODECS = ("cp037", "cp500", "cp1140", "utf-16-le", "utf-16-be", "utf-16", "utf-32-le", "utf-32-be")
LABELS = ["Low", "Medium", "High", "Critical"]
LEAK = "priority: Critical"
CLEAN = "assigned to the web team"


@dataclass(frozen=True)
class Form:
    """One representation: the label's statement written in it, and a clean text written the same way."""

    id: str
    leak: str
    clean: str
    expected: str = "Critical"
    label_set: tuple[str, ...] = tuple(LABELS)


def _form(name: str, enc: Callable[[str], str], leak: str = LEAK, clean: str = CLEAN) -> Form:
    """The label's statement and the clean text, both written by ``enc``."""
    return Form(name, enc(leak), enc(clean))


def _french(name: str, enc: Callable[[str], str]) -> Form:
    """A French label with accents (what a codec mix-up changes) written in the form after its name."""
    return Form(
        name, "priorité: " + enc("Élevée"), "priorité: " + enc("Réseau"), "Élevée", ("Basse", "Moyenne", "Élevée")
    )


FORMS: list[Form] = [
    # (a) text codecs: bytes shown as hex or a byte list, and mojibake
    *[
        _form(f"hex-{c}", lambda s, c=c: F.codec_hex(s, c))
        for c in ("cp037", "cp500", "cp1140", "utf-16-le", "utf-16-be", "utf-16", "utf-32-le", "utf-32-be")
    ],
    _form("hex-utf-16-be-spaced", lambda s: F.codec_hex(s, "utf-16-be", " ")),
    _form("bytes-utf-16-le", lambda s: F.byte_list(s, "utf-16-le")),
    _form("bytes-cp037", lambda s: F.byte_list(s, "cp037")),
    _form("utf-7", F.utf7_all),
    Form(
        "mojibake-cp1252",
        "priorité: " + F.mojibake("Élevée"),
        "priorité: " + F.mojibake("Réseau"),
        "Élevée",
        ("Basse", "Moyenne", "Élevée"),
    ),
    Form(
        "mojibake-latin1",
        "statut: " + F.mojibake("Résolu", "latin-1"),
        "statut: " + F.mojibake("Réseau", "latin-1"),
        "Résolu",
        ("Ouvert", "Résolu", "Fermé"),
    ),
    Form(
        "mojibake-double",
        "priorité: " + F.double_mojibake("Élevée"),
        "priorité: " + F.double_mojibake("Réseau"),
        "Élevée",
        ("Basse", "Moyenne", "Élevée"),
    ),
    # (b) binary-to-text
    _form("base16", lambda s: s.encode().hex().upper()),
    _form("base32", lambda s: __import__("base64").b32encode(s.encode()).decode()),
    _form("base32-crockford", F.crockford),
    _form("base32hex", F.b32hex),
    _form("base36", F.b36),
    _form("base58", F.b58),
    _form("base62", F.b62),
    _form("base64", lambda s: __import__("base64").b64encode(s.encode()).decode()),
    _form("base64url", lambda s: __import__("base64").urlsafe_b64encode(s.encode()).decode().rstrip("=")),
    _form("ascii85", lambda s: "<~" + __import__("base64").a85encode(s.encode()).decode() + "~>"),
    _form("btoa", F.btoa),
    _form("z85", F.z85),
    _form("base85-rfc1924", lambda s: __import__("base64").b85encode(s.encode()).decode()),
    _form("base91", F.b91),
    _form("uuencode-block", F.uu_block),
    _form("uuencode-line", F.uu_lines),
    _form("xxencode-block", F.xx_block),
    _form("yenc", F.yenc),
    _form("quoted-printable", lambda s: "".join(f"={b:02X}" for b in s.encode())),
    _form("percent", F.percent_all),
    _form("percent-3", lambda s: F.percent_all(s, 3)),
    Form(
        "punycode",
        "priorité: " + F.punycode("Élevée"),
        "priorité: " + F.punycode("Réseau"),
        "Élevée",
        ("Basse", "Moyenne", "Élevée"),
    ),
    _form("data-uri", F.data_uri),
    _form("gzip-base64", F.gzip_b64),
    _form("deflate-base64", F.deflate_b64),
    _form("jwt", F.jwt),
    _form("protobuf-base64", F.protobuf_b64),
    _form("msgpack-base64", F.msgpack_b64),
    # (c) Unicode letterforms
    _form("math-bold", F.math_bold),
    _form("fullwidth", F.fullwidth),
    _form("circled", F.circled),
    _form("parenthesized", F.parenthesized),
    _form("squared", F.squared),
    _form("negative-circled", F.negative_circled),
    _form("negative-squared", F.negative_squared),
    _form("regional-indicators", F.regional),
    _form("small-capitals", F.small_caps),
    _form("superscript", F.superscript),
    _form("upside-down", F.upside_down),
    _form("braille", F.braille),
    _form("combining-marks", F.zalgo),
    Form("keycap-digits", "rating: " + F.keycaps("4"), "room " + F.keycaps("12"), "4", ("1", "2", "3", "4", "5")),
    # (d) human and signal spellings
    _form("morse", F.morse),
    _form("morse-unicode-dots", lambda s: F.morse(s, "·", "−")),
    _form("morse-di-dah", F.morse_syllables),
    _form("tap-code", F.tap_code),
    _form("spelled-out-hyphens", lambda s: " / ".join("-".join(w.upper()) for w in s.replace(":", "").split())),
    _form("spelled-out-dots", lambda s: " / ".join(".".join(w.upper()) for w in s.replace(":", "").split())),
    _form("spelled-out-blanks", lambda s: "   ".join(" ".join(w.upper()) for w in s.replace(":", "").split())),
    _form("syllables", lambda s: s.replace("priority", "pri·or·i·ty").replace("Critical", "Crit·i·cal")),
    _form("utf-16-as-latin-1", lambda s: "\u00ff\u00fe" + s.encode("utf-16-le").decode("latin-1")),
    _form("leetspeak", F.leet),
    _form("reversed", F.reversed_text),
    _form("pig-latin", F.pig_latin),
    _form("pig-latin-hyphenated", F.pig_latin_hyphen),
    # (e) classic transforms
    *[_form(f"rot{n}", lambda s, n=n: F.rot(s, n)) for n in range(1, 26)],
    _form("atbash", F.atbash),
]


_NO_ANCHOR = "no word of six letters or more with two letters rare in English (the substitution view's anchor)"
NOT_DONE = {
    "hex-utf-16-be-spaced": "hex bytes separated by blanks are not read as a run",
    "base32-crockford": "no decoder for Crockford's alphabet",
    "base32hex": "no decoder for the extended-hex alphabet",
    "base36": "big-number alphabets need a pre-check for runs the base64 plan does not see",
    "base58": "big-number alphabets need a pre-check for runs the base64 plan does not see",
    "base62": "big-number alphabets need a pre-check for runs the base64 plan does not see",
    "z85": "no decoder for bare base85 runs",
    "base85-rfc1924": "no decoder for bare base85 runs",
    "base91": "no decoder for base91",
    "uuencode-line": "a bare uuencoded line has no header to find it by",
    "deflate-base64": "a raw deflate stream has no header; not inflated",
    "protobuf-base64": "strings inside binary framing are not extracted",
    "msgpack-base64": "strings inside binary framing are not extracted",
    "pig-latin": "not read",
    "rot3": _NO_ANCHOR,
    "rot5": _NO_ANCHOR,
    "rot9": _NO_ANCHOR,
    "rot12": _NO_ANCHOR,
    "rot20": _NO_ANCHOR,
    "rot22": _NO_ANCHOR,
    "rot24": _NO_ANCHOR,
}
"""Inventory forms no view undoes yet (docs/leakage.md lists them): their leak test is a strict xfail,
so the day a view reads one the test says so."""


def _params() -> list[object]:
    return [
        pytest.param(f, id=f.id, marks=pytest.mark.xfail(reason=NOT_DONE[f.id], strict=True))
        if f.id in NOT_DONE
        else pytest.param(f, id=f.id)
        for f in FORMS
    ]


def item(form: Form, leak: bool) -> dict[str, object]:
    """An ordinary ticket with the form's leak (or its clean twin) in an internal note."""
    text = form.leak if leak else form.clean
    return {
        "id": f"inv-{form.id}",
        "expected": form.expected,
        "label_set": list(form.label_set),
        "projection": {
            "ticket": {
                "key": "INC-4821",
                "summary": "SSO login page spins, then errors",
                "description": "Customer reports the login page spins for a minute and then shows an error.",
                "comments": [
                    {"author": "ops-bot", "body": f"Forwarded from the triage queue.\nRef: {text}\nPlease follow up."}
                ],
            }
        },
    }


@pytest.mark.parametrize("form", _params())
def test_a_label_in_the_form_is_found(form: Form) -> None:
    assert audit_item(item(form, True)).findings, f"{form.id}: {form.leak!r}"


@pytest.mark.parametrize("form", FORMS, ids=[f.id for f in FORMS])
def test_the_same_form_without_the_label_is_clean(form: Form) -> None:
    assert not audit_item(item(form, False)).findings, f"{form.id}: {form.clean!r}"


LISTED = ["morse", "reversed", "braille", "small-capitals", "leetspeak", "hex-utf-16-le", "rot1", "upside-down"]


@pytest.mark.parametrize("form", [f for f in FORMS if f.id in LISTED], ids=lambda f: f.id)
def test_a_listing_of_every_label_in_the_form_is_still_a_listing(form: Form) -> None:
    # the form's encoder, applied to a listing of the whole label set instead of the statement
    enc = _ENCODERS[form.id]
    listing = Form(form.id, "Options: " + enc("Low Medium High or Critical"), "")
    # a view reads the labels (not vacuous), and the listing of all of them is not a leak
    assert NeedleSet.build(LABELS).search(listing.leak)
    assert not audit_item(item(listing, True)).findings


_ENCODERS = {
    "morse": F.morse,
    "reversed": F.reversed_text,
    "braille": F.braille,
    "small-capitals": F.small_caps,
    "leetspeak": F.leet,
    "hex-utf-16-le": lambda s: F.codec_hex(s, "utf-16-le"),
    "rot1": lambda s: F.rot(s, 1),
    "upside-down": F.upside_down,
}
