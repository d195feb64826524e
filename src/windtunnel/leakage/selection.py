"""Principle 6: a selector of this record read through a mapping gives the label away; a mapping alone lists.

A phone menu ("For Billing, press 1"), a header defining one bit per label, a form's options with their
boxes and mark ids, an impact × urgency lookup table, a catalogue of rules each setting the field to one
label: each is a *mapping* from keys to labels (:mod:`windtunnel.leakage.mappings` finds them). With a
*selector* of this record that resolves through it to one label (the digit the caller pressed, the flag
word, the click's point or mark, this record's impact and urgency, the id of the rule that fired), the
answer is given away although it is never written next to the record: ``direct.selection`` (high), at
the selector. Without one, the mapping names every label evenly: a listing of the label set (principle 3),
and nothing inside its entries is reported (an entry the mapping itself marks, by a ``true`` flag the
others lack or a ``freetext.selected`` finding — a ticked box, marks that set it apart, a tally's
majority — is left to the other rules).

A selector is a scalar of the projection outside the mapping:

* for rows (a list of objects): the fields of one object named like the rows' key fields, whose values
  (numbers, codes with a digit, or texts of three words or more) pick the rows holding them all; an
  integer of four digits or more equal to one row's key under any name (an id, a duration in ms); two
  times of one part of the record whose difference is the duration one row states (an SLA's start and
  deadline against a policy's targets);
  a pair of numbers that falls inside exactly one row's box ``[x1, y1, x2, y2]``; a field of an object
  the record links to by id (the record's ``assignee_id`` names one roster entry, whose ``desk_id`` is one
  row's key: :func:`_linked_picks`);
* for pairs and text (keys that are property names or bare numbers): an integer of four digits or more
  under any name (the record's id picks its own line); a value whose field's name shares a word with
  the mapping's path or text (``Digits`` and ``numDigits``; ``tkt_flags`` and a header
  mentioning ``tkt_flags``), equal to a key, or, for a flag word, an integer (decimal or hex) whose set
  bits are all bits the mapping defines and include exactly one label's bit.

A selection counts when every selector found resolves to one label; it is a leak when that label is the
answer. The finding is at the selector, except when the record's id picks its own row and the scan
already reports the answer in that row (structure resolution's case): the row's finding stands alone, so
the sanitizer clears the cell, not the id.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping, Sequence
from datetime import datetime, timezone
from functools import lru_cache
from typing import Any, NamedTuple

from windtunnel.leakage.mappings import (
    IDENT,
    Entry,
    LabelFinder,
    LabelMapping,
    field_name,
    find_mappings,
    int_value,
    name_words,
    norm_key,
)
from windtunnel.leakage.mention import naming_re
from windtunnel.leakage.model import Finding
from windtunnel.leakage.pointers import containers, parse_pointer, raw_finding
from windtunnel.leakage.predictions import allowed_words, ranked_first
from windtunnel.leakage.resolve import id_tokens
from windtunnel.leakage.text import normalize_needle

_ISO_TIME = re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?")
# A name set to a short value in a text: ``Digits=2``, ``flags: 0x23`` (not ``http://``, not a sentence).
_TEXT_PAIR = re.compile(r"(?<![\w./-])([A-Za-z][\w.-]{0,40})\s?[=:]\s?[\"']?([\w+#.-]{1,40})(?=[\"'\s&;,)}\]]|$)")
_PAIR_TEXT_LIMIT = 50_000
_Path = tuple[str, ...]
_Pick = tuple[_Path, tuple[int, int] | None, Entry, bool]
"""(selector path, span of a selector in a text or None, the entry it picks, whether the selector is a
value naming the record — its id or subject — that picks its own row)."""


@lru_cache(maxsize=256)
def _finder(labels: tuple[str, ...]) -> LabelFinder:
    """One compiled finder per label set (items of a dataset share theirs)."""
    return LabelFinder(labels)


def apply_selection(
    item_id: str,
    projection: Any,
    expected: Sequence[str],
    label_set: Sequence[str],
    findings: list[Finding],
    target: str | None = None,
) -> list[Finding]:
    """``findings`` without those inside a mapping's entries that no selector picks (a listing), and
    with a ``direct.selection`` finding at each selector that resolves to the answer. ``target``, the task's
    name, may name a model's scores on the rows (``priority_score``: :func:`_marked`).

    Returns ``findings`` itself (the same list) when the projection holds no mapping of the labels."""
    if len(label_set) < 2 or not isinstance(projection, (Mapping, list)) or not _gate(projection, label_set):
        return findings
    finder = _finder(tuple(label_set))
    mappings = find_mappings(projection, finder)
    if not mappings:
        return findings
    answers = {" ".join(e.casefold().split()) for e in expected}
    leaves = list(_leaves(projection))
    added: list[Finding] = []
    dropped: list[Entry] = []
    for mapping in mappings:
        picks = list(_selections(mapping, leaves, projection, finder))
        labels = {entry.label for _path, _span, entry, _own in picks if entry.label is not None}
        marked = _marked(mapping, projection, label_set, target)
        for entry in mapping.labelled():
            if id(entry) in marked:
                continue
            if len(labels) == 1 and any(e is entry for _p, _s, e, _o in picks):
                continue  # the entry this record selects: its own findings stand beside the selector's
            dropped.append(entry)
        if len(labels) == 1 and " ".join(next(iter(labels)).casefold().split()) in answers:
            seen: set[tuple[_Path, tuple[int, int] | None]] = set()
            for path, span, entry, own in picks:
                value = _value_at(projection, path)
                if own and (span is not None or any(_inside(f, entry) for f in findings if f.blocking)):
                    # the record's id picks its own row, whose cell the scan already reports; an id written
                    # in a text keeps its row's findings and is not a selector of its own
                    continue
                if (path, span) not in seen:
                    seen.add((path, span))
                    added.append(_finding(item_id, path, span, value, expected[0]))
    if not dropped and not added:
        return findings
    # A finding that a listing marks its entry as the chosen one (a ticked box, marks that set it apart, a
    # tally's majority) is a selection the mapping itself makes, like a ``true`` flag: it stays.
    out = [f for f in findings if f.rule == "freetext.selected" or not any(_inside(f, entry) for entry in dropped)]
    have = {(f.pointer, f.rule, f.span) for f in out}
    out += [f for f in added if (f.pointer, f.rule, f.span) not in have]
    return out


def _gate(projection: Any, label_set: Sequence[str]) -> bool:
    """A cheap check: two labels or more occur in the projection's texts at all (as substrings)."""
    blob = repr(projection).casefold().replace("_", " ").replace("-", " ")
    found = 0
    for label in label_set:
        words = label.casefold().replace("_", " ").replace("-", " ").split()
        if words and all(w in blob for w in words):
            found += 1
            if found >= 2:
                return True
    return False


class _Leaf(NamedTuple):
    """A value of the projection that may select: a scalar, a point, or a ``name=value`` pair in a text."""

    path: _Path
    """Where it is written (the string, for a pair in a text)."""
    name: str
    """The name of its field (casefolded)."""
    value: Any
    span: tuple[int, int] | None
    """For a pair in a text: the value's place in the string."""
    group: _Path
    """The object (or the line of a text) it belongs to: the fields that select together."""


def _scalars(node: Any, path: _Path) -> Iterator[tuple[_Path, Any]]:
    """Every scalar leaf of the projection, and every list of two numbers (a point), with its path."""
    if isinstance(node, Mapping):
        for k, v in node.items():
            yield from _scalars(v, (*path, str(k)))
    elif isinstance(node, list):
        if len(node) == 2 and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in node):
            yield path, node
            return
        for i, v in enumerate(node):
            yield from _scalars(v, (*path, str(i)))
    else:
        yield path, node


def _leaves(projection: Any) -> Iterator[_Leaf]:
    """The projection's scalars and points, and the ``name=value`` / ``name: value`` pairs written in
    its texts (a log line ``Digits=2``, a query string), each pair grouped with the others of its line."""
    for path, value in _scalars(projection, ()):
        yield _Leaf(path, field_name(path), value, None, path[:-1])
        if isinstance(value, str) and ("=" in value or ":" in value) and len(value) <= _PAIR_TEXT_LIMIT:
            for m in _TEXT_PAIR.finditer(value):
                line = value.count("\n", 0, m.start())
                yield _Leaf(path, m.group(1).casefold(), m.group(2), m.span(2), (*path, f"\n{line}"))


def _under(path: _Path, root: _Path) -> bool:
    """Whether ``path`` is ``root`` or below it."""
    return path[: len(root)] == root


def _key_like(value: Any) -> bool:
    """Whether a value can pick a row by equality: a number, a code with a digit, or a text of three
    words or more (a plain word such as ``open`` is shared by too many things to select one)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return True
    if not isinstance(value, str):
        return False
    return any(ch.isdigit() for ch in value) or len(value.split()) >= 3


def _selections(mapping: LabelMapping, leaves: list[_Leaf], projection: Any, finder: LabelFinder) -> Iterator[_Pick]:
    """``(selector path, span or None, entry)`` for each selector of this record that resolves to one entry.

    Selectors are looked for outside the mapping: a leaf elsewhere in the record, or a place in the
    mapping's own text that falls in no entry (a leaf inside an entry is the definition, not a choice). A
    rows mapping is picked by a row's key, a link, an answer, a tally or a reference; a pairs or text
    mapping by a field named like it; a text mapping also by the entry's name written elsewhere or shown
    beside it. Each kind of pick is its own generator, so adding one is adding a line here.
    """
    spans = [e.span for e in mapping.entries if e.span is not None]
    outside = [
        leaf
        for leaf in leaves
        if not _under(leaf.path, mapping.path)
        or (leaf.span is not None and leaf.path == mapping.path and not any(a <= leaf.span[0] < b for a, b in spans))
    ]
    if mapping.kind == "rows":
        yield from ((leaf.path, leaf.span, e, own) for leaf, e, own in _row_picks(mapping, outside))
        yield from _linked_picks(mapping, outside, projection)
        yield from _answered_picks(mapping, projection)
        yield from _tally_picks(mapping, projection)
        yield from _referred_picks(mapping, outside)
    else:
        yield from ((leaf.path, leaf.span, e, False) for leaf, e in _keyed_picks(mapping, outside))
    if mapping.kind == "text":
        yield from _named_picks(mapping, leaves)
        yield from _shown_picks(mapping, outside, _value_at(projection, mapping.path), finder)


_MAX_OBJECTS = 2000
_PLACEHOLDER = re.compile(r"\s*[\[(<{].*[\])>}]\s*")
"""A value standing in for one that is not given (``[withheld for evaluation]``, ``<redacted>``)."""


def _given(value: Any) -> bool:
    """Whether a slot holds an answer: not null, empty, a placeholder in brackets, ``false``, or an object or
    list that is empty or says it was not shown (a ``false`` in it: ``{"displayed": false}``)."""
    if value is None or value is False:
        return False
    if isinstance(value, str):
        return bool(value.strip()) and _PLACEHOLDER.fullmatch(value) is None
    if isinstance(value, Mapping):
        return bool(value) and all(v is not False for v in value.values())
    if isinstance(value, list):
        return bool(value)
    return True


def _answered_picks(mapping: LabelMapping, projection: Any) -> Iterator[_Pick]:
    """A rows mapping whose rows each name a label and carry a key of their own (``{"id": "q2", …,
    "display_logic": {"equals": "Billing"}}``: a follow-up question shown for one answer) is read through
    an object of the record keyed by those keys, one slot per labelled row (``"answers": {"q2": "INV-4",
    "q3": {"displayed": false}, …}``): when exactly one slot holds an answer and the others none, the
    record went down that row's branch, which names the label (the selector is the answer given)."""
    rows = mapping.labelled()
    if len(rows) < 2:
        return
    owners: dict[str, list[Entry]] = {}
    for e in mapping.entries:
        for values in e.keys.values():
            for v in values:
                owners.setdefault(v, []).append(e)
    own: dict[int, set[str]] = {id(e): {v for vs in e.keys.values() for v in vs if len(owners[v]) == 1} for e in rows}
    if not all(own.values()):
        return
    for node, path in containers(projection, _MAX_OBJECTS, prune=lambda p: _under(p, mapping.path)):
        if not isinstance(node, Mapping):
            continue
        slots: dict[int, str] = {}
        for k in node:
            key = norm_key(str(k))
            for e in rows:
                if key is not None and key in own[id(e)]:
                    slots[id(e)] = str(k)
        if len(slots) != len(rows):
            continue  # an object keyed by every labelled row, one slot each
        given = [e for e in rows if _given(node[slots[id(e)]])]
        if len(given) == 1:
            yield (*path, slots[id(given[0])]), None, given[0], False


_COUNT_NAME = re.compile(r"(?:^|_)(?:count|counts|votes?|tally|responses|respondents|answers)(?:_|$)")
"""Words of a field's name that say its number counts (``count``, ``totalVoteCount``, ``votes``): a
duration, an amount or a place under another name is no tally."""


def _count_fields(obj: Mapping[str, Any]) -> set[str]:
    """The fields of ``obj`` holding a whole number named as a count."""
    return {
        k
        for k, v in obj.items()
        if type(v) is int and v >= 0 and _COUNT_NAME.search(re.sub(r"(?<=[a-z])(?=[A-Z])", "_", k).casefold())
    }


def _tally_counts(mapping: LabelMapping, rows: list[Entry], projection: Any) -> dict[int, tuple[_Path, int]]:
    """Per labelled row, where its count stands and the count: a count field every row holds (``{"option":
    "Medium", "totalVoteCount": 4}``), or the objects of a list outside the mapping that each name a row
    by its own key and give it a count (``"answer_counts": [{"id": 2, "count": 6}]``; a row no object
    names counts 0). Empty when the projection gives no such tally."""
    objs = [_value_at(projection, e.path) for e in rows]
    if all(isinstance(o, Mapping) for o in objs):
        shared = set.intersection(*(_count_fields(o) for o in objs))
        if len(shared) == 1:
            f = next(iter(shared))
            return {id(e): ((*e.path, f), o[f]) for e, o in zip(rows, objs, strict=True)}
    keys: dict[str, Entry] = {}
    for e in rows:
        for values in e.keys.values():
            for v in values:
                keys.setdefault(v, e)
    for node, path in containers(projection, _MAX_OBJECTS, prune=lambda p: _under(p, mapping.path)):
        if not isinstance(node, list) or not node:
            continue
        if not all(isinstance(o, Mapping) for o in node):
            continue
        out: dict[int, tuple[_Path, int]] = {}
        for i, o in enumerate(node):
            counts = _count_fields(o)
            named = [k for k, v in o.items() if type(v) is int and k not in counts and str(v) in keys]
            if len(named) != 1 or len(counts) != 1 or id(keys[str(o[named[0]])]) in out:
                break
            c = next(iter(counts))
            out[id(keys[str(o[named[0]])])] = ((*path, str(i), c), o[c])
        else:
            return out
    return {}


def _about_record(mapping: LabelMapping, projection: Any) -> bool:
    """A text near the mapping (a string of an object holding it, or of one such object's child) names a
    task (a naming word: ``What priority should this get?``) or a record (an id: ``vote on OPS-7``)."""
    naming = naming_re()
    node: Any = projection
    for depth in range(len(mapping.path)):
        if isinstance(node, Mapping):
            for k, v in node.items():
                if str(k) == mapping.path[depth]:
                    continue
                if isinstance(v, Mapping):
                    texts = [x for x in v.values() if isinstance(x, str)]
                else:
                    texts = [v] if isinstance(v, str) else []
                for t in texts:
                    if len(t) <= 300 and (naming.search(t.casefold().replace("_", " ")) or id_tokens(t)):
                        return True
        part = mapping.path[depth]
        node = node[int(part)] if isinstance(node, list) else node.get(part) if isinstance(node, Mapping) else None
    return False


def _tally_picks(mapping: LabelMapping, projection: Any) -> Iterator[_Pick]:
    """A tally of every labelled row (a poll's votes: :func:`_tally_counts`) picks the row whose count is
    more than half of all, when a text near it names the task or a record (a poll of another question
    counts votes for something else); the selector is that row's count."""
    rows = mapping.labelled()
    if len(rows) < 2:
        return
    counts = _tally_counts(mapping, rows, projection)
    total = sum(c for _p, c in counts.values())
    for e in rows:
        if id(e) in counts and counts[id(e)][1] * 2 > total and _about_record(mapping, projection):
            yield counts[id(e)][0], None, e, False


def _shown_picks(mapping: LabelMapping, outside: list[_Leaf], text: str, finder: LabelFinder) -> Iterator[_Pick]:
    """Text entries (lines of a table of many records) picked by a value of the record shown outside the
    text — its id, its subject — that the entry's segment holds and no other entry's does; failing any, by
    an id written inside a text (``What size should ticket 4217 get?``, as structure resolution reads it:
    :func:`windtunnel.leakage.resolve.id_tokens`), with its span there: such a pick keeps its row's own
    findings and adds none (:func:`apply_selection`). A whole value names this record before an id in
    prose does, which may name another (``duplicate of OPS-11``)."""
    folded = text.casefold()

    def picked(value: str) -> Entry | None:
        pattern = re.compile(rf"(?<!\w){re.escape(value.casefold())}(?!\w)")
        hit = [e for e in mapping.entries if e.span and pattern.search(folded, e.span[0], e.span[1])]
        return hit[0] if len(hit) == 1 and hit[0].label is not None else None

    tokens: list[_Pick] = []
    found = False
    for leaf in outside:
        if leaf.span is not None or finder.find(str(leaf.value)):
            continue  # a text naming a label is a copy of a line, not a value that picks one
        if _shown(leaf.value) and (entry := picked(str(leaf.value))) is not None:
            found = True
            yield leaf.path, None, entry, True
        if isinstance(leaf.value, str):
            for m in _TOKEN.finditer(leaf.value):
                if m.group() != leaf.value and id_tokens(m.group()) and (entry := picked(m.group())) is not None:
                    tokens.append((leaf.path, m.span(), entry, True))
    if not found:
        yield from tokens


_TOKEN = re.compile(r"[\w-]+")
"""A token of a text that may be an id (``TKT-14100``, ``4217``), as structure resolution reads it."""


def _shown(value: Any) -> bool:
    """Whether ``value`` can tell a record's row by being shown outside the table: an integer of four
    digits or more, or a text with a digit or of two words or more (``T-9``, ``Printer jams``)."""
    if _long_number(value):
        return True
    if not isinstance(value, str) or len(value.strip()) < 2 or len(value) > 200:
        return False
    return any(ch.isdigit() for ch in value) or len(value.split()) >= 2


def _named_picks(mapping: LabelMapping, leaves: list[_Leaf]) -> Iterator[_Pick]:
    """Text entries picked by their name (the identifier holding the label, ``badge--billing``) written
    as a whole word anywhere outside the mapping's entries (``class="badge badge--billing"``)."""
    named = [(next(iter(e.keys[IDENT])), e) for e in mapping.labelled() if IDENT in e.keys]
    if not named:
        return
    spans = [e.span for e in mapping.entries if e.span is not None]
    for name, entry in named:
        pattern = re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])", re.IGNORECASE)
        for leaf in leaves:
            value = leaf.value
            if leaf.span is not None or not isinstance(value, str) or name not in value.casefold():
                continue
            for m in pattern.finditer(value):
                if leaf.path == mapping.path and any(a <= m.start() < b for a, b in spans):
                    continue
                yield leaf.path, (m.start(), m.end()), entry, False


def _row_picks(mapping: LabelMapping, outside: list[_Leaf]) -> Iterator[tuple[_Leaf, Entry, bool]]:
    """Rows picked by an object's fields named like the rows' keys, a long integer equal to one row's
    key, a point in one row's box, or the time between two of the record's times (and ``False``: none
    of them is a line of a text that the record's own id picks, see :func:`_shown_picks`)."""
    entries = mapping.entries
    names = {name for e in entries for name in e.keys}
    label_fields = {name for e in entries for name in e.label_fields}
    groups: dict[_Path, list[_Leaf]] = {}
    for leaf in outside:
        value = leaf.value
        if isinstance(value, list):
            inside = [e for e in entries if e.box and _in_box(value, e.box)]
            if len(inside) == 1:
                yield leaf, inside[0], False
            continue
        key_name = _named_like(leaf.name, names)
        if key_name is not None and key_name != leaf.name and (leaf.span is not None or _in_list(leaf.path)):
            key_name = None  # a qualified reference counts as the record's own field only (not a roster's)
        if key_name is not None and key_name not in label_fields and _key_like(value):
            # A qualified name (``subcategory_code``) says which key it holds: a reference of its own,
            # not one of the fields that select together (the record's own ``id`` is not the rows').
            group = leaf.group if key_name == leaf.name else (*leaf.group, leaf.name)
            groups.setdefault(group, []).append(leaf._replace(name=key_name))
        elif _long_number(value):
            key = norm_key(value)
            hit = [e for e in entries if any(key in keys for keys in e.keys.values())]
            if len(hit) == 1 and hit[0].label is not None:
                yield leaf, hit[0], False
    yield from ((leaf, e, False) for leaf, e in _elapsed_picks(entries, [x for x in outside if x.span is None]))
    for fields in groups.values():
        chosen = list(entries)
        for leaf in fields:
            key = norm_key(leaf.value)
            chosen = [e for e in chosen if key in e.keys.get(leaf.name, ())]
        labelled = {e.label for e in chosen}
        if chosen and len(labelled) == 1 and None not in labelled:
            for leaf in fields:
                yield leaf, chosen[0], False


_NAME_WORDS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")


_SENTENCE = re.compile(r"[^.!?\n]+")
_SAME = re.compile(
    r"(?<![\w-])(?:same|identical|identically|likewise|matches|match|mirror|copy)(?![\w-])", re.IGNORECASE
)
"""Words saying this record is like the one it names (English, as the negation words of principle 4)."""
_NOT_SAME = re.compile(
    r"(?<![\w-])(?:not|no|never|different|differs?|unlike|unrelated|other than)(?![\w-])|n't", re.IGNORECASE
)
_REFERRED_TEXT = 2000


def _referred_picks(mapping: LabelMapping, outside: list[_Leaf]) -> Iterator[_Pick]:
    """Rows picked by a sentence that ties this record to one row by the row's id on the rows' labelled
    field: ``exact same situation as ORD-62479 — same refund_decision`` beside a list of records each with
    its ``refund_decision``. The sentence names one row's key with a digit (and no other row's), the name
    of the field the rows' labels stand under (its words), and a word of sameness with no word of
    difference or negation (``Might be related to ORD-62479?`` and ``same timezone as ORD-62479`` pick
    nothing). The selector is the id in the sentence."""
    fields = {name for e in mapping.labelled() for name in e.label_fields}
    field_words = [w for w in (name_words(f) for f in fields) if w]
    if not field_words:
        return
    for leaf in outside:
        if leaf.span is not None or not isinstance(leaf.value, str) or len(leaf.value) > _REFERRED_TEXT:
            continue
        text = leaf.value
        if not any(ch.isdigit() for ch in text):
            continue
        for sm in _SENTENCE.finditer(text):
            sentence = sm.group(0)
            if not _SAME.search(sentence) or _NOT_SAME.search(sentence):
                continue
            words = name_words(sentence)
            if not any(fw <= words for fw in field_words):
                continue
            hits: list[tuple[tuple[int, int], Entry]] = []
            for tm in re.finditer(r"[\w#.-]+", sentence):
                token = tm.group(0).strip(".-")
                if not any(ch.isdigit() for ch in token) or not any(ch.isalpha() for ch in token):
                    continue
                key = norm_key(token)
                rows = [e for e in mapping.entries if any(key in keys for keys in e.keys.values())]
                if rows:
                    a = sm.start() + tm.start() + tm.group(0).find(token)
                    hits.extend(((a, a + len(token)), e) for e in rows)
            if len({id(e) for _s, e in hits}) == 1 and hits[0][1].label is not None:
                for span, entry in hits:
                    yield leaf.path, span, entry, False


def _in_list(path: _Path) -> bool:
    """Whether ``path`` passes through a list's element: a field of one of many objects, not of the record."""
    return any(part.isdigit() for part in path)


def _named_like(name: str, names: set[str]) -> str | None:
    """The rows' key field ``name`` is named like: the same name, or a name ending with it after words
    that say which of the record's keys it is (``subcategory_code`` → ``code``, ``parent_id`` → ``id``):
    a field of the record (outside any list, see :func:`_row_picks`) holding a key of the rows' scheme
    under a qualified name. A leaf in a tree of rows is a key of its row (``children[].code``)."""
    if name in names:
        return name
    words = _NAME_WORDS.findall(name)
    if len(words) >= 2:
        last = words[-1].casefold()
        if last in names:
            return last
    return None


def _linked_picks(mapping: LabelMapping, outside: list[_Leaf], projection: Any) -> Iterator[_Pick]:
    """Rows picked through an object the record links to: a field of the record itself (not inside a list)
    whose value, a code or number with a digit, is a field of exactly one object of a list elsewhere
    (``"assignee_id": "u_7"`` and the roster's ``{"id": "u_7", "team_id": "T-4"}``) pulls that object in
    as the record's own; a field of it equal to one row's key (``T-4`` in ``{"id": "T-4", "name": "Billing
    team"}``) picks that row, as the record's own field would. The selector is the record's field, the
    link the reader follows. One link only: an object reached from another linked object is not the
    record's. Each other object of the list picks a row of its own, which says nothing about this record."""
    keyed = {name for e in mapping.entries for name in e.keys} - {n for e in mapping.entries for n in e.label_fields}
    if not keyed:
        return
    refs = [
        leaf
        for leaf in outside
        if leaf.span is None
        and not any(part.isdigit() for part in leaf.path)
        and isinstance(leaf.value, (str, int))
        and not isinstance(leaf.value, bool)
        and any(ch.isdigit() for ch in str(leaf.value))
    ]
    if not refs:
        return
    objects: dict[str, list[tuple[_Path, Mapping[str, Any]]]] = {}
    for node, path in containers(projection, _MAX_OBJECTS, prune=lambda p: _under(p, mapping.path)):
        if not isinstance(node, Mapping) or not path or not path[-1].isdigit():
            continue  # an element of a list of objects
        for value in node.values():
            key = norm_key(value) if isinstance(value, (str, int)) else None
            if key is not None:
                objects.setdefault(key, []).append((path, node))
    for leaf in refs:
        key = norm_key(leaf.value)
        linked = objects.get(key) if key is not None else None
        if not linked or len(linked) != 1 or _under(linked[0][0], leaf.path[:-1]):
            continue
        for value in linked[0][1].values():
            vkey = norm_key(value) if _key_like(value) else None
            if vkey is None or vkey == key:
                continue
            hit = [e for e in mapping.entries if any(vkey in e.keys.get(name, ()) for name in keyed)]
            if len(hit) == 1 and hit[0].label is not None:
                yield leaf.path, None, hit[0], False


def _elapsed_picks(entries: list[Entry], outside: list[_Leaf]) -> Iterator[tuple[_Leaf, Entry]]:
    """Rows picked by a length of time between two times of one part of the record (a deadline and its
    start: ``breach_at`` − ``created_at`` = 3 days) equal to the duration one row states."""
    timed = [e for e in entries if e.durations]
    if not timed:
        return
    times: dict[str, list[tuple[_Leaf, datetime]]] = {}
    for leaf in outside:
        when = _datetime(leaf.value) if leaf.path else None
        if when is not None:
            times.setdefault(leaf.path[0], []).append((leaf, when))
    for found in times.values():
        for i, (leaf_a, a) in enumerate(found):
            for leaf_b, b in found[i + 1 :]:
                seconds = abs((b - a).total_seconds())
                hit = [e for e in timed if seconds and any(abs(d - seconds) < 0.5 for d in e.durations)]
                if len({e.label for e in hit}) == 1 and hit[0].label is not None:
                    yield leaf_a, hit[0]
                    yield leaf_b, hit[0]


def _datetime(value: Any) -> datetime | None:
    """``value`` as a date and time when it is one written in ISO 8601 (``2026-03-05T09:21:00Z``,
    ``2026-03-06 10:28:00``); a zone-less time is read as UTC."""
    if not isinstance(value, str) or not _ISO_TIME.fullmatch(value.strip()):
        return None
    try:
        when = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except ValueError:
        return None
    return when if when.tzinfo else when.replace(tzinfo=timezone.utc)


def _long_number(value: Any) -> bool:
    """Whether ``value`` is an integer of four digits or more (an id, a duration in milliseconds): equal
    to one entry's key under any name, it picks that entry (a record's id picks its own row)."""
    number = int_value(value)
    return number is not None and number >= 1_000


def _in_box(point: list[Any], box: tuple[float, float, float, float]) -> bool:
    """Whether ``point`` ``[x, y]`` lies inside ``box`` ``(x1, y1, x2, y2)``."""
    x, y = float(point[0]), float(point[1])
    return box[0] <= x <= box[2] and box[1] <= y <= box[3]


def _keyed_picks(mapping: LabelMapping, outside: list[_Leaf]) -> Iterator[tuple[_Leaf, Entry]]:
    """Entries picked by a value whose field is named like the mapping (equal key or flag word).

    Only a field whose name shares a word with the mapping, or a value that is a long number, is read, so an
    ordinary count elsewhere in the record does not pick an entry by chance. A value equal to an entry's key
    picks it; in a bit-field mapping, a number made only of the mapping's bits picks the entries whose bits
    it sets. A pick counts only when every entry it reaches carries one and the same label.
    """
    all_bits = 0
    if mapping.bits:
        for e in mapping.entries:
            all_bits |= e.bits or 0
    for leaf in outside:
        value = leaf.value
        if isinstance(value, list) or not (name_words(leaf.name) & mapping.words or _long_number(value)):
            continue
        key = norm_key(value)
        if key is None:
            continue
        hit = [e for e in mapping.labelled() if key in e.keys.get("", ())]
        if not hit and mapping.bits:
            number = int_value(value)
            if number and number & ~all_bits == 0:
                hit = [e for e in mapping.labelled() if (e.bits or 0) & number]
        if len({e.label for e in hit}) == 1 and hit[0].label is not None:
            yield leaf, hit[0]


def _marked(
    mapping: LabelMapping, projection: Any, label_set: Sequence[str] = (), target: str | None = None
) -> set[int]:
    """The entries of a rows mapping that hold a ``true`` flag the other labelled entries lack (an
    option marked selected or checked), or a ``1`` where every other labelled entry holds ``0`` at the
    same place (a reward, a score read as a one-hot column), or that a model's scores rank first (a number
    every labelled entry holds at one place, ``[{"label": "technical", "score": 0.91}, …]``, judged by
    :func:`~windtunnel.leakage.predictions.ranked_first`): a selection the mapping itself makes, left to
    the other rules."""
    if mapping.kind != "rows":
        return set()
    leaves: dict[int, dict[_Path, Any]] = {}
    for entry in mapping.labelled():
        leaves[id(entry)] = dict(_scalars(_value_at(projection, entry.path), ()))
    out = _ranked(mapping, leaves, label_set, target)
    flags = {k: {p for p, v in got.items() if v is True} for k, got in leaves.items()}
    for entry in mapping.labelled():
        own = id(entry)
        others = set().union(*(f for k, f in flags.items() if k != own))
        rest = [got for k, got in leaves.items() if k != own]
        one_hot = any(
            _flag(v) == 1 and rest and all(_flag(got.get(p)) == 0 for got in rest) and not _numbering(leaves, p)
            for p, v in leaves[own].items()
        )
        if flags[own] - others or one_hot:
            out.add(own)
    return out


def _ranked(
    mapping: LabelMapping, leaves: dict[int, dict[_Path, Any]], label_set: Sequence[str], target: str | None
) -> set[int]:
    """The labelled entry (of ``leaves``: each entry's scalars by path) that a number every labelled entry
    holds at one place ranks first, when :func:`~windtunnel.leakage.predictions.ranked_first` judges those
    numbers a model's scores of this record (the one judgement of a ranking, whatever its shape)."""
    rows = mapping.labelled()
    if len(rows) < 2 or len(label_set) < 2:
        return set()
    order = tuple(normalize_needle(lab) for lab in label_set)
    shared = set.intersection(*({p for p, v in leaves[id(e)].items() if _finite(v)} for e in rows))
    keys = tuple(k for k in mapping.path if not k.isdigit())
    out: set[int] = set()
    for p in sorted(shared):
        members = [(normalize_needle(str(e.label)), float(leaves[id(e)][p])) for e in rows]
        own = (*keys[-1:], *(k for k in p[-1:] if not k.isdigit()))
        first = ranked_first(members, own, (*keys, *p[:-1]), order, allowed_words(target, order))
        out.update(id(e) for e, (lab, _n) in zip(rows, members, strict=True) if lab == first)
    return out


def _finite(v: Any) -> bool:
    """A finite JSON number (not a boolean)."""
    return (type(v) is int or type(v) is float) and math.isfinite(v)


def _numbering(leaves: dict[int, dict[_Path, Any]], path: _Path) -> bool:
    """The entries' integers at ``path`` number them in order (``"sample": 0``, ``1``, …): an index, not a flag."""
    got = [v.get(path) for v in leaves.values()]
    return all(type(v) is int for v in got) and got == list(range(len(leaves)))


def _flag(value: Any) -> int | None:
    """A 0/1 value (a number, a boolean) as ``0`` or ``1``; ``None`` for anything else (null: not computed)."""
    if isinstance(value, (bool, int, float)) and value in (0, 1):
        return int(value)
    return None


def _value_at(projection: Any, path: _Path) -> Any:
    """The value of the projection at ``path``."""
    node = projection
    for part in path:
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node


def _inside(finding: Finding, entry: Entry) -> bool:
    """Whether ``finding`` points inside ``entry`` (its subtree, or its segment of a text)."""
    if finding.inner is not None:
        return False
    path = tuple(parse_pointer(finding.pointer))
    if entry.span is not None:
        if path != entry.path or finding.span is None or finding.target != "value":
            return False
        return entry.span[0] <= finding.span[0] and finding.span[1] <= entry.span[1]
    return _under(path, entry.path)


def _finding(item_id: str, path: _Path, span: tuple[int, int] | None, value: Any, answer: str) -> Finding:
    """A ``direct.selection`` finding at the selector: ``span`` of the string at ``path``, or its whole value."""
    if span is None and isinstance(value, str):
        span = (0, len(value))
    return raw_finding(
        item_id,
        path,
        span,
        "direct.selection",
        "this record's value selects the expected answer through a key-to-label mapping in the projection",
        answer,
        channel="direct",
        representation="json",
    )
