"""The canonical view pipeline: each decoder both ways (it reveals a hidden label; it leaves a clean
look-alike alone), the tokeniser both ways, offset maps back to the original, and the bounds."""

from __future__ import annotations

import base64
import binascii
import gzip
import quopri
import zlib
from collections.abc import Callable
from email.header import Header

import pytest

from windtunnel.leakage import audit_item
from windtunnel.leakage.needles import NeedleSet
from windtunnel.leakage.text import Mapped
from windtunnel.leakage.views import DECODERS, MAX_VIEWS, canonical_views, identifier_view, identifier_words
from windtunnel.leakage.views.binary import inflated


def _mime(text: str) -> str:
    """A MIME base64 body with short lines, so that the encoded label straddles a line break."""
    raw = base64.b64encode(text.encode()).decode()
    return "Content-Transfer-Encoding: base64\r\n\r\n" + "\r\n".join(raw[i : i + 16] for i in range(0, len(raw), 16))


def _dump(data: bytes) -> str:
    """``data`` as ``xxd`` prints it without its text column: an offset, then 8 groups of 2 bytes."""
    lines = []
    for off in range(0, len(data), 16):
        chunk = data[off : off + 16].hex()
        groups = " ".join(chunk[i : i + 4] for i in range(0, len(chunk), 4))
        lines.append(f"{off:08x}: {groups}")
    return "\n".join(lines) + "\n"


def _tags(text: str) -> str:
    """``text`` written in Unicode TAG characters (invisible; each shadows one ASCII character)."""
    return "".join(chr(0xE0000 + ord(ch)) for ch in text)


# decoder name -> (a string hiding "High", a clean look-alike that must not show "High"[, the needle])
CASES: dict[str, tuple[str, ...]] = {
    "html": ("Priority: &#72;igh today", "Caf&eacute; &amp; &#72;ighway&#33;"),
    "url": ("q=login&prio%3D%2548igh", "path%2Fhighway%20map"),
    "form": ("desk.example/t?q=login&prio=Very+High&x=1", "desk.example/Very+High/t?q=1+1", "Very High"),
    "escape": ("prio \\u0048igh", "C:\\\\highway\\\\new"),
    "concat": ('=IF(A2>3, "Hi" & "gh", "Low")', 'road = "Hi" + "ghway" || "x"'),
    "base64": ("token " + base64.b64encode(b"High").decode(), "id " + base64.b64encode(b"Highway").decode()),
    "base32": ("code " + base64.b32encode(b"High").decode(), "code " + base64.b32encode(b"Higher").decode()),
    "hex": ("blob " + binascii.hexlify(b"High").decode(), "order 20240115 id 123456"),
    "qp": ("Priority: " + quopri.encodestring(b"\xc3\xa9 High").decode().replace("High", "H=69gh"), "a=12 b=34"),
    "rfc2047": ("Subject: =?UTF-8?B?SGlnaA==?=", "Subject: " + Header("Highway", "utf-8").encode()),
    "unfold": ("PRIORITY:Hi\r\n gh\r\n", "SUMMARY:Hi\r\n ghway closed\r\n"),
    "hyphenation": ("rated Hi-\ngh by the team", "the Hi-\nghway closed"),
    "arithmetic": ('priority = "P${1 - 1}"', 'priority = "P${1 - 0}"', "P0"),
    "reply_quotes": (
        "wrote:\n> the ticket is now Very\n> High, see you",
        "wrote:\n> the ticket is now very\n> Highway, see you",
        "Very High",
    ),
    "markup": ("rated <b>Hi</b>gh", "rated <b>Hi</b>ghway"),
    "text_fragment": ("desk.example/t/4#:~:text=Priority%3A-,Hi,gh", "desk.example/t/4#:~:text=Priority%3A-,Hi,ghway"),
    "dns_base32": (
        "query[TXT] kqwtc7dqojuw.64tjor4t2sdjm5ua.t.beacon.example.net",
        "query[TXT] kqwtc7dqojuw.64tjor4t2sdjm5uhoylz.t.beacon.example.net",
    ),
    "mime_lines": (_mime("Please treat this as High, thanks"), _mime("Please treat this as Highway, thanks")),
    "rating_glyphs": ("Rating: ★★★☆☆", "Rating: ★★★★☆", "3"),
    "rating_width": (
        '<span class="stars-outer"><span class="stars-inner" style="width: 60%"></span></span>',
        '<div class="progress-bar" style="width: 60%"></div>',
        "3",
    ),
    "rot13": ("Reference answer (rot13): cevbevgl: Uvtu", "Reference answer (rot13): Uvtujnl closed"),
    "stream": (
        "".join(f'data: {{"id": "c1", "delta": {{"content": "{p}"}}}}\n\n' for p in ("priority: Hi", "gh", "."))
        + "data: [DONE]\n",
        "".join(f'data: {{"id": "c1", "delta": {{"content": "{p}"}}}}\n\n' for p in ("the Hi", "ghway", "."))
        + "data: [DONE]\n",
    ),
    "cells": (
        "| id | prio  |\n| 7  | Hi    |\n|    | gh    |\n| 8  | Low   |\n",
        "| id | road  |\n| 7  | Hi    |\n|    | ghway |\n",
    ),
    "homophones": ("put it down as hi priority please", "hi, thanks for calling about the Highway"),
    "spelled": ("Put down X-ray Lima. X-ray Lima.", "Flying to Lima with Mike and Oscar next week", "XL"),
    "hex_dump": (
        "frame:\n" + _dump(b'{"event":"set","priority":"High"}'),
        "frame:\n" + _dump(b'{"event":"set","road":"Highway"}'),
    ),
    "terminal": (
        "prio : \x1b[1;31mHigh\x1b[0m\nnext H\x08Hi\x08ig\x08gh\x08h",
        "road: \x1b[1mHighway\x1b[0m, H\x08Hi\x08ighway",
    ),
    "pdf_text": (
        "BT /F1 10 Tf 56 720 Td (Priority:) Tj 110 0 Td [(Hi)12(gh)] TJ ET",
        "BT /F1 10 Tf 56 720 Td (Road:) Tj 110 0 Td [(Hi)12(gh)-20(way)] TJ ET",
    ),
    "css_content": (
        '#t7-prio::before{content:"\\48 i"}#t7-prio::after{content:"gh"}',
        '#t7-road::before{content:"\\48 i"}#t7-road::after{content:"ghway"}',
    ),
    "ascii85": (
        "stream <~" + base64.a85encode(b"priority: High").decode() + "~>",
        "stream <~" + base64.a85encode(b"road: Highway").decode() + "~>",
    ),
    "word_rows": (
        "".join(f"5\t1\t{i}\t{40 * i}\t9{i}\t{w}\n" for i, w in enumerate(["Priority:", "Very", "High", "Owner:"])),
        "".join(f"5\t1\t{i}\t{40 * i}\t9{i}\t{w}\n" for i, w in enumerate(["Road:", "Very", "Highway", "Owner:"])),
        "Very High",
    ),
    "tags": ("flag 🏴" + _tags("priority: High") + "\U000e007f ok", "note" + _tags("the Highway") + " ok"),
    "digits": ("answer: ٤٢ (Arabic-Indic)", "room ٤٢٣, floor ४", "42"),
    "bidi": ("prio: \u202ehgiH\u202c ok", "road: \u202eyawhgiH\u202c"),
    "references": ('{% set lvl = "Hi" %}priority: {{ lvl }}gh', '{% set lvl = "Hi" %}road: {{ lvl }}ghway'),
    "letters": ("priority, spelled: H-I-G-H.", "road, spelled: H-I-G-H-W-A-Y."),
    "letterforms": ("prio: ʜɪɢʜ today", "road: ʜɪɢʜᴡᴀʏ closed"),
    "braille": ("prio: ⠠⠓⠊⠛⠓ today", "road: ⠠⠓⠊⠛⠓⠺⠁⠽ closed"),
    "upside_down": ("prio: ɥƃᴉH today", "road: ʎɐʍɥƃᴉH closed"),
    "marks": ("prio: H\u0489i\u20d2g\u0489h today", "road: H\u0489i\u20d2ghway closed"),
    "mojibake": ("priorité: Ã‰levÃ©e", "route: Ã‰levÃ©es", "Élevée"),
    "utf7": ("prio: +AEgAaQBnAGg- today", "road: +AEgAaQBnAGgAdwBhAHk- closed"),
    "punycode": ("prio: xn--lta-pha today", "road: xn--ltamira-4oa closed", "Álta"),
    "substitution": ("Answer: qsjpsjuz: Ijhi", "Answer: Ijhixbz dmptfe"),
    "reversed": ("hgiH :ytiroirp", "yawhgiH eht no"),
    "pig_latin": ("iority-pray: igh-Hay", "oad-ray: ighway-Hay osed-clay"),
    "morse": ("prio: .... .. --. .... today", "road: .... .. --. .... .-- .- -.-- closed"),
    "tap_code": (
        "prio: .. ...  .. ....  .. ..  .. ... ok",
        "road: .. ...  .. ....  .. ..  .. ...  ..... ..  . .  ..... .... ok",
    ),
    "wide_text": (
        "file: \u00ff\u00feH\x00i\x00g\x00h\x00 ok",
        "file: \u00ff\u00feH\x00i\x00g\x00h\x00w\x00a\x00y\x00 ok",
    ),
    "leet": ("prio: H!gh today", "road: H!ghw4y closed"),
    "leet_l": ("mood: N3u7r@1 today", "mood: N3u7r@1ly closed", "Neutral"),
    "binary_blocks": (
        "att:\nbegin 644 a.txt\n" + binascii.b2a_uu(b"priority: High").decode() + "`\nend\n",
        "att:\nbegin 644 a.txt\n" + binascii.b2a_uu(b"the Highway").decode() + "`\nend\n",
    ),
    "word_fields": (
        "".join(
            f'  intervals [{i}]:\n    xmin = {i}.0\n    text = "{w}"\n'
            for i, w in enumerate(["set", "prio", "High", "ok"])
        ),
        "".join(
            f'  intervals [{i}]:\n    xmin = {i}.0\n    text = "{w}"\n'
            for i, w in enumerate(["the", "High", "way", "ok"])
        ),
        "prio High",
    ),
    "ditto": (
        "ticket,priority,notes\nT-1,High,first\nT-2,〃,second\n",
        "ticket,road,notes\nT-1,Highway,first\nT-2,〃,second\n",
        "T-2,High",
    ),
    "rtf": (
        "{\\rtf1{\\fonttbl{\\f0 Calibri;}}\\pard rated {\\b\\insrsid1 Hi}{\\b\\insrsid2 gh}\\par\n}",
        "{\\rtf1\\pard the {\\i Hi}\\cf2 ghway\\cf0 closed\\par\n}",
    ),
    "byte_list": ("headers: [(priority, [72, 105, 103, 104])]", "road: [72, 105, 103, 104, 119, 97, 121] at [72, 104]"),
}


def _needle(name: str) -> str:
    return CASES[name][2] if len(CASES[name]) > 2 else "High"


def test_every_registered_decoder_has_a_case() -> None:
    assert set(CASES) == set(DECODERS.names())


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_decoder_reveals_the_hidden_label(name: str) -> None:
    leaky, _clean = CASES[name][:2]
    ns = NeedleSet.build([_needle(name)])
    hits = [h for h in ns.search(leaky) if name in h.view]
    assert hits, f"{name}: no hit in {[(n, v.text) for n, v in canonical_views(leaky)]}"
    for h in hits:
        a, b = h.span  # the span points at the encoded characters of the original string
        assert 0 <= a < b <= len(leaky)


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_decoder_leaves_a_clean_look_alike(name: str) -> None:
    _leaky, clean = CASES[name][:2]
    assert NeedleSet.build([_needle(name)]).search(clean) == []


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_decoded_leak_is_found_the_same_way_with_and_without_the_prefilter(name: str) -> None:
    leaky, clean = CASES[name][:2]
    for text, leaks in ((leaky, True), (clean, False)):
        item = {"id": "t", "expected": _needle(name), "projection": {"note": text}}
        if name in ("rating_glyphs", "rating_width"):
            item["label_set"] = ["1", "2", "3", "4", "5"]
        fast, ref = audit_item(item), audit_item(item, prefilter=False)
        assert fast.findings == ref.findings
        assert bool(fast.findings) is leaks


def test_rot13_leaves_clean_prose_alone_and_decodes_an_unnamed_rotated_line() -> None:
    clean = "Quiz night: jazz, query buffer, fjord and Kyiv trivia; the sentiment was Negative overall."
    assert [n for n, _v in canonical_views(clean) if "rot13" in n] == []
    # no name of the rotation: the long rotated words open the passage, the short label goes with them
    views = dict(canonical_views("fragvzrag ynory: Artngvir"))
    assert views["decoded:rot13"].text == "sentiment label: Negative"


def test_a_stream_joins_the_changing_field_not_the_framing() -> None:
    events = [("message_start", None)] + [("content_block_delta", p) for p in ("Sev", "erity: Neg", "ative", ".")]
    text = "".join(
        f'event: {t}\ndata: {{"type": "{t}"'
        + (f', "delta": {{"type": "text_delta", "text": "{p}"}}' if p else "")
        + "}\n\n"
        for t, p in events
    )
    view = dict(canonical_views(text))["decoded:stream"]
    assert "Severity: Negative." in view.text
    a = view.text.index("Negative")
    oa, ob = view.span(a, a + len("Negative"))
    assert text[oa:ob].startswith("Neg") and text[oa:ob].endswith("ative")  # the original pieces
    # two events are not a stream; one value repeated is framing
    assert "decoded:stream" not in dict(canonical_views(text.split("event: content_block_delta", 2)[0]))


def test_a_wrapped_table_cell_joins_its_pieces() -> None:
    table = (
        "┏━━━━┳━━━━━━━━━━━━┳━━━━━━━━━┓\n"
        "┃ ID ┃ Summary    ┃ type    ┃\n"
        "│ 41 │ Dark mode  │ Feature │\n"
        "│    │ for admins │ Request │\n"
        "│ 42 │ Payroll    │ Crit    │\n"
        "│    │ failed     │ ical    │\n"
        "└────┴────────────┴─────────┘"
    )
    view = dict(canonical_views(table))["decoded:cells"]
    assert "│ Feature Request │" in view.text  # a capital goes on after a blank
    assert "│ 42 │ Payrollfailed │ Critical │" in view.text  # a small letter goes on the word
    a = view.text.index("Critical")
    oa, ob = view.span(a, a + len("Critical"))
    assert "Crit" in table[oa:ob] and "ical" in table[oa:ob]  # the row's lines, both pieces
    # rows on one line each (no blank first cell) are left alone
    assert (
        canonical_views(
            table.replace("│    │ for admins │ Request │\n", "").replace("│    │ failed     │ ical    │\n", "")
        )
        == []
    )


def test_spoken_views_read_codes_back() -> None:
    views = dict(canonical_views("yeah this is a sev to, not a sev won. grade sea, for stars, a pee one"))
    assert views["decoded:homophones"].text == "yeah this is a sev 2, not a sev 1. grade C, 4 stars, a P one"
    assert dict(canonical_views("Put down Golf Three."))["decoded:spelled"].text == "Put down G3."
    # a function word where it fits stays as it is; one spelling word, not read back, is a name
    assert canonical_views("I talked to Mike about the Delta flight for Lima.") == []


def _transcript(text: str, expected: str, labels: list[str], target: str) -> dict[str, object]:
    return {
        "id": "t",
        "expected": expected,
        "label_set": labels,
        "target": target,
        "projection": {"segments": [{"speaker": "caller", "text": text}]},
    }


@pytest.mark.parametrize(
    ("text", "expected", "labels", "target"),
    [
        ("yeah this is a sev to, not a sev won, nobody's down", "Sev2", ["Sev1", "Sev2", "Sev3"], "severity"),
        ("put it down as hi priority please", "High", ["Low", "Medium", "High"], "priority"),
        ("my rating: honestly i'd give them for stars overall", "4 stars", ["3 stars", "4 stars", "5 stars"], "rating"),
    ],
)
def test_a_label_heard_in_a_homophone_is_found(text: str, expected: str, labels: list[str], target: str) -> None:
    item = _transcript(text, expected, labels, target)
    found = audit_item(item).findings
    assert any("homophones" in f.view for f in found), found
    assert audit_item(item, prefilter=False).findings == found


@pytest.mark.parametrize(
    "text",
    [
        "we checked the rating and they agreed to.",  # ``to`` ending a clause, the label ``2`` alone
        "the rating won, nobody argued",
    ],
)
def test_a_lone_homophone_of_a_number_is_not_the_label(text: str) -> None:
    item = _transcript(text, "2", ["1", "2", "3", "4"], "rating")
    assert audit_item(item).findings == []


def test_percent_encoding_at_any_depth_within_the_bound() -> None:
    text = "High"
    for _ in range(4):
        text = "".join(f"%{b:02X}" for b in text.encode())
    views = canonical_views(text)
    assert views[-1][1].text == "High"
    assert views[-1][0] == "decoded:url+url+url+url"
    # every decoded character points at characters of the original
    assert views[-1][1].span(0, 4) == (0, len(text))


def test_many_encoded_runs_make_one_view_not_one_each() -> None:
    text = " ".join(base64.b64encode(f"word{i}".encode()).decode() for i in range(200))
    views = canonical_views(text)
    assert [n for n, _v in views] == ["decoded:base64"]


def test_the_number_of_views_is_bounded() -> None:
    # every decoder's marker at once, nested: the pipeline stops at MAX_VIEWS
    text = " ".join(CASES[n][0] for n in CASES) * 3
    assert len(canonical_views(text)) <= MAX_VIEWS


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("priorityHigh", ["priority", "high"]),
        ("isHighPriority", ["is", "high", "priority"]),
        ("HTTPServer", ["http", "server"]),
        ("PRIORITY_HIGH", ["priority", "high"]),
        ("priority-high", ["priority", "high"]),
        ("ticket.priority.high", ["ticket", "priority", "high"]),
        ("https://x.test/priority/high", ["https", "x", "test", "priority", "high"]),
    ],
)
def test_the_tokeniser_splits_identifiers(text: str, words: list[str]) -> None:
    assert identifier_words(text) == words


@pytest.mark.parametrize("text", ["priorityHigh", "PRIORITY_HIGH", "priority-high", "ticket.priority.high"])
def test_an_identifiers_word_is_found_in_a_value(text: str) -> None:
    hits = NeedleSet.build(["High"]).search(text, decode=False)
    assert [text[a:b].lower() for a, b in (h.span for h in hits)] == ["high"]


@pytest.mark.parametrize("text", ["Highway", "highlight", "5G", "ThighBone", "HIGHWAY_9"])
def test_the_tokeniser_leaves_a_clean_look_alike(text: str) -> None:
    assert NeedleSet.build(["High", "G"]).search(text, decode=False) == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("SND-T05-MSE20", "MSE"),  # a code's capitals glued to its digits are a word of it
        ("20MSE", "MSE"),
        ("loc KRN-T23-MSE01 ok", "MSE"),
        ("XMSE20", None),  # inside a longer run of capitals: another code
        ("ID 3DE4", None),  # a run of hex digits is a number in base 16, not a code
        ("Y2FtMSE7Znc9", None),  # a run with small letters is base64 or a hash, not a code
        ("mse20", None),
    ],
)
def test_a_codes_capitals_glued_to_its_digits_are_a_word(text: str, found: str | None) -> None:
    hits = NeedleSet.build(["MSE", "DE"]).search(text, decode=False)
    assert [text[a:b] for a, b in (h.span for h in hits)] == ([found] if found else [])


@pytest.mark.parametrize("text", ["SND-T05-MSE20", "RCNX8351", "20MSE"])
def test_a_codes_number_glued_to_its_capitals_is_no_number_of_its_own(text: str) -> None:
    assert NeedleSet.build(["20", "8351", "3"]).search(text, decode=False) == []


def test_the_identifier_view_maps_back_to_the_original() -> None:
    view = identifier_view(Mapped("isHighPriority"))
    assert view is not None and view.text == "is High Priority"
    a = view.text.index("High")
    assert view.span(a, a + 4) == (2, 6)


def test_a_hex_dump_is_read_whatever_its_tool_draws_around_the_bytes() -> None:
    data = b'{"priority":"High","id":"A-1"}'
    hexed = data.hex()
    # hexdump -C: two blanks after the offset, single bytes, the text between bars
    rows = [hexed[i : i + 32] for i in range(0, len(hexed), 32)]
    canonical = "\n".join(
        f"{i * 16:08x}  " + " ".join(r[j : j + 2] for j in range(0, len(r), 2)) + "  |" + "." * (len(r) // 2) + "|"
        for i, r in enumerate(rows)
    )
    for dump in (canonical, _dump(data)):
        views = dict(canonical_views(dump))
        assert "decoded:hex_dump" in views
        assert views["decoded:hex_dump"].text.strip() == data.decode()


@pytest.mark.parametrize(
    "text",
    [
        "2024 10 20\n2025 11 21\n",  # a table of numbers: bytes that are not text
        "0001: ab cd\n0002: ef 01\n",  # binary bytes
        "line one\nline two\n",
    ],
)
def test_the_hex_dump_decoder_leaves_what_is_not_a_dump_of_text(text: str) -> None:
    assert "decoded:hex_dump" not in dict(canonical_views(text))


def test_a_mime_base64_part_with_crlf_lines_is_read_to_its_last_line() -> None:
    raw = base64.b64encode(b'{"ticket": "HELP-1", "form_version": 3, "urgency": "High"}').decode()
    body = "\r\n".join(raw[i : i + 76] for i in range(0, len(raw), 76))
    mail = f"--b\r\nContent-Transfer-Encoding: base64\r\n\r\n{body}\r\n--b--\r\n"
    assert len(body.split("\r\n")) >= 2
    hits = NeedleSet.build(["High"]).search(mail)
    assert any("mime_lines" in h.view for h in hits)


@pytest.mark.parametrize("width", ["55%", "120%", "60px"])
def test_a_star_bar_off_a_whole_star_or_not_in_percent_is_not_read(width: str) -> None:
    text = f'<span class="stars-inner" style="width: {width}"></span>'
    assert "decoded:rating_width" not in dict(canonical_views(text))


@pytest.mark.parametrize("compress", [gzip.compress, zlib.compress])
def test_a_compressed_payload_in_base64_is_inflated(compress: Callable[[bytes], bytes]) -> None:
    leaky = base64.b64encode(compress(b'{"case": "T-1", "priority": "High"}')).decode()
    clean = base64.b64encode(compress(b'{"case": "T-1", "road": "Highway"}')).decode()
    assert any("base64" in h.view for h in NeedleSet.build(["High"]).search(f"payload: {leaky}"))
    assert NeedleSet.build(["High"]).search(f"payload: {clean}") == []
    for text, leaks in ((leaky, True), (clean, False)):
        item = {"id": "t", "expected": "High", "projection": {"payload": text}}
        fast, ref = audit_item(item), audit_item(item, prefilter=False)
        assert fast.findings == ref.findings
        assert fast.leaked is leaks


def test_inflation_is_bounded_and_leaves_what_is_not_a_stream() -> None:
    bomb = gzip.compress(b"A" * 10_000_000)
    assert len(inflated(bomb)) <= 65536
    assert inflated(b"\x1f\x8bnot gzip") == b"\x1f\x8bnot gzip"
    assert inflated(b"plain bytes") == b"plain bytes"


def test_tag_characters_read_as_ascii_and_the_hit_points_at_them() -> None:
    text = "ok" + _tags("High") + "."
    hits = [h for h in NeedleSet.build(["High"]).search(text) if "tags" in h.view]
    assert hits and text[hits[0].span[0] : hits[0].span[1]] == _tags("High")
    # a flag's tag sequence reads as its region code, not as a word glued to the text
    assert dict(canonical_views("🏴" + _tags("gbeng") + "\U000e007f"))["decoded:tags"].text == "🏴 gbeng"


def test_digits_of_any_script_read_as_ascii_and_point_at_the_digits() -> None:
    text = "uttar: ४२, ৪২ ๔๒"
    view = dict(canonical_views(text))["decoded:digits"]
    assert view.text == "uttar: 42, 42 42"
    hits = [h for h in NeedleSet.build(["42"]).search(text) if "digits" in h.view]
    assert [text[h.span[0] : h.span[1]] for h in hits] == ["४२", "৪২", "๔๒"]
    # a number in another script inside a longer number is not the label; ASCII text has no view
    assert NeedleSet.build(["42"]).search("id ٤٢٧") == []
    assert "decoded:digits" not in dict(canonical_views("answer: 42"))


def test_an_override_run_reads_in_display_order_and_points_at_the_run() -> None:
    text = "sev \u202ehgiH :ytiroirp\n next"  # ended by the line end, no PDF
    view = dict(canonical_views(text))["decoded:bidi"]
    assert view.text == "sev priority: High\n next"
    hits = [h for h in NeedleSet.build(["High"]).search("a \u202ehgiH\u2069 b") if "bidi" in h.view]
    assert hits and hits[0].span == (3, 7)  # the overridden letters (the controls read as nothing)
    # the markup that writes an override reads the same; a left-to-right one does not reverse
    html = '<p>Triage: <bdo dir="rtl">hgiH yreV</bdo></p>'
    hits = [h for h in NeedleSet.build(["Very High"]).search(html) if "bidi" in h.view]
    assert hits and html[hits[0].span[0] : hits[0].span[1]] == "hgiH yreV"
    # (text written backwards is the ``reversed`` view's, whatever the markup around it)
    ltr = NeedleSet.build(["High"]).search('<bdo dir="ltr">hgiH</bdo> <bdo dir="rtl">yawhgiH</bdo>')
    assert [h for h in ltr if "bidi" in h.view] == []
    item = {"id": "t", "expected": "Very High", "projection": {"note": html}}
    fast, ref = audit_item(item), audit_item(item, prefilter=False)  # the prefilter knows the element
    assert fast.findings == ref.findings and fast.findings
    # an isolate or embedding never reverses a word's letters: no view
    assert "decoded:bidi" not in dict(canonical_views("a \u2067hgiH\u2069 \u202bhgiH\u202c b"))


def test_compatibility_forms_fold_in_the_views_already() -> None:
    """Ligatures, fullwidth, circled and parenthesised forms fold by NFKC in the per-character views."""
    for text, needle in (
        ("status: E\ufb03cient", "Efficient"),
        ("the \ufb01rst one", "first"),
        ("the be\ufb06 one", "best"),
        ("prio: \uff28\uff49\uff47\uff48", "High"),
        ("prio: \u24bd\u24be\u24bc\u24bd", "High"),
        ("grade \u2474", "1"),
    ):
        hits = NeedleSet.build([needle]).search(text)
        assert hits, text
        a, b = hits[0].span
        assert text[a:b].strip() and not text[a:b].isascii()  # the compatibility characters themselves
    assert NeedleSet.build(["first"]).search("the \ufb01rsthand one") == []


def test_base64_as_a_query_parameters_value_is_decoded() -> None:
    # the '=' of a name=value pair is the pair's, not padding glued to the run: `ctx=<base64>` decodes as the run
    # alone would; '=' inside a run of base64 characters still glues (no run starts after padding)
    run = base64.b64encode(b'{"route":"ZK7"}').decode().rstrip("=")
    url = f"https://tms.example.test/act?ref=4471920&ctx={run}"
    assert any('"route":"ZK7"' in view.text for _name, view in canonical_views(url))
    assert not any("ZK7" in view.text for _name, view in canonical_views(f"x==={run}"))
