"""Evidence from the dataset for the mention decision: does the label in this slot follow the record's label?

The per-item audit decides each label word from its own record (``docs/leakage.md``, principles 1-3). A
dataset holds evidence no record does. Every mention of a label (:mod:`.mentions`) has a *context
signature*: its slot, with the label words masked. Over the dataset, per signature group:

* ``n`` records with one label there, ``k`` of them whose label is the record's own answer (items sharing one
  record's prose, one ticket under several questions, are one record: :func:`~windtunnel.leakage.mine.records_of`;
  an item with two labels or more there lists them, or is a table: it is counted apart and left to the
  item-level decision), and the *chance* rate: the mentioned label's share among the items of its label set (at least
  ``1 / |label set|``), averaged over the group;
* a one-sided binomial test of ``k`` against chance, corrected for the number of groups tested
  (Benjamini-Hochberg, :func:`~windtunnel._util.stats.adjust_p`, as :mod:`.mine` does).

Verdicts (:class:`Group`):

* **follows** (a value slot): significantly above chance, at least halfway from chance to always, the
  agreeing mentions cover two labels or more (the slot's word changes with the record's label: a value,
  not an idiom planted with the record's own label) and no item holds two different labels there (that
  is a listing). An agreeing mention there is a leak whatever the item-level decision was
  (``freetext.agreement``).
* **agrees** (one label): the same test passed, but the agreeing mentions cover one label only. An idiom planted
  with the record's own label agrees as well, so this makes a leak only of the per-item audit's *review*
  finding, in a slot with the pointer, outside the task's input as ``derive_from`` locates it
  (:meth:`Agreement._one_label_leak`): an adjuster's "OK to pay. Approve at estimate" on every approved claim that
  holds the note. When every mention of the slot stands in one same text (a name, ``Nestlé S.A.``), the agreement
  is that value's, one of the texts its place holds: the slot's ``p`` times their number
  (:attr:`~windtunnel.leakage.held_texts.HeldTexts.texts_at`) must stay within :data:`ALPHA`, else no verdict.
* **chance**: enough support (:data:`MIN_CHANCE_SUPPORT` records) and agreement whose 95 % upper bound stays
  below a quarter of the way from chance to always, or, when the agreement is not significantly above chance
  (the one-sided test corrected for the slots tested, ``q`` above :data:`ALPHA`), below halfway — the least a value
  agrees (the follows verdict's own bound): label words here do not follow the record's label, so an item-level leak
  there becomes a review finding, with the figures. (A boilerplate sentence naming one label on records of
  every label, 19 of 50 agreeing at chance 33 %, is at chance; a slot agreeing 60 % of 200 times at chance
  33 % is significant and stays.)
* **chance, by sets** (:func:`_sets_verdict`): in a group where records hold several labels (a history of
  other events, a list of enabled rules), each record counts by whether its answer is among them, against the
  labels' summed shares; at chance as above and not significantly below chance (the labels other than the answer
  tell it by elimination), the item-level leaks there become review findings, on those records too.
* **a text at chance** (:mod:`.held_texts`): a finding in a key or a value whose exact text stands at the same
  place in records whose labels agree with the one it found no more than chance (a handbook pasted into every
  record, a key every record has, an instruction whose "the top" reads as the last label) becomes a review
  finding, by the chance verdict above against the label's own share; whatever rule made the finding, and an
  agreeing mention in such a text is not promoted either.
* **short of a value, in the task's input** (:meth:`Agreement._input_short`, with ``derive_from`` only): the record's
  own label as the whole value of a field ``derive_from`` lists by its own pointer, at a place whose agreement's 95 %
  upper bound stays below what the follows verdict needs, and no answer field for that label
  (:meth:`Agreement._answers_label`): the input's own signal (a sub-test's ``FAIL`` that fails the inspection where
  its ``PASS`` says nothing), so an item-level leak reading that value becomes a review finding. A field of a scale
  of its own (:meth:`Agreement._own_scale`: values no label on :data:`OWN_SCALE_SHARE` of the records filling it or
  more, agreement below what a value needs, no answer field for any label it holds) is the input's signal however
  the owner named it, by its own pointer or by a section or list holding it (every position of it); a field holding
  the labels and little else (a ``pending`` on a few records is an answer not yet written) counts only where the
  owner named the field itself. Naming the section never demotes what naming the field keeps. Prose, a label inside
  a longer value, and a field named like an earlier model's output keep their findings.
* otherwise the item-level decision stands.

A follows verdict turns a *review* finding (the item-level "cannot tell") into a leak; a mention the item-level
audit *cleared* (a listing, a definition, another record's field: a principle's decision) only with stronger
evidence from the same field (:func:`_overrides_clearance`).

A mention is judged at the most specific signature level whose group has support
(:data:`MIN_SUPPORT`); a mention whose more specific group (too small to judge) agrees every time is
not demoted by a broader group at chance, which would mix it with other slots.

It reads the items once (:meth:`Agreement.add`), decides (:meth:`Agreement.decide`), then adjusts each
audit's findings (:meth:`Agreement.adjust`); the per-item audit itself is never changed.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from windtunnel._util.stats import adjust_p, binomial_greater, wilson_interval
from windtunnel.leakage.graded import graded_fields, told_of, upstream_at
from windtunnel.leakage.held_texts import HeldTexts, TextKey, texts_of
from windtunnel.leakage.id_keys import IdKeys, id_keys
from windtunnel.leakage.input_explained import InputValues, MemberValues, input_values
from windtunnel.leakage.input_text import input_of, names_of
from windtunnel.leakage.mentions import LEVELS, Mention, item_mentions, overlaps
from windtunnel.leakage.mine import Prints, in_derive_from, prose_prints, records_of
from windtunnel.leakage.model import Finding, ItemAudit, LeakItem
from windtunnel.leakage.pointers import general_pointer, hide_answers, node_at, parse_pointer
from windtunnel.leakage.records import prose_sentence
from windtunnel.leakage.resolve import Records, holds_records, names_own_id
from windtunnel.leakage.scan import escape_pointer_token, glued_review
from windtunnel.leakage.text import normalize_needle

MIN_SUPPORT = 5
"""Records with a mention in a group before the group can say a slot follows the label."""
MIN_CHANCE_SUPPORT = 12
"""Records with a mention in a group before the group can say a slot is at chance."""
HELD_SUPPORT = 6
"""Records holding one same text at one place before it can be at chance (:mod:`.held_texts`): fewer than a slot
needs (:data:`MIN_CHANCE_SUPPORT`), which mixes the texts of many records around one masked word, where one text is
one value; the verdict's bound is the same (its 95 % upper bound ruling out what a value needs), so only a text that
names one label on records of several others is cleared so soon (``Kennel: Level 3 isolation ward`` on 9 records, 2
of them Level 3 at 20 %)."""
OWN_SCALE_SHARE = 0.25
"""The least share of a field's filled records holding a value that is no label (``neutral``, ``softfail`` beside
``pass`` / ``fail``) for the field to be on a scale of its own: a scale uses its other words routinely, where a
placeholder (``pending``, ``n/a``, ``closed``) marks the few records whose answer is not yet written."""
FOLLOWS_RATE = 0.8
"""The least agreement of a slot that follows the label (and at least halfway from chance to always): a value
agrees with its record's label nearly always; a listing's last member or a default agrees by habit, less."""
ALPHA = 0.05
"""The false discovery rate of the corrected test."""
STRONG_SUPPORT = 10
"""Records a slot needs (with the pointer in its signature) before it overrides an item-level clearance."""
STRONG_ALPHA = 0.01
"""The corrected significance a slot needs before it overrides an item-level clearance."""
RULE = "freetext.agreement"
MINED = "correlated.mined"
"""The rules of mined findings (``correlated.mined``, ``correlated.mined-pair``) start so."""


def _rides(f: Finding) -> bool:
    """``f`` is a mined finding: its evidence is that its value rides with the label across the dataset, which a label
    word inside the value (``1`` in a template ``Standard monthly 1:1`` held by every score-3 record) being at chance
    as a mention does not refute. The mention evidence judges what a label word says, not what a value predicts."""
    return f.rule.startswith(MINED)


_LISTED = "\x00listed"
"""Stands for the other labels beside a listed mention (never a label's normalised text)."""

Verdict = Literal["follows", "agrees", "chance", "unknown"]


@dataclass
class Group:
    """One signature group's counts and verdict."""

    level: str
    signature: str
    n: int = 0
    k: int = 0
    agreeing_labels: set[str] = field(default_factory=set)
    listing: bool = False
    chance_sum: float = 0.0
    sets_n: int = 0
    """Records counted with the labels they hold here, one label or several (a record holding every label of
    its set is left out: its answer is among them whatever it is)."""
    sets_k: int = 0
    """Of :attr:`sets_n`, the records whose answer is among the labels they hold here."""
    sets_chance_sum: float = 0.0
    """Per record of :attr:`sets_n`, the chance its answer is among them had the slot nothing to do with it."""
    p: float = 1.0
    q: float = 1.0
    verdict: Verdict = "unknown"
    label_n: dict[str, int] = field(default_factory=dict)
    """Per label, the records holding that one label here (what :attr:`n` counts, label by label)."""
    label_k: dict[str, int] = field(default_factory=dict)
    """Per label, those of :attr:`label_n` whose answer it is."""
    label_wrong: dict[str, int] = field(default_factory=dict)
    """Per label, the records of that label holding another label here (a passed gas cap on a failed inspection)."""
    text: TextKey | None = None
    """The one text every mention of the group stands in (the same value at one place in every record), if so."""

    @property
    def chance(self) -> float:
        """The mean chance rate over the group's items."""
        return self.chance_sum / self.n if self.n else 0.0

    @property
    def by_sets(self) -> bool:
        """Whether the chance verdict counts the records holding several labels here too (the group has such
        records: a history of other events, a list of enabled rules)."""
        return self.listing

    def describe(self) -> str:
        """The figures a user reads: agreement, labels, chance."""
        if self.by_sets and self.verdict == "chance":
            chance = self.sets_chance_sum / self.sets_n if self.sets_n else 0.0
            return (
                f"in {self.sets_k} of {self.sets_n} records the labels here include the record's label"
                f" (chance {100 * chance:.0f} %)"
            )
        return (
            f"in {self.k} of {self.n} records a label here equals the record's label"
            f" ({_labels(len(self.agreeing_labels))}; chance {100 * self.chance:.0f} %)"
        )


class _Entry:
    """One item as the agreement pass keeps it: its answers, label set and mentions."""

    __slots__ = (
        "answers",
        "candidates",
        "idents",
        "labels",
        "mentions",
        "named",
        "outside",
        "own",
        "own_cells",
        "own_names",
        "row",
        "sectioned",
        "sentences",
    )

    def __init__(
        self, answers: frozenset[str], labels: frozenset[str], mentions: list[Mention], row: int | None
    ) -> None:
        """Keep the item's normalised answers, label set, mentions and row among the labelled items."""
        self.answers = answers
        self.labels = labels
        self.mentions = mentions
        self.row = row
        self.candidates: list[Finding] = []
        self.outside: set[tuple[str, tuple[int, int] | None]] = set()
        """The agreeing mentions (pointer, span) that lie outside the task's input as ``derive_from`` locates it."""
        self.named: set[tuple[str, tuple[int, int] | None]] = set()
        """The agreeing mentions (pointer, span) that are the whole value of a field ``derive_from`` names by its own
        pointer (:func:`names_input`)."""
        self.sectioned: set[tuple[str, tuple[int, int] | None]] = set()
        """The agreeing mentions (pointer, span) that are the whole value of a field inside a section or list
        ``derive_from`` names, every position of it (:func:`_sectioned_whole`)."""
        self.idents: set[tuple[str, tuple[int, int] | None]] = set()
        """Of :attr:`named` and :attr:`sectioned`, the mentions that are a word of the one identifier their field holds
        (``OOO`` of ``ooo_start``, :func:`_ident_word`), read against :attr:`Agreement.input_idents`."""
        self.own: set[str] = set()
        """The pointers of the strings holding one agreeing mention, the only mention there, beside an id the
        projection shows outside them (:func:`~.resolve.names_own_id`): a row tied to the record's own id."""
        self.sentences: dict[tuple[str, tuple[int, int] | None], tuple[str, int, int]] = {}
        """Per agreeing mention (pointer, span) in a sentence of prose: the sentence and the mention's place in it
        (:meth:`Agreement._about_other_entity`)."""
        self.own_names: dict[str, str] = {}
        """Once decided: this record's own value of each field whose values name things (:func:`entity_names`)."""
        self.own_cells: set[tuple[str, tuple[int, int] | None]] = set()
        """The agreeing mentions (pointer, span) inside a cell of this record's own row of a table of many
        (:meth:`~.resolve.Records.own_spans`): the record's value, which the chance of the other rows does not
        cover."""


@dataclass
class Agreement:
    """The agreement pass over one dataset: add every item, decide once, then adjust each audit."""

    decode: bool = True
    derive_from: tuple[str, ...] = ()
    """Fields the task is derived from: a record's content, as in mining (items sharing one are one record)."""
    entries: dict[tuple[str, int | None], _Entry] = field(default_factory=dict)
    groups: dict[tuple[int, str], Group] = field(default_factory=dict)
    label_counts: dict[frozenset[str], dict[str, int]] = field(default_factory=dict)
    decided: bool = False
    promoted: int = 0
    demoted: int = 0
    in_input: set[tuple[str, int | None]] = field(default_factory=set)
    """Items (id, line) with a mention in a slot that follows the record's label but lies inside a field
    ``derive_from`` names: the task's own signal as the owner named it, never promoted; the summary says so, since a
    leak inside a field named as input is silenced by that naming (QA-38 M1)."""
    cleared: int = 0
    """Review findings of a label glued to a code's digits dropped: the dataset found their place at chance."""
    items: int = 0
    row_labels: list[str] = field(default_factory=list)
    """The first answer of every labelled item, in order (what :func:`~windtunnel.leakage.mine.records_of` links)."""
    row_prose: list[Prints] = field(default_factory=list)
    """The prose of every labelled item: items sharing a record's prose are one record, counted once."""
    texts: HeldTexts = field(default_factory=HeldTexts)
    """The records holding each text at each place (:mod:`.held_texts`): a text in records of every label."""
    item_texts: dict[tuple[str, int | None], tuple[dict[tuple[str, str], TextKey], str, frozenset[str]]] = field(
        default_factory=dict
    )
    """Per item (id, line): its texts holding a label or its answer's other spellings, its answer and label set."""
    row_values: list[InputValues] = field(default_factory=list)
    """The short scalars of every labelled item, per field template (:func:`~.input_explained.input_values`)."""
    row_members: list[MemberValues] = field(default_factory=list)
    """Per labelled item, the fields it fills more than once with every member's value (they count in a field's
    measure, :func:`~.graded.graded_fields`)."""
    graded: set[str] = field(default_factory=set)
    """The fields holding a mention whose values only make a label likelier (:mod:`.graded`): another measurement or
    a prior state of the subject, where a label read is input-side evidence, for review (principle 7)."""
    input_idents: dict[str, Group] = field(default_factory=dict)
    """As :attr:`input_fields`, with a value that is one identifier naming one label (``ooo_start``) counted as that
    label (:func:`identifier_label`): the evidence for a mention that is such an identifier's word, never for a whole
    value (a sub-test's ``soft_fail`` beside ``pass`` / ``fail`` stays a value of another scale for those)."""
    input_fields: dict[str, Group] = field(default_factory=dict)
    """Per scalar field at or inside a field, section or list ``derive_from`` names (its own pointer, the list
    position kept):
    the records holding one label there, by label (:attr:`Group.label_n`, :attr:`Group.label_k`,
    :attr:`Group.label_wrong`), and in :attr:`Group.sets_n` the records holding a value of another scale there (no
    label, not blank) — the evidence :meth:`_own_scale` reads."""
    entities: dict[str, frozenset[str]] = field(default_factory=dict)
    """Once decided: the fields whose values name things, each with the names its records hold
    (:func:`entity_names`)."""
    told: set[str] = field(default_factory=set)
    """The values the user names as correlated (:func:`~.graded.told_of`): a field holding one is never graded."""
    own_cell_marks: list[tuple[tuple[str, str], str, int | None]] = field(default_factory=list)
    """Per label word in a cell of its record's own row of a table of many, agreeing or not: (its column's place,
    the pointer template and the near context; the label; the record's row)."""
    own_cell_groups: dict[tuple[str, str], Group] = field(default_factory=dict)
    """Once decided: per column's place, the records' own-row cells holding a label, tested against chance as a
    slot is (:meth:`_own_cell_at_chance`)."""
    keys: IdKeys = field(default_factory=IdKeys)
    """Once decided: the places whose keys are ids (:mod:`.id_keys`), read as ``*`` in every mention's signatures."""

    def add(self, item: LeakItem) -> None:
        """Read one item: count its label, keep its mentions (an item without a label set has none)."""
        self.items += 1
        labels = frozenset(normalize_needle(lab) for lab in item.label_set)
        row = None
        if len(labels) >= 2 and item.expected:
            counts = self.label_counts.setdefault(labels, {})
            first = normalize_needle(item.expected[0])
            counts[first] = counts.get(first, 0) + 1
            row = len(self.row_labels)
            self.row_labels.append(first)
            self.row_prose.append(prose_prints(item.projection, self.derive_from))
            self.row_members.append({})
            self.row_values.append(input_values(item.projection, (), _anywhere, members=self.row_members[-1]))
            self.told.update(told_of([item]))
            self.texts.add(row, item.projection)
            self._count_input_fields(item.projection, labels, first)
        self._keep(item, labels, row)

    def _count_input_fields(self, projection: Any, labels: frozenset[str], answer: str) -> None:
        """Count, per scalar field at or inside an entry of ``derive_from``, what this record holds there: one of its
        labels (agreeing with ``answer`` or not), or a value of another scale."""
        if not self.derive_from:
            return
        for pointer, value in _values(projection).items():
            if isinstance(value, (Mapping, list)) or value is None or not in_derive_from(pointer, self.derive_from):
                continue
            text = normalize_needle(str(value))
            if not text:
                continue
            _count_value(self.input_fields.setdefault(pointer, Group(LEVELS[0], pointer)), text, labels, answer)
            if text not in labels and isinstance(value, str):
                text = identifier_label(text, labels) or text  # ``ooo_start`` names ``ooo`` on its own scale
            _count_value(self.input_idents.setdefault(pointer, Group(LEVELS[0], pointer)), text, labels, answer)

    def _keep(self, item: LeakItem, labels: frozenset[str], row: int | None = None) -> None:
        """Keep ``item``'s mentions, and the findings its agreeing mentions would make (pointers hidden).

        Nothing is kept for an item without mentions. A mention that names the item's own answer is a
        candidate leak: its finding is built now, while the item is at hand, and applied only if the whole
        dataset's evidence shows the slot follows the answer (:meth:`_apply`). The entry is keyed by id and line,
        so two records sharing an id are kept apart.
        """
        if item.expected and len(labels) >= 2:
            # every text, not those holding a label word: a finding may stand in a text naming no label (a phrase
            # of position, "the top"; an alias); once decided, only the texts held by enough records are kept
            texts = texts_of(item.projection, (), labels)
            if self.decided:
                texts = {k: v for k, v in texts.items() if v in self.texts.labels}
            self.item_texts[(item.id, item.line)] = (texts, item.expected[0], labels)
        mentions = item_mentions(item, decode=self.decode)
        if not mentions:
            return
        if self.decided:
            mentions = [self.keys.rewrite(m) for m in mentions]
        answers = frozenset(normalize_needle(e) for e in item.expected)
        entry = _Entry(answers, labels, mentions, row)
        agreeing = [m for m in mentions if normalize_needle(m.label) in answers]
        if agreeing:
            made = [
                Finding(item.id, "freetext", "medium", m.pointer, m.representation, m.span, "full", RULE, "", m.label)
                for m in agreeing
            ]
            entry.candidates = hide_answers(made, item.projection, [*item.expected, *item.correlated_values])
            entry.own = _own_strings(item.projection, mentions, agreeing)
            entry.own_cells = _own_cells(item.projection, agreeing)
        if row is not None:
            for m in _own_cell_mentions(item.projection, mentions):
                self.own_cell_marks.append((_column(m), normalize_needle(m.label), row))
            entry.sentences = _sentences(item.projection, agreeing)
            if self.derive_from:
                spots = {(m.pointer, m.span) for m in agreeing}
                entry.outside = _outside_input(item.projection, spots, self.derive_from)
                entry.named = _named_whole(item.projection, spots, self.derive_from)
                entry.sectioned = _sectioned_whole(item.projection, spots - entry.named, self.derive_from)
                entry.idents = _ident_spots(item.projection, entry.named | entry.sectioned)
        self.entries[(item.id, item.line)] = entry

    def applied_to(self, items: Iterable[LeakItem]) -> Agreement:
        """The evidence of this dataset, decided, for other items (a sanitized twin of the dataset): their
        mentions are judged by this dataset's groups and counted in none."""
        other = Agreement(
            decode=self.decode,
            derive_from=self.derive_from,
            groups=self.groups,
            label_counts=self.label_counts,
            texts=self.texts,
            decided=True,
            graded=self.graded,
            input_fields=self.input_fields,
            input_idents=self.input_idents,
            keys=self.keys,
        )
        for it in items:
            other.items += 1
            other._keep(it, frozenset(normalize_needle(lab) for lab in it.label_set))
        return other

    def may_promote(self, item: str, line: int | None) -> bool:
        """Whether the evidence may add a leak finding to this item (cheap: no audit needed to say no)."""
        entry = self.entries.get((item, line))
        return entry is not None and self.decided and bool(entry.candidates)

    def _promoting(self, m: Mention, entry: _Entry) -> Group | None:
        """The group that may make mention ``m`` of ``entry`` a leak (None: none does): a slot that follows the
        label, or one that agrees with it in one label only (:meth:`_one_label_leak` says where that suffices)."""
        g, _own = self._judged(m)
        if g is None or g.verdict not in ("follows", "agrees") or normalize_needle(m.label) not in entry.answers:
            return None
        if _lists(entry, g, m):
            return None  # this item lists labels in the slot: the item-level decision tells its own
        return g

    def decide(self) -> None:
        """Count every group by records, test it, and give it its verdict.

        Items linked by the prose of one record (one ticket asked several questions, shown in several renderings;
        :func:`~windtunnel.leakage.mine.records_of`) are one draw: a record's own label word repeated in its
        renderings is one agreeing record, not several."""
        record_of, record_label = records_of(self.row_labels, self.row_prose)
        self.texts.decide(record_of, record_label, HELD_SUPPORT, few=MIN_SUPPORT)
        mentioned = {general_pointer(m.pointer) for e in self.entries.values() for m in e.mentions if m.pointer}
        self.graded = graded_fields(self.row_values, self.row_labels, mentioned, self.told, self.row_members)
        self.entities = entity_names(self.row_values, {lab for labels in self.label_counts for lab in labels})
        for entry in self.entries.values():
            if entry.sentences and entry.row is not None:
                values = self.row_values[entry.row]
                entry.own_names = {t: v for t in self.entities if isinstance(v := values.get(t), str)}
        self.row_values = []
        self.row_members = []
        # an object keyed by ids is a list: its keys read as indices in every signature (:mod:`.id_keys`)
        self.keys = id_keys(
            (record_of[e.row] if e.row is not None else -1 - idx, m.pointer, normalize_needle(m.label) in e.answers)
            for idx, e in enumerate(self.entries.values())
            for m in e.mentions
        )
        if self.keys.places:
            for entry in self.entries.values():
                entry.mentions = [self.keys.rewrite(m) for m in entry.mentions]
        per_group: dict[tuple[int, str], dict[int, set[str]]] = {}
        places: dict[tuple[int, str], dict[int, list[str]]] = {}
        owners: dict[int, _Entry] = {}
        whole: dict[tuple[int, str], set[TextKey | None]] = {}
        for idx, (key, entry) in enumerate(self.entries.items()):
            # a record's items count once; an item outside the labelled rows is its own record
            record = record_of[entry.row] if entry.row is not None else len(record_of) + idx
            owners.setdefault(record, entry)
            texts = self.item_texts.get(key, ({}, "", frozenset()))[0]
            for m in entry.mentions:
                # a listed mention counts as two labels: its item lists them in the slot
                norms = (normalize_needle(m.label), _LISTED) if m.listed else (normalize_needle(m.label),)
                for level, sig in enumerate(m.signatures):
                    per_group.setdefault((level, sig), {}).setdefault(record, set()).update(norms)
                    places.setdefault((level, sig), {}).setdefault(record, []).append(m.pointer)
                    whole.setdefault((level, sig), set()).add(texts.get((m.pointer, "value")))
        judged_texts = self.texts.labels
        for key, (texts, answer, labels) in self.item_texts.items():
            self.item_texts[key] = ({p: t for p, t in texts.items() if t in judged_texts}, answer, labels)
        for (level, sig), by_item in per_group.items():
            g = Group(LEVELS[level], sig)
            for idx, labs in by_item.items():
                entry = owners[idx]
                held = labs - {_LISTED}
                within = self._chance(entry.labels, next(iter(held))) if len(held) == 1 else self._share(entry, held)
                if within < 1.0 and _members(labs, places[(level, sig)][idx]):
                    g.sets_n += 1
                    g.sets_chance_sum += within
                    g.sets_k += bool(held & entry.answers)
                if len(labs) > 1:
                    g.listing = True  # a listing or a table: the item-level decision reads which is its own
                    continue
                (lab,) = labs
                g.n += 1
                g.chance_sum += self._chance(entry.labels, lab)
                g.label_n[lab] = g.label_n.get(lab, 0) + 1
                for answer in entry.answers - {lab}:
                    g.label_wrong[answer] = g.label_wrong.get(answer, 0) + 1
                if lab in entry.answers:
                    g.k += 1
                    g.agreeing_labels.add(lab)
                    g.label_k[lab] = g.label_k.get(lab, 0) + 1
            (g.text,) = whole[(level, sig)] if len(whole[(level, sig)]) == 1 else (None,)
            self.groups[(level, sig)] = g
        judge_groups(self.groups.values())
        self._decide_own_cells(record_of)
        for g in self.groups.values():
            if g.verdict == "agrees" and g.text is not None:
                # one text, the same in every record of the slot: its agreement is that value's, one of the texts
                # its place holds, and is tested as one of them
                tried = self.texts.texts_at.get((g.text[0], g.text[1]), 1)
                if g.p * tried > ALPHA:
                    g.verdict = "unknown"
        for g in self.groups.values():
            if g.by_sets:  # never follows (a listing): whether it is at chance is the whole slot's to say
                g.verdict = _sets_verdict(g)
        self.decided = True

    def _share(self, entry: _Entry, held: set[str]) -> float:
        """The chance that a record's label is one of ``held`` had the slot nothing to do with it: their shares
        among the items of its label set, summed (exact shares: a floor per label would add up past the truth)."""
        counts = self.label_counts.get(entry.labels, {})
        total = sum(counts.values())
        if not total or entry.labels <= held:
            return 1.0
        return min(1.0, sum(counts.get(lab, 0) for lab in held) / total)

    def _chance(self, labels: frozenset[str], label: str) -> float:
        """The chance that a record's label is ``label`` had the slot nothing to do with it: the label's share
        among the items of its label set, at least ``1 / |label set|``."""
        counts = self.label_counts.get(labels, {})
        total = sum(counts.values())
        share = counts.get(label, 0) / total if total else 0.0
        return max(share, 1 / max(2, len(labels)))

    def _judged(self, m: Mention) -> tuple[Group | None, bool]:
        """The group that judges mention ``m`` (the most specific with support; None: none), and whether a more
        specific group, too small to judge, agreed every time (two records or more): a slot of its own."""
        own_slot = False
        for level, sig in enumerate(m.signatures):
            g = self.groups.get((level, sig))
            if g is None:
                continue
            if g.n >= MIN_SUPPORT or (g.by_sets and g.verdict == "chance"):
                return g, own_slot
            own_slot = own_slot or (g.k >= 2 and g.k == g.n)
        return None, own_slot

    def adjust(self, audit: ItemAudit) -> ItemAudit:
        """``audit`` with the dataset's evidence applied: an agreeing mention in a slot that follows the label
        becomes a leak finding; an item-level leak in a slot at chance becomes a review finding. The same
        object when nothing changes."""
        findings, promoted, demoted, cleared = self._apply(audit)
        if not promoted and not demoted and not cleared:
            return audit
        self.promoted += promoted
        self.demoted += demoted
        self.cleared += cleared
        return ItemAudit(audit.item, findings, audit.line, audit.sources)

    def demote(self, audit: ItemAudit) -> ItemAudit:
        """``audit`` with only the demotions of :meth:`adjust` (an item-level leak in a slot at chance becomes a
        review finding): what the sanitizer acts on beside the promotions it is given as findings of their own."""
        findings, _promoted, demoted, cleared = self._apply(audit, promote=False)
        if not demoted and not cleared:
            return audit
        self.demoted += demoted
        self.cleared += cleared
        return ItemAudit(audit.item, findings, audit.line, audit.sources)

    def promotions(self, audit: ItemAudit) -> list[Finding]:
        """The leak findings :meth:`adjust` adds to ``audit`` (what the sanitizer cuts beside the audit's own)."""
        if not self.may_promote(audit.item, audit.line):
            return []
        findings = self._apply(audit)[0]
        return [f for f in findings if f.rule == RULE and f not in audit.findings]

    def _apply(self, audit: ItemAudit, *, promote: bool = True) -> tuple[list[Finding], int, int, int]:
        """The findings of ``audit`` adjusted, and how many were added, demoted and cleared (``promote``: add too).

        For each mention of the item, the dataset's evidence for its slot decides. Where the slot follows the
        answer, the prepared candidate finding replaces what the audit said at that place, unless a blocking
        finding is already there, and, where the audit cleared the mention on a principle, only when the
        evidence is strong enough to override that decision. Where the slot is at chance (judged by pointer
        and context, not a slot of its own, and not a listing of labels), blocking findings of other rules there become
        ``low`` review findings, with the evidence in their detail, and the review finding of a label glued to a code's
        digits there is dropped (the dataset cleared it), as is one beyond the item's glued mentions
        (:data:`~.mentions.MAX_GLUED`) at a pointer whose glued mentions were all found at chance so. Items the
        evidence has no entry for, and any item before the groups are decided, keep their findings unchanged.
        """
        if not self.decided:
            return audit.findings, 0, 0, 0
        findings, demoted = self._held_text(audit)
        entry = self.entries.get((audit.item, audit.line))
        if entry is None:
            return findings, 0, demoted, 0
        promoted = 0
        candidates = {(c.pointer, c.span): c for c in entry.candidates}
        for m in entry.mentions:
            here = [i for i, f in enumerate(findings) if overlaps(f, m)]
            if m.pointer and general_pointer(m.pointer) in self.graded and not upstream_at(m.pointer):
                for i in here:  # principle 7: input-side evidence, never promoted, its leaks for review
                    f = findings[i]
                    if f.blocking and f.rule != RULE and not _rides(f) and not glued_review(f):
                        findings[i] = replace(f, severity="low", detail=f.detail + _GRADED)
                        demoted += 1
                continue
            other = None if self._strongly_follows(m) else self._about_other_entity(m, entry)
            if other is not None:
                for i in here:
                    f = findings[i]
                    if f.blocking and f.rule != RULE and not _rides(f) and not glued_review(f):
                        findings[i] = replace(f, severity="low", detail=f.detail + other)
                        demoted += 1
                continue
            g = self._promoting(m, entry)
            if g is not None:
                if not promote:
                    continue
                if self.derive_from and (m.pointer, m.span) not in entry.outside:
                    self.in_input.add((audit.item, audit.line))
                    continue  # in the named input: a slot that follows the label there is the task's own signal
                made = candidates.get((m.pointer, m.span))
                if made is None or any(findings[i].blocking for i in here):
                    continue
                if self._held_alike(audit.item, audit.line, m.pointer) is not None:
                    continue  # the same text on records of every label: the slot's agreement is not this text's
                if g.verdict == "agrees" and not self._one_label_leak(g, m, entry, here):
                    continue
                if not here and not _overrides_clearance(g):
                    continue  # the item-level audit cleared it on a principle: only strong evidence of the field
                findings = [f for i, f in enumerate(findings) if i not in here]
                findings.append(replace(made, detail=_promoted(g)))
                promoted += 1
                continue
            g = self._judged(m)[0]
            if g is None:
                continue
            short = False
            if self._at_chance(m, entry):
                why = f"; across the dataset {g.describe()}: not above chance, for review"
            elif self._input_short(m, entry):
                why = f"; in the task's input (--derive-from), and across the dataset {g.describe()}: {_SHORT}"
                short = True
            else:
                continue
            for i in here:
                f = findings[i]
                if short and upstream_at(f.pointer):
                    continue  # an earlier model's output is its answer however often it is right (principle 1)
                if f.blocking and f.rule != RULE and not _rides(f) and not glued_review(f):
                    findings[i] = replace(f, severity="low", detail=f.detail + why)
                    demoted += 1
        kept = self._uncleared(entry, findings)
        return kept, promoted, demoted, len(findings) - len(kept)

    def _strongly_follows(self, m: Mention) -> bool:
        """Whether a group of mention ``m``'s slot, at any level, follows the label with the evidence that overrides a
        principle's clearance (:data:`STRONG_SUPPORT` records, ``q`` at most :data:`STRONG_ALPHA`): the label there is
        this record's value whatever name stands beside it (review 42: ``the course stays Good like Ascot yesterday``
        on every leaking report, its slot ``stays § like`` the label's on 60 of 60, the name another course's)."""
        for level, sig in enumerate(m.signatures):
            g = self.groups.get((level, sig))
            if g is not None and g.verdict == "follows" and g.n >= STRONG_SUPPORT and g.q <= STRONG_ALPHA:
                return True
        return False

    def _about_other_entity(self, m: Mention, entry: _Entry) -> str | None:
        """Why the sentence of mention ``m`` is about another record's thing (principle 3), or None: the label stands
        beside a name another record holds in a field of names (``Wetherby Good to Firm`` where the record's own
        course is Ascot; at most one word between them: ``Wetherby was Good to Firm``, ``Good to Firm at
        Wetherby``), and the sentence does not name this record's own value of that field. The dataset says which
        fields hold names (:func:`entity_names`): a course, a site, a vessel each record has, held by other records
        too."""
        found = entry.sentences.get((m.pointer, m.span))
        if found is None or not entry.own_names:
            return None
        sentence, a, b = found
        beside: list[str] | None = None
        for template, own in entry.own_names.items():
            if _word_in(own, sentence):
                continue
            names = self.entities[template]
            if beside is None:
                beside = _beside_texts(sentence, a, b, _ENTITY_WORDS)
            for name in beside:
                if name != own and name in names:
                    return (
                        f"; the sentence gives the label to {name!r}, which another record holds at {template} (this"
                        " record's is not named there): about that record, for review"
                    )
        return None

    def _decide_own_cells(self, record_of: Sequence[int]) -> None:
        """Test each column's own-row cells (:attr:`own_cell_marks`), a record once, against chance as a slot is."""
        seen: set[tuple[tuple[str, str], int]] = set()
        for column, lab, row in self.own_cell_marks:
            if row is None or (column, record_of[row]) in seen:
                continue
            seen.add((column, record_of[row]))
            answer = self.row_labels[row]
            labels = next((ls for ls in self.label_counts if answer in ls and lab in ls), None)
            if labels is None:
                continue
            g = self.own_cell_groups.setdefault(column, Group(LEVELS[-1], column[0] + " " + column[1]))
            g.n += 1
            g.chance_sum += self._chance(labels, lab)
            if lab == answer:
                g.k += 1
                g.agreeing_labels.add(lab)
        for g in self.own_cell_groups.values():
            g.p = g.q = binomial_greater(g.k, g.n, min(1.0, g.chance)) if g.n else 1.0
            g.verdict = verdict_of(g) if g.n >= MIN_SUPPORT else "unknown"
        self.own_cell_marks = []

    def _own_cell_at_chance(self, m: Mention) -> Group | None:
        """The group of mention ``m``'s column when the records' own-row cells there agree with their labels at
        chance (review 42: last year's grade in this unit's own row of an export, drawn apart from this year's, flagged
        the 37 records where it happened to be the answer): the cell is a prior state, not the answer written down."""
        g = self.own_cell_groups.get(_column(m))
        return g if g is not None and g.verdict == "chance" else None

    def _at_chance(self, m: Mention, entry: _Entry) -> bool:
        """Mention ``m`` of ``entry`` stands in a slot the dataset found at chance (judged by pointer and context,
        not a slot of its own, not a cell of this record's own row of a table of many (:attr:`_Entry.own_cells`),
        and not a listing of labels in this item unless counted by sets)."""
        g, own_slot = self._judged(m)
        if g is None or g.verdict != "chance" or g.level != LEVELS[0] or own_slot:
            return False
        if (m.pointer, m.span) in entry.own_cells:
            # this record's own row among other records' rows: their chance says nothing of it; the records' own rows
            # at chance do
            return self._own_cell_at_chance(m) is not None
        return not _lists(entry, g, m) or (g.by_sets and self._counted(entry, g, m))

    def _input_short(self, m: Mention, entry: _Entry) -> bool:
        """Mention ``m`` of ``entry`` is the record's own label as the whole value of a field of the task's input, and
        the dataset shows that field short of an answer: the input's own signal (a sub-test's ``PASS`` / ``FAIL``
        that implies the answer on some records and says nothing on others). Its place (the pointer in the
        signature, :data:`MIN_SUPPORT` records or more, not a slot of its own nor a listing in this item) passes
        one of two tests:

        * a field of a scale of its own (:meth:`_own_scale`), whether the owner named the field by its own pointer or
          a section or list holding it (:attr:`_Entry.sectioned`);
        * a field the owner named by its own pointer (``derive_from`` lists it), whatever its values: agreement with
          the label whose 95 % upper bound stays below what a slot that follows needs (:func:`_value_rate`), and no
          answer field for the mention's own label (:meth:`_answers_label`). A field holding the labels and little
          else that the owner did not name may be an answer field swept into the section, however often wrong.

        Naming the section so never demotes what naming the field keeps. A statement in prose, or a label inside a
        longer value, is never read so; without ``derive_from`` nothing changes."""
        spot = (m.pointer, m.span)
        if not self.derive_from or (spot not in entry.named and spot not in entry.sectioned):
            return False
        g, own_slot = self._judged(m)
        if g is None or g.level != LEVELS[0] or own_slot or g.n < MIN_SUPPORT or _lists(entry, g, m):
            return False
        fields = self.input_idents if spot in entry.idents else self.input_fields
        if self._own_scale(m.pointer, g, entry, fields):
            return True
        if spot not in entry.named or wilson_interval(g.k, g.n)[1] >= _value_rate(g):
            return False
        return not self._answers_label(g, entry, normalize_needle(m.label))

    def _own_scale(self, pointer: str, g: Group, entry: _Entry, fields: Mapping[str, Group]) -> bool:
        """The field at ``pointer`` is on a scale of its own that shares words with the labels, short of an answer:

        * its place ``g`` (the template: every position of a list together) has :data:`MIN_CHANCE_SUPPORT` records
          or more and agrees with the label less often than a value does (below :func:`_value_rate`);
        * the field itself (its list position kept: a name/value layout's decision row is one position, which the
          template mixes with the others) holds a value that is no label (``neutral``, ``softfail`` beside ``pass`` /
          ``fail``) on :data:`OWN_SCALE_SHARE` of the records filling it or more, and on :data:`MIN_SUPPORT` records
          or more: a placeholder on a few records (``pending``) is an answer not yet written, not a scale;
        * neither the place nor the field is an answer field for any label it holds (:meth:`_short_of_answers`):
          an answer field, even a noisy one, answers every label it writes.
        """
        f = fields.get(pointer)
        if f is None or g.n < MIN_CHANCE_SUPPORT or g.k / g.n >= _value_rate(g):
            return False
        if f.sets_n < MIN_SUPPORT or f.sets_n < OWN_SCALE_SHARE * (f.n + f.sets_n):
            return False
        return self._short_of_answers(g, entry) and self._short_of_answers(f, entry)

    def _short_of_answers(self, g: Group, entry: _Entry) -> bool:
        """Group ``g`` is an answer field for none of the labels it holds (:meth:`_answers_label`, each label held
        there by :data:`MIN_SUPPORT` records or more; a label held by fewer is too rare to say, and so is a group
        none of whose labels is): where it holds a label, the record's label is another one too often, or that
        label's records mostly hold another label there."""
        held = [lab for lab, n in g.label_n.items() if n >= MIN_SUPPORT]
        return bool(held) and not any(self._answers_label(g, entry, lab) for lab in held)

    def _answers_label(self, g: Group, entry: _Entry, label: str) -> bool:
        """Group ``g`` is an answer field for ``label``: where it holds that label, the record's label is that label
        at least as often as a value agrees (:data:`FOLLOWS_RATE`, and halfway from chance to always), and on the
        records of that label where it names a label it names that one as often (a blank or ``pending`` there is an
        answer not yet written) — ``deny`` on the denied claims it is filled on, whatever the field says on the
        others. A sub-test's ``FAIL`` fails the inspection, but its ``PASS`` stands on more failed inspections than
        its ``FAIL`` does: a field that mostly names another label on this label's records is the input's signal."""
        n, k = g.label_n.get(label, 0), g.label_k.get(label, 0)
        if not n:
            return False
        chance = min(1.0, self._chance(entry.labels, label))
        wrong = g.label_wrong.get(label, 0)
        return k / n >= max(FOLLOWS_RATE, (1 + chance) / 2) and k >= FOLLOWS_RATE * (k + wrong)

    def without_cleared(self, item: str, line: int | None, findings: list[Finding]) -> list[Finding]:
        """``findings`` of item (``item``, ``line``) without the review findings of a label glued to a code's digits
        that the dataset cleared (:meth:`_uncleared`), whatever the answer they were made for (the sanitizer's
        probes of the other labels)."""
        entry = self.entries.get((item, line))
        if not self.decided or entry is None or not any(glued_review(f) for f in findings):
            return findings
        return self._uncleared(entry, findings)

    def _uncleared(self, entry: _Entry, findings: list[Finding]) -> list[Finding]:
        """``findings`` without the review findings of a label glued to a code's digits (``MSE`` of ``MSE20``) the
        dataset cleared: at a glued mention its place found at chance (:meth:`_at_chance`) or listing several labels
        (a log line holding codes of every label: a listing tells nothing of the record's own), or, beyond the item's
        glued mentions (:data:`~.mentions.MAX_GLUED`), at a pointer whose glued mentions were all cleared so. Where the
        place agrees with the label above chance without being promoted, or too few records hold it to test, the
        finding stays for review."""
        if not any(glued_review(f) for f in findings):
            return findings
        cleared_ms: list[Mention] = []
        kept_at: set[str] = set()
        for m in entry.mentions:
            if m.glued:
                (cleared_ms.append(m) if self._cleared(m, entry) else kept_at.add(m.pointer))
        if not cleared_ms:
            return findings
        cleared_at = {m.pointer for m in cleared_ms} - kept_at

        def cleared(f: Finding) -> bool:
            if not glued_review(f):
                return False
            if any(overlaps(f, m) for m in cleared_ms):
                return True
            return f.pointer in cleared_at and not any(overlaps(f, m) for m in entry.mentions)

        return [f for f in findings if not cleared(f)]

    def _cleared(self, m: Mention, entry: _Entry) -> bool:
        """Glued mention ``m`` tells nothing the dataset backs: its place is at chance, or it stands in a listing of
        several labels (beside another label, or the item holds two labels at its place or in its field)."""
        if self._at_chance(m, entry) or m.listed:
            return True
        g = self._judged(m)[0]
        if g is not None and _lists(entry, g, m):
            return True
        # a place too mixed to count (no group judges it) is a listing when the item holds other labels there
        return len({normalize_needle(o.label) for o in entry.mentions if o.pointer == m.pointer}) > 1

    def _held_text(self, audit: ItemAudit) -> tuple[list[Finding], int]:
        """The findings of ``audit`` with those in a text the dataset shows does not tell the label made review
        findings (:meth:`_held_alike`), and how many. Two findings are the task's input as the owner named it
        (``derive_from``, :func:`names_input`) and become review findings too: a key that is the name of a named
        field, and a selection (``direct.selection``) whose selector is itself a named field (its own pointer, a
        template of it, or its bare top-level key): the certified speed read through the instruction's table of
        symbols is the derivation the task asks for. A selector that merely sits inside a named section or list (an
        id of the named ``/ticket`` picking its own row of a routing table) is read as before: naming the container
        names the input's facts, not every value in it as the answer's source."""
        findings = list(audit.findings)
        demoted = 0
        for i, f in enumerate(findings):
            if not f.blocking or f.rule == RULE or _rides(f):
                continue
            if f.target == "key" and names_input(f.pointer, self.derive_from):
                findings[i] = replace(f, severity="low", detail=f.detail + _INPUT_KEY)
                demoted += 1
                continue
            if f.rule == SELECTION and f.target != "key" and names_input(f.pointer, self.derive_from):
                findings[i] = replace(f, severity="low", detail=f.detail + _INPUT_SELECTOR)
                demoted += 1
                continue
            why = self._held_alike(audit.item, audit.line, f.pointer, f.target == "key")
            if why is not None and not self._few_above_slot(audit, f):
                findings[i] = replace(f, severity="low", detail=f.detail + why)
                demoted += 1
        return findings, demoted

    def _few_above_slot(self, audit: ItemAudit, f: Finding) -> bool:
        """Whether the text of ``f`` is held by fewer records than a slot needs to be at chance
        (:data:`MIN_CHANCE_SUPPORT`), and a label word of the finding stands in a slot the dataset finds significantly
        above chance: one text among the many a slot's sentence stands in (its opener and closer drawn apart) falls
        low on a few records by chance alone, while the slot agrees with the label across them all. A text held by
        enough records is judged on its own."""
        kept = self.item_texts.get((audit.item, audit.line))
        entry = self.entries.get((audit.item, audit.line))
        if kept is None or entry is None:
            return False
        texts, answer, _ = kept
        held = self.texts.held(texts.get((f.pointer, "key" if f.target == "key" else "value")), answer)
        if held is None or held[0] >= MIN_CHANCE_SUPPORT:
            return False
        for m in entry.mentions:
            g = self._judged(m)[0] if overlaps(f, m) else None
            if g is not None and g.p <= ALPHA:
                return True
        return False

    def _held_alike(self, item: str, line: int | None, pointer: str | None, key: bool = False) -> str | None:
        """Why the text at ``pointer`` of the item (its key when ``key``) does not tell the label, or None
        (:mod:`.held_texts`): the same text at the same place in :data:`HELD_SUPPORT` records or more, ``k``
        of the ``n`` having this record's label, judged as a slot is (:func:`verdict_of`) against that label's
        share of the dataset. The one test for every finding about a label in a text, whatever found it (a label
        word, an alias, a phrase of position, a slot's agreement): a text held alike is evidence about the
        dataset, not about one record."""
        kept = self.item_texts.get((item, line))
        if kept is None or pointer is None:
            return None
        texts, answer, labels = kept
        held = self.texts.held(texts.get((pointer, "key" if key else "value")), answer)
        if held is None:
            return None
        n, k = held
        g = Group(LEVELS[0], "", n=n, k=k, chance_sum=n * self._held_share(labels, normalize_needle(answer)))
        g.p = g.q = binomial_greater(k, n, min(1.0, g.chance))
        if verdict_of(g, HELD_SUPPORT) != "chance":
            return None
        return (
            f"; across the dataset the same {'key' if key else 'text'} is held by {n} records,"
            f" {k} of them with this record's label (chance {100 * g.chance:.0f} %): it does not tell the label,"
            " for review"
        )

    def _held_share(self, labels: frozenset[str], label: str) -> float:
        """The share of ``label`` among the items of its label set: what a text held with no tie to the label
        holds of it (the exact share, no floor: a text its rare label's records hold three times their share
        rides with it)."""
        counts = self.label_counts.get(labels, {})
        total = sum(counts.values())
        return counts.get(label, 0) / total if total else 0.0

    def _counted(self, entry: _Entry, g: Group, m: Mention) -> bool:
        """Whether ``entry``'s labels in ``g``'s slot are of the kind its set-level figures count (one label, or each
        the value of its own member of a list): the slot's verdict then speaks for this item too. A record holding
        every label of its set there is of that kind though left out of the counts (its answer is among them
        whatever it is): it says less than a counted one, so the slot's chance verdict covers it as well (a
        manifest of other lots that happens to list every grade) — unless ``m`` stands in a member tied to the
        record's own id (:attr:`_Entry.own`: ``HND-4821: Excellent`` beside its lot code ``HND-4821``), the
        record's own row among the others, which the chance of the listing does not cover."""
        mine = [o for o in entry.mentions if g.signature in o.signatures] or [m]
        held = {normalize_needle(o.label) for o in mine}
        labs = held | ({_LISTED} if any(o.listed for o in mine) else set())
        if not _members(labs, [o.pointer for o in mine]):
            return False
        return len(held) == 1 or self._share(entry, held) < 1.0 or m.pointer not in entry.own

    def _one_label_leak(self, g: Group, m: Mention, entry: _Entry, here: Sequence[int]) -> bool:
        """Whether a slot that agrees with the record's label in one label only (``g``, verdict ``agrees``) makes
        mention ``m`` a leak: the per-item audit left it for review there (``here``: its "cannot tell"; a clearance
        on a principle stands), the group holds the pointer (one field's slot, not a phrase across fields), and the
        field is outside the task's input as the owner named it (``derive_from``, :func:`_outside_input`). A
        sentence of the input that
        rides with the label is the task's signal ("the server is down" on urgent tickets); elsewhere (an
        adjuster's note, a history message, a bot's comment) the record's own label word on every record that
        holds the slot is the answer written down. Without ``derive_from`` the input is not known, and one label
        is no evidence of a value: an idiom planted with the record's own label agrees as well."""
        return bool(here) and g.level == LEVELS[0] and (m.pointer, m.span) in entry.outside

    def summary(self) -> dict[str, Any]:
        """Counts for the report's summary (no signature: a signature may hold words of a record).

        Only slots with :data:`MIN_SUPPORT` records or more (or records holding several labels there, found at
        chance: :func:`_sets_verdict`) count as tested; the others give no verdict and
        their mentions are judged by their own item. The description says which case the dataset is in, so a
        reader of a small dataset learns why the evidence changed nothing, and one whose mentions are all listings
        of every label (an instruction naming the options) is not told it lacks records; one where no item mentions
        a label is told only that.
        """
        judged = [g for g in self.groups.values() if g.n >= MIN_SUPPORT or (g.by_sets and g.verdict == "chance")]
        weighed = any(g.n or g.sets_n for g in self.groups.values())
        """Whether any slot holds a record weighed at all: one label, or some labels of its set. A slot where every
        record lists every label of its set (an instruction's options) tells no answer apart, whatever its size."""
        follows = sum(g.verdict == "follows" for g in judged)
        one_label = sum(g.verdict == "agrees" for g in judged)
        chance = sum(g.verdict == "chance" for g in judged)
        return {
            "items": self.items,
            "items_with_mentions": len(self.entries),
            "groups_tested": len(judged),
            "groups_follow_label": follows,
            "groups_agree_one_label": one_label,
            "groups_at_chance": chance,
            "promoted": self.promoted,
            "demoted": self.demoted,
            "glued_cleared": self.cleared,
            "in_input_not_promoted": len(self.in_input),
            "description": (
                f"{len(self.entries)} of {self.items} items mention a label; of {len(judged)} slots with support,"
                f" {follows} follow the record's label, {one_label} agree with it in one label"
                f" and {chance} are at chance{self._in_input_note()}"
                if judged
                else f"{len(self.entries)} of {self.items} items mention a label; no slot has the {MIN_SUPPORT} records"
                " a verdict needs, so every label word is judged by its own item"
                if weighed
                else f"0 of {self.items} items mention a label: nothing to weigh"
                if not self.entries
                else f"{len(self.entries)} of {self.items} items mention a label, each only where it lists every label"
                " of its set (the task's options, say), which tells no answer apart: nothing to weigh, every label"
                " word is judged by its own item"
            ),
        }

    def _in_input_note(self) -> str:
        """What the summary adds when slots following the label lay inside fields ``derive_from`` names."""
        if not self.in_input:
            return ""
        return (
            f"; on {len(self.in_input)} items the label follows the record's label inside a field --derive-from names"
            " (" + ", ".join(self.derive_from) + "), read as the task's input and not counted as a leak: if the task"
            " should not read that field whole, leave it out of --derive-from"
        )

    def follows(self) -> list[Group]:
        """The groups whose label follows the record's label, most supported first."""
        return sorted((g for g in self.groups.values() if g.verdict == "follows"), key=lambda g: (-g.n, g.signature))


def _labels(n: int) -> str:
    """How many labels agree, as a reader says it."""
    return "one label" if n == 1 else f"{n} different labels"


def judge_groups(groups: Iterable[Group]) -> None:
    """Test every group with support (:data:`MIN_SUPPORT`) against its chance rate, correct the p-values for the
    number tested (Benjamini-Hochberg) and set each tested group's ``q`` and verdict."""
    tested = [g for g in groups if g.n >= MIN_SUPPORT]
    for g in tested:
        g.p = binomial_greater(g.k, g.n, min(1.0, g.chance))
    for g, q in zip(tested, adjust_p([g.p for g in tested]), strict=True):
        g.q = q
        g.verdict = verdict_of(g)


def _value_rate(g: Group) -> float:
    """The least agreement of a slot that follows the label: :data:`FOLLOWS_RATE`, and halfway from chance to
    always."""
    return max(FOLLOWS_RATE, (1 + min(1.0, g.chance)) / 2)


def verdict_of(g: Group, min_chance: int = MIN_CHANCE_SUPPORT) -> Verdict:
    """A tested group's verdict (see the module docstring); ``min_chance`` records at least before it can be at
    chance."""
    rate = g.k / g.n
    chance = min(1.0, g.chance)
    if g.q <= ALPHA and rate >= _value_rate(g) and not g.listing:
        return "follows" if len(g.agreeing_labels) >= 2 else "agrees"
    if g.n >= min_chance:
        upper = wilson_interval(g.k, g.n)[1]
        if upper < chance + (1 - chance) / 4:
            return "chance"
        if g.q > ALPHA and upper < chance + (1 - chance) / 2:
            return "chance"  # nothing above chance, and the agreement a value needs is ruled out
    return "unknown"


def _members(labs: set[str], pointers: Sequence[str]) -> bool:
    """Whether a record's labels in a slot (``labs``, at ``pointers``) count in the set-level figures: one label,
    or several each the value of its own member of a list (a history of other events, a list of enabled rules).
    Several labels inside one text — a table's row, a sentence listing them — are left to the item-level
    decision, which reads which of them is this record's (its column of a transposed export): whether the answer
    is somewhere in the text says nothing about the record's own cell."""
    if len(labs) == 1:
        return True
    return _LISTED not in labs and len(set(pointers)) == len(pointers)


def _sets_verdict(g: Group) -> Verdict:
    """The verdict of a group whose records hold several labels in the slot (a history of other events, a list of
    enabled rules), counted by whether the record's answer is among them: ``chance`` when :data:`MIN_CHANCE_SUPPORT`
    records or more show no tie to the label either way — not above chance as :func:`verdict_of` asks, and not below
    it either (a list of the labels other than the answer tells the answer by elimination). It never says a slot
    follows the label: which of several labels is the record's own is the item-level decision's to read."""
    if g.sets_n < MIN_CHANCE_SUPPORT:
        return "unknown"
    chance = min(1.0, g.sets_chance_sum / g.sets_n)
    if binomial_greater(g.sets_n - g.sets_k, g.sets_n, 1.0 - chance) <= ALPHA:
        return "unknown"  # significantly below chance: the labels held here rule the answer out
    upper = wilson_interval(g.sets_k, g.sets_n)[1]
    if upper < chance + (1 - chance) / 4:
        return "chance"
    if binomial_greater(g.sets_k, g.sets_n, chance) > ALPHA and upper < chance + (1 - chance) / 2:
        return "chance"
    return "unknown"


def _outside_input(
    projection: Any, mentions: set[tuple[str, tuple[int, int] | None]], derive_from: Sequence[str]
) -> set[tuple[str, tuple[int, int] | None]]:
    """The ``mentions`` (pointer of a string or scalar of ``projection``, span in it) that lie outside the task's
    input as ``derive_from`` names it: not in a field the structure holds
    (:func:`~windtunnel.leakage.mine.in_derive_from`), nor in the characters a key name locates inside the string
    (:func:`~windtunnel.leakage.input_text.input_spans`: a YAML key, a header, a markup element, a section — the
    reading mining and the ``blind`` agent give it). A mention of the whole string (no span) in a string holding
    the input is not outside it. A string that holds a name the structure does not resolve, nowhere located as a
    key, an element or a section (a sentence naming it), may hold the input anywhere: not outside it (the sanitizer
    reads such an input as unlocated too)."""
    names = names_of(derive_from)
    values = _values(projection)
    unlocated = [
        d.rsplit("/", 1)[-1].casefold() for d in derive_from if not any(in_derive_from(k, [d]) for k in values)
    ]
    out = set()
    for pointer, span in mentions:
        if in_derive_from(pointer, derive_from):
            continue
        value = values.get(pointer)
        text = value if isinstance(value, str) else ""
        spans = input_of(text, names)
        if spans:
            if span is None or any(a < span[1] and span[0] < b for a, b in spans):
                continue
        elif any(name and name in text.casefold() for name in unlocated):
            continue
        out.add((pointer, span))
    return out


def _named_whole(
    projection: Any, mentions: set[tuple[str, tuple[int, int] | None]], derive_from: Sequence[str]
) -> set[tuple[str, tuple[int, int] | None]]:
    """The ``mentions`` (pointer, span) that are the whole value of a field ``derive_from`` names by its own pointer
    (that pointer, or a bare name equal to a top-level key; not a template with ``*``, which names every row of a
    name/value layout at once, an answer row among them): a scalar, or a string the mention's characters fill but
    for white space. A label inside a longer text (a sentence, a JSON or ``key: value`` text held in the string) is
    not."""
    values = _values(projection)
    # A pointer into a list names one position, but the dataset evidence counts the list's positions together (a
    # name/value layout's answer row among them): only a pointer with no position names a field by its own pointer.
    own = {
        d if d.startswith("/") else "/" + escape_pointer_token(d)
        for d in derive_from
        if not any(t.isdigit() for t in d.split("/"))
    }
    out = set()
    for pointer, span in mentions:
        if pointer not in values or pointer not in own:
            continue
        if _whole(values[pointer], span):
            out.add((pointer, span))
    return out


def _sectioned_whole(
    projection: Any, mentions: set[tuple[str, tuple[int, int] | None]], derive_from: Sequence[str]
) -> set[tuple[str, tuple[int, int] | None]]:
    """The ``mentions`` (pointer, span) that are the whole value of a field inside a section or list ``derive_from``
    names with no list position in its pointer (``/auth/dkim``, or a bare name): the field's template
    (``/auth/dkim/*/result``) is then the input at every position, so the dataset's evidence for it, which counts
    the positions together, is all the input's. A pointer naming one position (``/form/rows/2``) does not make the
    other positions input. Whole as in :func:`_named_whole`: a scalar, or a string the mention's characters fill
    but for white space."""
    values = _values(projection)
    sections = _sections(derive_from)
    out = set()
    for pointer, span in mentions:
        if pointer not in values or not in_derive_from(pointer, sections):
            continue
        if _whole(values[pointer], span):
            out.add((pointer, span))
    return out


def _sections(derive_from: Sequence[str]) -> list[str]:
    """The entries of ``derive_from`` with no list position nor template in them (``/auth/dkim``, a bare name): every
    field under one is the input at every position."""
    return [d for d in derive_from if not any(t.isdigit() or t == "*" for t in d.split("/"))]


_IDENTIFIER = re.compile(r"[^\W_]+(?:[_.:-][^\W_]+)+")
"""A value that is one identifier: words joined without blanks (``ooo_start``, ``hk-clean.done``), a name on the field's
own scale (an event type) rather than a text."""
_JOINERS = "_.:-"


def _whole(value: Any, span: tuple[int, int] | None) -> bool:
    """A mention at ``span`` is the whole of ``value``: a scalar, or a string its characters fill but for white
    space, or a word of the one identifier the string holds (:func:`_ident_word`; not a container, nor a label
    inside a longer text)."""
    if isinstance(value, (Mapping, list)):
        return False
    return not isinstance(value, str) or (
        span is not None
        and ((not value[: span[0]].strip() and not value[span[1] :].strip()) or _ident_word(value, span))
    )


def _ident_word(value: Any, span: tuple[int, int] | None) -> bool:
    """A mention at ``span`` is a word of the one identifier the string ``value`` holds (``OOO`` of an event type
    ``ooo_start``: a value of the field's own scale), not the whole string."""
    if not isinstance(value, str) or span is None:
        return False
    a, b = span
    if not value[:a].strip() and not value[b:].strip():
        return False
    core = value.strip()
    lead = len(value) - len(value.lstrip())
    return (
        _IDENTIFIER.fullmatch(core) is not None
        and (a == lead or value[a - 1] in _JOINERS)
        and (b == lead + len(core) or value[b : b + 1] in tuple(_JOINERS))
    )


def _ident_spots(
    projection: Any, spots: set[tuple[str, tuple[int, int] | None]]
) -> set[tuple[str, tuple[int, int] | None]]:
    """Of ``spots`` (pointer, span), those that are a word of the identifier their field holds (:func:`_ident_word`)."""
    if not spots:
        return set()
    values = _values(projection)
    return {(p, span) for p, span in spots if _ident_word(values.get(p), span)}


def _count_value(g: Group, text: str, labels: frozenset[str], answer: str) -> None:
    """Count in ``g`` one record's value ``text`` of a field of the input: one of its labels, agreeing with ``answer``
    or not, or a value of another scale."""
    if text not in labels:
        g.sets_n += 1
        return
    g.n += 1
    g.label_n[text] = g.label_n.get(text, 0) + 1
    if text == answer:
        g.k += 1
        g.label_k[text] = g.label_k.get(text, 0) + 1
    else:
        g.label_wrong[answer] = g.label_wrong.get(answer, 0) + 1


def identifier_label(text: str, labels: frozenset[str]) -> str | None:
    """The one label that is a word of ``text`` when ``text`` (normalised) is one identifier (``ooo_start`` → ``ooo``):
    the value of the field's own scale that names it; None otherwise, or when it names two."""
    if _IDENTIFIER.fullmatch(text) is None:
        return None
    named = {part for part in re.split(r"[_.:-]", text) if part in labels}
    return next(iter(named)) if len(named) == 1 else None


def _values(projection: Any) -> dict[str, Any]:
    """Every value of ``projection`` (containers included) by its pointer."""
    out: dict[str, Any] = {}
    stack: list[tuple[str, Any]] = [("", projection)]
    while stack:
        pointer, node = stack.pop()
        out[pointer] = node
        if isinstance(node, Mapping):
            stack.extend((f"{pointer}/{escape_pointer_token(str(k))}", v) for k, v in node.items())
        elif isinstance(node, list):
            stack.extend((f"{pointer}/{i}", v) for i, v in enumerate(node))
    return out


def _overrides_clearance(g: Group) -> bool:
    """Whether ``g`` is evidence enough to make a leak of a mention the item-level audit cleared (a listing, a
    definition, another record's field: a principle's decision, where a review finding is its "cannot tell"):
    the same field's slot (the pointer in the signature), :data:`STRONG_SUPPORT` items and ``q`` at most
    :data:`STRONG_ALPHA`."""
    return g.level == LEVELS[0] and g.n >= STRONG_SUPPORT and g.q <= STRONG_ALPHA


def _own_strings(projection: Any, mentions: Sequence[Mention], agreeing: Sequence[Mention]) -> set[str]:
    """The pointers of ``agreeing`` mentions alone in their string (no other mention there) whose string holds an
    id the projection shows outside it (:func:`~.resolve.names_own_id`)."""
    alone = Counter(o.pointer for o in mentions)
    wanted = {m.pointer for m in agreeing if alone[m.pointer] == 1}
    if not wanted:
        return set()
    records = Records(projection)
    return {p for p, text in records.located() if p in wanted and names_own_id(records, text)}


_NAME = re.compile(r"[A-Z][a-z'’]+(?:[ -][A-Z][a-z'’]+){0,3}")
"""A name: one to four capitalised words (``Ascot``, ``Haydock Park``, ``Market Rasen``)."""
ENTITY_MIN_NAMES = 3
"""Names a field's records hold, each on two records or more, before the field is one of names."""


def entity_names(rows: Sequence[InputValues], labels: set[str]) -> dict[str, frozenset[str]]:
    """The fields whose values name things, each with its names: a field at least half the records fill with a name
    (:data:`_NAME`, not a label), :data:`ENTITY_MIN_NAMES` names or more each held by two records or more — a course,
    a site, a vessel: what each record is about, and other records are about others."""
    held: dict[str, Counter[str]] = {}
    for values in rows:
        for template, value in values.items():
            if isinstance(value, str) and _NAME.fullmatch(value) and normalize_needle(value) not in labels:
                held.setdefault(template, Counter())[value] += 1
    out: dict[str, frozenset[str]] = {}
    for template, counts in held.items():
        names = frozenset(v for v, n in counts.items() if n >= 2)
        if len(names) >= ENTITY_MIN_NAMES and 2 * sum(counts.values()) >= len(rows):
            out[template] = names
    return out


def _word_in(name: str, text: str) -> bool:
    """Whether ``name`` stands in ``text`` as whole words (no regex per name: one per record thrashed the cache)."""
    at = text.find(name)
    while at >= 0 and name:
        end = at + len(name)
        if not (at and _is_word(text[at - 1])) and not (end < len(text) and _is_word(text[end])):
            return True
        at = text.find(name, at + 1)
    return False


def _is_word(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


_GAP = re.compile(r"\W*(?:[^\W\d_]+\W+)?")
"""What may stand between a name and the label given to it: signs, and at most one word."""
_WORD = re.compile(r"\w+")
_ENTITY_WORDS = 4
"""The most words of a name :meth:`Agreement._about_other_entity` reads beside a label (``Newton Abbot``)."""


def _beside_texts(sentence: str, a: int, b: int, most: int) -> list[str]:
    """The texts of one to ``most`` whole words that stand right before ``sentence[a:b]`` or right after it, at most
    one word apart (:data:`_GAP`): where a name given the label would stand. Each is looked up in a set of names, so a
    mention costs the same however many names the dataset holds (a regex per name and mention grew with both)."""
    left = [w.span() for w in _WORD.finditer(sentence, max(0, a - 200), a)]
    right = [w.span() for w in _WORD.finditer(sentence, b, min(len(sentence), b + 200))]
    out: list[str] = []
    for skip in (0, 1):  # the word the name ends with: the last before the label, or the one before it
        if len(left) > skip and _GAP.fullmatch(sentence, left[-1 - skip][1], a):
            end = left[-1 - skip][1]
            for n in range(1, most + 1):
                if len(left) < skip + n:
                    break
                out.append(sentence[left[-skip - n][0] : end])
        if len(right) > skip and _GAP.fullmatch(sentence, b, right[skip][0]):
            start = right[skip][0]
            for n in range(1, most + 1):
                if len(right) < skip + n:
                    break
                out.append(sentence[start : right[skip + n - 1][1]])
    return out


def _sentences(
    projection: Any, agreeing: Sequence[Mention]
) -> dict[tuple[str, tuple[int, int] | None], tuple[str, int, int]]:
    """Per agreeing mention in a string of prose, its sentence (:func:`~.records.prose_sentence`) and place there."""
    out: dict[tuple[str, tuple[int, int] | None], tuple[str, int, int]] = {}
    for m in agreeing:
        if m.span is None or not m.pointer:
            continue
        value = node_at(projection, parse_pointer(m.pointer))
        if not isinstance(value, str) or m.span[1] > len(value):
            continue
        found = prose_sentence(value, *m.span)
        if found is not None:
            start, sentence = found
            out[(m.pointer, m.span)] = (sentence, m.span[0] - start, m.span[1] - start)
    return out


def _column(m: Mention) -> tuple[str, str]:
    """The place of a mention's cell: its pointer template and its near context (the separators around the cell)."""
    return general_pointer(m.pointer), _near(m)


def _near(m: Mention) -> str:
    """The near context of mention ``m`` without its pointer (the coarsest signature: the pointer, then it)."""
    sig = m.signatures[-1]
    pointer = general_pointer(m.pointer)
    return sig[len(pointer) + 1 :] if sig.startswith(pointer + " ") else sig


def _own_cell_mentions(projection: Any, mentions: Sequence[Mention]) -> list[Mention]:
    """The ``mentions`` inside a cell of this record's own row of a table of many (:func:`_own_cells`)."""
    cells = _own_cells(projection, mentions)
    return [m for m in mentions if (m.pointer, m.span) in cells]


def _own_cells(projection: Any, agreeing: Sequence[Mention]) -> set[tuple[str, tuple[int, int] | None]]:
    """The ``agreeing`` mentions (pointer, span) that lie inside a cell of this record's own row of a table of many
    held in a string (:meth:`~.resolve.Records.own_spans`: the row tied by an id shown outside the table)."""
    spotted = {m.pointer for m in agreeing if m.span is not None}
    if not spotted:
        return set()
    records = Records(projection)
    texts = {p: text for p, text in records.located() if p in spotted and holds_records(text)}
    out: set[tuple[str, tuple[int, int] | None]] = set()
    for m in agreeing:
        text = texts.get(m.pointer)
        if text is None or m.span is None:
            continue
        if any(a <= m.span[0] and m.span[1] <= b for (a, b), _at in records.own_spans(text)):
            out.add((m.pointer, m.span))
    return out


def _lists(entry: _Entry, g: Group, m: Mention) -> bool:
    """Whether ``entry`` lists labels in ``g``'s slot: ``m`` stands beside another label, or the item has two
    different labels with that signature."""
    return m.listed or len({normalize_needle(o.label) for o in entry.mentions if g.signature in o.signatures}) > 1


def _promoted(g: Group) -> str:
    """The detail of a finding the evidence makes."""
    return f"{g.describe()}: the place holds the label as a value (evidence from the dataset)"


def agreement_of(items: Iterable[LeakItem], *, decode: bool = True, derive_from: Sequence[str] = ()) -> Agreement:
    """Read ``items`` and decide: the :class:`Agreement` to adjust their audits with (``derive_from`` as in
    :func:`~windtunnel.leakage.mine.mine`: fields that are a record's content, linking its items)."""
    agreement = Agreement(decode=decode, derive_from=tuple(derive_from))
    for it in items:
        agreement.add(it)
    agreement.decide()
    return agreement


_GRADED = (
    "; across the dataset this field's values only make a label likelier (pure at the extremes, mixed in the "
    "middle; or leaning to a label yet often holding another): another measurement or a prior state of the "
    "subject, input-side evidence, for review"
)
_SHORT = "short of the agreement a value has (the input's own signal, not the answer written down), for review"
_INPUT_KEY = "; the key is the name of a field --derive-from names: the task's input, for review"
_INPUT_SELECTOR = (
    "; the selector is itself a field --derive-from names: reading the task's input through the record's mapping"
    " is the derivation the task asks for, for review"
)
SELECTION = "direct.selection"
"""The rule of a selector read through a mapping (:mod:`.selection`)."""


def _anywhere(_pointer: str, _derive_from: Sequence[str]) -> bool:
    """Every field (:func:`~.input_explained.input_values` reads them all)."""
    return True


def names_input(pointer: str | None, derive_from: Sequence[str]) -> bool:
    """The member at ``pointer`` is itself a field ``derive_from`` names (its pointer, a template with ``*``, or a
    bare key name equal to a top-level key): its key is the name the owner gave the task's input, not a value of the
    record. Whether the field is there is the input's own fact (a specimen submitted, a section filled in), as what it
    holds is; a key deeper inside the field is still read as any key is. A bare name says no place, so it names only
    the record's own top-level member: the same key elsewhere (``/office_action/specimen`` beside an input
    ``specimen``) is a value of the record, as without the owner's word (review 30r)."""
    if not pointer or not derive_from:
        return False
    general = "/".join("*" if t.isdigit() else t for t in pointer.split("/"))
    return any(
        d in (pointer, general) if d.startswith("/") else "/" + escape_pointer_token(d) == pointer for d in derive_from
    )


def adjusted(audits: Iterable[ItemAudit], agreement: Agreement) -> list[ItemAudit]:
    """``audits`` adjusted by ``agreement`` (see :meth:`Agreement.adjust`)."""
    return [agreement.adjust(a) for a in audits]


__all__ = ["Agreement", "Group", "adjusted", "agreement_of", "names_input", "verdict_of"]
