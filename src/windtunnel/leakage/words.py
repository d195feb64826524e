"""Ordinary words of the text's language: whether a spelling derived from a label is itself a word.

A derived spelling (an OCR misreading such as ``Hiqh`` or ``Bi11ing``) stands for the label only when
nothing else explains it. One that is an ordinary word of its own (``modern`` read against the label
``Modem``, ``contact`` against ``Compact``) is that word, written as meant: ``Status: modern`` describes
a design, it does not misspell a label. The words are English, the language of the records the auditor
is measured on: the word-frequency list of ``pyspellchecker`` (a dependency, MIT licensed), counted from
film subtitles, of which the words seen :data:`ORDINARY_MIN_COUNT` times or more are ordinary (a rare
entry of such a list is as often a typing error or a name as a word).

The list is loaded at the first question only (about 0.5 s), which most scans never ask: only a token
that a label's look-alike pattern already matched is looked up.
"""

from __future__ import annotations

from functools import lru_cache

from windtunnel._util.optional import optional_import

ORDINARY_MIN_COUNT = 100
"""How many times a word must be seen in the frequency list to be an ordinary word (``modem``: 661;
``hiqh``, ``medlurn``: never)."""


@lru_cache(maxsize=1)
def _ordinary() -> frozenset[str]:
    """The English words seen :data:`ORDINARY_MIN_COUNT` times or more, loaded once."""
    # Late (the documented helper): loading the list costs about 0.5 s, paid only by a scan that asks.
    spellchecker = optional_import("spellchecker", purpose="the leakage auditor's ordinary English words")
    table = spellchecker.SpellChecker(language="en", distance=1).word_frequency
    return frozenset(word for word, count in table.items() if count >= ORDINARY_MIN_COUNT)


def ordinary_word(token: str) -> bool:
    """``token`` (a single word, any case) is an ordinary English word: seen at least
    :data:`ORDINARY_MIN_COUNT` times in the frequency list (47,000 words or so). Digits and other
    non-letters are never part of a word there (``bi11ing`` is not one)."""
    word = token.casefold()
    return word.isalpha() and word in _ordinary()
