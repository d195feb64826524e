"""Unicode letterforms that NFKC leaves alone: each read as the ASCII letter it draws.

The view layer folds compatibility forms by NFKC (mathematical, fullwidth, circled, squared letters,
super- and subscripts). Unicode also draws Latin letters in forms with no compatibility mapping, which a
reader (and a model) reads as the letters on sight; four decoders read them back:

* ``letterforms``: small capitals (``ᴄʀɪᴛɪᴄᴀʟ``), negative circled and negative squared capitals
  (``🅒🅡``, ``🅲🆁``), regional indicator letters (``🇨🇷``, the flag letters), and parenthesised
  small letters (``⒞⒭``, which NFKC spells ``(c)(r)``, splitting the word). The table is built from
  the characters' Unicode names, so every letter of each block is in it;
* ``braille``: Unicode Braille patterns read as Grade 1 (uncontracted) English Braille: the letters,
  the capital sign, the number sign before ``a``–``j`` for digits, the blank pattern as a space;
* ``upside_down``: text turned upside down (``lɐɔᴉʇᴉɹƆ``): a run holding a turned letter is read
  with each character turned back and the run's order reversed, as it shows when the page is turned;
* ``marks``: combining marks stacked on Latin letters (``C̷͜r҉̖`` — any number, any kind) dropped.

Each replacement covers the characters it reads, so a finding points at the drawn letters. Every
marker asks for a character beyond ASCII first, so an ASCII string costs one ``isascii``.
"""

from __future__ import annotations

import re
import unicodedata

from windtunnel.leakage.views.registry import Replacement, decoder

# Names of the forms read as letters: the letter is the name's last word.
_NAMED = re.compile(
    r"(?:LATIN LETTER SMALL CAPITAL|NEGATIVE (?:CIRCLED|SQUARED) LATIN CAPITAL LETTER|"
    r"REGIONAL INDICATOR SYMBOL LETTER|PARENTHESIZED LATIN SMALL LETTER) ([A-Z])"
)
_BLOCKS = ((0x0250, 0x02B0), (0x1D00, 0x1D80), (0xA720, 0xA800), (0x2474, 0x24B6), (0x1F100, 0x1F200))


def _letter_table() -> dict[str, str]:
    """Each form of :data:`_NAMED` in the blocks that hold them, as its ASCII letter (small capitals
    and parenthesised letters lower case, the others capitals, as they are drawn)."""
    out: dict[str, str] = {}
    for lo, hi in _BLOCKS:
        for cp in range(lo, hi):
            ch = chr(cp)
            mt = _NAMED.fullmatch(unicodedata.name(ch, ""))
            if mt is None:
                continue
            small = "SMALL" in mt.group(0)
            out[ch] = mt.group(1).lower() if small else mt.group(1)
    return out


_LETTERS = _letter_table()
_LETTER_RUN_RE = re.compile("[" + "".join(sorted(_LETTERS)) + "]+")


def _non_ascii(text: str) -> bool:
    """Every form here is a character beyond ASCII."""
    return not text.isascii()


@decoder("letterforms", order=15, marker=_non_ascii)
def letterforms(text: str) -> list[Replacement]:
    """Each small capital, negative circled or squared capital, regional indicator letter and
    parenthesised letter as its ASCII letter (one replacement per run; a run of regional indicators
    separated by a zero-width space is two runs, the space itself folded as invisible)."""
    return [(mt.start(), mt.end(), "".join(_LETTERS[ch] for ch in mt.group(0))) for mt in _LETTER_RUN_RE.finditer(text)]


# Grade 1 English Braille: the letters by their dots (a-j; k-t add dot 3; u, v, x, y, z add dots 3 and
# 6; w is j with dot 6), the capital sign (dot 6), the number sign (dots 3-4-5-6).
_DOTS_AJ = (0x01, 0x03, 0x09, 0x19, 0x11, 0x0B, 0x1B, 0x13, 0x0A, 0x1A)
_BRAILLE: dict[str, str] = {}
for _i, _d in enumerate(_DOTS_AJ):
    _BRAILLE[chr(0x2800 + _d)] = "abcdefghij"[_i]
    _BRAILLE[chr(0x2800 + (_d | 0x04))] = "klmnopqrst"[_i]
for _ch, _d in zip("uvxyz", (0x01, 0x03, 0x09, 0x19, 0x11), strict=True):
    _BRAILLE[chr(0x2800 + (_d | 0x24))] = _ch
_BRAILLE[chr(0x2800 + 0x3A)] = "w"
_PUNCT = {0x00: " ", 0x02: ",", 0x06: ";", 0x12: ":", 0x32: ".", 0x16: "!", 0x26: "?", 0x24: "-"}
_CAPITAL = "\u2820"
_NUMBER = "\u283c"
_BRAILLE_RUN_RE = re.compile("[\u2800-\u28ff]{2,}")


@decoder("braille", order=16, marker=lambda t: not t.isascii() and _BRAILLE_RUN_RE.search(t) is not None)
def braille(text: str) -> list[Replacement]:
    """Each run of two Braille patterns or more read as Grade 1 English Braille; a run holding a
    pattern that is neither a letter, a sign nor common punctuation is left as it is (not text)."""
    out: list[Replacement] = []
    for mt in _BRAILLE_RUN_RE.finditer(text):
        chars: list[str] = []
        capital = number = False
        ok = True
        for ch in mt.group(0):
            if ch == _CAPITAL:
                capital = True
                continue
            if ch == _NUMBER:
                number = True
                continue
            letter = _BRAILLE.get(ch)
            if letter is None:
                punct = _PUNCT.get(ord(ch) - 0x2800)
                if punct is None:
                    ok = False
                    break
                chars.append(punct)
                number = number and punct not in " ,;:.!?"
                continue
            if number and letter in "abcdefghij":
                chars.append("1234567890"["abcdefghij".index(letter)])
                continue
            number = False
            chars.append(letter.upper() if capital else letter)
            capital = False
        decoded = "".join(chars)
        if ok and any(c.isalnum() for c in decoded):
            out.append((mt.start(), mt.end(), decoded))
    return out


# Characters as they show turned upside down, and what each reads as turned back. Letters that turn
# into other ASCII letters (``u``/``n``, ``p``/``d``, ``b``/``q``) are read back only inside a run that
# holds one of the turned forms, which ASCII text never does.
_TURNED = {
    "ɐ": "a", "ɔ": "c", "ǝ": "e", "ɟ": "f", "ƃ": "g", "ɥ": "h", "ᴉ": "i", "ı": "i", "ɾ": "j", "ʞ": "k",
    "ɯ": "m", "ɹ": "r", "ʇ": "t", "ʌ": "v", "ʍ": "w", "ʎ": "y", "∀": "A", "ꓭ": "B", "Ɔ": "C", "ꓷ": "D",
    "Ǝ": "E", "Ⅎ": "F", "⅁": "G", "ꓩ": "J", "ꓘ": "K", "˥": "L", "Ԁ": "P", "ꓤ": "R", "ꓕ": "T", "∩": "U",
    "Λ": "V", "⅄": "Y", "˙": ".", "¡": "!", "¿": "?", "ʁ": "R", "ɓ": "q",
}  # fmt: skip
_SWAPPED = {"u": "n", "n": "u", "p": "d", "d": "p", "b": "q", "q": "b", "'": ",", ",": "'", "M": "W", "W": "M"}
_TURNED_CLASS = "".join(sorted(_TURNED))
# A run of turned and plain characters on one line that holds a turned letter.
_UPSIDE_RUN_RE = re.compile(
    f"[{_TURNED_CLASS}A-Za-z0-9 ·:.,'!?-]*[{_TURNED_CLASS}][{_TURNED_CLASS}A-Za-z0-9 ·:.,'!?-]*"
)


@decoder(
    "upside_down",
    order=17,
    marker=lambda t: not t.isascii() and any(ch in _TURNED for ch in t if ord(ch) > 127),
)
def upside_down(text: str) -> list[Replacement]:
    """Each run holding two turned letters or more, turned back: its order reversed and each character
    read as it shows the right way up (a blank around the run stays where it is)."""
    out: list[Replacement] = []
    for mt in _UPSIDE_RUN_RE.finditer(text):
        run = mt.group(0)
        a = mt.start() + (len(run) - len(run.lstrip()))
        b = mt.end() - (len(run) - len(run.rstrip()))
        body = text[a:b]
        if sum(ch in _TURNED for ch in body) < 2:
            continue
        out.append((a, b, "".join(_TURNED.get(ch, _SWAPPED.get(ch, ch)) for ch in reversed(body)).replace("·", ".")))
    return out


_MARKS = "\u0300-\u036f\u0483-\u0489\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ef\ufe20-\ufe2f"
_MARKS_RE = re.compile(f"(?<=[A-Za-z])[{_MARKS}]+")


@decoder("marks", order=18, marker=_non_ascii)
def marks(text: str) -> list[Replacement]:
    """Combining marks after a Latin letter dropped (any number stacked on it: the letter is what reads)."""
    return [(mt.start(), mt.end(), "") for mt in _MARKS_RE.finditer(text)]
