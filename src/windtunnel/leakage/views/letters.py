"""A word spelled out: letters (or syllables) written one by one, read back as the word.

Said over a line or typed for clarity, a label comes spelled: ``H-I-G-H``, ``N.E.G.``, ``T I E R   1``,
``S.E.V.2``, one letter a line, syllables between middle dots (``in·ter·nal``). The ``letters`` view
joins each run of single letters or digits written with *one* separator (a hyphen, a full stop, a
blank or a line break; the same one throughout the run, so ``a-b c`` is not one run) into the word
they spell, and a run of syllables joined by a middle dot (``·``, ``‧``, ``•``, ``∙``) likewise. Runs
one after the other with a word break between them (``/``, ``|``, two blanks or more, or a blank
after a hyphen- or dot-separated run) are one phrase (``M-O-D-E-R-A-T-E / R-I-S-K`` is
``MODERATE RISK``).

The view is label-agnostic; what keeps it quiet is the whole-token match that reads it: a spelled
name that holds a label word (``L-O-W-E``, ``H-I-G-H-S-M-I-T-H``) joins into the name, not the word,
and initials (``U.S.A.``) only match a label that *is* those letters. A run of digits alone is a
number, a version or a date (``1.2.3``, ``5-3``), not a spelling, and is left as written; a run of
blanks needs three letters (``a b`` is two words of prose).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from functools import lru_cache
from typing import Any

from windtunnel.leakage.views.anchors import sided_gate
from windtunnel.leakage.views.inline import MAX_NODES as MAX_ITEMS_WALKED
from windtunnel.leakage.views.inline import InlineRun, Segment
from windtunnel.leakage.views.inline import escape as escape_pointer
from windtunnel.leakage.views.registry import Replacement, decoder

MAX_PIECES = 40
"""Letters of one spelled word at most (a longer run is a table of single characters, not a word)."""

_ONE = r"[^\W_]"
# A run of single characters, one separator throughout (``sep``): a hyphen, a full stop, blanks or a
# line break (optionally padded: ``U - P``), at least two characters; for blanks three.
_RUN_RE = re.compile(
    r"(?<![^\W_])(?<![^\W_][.-])"
    + _ONE
    + r"(?P<sep>[ \t]?[-.][ \t]?|[ \t]|\r?\n)"
    + _ONE
    + r"(?:(?P=sep)"
    + _ONE
    + r")*"
    r"(?![^\W_])(?![-.][^\W_])"
)
_SYLLABLES_RE = re.compile(r"(?<![\w·‧•∙])[^\W_]{1,12}(?:[·‧•∙][^\W_]{1,12})+(?![\w·‧•∙])")
# Between two runs of one phrase: a slash or bar, or two blanks or more.
_WORD_GAP_RE = re.compile(r"[ \t]*[/|][ \t]*|[ \t]{2,}|[ \t]")


def _runs(text: str) -> list[tuple[int, int, str, str]]:
    """``(start, end, word, separator)`` of each spelled run and syllable run, in text order.

    A run of digits only is a number, not spelling; a run split only by spaces needs three pieces or more
    (``a b`` is two words), and a run of more than :data:`MAX_PIECES` pieces is left alone. Syllable runs
    (``Mo·der·ate``) lose their dots. Runs of the two kinds may overlap; the caller decides between them.
    """
    out: list[tuple[int, int, str, str]] = []
    for mt in _RUN_RE.finditer(text):
        sep = mt.group("sep")
        pieces = mt.group().split(sep)
        if len(pieces) > MAX_PIECES or all(p.isdigit() for p in pieces):
            continue
        if not sep.strip() and len(pieces) < 3:
            continue
        out.append((mt.start(), mt.end(), "".join(pieces), sep))
    for mt in _SYLLABLES_RE.finditer(text):
        out.append((mt.start(), mt.end(), re.sub(r"[·‧•∙]", "", mt.group()), "·"))
    out.sort()
    return out


def _marker(text: str) -> bool:
    """Two single characters with one separator between them, or a middle dot."""
    return may_spell(text.encode())


_TAIL_RE = re.compile(r"[^\W_]{1,3}(?![^\W_])")


# Every separator ``_SEP_BYTES`` allows between two letters in serialised JSON, where a tab, a carriage
# return and a line break are escapes (``\\t`` is no separator there; ``\\n`` and ``\\r\\n`` are).
_JSON_SEPARATORS = (b"-", b" -", b"- ", b" - ", b".", b" .", b". ", b" . ", b" ", b"\\n", b"\\r\\n")


def _anchors(word: bytes) -> tuple[bytes, ...]:
    """The pre-check's condition on this view in a serialisation (:func:`spelled_may_add` with ``json``)
    as anchors: the word's first three characters (two for a word of two) spelled with each separator
    serialised JSON can hold; ``()`` for a word the view's words regex skips (:func:`_spelled_words_re`)."""
    if len(word) < 2 or len(word) > MAX_PIECES or not word.isalnum() or word.isdigit():
        return ()
    chars = [word[i : i + 1] for i in range(min(3, len(word)))]
    return tuple(sep.join(chars) for sep in _JSON_SEPARATORS)


@decoder("letters", order=92, marker=_marker, word_anchors=_anchors)
def letters(text: str) -> list[Replacement]:
    """Each spelled phrase as its words (``H-I-G-H`` → ``HIGH``; ``T I E R   1`` → ``TIER 1``): runs
    joined by a word break (the module), a short word or number after a break ending the phrase."""
    runs = _runs(text)
    out: list[Replacement] = []
    i = 0
    while i < len(runs):
        a, b, word, sep = runs[i]
        words = [word]
        j = i + 1
        while True:
            gap = _WORD_GAP_RE.match(text, b)
            if gap is None or gap.end() == b:
                break
            # a blank alone breaks words only between runs it does not separate letters within
            if gap.group() in (" ", "\t") and not sep.strip():
                break
            if j < len(runs) and runs[j][0] == gap.end() and runs[j][0] < runs[j][1]:
                _c, b, w, _s = runs[j]
                words.append(w)
                j += 1
                continue
            tail = _TAIL_RE.match(text, gap.end())
            # a lone short piece after a break of blanks or a slash: ``T I E R   1``
            if tail is not None and gap.group() not in (" ", "\t") and (j >= len(runs) or runs[j][0] >= tail.end()):
                words.append(tail.group())
                b = tail.end()
            break
        out.append((a, b, " ".join(words)))
        i = j
    return out


_SEP_BYTES = rb"(?:[ \t]?[-.][ \t]?|[ \t]|\r?\n|(?:\\r)?\\n)"
_MIDDLE_DOTS = ("·", "‧", "•", "∙")
_MIDDLE_DOT_BYTES = tuple(d.encode() for d in _MIDDLE_DOTS)


@lru_cache(maxsize=4096)
def _spelled_words_re(words: tuple[bytes, ...]) -> re.Pattern[bytes] | None:
    """Any of ``words`` (lowercased needle words of two characters or more) spelled one character at a
    time with one separator, in lowercased text or serialised JSON (``None``: no such word)."""
    alts = []
    for w in words:
        if len(w) < 2 or len(w) > MAX_PIECES or not w.isalnum() or w.isdigit():
            continue
        chars = [re.escape(w[i : i + 1]) for i in range(len(w))]
        alts.append(chars[0] + b"(" + _SEP_BYTES + b")" + chars[1] + b"".join(b"(?:\\1)" + c for c in chars[2:]))
    if not alts:
        return None
    # one group per alternative: renumber each alternative's back-reference
    pats = [a.replace(b"(?:\\1)", b"(?:\\%d)" % (i + 1)) for i, a in enumerate(alts)]
    return re.compile(b"|".join(pats))


# A separator, then a letter or digit alone: each pattern led by its separator (a literal the regex engine
# skips to; a look-behind tried at every separator cost ten times more), the letter alone before it
# checked for each match. Blanks need three pieces (``a b`` is prose).
_PAIR_RES = tuple(
    (sep, re.compile(esc + rb"[A-Za-z0-9](?![A-Za-z0-9])"))
    for sep, esc in ((b"-", rb"-"), (b".", rb"\."), (b"\\n", rb"\\n"), (b"\n", rb"\n"), (b"\t", rb"\t"))
)
_SPACED_RE = re.compile(rb" [A-Za-z0-9] [A-Za-z0-9](?![A-Za-z0-9])")


def _letter_alone_before(raw: bytes, at: int) -> bool:
    """Whether ``raw[at - 1]`` is a letter with no letter or digit right before it."""
    return at >= 1 and raw[at - 1 : at].isalpha() and (at < 2 or not raw[at - 2 : at - 1].isalnum())


def may_spell(raw: bytes, *, json: bool = False) -> bool:
    """Whether ``raw`` (a string's UTF-8, or serialised JSON with ``json``) holds a letter alone, a
    separator and a letter or digit alone, or a middle dot: a necessary condition of the ``letters``
    view changing anything, whatever the labels. (Each separator is one pass over ``raw``; JSON holds
    no raw line break or tab.)"""
    if not raw.isascii() and any(raw.find(d) >= 0 for d in _MIDDLE_DOT_BYTES):
        return True
    # A JSON line break is two bytes (a full search): looked for only where its backslash is (memchr).
    backslash = not json or raw.find(b"\\") >= 0
    for sep, pat in _PAIR_RES[:3] if json else _PAIR_RES:
        if sep == b"\\n" and not backslash:
            continue
        if raw.find(sep) >= 0 and any(_letter_alone_before(raw, m.start()) for m in pat.finditer(raw)):
            return True
    # (a text without a blank, an id or a base64 run, skips the regex: memchr)
    return raw.find(b" ") >= 0 and any(_letter_alone_before(raw, m.start()) for m in _SPACED_RE.finditer(raw))


def spelled_may_add(low: bytes, sets: Sequence[tuple[bytes, ...]], *, json: bool = False) -> bool:
    """Whether the ``letters`` view can add a hit of a needle of ``sets`` to ``low`` (lowercased text, or
    serialised JSON with ``json``): some needle word is there spelled letter by letter, or a middle dot joins
    syllables. A necessary condition, for the prefilter: :func:`may_spell` first (searches led by
    literals), the words' spellings only where it holds."""
    if not may_spell(low, json=json):
        return False
    if not low.isascii() and any(low.find(d) >= 0 for d in _MIDDLE_DOT_BYTES):
        return True
    words = tuple(
        sorted({t for ws in sets for t in ws if 2 <= len(t) <= MAX_PIECES and t.isalnum() and not t.isdigit()})
    )
    pat = _spelled_words_re(words) if words else None
    return pat is not None and pat.search(low) is not None


def spelled_view(view: str) -> bool:
    """Whether the view named ``view`` (``decoded:letters``, ``decoded:html+letters``) joined spelled
    letters: a hit only it shows was spelled out letter by letter, which singles the word out as
    quotes or emphasis do (the writer made sure of each letter)."""
    return view.startswith("decoded:") and "letters" in view[8:].split("+")


MIN_LETTER_ITEMS = 3
"""Consecutive list items of one character each that read as a spelled word (two are initials)."""
MAX_PIECE = 8
"""Characters of one piece of a word at most (a sub-word token, ``Neg`` + ``ative``; a syllable)."""
_ONE_CHAR_JSON_RE = re.compile(rb'"[^\W_]"\s*[,}\]]')


def has_letter_items(blob: bytes) -> bool:
    """Whether a serialised projection may hold :data:`MIN_LETTER_ITEMS` strings of one letter or digit
    (a cheap necessary condition of :func:`letter_runs` reading letters only)."""
    # Every match in one C call: ~0.3 µs less on a ticket than ``finditer`` stopped at the third through
    # ``islice`` and ``next`` (a list of many one-letter items builds a longer list, read by the walk anyway).
    return len(_ONE_CHAR_JSON_RE.findall(blob)) >= MIN_LETTER_ITEMS


_WORD_BYTES = frozenset(b"abcdefghijklmnopqrstuvwxyz0123456789")
"""The bytes of a word in a lowercased serialisation: a part of one character stands alone beside none."""


def _alone(low: bytes, literal: bytes, *, after: bool) -> bool:
    """Whether ``literal`` occurs in ``low`` with no letter or digit right after it (``after``) or right
    before it (else), or at that end of the text."""
    i = low.find(literal)
    while i >= 0:
        at = i + len(literal) if after else i - 1
        if at < 0 or at >= len(low) or low[at] not in _WORD_BYTES:
            return True
        i = low.find(literal, i + 1)
    return False


def _starts_with_rest(low: bytes, word: bytes) -> bool:
    """Whether a string of a lowercased serialisation starts with a proper suffix of ``word`` (``"ative``),
    or with its last character alone (a piece ``e`` or ``e-1``: a string merely starting with the letter is
    not one). Searched as literals: a pattern per word cost a compile per new word (~0.15 ms)."""
    return any(low.find(b'"' + word[k:]) >= 0 for k in range(1, len(word) - 1)) or _alone(
        low, b'"' + word[-1:], after=True
    )


def _ends_with_part(low: bytes, word: bytes) -> bool:
    """Whether a string of a lowercased serialisation ends with a proper prefix of ``word`` (``neg"``), or
    with its first character alone (a piece ``the n``)."""
    return any(low.find(word[:k] + b'"') >= 0 for k in range(2, len(word))) or _alone(low, word[:1] + b'"', after=False)


_NOT_WORD_BYTES = tuple(bytes([b]) for b in range(0x20, 0x80) if not bytes([b]).isalnum())
"""The bytes a lowercased ASCII serialisation may hold that are not ``[a-z0-9]`` (JSON writes no raw
control byte; an upper-case letter is lowered): what ``(?![a-z0-9])`` admits after a character."""
_BREAKS = (b"", b" ", b"_", b".", b"-")


def piece_anchors(word: bytes) -> tuple[tuple[bytes, ...], tuple[bytes, ...]] | None:
    """The literals of :func:`pieces_may_cross`'s two conditions for one needle word, as anchors of a
    sided gate (:func:`~windtunnel.leakage.views.anchors.sided_absent`): a string starting with a proper
    suffix of it (``"ative``; a last letter alone followed by a byte not a letter or digit, ``"e"``,
    ``"e-``) or with the word after a break (``" spam``), and a string ending with a proper prefix of it
    (``neg"``; a first letter alone, ``"n"``) or with the word before a break (``not"``): wherever
    :func:`_starts_with_rest`, :func:`_ends_with_part` or the break's check holds, one is present. ``None``
    for a word those checks cannot hold in an ASCII serialisation (not ASCII: ``((), ())``), ``None`` for one holding a
    quote, ``{`` or ``,`` (the pre-check's text may read ``{`` as ``,``)."""
    if not word.isascii():
        return (), ()
    if b"{" in word or b"," in word or b'"' in word:
        return None
    starts = [b'"' + sep + word for sep in _BREAKS]
    ends = [word + sep + b'"' for sep in _BREAKS]
    if len(word) >= 2:
        starts += [b'"' + word[k:] for k in range(1, len(word) - 1)]
        starts += [b'"' + word[-1:] + b for b in _NOT_WORD_BYTES]
        ends += [word[:k] + b'"' for k in range(2, len(word))]
        ends += [b + word[:1] + b'"' for b in _NOT_WORD_BYTES]
    return tuple(starts), tuple(ends)


sided_gate("pieces", piece_anchors)


def pieces_may_cross(low: bytes, sets: Sequence[tuple[bytes, ...]]) -> bool:
    """Whether pieces of words read together (:func:`letter_runs`) may spell one of these needles across
    items in a serialised projection: a necessary condition, checked on the lowercased serialisation of
    an ASCII projection (its plain views fold to ASCII). A word crossing pieces starts in one string and
    ends in another, so a string ends with a proper prefix of it and a string starts with a proper suffix
    of it; a phrase crossing at a word break has a string ending with one word and one starting with the
    next (a blank, ``_``, ``.`` or ``-`` at the break, or none)."""
    edges = _QuoteEdges.of(low, sets)
    starts_with_rest = edges.starts_with_rest if edges is not None else _starts_with_rest
    ends_with_part = edges.ends_with_part if edges is not None else _ends_with_part
    has = edges.has if edges is not None else (lambda lit: low.find(lit) >= 0)
    for words in sets:
        for j, word in enumerate(words):
            if not word.isascii():
                continue
            if len(word) >= 2 and starts_with_rest(low, word) and ends_with_part(low, word):
                return True
            if j + 1 < len(words) and words[j + 1].isascii():
                after = words[j + 1]
                if any(has(b'"' + sep + after) for sep in _BREAKS) and any(has(word + sep + b'"') for sep in _BREAKS):
                    return True
    return False


_EDGES_FROM = 1 << 16
"""From this many bytes on, :func:`pieces_may_cross` reads the text around its quotes once (:class:`_QuoteEdges`)
instead of searching it for each literal of each word (a label set's lexicon: ~700 searches)."""


class _QuoteEdges:
    """What follows and what precedes each quote of a long text, to the length of the longest literal of
    :func:`pieces_may_cross` (each starts or ends with a quote): a literal ``"x`` occurs exactly when some
    quote's following bytes start with ``x``, and ``x"`` when some quote's preceding bytes end with ``x``.
    The text is read once (the quotes, then a slice around each), not once per literal."""

    __slots__ = ("ends", "heads", "starts", "tails")

    def __init__(self, low: bytes, reach: int) -> None:
        """The bytes around each quote of ``low``, ``reach`` bytes each side (fewer at an end of the text)."""
        heads: set[bytes] = set()
        tails: set[bytes] = set()
        p = low.find(b'"')
        while p >= 0:
            heads.add(low[p + 1 : p + 1 + reach])
            tails.add(low[max(0, p - reach) : p])
            p = low.find(b'"', p + 1)
        self.heads, self.tails = heads, tails
        # Every prefix of what follows a quote, every suffix of what precedes one (the empty one too).
        self.starts = {h[:k] for h in heads for k in range(len(h) + 1)}
        self.ends = {t[len(t) - k :] for t in tails for k in range(len(t) + 1)}

    @classmethod
    def of(cls, low: bytes, sets: Sequence[tuple[bytes, ...]]) -> _QuoteEdges | None:
        """The edges of a long ``low`` with few quotes for ``sets``' literals (``None``: search it as it is)."""
        reach = 2 + max((len(w) for ws in sets for w in ws), default=0)
        if len(low) < _EDGES_FROM or reach > 64 or low.count(b'"') * 64 > len(low):
            return None
        return cls(low, reach)

    def has(self, literal: bytes) -> bool:
        """``literal.find`` in the text: ``literal`` starts or ends with a quote (within the reach)."""
        if literal.startswith(b'"'):
            return literal[1:] in self.starts
        return literal[:-1] in self.ends

    def _alone_after(self, c: bytes) -> bool:
        """:func:`_alone` of ``"c`` after: ``c`` right after a quote, then no letter or digit (or the end)."""
        return any(h[:1] == c and (len(h) < 2 or h[1] not in _WORD_BYTES) for h in self.heads)

    def _alone_before(self, c: bytes) -> bool:
        """:func:`_alone` of ``c"`` before: ``c`` right before a quote, no letter or digit before it (or the start)."""
        return any(t[-1:] == c and (len(t) < 2 or t[-2] not in _WORD_BYTES) for t in self.tails)

    def starts_with_rest(self, _low: bytes, word: bytes) -> bool:
        """:func:`_starts_with_rest` read from the edges."""
        return any(word[k:] in self.starts for k in range(1, len(word) - 1)) or self._alone_after(word[-1:])

    def ends_with_part(self, _low: bytes, word: bytes) -> bool:
        """:func:`_ends_with_part` read from the edges."""
        return any(word[:k] in self.ends for k in range(2, len(word))) or self._alone_before(word[:1])


def _piece(text: str) -> bool:
    """A piece of a word: one to :data:`MAX_PIECE` printable characters (no line break, no tab), a letter
    or digit among them (a sub-word token keeps the blank it starts with: `` Neg``)."""
    return 0 < len(text) <= MAX_PIECE and text.isprintable() and any(ch.isalnum() for ch in text)


def _one_char(item: Any, pieces: bool = True) -> tuple[str | None, str] | None:
    """``(key, piece)`` of a list item that is a piece of a word (a string, or an object with exactly one
    string member that is one: a chat message typed one letter at a time, a model's output token with its
    log-probability), else ``None`` (``key`` is ``None`` for a bare string)."""
    if isinstance(item, str):
        if len(item) == 1:
            return (None, item) if item.isalnum() else None
        return (None, item) if pieces and _piece(item) else None
    if not isinstance(item, Mapping):
        return None
    letters = [(k, v) for k, v in item.items() if isinstance(v, str) and len(v) == 1 and v.isalnum()]
    if len(letters) == 1:
        return str(letters[0][0]), letters[0][1]  # a key typed, beside the action's name
    if not pieces:
        return None
    strings = [(k, v) for k, v in item.items() if isinstance(v, str)]
    return (str(strings[0][0]), strings[0][1]) if len(strings) == 1 and _piece(strings[0][1]) else None


def _letters_only(chars: list[str]) -> bool:
    """Every piece is one character: the items spell a word letter by letter, and a label standing alone
    in one of them is glued to its neighbours (``M`` of ``M``, ``E``, ``D``)."""
    return all(len(c) == 1 for c in chars)


def _spells(chars: list[str]) -> bool:
    """Whether consecutive pieces are read as one text: three or more, or two when one is longer than a
    character (two letters alone are initials)."""
    return len(chars) >= MIN_LETTER_ITEMS or (len(chars) == 2 and any(len(c.strip()) > 1 for c in chars))


def letter_runs(root: Any, *, pieces: bool = True) -> Iterator[InlineRun]:
    """Every run of consecutive list items that each hold a piece of a word under the same key (or are
    one), read as the text they spell: letters one chat message each (``U``, ``P``, ``D``; three at
    least), a model's output tokens (``Neg`` + ``ative``; two at least when one is longer than a letter).
    An item of another shape ends the run. ``pieces`` ``False``: letters only (the pre-check ruled the
    pieces out, :func:`pieces_may_cross`). Bounded like :func:`~windtunnel.leakage.views.inline.inline_runs`."""
    stack: list[tuple[Any, str]] = [(root, "")]
    seen = 0
    while stack and seen < MAX_ITEMS_WALKED:
        node, ptr = stack.pop()
        seen += 1
        if isinstance(node, Mapping):
            stack.extend(
                (v, f"{ptr}/{escape_pointer(str(k))}") for k, v in node.items() if isinstance(v, (Mapping, list))
            )
            continue
        if not isinstance(node, list):
            continue
        run: list[Segment] = []
        chars: list[str] = []
        key: str | None = None
        at = 0
        for i, child in enumerate([*node, None]):
            got = _one_char(child, pieces) if i < len(node) else None
            if got is not None and run and got[0] != key:
                if _spells(chars):
                    yield InlineRun("".join(chars), tuple(run), glues=_letters_only(chars))
                run, chars, at = [], [], 0
            if got is not None:
                pointer = f"{ptr}/{i}" if got[0] is None else f"{ptr}/{i}/{escape_pointer(got[0])}"
                run.append(Segment(at, at + len(got[1]), pointer, child if isinstance(child, Mapping) else {}))
                chars.append(got[1])
                at += len(got[1])
                key = got[0]
                if isinstance(child, Mapping):  # its other members are walked as any object's
                    stack.append((child, f"{ptr}/{i}"))
                continue
            if _spells(chars):
                yield InlineRun("".join(chars), tuple(run), glues=_letters_only(chars))
            at = 0
            run, chars = [], []
            if isinstance(child, (Mapping, list)):
                stack.append((child, f"{ptr}/{i}"))
