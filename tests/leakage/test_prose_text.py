"""Prose outside the named input read as its reader reads it (:mod:`windtunnel.leakage.prose_text`), both ways.

Decoded: a quoted-printable letter (declared, or undeclared with soft breaks on encoder-length lines; CRLF; a header
holding ``charset=``, with or without a blank line after it; a multipart boundary and part headers; a URL's ``?a=1``;
lower-case hex; soft breaks only at blanks), RFC 2047 encoded-words and character references, every decoded character
mapped to the characters written. Left alone: an ``=`` at a line end that is no soft break (``export FOO=``, base64
padding), an ``=`` that is no escape in an undeclared text, escapes with no soft break and no declaration, a bare ``&``.
Nothing is kept between calls (review 31r: a cache held ~3 MB per 40 KB text).
"""

from __future__ import annotations

import gc
import tracemalloc

from windtunnel.leakage.prose_text import prose_text, qp_replacements

LETTER = (
    "This responds to your Freedom of Information Act request received by our office. After a search of IT, your=\n"
    " request is granted in part and denied i=\nn part. Withheld material is protected under 5 U.S.C. =C2=A7 552(b)."
)
READ = (
    "This responds to your Freedom of Information Act request received by our office. After a search of IT, your"
    " request is granted in part and denied in part. Withheld material is protected under 5 U.S.C. § 552(b)."
)


def _read(text: str) -> str | None:
    view = prose_text(text)
    return None if view is None else view.text


def test_an_undeclared_letter_with_soft_breaks_is_read_joined_and_points_at_what_was_written() -> None:
    view = prose_text(LETTER)
    assert view is not None and view.text == READ
    at = view.text.index("denied in part")
    a, b = view.span(at, at + len("denied in part"))
    assert LETTER[a:b] == "denied i=\nn part"
    at = view.text.index("§")
    a, b = view.span(at, at + 1)
    assert LETTER[a:b] == "=C2=A7"


def test_a_declared_crlf_mail_with_a_charset_header_is_decoded() -> None:
    head = "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable"
    mail = head + "\r\n\r\n" + LETTER.replace("\n", "\r\n")
    assert _read(mail) == head + "\r\n\r\n" + READ


def test_an_undeclared_crlf_mail_whose_header_holds_an_equals_sign_is_decoded() -> None:
    """Review 31r2 (medium): the ``=`` of ``charset=utf-8`` counted as a non-escape and left the letter encoded."""
    head = "Content-Type: text/plain; charset=utf-8\r\nSubject: Final response"
    mail = head + "\r\n\r\n" + LETTER.replace("\n", "\r\n")
    assert _read(mail) == head + "\r\n\r\n" + READ


def test_a_header_without_a_blank_line_before_the_body_is_decoded() -> None:
    head = "Content-Type: text/plain; charset=utf-8"
    assert _read(head + "\n" + LETTER) == head + "\n" + READ


def test_a_multipart_letter_with_boundaries_and_part_headers_is_decoded() -> None:
    mail = (
        'Content-Type: multipart/alternative; boundary="b1=_x"\n\n--b1=_x\n'
        "Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n" + LETTER + "\n--b1=_x--\n"
    )
    read = _read(mail)
    assert read is not None and READ in read


def test_a_url_query_in_the_body_does_not_turn_decoding_off() -> None:
    text = LETTER + "\nSee https://foia.example/appeal?case=2024&step=1 or ?lang=en for the appeal form."
    read = _read(text)
    assert read is not None and read.startswith(READ) and "?case=2024&step=1" in read


def test_lower_case_escapes_are_decoded() -> None:
    """Review 31r2 (low): ``=3d`` turned decoding off."""
    text = LETTER.replace("=C2=A7", "=c2=a7") + " The fee =3d 0 for your caf=c3=a9 order."
    read = _read(text)
    assert read is not None and read.startswith(READ) and read.endswith("The fee = 0 for your café order.")


def test_soft_breaks_only_at_blanks_without_a_declaration_are_decoded() -> None:
    """Review 31r2 (low): soft breaks falling only at spaces, with nothing declared, were left."""
    text = (
        "This responds to your request received by our office last month, and the =\n"
        "request is granted in part. You may appeal this determination within ninety =\ndays of the date above."
    )
    assert _read(text) == (
        "This responds to your request received by our office last month, and the request is granted in part. You "
        "may appeal this determination within ninety days of the date above."
    )


def test_an_equals_sign_at_a_line_end_that_is_no_soft_break_is_left() -> None:
    """Review 31r: any ``=`` at a line end was read as a soft break."""
    shell = "Run these lines before the build starts on the worker:\nexport FOO=\nbar --verbose --all targets now"
    assert _read(shell) is None
    padded = (
        "The attachment follows as sent by the vendor portal today:\n"
        "QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVphYmNkZWZnaGlqa2xtbm8=\nend of the attachment and of the message"
    )
    assert _read(padded) is None
    assert qp_replacements(shell) == [] and qp_replacements(padded) == []


def test_an_undeclared_text_with_an_equals_sign_that_is_no_escape_is_left() -> None:
    text = "The ratio x = y holds here, and this line runs on long enough to look like an encoder's wrap =\nhere."
    assert _read(text) is None


def test_escapes_without_a_soft_break_or_a_declaration_are_left() -> None:
    assert _read("Set the limits a=12 and b=3F before the run starts for the whole night shift.") is None


def test_encoded_words_and_character_references_are_decoded() -> None:
    text = "Subject: =?utf-8?q?Request_gr=61nted?= =?utf-8?b?aW4gcGFydA==?= and &#x64;enied &amp; closed"
    view = prose_text(text)
    assert view is not None and view.text == "Subject: Request grantedin part and denied & closed"
    at = view.text.index("denied")
    a, b = view.span(at, at + 6)
    assert text[a:b] == "&#x64;enied"


def test_plain_prose_and_a_bare_ampersand_are_left() -> None:
    assert prose_text("AT&T and R&D met on Monday; the notice was sent as drafted with no change at all.") is None
    assert prose_text("=?bogus") is None


def test_nothing_is_kept_between_calls() -> None:
    """Review 31r: ``prose_text``'s cache held ~3 MB per 40 KB text. Decoding eight 40 KB letters keeps nothing."""
    letters = [(f"Letter {k} - " + LETTER + "\n") * 200 for k in range(8)]
    assert all(len(t) > 40_000 for t in letters)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for text in letters:
            view = prose_text(text)
            assert view is not None and len(view.text) < len(text)
            del view
        gc.collect()
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert kept < 200_000


def test_one_equals_sign_at_a_line_end_of_ordinary_text_is_left() -> None:
    # review rec32: undeclared, one `=` at the end of a long line read as a soft break joined `A=` / `B grade`
    for text in (
        "Result summary for the quarterly review meeting with the board today: A=\nB grade",
        "Configuration dump of the service as captured during the incident window=\n42 retries",
    ):
        assert _read(text) is None, text
    # two soft breaks, or one beside an escape, are quoted-printable
    two = (
        "Result summary for the quarterly review meeting with the bo=\nard today, held in the main conference room"
        " on the fi=\nrst floor"
    )
    read = (
        "Result summary for the quarterly review meeting with the board today, held in the main conference room on the"
    )
    assert _read(two) == read + " first floor"
    one = "Result summary for the quarterly review meeting with the bo=\nard today: see =C2=A7 4"
    assert _read(one) == "Result summary for the quarterly review meeting with the board today: see § 4"


def test_a_character_whose_escapes_an_encoder_wrapped_is_read_whole() -> None:
    # ``committee=E2=80=`` / ``=99s``: the three bytes of one ``’`` split by a soft break are one character, not
    # ``â€™`` (each line's bytes decoded apart gave the blind agent and mining a second spelling of the same words)
    text = (
        "Hearing 3 (J/70, race 9) =E2=80=93 the protest committee=E2=80=\n=99s decision: the protest of Fathom v Lark"
        " is withdrawn with th=\ne committee=E2=80=99s permission."
    )
    read = _read(text)
    assert read == (
        "Hearing 3 (J/70, race 9) – the protest committee’s decision: the protest of Fathom v Lark is withdrawn with"
        " the committee’s permission."
    )
    view = prose_text(text)
    assert view is not None
    at = view.text.index("’s decision")
    assert text[slice(*view.span(at, at + 1))] == "=E2=80=\n=99"  # the character maps to its escapes and the break


def test_one_stray_byte_falls_back_alone_and_each_character_maps_to_its_own_escapes() -> None:
    # ``=C3=A9`` (UTF-8 ``é``), a soft break, then ``=93`` (cp1252 ``“``): read character by character, the stray byte
    # alone falls back to cp1252; the whole run read as cp1252 gave ``Ã©``. Each decoded character replaces its own
    # escapes, not the run's.
    text = (
        "The tenancy panel reviewed the landlord's file in full; its r=C3=A9sum=C3=A9=\n=93refused=94 was read out"
        " to both parties at the=\n end."
    )
    view = prose_text(text)
    assert view is not None
    assert view.text.endswith("résumé“refused” was read out to both parties at the end.")
    quote = view.text.index("“")
    assert text[slice(*view.span(quote, quote + 1))] == "=93"
    accent = view.text.index("é“")
    assert text[slice(*view.span(accent, accent + 1))] == "=C3=A9"
