"""The highest member of a family of codes in one list: ``ALTK08`` of ``[ALTK05, ALTK06, ALTK07, ALTK08, WATA30]``.

A list of codes issued as a case escalates — an alert per threshold crossed, ``ALTK05`` at the first, ``ALTK06`` at
the next — holds every step up to the case's own. Each member is shared by every case that went that far (``ALTK05``
by all of them), and the whole list is rarely the same twice (other products are interleaved), so neither a value
nor a list's set (:func:`~.candidates.members_text`) rides with one label; the step reached, the highest
member of the family, does. Mining reads it as one more value of the list's place (:func:`family_tops`: ``highest
ALTK08`` at ``/products/*/code``), tested as any value (support, purity, Fisher, corrected with the lists' sets), so
a family whose top follows the label is found there and a family whose top is at chance is not. A family is the
members of one list sharing a head (everything before a final run of digits, a letter in it) and told apart by that
number; a list holding one member of a head has it as its top (the first step and no other).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

TOP_PREFIX = "highest "
"""How a family's top is written as a candidate's text: ``highest ALTK08``."""

_CODE = re.compile(r"(?=[^\s]*[A-Za-z])([^\s]*[^\s\d])(\d{1,6})")
"""A code of a head and a final number: ``ALTK05`` (head ``ALTK``, number ``05``), ``Q-12``; a
letter in the head, no blank."""

_CODE_MAX = 24
"""The longest member read as a code (longer is a name or a sentence, not a code of a family)."""


def _head_number(value: str) -> tuple[str, int] | None:
    """``value``'s head and final number when it is a code of one (:data:`_CODE`), else None."""
    text = value.strip()
    if len(text) > _CODE_MAX:
        return None
    m = _CODE.fullmatch(text)
    if m is None:
        return None
    return m.group(1), int(m.group(2))


def family_tops(held: Mapping[str, str]) -> Iterator[tuple[str, list[str]]]:
    """``(text, member pointers)`` of each family's top in one list (``held``: each member's pointer → its value):
    the members sharing a head (:func:`_head_number`), the one of greatest number as ``highest <member>``, with the
    pointers of the family's members (where a cut of the top must blank them all, or the next highest is the top).
    Two spellings of the greatest number (``A05``, ``A5``) are a tie: no top."""
    families: dict[str, list[tuple[int, str, str]]] = {}
    for pointer, value in held.items():
        parsed = _head_number(value)
        if parsed is not None:
            families.setdefault(parsed[0], []).append((parsed[1], value.strip(), pointer))
    for members in families.values():
        best = max(number for number, _v, _p in members)
        tops = {v for number, v, _p in members if number == best}
        if len(tops) == 1:
            yield TOP_PREFIX + tops.pop(), [p for _n, _v, p in members]
