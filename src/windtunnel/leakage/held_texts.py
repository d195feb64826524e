"""Evidence from the dataset that a text does not tell the label: the same text in records of every label.

A finding is about one place of one record: a label word in a string, or in a key. Whether that place gives the
answer away is a question about the record (``docs/leakage.md``, principles 1-3); but when the very same text
stands at the same place in many records (a handbook pasted into every record, a key ``pain_score_0_4`` every
record has), the dataset answers it: a text identical in records of several labels cannot say which label its
record has. Only its presence could, and its presence agrees with the record's label no more than chance does.
So a finding in such a text is for review, whatever its form (``Total 6-8 = advanced`` in a handbook that
defines every level; a key naming a scale's top value).

Per place (the pointer, list indices as ``*``; a key or the value there) and exact text, the records holding it
are counted by label (items sharing one record's prose are one record, as in :mod:`.agreement`). A value that is
just a label is left to the mention evidence (a value slot, judged by record); a list's member is a text like any
other (a follow-up note drawn from a pool: the same note on records of every label tells none of them). A finding at a
text held by :data:`~windtunnel.leakage.agreement.HELD_SUPPORT` records or more is judged as an agreement
slot is (:func:`~windtunnel.leakage.agreement.verdict_of`): ``k`` of the ``n`` records have the label the finding
found (the record's own), against that label's exact share of the dataset (no floor: a text whose rare label's
records hold it at two or three times their share rides with that label). At chance, above or below, the finding
becomes a review finding. A text that rides with a label (``Your permit can be printed at the counter`` on the
issued permits only) agrees far above chance and keeps its findings: the test is what the text predicts, not its
form.

The test is the same for every finding about a label in a text, whatever found it: a label word, an alias, a
phrase of position naming no label word (``Choose the top-level category`` in every record's instruction, read
as the last label), a slot's agreement across the dataset (a promotion is not made in a text held at chance).
So every text of an item is kept for it, not only those holding a label word; once the dataset is read, only the
texts held by enough records stay.

Memory is bounded (:data:`MAX_TEXTS`): texts held once so far are dropped when more are kept (ids, timestamps),
which can only lose texts far below the support a verdict needs.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping, Sequence
from typing import Any

from windtunnel.leakage.scan import escape_pointer_token
from windtunnel.leakage.text import normalize_needle

MAX_TEXTS = 1_000_000
"""Distinct (place, text) pairs kept while reading; past it, those held by one item so far are dropped."""

TextKey = tuple[str, str, int]
"""(place template, ``"key"`` or ``"value"``, hash of the text)."""


def _template(pointer: str) -> str:
    """``pointer`` with list indices as ``*``."""
    return "/".join("*" if t.isdigit() else t for t in pointer.split("/"))


def texts_of(
    projection: Any, needles: Sequence[str] = (), labels: frozenset[str] = frozenset()
) -> dict[tuple[str, str], TextKey]:
    """Every key and scalar value of ``projection``, by (pointer, ``"key"`` / ``"value"``), as its text key; with
    ``needles`` (case-folded), only the texts holding one of them. Not a value that is just one of ``labels``
    (normalised): a value slot is the mention evidence's to judge, by record (:mod:`.agreement`), not by text."""
    out: dict[tuple[str, str], TextKey] = {}
    stack: list[tuple[str, Any]] = [("", projection)]
    while stack:
        pointer, node = stack.pop()
        if isinstance(node, Mapping):
            for k, v in node.items():
                child = f"{pointer}/{escape_pointer_token(str(k))}"
                if _holds(str(k), needles):
                    out[(child, "key")] = (_template(child), "key", hash(str(k)))
                stack.append((child, v))
        elif isinstance(node, list):
            stack.extend((f"{pointer}/{i}", v) for i, v in enumerate(node))
        elif node is not None and pointer and _holds(str(node), needles) and normalize_needle(str(node)) not in labels:
            out[(pointer, "value")] = (_template(pointer), "value", hash(str(node)))
    return out


def _holds(text: str, needles: Sequence[str]) -> bool:
    """Whether ``text`` holds one of ``needles`` (case-folded; no needles: every text)."""
    if not needles:
        return True
    folded = text.casefold()
    return any(n in folded for n in needles)


class HeldTexts:
    """The records holding each (place, text), counted while reading, by label once decided."""

    def __init__(self) -> None:
        """Nothing read yet."""
        self._rows: dict[TextKey, array[int]] = {}
        self.labels: dict[TextKey, dict[str, int]] = {}
        """Per text held by enough records once decided: its records per label (normalised)."""
        self.texts_at: dict[tuple[str, str], int] = {}
        """Per place (template, ``"key"`` / ``"value"``), once decided: the texts held there by a few records or
        more, each a value whose tie to the label could be tested (what a test of one of them is corrected for)."""

    def add(self, row: int, projection: Any) -> None:
        """Count the texts of the labelled item at ``row``."""
        for key in set(texts_of(projection).values()):
            a = self._rows.get(key)
            if a is None:
                self._rows[key] = array("I", (row,))
            else:
                a.append(row)
        if len(self._rows) > MAX_TEXTS:
            self._rows = {k: a for k, a in self._rows.items() if len(a) > 1}

    def decide(self, record_of: Sequence[int], record_label: Sequence[str], min_support: int, few: int = 1) -> None:
        """Count each text's records by label (a record's items once), keeping those of ``min_support`` records;
        and per place, how many texts ``few`` records or more hold there (:attr:`texts_at`)."""
        for key, rows in self._rows.items():
            if len(rows) < min(few, min_support):
                continue
            records = {record_of[r] for r in rows}
            if len(records) >= few:
                place = (key[0], key[1])
                self.texts_at[place] = self.texts_at.get(place, 0) + 1
            if len(records) < min_support:
                continue
            c: dict[str, int] = {}
            for r in records:
                c[record_label[r]] = c.get(record_label[r], 0) + 1
            self.labels[key] = c
        self._rows = {}

    def held(self, key: TextKey | None, answer: str) -> tuple[int, int] | None:
        """``(n, k)``: the records holding the text ``key`` and those of them labelled ``answer``; None when the text
        is held by too few records to judge."""
        c = self.labels.get(key) if key is not None else None
        if c is None:
            return None
        return sum(c.values()), c.get(normalize_needle(answer), 0)


__all__ = ["MAX_TEXTS", "HeldTexts", "TextKey", "texts_of"]
