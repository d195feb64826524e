"""Mining a labelled dataset for what predicts the label: evidence that no rule names.

A value rides with the answer when the items holding it almost always share one label: ``sla: P1``
next to every ``High`` ticket, a ``★`` badge, a code ``H7`` in the title, a translated label, an icon
``high.svg``. Nobody has to list it: over the whole dataset the miner counts, for every *candidate* —
a (pointer, value) pair, a token, a word n-gram (2-3 words) of what the model reads — how many items
hold it and which labels they carry, and keeps those that are

* supported: at least ``min_support`` records hold it (items holding the same prose with the same label — one
  ticket rendered five ways, one record asked several questions — are one record: the test assumes independent
  draws, and a record's own key repeated with its renderings rides with nothing);
* pure: at least ``min_purity`` of them share one label (far above that label's share of the data);
* significant: a one-sided Fisher exact test of "holding it" against "having that label", multiplied
  by the number of labels (any label may be the one), and corrected for the number of candidates
  tested (Benjamini-Hochberg by default, Bonferroni on request). Candidates below the support floor
  are not tested (their total count says nothing about the label, so leaving them out keeps the
  correction valid); candidates held by exactly the same items are one test.

What the task should be derived from is not mined: prose (a string of more than ``PROSE_WORDS``
words) and the fields named in ``derive_from``. The words of the content predict the label
legitimately; a value beside them that does so is a shortcut. Once ``derive_from`` names the content, prose
outside it is mined as written (:func:`_prose_candidates`). Runs of a field's numbers held by one label are
candidates too (:mod:`.ranges`, tested with the number of intervals as the selection).

Candidates are read in the scan's canonical views (:mod:`windtunnel.leakage.views`), not only as written:
a code inside base64, percent-encoding, character references, escapes or an identifier (``PRIO_HIGH_7``,
``routeQ7``) is the same token as the code written plainly, and JSON held in a string is walked as
structure. A rider hidden by an encoding is still read by the model; mined as written only, it would ride
unseen. Each candidate keeps where the model reads it (the string's pointer, the span of the original
characters through the view's offset map, the pointer inside embedded JSON), so a mined finding points at
those characters and the sanitizer removes them. Prose is not decoded (its candidates are not mined), so
the views cost nothing on the content; on the rest they are the scan's bounded pipeline, linear per string. Prose
outside a named input is mined, and read as its reader reads it (:func:`prose_read`).

Suggestions are evidence for review: ``leak mine -o map.json`` writes them as a correlated map for
``--correlated-map``; ``leak scan --mine`` reports them on the items that hold them
(:func:`mined_findings`).

Why a test and not a threshold on purity alone: over thousands of candidates, some value will be
held by five items of one label by chance (a requester's name, a timestamp's minute). Fisher's exact
test is exact at the small counts where that happens (no normal approximation), and the correction
for the number of candidates tested keeps the expected share of chance suggestions at ``alpha``
(Benjamini-Hochberg) or the chance of any at ``alpha`` (Bonferroni). Purity and support are floors on
top, so a significant but weak association (a value 70 % of whose items are ``High``) is not offered
as a correlated value, which would then count as a leak on every item holding it.

The pass is a single stream over the items with bounded memory (``max_candidates``); the counts and
the candidate set of each item are all that is kept, never the items themselves. The miner does not
look at the scan's findings: it finds what rides with a label whether or not a rule names it, and
values equal to a label are left to the scan.
"""

from __future__ import annotations

import heapq
import itertools
import re
import zlib
from array import array
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence, Set
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from functools import lru_cache, partial
from typing import Any, Literal

from windtunnel._util.stats import adjust_p, fisher_greater, pure_groups_chance
from windtunnel._util.words import count
from windtunnel.leakage.aliases import clips_label, identifier_spellings
from windtunnel.leakage.candidates import (
    _AS_WRITTEN,
    _CHECKLIST,
    _FLAG_VALUES,
    _MASK,
    _MAX_NGRAM,
    _MAX_VALUE_LEN,
    _NAMING_RECORDS,
    _NUMBER,
    _SLOT,
    _VARIETY_CAP,
    INPUT_PRESENCE,
    INPUT_TEXT,
    INPUT_VARIETY,
    PROSE_VIEW,
    PROSE_WORDS,
    Where,
    _fold,
    _leaves,
    _spread,
    _string_candidates,
    _tokens,
    _with_texts,
    _word,
    candidates,
    layout,
    moment,
    pair_texts,
    text_like,
)
from windtunnel.leakage.codebook import FRAME_TOKENS, MIN_VALUE, code_book, same_holders, slot_frames, value_parts
from windtunnel.leakage.field_lines import Names, line_names, line_shapes, own_line, segment_value
from windtunnel.leakage.flag_marks import flag_key, flagged
from windtunnel.leakage.glyph_runs import run_families, run_glyph
from windtunnel.leakage.graded import IN_OWN_WORDS, GradedViews, graded_fields, graded_tops, graded_views, told_of
from windtunnel.leakage.input_explained import (
    WORD_KINDS,
    InputValues,
    InputWords,
    MemberValues,
    explained_by,
    explained_by_a_word,
    explained_by_words,
    fixed_by_input,
    fixed_numbers,
    input_counts,
    input_numbers,
    input_values,
    input_words,
    picked_by_values,
    value_groups,
    word_labels,
    words_at,
)
from windtunnel.leakage.input_text import mask_input, masked_input, names_of
from windtunnel.leakage.label_edges import scattered
from windtunnel.leakage.label_lines import line_tests, line_text, numbers_once
from windtunnel.leakage.model import Finding, LeakItem
from windtunnel.leakage.pointers import general_pointer as _general
from windtunnel.leakage.pointers import in_derive_from
from windtunnel.leakage.prose_text import prose_text
from windtunnel.leakage.ranges import date_gaps, day_of, number_of, pure_runs, run_text, scale_of, separated
from windtunnel.leakage.records import ID_SHAPE, RECORD_ID
from windtunnel.leakage.relations import (
    BOTH,
    DAYS,
    LINE,
    MONTHS,
    ORDER,
    RATIO,
    ZEROS,
    Derived,
    derived,
    describe,
    leaves,
    shown,
)
from windtunnel.leakage.relations import restating as restating_fields
from windtunnel.leakage.score_tops import TOP_PREFIX, ranked_by_input
from windtunnel.leakage.task_named import TaskText, clause_named, code_books, named
from windtunnel.leakage.templates import PLACEHOLDER, splitting
from windtunnel.leakage.text import normalize_needle
from windtunnel.leakage.text_pairs import PairCounts, PairRider, name_key, pairs_in, riders
from windtunnel.leakage.unlisted_input import Restated

Kind = Literal["value", "url-segment", "token", "ngram", "range", "field", "key"]
Correction = Literal["bh", "bonferroni"]

_KIND_RANK = {"value": 0, "url-segment": 1, "token": 2, "ngram": 3, "range": 4, "field": 5, "key": 6}
PLACEHOLDER_RE = re.escape(PLACEHOLDER)


@dataclass
class Suggestion:
    """A candidate whose items mostly share one label, with the test behind it.

    ``label`` is in clear: a suggestion is evidence for a person to review (and the map ``leak mine -o``
    writes), not a report line. ``purity`` is the share of the ``support`` items that carry ``label``.
    """

    pointer: str
    """Pointer template (list indices as ``*``); empty for a token or n-gram (anywhere)."""
    value: str
    label: str
    purity: float
    support: int
    base_rate: float
    """Share of the label in the whole dataset: purity far above it is what makes the value telling."""
    kind: str
    """``value`` (a whole value), ``url-segment`` (``priority/3`` in a URL), ``token``, ``ngram``, or ``range`` (the
    numbers ``lo..hi`` of one field, held only by this label: :mod:`.ranges`)."""
    p_value: float = 1.0
    """One-sided Fisher exact p, times the number of labels."""
    q_value: float = 1.0
    """``p_value`` corrected for the number of candidates tested."""
    also: list[str] = field(default_factory=list)
    """Other candidates held by exactly the same items (one test): ``Q2`` in a title beside a ``★``."""
    relation: str = ""
    """For a value derived from two fields of the record (:mod:`.relations`): which relation, without its value
    (``the ratio of /duty to /value``); the suggestion points at one of the two fields."""
    relation_fields: tuple[str, ...] = ()
    """With :attr:`relation`: the templates of its two fields, as data (a key may hold a blank: ``/Last Inspected``,
    which the relation's words do not delimit)."""
    narrows: tuple[str, ...] = ()
    """For a candidate that rules labels out without stating one (:func:`narrowed`): the labels its records carry,
    :attr:`label` among them (one suggestion per label, each found for its own records); ``purity`` and
    ``base_rate`` are those of the set."""

    def to_dict(self) -> dict[str, Any]:
        """Every field, as ``leak mine`` writes a suggestion (in clear: the scan report keeps only counts)."""
        return asdict(self)


@dataclass(frozen=True)
class Explained:
    """A rider the task's input already tells (:func:`~windtunnel.leakage.input_explained.explained_by`)."""

    suggestion: Suggestion
    input: str
    """The input field (template) whose values tell the same."""


@dataclass
class MineResult:
    """What was mined and how: the counts a reader needs to trust (or doubt) the suggestions.

    ``tested`` against ``candidates`` says how hard the correction worked; no suggestions with many
    candidates tested is a result (nothing rides with a label), not a failure.
    """

    items: int
    labels: dict[str, int]
    candidates: int
    """Distinct candidates seen (a relation's derived values among them, :mod:`.relations`)."""
    tested: int
    """Candidates tested: supported, not a label, one per set of items."""
    alpha: float
    correction: str
    min_support: int
    min_purity: float
    suggestions: list[Suggestion] = field(default_factory=list)
    derive_from: list[str] = field(default_factory=list)
    members: dict[tuple[str, str, str], list[tuple[str, str, str]]] = field(default_factory=dict, repr=False)
    """Per suggestion ``(kind, pointer, value)``: every candidate held by the same items."""
    owned: set[tuple[str, str, str]] = field(default_factory=set, repr=False)
    """The suggestions whose members no record of their label outside the suggestion's records holds (a relation's:
    :func:`_own_members`): a member several labels' such suggestions share is found for each record's own
    label (:func:`_owners`)."""
    records: int = 0
    """Distinct records the test counted (items holding the same prose with the same label are one record);
    ``labels``, supports and purities count records."""
    inputs: list[str] = field(default_factory=list)
    """Without ``derive_from``: the field templates read as the task's own input (:meth:`_Places.inputs`), where a
    mined word is the task's signal as much as a shortcut, so :func:`mined_findings` gives it for review."""
    evidence: list[str] = field(default_factory=list)
    """Without ``derive_from``: those of :attr:`inputs` read as the input by what their values say of the labels
    (:func:`tells_every_record`: a diagnosis, a code snippet, a billed usage type), whatever their shape; every mined
    value there is for review (:func:`mined_findings`), not only words."""
    pairs: list[PairRider] = field(default_factory=list)
    """Values of names inside the texts mining does not read as values (the named input; prose without
    ``derive_from``) that ride with a label under a much stronger requirement (:mod:`.text_pairs`)."""
    pairs_tested: int = 0
    """Values of such names tested (their own correction)."""
    reviewed: set[tuple[str, str, str]] = field(default_factory=set, repr=False)
    """The suggestions ``(kind, pointer, value)`` whose findings on the dataset are all for review
    (:func:`mark_reviewed`, which ``leak mine`` runs): read as the task's input as ``scan --mine`` reads them."""
    leaking: set[tuple[str, str, str]] | None = field(default=None, repr=False)
    """The suggestions and their members ``(kind, pointer, value)`` some finding of which on the dataset is a leak, as
    ``scan --mine`` reports it (:func:`mark_reviewed`); None until marked. A marked suggestion is read as the input
    exactly when it is not here: the table's ``(input)`` and the map ``leak mine -o`` writes follow the scan."""
    told: set[tuple[str, str, str]] = field(default_factory=set, repr=False)
    """Without ``derive_from``: the suggestions ``(kind, pointer, value)`` made of the words of the fields read as the
    task's input on every record holding them, which those words tell (:func:`explained_by_words`): held outside the
    input (a slug built from the headline) they are the input's signal, for review (:func:`mined_findings`)."""
    field_lines: dict[str, set[Names]] = field(default_factory=dict, repr=False)
    """With ``derive_from``: per field template outside it, the names of the lines of short fields its prose holds
    (:mod:`.field_lines`) that ``CANNED_RECORDS`` records or more carry alike: a segment's last word there is a
    value."""
    layout_lines: dict[str, set[str]] = field(default_factory=dict, repr=False)
    """With ``derive_from``: per field template outside it, the shapes of the short lines of its texts
    (:func:`~.field_lines.line_shapes`) that ``CANNED_RECORDS`` records or more carry: a mined word filling a line
    next to one is a value of a shared layout (:func:`~.field_lines.own_line`)."""
    canned: set[tuple[str, str]] = field(default_factory=set, repr=False)
    """With ``derive_from``: the texts of prose outside it that records of one label carry word for word, numbers aside
    (:func:`canned_text`), as ``(field template, folded text)``: ``CANNED_RECORDS`` records or more, ``min_purity`` of
    them of one label; or but for a few slots (:func:`_slotted`: a reply filled in with a name and a unit's code),
    each text of such a group. A mined word of such a text is a leak, not an author's words for review
    (:data:`CANNED_LEAK`)."""
    sorted_blocks: set[tuple[str, str, str]] = field(default_factory=set, repr=False)
    """The ranges found as one block of a field (or of a code's word) whose numbers, sorted, fall into one block per
    label (:func:`~windtunnel.leakage.ranges.separated`, asked with ``--derive-from`` or on a field's own evidence): a
    number on the label's own scale. Found in prose outside the named input, such a block is a leak as a code there is,
    not an author's words for review (:func:`mined_findings`)."""
    explained: list[Explained] = field(default_factory=list)
    """With ``derive_from``: riders that passed the test but that the task's input already tells (their records sit in
    one place of an input field that says the label there: :mod:`.input_explained`), so not suggested."""
    unlisted: dict[str, float] = field(default_factory=dict)
    """With ``derive_from``: the fields outside it that restate it (:mod:`.unlisted_input`: an unlisted input), each
    with the share of its records whose words are the input's, where something was mined."""
    restating: list[Suggestion] = field(default_factory=list)
    """With ``derive_from``: what mining found in the :attr:`unlisted` inputs (tested apart from the riders): it
    predicts the label as the input does, so :func:`mined_findings` gives it for review, and the sanitizer keeps it."""
    task_words: frozenset[str] = field(default_factory=frozenset, repr=False)
    """Without ``derive_from``: the words of the task's own text (:mod:`.task_named`): a field it names is read as the
    input, where :func:`mined_findings` gives what rides for review."""
    task_clauses: dict[str, frozenset[str]] = field(default_factory=dict, repr=False)
    """Without ``derive_from``: per label, the words the task's own text writes in that label's clauses
    (:meth:`.task_named.TaskText.clauses`): a field named there is what the rule decides the label from."""
    floored: list[str] = field(default_factory=list)
    """Without ``derive_from``: the mined fields (code books) whose rarer values the support floor holds back (a
    label's values on fewer records than ``min_support``), which ``--derive-from`` tests on the book's own evidence."""
    graded: list[str] = field(default_factory=list)
    """The fields of the suggestions whose values only make a label likelier (:mod:`.graded`: pure at the extremes of a
    range and mixed in the middle, or leaning to a label yet often holding another): an input-side correlate, another
    measurement or a prior state of the subject, whose mined values :func:`mined_findings` gives for review. A template
    mined there (a text with the record's own words masked, :mod:`.templates`) is judged in its own view instead
    (:attr:`views`)."""
    views: GradedViews = field(default_factory=GradedViews)
    """Principle 7's verdict per mined value (:class:`~.graded.GradedViews`, :func:`graded_at`): graded where its field
    is (:attr:`graded`) and, where it was mined in another view (a template, a word of a text surviving the masking),
    graded in that view too. A value is judged in the view it was mined in."""
    prose: list[str] = field(default_factory=list)
    """Without ``derive_from``: the templates of the prose the items hold (strings of more than ``PROSE_WORDS``
    words, seen in the first ``_PROSE_SAMPLE`` items) at fields most items hold (:meth:`_Places.prose_inputs`), not
    mined: it may be the task's input (prose fewer items hold gives its whole texts and codes). A rider written there (a
    routing tag in a system prompt, an agent's closing statement) is found once ``--derive-from`` names the input."""

    def read_as_input(self, s: Suggestion) -> bool:
        """Whether the suggestion is read as the task's input, as a scan's mined findings read it (for review, not a
        leak): at a field of :attr:`inputs`, or made of their words (:attr:`told`). Never with ``derive_from`` (its
        fields are not mined; what rides outside them is a rider)."""
        key = (s.kind, s.pointer, s.value)
        if self.leaking is not None and key in self.leaking:  # some finding of it is a leak (:func:`mark_reviewed`)
            return False
        if key in self.reviewed:  # every finding of it is for review (:func:`mark_reviewed`)
            return True
        if self.derive_from:
            return False
        return key in self.told or (bool(s.pointer) and s.pointer in self.inputs)

    def to_dict(self) -> dict[str, Any]:
        """The result as ``leak mine`` prints it: every count and suggestion (``input``: :meth:`read_as_input`),
        without ``members`` (an internal index for :func:`mined_findings`)."""
        skip = (
            "members",
            "views",
            "owned",
            "told",
            "reviewed",
            "leaking",
            "task_words",
            "task_clauses",
            "canned",
            "field_lines",
            "layout_lines",
            "sorted_blocks",
        )
        out = {k: v for k, v in asdict(self).items() if k not in skip}
        out["suggestions"] = [{**s.to_dict(), "input": self.read_as_input(s)} for s in self.suggestions]
        out["pairs"] = [p.to_dict() for p in self.pairs]
        out["explained"] = [{**e.suggestion.to_dict(), "input": e.input} for e in self.explained]
        out["restating"] = [s.to_dict() for s in self.restating]
        return out

    def content_hint(self) -> str | None:
        """What to do when a mined whole value reads like the task's content (a sentence of three words or more, a
        short customer message that many items repeat): the words of the content predict the label legitimately,
        and only the user can say which field the task is derived from. ``None`` when no mined value reads so.
        Names pointers only (no value: a sentence may hold the answer). A place whose list the user already named
        members of (``--derive-from /messages/1/content`` under ``/messages/*/content``) gets none: its other members
        are outside the input by the user's word, and the template would hide them (a system prompt's tag, an
        agent's closing statement)."""
        places = sorted(
            {s.pointer for s in self.suggestions if s.kind == "value" and s.pointer and _sentence(s.value)}
            - set(self.derive_from)
            - {_general(d) for d in self.derive_from if d.startswith("/")}
            - set(self.inputs)  # read as the task's input already: its words are for review, and never cut
        )
        if not places:
            return None
        flag = " ".join(f"--derive-from '{p}'" for p in places)
        return (
            f"mined whole sentences at {', '.join(places)}: if the task is read from there (the user's message, the "
            f"document to classify), that is content, not a rider; say so with {flag} (every leak command takes it), "
            "or sanitize would blank it"
        )

    def describe(self, found_on: int | None = None) -> str:
        """One line: how many items and candidates the test had, and what it found.

        Printed by ``leak mine`` and stored in the scan summary, so a reader sees the test's size and
        settings beside its result (a value, a label or a count of a label never appears in it). ``found_on``: how many
        items the scan found a mined value on, said beside the mined count it belongs to (after the notes that end the
        line it read as the count of the values they name).
        """
        fix = {"bh": "Benjamini-Hochberg", "bonferroni": "Bonferroni"}.get(self.correction, self.correction)
        records = (
            f"{_count(self.records, 'record')}: items of one label sharing a text of over {PROSE_WORDS} words or a "
            "--derive-from value are one, unless it is a template or their inputs differ, "
            if 0 < self.records < self.items
            else ""
        )
        found = f", found on {found_on} of them" if found_on is not None else ""
        return (
            f"{len(self.suggestions) + len(self.pairs)} mined from {_count(self.items, 'item')}"
            f" ({records}{_count(len(self.labels), 'label')}){found}: "
            f"{_count(self.tested, 'candidate')} tested of {self.candidates} seen (support >= {self.min_support}), "
            f"one-sided Fisher exact, {fix} at {self.alpha}, purity >= {self.min_purity}"
            + self._pairs_described()
            + (
                f"; {_count(len(self.explained), 'rider')} the task's input already tells, not suggested "
                f"({', '.join(sorted({e.suggestion.pointer or '(anywhere)' for e in self.explained}))})"
                if self.explained
                else ""
            )
            + self._unlisted_described()
            + self._prose_described()
            + (
                f"; rarer values of {', '.join(self.floored)} held back by the support floor: pass --derive-from "
                "naming the task's input to test them on the field's own evidence"
                if self.floored
                else ""
            )
        )

    def _unlisted_described(self) -> str:
        """The unlisted inputs: what was mined there is not suggested, and what the owner should do about it."""
        if not self.unlisted:
            return ""
        fields = ", ".join(f"{t} ({share:.0%} of its records)" for t, share in self.unlisted.items())
        return (
            f"; {_count(len(self.restating), 'candidate')} in fields outside --derive-from that restate the input "
            f"(their words are the input's on the same record: {fields}), predicting the label as the input does: "
            "name them in --derive-from or remove them"
        )

    def _prose_described(self) -> str:
        """The prose left unread without ``--derive-from``, by place: a reader of "0 mined" must know that a text of
        more than six words was not searched, and how to have it searched."""
        if not self.prose or self.derive_from:
            return ""
        shown = ", ".join(p or "/" for p in self.prose[:_PROSE_SHOWN])
        more = f" and {len(self.prose) - _PROSE_SHOWN} more" if len(self.prose) > _PROSE_SHOWN else ""
        return (
            f"; prose not mined (it may be the task's input): {shown}{more}; --derive-from naming the input mines "
            "the prose outside it"
        )

    def _pairs_described(self) -> str:
        """The pairs inside texts, when any was tested: how many ride with a label (and how many for review), counted
        in the line's leading number too (a table of three pair rows under "0 mined" read as a contradiction)."""
        if not self.pairs_tested:
            return ""
        review = sum(p.review for p in self.pairs)
        also = f", {review} for review" if review else ""
        found = f"{len(self.pairs)} of them pair values" if self.pairs else "no pair value"
        return f"; {found} inside texts ({self.pairs_tested} tested{also})"


# ---------------------------------------------------------------- candidates


_SENTENCE_WORDS = 3


def _sentence(value: str) -> bool:
    """``value`` reads as a sentence: three words of letters or more (``The mug came in pieces.``), not a code or a
    status (``Q-FIN-2``, ``In Progress``)."""
    return sum(any(c.isalpha() for c in w) for w in value.split()) >= _SENTENCE_WORDS


_count = lru_cache(maxsize=4096)(count)
"""``n`` and ``noun``, plural unless ``n`` is one (``1 label``, ``4 labels``), cached: mining's notes repeat them."""


def _outside(derive_from: Sequence[str], pointer: str) -> bool:
    """``pointer`` is outside the fields named in ``derive_from``."""
    return not in_derive_from(pointer, derive_from)


def _not_input(pointer: str, derive_from: Sequence[str]) -> bool:
    """``pointer`` is outside the fields named in ``derive_from`` (:func:`_outside`, in the order
    :func:`~windtunnel.leakage.input_explained.input_values` asks)."""
    return not in_derive_from(pointer, derive_from)


def _both_input(derive_from: Sequence[str], a: str, b: str) -> bool:
    """Both fields (templates) are in the ``derive_from`` fields: their relation is the task's own measurement."""
    return in_derive_from(a, derive_from) and in_derive_from(b, derive_from)


def _adjust_apart(ps: Sequence[float], family: Sequence[int], correction: Correction) -> list[float]:
    """``ps`` corrected in families, each test in the one ``family`` names: 0 the riders, 1 an unlisted input's
    candidates, 2 the sets of a list's members, 3 the values read with their object's flag, 4 the candidates that
    rule labels out (:func:`narrowed`)."""
    out = [1.0] * len(ps)
    for side in sorted(set(family)):
        at = [i for i, a in enumerate(family) if a == side]
        for i, q in zip(at, adjust_p([ps[i] for i in at], correction), strict=True):
            out[i] = q
    return out


def input_located(item: LeakItem, derive_from: Sequence[str]) -> bool:
    """Whether some ``derive_from`` field resolves to a place of ``item`` (a pointer at or under it, or a key name's
    place inside a text: :mod:`~windtunnel.leakage.input_text`): only then is prose elsewhere known not to be the
    task's input."""
    if mask_input(item.projection, derive_from) is not item.projection:
        return True
    return any(in_derive_from(pointer, derive_from) for pointer, _value, _cut in _leaves(item.projection, ""))


def _named_in_text(entry: str, pointer: str, value: Any) -> bool:
    """Whether ``entry`` names a place inside the string ``value`` at ``pointer`` rather than a field the structure
    holds: a key of YAML in a string, a section of a raw log, a header of a raw mail. A bare name is matched when the
    string holds it (case-folded); a pointer when the string sits at its parent and holds its last token. Looser
    than where the input is read (:func:`.input_text.input_of`): a name held only in a sentence is no typo, it leaves
    the input unlocated (the sanitizer then cuts no prose and says so); a typo is in no string either."""
    if not isinstance(value, str):
        return False
    head, _, name = entry.rpartition("/")
    if not name:
        return False
    if entry.startswith("/") and not (head and in_derive_from(pointer, (head,))):
        return False
    return name.replace("~1", "/").replace("~0", "~").casefold() in value.casefold()


MAX_PLACES_SEEN = 5000
""":func:`unmatched_derive_from` remembers at most this many places to suggest from (a dataset of ever-new keys)."""


def unmatched_derive_from(projections: Iterable[Any], derive_from: Sequence[str]) -> tuple[list[str], list[str]]:
    """The ``derive_from`` entries that no value of any projection is at or under (as :func:`in_derive_from` reads
    them), and the places seen to suggest from: pointer templates and their parents for an entry written as a
    pointer, key names for a bare name. Reading stops as soon as every entry has matched, so a correct list costs
    one item; an entry that matches nothing is a typo (``/message/*/text``), which would otherwise leave the content
    mined, sanitized and read by ``--simulate blind`` without a word."""
    left = list(dict.fromkeys(derive_from))
    seen: dict[str, None] = {}
    for projection in projections if left else ():
        for pointer, value, _cut in _leaves(projection, "", empty=True):  # a key holding null is a field too
            left = [d for d in left if not in_derive_from(pointer, (d,)) and not _named_in_text(d, pointer, value)]
            if len(seen) < MAX_PLACES_SEEN:
                parts = _general(pointer).split("/")
                for i in range(2, len(parts) + 1):
                    seen.setdefault("/".join(parts[:i]))
                seen.update(dict.fromkeys(p.replace("~1", "/").replace("~0", "~") for p in parts[1:] if p != "*"))
        if not left:
            break
    return left, list(seen)


COVERED_SUPPORT = 5
"""Items that must hold a field outside ``--derive-from`` before :func:`derive_from_covers_all` counts it: mining's
default support floor, below which mining tests nothing there either (review 28a: one stray ``"note": null`` anywhere
in the file silenced the alert)."""


def derive_from_covers_all(projections: Iterable[Any], derive_from: Sequence[str]) -> list[str] | None:
    """``None`` when some field outside ``derive_from`` is held by :data:`COVERED_SUPPORT` items (or by every item of a
    smaller file); the file is read until one is met, so every item only when the input covers them all, where the alert
    is worth the read (review 27q: reading the first 200 items missed a field first held by item 231). Else (the named
    input covers every field the items hold, ``--derive-from ticket`` naming the container of all) the prose fields
    seen (pointer templates of strings of more than :data:`PROSE_WORDS` words), the narrower input to name. Nothing is
    then left outside the task's input for mining, the blind baseline or the sanitizer's mined cuts. An item that is an
    empty object holds no field."""
    if not derive_from:
        return None
    prose: dict[str, None] = {}
    outside: dict[str, int] = {}
    read = 0
    for projection in projections:
        held: set[str] = set()
        for pointer, value, cut in _leaves(projection, "", empty=True):
            field = pointer if cut is None else pointer[:cut]
            if not in_derive_from(field, derive_from):
                if field or value is not None:  # not the root of an empty item
                    held.add(_general(field))
                continue
            if isinstance(value, str) and len(value.split()) > PROSE_WORDS:
                prose.setdefault(_general(field))
        for field in held:
            outside[field] = outside.get(field, 0) + 1
            if outside[field] >= COVERED_SUPPORT:
                return None
        read += 1
    if not read or any(n >= read for n in outside.values()):
        return None
    return list(prose)


class _Places:
    """What each field (pointer template) holds across the items, to tell the task's input from a leak when the
    owner has not named the input (:meth:`inputs`). Bounded: per field a count of holders, of text values and, per
    label, up to ``_VARIETY_CAP`` hashes of its different texts (whole numbers folded: ``desk 2`` is ``desk 3``; a
    list as the set of its members)."""

    def __init__(self) -> None:
        """Empty counts."""
        self.holders: Counter[str] = Counter()
        self.text: Counter[str] = Counter()
        self.prose: Counter[str] = Counter()
        self.coded: Counter[str] = Counter()
        self.codes: dict[str, _Codes] = {}
        self.values: dict[str, dict[str, Counter[str]]] = {}
        self.held: dict[str, dict[str, set[int]]] = {}
        self.label_items: dict[str, Counter[str]] = {}
        self.members: dict[str, Counter[int]] = {}
        self.lists: set[str] = set()
        self.said: dict[str, dict[int, Counter[str]]] = {}
        self.unsaid: set[str] = set()
        self.flags: dict[str, set[str]] = {}
        self._pending: tuple[str, dict[str, set[str]], dict[str, set[str]]] | None = None

    def item(self, label: str, prints: list[tuple[str, int]] | None = None) -> Callable[[str, str], None]:
        """The visitor of one item of ``label`` (:func:`candidates` calls it with every scalar's template and text):
        each field is counted once per item, by its first non-blank value, and its variety by all its values
        (:meth:`done` closes the item). ``prints`` gets ``(template, hash of the text)`` of every scalar (up to
        ``_MAX_PRINTS``): what the item holds where, to tell records apart by their input once it is inferred
        (:func:`input_prints`)."""
        seen: set[str] = set()
        label_items = self.label_items
        written: dict[str, set[str]] = {}  # per field, the item's texts there (a list's members: one way written)
        raw: dict[str, set[str]] = {}  # per field, the item's values there as written (numbers not folded)
        self._pending = (label, written, raw)

        def visit(template: str, value: str) -> None:
            """Count ``value`` at ``template`` unless this item already filled the field."""
            if prints is not None and len(prints) < _MAX_PRINTS and value and not value.isspace():
                prints.append((template, hash(value)))
            if not value or value.isspace():
                return
            if value in _FLAG_VALUES and "/" in template:  # one check of an object of flags: a checklist's member
                parent, name = template.rsplit("/", 1)
                checklist = parent + _CHECKLIST
                if value != "null":  # a field null here and text elsewhere is no check
                    self.flags.setdefault(checklist, set()).add(template)
                if value == "true":  # a checklist's values are the checks ticked: an unticked one says nothing of its
                    # own (``is_denied=false`` on every approval would make a one-label rider a second way to name it)
                    raw.setdefault(checklist, set()).add(name)
                if checklist not in seen:
                    seen.add(checklist)
                    self.holders[checklist] += 1
            if len(written) < _MAX_PRINTS:  # a measurement is its number; in text a whole number is a slot (desk 2)
                folded = value if _NUMBER.fullmatch(value.strip()) else _SLOT.sub(_fold, value)
                written.setdefault(template, set()).add(" ".join(folded.casefold().split()))
                raw.setdefault(template, set()).add(" ".join(value.casefold().split()))
            if template in seen:
                return
            seen.add(template)
            self.holders[template] += 1
            self.text[template] += text_like(value)
            if len(value.split()) > PROSE_WORDS:
                if text_like(value):
                    self.prose[template] += 1
                else:  # many chunks, not words: a program's output or a coded report (:meth:`prose_inputs`)
                    self.coded[template] += 1
                    self.codes.setdefault(template, _Codes()).add(value, label)
            values = self.values.setdefault(template, {})
            key = " ".join(value.casefold().split())
            if key in values or len(values) < _GRADED_VALUES:
                values.setdefault(key, Counter())[label] += 1
            label_items.setdefault(template, Counter())[label] += 1

        return visit

    def done(self) -> None:
        """Close the item last visited: each text it holds in a field is one way its label's records write the
        field, every member of a list too (a record's conditions, a log's messages). A member nearly every item's
        list holds (a log's ``Alert created``) is no way at all: it is left out of a list's count (:meth:`_variety`).
        """
        if self._pending is None:
            return
        label, written, raw = self._pending
        self._pending = None
        for template, values in raw.items():
            said = self.said.setdefault(template, {})
            for value in values:
                h = hash(value)
                if h in said or len(said) < _GRADED_VALUES:
                    said.setdefault(h, Counter())[label] += 1
                else:
                    self.unsaid.add(template)
        for template, texts in written.items():
            ways = self.held.setdefault(template, {}).setdefault(label, set())
            if len(texts) > 1:
                self.lists.add(template)
            members = self.members.setdefault(template, Counter())
            for text in texts:
                h = hash(text)
                if len(ways) < 2 * _VARIETY_CAP:
                    ways.add(h)
                if h in members or len(members) < _GRADED_VALUES:
                    members[h] += 1

    def _variety(self, template: str) -> float:
        """The different texts the records of one label hold at ``template`` (up to ``_VARIETY_CAP``), averaged over
        the items holding it; a list's members that ``INPUT_PRESENCE`` of the holders hold are not counted."""
        held = self.holders[template]
        common: set[int] = set()
        if template in self.lists:
            common = {h for h, n in self.members.get(template, Counter()).items() if n >= INPUT_PRESENCE * held}
        per_label = self.label_items[template]
        ways = self.held.get(template, {})  # past a record's first _MAX_PRINTS fields no texts are kept
        return sum(min(_VARIETY_CAP, len(ways.get(lab, set()) - common)) * k for lab, k in per_label.items()) / held

    def inputs(self, items: int) -> list[str]:
        """The fields read as the task's input: held by most items (``INPUT_PRESENCE``), text (``INPUT_TEXT``) and
        varied within a label (``INPUT_VARIETY`` different texts, averaged over the items holding the field)."""
        out = []
        for template, held in self.holders.items():
            if held < INPUT_PRESENCE * items or self.text[template] < INPUT_TEXT * held:
                continue
            if self._variety(template) >= INPUT_VARIETY or graded(self.values.get(template, {}).values()):
                out.append(template)
        return sorted(out)

    def coded_graded(self, template: str) -> bool:
        """The codes of ``template``'s long coded strings shift the odds of the labels (:func:`graded`), those nearly
        every such string holds (``INPUT_PRESENCE``: a markup's element and attribute names, a form's headings) left
        out: they are the program's structure, held by every label alike, and would be the values compared."""
        held = self.coded[template]
        codes = self.codes.get(template)
        counts = codes.counts.values() if codes is not None else ()
        return graded(c for c in counts if sum(c.values()) < INPUT_PRESENCE * held)

    def evidence(self, items: int, inputs: Iterable[str] = ()) -> list[str]:
        """The fields read as the task's input by what their values say of the labels (:func:`tells_every_record`,
        :func:`tells_beside_odds`): held by most items (``INPUT_PRESENCE``), whatever their shape (a diagnosis, a
        snippet of code, a billed usage type, a declared licence), not already read as the input (``inputs``), its
        values counted as written (numbers not folded: a slug or an id made anew per record repeats nothing), a list by
        all its members, up to ``_GRADED_VALUES`` of them. An object's flags are also read as one field, a checklist
        whose values are its checks ticked (``dieback``): when it tells the labels beside checks several labels share
        (:func:`tells_beside_odds`), every flag of it is the input; flags that each name one label are riders."""
        known = set(inputs)
        told = {
            t
            for t, held in self.holders.items()
            if t not in self.unsaid
            and t in self.said  # past a record's first _MAX_PRINTS fields its values are not kept: nothing to read
            and held >= INPUT_PRESENCE * items
            and (
                tells_beside_odds(self.said[t].values())
                # a checklist of one-label flags (``approved``, ``denied``, ``expedited``: riders) names labels in more
                # ways than labels too; only checks several labels share, telling some apart, make it the content
                or (not t.endswith(_CHECKLIST) and tells_every_record(self.said[t].values(), held))
            )
        }
        fields = {f for t in told for f in self.flags.get(t, (t,))}  # a checklist is read as the input by its checks
        return sorted(f for f in fields if f not in known and not f.endswith(_CHECKLIST))

    def scarce(self, items: int) -> set[str]:
        """The fields held by fewer than ``INPUT_PRESENCE`` of the ``items``: not what every record is answered from."""
        return {t for t, n in self.holders.items() if n < INPUT_PRESENCE * items}

    def prose_inputs(self, items: int) -> set[str]:
        """The fields of prose (mostly strings of more than ``PROSE_WORDS`` words) that may be the task's input: held
        by most items (``INPUT_PRESENCE``), whatever their wording (the caller adds the fields read as the input,
        :meth:`inputs`, whose prose is not mined either). A text every record holds in one of a few phrasings per
        label is the content as often as a canned note (messages drawn from a pool per label), and nothing in the file
        tells which; a text only some records hold cannot be what every record is answered from (an upstream step's
        note, a bot's summary on the records it ran on), so its whole texts and codes are mined. A string of many
        chunks that are not words (not :func:`text_like`: markup, a form, a query a program wrote) counts as prose
        where most of the field's long strings are words, or where its codes shift the odds of the labels
        (:func:`graded`: a coded report, the content written in codes); a program's output whose codes every label's
        records hold alike is no content, and a code riding with one label inside it is mined."""
        coded = {t: n for t, n in self.coded.items() if self.prose[t] >= n or self.coded_graded(t)}
        prose = self.prose + Counter(coded)
        return {t for t, n in prose.items() if n and n >= INPUT_PRESENCE * items and 2 * n >= self.holders[t]}


_CODES_KEPT = 4096
"""The distinct tokens of one field's long coded strings counted per label (:class:`_Codes`)."""


class _Codes:
    """The tokens of one field's long coded strings, each counted once per item for its label (:attr:`counts`). When
    more than ``_CODES_KEPT`` distinct tokens come, those of the lowest stable hash are kept (a bottom-k sample: a
    token's CRC-32, then the token): which tokens are kept, and their counts, do not depend on the records' order, on
    Python's hash seed, or on where in the file the sample fills. A kept token was among the lowest when first seen,
    so it was counted from its first item on."""

    __slots__ = ("_kept", "counts")

    def __init__(self) -> None:
        self.counts: dict[str, Counter[str]] = {}
        self._kept: list[tuple[int, str]] = []  # a heap of (-hash, token): its top is the highest token kept

    def add(self, value: str, label: str) -> None:
        """Count each token of ``value`` once for ``label``."""
        for tok in dict.fromkeys(t for t, _a, _b in _tokens(value)):
            held = self.counts.get(tok)
            if held is None:
                rank = (-zlib.crc32(tok.encode("utf-8", "surrogatepass")), tok)
                if len(self.counts) < _CODES_KEPT:
                    heapq.heappush(self._kept, rank)
                elif rank > self._kept[0]:
                    del self.counts[heapq.heapreplace(self._kept, rank)[1]]
                else:
                    continue  # above every kept token: out of the sample for good
                held = self.counts[tok] = Counter()
            held[label] += 1


def _from_prose(key: tuple[str, str, str]) -> bool:
    """``key`` was read in prose by :func:`_prose_codes`: a whole text of prose, or a code among its words (a token
    kept at its field; tokens read elsewhere are anywhere's)."""
    return (key[0] == "value" and len(key[2].split()) > PROSE_WORDS) or (key[0] == "token" and bool(key[1]))


GRADED_MIN = 5
"""A value of a field that shifts the odds (:func:`graded`) is held by at least this many items ..."""
GRADED_TOP = 0.9
"""... and no label holds this share of them or more: it is held by several labels."""
GRADED_ALPHA = 0.01
_GRADED_VALUES = 64
"""The distinct values of one field counted per label: a field of this many is read whole, one of more is varied
anyway (its values past this many are not counted, and :func:`tells_every_record` does not read it)."""
_GRADED_COMPARED = 8


def graded(values: Iterable[Counter[str]]) -> bool:
    """A field whose values shift the odds of the labels rather than name one: ``values`` (per value, the labels of
    the items holding it) hold two values or more each held by several labels (``GRADED_MIN`` items, no label at
    ``GRADED_TOP``), and a label's share differs between two of them beyond chance (one-sided Fisher exact,
    Bonferroni over the pairs, labels and directions, ``GRADED_ALPHA``). A measurement or an answer the task reads
    (a reviewer's score of 1 to 5, a count of missing items, a practice report's participation) is graded: a value
    at one end may belong to one label (every score of 1 a decline), its middle values are held by several labels in
    proportions that move with the value. A value set from the label is one label per value; on the records it was
    not written on, a neutral value (``pending``) or two drawn apart from the label are held by the labels alike."""
    mixed = sorted(
        (c for c in values if sum(c.values()) >= GRADED_MIN and max(c.values()) < GRADED_TOP * sum(c.values())),
        key=lambda c: -sum(c.values()),
    )[:_GRADED_COMPARED]
    if len(mixed) < 2:
        return False
    labels = sorted(set().union(*mixed))
    tests = len(labels) * len(mixed) * (len(mixed) - 1)
    for a, b in itertools.combinations(mixed, 2):
        na, nb = sum(a.values()), sum(b.values())
        for lab in labels:
            both = a[lab] + b[lab]
            p = min(fisher_greater(a[lab], na, both, na + nb), fisher_greater(b[lab], nb, both, na + nb))
            if p * tests <= GRADED_ALPHA:
                return True
    return False


def tells_every_record(values: Iterable[Counter[str]], held: int) -> bool:
    """A field that tells the label on every record, in more ways than there are labels: of the ``held`` items holding
    it, ``values`` (per value, the labels of the items holding it; all of them, ``_GRADED_VALUES`` at most: a field of
    more is not read, its caller marks it ``unsaid``, and more given here are more than counted) that repeat
    (two items or more) are each held by one label (``GRADED_TOP``; none is an ordinary value the labels share),
    outnumber the labels they name, and are held by ``INPUT_PRESENCE`` of the items. A diagnosis (``Gingivitis``,
    ``Gingivitis, localised``, ``Healthy periodontium``), a code snippet under audit, a billed usage type: the content
    every record is answered from, drawn per answer. A rider is written by an upstream step on the records it ran on,
    beside an ordinary value or nothing on the others; one code per label on every record (a total leak in one field)
    is not read so, nor a value made anew per record (a slug, an id), which repeats nothing. (A leak written on every
    record in several ways per label reads as the input: the owner's ``--derive-from`` tells it apart.)"""
    seen = list(values)
    if len(seen) > _GRADED_VALUES:
        return False  # more values than counted: what the others say is unknown
    named: set[str] = set()
    repeated = covered = 0
    for c in seen:
        n = sum(c.values())
        if n < 2:
            continue
        if max(c.values()) < GRADED_TOP * n:
            return False
        named.add(max(c, key=lambda lab: (c[lab], lab)))
        repeated += 1
        covered += n
    return repeated > len(named) >= 2 and covered >= INPUT_PRESENCE * held


def tells_beside_odds(values: Iterable[Counter[str]]) -> bool:
    """A field that names labels in more ways than there are labels beside values that shift their odds: of
    ``values`` (per value, the labels of the items holding it; fewer than ``_GRADED_VALUES`` of them), those that
    repeat and are each held by one label (``GRADED_TOP``) outnumber the labels they name (two or more), and another
    value is held by several labels but not by some label holding the field, beyond chance (none of its holders of
    the labels it lacks: their share of the field's items to the power of its holders, Bonferroni over such values,
    ``GRADED_ALPHA``). A declared licence (``MIT``, ``Apache-2.0`` with a notice; ``0BSD``, ``CC0-1.0`` allowed;
    ``LGPL-2.1`` a notice or a review, never allowed), a document's status in a loan file (``missing``, ``expired``
    on suspended files; ``received - pending review`` on conditional approvals and denials; ``cleared`` everywhere):
    the content the answer is read from, each value weakly or strongly telling. A rider written beside an ordinary
    value (``pending`` on every label's records) names one label per code; one written in several ways per label
    holds no value telling some labels but not others, as a case's content does (:func:`tells_every_record`, whose
    values all name one label)."""
    seen = list(values)
    if len(seen) >= _GRADED_VALUES:
        return False
    every: Counter[str] = Counter()
    for c in seen:
        every.update(c)
    total = sum(every.values())
    named: set[str] = set()
    pure = 0
    mixed: list[Counter[str]] = []
    for c in seen:
        n = sum(c.values())
        if n < 2:
            continue
        if max(c.values()) >= GRADED_TOP * n:
            named.add(max(c, key=lambda lab: (c[lab], lab)))
            pure += 1
        elif n >= GRADED_MIN:
            mixed.append(c)
    if not pure > len(named) >= 2 or not mixed or total == 0:
        return False
    for c in mixed:
        lacking = sum(k for lab, k in every.items() if c[lab] == 0) / total
        if lacking and (1 - lacking) ** sum(c.values()) * len(mixed) <= GRADED_ALPHA:
            return True
    return False


_MAX_PRINTS = 512
"""The scalars of one item remembered for :func:`input_prints` (a record's input is among its first fields)."""


def input_prints(prints: Sequence[tuple[str, int]], inputs: frozenset[str]) -> Prints:
    """The scalars of one item at the fields read as the task's input (``inputs``), as :func:`prose_prints` gives
    those of a named input (``links`` None): renderings of one record show one input, so items sharing a sentence
    whose inputs differ are different records (:func:`records_of`), as with ``derive_from``."""
    return tuple(sorted({(hash(("input", t)), h, None) for t, h in prints if t in inputs}))


# ---------------------------------------------------------------- mining


Prints = tuple[tuple[int, int, bool | None], ...]
"""What a record is, per item: ``(hash of a place, hash of its text, links)``, ``links`` True for prose, False for an
id, None for a scalar of the task's input (``derive_from``); see :func:`prose_prints`."""


def prose_prints(projection: Any, derive_from: Sequence[str]) -> Prints:
    """The prose of one projection (strings of more than ``PROSE_WORDS`` words, and the fields under
    ``derive_from``) as (hash of its place, hash of its text, ``True``), the place with list indices as ``*``: the
    content a record is, which two renderings of one record share. Beside it the projection's ids (a short string
    mixing letters and digits, :data:`~windtunnel.leakage.records.ID_SHAPE`: an order, a customer, a ticket key) as
    (place, text, ``False``): they link nothing, but tell apart records whose short prose is the same (three
    customers writing "Where is my parcel?" hold three order ids at one place; see :func:`_template`). And the
    numbers, flags and other scalars of the task's input (``derive_from``) as (place, text, ``None``), its strings too
    (beside their linking print): the input is what a record is, so renderings of one record show the same there,
    and items sharing a sentence but holding three different inputs beside it (three essays given one feedback
    sentence, with their own word counts) are three records; so are two items sharing a text whose inputs differ
    where both hold one (:func:`records_of`)."""
    out: list[tuple[int, int, bool | None]] = []
    for pointer, value, _cut in _leaves(projection, ""):
        if not isinstance(value, str):
            if derive_from and in_derive_from(pointer, derive_from):
                out.append((hash(("input", _general(pointer))), hash(value[0]), None))
            continue
        inside = bool(derive_from) and in_derive_from(pointer, derive_from)
        if len(value.split()) > PROSE_WORDS or inside:
            out.append((hash(_general(pointer)), hash(value), True))
            if inside:  # also what the record's input holds there (two items holding different inputs are two records)
                out.append((hash(("input", _general(pointer))), hash(value), None))
        elif _record_key(value):
            out.append((hash(("id", _general(pointer))), hash(value), False))
    return tuple(sorted(set(out)))


_PROSE_SAMPLE = 1000
"""Items read for the places of their prose (:attr:`MineResult.prose`): places repeat from item to item."""
_PROSE_SHOWN = 3


def _prose_places(projection: Any) -> set[str]:
    """The templates (list indices as ``*``) of the strings of more than ``PROSE_WORDS`` words in ``projection``."""
    return {
        _general(pointer)
        for pointer, value, _cut in _leaves(projection, "")
        if isinstance(value, str) and len(value.split()) > PROSE_WORDS
    }


def prose_tokens(
    projection: Any, derive_from: Sequence[str], copied: Collection[str] = frozenset()
) -> dict[tuple[str, str, str], str]:
    """The words and 2-3-word n-grams of the projection's prose outside ``derive_from``, keyed as the short values'
    own (``("token", "", word)``, ``("ngram", "", words)``: a word counts alike in a note and a tag) → the pointer
    of the first string holding it; nothing when ``derive_from`` is empty.

    Once the owner names the fields the task is derived from, prose elsewhere is not the task's input: a bot's
    comment, an adjuster's note, a history message. A word there riding with the label (``approved``, ``🟢``) is a
    leak whatever the sentence around it; the ``blind`` agent (:mod:`.simulate`) reads these words as well as the
    short values. Without ``derive_from`` the prose may be the input, and stays hidden; nor is prose at a place of
    ``copied`` read (the item's copy of its input: :func:`candidates`)."""
    out: dict[tuple[str, str, str], str] = {}
    if not derive_from:
        return out
    for pointer, value, _cut in _leaves(projection, ""):
        if not isinstance(value, str) or len(value.split()) <= PROSE_WORDS or in_derive_from(pointer, derive_from):
            continue
        if pointer in copied:
            continue
        view = prose_text(value)  # as written, and as its reader reads it (:func:`prose_read`)
        for text in (value,) if view is None else (value, view.text):
            words = [tok for tok, _a, _b in _tokens(text)]
            for n in range(1, _MAX_NGRAM + 1):
                for i in range(len(words) - n + 1):
                    gram = words[i : i + n]
                    if n > 1 and not all(w[0].isalnum() for w in gram):
                        continue
                    out.setdefault(("token" if n == 1 else "ngram", "", " ".join(gram)), pointer)
    return out


_DATE_TIME = re.compile(r"\d{4}-\d\d-\d\d|\d:\d\d")


def _record_key(value: str) -> bool:
    """``value`` names a record (``ORD-57385``, ``C8872``, ``TCK-4100``): letters and digits across a joint
    (:data:`~windtunnel.leakage.records.ID_SHAPE`), not a date or a time (renderings fetched apart differ there)."""
    return bool(RECORD_ID.fullmatch(value) and ID_SHAPE.search(value)) and _DATE_TIME.search(value) is None


def _template(holders: Sequence[int], prose: Sequence[Prints], h: int, id_count: Mapping[int, int]) -> bool:
    """The items ``holders`` of the prose ``h`` hold three different texts or more at one place (ticket bodies
    under ``/ticket/body``): ``h`` is a sentence many records carry (a templated auto-reply, a note naming the
    label), not the content of one record. Renderings of one record agree there, or differ in pairs (a record and
    its twin with one field rewritten); a place holding a list counts each holder's texts there as one.

    Ids count as texts too (order ids under ``/order/id``: a short message three customers wrote alike), unless the
    holders share a key of their own — an id two of them or more hold and no other item does (``TCK-4100`` in each
    rendering of one ticket): renderings may carry ids of their own (a request id, a message id) beside the key.
    ``id_count`` is the number of items holding each id in the dataset. The scalars of the task's input (``None`` in
    :data:`Prints`) always count: renderings of one record show one input."""
    in_holders: Counter[int] = Counter(text for i in holders for _p, text, links in set(prose[i]) if links is False)
    keyed = any(n >= 2 and n == id_count.get(text, 0) for text, n in in_holders.items())
    seen: dict[int, set[frozenset[int]]] = {}
    for i in holders:
        mine_at: dict[int, set[int]] = {}
        for place, text, links in prose[i]:
            if text != h and (links is not False or not keyed):
                mine_at.setdefault(place, set()).add(text)
        for place, texts in mine_at.items():
            variants = seen.setdefault(place, set())
            variants.add(frozenset(texts))
            if len(variants) >= 3:
                return True
    return False


_MAX_HEADS = 8
"""The groups of one text's holders compared with each holder's input (:func:`records_of`): beyond them a holder
starts a record of its own (a text many inputs hold is a template, which links nothing anyway)."""


def _input_of(prints: Prints) -> dict[int, frozenset[int]]:
    """What an item's input holds (:func:`prose_prints`' ``None`` prints): place → the texts there."""
    out: dict[int, set[int]] = {}
    for place, text, links in prints:
        if links is None:
            out.setdefault(place, set()).add(text)
    return {place: frozenset(texts) for place, texts in out.items()}


def _same_input(a: Mapping[int, frozenset[int]], b: Mapping[int, frozenset[int]]) -> bool:
    """Two items' inputs agree wherever both hold one (renderings of one record show one input)."""
    small, large = (a, b) if len(a) <= len(b) else (b, a)
    return all(large.get(place, texts) == texts for place, texts in small.items())


CANNED_RECORDS = 3
"""A text of prose outside the named input that this many records carry word for word (numbers aside), all but
``1 - min_purity`` of them of one label, is canned for that label (:attr:`MineResult.canned`)."""


def canned_text(text: str) -> str:
    """``text`` as records carrying one canned sentence hold it alike: case and blanks folded, each whole number a
    slot (a date, a count filled in per record: ``... on 2024-07-22 ...``)."""
    return " ".join(_SLOT.sub(_fold, text).casefold().split())


OWN_VALUES = 256
"""The record's own values slotted in its prose at most (:func:`own_values`)."""
_OWN_LIST = re.compile(PLACEHOLDER_RE + r"(?:(?:\s*[,;/&+]\s*|\s+[^\W\d_]{1,3}\s+)" + PLACEHOLDER_RE + ")+")
"""A list of slotted values (``…, …, … and …``): one slot, however many values the record lists."""


def _token_text(text: str) -> str:
    """``text`` as its tokens joined by blanks (:func:`_tokens`: ASCII punctuation left out), as n-grams read it."""
    return " ".join(tok for tok, _a, _b in _tokens(text))


def own_values(projection: Any, derive_from: Sequence[str] = ()) -> tuple[str, ...]:
    """The record's own short values (its strings of ``PROSE_WORDS`` words at most holding a letter: a name, a place, a
    code, a list's members) and its input's strings of any length (``derive_from``: a complaint a letter quotes whole),
    longest first, for :func:`canned_read`."""
    out: set[str] = set()
    inputs: set[str] = set()
    for pointer, value, _cut in _leaves(projection, ""):
        if not isinstance(value, str) or len(s := value.strip()) < 2 or not any(c.isalpha() for c in s):
            continue
        if derive_from and in_derive_from(pointer, derive_from):
            inputs.add(s)
        elif len(s) <= _MAX_VALUE_LEN and len(s.split()) <= PROSE_WORDS:
            out.add(s)
    given = sorted(inputs, key=lambda v: (-len(v), v))[:OWN_VALUES]
    short = sorted(out - inputs, key=lambda v: (-len(v), v))[: OWN_VALUES - len(given)]
    return tuple(sorted([*given, *short], key=lambda v: (-len(v), v)))


def canned_read(text: str, own: Sequence[str] = ()) -> tuple[str, ...]:
    """The readings of a text of prose outside the named input that records carrying one canned text hold alike
    (:func:`canned_text`: numbers folded): read as its reader reads it (:func:`~.prose_text.prose_text`), and then
    with the record's own values (``own``, :func:`own_values`: its other fields' names, places, codes, whole and
    case kept) as one slot each, a list of them as one slot — ``Avis aux récoltants — Baynes Sound (PE-27-048) :
    zone interdite …`` is the notice every closed area's record carries with its own water body and code. The
    widest reading last (the first again when no value of the record is in the text)."""
    view = prose_text(text)
    read = text if view is None else view.text
    plain = canned_text(read)
    if not own:
        return (plain,)
    held = tuple(v for v in own if v in read)  # a substring test per value: the pattern holds only the text's own
    if not held:
        return (plain, plain)
    slotted = _OWN_LIST.sub(PLACEHOLDER, _own_pattern(held).sub(PLACEHOLDER, read))
    return (plain, canned_text(slotted))


_SENTENCE_END = re.compile(r"\n|(?<=[.!?\u3002\uff01\uff1f])\s+")
"""Where a sentence of prose ends: a line break, or ``.`` ``!`` ``?`` (or their CJK forms) before a blank."""


def sentence_reads(text: str, own: Sequence[str] = (), span: tuple[int, int] | None = None) -> tuple[str, ...]:
    """The canned readings (:func:`canned_read`) of each sentence of a text of prose outside the named input made of
    two sentences or more (:data:`_SENTENCE_END`), each of ``FRAME_TOKENS`` tokens or more; with ``span`` (characters
    of ``text``), of the sentences it overlaps only. A text assembled from template sentences — a broadcast of a dozen
    slots whose one sentence states a descriptor chosen by the label (``… QNH 988. BRAKING ACTION GOOD RWY 01L.``) —
    is never carried whole by three records, yet its chosen sentence is: read alone it is canned as a whole text is
    (:func:`_canned`, the input-picked texts aside), and a mined word in it is a leak."""
    parts: list[tuple[int, int]] = []
    start = 0
    for m in _SENTENCE_END.finditer(text):
        parts.append((start, m.start()))
        start = m.end()
    parts.append((start, len(text)))
    parts = [(a, b) for a, b in parts if len(text[a:b].split()) >= FRAME_TOKENS]
    if len(parts) < 2:
        return ()
    if span is not None:
        parts = [(a, b) for a, b in parts if a < span[1] and span[0] < b]
    return tuple(dict.fromkeys(r for a, b in parts for r in canned_read(text[a:b], own)))


SENTENCE_SLOT = 3
"""The most tokens another label's filler of a sentence's slot holds (:func:`_fills_slot`): a descriptor of a word
or three (``good`` / ``less than poor``)."""


def _bare(token: str) -> str:
    """A token of a canned reading without the punctuation it is written with (``night.`` → ``night``)."""
    return token.strip(".,;:!?()[]\"'")


def _fills_slot(a: str, b: str, word: str) -> bool:
    """Whether sentences ``a`` and ``b`` (canned readings) are one sentence whose slot ``word`` (a mined value, in
    ``a``) fills: the same tokens before the slot and after it, one at least on each side (the slot sits inside a
    frame), and in the slot a run of one to :data:`SENTENCE_SLOT` tokens in ``a`` that ``word`` overlaps, of none to
    :data:`SENTENCE_SLOT` in ``b`` (``braking action good rwy 0.`` / ``braking action less than poor rwy 0.``, the
    slot ``good``; ``… good to medium rwy …`` / ``… medium rwy …``, the slot ``good to``). The words around the slot
    are the frame; two remarks differing at their start (``quiet breathing`` / ``loud snoring noted throughout the
    night.``: no word of a frame before the slot) or elsewhere than the mined word are two sentences. A slot filled
    twice alike is one slot too (``the noes have it, the noes have it.`` / ``the ayes have it, the ayes have it.``:
    every token the two differ in is ``noes`` against ``ayes``, :func:`_same_filler`)."""
    x, y, w = a.split(), b.split(), word.split()
    if x == y or not w:
        return False
    if _same_filler(x, y, w):
        return True
    head = 0
    while head < min(len(x), len(y)) and x[head] == y[head]:
        head += 1
    tail = 0
    while tail < min(len(x), len(y)) - head and x[-1 - tail] == y[-1 - tail]:
        tail += 1
    slot = (head, len(x) - tail)
    if not (head and tail and 1 <= slot[1] - slot[0] <= SENTENCE_SLOT and len(y) - head - tail <= SENTENCE_SLOT):
        return False
    bare = [_bare(t) for t in x]
    return any(bare[i : i + len(w)] == w and i < slot[1] and slot[0] < i + len(w) for i in range(len(x) - len(w) + 1))


def _same_filler(x: Sequence[str], y: Sequence[str], w: Sequence[str]) -> bool:
    """Whether the sentences of tokens ``x`` and ``y`` differ in two tokens or more, none first or last, each the same
    word against the same other word (punctuation aside), and the mined ``w`` overlaps one of them in ``x``."""
    if len(x) != len(y):
        return False
    apart = [i for i, (s, t) in enumerate(zip(x, y, strict=True)) if s != t]
    if len(apart) < 2 or apart[0] == 0 or apart[-1] == len(x) - 1:
        return False
    if len({(_bare(x[i]), _bare(y[i])) for i in apart}) != 1:
        return False
    bare = [_bare(t) for t in x]
    return any(
        bare[i : i + len(w)] == list(w) and any(i <= j < i + len(w) for j in apart) for i in range(len(x) - len(w) + 1)
    )


def _sentence_family(
    key: tuple[str, str], label: str, canned: Mapping[tuple[str, str], str], mined: Collection[str]
) -> bool:
    """Whether the sentence ``key`` (template, reading), canned alone for ``label``, has a sibling canned for another
    label at the same place: the same sentence with the slot a ``mined`` word (or a run mined with it) fills in it
    filled otherwise
    (:func:`_fills_slot`), as a template filled per label is. A sentence chosen by the label is one member of a
    family, each label its own filler (``BRAKING ACTION GOOD …`` / ``… MEDIUM …``); one sentence riding with one label
    alone (a technician's ``No arrhythmia observed; ECG normal sinus rhythm.`` on most severe studies of a clean
    dataset), or two remarks of two labels sharing an ending only, is no evidence the label chose it: an author's
    remark on the cases it concerns, left for review as before."""
    words = [w for w in mined if w and (w in key[1] or w in _token_text(key[1]))]  # an n-gram across punctuation
    return any(
        other[0] == key[0] and lab != label and any(_fills_slot(key[1], other[1], w) for w in words)
        for other, lab in canned.items()
    )


@lru_cache(maxsize=256)
def _own_pattern(values: tuple[str, ...]) -> re.Pattern[str]:
    """The record's own values ``values`` (longest first) as whole words, one pattern."""
    return re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, values)) + r")(?!\w)")


def _canned(
    held: Mapping[tuple[str, str], Sequence[int]], record_of: Sequence[int], record_label: Sequence[str], purity: float
) -> dict[tuple[str, str], tuple[set[int], str, float]]:
    """The texts of ``held`` (``(template, folded text)`` → its items) that ``CANNED_RECORDS`` records or more carry,
    ``purity`` of them or more of one label (:attr:`MineResult.canned`), each with its records, label and purity."""
    out: dict[tuple[str, str], tuple[set[int], str, float]] = {}
    for key, its in held.items():
        if len(its) < CANNED_RECORDS:
            continue
        records = {record_of[i] for i in its}
        if len(records) < CANNED_RECORDS:
            continue
        label, top = max(sorted(Counter(record_label[r] for r in records).items()), key=lambda kv: kv[1])
        if top >= purity * len(records):
            out[key] = (records, label, top / len(records))
    return out


SLOT_SHARE = 5
"""Texts of prose outside the named input with as many tokens, ``n`` each, that differ in ``n // SLOT_SHARE`` of them at
most (one in five: a name, a unit's code, a plural) are one canned text with those tokens as its slots
(:func:`_slotted`)."""
_SLOT_SEEDS = 64
"""Texts a text is compared with per shared block (:func:`_slotted`): past them it starts no group of its own."""


def _slotted(held: Mapping[tuple[str, str], Sequence[int]]) -> dict[tuple[str, str], list[tuple[str, str]]]:
    """The texts of ``held`` (``(template, folded text)`` → its items, :func:`canned_text`) that a tool or a writer
    fills in per record — ``Bonjour Marta, nous sommes au regret de vous informer …`` — grouped with the texts that
    agree with them word for word but for a few slots (:data:`SLOT_SHARE`): per group, its frame (``(template, the
    text with its slots written …)``) → its texts. A text is one group's at most; groups of one text are left out.

    Two texts of ``n`` tokens each differing in ``k`` at most agree on one of ``k + 1`` blocks of their tokens as a
    whole, so texts are compared only with those sharing a block (and at most :data:`_SLOT_SEEDS` of them); groups
    join through shared members. Label-free: structure only."""
    by_shape: dict[tuple[str, int], list[tuple[str, ...]]] = {}
    for template, text in held:
        tokens = tuple(text.split())
        if len(tokens) // SLOT_SHARE:
            by_shape.setdefault((template, len(tokens)), []).append(tokens)
    out: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for (template, n), texts in by_shape.items():
        if len(texts) < 2:
            continue
        for members in _slot_groups(texts, n // SLOT_SHARE):
            if len(members) < 2:
                continue
            frame = " ".join(
                t if all(texts[m][p] == t for m in members) else PLACEHOLDER for p, t in enumerate(texts[members[0]])
            )
            out[(template, frame)] = [(template, " ".join(texts[m])) for m in members]
    return out


def _root(parent: list[int], i: int) -> int:
    """The root of ``i`` in the union-find forest ``parent`` (paths halved on the way)."""
    while parent[i] != i:
        parent[i] = parent[parent[i]]
        i = parent[i]
    return i


def _slot_groups(texts: Sequence[tuple[str, ...]], k: int) -> list[list[int]]:
    """The groups of ``texts`` (as many tokens each) joined by pairs differing in ``k`` tokens at most, as positions in
    ``texts`` (:func:`_slotted`)."""
    n = len(texts[0])
    parent = list(range(len(texts)))

    root = partial(_root, parent)

    bounds = [round(n * b / (k + 1)) for b in range(k + 2)]
    for b in range(k + 1):
        seeds: dict[tuple[str, ...], list[int]] = {}
        for i, tokens in enumerate(texts):
            near = seeds.setdefault(tokens[bounds[b] : bounds[b + 1]], [])
            for j in near:
                if _within(tokens, texts[j], k):
                    parent[root(i)] = root(j)
                    break
            else:
                if len(near) < _SLOT_SEEDS:
                    near.append(i)
    groups: dict[int, list[int]] = {}
    for i in range(len(texts)):
        groups.setdefault(root(i), []).append(i)
    return list(groups.values())


def _within(a: Sequence[str], b: Sequence[str], k: int) -> bool:
    """``a`` and ``b`` (as many tokens) differ in ``k`` tokens at most."""
    off = 0
    for x, y in zip(a, b, strict=True):
        if x != y:
            off += 1
            if off > k:
                return False
    return True


def narrowed(counts: Mapping[str, int], label_counts: Mapping[str, int], purity: float) -> tuple[str, ...]:
    """The labels a candidate held by records of several labels confines them to, when it rules some out: the fewest
    labels (most held first) carrying ``purity`` of its records, two or more and half the dataset's labels at most
    (rounded up: one of three ruled out, two of four; a violation's presence, ruling out only ``no violation`` of five,
    is how a record reads, not what the decision wrote), or ``()``. A ledger's VAT of ``0.00`` is posted for
    zero-rated and exempt lines alike: it states neither, yet a solver reading it drops the standard and reduced rates
    (seed 001's blind-baseline check: better than chance). A candidate
    one label holds alone is the ordinary test's. Each label of the set holds :data:`NARROW_SHARE` of its share at
    least (its records among the candidate's, against the set's records spread as the dataset's are): yesterday's top
    pollutant, today's on most days, leans to one label with others as noise (principle 7) and rules nothing out."""
    if len(label_counts) < 3:
        return ()
    support = sum(counts.values())
    kept: list[str] = []
    inside = 0
    for lab, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
        if inside >= purity * support:
            break
        kept.append(lab)
        inside += n
    if not 2 <= len(kept) <= (len(label_counts) + 1) // 2:
        return ()
    base = sum(label_counts[lab] for lab in kept)
    if any(counts[lab] < NARROW_SHARE * support * label_counts[lab] / base for lab in kept):
        return ()
    return tuple(sorted(kept))


NARROW_SHARE = 0.5
"""The least share of its due a label of a narrowing candidate's set holds (:func:`narrowed`)."""


def merged(labels: Sequence[str], kept: Collection[str]) -> list[str]:
    """``labels`` with those of ``kept`` as one: the records a narrowing candidate (:func:`narrowed`) confines to
    ``kept`` read as one label, so that a test asking a label (:func:`.input_explained.explained_by`) asks the set."""
    return [NARROWED if lab in kept else lab for lab in labels]


NARROWED = "\x00narrowed"
"""The label :func:`merged` gives the labels of a narrowing candidate's set (no label of a dataset is written so)."""


def records_of(labels: Sequence[str], prose: Sequence[Prints]) -> tuple[list[int], list[str]]:
    """The record of every item, and the label of every record: items linked by prose they share, with one label,
    are one record shown several ways (one ticket in five renderings, one record under several questions).

    The test counts records, not items: five renderings of one ticket do not make its key a value that rides with
    its label (pseudo-replication; Fisher's test assumes independent draws). Prose held by items of two labels or
    more (an instruction every item carries) says nothing of which record an item is and links nothing; nor does
    prose whose holders hold three different texts or more at one place, prose or ids (:func:`_template`: a sentence
    written per label, such as an auto-reply, or a short message many customers wrote alike, would otherwise make
    every record of that label one, and hide what rides with it). An item with no other prose is a record of its
    own. Links are transitive (a rendering sharing the body with a second and a note with a third joins all three).
    Two holders of a text whose inputs (``derive_from``) differ where both hold one are not linked by it: renderings
    of one record show one input, and two records drawn apart share a short input value (a date, a part's code) or
    a sentence of a small pool by chance; linked, a chain of such pairs made one record of dozens (ds6's repair
    orders: 158 items read as 106 records through the dates of their service histories).
    """
    holders: dict[int, list[int]] = {}  # prose hash -> the items holding it
    label_of_hash: dict[int, str | None] = {}
    for i, (lab, prints) in enumerate(zip(labels, prose, strict=True)):
        for h in {text for _place, text, links in prints if links}:
            holders.setdefault(h, []).append(i)
            if label_of_hash.setdefault(h, lab) not in (lab, None):
                label_of_hash[h] = None  # held with two labels: shared content, links nothing
    id_count: Counter[int] = Counter(
        text for prints in prose for text in {t for _p, t, links in prints if links is False}
    )
    for h, items in holders.items():
        if label_of_hash[h] is not None and len(items) > 1 and _template(items, prose, h, id_count):
            label_of_hash[h] = None
    parent = list(range(len(labels)))

    root = partial(_root, parent)

    inputs = [_input_of(prints) for prints in prose]
    for h, items in holders.items():
        if label_of_hash[h] is None:
            continue
        heads: list[int] = []  # one item per group of holders whose inputs agree
        for i in items:
            head = next((j for j in heads[:_MAX_HEADS] if _same_input(inputs[i], inputs[j])), None)
            if head is None:
                heads.append(i)
                continue
            a, b = root(i), root(head)
            if a != b:
                parent[max(a, b)] = min(a, b)
    record_of: list[int] = []
    record_label: list[str] = []
    index: dict[int, int] = {}
    for i, lab in enumerate(labels):
        r = index.get(root(i))
        if r is None:
            r = index[root(i)] = len(record_label)
            record_label.append(lab)
        record_of.append(r)
    return record_of, record_label


def mine(
    items: Iterable[LeakItem],
    *,
    min_support: int = 5,
    min_purity: float = 0.95,
    alpha: float = 0.01,
    correction: Correction = "bh",
    derive_from: Sequence[str] = (),
    max_candidates: int = 2_000_000,
) -> MineResult:
    """Mine ``items`` for candidates that predict the label (see the module docstring).

    An item's label is its first expected answer; items are read once (a stream is fine). Supports and purities
    count records, not items (:func:`records_of`: renderings of one record are one draw). Not tested:
    candidates below ``min_support``, held by every item (they cannot separate labels), or equal to a
    label after normalisation (the scan already finds those). Candidates held by the same set of items
    are grouped by a fingerprint of that set (a sum of per-item 64-bit mixes, and the support) and
    tested once, with the shortest, most specific member as the suggestion (one read as written before one read
    only in a decoded view). Returns every count with the
    suggestions so a reader can judge them; a dataset with nothing telling gives an empty list, not an error.

    Memory is bounded by ``max_candidates``: when more distinct candidates are held, those seen once so
    far are dropped (ids, timestamps), which can only lose candidates far below any support floor.
    """
    held: dict[tuple[str, str, str], array[int]] = {}
    labels_of: list[str] = []  # per labelled item, in order
    tasks_of: list[tuple[str, ...]] = []  # per labelled item: its label set (a file may mix tasks)
    prose_of: list[Prints] = []  # per labelled item: the hashes of its prose (what a record is)
    viewed: set[tuple[str, str, str]] = set()  # read in a decoded or identifier view somewhere: shown after the written
    sets: set[tuple[str, str, str]] = set()  # the sets of a list's members (:func:`members_text`): tested apart
    places = None if derive_from else _Places()  # the owner named the input: nothing to infer
    prose: set[str] = set()  # without derive_from: where the items hold prose, which is not mined (a sample)
    pair_counts = PairCounts(derive_from)
    input_of: list[InputValues] = []  # per labelled item, with derive_from: its input fields' values
    outside_of: list[InputValues] = []  # per labelled item, with derive_from: its values outside the input
    members_of: list[MemberValues] = []  # per labelled item: its list members' values (outside the input, with it)
    words_of: list[InputWords] = []  # per labelled item, with derive_from: its input strings' words
    numbers_in: list[InputWords] = []  # … and its input's numbers (:func:`~.input_explained.input_numbers`)
    scalars_of: list[list[tuple[str, int]]] = []  # per labelled item, without derive_from: its scalars' prints
    texts_of: list[dict[str, InputWords]] = []  # per labelled item, without derive_from: its strings' words per field
    values_of: list[InputValues] = []  # per labelled item, without derive_from: its scalars per field
    dates_of: list[dict[str, str]] = []  # per labelled item: its dates per field (a gap between two is a field)
    derived_of: list[list[Derived]] = []  # per labelled item: the derived values of its pairs of fields
    lines_of: list[dict[str, tuple[Fraction, str]]] = []  # per labelled item, with derive_from: its numbers held once
    both_input = partial(_both_input, derive_from) if derive_from else None  # a pair of the input: its own signal
    restating_held: Counter[str] = Counter()  # with derive_from: a number or date outside it → items holding it
    field_held: Counter[str] = Counter()  # each scalar field (list indices as *) → the items holding it
    restating_hits: Counter[str] = Counter()  # … → items where its value is one of the input's
    masked_from: dict[tuple[str, str, str], set[tuple[str, str, str]]] = {}  # template → the texts it was read from
    templated_of: list[dict[str, str]] = []  # per labelled item: its texts read as templates, per field
    raw_held: dict[tuple[str, str, str], list[int]] = {}  # each text a template may be read from → its items
    canned_held: dict[tuple[str, str], list[int]] = {}  # with derive_from: each text of prose outside it → its items
    lines_held: dict[tuple[str, Names], set[int]] = {}  # with derive_from: the names of its lines of short fields
    shapes_held: dict[tuple[str, str], set[int]] = {}  # … and the shapes of its short lines (:func:`line_shapes`)
    whole_texts: set[tuple[str, str]] = set()  # … those read from a whole text
    sentence_texts: set[tuple[str, str]] = set()  # … those read from one sentence of a text (:func:`sentence_reads`)
    whole_read: dict[tuple[str, str], set[str]] = {}  # … each text's widest reading (:func:`canned_read`) → its texts
    input_inside: set[tuple[str, str]] = set()  # … those holding the named input inside (a key named in the text)
    input_names = names_of(derive_from)
    named_by: dict[tuple[str, str], set[int]] = {}  # a table row's naming value (a whole value) → the items it names
    named_cells: list[tuple[int, tuple[str, str, str], tuple[str, str]]] = []
    restated = Restated()  # with derive_from: the fields outside it that restate it (:mod:`.unlisted_input`)
    task_text = TaskText()  # without derive_from: the texts every record carries (:mod:`.task_named`)
    user_correlated: set[str] = set()  # the values the user names as correlated: a field holding one is never graded
    for it in items:
        if not it.expected:
            continue
        user_correlated.update(told_of([it]))
        n = len(labels_of)
        labels_of.append(it.expected[0])
        tasks_of.append(tuple(sorted(set(it.label_set))))
        prose_of.append(prose_prints(it.projection, derive_from))
        if derive_from:
            input_of.append(input_values(it.projection, derive_from, in_derive_from, len(tasks_of[-1])))
            input_of[-1].update(input_counts(it.projection, derive_from))
            members_of.append({})
            outside_of.append(
                input_values(it.projection, derive_from, _not_input, len(tasks_of[-1]), members=members_of[-1])
            )
            words_of.append(input_words(it.projection, derive_from, in_derive_from))
            numbers_in.append(input_numbers(it.projection, derive_from, in_derive_from))
            restated.add(it.expected[0], it.projection, words_of[-1], partial(_outside, derive_from))
        if not derive_from and n < _PROSE_SAMPLE:
            prose.update(_prose_places(it.projection))
        if not derive_from:
            task_text.add(it.projection, it.label_set)
        scalars: list[tuple[str, int]] | None = [] if places is not None else None
        visit = places.item(it.expected[0], scalars) if places is not None else None
        if scalars is not None:
            scalars_of.append(scalars)
            texts_of.append(words_at(it.projection))
            members_of.append({})
            values_of.append(input_values(it.projection, (), _anywhere, members=members_of[-1]))
        scalars_here = values_of[-1] if scalars is not None else input_values(it.projection, (), _anywhere)
        field_held.update(scalars_here.keys())
        dates_of.append({t: v for t, v in scalars_here.items() if isinstance(v, str) and day_of(v) is not None})
        if both_input is not None:
            found_leaves = leaves(it.projection)
            derived_of.append(derived(it.projection, both_input, found_leaves))
            lines_of.append(numbers_once([(f.template, f.text, f.number) for f in found_leaves]))
            for template, restates in restating_fields(found_leaves, partial(in_derive_from, derive_from=derive_from)):
                restating_held[template] += 1
                restating_hits[template] += restates
        else:
            derived_of.append(derived(it.projection))
        raws: set[tuple[str, str, str]] = set()
        named_here: list[tuple[tuple[str, str, str], tuple[str, str]]] = []
        found_here = candidates(
            it.projection,
            derive_from,
            visit,
            partial(pair_counts.add, n),
            masked_from,
            prose=True,
            raws=raws,
            moments=bool(derive_from),
            named_rows=named_here,
            labels=len(tasks_of[-1]),
        )
        templated_of.append(templated_texts(found_here))
        for cell_key, naming in named_here:
            named_by.setdefault(naming, set()).add(n)
            named_cells.append((n, cell_key, naming))
        own_here: tuple[str, ...] | None = None
        for raw in raws:
            raw_held.setdefault(raw, []).append(n)
            if derive_from and len(raw[2].split()) > PROSE_WORDS:  # prose outside the input, numbers folded
                if own_here is None:
                    own_here = own_values(it.projection, derive_from)
                reads = canned_read(raw[2], own_here)  # as written, and with the record's own values as one slot
                named_inside = masked_input(raw[2], input_names) != raw[2]  # the named input inside: its frame is its
                sentences = sentence_reads(raw[2], own_here)  # and each of its sentences, read alone
                whole_texts.update((raw[1], read) for read in reads)
                sentence_texts.update((raw[1], read) for read in sentences)
                for read in dict.fromkeys((*reads, *sentences)):
                    canned_held.setdefault((raw[1], read), []).append(n)
                    if named_inside:
                        input_inside.add((raw[1], read))
                if not named_inside:  # read whole, its reading would carry the input's words (as for _slotted)
                    whole_read.setdefault((raw[1], reads[-1]), set()).add(raw[2])
                for names in line_names(raw[2]):
                    lines_held.setdefault((raw[1], names), set()).add(n)
                for shape in line_shapes(raw[2]):
                    shapes_held.setdefault((raw[1], shape), set()).add(n)
        if places is not None:
            places.done()
        for key, where in found_here.items():
            if where[3] not in _AS_WRITTEN:
                viewed.add(key)
            if where[3] == "members":
                sets.add(key)
            a = held.get(key)
            if a is None:
                held[key] = array("I", (n,))
            else:
                a.append(n)
        if len(held) > max_candidates:
            held = {k: a for k, a in held.items() if len(a) > 1}
            viewed = {k for k in viewed if k in held}
            sets = {k for k in sets if k in held}
        if len(pair_counts.held) > max_candidates:
            pair_counts.prune()
        if len(raw_held) > max_candidates:  # only a text some template was read from is ever asked
            read_from = set().union(*masked_from.values())
            raw_held = {k: a for k, a in raw_held.items() if k in read_from}
        if len(canned_held) > max_candidates:
            canned_held = {k: a for k, a in canned_held.items() if len(a) > 1}
        if len(shapes_held) > max_candidates:
            shapes_held = {k: a for k, a in shapes_held.items() if len(a) > 1}
    # A table row named by a whole value (a name, not an id) is this record's only where few records hold the value:
    # a source, an office or a status shared by many names no record's row (:func:`.resolve.own_row_cells`).
    for n, cell_key, naming in named_cells:
        if len(named_by[naming]) > _NAMING_RECORDS and cell_key in held:
            kept_items = array("I", (i for i in held[cell_key] if i != n))
            if kept_items:
                held[cell_key] = kept_items
            else:
                del held[cell_key]
    # Without --derive-from the input is inferred from what the fields hold: it tells records apart as a named input
    # does, and prose read as the input is not mined (its whole texts, its codes), as a named input is not.
    inputs = places.inputs(len(labels_of)) if places is not None else []
    evidence = places.evidence(len(labels_of), inputs) if places is not None else []
    inputs = sorted([*inputs, *evidence])
    if places is not None:
        read_as_input = frozenset(inputs)
        prose_of = [p + input_prints(s, read_as_input) for p, s in zip(prose_of, scalars_of, strict=True)]
        prose_inputs = places.prose_inputs(len(labels_of)) | set(inputs)
        prose &= prose_inputs  # the prose left unread; elsewhere its whole texts and codes are mined
        if prose_inputs:
            held = {k: a for k, a in held.items() if not (k[1] in prose_inputs and _from_prose(k))}
    for key in splitting(_with_texts(held, raw_held, masked_from), masked_from):  # it carries another field's signal
        held.pop(key, None)
    record_of, record_label = records_of(labels_of, prose_of)
    # A value read with a flag that alone rides with one label holds nothing the flag does not (review 47b: a copy of
    # the input's `urgent` made every sibling field of the ticket ride with `escalate`, and sanitize cut them): left
    # to the flag's own test.
    held = _without_pure_flags(held, record_of, record_label, min_purity)
    canned = _canned(canned_held, record_of, record_label, min_purity)
    field_lines: dict[str, set[Names]] = {}
    for (template, names), its in lines_held.items():  # fields whose names many records carry: a record line
        if len({record_of[i] for i in its}) >= CANNED_RECORDS:
            field_lines.setdefault(template, set()).add(names)
    layout_lines: dict[str, set[str]] = {}
    for (template, shape), its in shapes_held.items():  # lines many records carry at one place: a shared layout
        if len({record_of[i] for i in its}) >= CANNED_RECORDS:
            layout_lines.setdefault(template, set()).add(shape)
    # a text filled in per record: canned but for its slots; not a text holding the named input inside, whose frame
    # would carry the input (the label's own message) and its slots the rest
    slotted = _slotted({k: a for k, a in canned_held.items() if k not in input_inside}) if canned_held else {}
    for frame, (records, label, purity) in _canned(
        {f: [i for t in texts for i in canned_held[t]] for f, texts in slotted.items()},
        record_of,
        record_label,
        min_purity,
    ).items():
        canned.setdefault(frame, (records, label, purity))
    sentence_only = sentence_texts - whole_texts
    canned_labels = {key: label for key, (_records, label, _purity) in canned.items()}  # a sentence's family (below)
    record_task: list[tuple[str, ...]] = [()] * len(record_label)
    for i in reversed(range(len(record_of))):
        record_task[record_of[i]] = tasks_of[i]
    label_counts: Counter[str] = Counter(record_label)
    counts: dict[tuple[str, str, str], dict[str, int]] = {}
    prints: dict[tuple[str, str, str], int] = {}
    for key, a in held.items():
        if len(a) < min_support:
            continue  # fewer items than the floor: fewer records too
        records = {record_of[i] for i in a}
        c: dict[str, int] = {}
        mark = 0
        for r in records:
            c[record_label[r]] = c.get(record_label[r], 0) + 1
            mark = (mark + _spread(r)) & _MASK
        counts[key] = c
        prints[key] = mark
    total = sum(label_counts.values())
    norms = {normalize_needle(sp) for lab in label_counts for sp in (lab, *identifier_spellings(lab))}
    # A label read in pieces (``shipping_delay`` in a router's field gives ``shipping``, ``delay``, ``shipping
    # delay``, held by the same items): the scan finds the label; its words written bare in a map would be searched
    # anywhere, the customer's own "my parcel is delayed" no exception. Per item set, the words of its label.
    label_words: dict[tuple[int, int], set[str]] = {}
    for key, c in counts.items():
        if key[0] != "value" and normalize_needle(key[2]) in norms:
            label_words.setdefault((prints[key], sum(c.values())), set()).update(normalize_needle(key[2]).split())
    groups: dict[tuple[int, int], list[tuple[str, str, str]]] = {}
    for key, c in counts.items():
        support = sum(c.values())
        if support < min_support or support >= total or normalize_needle(key[2]) in norms:
            continue
        of_label = label_words.get((prints[key], support))
        if of_label and key[0] in ("token", "ngram") and set(normalize_needle(key[2]).split()) <= of_label:
            continue
        groups.setdefault((prints[key], support), []).append(key)
    tests: list[tuple[tuple[str, str, str], str, int, int, float]] = []
    members: dict[tuple[str, str, str], list[tuple[str, str, str]]] = {}
    narrow_at: dict[int, tuple[str, ...]] = {}  # a test of a candidate that rules labels out (:func:`narrowed`)
    narrow_asked = 0  # … and the candidates asked whether they do: the family the correction counts
    for keys in groups.values():
        key = min(keys, key=lambda k: (_KIND_RANK[k[0]], k in viewed, len(k[1]) if k[0] == "key" else 0, len(k[2]), k))
        members[key] = keys if key in sets else [k for k in keys if k not in sets]  # a value is found as written
        c = counts[key]
        label, top = max(sorted(c.items()), key=lambda kv: kv[1])
        support = sum(c.values())
        p = fisher_greater(top, support, label_counts[label], total) * len(label_counts)
        tests.append((key, label, top, support, min(1.0, p)))
        # as written: a quotation read per record (:mod:`.quoted`) is dropped where the record's input holds its words,
        # so its presence may follow the label where its text is shared by every record
        if derive_from and key[0] == "value" and key not in viewed and top < min_purity * support:
            narrow_asked += 1
            narrow = narrowed(c, label_counts, min_purity)
            if narrow:
                inside = sum(c.get(lab, 0) for lab in narrow)
                p = fisher_greater(inside, support, sum(label_counts[lab] for lab in narrow), total)
                narrow_at[len(tests)] = narrow
                tests.append((key, narrow[0], inside, support, min(1.0, p * (2 ** len(label_counts) - 2))))
    # Without --derive-from, a field too few items hold to be the input is asked on its own evidence too.
    scarce = frozenset(places.scarce(len(labels_of))) if places is not None else frozenset()
    own_evidence = (lambda _t: True) if derive_from else (lambda t: t in scarce)
    sorted_blocks: set[Key] = set()
    for key, label, support, p, keys in _range_tests(
        {k: a for k, a in held.items() if k not in sets} if sets else held,
        record_of,
        record_label,
        record_task,
        min_support,
        own_evidence,
        sorted_blocks,
    ):
        members[key] = keys
        tests.append((key, label, support, support, p))
    record_dates: list[dict[str, str]] = [{}] * len(record_label)
    for i in reversed(range(len(record_of))):
        record_dates[record_of[i]] = dates_of[i]
    outside = (lambda t: not in_derive_from(t, derive_from)) if derive_from else (lambda t: t not in inputs)

    def holders(key: Key) -> set[int]:
        return {record_of[i] for i in held.get(key, ())}

    owned: set[Key] = set()  # the relations, whose members are their label's own (:func:`_own_members`)
    for key, label, support, p, keys in _gap_tests(record_dates, outside, record_label, record_task, min_support):
        members[key] = keys
        tests.append((key, label, support, support, p))
    record_derived: list[list[Derived]] = [[]] * len(record_label)
    for i in reversed(range(len(record_of))):
        record_derived[record_of[i]] = derived_of[i]
    relation_of: dict[Key, tuple[str, str, str]] = {}
    input_objects = {t.rpartition("/")[0] for t in inputs}

    # A field outside the named input whose value is one of the input's on nearly every record restates it (an
    # invoice's amount and units copying the order's total and quantity): paired, it is the input's own relation.
    restating_input = {
        t for t, n in restating_held.items() if n >= min_support and restating_hits[t] >= _RESTATING_SHARE * n
    }

    def relation_input(template: str, dated: bool) -> bool:
        """A field of the input: named, or read as the input (a date, which is never read so, where its object holds a
        field read so: a track gap's start beside its distance, a booking's slot beside its party size)."""
        if derive_from:
            return in_derive_from(template, derive_from) or template in restating_input
        return template in inputs or (dated and template.rpartition("/")[0] in input_objects)

    # With the input named a pair of two of its fields is its own measurement; read as the input without it, a pair
    # with either field there may be (a date the input's window starts from), as a single value there is not a leak.

    relation_records: dict[Key, frozenset[int]] = {}  # a relation's candidate → the records holding its values
    relation_parts: dict[Key, list[frozenset[int]]] = {}  # … and per value of it, the records holding that value
    for key, label, top, support, p, keys, relation, parts in _relation_tests(
        record_derived,
        relation_input,
        holders,
        record_label,
        label_counts,
        min_support,
        either=not derive_from,
        field_held=field_held,
    ):
        members[key] = keys
        relation_of[key] = relation
        relation_records[key] = frozenset().union(*parts)
        relation_parts[key] = parts
        owned.add(key)
        tests.append((key, label, top, support, p))
    if lines_of:  # a number computed from the answer and another field: one exact line per label (:mod:`.label_lines`)
        record_lines: list[dict[str, tuple[Fraction, str]]] = [{}] * len(record_label)
        for i in reversed(range(len(record_of))):
            record_lines[record_of[i]] = lines_of[i]
        for test in line_tests(record_lines, record_label, lambda t: relation_input(t, False))[0]:
            on_line = frozenset(test.records)
            keys = _own_members(
                test.y, {record_lines[r][test.y][1] for r in on_line}, on_line, test.label, holders, record_label
            )
            if keys:
                key = ("range", test.y, line_text(test))
                members[key] = keys
                relation_of[key] = (LINE, test.y, test.x)  # two fields make it: neither is graded (:func:`_graded`)
                relation_records[key] = on_line
                relation_parts[key] = [on_line]
                owned.add(key)
                tests.append((key, test.label, len(on_line), len(on_line), test.p))
    # A field read as the task's input holds values of one label each by nature (messages drawn from a pool per
    # label): the code book asks that of the fields the owner named as not the input, or that do not read as one.
    # With the input named, a passing field's labels are found down to the book's own count floor (its test is the
    # evidence); without it, a field may still be the content, and each label keeps the support floor.
    # Without it, so does a field too few items hold to be the input (an upstream step's stage on some records).
    book_floor = min(min_support, MIN_VALUE) if derive_from else min_support
    # Per record, its input's words (named, or read as the input without derive_from): a part copied from them is
    # the input's signal (a slug or a URL built from the title), not a part set from the answer.
    book_words: list[InputWords] = []
    item_words = words_of or _inferred_input_words(texts_of, frozenset(inputs))
    if item_words:
        book_words = [frozenset()] * len(record_label)
        for i in reversed(range(len(record_of))):
            book_words[record_of[i]] |= item_words[i]
    floored: set[str] = set()
    """The fields whose book holds values the support floor keeps back (reported when the field is mined)."""
    values = {k: a for k, a in held.items() if k not in sets} if sets else held  # a set is no value of the field
    for key, label, support, p, keys in _code_book_tests(
        values,
        record_of,
        record_label,
        record_task,
        book_floor,
        norms,
        frozenset(inputs),
        scarce,
        viewed,
        book_words,
        floored,
        lambda _t: bool(derive_from),
    ):
        members[key] = keys
        tests.append((key, label, support, support, p))
    whole_keys: set[Key] = set()
    if derive_from:  # a field whose every value is one label's, tested as a whole (:func:`whole_fields`)
        whole_input: list[InputValues] = [{}] * len(record_label)
        whole_words: list[InputWords] = [frozenset()] * len(record_label)
        for i in reversed(range(len(record_of))):
            whole_input[record_of[i]] = input_of[i]
            whole_words[record_of[i]] = words_of[i]
        for key, label, support, p, keys in whole_fields(
            _whole_groups(values, viewed, norms, whole_read, raw_held, record_of),
            record_label,
            whole_input,
            record_words=whole_words,
        ):
            if key in members:  # tested as a code book already: one test, found by the values of both
                members[key] = _distinct_keys([*members[key], *keys])
                at = next(k for k, t in enumerate(tests) if t[0] == key)
                tests[at] = (*tests[at][:4], min(tests[at][4], p))
                continue
            members[key] = keys
            whole_keys.add(key)
            for k in keys:  # a text too long to be a candidate is held all the same (:func:`_long_texts`)
                if k not in held and k in raw_held:
                    held[k] = array("I", raw_held[k])
            tests.append((key, label, support, support, p))
    # An unlisted input's candidates are the input's signal: tested apart, they do not loosen the riders' correction.
    unlisted = restated.unlisted()
    apart = {t[0] for t in tests if unlisted and restated.inside(members[t[0]], held, viewed)}
    # So are the sets of a list's members (:func:`members_text`), a reading of values tested already one by one: a
    # set held by the same records as a value is that value's test; the others do not loosen the values' correction.
    # And so are the values read with their object's flag (:mod:`.flag_marks`): each is a value tested as written too.
    # And so are the candidates that only rule labels out: a weaker claim, tested over every set of labels.
    family = [
        4 if n in narrow_at else 1 if t[0] in apart else 2 if t[0] in sets else 3 if flagged(t[0][1]) else 0
        for n, t in enumerate(tests)
    ]
    adjusted = _adjust_apart([t[4] for t in tests], family, correction)
    if (
        narrow_at
    ):  # the set is chosen from the data: every candidate asked counts in the correction, not only those kept
        narrowing = sorted(narrow_at)
        padded = adjust_p([tests[n][4] for n in narrowing] + [1.0] * (narrow_asked - len(narrowing)), correction)
        for n, q in zip(narrowing, padded, strict=False):
            adjusted[n] = q
    found: list[tuple[Suggestion, list[tuple[str, str, str]]]] = []
    for n, ((key, label, top, support, p), q) in enumerate(zip(tests, adjusted, strict=True)):
        narrow = narrow_at.get(n, ())
        purity = top / support
        base = (sum(label_counts[lab] for lab in narrow) if narrow else label_counts[label]) / total
        if q > alpha or purity < min_purity or purity <= base:
            continue
        kind, pointer, text = key
        also = _distinct([text, *(k[2] for k in members[key])])[1:]
        rel = relation_of.get(key)
        related: tuple[str, tuple[str, ...]] = (describe(rel), rel[1:]) if rel else ("", ())
        for lab in narrow or (label,):
            sug = Suggestion(
                pointer, text, lab, purity, support, base, kind, p, q, also, related[0], related[1], narrows=narrow
            )
            found.append((sug, members[key]))
    # An n-gram made of a word that is itself found for the same label adds nothing ('q2 stuck' beside 'q2').
    # (A candidate that only rules labels out, :func:`narrowed`, states none: nothing is found beside it.)
    words = {(sug.label, k[2]) for sug, keys in found if not sug.narrows for k in keys if k[0] != "ngram"}
    # A code book whose values are each found alone for its label adds nothing either (a badge of 80 items a glyph).
    alone = {(sug.label, k) for sug, keys in found if sug.kind != "field" and not sug.narrows for k in keys}
    # A field's book within another of the same field and label adds nothing either (``2…`` beside ``26…``, both
    # holding the codes 26xx): the widest is kept, and of equal ones the shortest head.
    books = [
        (sug, frozenset(keys)) for sug, keys in found if sug.kind == "field" and not _parts_found_alone(sug, alone)
    ]
    inner = {
        id(sug)
        for sug, keys in books
        for other, wider in books
        if other is not sug
        and (other.pointer, other.label) == (sug.pointer, sug.label)
        and keys <= wider
        and (keys < wider or (len(other.value), other.value) < (len(sug.value), sug.value))
    }
    # A set of a list's members one of which is found for the same label adds nothing either (a book's action beside
    # the pair of actions it stands in).
    keyed = {(sug.label, k) for sug, keys in found if not sug.narrows for k in keys if k not in sets}
    # A field tested whole adds nothing where finer findings of its label cover its records (:func:`_whole_covered`).
    whole_covered = _whole_covered(found, whole_keys, held, record_of) if whole_keys else set()
    # A glyph's runs whose lengths shift the odds as a measurement does are the text's own measure (:mod:`.glyph_runs`).
    measured = _measured_runs(found, held, record_of, record_label)
    # A block of one number beside that number found as a value of the same label adds nothing (QA-38 L6: ``23`` shown
    # as a range and as a value).
    valued = {(sug.label, k) for sug, keys in found if sug.kind == "value" and not sug.narrows for k in keys}
    out = [
        sug
        for sug, keys in found
        if (sug.kind != "ngram" or not any((sug.label, w) in words for w in sug.value.split()))
        and (
            (sug.kind, sug.pointer, sug.value) not in sets
            or not any((sug.label, ("value", sug.pointer, m)) in keyed for m in sug.value[1:-1].split(", "))
        )
        and (sug.kind != "field" or not all((sug.label, k) in alone for k in keys))
        and not _parts_found_alone(sug, alone)
        and id(sug) not in inner
        and id(sug) not in whole_covered
        and not (measured and sug.kind == "token" and (sug.pointer, run_glyph(sug.value)) in measured)
        and not (sug.kind == "range" and len(keys) == 1 and (sug.label, keys[0]) in valued)
    ]
    explained: list[Explained] = []
    if input_of:  # a rider the task's input already tells is the input's signal, not a leak (:mod:`.input_explained`)
        fixed = fixed_by_input(input_of, outside_of, labels_of)  # a field the input's values fix is the input's
        numbers = fixed_numbers(fixed, outside_of)  # and so is a fixed number's range, its unique values' too
        record_input: list[InputValues] = [{}] * len(record_label)
        record_outside: list[InputValues] = [{}] * len(record_label)
        record_words: list[InputWords] = [frozenset()] * len(record_label)
        record_numbers: list[InputWords] = [frozenset()] * len(record_label)
        for i in reversed(range(len(record_of))):
            record_input[record_of[i]] = input_of[i]
            record_outside[record_of[i]] = outside_of[i]
            record_words[record_of[i]] = words_of[i]
            record_numbers[record_of[i]] = numbers_in[i]
        ranked = ranked_by_input(input_of, outside_of)  # a score vector whose top is the input's (:mod:`.score_tops`)
        kept = []
        clipped: list[Explained] = []  # explained riders writing their label short: kept where the field states labels
        # A relation's riders are the records holding it, not every record holding one of its field's values.
        riders_by = [
            set(relation_records[key])
            if (key := (sug.kind, sug.pointer, sug.value)) in relation_records
            else {record_of[i] for k in members[key] for i in held.get(k, ())}
            for sug in out
        ]
        merged_by: dict[tuple[str, ...], list[str]] = {}  # a narrowing candidate's labels as one (:func:`merged`)

        def asked_as(sug: Suggestion) -> tuple[str, list[str]]:
            """The label a test of the input asks of ``sug``, and the records' labels it reads."""
            if not sug.narrows:
                return sug.label, record_label
            if sug.narrows not in merged_by:
                merged_by[sug.narrows] = merged(record_label, sug.narrows)
            return NARROWED, merged_by[sug.narrows]

        placed = [
            explained_by(riders_of, ask, sug.purity, record_input, labels, several=bool(sug.narrows))
            for sug, riders_of in zip(out, riders_by, strict=True)
            for ask, labels in (asked_as(sug),)
        ]
        asked = len({sug.pointer for sug, input_at in zip(out, placed, strict=True) if input_at is not None})
        for sug, riders_of, input_at in zip(out, riders_by, placed, strict=True):
            key = (sug.kind, sug.pointer, sug.value)
            ask, asked_labels = asked_as(sug)
            if input_at is not None and scattered(
                riders_of, ask, input_at, record_input, asked_labels, asked, record_outside
            ):
                input_at = (
                    None  # its records lie scattered over the input, not on a stretch of it (:mod:`.label_edges`)
                )
            why = (  # given up only where every record holding it holds a value the input fixes
                "(fixed by the input's values)"
                if sug.pointer in fixed
                and riders_of
                and (
                    (sug.kind == "range" and sug.pointer in numbers)
                    or all(record_outside[r].get(sug.pointer) in fixed[sug.pointer] for r in riders_of)
                )
                else None
            )
            if why is None and sug.kind == "value" and sug.value.startswith(TOP_PREFIX):
                why = ranked.get(_general(sug.pointer))
            why = why or input_at
            if why is None and len(relation_parts.get(key, ())) > 1:
                why = _explained_per_value(relation_parts[key], sug, min_support, record_input, record_label)
            if (
                why is None
                and sug.kind in WORD_KINDS
                and explained_by_words(
                    riders_of, sug.value, ask, sug.purity, record_words, asked_labels, record_numbers
                )
            ):
                why = "(the input's own words)"
            if why is None:
                kept.append(sug)
            elif clips_label(sug.value, sug.label, label_counts):
                clipped.append(Explained(sug, why))
            else:
                explained.append(Explained(sug, why))
        # a rider that writes its label short states it (principle 1), whatever the input tells, where its field is
        # a column stating labels: the field also carries another label's rider kept (a notice's status `OFF STA`
        # beside `DMGD`); alone, a short word of the input's own (`app`, `pos`, `min`) stays explained (review 29r)
        stating = {(sug.pointer, sug.label) for sug in kept}
        for ex in clipped:
            if any(p == ex.suggestion.pointer and lab != ex.suggestion.label for p, lab in stating):
                kept.append(ex.suggestion)
            else:
                explained.append(ex)
        out = kept
        mined = {sug.value.casefold() for sug in out}
        canned = {  # others never asked; an n-gram is read across punctuation, as its text's tokens (``full. you``)
            key: v
            for key, v in canned.items()
            if any(value in key[1] for value in mined) or any(value in _token_text(key[1]) for value in mined)
        }
        index = word_labels(record_words, record_label) if canned else {}
        by_value = value_groups(record_input) if canned else {}
        canned = {  # a text the input picks (each hazard its own canned conclusion) tells the label as the input does
            key: (records, label, purity)
            for key, (records, label, purity) in canned.items()
            if explained_by(records, label, purity, record_input, record_label) is None
            and explained_by_a_word(records, label, purity, record_words, record_label, index) is None
            and picked_by_values(records, label, record_input, by_value, record_label, CANNED_RECORDS) is None
        }
        spelled = mined | {a.casefold() for sug in out for a in sug.also}  # a mined word's runs, each its slot
        canned = {  # a sentence canned alone counts in a family of its frame only (:func:`_sentence_family`)
            key: v
            for key, v in canned.items()
            if not all(t in sentence_only for t in slotted.get(key, [key]))
            or _sentence_family(key, v[1], canned_labels, spelled)
        }
    restating = [sug for sug in out if (sug.kind, sug.pointer, sug.value) in apart]
    out = [sug for sug in out if (sug.kind, sug.pointer, sug.value) not in apart]
    told = (
        _told(
            out,
            members,
            held,
            record_of,
            record_label,
            texts_of,
            values_of,
            frozenset(inputs),
            relation_parts,
            min_support,
        )
        if texts_of
        else set()
    )
    out.sort(key=lambda s: (-s.purity, s.q_value, -s.support, s.pointer, s.value))
    pairs, pairs_tested = riders(
        pair_counts,
        record_of,
        record_label,
        min_support=min_support,
        alpha=alpha,
        correction=correction,
        labels_norm=frozenset(lab.casefold() for lab in label_counts),
    )
    views = _graded(
        out, members, outside_of if derive_from else values_of, labels_of, user_correlated, templated_of, members_of
    )
    return MineResult(
        items=len(labels_of),
        labels=dict(sorted(label_counts.items())),
        candidates=len(counts) + len({(d.relation, d.value) for found in record_derived for d in found}),
        tested=len(tests),
        alpha=alpha,
        correction=correction,
        min_support=min_support,
        min_purity=min_purity,
        suggestions=out,
        derive_from=list(derive_from),
        members={(sug.kind, sug.pointer, sug.value): keys for sug, keys in found},
        owned={(sug.kind, sug.pointer, sug.value) for sug, _keys in found} & owned,
        records=total,
        inputs=inputs if out else [],
        evidence=evidence if out else [],
        pairs=pairs,
        pairs_tested=pairs_tested,
        explained=explained,
        unlisted={t: share for t, share in unlisted.items() if any(s.pointer in ("", t) for s in restating)},
        restating=restating,
        task_words=task_text.words() if out else frozenset(),
        task_clauses=task_text.clauses() if out else {},
        floored=sorted(floored & {sug.pointer for sug in out}),
        prose=sorted(prose),
        told=told if out else set(),
        canned={t for key in canned for t in slotted.get(key, [key])} if out else set(),
        field_lines=field_lines if out else {},
        layout_lines=layout_lines if out else {},
        sorted_blocks={(s.kind, s.pointer, s.value) for s in out if (s.kind, s.pointer, s.value) in sorted_blocks},
        graded=sorted(views.whole),
        views=views,
    )


def templated_texts(found: Mapping[Key, Where]) -> dict[str, str]:
    """One item's texts read as templates (:mod:`.templates`), per field: a field holding several (a list) is left
    out, as :func:`~.input_explained.input_values` leaves it."""
    out: dict[str, str] = {}
    many: set[str] = set()
    for key, where in found.items():
        if where[3] == "template" and key[0] == "value":
            if key[1] in out:
                many.add(key[1])
            out[key[1]] = key[2]
    for template in many:
        del out[template]
    return out


def _measured_runs(
    found: Sequence[tuple[Suggestion, Sequence[Key]]],
    held: Mapping[Key, array[int]],
    record_of: Sequence[int],
    record_label: Sequence[str],
) -> set[tuple[str, str]]:
    """:func:`measured_runs` over the glyph runs mining holds, when a run is among the suggestions ``found``."""
    if not any(sug.kind == "token" and run_glyph(sug.value) is not None for sug, _keys in found):
        return set()
    runs = {
        k: Counter(record_label[r] for r in {record_of[i] for i in a})
        for k, a in held.items()
        if k[0] == "token" and run_glyph(k[2]) is not None
    }
    return measured_runs(runs)


def measured_runs(runs: Mapping[Key, Counter[str]]) -> set[tuple[str, str]]:
    """The ``(pointer, glyph)`` places whose glyph runs (of ``runs``: each candidate → the labels of the records holding
    it; those that are no glyph run are ignored) are one family (:func:`~.glyph_runs.run_families`: that glyph's runs
    at that place, each length a value) that is :func:`graded`: the labels of the records holding each length shift
    with the length rather than each length naming one (a card's border as wide as its content, the content showing a
    reading), so none of its runs is a rider. A rating written as a run (one length per label) is not graded. Mining
    drops such runs from its suggestions and the ``blind`` agent does not read them (:mod:`.simulate`)."""
    out: set[tuple[str, str]] = set()
    for place, keys in run_families(runs).items():
        if len(keys) >= 2 and graded(runs[k] for k in keys):
            out.add(place)
    return out


def _graded(
    out: Sequence[Suggestion],
    members: Mapping[Key, Sequence[Key]],
    values: Sequence[InputValues],
    labels: Sequence[str],
    told: Collection[str] = (),
    templated: Sequence[Mapping[str, str]] = (),
    listed: Sequence[MemberValues] = (),
) -> GradedViews:
    """Principle 7's verdict on the suggestions ``out`` (:class:`~windtunnel.leakage.graded.GradedViews`). Read whole:
    the fields of their candidates (a whole value's, a run's, a word's: the fields their members sit at; not a
    relation's, which two fields make) that are graded (:func:`~windtunnel.leakage.graded.graded_fields`), over each
    item's ``values`` outside the named input (``values_of`` without it) and its label; a field holding a value of
    ``told`` (the user names it as correlated) is not graded; a list's members (``listed``, per item) count in their
    field's measure. Then those fields read as templates (``templated``, per
    item: its texts read as templates), where a template and a word surviving the masking are judged too."""
    keys = [
        k
        for s in out
        if not s.relation and s.kind != "key"
        for k in [(s.kind, s.pointer, s.value), *members.get((s.kind, s.pointer, s.value), ())]
        if k[1]
    ]
    fields = {_general(k[1]) for k in keys}
    # a field a relation is found at is computed from the answer with another field (a duty at the class's rate on
    # the declared amount): its single values may mix, the pair does not
    fields -= {_general(t) for s in out if s.relation for t in [s.pointer, *s.relation_fields] if t}
    if not fields or len(values) != len(labels):
        return GradedViews()
    # a score vector's top is graded where a member is and its own top is not pure (:func:`~.graded.graded_tops`): a
    # prior state's scores; an answer written as scores keeps a pure top, whatever its members
    tops = {_general(s.pointer) for s in out if s.kind == "value" and s.value.startswith(TOP_PREFIX) and s.pointer}
    parts = {t for v in values for t in v if t.rsplit("/", 1)[0] in tops} - fields
    graded = graded_fields(values, labels, fields | parts, told, listed)
    whole = (graded & fields) | graded_tops(graded & parts, tops, values, labels)
    words = {
        (_general(k[1]) if k[1] else "", k[2])
        for s in out
        if not s.relation
        for k in [(s.kind, s.pointer, s.value), *members.get((s.kind, s.pointer, s.value), ())]
        if k[0] in IN_OWN_WORDS
    }
    if len(templated) != len(values):  # no text read as a template: each reads as it is
        templated = [{} for _ in values]
    return graded_views(values, templated, labels, whole, words, told)


def _told(
    out: Sequence[Suggestion],
    members: Mapping[Key, Sequence[Key]],
    held: Mapping[Key, array[int]],
    record_of: Sequence[int],
    record_label: Sequence[str],
    texts_of: Sequence[Mapping[str, InputWords]],
    values_of: Sequence[InputValues],
    inputs: frozenset[str],
    relations: Mapping[Key, Sequence[frozenset[int]]],
    min_support: int,
) -> set[Key]:
    """Without ``derive_from``: the suggestions (a word, an n-gram, a short value) made of the words that the fields
    read as the task's input (``inputs``) hold on every record holding them, where those words tell the label as the
    suggestion does (:func:`explained_by_words`, as with a named input): a CMS slug, a tag or a file name built from
    the headline the task reads. Whatever they predict, the input predicts from the same words."""
    if not inputs:
        return set()
    record_words: list[InputWords] = [frozenset()] * len(record_label)
    record_input: list[InputValues] = [{}] * len(record_label)
    for i in reversed(range(len(record_of))):
        record_words[record_of[i]] = frozenset().union(*(w for t, w in texts_of[i].items() if t in inputs))
        record_input[record_of[i]] = {t: v for t, v in values_of[i].items() if t in inputs}
    told: set[Key] = set()
    for sug in out:
        key = (sug.kind, sug.pointer, sug.value)
        riders_of = (
            set().union(*relations[key])
            if key in relations
            else {record_of[i] for k in members[key] for i in held.get(k, ())}
        )
        outside = bool(sug.pointer) and sug.pointer not in inputs  # its own field would tell it (its own value)
        if outside and (
            explained_by(riders_of, sug.label, sug.purity, record_input, record_label) is not None
            or (
                len(relations.get(key, ())) > 1
                and _explained_per_value(relations[key], sug, min_support, record_input, record_label) is not None
            )
        ):
            told.add(key)
            continue
        if any(k[0] in ("value", "range") and k[1] in inputs for k in members[key]):
            told.add(key)  # held by exactly the records holding a value of the input: that value's twin
            continue
        if sug.kind in WORD_KINDS and explained_by_words(
            riders_of, sug.value, sug.label, sug.purity, record_words, record_label
        ):
            told.add(key)
    return told


def _anywhere(_pointer: str, _derive_from: Sequence[str]) -> bool:
    """Every field is a candidate for the input before it is inferred (:func:`input_values`)."""
    return True


def _range_tests(
    held: Mapping[tuple[str, str, str], array[int]],
    record_of: Sequence[int],
    record_label: Sequence[str],
    record_task: Sequence[tuple[str, ...]],
    min_support: int,
    evidence: Callable[[str], bool] = lambda _t: False,
    blocks: set[tuple[str, str, str]] | None = None,
) -> Iterator[tuple[tuple[str, str, str], str, int, float, list[tuple[str, str, str]]]]:
    """``(key, label, support, p, member keys)`` of each run of a field's numbers held by one label only
    (:func:`~windtunnel.leakage.ranges.pure_runs`): a score that maps to the answer, each value too rare to be
    mined alone. ``p`` is the one-sided Fisher p of the run's records, times the number of labels and the number of
    intervals of the field's values (the run was picked among them), counted among the records holding the field (a
    field only one label's records hold, or one kind of record in a file mixing several, is not sorted by its
    numbers, whatever its labels' share of the file); the members are the run's whole values at
    their pointer, so the run is found, mapped and sanitized as those values would be. A field for which ``evidence``
    holds (with ``--derive-from``, any; without, one too few items hold to be the input) is also asked as a whole:
    sorted, one block per label (:func:`~windtunnel.leakage.ranges.separated`), each block is a run with the field's
    p, whatever its records; so is a code's word with its numbers (``wind 72`` … ``wind 163`` in a statement's text:
    one block per label). ``blocks`` collects the keys of the runs found so, as blocks of a whole field."""
    fields: dict[str, dict[str, set[int]]] = {}
    coded: dict[str, dict[str, set[int]]] = {}
    for key, a in held.items():
        if key[0] == "value" and scale_of(key[2]) is not None:
            fields.setdefault(key[1], {})[key[2]] = {record_of[i] for i in a}
        elif key[0] == "ngram" and (m := _CODE_NUMBER.fullmatch(key[2])) is not None:
            coded.setdefault(m.group(1), {})[key[2]] = {record_of[i] for i in a}
    yield from _runs_of(fields, record_label, record_task, min_support, evidence=evidence, blocks=blocks)
    yield from _runs_of(coded, record_label, record_task, min_support, coded=True, evidence=evidence, blocks=blocks)


def _gap_tests(
    record_dates: Sequence[Mapping[str, str]],
    outside: Callable[[str], bool],
    record_label: Sequence[str],
    record_task: Sequence[tuple[str, ...]],
    min_support: int,
) -> Iterator[tuple[tuple[str, str, str], str, int, float, list[tuple[str, str, str]]]]:
    """The block test of :func:`_field_runs` over a date's gap from another date of its record
    (:func:`~windtunnel.leakage.ranges.date_gaps`: the date a field ``outside`` the input, the other one of the
    input): a value computed from the input (a next-eligible date the deferral's length after the visit). Only the
    field tested whole: a date set from the answer falls into one block per label, while a run of gaps (an alert
    raised 2 to 5 days after a track gap began) is the input's own duration read again. ``p`` is multiplied by the
    number of pairs asked (the pair was chosen among them); the key says what was computed
    (``28 days after /visit/date``, at the date's pointer) and the members are the dates as written at their
    pointer, so the finding points at the derived field's characters and is mapped and sanitized as those values
    would be."""
    gaps = {pair: by_text for pair, by_text in date_gaps(record_dates, outside).items() if len(by_text) >= 3}
    for (b, a), whole in gaps.items():
        for by_text in by_task(whole, record_task):
            for key, label, support, p, keys in _field_runs(
                b, by_text, record_label, min_support, False, blocks_only=True
            ):
                records = set().union(*(by_text[k[2]] for k in keys))
                dates = sorted({record_dates[r][b] for r in records})
                gap = ("range", b, f"{key[2]} days after {a}")
                yield gap, label, support, min(1.0, p * len(gaps)), [("value", b, d) for d in dates]


def _tells_more(values: Collection[str], first: Collection[str], second: Collection[str]) -> bool:
    """Whether a value derived from two fields (a ratio, a gap between two dates: ``values``, over the records
    holding it) tells more than either field alone (``first``, ``second``: their values there): only where its values
    are fewer than each field's. With one field constant (a flat fee, one report date) or of few values, the derived
    value is the other field rescaled, a value of its own, not a relation — it is not asked (nor counted among the
    pairs read)."""
    return len(values) < min(len(first), len(second))


def _both_ways(texts: Collection[str]) -> bool:
    """Whether a count field's values (``texts``) are zero on some records and not on others: else which of two counts
    are zero is the other count's zero alone, a value of its own."""
    zero = [float(t) == 0 for t in texts if number_of(t) is not None]
    return any(zero) and not all(zero)


def _own_members(
    pointer: str,
    texts: Iterable[str],
    records: Set[int],
    label: str,
    holders: Callable[[Key], set[int]],
    record_label: Sequence[str],
) -> list[Key]:
    """The members of a derived value (a relation's, a date gap's) at ``pointer``: its field's ``texts`` on the
    ``records`` holding it, less those some record of ``label`` outside ``records`` holds too (``holders``: the records
    holding a candidate): as a value it would be found there too, where nothing was derived (a driver's rating of
    4.75, beside an upstream probability on some records only; an export date every label's records share)."""
    return [
        ("value", pointer, t)
        for t in sorted(texts)
        if not any(r not in records and record_label[r] == label for r in holders(("value", pointer, t)))
    ]


def _explained_per_value(
    parts: Sequence[frozenset[int]],
    sug: Suggestion,
    min_support: int,
    record_input: Sequence[InputValues],
    record_label: Sequence[str],
) -> str | None:
    """The input field that tells each value of a relation found as a block (``parts``: per value, the records
    holding it), or None: a tax rate each origin of a region has its own of, two origins to a region, sits in no one
    place of the input as a block, yet each rate does (:func:`explained_by`, as a candidate of one value would be). A
    value held by fewer than ``min_support`` records is no evidence (one record is its own place), so none is
    explained then."""
    if any(len(part) < min_support for part in parts):
        return None
    why = [explained_by(set(part), sug.label, sug.purity, record_input, record_label) for part in parts]
    if any(w is None for w in why):
        return None
    return ", ".join(sorted({w for w in why if w is not None}))


_RELATION_RANK = {"months": 0, "days": 1, "order": 2, "ratio": 3, "difference": 4, "zeros": 5, "both": 6}
_RESTATING_SHARE = 0.9
"""Share of the records holding a number or date outside the named input on which its value is one of the input's,
from which the field is the input restated when relations are paired."""


def _relation_tests(
    record_derived: Sequence[Sequence[Derived]],
    is_input: Callable[[str, bool], bool],
    holders: Callable[[Key], set[int]],
    record_label: Sequence[str],
    label_counts: Mapping[str, int],
    min_support: int,
    *,
    either: bool = False,
    field_held: Mapping[str, int] | None = None,
) -> Iterator[tuple[Key, str, int, int, float, list[Key], tuple[str, str, str], list[frozenset[int]]]]:
    """``(key, label, top, support, p, member keys, relation (its kind and two fields), per value the records holding
    it)`` of each value derived
    from a pair of fields of the record (:mod:`.relations`: the ratio of two numbers, the gap between two dates) that
    ``min_support`` records or more hold and not every one: a candidate like a whole value, tested as one (one-sided
    Fisher exact over the records, times the number of labels), its p also multiplied by the number of pairs read over
    the dataset (the pair was chosen among them). Derived values held by the same records are one test (the whole months
    and the days of one gap). Each pair is also asked as a number field tested whole, as a date's gap from the input is
    (:func:`_gap_tests`: sorted, one block per label, :func:`~windtunnel.leakage.ranges.separated`, its p times the
    pairs read): a validity of 12, 9, 6 or 0 months by grade on 28 records of 140 gives blocks of 5 to 9 records, whose
    value tests alone the pairs' count outweighs; a value whose records are a block's is not tested again.

    A pair both of whose fields ``is_input`` (template, whether a date) is not asked, nor with ``either`` (the input
    read, not named) one with either field there: a relation of the task's own measurements is its signal. The key
    says what was derived (``/duty / /value = 0.375``) at one of the two fields
    not of the input, the one keeping the most members (below); the members are that field's values as written on
    the records holding the derived value, so the finding points at its characters and is mapped and sanitized as
    those values would be. A member some record outside the relation of the same label holds too (``holders``: the
    records holding a candidate) is left out: as a value it would be found there too, where nothing was derived (a
    driver's rating of 4.75, beside an upstream probability on some records only: :func:`_own_members`). Each value's
    records are yielded apart (the block's whole records are their union), for the input to explain a relation value
    by value (:func:`_explained_per_value`)."""
    by_value: dict[tuple[tuple[str, str, str], str], dict[int, tuple[str, str]]] = {}
    relations: set[tuple[str, str, str]] = set()
    spreads: dict[tuple[str, str, str], tuple[set[str], set[str], set[str]]] = {}
    for r, found in enumerate(record_derived):
        for d in found:
            dated = d.relation[0] in _DATED
            first, second = is_input(d.relation[1], dated), is_input(d.relation[2], dated)
            # which of two counts are zero is two facts side by side: with either count the input's, it credits the
            # input's own zero to the other field (review 45: 198 of 400 clean records flagged), so it is not asked
            if (first or second) if (either or d.relation[0] == ZEROS) else (first and second):
                continue
            relations.add(d.relation)
            by_value.setdefault((d.relation, d.value), {}).setdefault(r, d.texts)
            spread = spreads.setdefault(d.relation, (set(), set(), set()))
            spread[0].add(d.value)
            spread[1].add(d.texts[0])
            spread[2].add(d.texts[1])
    told = {
        rel
        for rel, (values, first, second) in spreads.items()
        if (_both_ways(first) and _both_ways(second) if rel[0] == ZEROS else _tells_more(values, first, second))
    }
    relations &= told
    # relations asked, per family: which counts are zero (many to an object of counts) is asked apart from the
    # measured relations, so that its pairs do not weaken their tests (review 45: a rope inventory's two differences
    # held together lost with twelve more counts beside them)
    # (so is which of two dates comes first: a sign beside each gap, asked apart so that it does not halve their tests)
    zeros_asked = sum(1 for rel in relations if rel[0] == ZEROS)
    order_asked = sum(1 for rel in relations if rel[0] == ORDER)
    others_asked = len(relations) - zeros_asked - order_asked

    def asked(relation: tuple[str, str, str]) -> int:
        return zeros_asked if relation[0] == ZEROS else order_asked if relation[0] == ORDER else others_asked

    by_value = {k: v for k, v in by_value.items() if k[0] in told}
    total = len(record_label)

    # Of two fields keeping as many members, the finding points (and the sanitizer cuts) at the one a later stage
    # wrote: the one fewer items hold (``field_held``: an upstream's figure on some records), else, of two dates, the
    # later on most of the records (a next survey's due date, the survey's date plus the band's interval).
    present = field_held or {}

    def members(relation: tuple[str, str, str], records: Set[int], values: Sequence[str], label: str) -> list[Key]:
        dated = relation[0] in _DATED
        best: list[Key] = []
        best_rank: tuple[int, int] = (0, 0)
        held_at = [(by_value[(relation, v)][r]) for v in values for r in by_value[(relation, v)] if r in records]
        later = sum(1 for a, b in held_at if b > a) * 2 > len(held_at) if dated else False
        for at in (0, 1):
            pointer = relation[1 + at]
            if is_input(pointer, dated):
                continue
            texts = {pair[at] for pair in held_at}
            keys = _own_members(pointer, texts, records, label, holders, record_label)
            rank = (-present.get(pointer, 0), int(later == (at == 1)))
            if len(keys) > len(best) or (keys and len(keys) == len(best) and rank > best_rank):
                best, best_rank = keys, rank
        return best

    blocks: set[frozenset[int]] = set()
    for relation in sorted(relations):
        by_text: dict[str, set[int]] = {}
        for (rel, value), held_by in by_value.items():
            if rel == relation:
                by_text[value] = set(held_by)
        if len(by_text) < 3:
            continue
        for _key, label, support, p, keys in _field_runs(
            relation[1], by_text, record_label, min_support, False, blocks_only=True
        ):
            values = [k[2] for k in keys]
            records = frozenset().union(*(by_text[v] for v in values))
            blocks.add(records)
            found_at = members(relation, records, values, label)
            if found_at:
                key = ("range", found_at[0][1], shown(relation, run_text(values)))
                parts = [frozenset(by_text[v]) for v in values]
                yield key, label, support, support, min(1.0, p * asked(relation)), found_at, relation, parts
    yield from _relation_books(relations, by_value, record_label, min_support, blocks, members, asked)
    groups: dict[frozenset[int], tuple[tuple[str, str, str], str]] = {}
    for (relation, value), held_by in by_value.items():
        if len(held_by) < min_support or len(held_by) >= total or frozenset(held_by) in blocks:
            continue
        records = frozenset(held_by)
        best = groups.get(records)
        if best is None or (_RELATION_RANK[relation[0]], relation, value) < (
            _RELATION_RANK[best[0][0]],
            best[0],
            best[1],
        ):
            groups[records] = (relation, value)
    for records, (relation, value) in groups.items():
        c = Counter(record_label[r] for r in records)
        label, top = max(sorted(c.items()), key=lambda kv: kv[1])
        support = len(records)
        p = fisher_greater(top, support, label_counts[label], total) * len(label_counts) * asked(relation)
        found_at = members(relation, records, [value], label)
        if found_at:
            key = ("range", found_at[0][1], shown(relation, value))
            yield key, label, top, support, min(1.0, p), found_at, relation, [records]
    measured = {records: g for records, g in groups.items() if g[0][0] != ZEROS}  # zeros are held together already
    yield from _together(measured, record_label, label_counts, min_support, others_asked, members)


def _relation_books(
    relations: Set[tuple[str, str, str]],
    by_value: Mapping[tuple[tuple[str, str, str], str], Mapping[int, tuple[str, str]]],
    record_label: Sequence[str],
    min_support: int,
    blocks: set[frozenset[int]],
    members: Callable[[tuple[str, str, str], Set[int], Sequence[str], str], list[Key]],
    asked: Callable[[tuple[str, str, str]], int] | None = None,
) -> Iterator[tuple[Key, str, int, int, float, list[Key], tuple[str, str, str], list[frozenset[int]]]]:
    """The code-book test of each relation (:func:`~windtunnel.leakage.codebook.code_book`), as a field's: its values
    each held by a few records of one label (a next survey due 3, 12, 24 or 36 months after this one, by the exposure
    band), none enough alone against the pairs read, are pooled; its p times the relations asked. A label's pure values
    are found together, their records unless a block test found them already (``blocks``, which this extends).

    A ratio is no code book: it measures, its values are the bins its rounding cuts from a continuum, and a label's
    pure bins are a threshold (a swim's time at or under its standard, a ratio of 1 or 1.01), which the range test reads
    with its own bound; read as codes, a task's own rule between two of its inputs is found without ``--derive-from``.
    The steps a later stage takes (a difference of counts, days or months between two dates) are codes."""
    for relation in sorted(relations):
        if relation[0] == RATIO:
            continue
        by_text = {v: set(held) for (rel, v), held in by_value.items() if rel == relation}
        if len(by_text) < 2:
            continue
        holding = set().union(*by_text.values())
        held_by = Counter(record_label[r] for r in holding)
        total = sum(held_by.values())
        per_label = {v: dict(Counter(record_label[r] for r in held)) for v, held in by_text.items()}
        book = code_book(per_label, {lab: k / total for lab, k in held_by.items()})
        if book is None:
            continue
        p = min(1.0, book.p * (asked(relation) if asked is not None else len(relations)))
        for label, values in sorted(book.pure.items()):
            records = frozenset().union(*(by_text[v] for v in values))
            if len(records) < min_support or records in blocks or len(records) >= len(record_label):
                continue
            blocks.add(records)
            found_at = members(relation, records, values, label)
            if found_at:
                key = ("range", found_at[0][1], shown(relation, "; ".join(sorted(values))))
                parts = [frozenset(by_text[v]) for v in values]
                yield key, label, len(records), len(records), p, found_at, relation, parts


def _together(
    groups: Mapping[frozenset[int], tuple[tuple[str, str, str], str]],
    record_label: Sequence[str],
    label_counts: Mapping[str, int],
    min_support: int,
    asked: int,
    members: Callable[[tuple[str, str, str], Set[int], Sequence[str], str], list[Key]],
) -> Iterator[tuple[Key, str, int, int, float, list[Key], tuple[str, str, str], list[frozenset[int]]]]:
    """Two derived values of one object's fields held together (principle 4 over the dataset: each rules labels out,
    together they leave one): a count of ropes in service one lower after the inspection on ropes retired and ropes
    set aside, the count set aside unchanged on ropes retired and ropes kept — together, retired only. Each value is a
    group of :func:`_relation_tests` held by ``min_support`` records or more of two labels or more, not of every label;
    a pair of them whose relations' fields share one object, or one field (a hold's date a week after the snapshot on
    the daily snapshots and on those to expire, and after the audit on every tier kept: together, daily), held together
    by ``min_support`` records or more of fewer labels than either, is tested as a value is (one-sided Fisher exact,
    times the number of labels, the relations ``asked`` and the pairs tested). Its members are both values' fields as
    written on its records."""
    everyone = set(label_counts)
    ruling: list[tuple[frozenset[int], tuple[str, str, str], str, frozenset[str]]] = []
    for records, (relation, value) in groups.items():
        labels = frozenset(record_label[r] for r in records)
        if len(records) >= min_support and 2 <= len(labels) < len(everyone):
            ruling.append((records, relation, value, labels))
    ruling.sort(key=lambda g: (g[1], g[2]))
    by_object: dict[str, list[int]] = {}
    by_field: dict[str, list[int]] = {}  # two relations of one field: a date read against two others
    for n, g in enumerate(ruling):
        obj = _object(g[1])
        if obj is not None:
            by_object.setdefault(obj, []).append(n)
        for template in dict.fromkeys(g[1][1:]):
            by_field.setdefault(template, []).append(n)
    seen: set[tuple[int, int]] = set()
    paired: list[tuple[tuple[frozenset[int], tuple[str, str, str], str, frozenset[str]], ...]] = []
    for held in itertools.chain(by_object.values(), by_field.values()):  # one object's pairs first, as before
        for i, a in enumerate(held):
            for b in held[i + 1 :]:
                if ruling[a][1] != ruling[b][1] and (a, b) not in seen and len(paired) < MAX_TOGETHER:
                    seen.add((a, b))
                    paired.append((ruling[a], ruling[b]))
    total = len(record_label)
    for (ra, rel_a, val_a, labs_a), (rb, rel_b, val_b, labs_b) in paired:
        records = ra & rb
        c = Counter(record_label[r] for r in records)
        if len(records) < min_support or len(c) >= min(len(labs_a), len(labs_b)):
            continue
        label, top = max(sorted(c.items()), key=lambda kv: kv[1])
        p = fisher_greater(top, len(records), label_counts[label], total) * len(label_counts) * asked * len(paired)
        found_at = _distinct_keys([*members(rel_a, records, [val_a], label), *members(rel_b, records, [val_b], label)])
        if found_at:
            key = ("range", found_at[0][1], f"{shown(rel_a, val_a)}; {shown(rel_b, val_b)}")
            relation = (BOTH, rel_a[1], rel_b[1])
            yield key, label, top, len(records), min(1.0, p), found_at, relation, [records]


MAX_TOGETHER = 4096
"""Pairs of derived values :func:`_together` tests at most (in the order of their relations): mining stays linear."""


def _object(relation: tuple[str, str, str]) -> str | None:
    """The object both fields of ``relation`` are members of (their templates' parent), or None."""
    a, b = relation[1].rpartition("/")[0], relation[2].rpartition("/")[0]
    return a if a == b else None


_DATED = frozenset({DAYS, MONTHS, ORDER})
"""The relations of two dates (their fields are read as the input by their object: ``relation_input`` of
:func:`mine`)."""

_CODE_NUMBER = re.compile(r"([^\W\d_]+) (\d+)")
"""A word and the number after it (the 2-gram ``pb 454`` of ``PB-454``, ``ward 12``): a code's number, read per
word like a field's numbers (a playbook's series chosen by the verdict: ``PB-1xx`` benign, ``PB-9xx`` malicious)."""


def _restates_input(words: str, strings: Mapping[str, str], derive_from: Sequence[str]) -> bool:
    """The number of a code's word (``wind 72``) is a whole value of the record's named input: the prose restates
    the input (a narrative repeating the measured wind), which tells no more than the input does — its words stay for
    review, as a mined word in prose is (review 30r)."""
    m = _CODE_NUMBER.fullmatch(words)
    if m is None:
        return False
    number = m.group(2)
    return any(v.strip() == number for p, v in strings.items() if in_derive_from(p, derive_from))


def _runs_of(
    fields: Mapping[str, Mapping[str, set[int]]],
    record_label: Sequence[str],
    record_task: Sequence[tuple[str, ...]],
    min_support: int,
    *,
    coded: bool = False,
    evidence: Callable[[str], bool] = lambda _t: False,
    blocks: set[tuple[str, str, str]] | None = None,
) -> Iterator[tuple[tuple[str, str, str], str, int, float, list[tuple[str, str, str]]]]:
    """The run tests of :func:`_range_tests` over ``fields`` (a field's template → each whole value → its records;
    with ``coded``, the word before a code's number → each 2-gram ``word number`` → its records). A field's run is
    found through its whole values at their pointer; a code's run through the 2-grams holding its numbers, anywhere
    (``PB-454`` and ``PB 454`` alike), shown as ``pb 400..499``."""
    for template, whole in fields.items():
        for by_text in by_task(whole, record_task):
            yield from _field_runs(
                template, by_text, record_label, min_support, coded, as_whole=evidence(template), blocks=blocks
            )


def _field_runs(
    template: str,
    by_text: Mapping[str, set[int]],
    record_label: Sequence[str],
    min_support: int,
    coded: bool,
    *,
    as_whole: bool = False,
    blocks_only: bool = False,
    blocks: set[tuple[str, str, str]] | None = None,
) -> Iterator[tuple[tuple[str, str, str], str, int, float, list[tuple[str, str, str]]]]:
    """The run tests of one field (or one code's word) among the records of one task (:func:`_runs_of`); ``as_whole``
    (the field is its own evidence: ``evidence(template)`` of :func:`_range_tests`), a field sorted into one block per
    label gives each block with the field's p instead; ``blocks_only``, only that (no run tests); ``blocks`` collects
    the keys of the blocks so given."""
    numbers = {t.rpartition(" ")[2] if coded else t: t for t in by_text}
    per_label = {n: dict(Counter(record_label[r] for r in by_text[t])) for n, t in numbers.items()}
    held_by = Counter(record_label[r] for r in set().union(*by_text.values()))
    total = sum(held_by.values())
    whole = separated(per_label) if as_whole or blocks_only else None
    if coded and whole is not None and not all(len(b.texts) > 1 for b in whole.blocks):
        whole = None  # a code's word: a scale (several numbers a label) is asked whole, not one code a label
    if blocks_only and whole is None:
        return
    for run in whole.blocks if whole is not None else pure_runs(per_label, min_support):
        texts = [numbers[n] for n in run.texts]
        records = set().union(*(by_text[t] for t in texts))
        support = len(records)
        if (support < min_support and whole is None) or support >= total:
            continue
        if whole is None and 0 < len(records - _own_records(texts, by_text, min_support)) < min_support:
            continue  # a value mined alone and its neighbours by chance (a fee of 75.00 and the lowest fare next to it)
        p = min(1.0, fisher_greater(support, support, held_by[run.label], total) * len(held_by) * run.intervals)
        if whole is not None:
            p = min(p, whole.p)
        key = ("range", "", f"{template} {run_text(run.texts)}") if coded else ("range", template, run_text(run.texts))
        if whole is not None and blocks is not None:
            blocks.add(key)
        if coded:
            yield key, run.label, support, p, [("ngram", "", t) for t in texts]
        else:
            yield key, run.label, support, p, [("value", template, t) for t in texts]


def _own_records(texts: Sequence[str], by_text: Mapping[str, set[int]], min_support: int) -> set[int]:
    """The records holding a value of ``texts`` that is held by ``min_support`` records or more: mined alone, its own
    evidence. A run (:func:`_field_runs`) stands for values each too rare to be mined alone; with such values taken
    out, what is left of the run must hold ``min_support`` records itself, or it is their chance neighbours (a run
    made of such values only is their block, as before)."""
    return set().union(*(by_text[t] for t in texts if len(by_text[t]) >= min_support))


def by_task(by_text: Mapping[str, set[int]], record_task: Sequence[tuple[str, ...]]) -> Iterator[dict[str, set[int]]]:
    """``by_text`` (a field's values → the records holding each) split by the records' task (their label set): a file
    mixing tasks tests a field among the records of one task at a time, so ids drawn in one block per task (and so
    riding with that task's labels) do not read as a field sorted by the label."""
    tasks = {record_task[r] for rs in by_text.values() for r in rs}
    if len(tasks) == 1:
        yield dict(by_text)
        return
    for task in sorted(tasks):
        part = {t: {r for r in rs if record_task[r] == task} for t, rs in by_text.items()}
        yield {t: rs for t, rs in part.items() if rs}


def _code_book_tests(
    held: Mapping[tuple[str, str, str], array[int]],
    record_of: Sequence[int],
    record_label: Sequence[str],
    record_task: Sequence[tuple[str, ...]],
    min_support: int,
    norms: set[str],
    inputs: frozenset[str] = frozenset(),
    scarce: frozenset[str] = frozenset(),
    viewed: Set[tuple[str, str, str]] = frozenset(),
    input_words: Sequence[frozenset[str]] = (),
    floored: set[str] | None = None,
    framed: Callable[[str], bool] = lambda _t: True,
) -> Iterator[tuple[tuple[str, str, str], str, int, float, list[tuple[str, str, str]]]]:
    """``(key, label, support, p, member keys)`` per label of each field whose values each ride with one label
    (:func:`~windtunnel.leakage.codebook.code_book`: a workflow's next action, a bot's paraphrased verdict), each value
    too rare to be mined alone. ``p`` is the field's (the tail of its count of pure values under independence), counted
    among the records holding the field; the members are that label's pure values at their pointer, so the field is
    found, mapped and sanitized as those values would be (``record_task`` is not used: see the comment). Values equal
    to a label are left to the scan, and the fields read as the task's input (``inputs``, when no ``--derive-from``
    names it) are not asked: their values follow the label because they are the content. The fields in ``scarce``
    (held by too few items to be the input) find a label down to the book's own floor (``MIN_VALUE``), as with
    ``--derive-from``; the others keep ``min_support``. A field of codes is also asked of its codes' leading parts
    (:func:`code_heads`), read from the values as written (not in ``viewed``: a code's chance decodings are no code),
    and any field of its values' parts (:func:`~windtunnel.leakage.codebook.value_parts`: a department code inside
    file names unique to their records), but the parts that are words of the records' own input (``input_words``),
    and the fields ``framed`` says (only with ``--derive-from``) of their notes' frames
    (:func:`~windtunnel.leakage.codebook.slot_frames`): without it, a note may be the content, held by every record or
    by the records that have no other input (a commit message beside a ticket title), and the frames of the content
    follow the label as the content does (``Fixed …`` / ``Added …``); an upstream step's note filled in per record has
    the same shape, and only the owner's named input tells them apart."""
    fields: dict[str, dict[str, set[int]]] = {}
    for key, a in held.items():
        if key[0] == "value" and key[1] not in inputs and normalize_needle(key[2]) not in norms:
            fields.setdefault(key[1], {})[key[2]] = {record_of[i] for i in a}
    # Not split by task, unlike the runs: a value a record carries whatever its task (its customer's organisation) is
    # pure within a task as soon as two renderings of one record share it; across the file it is held by every task.
    del record_task
    for template, by_text in fields.items():
        floor = min(min_support, MIN_VALUE) if template in scarce else min_support
        written = {t: rs for t, rs in by_text.items() if ("value", template, t) not in viewed}
        # On the book's own evidence (its floor), its rare values are found too, as written (a decoded view's chance
        # reading of one record's string is no code).
        rare = set(written) if floor <= MIN_VALUE else set()
        yield from _field_book(template, by_text, record_label, floor, rare=rare, floored=floored, written=set(written))
        for size in range(1, _MAX_PREFIX + 1):  # a code's leading part is its class (a sub-chapter's chapter)
            heads = code_heads(written, size)
            if heads:
                yield from _field_book(template, heads[0], record_label, floor, heads[1], rare=rare and set(heads[0]))
        parts = value_parts(written, input_words)  # a part set from the answer inside values unique to their records
        if parts:
            yield from _field_book(
                template, parts[0], record_label, floor, parts[1], shape="…{}…", rare=rare and set(parts[0])
            )
        # a note filled in per record with a date or a name in one slot
        frames = slot_frames(written, input_words) if framed(template) else None
        if frames:
            yield from _field_book(
                template,
                frames[0],
                record_label,
                floor,
                frames[1],
                shape="{}",
                # a text left whole was judged by the values' own book; a frame's rare values are frames only
                rare=rare and {f for f, texts in frames[1].items() if len(texts) > 1},
            )


def _distinct_keys(keys: Iterable[Key]) -> list[Key]:
    """``keys`` without repeats, in order."""
    return list(dict.fromkeys(keys))


WHOLE_GROUPS = 2
"""A field tested whole (:func:`whole_fields`) holds this many values of two records or more at least."""


def _whole_groups(
    values: Mapping[Key, Collection[int]],
    viewed: Set[Key],
    norms: Set[str],
    whole_read: Mapping[tuple[str, str], Collection[str]],
    raw_held: Mapping[Key, Collection[int]],
    record_of: Sequence[int],
) -> list[tuple[str, dict[str, tuple[set[int], list[Key]]]]]:
    """Per field outside the named input, its values → (the records holding it, the candidates it is found by): the
    short values as written (a label's own spelling left to the scan), and, as a field of its own, the texts of prose
    by their widest canned reading (:func:`canned_read`: a notice filled in with the record's own place and code,
    numbers folded), found by the whole texts read so."""
    short: dict[str, dict[str, tuple[set[int], list[Key]]]] = {}
    for key, its in values.items():
        if key[0] == "value" and key not in viewed and normalize_needle(key[2]) not in norms:
            short.setdefault(key[1], {})[key[2]] = ({record_of[i] for i in its}, [key])
    read: dict[str, dict[str, tuple[set[int], list[Key]]]] = {}
    for (template, reading), texts in whole_read.items():
        keys = [("value", template, t) for t in sorted(texts)]
        records = {record_of[i] for k in keys for i in raw_held.get(k, ())}
        if records:
            read.setdefault(template, {})[reading] = (records, keys)
    out = list(short.items())
    for template, by_read in read.items():  # a reading that groups the records as written does adds nothing
        as_written = {frozenset(records) for records, _keys in short.get(template, {}).values()}
        if {frozenset(records) for records, _keys in by_read.values()} != as_written:
            out.append((template, by_read))
    return out


def whole_fields(
    fields: Iterable[tuple[str, Mapping[str, tuple[set[int], list[Key]]]]],
    record_label: Sequence[str],
    record_input: Sequence[InputValues],
    max_values: int = 2000,
    record_words: Sequence[InputWords] = (),
) -> Iterator[tuple[Key, str, int, float, list[Key]]]:
    """``(key, label, support, p, member keys)`` per label of each field whose every value is one label's (each
    distinct value held by records of one label only), tested as a whole: ``p`` is the exact chance that, the labels
    of the records holding the field permuted at random, every value would still be one label's
    (:func:`~windtunnel._util.stats.pure_groups_chance`). A verdict written in a dozen phrasings of two to nine records
    each (a notice translated per case) is too rare to test value by value, and a code book counts values of three
    records or more under a bound that errs towards chance; as a whole, that no phrasing is shared by two labels is
    the evidence. Values of one record are pure by nature and weigh nothing: they count among the records permuted,
    but are no members and are not found. A field holding several values on one record (a list) is not asked: its
    values are no partition of its records.

    A field that restates the input (the same measurement in another language, a named input's value copied with its
    unit, a free-text report summarised, a complaint quoted whole) holds values of one label each because the input's
    do: where every value of two records or more is held by records that agree on one field of the input
    (``record_input``) whose values differ from value to value, or share an input word (``record_words``) that only
    records of their label hold (:func:`_restates_input_words`), the field is the input's, not tested. Members: per
    label, the candidates of its values of two records or more (the whole texts read so), so the field is found,
    mapped and sanitized as those values would be."""
    for template, by_value in fields:
        if not 2 <= len(by_value) <= max_values:
            continue
        groups = list(by_value.values())
        holders = [r for records, _keys in groups for r in records]
        if len(set(holders)) != len(holders):
            continue  # a record holds two values: no partition
        labels_of = [{record_label[r] for r in records} for records, _keys in groups]
        if any(len(labs) != 1 for labs in labels_of):
            continue
        multi = [records for records, _keys in groups if len(records) >= 2]
        per_label = Counter(record_label[r] for r in holders)
        if (
            len(multi) < WHOLE_GROUPS
            or len(per_label) < 2
            or _restates_input_values(multi, record_input)
            or _restates_input_words(multi, [records for records, _keys in groups], record_words, record_label)
        ):
            continue
        counts = sorted(per_label.items())
        p = pure_groups_chance([len(records) for records, _keys in groups], [k for _lab, k in counts])
        for label, _k in counts:
            own = [  # a value of one record is pure by nature: no evidence, not a member
                (v, records, keys)
                for (v, (records, keys)), labs in zip(by_value.items(), labels_of, strict=True)
                if label in labs and len(records) >= 2
            ]
            if not own:
                continue
            shown = "; ".join(sorted(v for v, _records, _keys in own))
            key = ("field", template, shown if len(shown) <= _MAX_VALUE_LEN else shown[: _MAX_VALUE_LEN - 1] + "…")
            support = sum(len(records) for _v, records, _keys in own)
            yield key, label, support, p, [m for _v, _records, keys in own for m in keys]


def _whole_covered(
    found: Sequence[tuple[Suggestion, list[Key]]],
    whole_keys: Set[Key],
    held: Mapping[Key, Collection[int]],
    record_of: Sequence[int],
) -> set[int]:
    """The ids of the suggestions of :func:`whole_fields` (``whole_keys``) that add nothing: their records all hold,
    found for their label, a token or an n-gram that is no words (a glyph, a code) or a value inside the same text (a
    table's cell, JSON held in it) — found where it sits, the whole text is not the leak — or, for a field found
    through texts too long to be a value (:func:`_long_texts`), any other suggestion of their label (a canned text's
    words, asked of the input as such: the whole text adds only a coarser cut)."""
    codes: dict[str, set[int]] = {}
    every: dict[str, set[int]] = {}
    inner: dict[tuple[str, str], set[int]] = {}
    for sug, keys in found:
        if (sug.kind, sug.pointer, sug.value) in whole_keys:
            continue
        records = {record_of[i] for k in keys for i in held.get(k, ())}
        every.setdefault(sug.label, set()).update(records)
        if sug.kind in ("token", "ngram") and not all(_word(t, plain=True) for t in sug.value.split()):
            codes.setdefault(sug.label, set()).update(records)
        inner.setdefault((sug.label, sug.pointer), set()).update(records)
    out: set[int] = set()
    for sug, keys in found:
        if (sug.kind, sug.pointer, sug.value) not in whole_keys:
            continue
        records = {record_of[i] for k in keys for i in held.get(k, ())}
        if any(len(k[2]) > _MAX_VALUE_LEN for k in keys):
            covered = every.get(sug.label, set())
        else:
            covered = codes.get(sug.label, set()).union(
                *(rs for (lab, p), rs in inner.items() if lab == sug.label and p.startswith(sug.pointer + "/"))
            )
        if records <= covered:
            out.add(id(sug))
    return out


def _restates_input_words(
    multi: Sequence[set[int]],
    groups: Sequence[set[int]],
    record_words: Sequence[InputWords],
    record_label: Sequence[str],
) -> bool:
    """Every one of ``multi`` (records holding one value of a field, two or more each) shares an input word
    (``record_words``, :func:`~.input_explained.input_words`) whose every holder among the field's records (``groups``)
    has the value's label and at least :data:`RESTATED_SHARE` of them hold the value: the input alone says the label
    there, as :func:`~.input_explained.explained_by` judges a
    rider, so each value goes with the input's words (a report's condition restated in another language, a complaint
    a letter quotes whole) and the field restates the input (:func:`whole_fields`)."""
    if not record_words:
        return False
    labels_of: dict[str, set[str]] = {}  # each input word → the labels of the field's records holding it
    holders: Counter[str] = Counter()  # each input word → how many of the field's records hold it
    for records in groups:
        for r in records:
            for w in record_words[r]:
                labels_of.setdefault(w, set()).add(record_label[r])
                holders[w] += 1
    for records in multi:
        label = {record_label[r] for r in records}
        shared = frozenset.intersection(*(record_words[r] for r in records))
        # the word is the value's own, not only its label's: most of its holders hold this value (an input word
        # typical of a label, "Category sewage", is held by every value of that label and says nothing of restating)
        if not any(labels_of[w] == label and RESTATED_SHARE * holders[w] <= len(records) for w in shared):
            return False
    return True


RESTATED_SHARE = 0.5
"""A value restates the input through a word when at least this share of the word's holders hold the value
(:func:`_restates_input_words`)."""


def _restates_input_values(groups: Sequence[set[int]], record_input: Sequence[InputValues]) -> bool:
    """Every one of ``groups`` (records holding one value of a field, two or more each) agrees on one field of the
    input, whose values differ between the groups: the field restates that input field (:func:`whole_fields`)."""
    shared: set[str] | None = None
    for records in groups:
        first = record_input[next(iter(records))]
        agree = {t for t in first if all(record_input[r].get(t) == first[t] for r in records)}
        shared = agree if shared is None else shared & agree
        if not shared:
            return False
    assert shared is not None
    return any(len({record_input[next(iter(g))][t] for g in groups}) > 1 for t in shared)


def _inferred_input_words(texts_of: Sequence[Mapping[str, InputWords]], inputs: frozenset[str]) -> list[InputWords]:
    """Per item, the words (:func:`~windtunnel.leakage.input_explained.words_of`) of its strings in the fields read
    as the task's input when no ``--derive-from`` names it (``texts_of``: per item, its strings' words per field);
    ``[]`` without such fields."""
    if not inputs:
        return []
    return [frozenset().union(*(w for t, w in by.items() if t in inputs)) for by in texts_of]


def _parts_found_alone(sug: Suggestion, alone: Set[tuple[str, tuple[str, str, str]]]) -> bool:
    """A field's book of parts (``…s9…``, :func:`~windtunnel.leakage.codebook.value_parts`) whose every part is itself
    found as a token for the same label: the tokens say it at their characters, and the book, found through the whole
    values, would add nothing but blanking them (a code cut on each row of a table would take the table)."""
    shown = sug.value.split("; ")
    if sug.kind != "field" or not all(len(t) > 2 and t[0] == t[-1] == "…" for t in shown):
        return False
    return all((sug.label, ("token", "", t[1:-1])) in alone for t in shown)


_MAX_PREFIX = 3
"""Leading characters of a code read as its class: 1 to this many (an account's group, a sub-chapter's chapter)."""
_CODE = re.compile(r"[0-9A-Za-z]+(?:[-/._:][0-9A-Za-z]+)*")
"""A code: letters and digits, maybe in parts joined by a separator, no blank."""


def code_heads(by_text: Mapping[str, set[int]], size: int) -> tuple[dict[str, set[int]], dict[str, list[str]]] | None:
    """The leading ``size`` characters of a field's values read as codes (``2681`` → ``26``), each with its records
    and the whole values it heads; None when the field does not hold codes or gives one head at most.

    A field holds codes, not words or quantities, when every value is a code (:data:`_CODE`) holding a digit and
    all are of one length: a count, an amount or a measure comes in several lengths and its leading digits are a
    magnitude, and a decimal point is read as a measure's. A head stops at a code's first separator (``36-12-06``
    → ``36``, its natural boundary), and is shorter than the value (the whole value is tested as itself). Values of
    one length whose heads carry no class (years, serial numbers) are spread over the labels: the code book's test
    (:func:`_field_book`) then finds nothing."""
    texts = list(by_text)
    if len(texts) < 2 or len({len(t) for t in texts}) != 1 or len(texts[0]) <= size:
        return None
    if not all(_CODE.fullmatch(t) and any(ch.isdigit() for ch in t) for t in texts):
        return None
    if any(number_of(t) is not None and not t.isdigit() for t in texts):
        return None  # decimals: measures
    records: dict[str, set[int]] = {}
    wholes: dict[str, list[str]] = {}
    for t in texts:
        head = t[:size]
        if not head.isalnum():
            continue  # past the code's first part
        records.setdefault(head, set()).update(by_text[t])
        wholes.setdefault(head, []).append(t)
    if len(records) < 2:
        return None
    return records, wholes


def _field_book(
    template: str,
    by_text: Mapping[str, set[int]],
    record_label: Sequence[str],
    min_support: int,
    wholes: Mapping[str, list[str]] | None = None,
    shape: str = "{}…",
    rare: Set[str] = frozenset(),
    floored: set[str] | None = None,
    written: Set[str] | None = None,
) -> Iterator[tuple[tuple[str, str, str], str, int, float, list[tuple[str, str, str]]]]:
    """The code-book tests of one field among the records of one task (:func:`_code_book_tests`). ``floored`` collects
    the field when the support floor holds back some of its values (a label's values on fewer records than the
    floor, or the book's rare values) that the book's own floor (``--derive-from``) would test. With ``wholes``,
    ``by_text`` holds the heads of the field's codes (:func:`code_heads`), shown as ``26…``, and each head's members
    are the whole values it heads, so the head is found, mapped and sanitized as those values would be. The book's
    rare values (:attr:`~windtunnel.leakage.codebook.CodeBook.rare`) among ``rare`` are found with its pure ones,
    whatever the records they hold: the field's test is their evidence. Values held by the same records (a string's
    views) are one value of the book (:func:`~windtunnel.leakage.codebook.same_holders`), found through all of them and
    shown as written (``written``, when given: the values not read through a view), the other views only among its
    members."""
    same = same_holders(by_text)
    if len(same) < 2:
        return
    per_label = {t: dict(Counter(record_label[r] for r in by_text[t])) for t in same}
    held_by = Counter(record_label[r] for r in set().union(*by_text.values()))
    total = sum(held_by.values())
    holding = set().union(*by_text.values())
    blank = Counter(lab for r, lab in enumerate(record_label) if r not in holding)
    book = code_book(per_label, {lab: k / total for lab, k in held_by.items()}, blank, parts=shape == "…{}…")
    if book is None:
        return
    found = {lab: [t for first in texts for t in same[first]] for lab, texts in book.pure.items()}
    with_rare = set()
    for label, firsts in book.rare.items():
        texts = [t for first in firsts for t in same[first]]
        if kept := [t for t in texts if t in rare]:
            found.setdefault(label, []).extend(kept)
            with_rare.add(label)
        elif floored is not None and texts and min_support > MIN_VALUE:
            floored.add(template)
    for label, texts in sorted(found.items()):
        records = set().union(*(by_text[t] for t in texts))
        if len(records) < min_support and label not in with_rare and floored is not None and min_support > MIN_VALUE:
            floored.add(template)
        if (len(records) < min_support and label not in with_rare) or len(records) >= total:
            continue
        plain = [t for t in texts if written is None or t in written] or texts
        shown = "; ".join(sorted(plain if wholes is None else (shape.format(t) for t in plain)))
        key = ("field", template, shown if len(shown) <= _MAX_VALUE_LEN else shown[: _MAX_VALUE_LEN - 1] + "…")
        values = texts if wholes is None else sorted({w for t in texts for w in wholes[t]})
        yield key, label, len(records), book.p, [("value", template, t) for t in values]


def mine_correlates(
    items: Iterable[LeakItem],
    *,
    min_support: int = 5,
    min_purity: float = 0.95,
    alpha: float = 0.01,
    max_pairs: int = 2_000_000,
) -> list[Suggestion]:
    """The suggestions of :func:`mine` with its default correction (Benjamini-Hochberg), sorted by purity
    then significance; a short form for library callers that need no counts."""
    return mine(
        items, min_support=min_support, min_purity=min_purity, alpha=alpha, max_candidates=max_pairs
    ).suggestions


Key = tuple[str, str, str]
"""A candidate: ``(kind, pointer template, text)``."""
MapEntry = str | dict[str, str]
"""One value of a correlated map: a string (matched anywhere in an item of the label) or ``{"pointer", "value"}``
(a whole value mined at that pointer template, list indices as ``*``: it counts only on items holding it there)."""


def correlated_map(
    suggestions: Iterable[Suggestion],
    members: Mapping[tuple[str, str, str], Sequence[tuple[str, str, str]]] | None = None,
) -> dict[str, list[MapEntry]]:
    """Label → suggested values, the file format of ``leak scan --correlated-map``.

    A whole value mined at a pointer keeps it, ``{"pointer": "/fields/priority/id", "value": "1"}``: a bare ``1`` is
    telling at that pointer only, and searched for in every item of the label it would be a guess. With ``members``
    (:attr:`MineResult.members`) the candidates held by the same items keep their pointers too; without, they are
    written as seen (``also``). A token or n-gram is written as it was seen (case-folded): the scan matches whole
    tokens in any case. One that is a scoped value's own text or a part of it (the token ``1`` of that ``1``; the
    ``2``, ``fin 2`` and ``q fin 2`` of ``Q-FIN-2``; a word of a short message), held by the same items, is that value
    read piecewise and is left out: written bare it would be searched in every item of the label, anywhere, so a
    ``2`` in a tenure or a ``please`` in the customer's own words would become correlated leaks.
    """
    out: dict[str, list[MapEntry]] = {}
    for s in suggestions:
        own = (s.kind, s.pointer, s.value)
        keys = (members or {}).get(own) or [own, *(("", "", a) for a in s.also)]
        scoped = {normalize_needle(v) for kind, p, v in keys if kind == "value" and p}
        parts = {k for kind, p, v in keys if kind == "value" and p for k, _span, _view in _string_candidates(p, v)}
        entries = out.setdefault(s.label, [])
        for kind, p, v in keys:
            if kind == "key":  # a key's presence is no value to search for: `scan --mine` reports it
                continue
            if kind == "value" and p:
                entries.append({"pointer": p, "value": v})
            elif normalize_needle(v) not in scoped and (kind, p, v) not in parts:
                entries.append(v)
    return {label: _distinct_entries(entries) for label, entries in out.items()}


def result_map(result: MineResult) -> dict[str, list[MapEntry]]:
    """The map ``leak mine -o`` writes: :func:`correlated_map` of the suggestions not read as the task's input
    (:meth:`MineResult.read_as_input`), without the members of the others at the input's fields either. A scan reads a
    map's values as leaks wherever they are: an input's values there (a day count, an amount range) would call every
    record answered from its own input leaking, where ``scan --mine`` gives them for review."""
    inputs = frozenset() if result.derive_from else frozenset(result.inputs)
    kept = [s for s in result.suggestions if not result.read_as_input(s)]
    leaking = result.leaking
    members = {
        own: [k for k in keys if k == own or (k in leaking if leaking is not None else not (k[1] and k[1] in inputs))]
        for own, keys in result.members.items()
    }
    return correlated_map(kept, members)


def _distinct_entries(entries: Iterable[MapEntry]) -> list[MapEntry]:
    """``entries`` without repeats: ``P1`` and ``p1`` are one (the scan matches in any case), at one pointer."""
    seen: set[tuple[str, str]] = set()
    out = []
    for v in entries:
        n = (v["pointer"], normalize_needle(v["value"])) if isinstance(v, dict) else ("", normalize_needle(v))
        if n not in seen:
            seen.add(n)
            out.append(v)
    return out


def _distinct(values: Iterable[str]) -> list[str]:
    """``values`` without repeats, ``P1`` and ``p1`` being one (the scan matches in any case)."""
    seen: set[str] = set()
    out = []
    for v in values:
        n = normalize_needle(v)
        if n not in seen:
            seen.add(n)
            out.append(v)
    return out


INPUT_REVIEW = (
    "; for review: it is words of a field read as the task's own input (no --derive-from named the input), which "
    "predict the label legitimately; name the fields the task is answered from with --derive-from to decide"
)
INPUT_TOLD = (
    "; for review: it is made of words that a field read as the task's own input holds on every record holding it, "
    "and which tell the label as it does (no --derive-from named the input); name the fields the task is answered "
    "from with --derive-from to decide"
)
NAMED_REVIEW = (
    "; for review: the task's own text names this field, so it is read as the task's input (no --derive-from named "
    "the input), which predicts the label legitimately; name the fields the task is answered from with --derive-from "
    "to decide"
)
"""Why what mining finds in a field the task's text names (:mod:`.task_named`) is for review, not a leak."""
UNLISTED_REVIEW = (
    "; for review: {field} is outside --derive-from but restates the input ({fields}): its words are the input's on "
    "the same record, so it predicts the label as the input does; name it in --derive-from or remove it"
)
"""Why what mining finds in an unlisted input (:mod:`.unlisted_input`) is for review, not a leak."""
PROSE_REVIEW = (
    "; for review: it is in prose outside the named input (an author's note, a bot's summary), which may state the "
    "answer or carry the task's own signal as much as the input does"
)
"""Why what mining finds in prose outside ``--derive-from`` is for review, not a leak: on the two sealed blind
dataset batches of session 15 (ds1, ds3), counting it as a leak found 98 more leaking records and flagged 156 more
clean ones (ds3: 92 more found, 112 more flagged); counting only its words for review, 78 more found, 129 more
flagged."""


CANNED_LEAK = (
    "; a leak though in prose outside the named input: the text holding it is one that records of this label carry "
    "word for word (numbers aside), a sentence chosen by the label, not an author's words"
)
"""Why a mined word of prose outside ``--derive-from`` is a leak after all: the text it sits in is canned for its
label (:attr:`MineResult.canned`: three records or more carry it alike, one label among them). An author's note or a
summary of the record is written anew for each record; a sentence that one label's records share word for word, and
whose words ride with that label over the whole dataset, was picked by the label (a hazard panel's conclusion
paraphrasing the class's definition, a notice sent once the case was decided)."""


def _prose_words(key: Key, text: str, span: tuple[int, int] | None, view: str) -> bool:
    """The mined ``key`` found in prose outside the named input is words of that prose (:func:`in_words`), for
    review: not the whole text held word for word (a sentence the records of one label carry alike is a template
    chosen by the label, a bot's canned summary, not an author's note) nor a code written among the words (a glyph,
    an emoji in a chat line, an encoded run), which are leaks as anywhere else."""
    if view == PROSE_VIEW:  # prose read decoded: its words are words as they are read (:func:`prose_read`)
        return key[0] != "value" and all(_word(t, plain=True) for t in key[2].split())
    return key[0] != "value" and in_words(key, text, span, view == "raw")


_CLAUSE_NAME = re.compile(r"(?:^|(?<=[.!?;]\s)|(?<=\n))\s*[^\W\d_][^\W_]*(?:[ \t][^\W\d_][^\W_]*){0,3}[ \t]*:[ \t]*$")
"""The name of a ``name: value`` clause of prose, ending where its value starts: one to four words opening their
sentence (or line), then a colon (``Zeugnisnote laut Konferenz: ``)."""
_CLAUSE_END = re.compile(r"[ \t]*(?:[.!?;][ \t]*)?(?:\n|$)|[ \t]*[.!?;][ \t]+(?=\S)")
"""Where a clause's value ends: its sentence's (or its line's) end."""


def clause_value(text: str, span: tuple[int, int] | None) -> bool:
    """The mined word at ``span`` of a text of prose is the whole value of a ``name: value`` clause, a sentence of
    its own: a key-value pair written in prose (principle 3), a value as a field's is, not an author's words
    (``… Gutachten folgt. Zeugnisnote laut Konferenz: zwei.``). A word inside a sentence after a colon (``Note: the
    customer was very happy today``) is words of it, for review as before."""
    if span is None:
        return False
    a, b = span
    return _CLAUSE_NAME.search(text, max(0, a - 80), a) is not None and _CLAUSE_END.match(text, b) is not None


def in_words(key: Key, text: str, span: tuple[int, int] | None, written: bool = True, *, loose: bool = False) -> bool:
    """The mined candidate ``key``, held in the string ``text`` (``written``: as written, else in a decoded view
    of the characters at ``span``), is words of it — the task's own signal when ``text`` is its input — and not a
    code written among them: the blank-separated chunks of ``text`` it sits in (at ``span``; None: the whole
    string) are words or plain numbers (:func:`_word`), and so is the candidate itself when read as written. ``P2``
    in ``[P2] printer down``, the letter run ``h`` of ``Q-H123``, a glyph, a base64 run are codes and stay leaks;
    a view that reads words as something else (free text decoded as if it were an encoding) is still those words.
    ``loose``: in a field read as the task's input (no ``--derive-from``), words as people write them are words too —
    a quantity with its unit, parts joined by a slash or a hyphen, a dash laying the text out (:func:`_word`,
    :func:`layout`); in prose outside a named input every such run is still read as a code.
    """
    kind, _pointer, value = key
    if kind not in ("value", "token", "ngram") or not text.strip():
        return False
    plain = not loose
    if written and kind != "value" and not all(_word(t, plain=plain) for t in value.split()):
        return False
    if span is None:
        return text_like(text, plain) if kind == "value" or not written else True
    a, b = span
    while a > 0 and not text[a - 1].isspace():
        a -= 1
    while b < len(text) and not text[b].isspace():
        b += 1
    if plain:
        return all(_word(c, plain=True) for c in text[a:b].split())
    joined = len(text.split(maxsplit=1)) > 1
    return all(_word(c, joined) or layout(c) for c in text[a:b].split())


def _whole_codes(by_key: Mapping[Key, Suggestion]) -> dict[tuple[str, str], Suggestion]:
    """Per ``(label, needle)``, the suggestion of each mined whole value (a field's value, a decoded view's) that reads
    as a code: three tokens at most, :data:`_CODE_CHARS` characters or more, one digit or more. A token or an n-gram
    outside the input that spells one (an upstream entry's ``8471300100`` quoted in a broker's remark) quotes that
    code for the label the value rides with (:func:`_quoted`): a leak as the value is, found though the quote alone
    is too rare to be mined, and no author's words (:data:`PROSE_REVIEW`). A word a field holds whole (a status, a
    queue) stays a word in a sentence."""
    out: dict[tuple[str, str], Suggestion] = {}
    for (kind, _pointer, value), sug in by_key.items():
        if kind != "value" or len(value.split()) > 3 or len(value) < _CODE_CHARS:
            continue
        if any(c.isdigit() for c in value):
            out.setdefault((sug.label, normalize_needle(value)), sug)
    return out


def _quoted(key: Key, label: str, codes: Mapping[tuple[str, str], Suggestion]) -> bool:
    """The token or n-gram ``key`` spells a mined code of ``label`` (:func:`_whole_codes`)."""
    return key[0] in ("token", "ngram") and (label, normalize_needle(key[2])) in codes


def _held(
    items: Iterable[LeakItem],
    by_key: Mapping[Key, Suggestion],
    codes: Mapping[tuple[str, str], Suggestion],
    derive_from: Sequence[str],
    *,
    inside: bool,
) -> Iterator[tuple[LeakItem, list[tuple[Key, Any]]]]:
    """Each item with an answer and the mined candidates it holds (``inside``: only inside the ``derive_from``
    fields), codes quoted in prose outside the input among them (:func:`_quoted`) where the quote leans to the label
    at its own field: of the items holding that spelling there, ``GRADED_TOP`` or more are of the item's label. A
    number an unrelated sentence repeats on every label's records (``the limit of 5000 dollars``) quotes nothing,
    though a field's ``5000`` rides with one label."""
    if not by_key:
        yield from ((it, []) for it in items if it.expected)
        return
    if inside:
        for it in items:
            if it.expected:
                every = candidates(it.projection).items()
                yield it, [(k, w) for k, w in every if in_derive_from(w[0] + (w[2] or ""), derive_from) and k in by_key]
        return
    needles = {needle for _label, needle in codes}
    long_texts = {k[1] for k in by_key if k[0] == "value" and len(k[2]) > _MAX_VALUE_LEN} if derive_from else set()
    # Without derive_from a point in time gives no candidate of its own (:func:`candidates`); a date that is a member
    # of a relation (:func:`_relation_tests`) is found as written all the same.
    dated = set() if derive_from else {k for k, s in by_key.items() if s.relation and k[0] == "value" and moment(k[2])}
    kept: list[tuple[LeakItem, list[tuple[Key, Any]]]] = []
    quotes: dict[tuple[str, str], Counter[str]] = {}
    for it in items:
        if not it.expected:
            continue
        seen = list(
            candidates(
                it.projection,
                derive_from,
                prose=True,
                moments=bool(derive_from) or bool(dated),
                labels=len(set(it.label_set)),
            ).items()
        )
        if long_texts:  # a text too long to be a candidate, found whole by its field's test (:func:`whole_fields`)
            seen.extend(_long_texts(it.projection, long_texts))
        held: list[tuple[Key, Any]] = []
        spelled: set[tuple[str, str]] = set()
        for key, where in seen:
            if key in by_key and (not dated or key in dated or not (key[0] == "value" and moment(key[2]))):
                held.append((key, where))
            elif needles and key[0] in ("token", "ngram") and normalize_needle(key[2]) in needles:
                held.append((key, where))
                spelled.add((_general(where[0] + (where[2] or "")), normalize_needle(key[2])))
        for place in spelled:
            quotes.setdefault(place, Counter())[it.expected[0]] += 1
        if not needles:
            yield it, held
        else:
            kept.append((it, held))
    for it, held in kept:
        label = it.expected[0]
        yield (
            it,
            [
                (key, where)
                for key, where in held
                if key in by_key
                or (
                    _quoted(key, label, codes)
                    and _leans(quotes[(_general(where[0] + (where[2] or "")), normalize_needle(key[2]))], label)
                )
            ],
        )


def _without_pure_flags(
    held: dict[Key, array[int]], record_of: Sequence[int], record_label: Sequence[str], purity: float
) -> dict[Key, array[int]]:
    """``held`` without the values read with a flag (:mod:`.flag_marks`) whose holders, as a flag of its own, are
    ``purity`` or more of one label."""
    pure: dict[Key, bool] = {}
    drop: list[Key] = []
    for key in held:
        flag = flag_key(key[1]) if flagged(key[1]) else None
        if flag is None:
            continue
        if flag not in pure:
            labels = Counter(record_label[r] for r in {record_of[i] for i in held.get(flag, ())})
            pure[flag] = bool(labels) and max(labels.values()) >= purity * sum(labels.values())
        if pure[flag]:
            drop.append(key)
    for key in drop:
        del held[key]
    return held


def _long_texts(projection: Any, templates: Set[str]) -> Iterator[tuple[Key, Where]]:
    """The texts of ``projection`` at ``templates`` too long to be a candidate (:data:`_MAX_VALUE_LEN`) as whole values
    where they are (:func:`whole_fields` finds a field of prose through its whole texts, however long)."""
    for pointer, value, cut in _leaves(projection, ""):
        if cut is None and isinstance(value, str) and len(s := value.strip()) > _MAX_VALUE_LEN:
            template = _general(pointer)
            if template in templates:
                yield ("value", template, s), (pointer, None, None, "raw")


def _leans(holders: Counter[str], label: str) -> bool:
    """``GRADED_TOP`` or more of ``holders`` (labels of the items holding a quote at one field) are of ``label``."""
    return holders[label] >= GRADED_TOP * sum(holders.values())


_CODE_CHARS = 4
"""A whole value shorter than this is not read as a code quoted in prose (``OK``, ``A1``)."""


def review_fields(findings: Iterable[Finding]) -> list[str]:
    """The fields (list indices as ``*``) where the mined ``findings`` for review sit: the fields mining read as
    the task's input, which the scan's summary names so the owner can confirm them with ``--derive-from``."""
    return sorted({_general(f.pointer + (f.inner or "")) for f in findings if not f.blocking})


def mined_findings(
    items: Iterable[LeakItem],
    result: MineResult,
    *,
    derive_from: Sequence[str] = (),
    seen: Callable[[LeakItem, Collection[Key]], None] | None = None,
    keep: Callable[[Key, str], bool] | None = None,
) -> Iterator[tuple[str, list[Finding]]]:
    """``(item id, findings)`` for every item holding a mined candidate of its own label.

    A finding is ``correlated`` / ``correlated.mined`` at ``medium`` severity (the item leaks): the
    candidate rides with this item's answer across the dataset. Its ``value`` is the candidate (hashed
    in reports: the one this item holds, which may be another of the same items' candidates than the
    suggestion's own); its ``detail`` gives purity, support and q, never the value or the label.
    Candidates in the fields named by ``derive_from`` (the task's input) are not findings: see
    :func:`mined_in_derive_from`. ``seen`` is told each item's candidates, whatever its label (a rescan counts who
    holds them, :class:`~windtunnel.leakage.still_riding.StillRiding`); a candidate ``keep(key, label)`` refuses is
    not found.
    """
    yield from _own_label(items, result, derive_from, inside=False, seen=seen, keep=keep)


def mined_in_derive_from(
    items: Iterable[LeakItem], result: MineResult, derive_from: Sequence[str]
) -> Iterator[tuple[str, list[Finding]]]:
    """``(item id, findings)`` for every item holding a mined candidate of its own label *inside* a field named by
    ``derive_from``: a rider mined elsewhere (a token of a queue code) that the task's input also holds. These are
    never findings (the input is what the task is answered from, and the sanitizer never cuts it on mined
    evidence); ``leak sanitize`` lists them, so that the user sees what it kept and why."""
    if derive_from:
        yield from _own_label(items, result, derive_from, inside=True)


def mark_reviewed(items: Iterable[LeakItem], result: MineResult) -> None:
    """Fill :attr:`MineResult.reviewed`: the suggestions whose findings on ``items`` (the dataset mined) are all for
    review, as ``scan --mine`` gives them. A word is mined only where a string is short (more than ``PROSE_WORDS``
    words is prose, not mined), so the word ``my`` of short customer messages rides with the label of those
    messages while the long ones of other labels hold it too: the test of the input's words (:attr:`told`) then
    fails, yet each finding is at a field read as the input and is for review. ``leak mine`` marks such a row
    ``(input)`` and leaves it out of the map, so the map carries what ``scan --mine`` reports as a leak only (QA 24:
    ``scan --correlated-map`` of the map flagged 65 of 240 clean items)."""
    leaks: dict[Key, bool] = {}
    found_as: dict[Key, bool] = {}
    for _id, _found in _own_label(items, result, result.derive_from, inside=False, leaks=leaks, found_as=found_as):
        pass
    result.reviewed = {k for k, leaked in leaks.items() if not leaked}
    result.leaking = {k for k, leaked in leaks.items() if leaked} | {k for k, leaked in found_as.items() if leaked}


def _owners(
    suggestions: Sequence[Suggestion], members: Mapping[Key, Sequence[Key]], owned: Collection[Key] = frozenset()
) -> dict[Key, dict[str, Suggestion]]:
    """Per candidate, per label, the suggestion a record of that label holding it is found for: a suggestion's own key,
    and its members (the candidates held by the same items), the first suggestion holding a member keeping it. A member
    is mostly one label's, yet not always: each label's relation (:func:`_relation_tests`) may be found at one field of
    few values, each value a member of every label's relation (the declared amounts a duty's rate applies to). The
    members of such suggestions (``owned``: a relation's, which no record of their label outside their
    records holds, :func:`_own_members`) are found for each record's own label's, the first of a label keeping one
    several of that label share (before, a candidate was found for the first suggestion holding it only, and the
    other labels' records holding it went unflagged). Other members (a range run's, a code book's) keep their first
    suggestion only: a run found in one task of a file mixing several (priorities 5 to 6 for one label there) is no
    evidence about the records of another task holding the same values."""
    out: dict[Key, dict[str, Suggestion]] = {}
    for s in suggestions:  # a narrowing candidate's (:func:`narrowed`) is one suggestion per label of its set
        if s.narrows:
            out.setdefault((s.kind, s.pointer, s.value), {}).setdefault(s.label, s)
        else:
            out[(s.kind, s.pointer, s.value)] = {s.label: s}
    for s in suggestions:
        key = (s.kind, s.pointer, s.value)
        for k in members.get(key, []):
            if key in owned or s.narrows:
                out.setdefault(k, {}).setdefault(s.label, s)
            elif k not in out:
                out[k] = {s.label: s}
    return out


def _own_label(
    items: Iterable[LeakItem],
    result: MineResult,
    derive_from: Sequence[str],
    *,
    inside: bool,
    leaks: dict[Key, bool] | None = None,
    found_as: dict[Key, bool] | None = None,
    seen: Callable[[LeakItem, Collection[Key]], None] | None = None,
    keep: Callable[[Key, str], bool] | None = None,
) -> Iterator[tuple[str, list[Finding]]]:
    """The mined candidates of each item's own label as findings: outside the ``derive_from`` fields, or (``inside``)
    only inside them. ``leaks`` collects per suggestion whether some finding of it is a leak (not for review),
    ``found_as`` the same per candidate found (a suggestion's member under its own key); ``seen`` and ``keep`` are
    :func:`mined_findings`'s."""
    restating = (
        [] if inside else result.restating
    )  # an unlisted input's candidates: for review (:data:`UNLISTED_REVIEW`)
    owners = _owners([*result.suggestions, *restating], result.members, result.owned)
    by_key = {k: next(iter(own.values())) for k, own in owners.items()}
    pairs = {} if inside else {(p.pointer, name_key(p.name), p.value.casefold()): p for p in result.pairs}
    if not by_key and not pairs:
        return
    fix = {"bh": "BH", "bonferroni": "Bonferroni"}.get(result.correction, result.correction)
    codes = _whole_codes(by_key) if derive_from and not inside else {}
    inputs = set(result.inputs) if not derive_from else set()
    evidence = set(result.evidence) if not derive_from else set()
    books = code_books(result.suggestions, result.labels) if result.task_words and not derive_from else frozenset()
    for it, held in _held(items, by_key, codes, derive_from, inside=inside):
        if seen is not None:
            seen(it, {key for key, _where in held})
        found: list[Finding] = _pair_findings(it, pairs, result.pairs_tested, fix, derive_from) if pairs else []
        strings: dict[str, str] | None = None
        own: tuple[str, ...] | None = None
        for key, (pointer, span, inner, view) in held:
            of_label = owners.get(key)  # a candidate suggestions of several labels share: found for its own label's
            sug = (
                of_label.get(it.expected[0])
                if of_label is not None
                else codes.get((it.expected[0], normalize_needle(key[2])))
            )
            if sug is None or (keep is not None and not keep(key, it.expected[0])):
                continue
            review = ""
            place = pointer + (inner or "")
            if any(sug is r for r in restating):
                review = UNLISTED_REVIEW.format(field=_general(place), fields=", ".join(result.derive_from))
            elif (inputs and _general(place) in inputs) or derive_from:
                if strings is None:
                    strings = {p: v if isinstance(v, str) else v[0] for p, v, _cut in _leaves(it.projection, "")}
                text = strings.get(place, "")
                if inputs and _general(place) in inputs:
                    if _general(place) in evidence or in_words(key, text, span, view == "raw", loose=True):
                        review = INPUT_REVIEW
                elif (
                    derive_from
                    and len(text.split()) > PROSE_WORDS
                    and _prose_words(key, text, span, view)
                    and not (
                        view == "raw"
                        and (
                            clause_value(text, span)
                            or segment_value(text, span, result.field_lines.get(_general(place), ()))
                            or own_line(text, span, result.layout_lines.get(_general(place), ()))
                        )
                    )
                    and not _quoted(key, sug.label, codes)
                    and (
                        (sug.kind, sug.pointer, sug.value) not in result.sorted_blocks
                        or _restates_input(key[2], strings, derive_from)
                    )
                ):
                    if own is None:
                        own = own_values(it.projection, derive_from)
                    sentences = sentence_reads(text, own, span if view == "raw" else None)  # around the word
                    canned = any(
                        (_general(place), read) in result.canned for read in (*canned_read(text, own), *sentences)
                    ) and input_located(it, derive_from)
                    review = CANNED_LEAK if canned else PROSE_REVIEW
            elif inputs and (sug.kind, sug.pointer, sug.value) in result.told:
                review = INPUT_TOLD
            if not review and not sug.relation and graded_at(result, key, _general(place), view):
                review = GRADED_REVIEW
            if (
                not review
                and not derive_from
                and result.task_words
                and (named(place, result.task_words) or clause_named(place, sug.label, result.task_clauses))
                and sug.pointer not in books
            ):
                review = NAMED_REVIEW  # a code book stays a leak whatever its name
            leak = not review or review == CANNED_LEAK
            if leaks is not None:
                own = (sug.kind, sug.pointer, sug.value)
                leaks[own] = leaks.get(own, False) or leak
            if found_as is not None:
                found_as[key] = found_as.get(key, False) or leak
            found.append(
                Finding(
                    item=it.id,
                    channel="correlated",
                    severity="medium" if leak else "low",
                    pointer=pointer,
                    representation="mined",
                    span=span,
                    view=view,
                    rule="correlated.mined",
                    detail=(
                        (KEY_HELD if key[0] == "key" else "")
                        + (
                            f"a value derived from two fields, {sug.relation} (this field is one of them),"
                            if sug.relation
                            else f"a {sug.kind}"
                        )
                        + (
                            f" no rule names that rules labels out, leaving this item's and {len(sug.narrows) - 1}"
                            f" other(s) of the {len(result.labels)}: {sug.purity:.0%} of the {sug.support} items"
                            f" holding it carry one of them (base rate {sug.base_rate:.0%}; "
                            if sug.narrows
                            else f" no rule names that rides with this item's label: {sug.purity:.0%} of the "
                            f"{sug.support} items holding it share that label (base rate {sug.base_rate:.0%}; "
                        )
                        + f"{'line bound' if sug.relation.startswith('one line per label') else 'Fisher'} p = "
                        f"{sug.p_value:.2g}, {fix} q = {sug.q_value:.2g} over {result.tested} candidates)" + review
                    ),
                    value=key[2],
                    inner=inner,
                    derived_with=tuple(t for t in sug.relation_fields if t != _general(place)),
                )
            )
        whole = {(f.pointer, f.inner, f.severity) for f in found if f.span is None and f.representation == "mined"}
        found = [f for f in found if f.span is None or (f.pointer, f.inner, f.severity) not in whole]
        if found:
            yield it.id, found


def graded_at(result: MineResult, key: Key, field: str, view: str) -> bool:
    """Whether the candidate ``key`` found at ``field`` in ``view`` is judged graded (:mod:`.graded`, principle 7): in
    the view it was mined in, as the ``blind`` agent judges it (:meth:`~.graded.GradedViews.at`)."""
    return result.views.at(key[0], field, key[2], view)


GRADED_REVIEW = (
    "; for review: this field's values only make a label likelier (pure at the extremes of its range and mixed in "
    "the middle, or leaning to a label yet often holding another): another measurement or a prior state of the "
    "subject, input-side evidence rather than the answer set with the decision"
)
"""The detail's tail of a mined finding at a graded field (:mod:`.graded`)."""


KEY_HELD = (
    "the key is held by this label's records (the other labels' records lack it): its presence tells the label "
    "whatever it holds, and a blank of its value keeps the key (a leak by elimination: remove the key from every "
    "record, or give it to every label's); "
)
"""The detail's head of a mined ``key`` candidate: a field or object present on one label's records only (QA 24)."""


PAIR_RULE = "correlated.mined-pair"
"""The rule of a value of a name inside a text that rides with the label (:mod:`.text_pairs`)."""
PAIR_REVIEW = (
    "; for review: the name is not shown to be another stage's (a value for one label only, or records of some "
    "labels never hold it), so its values may be the task's own signal"
)


def _pair_findings(
    it: LeakItem, pairs: Mapping[tuple[str, str, str], PairRider], tested: int, fix: str, derive_from: Sequence[str]
) -> list[Finding]:
    """The findings of ``it``'s own label among the mined ``pairs`` (:mod:`.text_pairs`), at the value's characters in
    the text (the whole string when the text is inside embedded JSON)."""
    out: list[Finding] = []
    for outer, inner, template, text in pair_texts(it.projection, derive_from):
        for p in pairs_in(text):
            rider = pairs.get((template, p.name, p.value.casefold()))
            if rider is None or rider.label != it.expected[0]:
                continue
            out.append(
                Finding(
                    item=it.id,
                    channel="correlated",
                    severity="low" if rider.review else "medium",
                    pointer=outer,
                    representation="mined-pair",
                    span=(p.start, p.end) if inner is None else None,
                    view="raw",
                    rule=PAIR_RULE,
                    detail=(
                        f"a code written under a name inside this text, in one part of several (a header, a line of "
                        f"another kind), that rides with this item's label: {rider.purity:.0%} of the {rider.support} "
                        f"records holding it share that label (base rate {rider.base_rate:.0%}), and the name's "
                        f"values split its records by label, {rider.labels} label(s) with a value of their own "
                        f"(Fisher p = {rider.p_value:.2g}, {fix} q = {rider.q_value:.2g} over {tested} pair values)"
                        + (PAIR_REVIEW if rider.review else "")
                    ),
                    value=p.value,
                    inner=inner,
                )
            )
    return out
