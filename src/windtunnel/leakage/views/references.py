"""Indirection resolved inside a string: a value written through a name that the same text defines.

A template, a script, a header or a document preamble often states a value once, under a name, and
writes the name where the value is read: ``{% set v = "High" %} … {{ v }}``, ``LEVEL='P3'`` …
``${LEVEL}``, ``#define LVL "Low"`` … ``LVL``, ``<!ENTITY v "Low">`` … ``&v;``, ``\\newcommand{\\lvl}{Sev1}``
… ``\\lvl``. A reader (and a model) expands the name on sight, also when the value is cut into pieces
defined apart and joined at the use (``&pa;&pb;``, ``p1 ~ p2``, ``"${P1}${P2}"``, C's adjacent string
literals ``VAL_A VAL_B``).

The ``references`` view is one resolver for every such syntax: it collects the definitions of a string
(name → value; a value may itself use earlier names, resolved with a bounded depth), then replaces each
*use* of a defined name (the sigil forms of the common template, shell, macro and markup languages;
a bare name only for an identifier-like name that a macro or an assignment defined) with its value, uses
joined by a concatenation operator or by adjacency becoming one value. The view maps each value back to
the characters of the use, so a finding points at where the label is read; the definition stays in the
view as written. A definition nobody uses changes nothing, so a preamble defining one name per label
(a catalogue) stays what it was: a listing, decided as one.
"""

from __future__ import annotations

import re

from windtunnel.leakage.views.registry import Replacement, decoder

MAX_DEPTH = 4
"""Names resolved through names (``v`` defined as ``p1 ~ p2``) at most this deep."""
MAX_VALUE = 200
"""A value longer than this is not a label's spelling: its name is left unexpanded."""

_NAME = r"[A-Za-z_][\w]{0,63}"
_KEYWORDS = "export|readonly|declare|local|const|let|var|set|final|static|my|our|val|dim"
"""Words that may stand before the name an assignment defines."""
_BODY = r"[^{}\n]*(?:\{[^{}\n]*\}[^{}\n]*)*"  # one level of nested braces (``\textbf{x}``)
# Every definition form: ``name`` the defined name, ``val`` a literal body (markup, TeX), ``expr`` an
# expression (quoted strings and names joined by operators or adjacency), ``bare`` whether the name may
# be used without a sigil (a C macro, an assignment in code). A line, or a string in serialised JSON, opens
# a macro or an assignment.
_DEFINITIONS = re.compile(
    # XML/SGML DTD entities, general and parameter: <!ENTITY name "value">, <!ENTITY % name 'value'>
    r"<!ENTITY\s+(?:%\s+)?(?P<ent>" + _NAME + r")\s+(?:\"(?P<entv>[^\"]*)\"|'(?P<entv2>[^']*)')"
    # TeX: \newcommand{\name}{value}, \renewcommand*\name{value}, \def\name{value}
    r"|\\(?:(?:re|provide)?newcommand\*?\s*\{?\\(?P<tex>[A-Za-z@]+)\}?(?:\[\d\])?|[egx]?def\s*\\(?P<tex2>[A-Za-z@]+))"
    r"\s*\{(?P<texv>" + _BODY + r")\}"
    # template statements: {% set name = expr %}, {% assign name = expr %}, #set($name = expr), {{ $name := expr }}
    r"|\{%-?\s*(?:set|assign)\s+(?P<tpl>" + _NAME + r")\s*=\s*(?P<tplx>[^%\n]*?)\s*-?%\}"
    r"|#set\s*\(\s*\$(?P<vel>" + _NAME + r")\s*=\s*(?P<velx>[^)\n]*)\)"
    r"|\{\{-?\s*\$(?P<go>" + _NAME + r")\s*:?=\s*(?P<gox>[^}\n]*?)\s*-?\}\}"
    # C preprocessor: #define NAME expr
    r"|(?:^|(?<=\"))[ \t]*#[ \t]*define[ \t]+(?P<cdef>" + _NAME + r")[ \t]+(?P<cdefx>[^\n]*?)[ \t]*(?://[^\n]*)?$"
    # CSS custom properties and preprocessor variables: --name: v;  @name: v;  $name: v;
    r"|(?:^|(?<=[\s{;]))(?:--(?P<css>[\w-]{1,64})|[@$](?P<scss>"
    + _NAME
    + r"))[ \t]*:[ \t]*(?P<cssx>[^;\n{}]+?)[ \t]*(?=;|$)"
    # one assignment a line: shell, dotenv, make, batch, and most programming languages
    r"|(?:^|(?<=\"))[ \t]*(?:(?:" + _KEYWORDS + r")[ \t]+)*"
    r"[$]?(?P<asg>" + _NAME + r")[ \t]*(?::=|\?=|=)(?!=)[ \t]*(?P<asgx>[^\n;]*?)[ \t]*;?[ \t]*$",
    re.MULTILINE | re.IGNORECASE,
)
# A quoted string, a reference, a number, an operator or blanks: the terms of an expression.
_TERM_RE = re.compile(
    r"\"(?P<dq>(?:[^\"\\]|\\.)*)\"|'(?P<sq>[^']*)'|\$\{(?P<br>" + _NAME + r")\}|\$(?P<dl>" + _NAME + r")"
    r"|(?P<nm>" + _NAME + r")|(?P<num>\d+(?:\.\d+)?)|(?P<op>[ \t]*(?:~|\+|\.|\|\||&)[ \t]*|[ \t]+)"
)


def _uses_re(names: list[str], bare: list[str]) -> re.Pattern[str]:
    """The uses of ``names`` in every sigil form (and of ``bare`` as a whole identifier too).

    One regex with a named group per form, so the match says which syntax referred to the name (an entity,
    a TeX control word, a shell or template variable, a CSS custom property, a format-string field). Longer
    names come first in each alternation, so ``sev_high`` is not read as ``sev``. A bare name must stand
    alone: not after a sigil or a dot, not followed by a word character or a call's parenthesis.
    """
    alt = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    forms = [
        r"[&%](?P<e>" + alt + r");",  # entity
        r"\\(?P<t>" + alt + r")(?![A-Za-z@])",  # TeX control word
        r"\$\{(?P<b>" + alt + r")(?:[:?][^}\n]{0,40})?\}",  # ${name}, ${name:-default}
        r"\$\((?P<p>" + alt + r")\)",  # make
        r"\$(?P<d>" + alt + r")(?!\w)",  # $name
        r"%(?P<w>" + alt + r")%",  # batch
        r"\{\{-?\s*\$?(?P<m>" + alt + r")\s*(?:\|[^}\n]{0,40})?-?\}\}",  # {{ name }}, {{ $name }}, {{ name | f }}
        r"<%=\s*(?P<r>" + alt + r")\s*%>",  # ERB
        r"#\{(?P<h>" + alt + r")\}",  # Ruby, CoffeeScript
        r"var\(\s*--(?P<c>" + alt + r")\s*\)",  # CSS
        r"@(?P<l>" + alt + r")(?![\w-])",  # LESS
        r"(?<![\w{])\{(?P<f>" + alt + r")\}(?!\})",  # format strings
    ]
    if bare:
        balt = "|".join(re.escape(n) for n in sorted(bare, key=len, reverse=True))
        forms.append(r"(?<![\w.$@\\&%-])(?P<n>" + balt + r")(?![\w(])")
    return re.compile("|".join(forms))


_JOIN_GAP_RE = re.compile(r"[ \t]*(?:~|\+|\.|\|\||&|##)?[ \t]*")


def _definitions(text: str) -> tuple[dict[str, tuple[str, bool, bool]], list[tuple[int, int]]]:
    """``{name: (raw value, is an expression, usable bare)}`` (the last definition of a name wins) and
    the spans of the defined names (never read as uses)."""
    defs: dict[str, tuple[str, bool, bool]] = {}
    spans: list[tuple[int, int]] = []
    for mt in _DEFINITIONS.finditer(text):
        g = mt.groupdict()
        for key, vkeys, expr, bare in (
            ("ent", ("entv", "entv2"), False, False),
            ("tex", ("texv",), False, False),
            ("tex2", ("texv",), False, False),
            ("tpl", ("tplx",), True, False),
            ("vel", ("velx",), True, False),
            ("go", ("gox",), True, False),
            ("cdef", ("cdefx",), True, True),
            ("css", ("cssx",), True, False),
            ("scss", ("cssx",), True, False),
            ("asg", ("asgx",), True, True),
        ):
            name = g.get(key)
            if name is None:
                continue
            value = next((g[v] for v in vkeys if g.get(v) is not None), "")
            # a bare name must look like an identifier, not a word of prose (``a``, ``priority``)
            ident = bare and len(name) >= 2 and (any(c.isdigit() or c == "_" or c.isupper() for c in name))
            defs[name] = (value, expr, ident)
            spans.append(mt.span(key))
            break
    return defs, spans


class _Resolver:
    """Values of the defined names, each resolved once, through other names at most :data:`MAX_DEPTH` deep."""

    def __init__(self, defs: dict[str, tuple[str, bool, bool]]) -> None:
        """Resolve the names of ``defs`` (see :func:`_definitions`)."""
        self.defs = defs
        self.names = list(defs)
        self.uses = _uses_re(self.names, [n for n, d in defs.items() if d[2]])
        self.values: dict[str, str | None] = {}

    def value(self, name: str, depth: int = 0) -> str | None:
        """The text ``name`` stands for, or ``None`` (undefined, too deep, too long, not an expression)."""
        if name in self.values:
            return self.values[name]
        if depth > MAX_DEPTH or name not in self.defs:
            return None
        raw, expr, _bare = self.defs[name]
        got = self.evaluate(raw, depth + 1) if expr else self.interpolate(raw, depth + 1)
        if got is not None and len(got) > MAX_VALUE:
            got = None
        self.values[name] = got
        return got

    def interpolate(self, text: str, depth: int) -> str:
        """``text`` with each use of a defined name replaced by its value (unknown ones kept)."""

        def one(mt: re.Match[str]) -> str:
            name = next(v for v in mt.groupdict().values() if v is not None)
            got = self.value(name, depth)
            return mt.group() if got is None else got

        return self.uses.sub(one, text)

    def evaluate(self, expr: str, depth: int) -> str | None:
        """An expression's value: quoted strings (interpolated) and names joined by concatenation
        operators or adjacency; an expression of plain words with no quote, operator or name that is
        defined is a literal (``#define LVL High Risk``, ``LEVEL=P3``)."""
        terms: list[str] = []
        pos = 0
        quoted = False
        while pos < len(expr):
            mt = _TERM_RE.match(expr, pos)
            if mt is None or mt.end() == pos:
                return self.interpolate(expr.strip().strip("\"'"), depth)
            pos = mt.end()
            kind = mt.lastgroup
            if kind in ("dq", "sq"):
                quoted = True
                terms.append(self.interpolate(mt.group(kind), depth))
            elif kind in ("br", "dl", "nm"):
                name = mt.group(kind)
                got = self.value(name, depth) if name in self.defs else None
                if got is None:
                    if kind != "nm":
                        return None
                    terms.append(name)  # a plain word: literal text unless the expression is quoted
                    continue
                quoted = True
                terms.append(got)
            elif kind == "num":
                terms.append(mt.group(kind))
            elif not quoted and not mt.group().strip():
                terms.append(mt.group())  # blanks between plain words are kept
        return "".join(terms).strip() if quoted else expr.strip()


def _marker(text: str) -> bool:
    """A necessary condition: a definition form (:func:`may_define`)."""
    return may_define(text.encode())


@decoder("references", order=88, marker=_marker)
def references(text: str) -> list[Replacement]:
    """Each use of a name the text defines, replaced by its value; uses joined by an operator or
    adjacency (a blank joins only bare names and TeX control words, as C and TeX read them) become
    one replacement of the joined value."""
    defs, def_spans = _definitions(text)
    if not defs:
        return []
    res = _Resolver(defs)
    taken = set(def_spans)
    uses: list[tuple[int, int, str, bool]] = []
    for mt in res.uses.finditer(text):
        kind = mt.lastgroup
        if kind is None or mt.span(kind) in taken:
            continue
        got = res.value(mt.group(kind))
        if got is None:
            continue
        uses.append((mt.start(), mt.end(), got, kind in ("n", "t")))
    if not uses:
        return []
    out: list[Replacement] = []
    a, b, val, blank_joins = uses[0]
    for c, d, v, bj in uses[1:]:
        gap = text[b:c]
        joins = _JOIN_GAP_RE.fullmatch(gap) is not None and (gap.strip() != "" or gap == "" or (blank_joins and bj))
        if joins:
            b, val, blank_joins = d, val + v, bj
            continue
        out.append((a, b, val))
        a, b, val, blank_joins = c, d, v, bj
    out.append((a, b, val))
    return out


# The prefilter reads every item: each definition form is looked for by a literal (one ``find``), the
# assignment only left of each ``=`` (a name opening a line or a string, an optional keyword before it).
# each led by its sigil, a literal the regex engine skips to
_SIGIL_COLON_RES = (re.compile(rb"\$[A-Za-z_][\w-]{0,63}[ \t]*:"), re.compile(rb"@[A-Za-z_][\w-]{0,63}[ \t]*:"))
_ASSIGN_LEFT_RE = re.compile(
    rb"(?:\n|\\n|\"|^)[ \t]*(?:(?:" + _KEYWORDS.encode() + rb")[ \t]+)*\$?[A-Za-z_]\w{0,63}[ \t]*[?]?\Z",
    re.IGNORECASE,
)


def _sigil_colon(raw: bytes, sigil: bytes, rx: re.Pattern[bytes]) -> bool:
    """``rx.search(raw)`` for a pattern led by the one byte ``sigil``, tried only where ``sigil`` is (memchr):
    a sigil is rare (an e-mail's ``@``), where the regex engine steps through every byte."""
    at = raw.find(sigil)
    while at >= 0:
        if rx.match(raw, at) is not None:
            return True
        at = raw.find(sigil, at + 1)
    return False


def may_define(raw: bytes, *, json: bool = False) -> bool:
    """Whether ``raw`` (a string's UTF-8, or serialised JSON with ``json``) may hold a definition the
    ``references`` view resolves: a necessary condition, for the prefilter and the pipeline. An ``=``
    that ends the text or a JSON string, or comes before another ``=``, assigns nothing (base64 padding)."""
    # single bytes first (memchr), each before the forms it leads
    if raw.find(b"<") >= 0 and raw.find(b"<!ENTITY") >= 0:
        return True
    if raw.find(b"\\") >= 0 and (raw.find(b"command") >= 0 or raw.find(b"def") >= 0):
        return True
    if raw.find(b"#") >= 0 and (raw.find(b"define") >= 0 or raw.find(b"#set") >= 0):
        return True
    if raw.find(b"%") >= 0 and raw.find(b"{%") >= 0:
        return True
    if raw.find(b"(") >= 0 and raw.find(b"var(--") >= 0:
        return True
    if _sigil_colon(raw, b"$", _SIGIL_COLON_RES[0]) or _sigil_colon(raw, b"@", _SIGIL_COLON_RES[1]):
        return True
    if raw.find(b"=") < 0:
        return False
    if raw.find(b":=") >= 0:
        return True
    at = raw.find(b"=")
    ends = (b"", b"=", b'"') if json else (b"", b"=")
    while at >= 0:
        if raw[at + 1 : at + 2] not in ends and _ASSIGN_LEFT_RE.search(raw[max(0, at - 96) : at]) is not None:
            return True
        at = raw.find(b"=", at + 1)
    return False
