"""The tokeniser: identifiers split into words in values as in keys.

Word boundaries already fall at ``_``, ``-``, ``.``, ``/`` and every other non-word character
(``PRIORITY_HIGH``, ``priority-high``, ``ticket.priority.high``, URL segments; see
:func:`windtunnel.leakage.needles._is_word`). What remains is case: ``priorityHigh`` and
``HTTPHigh`` hold a word boundary at each hump. :func:`identifier_view` writes a space there,
keeping the offset map, so the whole-token match sees ``priority High``; it also writes a space for
each underscore between two words, so a label of several words matches as a phrase inside a snake or
constant identifier (``INTENT_REQUEST_FEATURE`` holds ``Request Feature``) as it does inside a camelCase
one (a phrase's words are separated by blanks only).
"""

from __future__ import annotations

import re

from windtunnel.leakage.text import Mapped
from windtunnel.leakage.views.pipeline import apply

# A lowercase letter then a capital (``priorityHigh``; not a digit: ``5G`` stays one token), or a run of capitals then a
# capitalised word (``HTTPServer``): the hump is after the first character of the match.
_HUMP_RE = re.compile(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
# The same humps, led by the capital: a pattern led by a class the prose rarely holds is skipped to by
# the engine, where ``[a-z][A-Z]|[A-Z][A-Z][a-z]`` was tried at every letter (5.4 → 1.4 µs on a comment).
_HAS_HUMP_RE = re.compile(r"[A-Z](?:(?<=[a-z][A-Z])|(?=[A-Z][a-z]))")
# Two capitals or more glued to digits (``MSE20``, ``20MSE``): a code's letters beside its number; or one capital
# after two digits or more (``94V``, ``120L``): a unit, size or class letter written after a number; or a lone
# capital before a decimal number that is all the code (``C5.6``, ``M1.3``, ``X10.5``): a class letter with its
# magnitude. One capital and a whole number stay one token (``P1``, ``G18``, ``A1``: a coded scale's own label, a
# name, a byte in hex), and so do other codes of one digit and one capital (``3D``, ``B2B``): a name, not a number with
# a word glued to it.
_HAS_GLUED_RE = re.compile(r"[A-Z]{2}[0-9]|[0-9][A-Z]{2}|[0-9]{2}[A-Z]|(?<![A-Za-z0-9.])[A-Z][0-9]+\.[0-9]")
_LONE_RE = re.compile(r"(?<![A-Za-z0-9.])[A-Z](?=[0-9]+\.[0-9]+(?![A-Za-z0-9]|\.[0-9]))")
"""A lone capital before a decimal number that ends the code (``C5.6``)."""
# The code holding them: a run of letters and digits (``SND-T05-MSE20`` holds ``SND``, ``T05``, ``MSE20``).
_ALNUM_RUN_RE = re.compile(r"[A-Za-z0-9]+")
_GLUED_RE = re.compile(r"(?<=[A-Z]{2})(?=[0-9])|(?<=[0-9])(?=[A-Z]{2})|(?<=[0-9]{2})(?=[A-Z])")
_HEX_RE = re.compile(r"[0-9A-F]+")


def _glued(text: str) -> list[int]:
    """The places where a run of capitals meets digits inside one code written in capitals and digits
    (``MSE20`` → ``MSE 20``), or a capital follows two digits or more (``94V`` → ``94 V``): the code's letters are
    a word of it, as an identifier's are. Not inside a run
    holding a small letter (mixed case is base64 or a hash, ``Y2FtPUNUMTQ7``, whose capitals are no word),
    nor inside one of hex digits only (``3DE4``: a number in base 16)."""
    out = [mt.end() for mt in _LONE_RE.finditer(text)]
    for run in _ALNUM_RUN_RE.finditer(text):
        code = run.group()
        if _HAS_GLUED_RE.search(code) is None or not code.isupper() or _HEX_RE.fullmatch(code):
            continue
        out.extend(run.start() + mt.start() for mt in _GLUED_RE.finditer(code))
    return sorted(set(out))


# An underscore between two letters or digits (``REQUEST_FEATURE``; not ``_High_``, emphasis).
_SNAKE_RE = re.compile(r"(?<=[^\W_])_(?=[^\W_])")


def has_humps(text: str, glued: bool = True) -> bool:
    """Whether ``text`` holds a camelCase hump or an underscore joining two words, or with ``glued`` a code's
    capitals glued to its digits (a cheap check before :func:`identifier_view`)."""
    if "_" in text and _SNAKE_RE.search(text) is not None:
        return True
    if glued and _HAS_GLUED_RE.search(text) is not None:
        return True
    return not text.islower() and _HAS_HUMP_RE.search(text) is not None


def identifier_view(m: Mapped, glued: bool = True) -> Mapped | None:
    """``m`` with a space at every camelCase hump and for every underscore joining two words, and with
    ``glued`` where a code's capitals meet its digits, or ``None`` when it has none. Mining keeps a code whole
    (``glued=False``: ``ROUTE_ZK7`` gives the candidate ``ZK7``, a value riding with a label as one unit)."""
    reps = _identifier_reps(m.text, glued)
    return apply(m, reps) if reps else None


def _identifier_reps(text: str, glued: bool) -> list[tuple[int, int, str]]:
    """The replacements :func:`identifier_view` makes in ``text`` (sorted)."""
    # A capital that ends a percent-escape (``%3APayments``) is a byte's hex digit, not a word's hump.
    reps = [(p, p, " ") for p in (mt.start() for mt in _HUMP_RE.finditer(text)) if p < 3 or text[p - 3] != "%"]
    if glued and _HAS_GLUED_RE.search(text) is not None:
        splits = [(p, p, " ") for p in _glued(text)]
        if splits:
            reps = sorted(reps + splits)
    if "_" in text:
        snake = [(mt.start(), mt.end(), " ") for mt in _SNAKE_RE.finditer(text)]
        if snake:
            reps = sorted(reps + snake) if reps else snake
    return reps


def glued_blanks(text: str) -> frozenset[int]:
    """The offsets in :func:`identifier_view`'s text of ``text`` of the blanks that split a code's capitals from
    its digits (``MSE20`` → ``MSE 20``): where a word of the view was glued to a digit in ``text``, as against a
    blank ``text`` holds itself (``priorityHigh 2``)."""
    if _HAS_GLUED_RE.search(text) is None:
        return frozenset()
    splits = set(_glued(text))
    out = set()
    shift = 0
    for a, b, rep in _identifier_reps(text, True):
        if a == b and a in splits:
            out.add(a + shift)
        shift += len(rep) - (b - a)
    return frozenset(out)


def identifier_words(text: str) -> list[str]:
    """The words of an identifier or of any text, lowercased (``isHighPriority`` → is, high, priority)."""
    view = identifier_view(Mapped(text))
    return re.findall(r"[^\W_]+", (view.text if view is not None else text).lower())


_IDENT_RIGHT_RE = re.compile(r"[\w.:/-]*")
_JOINERS = "._:/"
"""What joins an identifier's words. Not '-': a hyphenated word is English as often as code
(``high-quality``, ``P1-High`` in a note), and ``priority-high`` is caught by its naming word."""
_EDGE_PUNCT = ".:/-_"


def identifier_span(text: str, a: int, b: int, joiners: str = _JOINERS) -> tuple[int, int] | None:
    """The identifier holding the word ``text[a:b]`` as one of its words, as ``[start, end)``, or ``None``.

    An identifier is a run without blanks whose words are joined by ``_ . : /``, a camelCase hump or a code's
    capitals glued to its digits (``PRIORITY_HIGH``, ``cat:billing``, ``RiskLevel.CRITICAL``, ``severity::2``,
    ``priorityHigh``, ``MSE20``);
    punctuation at its ends (a sentence's full stop) is not part of it. A lone word is not one.
    ``joiners="._:/-"`` also joins at hyphens (for a whole value such as a tag ``sev-4``).
    """
    # The run of identifier characters ending at ``a`` (at most 80), read backwards as one anchored
    # match: a search for ``[\w.:/-]*\Z`` tried every start in the window (8 µs on a comment).
    lo = max(0, a - 80)
    left = _IDENT_RIGHT_RE.match(text[lo:a][::-1])
    i = a - (left.end() if left is not None else 0)
    right = _IDENT_RIGHT_RE.match(text, b, b + 80)
    j = right.end() if right is not None else b
    while i < a and text[i] in _EDGE_PUNCT:
        i += 1
    while j > b and text[j - 1] in _EDGE_PUNCT:
        j -= 1
    joined = any(ch in joiners for ch in text[i:a]) or any(ch in joiners for ch in text[b:j])
    hump = (a > i and text[a - 1].islower() and text[a].isupper()) or (
        j > b and text[b - 1].islower() and text[b].isupper()
    )
    if not (joined or hump) and (i, j) != (a, b) and _HAS_GLUED_RE.search(text, i, j) is not None:
        glued = {i + p for p in _glued(text[i:j])}
        hump = a in glued or b in glued  # ``MSE20``: the code's capitals beside its digits
    return (i, j) if (joined or hump) and (i, j) != (a, b) else None


# A glued pair: a name of word characters, then '=' or ':' with no blank on either side, then the value
# up to a blank, a path or parameter separator, or the end (``team=Identity``, ``dt=2024/``, ``set=High&``).
_PAIR_NAME_RE = re.compile(r"(?<![\w:])[^\W\d][\w.-]{0,40}\Z")
_PAIR_END = " \t\r\n/&;,|)]}>\"'"


def pair_value(text: str, a: int, b: int) -> bool:
    """``text[a:b]`` is the whole value of a glued ``name=value`` (or ``name:value``) token: a pair in
    the syntax of query strings, log fields, partition paths and tags, which names its value wherever
    it stands (``Agreed: team=Identity for INC-1``, ``cases/team=Identity/dt=…``). A blank around the
    separator (``a = b``) is prose or code and is left to the ``name: value`` check; a separator repeated
    (``a==b``, ``10:30:00``) is not a pair."""
    if a < 2 or text[a - 1] not in "=:" or text[a - 2] in "=: \t":
        return False
    if b < len(text) and text[b] not in _PAIR_END:
        return False
    if text[a - 1] == ":" and text[a - 2].isdigit():
        return False  # a time or a ratio (``10:30``, ``16:9``)
    return _PAIR_NAME_RE.search(text, max(0, a - 42), a - 1) is not None


def snake_words(text: str) -> str:
    """``text`` with each ``_`` written as a blank (same length, same offsets): the words of a
    ``snake_case`` identifier or a file name slug (``INC-7_risk_tier-critical.pdf``) stand apart, as
    the words of a camelCase one do in :func:`identifier_view`, for the checks that look for a word
    naming the task next to a label.

    Only the naming check reads it: the identifier and listing checks keep ``_`` as a joiner, so
    ``PRIORITY_HIGH`` stays one identifier and a slug is not read as prose everywhere."""
    return text.replace("_", " ") if "_" in text else text
