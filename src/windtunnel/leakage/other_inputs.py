"""Principle 3, by content: a label given to another input is not this record's.

Few-shot demonstrations, worked examples and evaluation logs hold records of the same shape as the one
being asked about: ``{"input": "...", "sentiment": "Negative"}`` beside the query ``{"input": "...",
"sentiment": null}``. Such a record has no id to tell it apart (principle 3's "field of another record"
needs one); its *input* tells it apart instead. A finding inside an object (an element of a list, or one
line of JSON Lines held in a string) is dropped when

* the object has a text field (three words or more) that another object of the projection, outside the
  object's own list or string, also has, and
* every such shared text differs from the object's: the object labels a different input.

When the same text comes back (the query is among the demonstrations, its answer beside it), the object
is this record and the finding stays. An object sharing no text field with anything else is left to the
other principles.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping, Sequence
from itertools import pairwise
from typing import Any

from windtunnel.leakage.model import Finding
from windtunnel.leakage.pointers import parse_pointer, raw_finding, string_leaves


def _texts(obj: Mapping[Any, Any]) -> dict[str, str]:
    """The object's text fields: string values of three words or more, folded for comparison."""
    return {
        str(k): " ".join(v.casefold().split()) for k, v in obj.items() if isinstance(v, str) and len(v.split()) >= 3
    }


def _objects(node: Any, skip: int) -> Iterator[Mapping[Any, Any]]:
    """Every object of the JSON structure, leaving out the container whose ``id()`` is ``skip``."""
    if id(node) == skip:
        return
    if isinstance(node, Mapping):
        yield node
        for v in node.values():
            yield from _objects(v, skip)
    elif isinstance(node, list):
        for v in node:
            yield from _objects(v, skip)


def _holder(root: Any, finding: Finding) -> tuple[Mapping[Any, Any], int] | None:
    """The object holding the finding and the ``id()`` of the container of its kind (its list, or the
    string of JSON Lines it is a line of); ``None`` when it is in neither."""
    try:
        tokens = parse_pointer(finding.pointer)
    except ValueError:
        return None
    chain: list[Any] = [root]
    for tok in tokens:
        node = chain[-1]
        if isinstance(node, Mapping) and tok in node:
            chain.append(node[tok])
        elif isinstance(node, list) and tok.isdigit() and int(tok) < len(node):
            chain.append(node[int(tok)])
        else:
            return None
    leaf = chain[-1]
    if isinstance(leaf, str) and finding.span is not None and finding.inner is None:
        start = leaf.rfind("\n", 0, finding.span[0]) + 1
        end = leaf.find("\n", finding.span[1])
        line = leaf[start : len(leaf) if end < 0 else end].strip().rstrip(",")
        if line.startswith("{") and "\n" in leaf.strip():
            try:
                obj = json.loads(line)
            except ValueError:
                return None
            return (obj, id(leaf)) if isinstance(obj, dict) else None
    for i in range(len(chain) - 2, 0, -1):
        if isinstance(chain[i], Mapping) and isinstance(chain[i - 1], list):
            return chain[i], id(chain[i - 1])
    return None


def _turn(root: Any, finding: Finding) -> tuple[list[Any], int, str] | None:
    """The list, index and key when the finding is the whole text of an object in a list of turns
    (``messages/2/content``)."""
    try:
        tokens = parse_pointer(finding.pointer)
    except ValueError:
        return None
    if len(tokens) < 2 or not tokens[-2].isdigit():
        return None
    node = root
    for tok in tokens[:-2]:
        if isinstance(node, Mapping) and tok in node:
            node = node[tok]
        elif isinstance(node, list) and tok.isdigit() and int(tok) < len(node):
            node = node[int(tok)]
        else:
            return None
    if not isinstance(node, list) or int(tokens[-2]) >= len(node):
        return None
    return node, int(tokens[-2]), tokens[-1]


def _whole(turn: tuple[list[Any], int, str], value: str) -> bool:
    """The turn's text under the key is the value and nothing else (an answer turn)."""
    turns, k, key = turn
    held = turns[k].get(key) if isinstance(turns[k], Mapping) else None
    return isinstance(held, str) and " ".join(held.casefold().split()) == " ".join(value.casefold().split())


def answers_other_turn(turns: list[Any], k: int, key: str, labels: frozenset[str]) -> bool:
    """In a list of demonstration turns of one shape (two turns or more that hold just a label, each
    after a turn holding a text), turn ``k`` answers turn ``k-1``; the last turn is the one asked about.
    The answer belongs to another input when the turn before it holds a text (three words or more) under
    ``key`` that differs from the last turn's, and no earlier turn repeats the last one's."""
    if not 0 < k < len(turns) - 1 or not all(isinstance(t, Mapping) and key in t for t in turns):
        return False
    answers = [i for i, t in enumerate(turns[:-1]) if _fold(t[key]) in labels]
    if len(answers) < 2 or any(i == 0 or len(str(turns[i - 1][key]).split()) < 3 for i in answers):
        return False
    keys = set(turns[0])
    if any(set(t) != keys for t in turns):
        return False

    def text(t: Mapping[Any, Any]) -> str | None:
        v = t[key]
        return " ".join(v.casefold().split()) if isinstance(v, str) and len(v.split()) >= 3 else None

    asked, before = text(turns[-1]), text(turns[k - 1])
    if asked is None or before is None or before == asked:
        return False
    return all(text(t) != asked for t in turns[:-1])


def _strings(node: Any, skip: int) -> Iterator[str]:
    """Every string (keys too) of the JSON structure, leaving out the node whose ``id()`` is ``skip``."""
    if id(node) == skip:
        return
    if isinstance(node, str):
        yield node
    elif isinstance(node, Mapping):
        for k, v in node.items():
            yield str(k)
            yield from _strings(v, skip)
    elif isinstance(node, list):
        for v in node:
            yield from _strings(v, skip)


def _referenced(root: Any, obj: Mapping[Any, Any]) -> bool:
    """An id of ``obj`` (a value of one or two words with a digit: ``#480107``, ``bug 1880210``) is named
    outside it: the record links to it (a parent, a duplicate), and what it carries may be inherited."""
    ids = [
        v.lstrip("#")
        for v in obj.values()
        if isinstance(v, str) and 3 <= len(v) <= 64 and len(v.split()) <= 2 and any(c.isdigit() for c in v)
    ]
    if not ids:
        return False
    return any(x in s for s in _strings(root, id(obj)) for x in ids)


def _fold(v: Any) -> str | None:
    """A string value folded for comparison (``None`` for anything else)."""
    return " ".join(v.casefold().split()) if isinstance(v, str) else None


def labels_other_input(root: Any, obj: Mapping[Any, Any], container: int, value: str) -> bool:
    """``obj`` holds ``value`` as the whole value of a field that an object outside ``container`` leaves
    unset (null, empty or absent) while sharing a text field with ``obj``; every shared text differs; and
    nothing outside names ``obj`` by its id."""
    mine = _texts(obj)
    if not mine:
        return False
    label_keys = [k for k, v in obj.items() if _fold(v) == _fold(value) and str(k) not in mine]
    if not label_keys or _referenced(root, obj):
        return False
    shared = False
    for other in _objects(root, container):
        if other is obj or any(other.get(k) not in (None, "") for k in label_keys):
            continue
        theirs = _texts(other)
        for k, v in mine.items():
            if k in theirs:
                if theirs[k] == v:
                    return False
                shared = True
    return shared


def _whole_string_in(low: bytes, words: list[bytes]) -> bool:
    """Whether the lowercased serialisation ``low`` (ASCII, no escapes) holds a JSON string (or key)
    that is ``words`` in order, with spaces only around and between them (``"  high  value "``).
    Each place of the first word is checked in place: no regex is built per value (a dataset of
    distinct answers would compile one per item, and evict the ``re`` module's cache)."""
    if not words:
        return True
    first = words[0]
    n = len(low)
    i = low.find(first)
    while i >= 0:
        j = i
        while j > 0 and low[j - 1] == 0x20:
            j -= 1
        k = i + len(first)
        if j > 0 and low[j - 1] == 0x22:
            for w in words[1:]:
                m = k
                while m < n and low[m] == 0x20:
                    m += 1
                if m == k or not low.startswith(w, m):
                    break
                k = m + len(w)
            else:
                while k < n and low[k] == 0x20:
                    k += 1
                if k < n and low[k] == 0x22:
                    return True
        i = low.find(first, i + 1)
    return False


def may_drop(blob: bytes, findings: Sequence[Finding]) -> bool:
    """Whether :func:`drop_other_inputs` can drop any of ``findings`` from the projection that orjson
    serialised as ``blob`` (a sound gate: ``False`` proves it drops nothing).

    Both of its tests need the finding inside an object that is a member of a list (a digit token in its
    pointer), or on a line of JSON Lines held in a string, and a string of the projection whose folded
    text is its value (the value of the holder's label field, or the whole turn). In an ASCII serialisation without a
    backslash every string is ASCII, holds no line break (so no line of JSON Lines to parse) and no
    blank but the space, so such a string is written as the value's words between quotes, spaces
    only around and between them; anything else (an escape, a non-ASCII value) answers ``True``."""
    if not blob.isascii() or blob.find(b"\\") >= 0:
        return any(f.blocking for f in findings)
    low: bytes | None = None
    for f in findings:
        if not f.blocking or not any(tok.isdigit() for tok in f.pointer.split("/")):
            continue  # no list on its path (and no line of JSON Lines: no string holds a line break)
        if low is None:
            low = blob.lower()
        if not f.value.isascii() or _whole_string_in(low, [w.encode() for w in f.value.lower().split()]):
            return True
    return False


def drop_other_inputs(findings: Sequence[Finding], root: Any, label_set: Sequence[str]) -> list[Finding]:
    """The findings left once those inside a record labelling another input are dropped.

    Only blocking findings are tested; review findings are kept as they are. A finding is dropped when its
    holder object labels another input (see the module), or when it is the whole answer of an earlier turn
    of a conversation that answers another question. The labels are casefolded once for all findings.
    """
    labels = frozenset(x for x in (_fold(lab) for lab in label_set) if x)
    out: list[Finding] = []
    for f in findings:
        if f.blocking:
            held = _holder(root, f)
            if held is not None and labels_other_input(root, *held, f.value):
                continue
            turn = _turn(root, f)
            if turn is not None and _whole(turn, f.value) and answers_other_turn(*turn, labels):
                continue
        out.append(f)
    return out


# ---------------------------------------------------------------- demonstrations written in one text

_KV_LINE = re.compile(r"^[ \t>*_#-]*([A-Za-z][\w .'-]{0,30}?)[ \t*_]*:[ \t]*(.*?)[ \t]*$", re.MULTILINE)


def _pairs(text: str) -> list[tuple[str, str, str, tuple[int, int]]]:
    """The text's demonstration pairs, in order: (input text folded, answer name, answer, answer span).

    A pair is a ``name: text`` line of three words or more followed by the next ``name: value`` line
    under another name (``Input: …`` then ``Answer: …``, ``Q: …`` then ``A: …``); the two names must be
    the same in two pairs at least, or the lines are a record's fields, not demonstrations."""
    lines = [(m.group(1).strip().casefold(), m.group(2), m.span(2)) for m in _KV_LINE.finditer(text)]
    pairs: list[tuple[str, str, str, str, tuple[int, int]]] = []
    for (name, value, _span), (a_name, a_value, a_span) in pairwise(lines):
        if name != a_name and len(value.split()) >= 3 and len(a_value.split()) <= 4:
            pairs.append((name, " ".join(value.casefold().split()), a_name, a_value, a_span))
    shapes = [(p[0], p[2]) for p in pairs]
    return [(p[1], p[2], p[3], p[4]) for p in pairs if shapes.count((p[0], p[2])) >= 2]


def _resolve(answer: str, text: str, labels: Sequence[str]) -> str | None:
    """The label an answer names: the label itself, or a key the text's option list defines once
    (``(C)`` with ``(C) Large``, ``2`` with ``2. Medium``); ``None`` otherwise."""
    folded = " ".join(answer.casefold().split()).strip(" .")
    for lab in labels:
        if " ".join(lab.casefold().split()) == folded:
            return lab
    key = answer.strip().strip("().[]").strip()
    if not key or len(key) > 2:
        return None
    named = [
        lab
        for lab in labels
        if re.search(r"(?<![\w(\[])[(\[]?" + re.escape(key) + r"[)\].:=-][ \t]*" + re.escape(lab) + r"(?![^\W_])", text)
    ]
    return named[0] if len(named) == 1 else None


def repeated_input_findings(
    item_id: str, projection: Any, expected: Sequence[str], label_set: Sequence[str]
) -> list[Finding]:
    """Principle 3 by content, in a text: demonstrations written as ``name: input`` / ``name: answer``
    lines whose last pair asks about an input (its answer empty) that an earlier pair already answers:
    the query among the demonstrations, its label beside it, is this record's (as for objects above;
    a demonstration of another input stays a listing of examples)."""
    answers = {" ".join(e.casefold().split()) for e in expected}
    out: list[Finding] = []
    for path, text in string_leaves(projection):
        if text.count(":") < 4 or text.count("\n") < 3:
            continue
        pairs = _pairs(text)
        if len(pairs) < 3 or pairs[-1][2].strip():
            continue
        query, name = pairs[-1][0], pairs[-1][1]
        for inp, a_name, answer, span in pairs[:-1]:
            if inp != query or a_name != name:
                continue
            label = _resolve(answer, text, label_set)
            if label is not None and " ".join(label.casefold().split()) in answers:
                out.append(
                    raw_finding(
                        item_id,
                        path,
                        span,
                        "freetext.statement",
                        "a demonstration answers the very input asked about (the query among the examples, its"
                        " label beside it)",
                        label,
                    )
                )
    return out


def may_repeat_input(blob: bytes) -> bool:
    """The gate of :func:`repeated_input_findings` on the serialised projection: some string has four
    line breaks or more (a demonstration is two lines, three pairs at least)."""
    return blob.count(b"\\n") >= 4
