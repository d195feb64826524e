"""A field the task's own text names: the task says to decide from it, so what rides there is its input.

Without ``--derive-from`` mining infers the task's input from what the fields hold (prose most records carry, values
that tell every record: :class:`~windtunnel.leakage.mine._Places`). A structured record answered by a policy is read
from many short fields (a request's ``chapter``, a batch's ``micro`` plating, a PI's ``training``, a sonde's
``wiper``), and a value of one of them can ride with one label by the policy itself (a pending plate → hold for
retest). Mined, it is a finding on every record holding it, and a clean dataset is called leaking (ds12's
``ill_requests`` and ``brewery_batch_qc``, ds9's ``water_sonde_qc_flag``, ds11's ``iacuc_protocol_review``).

The task's own text says which fields it is decided from: the instruction every record carries (a text of several
words held identically at one place by nearly every record, :data:`SHARED`) names them — "from lab results, micro and
the sensory panel", "PI training not current", "any sensor error code, or wiper fault". A field whose own name (the
words of its key, list indices and the parents aside, but a name of one word is read with the last word of its
parent's key: ``crm_contact/phone`` in "the contact's phone number"; two words at least, :data:`NAME_WORDS`) the task's
text writes, every word of it, is read as named:
mined values there are for review (they predict the label as the input does: name the input with ``--derive-from`` to
decide), not leaks. Every word must be written, so a ``track_colour`` beside "track summary" is not named. The words
the text uses to name the *answer* do not count (those right before the first label it writes, "Answer with the
outcome code: ACC, …"): a field named like the answer is the answer's, the opposite of an input. A field the text
does not name (a case reference, a colour, a certificate number, an upstream model's class) keeps its findings.

A field the text names in a label's clause is read as named for that label (:func:`clause_named`): two words of its
name written in a part of a sentence that writes the label ("'red' if any critical item fails (base plates, …)" names
``base_plates_present`` for red). The policy decides that label from that field. A part writing every label (a
listing) is no clause; the words before the first label the text writes, the words naming the answer and the words
of every label's clauses are no clause's words.

A field whose values act as a code book keeps its findings whatever its name (:func:`code_books`): about one value per
label (:data:`BOOK_VALUES` at most), each held by its label's records only (:data:`BOOK_PURITY`), every label told. An
input named by the task is read by the policy and tells a label where the policy decides it (a pending plate → hold);
a field that writes each label its own code is the answer restated — an upstream model's outcome code under the name
the instruction gives the task's own object ("Predict the outcome …": ``appeal_outcome``).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from windtunnel.leakage.input_explained import words_of
from windtunnel.leakage.pointers import scalar_leaves

SHARED = 0.9
"""A text held identically at one place by at least this share of the sampled items is the task's own text."""
SAMPLE = 200
"""The items whose texts are counted (the task's text is on every record: the first ones show it)."""
MIN_WORDS = 5
"""A shared text of fewer words is a value (a status, a unit), not the task's text."""
ANSWER_NAME = 3
"""The words right before the first label the task's text writes that name the answer, not an input."""
NAME_WORDS = 2
"""A field's name of fewer words is not read as named: one word the task's text writes (``status``, ``outcome``,
``result``) names the answer as often as an input ("Plant health status for this lot"; ds10's and ds11's leaking
``status`` and ``outcome`` fields of an upstream step, 24 leaking records lost in mode (a) when one word sufficed)."""
BOOK_PURITY = 0.95
"""A value of a code book is held by its label's records at least at this purity."""
BOOK_VALUES = 2
"""A code book writes each label at most this many values."""
CLAUSE_LETTERS = 4
"""A word of a label's clause, or of a field's name, of fewer letters (``if``, ``any``, ``the``) names nothing."""
_STEM = 4
"""Two words of at least this many letters that differ only in an ending of two letters at most are one word."""
_SPLIT = re.compile(r"(?<=[a-z])(?=[A-Z])")
_CLAUSE_END = re.compile(r"[.;!?](?=\s|$)|\n")


@dataclass
class TaskText:
    """The texts every record carries, counted over the first :data:`SAMPLE` items (:meth:`add`)."""

    counts: Counter[tuple[str, str]] = field(default_factory=Counter)
    seen: int = 0
    labels: set[str] = field(default_factory=set)

    def add(self, projection: Any, label_set: Iterable[str]) -> None:
        """Count one item's strings of :data:`MIN_WORDS` words or more (by place, list indices as ``*``)."""
        if self.seen >= SAMPLE:
            return
        self.seen += 1
        self.labels.update(label_set)
        here = set()
        for pointer, value in scalar_leaves(projection):
            if isinstance(value, str) and len(value.split()) >= MIN_WORDS:
                here.add(("/".join("*" if t.isdigit() else t for t in pointer.split("/")), value))
        self.counts.update(here)

    def words_naming_answer(self) -> set[str]:
        """The words the task's own texts write right before the first label (:data:`ANSWER_NAME`): they name
        the answer ("Answer with the outcome code: ACC, …"), not an input."""
        labels = [words_of(lab) for lab in self.labels]
        answer: set[str] = set()
        for (_template, text), n in self.counts.items():
            if n < SHARED * self.seen:
                continue
            words = words_of(text)
            first = _first_label(words, labels)
            if first is not None:
                answer.update(words[max(0, first - ANSWER_NAME) : first])
        return answer

    def words(self) -> frozenset[str]:
        """The words of the task's own texts, less those naming the answer (module docstring)."""
        out = {
            w
            for (_template, text), n in self.counts.items()
            if self.seen and n >= SHARED * self.seen
            for w in words_of(text)
        }
        return frozenset(out - self.words_naming_answer())

    def clauses(self) -> dict[str, frozenset[str]]:
        """Per label, the words of the task's own texts written in its clauses (module docstring): the parts of a
        sentence (a semicolon closes one) that write the label and not every label (a listing of the label set
        names no condition), less the labels' own words, words of fewer than :data:`CLAUSE_LETTERS` letters, the
        words naming the answer (:meth:`words_naming_answer`) and words every label's clauses write. The first part
        to write a label loses the words before it, which name the task ("Decide the scaffold tag from the
        checklist: red if …"). None where a label has no word to find (a number: the text's thresholds and counts
        would be read as its clauses) or is one letter (``A``: the article)."""
        labels = {lab: words_of(lab) for lab in self.labels}
        if not self.seen or not all(len("".join(ws)) > 1 for ws in labels.values()):
            return {}
        label_words = {w for ws in labels.values() for w in ws}
        out: dict[str, set[str]] = {}
        for (_template, text), n in self.counts.items():
            if n < SHARED * self.seen:
                continue
            lead = True
            for part in _CLAUSE_END.split(text):
                words = words_of(part)
                starts = [i for i in range(len(words)) for ws in labels.values() if words[i : i + len(ws)] == ws]
                if not starts:
                    continue
                if lead:
                    words, lead = words[min(starts) :], False
                written = {lab for lab, ws in labels.items() for i in range(len(words)) if words[i : i + len(ws)] == ws}
                if len(written) == len(labels):
                    continue
                kept = {w for w in words if len(w) >= CLAUSE_LETTERS and w not in label_words}
                for lab in written:
                    out.setdefault(lab, set()).update(kept)
        every = set.intersection(*out.values()) if out and len(out) == len(labels) else set()
        answer = self.words_naming_answer()
        return {lab: frozenset(ws - every - answer) for lab, ws in out.items()}


def _first_label(words: Sequence[str], labels: Sequence[list[str]]) -> int | None:
    """The index of the first word of ``words`` where a label (its words in order) starts."""
    for i in range(len(words)):
        for lab in labels:
            if lab and words[i : i + len(lab)] == lab:
                return i
    return None


def key_words(pointer: str) -> list[str]:
    """The words of the last key of ``pointer`` that is not a list index (``error_codes`` → error, codes;
    ``piTraining`` → pi, training)."""
    return _keys_words(pointer)[0]


def _keys_words(pointer: str) -> list[list[str]]:
    """The words of the keys of ``pointer`` that are no list index, the last key's first."""
    return [
        words_of(_SPLIT.sub(" ", token))
        for token in reversed(pointer.split("/"))
        if token and not token.isdigit() and token != "*"
    ] or [[]]


def name_words(pointer: str) -> list[str]:
    """The words naming the field: its own key's (:func:`key_words`), and where that is one word, the last word of its
    parent's key before it (``crm_contact/phone`` → contact, phone: "the contact's phone number")."""
    keys = _keys_words(pointer)
    if len(keys[0]) == 1 and len(keys) > 1 and keys[1]:
        return [keys[1][-1], *keys[0]]
    return keys[0]


def _same(a: str, b: str) -> bool:
    """One word, up to an ending (``chapters`` / ``chapter``, ``codes`` / ``code``)."""
    if a == b:
        return True
    short, long = sorted((a, b), key=len)
    return len(short) >= _STEM and len(long) - len(short) <= 2 and long.startswith(short[: max(_STEM, len(short) - 1)])


def named(pointer: str, words: frozenset[str]) -> bool:
    """Whether the task's text (``words``: :meth:`TaskText.words`) writes every word of the field's own name."""
    mine = name_words(pointer)
    return len(mine) >= NAME_WORDS and bool(words) and all(any(_same(w, v) for v in words) for w in mine)


def clause_named(pointer: str, label: str, clauses: dict[str, frozenset[str]]) -> bool:
    """Whether the task's text writes a word of the field's own name (:data:`CLAUSE_LETTERS` letters or more) in
    the clause of ``label`` (:meth:`TaskText.clauses`): the rule decides that label from this field."""
    words = clauses.get(label, frozenset())
    return sum(len(w) >= CLAUSE_LETTERS and any(_same(w, v) for v in words) for w in key_words(pointer)) >= NAME_WORDS


def code_books(suggestions: Iterable[Any], labels: Iterable[str]) -> frozenset[str]:
    """The fields (pointers) whose mined ``suggestions`` (``kind``, ``pointer``, ``value``, ``label``, ``purity``
    each) act as a code book (module docstring): every one of ``labels`` (two at least) has a value there at
    :data:`BOOK_PURITY`, and none more than :data:`BOOK_VALUES` (a book's suggestion counts its values)."""
    wanted = set(labels)
    per: dict[str, Counter[str]] = {}
    for s in suggestions:
        if not s.pointer or s.kind not in ("value", "field") or s.purity < BOOK_PURITY:
            continue
        per.setdefault(s.pointer, Counter())[s.label] += 1 if s.kind == "value" else len(s.value.split("; "))
    return frozenset(
        p
        for p, counts in per.items()
        if len(wanted) >= 2 and set(counts) >= wanted and max(counts.values()) <= BOOK_VALUES
    )
