"""A small bundled table of homoglyphs that render like ASCII letters.

It covers the look-alikes used in practice to slip a label past a string search (Cyrillic, Greek,
Armenian, Cherokee and a few Latin variants). Compatibility forms (fullwidth, mathematical
alphanumerics, ligatures) are already folded by NFKC and need no entry here. ASCII-to-ASCII
look-alikes (``0``/``O``, ``1``/``l``) are left out on purpose: folding them would merge ordinary
digits and letters and make every numeric answer noisy.

Why a small bundled table and not Unicode's full confusables data (UTS #39): that file is not in the
standard library, maps thousands of characters, and maps some to sequences (``m`` to ``rn``), which
would merge ordinary words and break the one-character-for-one mapping that keeps offsets simple.
Every entry here maps one character to one ASCII letter, so the table never changes a string's length.
"""

from __future__ import annotations

_PAIRS = {
    # Cyrillic capitals
    "А": "A",
    "В": "B",
    "Е": "E",
    "Ѕ": "S",
    "І": "I",
    "Ј": "J",
    "К": "K",
    "М": "M",
    "Н": "H",
    "О": "O",
    "Р": "P",
    "С": "C",
    "Т": "T",
    "У": "Y",
    "Х": "X",
    "Ԛ": "Q",
    "Ԝ": "W",
    "Һ": "H",
    "Ү": "Y",
    "Ӏ": "I",
    # Cyrillic small
    "а": "a",
    "е": "e",
    "о": "o",
    "р": "p",
    "с": "c",
    "у": "y",
    "х": "x",
    "ѕ": "s",
    "і": "i",
    "ј": "j",
    "ԛ": "q",
    "ԝ": "w",
    "һ": "h",
    "ԁ": "d",
    "ӏ": "l",
    "ү": "y",
    "ɡ": "g",
    # Greek
    "Α": "A",
    "Β": "B",
    "Ε": "E",
    "Ζ": "Z",
    "Η": "H",
    "Ι": "I",
    "Κ": "K",
    "Μ": "M",
    "Ν": "N",
    "Ο": "O",
    "Ρ": "P",
    "Τ": "T",
    "Υ": "Y",
    "Χ": "X",
    "ο": "o",
    "ρ": "p",
    "α": "a",
    "ν": "v",
    "ι": "i",
    "κ": "k",
    "υ": "u",
    "τ": "t",
    # Armenian
    "օ": "o",
    "ս": "u",
    "հ": "h",
    "ո": "n",
    "ց": "g",
    "զ": "q",
    # Cherokee capitals
    "Ꭺ": "A",
    "Ᏼ": "B",
    "Ꮯ": "C",
    "Ꭼ": "E",
    "Ꮋ": "H",
    "Ꭻ": "J",
    "Ꮶ": "K",
    "Ꮮ": "L",
    "Ꮇ": "M",
    "Ꮲ": "P",
    "Ꮪ": "S",
    "Ꭲ": "T",
    "Ꮩ": "V",
    "Ꮃ": "W",
    "Ꮓ": "Z",
    # Latin variants and letter-like symbols
    "ı": "i",
    "ɩ": "i",
    "ɑ": "a",
    "ǀ": "l",
    "ℓ": "l",
    "ꓲ": "I",
    "ꓳ": "O",
    "ꓴ": "U",
    "ꓢ": "S",
    "ꓠ": "N",
    "ꓡ": "L",
    "ꓧ": "H",
    "ꓓ": "D",
    "ꓖ": "G",
    "ꓚ": "C",
    "ꓰ": "E",
    "ꓝ": "F",
    "ꓗ": "K",
    "ꓟ": "M",
    "ꓑ": "P",
    "ꓣ": "R",
    "ꓔ": "T",
    "ꓦ": "V",
    "ꓪ": "W",
    "ꓫ": "X",
    "ꓬ": "Y",
    "ꓜ": "Z",
}

CONFUSABLES: dict[str, str] = dict(_PAIRS)
"""Homoglyph → the ASCII letter it imitates (case preserved)."""


def skeleton_char(ch: str) -> str:
    """The ASCII letter ``ch`` imitates, or ``ch`` itself: one character for one, so an offset map
    through this table is the identity."""
    return CONFUSABLES.get(ch, ch)
