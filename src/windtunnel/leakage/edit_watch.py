"""Leaks the sanitizer's own edits would create: the label read from *how* a field was edited.

A sanitized dataset must not encode the answer in the shape of its edits. Two ways it can:

* **blanked on some items, filled on others.** A field emptied only where it held the answer (or a value
  riding with it) gives the answer away by elimination: on a dataset where ``sla`` is ``P1`` only for
  ``High`` items and only ``P1`` is known, an empty ``sla`` then means ``High``.
* **the same value edited by label.** One value at one field, cut (not blanked) on the items of one label and
  kept on the others ("Latency is high during backups" cut only where the answer is ``High``): the edited text exists
  only for that label, and the kept one rules it out.
* **the same sentence cut by label.** The same inside a longer text: one sentence (a line, a text node between
  tags) naming a label, cut from the items whose answer it names and kept in the others' ("This is a normal
  request, no rush." in mails of every priority, a statement only where the answer is ``normal``): its presence
  then rules that label out. :meth:`EliminationWatch.unit_cuts` lists those sentences, so that ``leak sanitize``
  cuts them on every item in its second pass (never the whole field).

:class:`EliminationWatch` is fed each item's projection before and after sanitizing (``leak sanitize`` as it
writes, ``leak check`` from the two files) and lists both kinds once per field. Each warning is a leak: the
commands count it as still leaking and fail. List indices are generalised (``/comments/*/body``); at most
``_WATCH_MAX`` field paths and ``_VALUES_MAX`` distinct values are followed, so memory stays flat.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from windtunnel.leakage.decode import embedded_json
from windtunnel.leakage.model import Finding
from windtunnel.leakage.pointers import hide_answers
from windtunnel.leakage.shared_values import drawn_alike

_WATCH_MAX = 4096
_VALUES_MAX = 200_000
_LABELS_MAX = 256

Shown = Callable[[str], str]
"""How a concrete pointer is printed (answer keys hashed unless values are shown)."""


def general(pointer: str) -> str:
    """``pointer`` with list indices as ``*``: the same field of every element counts as one place."""
    return "/".join("*" if t.isdigit() else t for t in pointer.split("/"))


def narrowest(pointers: set[str]) -> str:
    """The template of ``pointers`` (one field, list indices differing): a list index stays where every pointer has the
    same one, and is ``*`` where they differ (``/messages/4/content`` for a closing turn at the fifth place of each
    transcript holding one, ``/comments/*/author`` for values at several places)."""
    rows = [p.split("/") for p in sorted(pointers)]
    return "/".join(col[0] if len(set(col)) == 1 else "*" for col in zip(*rows, strict=True))


_AT_MAX = 64
"""Concrete places of a blanked field followed (:attr:`EliminationWatch.blanked_at`); more: the field's template."""


def _token(key: Any) -> str:
    """``key`` escaped as a JSON pointer token."""
    return str(key).replace("~", "~0").replace("/", "~1")


def _pairs(raw: Any, clean: Any, pointer: str) -> Iterator[tuple[str, Any, Any]]:
    """``(pointer, raw scalar, sanitized scalar)`` for every scalar of ``raw`` (the two share one schema;
    a part missing from ``clean`` pairs with ``None``). Iterative: an item nested deep is walked too. A string holding
    JSON (a tool call's ``arguments``) that still holds JSON after sanitizing is walked into, its scalars at the
    string's pointer followed by their own (``/calls/3/args/customer``), as the sanitizer edits it: a value blanked
    inside is a blank of that field, not an edit of the whole string."""
    stack: list[tuple[str, Any, Any]] = [(pointer, raw, clean)]
    while stack:
        ptr, a, b = stack.pop()
        if isinstance(a, str) and isinstance(b, str):
            inner_a = embedded_json(a)
            inner_b = embedded_json(b) if inner_a is not None else None
            if inner_a is not None and inner_b is not None:
                a, b = inner_a, inner_b
        if isinstance(a, Mapping):
            obj: Mapping[Any, Any] = b if isinstance(b, Mapping) else {}
            stack.extend((f"{ptr}/{_token(k)}", v, obj.get(k)) for k, v in reversed(list(a.items())))
        elif isinstance(a, list):
            seq: list[Any] = b if isinstance(b, list) else []
            stack.extend((f"{ptr}/{i}", v, seq[i] if i < len(seq) else None) for i, v in reversed(list(enumerate(a))))
        else:
            yield ptr, a, b


_UNIT_SPLIT = re.compile(r"<[^<>]*>|\r?\n|(?<=[.!?;])\s+")
"""Where a text splits into the units a sentence cut removes: tags, line breaks, sentence ends."""


def units(text: str) -> list[str]:
    """The sentences of ``text`` (lines, text nodes between tags, sentences), stripped; empty ones dropped."""
    return [u for u in (p.strip() for p in _UNIT_SPLIT.split(text)) if len(u) > 1]


def _words_pattern(labels: Sequence[str]) -> re.Pattern[str] | None:
    """A case-insensitive whole-word pattern of ``labels`` (None: no label)."""
    alts = sorted({re.escape(x.casefold()) for x in labels if x and x.strip()}, key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(alts) + r")(?!\w)", re.IGNORECASE) if alts else None


def _filled(value: Any) -> bool:
    """Whether a scalar holds something (a blank string, ``0``, ``False`` and ``null`` do not)."""
    return value not in (None, "", False, 0)


def _empty(value: Any) -> bool:
    """Whether a scalar is empty as a blank writes it (``""``, ``0``, ``0.0``; not ``null`` nor ``false``, which a blank
    of a string or a number never writes)."""
    return value in ("", 0) and not isinstance(value, bool)


@dataclass
class EliminationWatch:
    """Fields whose sanitized form tells the answer by elimination (see the module docstring)."""

    blanked: dict[str, int] = field(default_factory=dict)
    filled: dict[str, int] = field(default_factory=dict)
    shown: dict[str, str] = field(default_factory=dict)
    blanked_labels: dict[str, set[tuple[str, ...]]] = field(default_factory=dict)
    """Per field, the labels of the items it was blanked on (at most ``_LABELS_MAX`` followed)."""
    filled_labels: dict[str, set[tuple[str, ...]]] = field(default_factory=dict)
    """Per field, the labels of the items keeping it filled (at most ``_LABELS_MAX`` followed)."""
    by_label: set[str] = field(default_factory=set)
    """Fields where one value was edited on the items of one label and not on another's."""
    _first: dict[tuple[str, int], tuple[int, tuple[str, ...]]] = field(default_factory=dict, repr=False)
    labels: list[str] = field(default_factory=list)
    """The dataset's labels: a sentence naming one is followed (the items' own answers are added as they come)."""
    counts: dict[str, dict[str, Counter[tuple[str, ...]]]] = field(default_factory=dict)
    """Per field, per kind (``blanked``, ``filled``, ``empty``: already empty as read and left so), how many items of
    each label (at most ``_LABELS_MAX`` labels followed): :meth:`_like_empties`."""
    blanked_at: dict[str, set[str] | None] = field(default_factory=dict)
    """Per blanked field, the places (list indices as written) it was blanked at, while at most :data:`_AT_MAX`
    differ (None beyond): the field :meth:`templates` names is as narrow as they are."""
    by_unit: dict[str, set[str]] = field(default_factory=dict)
    """Per field, the sentences cut on the items of one label and kept on another's."""
    _units: dict[tuple[str, int], tuple[set[tuple[str, ...]], set[tuple[str, ...]], str]] = field(
        default_factory=dict, repr=False
    )
    _pattern: re.Pattern[str] | None = field(default=None, repr=False)
    _known: set[str] = field(default_factory=set, repr=False)

    def add(self, raw: Any, clean: Any, label: tuple[str, ...], shown: Shown | None = None) -> None:
        """Count one item: ``raw`` is its projection as read, ``clean`` as sanitized, ``label`` its answers.

        A field counts once per item: as blanked when it holds fewer filled values after than before (two
        members of one list blanked are one item; a list that lost a member but keeps others is blanked),
        else as filled when it holds one. ``shown`` prints a pointer (default: as it is)."""
        before: dict[str, int] = {}
        after: dict[str, int] = {}
        first_ptr: dict[str, str] = {}
        at: dict[str, set[str]] = {}
        empty: set[str] = set()
        for ptr, a, b in _pairs(raw, clean, ""):
            path = general(ptr)
            if _empty(a) and _empty(b):
                empty.add(path)
            if _filled(a):
                before[path] = before.get(path, 0) + 1
                if not _filled(b):
                    first_ptr.setdefault(path, ptr)
                    at.setdefault(path, set()).add(ptr)
            if _filled(b):
                after[path] = after.get(path, 0) + 1
            self._same_value(path, ptr, a, b, label, shown)
            if isinstance(a, str):
                self._same_units(path, ptr, a, b, label, shown)
        for path, n in before.items():
            if after.get(path, 0) < n:
                if path in self.blanked or len(self.blanked) < _WATCH_MAX:
                    self.blanked[path] = self.blanked.get(path, 0) + 1
                    self.shown.setdefault(path, general(shown(first_ptr[path]) if shown else first_ptr[path]))
                    places = self.blanked_at.setdefault(path, set())
                    if places is not None:
                        places |= at.get(path, set())
                        if len(places) > _AT_MAX:
                            self.blanked_at[path] = None
                    labels = self.blanked_labels.setdefault(path, set())
                    if len(labels) < _LABELS_MAX:
                        labels.add(label)
                    self._count(path, "blanked", label)
            elif path in self.filled or len(self.filled) < _WATCH_MAX:
                self.filled[path] = self.filled.get(path, 0) + 1
                labels = self.filled_labels.setdefault(path, set())
                if len(labels) < _LABELS_MAX:
                    labels.add(label)
                self._count(path, "filled", label)
        for path in empty - set(before):
            if path in self.counts or len(self.counts) < _WATCH_MAX:
                self._count(path, "empty", label)

    def _count(self, path: str, kind: str, label: tuple[str, ...]) -> None:
        """Count one item of ``label`` under ``kind`` at ``path`` (:attr:`counts`)."""
        got = self.counts.setdefault(path, {}).setdefault(kind, Counter())
        if label in got or len(got) < _LABELS_MAX:
            got[label] += 1

    def _like_empties(self, path: str) -> bool:
        """Whether the blanks of ``path`` read like the empty values its items already held: the items empty there
        after sanitizing, blanked or empty as read, fall on the labels as a draw of as many of the items holding the
        field would (:func:`~windtunnel.leakage.shared_values.drawn_alike`). A reader cannot tell a blank from a value
        that was empty to begin with, so such blanks rule no label out, though they fall on one label's items only
        (a note mined for one label, blanked beside notes every label's records leave empty). Never without empties
        as read."""
        got = self.counts.get(path, {})
        if not got.get("empty"):
            return False
        blank = got.get("empty", Counter()) + got.get("blanked", Counter())
        return drawn_alike(
            Counter({"\0".join(k): v for k, v in blank.items()}),
            Counter({"\0".join(k): v for k, v in (blank + got.get("filled", Counter())).items()}),
        )

    def _same_value(self, path: str, ptr: str, a: Any, b: Any, label: tuple[str, ...], shown: Shown | None) -> None:
        """Follow one raw value at ``path``: cut one way on one label's items and kept (or cut another way) on
        another's. A blank is left to the blank count (a listing member kept beside the same value blanked
        elsewhere is a listing, not a label's edit)."""
        if isinstance(a, (dict, list)) or path in self.by_label or not _filled(b):
            return
        key = (path, hash((type(a).__name__, a)))
        out = hash((type(b).__name__, b))
        seen = self._first.get(key)
        if seen is None:
            if len(self._first) < _VALUES_MAX:
                self._first[key] = (out, label)
            return
        if seen[0] != out and seen[1] != label and len(self.by_label) < _WATCH_MAX:
            self.by_label.add(path)
            self.shown.setdefault(path, general(shown(ptr) if shown else ptr))

    def _same_units(self, path: str, ptr: str, a: str, b: Any, label: tuple[str, ...], shown: Shown | None) -> None:
        """Follow each sentence of the text ``a`` (of two sentences or more) that names a label: cut (absent from
        ``b``) on an item whose answer it names, or kept in ``b``; one cut on some labels' items and kept on another
        label's is a leak."""
        pattern = self._words(label)
        if pattern is None or pattern.search(a) is None:
            return
        before = units(a)
        if len(before) < 2:
            return  # a one-sentence value is the whole value's (:meth:`_same_value`), a listing's member too
        answers = _words_pattern(label)
        after = set(units(b)) if isinstance(b, str) else set()
        for unit in before:
            if pattern.search(unit) is None:
                continue
            cut = unit not in after
            if cut and (answers is None or answers.search(unit) is None):
                continue  # cut beside a hit, naming another label: not this item's label's edit
            key = (path, hash(unit))
            entry = self._units.get(key)
            if entry is None:
                if len(self._units) >= _VALUES_MAX:
                    continue
                entry = self._units[key] = (set(), set(), unit)
            cuts, kept, _ = entry
            group = cuts if cut else kept
            if len(group) < _LABELS_MAX:
                group.add(label)
            if cuts and kept - cuts and len(self.by_unit) < _WATCH_MAX:
                self.by_unit.setdefault(path, set()).add(unit)
                self.shown.setdefault(path, general(shown(ptr) if shown else ptr))

    def __post_init__(self) -> None:
        self._words(tuple(self.labels[:_LABELS_MAX]))

    def _words(self, label: tuple[str, ...]) -> re.Pattern[str] | None:
        """The pattern of every label seen so far (the dataset's, and each item's answers)."""
        new = [x for x in label if x not in self._known]
        if new and len(self._known) < _LABELS_MAX:
            self._known.update(new)
            self._pattern = _words_pattern(sorted(self._known))
        return self._pattern

    def unit_cuts(self) -> dict[str, list[str]]:
        """Per field template, the sentences to cut on every item (those cut by label: see :meth:`_same_units`)."""
        return {p: sorted(u) for p, u in sorted(self.by_unit.items())}

    def fields(self) -> list[str]:
        """The fields (as shown) whose edits leak, sorted."""
        out = {self.shown.get(p, p) or "/" for p in (*self.by_label, *self.by_unit)}
        out |= {self.shown.get(p, p) or "/" for p in self.blanked if self._points(p)}
        return sorted(out)

    def templates(self) -> list[str]:
        """The same fields as :meth:`fields`, as field templates of the projection (never hashed): what
        ``uniform`` of :func:`~windtunnel.leakage.sanitize.sanitize_item` blanks on every item."""
        return sorted(set(self.by_label) | {self._narrow(p) for p in self.blanked if self._points(p)})

    def blank_templates(self) -> list[str]:
        """Those of :meth:`templates` that leak by their blanks alone (not by a value edited by label): a second pass
        may blank them at chosen places instead of on every item
        (:func:`~windtunnel.leakage.sanitize.twin_places`)."""
        return sorted({self._narrow(p) for p in self.blanked if self._points(p) and p not in self.by_label})

    def shown_field(self, template: str) -> str:
        """The field as :meth:`fields` shows it, for one of :meth:`templates` (a narrowed template names its field)."""
        for path in (*self.by_label, *self.blanked):
            if template in (path, self._narrow(path)):
                return self.shown.get(path, path) or "/"
        return template or "/"

    def _narrow(self, path: str) -> str:
        """The blanked field ``path`` as narrow as the places it was blanked at (:func:`narrowest`): a closing turn
        blanked at ``/messages/4/content`` on each item names that place, not every message's content."""
        places = self.blanked_at.get(path)
        return narrowest(places) if places else path

    def _kept(self, path: str) -> int:
        """Items keeping ``path`` filled (for a blanked object: the most of any field under it)."""
        under = (c for p, c in self.filled.items() if p.startswith(path + "/"))
        return self.filled.get(path, 0) or max(under, default=0)

    def _points(self, path: str) -> bool:
        """A blank of ``path`` rules labels out: no item keeping it filled (under it, for a blanked object)
        carries a label of an item it was blanked on, and a label repeats among those (more blanked items than
        labels: a pattern, not free-form answers that are each their own). A field blanked on items of several
        labels that also keep it filled elsewhere says only that an answer was there; blanked on the items of one
        label only, while items of other labels keep it filled, the blank is that label's alone and names it (a
        ``sla_hours`` of ``4`` mapped to one label and blanked to ``0`` on its items: every ``0`` is that label)."""
        blanked = self.blanked_labels.get(path, set())
        if not blanked or len(blanked) >= _LABELS_MAX or self.blanked.get(path, 0) <= len(blanked):
            return False
        if not self._kept(path) or self._like_empties(path):
            return False
        kept = [ls for p, ls in self.filled_labels.items() if p == path or p.startswith(path + "/")]
        if not any(len(ls) >= _LABELS_MAX or ls & blanked for ls in kept):
            return True
        return len(blanked) == 1 and any(ls - blanked for ls in kept)

    def _shared(self, path: str) -> bool:
        """Items keeping ``path`` filled carry a label of an item it was blanked on (the one-label case of
        :meth:`_points`)."""
        blanked = self.blanked_labels.get(path, set())
        return any(ls & blanked for p, ls in self.filled_labels.items() if p == path or p.startswith(path + "/"))

    def warnings(self) -> list[str]:
        """One sentence per field whose edits tell the answer, with what to do.

        Three kinds, each with its own fix: a field blanked on some items and kept on others whose labels differ
        (its emptiness points at a label); sentences naming a label cut only on that label's items (what remains
        rules the label out); and a field edited on one label's items only. A field of the third kind is reported
        only there. The field is shown as the user wrote it when known.
        """
        out = []
        for path, n in sorted(self.blanked.items()):
            kept = self._kept(path)
            if self._points(path) and path not in self.by_label:
                at = self.shown.get(path, path) or "/"
                whose = (
                    ", all of one label, and keeps a value on {kept} other(s), of other labels too: an empty {at} now "
                    "names that label"
                    if self._shared(path)
                    else " and keeps a value on {kept} other(s), none of whose labels is one of theirs: an empty {at} "
                    "now points at their labels"
                ).format(kept=kept, at=at)
                out.append(
                    f"{at} was blanked on {n} item(s){whose} (a leak by elimination); blank it on "
                    "every item (leave it out of the projection), or map every label's values in "
                    "--correlated-map"
                )
        for path, cut in sorted(self.by_unit.items()):
            if path in self.by_label:
                continue
            at = self.shown.get(path, path) or "/"
            out.append(
                f"{at}: {len(cut)} sentence(s) naming a label were cut on the items of that label and kept as they "
                "were on another label's: a kept sentence rules that label out (a leak by elimination); "
                "`leak sanitize` cuts them on every item (sanitize the raw file, not a pipe), or remove them by hand"
            )
        for path in sorted(self.by_label):
            at = self.shown.get(path, path) or "/"
            out.append(
                f"{at}: one value was edited on the items of one label and kept as it was on another's: the "
                "edit (or its absence) points at the answer (a leak by elimination); edit that field alike on "
                "every item (leave it out of the projection), or sanitize without --redact-review"
            )
        return out


def masked(projection: Any, secrets: tuple[str, ...], show_values: bool) -> Shown:
    """How ``leak sanitize`` and ``leak check`` print a pointer of ``projection``: an object key that is one of
    ``secrets`` (the item's answers) hashed as the scan's reports hash it, unless ``show_values``."""
    if show_values or not secrets:
        return str

    def shown(pointer: str) -> str:
        probe = Finding(
            item="", channel="direct", severity="low", pointer=pointer, representation="raw", span=None,
            view="raw", rule="", detail="", value="",
        )  # fmt: skip
        return hide_answers([probe], projection, secrets)[0].shown_pointer()

    return shown
