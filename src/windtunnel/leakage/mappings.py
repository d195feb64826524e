"""Key → label mappings in a projection: the tables a selection reads the label through.

A record often holds a mapping from keys to the labels: a phone menu ("For Billing, press 1"), a
header defining one bit per label, the options of a form with their mark ids and boxes, a lookup table
of two inputs, a catalogue of rules each setting the field to one label. This module finds them, in
the JSON structure and in text, and says which label each entry names and by which keys it is reached
(:mod:`windtunnel.leakage.selection` decides whether this record selects one of them):

* **rows**: a list of two objects or more whose leaf at one path names a label as a value (the whole
  value, or an identifier holding it as words: ``"Billing"``, ``WQ_LEGAL``, ``department__finance``)
  naming three labels at least (every label of a smaller set). Each object's other scalar leaves are its keys,
  by field name (``"id": 360010011``, ``"mark": 21``, ``"impact": "1 - High"``), and a list of four
  numbers is its box (``[x1, y1, x2, y2]``). Every row naming a label has a key with a digit (or a text
  of three words) or a box; a label in several rows needs two key fields a row (a lookup of inputs):
  rows of values alone are a history or a tally of votes, not a mapping.
* **pairs**: an object whose values name labels, keyed by properties that are data (numbers, codes with
  a digit, single characters: ``{"1": "WQ_LEGAL", "2": "WQ_FINANCE"}``): the property is the key.
* **text**: a string whose segments (lines; sentences; clauses of a sentence naming several labels;
  CSS-like rules ending in ``}``) each name one label and hold one number (``For Billing, press 1.``,
  ``#define F_CAT_BILLING 0x0010``); a piece whose label stands beside a comparison (``D<=min(0.25t,5)``) is a
  definition of the label by a bound, not an entry. When every entry's number is a distinct power of two (and the
  text writes one in hex or as a shift, or the largest is 16 or more), the keys are bits of a flag word.

A label is found as whole words in any case, its words joined by blanks, ``_`` or ``-`` (so
``ACCOUNT_ACCESS`` names ``Account Access``), the longest label first (``NOT_SPAM`` names ``Not Spam``,
not ``Spam``); a label of one or two characters only as given or in capitals, or in any case inside an
identifier (``department__hr``, ``badge--s``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

# A number that is a whole token: decimal or hex, optionally shifted (``1 << 4``).
_NUMBER = re.compile(r"(?<!\w)(?<!\d\.)(0[xX][0-9a-fA-F]+|\d+)(?:\s*<<\s*(\d+))?(?!\w|\.\d)")
# Where a text splits into segments: a line break, a sentence end, the end of a CSS-like rule.
_SEGMENT_END = re.compile(r"\n|[.;!?](?=\s|$)|\}")
# Where a segment naming several labels splits into clauses.
_CLAUSE_END = re.compile(r",|\s(?:or|and)\s")
# A comparison beside a label (``D<=min(0.25t,5)``, ``0.5 < High``): the label is a term of a condition.
# (``<`` or ``>`` alone only before a number: not a markup tag's bracket.)
_COMPARISON = re.compile(r"\s?(?:[<>]=|[≤≥]|[<>]\s?[\d.(+-])")
_COMPARED = re.compile(r"(?:[<>]=|[≤≥]|\d\s?[<>])\s?$")
# A bound in a piece: a number after a comparison (``< 15``, ``>= 40``, ``≤ 3``) or an end of a range of numbers
# (``15-24.9``, ``25 – 39.9``, ``3 to 5``): the piece defines its label by the bounds (principle 3), no key picks it.
_BOUND = re.compile(r"(?<![<>])(?:[<>]=?|[≤≥])(?![<>])\s*\d|\d(?:[.,]\d+)?\s*(?:-|–|—|\bto\b)\s*\d")
"""(A shift, ``1 << 2``, is no comparison.)"""
# Words of a name: camelCase and snake_case split, lower-cased.
_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
# An identifier of words joined by ``_`` or ``-`` (``badge--billing``, ``TKT_F_CAT_BILLING``).
_IDENTIFIER = re.compile(r"(?<![\w-])[^\W_]+(?:[-_]+[^\W_]+)+(?![\w-])")
IDENT = "#name"
"""The key field of a text entry's name: an identifier holding the label, glued (``badge--billing``)."""
# One name set to a value: ``priority = "P3"``, ``category: billing``, ``sev==high``.
_PAIR = re.compile(r"\s*(?:[\w.\-]+|\$?\{\{?[^{}\s]{1,60}\}?\})\s*(?:==?|:)\s*[\"']?([^\"'=:]+?)[\"']?\s*$")
"""The name may be a placeholder for another answer (``${q://QID1/ChoiceGroup/SelectedChoices} = 'Negative'``,
``{{q1}} == "Yes"``): a condition on a field whose name is written as a reference to it."""
_UNITS = {
    **dict.fromkeys(("ms", "millis", "milliseconds"), 0.001),
    **dict.fromkeys(("s", "sec", "secs", "seconds"), 1.0),
    **dict.fromkeys(("m", "min", "mins", "minutes"), 60.0),
    **dict.fromkeys(("h", "hr", "hrs", "hours"), 3600.0),
    **dict.fromkeys(("d", "days"), 86400.0),
    **dict.fromkeys(("w", "weeks"), 604800.0),
}
_DURATION = re.compile(r"(\d+(?:\.\d+)?)\s*(ms|millis|s|sec|secs|m|min|mins|minutes|h|hr|hrs|hours|d|days|w|weeks)")
_TEXT_LIMIT = 20_000
_VALUE_LIMIT = 80


def norm_key(value: Any) -> str | None:
    """A key or selector value as compared: a number (int, decimal or hex text) as its decimal
    integer, other text casefolded with blanks collapsed; ``None`` for what cannot be a key
    (booleans, null, empty text, containers)."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    if not isinstance(value, str):
        return None
    text = " ".join(value.split()).casefold()
    if not text:
        return None
    number = int_value(text)
    return str(number) if number is not None else text


def int_value(value: Any) -> int | None:
    """``value`` as a non-negative integer when it is one (an int, or a text that is a decimal or
    ``0x`` hex number), else ``None``."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if value >= 0 else None
    if isinstance(value, str):
        text = value.strip()
        if re.fullmatch(r"\d{1,18}", text):
            return int(text)
        if re.fullmatch(r"0[xX][0-9a-fA-F]{1,16}", text):
            return int(text, 16)
    return None


def duration(name: str, value: Any) -> float | None:
    """The length of time ``value`` states, in seconds: a text with a unit (``"8h"``, ``"30 min"``,
    ``"3d"``), or a number under a name ending in a unit (``target_minutes``, ``duration_ms``,
    ``millis``); ``None`` otherwise."""
    if isinstance(value, str):
        m = _DURATION.fullmatch(value.strip().casefold())
        if m is None:
            return None
        number, unit = float(m.group(1)), m.group(2)
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        words = re.findall(r"[a-z]+", re.sub(r"(?<=[a-z])(?=[A-Z])", "_", name).casefold())
        if not words or words[-1] not in _UNITS:
            return None
        number, unit = float(value), words[-1]
    else:
        return None
    return number * _UNITS[unit]


def name_words(name: str) -> frozenset[str]:
    """The words of a field name or text, lower-cased, three letters or more, an ``-ing`` / ``-ed`` and
    then a plural ``s`` dropped (``numDigits`` → ``num``, ``digit``; ``tkt_flags`` → ``tkt``, ``flag``;
    ``pressed`` and ``press`` alike)."""
    out = set()
    for w in _WORD.findall(name):
        w = w.casefold()
        if len(w) < 3 or w.isdigit():
            continue
        for suffix in ("ing", "ed"):
            if w.endswith(suffix) and len(w) - len(suffix) >= 3:
                w = w[: -len(suffix)]
                break
        out.add(w[:-1] if w.endswith("s") and len(w) > 3 else w)
    return frozenset(out)


class LabelFinder:
    """Finds the labels of a label set named as whole words in a text (see the module docstring)."""

    def __init__(self, labels: Sequence[str]) -> None:
        """Compile one pattern for ``labels``; labels are reported in their given spelling.

        A label's words may be joined by spaces, underscores or hyphens, in any case. A label of two characters
        or fewer (``HR``, ``P1``) matches only as written, upper-cased, or in any case where it touches an
        identifier's ``_`` or ``-`` (``department__hr``), so that ``hr`` in prose is not a label. Longer
        alternatives come first so a label inside another (``Spam`` in ``Not spam``) loses to it; a match must
        stand at a word boundary or a camel-case hump. Labels without any word make no alternative, and
        ``pattern`` is ``None`` when none is left.
        """
        alts: list[tuple[int, str]] = []
        self._group_label: dict[str, str] = {}
        for label in labels:
            words = re.findall(r"[^\W_]+", label)
            if not words:
                continue
            joined = r"[\s_\-]*".join(re.escape(w) for w in words)
            if len(label.strip()) <= 2:  # as written, or in any case inside an identifier (``department__hr``)
                short = re.escape(label.strip())
                body = rf"(?:{short}|{re.escape(label.strip().upper())}|(?<=[_\-])(?i:{short})|(?i:{short})(?=[_\-]))"
            else:
                body = f"(?i:{joined})"
            group = f"g{len(alts)}"
            self._group_label[group] = label
            alts.append((len(" ".join(words)), rf"(?P<{group}>{body})"))
        body = "|".join(alt for _n, alt in sorted(alts, key=lambda x: -x[0]))
        start = r"(?:(?<![^\W_])|(?<=[a-z])(?=[A-Z]))"
        end = r"(?:(?![^\W_])|(?<=[a-z])(?=[A-Z]))"
        self.pattern = re.compile(f"{start}(?:{body}){end}") if alts else None
        self.size = len(set(self._group_label.values()))
        """How many labels the set has."""

    def find(self, text: str) -> list[tuple[str, int, int]]:
        """``(label, start, end)`` of each label named in ``text``, left to right, longest first."""
        if self.pattern is None:
            return []
        return [(self._group_label[m.lastgroup or ""], m.start(), m.end()) for m in self.pattern.finditer(text)]

    def value_label(self, text: str) -> str | None:
        """The one label ``text`` names as a value: the whole value, or an identifier holding it
        (``WQ_LEGAL``, ``department__finance``), also set to one name (``priority = "P3"``); ``None``
        when another word stands beside it (a title, ``Spam Verdict``, ``Attachments (2)``)."""
        if len(text) > _VALUE_LIMIT:
            return None
        pair = _PAIR.match(text)
        if pair:  # a condition or a setter naming one field: ``priority = "P3"``, ``category: billing``
            text = pair.group(1)
        hits = self.find(text)
        if not hits or len({lab for lab, _a, _b in hits}) != 1:
            return None
        rest = text
        for _lab, a, b in reversed(hits):
            rest = rest[:a] + "\0" + rest[b:]
        for chunk in rest.split():
            if "\0" not in chunk and any(ch.isalnum() for ch in chunk):
                return None  # another word beside the label: a title or a quantity ("Attachments (2)")
        return hits[0][0]


@dataclass
class Entry:
    """One entry of a mapping: the label it names (``None`` when it names none) and how it is reached."""

    path: tuple[str, ...]
    """The entry's place: an element or property of a JSON container, or the string of a text mapping."""
    label: str | None
    keys: dict[str, set[str]] = field(default_factory=dict)
    """Field name (casefolded; ``""`` for a property name or a text's number) → normalised key values."""
    label_fields: set[str] = field(default_factory=set)
    """The field names whose value names the label (a selection by them is not a lookup)."""
    box: tuple[float, float, float, float] | None = None
    span: tuple[int, int] | None = None
    """For a text mapping: the segment of the string."""
    bits: int | None = None
    """For a flag-word mapping: the entry's bit value."""
    durations: set[float] = field(default_factory=set)
    """Lengths of time the entry's keys state, in seconds (``"8h"``, ``"target_minutes": 240``)."""


@dataclass
class LabelMapping:
    """A mapping found in the projection: its container, its entries and the words that name it."""

    path: tuple[str, ...]
    kind: str
    """``rows``, ``pairs`` or ``text``."""
    entries: list[Entry]
    words: frozenset[str]
    """Words of the container's path (and, for a text, of the text): a selector's name must share one
    to be read through a mapping keyed by bare numbers or property names."""
    bits: bool = False

    def labelled(self) -> list[Entry]:
        """The entries that name a label."""
        return [e for e in self.entries if e.label is not None]


def find_mappings(projection: Any, finder: LabelFinder) -> list[LabelMapping]:
    """Every mapping of two labels or more in ``projection`` (rows, pairs and text; see the module)."""
    return list(_walk(projection, (), finder))


def _walk(node: Any, path: tuple[str, ...], finder: LabelFinder) -> Iterator[LabelMapping]:
    """Depth first: the mappings at ``node`` and below it.

    A string is tried as a text mapping, a list as rows, an object as pairs; the walk then goes into every
    child whatever was found, so a mapping nested inside another is reported too. Paths are tuples of keys
    and indices as strings.
    """
    if isinstance(node, str):
        found = _text_mapping(node, path, finder)
        if found is not None:
            yield found
        return
    if isinstance(node, list):
        rows = _rows_mapping(node, path, finder)
        if rows is not None:
            yield rows
        for i, v in enumerate(node):
            yield from _walk(v, (*path, str(i)), finder)
    elif isinstance(node, Mapping):
        pairs = _pairs_mapping(node, path, finder)
        if pairs is not None:
            yield pairs
        for k, v in node.items():
            yield from _walk(v, (*path, str(k)), finder)


def _distinct(entries: list[Entry], finder: LabelFinder) -> bool:
    """Whether the entries name enough labels to be a mapping of the label set: three, or every label
    of a smaller set (two section headings of a numbered document holding a label word are not a menu)."""
    return len({e.label for e in entries if e.label is not None}) >= min(3, finder.size)


def _leaves(node: Any, rel: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Scalar leaves and number lists (boxes) of ``node`` with their relative paths.

    A list of one to four numbers (booleans excluded) is yielded whole, as a possible bounding box, and not
    descended into; an empty list yields nothing. Every other list is walked item by item like an object.
    """
    if isinstance(node, Mapping):
        for k, v in node.items():
            yield from _leaves(v, (*rel, str(k)))
    elif isinstance(node, list):
        if node and len(node) <= 4 and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in node):
            yield rel, node
            return
        for i, v in enumerate(node):
            yield from _leaves(v, (*rel, str(i)))
    else:
        yield rel, node


def field_name(path: Sequence[str]) -> str:
    """The name of the field at ``path``: its last part that is not a list index, casefolded."""
    for part in reversed(path):
        if not part.isdigit():
            return part.casefold()
    return ""


def _rows_mapping(node: list[Any], path: tuple[str, ...], finder: LabelFinder) -> LabelMapping | None:
    """A list of objects whose leaf at one path names a label in two entries or more (see the module).

    A relative path is an output when its values name at least three distinct labels (or all of a smaller
    set); a field whose values are templated around a label counts as naming it. Every object becomes an
    entry keyed by its other scalar leaves (durations noted), a four-number list with positive extent being
    its box. The list is refused when a labelled row carries no key-like value or box (a history or a vote,
    not a lookup of inputs) or when a label repeats across rows of a single key each (a tally).
    """
    objects = [(i, v) for i, v in enumerate(node) if isinstance(v, Mapping)]
    if len(objects) < 2:
        return None
    named: dict[tuple[str, ...], dict[int, str]] = {}
    leaves: dict[int, list[tuple[tuple[str, ...], Any]]] = {}
    for i, obj in objects:
        leaves[i] = list(_leaves(obj, ()))
        for rel, value in leaves[i]:
            if isinstance(value, str):
                label = finder.value_label(value)
                if label is not None:
                    named.setdefault(rel, {})[i] = label
    for rel, by in _templated(objects, leaves, finder).items():
        if rel not in named:
            named[rel] = by
    outputs = {rel: by for rel, by in named.items() if len(set(by.values())) >= min(3, finder.size)}
    if not outputs:
        return None
    entries = []
    for i, _obj in objects:
        labels = {by[i] for by in outputs.values() if i in by}
        entry = Entry((*path, str(i)), next(iter(labels)) if len(labels) == 1 else None)
        entry.label_fields = {field_name(rel) for rel, by in outputs.items() if i in by}
        for rel, value in leaves[i]:
            if isinstance(value, list):
                if len(value) == 4 and value[2] > value[0] and value[3] > value[1]:
                    entry.box = (float(value[0]), float(value[1]), float(value[2]), float(value[3]))
                continue
            key = norm_key(value)
            if key is not None and rel not in outputs:
                entry.keys.setdefault(field_name(rel), set()).add(key)
                seconds = duration(field_name(rel), value)
                if seconds:
                    entry.durations.add(seconds)
        entries.append(entry)
    labelled = [e for e in entries if e.label is not None]
    keyed = [e for e in labelled if e.box or any(_key_like(v) for keys in e.keys.values() for v in keys)]
    if len(keyed) < len(labelled):
        return None  # a row reached by no key is a value (a history, a vote), not an entry
    named_labels = [e.label for e in labelled]
    if len(set(named_labels)) < len(named_labels) and min(len(e.keys) for e in labelled) < 2:
        return None  # a label in several rows of one key each is a tally (votes), not a lookup of inputs
    return LabelMapping(path, "rows", entries, name_words(" ".join(path)))


def _templated(
    objects: list[tuple[int, Any]], leaves: dict[int, list[tuple[tuple[str, ...], Any]]], finder: LabelFinder
) -> dict[tuple[str, ...], dict[int, str]]:
    """Per leaf path, the label each row's text there names when every row's text is one template with
    the label in it (``Billing desk``, ``Returns desk``: the same words around a different label in each
    row, three rows at least): the rows are named after the labels, the template's words name what they
    are. A title whose other words differ from row to row names no label here."""
    texts: dict[tuple[str, ...], dict[int, tuple[str, str]]] = {}
    for i, _obj in objects:
        for rel, value in leaves[i]:
            if not isinstance(value, str) or len(value) > 80:
                continue
            hits = finder.find(value)
            if len(hits) != 1:
                continue
            label, a, b = hits[0]
            texts.setdefault(rel, {})[i] = (label, " ".join((value[:a] + "\0" + value[b:]).casefold().split()))
    out: dict[tuple[str, ...], dict[int, str]] = {}
    for rel, by in texts.items():
        shapes = {shape for _label, shape in by.values()}
        if len(by) >= 3 and len(shapes) == 1 and shapes != {"\0"} and len(by) == len(objects):
            out[rel] = {i: label for i, (label, _shape) in by.items()}
    return out


def _key_like(key: str) -> bool:
    """Whether a normalised key can reach one entry: it holds a digit, or is a text of three words."""
    return any(ch.isdigit() for ch in key) or len(key.split()) >= 3


def _pairs_mapping(node: Mapping[Any, Any], path: tuple[str, ...], finder: LabelFinder) -> LabelMapping | None:
    """An object whose values name labels, keyed by property names that are data, not field names:
    numbers or codes with a digit, or single characters (``{"1": "WQ_LEGAL", "2": "WQ_FINANCE"}``;
    ``{"oldvalue": "Sev4", "newvalue": "Sev2"}`` is a record's fields)."""
    if len(node) < 2:
        return None
    entries = []
    for k, v in node.items():
        label = finder.value_label(v) if isinstance(v, str) else None
        if label is None:
            continue
        name = str(k).strip()
        if not (len(name) == 1 or any(ch.isdigit() for ch in name)):
            return None
        entry = Entry((*path, str(k)), label)
        key = norm_key(name)
        if key is not None:
            entry.keys[""] = {key}
        entries.append(entry)
    if len(entries) < 2 or not _distinct(entries, finder):
        return None
    return LabelMapping(path, "pairs", entries, name_words(" ".join(path)))


def _segments(text: str) -> Iterator[tuple[int, int]]:
    """The segments of ``text``: lines, sentences, CSS-like rules (see the module)."""
    start = 0
    for m in _SEGMENT_END.finditer(text):
        if m.end() > start:
            yield start, m.end()
        start = m.end()
    if start < len(text):
        yield start, len(text)


def _names(text: str, a: int, b: int, label: str) -> set[str]:
    """The identifiers in ``text[a:b]`` (words joined by ``_`` or ``-``) whose words hold ``label``'s
    words in a row, in any case (``badge--billing``, ``TKT_F_CAT_BILLING``, ``badge--s``)."""
    want = [w.casefold() for w in re.findall(r"[^\W_]+", label)]
    out = set()
    for m in _IDENTIFIER.finditer(text, a, b):
        parts = [p for p in re.split(r"[-_]+", m.group().casefold()) if p]
        if any(parts[i : i + len(want)] == want for i in range(len(parts) - len(want) + 1)):
            out.add(m.group().casefold())
    return out


def _compared(text: str, a: int, b: int) -> bool:
    """Whether the label at ``text[a:b]`` stands beside a comparison (``D<=min(0.25t,5)``, ``80 <= High``): the
    text states a bound that defines the label; its numbers are the bound's, not keys."""
    return _COMPARISON.match(text, b) is not None or _COMPARED.search(text, max(0, a - 4), a) is not None


def _text_mapping(text: str, path: tuple[str, ...], finder: LabelFinder) -> LabelMapping | None:
    """A text whose segments each name one label and hold one number (see the module).

    Each segment naming two labels is split further at its clause ends; a piece naming more than one label
    is skipped. A piece with exactly one number outside the label's words becomes an entry keyed by that
    number (``0x10`` and ``1<<4`` read as 16); failing that, a labelled piece with exactly one identifier
    becomes an entry keyed by the name. The text is keyed by numbers when two labelled entries or more
    carry distinct numbers and distinct labels (unlabelled numbered pieces then still define bits), else by
    names, which needs two entries or more with distinct labels. The mapping is a bit field when every value
    is a distinct power of two, three or more of them, written in hex or reaching 16. Texts shorter than 8
    characters or over :data:`_TEXT_LIMIT`, or naming fewer than two labels, are not looked at.
    """
    if len(text) > _TEXT_LIMIT or len(text) < 8:
        return None
    hits = finder.find(text)
    if len({lab for lab, _a, _b in hits}) < 2:
        return None
    entries: list[Entry] = []
    hexed = False
    for a, b in _segments(text):
        pieces = [(a, b)]
        inside = [h for h in hits if a <= h[1] < b]
        if len({lab for lab, _x, _y in inside}) > 1:
            pieces = []
            start = a
            for m in _CLAUSE_END.finditer(text, a, b):
                pieces.append((start, m.start()))
                start = m.end()
            pieces.append((start, b))
        for pa, pb in pieces:
            labels = {lab for lab, x, y in hits if pa <= x and y <= pb}
            if len(labels) > 1:
                continue
            spans = [(x, y) for _lab, x, y in hits if pa <= x and y <= pb]
            numbers = [m for m in _NUMBER.finditer(text, pa, pb) if not any(x <= m.start() < y for x, y in spans)]
            label = next(iter(labels)) if labels else None
            if any(_compared(text, x, y) for x, y in spans) or (numbers and _BOUND.search(text, pa, pb)):
                continue  # a definition of the label by a bound (principle 3), not an entry a key picks
            idents = _names(text, pa, pb, label) if label is not None else set()
            if len(numbers) == 1:
                m = numbers[0]
                value = int(m.group(1), 0) if m.group(1)[:2].casefold() == "0x" else int(m.group(1))
                if m.group(2):
                    value <<= int(m.group(2))
                    hexed = True
                hexed = hexed or m.group(1)[:2].casefold() == "0x"
                entry = Entry(path, label, span=(pa, pb), bits=value)
                entry.keys[""] = {str(value)}
            elif len(idents) == 1 and label is not None:
                entry = Entry(path, label, span=(pa, pb))
            else:
                continue
            if len(idents) == 1:
                entry.keys[IDENT] = set(idents)
            entries.append(entry)
    numbered = [e for e in entries if e.bits is not None]
    by_number = [e for e in numbered if e.label is not None]
    if len(by_number) >= 2 and _distinct(by_number, finder) and len({e.bits for e in by_number}) == len(by_number):
        entries = numbered  # keyed by numbers; unlabelled ones still define bits
    else:
        entries = [e for e in entries if e.label is not None and IDENT in e.keys]  # keyed by names
        for e in entries:
            e.bits = None
            e.keys.pop("", None)
        if len(entries) < 2 or not _distinct(entries, finder):
            return None
    values = [e.bits for e in entries if e.bits is not None]
    bits = (
        len(set(values)) == len(values) >= 3
        and len(values) == len(entries)
        and all(v > 0 and v & (v - 1) == 0 for v in values)
        and (hexed or max(values) >= 16)
    )
    return LabelMapping(path, "text", entries, name_words(text) | name_words(" ".join(path)), bits)
