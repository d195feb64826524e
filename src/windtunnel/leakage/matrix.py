"""Principle 2 through a public matrix: a label the record's own two values derive.

A service desk's priority is not typed: it follows from the record's impact and urgency through the
ITIL matrix every desk ships by default (impact 1 and urgency 2 give priority 2 - High). A reader who
knows the matrix reads the answer off a record whose priority is blank and whose impact and urgency are
set, as surely as off the priority itself. The matrices are data (:func:`~windtunnel.leakage.lexicon.
label_matrices`: a code system with ``axes``, picked by the label set as codes are); this module finds
the two values.

**The selector.** The two values count only as this record's: an object holding one key naming each
axis (``impact``, ``u_urgency``), whose values read as ranks (a leading number, ``2 - Medium``, or a
rank word, ``low``), that is not an element of a list (a table of rows, other records, the matrix's
own lookup rows) and that states no label of the set itself (a row of the lookup table, or a record
whose priority is written: the scan decides that one). The finding (``freetext.matrix``, high) points
at the first axis's value, and is reported only when the pair derives the answer.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from windtunnel.leakage.lexicon import Matrix, label_matrices
from windtunnel.leakage.model import Finding
from windtunnel.leakage.pointers import raw_finding

_RANK = re.compile(r"\s*(\d{1,2})\b")
_SPLIT = re.compile(r"[\W_]+")


def may_derive(label_set: Sequence[str], expected: Sequence[str], blob: bytes | None) -> bool:
    """A sound gate: the answer has a matrix in this label set and (with the serialisation) every
    axis name of one of its matrices is written in the projection."""
    if not expected:
        return False
    matrices = label_matrices(expected[0], label_set)
    if not matrices:
        return False
    if blob is None:
        return True
    low = blob.lower()
    return any(all(a.encode() in low for a in m.axes) for m in matrices)


def matrix_findings(item_id: str, projection: Any, expected: Sequence[str], label_set: Sequence[str]) -> list[Finding]:
    """Findings where this record's two axis values derive the answer through a public matrix.

    Only matrices whose cells hold the first answer, under a code system the label set picks, are tried. An
    object that already holds a label as a value is skipped (the label is then read directly, by the other
    principles). For each object the first matrix whose pair of axis values derives the answer gives one
    finding, at the first axis value of the pair, spanning the whole value when it is a string.
    """
    if not expected:
        return []
    matrices = label_matrices(expected[0], label_set)
    if not matrices:
        return []
    labels = {_norm(lab) for lab in label_set}
    out: list[Finding] = []
    for path, node in _records(projection, ()):
        if any(isinstance(v, str) and _norm(v) in labels for v in node.values()):
            continue
        for m in matrices:
            found = _pair(node, m)
            if found is not None and found[1] in m.pairs:
                key = found[0]
                value = node[key]
                span = (0, len(value)) if isinstance(value, str) else None
                first, second = m.axes
                detail = f"this record's {first} and {second} give the answer through the {first}/{second} matrix"
                out.append(raw_finding(item_id, (*path, key), span, "freetext.matrix", detail, str(value)))
                break
    return out


def _norm(text: str) -> str:
    """A label or value compared as written aside: case-folded, separators one blank."""
    return " ".join(_SPLIT.split(text.casefold())).strip()


def _records(node: Any, path: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], Mapping[str, Any]]]:
    """Every object of the projection that is not inside a list, with its path."""
    if isinstance(node, Mapping):
        yield path, node
        for k, v in node.items():
            if isinstance(v, Mapping):
                yield from _records(v, (*path, str(k)))


def _pair(node: Mapping[str, Any], m: Matrix) -> tuple[str, tuple[int, int]] | None:
    """``(the first axis's key, (rank, rank))`` when ``node`` holds one key naming each axis with a
    value read as a rank; else ``None``."""
    keys: list[str] = []
    ranks: list[int] = []
    for axis in m.axes:
        named = [k for k in node if isinstance(k, str) and axis in _SPLIT.split(k.casefold())]
        if len(named) != 1:
            return None
        rank = _rank(node[named[0]], m)
        if rank is None:
            return None
        keys.append(named[0])
        ranks.append(rank)
    return keys[0], (ranks[0], ranks[1])


def _rank(value: Any, m: Matrix) -> int | None:
    """A value as a rank of the matrix: a whole number, a text led by one (``2 - Medium``), or a rank word."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if not isinstance(value, str) or not value.strip():
        return None
    lead = _RANK.match(value)
    if lead is not None:
        return int(lead.group(1))
    return m.ranks.get(_norm(value))
