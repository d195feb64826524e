"""Data of the leakage auditor: an audited item, a finding, an item's audit.

These are the values that pass between the steps of the audit pipeline: :class:`LeakItem` is what
:mod:`.dataset` reads and :mod:`.scan` audits, :class:`Finding` is what the scan reports and what
:mod:`.sanitize` acts on, :class:`ItemAudit` is what :mod:`.report`, :mod:`.parallel` and the CLI pass on.
They hold no logic beyond their verdicts, so a finding means the same in a report, a sanitizer's
residual and a baseline's ``copy`` agent.

The contract a finding carries: ``pointer`` + ``span`` locate *original* characters of what the model
read (never a position in a decoded or normalised view), so the sanitizer can cut them out and a
reader can find them; ``value`` is the needle in clear and is hashed by :func:`value_hash` wherever a
report is written, so the audit report does not itself leak the answers (``--show-values`` reveals
them). Findings are frozen: hiding answer keys adds ``hashed_pointer`` alongside ``pointer`` instead
of rewriting it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

Channel = Literal["direct", "correlated", "upstream", "freetext"]
Severity = Literal["high", "medium", "low"]
Target = Literal["value", "key"]

CHANNELS: tuple[Channel, ...] = ("direct", "correlated", "upstream", "freetext")
SEVERITY_RANK: dict[str, int] = {"low": 0, "medium": 1, "high": 2}

PointerMap = tuple[tuple[str, str], ...]
"""Where an item's projection came from in its record, when a field mapping built it (``--context-field``):
``(pointer into the projection, pointer into the record)`` per part the mapping read, as
:func:`~windtunnel.leakage.dataset.pointer_map` makes it."""


def record_pointer(sources: PointerMap, pointer: str, shown: str | None = None) -> str:
    """``pointer`` (into the projection) as a pointer into the record, by the part of ``sources`` it lies in.

    ``shown`` is the form to carry over below that part (``pointer`` with answer keys hashed: hashing replaces
    whole keys one for one, so the tokens line up); ``pointer`` itself when ``None``. A pointer that lies in no
    single part (the whole list of several matched values) is returned as shown.
    """
    text = pointer if shown is None else shown
    for head, at in sources:
        if not head or pointer == head or pointer.startswith(head + "/"):
            rest = text.split("/")[head.count("/") + 1 :]  # the tokens below the part
            return at + "".join("/" + t for t in rest)
    return text


class DatasetError(ValueError):
    """The dataset cannot be read or an item cannot be audited; the message names the file or item and line.

    Bad input: the CLI turns it into a usage error (exit 2) with a hint chosen from the message. It is
    raised when the bad record is reached in the stream, so every item before it has been yielded.
    """


def value_hash(value: str) -> str:
    """A short, stable digest that identifies a matched answer without revealing it.

    ``sha256:`` and the first 16 hex digits of the UTF-8 text's SHA-256, unsalted on purpose: the same
    value gets the same placeholder in every report and run, so findings can be grouped and compared
    across reports. It hides answers from a casual reader, not from someone who can guess the label
    set (a label set is small: hash each label and compare).
    """
    return "sha256:" + hashlib.sha256(value.encode("utf-8")).hexdigest()[:16]


@dataclass(frozen=True)
class Finding:
    """One place where the model can read the answer (or something that implies it).

    ``pointer`` is an RFC 6901 JSON Pointer into the item's projection. ``span`` is a ``[start, end)``
    range of the string at ``pointer`` (of the key itself when ``target == "key"``), or ``None`` for a
    whole non-string value; it always indexes the original string or key, also when a report prints
    the pointer with answer keys hashed (``hashed_pointer``). ``view`` names the normalisation in which
    the match was seen; ``rule`` is a stable machine name; ``detail`` never contains the matched value.

    ``channel`` says how the answer reaches the model: ``direct`` (a value, key or URL segment is the
    answer), ``upstream`` (a field named like an earlier model's output), ``freetext`` (prose, or a
    key holding the answer as a word) and ``correlated`` (a value that implies the answer, given or
    mined). ``severity`` ``high`` and ``medium`` make the item leak (:attr:`blocking`); ``low`` is for
    a person to review. Users filter and count by ``rule`` (``by_rule``, SARIF ``ruleId``), so a rename
    breaks their filters; add a rule rather than repurpose one.
    """

    item: str
    channel: Channel
    severity: Severity
    pointer: str
    representation: str
    span: tuple[int, int] | None
    view: str
    rule: str
    detail: str
    value: str = field(repr=False)
    """The needle that matched (the answer or a correlated value); hashed in reports by default."""
    target: Target = "value"
    inner: str | None = None
    """For JSON held inside a string: the pointer inside that embedded document."""
    hashed_pointer: str | None = field(default=None, repr=False)
    """``pointer`` with every object key that is an answer or correlated value replaced by its value
    hash (``None``: the pointer shows none). Reports use it unless values are shown."""
    hashed_inner: str | None = field(default=None, repr=False)
    """The same for ``inner``."""
    derived_with: tuple[str, ...] = field(default=(), repr=False, compare=False)
    """For a mined value derived from two fields of the record (a relation: the months from one date to another,
    :mod:`.relations`), the other field's template: the value rides with the label only beside a value there, and a
    record with none holds no such relation. Empty for every other finding."""
    judge: Mapping[str, Any] | None = field(default=None, repr=False, compare=False)
    """For a finding of the model judge (``leak scan --judge-url``, :mod:`.judge`): ``model``, ``verdict``
    (stated / review / error), the judge's ``reason`` (``masked_reason``: with the labels hidden), ``label``,
    ``quote`` and ``cached``; None for every other finding."""

    @property
    def blocking(self) -> bool:
        """``high`` and ``medium`` findings make an item leak; ``low`` ones are for review."""
        return self.severity != "low"

    def shown_pointer(self, show_values: bool = False) -> str:
        """The pointer as reports print it: answer keys hashed unless ``show_values``."""
        return self.pointer if show_values or self.hashed_pointer is None else self.hashed_pointer

    def shown_inner(self, show_values: bool = False) -> str | None:
        """``inner`` as reports print it (answer keys hashed unless ``show_values``); ``None`` outside embedded JSON."""
        return self.inner if show_values or self.hashed_inner is None else self.hashed_inner

    def describe(self, show_values: bool = False) -> str:
        """``detail``, plus where inside embedded JSON the match is (keys hashed unless ``show_values``)."""
        inner = self.shown_inner(show_values)
        if inner is None:
            return self.detail
        return f"{self.detail} (inside JSON held in a string, at {inner or '/'})"

    def to_dict(self, *, show_values: bool = False) -> dict[str, Any]:
        """The finding as the JSON report writes it (``leak-report.schema.json``), without ``item``.

        Pointers and ``value`` are hashed unless ``show_values``; ``inner_pointer`` is present only for
        a match inside JSON held in a string.
        """
        out: dict[str, Any] = {
            "channel": self.channel,
            "severity": self.severity,
            "pointer": self.shown_pointer(show_values),
            "representation": self.representation,
            "span": list(self.span) if self.span is not None else None,
            "view": self.view,
            "rule": self.rule,
            "detail": self.describe(show_values),
            "target": self.target,
            "value": self.value if show_values else value_hash(self.value),
        }
        if self.inner is not None:
            out["inner_pointer"] = self.shown_inner(show_values)
        if self.judge is not None:
            out["judge"] = judge_record(self.judge, show_values)
        return out


def judge_record(judge: Mapping[str, Any], show_values: bool) -> dict[str, Any]:
    """A judge finding's ``judge`` object as reports write it: the model, the verdict, whether it was cached and the
    judge's reason; the label it named and its quote in clear only with ``show_values`` (else the label hashed, the
    quote left out and the reason with the labels hidden), like every other value of the report."""
    label = judge.get("label")
    out: dict[str, Any] = {
        "model": judge.get("model"),
        "verdict": judge.get("verdict"),
        "cached": bool(judge.get("cached")),
        "reason": judge.get("reason") if show_values else judge.get("masked_reason", judge.get("reason")),
    }
    if label is not None:
        out["label"] = label if show_values else value_hash(str(label))
    if show_values and judge.get("quote") is not None:
        out["quote"] = judge.get("quote")
    return out


@dataclass
class LeakItem:
    """One eval item: the expected answer and exactly what the model reads (``projection``).

    ``expected`` holds one or more acceptable answers, non-empty strings (numbers and booleans are
    written as text by :func:`as_strings`); the first is "the label" where one is needed (mining,
    baselines). ``projection`` is any JSON value and is never modified by the scan.
    """

    id: str
    expected: list[str]
    projection: Any
    label_set: list[str] = field(default_factory=list)
    correlated_values: list[str] = field(default_factory=list)
    target: str | None = None
    """What the item asks for, in a word or two (``priority``): ``high priority`` in prose then leaks."""
    line: int | None = None
    """1-based line of the item in its JSONL file (for SARIF locations)."""
    context_words: list[str] = field(default_factory=list)
    """Words that name the task in this dataset (``impact``, ``queue``), added to the naming words of
    the mention policy: ``impact High`` in prose is then a leak."""
    strict: bool = False
    """Count a bare one-word answer in unrelated prose as a leak too (``freetext.token`` at medium)."""
    aliases: dict[str, list[str]] = field(default_factory=dict)
    """Label → other ways to write it (``--alias``, or the item's ``aliases``), matched like the label."""
    sources: PointerMap | None = None
    """Where the projection came from in the record (``--context-field``), so reports can point into the record
    (:attr:`ItemAudit.sources`); ``None``: the item was given as ``projection``, and pointers are into it."""

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], *, index: int = 0) -> LeakItem:
        """Build from ``{id, expected, label_set?, correlated_values?, projection}``.

        Raises ``ValueError`` naming the missing, empty or malformed field.
        """
        if not isinstance(data, Mapping):
            raise ValueError(f"item {index} is a {type(data).__name__}, expected a JSON object")
        if "expected" not in data:
            raise ValueError(f"item {index} has no 'expected' field (keys: {sorted(data)})")
        if "projection" not in data:
            raise ValueError(f"item {index} has no 'projection' field (keys: {sorted(data)})")
        item_id = data.get("id", index)
        expected = as_strings(data["expected"], "expected", index)
        if not expected:
            raise ValueError(
                f"item {item_id!r} has an empty 'expected' ({data['expected']!r}); "
                "an item without an answer cannot be audited"
            )
        return cls(
            id=str(item_id),
            expected=expected,
            projection=data["projection"],
            label_set=as_strings(data.get("label_set") or [], "label_set", index),
            correlated_values=as_strings(data.get("correlated_values") or [], "correlated_values", index),
            target=str(data["target"]) if data.get("target") else None,
            context_words=as_strings(data.get("context_words") or [], "context_words", index),
            aliases=as_alias_map(data.get("aliases"), index),
        )


def as_alias_map(value: Any, index: int) -> dict[str, list[str]]:
    """An item's ``aliases``: ``{label: alias or [aliases]}`` → ``{label: [aliases]}``.

    ``None`` gives ``{}``; anything but an object raises ``ValueError`` naming the item's position and
    the expected shape. Aliases are strings as :func:`as_strings` makes them (numbers become text).
    """
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise ValueError(f"item {index}: 'aliases' must be an object {{label: [aliases]}}")
    return {str(k): as_strings(v, "aliases", index) for k, v in value.items()}


def as_strings(value: Any, name: str, index: int) -> list[str]:
    """``"High"`` / ``3`` / ``["High", "P1"]`` → a list of non-empty strings.

    Booleans become ``"true"`` / ``"false"`` (Python would write ``True``), strings are stripped and
    blank ones dropped, ``None`` members are skipped; so ``[]``, ``""`` and ``[" "]`` all give ``[]``,
    which the callers reject for ``expected``. An object or nested list raises ``ValueError`` naming
    ``name`` and the item's position ``index``.
    """
    values: Sequence[Any] = value if isinstance(value, (list, tuple)) else [value]
    out: list[str] = []
    for v in values:
        if isinstance(v, bool):
            out.append("true" if v else "false")
        elif isinstance(v, (str, int, float)):
            s = str(v).strip()
            if s:
                out.append(s)
        elif v is not None:
            raise ValueError(f"item {index}: '{name}' holds a {type(v).__name__}; use strings or numbers")
    return out


@dataclass
class ItemAudit:
    """The findings of one item and its verdict.

    ``findings`` are deduplicated (one per place and needle, the most severe) and carry hashed pointers;
    an item the pre-check cleared has none. ``line`` is the item's line in its file, when read from one.
    ``sources`` is the item's :attr:`LeakItem.sources`: with it, every place a person reads a finding shows the
    pointer into the record (:meth:`pointer_of`), and the JSON report adds it as ``record_pointer``.
    """

    item: str
    findings: list[Finding]
    line: int | None = None
    sources: PointerMap | None = None

    @property
    def leaked(self) -> bool:
        """Whether any finding is blocking (``high`` or ``medium``): the item's verdict and exit code 1."""
        return any(f.blocking for f in self.findings)

    @property
    def review(self) -> list[Finding]:
        """The ``low`` findings: shown for a human to judge, never a leak by themselves."""
        return [f for f in self.findings if not f.blocking]

    @property
    def channels(self) -> set[str]:
        """Channels with at least one blocking finding."""
        return {f.channel for f in self.findings if f.blocking}

    def pointer_of(self, f: Finding, show_values: bool = False) -> str:
        """Where a person finds ``f``: the pointer into the record when a field mapping built the projection
        (:attr:`sources`), else into the projection; answer keys hashed unless ``show_values``."""
        shown = f.shown_pointer(show_values)
        return shown if self.sources is None else record_pointer(self.sources, f.pointer, shown)

    def to_dict(self, *, show_values: bool = False) -> dict[str, Any]:
        """The item as the JSON report writes it: id, verdict, number of review findings, every finding (with
        ``record_pointer`` when :attr:`sources` is known)."""
        found = [f.to_dict(show_values=show_values) for f in self.findings]
        if self.sources is not None:
            for f, row in zip(self.findings, found, strict=True):
                row["record_pointer"] = self.pointer_of(f, show_values)
        return {"id": self.item, "leaked": self.leaked, "review": len(self.review), "findings": found}
