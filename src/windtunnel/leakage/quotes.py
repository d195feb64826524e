"""Principle 3's definition, quoted: a text that quotes one label's part of a definition names that label.

A definition of the labels (a rubric, a scale's help text: principle 3) names every label evenly and
states none. A note elsewhere in the record that quotes the words of one label's part, and of no other
label's ("Textbook \"Request within policy and documentation complete\""; "matches rubric line 1 word for
word (\"Complete loss of a core service\")"), picks that part: it states the label without writing it,
as a ticked box picks a member of a listing.

A *part* is the text that describes one label only:

* a line of a string that names exactly one label, with other words (``2. Sev2 — Core service degraded
  for a large subset of customers.``);
* a text of four words or more beside a field whose whole value is a label, in one object
  (``{"level": "Approve", "definition": "Request within policy …"}``).

The parts must cover every label of the set (a definition of the labels, not one remark about one). A
*quote* is a run of two words or more (twelve letters at least) between quotation marks (``"…"``,
``“…”``, ``«…»``) in a string that holds no part; it picks a label when its words occur in that order in
that label's parts and in no other label's. The finding (``freetext.statement``, high) is at the quote,
which is what gives the label away (the sanitizer cuts the note's sentence; the definition stays whole).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from itertools import islice
from typing import Any

from windtunnel.leakage.model import Finding
from windtunnel.leakage.pointers import node_at, raw_finding, string_leaves

_MIN_WORDS = 4
"""Words a part holds besides its label."""
_MIN_QUOTED_WORDS = 2
_MIN_QUOTED_LETTERS = 12
"""A quote of two words or more, twelve letters at least (``"Established relationship"``): short
generic quotes (``"no impact"``) occur in many texts."""
_MAX_LEAVES = 2000
_WORD = re.compile(r"[^\W_]+")
_QUOTE = re.compile(r"\"([^\"\n]{8,400})\"|“([^”\n]{8,400})”|«([^»\n]{8,400})»")
"""A quotation: straight, curly or angle quotes around one line's worth of text."""


def may_quote(blob: bytes) -> bool:
    """The gate on the serialised projection: a quotation mark inside a string (``\\"`` as JSON
    escapes it, or a curly or angle quote)."""
    return b'\\"' in blob or "“".encode() in blob or "«".encode() in blob


def _words(text: str) -> tuple[str, ...]:
    """The words of ``text``, casefolded."""
    return tuple(w.casefold() for w in _WORD.findall(text))


def _label_re(labels: Sequence[str]) -> re.Pattern[str]:
    """Any label as whole words, any case, any spacing."""
    alts = sorted((r"\s+".join(map(re.escape, lab.split())) for lab in labels if lab.split()), key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(alts) + r")(?!\w)", re.IGNORECASE)


def _norm(label: str) -> str:
    """A label folded for comparison."""
    return " ".join(label.casefold().split())


def _parts(
    leaves: list[tuple[tuple[str, ...], str]], projection: Any, labels: Sequence[str], find: re.Pattern[str]
) -> tuple[dict[str, list[tuple[str, ...]]], set[tuple[str, ...]]]:
    """Per label (folded), the word sequences of its parts; and the paths of the strings that hold parts.

    Two kinds of part (see the module): the sibling texts of a field whose whole value is a label, at
    least :data:`_MIN_WORDS` words each; and a line that names exactly one label, read without the label's
    own words, when enough words remain. A line naming two labels or more describes neither. The paths are
    returned so that a quote is looked for only in strings holding no part: the definition does not quote
    itself.
    """
    norms = {_norm(lab) for lab in labels}
    parts: dict[str, list[tuple[str, ...]]] = {}
    paths: set[tuple[str, ...]] = set()
    for path, text in leaves:
        if _norm(text) in norms:
            # a field whose whole value is a label: its sibling texts describe that label
            parent = node_at(projection, path[:-1])
            if isinstance(parent, Mapping):
                for key, other in parent.items():
                    if isinstance(other, str) and str(key) != path[-1] and len(_words(other)) >= _MIN_WORDS:
                        parts.setdefault(_norm(text), []).append(_words(other))
                        paths.add((*path[:-1], str(key)))
            continue
        for line in text.split("\n"):
            named = {_norm(m.group(0)) for m in find.finditer(line)}
            if len(named) == 1:
                rest = find.sub(" ", line)
                if len(_words(rest)) >= _MIN_WORDS:
                    parts.setdefault(next(iter(named)), []).append(_words(rest))
                    paths.add(path)
    return parts, paths


def _holds(seq: tuple[str, ...], run: tuple[str, ...]) -> bool:
    """``run`` occurs in ``seq`` as consecutive words."""
    n = len(run)
    return any(seq[i : i + n] == run for i in range(len(seq) - n + 1))


def quote_findings(item_id: str, projection: Any, expected: Sequence[str], label_set: Sequence[str]) -> list[Finding]:
    """A ``freetext.statement`` finding at each quote of a definition's part that only the answer's part
    holds (see the module's docstring); none when the parts do not cover every label."""
    if len(label_set) < 2 or not isinstance(projection, (Mapping, list)):
        return []
    leaves = list(islice(string_leaves(projection), _MAX_LEAVES))
    find = _label_re(label_set)
    parts, paths = _parts(leaves, projection, label_set, find)
    if set(parts) != {_norm(lab) for lab in label_set}:
        return []
    answers = {_norm(e) for e in expected}
    out: list[Finding] = []
    for path, text in leaves:
        if path in paths:
            continue
        for m in _QUOTE.finditer(text):
            run = _words(m.group(m.lastindex or 0))
            if len(run) < _MIN_QUOTED_WORDS or sum(len(w) for w in run) < _MIN_QUOTED_LETTERS:
                continue
            picked = [norm for norm, seqs in parts.items() if any(_holds(seq, run) for seq in seqs)]
            if len(picked) == 1 and picked[0] in answers:
                out.append(
                    raw_finding(
                        item_id,
                        path,
                        m.span(),
                        "freetext.statement",
                        "a text quotes the part of a definition of the labels that describes the expected answer",
                        expected[0],
                    )
                )
    return out
