"""Signal spellings: Morse code, the tap code and leetspeak, read back as the letters they spell.

* ``morse``: International Morse (ITU-R M.1677) written with dots and dashes (``.`` ``-``, or ``·``
  ``−`` ``–`` ``•``), a dot beside a dash somewhere in the run, letters separated by blanks and words
  by ``/``, ``|`` or three blanks; or spoken, a letter's syllables hyphenated (``di-dah``,
  ``dah-dit``). A run of three letters or more, every group a Morse letter;
* ``tap_code``: the prisoners' tap code (a 5×5 square without ``k``, read as ``c``), each letter two
  groups of dots or taps (row, then column), letters separated by two blanks, words by ``/``;
* ``leet`` and ``leet_l``: a word mixing letters with the digits and symbols leetspeak writes for
  letters (``4``/``@`` a, ``3`` e, ``1``/``!`` i, ``0`` o, ``5``/``$`` s, ``7``/``+`` t, ``9``/``6`` g,
  ``8`` b, ``2`` z; ``1`` is ``i`` in one view and ``l`` in the other), a leet character between two
  letters or one at an end (:func:`leet_word`), read as letters (``Cr171c4l`` → ``Critical``,
  ``N3u7r@1`` → ``Neutral``); then the text's other leet tokens too (``0r``).

What a decoded run spells is decided like any other text (a listing of every label in Morse is still a
listing). Every replacement covers the run it reads, so a finding points at the code as written.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache

from windtunnel.leakage.views.classes import classes_of
from windtunnel.leakage.views.registry import Replacement, decoder, leftmost

_MORSE = {
    ".-": "a", "-...": "b", "-.-.": "c", "-..": "d", ".": "e", "..-.": "f", "--.": "g", "....": "h", "..": "i",
    ".---": "j", "-.-": "k", ".-..": "l", "--": "m", "-.": "n", "---": "o", ".--.": "p", "--.-": "q", ".-.": "r",
    "...": "s", "-": "t", "..-": "u", "...-": "v", ".--": "w", "-..-": "x", "-.--": "y", "--..": "z",
    "-----": "0", ".----": "1", "..---": "2", "...--": "3", "....-": "4", ".....": "5", "-....": "6",
    "--...": "7", "---..": "8", "----.": "9", ".-.-.-": ".", "--..--": ",", "---...": ":", "..--..": "?",
}  # fmt: skip
_DOT_DASH = str.maketrans({"·": ".", "•": ".", "−": "-", "–": "-", "—": "-"})
# Groups of dots and dashes separated by blanks or word separators: three groups at least.
_SYMBOLS = "[.\u00b7\u2022\\-\u2212\u2013\u2014]"
_MORSE_RE = re.compile(f"(?<![\\w.]){_SYMBOLS}{{1,6}}(?:(?: {{1,3}}| ?[/|] ?){_SYMBOLS}{{1,6}}){{2,}}(?![\\w])")
# A dot beside a dash, or a hyphen before a spoken syllable (``di-dah``): led by the literal '-'.
_MORSE_BLOB_RE = re.compile(rb"-(?:(?<=\.-)|[.d])")
_SPOKEN_RE = re.compile(
    r"(?i)\b(?:di|dit|dah)(?:[- ](?:di|dit|dah))*(?:(?: | / )(?:di|dit|dah)(?:[- ](?:di|dit|dah))*){2,}\b"
)
_SPOKEN_LETTER_RE = re.compile(r"(?i)(?:di|dit|dah)(?:-(?:di|dit|dah))*")


def _morse_marker(text: str) -> bool:
    """A dot beside a dash (or the spoken syllables)."""
    return (".-" in text or "-." in text or "·−" in text or "−·" in text or "..." in text or "---" in text) or (
        "dah" in text.lower()
    )


def _letters(groups: list[list[str]]) -> str | None:
    """Words of Morse groups as text, or ``None`` when a group is not a Morse character."""
    words = []
    for word in groups:
        chars = [_MORSE.get(g) for g in word]
        if any(c is None for c in chars):
            return None
        words.append("".join(c for c in chars if c is not None))
    text = " ".join(words)
    return text if sum(ch.isalpha() for ch in text) >= 3 else None


@decoder(
    "morse",
    order=92,
    marker=_morse_marker,
    blob_marker=lambda b: _MORSE_BLOB_RE.search(b) is not None,
    blob_anchors=(b".-", b"-.", b"-d"),
)
def morse(text: str) -> list[Replacement]:
    """Each run of Morse groups (written or spoken) as the text it spells.

    A written run must hold a dot beside a dash, so an ellipsis or a rule of dashes is not read; letters are
    separated by spaces and words by a slash, a bar or three spaces. Spoken Morse (``dah-di-dit``) must
    hyphenate its syllables. A run that does not spell letters throughout decodes to nothing. Overlapping
    candidates of the two forms keep the leftmost, as a view applies all its replacements at once.
    """
    out: list[Replacement] = []
    for mt in _MORSE_RE.finditer(text):
        run = mt.group(0).translate(_DOT_DASH)
        if ".-" not in run and "-." not in run:
            continue  # an ellipsis or a rule, not Morse (a dot beside a dash: the pre-check's cue too)
        words = [w.split() for w in re.split(r" ?[/|] ?| {3}", run) if w.strip()]
        dec = _letters(words)
        if dec is not None:
            out.append((mt.start(), mt.end(), dec))
    for mt in _SPOKEN_RE.finditer(text):
        if "-" not in mt.group(0) or "dah" not in mt.group(0).lower():
            continue  # spoken Morse hyphenates a letter's syllables (the pre-check's cue)
        words = []
        for w in re.split(r" / ", mt.group(0)):
            words.append(
                [
                    "".join("." if s.lower() in ("di", "dit") else "-" for s in letter.split("-"))
                    for letter in _SPOKEN_LETTER_RE.findall(w)
                ]
            )
        dec = _letters(words)
        if dec is not None:
            out.append((mt.start(), mt.end(), dec))
    return leftmost(out)


_TAP_SQUARE = "abcdefghijlmnopqrstuvwxyz"  # no k (tapped as c)
_TAP_RE = re.compile(r"(?<![.\w])\.{1,5} \.{1,5}(?:(?:  | / )\.{1,5} \.{1,5}){2,}(?![.\w])")


@decoder(
    "tap_code", order=93, marker=lambda t: ". ." in t, blob_marker=lambda b: b.find(b". .") >= 0, blob_anchors=(b". .",)
)
def tap_code(text: str) -> list[Replacement]:
    """Each run of tap-code pairs (row dots, a blank, column dots) as the letters it taps."""
    out: list[Replacement] = []
    for mt in _TAP_RE.finditer(text):
        words = []
        for w in mt.group(0).split(" / "):
            letters = []
            for pair in w.split("  "):
                row, col = pair.split(" ")
                letters.append(_TAP_SQUARE[(len(row) - 1) * 5 + len(col) - 1])
            words.append("".join(letters))
        out.append((mt.start(), mt.end(), " ".join(words)))
    return out


_LEET_CHARS = "0123456789@$!+"
_LEET_I = str.maketrans(
    {"4": "a", "@": "a", "3": "e", "1": "i", "!": "i", "0": "o", "5": "s", "$": "s", "7": "t", "+": "t"}
    | {"9": "g", "6": "g", "8": "b", "2": "z"}
)
_LEET_L = str.maketrans(
    {"4": "a", "@": "a", "3": "e", "1": "l", "!": "i", "0": "o", "5": "s", "$": "s", "7": "t", "+": "t"}
    | {"9": "g", "6": "g", "8": "b", "2": "z"}
)
# A token of letters and leet characters, bounded by what is neither.
_LEET_RE = re.compile(r"(?<![\w@$+!/=&#%\\])[A-Za-z0-9@$+!]*[A-Za-z0-9](?![\w@$+!/=;])")
_CORE_LEET = frozenset("013457$!+")
_OCR_DIGITS = frozenset("0158")
# Leet characters between letters (``@`` is read as ``a`` but opens no reading: an e-mail address holds one).
_INNER_LEET_RE = re.compile(r"[A-Za-z][0-9$+!]+[A-Za-z]")
MAX_LEET = 24
"""Characters of a leetspeak word at most (a longer run of letters and digits is an id or base64)."""


@lru_cache(maxsize=4096)
def leet_word(word: str) -> bool:
    """Whether ``word`` reads as a word written in leetspeak: at most :data:`MAX_LEET` characters, two
    letters at least, and leet characters between two letters (``H1gh``, ``N39471V3``) — not digits
    glued to a word (an id, a code or a name: ``user4403``, ``ZK4``, ``word1``), nor a character
    reference or escape (``&#x4B;``: the token next to ``&``, ``#``, ``%``, ``\\`` or ``;`` is not read)."""
    if not 3 <= len(word) <= MAX_LEET or word.isalpha() or word.isdigit():
        return False
    letters = sum(ch.isalpha() for ch in word)
    if letters < 2:
        return False
    if _INNER_LEET_RE.search(word) is None:
        return False
    # the digits base64 and ids are made of read as letters only beside the usual leet characters
    core = sum(ch in _CORE_LEET for ch in word)
    if core == 0 or (core < 2 and any(ch in "2689" for ch in word)):
        return False
    # A word of four characters or more whose only digits are ones an OCR engine reads for letters
    # (``lnsta11ation``) is the OCR view's (needles.py), which reads it as a misread value.
    return len(word) < 4 or not set(ch for ch in word if not ch.isalpha()) <= _OCR_DIGITS


def _leet_view(text: str, table: dict[int, str]) -> list[Replacement]:
    """Each leetspeak word (:func:`leet_word`) read as letters with ``table``; once a text holds one, each
    other token mixing letters and leet characters too (``0r`` beside ``H1gh``: a listing written in
    leetspeak is read whole)."""
    strong: list[Replacement] = []
    weak: list[Replacement] = []
    for start, end, word in _leet_tokens(text):
        read = word.translate(table)
        if not read.isalpha():
            continue
        (strong if leet_word(word) else weak).append((start, end, read))
    return sorted(strong + weak) if strong else []


def _leet_tokens(text: str) -> list[tuple[int, int, str]]:
    """The tokens of ``text`` that may read as leetspeak (letters mixed with leet characters, at most
    :data:`MAX_LEET`), with where each stands. The two leet views read the same text one after the
    other (the pipeline asks ``leet`` then ``leet_l`` of one string), so the last text's tokens are kept."""
    global _LAST_TOKENS
    if _LAST_TOKENS is not None and _LAST_TOKENS[0] is text:
        return _LAST_TOKENS[1]
    tokens = []
    for mt in _LEET_RE.finditer(text):
        word = mt.group(0)
        if len(word) > MAX_LEET or word.isalpha() or word.isdigit():
            continue
        tokens.append((mt.start(), mt.end(), word))
    _LAST_TOKENS = (text, tokens)
    return tokens


_LAST_TOKENS: tuple[str, list[tuple[int, int, str]]] | None = None


def _leet_marker(text: str) -> bool:
    """Leet characters between two letters (what :func:`leet_word` asks of a word that opens a reading)."""
    return _INNER_LEET_RE.search(text) is not None


def _leet_blob(blob: bytes) -> bool:
    """:func:`_leet_marker` in serialised JSON, in the shared letter classes
    (:func:`~windtunnel.leakage.views.classes.classes_of`; led by the literal class ``1``)."""
    global _LAST_LEET
    if _LAST_LEET is None or _LAST_LEET[0] is not blob:  # the two leet decoders ask in turn
        _LAST_LEET = (blob, _LEET_AT_RE.search(classes_of(blob)) is not None)
    return _LAST_LEET[1]


_LAST_LEET: tuple[bytes, bool] | None = None


# Leet characters between letters: led by the class '1'.
_LEET_AT_RE = re.compile(rb"1(?<=[aArR]1)(?=[10]*[aArR])")
_LEET_LETTERS = (b"a", b"e", b"i", b"o", b"s", b"t", b"g", b"b", b"z")
"""The letters leetspeak writes as other characters (a word without any reads the same in leet)."""
_UPPER = bytes(range(0x41, 0x5B))
_LOWER = bytes(range(0x61, 0x7B))
# Each leet character as its letter, and capitals as small letters, in one ``translate``.
_DELEET_I = bytes.maketrans(b"4@31!05$7+9682" + _UPPER, b"aaeiiosstt" + b"ggbz" + _LOWER)
_DELEET_L = bytes.maketrans(b"4@31!05$7+9682" + _UPPER, b"aaeliosstt" + b"ggbz" + _LOWER)


def _leet_may_hit(table: bytes, letters: tuple[bytes, ...]) -> Callable[[bytes, Sequence[tuple[bytes, ...]]], bool]:
    """The pre-check's question for a leet view read with ``table``: the serialisation read that way
    character by character (a superset of what the view reads) holds every word of some needle, one of
    them more often than the serialisation as written does."""

    def may_hit(blob: bytes, sets: Sequence[tuple[bytes, ...]]) -> bool:
        """Whether the blob read through ``table`` may show a needle word the blob as written does not."""
        if not any(letter in t for toks in sets for t in toks for letter in letters):
            return False  # no needle word holds a letter this reading writes
        low = blob.lower()
        read = blob.translate(table)
        for toks in sets:
            if not all(read.find(t) >= 0 for t in toks):
                continue
            # Reading letters as letters keeps every occurrence of a word of letters: only a word the
            # reading adds (more of it read than written) is a hit no other view shows.
            if any(not t.isalpha() or read.count(t) > low.count(t) for t in toks):
                return True
        return False

    return may_hit


@decoder(
    "leet", order=94, marker=_leet_marker, blob_marker=_leet_blob, blob_may_hit=_leet_may_hit(_DELEET_I, _LEET_LETTERS)
)
def leet(text: str) -> list[Replacement]:
    """Leetspeak read with ``1`` as ``i`` (``H1gh``); see :func:`_leet_view`."""
    return _leet_view(text, _LEET_I)


@decoder(
    "leet_l", order=95, marker=_leet_marker, blob_marker=_leet_blob, blob_may_hit=_leet_may_hit(_DELEET_L, (b"l",))
)
def leet_l(text: str) -> list[Replacement]:
    """Leetspeak read with ``1`` as ``l`` (``N3u7r@1``, ``10w``); see :func:`_leet_view`."""
    return _leet_view(text, _LEET_L)
