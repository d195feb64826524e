"""The inflection view of a label word: ``refunded``, ``refunding`` and ``refunds`` are the label ``refund`` written
in a sentence.

The scan matches a label as a whole token, so a note stating the decision with the label inflected (``the customer
will be refunded in full``) showed nothing at all. An inflected form is found like any spelling derived from the
label and decided as the label word would be, but never more than for review (``freetext.token``): an inflection is
an ordinary word as often as the label is (``ordered`` for a label ``order``), and only a person tells the note that
decides from the sentence that just uses the verb. Only the regular English endings are made (plural / third
person ``-s``, past ``-ed``, present participle ``-ing``), on a label that is one alphabetic word; a derived word
(``orderly``) is another word, not made. Forms that no English word takes (``replaceed``) cost a needle and never
match.
"""

from __future__ import annotations

import re

_WORD = re.compile(r"[A-Za-z]{3,}")
_VOWELS = frozenset("aeiou")


def inflections(label: str) -> tuple[str, ...]:
    """The regular inflected forms of ``label`` (in its case), or ``()`` for a label that is not one alphabetic word
    of three letters or more, or that already ends like an inflection (``approved``, ``pending``: its other forms
    would be another word's)."""
    if not _WORD.fullmatch(label):
        return ()
    low = label.lower()
    if low.endswith(("ed", "ing")) or (low.endswith("s") and not low.endswith("ss")):
        return ()
    upper = label.isupper()
    last, before = low[-1], low[-2]
    forms: list[str] = []
    if low.endswith(("s", "x", "z", "ch", "sh")):
        forms.append(low + "es")
    elif last == "y" and before not in _VOWELS:
        forms.append(low[:-1] + "ies")
    else:
        forms.append(low + "s")
    if last == "e":
        forms += [low + "d", low[:-1] + "ing"] if before != "e" else [low + "d", low + "ing"]
    elif last == "y" and before not in _VOWELS:
        forms += [low[:-1] + "ied", low + "ing"]
    else:
        forms += [low + "ed", low + "ing"]
        if last not in _VOWELS and last not in "wxy" and before in _VOWELS and low[-3] not in _VOWELS:
            forms += [low + last + "ed", low + last + "ing"]  # ``stopped``, ``flagging``
    return tuple(f.upper() if upper else f for f in dict.fromkeys(forms))


__all__ = ["inflections"]
