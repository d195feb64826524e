"""JSON Pointers of findings, and their hashed form for reports.

An object key can be the answer (``{"flags": {"Critical": true}}``), so a pointer can reveal what the
report otherwise hashes. :func:`hide_answers` gives every finding a second pointer in which each object
key that is, or after normalisation matches, an answer or correlated value of the item (or that a key
finding flagged, such as ``isHighPriority``) is replaced by the value hash the report uses for values.
Both forms are RFC 6901 pointers; list indices are never replaced, and ``span`` keeps indexing the
original key or string.

Why a second pointer rather than a hashed one: the sanitizer, the HTML page and :mod:`.runs` need the
real pointer to reach the value, and only the printed forms (JSON, SARIF, table, "still leaks at"
lines) must hide it. Keeping both on the frozen finding lets every writer choose by ``show_values``
without re-resolving anything. Most items need no hashing at all, and a cheap word check
(:func:`_may_hide`) returns their findings untouched.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any

from windtunnel.leakage.decode import embedded_json
from windtunnel.leakage.model import Channel, Finding, value_hash
from windtunnel.leakage.text import canonical_needle, has_digit, normalize_needle


def parse_pointer(pointer: str) -> list[str]:
    """RFC 6901 reference tokens of ``pointer`` (``~1`` → ``/`` then ``~0`` → ``~``, in that order).

    ``""`` is the whole document (no tokens). A non-empty pointer not starting with ``/`` raises
    ``ValueError``. Tokens stay strings: whether ``"3"`` is a list index depends on the node it meets.
    """
    if pointer == "":
        return []
    if not pointer.startswith("/"):
        raise ValueError(f"JSON pointer {pointer!r} must be empty or start with '/'")
    return [t.replace("~1", "/").replace("~0", "~") for t in pointer[1:].split("/")]


def node_at(root: Any, tokens: Iterable[str]) -> Any:
    """The node of ``root`` at the (unescaped) reference ``tokens``, or ``None`` when the path leaves the document (a
    key that is not there, an index past a list's end, a token into a scalar)."""
    node = root
    for tok in tokens:
        if isinstance(node, Mapping):
            node = node.get(tok)
        elif isinstance(node, list) and tok.isdigit() and int(tok) < len(node):
            node = node[int(tok)]
        else:
            return None
    return node


def containers(
    root: Any,
    limit: int,
    *,
    prune: Callable[[tuple[str, ...]], bool] | None = None,
    width: int | None = None,
) -> Iterator[tuple[Any, tuple[str, ...]]]:
    """Every object and list of ``root`` with its path of keys and indices, depth first (the last member first), at
    most ``limit`` of them (a bounded walk: a decision that looks for a shape in the projection costs the same on any
    input). ``prune``: paths whose container is neither yielded nor walked into; ``width``: the elements of a list
    walked at most."""
    stack: list[tuple[Any, tuple[str, ...]]] = [(root, ())]
    seen = 0
    while stack and seen < limit:
        node, path = stack.pop()
        seen += 1
        if prune is not None and prune(path):
            continue
        if isinstance(node, Mapping):
            stack.extend((v, (*path, str(k))) for k, v in node.items() if isinstance(v, (Mapping, list)))
        elif isinstance(node, list):
            items = node if width is None else node[:width]
            stack.extend((v, (*path, str(i))) for i, v in enumerate(items) if isinstance(v, (Mapping, list)))
        else:
            continue
        yield node, path


def join_pointer(tokens: Iterable[str]) -> str:
    """The RFC 6901 pointer of ``tokens``, escaping ``~`` and ``/``; the inverse of :func:`parse_pointer`."""
    return "".join("/" + t.replace("~", "~0").replace("/", "~1") for t in tokens)


def scalar_leaves(node: Any, pointer: str = "") -> list[tuple[str, Any]]:
    """``(pointer, value)`` of every scalar of ``node`` (iterative: a deep item is walked too).

    The order is that of a stack, not of the document (the last key first); callers that need document
    order sort or index by pointer. Keys are escaped as JSON Pointer tokens and appended to ``pointer``.
    """
    out: list[tuple[str, Any]] = []
    stack: list[tuple[str, Any]] = [(pointer, node)]
    while stack:
        ptr, value = stack.pop()
        if isinstance(value, Mapping):
            stack.extend((f"{ptr}{join_pointer([str(k)])}", v) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((f"{ptr}/{i}", v) for i, v in enumerate(value))
        else:
            out.append((ptr, value))
    return out


def raw_finding(
    item: str,
    path: Iterable[str],
    span: tuple[int, int] | None,
    rule: str,
    detail: str,
    value: str,
    *,
    channel: Channel = "freetext",
    representation: str = "text",
) -> Finding:
    """A high finding of an item-level principle (position on a scale, a demonstration answering the query, a
    selection through a mapping) at ``span`` of the string at ``path``, as the projection holds it (view ``raw``)."""
    return Finding(
        item=item,
        channel=channel,
        severity="high",
        pointer=join_pointer(path),
        representation=representation,
        span=span,
        view="raw",
        rule=rule,
        detail=detail,
        value=value,
    )


@lru_cache(maxsize=4096)
def _norms(value: str) -> frozenset[str]:
    """The forms a key must take to equal ``value`` as the scan matches it: the normalised text, and the
    canonical number or date for a value with a digit (so the key ``"1000"`` hides the answer ``1,000``)."""

    out = {normalize_needle(value)}
    if has_digit(value):
        out.add(canonical_needle(value))
    out.discard("")
    return frozenset(out)


class _Mask:
    """What to hide in the pointers of one item.

    ``by_norm`` maps every normalised form of each secret to that secret's hash; ``keys`` maps the
    ``(pointer, inner)`` of each key finding to the hash of the value it found, so a key that only holds
    the answer as a word is hidden too.
    """

    def __init__(self, secrets: Sequence[str], findings: Sequence[Finding]) -> None:
        """Index ``secrets`` by their normalised forms and the key findings by where they point."""
        self.by_norm: dict[str, str] = {}
        for s in secrets:
            for n in _norms(s):
                self.by_norm.setdefault(n, value_hash(s))
        # Keys that a key finding flagged (also those merely containing the answer): (pointer, inner).
        self.keys: dict[tuple[str, str | None], str] = {}
        for f in findings:
            if f.target == "key":
                self.keys.setdefault((f.pointer, f.inner), value_hash(f.value))

    def token(self, tok: str, prefix: tuple[str, str | None]) -> str | None:
        """The hash to print for the key ``tok`` reached by ``prefix`` (pointer, inner), or ``None`` to keep it.

        A key a key finding flagged is hidden whatever it is (``isHighPriority`` holds the answer but is
        not equal to it); any other key only when it equals a secret after normalisation.
        """
        hit = self.keys.get(prefix)
        if hit is not None:
            return hit
        return self.norm_token(tok)

    def norm_token(self, tok: str) -> str | None:
        """The hash of the answer that ``tok`` equals after normalisation, if any."""
        for n in _norms(tok):
            if n in self.by_norm:
                return self.by_norm[n]
        return None

    def pointer(self, pointer: str, root: Any, outer: str | None = None) -> tuple[str, Any]:
        """``pointer`` with hidden keys, and the node it reaches in ``root`` (``_MISSING`` if none).

        ``outer`` is set for an inner pointer (inside JSON held in the string at ``outer``).
        """
        toks = parse_pointer(pointer)
        node = root
        out: list[str] = []
        done: list[str] = []
        for tok in toks:
            if isinstance(node, str):
                inner = embedded_json(node)
                node = inner if inner is not None else _MISSING
            is_index = isinstance(node, list) or (node is _MISSING and tok.isdigit())
            done.append(tok)
            hidden = None
            if not is_index:
                if self.keys:  # the prefix is only needed to look up keys that a key finding flagged
                    here = join_pointer(done)
                    hidden = self.token(tok, (outer, here) if outer is not None else (here, None))
                else:
                    hidden = self.norm_token(tok)
            out.append(hidden if hidden is not None else tok)
            node = _child(node, tok)
        return join_pointer(out), node


_MISSING = object()


def _may_hide(findings: list[Finding], secrets: Sequence[str]) -> bool:
    """Whether some pointer can show a key to hide: a key finding, or a pointer that holds every word
    of a secret (lowercased). A key equal to a secret after normalisation holds its words; ASCII
    pointers and secrets without digits only (numbers and dates have other written forms)."""
    words = _secret_words(tuple(secrets))
    if words is None:
        return True
    # Plain loops, no generators: this runs once per leaking item, whose pointers rarely hold an answer.
    for f in findings:
        if f.target == "key":
            return True
        for ptr in (f.pointer, f.inner):
            if ptr is None:
                continue
            if not ptr.isascii():
                return True
            low = ptr.lower()
            for ws in words:
                for w in ws:
                    if w not in low:
                        break
                else:
                    return True
    return False


@lru_cache(maxsize=4096)
def _secret_words(secrets: tuple[str, ...]) -> tuple[tuple[str, ...], ...] | None:
    """Per secret, its lowercased words; ``None`` when a secret is not ASCII or holds a digit."""

    out = []
    for s in secrets:
        if not s.isascii() or _DIGIT_RE.search(s) is not None:
            return None
        out.append(tuple(_ASCII_WORDS_RE.findall(s.lower())))
    return tuple(out)


_DIGIT_RE = re.compile(r"[0-9]")
_ASCII_WORDS_RE = re.compile(r"[a-z0-9]+")
"""What :func:`_secret_words` reads of an ASCII secret (compiled once: it runs on each distinct answer's
first sighting, every item of a first pass over a file of distinct answers)."""


def _child(node: Any, tok: str) -> Any:
    """The node ``tok`` reaches from ``node``, or ``_MISSING`` (the pointer is then printed as far as it
    goes, and the rest of its keys are still checked against the answers)."""
    if isinstance(node, Mapping):
        return node.get(tok, _MISSING)
    if isinstance(node, list) and tok.isdigit() and int(tok) < len(node):
        return node[int(tok)]
    return _MISSING


def hide_answers(findings: list[Finding], projection: Any, secrets: Sequence[str]) -> list[Finding]:
    """``findings`` with ``hashed_pointer`` / ``hashed_inner`` set where a pointer shows an answer key.

    ``secrets`` are the item's answers and correlated values; a key matches one under the scan's own
    normalisation (case, width, accents, homoglyphs, and canonical numbers and dates for a value with a
    digit). Pointers are resolved against ``projection`` so list indices are never hashed, and a key
    inside JSON held in a string is reached through that string. The findings are returned unchanged
    (the same objects) when no pointer can show a secret, which a cheap word check decides for most
    items; ``pointer`` and ``span`` are never altered, only the printed forms are added.
    """
    if not findings or not _may_hide(findings, secrets):
        return findings
    mask = _Mask(secrets, findings)
    out: list[Finding] = []
    for f in findings:
        ptr, node = mask.pointer(f.pointer, projection)
        inner = None
        if f.inner is not None:
            inner, _ = mask.pointer(f.inner, node, outer=f.pointer)
        changed = ptr != f.pointer or (inner is not None and inner != f.inner)
        out.append(replace(f, hashed_pointer=ptr, hashed_inner=inner) if changed else f)
    return out


def drop_within(findings: list[Finding], spans_at: Callable[[str], list[tuple[int, int]]]) -> list[Finding]:
    """``findings`` without the value findings of the answer that lie inside one of the spans ``spans_at``
    gives for their pointer (asked once per pointer): the shared step of the principles that clear a region
    of a string as a listing (an even per-label chart, a one-hot header). Correlated findings, findings
    inside JSON held in a string and findings without a span are kept. The list itself when none is dropped."""
    cache: dict[str, list[tuple[int, int]]] = {}
    kept: list[Finding] = []
    for f in findings:
        if f.span is None or f.inner is not None or f.target != "value" or f.channel == "correlated":
            kept.append(f)
            continue
        spans = cache.get(f.pointer)
        if spans is None:
            spans = cache[f.pointer] = spans_at(f.pointer)
        a, b = f.span
        if any(la <= a and b <= lb for la, lb in spans):
            continue
        kept.append(f)
    return findings if len(kept) == len(findings) else kept


def string_leaves(node: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], str]]:
    """Every string value of a JSON structure with its path of keys and list indices (as strings), depth first.

    The paths join into pointers with :func:`join_pointer`; the principles that read whole texts of a projection
    (elimination, ordinal position) walk it with this one function."""
    if isinstance(node, str):
        yield path, node
    elif isinstance(node, Mapping):
        for k, v in node.items():
            yield from string_leaves(v, (*path, str(k)))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from string_leaves(v, (*path, str(i)))


def escape_pointer_token(token: str) -> str:
    """RFC 6901 escaping of one reference token (``~`` → ``~0`` first, then ``/`` → ``~1``)."""
    return token.replace("~", "~0").replace("/", "~1")


def general_pointer(pointer: str) -> str:
    """``pointer`` with list indices as ``*``: the same field of every element counts as one place."""
    return "/".join("*" if t.isdigit() else t for t in pointer.split("/"))


def in_derive_from(pointer: str, derive_from: Sequence[str]) -> bool:
    """``pointer`` is at or under a field named in ``derive_from`` (a pointer, a template with ``*``,
    or a bare key name matched anywhere): the task's input, which mining does not read and the sanitizer does not
    cut on mined evidence."""
    general = general_pointer(pointer)
    parts = pointer.split("/")
    for d in derive_from:
        if d.startswith("/"):
            if pointer == d or pointer.startswith(d + "/") or general == d or general.startswith(d + "/"):
                return True
        elif escape_pointer_token(d) in parts:
            return True
    return False
