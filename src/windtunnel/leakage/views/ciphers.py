"""ROT13, the other letter substitutions, reversed text and hyphenated Pig Latin: word games that hide a label.

A rotation is reversible and costs nothing to read back, so a label written in it is still a label the
model can read. Every word is a rotation of some other string, so the view is gated word by word on
English letter frequencies: a word is rotated only when its rotation is much more likely English
than the word itself (``Erwrpg`` → ``Reject``; ``quiz``, ``fjord`` and every ordinary word stay as
written, their rotations being far less likely). Clean prose therefore yields no view. Pig Latin is read only
where a hyphen marks it (``edium-may``): the game's words run together look like ordinary words.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from functools import lru_cache

import ahocorasick_rs

from windtunnel.leakage.views.classes import CLASSES, classes_of
from windtunnel.leakage.views.registry import Replacement, decoder

# Relative frequency of each letter in English text (percent; a standard published table).
_FREQ = {
    "a": 8.2, "b": 1.5, "c": 2.8, "d": 4.3, "e": 12.7, "f": 2.2, "g": 2.0, "h": 6.1, "i": 7.0,
    "j": 0.15, "k": 0.77, "l": 4.0, "m": 2.4, "n": 6.7, "o": 7.5, "p": 1.9, "q": 0.095, "r": 6.0,
    "s": 6.3, "t": 9.1, "u": 2.8, "v": 0.98, "w": 2.4, "x": 0.15, "y": 2.0, "z": 0.074,
}  # fmt: skip
_LOGP = {c: math.log(p / 100.0) for c, p in _FREQ.items()}
_ROT = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "nopqrstuvwxyzabcdefghijklmNOPQRSTUVWXYZABCDEFGHIJKLM",
)
MARGIN = 0.78
"""Nats per letter by which a word's rotation must be more likely English than the word for the word
alone to open a rotated passage (English words of six letters or more stay below it: ``buffer`` scores 0.75)."""
WEAK_MARGIN = -0.1
"""The margin for the other words of a line that holds such a word (``Fri2`` is ``Sev2``: a short word
rotated scores about as well as written)."""
ANCHOR_LEN = 6
"""Letters of a word that alone opens a rotated passage (``quiz``, ``jazz`` and ``query`` score as rotated)."""
# A word of letters, not inside a run of letters and digits (base64, ids); a digit may follow (``Fri2``). Any case
# shape (``ErShaq``: a mixed-case label rotated keeps its shape) and any letters (a rotation leaves ``é`` as it is:
# ``Eéfvyvngvba``); two letters only in lowercase or capitalised (``gb``, ``Gb``), not an abbreviation.
_WORD_RE = re.compile(r"(?<![^\W_])(?:[^\W\d_]{3,40}|[A-Z]?[a-z]{2})(?![^\W\d_])")
_LINE_RE = re.compile(r"[^\n]+")
_NAMED_RE = re.compile(r"\brot[ -]?13\b", re.IGNORECASE)
# A cheap necessary condition: a letter rare in English (j, k, q, v, x, z: common in rotated English,
# where they stand for w, x, d, i, k, m) next to a letter.
_MARK_RE = re.compile(r"[jkqvxzJKQVXZ][A-Za-z]|[A-Za-z][jkqvxzJKQVXZ]")


def rot13(text: str) -> str:
    """``text`` with every ASCII letter rotated by 13 (its own inverse)."""
    return text.translate(_ROT)


@lru_cache(maxsize=8192)
def _score(word: str) -> float:
    """Mean log-likelihood per letter of ``word``'s ASCII letters under English letter frequencies (a
    rotation leaves other letters as they are; a word without an ASCII letter scores 0). Memoised: every
    string the rotation views read asks it of each word and of the word rotated (~1.4 µs a word), and
    prose repeats its words."""
    low = [c for c in word.lower() if c in _LOGP]
    return sum(_LOGP[c] for c in low) / len(low) if low else 0.0


def _marker(text: str) -> bool:
    """Whether ``text`` may hold a rotated word (one with a letter rare in English)."""
    return _MARK_RE.search(text) is not None


_ROT_BYTES = bytes.maketrans(
    b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", b"nopqrstuvwxyzabcdefghijklmNOPQRSTUVWXYZABCDEFGHIJKLM"
)


def _rot13_anchors(word: bytes) -> tuple[bytes, ...]:
    """The pre-check's rotation check (``prefilter._spoken_may_add``) as anchors: a needle word of three
    characters or more rotated; a shorter one is never looked for rotated."""
    return (word.translate(_ROT_BYTES),) if len(word) >= 3 else ()


@decoder("rot13", order=80, marker=_marker, word_anchors=_rot13_anchors)
def rotated_words(text: str) -> list[Replacement]:
    """The words of three or more letters of each line holding a rotated passage, rotated back.

    A line holds one when it has a word of :data:`ANCHOR_LEN` letters or more whose rotation is much
    more likely English (:data:`MARGIN`); then each of its words whose rotation scores
    :data:`WEAK_MARGIN` or better is rotated (one short word alone is too weak evidence: ``Erwrpg``).
    A line that names the rotation (``rot13:``) has every word after the name rotated, on that line
    or, when no word follows the name there, on the next line that holds one."""
    out: list[Replacement] = []
    after_name = -1  # every word from here on is rotated, up to the end of the line that holds one
    for line in _LINE_RE.finditer(text):
        lo, hi = line.start(), line.end()
        named = _NAMED_RE.search(text, lo, hi)
        if named is not None:
            after_name = named.end()
        cands: list[Replacement] = []
        anchored = False
        for mt in _WORD_RE.finditer(text, lo, hi):
            word = mt.group()
            rotated = word.translate(_ROT)
            if rotated == word:
                continue  # no ASCII letter: nothing to rotate
            if 0 <= after_name <= mt.start():
                cands.append((mt.start(), mt.end(), rotated))
                anchored = True
                continue
            gain = _score(rotated) - _score(word)
            if gain >= WEAK_MARGIN:
                cands.append((mt.start(), mt.end(), rotated))
                anchored = anchored or (gain >= MARGIN and len(word) >= ANCHOR_LEN)
        if anchored:
            out.extend(cands)
            after_name = -1
    return out


# --- every other rotation, Atbash and reversal -----------------------------------------------------------------

_LOWER = "abcdefghijklmnopqrstuvwxyz"
_TABLES: dict[str, dict[int, int]] = {
    **{
        f"rot{n}": str.maketrans(_LOWER + _LOWER.upper(), _LOWER[n:] + _LOWER[:n] + (_LOWER[n:] + _LOWER[:n]).upper())
        for n in range(1, 26)
        if n != 13
    },
    "atbash": str.maketrans(_LOWER + _LOWER.upper(), _LOWER[::-1] + _LOWER[::-1].upper()),
}
POOR = -3.3
"""Mean log-likelihood per letter below which a word is unlikely English as written (a cipher's anchor
word must be: ``Dsjujdbm`` scores -4.3, ``critical`` -2.9)."""
RARE_ANCHOR = 2
"""Letters rare in English (j, k, q, v, x, z) an anchor word holds: a substitution of English writes
them for common letters, and a pre-check finds two of them in one word cheaply."""
_RARE = frozenset("jkqvxzJKQVXZ")
_ANCHOR_RE = re.compile(r"(?<![A-Za-z0-9])[A-Za-z]*[jkqvxzJKQVXZ][A-Za-z]*[jkqvxzJKQVXZ][A-Za-z]*(?![A-Za-z])")
# Two rare letters in one word of the shared letter classes (views/classes.py), each search led by a literal.
_TWO_RARE_RES = (re.compile(rb"r(?=[aArR]*[rR])"), re.compile(rb"R(?=[aArR]*[rR])"))
# The letter classes of a serialisation's ROT13 (a rare letter there is a w, x, d, i, k or m as written).
_ROT_CLASSES = bytes(CLASSES[b] for b in _ROT_BYTES)
_NAMED_BLOB_RE = re.compile(_NAMED_RE.pattern.encode(), re.IGNORECASE)


def _anchor_blob(blob: bytes) -> bool:
    """Whether a substituted passage may open in serialised JSON, as written or as the ``rot13`` view shows
    it: the pipeline reads that view again (``decoded:rot13+substitution``), where a rotated word is another
    word (``fdwhjrub``, ``category`` under ROT3, holds one rare letter; its ROT13 ``sqjuwheo`` is an anchor).
    That view rotates a word only where its rotation scores :data:`WEAK_MARGIN` or better, or after a name of
    the rotation (``rot13:``); so only such words are read rotated here, which keeps the rotated reading of
    English prose (``medium`` is ``zrqvhz``, two rare letters) from opening anything."""
    if _anchor_in(blob, classes_of(blob), False):
        return True
    return _anchor_in(blob, blob.translate(_ROT_CLASSES), True, _NAMED_BLOB_RE.search(blob) is not None)


def _anchor_in(blob: bytes, classes: bytes, rot13: bool, named: bool = False) -> bool:
    """:func:`_anchor_marker` on serialised JSON (``classes``: its letter classes, :func:`classes_of`, or
    those of its ROT13 with ``rot13``), then :func:`_is_anchor` on each word it finds there (with ``rot13``,
    :func:`_rotated_anchor`): the pre-check asks exactly what opens a substituted passage (most words with
    two rare letters are English, ``jovial``, ``quartz``, and open none)."""
    # A word with several rare letters is found at each but its last, by either search: each word is read once
    # (by where it ends; its start is the last break before any of its letters).
    read: set[int] = set()
    for rx in _TWO_RARE_RES:
        for mt in rx.finditer(classes):
            end = _LETTERS_RE.match(classes, mt.end())
            b = end.end() if end is not None else mt.end()
            if b in read:
                continue
            read.add(b)
            a = (
                max(
                    classes.rfind(b" ", 0, mt.start()),
                    classes.rfind(b"1", 0, mt.start()),
                    classes.rfind(b"0", 0, mt.start()),
                )
                + 1
            )
            if a and blob[a - 1] == 0x5C:  # a JSON escape's letter (``\\nWord``) is not the word's
                a += 1
            if b - a < ANCHOR_LEN:
                continue  # too short to be an anchor (most such words: ``with``, ``did`` rotated)
            word = blob[a:b].decode("latin-1")
            if _rotated_anchor(word, named) if rot13 else _is_anchor(word):
                return True
    return False


_LETTERS_RE = re.compile(rb"[aArR]*")
"""The rest of a word in the letter classes (:func:`~windtunnel.leakage.views.classes.classes_of`)."""


@lru_cache(maxsize=8192)
def _rotated_anchor(word: str, named: bool) -> bool:
    """Whether the ``rot13`` view may show ``word`` rotated (its rotation scores :data:`WEAK_MARGIN` or
    better, or the text names the rotation) and that rotation opens a substituted passage."""
    read = word.translate(_ROT)
    return (named or _score(read) - _score(word) >= WEAK_MARGIN) and _is_anchor(read)


def _anchor_marker(text: str) -> bool:
    """A word holding two letters rare in English (the anchor every substitution view needs)."""
    return _ANCHOR_RE.search(text) is not None


_SHAPE_RE = re.compile(r"[A-Z]?[a-z]+|[A-Z]+")


@lru_cache(maxsize=8192)
def _is_anchor(word: str) -> bool:
    """Whether ``word`` opens a substituted passage: written in a case shape of prose, at least
    :data:`ANCHOR_LEN` letters, :data:`RARE_ANCHOR` rare letters, unlikely English as written
    (:data:`POOR`), and some substitution gains :data:`MARGIN` per letter on it."""
    if len(word) < ANCHOR_LEN or sum(c in _RARE for c in word) < RARE_ANCHOR or _SHAPE_RE.fullmatch(word) is None:
        return False
    written = _score(word)
    return written < POOR and any(_score(word.translate(t)) - written >= MARGIN for t in _TABLES.values())


# The most frequent letter pairs of English text (a standard published ranking): a reading that forms
# them is English-like beyond its letters' frequencies (``critical`` beside ``nctetnlw``).
_BIGRAMS = frozenset(
    [
        "th",
        "he",
        "in",
        "er",
        "an",
        "re",
        "on",
        "at",
        "en",
        "nd",
        "ti",
        "es",
        "or",
        "te",
        "of",
        "ed",
        "is",
        "it",
        "al",
        "ar",
        "st",
        "to",
        "nt",
        "ng",
        "se",
        "ha",
        "as",
        "ou",
        "io",
        "le",
        "ve",
        "co",
        "me",
        "de",
        "hi",
        "ri",
        "ro",
        "ic",
        "ne",
        "ea",
        "ra",
        "ce",
        "li",
        "ch",
        "ll",
        "be",
        "ma",
        "si",
        "om",
        "ur",
    ]
)
BIGRAM_BONUS = 0.6
"""Nats added per frequent letter pair when the substitutions are compared."""


def _line_score(words: list[str]) -> float:
    """Letter frequencies and frequent pairs of ``words`` together (higher: more English-like)."""
    total = 0.0
    for w in words:
        low = w.lower()
        total += sum(_LOGP[c] for c in low) + BIGRAM_BONUS * sum(
            low[i : i + 2] in _BIGRAMS for i in range(len(low) - 1)
        )
    return total


def _substituted(text: str) -> list[Replacement]:
    """The words of each line that holds a substituted passage, read back with the one substitution
    (a rotation other than 13, or Atbash) under which the line's anchor words read as English.

    An anchor is a word of :data:`ANCHOR_LEN` letters or more, unlikely English as written (:data:`POOR`),
    holding :data:`RARE_ANCHOR` rare letters, whose substitution gains :data:`MARGIN` per letter; of the
    substitutions that make such a gain, the one under which the anchors read most like English (letters
    and frequent letter pairs) wins, and each word of the line whose reading
    under it scores :data:`WEAK_MARGIN` or better is read so (one word alone is too weak: ``Fri2``)."""
    out: list[Replacement] = []
    for line in _LINE_RE.finditer(text):
        lo, hi = line.start(), line.end()
        anchors = [mt.group() for mt in _ANCHOR_RE.finditer(text, lo, hi) if _is_anchor(mt.group())]
        if not anchors:
            continue
        base = _line_score(anchors)
        best, best_gain = "", 0.0
        for name, table in _TABLES.items():
            # the anchors' letters and letter pairs choose the substitution
            gain = _line_score([w.translate(table) for w in anchors]) - base
            if gain > best_gain and any(_score(w.translate(table)) - _score(w) >= MARGIN for w in anchors):
                best, best_gain = name, gain
        if not best:
            continue
        table = _TABLES[best]
        for mt in _WORD_RE.finditer(text, lo, hi):
            word = mt.group()
            read = word.translate(table)
            if read != word and (_score(read) - _score(word) >= WEAK_MARGIN or word in anchors):
                out.append((mt.start(), mt.end(), read))
    return out


_LOW_BYTES = _LOWER.encode()
# For each substitution, the table that writes a plain word as the substitution shows it (the inverse); and
# Atbash read after the ``rot13`` view (``decoded:rot13+substitution``): a word written as Atbash of its ROT13,
# the letter at 12 - i for the letter at i. (ROT-N after ROT13 is a rotation the first tables write already.)
_WRITE_TABLES = tuple(
    [bytes.maketrans(_LOW_BYTES, _LOW_BYTES[26 - n :] + _LOW_BYTES[: 26 - n]) for n in range(1, 26) if n != 13]
    + [bytes.maketrans(_LOW_BYTES, _LOW_BYTES[::-1])]
    + [bytes.maketrans(_LOW_BYTES, bytes(_LOW_BYTES[(12 - i) % 26] for i in range(26)))]
)


def _written_may_hit(
    blob: bytes, sets: Sequence[tuple[bytes, ...]], forms: Callable[[bytes], Callable[[bytes], bool]]
) -> bool:
    """Whether some needle's words all occur in the lowercased serialisation, each as written or in one of
    its ``forms``, one at least in a form: a necessary condition of a hit only such a view shows. (A word
    absent as written is looked for in its forms first, up to the first found: a needle with a word in
    neither is ruled out without searching its other words' forms.)"""
    low = blob.lower()
    for toks in sets:
        written: list[bytes] = []
        formed = False
        for t in toks:
            if low.find(t) >= 0:
                written.append(t)
            elif forms(t)(low):
                formed = True
            else:
                break
        else:
            if formed or any(forms(t)(low) for t in written):
                return True
    return False


def _finds(forms: Sequence[bytes]) -> Callable[[bytes], bool]:
    """Whether one of ``forms`` occurs in a text: a ``find`` each (one or two forms)."""
    return lambda low: any(low.find(f) >= 0 for f in forms)


def _substitution_may_hit(blob: bytes, sets: Sequence[tuple[bytes, ...]]) -> bool:
    """The substitution view's pre-check: a needle word written under some substitution occurs, and a
    substituted passage may open (:func:`_anchor_blob`). The decoder declares no ``blob_marker``: the
    anchors as the ``rot13`` view shows them are a pass over most words of a text (~30 µs a ticket), the
    forms a few ``find``s that rule nearly every item out first. Many one-word needles (a label set's
    lexicon) are asked together (:func:`_one_word_forms`)."""
    together = _one_word_forms(sets)
    if together is None:
        return _written_may_hit(blob, sets, _written_forms) and _anchor_blob(blob)
    # A one-word needle holds by a form of its word alone (written, it must still show in a form): one pass
    # says whether any of them does; the needles of several words are asked as before.
    hit = together(blob.lower()) or _written_may_hit(blob, [t for t in sets if len(t) != 1], _written_forms)
    return hit and _anchor_blob(blob)


_TOGETHER_FROM = 8
"""One-word needles from which their forms are searched by one automaton (a label set's lexicon brings ~100)."""
_TOGETHER_MAX = 64
_TOGETHER: dict[tuple[tuple[bytes, ...], ...], Callable[[bytes], bool]] = {}
_TOGETHER_SEEN: dict[tuple[tuple[bytes, ...], ...], None] = {}


def _one_word_forms(sets: Sequence[tuple[bytes, ...]]) -> Callable[[bytes], bool] | None:
    """For :data:`_TOGETHER_FROM` one-word needles or more, seen before: whether some form of one of their
    words occurs in a lowercased text (what :func:`_written_may_hit` asks of each: a word's forms leave the
    word itself out, so a form of one word may be another word, and counts). One leftmost-first pass over
    the union of the forms reports a match wherever any form occurs, so it answers exactly as a pass per
    word (~99 passes, ~130 µs over a ticket with a lexicon label set). Made on the second sighting of the
    same one-word needles (a label set's recur on every item with that answer; a file whose sets vary by
    item keeps asking word by word) and kept for the last :data:`_TOGETHER_MAX` (~2,600 forms each)."""
    if len(sets) < _TOGETHER_FROM:
        return None
    singles = tuple(t for t in sets if len(t) == 1)
    if len(singles) < _TOGETHER_FROM:
        return None
    together = _TOGETHER.get(singles)
    if together is not None:
        return together
    if singles not in _TOGETHER_SEEN:
        if len(_TOGETHER_SEEN) >= 4 * _TOGETHER_MAX:
            _TOGETHER_SEEN.clear()
        _TOGETHER_SEEN[singles] = None
        return None
    forms = sorted({f for (w,) in singles for table in _WRITE_TABLES if (f := w.translate(table)) != w})
    if forms:
        search = ahocorasick_rs.BytesAhoCorasick(forms, matchkind=ahocorasick_rs.MatchKind.LeftmostFirst)
        together = lambda low: bool(search.find_matches_as_indexes(low))  # noqa: E731
    else:
        together = lambda _low: False  # noqa: E731
    if len(_TOGETHER) >= _TOGETHER_MAX:
        _TOGETHER.clear()
    _TOGETHER[singles] = together
    return together


@lru_cache(maxsize=1024)
def _written_forms(word: bytes) -> Callable[[bytes], bool]:
    """Whether ``word`` occurs under some substitution's write table (``word`` itself left out: a word
    without a letter, ``2``, is its own form under every table, and present as written it is no substituted
    word): one automaton pass over the ~26 forms (~0.5 µs over a ticket, where a ``find`` each took ~25;
    a contiguous NFA of a few KB, kept for the last 1,024 words)."""
    forms = sorted(f for f in {word.translate(table) for table in _WRITE_TABLES} if f != word)
    if not forms:
        return lambda _low: False
    search = ahocorasick_rs.BytesAhoCorasick(
        forms,
        matchkind=ahocorasick_rs.MatchKind.LeftmostFirst,
        implementation=ahocorasick_rs.Implementation.ContiguousNFA,
    )
    return lambda low: bool(search.find_matches_as_indexes(low))


SHORTEST_ANCHORED = 4
"""Letters a needle word needs for its substituted and reversed forms to be anchors: a shorter word's
twenty-five forms are strings most texts hold somewhere (``bay`` as ``cbz``, ``dca`` …)."""


def _substitution_anchors(word: bytes) -> tuple[bytes, ...] | None:
    """The forms :func:`_substitution_may_hit` looks for (``None`` for a word of fewer than
    :data:`SHORTEST_ANCHORED` letters)."""
    if sum(0x61 <= c <= 0x7A for c in word) < SHORTEST_ANCHORED:
        return None
    return tuple(word.translate(table) for table in _WRITE_TABLES)


@decoder(
    "substitution",
    order=81,
    marker=_anchor_marker,
    blob_may_hit=_substitution_may_hit,
    word_anchors=_substitution_anchors,
)
def substitution(text: str) -> list[Replacement]:
    """ROT-N for every N but 13 (the ``rot13`` decoder's), and Atbash: see :func:`_substituted`."""
    return _substituted(text)


# Reversed text: a word whose only capital is its last letter (``lacitirC``: a capitalised word read
# backwards), or a reversed English function word standing alone.
_REVERSED_CUE_RE = re.compile(
    r"(?<![A-Za-z])[a-z]{2,}[A-Z](?![A-Za-z])|(?<![A-Za-z])(?:eht|dna|rof|htiw|siht|taht|si)(?![A-Za-z])"
)
# For the pre-check on bytes: small letters as 'a', capitals as 'A', anything else as a blank.
# A word of small letters ending in a capital, not glued to a digit or a base64 character, nor code
# (``setX(``) or a character reference (``&#xaB;``).
_CAPITAL_LAST_RE = re.compile(r"(?<![A-Za-z0-9+/=&#%\\])[a-z]{2,}[A-Z](?![A-Za-z0-9+/=(;])")


def _reversed_blob(blob: bytes) -> bool:
    """The reversed view's cue in serialised JSON: ``eht`` (``the`` backwards, which a reversed line of
    English function words holds), or a word of small letters ending in a capital that no letter,
    digit or base64 character follows (:func:`~windtunnel.leakage.views.classes.classes_of`; a
    ``1`` after it is punctuation such as ``!``), checked back to its start."""
    if blob.find(b"eht") >= 0:
        return True
    classes = classes_of(blob)
    for rx in _CAPITAL_END_RES:
        for mt in rx.finditer(classes):
            i = mt.start()
            start = max(classes.rfind(b" ", 0, i), classes.rfind(b"1", 0, i)) + 1
            if i - start >= 2 and not classes[start:i].strip(b"ar"):
                return True
    return False


_CAPITAL_END_RES = (re.compile(rb"A(?<=[ar]A)(?=[ 1])"), re.compile(rb"R(?<=[ar]R)(?=[ 1])"))


_FUNCTION_WORDS = frozenset(
    [
        "the",
        "and",
        "of",
        "to",
        "is",
        "in",
        "for",
        "it",
        "this",
        "that",
        "with",
        "on",
        "be",
        "are",
        "was",
        "not",
        "a",
        "an",
        "or",
        "by",
        "as",
        "at",
    ]
)
_TOKEN_RE = re.compile(r"[A-Za-z]+")


@decoder(
    "reversed",
    order=82,
    marker=lambda t: _REVERSED_CUE_RE.search(t) is not None,
    blob_marker=lambda b: _reversed_blob(b),
    blob_may_hit=lambda b, sets: _written_may_hit(b, sets, lambda t: _finds((t[::-1],))),
    word_anchors=lambda t: (t[::-1],) if len(t) >= SHORTEST_ANCHORED else None,
)
def reversed_lines(text: str) -> list[Replacement]:
    """Each line written backwards, read forwards: a line holding a word whose only capital is its last
    letter, or more English function words read backwards than forwards (two at least, ``eht`` among
    them); the whole line is one replacement."""
    out: list[Replacement] = []
    for line in _LINE_RE.finditer(text):
        body = line.group()
        tokens = _TOKEN_RE.findall(body)
        forwards = sum(t.lower() in _FUNCTION_WORDS for t in tokens)
        backwards = sum(t[::-1].lower() in _FUNCTION_WORDS for t in tokens)
        capital_last = _CAPITAL_LAST_RE.search(body) is not None
        if capital_last or (backwards >= 2 and backwards > forwards and "eht" in body):
            out.append((line.start(), line.end(), body[::-1]))
    return out


# Pig Latin written with a hyphen: a word's first consonants moved behind a hyphen and followed by "ay"
# (``igh-hay`` for ``high``, ``ev2-Say`` for ``Sev2``), a word starting with a vowel followed by "-way",
# "-yay" or "-hay" (``account-way``). Without the hyphen the game is too close to ordinary words ending in
# "ay" to be read back.
_PIG_RE = re.compile(
    r"(?<![A-Za-z0-9-])((?=[0-9]*[A-Za-z])[A-Za-z0-9]+)-([B-DF-HJ-NP-TV-Zb-df-hj-np-tv-z]{1,3})[aA][yY](?![\w-])"
)
_PIG_BLOB_RE = re.compile(rb"-[B-DF-HJ-NP-TV-Zb-df-hj-np-tv-z]{1,3}[aA][yY](?![A-Za-z0-9_-])")
_VOWELS = frozenset("aeiouAEIOU")


def _pig_word(stem: str, moved: str) -> str:
    """The word a Pig Latin form stands for: ``moved`` put back in front of ``stem``, but for a stem
    starting with a vowel after a ``w`` or ``y``, the vowel-initial word's own mark (``account-way``)."""
    if stem[0] in _VOWELS and moved.lower() in ("w", "y"):
        return stem
    return moved + stem


def _pig_forms(word: bytes) -> tuple[bytes, ...]:
    """The hyphenated Pig Latin forms of a lowercased word: its first one to three consonants moved behind
    a hyphen with ``ay``, and, for a word starting with a vowel, the word with ``-way`` / ``-yay``."""
    out: list[bytes] = []
    for k in range(1, min(3, len(word) - 1) + 1):
        head = word[:k]
        if not head.isalpha() or any(c in b"aeiou" for c in head):
            break
        out.append(word[k:] + b"-" + head + b"ay")
    if word[:1] in (b"a", b"e", b"i", b"o", b"u"):
        out += [word + b"-way", word + b"-yay"]
    return tuple(out)


def _pig_may_hit(blob: bytes, sets: Sequence[tuple[bytes, ...]]) -> bool:
    """The Pig Latin view's pre-check: some needle word occurs in one of its forms."""
    low = blob.lower()
    return any(low.find(form) >= 0 for words in sets for w in words for form in _pig_forms(w))


@decoder(
    "pig_latin",
    order=83,
    marker=lambda t: "-" in t and _PIG_RE.search(t) is not None,
    blob_marker=lambda b: _PIG_BLOB_RE.search(b) is not None,
    blob_may_hit=_pig_may_hit,
    word_anchors=lambda w: _pig_forms(w) or None,
)
def pig_latin(text: str) -> list[Replacement]:
    """Each hyphenated Pig Latin word read back (``edium-may`` → ``medium``, ``ev2-Say`` → ``Sev2``)."""
    return [(m.start(), m.end(), _pig_word(m.group(1), m.group(2))) for m in _PIG_RE.finditer(text)]
