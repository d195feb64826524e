"""Signal spellings: Morse code, the tap code and leetspeak, read back as the letters they spell.

* ``morse``: International Morse (ITU-R M.1677) written with dots and dashes (``.`` ``-``, or ``·``
  ``−`` ``–`` ``•``), a dot beside a dash somewhere in the run, letters separated by blanks and words
  by ``/``, ``|`` or three blanks; or spoken, a letter's syllables hyphenated (``di-dah``,
  ``dah-dit``). A run of three letters or more, every group a Morse letter;
* ``tap_code``: the prisoners' tap code (a 5×5 square without ``k``, read as ``c``), each letter two
  groups of dots or taps (row, then column), letters separated by two blanks, words by ``/``;
* ``leet``: a word mixing letters with the digits and symbols leetspeak writes for letters (``4``/``@``
  a, ``3`` e, ``1``/``!`` i, ``0`` o, ``5``/``$`` s, ``7``/``+`` t), a leet character between two
  letters, read as the letters in a prose case shape (``Cr171c4l`` → ``Critical``); then the text's
  shorter leet tokens too (``0r``).

What a decoded run spells is decided like any other text (a listing of every label in Morse is still a
listing). Every replacement covers the run it reads, so a finding points at the code as written.
"""

from __future__ import annotations

import re

from windtunnel.leakage.views.classes import classes_of
from windtunnel.leakage.views.registry import Replacement, decoder

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
)
def morse(text: str) -> list[Replacement]:
    """Each run of Morse groups (written or spoken) as the text it spells."""
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
    out.sort()
    kept: list[Replacement] = []
    for rep in out:
        if not kept or rep[0] >= kept[-1][1]:
            kept.append(rep)
    return kept


_TAP_SQUARE = "abcdefghijlmnopqrstuvwxyz"  # no k (tapped as c)
_TAP_RE = re.compile(r"(?<![.\w])\.{1,5} \.{1,5}(?:(?:  | / )\.{1,5} \.{1,5}){2,}(?![.\w])")


@decoder("tap_code", order=93, marker=lambda t: ". ." in t, blob_marker=lambda b: b.find(b". .") >= 0)
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


_LEET = str.maketrans(
    {"4": "a", "@": "a", "3": "e", "1": "i", "!": "i", "0": "o", "5": "s", "$": "s", "7": "t", "+": "t"}
)
# A word of letters and leet characters, with a letter and a leet character inside it.
# A token of letters and leet characters (and other digits, so that an id stays whole and is refused).
_LEET_RE = re.compile(r"(?<![\w@$+!])[A-Za-z0-9@$+!]*[A-Za-z0-9](?![\w@$+!])")
_LEET_MARK_RE = re.compile(r"[A-Za-z][013457@$+!][A-Za-z]")


@decoder(
    "leet",
    order=94,
    marker=lambda t: _LEET_MARK_RE.search(t) is not None,
    blob_marker=lambda b: _leet_blob(b),
)
def leet(text: str) -> list[Replacement]:
    """Each leetspeak word (:func:`_leet_word`) read as letters; once a text holds one, also each other
    token of two characters or more mixing letters and leet characters whose reading has a prose case
    shape (``0r``, ``4nd`` beside ``H1gh``: a listing written in leetspeak is read whole)."""
    out: list[Replacement] = []
    found = False
    weak: list[Replacement] = []
    for mt in _LEET_RE.finditer(text):
        word = mt.group(0)
        if len(word) > MAX_LEET or word.isalpha() or word.isdigit():
            continue
        read = word.translate(_LEET)
        if _SHAPE_RE.fullmatch(read) is None:
            continue
        if _leet_word(word):
            found = True
            out.append((mt.start(), mt.end(), read))
        else:
            weak.append((mt.start(), mt.end(), read))
    return sorted(out + weak) if found else []


MAX_LEET = 24
"""Characters of a leetspeak word at most (a longer run of letters and digits is an id or base64)."""
_SHAPE_RE = re.compile(r"[A-Z]?[a-z]+|[A-Z]+")


def _leet_word(word: str) -> bool:
    """Whether ``word`` reads as a word in leetspeak: at most :data:`MAX_LEET` characters, two letters
    at least, a leet character between letters, and read as letters it is written in a case shape of
    prose (``Cr171c4l``; a base64 run or an id mixes cases: ``VXBsYW5k``)."""
    if len(word) > MAX_LEET or sum(ch.isalpha() for ch in word) < 2 or _LEET_MARK_RE.search(word) is None:
        return False
    return _SHAPE_RE.fullmatch(word.translate(_LEET)) is not None


def _leet_blob(blob: bytes) -> bool:
    """The leet view's cue in serialised JSON: a leet character between letters
    (:func:`~windtunnel.leakage.views.classes.classes_of`), in a word of at most :data:`MAX_LEET`
    characters (one more: a JSON escape's letter) without another digit, that :func:`_leet_word` reads."""
    classes = classes_of(blob)
    for mt in _LEET_AT_RE.finditer(classes):
        i = mt.start()
        start = classes.rfind(b" ", 0, i) + 1
        end = classes.find(b" ", i)
        end = end if end >= 0 else len(classes)
        if end - start > MAX_LEET + 1 or b"0" in classes[start:end]:
            continue
        raw = blob[start:end].decode("latin-1")
        if _leet_word(raw) or (start and blob[start - 1] == 0x5C and _leet_word(raw[1:])):
            return True
    return False


_LEET_AT_RE = re.compile(rb"1(?<=[aArR]1)(?=[aArR])")
