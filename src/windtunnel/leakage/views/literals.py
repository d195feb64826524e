"""String literals joined by an operator: ``"Nega" & "tive"``, ``'P' + '0'``, ``'Hi' || 'gh'``.

Code, formulas and queries build a text from pieces (a spreadsheet's ``="Nega"&"tive"``, JavaScript's
``"Hi" + "gh"``, SQL's ``'Hi' || 'gh'``, Lua's ``..``, PHP's ``.``); a reader evaluates the expression on
sight. The view writes each run of two literals or more, of one kind of quote, joined by one of those
operators, as one literal holding the pieces joined (the quotes kept, so a label alone in them reads as
quoted). The joined text must still match as a whole token: ``"High" + "way"`` is not ``High``.

An expression of integers (``severity = 2 - 1``, ``"P${1 - 1}"``) is evaluated on sight just as well: the
``arithmetic`` view writes it as its value.
"""

from __future__ import annotations

import re

from windtunnel.leakage.views.registry import Replacement, decoder

_JOIN = r"[ ]*(?:&|\+|\|\||\.\.?)[ ]*"
_DOUBLE = r'"([^"\\\n]{0,200})"'
_SINGLE = r"'([^'\\\n]{0,200})'"
_RUN_RE = re.compile(rf"{_DOUBLE}(?:{_JOIN}{_DOUBLE})+|{_SINGLE}(?:{_JOIN}{_SINGLE})+")
_PIECE_RE = {'"': re.compile(_DOUBLE), "'": re.compile(_SINGLE)}
MARK_RE = re.compile(r"[\"']" + _JOIN + r"[\"']")
"""A necessary condition of a joined run: a closing quote, an operator, an opening quote."""


@decoder("concat", order=33, marker=lambda t: MARK_RE.search(t) is not None)
def joined_literals(text: str) -> list[Replacement]:
    """Each run of quoted pieces joined by an operator, as one quoted text."""
    out: list[Replacement] = []
    for m in _RUN_RE.finditer(text):
        quote = m.group()[0]
        pieces = "".join(p.group(1) for p in _PIECE_RE[quote].finditer(m.group()))
        out.append((m.start(), m.end(), f"{quote}{pieces}{quote}"))
    return out


# A run of integers, operators, parentheses and blanks, not glued to a word, a version, a date or a path.
_ARITH_RUN_RE = re.compile(r"(?<![\w.$/:#-])[(\d][\d ()+*/%-]*[\d)](?![\w.:/])")
_ARITH_TOKEN_RE = re.compile(r"[ ]*(\d{1,6}|[-+*/%()])")
ARITH_MARK_RE = re.compile(r"\d[ ]+[-+*/%][ ]+[\d(]")
"""A necessary condition of the view: an operator with a blank on each side between numbers (an expression
without one, ``(3-1)``, is read only in a text that holds one such operator)."""
_ARITH_BLOB_RE = re.compile(ARITH_MARK_RE.pattern.encode())
_ARITH_OPS = (" - ", " + ", " * ", " / ", " % ")
_ARITH_ANCHORS = tuple(op.encode() for op in _ARITH_OPS)
"""Literals one of which a text holds wherever :data:`ARITH_MARK_RE` finds an expression: the shared anchor
pass skips the decoder's gate on a projection without any (views/anchors.py)."""
# A template's interpolation around an expression (``"P${1 - 1}"``, shell ``$((1 + 1))``): read with it.
_INTERPOLATION = (("${", "}"), ("$(", ")"))
_ARITH_MAX = 10**6


def _evaluate(tokens: list[str]) -> int | None:
    """The value of integer ``tokens`` with ``+ - * / %`` and parentheses (precedence as in code), or
    ``None`` when they are no such expression, a division is not exact, or the value is negative."""
    pos = 0

    def atom() -> int | None:
        nonlocal pos
        if pos >= len(tokens):
            return None
        tok = tokens[pos]
        pos += 1
        if tok.isdigit():
            return int(tok)
        if tok == "(":
            value = expr()
            if value is None or pos >= len(tokens) or tokens[pos] != ")":
                return None
            pos += 1
            return value
        return None

    def term() -> int | None:
        nonlocal pos
        value = atom()
        while value is not None and pos < len(tokens) and tokens[pos] in "*/%":
            op = tokens[pos]
            pos += 1
            right = atom()
            if right is None or (op != "*" and right == 0) or (op == "/" and value % right):
                return None
            value = value * right if op == "*" else value // right if op == "/" else value % right
        return value

    def expr() -> int | None:
        nonlocal pos
        value = term()
        while value is not None and pos < len(tokens) and tokens[pos] in "+-":
            op = tokens[pos]
            pos += 1
            right = term()
            if right is None:
                return None
            value = value + right if op == "+" else value - right
        return value

    value = expr()
    if value is None or pos != len(tokens) or not 0 <= value < _ARITH_MAX:
        return None
    return value


def _trimmed(text: str, a: int, b: int) -> tuple[int, int]:
    """``text[a:b]`` without the parentheses at its edges that do not pair inside it (``8 - 5)`` of
    ``int(8 - 5)``), and without blanks at its edges."""
    while True:
        run = text[a:b]
        if run.count("(") > run.count(")") and run.startswith("("):
            a += 1
        elif run.count(")") > run.count("(") and run.endswith(")"):
            b -= 1
        elif run != run.strip():
            a += len(run) - len(run.lstrip())
            b -= len(run) - len(run.rstrip())
        else:
            return a, b


@decoder(
    "arithmetic",
    order=32,
    # an operator with a blank on each side is a substring test first: the regex only where one occurs
    marker=lambda t: any(op in t for op in _ARITH_OPS) and ARITH_MARK_RE.search(t) is not None,
    blob_marker=lambda b: _ARITH_BLOB_RE.search(b) is not None,
    blob_anchors=_ARITH_ANCHORS,
)
def arithmetic(text: str) -> list[Replacement]:
    """An expression of integers written in code or a config (``severity = 2 - 1``, ``(3 * 2) - 4``,
    ``rating = 10 / 2``, ``int(8 - 5)``) read as its value, as a reader computes it on sight; inside a
    template's interpolation the interpolation goes too (``"P${1 - 1}"`` reads ``"P0"``). Every operator
    has a blank on each side, or the expression stands in parentheses (``(3-1)``, in a text the marker
    admits: one holding an operator with blanks between numbers), so a date, a range
    (``1-2``), a ratio (``4/5``) or a phone number stays as written; a value that is negative, not whole,
    or of seven digits or more is no reading."""
    out: list[Replacement] = []
    for mt in _ARITH_RUN_RE.finditer(text):
        a, b = _trimmed(text, mt.start(), mt.end())
        run = text[a:b]
        glued = run.replace(" ", "")
        if not any(op in glued[1:] for op in "+-*/%"):
            continue
        spaced = all(run[i - 1 : i] == " " and run[i + 1 : i + 2] == " " for i, ch in enumerate(run) if ch in "+-*/%")
        if not spaced and not (run.startswith("(") and run.endswith(")")):
            continue
        tokens = [m.group(1) for m in _ARITH_TOKEN_RE.finditer(run)]
        if "".join(tokens) != glued:
            continue
        value = _evaluate(tokens)
        if value is None:
            continue
        for opening, closing in _INTERPOLATION:
            before = text[max(0, a - len(opening)) : a]
            if before == opening and text.startswith(closing, b):
                a, b = a - len(opening), b + len(closing)
                break
        out.append((a, b, str(value)))
    return out
