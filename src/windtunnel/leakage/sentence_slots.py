"""The slot of a sentence many records carry, read as a value: a phrase a tool or a writer fills in per record.

A mail quoted in a film scan's thread reads ``Confirmed with the DoP this is scope; QC the mattes against that.`` on
one record and ``… this is European widescreen; QC …`` on another; a lab's report ends ``Interpretation (ref. lab,
EN): mild anaemia per WHO criteria.``. The sentence is one frame, the same words before and after; what fills it is
a value, as a field's is. Mining reads prose as words, and no filler is held by enough records to be mined alone;
read as the values of one field (the frame), the fillers that each ride with one label form a code book
(:mod:`~windtunnel.leakage.codebook`), found though no phrase is.

Frames are found over the dataset, with no label: the sentences of prose outside the named input (the whole text,
and each sentence of a text of several) are grouped by their first and last :data:`ANCHOR` tokens; a group of two
distinct sentences or more whose common beginning and common ending keep :data:`MIN_FIXED` tokens, and leave every
sentence a slot of one to :data:`MAX_SLOT` tokens between them, is a frame. Tokens are read case-folded with their
digits as ``#`` (a reel's number, a date, is no word of the frame). The frame is a field under the text's own
(``/thread/> confirmed with the dop this is … ; qc the mattes against that .``); its values are found at the
filler's characters, so the sanitizer cuts the filler and leaves the sentence.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from windtunnel.leakage.pointers import escape_pointer_token

ANCHOR = 2
"""Tokens a frame's sentences share at each end to be compared at all."""
MIN_FIXED = 4
"""Tokens a frame keeps around its slot, at least."""
MAX_SLOT = 6
"""Tokens a slot holds, at most: a phrase, not a clause."""
MAX_TOKENS = 60
"""Tokens a sentence may hold to be read for a frame: a longer one is a paragraph."""

_TOKEN = re.compile(r"[^\W_]+(?:[-'’:./][^\W_]+)*|[^\w\s]")
"""A word (with the marks inside it: ``full-frame``, ``16:9``) or one mark."""
_SENTENCE_END = re.compile(r"\n|(?<=[.!?])\s+")
_DIGITS = re.compile(r"\d+")

Tokens = tuple[str, ...]


@dataclass(frozen=True)
class Frame:
    """A sentence frame: the tokens before its slot, those after it, and the field it names."""

    head: Tokens
    tail: Tokens
    template: str


def _norm(token: str) -> str:
    return _DIGITS.sub("#", token.casefold())


def sentences(text: str) -> Iterator[list[tuple[str, int, int]]]:
    """The sentences of ``text`` (the whole text when it is one), each as its tokens ``(folded, start, end)``."""
    parts: list[tuple[int, int]] = []
    start = 0
    for m in _SENTENCE_END.finditer(text):
        parts.append((start, m.start()))
        start = m.end()
    parts.append((start, len(text)))
    for a, b in parts:
        toks = [(_norm(m.group()), m.start(), m.end()) for m in _TOKEN.finditer(text, a, b)]
        if 2 * ANCHOR < len(toks) <= MAX_TOKENS:
            yield toks


def sentence_keys(text: str) -> Iterator[Tokens]:
    """The folded token tuples of the sentences of ``text`` (what mining counts per item)."""
    for toks in sentences(text):
        yield tuple(t for t, _a, _b in toks)


def folded(text: str) -> str:
    """``text`` as its tokens are read for frames (case folded, digits as ``#``), joined by blanks."""
    return " ".join(_norm(m.group()) for m in _TOKEN.finditer(text))


def input_texts(strings: Iterable[str]) -> frozenset[str]:
    """The task's input strings as :func:`folded` reads them (what a filler restating the input is compared with)."""
    return frozenset(f" {folded(s)} " for s in strings if s.strip())


def restates(filler: str, inputs: Collection[str]) -> bool:
    """Whether ``filler`` (folded tokens) is words of the record's input (``inputs``, :func:`input_texts`): a note
    quoting what the customer wrote carries the input's signal, not a value of its own."""
    needle = f" {filler} "
    return any(needle in text for text in inputs)


def find_frames(held: Mapping[tuple[str, Tokens], Iterable[int]]) -> dict[str, list[Frame]]:
    """Per text template, the frames of its sentences (``held``: ``(template, tokens)`` → the items holding it)."""
    groups: dict[tuple[str, Tokens, Tokens], list[Tokens]] = {}
    for template, toks in held:
        groups.setdefault((template, toks[:ANCHOR], toks[-ANCHOR:]), []).append(toks)
    out: dict[str, list[Frame]] = {}
    for (template, _head, _tail), members in groups.items():
        if len(members) < 2:
            continue
        head = _common(members)
        tail = tuple(reversed(_common([tuple(reversed(m)) for m in members])))
        if len(head) + len(tail) < MIN_FIXED:
            continue
        if not all(1 <= len(m) - len(head) - len(tail) <= MAX_SLOT for m in members):
            continue
        shown = " ".join((*head, "…", *tail))
        frame = Frame(head, tail, f"{template}/{escape_pointer_token(shown)}")
        out.setdefault(template, []).append(frame)
    return out


def _common(seqs: Sequence[Tokens]) -> Tokens:
    """The longest beginning every one of ``seqs`` shares."""
    first = seqs[0]
    n = min(len(s) for s in seqs)
    i = 0
    while i < n and all(s[i] == first[i] for s in seqs):
        i += 1
    return first[:i]


def slot_values(
    held: Mapping[tuple[str, Tokens], Iterable[int]],
    frames: Mapping[str, Sequence[Frame]],
    inputs: Callable[[int], Collection[str]] = lambda _n: (),
) -> dict[tuple[str, str, str], set[int]]:
    """Each frame's fillers as mining's candidates, ``("value", frame field, filler)`` → the items holding it, but the
    items whose filler restates their own input (``inputs``: an item's :func:`input_texts`)."""
    out: dict[tuple[str, str, str], set[int]] = {}
    for (template, toks), items in held.items():
        for frame in frames.get(template, ()):
            filler = _filler(toks, frame)
            if filler is not None:
                text = " ".join(filler)
                its = {n for n in items if not restates(text, inputs(n))}
                if its:
                    out.setdefault(("value", frame.template, text), set()).update(its)
    return out


def _filler(toks: Tokens, frame: Frame) -> Tokens | None:
    h, t = len(frame.head), len(frame.tail)
    if 1 <= len(toks) - h - t <= MAX_SLOT and toks[:h] == frame.head and toks[len(toks) - t :] == frame.tail:
        return toks[h : len(toks) - t]
    return None


def frame_candidates(
    strings: Iterable[tuple[str, str, str]], frames: Mapping[str, Sequence[Frame]], inputs: Collection[str] = ()
) -> Iterator[tuple[tuple[str, str, str], str, tuple[int, int]]]:
    """The fillers of the frames of ``strings`` (``(pointer, template, text)``) as ``(candidate, pointer, span of the
    filler's characters)``, for finding and cutting them where they are; not a filler restating the record's input
    (``inputs``, :func:`input_texts`)."""
    for pointer, template, text in strings:
        mine = frames.get(template)
        if not mine:
            continue
        for toks in sentences(text):
            key = tuple(t for t, _a, _b in toks)
            for frame in mine:
                filler = _filler(key, frame)
                if filler is not None and not restates(" ".join(filler), inputs):
                    h = len(frame.head)
                    span = (toks[h][1], toks[h + len(filler) - 1][2])
                    yield ("value", frame.template, " ".join(filler)), pointer, span
