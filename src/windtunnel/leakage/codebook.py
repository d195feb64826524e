"""A field whose values each ride with one label: the dataset evidence for a code book no single value proves.

A workflow step's ``next_action`` (``send_regret_email``, ``archive_candidate`` for a reject; ``schedule_onsite``,
``send_hm_packet`` for an advance), a review bot's summary written in a few paraphrases per verdict: each value is
held by a handful of records, so none beats the correction over hundreds of candidates alone, yet every one of them
is held by one label only. Asked of the field as a whole, that is no accident: under independence a value held by
``n`` records is pure with probability ``sum_L share_L ** n`` (the labels' shares among the records holding the
field; drawn with replacement, which only makes purity likelier, so the test errs towards chance), and the number of
pure values among those held by ``MIN_VALUE`` records or more has a Poisson-binomial tail. :func:`code_book` returns
that tail's p (one test per field, corrected with every other candidate by :func:`~windtunnel.leakage.mine.mine`)
and, per label, the pure values that chance explains badly on their own (purity probability at most ``MAX_CHANCE``;
for a book of values' parts, kept by a step-up over every part counted, so that a few parts pure by chance among many
mixed ones are not named):
a field that passes is found through those values at their pointer, as a whole value mined there would be. A field
whose values follow the label only by chance (an assignee, a device, a city) gives a p near 1.

A book also names its **rare values** (:attr:`CodeBook.rare`): the values held by fewer than ``MIN_VALUE`` records,
one label each, when the field reads as a code book with a default — every value held by two labels is a default,
held by more records than any value of the book (the ``TBD`` or ``Unassigned`` most records hold), and the rare
values hold no more records than the book's pure values do. A value of one or two records tells nothing alone, but in
such a field the values that are not the shared default are the ones written from the answer: the book's test, once
it passes, is their evidence (a cellar plan's ``tank only, sell off as bulk`` on the two bulk lots beside three plans
of 6–12 lots each). A field with a tail of values of its own beside the book (one-off notes on the clean records,
names drawn apart from the label) holds more rare records than book values, or values two labels share that are no
default, and names none. A value of one record is pure by construction (held out, it was seen on no other record): it
is named only when the field has a default shared across labels, the field-level evidence that the values apart from
it are written from the answer; in a field with no such default, every record its own value, it is an identifier's
and counts only in the tail (:func:`_named`). Nor does a string read in several views (as written, masked, decoded)
count as several values: values held by the same records are one draw (:func:`same_holders`).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

MIN_VALUE = 3
"""Records a value must be held by to count: below, purity is what chance gives most values."""
RARE_VALUE = 2
"""Records a rare value must be held by to be named when its field has no default shared across labels: a value of
one record is pure by construction."""
MAX_CHANCE = 0.2
"""A pure value is found only when chance makes one of its size pure at most this often."""
MAX_VALUES = 2000
"""Values counted per field (the tail is quadratic in them); a field with more is left to the value tests."""


@dataclass(frozen=True)
class CodeBook:
    """What :func:`code_book` finds in one field."""

    p: float
    """Probability under independence of at least this many pure values."""
    pure: dict[str, list[str]]
    """Label → its pure values that chance explains badly on their own, as written."""
    counted: int
    """Values held by ``MIN_VALUE`` records or more."""
    rare: dict[str, list[str]] = field(default_factory=dict)
    """Label → its values held by ``RARE_VALUE`` to ``MIN_VALUE - 1`` records (and those of one record, when the field
    has a default shared across labels), when the field reads as a book with a default (see the module docstring);
    found only on the book's evidence."""


def code_book(
    values: Mapping[str, Mapping[str, int]],
    shares: Mapping[str, float],
    blank: Mapping[str, int] | None = None,
    *,
    parts: bool = False,
) -> CodeBook | None:
    """The code-book test of one field: ``values`` maps each value to its records per label, ``shares`` each label
    to its share of the records holding the field. None when no value is pure or the field has too many values.
    ``blank``: per label, the records where the field is blank or missing, which is the field's default when it falls
    on several labels (:func:`_rare`): an upstream step writes its message on the records it ran on. ``parts``: the
    values are parts of values unique to their records (:func:`value_parts`), among which a record's own pieces (a
    site number in a photo URL) are many: the pure values named are those a step-up over every value counted keeps."""
    counted = [(t, c) for t, c in values.items() if sum(c.values()) >= MIN_VALUE]
    if not counted or len(counted) > MAX_VALUES:
        return None
    chances = []
    pure: dict[str, list[str]] = {}
    observed = 0
    candidates: list[tuple[float, str, str]] = []
    for text, per_label in counted:
        n = sum(per_label.values())
        chance = min(1.0, sum(s**n for s in shares.values()))
        chances.append(chance)
        held = [lab for lab, k in per_label.items() if k]
        if len(held) == 1:
            observed += 1
            if chance <= MAX_CHANCE:
                candidates.append((chance, held[0], text))
    # Among many parts, some are pure by chance (a site number on three records of one label): the pure parts named
    # are those a step-up (Benjamini-Hochberg) over every part counted keeps at MAX_CHANCE, so a book whose parts are
    # all pure keeps them all, and a few chance-pure parts among many mixed ones are not named. Whole values keep the
    # bound alone: a field's few short comments of a rare label are its book however many others it holds.
    kept = _step_up(sorted(c for c, _, _ in candidates), len(counted)) if parts else MAX_CHANCE
    for chance, label, text in candidates:
        if chance <= kept:
            pure.setdefault(label, []).append(text)
    if not observed or not pure:
        return None
    return CodeBook(_tail(chances, observed), pure, len(counted), _rare(values, pure, blank or {}))


def _step_up(chances: Sequence[float], m: int) -> float:
    """The largest of the sorted ``chances`` that a Benjamini-Hochberg step-up over ``m`` tests keeps at
    :data:`MAX_CHANCE` (``-1`` when none is)."""
    kept = -1.0
    for rank, chance in enumerate(chances, 1):
        if chance <= rank / m * MAX_CHANCE:
            kept = chance
    return kept


def _rare(
    values: Mapping[str, Mapping[str, int]], pure: Mapping[str, list[str]], blank: Mapping[str, int]
) -> dict[str, list[str]]:
    """Label → the field's values of fewer than ``MIN_VALUE`` records held by it alone, when the field reads as a book
    with a default: every value two labels hold is a default, held by more records than any of the book's pure values
    (``pure``; a field with no shared value at all is a book without a default, read alike), and the rare values hold
    no more records than those pure values do; ``{}`` otherwise. A value of one record is named only beside a default
    (:func:`_named`); the field left blank (``blank``, per label) on more records than any pure value holds, of
    several labels, is one (an SMS drafted on the records of an alert only, empty on the others)."""
    sizes = [sum(values[t].values()) for texts in pure.values() for t in texts]
    rare: dict[str, list[tuple[str, int]]] = {}
    held = 0
    default = sum(1 for k in blank.values() if k) > 1 and sum(blank.values()) > max(sizes)
    for text, per_label in values.items():
        n = sum(per_label.values())
        labels = [lab for lab, k in per_label.items() if k]
        if len(labels) > 1 and n <= max(sizes):
            return {}  # values two labels share beside the book's: the field has a tail of its own
        default = default or len(labels) > 1
        if len(labels) == 1 and n < MIN_VALUE:
            rare.setdefault(labels[0], []).append((text, n))
            held += n
    if held > sum(sizes):
        return {}
    named = {lab: [t for t, n in texts if _named(n, default)] for lab, texts in rare.items()}
    return {lab: texts for lab, texts in named.items() if texts}


def _named(records: int, default: bool) -> bool:
    """Whether a rare value held by ``records`` records is named. A value of one record is pure by construction: held
    out, it was seen on no other record, so it predicts nothing by itself. Beside a default shared across labels, the
    values that are not the default are deviations from it, written from the answer: the default is the field-level
    evidence, and a one-off code per label is named (a routing code written once per segment beside ``standard``). A
    field with no default, each record its own value, is an identifier (a plant's own template, a lot number): its
    one-off values are never named, whatever its book; two records holding a value make it a value seen elsewhere."""
    return records >= RARE_VALUE or default


def same_holders(by_text: Mapping[str, Collection[int]]) -> dict[str, list[str]]:
    """A field's values grouped by the records holding them: the first value of each group (in order) → every value
    held by exactly those records. A string read in several views (as written, with the record's own words masked,
    decoded) gives one value per view on the same records: one draw, which the book counts once, or its pure
    values would count twice and its tail weigh double (``held <= sum(sizes)`` of :func:`_rare` passed by a field of
    one-off values beside a book read twice)."""
    groups: dict[frozenset[int], list[str]] = {}
    for text, records in by_text.items():
        groups.setdefault(frozenset(records), []).append(text)
    return {texts[0]: texts for texts in groups.values()}


def _tail(chances: list[float], observed: int) -> float:
    """P(at least ``observed`` successes) for independent trials of success probabilities ``chances``."""
    dist = [1.0]
    for q in chances:
        nxt = [0.0] * (len(dist) + 1)
        for k, w in enumerate(dist):
            nxt[k] += w * (1.0 - q)
            nxt[k + 1] += w * q
        dist = nxt
    return min(1.0, sum(dist[observed:]))


PART_WORDS = 6
"""A value of more words (runs between blanks holding a letter or a digit) than this is prose, not a code or a name:
its words are not read as parts."""
_PART = re.compile(r"[^\W_]+")
"""A part of a value: a run of letters and digits (``_``, ``-``, ``.``, blanks and the rest separate parts)."""


def value_parts(
    by_text: Mapping[str, set[int]], input_words: Sequence[frozenset[str]] = ()
) -> tuple[dict[str, set[int]], dict[str, list[str]]] | None:
    """A field's values read as a code book of their parts: each part (:data:`_PART`, case-folded) with the records
    of the values holding it, and those whole values; None when the field gives fewer than two parts.

    A value is often built of parts of which one is set from the answer and the rest are the record's own (a file
    name ``1907_235_PD_front.tif`` whose department code names the object's kind, a location ``Textile Store, Drawer
    41`` whose drawer is the record's): the whole value is unique, the part rides with the label on a handful of
    records. Parts held by exactly the same records are one (a store's name and its drawer's words): counted once,
    the first in order. Prose is not read (its words may be the task's own signal), nor a part that every value
    holds. A part of digits alone is a number the record carries (a year, a counter, an id's piece), not a class, and
    a part that is a word of the task's input on every record holding it (``input_words``, per record, with
    ``--derive-from``: a slug copied from the headline) is the input's signal."""
    records: dict[str, set[int]] = {}
    wholes: dict[str, list[str]] = {}
    for text, rs in by_text.items():
        if sum(1 for w in text.split() if _PART.search(w)) > PART_WORDS:
            continue  # a word holds a letter or a digit: a lone dash or bracket is none, a code of many parts is one
        for part in dict.fromkeys(m.group().casefold() for m in _PART.finditer(text) if not m.group().isdigit()):
            if input_words and all(part in input_words[r] for r in rs):
                continue
            records.setdefault(part, set()).update(rs)
            wholes.setdefault(part, []).append(text)
    every = len(by_text)
    seen: set[frozenset[int]] = set()
    out: dict[str, set[int]] = {}
    for part in sorted(records):
        held = frozenset(records[part])
        if held in seen or len(wholes[part]) == every:
            continue
        seen.add(held)
        out[part] = records[part]
    if len(out) < 2:
        return None
    return out, {part: wholes[part] for part in out}


FRAME_TOKENS = 4
"""A text of fewer blank-separated tokens than this has no frame: one slot would leave too little of it fixed."""
_DIGITS = re.compile(r"\d+")


def slot_frames(
    by_text: Mapping[str, set[int]], input_words: Sequence[frozenset[str]] = ()
) -> tuple[dict[str, set[int]], dict[str, list[str]]] | None:
    """A field's texts read as a code book of their **frames**: each frame (its numbers written ``#``, and one slot
    ``…`` where the texts it holds differ) with the records of the texts it holds, and those texts; None when no two
    texts share a frame they do not share as written.

    A note a tool or a writer fills in per record — ``Se le olvidó marcar la salida el Feb 07; salió como a las 6:05
    pm.``, ``OT wasn't pre-authorized, Javier needs to approve or we cap at 40`` — repeats word for word but for the
    numbers (a date, a time) and one word (a month, a manager's name) it takes from somewhere the record does not show
    as a value of its own: every text is its own value, each template's texts ride with one label together. Frames
    merge the texts that agree once their numbers are masked, and those of :data:`FRAME_TOKENS` blank-separated tokens
    or more that then agree in every token but one (the same count of tokens); a text goes to the frame holding the
    most texts (of equal ones, the first in order), so the frames part the field's texts, and, made without the
    labels, leave the code book's test as valid as on the values. A frame is shown with its slot (``OT wasn't
    pre-authorized, … needs to approve or we cap at #``); a shorter text (a file name, a code) only merges with the
    texts equal to it but for their numbers (``2024-345_LTR_AWARD_STD.docx``, ``2024-118_LTR_AWARD_STD.docx``). The
    texts of a frame whose words, but those every text of the field holds (a URL's host), are words of the task's
    input on every record holding it (``input_words``, per record: a CMS slug or a page's URL built from the
    headline, ``bus-route-12-0706``) stay values of their own: such a frame carries the input's signal."""
    masked: dict[str, list[str]] = {}
    for text in by_text:
        # a note is one line of words: a code or a file name (its parts are value_parts' and code_heads') and a
        # document of several lines (its lines are its own) keep their texts
        masked.setdefault(_DIGITS.sub("#", text) if _is_note(text) else text, []).append(text)
    slots: dict[tuple[str, ...], list[str]] = {}
    for m in masked:
        tokens = m.split()
        if len(tokens) < FRAME_TOKENS or not _is_note(m):
            continue
        for i in range(len(tokens)):
            slots.setdefault((*tokens[:i], "…", *tokens[i + 1 :]), []).append(m)
    frame_of: dict[str, str] = {}
    for key, ms in sorted(slots.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        free = [m for m in ms if m not in frame_of]
        if len(free) < 2:
            continue
        for m in free:
            frame_of[m] = " ".join(key)
    records: dict[str, set[int]] = {}
    wholes: dict[str, list[str]] = {}
    for m, texts in masked.items():
        frame = frame_of.get(m, m)
        for t in texts:
            records.setdefault(frame, set()).update(by_text[t])
            wholes.setdefault(frame, []).append(t)
    every = set.intersection(*map(_words, by_text)) if input_words and by_text else set()  # the field's scaffold
    for frame in [f for f in records if len(wholes[f]) > 1 and input_words]:
        if all(_words(frame) - every <= input_words[r] for r in records[frame]):  # the input's words, copied
            for t in wholes.pop(frame):
                records[t], wholes[t] = set(by_text[t]), [t]
            del records[frame]
    if len(records) == len(by_text) or len(records) < 2:
        return None
    return records, wholes


def _is_note(text: str) -> bool:
    """Whether ``text`` reads as a note: one line of :data:`FRAME_TOKENS` blank-separated tokens or more."""
    return "\n" not in text.strip() and len(text.split()) >= FRAME_TOKENS


def _words(text: str) -> set[str]:
    """The words of ``text`` (runs of letters and digits, case-folded), numbers aside."""
    return {w.casefold() for w in _PART.findall(text) if not w.isdigit()}
