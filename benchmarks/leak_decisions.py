"""Which decision of the audit cleared a place the naive whole-token scan flags.

The naive scan (``leak_heldout.reference_leaks``) calls an item leaking when the answer or a correlated
value occurs as a whole token anywhere. The audit clears most of those places on purpose (principle 3: a
listing, a definition, another record's field; principle 2: a bare word in prose) and each such decision
is a suppression that may also lose a real leak. :func:`cleared_by` audits one item with the decision
points traced and names, for every place the audit did not report as a leak, the decision that cleared
it:

* ``review: <detail>`` — a finding of severity ``low`` (a bare word, a value demoted to review), with the
  reason the scan gave;
* ``walk: <line>`` — :func:`windtunnel.leakage.scan._classify` returned without a finding, at the source
  line quoted (its comment says which principle); ``suppressed`` tells that the walk had already marked
  the place as a member of a listing or a field of another record before it was classified;
* ``after the walk: <rule>`` — a finding of the walk dropped by a principle applied to the findings
  (another input's label, a field's schema, a mapping's unselected entry);
* ``not classified`` — no hit reached the classifier (a key of a listing, a pruned subtree).

Used by ``leak_blind.py --differential`` and by the ratchet test of the development batches
(``tests/leakage/test_leak_blind_differential.py``).
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Mapping
from types import FrameType
from typing import Any

from windtunnel.leakage import audit_item, scan
from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.other_inputs import drop_other_inputs
from windtunnel.leakage.schemas import drop_schema_values
from windtunnel.leakage.selection import apply_selection

_SOURCE, _FIRST = inspect.getsourcelines(scan._classify)


def _line_reason(lineno: int) -> str:
    """The source line where ``_classify`` returned, as its comment (or the condition above it) says."""
    i = lineno - _FIRST
    line = _SOURCE[i].strip() if 0 <= i < len(_SOURCE) else ""
    if "#" in line:
        return line.split("#", 1)[1].strip()
    for j in range(i - 1, max(-1, i - 6), -1):
        above = _SOURCE[j].strip()
        if above.startswith("#"):
            return above.lstrip("# ").strip()
        if above.startswith(("if ", "and ", "or ", "elif ")):
            return f"line {lineno}: {above}"
    return f"line {lineno}: {line}"


def cleared_by(item: Mapping[str, Any]) -> list[str]:
    """The decisions that kept the answer (or a correlated value) of ``item`` from being reported as a
    leak, one string per distinct decision, most specific first (empty: the audit reports a leak)."""
    return list(dict.fromkeys(reason for _pointer, reason in cleared_places(item)))


def cleared_places(item: Mapping[str, Any]) -> list[tuple[str | None, str]]:
    """:func:`cleared_by` with the place of each decision: ``(pointer, reason)``, the pointer into the
    projection of the finding or classified place, ``None`` for a decision about the whole item (a
    principle applied after the walk, or nothing classified). Empty: the audit reports a leak. Used by
    ``leak_learn.py`` to tell which of an item's places a decision cleared."""
    scan.forget_classified()  # a replayed classification would not reach the traced function
    calls: list[tuple[str, bool, int]] = []
    code = scan._classify.__code__
    starts: dict[int, int] = {}

    def local(frame: FrameType, event: str, _arg: Any) -> Any:
        if event == "call":
            starts[id(frame)] = len(frame.f_locals["ctx"].findings)
        elif event == "return":
            f = frame.f_locals
            hit = f.get("hit")
            # (what it emitted is listed apart: a review finding, or a finding dropped after the walk)
            emitted = len(f["ctx"].findings) > starts.get(id(frame), 0)
            if hit is not None and hit.needle.role != "label" and not emitted:
                calls.append((f["pointer"], bool(f.get("suppress")), frame.f_lineno))
        return local

    def tracer(frame: FrameType, event: str, _arg: Any) -> Any:
        return local if frame.f_code is code and event == "call" else None

    previous = sys.gettrace()
    sys.settrace(tracer)
    try:
        audit = audit_item(item)
    finally:
        sys.settrace(previous)
    if audit.leaked:
        return []
    places: list[tuple[str | None, str]] = []
    for f in audit.findings:
        places.append((f.pointer, f"review: {f.rule}: {f.detail.split(';')[0]}"))
    reported = {f.pointer for f in audit.findings}
    for pointer, suppressed, lineno in calls:
        if pointer not in reported:
            places.append((pointer, ("walk (suppressed): " if suppressed else "walk: ") + _line_reason(lineno)))
    places += [(None, reason) for reason in _dropped_after_walk(item)]
    if not places:
        places.append((None, "not classified"))
    return list(dict.fromkeys(places))


def _dropped_after_walk(item: Mapping[str, Any]) -> list[str]:
    """The principles applied after the walk that dropped a finding that would have made the item leak."""
    it = LeakItem.from_mapping(item)
    walk, _blob = scan._audit(it, True, False)
    if not walk.leaked:
        return []
    out: list[str] = []
    for name, rule in (
        (
            "another input's label (principle 3 by content)",
            lambda fs: drop_other_inputs(fs, it.projection, it.label_set),
        ),
        ("a field's schema (principle 3)", lambda fs: drop_schema_values(fs, it.projection)),
        (
            "a mapping's unselected entry (principle 6)",
            lambda fs: apply_selection(it.id, it.projection, it.expected, it.label_set, fs),
        ),
    ):
        kept = rule(list(walk.findings))
        if not any(f.blocking for f in kept):
            out.append(f"after the walk: {name}")
    return out
