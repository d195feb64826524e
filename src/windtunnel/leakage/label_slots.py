"""The ``blind`` agent's pooled feature: a slot that names the record's own label, whatever the label.

The agent's other features (:mod:`.simulate`) are values that ride with *one* label: a code seen on a rating's
records answers that rating. A real model reads more loosely: a label word in an upstream field (a prior
appraisal's ``condition C4``, a driver note's copy ``<b>reroute</b>``) is read as the answer whatever the label.
Where a dataset plants such a slot on a few records of every label, no per-label feature reaches significance
(two or three records each), yet the slot itself names the record's label every time.

So the agent also reads the label mentions of :mod:`.mentions` (the label words of the label set, in every view the
scan matches in) with their context signatures, and tests each slot inside the fold as the dataset's agreement
evidence does (:mod:`.agreement`, its ``follows`` verdict): on the training records only, the records naming one
label there, how many name their own label, against the label's share (a one-sided binomial test,
Benjamini-Hochberg over the slots tested), at least :data:`~windtunnel.leakage.agreement.FOLLOWS_RATE` and halfway
from chance to always, two different labels agreeing and no record listing two labels there. A slot that passes
answers, for a held-out item, the label the item names in it. A clean dataset whose label words vary at random in a
slot never passes, and the agent stays at chance.

It reads what the agent reads and nothing else: never the ``derive_from`` fields nor the named input inside a text
(:func:`~windtunnel.leakage.input_text.mask_input`), and without ``derive_from`` no prose (strings of more than
:data:`~windtunnel.leakage.candidates.PROSE_WORDS` words).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from windtunnel.leakage.agreement import MIN_SUPPORT, Group, judge_groups
from windtunnel.leakage.candidates import PROSE_WORDS
from windtunnel.leakage.input_text import mask_input
from windtunnel.leakage.mentions import LEVELS, item_mentions
from windtunnel.leakage.mine import in_derive_from
from windtunnel.leakage.model import LeakItem
from windtunnel.leakage.text import normalize_needle


@dataclass(frozen=True)
class Slot:
    """One label mention the agent reads: the label (normalised), its signatures (one per level of
    :data:`~windtunnel.leakage.mentions.LEVELS`), the pointer template (list indices as ``*``) and whether another
    label stands beside it (a listing)."""

    label: str
    signatures: tuple[str, ...]
    field: str
    listed: bool


@dataclass(frozen=True)
class ItemSlots:
    """The slots of one item and its chance floor (``1 / |label set|``)."""

    slots: tuple[Slot, ...]
    floor: float


@dataclass(frozen=True)
class Named:
    """A kept slot's answer for one item: the label it names (normalised), the slot's agreement on the training
    records (``k`` of ``n``), where it sits and its signature (label words masked: safe to show)."""

    label: str
    k: int
    n: int
    field: str
    signature: str


def read_slots(
    items: Sequence[LeakItem],
    derive_from: Sequence[str],
    *,
    decode: bool = True,
    copied: Sequence[Collection[str]] = (),
) -> list[ItemSlots]:
    """Per item, the label mentions the ``blind`` agent reads (see the module docstring). The label set is the
    item's, else the dataset's distinct answers (the labels a task offers are no leak). ``copied``: per item, the
    places holding its copy of its input (:func:`~windtunnel.leakage.input_copies.copied_places`), not read either."""
    answers = list(dict.fromkeys(it.expected[0] for it in items if it.expected))
    out = []
    for n, it in enumerate(items):
        skip = copied[n] if copied else ()
        labels = list(it.label_set or answers)
        shown = mask_input(it.projection, derive_from)
        probe = replace(it, projection=shown, label_set=labels)
        kept = []
        for m in item_mentions(probe, decode=decode):
            if in_derive_from(m.pointer, derive_from) or m.pointer in skip:
                continue
            if not derive_from and _is_prose(_at(shown, m.pointer)):
                continue
            field = "/".join("*" if t.isdigit() else t for t in m.pointer.split("/"))
            kept.append(Slot(normalize_needle(m.label), m.signatures, field, m.listed))
        out.append(ItemSlots(tuple(kept), 1 / max(2, len(set(labels)))))
    return out


def _at(node: Any, pointer: str) -> Any:
    """The value of ``node`` at the JSON pointer ``pointer`` (``None`` when it does not resolve)."""
    for raw in pointer.split("/")[1:]:
        token = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(node, Mapping):
            node = node.get(token)
        elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
            node = node[int(token)]
        else:
            return None
    return node


def _is_prose(value: Any) -> bool:
    """A string of more than ``PROSE_WORDS`` words: what the agent does not read without ``derive_from``."""
    return isinstance(value, str) and len(value.split()) > PROSE_WORDS


class SlotJudge:
    """The slots one fold keeps (:meth:`fit`), and what they name on any item (:meth:`named`)."""

    def __init__(self, groups: Mapping[tuple[int, str], Group]) -> None:
        """``groups``: every slot of the training records, tested (the verdict set) or not."""
        self.groups = groups

    @classmethod
    def fit(
        cls,
        train: Sequence[int],
        slots: Sequence[ItemSlots],
        answers: Sequence[str],
        record_of: Sequence[int],
    ) -> SlotJudge:
        """Test every slot on the ``train`` items only (``answers`` normalised; a record's items count once, the
        first read): per slot the records naming one label there, those naming their own, the mean chance (the
        label's share of the training records, at least the item's floor), a one-sided binomial test,
        Benjamini-Hochberg over the slots with :data:`~windtunnel.leakage.agreement.MIN_SUPPORT` records, and the
        agreement evidence's verdict."""
        records: dict[int, int] = {}
        for i in train:
            records.setdefault(record_of[i], i)
        share: dict[str, int] = {}
        for i in records.values():
            share[answers[i]] = share.get(answers[i], 0) + 1
        total = len(records)
        per_group: dict[tuple[int, str], dict[int, set[str]]] = {}
        for r, i in records.items():
            for s in slots[i].slots:
                labs = {s.label, "\x00listed"} if s.listed else {s.label}
                for level, sig in enumerate(s.signatures):
                    per_group.setdefault((level, sig), {}).setdefault(r, set()).update(labs)
        groups: dict[tuple[int, str], Group] = {}
        for (level, sig), by_record in per_group.items():
            g = Group(LEVELS[level], sig)
            for r, labs in by_record.items():
                if len(labs) > 1:
                    g.listing = True
                    continue
                (lab,) = labs
                i = records[r]
                g.n += 1
                g.chance_sum += max(share.get(lab, 0) / total, slots[i].floor)
                if lab == answers[i]:
                    g.k += 1
                    g.agreeing_labels.add(lab)
            groups[(level, sig)] = g
        judge_groups(groups.values())
        return cls(groups)

    def named(self, item: ItemSlots) -> list[Named]:
        """The labels ``item`` names in slots that follow the record's label: each mention is judged by its most
        specific slot with support (as the agreement evidence judges it); a mention beside another label, or in a
        slot where the item names two labels, answers nothing."""
        out = []
        for s in item.slots:
            if s.listed:
                continue
            for level, sig in enumerate(s.signatures):
                g = self.groups.get((level, sig))
                if g is None or g.n < MIN_SUPPORT:
                    continue
                if g.verdict == "follows" and len({o.label for o in item.slots if sig in o.signatures}) == 1:
                    out.append(Named(s.label, g.k, g.n, s.field, sig))
                break
        return out


__all__ = ["ItemSlots", "Named", "Slot", "SlotJudge", "read_slots"]
