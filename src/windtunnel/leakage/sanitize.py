"""The schema-preserving sanitizer: blank leaking values, redact leaking spans, keep the shape.

Guarantees (checked by the tests and, for the last one, at run time):

* keys, their order, list lengths and container types never change (:func:`schema_digest` is equal
  before and after); a string stays a string, a number a number. JSON has no empty boolean, so a
  leaking boolean becomes ``null`` (the one documented exception).
* a whole value that *is* the answer (or a correlated or upstream value) is blanked; an option object
  holding it (``{"name": "High", "id": "3", "self": ".../priority/3", "iconUrl": ...}``) is blanked as a
  whole; an upstream field (``aiCategory``) is blanked with everything under it.
* in prose, the leaking sentence (or just the span, ``mode="span"``) is removed, in every
  representation the finding was seen in: the markdown body and its ADF twin are two findings at two
  pointers, each redacted.
* a cut in prose stays inside the structural unit that holds the hit (an XML/HTML text node or
  attribute value, an iCalendar or mail header field's value: :mod:`windtunnel.leakage.cuts`); a hit in
  the structure itself is left for the rescan to report;
* a member of a listing (``["Low", "High"]``, one line of an enum definition) is never blanked alone:
  the others would name the answer by elimination (:mod:`windtunnel.leakage.listing`);
* an item with nothing to redact is returned untouched (the flow then writes its record's bytes as
  they were); a finding the sanitizer cannot act on is listed in :attr:`SanitizeResult.problems` and
  never raises;
* the result is scanned again; :attr:`SanitizeResult.residual` lists what still leaks (an object key
  that is the answer cannot be removed without changing the schema, and is reported instead), and
  :meth:`SanitizeResult.left` says for each why the sanitizer left it and what the user can do
  (:data:`LEFT_BECAUSE`): the reason is recorded where the sanitizer decides not to act, not guessed later.

**Why it acts on findings and does not search.** The sanitizer removes exactly what the scan reported,
at the original characters each finding points at, and then asks the same scan again. It has no
rules of its own about what leaks, so a change to the principles changes what is removed with no
second place to update, and "sanitized" always means "the scan finds nothing blocking any more" (or a
residual that says why not). Findings that come from elsewhere (``leak mine``'s, and what the blind baseline still
reads off a sanitized dataset: :mod:`~windtunnel.leakage.shortcuts`) are acted on the same way (``extra``).

**Why blanking, and not deleting or rewording.** An eval harness and the agent's tools expect the
record's schema; a deleted key or a shortened list breaks them or tells the model that something was
there. A blank value of the same type, a redacted sentence, or an embedded JSON document rewritten in
its own style keep every consumer working. What stays is the eval's real input: the point is to
measure the agent without the answer, not without the data.

**What it deliberately does not do.** It does not invent a replacement value (a neutral label would be
a new, wrong answer), remove an object key (schema), or blank a member of a listing alone; it does not
fix a leak by elimination across a dataset by itself: :mod:`~windtunnel.leakage.edit_watch` tells the flows
when a field is blanked on one label's items and filled on others', because an empty field then points at
the answer (a field some of whose values were mined is blanked on every item instead, as narrowly as the mined values
allow: a table's column, a phrase naming any label, else the whole scalar: :func:`uniform_fields`).
"""

from __future__ import annotations

import copy
import hashlib
import json
import operator
import re
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any, Literal

from windtunnel.leakage import cuts, recode
from windtunnel.leakage.agreement import RULE as AGREEMENT_RULE
from windtunnel.leakage.agreement import Agreement
from windtunnel.leakage.candidates import PROSE_WORDS, ListSets, _leaves
from windtunnel.leakage.decode import embedded_json
from windtunnel.leakage.edit_watch import narrowest
from windtunnel.leakage.formats import is_upstream_name
from windtunnel.leakage.input_copies import copied_places
from windtunnel.leakage.input_copies import templated as _templated
from windtunnel.leakage.listing import listing_member, unmark
from windtunnel.leakage.mention import clear_tally, regutter, restyle, table_cell, unselect
from windtunnel.leakage.mine import in_derive_from
from windtunnel.leakage.model import DatasetError, Finding, ItemAudit, LeakItem, PointerMap, record_pointer
from windtunnel.leakage.pointers import node_at, parse_pointer, scalar_leaves
from windtunnel.leakage.prose_text import prose_text
from windtunnel.leakage.records import record_values
from windtunnel.leakage.resolve import Records, own_column_value
from windtunnel.leakage.scan import audit_item, escape_pointer_token, glued_review
from windtunnel.leakage.shared_values import AlikeValues, alike_values, drawn_alike, shared_values
from windtunnel.leakage.text import Mapped
from windtunnel.leakage.value_parts import common_words, differing_span, leaning_texts, words
from windtunnel.leakage.value_parts import key as value_key
from windtunnel.leakage.value_parts import riders as value_riders
from windtunnel.leakage.value_shapes import shared_shapes, value_shape

Mode = Literal["sentence", "span"]

Reason = Literal[
    "listing-member",
    "listing-mark",
    "structure",
    "object-key",
    "unresolved",
    "not-removed",
    "sanitizable",
    "held-alike",
    "input",
]
"""Why the sanitizer left a finding that the rescan still reports."""

LEFT_BECAUSE: dict[Reason, tuple[str, str]] = {
    "listing-member": (
        "a member of a listing, never blanked or cut alone (the other members would name the answer by elimination)",
        "edit the record by hand (reword or blank the whole listing), or leave the field out of --context-field",
    ),
    "listing-mark": (
        "a marked member of a listing (a checked box, a tally's count) whose mark the sanitizer cannot clear; "
        "cutting the member alone would name the answer by elimination",
        "edit the record by hand (clear the mark or drop the whole listing), or leave the field out of --context-field",
    ),
    "structure": (
        "in the document's structure (a tag or field name), which a cut would break",
        "edit the record by hand, or leave the field out of --context-field",
    ),
    "object-key": (
        "an object key, which cannot be removed without changing the schema",
        "rename or remove the key by hand, or leave the object out of --context-field",
    ),
    "unresolved": (
        "the sanitizer could not edit this place (see the stats line's problems)",
        "edit the record by hand, or leave the field out of --context-field",
    ),
    "not-removed": (
        "the rescan still finds a leak here after the sanitizer's edits",
        "edit the record by hand (--mode sentence cuts more than --mode span), or leave the field out of "
        "--context-field",
    ),
    "held-alike": (
        "a value the records of every label hold alike, so it tells no label; a cut on the records where the scan "
        "reads it would tell the label by the cut",
        "none needed for the answer's sake; edit the field by hand on every record if it must go",
    ),
    "input": (
        "in the task's input (a field named by --derive-from), which the sanitizer never edits: the task is answered "
        "from it",
        "the scan reads the answer in a field --derive-from names; if it is not the task's input, leave it out of "
        "--derive-from and sanitize again; else edit the record by hand",
    ),
    "sanitizable": (
        "the sanitizer removes it: this file was sanitized with other options (--learned, --mine, --agreement, "
        "--context-field, --mode) or edited afterwards",
        "sanitize the raw dataset again with the options given here",
    ),
}
"""Each :data:`Reason` as (why the sanitizer left it, what the user can do): one sentence each, naming no value."""

OPTION_KEYS = frozenset(
    {
        "name",
        "value",
        "id",
        "key",
        "self",
        "iconUrl",
        "icon_url",
        "label",
        "displayName",
        "display_name",
        "title",
        "url",
        "icon",
        "color",
        "colour",
        "emoji",
        "description",
    }
)
_WHOLE_RULES = frozenset(
    {
        "direct.value",
        "correlated.value",
        "direct.url-segment",
        "correlated.url-segment",
        "upstream.path-segment",
        "correlated.path-segment",
    }
)


@dataclass
class Redaction:
    """One sanitizer action, as written to the stats file."""

    pointer: str
    channel: str
    rule: str
    operator: str
    representation: str
    chars_removed: int
    hashed_pointer: str | None = None
    """``pointer`` with answer keys hashed, as reports show it (``None``: it shows none)."""

    def to_dict(self, *, show_values: bool = False) -> dict[str, Any]:
        """The redaction as a report row; its pointer with answer keys hashed unless ``show_values``."""
        return {
            "pointer": self.pointer if show_values or self.hashed_pointer is None else self.hashed_pointer,
            "channel": self.channel,
            "rule": self.rule,
            "operator": self.operator,
            "representation": self.representation,
            "chars_removed": self.chars_removed,
        }


@dataclass(frozen=True)
class Left:
    """One finding the sanitized item still holds: the rule and place that still speak, and why they were left."""

    finding: Finding
    reason: Reason
    sources: PointerMap | None = None
    """The item's :attr:`LeakItem.sources`: the row then also names the place in the record (``--context-field``)."""

    def to_dict(self, *, show_values: bool = False) -> dict[str, str]:
        """The stats row: pointer (answer keys hashed unless ``show_values``), the pointer into the record when a field
        mapping built the projection (``record_pointer``), rule, reason, why and fix."""
        why, fix = LEFT_BECAUSE[self.reason]
        shown = self.finding.shown_pointer(show_values)
        row = {"pointer": shown or "/", "rule": self.finding.rule}
        if self.sources is not None:
            row["record_pointer"] = record_pointer(self.sources, self.finding.pointer, shown) or "/"
        inner = self.finding.shown_inner(show_values)
        if inner is not None:
            row["inner"] = inner
        return {**row, "reason": self.reason, "why": why, "fix": fix}

    def sentence(self, *, show_values: bool = False) -> str:
        """``at POINTER (rule): why; to fix: fix``: one place as the commands print it (:func:`left_sentence`)."""
        return left_sentence(self.to_dict(show_values=show_values))


def left_sentence(row: Mapping[str, str]) -> str:
    """A :meth:`Left.to_dict` row as ``leak sanitize`` and ``leak check`` print it:
    ``at POINTER (rule): why; to fix: fix``, the pointer into the record when the row has one."""
    at = row.get("record_pointer", row["pointer"]) + (f" (inside {row['inner']})" if "inner" in row else "")
    return f"at {at} ({row['rule']}): {row['why']}; to fix: {row['fix']}"


@dataclass
class SanitizeResult:
    """The sanitized item, what was done, and what the rescan still finds."""

    item: LeakItem
    redactions: list[Redaction]
    before: ItemAudit
    after: ItemAudit
    residual: list[Finding] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    """Findings the sanitizer could not act on, one sentence each (the rescan's residual says if they
    still leak)."""
    reasons: dict[str, Reason] = field(default_factory=dict)
    """Why the sanitizer left a place alone, by path (pointer and, inside embedded JSON, inner pointer)."""
    kept: list[Finding] = field(default_factory=list)
    """Findings the sanitizer did not act on because they sit in a field named by ``derive_from`` (the task's input):
    a mined value there, a field blanked on every item (``mined-field``) that is such a field, or any finding at a
    whole value of it (the scan's own too)."""
    copied: list[Finding] = field(default_factory=list)
    """Mined evidence the sanitizer did not act on because its place holds this item's copy of its input
    (:func:`copied_places`): a field outside ``derive_from`` copying one of it."""

    def left(self) -> list[Left]:
        """Each residual finding (one per place and rule) with the reason recorded at its place, or at the
        nearest place around it (a key's object, a listing's element); ``not-removed`` where none was."""
        out: dict[tuple[str, str], Left] = {}
        for f in self.residual:
            path = f.pointer + (f.inner or "")
            reason: Reason = "object-key" if f.target == "key" else self._reason_at(path)
            out.setdefault((path, f.rule), Left(f, reason, self.item.sources))
        return list(out.values())

    def _reason_at(self, path: str) -> Reason:
        while True:
            if path in self.reasons:
                return self.reasons[path]
            if not path:
                return "not-removed"
            path = path.rsplit("/", 1)[0]

    def kept_places(self, *, show_values: bool = False) -> list[str]:
        """The places of :attr:`kept` (answer keys hashed unless ``show_values``), sorted, each once."""
        return sorted({_shown_path(f, show_values) for f in self.kept})

    def copied_places(self, *, show_values: bool = False) -> list[str]:
        """The places of :attr:`copied` (answer keys hashed unless ``show_values``), sorted, each once."""
        return sorted({_shown_path(f, show_values) for f in self.copied})

    @property
    def ok(self) -> bool:
        """Whether the rescan of the sanitized item finds no leak left."""
        return not self.residual

    @property
    def changed(self) -> bool:
        """Whether the projection differs from the item's (a kept listing member changes nothing)."""
        return any(r.operator != "keep-listing" for r in self.redactions)

    def stats(self, *, show_values: bool = False) -> dict[str, Any]:
        """The per-item stats line; pointers show answer keys hashed unless ``show_values``. When a field mapping
        built the projection (``--context-field``), each redaction and left place also names its ``record_pointer``,
        and ``residual_record_pointers`` lists the residual places in the record."""
        sources = self.item.sources
        redactions = [r.to_dict(show_values=show_values) for r in self.redactions]
        if sources is not None:
            for r, row in zip(self.redactions, redactions, strict=True):
                row["record_pointer"] = record_pointer(sources, r.pointer, row["pointer"])
        at_record = (
            {
                "residual_record_pointers": sorted(
                    {record_pointer(sources, f.pointer, f.shown_pointer(show_values)) for f in self.residual}
                )
            }
            if sources is not None
            else {}
        )
        return {
            "id": self.item.id,
            "findings_before": len(self.before.findings),
            "leaked_before": self.before.leaked,
            "redactions": redactions,
            "chars_removed": sum(r.chars_removed for r in self.redactions),
            "residual": len(self.residual),
            "residual_pointers": sorted({f.shown_pointer(show_values) for f in self.residual}),
            **at_record,
            **({"residual_left": [x.to_dict(show_values=show_values) for x in self.left()]} if self.residual else {}),
            **({"problems": list(self.problems)} if self.problems else {}),
            **({"kept_in_derive_from": self.kept_places(show_values=show_values)} if self.kept else {}),
            **({"kept_as_input_copy": self.copied_places(show_values=show_values)} if self.copied else {}),
        }


def sanitize_item(
    item: LeakItem | Mapping[str, Any],
    *,
    mode: Mode = "sentence",
    redact_review: bool = False,
    decode: bool = True,
    labels: Sequence[str] = (),
    extra: Sequence[Finding] = (),
    uniform: Sequence[str] = (),
    learned: bool | None = None,
    uniform_cuts: Mapping[str, Sequence[str]] | None = None,
    agreement: Agreement | None = None,
    mined_uniform: Sequence[MinedField] = (),
    derive_from: Sequence[str] = (),
    copies: Mapping[str, str] | None = None,
    alike: AlikeValues | None = None,
) -> SanitizeResult:
    """Sanitize one item's projection and rescan it.

    ``redact_review`` also acts on ``low`` (review) findings, this item's and those it would have under each
    other label (a bare mention of any label is cut alike on every item); ``mode`` chooses between removing the
    sentence around a leaking span in prose (default) or the span alone. ``labels`` (with the item's
    own label set) tell a listing of labels, whose members are never blanked alone. ``extra`` are
    findings from elsewhere (``leak mine``'s, for this item) acted on like the scan's (one for review, a mined word
    of the task's input, only with ``redact_review``); a mined whole value
    where the scan already edits the same field gets the scan's edit alone (the items of the other labels
    get that edit too, so a blank only here would tell this label). ``uniform`` are field templates (list
    indices as ``*``) blanked wherever this item fills that very field with a scalar, whatever its label (a field the
    edits would blank on some labels' items only, so its being empty tells nothing): the leaf at the template, never
    what lies under it (``/steps/*/output`` blanks a string output, not the objects other steps output).
    ``mined_uniform`` are the fields some of whose values were mined (:func:`uniform_fields`): blanked only at the
    places each names (:meth:`MinedField.holds`) where the item holds a value mining reads (a scalar, not prose:
    mining never reads prose, so prose there holds no mined value). ``derive_from`` names the fields the task is
    derived from (as ``leak mine`` takes them): mined evidence (``extra`` findings of representation ``mined``, the
    blanks of ``uniform`` and ``mined_uniform``) is never acted on there; what was left is
    :attr:`SanitizeResult.kept`. ``copies`` are the fields outside ``derive_from`` copying a field of it
    (:func:`input_copies`): mined evidence at a place of this item holding its copy of the input is not acted on either
    (:attr:`SanitizeResult.copied`); elsewhere in such a field it is.
    ``learned`` is :func:`audit_item`'s, for the scan before and the rescan after (``None``: its default).
    ``uniform_cuts`` maps field templates to sentences cut wherever this item holds them, whatever its label: a
    sentence naming a label that the edits cut on that label's items only
    (:meth:`~windtunnel.leakage.edit_watch.EliminationWatch.unit_cuts`), so its presence tells nothing.
    ``agreement`` is the dataset's evidence (the item's own dataset, or one applied to it): a leak it demotes to
    review (a slot at chance) is not cut, before or in the rescan, as ``leak scan`` does not count it; its
    promotions come in ``extra``.
    ``alike`` are the values the dataset's items of every label hold alike (:func:`held_alike`): a finding of the
    scan's or of ``extra`` in such a value is not acted on (it tells no label, and a cut there on some labels' items
    only would tell the label by the cut); the rescan still reports it, left as ``held-alike``.
    """
    it = item if isinstance(item, LeakItem) else LeakItem.from_mapping(item)
    before = _demoted(audit_item(it, decode=decode, learned=learned), it, agreement)
    todo = [f for f in before.findings if f.blocking or redact_review]
    if redact_review:
        todo.extend(_other_labels_review(it, labels, decode, agreement))
    todo, kept = _off_input(todo, derive_from, it.projection)
    copy_kept: list[Finding] = []
    copied = copied_places(it, copies or {}) if derive_from else frozenset()
    if extra:
        acted, in_input, copy_kept = _outside(
            _narrowed(it, at_members(it.projection, extra), mined_uniform), derive_from, copied, it.projection
        )
        kept.extend(in_input)
        todo.extend(f for f in acted if f.blocking or redact_review)  # a mined word of the task's input: for review
        before = ItemAudit(before.item, [*before.findings, *acted], before.line, before.sources)
    todo, held = not_alike(it, todo, alike)
    if uniform or mined_uniform:
        blanks, skipped, copy_skipped = _outside(
            _uniform_blanks(it, uniform, mined_uniform), derive_from, copied, it.projection
        )
        todo.extend(blanks)
        kept.extend(skipped)
        copy_kept.extend(copy_skipped)
    if uniform_cuts:
        todo.extend(_uniform_cuts(it, uniform_cuts))
    left: dict[str, Reason] = {f.pointer + (f.inner or ""): "input" for f in kept}
    left.update({f.pointer: "held-alike" for f in held})
    if not todo:  # what the scan flags at a whole value of the input still leaks: counted, never cut
        residual = [f for f in kept if (f.blocking or redact_review) and not dataset_evidence(f)]
        residual.extend(f for f in held if f.blocking)
        return SanitizeResult(it, [], before, before, residual, reasons=left, kept=kept, copied=copy_kept)
    try:
        projection = copy.deepcopy(it.projection)
    except RecursionError:
        at = f" (line {it.line})" if it.line is not None else ""
        raise DatasetError(f"item {it.id!r}{at} is nested too deeply to sanitize") from None
    redactions: list[Redaction] = []
    problems: list[str] = []
    known = list(dict.fromkeys([*it.label_set, *labels]))
    ctx = _Ctx(
        known, problems, it.projection, list(it.label_set) or known, list(it.expected), sources=it.sources, item=it
    )
    projection = _apply(projection, todo, mode, redactions, ctx)
    if not redactions:
        clean, after = it, before
    else:
        clean = replace(it, projection=projection)
        after = _demoted(audit_item(clean, decode=decode, learned=learned), clean, agreement, rescan=True)
        unseen, _ = _off_input(_unseen(after, before, redact_review), derive_from, it.projection)
        if unseen:  # e.g. the learned decision, which reads only items the audit does not block: not this one before
            done = len(redactions)
            projection = _apply(copy.deepcopy(projection), unseen, mode, redactions, ctx)
            if len(redactions) > done:
                clean = replace(it, projection=projection)
                after = _demoted(audit_item(clean, decode=decode, learned=learned), clean, agreement, rescan=True)
    residual = [f for f in after.findings if f.blocking or redact_review]
    copy_kept = _kept_as_written(it.projection, clean.projection, copy_kept)
    return SanitizeResult(clean, redactions, before, after, residual, problems, {**left, **ctx.left}, kept, copy_kept)


def _off_input(
    findings: Sequence[Finding], derive_from: Sequence[str], projection: Any
) -> tuple[list[Finding], list[Finding]]:
    """``findings`` (the scan's own) split into those to act on and those at a whole value of a field named by
    ``derive_from`` (:func:`_whole_value`): a scalar of the task's input is what the task is answered from, so the
    sanitizer never edits it, whatever finds a leak there (a check's ``pass`` result the verdict is computed from, a
    surveyed gradient equal to a class boundary); the rescan still reports it, left as ``input``. A finding inside a
    text the owner named (a sentence, a ``name=code`` pair of a log held whole) is cut as anywhere: a named text
    may hold lines written after the decision."""
    if not derive_from:
        return list(findings), []
    acted: list[Finding] = []
    kept: list[Finding] = []
    for f in findings:
        inside = in_derive_from(f.pointer + (f.inner or ""), derive_from) and _whole_value(projection, f)
        (kept if inside else acted).append(f)
    return acted, kept


def _whole_value(projection: Any, f: Finding) -> bool:
    """Whether ``f`` is at a whole scalar of ``projection``: a number, a boolean, a string a whole-value rule reads
    (``direct.value``: the value is the answer in some view, ``UMPIRE'S CALL`` case-folded), or a string the finding
    covers from end to end as written or case-folded (not a span of a text, nor of a decoded view of it); not an
    object key."""
    if f.target == "key":
        return False
    node = _node(projection, f.pointer + (f.inner or ""))
    if isinstance(node, str):
        if f.rule in _WHOLE_RULES:
            return True
        covers = f.span is None or (f.span[0] == 0 and f.span[1] >= len(node))
        return f.view in ("raw", "full", "casefold") and covers
    return node is not None and not isinstance(node, (dict, list))


def _kept_as_written(raw: Any, clean: Any, kept: list[Finding]) -> list[Finding]:
    """The findings of ``kept`` whose place (its pointer, on through the JSON a string holds) holds in ``clean`` what it
    held in ``raw``: a place kept as the item's copy of its input is reported kept only where the written item still
    holds it (another edit may have cut it, or blanked the whole string holding it)."""
    return [f for f in kept if _node(clean, f.pointer + (f.inner or "")) == _node(raw, f.pointer + (f.inner or ""))]


def held_alike(population: Iterable[LeakItem]) -> AlikeValues:
    """The values of each field (template) the items of ``population`` hold alike across their labels
    (:func:`~windtunnel.leakage.shared_values.alike_values`): what :func:`sanitize_item` leaves uncut."""

    def rows() -> Iterator[tuple[str, int, str]]:
        for it in population:
            if not it.expected:
                continue
            for template, value in {(t, _alike_key(v)) for _, v, t in _templated(it) if v not in (None, "")}:
                yield template, value, it.expected[0]

    return alike_values(rows())


def _alike_key(value: Any) -> int:
    """A scalar as :func:`held_alike` counts it: the hash of its JSON text (``1`` and ``"1"`` differ)."""
    return hash(json.dumps(value))


def not_alike(it: LeakItem, findings: list[Finding], alike: AlikeValues | None) -> tuple[list[Finding], list[Finding]]:
    """``findings`` split into those to act on and those in a value of ``it`` the dataset's items of every label hold
    alike (``alike``: :func:`held_alike`), whole scalar at the finding's pointer (whatever the finding points at
    inside it); a finding on an object key is acted on as ever."""
    if not alike:
        return findings, []
    acted: list[Finding] = []
    held: list[Finding] = []
    for f in findings:
        values = alike.get(_general(f.pointer))
        value = _node(it.projection, f.pointer) if values and f.target != "key" else None
        if values and value not in (None, "") and not isinstance(value, (dict, list)) and _alike_key(value) in values:
            held.append(f)
        else:
            acted.append(f)
    return acted, held


def dataset_evidence(f: Finding) -> bool:
    """Whether ``f`` stands on dataset evidence rather than on its own item: a mined value or word, the blind rounds'
    shortcuts (both representation ``mined``), a field blanked on every item (``mined-field``: mined or shared
    values, the elimination guard's blanks), or a label mention the dataset's agreement promoted to a leak
    (:data:`~windtunnel.leakage.agreement.RULE`: the slot follows the record's label across the dataset)."""
    return f.representation in (_MINED, _UNIFORM) or f.rule == AGREEMENT_RULE


def on_copy(f: Finding, copied: frozenset[str]) -> bool:
    """Whether ``f`` sits at a place of ``copied`` (:func:`copied_places`: this item's copy of its input) and stands on
    the value copied. A mined template there (view ``template``: the text with the record's own words masked,
    :mod:`.templates`) does not: the copy is masked out of it, so what rides with the label is that the field holds a
    copy at all (a vendor id written on the rejected orders only), which the input does not tell."""
    return f.view != _OWN_WORDS_VIEW and f.pointer + (f.inner or "") in copied


_OWN_WORDS_VIEW = "template"
"""The view of a mined candidate read with the record's own words masked (:func:`~windtunnel.leakage.mine.mine`)."""


def _outside(
    findings: Sequence[Finding],
    derive_from: Sequence[str],
    copied: frozenset[str] = frozenset(),
    projection: Any = None,
) -> tuple[list[Finding], list[Finding], list[Finding]]:
    """``findings`` split into those to act on, the dataset evidence (:func:`dataset_evidence`) at or under a field
    named by ``derive_from`` with any finding at a whole value there (:func:`_off_input`), and the dataset evidence at
    a place of ``copied`` (:func:`copied_places`: this item's copy of its input): the task's input is what the task is
    answered from, and what rides with the label across the dataset there is the task's signal, so dataset evidence
    never cuts it, whichever pass found it. The one place the sanitizer decides this."""
    if not derive_from:
        return list(findings), [], []
    acted: list[Finding] = []
    kept: list[Finding] = []
    copying: list[Finding] = []
    for f in findings:
        path = f.pointer + (f.inner or "")
        if in_derive_from(path, derive_from) and (dataset_evidence(f) or _whole_value(projection, f)):
            kept.append(f)
        elif dataset_evidence(f) and on_copy(f, copied):
            copying.append(f)
        else:
            acted.append(f)
    return acted, kept, copying


def _shown_path(f: Finding, show_values: bool) -> str:
    """Where ``f`` is, as the stats show it: its pointer (answer keys hashed unless ``show_values``) and its pointer
    inside embedded JSON."""
    inner = f.shown_inner(show_values)
    return (f.shown_pointer(show_values) or "/") + (inner or "")


def _demoted(audit: ItemAudit, item: LeakItem, agreement: Agreement | None, *, rescan: bool = False) -> ItemAudit:
    """``audit`` of ``item`` with the leaks ``agreement`` demotes to review (a rescan's sanitized projection is
    judged by the dataset's slots, as ``leak check`` judges a sanitized file)."""
    if agreement is None or not any(f.blocking or glued_review(f) for f in audit.findings):
        return audit  # nothing the evidence demotes or clears (a glued review finding at chance is dropped)
    judge = agreement.applied_to([item]) if rescan else agreement
    return judge.demote(ItemAudit(audit.item, audit.findings, item.line, audit.sources))


def why_left(
    item: LeakItem,
    blocking: Sequence[Finding],
    *,
    decode: bool = True,
    labels: Sequence[str] = (),
    extra: Sequence[Finding] = (),
    learned: bool | None = None,
    agreement: Agreement | None = None,
    derive_from: Sequence[str] = (),
) -> list[Left]:
    """Why each of ``blocking`` (the leaks a scan still finds in ``item``, an item already sanitized) was left.

    ``leak check`` and the audit page hold only the sanitized file, not the sanitizer's record of it; so the item is
    sanitized once more (with ``extra``, ``labels``, ``learned`` and ``derive_from`` as the scan that found
    ``blocking``) and the reasons the sanitizer records where it declines are read (:meth:`SanitizeResult.left`).
    A place it now edits is ``sanitizable``: the file was sanitized another way (other options) or edited after. A
    place it leaves as it is has the reason recorded there, else ``not-removed``, as ``leak sanitize`` gave it: the
    sanitizer, run again with these options, writes the same value, so sanitizing again would change nothing (a mined
    finding, which the item's own rescan does not repeat, is one). One per place and rule.
    """
    res = sanitize_item(
        item, decode=decode, labels=labels, extra=extra, learned=learned, agreement=agreement, derive_from=derive_from
    )
    left = {(x.finding.pointer + (x.finding.inner or ""), x.finding.rule): x for x in res.left()}
    out: dict[tuple[str, str], Left] = {}
    for f in blocking:
        path = f.pointer + (f.inner or "")
        key = (path, f.rule)
        if key in out:
            continue
        reason: Reason
        if f.target == "key":
            reason = "object-key"
        elif _edited_at(item.projection, res.item.projection, f.pointer):
            reason = "sanitizable"
        else:
            reason = res._reason_at(path)
        out[key] = left.get(key) or Left(f, reason, item.sources)
    return list(out.values())


def _edited_at(before: Any, after: Any, pointer: str) -> bool:
    """Whether the value at ``pointer`` differs between ``before`` and ``after`` (a place gone counts as edited)."""
    tokens = parse_pointer(pointer)
    return bool(node_at(before, tokens) != node_at(after, tokens))


def _unseen(after: ItemAudit, before: ItemAudit, redact_review: bool) -> list[Finding]:
    """The findings the rescan acts on whose rule did not speak in the first scan at all.

    A decision that reads only items the audit does not block (the learned decision over whole-token hits) first
    speaks once the audit's own leaks are cut; the sanitizer cuts what it then finds in one more round, so that the
    output passes the same scan. A rule that already spoke before was acted on, and what it still finds is residual.
    """
    spoke = {f.rule for f in before.findings}
    return [f for f in after.findings if (f.blocking or redact_review) and f.rule not in spoke]


@dataclass
class _Ctx:
    """What a sanitizing pass shares: the labels that tell a listing, the problems met, and the
    item's projection as read (its values tell this record's row of a table, as the scan's do)."""

    labels: list[str]
    problems: list[str]
    root: Any = None
    scale: list[str] = field(default_factory=list)
    """The item's own label set (else ``labels``): a cut that leaves all of it but the answer eliminates."""
    answers: list[str] = field(default_factory=list)
    """The item's answers: a multi-label item's own list of them is no listing (:func:`listing_member`)."""
    left: dict[str, Reason] = field(default_factory=dict)
    """Why a place was left alone, by its path from the item's root (:attr:`SanitizeResult.reasons`)."""
    prefix: str = ""
    """The path of the string whose embedded JSON is being sanitized (pointers there are relative to it)."""
    sources: PointerMap | None = None
    """The item's :attr:`LeakItem.sources`: a problem then names the place in the record (``--context-field``)."""
    item: LeakItem | None = None
    """The item sanitized: a run decoded to text is sanitized as this item's text (:func:`_recoded`)."""
    _record: frozenset[str] | None = None

    def at(self, f: Finding) -> str:
        """Where a problem with ``f`` is, as the messages print it (answer keys hashed): in the record when a field
        mapping built the projection, else in the projection (inside embedded JSON: relative to its string)."""
        shown = f.shown_pointer()
        if self.sources is not None and not self.prefix:
            shown = record_pointer(self.sources, f.pointer, shown)
        return shown or "/"

    def leave(self, pointer: str, reason: Reason) -> None:
        """Record why the place at ``pointer`` (relative to :attr:`prefix`) is left as it is."""
        self.left.setdefault(self.prefix + pointer, reason)

    def record(self) -> frozenset[str]:
        """:func:`~windtunnel.leakage.records.record_values` of the projection as read, computed once."""
        if self._record is None:
            self._record = record_values(self.root)
        return self._record


def _record_cell(value: str, span: tuple[int, int], ctx: _Ctx) -> bool:
    """``value[span]`` is a whole cell of this record's one-record table or of its row in a table of many
    (:func:`~windtunnel.leakage.mention.table_cell`, the scan's own test): the cell alone is cut, the
    row keeps its delimiters and the table its shape; the other rows are other records, not a listing."""
    if "\n" not in value:
        return False
    low = value.lower()
    text = low if len(low) == len(value) else value
    return table_cell(text, span[0], span[1], ctx.record)


_CELL_DELIMITERS = ("|", "\t", ",", ";")


def _cell_around(value: str, span: tuple[int, int], ctx: _Ctx) -> tuple[int, int] | None:
    """The whole cell of this record's table (:func:`_record_cell`) that holds ``value[span]`` and more, its blanks
    and quotes left out; ``None`` when the span is in none. A sentence cut there stays in the cell, as a hit that is
    the whole cell does: cutting the line would take the record's row and leave the header alone, a table read
    differently from the other records' (their cells blanked in place, their rows kept), which names the label."""
    if "\n" not in value:
        return None
    a, b = span
    start = value.rfind("\n", 0, a) + 1
    end = value.find("\n", b)
    end = len(value) if end < 0 else end
    for d in _CELL_DELIMITERS:
        lo = value.rfind(d, start, a)
        hi = value.find(d, b, end)
        if lo < 0 or (hi < 0 and d == "|"):
            continue
        lo, hi = lo + 1, end if hi < 0 else hi
        quoted = value[lo:hi].strip().startswith('"')
        while lo < hi and value[lo] in ' "':
            lo += 1
        while hi > lo and value[hi - 1] in ' "':
            hi -= 1
        if d in _PROSE_DELIMITERS and not quoted and _prose_row(value, lo, hi, d):
            continue  # a sentence's comma, no cell's: the sentence is the unit
        if lo <= a and b <= hi and (lo, hi) != (a, b) and _record_cell(value, (lo, hi), ctx):
            return (lo, hi)
    return None


_PROSE_DELIMITERS = (",", ";")
"""Delimiters prose writes as well as tables: a cell they bound is taken as one only when it reads as a cell
(:func:`_prose_row`)."""


def _prose_row(value: str, lo: int, hi: int, d: str) -> bool:
    """Whether the unquoted cell ``value[lo:hi]`` bounded by ``d`` (a comma or a semicolon) reads as prose rather than
    a table's cell: it, or a cell of its paragraph's first line (the header row), has more than ``PROSE_WORDS`` words.
    ``Present: Ann, Bob`` over ``We met today, Motion to reject carried. Next meeting in May.`` reads as a two-column
    table to the scan; its "cell" is a sentence and more, and the sentence is what a cut takes. A paragraph of prose
    before the table (``Minutes follow below for the record.``, a blank line, then ``Date,Decision``) is not its
    header (:func:`~windtunnel.leakage.mention.table_cell` reads the table's paragraph alike)."""
    start = value.rfind("\n\n", 0, lo)
    start = 0 if start < 0 else start + 2
    end = value.find("\n", start)
    header = value[start : end if end >= 0 else len(value)]
    return len(value[lo:hi].split()) > PROSE_WORDS or any(len(c.split()) > PROSE_WORDS for c in header.split(d))


def _decoded_cut(value: str, view: Mapped, span: tuple[int, int], mode: Mode) -> tuple[int, int] | None:
    """The cut of a hit at ``span`` of ``value``, a text its reader reads decoded (``view``,
    :func:`~windtunnel.leakage.prose_text.prose_text`: a quoted-printable letter's soft breaks joined, as mining reads
    it in :data:`~.candidates.PROSE_VIEW`): its sentence as the reader reads it, mapped to the original
    characters and extended over the soft breaks next to it, so no ``o=`` is left dangling before what was cut and a
    sentence a soft break splits is cut whole."""
    if view.starts is None or view.ends is None:
        return cuts.cut_range(value, span, mode)
    first = bisect_left(view.starts, span[0])  # the decoded characters inside the span (both maps non-decreasing)
    stop = bisect_right(view.ends, span[1])
    if stop <= first:
        return cuts.cut_range(value, span, mode)
    cut = cuts.cut_range(view.text, (first, stop), mode)
    if cut is None:
        return None
    a, b = cut
    if b <= a:
        return view.span(a, b)
    lo = view.ends[a - 1] if a > 0 else 0  # the characters a soft break dropped between the cut and its neighbours
    hi = view.starts[b] if b < len(view.text) else len(value)
    return (lo, hi)


def _through_strings(doc: Any, f: Finding) -> Finding:
    """``f`` re-rooted at the first string on its path that holds JSON (JSON in a string in a string ...):
    its pointer ends at that string and the rest of the path becomes ``inner``."""
    node = doc
    toks = parse_pointer(f.pointer)
    for i, tok in enumerate(toks):
        if isinstance(node, str):
            head = "".join("/" + escape_pointer_token(t) for t in toks[:i])
            rest = "".join("/" + escape_pointer_token(t) for t in toks[i:]) + (f.inner or "")
            return replace(f, pointer=head, inner=rest, span=None, hashed_pointer=None, hashed_inner=None)
        if isinstance(node, list):
            node = node[int(tok)]
        elif isinstance(node, Mapping):
            node = node[tok]
        else:
            return f
    return f


def _apply(projection: Any, findings: list[Finding], mode: Mode, log: list[Redaction], ctx: _Ctx) -> Any:
    """Apply ``findings`` to a copy of ``projection``: each resolved through the strings that hold it, the rules
    that blank a whole root first, then every place cut or blanked in ``mode``, each edit logged in ``log``."""
    box = {"": projection}
    resolved = []
    for f in findings:
        try:
            resolved.append(_through_strings(projection, f))
        except (KeyError, IndexError, TypeError, ValueError):
            resolved.append(f)  # acted on as it is (an upstream field is blanked from its root), else a problem
    findings = _rules_first(resolved)
    by_pointer: dict[str, list[Finding]] = {}
    blank_roots: dict[str, Finding] = {}
    for f in findings:
        if f.target == "key":
            ctx.leave(f.pointer, "object-key")
            continue
        if f.channel == "upstream" and f.inner is None:
            blank_roots.setdefault(_upstream_root(box[""], f.pointer), f)
            continue
        by_pointer.setdefault(f.pointer, []).append(f)
    for root, f in list(blank_roots.items()):
        try:
            parent, key = _resolve_parent(box, root)
        except (KeyError, IndexError, TypeError, ValueError):
            ctx.problems.append(f"{ctx.at(f)}: the pointer does not resolve in the item ({f.rule})")
            ctx.leave(root, "unresolved")
            del blank_roots[root]
            continue
        removed = _blank_tree(parent, key)
        log.append(Redaction(root, f.channel, f.rule, "blank-field", f.representation, removed, _hashed(f, root)))
    blanked: set[int] = set()
    # A value that is the answer first: an option object is then logged at it, not at its icon URL.
    order = sorted(by_pointer.items(), key=lambda kv: not any(f.rule.endswith(".value") for f in kv[1]))
    for pointer, group in order:
        if any(pointer == r or pointer.startswith(r + "/") for r in blank_roots):
            continue
        try:
            parent, key = _resolve_parent(box, pointer)
            if id(parent) in blanked:
                continue
            _fix_leaf(box, parent, key, pointer, group, mode, log, blanked, ctx)
        except (KeyError, IndexError, TypeError, ValueError, RecursionError) as err:
            # A finding this sanitizer cannot act on must not cost the item (or the file): the rescan
            # reports it as residual and the stats say why.
            ctx.problems.append(
                f"{ctx.at(group[0])}: cannot sanitize ({type(err).__name__})"
            )  # its text may name a value
            ctx.leave(pointer, "unresolved")
    return box[""]


Anchors = tuple[tuple[int, frozenset[tuple[str, str]]], ...]
"""Per list index a template writes ``*`` (its token's position), the sibling scalars (key, JSON text) that the
element there must hold."""


@dataclass(frozen=True)
class MinedField:
    """A field some of whose values were mined, to be blanked on every item that holds a value there
    (:func:`uniform_fields`): where the mined values are, and nowhere else."""

    template: str
    """The field's pointer: a list index kept where every mined value sits at the same one, ``*`` where they differ
    (``/steps/1/output``; ``/comments/*/author``)."""
    anchors: Anchors = ()
    """For each ``*``, the sibling scalars every mined value's list element holds alike (``"tool": "router"`` beside
    the router's output at step 1 or 2): an element of another item is the field's only if it holds them too, so the
    ticket's subject at step 0 is not the router's output. None in common (a list of alike comments): any element."""
    columns: frozenset[cuts.Column] = frozenset()
    """The columns of a one-record table in a string (:func:`~windtunnel.leakage.cuts.column_of`) every mined value
    was a whole cell of (a code in a CSV's ``staging_cage`` column): the field is then that cell, blanked on every item
    filling it (:func:`~windtunnel.leakage.cuts.column_cell`), so an item whose cell is empty keeps its bytes and the
    rest of the text stays. Empty: the field is the whole scalar, blanked where filled."""
    phrases: tuple[str, ...] = ()
    """When every mined value was a phrase inside a string naming a label (``to high`` in a short comment), each as a
    pattern with the label a slot any label of the set fills (``to (?:low|medium|high|critical)``): the field's edit
    on every item is then a cut of each such phrase (its sentence), whatever label it names, so a text holding none
    keeps its bytes, and the labels mining found too rare are cut alike. Empty (and no :attr:`columns`): the field is
    the whole scalar."""
    shared: frozenset[str] = frozenset()
    """For a field that is the whole scalar, the values (as JSON text) the items of several labels hold alike
    (:func:`~windtunnel.leakage.shared_values.shared_values`): no label's rider, so an item holding one keeps its
    bytes, while every other value is blanked on every item (the blanks fall on items of every label)."""
    shapes: frozenset[str] = frozenset()
    """For a field that is the whole scalar and whose values are each a record's own (a file name, a base64 payload),
    the shapes (:func:`~windtunnel.leakage.value_shapes.value_shape`) the items of several labels hold alike and no
    mined value takes (:func:`~windtunnel.leakage.value_shapes.shared_shapes`): an item whose value has one keeps its
    bytes, as for :attr:`shared`; used instead of :attr:`shared` when it keeps more of the field's items."""
    common: frozenset[str] = frozenset()
    """With :attr:`riders`: the words (case-folded) the field's values hold on the items of every label
    (:func:`~windtunnel.leakage.value_parts.common_words`)."""
    riders: frozenset[str] = frozenset()
    """When every value mined here was a string of several words, some held by the field's values on every label's
    items (``You are a support assistant for Acme. [route:rf]``): the words of the mined values outside
    :attr:`common` (``route:rf``). The field's edit on every item is then a cut of the part of its value that differs
    (:func:`~windtunnel.leakage.value_parts.differing_span`) wherever the value holds one of these words, whatever
    the item's label; a value holding none keeps its bytes. Empty: the field is edited as above."""
    tail: bool = False
    """With :attr:`words`: the words ended every value mined here (a URL's ``?collection=Paintings``), so the cut
    runs from the first of them to the value's end, and an unmined label's value there (``?collection=Textiles``)
    goes with them."""
    words: frozenset[str] = frozenset()
    """When every finding mined here was a word (or run of words) riding inside a short string (a desk code heading a
    slug, a store's name in a location): those words, case-folded. The field's edit on every item is then a cut of each
    of these words where it stands whole, with one delimiter beside it (:func:`_word_cuts`), whatever the item's label:
    the value keeps its other words (the slug's copy of the headline), a value holding none keeps its bytes, and what
    is left reads like a value that never held one, so neither the cut nor its absence names a label. Empty: the field
    is edited as above."""
    partners: frozenset[str] = frozenset()
    """When every value mined here was one of two fields a relation derives a value from (the months from an inspection
    date to the next one due, :mod:`~windtunnel.leakage.relations`): the other fields' templates. A record holds the
    relation only where it fills them (in the same list element where both sit in one: :func:`_beside`), so the field
    is this one on such records only: a record with no date due keeps its inspection date, which alone rides with no
    label. Empty: on every record."""

    def keeps(self, value: Any) -> bool:
        """Whether a whole-scalar blank of this field leaves ``value`` as it is (:attr:`shared`, :attr:`shapes`)."""
        return json.dumps(value) in self.shared or (bool(self.shapes) and value_shape(value) in self.shapes)

    def holds(self, root: Any, pointer: str) -> bool:
        """Whether the scalar at ``pointer`` of the projection ``root`` is this field's."""
        if not _matches(pointer, self.template):
            return False
        if not all(_filled_at(root, _beside(t, pointer)) for t in self.partners):
            return False
        toks = pointer.split("/")
        for at, pairs in self.anchors:
            node = _node(root, "/".join(toks[: at + 1]))
            if not isinstance(node, Mapping) or not pairs <= _siblings(node, None):
                return False
        return True


def uniform_fields(
    mined: Sequence[tuple[LeakItem, Sequence[Finding]]],
    *,
    labels: Sequence[str] = (),
    redact_review: bool = False,
    decode: bool = True,
    population: Iterable[LeakItem] = (),
    derive_from: Sequence[str] = (),
) -> list[MinedField]:
    """The fields where a mined value would be edited with no edit of the scan's beside it on the items of some labels
    only, over the items holding mined findings (``(item, its mined findings)``); ``labels`` are the dataset's labels.
    Each is named as narrowly as the mined values' places allow (:class:`MinedField`): a value mined only in a trace's
    router step names that step's output, not every step's.

    Mining finds the values of the labels whose riders are significant, not always every label's: blanking
    ``priority_id: 1`` on the ``Low`` items alone leaves ``2``, ``3`` and ``4`` on the others, and an empty
    ``priority_id`` then means ``Low``; cutting the ``C`` of ``Q-C123`` on the ``Critical`` items alone does the
    same. ``leak sanitize`` blanks these fields on every item instead (``uniform`` of :func:`sanitize_item`). A
    field where every label's items get a mined edit is left to the per-item edits. ``population`` are the
    dataset's items: a field that is the whole scalar keeps the values they show to ride with no label
    (:attr:`MinedField.shared`). ``derive_from`` names the task's input: a word mined inside a short string that
    the item's input holds too is a copy of it, no rider (:attr:`MinedField.words`)."""
    edited: dict[str, set[str]] = {}
    where: dict[str, dict[str, list[frozenset[tuple[str, str]] | None]]] = {}
    columns: dict[str, set[cuts.Column] | None] = {}
    """Per field the table columns of the mined values, while every one is a whole cell (None once one is not)."""
    phrases: dict[str, set[str] | None] = {}
    """Per field the mined values as phrase patterns, while every one names a label (None once one does not)."""
    wholes: dict[str, list[str] | None] = {}
    """Per field the mined values, while every one is a whole string of several words (None once one is not)."""
    ends: dict[str, list[str]] = {}
    """Per field the values of the places mined (for :attr:`MinedField.tail`)."""
    spans: dict[str, set[str] | None] = {}
    """Per field the mined words riding in a short string, while every mined value there is one (None once one is
    not)."""
    cut_at: dict[str, set[tuple[str, str]]] = {}
    """Per field the places (item id, pointer) a mined finding edits: blanked there whatever the field's edit."""
    through: set[str] = set()
    """The fields inside JSON held in a string: blanked whole there (a cut inside the document is not tried)."""
    partners: dict[str, set[str] | None] = {}
    """Per field the other fields of the relations mined there, while every value mined there is a relation's (None
    once one is not): :attr:`MinedField.partners`."""
    scalar: set[str] = set()
    """The fields some scalar was mined at: a field where only whole lists or objects were holds no
    scalar of theirs (a placeholder ``"TBC"`` where the other records hold their list is none)."""
    slot = _label_slot(labels)
    for it, extra in mined:
        audit = audit_item(it, decode=decode)
        todo = [f for f in audit.findings if f.blocking or redact_review]
        resolved = []
        acted = at_members(it.projection, [f for f in extra if f.blocking or redact_review])
        for f in [*todo, *acted]:  # a mined word for review is not cut
            try:
                resolved.append(_through_strings(it.projection, f))
            except (KeyError, IndexError, TypeError, ValueError):
                resolved.append(f)
        for f in _rules_first(resolved):
            if f.representation == _MINED and f.inner and _node(it.projection, f.pointer + f.inner) is not None:
                # a value mined inside JSON held in a string (a tool call's arguments): its field is in that document
                f = replace(f, pointer=f.pointer + f.inner, inner=None, hashed_pointer=None, hashed_inner=None)
                through.add(_general(f.pointer))
            if f.representation != _MINED or f.inner is not None:
                continue
            if _in_encoded_run(it.projection, f):
                continue  # edited inside the run's decoded text and written back (:func:`_recoded`), on this item only
            path = _general(f.pointer)
            if f.view == _MEMBERS and f.span is None:
                # a member of a mined set (:func:`at_members`): blanked by its own finding on this record, it counts
                # among the blanks of a field of its scalars (:func:`_with_shared`) as a list mined whole does; it
                # makes no field by itself, nor is its label one that field's edits reach (that label's lists
                # holding another member beside the set are its unproven riders, which the field blanks)
                cut_at.setdefault(path, set()).add((it.id, f.pointer))
                continue
            node = _node(it.projection, f.pointer) if f.span is None else None
            if isinstance(node, (list, Mapping)):
                # a whole list mined (the points a class earns): its own finding blanks it whole on this record,
                # so its scalars count among the blanks of any field of theirs (:func:`_with_shared`)
                for at, _ in scalar_leaves(node, f.pointer):
                    cut_at.setdefault(_general(at), set()).add((it.id, at))
            else:
                scalar.add(path)
            edited.setdefault(path, set()).update(it.expected[:1])
            paired = partners.setdefault(path, set())
            if paired is not None and f.derived_with:
                paired.update(f.derived_with)
            else:
                partners[path] = None
            seen = columns.setdefault(path, set())
            value = _node(it.projection, f.pointer)
            column = cuts.column_of(value, f.span) if isinstance(value, str) and f.span is not None else None
            if seen is not None and column is not None:
                seen.add(column)
            else:
                columns[path] = None
            pattern = _phrase(f.value, slot) if isinstance(value, str) and f.value else None
            said = phrases.setdefault(path, set())
            if said is not None and pattern is not None:
                said.add(pattern)
            else:
                phrases[path] = None
            ridden = spans.setdefault(path, set())
            if ridden is not None and isinstance(value, str) and _whole_words(value, f.span) and _as_written(value, f):
                # the blind agent's reading already weighed the input's copies (input_explained): its word stays
                copied = frozenset() if f.rule == _BLIND else _input_words(it, f.pointer, derive_from)
                fresh = {w for m in _RIDER.finditer(f.value) if (w := m.group().casefold()) not in copied}
                # a whole value's words are marked with the item, so only those of several items' values count
                ridden.update(fresh if f.span is not None else {f"\0{w}\0{it.id}" for w in fresh})
                ends.setdefault(path, []).append(value)
            else:
                spans[path] = None
            whole = wholes.setdefault(path, [])
            if f.span is not None:  # a word riding in the value: cut where it is, as before
                pass
            elif whole is not None and isinstance(value, str) and len(words(value)) > 1:
                whole.append(value)
            else:
                wholes[path] = None
            holders = where.setdefault(path, {})
            if f.pointer not in holders:
                holders[f.pointer] = _elements(it.projection, f.pointer)
            cut_at.setdefault(path, set()).add((it.id, f.pointer))
    for path in through:
        columns[path] = phrases[path] = wholes[path] = spans[path] = None
    every = set(labels)
    population = list(population)
    fields = []
    cut: dict[MinedField, set[tuple[str, str]]] = {}
    for path, done in edited.items():
        if path not in scalar:
            continue  # only whole lists or objects mined here: each blanked whole by its own finding, nothing else
        got = _field(where[path], columns.get(path), phrases.get(path))
        got = _with_parts(replace(got, partners=frozenset(partners.get(path) or ())), wholes.get(path), population)
        if spans.get(path) and not (got.columns or got.phrases or got.riders):
            got = _rider_words(got, spans[path] or set(), population, derive_from, ends.get(path, [])) or got
        if got.riders or not every or not every <= done:  # a value's part is cut on every item, every label's too
            fields.append(got)
            cut.setdefault(got, set()).update(cut_at.get(path, ()))
    return _with_shared(fields, population, cut)


def riding_places(found: Mapping[str, Sequence[Finding]]) -> dict[str, Counter[str]]:
    """Per mined value found inside a string (a token, an n-gram: mined anywhere), the field templates its findings
    point at, each counted by the items holding it there (``found``: the mined findings by item id)."""
    out: dict[str, Counter[str]] = {}
    for findings in found.values():
        seen = {(f.value, _general(f.pointer)) for f in findings if _inside_string(f)}
        for value, template in seen:
            out.setdefault(value, Counter())[template] += 1
    return out


def at_riding_places(it: LeakItem, findings: Sequence[Finding], rides: Mapping[str, Counter[str]]) -> list[Finding]:
    """``findings`` with each mined value found inside a string at a field where it stands on this item alone moved to
    where it rides (:func:`riding_places`: a field where two items or more hold it), else to another place of this
    item holding it, when there is one. A token's finding points at the first place the item holds it: the ``04``
    riding in a controller log's ``02:04 … START`` on the records of one label was found in one such record's block id
    ``B-04`` first, and that block id was then read as a field the token rides in, blanked on every record
    (:func:`uniform_fields`)."""
    out: list[Finding] = []
    for f in findings:
        counts = rides.get(f.value) if _inside_string(f) else None
        if counts and counts[_general(f.pointer)] == 1:
            here = _general(f.pointer)
            ridden = frozenset(t for t, n in counts.items() if n >= 2)
            moved = _found_at(it.projection, f, ridden.__contains__) if ridden else None
            if moved is None:  # the value's other places in this item (a whole log line mined there too)
                moved = _found_at(it.projection, f, partial(operator.ne, here))
            if moved is not None:
                out.append(moved)
                continue
        out.append(f)
    return out


def incidental(f: Finding, rides: Mapping[str, Counter[str]]) -> bool:
    """Whether the mined value ``f`` found inside a string stands where the dataset's findings of it point on one item
    at most (:func:`riding_places`): not where it rides (a block id ``B-04`` holding a log's ``02:04``'s ``04``)."""
    return _inside_string(f) and rides.get(f.value, Counter())[_general(f.pointer)] <= 1


def _inside_string(f: Finding) -> bool:
    return f.representation == _MINED and f.span is not None and f.inner is None and f.view == "raw"


def _found_at(projection: Any, f: Finding, at: Callable[[str], bool]) -> Finding | None:
    """``f`` at the first string of ``projection`` whose template is ``at`` one and holds its value as whole words."""
    toks = [t for t in re.split(r"[\W_]+", f.value) if t]
    if not toks:
        return None
    pattern = re.compile(r"(?<![^\W_])" + r"[\W_]+".join(map(re.escape, toks)) + r"(?![^\W_])", re.IGNORECASE)
    for pointer, value in scalar_leaves(projection):
        if isinstance(value, str) and at(_general(pointer)) and (m := pattern.search(value)) is not None:
            return replace(f, pointer=pointer, span=m.span(), hashed_pointer=None)
    return None


def _in_encoded_run(projection: Any, f: Finding) -> bool:
    """Whether ``f`` was read in the decoded text of an encoded run of its string that reads back exactly
    (:func:`~windtunnel.leakage.recode.decoded`): a record whose run holds no mined value keeps it as it is, so no field
    blank need hide which records held one."""
    value = _node(projection, f.pointer) if f.span is not None else None
    return isinstance(value, str) and f.span is not None and recode.run_at(value, f.view, f.span) is not None


def _beside(template: str, pointer: str) -> str:
    """``template`` with each ``*`` of the path it shares with ``pointer`` written as ``pointer``'s index there: the
    other date of a relation inside a list element is that element's (``/visits/*/due`` beside ``/visits/2/date`` is
    ``/visits/2/due``); the ``*`` past the shared path stay."""
    toks, at = template.split("/"), pointer.split("/")
    for i, tok in enumerate(toks[: len(at) - 1]):
        if tok == "*" and at[i].isdigit():
            toks[i] = at[i]
        elif tok != at[i]:
            break
    return "/".join(toks)


def _filled_at(root: Any, template: str) -> bool:
    """Whether ``root`` holds a filled scalar (not ``null``, ``""``, ``0`` or ``false``) at the field ``template``
    (a ``*`` standing for any list index)."""
    nodes = [root]
    for tok in parse_pointer(template):
        step: list[Any] = []
        for node in nodes:
            if isinstance(node, list):
                step.extend(node if tok == "*" else node[int(tok) : int(tok) + 1] if tok.isdigit() else [])
            elif isinstance(node, Mapping) and tok in node:
                step.append(node[tok])
        nodes = step
    return any(not isinstance(n, (list, Mapping)) and n not in (None, "", False, 0) for n in nodes)


def _whole_words(value: str, span: cuts.Range | None) -> bool:
    """Whether ``span`` of ``value`` (the whole value for None) is a run of whole words (:data:`_RIDER`): a letter
    mined inside a code (the ``L`` of ``R-L123``) is not, and its field is edited as before."""
    a, b = span if span is not None else (0, len(value))
    if not _RIDER.search(value[a:b]) or a < 0 or b > len(value):
        return False
    return not ((a and _RIDER.match(value[a - 1])) or (b < len(value) and _RIDER.match(value[b])))


def _as_written(value: str, f: Finding) -> bool:
    """Whether the words of the mined finding ``f`` stand in ``value`` as written: a word mined in a decoded view
    (the ``HERO`` of a base64 payload's JSON) is none of the raw value's words, and a cut of rider words would find
    nothing there to cut (the field is then blanked as before)."""
    held = {m.group().casefold() for m in _RIDER.finditer(value)}
    return all(m.group().casefold() in held for m in _RIDER.finditer(f.value or ""))


def _rider_words(
    f: MinedField, mined: set[str], population: Sequence[LeakItem], derive_from: Sequence[str], values: Sequence[str]
) -> MinedField | None:
    """The rider words of the field ``f`` (:attr:`MinedField.words`) from the words ``mined`` there: those mined
    inside a value, and those of the whole values mined on two items or more (marked ``\\0word\\0item``: a record's
    own number is no rider) that the field's values do not hold on the items of every label of ``population`` (the
    URL's scheme and host). Empty when the cut would not leave the field's values told apart from the label
    (:func:`_cut_told`): the field is then blanked whole, as before. ``values`` are the values mined: when the cut
    of each reaches its end, the field's cut runs to the end (:attr:`MinedField.tail`). ``f`` with them, or None."""
    seen: dict[str, set[str]] = {}
    for w in mined:
        if w.startswith("\0"):
            word, item = w[1:].split("\0", 1)
            seen.setdefault(word, set()).add(item)
    held: dict[str, set[str]] = {}
    """Per word the labels of the items whose values at the field hold it."""
    for it in population:
        for pointer, value, _ in _templated(it):
            if it.expected and isinstance(value, str) and value and f.holds(it.projection, pointer):
                for m in _RIDER.finditer(value):
                    held.setdefault(m.group().casefold(), set()).add(it.expected[0])
    every = len({it.expected[0] for it in population if it.expected})
    whole = {w for w, items in seen.items() if len(items) > 1 and len(held.get(w, ())) < every}
    # a word of a mined n-gram that every label's values hold there (`exq` of `exq osd`) is no rider either
    got = frozenset(whole | {w for w in mined if not w.startswith("\0") and len(held.get(w, ())) < every})
    if not got:
        return None
    words = replace(f, words=got)
    tail = replace(words, tail=all((cut := _word_cuts(v, [words])) and cut[-1][1] == len(v) for v in values))
    return tail if _cut_told(tail, population, held, derive_from) else None


def _cut_told(
    f: MinedField, population: Sequence[LeakItem], held: Mapping[str, set[str]], derive_from: Sequence[str]
) -> bool:
    """Whether what the cut of :attr:`MinedField.words` leaves of each value it edits is told apart from the label:
    a word left is the item's input's own (:func:`_input_words`), a record's own (held by one value only, like an
    object number; any number), or held at the field on the items of several labels (a URL's host), and some word
    is left that is not a record's own. ``Paintings Store, Rack 38`` cut to ``38`` or ``Textile Store, Drawer 41`` to
    ``Textile Drawer 41`` is not (a bare number, a store's name of one label): the field is then blanked whole. A
    value the cut leaves whole is held to the same test (an unmined label's note in words of its own, ``casa nueva``,
    would tell). And a cut value must look like the values the cut leaves whole (:func:`_shape`): its shape is one they
    hold too, and no shape a cut value takes leans to a label (:func:`~windtunnel.leakage.value_parts.leaning_texts`)
    unless the values left whole lean there alike (a slug copying the input's words may). A code
    ``EXQ-OSD-ATL`` cut to ``EXQ-ATL`` beside the other labels' intact ``EXQ-NEW-ATL`` would name the mined label by
    its two parts where every other value has three; a slug ``met-two-hurt-0622`` cut to ``two-hurt-0622`` beside the
    unmined desk's ``crash-closes-bridge-0623`` looks like it."""
    counts: dict[str, int] = {}
    values = [
        (it, pointer, value)
        for it in population
        for pointer, value, _ in _templated(it)
        if isinstance(value, str) and value and f.holds(it.projection, pointer)
    ]
    for _it, _p, value in values:
        for m in _RIDER.finditer(value):
            counts[m.group().casefold()] = counts.get(m.group().casefold(), 0) + 1
    shapes: list[tuple[str, str, bool]] = []
    cut: set[str] = set()
    whole: set[str] = set()
    """The shapes of the values the cut edits, and of those it leaves whole."""
    for it, pointer, value in values:
        spans = _word_cuts(value, [f])
        left = "".join(
            value[b:a] for b, a in zip([0, *(e for _, e in spans)], [*(s for s, _ in spans), len(value)], strict=True)
        )
        if it.expected:
            shapes.append((_shape(left), it.expected[0], bool(spans)))
        (cut if spans else whole).add(_shape(left))
        kept = [w for m in _RIDER.finditer(left) if not (w := m.group().casefold()).isdigit()]  # a number: the record's
        copied = _input_words(it, pointer, derive_from)
        if spans and not any(counts.get(w, 0) > 1 for w in kept):
            return False
        if not all(w in copied or counts.get(w, 0) == 1 or len(held.get(w, ())) > 1 for w in kept):
            return False
    if not cut <= whole | {""}:
        return False
    # a shape may lean by what the values copy (a slug of the input's words); the cut must add no lean of its own
    bent = leaning_texts((shape, label) for shape, label, _ in shapes) & cut
    return not bent - leaning_texts((shape, label) for shape, label, edited in shapes if not edited)


def _shape(value: str) -> str:
    """The shape of a short value: each word (:data:`_RIDER`) written ``9`` when it is a number, ``a`` otherwise, the
    delimiters between them kept (blanks as one), so ``EXQ-NEW-ATL`` is ``a-a-a``, ``EXQ-ATL`` ``a-a`` and
    ``two-hurt-0622`` ``a-a-9``; empty when no word is left (the value then goes whole)."""
    if not _RIDER.search(value):
        return ""
    return re.sub(r"\s+", " ", _RIDER.sub(lambda m: "9" if m.group().isdigit() else "a", value))


def _input_words(it: LeakItem, pointer: str, derive_from: Sequence[str]) -> frozenset[str]:
    """The words (:data:`_RIDER`, case-folded) of the strings of ``it`` in its input: the fields ``derive_from``
    names, or without it every string of the item but the one at ``pointer`` (a slug copying the headline's words
    copies them from somewhere in the record)."""
    return frozenset(
        m.group().casefold()
        for at, value in scalar_leaves(it.projection)
        if isinstance(value, str) and at != pointer and (in_derive_from(at, derive_from) if derive_from else True)
        for m in _RIDER.finditer(value)
    )


def _with_parts(f: MinedField, mined: Sequence[str] | None, population: Sequence[LeakItem]) -> MinedField:
    """``f`` with its :attr:`MinedField.riders` when each of the ``mined`` values (whole strings of several words) has
    a part that differs from the words the field's values hold on every label's items of ``population``; else ``f``."""
    if not mined or f.columns or f.phrases:
        return f
    held = [
        (value, it.expected[0])
        for it in population
        if it.expected
        for pointer, value, _ in _templated(it)
        if isinstance(value, str) and value and f.holds(it.projection, pointer)
    ]
    common = common_words(held)
    if not common:
        return f
    parted = {v for v in mined if differing_span(v, common) is not None}
    others = {value for value, _ in held} - set(mined)
    # what a value keeps must be a value other records hold as it is (the untagged prompt), so the cut leaves nothing
    # of its own: `I have` left of `I have sent you a replacement unit.` is no record's value, and the value goes whole
    # or the words every label's other values begin (end) with, the smallest cut: `Upstream triage:` kept of
    # `Upstream triage: Le client sera remboursé intégralement.` beside every label's `Upstream triage: customer ...`
    edges = _edge_values(held, set(mined))
    alone = {
        v for v in parted if _kept_part(v, [replace(f, common=common, riders=value_riders(v, common))]) not in others
    }
    edged = {v for v in alone if _at_edges(v, differing_span(v, common), edges)}
    # what those keep is no record's value, so it marks the items cut: the items keeping each text, and the items the
    # field's other mined values still blank whole, must each fall on the labels as a draw would (two kept prefixes,
    # one on each label's items, would each name it; three blanks left on one label would lead the elimination watch
    # to blank the field on every record)
    if edged:
        totals = Counter(label for _, label in held)
        kept_of = {v: _kept_part(v, [replace(f, common=common, riders=value_riders(v, common))]) for v in edged}
        blanked = (set(mined) - (parted - alone)) - edged
        groups = [{v for v in edged if kept_of[v] == text} for text in set(kept_of.values())] + [blanked]
        if not all(
            drawn_alike(Counter(label for value, label in held if value in group), totals) for group in groups if group
        ):
            edged = set()
    parted = (parted - alone) | edged
    # a word a value no finding names holds too is no rider (a project's code in one tagged subject and, by chance,
    # in an untagged one): cut where it stands, it would rewrite that clean record
    unmined = frozenset(value_key(m.group()) for v in others for m in words(v))
    for _ in range(3):  # a mined value whose kept part leans to a label is blanked whole instead (its own finding)
        ridden = frozenset().union(*(value_riders(v, common) for v in parted)) if parted else frozenset()
        got = replace(f, common=common, riders=(ridden - unmined) or ridden)
        if not parted:
            return f
        whole = set(mined) - parted  # blanked by their own findings: the second pass's watch follows those blanks
        bent = leaning_texts((_kept_part(value, [got]), label) for value, label in held if value not in whole)
        if not bent:
            return got
        parted = {v for v in parted if _kept_part(v, [got]) not in bent}
    return f


def _edge_values(held: Sequence[tuple[str, str]], mined: set[str]) -> dict[str, list[list[str]]]:
    """Per label of ``held`` (``(value, label)`` per item filling the field), the words (as written) of each value its
    items hold there, the values ``mined`` left out (:func:`_at_edges`)."""
    by_label: dict[str, list[list[str]]] = {}
    for value, label in held:
        got = by_label.setdefault(label, [])
        if value not in mined:
            got.append([m.group() for m in words(value)])
    return by_label


def _at_edges(value: str, span: tuple[int, int] | None, by_label: Mapping[str, Sequence[Sequence[str]]]) -> bool:
    """Whether the cut ``span`` of ``value`` keeps only a run of its leading words and one of its trailing words (one
    of them at least) that, on the items of every label (``by_label``: :func:`_edge_values`), some value of the field
    not mined opens and ends with and holds more words than: a run every label's values open with (``Upstream
    triage:``) names no label, and a mined value cut down to it reads like any of them with its sentence gone."""
    if span is None or len(by_label) < 2:
        return False
    head = [m.group() for m in words(value[: span[0]])]
    tail = [m.group() for m in words(value[span[1] :])]
    if not head and not tail:
        return False
    n = len(head) + len(tail)
    return all(
        any(len(w) > n and list(w[: len(head)]) == head and list(w[len(w) - len(tail) :]) == tail for w in values)
        for values in by_label.values()
    )


def _kept_part(value: str, fields: Sequence[MinedField]) -> str:
    """What ``value`` keeps after the cut of its differing part by ``fields`` (:func:`_part_span`)."""
    span = _part_span(value, fields)
    if span is None:
        return value
    return "" if span == (0, len(value)) else value[: span[0]] + value[span[1] :]


def _with_shared(
    fields: list[MinedField], population: Iterable[LeakItem], cut: Mapping[MinedField, set[tuple[str, str]]]
) -> list[MinedField]:
    """``fields`` with each whole-scalar field's :attr:`MinedField.shared` values, from the items of ``population``
    filling it (a scalar it holds, not prose: the values :func:`_uniform_blanks` would blank). A place ``cut`` names
    for the field (item id, pointer: a mined finding's) is blanked by its own finding whatever the field keeps, prose
    too: it counts among the blanks, so that the blanks the test of
    :func:`~windtunnel.leakage.shared_values.shared_values` weighs are all those the output shows."""
    whole = [f for f in fields if not f.columns and not f.phrases]
    if not whole:
        return fields
    holders: dict[MinedField, list[tuple[str, str]]] = {f: [] for f in whole}
    rows: dict[MinedField, list[tuple[Any, str, bool]]] = {f: [] for f in whole}
    """Per field ``(value, label, cut)`` of the same places, for the shapes they hold (:func:`shared_shapes`)."""
    records: dict[MinedField, list[str]] = {f: [] for f in whole}
    """Per field the item of each of those places: the draw test counts records, not places."""
    places: dict[MinedField, list[str]] = {f: [] for f in whole}
    """Per field the pointer of each of those places: the blanks are weighed against the records filling theirs."""
    empties: dict[MinedField, list[tuple[Any, str, str, str]]] = {f: [] for f in whole}
    """Per field ``(value, label, item id, pointer)`` of the places already empty as read (``""``, ``0``, ``0.0``)."""
    for it in population:
        if not it.expected:
            continue
        for pointer, value, _ in _templated(it, through=True):
            if value in (None, "", False, 0):
                if value in ("", 0) and not isinstance(value, bool):
                    for f in whole:
                        if f.holds(it.projection, pointer):
                            empties[f].append((value, it.expected[0], it.id, pointer))
                continue
            prose = isinstance(value, str) and len(value.split()) > PROSE_WORDS
            for f in whole:
                if (it.id, pointer) in cut.get(f, ()) and f.holds(it.projection, pointer):
                    holders[f].append((f"\0cut {it.id} {pointer}", it.expected[0]))  # its own: never kept
                    rows[f].append((value, it.expected[0], True))
                    records[f].append(it.id)
                    places[f].append(pointer)
                elif not prose and f.holds(it.projection, pointer):
                    holders[f].append((json.dumps(value), it.expected[0]))
                    rows[f].append((value, it.expected[0], False))
                    records[f].append(it.id)
                    places[f].append(pointer)
    # a blank reads like a value that was empty to begin with: the places already empty (as a blank of the field's
    # values writes it) count among the blanks, so that the test weighs every empty value the output shows
    for f in whole:
        blanks = {json.dumps(_blank_of(value)) for value, _, _ in rows[f]}
        for value, label, rec, pointer in empties[f]:
            if json.dumps(value) in blanks:
                holders[f].append((f"\0empty {rec}", label))  # never kept: an empty value
                rows[f].append((value, label, True))
                records[f].append(rec)
                places[f].append(pointer)
    return [_kept_alike(f, holders[f], rows[f], records[f], places[f]) if f in holders else f for f in fields]


def _blank_of(value: Any) -> Any:
    """What a blank writes for the scalar ``value`` (:func:`_blank_tree`)."""
    box = {"v": copy.deepcopy(value)}
    _blank_tree(box, "v")
    return box["v"]


def _kept_alike(
    f: MinedField,
    holders: Sequence[tuple[str, str]],
    rows: Sequence[tuple[Any, str, bool]],
    records: Sequence[str] | None = None,
    places: Sequence[str] | None = None,
) -> MinedField:
    """``f`` with what a blank of it on every item keeps: the values shown to ride with no label
    (:attr:`MinedField.shared`), or their shapes (:attr:`MinedField.shapes`) when those keep more of the field's
    items (values each a record's own share no value, but their shape). ``records`` and ``places`` name each holder's
    record and pointer (:func:`~windtunnel.leakage.shared_values.shared_values`)."""
    shared = shared_values(holders, records, places)
    shapes = shared_shapes(rows, records, places)
    if shapes:
        by_value = sum(key in shared for key, _ in holders)
        if sum(value_shape(value) in shapes for value, _, cut in rows if not cut) > by_value:
            return replace(f, shapes=shapes)
    return replace(f, shared=shared)


def _label_slot(labels: Sequence[str]) -> re.Pattern[str] | None:
    """A whole-word, case-blind match of any of ``labels`` (longest first), or ``None`` without labels."""
    words = sorted({x.casefold() for x in labels if x.strip()}, key=len, reverse=True)
    if not words:
        return None
    return re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, words)) + r")(?!\w)", re.IGNORECASE)


def _phrase(value: str, slot: re.Pattern[str] | None) -> str | None:
    """``value`` as a pattern with each label it names a slot any label fills (blanks as any run of blanks, whole
    words), or ``None`` when it names no label: a rider that is a phrase naming one label (``to high``) has its
    twins naming the others (``to low``), which mining may find too rare to prove, so they are cut alike."""
    if slot is None or not slot.search(value):
        return None
    pieces, at = [], 0
    for m in slot.finditer(value):
        pieces.append(re.escape(value[at : m.start()]))
        pieces.append(slot.pattern)
        at = m.end()
    pieces.append(re.escape(value[at:]))
    body = "".join(pieces).replace("\\ ", r"\s+").replace(" ", r"\s+")
    return r"(?<!\w)" + body + r"(?!\w)"


def _field(
    holders: Mapping[str, list[frozenset[tuple[str, str]] | None]],
    columns: set[cuts.Column] | None = None,
    phrases: set[str] | None = None,
) -> MinedField:
    """The :class:`MinedField` of the places ``holders`` (pointer → :func:`_elements`) of one template; ``columns`` the
    table columns of its mined values when every one was a whole cell (:attr:`MinedField.columns`), ``phrases`` their
    patterns when every one named a label (:attr:`MinedField.phrases`)."""
    template = _narrowest(set(holders))
    anchors: list[tuple[int, frozenset[tuple[str, str]]]] = []
    for at, tok in enumerate(template.split("/")):
        if tok != "*":
            continue
        common: frozenset[tuple[str, str]] | None = None
        for sibs in holders.values():
            here = sibs[at] or frozenset()
            common = here if common is None else common & here
        if common:
            anchors.append((at, common))
    return MinedField(template, tuple(anchors), frozenset(columns or ()), tuple(sorted(phrases or ())))


def _elements(root: Any, pointer: str) -> list[frozenset[tuple[str, str]] | None]:
    """Per token of ``pointer``, for a list index: the sibling scalars of the path's next key in that list element
    (:func:`_siblings`); None elsewhere."""
    toks = pointer.split("/")
    out: list[frozenset[tuple[str, str]] | None] = [None] * len(toks)
    for at, tok in enumerate(toks):
        if at and tok.isdigit():
            node = _node(root, "/".join(toks[: at + 1]))
            if isinstance(node, Mapping):
                out[at] = _siblings(node, toks[at + 1] if at + 1 < len(toks) else None)
    return out


def _siblings(node: Mapping[str, Any], skip: str | None) -> frozenset[tuple[str, str]]:
    """The scalars of the object ``node`` as (pointer token, JSON text), but for the key ``skip`` (the path's)."""
    return frozenset(
        (escape_pointer_token(str(k)), json.dumps(v))
        for k, v in node.items()
        if not isinstance(v, (dict, list)) and escape_pointer_token(str(k)) != skip
    )


def _node(root: Any, pointer: str) -> Any:
    """The node at ``pointer`` of ``root`` (None where it does not resolve); a pointer may go on through a string that
    holds JSON into the document it holds (:func:`_templated`'s ``through``)."""
    node = root
    for tok in parse_pointer(pointer):
        if isinstance(node, str):
            node = embedded_json(node)
        if isinstance(node, list):
            if not tok.isdigit() or int(tok) >= len(node):
                return None
            node = node[int(tok)]
        elif isinstance(node, Mapping) and tok in node:
            node = node[tok]
        else:
            return None
    return node


def _general(pointer: str) -> str:
    """``pointer`` with each list index written ``*``."""
    return "/".join("*" if t.isdigit() else t for t in pointer.split("/"))


def _narrowest(pointers: set[str]) -> str:
    """The template of ``pointers`` (one field, list indices differing): a list index stays where every pointer has the
    same one, and is ``*`` where they differ. A value mined only in the second step of a trace (``/steps/1/output``)
    names that step's field, not every step's output; one mined in the comments at several places names the comments'
    field (``/comments/*/author``)."""
    return narrowest(pointers)


def _other_labels_review(
    it: LeakItem, labels: Sequence[str], decode: bool, agreement: Agreement | None = None
) -> list[Finding]:
    """The review findings the item would have under each other label of its set: ``--redact-review`` cuts a bare
    mention of any label, so "Latency is high during backups" loses its word on every item, not only where
    ``High`` is the answer (a cut there alone would point at it). One audit per other label; without the glued
    codes ``agreement`` cleared (:meth:`~windtunnel.leakage.agreement.Agreement.without_cleared`)."""
    own = {e.casefold() for e in it.expected}
    out: list[Finding] = []
    for label in dict.fromkeys([*it.label_set, *labels]):
        if label.casefold() in own:
            continue
        probe = replace(it, expected=[label], correlated_values=[])
        found = audit_item(probe, decode=decode).findings
        if agreement is not None:
            found = agreement.without_cleared(it.id, it.line, found)
        out.extend(f for f in found if not f.blocking)
    return out


def _rules_first(findings: list[Finding]) -> list[Finding]:
    """``findings`` without a mined whole value where another finding edits the same field (at it, inside it
    or around it): the scan's edit is the one the items of every label get, so it alone is applied (a blank
    here beside a cut there would tell the label by how the field was edited). A mined whole list or object stays
    beside the blanks of a mined field inside it (:func:`uniform_fields`: values not shared among its scalars): it is
    blanked whole on the record it was mined on, and a scalar of it the field keeps would still say its label."""
    acted = [(f.pointer, f.representation == _UNIFORM) for f in findings if f.representation != _MINED]
    if len(acted) == len(findings) or not acted:
        return findings

    def covered(p: str) -> bool:
        return any(a == p or (a.startswith(p + "/") and not inside) or p.startswith(a + "/") for a, inside in acted)

    return [f for f in findings if not (f.representation == _MINED and f.span is None and covered(f.pointer))]


_MINED = "mined"
_UNIFORM = "mined-field"


def _matches(pointer: str, template: str) -> bool:
    """``pointer`` is the scalar ``template`` names: token for token, a ``*`` standing for any list index."""
    got, want = pointer.split("/"), template.split("/")
    return len(got) == len(want) and all(w == g or (w == "*" and g.isdigit()) for g, w in zip(got, want, strict=True))


def _uniform_blanks(it: LeakItem, uniform: Sequence[str], mined: Sequence[MinedField] = ()) -> list[Finding]:
    """A whole-value finding at every filled scalar of ``it`` that a template in ``uniform`` names, or a field in
    ``mined`` holds (:meth:`MinedField.holds`) where the scalar is not prose (more than ``PROSE_WORDS`` words: mining
    reads no prose, so a mined value is never there). A template names scalars token for token
    (:func:`_matches`): one that is an object or a list on this item blanks nothing under it (a value mined at
    ``/steps/1/output`` says nothing of what the other steps output). A mined field as narrow as its evidence is cut
    narrower: where every value mined there was a table's cell, that column's cell (:attr:`MinedField.columns`); where
    every one was a phrase naming a label, each such phrase naming any label (:attr:`MinedField.phrases`). An item
    holding neither keeps its bytes; the other labels' cells and phrases go alike, so no gap points at one label."""
    by_general: dict[str, list[str | MinedField]] = {}
    every: list[str | MinedField] = [*uniform, *mined]
    for t in every:
        by_general.setdefault(_general(t if isinstance(t, str) else t.template), []).append(t)
    out: list[Finding] = []
    for pointer, value, path in _templated(it, through=True):
        if value in (None, "", False, 0) or path not in by_general:
            continue
        prose = isinstance(value, str) and len(value.split()) > PROSE_WORDS
        fields = by_general[path]
        if not any(isinstance(t, str) and _matches(pointer, t) for t in fields):
            narrow = [t for t in fields if isinstance(t, MinedField) and t.columns and t.holds(it.projection, pointer)]
            whole = len(narrow) < len(fields) or not isinstance(value, str)
            cells = None if whole else _column_cells(value, narrow)
            if cells is not None:
                out.extend(_cell_finding(it, pointer, value, cell) for cell in cells)
                continue
            here = [t for t in fields if isinstance(t, MinedField) and t.holds(it.projection, pointer)]
            parts = [t for t in here if t.riders]
            if parts and len(parts) == len(here) and isinstance(value, str):
                out.extend(_part_findings(it, pointer, value, parts))
                continue
            ridden = [t for t in here if t.words]
            if ridden and len(ridden) == len(fields) and isinstance(value, str):
                out.extend(_word_findings(it, pointer, value, ridden))  # the words are cut wherever they stand
                continue
            said = [t for t in fields if isinstance(t, MinedField) and t.phrases and t.holds(it.projection, pointer)]
            if said and len(said) == len(fields) and isinstance(value, str):
                if not prose:  # prose is not the field's (mining reads none), as for a whole blank
                    out.extend(_phrase_findings(it, pointer, value, said))
                continue
        if any(
            _matches(pointer, t)
            if isinstance(t, str)
            else not prose and t.holds(it.projection, pointer) and not t.keeps(value)
            for t in fields
        ):
            out.append(
                _uniform_finding(
                    it,
                    pointer,
                    None,
                    str(value),
                    "a field some of whose values ride with a label, blanked on every item alike",
                )
            )
    return out


_PART = "the part of a value that differs from what every label's records hold at this field, cut on every item"
"""The detail of a finding cutting a value's differing part (:attr:`MinedField.riders`): cut as it is, in any mode."""


def _part_findings(it: LeakItem, pointer: str, value: str, fields: Sequence[MinedField]) -> list[Finding]:
    """The cut of the part of ``value`` that differs from the words ``fields`` hold common, when ``value`` holds one of
    their rider words (:attr:`MinedField.riders`), whatever this item's label; none when it holds none."""
    span = _part_span(value, fields)
    if span is None:
        return []
    if span == (0, len(value)):
        return [_uniform_finding(it, pointer, None, value, "a field some of whose values ride with a label")]
    return [_uniform_finding(it, pointer, span, value[span[0] : span[1]], _PART)]


def _part_span(value: str, fields: Sequence[MinedField]) -> cuts.Range | None:
    """The characters of ``value`` the parts of ``fields`` cut (the whole value when no part of it is common), or
    ``None`` when it keeps its bytes: a value whose words are all common, or that holds none of their riders (a
    value of no rider is what every label's records hold there, its own words aside: ``RE: PRJ-7495 October status``
    beside the mined ``RE: [RED] … October status``; prose is not the field's unless a rider is in it either). The
    cut runs from the first word differing from the common ones to the last, within the first and last rider: the
    record's own words around the riders stay, so the value reads as one that never held a rider."""
    found = words(value)
    common = frozenset.intersection(*(f.common for f in fields))
    if not found or all(value_key(m.group()) in common for m in found):
        return None
    riders = frozenset().union(*(f.riders for f in fields))
    held = [m for m in found if value_key(m.group()) in riders]
    if not held:
        return None
    span = differing_span(value, common)
    if span is None:
        return (0, len(value))
    a, b = max(span[0], held[0].start()), min(span[1], held[-1].end())
    if value[b:].strip():  # the blank after the cut goes with it, or, at the end of the value, the blank before it
        return (a, len(value) - len(value[b:].lstrip()))
    return (len(value[:a].rstrip()), b)


def _word_cuts(value: str, fields: Sequence[MinedField]) -> list[cuts.Range]:
    """The ranges of ``value`` holding words of ``fields`` (:attr:`MinedField.words`, whole words, case-blind): each
    run of them (only delimiters between) with the delimiters after it, or before it at the value's end, so that
    ``met-two-hurt-0622`` reads ``two-hurt-0622`` and ``.../1891.61?collection=Photographs`` reads ``.../1891.61``:
    what is left reads like a value that never held one."""
    riders = frozenset().union(*(f.words for f in fields))
    runs: list[list[int]] = []
    for m in _RIDER.finditer(value):
        if m.group().casefold() not in riders:
            continue
        if runs and not _RIDER.search(value[runs[-1][1] : m.start()]):
            runs[-1][1] = m.end()  # joined by delimiters or blanks alone (a `%20`, a `=`, a space): one run
        else:
            runs.append([m.start(), m.end()])
    out: list[cuts.Range] = []
    for a, b in runs:
        after = len(value[b:]) - len(value[b:].lstrip(_DELIMITERS))
        if after and b + after < len(value):
            out.append((a, b + after))
        else:
            before = len(value[:a]) - len(value[:a].rstrip(_DELIMITERS))
            out.append((a - before, len(value) if b + after == len(value) else b))
    if out and any(f.tail for f in fields):
        before = len(value[: runs[0][0]]) - len(value[: runs[0][0]].rstrip(_DELIMITERS))
        return [(runs[0][0] - before, len(value))]
    return cuts.merge(out)


_DELIMITERS = " \t-_.,;:/|?&=#+~()[]{}"
"""What joins the parts of a short value (a slug's ``-``, a URL's ``?``/``=``, a location's ``, ``): cut with a word."""


def _word_findings(it: LeakItem, pointer: str, value: str, fields: Sequence[MinedField]) -> list[Finding]:
    """The cuts of ``value`` by the words of ``fields`` (:func:`_word_cuts`), whatever this item's label: a whole blank
    when nothing but delimiters would be left."""
    got = _word_cuts(value, fields)
    if not got:
        return []
    if not re.search(
        r"\w",
        "".join(value[b:a] for b, a in zip([0, *(e for _, e in got)], [*(s for s, _ in got), len(value)], strict=True)),
    ):
        return [_uniform_finding(it, pointer, None, value, "a field some of whose values ride with a label")]
    return [_uniform_finding(it, pointer, span, value[span[0] : span[1]], _WORD_PART) for span in got]


_RIDER = re.compile(r"\w+")
"""A word as mining reads one in a value (a run of word characters: ``met`` of ``met-two-hurt-0622``)."""

_WORD_PART = "a word riding with a label in some of this field's values, cut with its delimiter on every item"
"""The detail of a finding cutting a rider word of a field (:attr:`MinedField.words`): cut as it is, in any mode."""


_MEMBERS = "members"
"""The view of a mined set of a list's members read together (:class:`~windtunnel.leakage.candidates.ListSets`)."""


def at_members(projection: Any, findings: Sequence[Finding]) -> list[Finding]:
    """``findings`` with each mined set of a list's members (view ``members``: the codes at ``/index/*/code`` read
    together as ``[A, B, C]``, found at the list's own pointer) as one finding per member, at its place: the members
    carry the answer, the list's other fields (a serial, an issue time, another product's summary beside each code)
    do not, and a blank of them on the records of the set's label would tell it, after which they went on every
    record. The members are read as mining reads them (:class:`~windtunnel.leakage.candidates.ListSets`); a set no
    longer read there is left as it is (blanked whole)."""
    out: list[Finding] = []
    for f in findings:
        node = _node(projection, f.pointer) if f.representation == _MINED and f.view == _MEMBERS else None
        if not isinstance(node, list) or f.inner is not None or f.span is not None:
            out.append(f)
            continue
        lists = ListSets()
        for pointer, value, cut in _leaves(node, f.pointer):
            if cut is None:
                lists.add(pointer, value)
        at = next((at for key, listed, at in lists.sets() if listed == f.pointer and key[2] == f.value), None)
        if not at:
            out.append(f)
            continue
        hashed = f.hashed_pointer
        out.extend(replace(f, pointer=p, hashed_pointer=hashed and hashed + p[len(f.pointer) :]) for p in at)
    return out


def _narrowed(it: LeakItem, findings: Sequence[Finding], fields: Sequence[MinedField]) -> list[Finding]:
    """``findings`` with each mined whole value at a place one of ``fields`` holds in parts (:attr:`MinedField.riders`),
    and holding one of its rider words, left to that field's cut of its differing part (:func:`_part_findings`, made
    on every item alike)."""
    parts = [f for f in fields if f.riders]
    ridden = [f for f in fields if f.words]
    if not parts and not ridden:
        return list(findings)
    out = []
    for f in findings:
        inside = f.representation == _MINED and f.span is not None and f.inner is None
        if inside and any(p.holds(it.projection, f.pointer) and _cut_by(it, f, p) for p in ridden):
            continue  # the field's cut of its rider words, made on every item alike; its other words copy the input
        if f.representation == _MINED and f.span is None and f.inner is None:
            value = _node(it.projection, f.pointer)
            mine = [p for p in parts if p.holds(it.projection, f.pointer)]
            if isinstance(value, str) and mine and _part_span(value, mine) is not None:
                continue
        out.append(f)
    return out


def _cut_by(it: LeakItem, f: Finding, field: MinedField) -> bool:
    """Whether the field's cut of its rider words (:func:`_word_cuts`) reaches the mined finding ``f``: it holds one
    of them (an n-gram's words every label's values hold, the ``EXQ`` of ``EXQ OSD``, ride with nothing once the rider
    word is cut). A mined word the cut leaves whole (no rider word: every label's values hold it somewhere) is cut as
    found."""
    value = _node(it.projection, f.pointer)
    if not isinstance(value, str) or f.span is None:
        return False
    words = [m.group().casefold() for m in _RIDER.finditer(value[f.span[0] : f.span[1]])]
    return any(w in field.words for w in words)


def _column_cells(value: str, fields: Sequence[MinedField]) -> list[cuts.Range] | None:
    """The filled cells of ``value`` in the columns of ``fields`` (:attr:`MinedField.columns`), or ``None`` when
    ``value`` holds one of those columns nowhere: the field is then the whole scalar, as for a mined whole value."""
    out: list[cuts.Range] = []
    for column in sorted(set().union(*(f.columns for f in fields))):
        cell = cuts.column_cell(value, column)
        if cell is None:
            return None
        if cell[0] < cell[1]:
            out.append(cell)
    return out


def _phrase_findings(it: LeakItem, pointer: str, value: str, fields: Sequence[MinedField]) -> list[Finding]:
    """A finding at each occurrence in ``value`` of a phrase of ``fields`` (:attr:`MinedField.phrases`), whatever label
    it names and whatever this item's: the sanitizer cuts each as a hit (its sentence)."""
    out = []
    for pattern in sorted({p for f in fields for p in f.phrases}):
        for m in re.finditer(pattern, value, re.IGNORECASE):
            said = "a phrase naming a label, mined at this field for one label, cut on every item alike"
            out.append(_uniform_finding(it, pointer, (m.start(), m.end()), m.group(), said))
    return out


def _cell_finding(it: LeakItem, pointer: str, value: str, cell: cuts.Range) -> Finding:
    """The finding that blanks the table cell ``cell`` of the string ``value`` at ``pointer``, whatever this item's
    label (:attr:`MinedField.columns`): the sanitizer cuts a record's cell alone, keeping the row's delimiters."""
    said = "a table column some of whose cells ride with a label, blanked on every item alike"
    return _uniform_finding(it, pointer, cell, value[cell[0] : cell[1]], said)


def _uniform_finding(it: LeakItem, pointer: str, span: cuts.Range | None, value: str, detail: str) -> Finding:
    """A mined field's edit on ``it`` made whatever its label (a whole value, a table cell, a phrase any label fills):
    the one shape of finding every such edit takes, told apart by its ``span`` and ``detail``."""
    return Finding(
        item=it.id,
        channel="correlated",
        severity="medium",
        pointer=pointer,
        representation=_UNIFORM,
        span=span,
        view="raw",
        rule="correlated.mined",
        detail=detail,
        value=value,
    )


_UNIFORM_CUT = "sentence-on-every-item"


def _uniform_cuts(it: LeakItem, uniform_cuts: Mapping[str, Sequence[str]]) -> list[Finding]:
    """A finding at each occurrence of a sentence of ``uniform_cuts`` in a string of ``it`` under its template.

    Every occurrence counts, not only the first, and whatever the item's own label: a sentence that the edits
    cut on one label's items only would, left on the others, rule that label out (an elimination leak), so
    it goes from every item alike. The findings are ordinary ``freetext.elimination`` findings with their
    spans, so the sanitizer cuts them as it cuts any other.
    """
    out = []
    for pointer, value, path in _templated(it):
        if not isinstance(value, str) or not value:
            continue
        for sentence in uniform_cuts.get(path, ()):
            at = value.find(sentence)
            while at >= 0:
                out.append(
                    Finding(
                        item=it.id,
                        channel="freetext",
                        severity="medium",
                        pointer=pointer,
                        representation=_UNIFORM_CUT,
                        span=(at, at + len(sentence)),
                        view="raw",
                        rule="freetext.elimination",
                        detail="a sentence naming a label, cut on every item alike: kept where the label is not the "
                        "answer, it would rule that label out",
                        value=sentence,
                    )
                )
                at = value.find(sentence, at + len(sentence))
    return out


def _fix_leaf(
    box: dict[str, Any],
    parent: Any,
    key: Any,
    pointer: str,
    group: list[Finding],
    mode: Mode,
    log: list[Redaction],
    blanked: set[int],
    ctx: _Ctx,
) -> None:
    """Fix one leaf (``parent[key]`` at ``pointer``) by the ``group`` of findings on it: JSON held in the string
    is sanitized inside and written back in the same style; a whole-value finding blanks the value (a boolean
    becomes null, an option object is blanked whole) except on a listing member, which is only unselected or
    left, and the reason recorded (``ctx.leave``); spans in a string are cut in ``mode``."""
    value = parent[key]
    first = group[0]
    inner = [f for f in group if f.inner is not None]
    if inner and isinstance(value, str):
        doc = embedded_json(value)
        if doc is not None:
            rebased = [_rebase(f) for f in inner]
            sub: list[Redaction] = []
            outer, ctx.prefix = ctx.prefix, ctx.prefix + pointer
            try:
                doc = _apply(doc, rebased, mode, sub, ctx)
            finally:
                ctx.prefix = outer
            patched = _patch_like(value, embedded_json(value), doc)
            parent[key] = patched if patched is not None else _dump_like(value, doc)
            removed = sum(r.chars_removed for r in sub)
            log.append(
                Redaction(
                    pointer,
                    first.channel,
                    first.rule,
                    "rewrite-embedded-json",
                    "json-in-string",
                    removed,
                    first.hashed_pointer,
                )
            )
        group = [f for f in group if f.inner is None]
        if not group:
            return
        value = parent[key]
    if isinstance(value, str):
        value, group = _recoded(parent, key, pointer, value, group, mode, log, ctx)
        if not group:
            return
        first = group[0]
    if not isinstance(value, str) or any(f.rule in _WHOLE_RULES or f.span is None for f in group):
        listing = listing_member(box[""], pointer, ctx.labels, ctx.answers)
        if listing is not None and own_column_value(Records(ctx.root), pointer):
            listing = None  # this record's cell of a table stored by column: a value, not an option
        if listing is not None:
            changes = unmark(listing)
            op = "unselect" if changes else "keep-listing"
            ctx.leave(pointer, "listing-mark" if changes else "listing-member")
            chars = sum(len(str(old).lower()) for _, old, _ in changes)
            log.append(
                Redaction(pointer, first.channel, first.rule, op, first.representation, chars, first.hashed_pointer)
            )
            return
        if isinstance(parent, dict) and _is_option(parent, key):
            scalars = [k for k in list(parent) if not isinstance(parent[k], (dict, list))]
            removed = sum(_blank_tree(parent, k) for k in scalars)
            blanked.add(id(parent))
            log.append(
                Redaction(
                    pointer,
                    first.channel,
                    first.rule,
                    "blank-option",
                    first.representation,
                    removed,
                    first.hashed_pointer,
                )
            )
        else:
            removed = _blank_tree(parent, key)
            op = "null" if isinstance(value, bool) else "blank"
            log.append(
                Redaction(pointer, first.channel, first.rule, op, first.representation, removed, first.hashed_pointer)
            )
        return
    picked = [f for f in group if f.rule == "freetext.selected" and f.span is not None]
    edits: list[tuple[int, int, str]] = []
    if picked:
        # A marked option in a listing: clear the mark, keep the option (cutting it would leave the
        # answer as the one option missing).
        for f in picked:
            assert f.span is not None
            edit = (
                unselect(value, f.span[0])
                or restyle(value, *f.span, ctx.labels)
                or regutter(value, *f.span, ctx.labels)
            )
            if edit is not None:
                edits.append(edit)
            else:
                cleared = clear_tally(value, f.span[0], ctx.labels)
                if not cleared:
                    ctx.leave(pointer, "listing-mark")
                edits.extend(cleared)
        group = [f for f in group if f not in picked]
    spans: list[tuple[int, int]] = []
    cells: list[tuple[int, int]] = []
    group = _every_mined_place(value, group)
    member: dict[tuple[int, int], bool] = {}  # hits of one sentence share its cut: its listing is read once
    read: Mapped | Literal[False] | None = None  # the text as its reader reads it (:func:`_decoded_cut`), once
    for f in group:
        if f.span is None:
            continue
        if (
            _record_cell(value, f.span, ctx)
            or (f.rule in _BY_VALUE and cuts.in_table_cell(value, f.span))
            or f.detail in (_PART, _WORD_PART)
        ):
            cells.append(f.span)
            continue
        around = _cell_around(value, f.span, ctx) if mode == "sentence" else None
        if around is not None:  # a sentence inside this record's cell: the cell is the unit, the row stays
            cells.append(around)
            continue
        if read is None:
            read = prose_text(value) or False
        cut = cuts.cut_range(value, f.span, mode) if read is False else _decoded_cut(value, read, f.span, mode)
        if cut is not None and cut not in member:
            member[cut] = cuts.listing_member(value, cut, ctx.labels)
        if cut is None:
            ctx.problems.append(f"{ctx.at(f)}: the hit is in the document's structure, not cut")
            ctx.leave(pointer, "structure")
        elif member[cut]:
            ctx.problems.append(f"{ctx.at(f)}: a member of a listing of labels, not cut alone")
            ctx.leave(pointer, "listing-member")
            mark = unselect(value, f.span[0])  # a member the markup marks (pressed, selected) loses its mark
            if mark is not None:
                edits.append(mark)
        else:
            spans.append(cut)
    # A cell of this record's row is no member of a listing: the other rows are other records.
    merged = cuts.merge([*cuts.widen_eliminating(value, cuts.merge(spans), ctx.scale), *cells])
    # Marks inside a cut go with it; the rest are applied with the cuts, from the end.
    edits = sorted({e for e in edits if not any(e[0] < b and a < e[1] for a, b in merged)})
    out = value
    for a, b, rep in sorted([*((a, b, "") for a, b in merged), *edits], reverse=True):
        out = out[:a] + rep + out[b:]
    if edits:
        log.append(
            Redaction(
                pointer,
                first.channel,
                "freetext.selected",
                "unselect",
                first.representation,
                sum(b - a - len(rep) for a, b, rep in edits),
                first.hashed_pointer,
            )
        )
    parent[key] = out
    if not merged:
        return
    hits = cuts.merge([f.span for f in group if f.span is not None])
    log.append(
        Redaction(
            pointer,
            first.channel,
            first.rule,
            # What went: only the hits' own characters (a code in a header field, a cell) is a span, whatever the mode.
            "redact-span" if mode == "span" or _within(merged, hits) else "redact-sentence",
            first.representation,
            sum(b - a for a, b in merged),
            first.hashed_pointer,
        )
    )


def _recoded(
    parent: Any,
    key: Any,
    pointer: str,
    value: str,
    group: list[Finding],
    mode: Mode,
    log: list[Redaction],
    ctx: _Ctx,
) -> tuple[str, list[Finding]]:
    """``value`` with each encoded run a finding of ``group`` read decoded (a base64 context in a link) sanitized as a
    text of the item and written back in its encoding (:mod:`~windtunnel.leakage.recode`), and the findings left to
    the other edits (those in a run so rewritten are done; the spans after one move with it). A run that does not
    read back exactly, or whose text still leaks once sanitized, is left to them: cut whole, as before. So a record
    whose link leaks keeps its link, and the records whose link never did keep theirs as they are: blanking the field
    on the leaking records only would tell which they were."""
    if ctx.item is None:
        return value, group
    runs: dict[tuple[int, int], str] = {}
    tried: set[tuple[int, int]] = set()
    for f in group:
        at = recode.run_at(value, f.view, f.span) if f.span is not None else None
        if at is None or at[:2] in tried:
            continue
        a, b, got = at
        tried.add((a, b))
        here = [g for g in group if _by_dataset(g) and g.span is not None and a <= g.span[0] < b]
        sub = sanitize_item(
            replace(ctx.item, projection=got.text, sources=None),
            mode=mode,
            labels=ctx.labels,
            extra=[x for g in here if (x := _decoded_finding(got.text, g)) is not None],
        )
        text = sub.item.projection
        # the dataset's evidence is no finding of the text alone: its words still there, the run still leaks
        if (
            sub.changed
            and not sub.residual
            and isinstance(text, str)
            and not any(_rides_in(text, g, ctx.answers) for g in here)
        ):
            runs[(a, b)] = got.encode(text)
    if not runs:
        return value, group
    done = [f for f in group if f.span is not None and any(a <= f.span[0] and f.span[1] <= b for a, b in runs)]
    rest: list[Finding] = []
    for f in group:
        if f in done:
            continue  # inside a rewritten run: sanitized with it
        if f.span is not None and any(a < f.span[1] and f.span[0] < b for a, b in runs):
            continue  # across a rewritten run's edge: its part inside went with the run
        shift = sum(len(new) - (b - a) for (a, b), new in runs.items() if f.span is not None and b <= f.span[0])
        rest.append(replace(f, span=(f.span[0] + shift, f.span[1] + shift)) if f.span is not None and shift else f)
    out = value
    for (a, b), new in sorted(runs.items(), reverse=True):
        out = out[:a] + new + out[b:]
    parent[key] = out
    first = done[0]
    removed = max(0, len(value) - len(out))
    log.append(
        Redaction(pointer, first.channel, first.rule, "re-encode", first.representation, removed, first.hashed_pointer)
    )
    return out, rest


def _rides_in(text: str, f: Finding, answers: Sequence[str]) -> bool:
    """Whether the dataset's evidence ``f`` still stands in an encoded run's cleaned text ``text`` as something that
    tells the answer: its words naming the answer (``is medium``), or standing inside one value of the decoded JSON (a
    memo written only on one label's records, ``reviewer paged the on-call surgeon now``: review 43 found 41 records
    whose link was written back with it). A key that rides with the answer (``apgar5_interp``), or words running from
    one field into the next key, stay where the value beside them is blanked: the key alone is the record's
    structure."""
    found = _decoded_finding(text, f)
    if found is None:
        return False
    if _names_answer(f, answers):
        return True
    return found.inner is not None and _within_value(text, f)


def _within_value(text: str, f: Finding) -> bool:
    """Whether ``f``'s words stand inside one scalar value of the JSON ``text`` (not a key, not across fields)."""
    found = _words_in_json(text, f)
    if found is None:
        return False
    m, spans = found
    return any(a <= m.start() and m.end() <= b for p, (a, b) in spans.items() if p)


def _words_in_json(text: str, f: Finding) -> tuple[re.Match[str], dict[str, tuple[int, int]]] | None:
    """Where ``f``'s value's words stand in ``text`` (whole words, case aside, any separators between them), and the
    span of each scalar of ``text`` read as JSON at its pointer (none where it is not JSON); None where they stand
    nowhere."""
    toks = [t for t in re.split(r"[\W_]+", f.value) if t]
    if not toks:
        return None
    m = re.search(r"(?<![^\W_])" + r"[\W_]+".join(map(re.escape, toks)) + r"(?![^\W_])", text, re.IGNORECASE)
    if m is None:
        return None
    spans: dict[str, tuple[int, int]] = {}
    try:
        _json_spans(text, _skip(text, 0), "", spans)
    except (ValueError, IndexError):
        spans = {}
    return m, spans


def _names_answer(f: Finding, answers: Sequence[str]) -> bool:
    """Whether finding ``f``'s value holds one of ``answers`` as whole words (``is medium``; not a key that rides with
    it, ``apgar5_interp``, which stays where its value is blanked)."""
    words = " ".join(t for t in re.split(r"[\W_]+", f.value.casefold()) if t)
    for answer in answers:
        label = " ".join(t for t in re.split(r"[\W_]+", answer.casefold()) if t)
        if label and f" {label} " in f" {words} ":
            return True
    return False


def _by_dataset(f: Finding) -> bool:
    """Whether ``f`` is the dataset's evidence (a mined value, a slot that follows the label, what the blind agent
    reads), which an encoded run's decoded text sanitized alone would not find again (review 42: a label in a memo
    the agreement promoted was written back encoded as it was)."""
    return f.representation == _MINED or f.rule in (AGREEMENT_RULE, _BLIND)


def _decoded_finding(text: str, f: Finding) -> Finding | None:
    """The mined finding ``f``, read in an encoded run whose decoded text is ``text``, as a finding of that text: its
    value's words where they stand there (whole words, case aside, any separators between them); in JSON, the scalar
    they are part of, or the one whose key they are (``"interp": "low"``, mined as ``interp low``, is that value)."""
    found = _words_in_json(text, f)
    if found is None:
        return None
    m, spans = found
    if spans:
        inside = [p for p, (a, b) in spans.items() if a <= m.start() and m.end() <= b]
        after = [p for p, (a, _) in spans.items() if a >= m.start()]
        at = inside[0] if inside else min(after, key=lambda p: spans[p][0]) if after else None
        if at is not None and at != "":
            return replace(f, pointer="", inner=at, span=None, view="raw", hashed_pointer=None, hashed_inner=None)
    return replace(f, pointer="", inner=None, span=m.span(), view="raw", hashed_pointer=None, hashed_inner=None)


_BLIND = "correlated.blind"
"""The rule of what the blind agent still reads after a pass (:data:`~windtunnel.leakage.shortcuts.RULE`)."""
_BY_VALUE = frozenset({"correlated.mined", _BLIND})
"""Rules whose evidence is about a value over the dataset, not about one place of the item."""


def _every_mined_place(text: str, group: list[Finding]) -> list[Finding]:
    """``group`` with dataset evidence read as evidence about a value: a mined token (a chunk without blanks) is cut
    at every place ``text`` holds it, not only where its finding points (the first: a code on each row of a CSV kept
    its later rows), and a mined n-gram holding one of those places is left to them (its span took the words around
    the code, across a line break, joining the rows). Where such a value is a whole cell of a delimited table
    (:func:`~windtunnel.leakage.cuts.in_table_cell`) the cell alone goes, in either mode, as a whole value is
    blanked: the row around it is the table's structure and its other cells the record's data. A mined cell of this
    record's row (view ``table``) is cut where it points only: another record's row holding the word is that
    record's."""
    # A cell of this record's row of a table (view ``table``: :func:`.candidates.candidates`) is this record's field:
    # the same word in another record's row is that record's, and stays.
    by_value = [f for f in group if f.rule in _BY_VALUE and f.span is not None and f.view != "table"]
    if not by_value:
        return group
    tokens: set[tuple[int, int]] = set()
    extra: list[Finding] = []
    for f in by_value:
        assert f.span is not None
        if text[f.span[0] : f.span[1]].split() == [text[f.span[0] : f.span[1]]]:
            places = cuts.every_occurrence(text, f.span)
            tokens.update(places)
            extra.extend(replace(f, span=p) for p in places if p != f.span)
    if not tokens:
        return group

    def covered(f: Finding) -> bool:
        """An n-gram of dataset evidence holding a token place of it: the token's cut suffices."""
        if f not in by_value or f.span is None or f.span in tokens:
            return False
        return any(f.span[0] <= a and b <= f.span[1] for a, b in tokens)

    return [f for f in group if not covered(f)] + extra


def _within(cut: Sequence[tuple[int, int]], hits: Sequence[tuple[int, int]]) -> bool:
    """Every range of ``cut`` lies inside one of the merged ``hits``: the cut removed the hits' characters only."""
    return all(any(a <= x and y <= b for a, b in hits) for x, y in cut)


def _hashed(f: Finding, root: str) -> str | None:
    """The hashed form of ``root``, a prefix of ``f.pointer`` (hashing replaces whole keys, one for one)."""
    if f.hashed_pointer is None:
        return None
    depth = root.count("/")
    return "".join("/" + t for t in f.hashed_pointer.split("/")[1 : depth + 1])


def _rebase(f: Finding) -> Finding:
    return replace(f, pointer=f.inner or "", inner=None, span=None, hashed_pointer=f.hashed_inner, hashed_inner=None)


_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?")
_STRING = re.compile(r'"(?:[^"\\\x00-\x1f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"')


def _skip(text: str, i: int) -> int:
    """The index of the first character from ``i`` on that is no JSON blank."""
    while i < len(text) and text[i] in " \t\n\r":
        i += 1
    return i


def _patch_like(original: str, before: Any, after: Any) -> str | None:
    """``original`` (a string holding the JSON ``before``) with only the characters of each scalar that ``after``
    changed rewritten, every other byte as it was (a 30-digit number, ``1e2``, an indent of 4, the escapes of an
    untouched string): ``None`` when that cannot be done (the two differ in shape, the text repeats a key, or it is
    not plain JSON), and the caller writes the document anew (:func:`_dump_like`)."""
    spans: dict[str, tuple[int, int]] = {}
    try:
        end = _json_spans(original, _skip(original, 0), "", spans)
    except (ValueError, IndexError, RecursionError):
        return None
    if original[end:].strip():
        return None
    edits: list[tuple[int, int, str]] = []
    stack: list[tuple[str, Any, Any]] = [("", before, after)]
    ascii_only = not _has_non_ascii(original)
    while stack:
        ptr, a, b = stack.pop()
        if isinstance(a, dict) or isinstance(b, dict):
            if not (isinstance(a, dict) and isinstance(b, dict)) or list(a) != list(b):
                return None
            stack.extend((f"{ptr}/{escape_pointer_token(str(k))}", a[k], b[k]) for k in a)
        elif isinstance(a, list) or isinstance(b, list):
            if not (isinstance(a, list) and isinstance(b, list)) or len(a) != len(b):
                return None
            stack.extend((f"{ptr}/{i}", x, y) for i, (x, y) in enumerate(zip(a, b, strict=True)))
        elif type(a) is not type(b) or a != b:
            if ptr not in spans:
                return None
            start, stop = spans[ptr]
            edits.append((start, stop, json.dumps(b, ensure_ascii=ascii_only)))
    out = original
    for start, stop, text in sorted(edits, reverse=True):
        out = out[:start] + text + out[stop:]
    return out


def _json_spans(text: str, i: int, ptr: str, spans: dict[str, tuple[int, int]]) -> int:
    """Read the JSON value starting at ``text[i]``, noting the span of each scalar at its pointer in ``spans``; the
    index after the value. ``ValueError`` where the text is not plain JSON or an object repeats a key."""
    c = text[i]
    if c in "{[":
        close, n, seen = ("}" if c == "{" else "]"), 0, set()
        i = _skip(text, i + 1)
        if text[i] == close:
            return i + 1
        while True:
            if c == "{":
                if text[i] != '"':
                    raise ValueError(i)
                if (m := _STRING.match(text, i)) is None:
                    raise ValueError(i)
                name, i = json.loads(m.group()), m.end()
                if name in seen:
                    raise ValueError(name)
                seen.add(name)
                i = _skip(text, i)
                if text[i] != ":":
                    raise ValueError(i)
                i = _skip(text, i + 1)
                child = f"{ptr}/{escape_pointer_token(name)}"
            else:
                child, n = f"{ptr}/{n}", n + 1
            i = _skip(text, _json_spans(text, i, child, spans))
            if text[i] == close:
                return i + 1
            if text[i] != ",":
                raise ValueError(i)
            i = _skip(text, i + 1)
    if c == '"':
        if (m := _STRING.match(text, i)) is None:
            raise ValueError(i)
        end = m.end()
    elif (m := _NUMBER.match(text, i)) is not None:
        end = m.end()
    elif text.startswith(("true", "null"), i):
        end = i + 4
    elif text.startswith("false", i):
        end = i + 5
    else:
        raise ValueError(i)
    spans[ptr] = (i, end)
    return end


def _dump_like(original: str, doc: Any) -> str:
    indent = 2 if "\n" in original.strip() else None
    compact = indent is None and ", " not in original and ": " not in original
    seps = (",", ":") if compact else (", ", ": ") if indent is None else (",", ": ")
    return json.dumps(doc, ensure_ascii=not _has_non_ascii(original), indent=indent, separators=seps)


def _has_non_ascii(s: str) -> bool:
    return not s.isascii()


def _is_option(parent: dict[str, Any], key: Any) -> bool:
    if key not in OPTION_KEYS:
        return False
    names = [k for k in parent if k in OPTION_KEYS]
    return len(names) >= 2


def _blank_tree(parent: Any, key: Any) -> int:
    """Blank ``parent[key]`` keeping its shape; returns the number of characters removed.

    Containers are blanked leaf by leaf and keep their keys and lengths; a string becomes ``""``, a number
    ``0`` or ``0.0`` of its own type, and a boolean ``null`` (JSON has no empty boolean: the sanitizer's one
    documented change of type). The count is of characters as JSON writes them, so a value that was already
    blank counts nothing; ``null`` and other leaves are left as they are.
    """
    value = parent[key]
    if isinstance(value, dict):
        return sum(_blank_tree(value, k) for k in list(value))
    if isinstance(value, list):
        return sum(_blank_tree(value, i) for i in range(len(value)))
    if isinstance(value, bool):
        parent[key] = None
        return len("true" if value else "false")
    if isinstance(value, int):
        parent[key] = 0
        return len(str(value)) if value != 0 else 0
    if isinstance(value, float):
        parent[key] = 0.0
        return len(repr(value)) if value != 0.0 else 0
    if isinstance(value, str):
        parent[key] = ""
        return len(value)
    return 0


# ---------------------------------------------------------------- pointers and shape


def _resolve_parent(box: dict[str, Any], pointer: str) -> tuple[Any, Any]:
    parent: Any = box
    key: Any = ""
    for tok in parse_pointer(pointer):
        parent = parent[key]
        key = int(tok) if isinstance(parent, list) else tok
    return parent, key


def _upstream_root(doc: Any, pointer: str) -> str:
    """The pointer of the outermost ``ai*``/``pred*``/... field on the way to ``pointer``.

    An upstream finding is blanked at that field with everything under it, not at the one string that
    matched: a model's prediction leaks the answer through its other members too (a confidence, a reason).
    When no field on the way has an upstream name, ``pointer`` itself is returned. ``pointer`` must resolve in
    ``doc``; a list index is read as an integer.
    """
    node = doc
    path = ""
    for tok in parse_pointer(pointer):
        if isinstance(node, list):
            node = node[int(tok)]
        else:
            if is_upstream_name(tok):
                return path + "/" + escape_pointer_token(tok)
            node = node[tok]
        path += "/" + escape_pointer_token(tok)
    return pointer


def schema_digest(value: Any) -> str:
    """A digest of the shape: keys and their order, container kinds, list lengths; scalars as one kind.

    It is the sanitizer's guarantee in one value: equal before and after for every sanitized item. JSON held
    in a string is digested as the structure it holds, so rewriting that document in place must keep its
    shape too; a string that is not JSON, a number, a boolean and ``null`` are all one kind, as blanking
    changes their value (and turns a boolean into ``null``) but not the schema a consumer expects.
    """
    h = hashlib.sha256()

    def feed(v: Any) -> None:
        """Hash ``v`` into ``h``, depth first: a tag for each container kind, each key as JSON text, each length."""
        if isinstance(v, Mapping):
            h.update(b"{")
            for k, child in v.items():
                h.update(json.dumps(str(k)).encode())
                h.update(b":")
                feed(child)
            h.update(b"}")
        elif isinstance(v, list):
            h.update(f"[{len(v)}".encode())
            for child in v:
                feed(child)
            h.update(b"]")
        elif isinstance(v, str) and embedded_json(v) is not None:
            h.update(b"j")
            feed(embedded_json(v))
        else:
            h.update(b"s")

    feed(value)
    return h.hexdigest()


def blanked_places(raw: Any, clean: Any) -> list[str]:
    """The pointers of the scalars of ``raw`` (an item's projection as read) that ``clean`` (as sanitized) leaves
    empty or changed: where the sanitizer blanked or cut the item (:func:`twin_places` weighs them); inside JSON held
    in a string too, at the string's pointer followed by its own, as the edit watch names such a field. A cut counts
    with the blanks: a field blanked on one label's items (a bulletin that was its one risk sentence) and cut on the
    others' (the same sentence in a longer bulletin) tells by the kind of edit what the blanks alone would, so where
    the blanks must be spread, the second pass blanks every place the first edited, never the field on every item."""
    out = []
    stack: list[tuple[str, Any]] = [("", raw)]
    while stack:
        root, doc = stack.pop()
        for pointer, value in scalar_leaves(doc):
            if value in (None, "", False, 0):
                continue
            inner = embedded_json(value) if isinstance(value, str) else None
            after = _node(clean, root + pointer)
            if inner is not None and isinstance(after, str) and embedded_json(after) is not None:
                stack.append((root + pointer, inner))
            elif after in (None, "", False, 0) or after != value:
                out.append(root + pointer)
    return out


def twin_places(
    population: Iterable[LeakItem],
    blanked: Mapping[str, Sequence[str]],
    templates: Sequence[str],
    labels: Sequence[str] = (),
    *,
    decode: bool = True,
) -> dict[str, set[tuple[str, str]]]:
    """For each field of ``templates`` (one the first pass blanked on some labels' items only), the places to blank
    on every item instead of the whole field: those the first pass blanked (``blanked``: item id → pointers) and
    the *twins* of its findings — each scalar of the field where the scan finds a leak when the item is read under
    any label of its set (a date's day `12` read as the answer `12` on the `12` items, and on every other item whose
    date holds a `12` as it would be for a `12` item) — provided an empty value there then falls on the field's
    labels as a draw of as many of its items would (:func:`~windtunnel.leakage.shared_values.shared_values`: the
    filled values kept lean to no label, the blanks to none and away from none, the labels they miss rare enough).
    A field failing that test is weighed again with the places the first pass edited alone (the field read alone as
    some label on every item — a graphics token whose decoded stats say ``first_serve_in_pct``, under ``in`` — has
    twins everywhere, which is no choice of places); failing both, it is absent: it is blanked on every item, as
    before. The scan reads the field alone (the item's other fields left out), under each label: cheap, and what it
    finds is where the field itself reads as some label."""
    holders: dict[str, list[tuple[str, str]]] = {t: [] for t in templates}
    places: dict[str, set[tuple[str, str]]] = {t: set() for t in templates}
    records: dict[str, list[str]] = {t: [] for t in templates}  # the item of each holder: the test counts records
    edited: dict[str, list[tuple[str, str]]] = {t: [] for t in templates}  # the holders with the first pass's only
    edited_at: dict[str, set[tuple[str, str]]] = {t: set() for t in templates}
    by_general: dict[str, list[str]] = {}  # a pointer a template names has the template's general form
    for t in dict.fromkeys(templates):
        by_general.setdefault(_general(t), []).append(t)
    for it in population:
        if not it.expected:
            continue
        own = set(blanked.get(it.id, ()))
        at: dict[str, list[tuple[str, Any]]] = {}  # the item walked once: its filled scalars per template naming them
        for p, v, general in _templated(it, through=True):
            for template in by_general.get(general, ()):
                if _matches(p, template) and v not in (None, "", False, 0):
                    at.setdefault(template, []).append((p, v))
        for template in templates:
            here = at.get(template)
            if not here:
                continue
            first = own & {p for p, _ in here}
            twins = _twins(it, here, labels, decode) | first
            places[template].update((it.id, p) for p in twins)
            edited_at[template].update((it.id, p) for p in first)
            # a blank is its place's own (never a value kept), every filled value one value: the test weighs the two
            holders[template].extend((f"\0{it.id} {p}" if p in twins else "filled", it.expected[0]) for p, _ in here)
            edited[template].extend((f"\0{it.id} {p}" if p in first else "filled", it.expected[0]) for p, _ in here)
            records[template].extend(it.id for _ in here)
    out = {}
    for t in templates:
        if places[t] and shared_values(holders[t], records[t]) == {"filled"}:
            out[t] = places[t]
        elif edited_at[t] and shared_values(edited[t], records[t]) == {"filled"}:
            # the field read alone as a label everywhere (``first_serve_in_pct`` under ``in``): twins on every item
            # are no twins, and the places the first pass edited are weighed alone
            out[t] = edited_at[t]
    return out


def _twins(it: LeakItem, here: Sequence[tuple[str, Any]], labels: Sequence[str], decode: bool) -> set[str]:
    """The pointers of ``here`` (scalars of ``it``) where the scan finds a leak (blocking) in a projection holding
    that scalar alone, under any label of the item's set or of ``labels``."""
    projection: Any = {}
    for pointer, value in here:
        projection = _set_at(projection, parse_pointer(pointer), value)
    out: set[str] = set()
    for label in dict.fromkeys([*it.label_set, *labels, *it.expected]):
        probe = replace(it, projection=projection, expected=[label], correlated_values=[])
        out.update(f.pointer for f in audit_item(probe, decode=decode).findings if f.blocking)
    return out & {p for p, _ in here}


def _set_at(node: Any, toks: Sequence[str], value: Any) -> Any:
    """``node`` (a skeleton of objects and lists) with ``value`` set at the path ``toks``: a list index pads the list
    with ``None`` up to it, so the scalar keeps its pointer."""
    if not toks:
        return value
    tok, rest = toks[0], toks[1:]
    if tok.isdigit():
        seq = node if isinstance(node, list) else []
        seq.extend([None] * (int(tok) + 1 - len(seq)))
        seq[int(tok)] = _set_at(seq[int(tok)], rest, value)
        return seq
    obj = node if isinstance(node, dict) else {}
    obj[tok] = _set_at(obj.get(tok), rest, value)
    return obj
