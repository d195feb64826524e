"""Which record a value belongs to: this record's, or another thing's the projection also shows.

A projection often holds more than the record under audit: a related device or profile, a table of many
records, a list of related tickets. A label there describes that other thing (principle 3), except where
the projection ties it to this record: the one table row holding this record's id or subject. These
helpers read the projection's structure only (ids, type keys, short values); the decision is in
:mod:`windtunnel.leakage.scan`.

Why structure and not names: "related tickets", "linked_issues", "device" are spelled a hundred ways
across tools, and a list of field names per tool would be a rule per dataset family. What every tool
does share is that a record carries an id of its own (``CS-34921``, ``INC0007256``) and that an object
may say what it is (``"type": "device"``). So another record is recognised by an id the projection
shows nowhere else, and another thing by a type key; with neither, a value is taken as this record's
and reported. The cost of a miss is therefore a finding someone can dismiss, not a hidden leak, except
where a part says what it is and holds no id (docs/leakage.md, principle 3, lists the exact conditions).

Each walk is bounded (a fixed number of nodes, and of members per list), so these checks cost a
constant per item however large the projection is.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from windtunnel.leakage.text import normalize_needle

RECORD_ID = re.compile(r"[A-Za-z0-9][\w.:/#-]{2,63}")
ID_SHAPE = re.compile(r"[A-Za-z]-?\d|\d-[A-Za-z0-9]")
"""An id mixes letters and digits across a joint (``CS-34921``, ``INC0007256``), unlike a word or a number."""
TYPE_KEYS = frozenset({"type", "kind", "entity", "entity_type", "object", "object_type"})
"""Keys by which an object says what kind of thing it is (``"type": "device"``)."""
TYPE_KEYS_JSON = tuple(f'"{k}":'.encode() for k in sorted(TYPE_KEYS))
"""The same keys as orjson writes them: a projection whose serialisation holds none has no typed part."""
PLAIN_NAME = re.compile(r"[A-Za-z]+(?:[_ -]?[A-Za-z]+)*")
"""A field name of letters only (``toner_level``, ``paintColour``): words, not a code (``cf_10234``)."""


def ids_of(root: Any, skip: Any = None) -> list[str]:
    """The id-like strings of ``root`` outside the node ``skip`` (a bounded walk).

    An id is a whole string of 3 to 64 characters that mixes letters and digits across a joint
    (:data:`ID_SHAPE`). The walk visits at most 2,000 nodes and 200 members of a list, so a huge
    projection costs a constant (an id held only far inside a very large part may be missed).
    """
    out: list[str] = []
    stack = [root]
    seen = 0
    while stack and seen < 2000:
        v = stack.pop()
        seen += 1
        if v is skip:
            continue
        if type(v) is str:
            if RECORD_ID.fullmatch(v) and ID_SHAPE.search(v):
                out.append(v)
        elif isinstance(v, Mapping):
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v[:200])
    return out


def record_values(root: Any) -> frozenset[str]:
    """The projection's scalar values of 4 to 80 characters (an id, a subject), and shorter ids that
    mix letters and digits (``T-8``, ``A8``), casefolded, from a bounded walk: a table row holding one
    that no other row holds is this record's row."""
    out: set[str] = set()
    stack = [root]
    seen = 0
    while stack and seen < 4000:
        v = stack.pop()
        seen += 1
        if isinstance(v, Mapping):
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v[:500])
        elif isinstance(v, (str, int)) and not isinstance(v, bool):
            t = str(v).strip()
            if 4 <= len(t) <= 80 or (2 <= len(t) < 4 and ID_SHAPE.search(t)):
                out.add(t.casefold())
    return frozenset(out)


def record_parts(root: Mapping[Any, Any]) -> frozenset[str]:
    """The top-level keys of the projection whose subtree holds a record id.

    A part without one (``"related": {"type": "device", …}``) beside a part with one (``"case": {"key":
    "CASE-7", …}``) is about something else than the record; with no id anywhere, nothing can be told.
    """
    return frozenset(str(k) for k, v in root.items() if isinstance(v, (Mapping, list)) and ids_of(v))


_GENERIC_ID_WORDS = frozenset({"id", "key", "number", "no", "num", "ref", "uuid", "guid", "code", "name"})
_NAME_WORDS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")


def record_kinds(root: Mapping[Any, Any]) -> frozenset[str]:
    """The words naming what kind of thing the record is: the words of the keys holding its id
    (``ticket_id``, ``ticketKey`` → ``ticket``) and of the top-level parts holding one, generic id
    words aside. A part that says it is such a thing (``"kind": "ticket"``) is the record, not another
    thing beside it."""
    out: set[str] = set()
    stack: list[tuple[str, Any]] = [(str(k), v) for k, v in root.items()]
    seen = 0
    while stack and seen < 2000:
        name, v = stack.pop()
        seen += 1
        if type(v) is str:
            if RECORD_ID.fullmatch(v) and ID_SHAPE.search(v):
                out.update(w.casefold() for w in _NAME_WORDS.findall(name))
        elif isinstance(v, Mapping):
            stack.extend((str(k), x) for k, x in v.items())
    out.update(w.casefold() for part in record_parts(root) for w in _NAME_WORDS.findall(part))
    return frozenset(out - _GENERIC_ID_WORDS)


def path_kinds(root: Any, tokens: list[str], label_norms: frozenset[str]) -> list[str]:
    """The kinds that the objects on the way from the projection's top to a field (``tokens``,
    unescaped) say they are (see :func:`typed_path`), casefolded."""
    out: list[str] = []
    node = root
    for tok in tokens:
        if isinstance(node, Mapping):
            for key in TYPE_KEYS.intersection(node):
                kind = node[key]
                if type(kind) is str and 0 < len(kind) <= 40 and normalize_needle(kind) not in label_norms:
                    out.append(kind.casefold())
            node = node.get(tok)
        elif isinstance(node, list) and tok.isdigit() and int(tok) < len(node):
            node = node[int(tok)]
        else:
            break
    return out


def typed_path(root: Any, tokens: list[str], label_norms: frozenset[str]) -> bool:
    """An object on the way from the projection's top to a field (``tokens``, unescaped) says what kind
    of thing it is (``"type": "device"``, ``"kind": "profile"``): a short word under a type key that is
    not a label."""
    return bool(path_kinds(root, tokens, label_norms))


_SERIAL = re.compile(r"([a-z]+[-_#]?)(\d{1,12})")
"""An id of a prefix of letters and a serial number (``cs-38870``, ``inc0007256``), casefolded."""
_ID_RANGE = re.compile(
    r"(?<![\w-])([A-Za-z]+[-_#]?)(\d{1,12})\s*(?:through|thru|to|until|till|–|—|-|\.\.\.?)\s*(?:([A-Za-z]+[-_#]?))?"
    r"(\d{1,12})(?![\w-])"
)
"""A range of ids written as its two ends (``CS-38845 through CS-38872``, ``INC-10..INC-20``, ``T-4–9``)."""


_ID = re.compile(r"(?<![\w-])([A-Za-z]+[-_#]?)(\d{1,12})(?![\w-])")
"""An id written in a text: a prefix of letters and a serial number (``PRJ-757``, ``INC0007256``)."""
_SENTENCE_BREAK = re.compile(r"[.!?](?=\s)|\n")
_SENTENCE_REACH = 300
_PROSE_TOKENS = 5
_PLAIN = re.compile(r"[\"'(*_]*[^\W\d_]+(?:['’-][^\W\d_]+)*[\"').,;:!?*_]*")
"""A plain word with the punctuation around it: seven in ten of a sentence's tokens at least, five tokens or more."""
"""Characters read each side of a hit for its sentence: a bound, so that many hits in a long text cost linear time."""


@lru_cache(maxsize=64)
def own_serials(values: frozenset[str]) -> frozenset[tuple[str, int]]:
    """The ids among ``values`` made of a prefix of letters and a serial number, as ``(prefix, number)`` (read once
    per item: a frozenset keeps its hash)."""
    return frozenset((m.group(1), int(m.group(2))) for v in values if (m := _SERIAL.fullmatch(v)) is not None)


def prose_sentence(text: str, start: int, end: int) -> tuple[int, str] | None:
    """The sentence of ``text`` around ``start:end`` (at most :data:`_SENTENCE_REACH` characters each side) and where
    it starts, when it is a sentence of prose: five words or more, seven in ten of them plain words (not a table's or
    a markup's run of cells and ids); else ``None``."""
    lo, hi = max(0, start - _SENTENCE_REACH), min(len(text), end + _SENTENCE_REACH)
    breaks = [m.end() for m in _SENTENCE_BREAK.finditer(text, lo, start)]
    a = breaks[-1] if breaks else lo
    after = _SENTENCE_BREAK.search(text, end, hi)
    sentence = text[a : after.start() if after else hi]
    tokens = sentence.split()
    if len(tokens) < _PROSE_TOKENS or sum(1 for t in tokens if _PLAIN.fullmatch(t)) * 10 < len(tokens) * 7:
        return None
    return a, sentence


def about_other_id(text: str, start: int, end: int, values: frozenset[str]) -> bool:
    """Whether the sentence of ``text`` around ``start:end`` names a record of this record's id scheme other than
    this one and not this one (``Portfolio note: sister project PRJ-757 is reported off track`` in the report of
    ``PRJ-7495``), in the label's own clause (no clause mark between them, :data:`_CLAUSE_MARK`): what it says is
    about that record (principle 3). The scheme is the prefix of an id among
    ``values`` (the projection's own values, :func:`record_values`). Only a sentence of prose is read so: a table's
    row or a markup's run of cells holds other records' ids beside this record's own values."""
    own = own_serials(values)
    if not own:
        return False
    found = prose_sentence(text, start, end)
    if found is None:
        return False
    at, sentence = found
    a, b = start - at, end - at
    matches = list(_ID.finditer(sentence))
    named = {(m.group(1).casefold(), int(m.group(2))) for m in matches}
    if not named or named & own:
        return False
    prefixes = {p for p, _n in own}
    # the other record's id in the label's own clause: ``While PRJ-5000 recovered, the fit-out got marked on track``
    # gives this record's status after the comma (review 42)
    return any(
        m.group(1).casefold() in prefixes
        and (
            _CLAUSE_MARK.search(sentence, *((m.end(), a) if m.end() <= a else (b, m.start()))) is None
            or _set_off_subject(sentence, m, a)
        )
        for m in matches
    )


def _set_off_subject(sentence: str, m: re.Match[str], a: int) -> bool:
    """The id ``m`` is the subject of the label's clause, set off from it by an apposition (``PRJ-882, our neighbour
    on site, was marked at risk``, ``PRJ-882 (the depot build) was marked at risk``; review 43): it ends the sentence's
    first clause, the next clause mark closes the apposition, and the label at ``a`` stands in the clause after it.
    A first clause with words after the id (``While PRJ-5000 recovered, the fit-out …``) is a clause of its own."""
    if m.end() > a or _CLAUSE_MARK.search(sentence, 0, m.start()) is not None:
        return False
    opened = _CLAUSE_MARK.search(sentence, m.end(), a)
    if opened is None or sentence[m.end() : opened.start()].strip():
        return False
    closed = _CLAUSE_MARK.search(sentence, opened.end(), a)
    if closed is None or _CLAUSE_MARK.search(sentence, closed.end(), a) is not None:
        return False
    # an apposition joining this record to the other (``PRJ-1139, together with this project, was marked …``; review
    # 43b) makes the clause about both
    return _JOINING.search(sentence, opened.end(), closed.start()) is None


_JOINING = re.compile(r"\b(?:this|these|with|and|both|also|too|as well as)\b", re.I)
"""Words of an apposition that join the record in question to the other one named (``together with this project``)."""


_CLAUSE_MARK = re.compile(r"[,;:()\u2013\u2014]|\s-\s")
"""What ends a clause inside a sentence: a comma, a semicolon, a colon, a bracket, a dash set apart."""


def outside_id_ranges(text: str, values: frozenset[str]) -> bool:
    """``text`` scopes what it says to ranges of ids of this record's scheme (the prefix of an id among
    ``values``, the projection's own values, :func:`record_values`) none of which holds this record's
    serial number, and it does not name this record's id itself: ``everything from CS-38875 through
    CS-38902 … All of those are High`` is about those records, not about ``CS-38870``. ``False`` when a
    range holds this record or no range of its scheme is written."""
    if len(text) > 20_000 or not any(ch.isdigit() for ch in text):
        return False
    ranges = [
        (m.group(1).casefold(), int(m.group(2)), int(m.group(4)))
        for m in _ID_RANGE.finditer(text)
        if m.group(3) is None or m.group(3).casefold() == m.group(1).casefold()
    ]
    if not ranges:
        return False
    own = [(m.group(1), int(m.group(2))) for v in values if (m := _SERIAL.fullmatch(v)) is not None]
    low = text.casefold()
    scoped = False
    for prefix, number in own:
        mine = [(lo, hi) for p, lo, hi in ranges if p == prefix and lo < hi]
        if not mine:
            continue
        if f"{prefix}{number}" in low or any(lo <= number <= hi for lo, hi in mine):
            return False
        scoped = True
    return scoped
