"""Recognising the representations a projection carries, and the shape heuristics of the channels.

Representations: ``json`` (a structured value), ``text`` (a plain string), ``markdown``, ``html``,
``adf`` (Atlassian Document Format), ``notion`` (Notion blocks and rich text), ``slack`` (Block Kit and
the message's top-level ``text``), ``json-in-string``.

A representation is a *label*, attached to every finding so a reader (and the HTML page) can tell the
markdown body from its ADF twin, and consulted by the decision where a format changes what a mark
means: inside ADF, Notion or Slack structure, a styled node is emphasis (principle 2) and the schema
keys (``type``, ``version`` …) are format structure, not content (principle 3). It never decides
*whether* a string is searched: every string the model reads is searched in every view, whatever it
is labelled; a wrong guess here can change a cue, never hide a value.

The recognisers are cheap on purpose: they run on every object and string of the walk. A format is
recognised by a few keys or one regex with a necessary-condition check before it, not by parsing, and
an object inside ADF / Notion / Slack inherits its parent's representation without a check.

The second half holds the shape tests the channels share: upstream field names (a rule that names a
family, kept because a field's provenance is not in its value, see docs/leakage.md), key words, URL
path segments and category paths. Each returns offsets into the original string or key.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from windtunnel.leakage.text import Mapped

_ADF_NODE_TYPES = frozenset(
    {
        "doc",
        "paragraph",
        "text",
        "heading",
        "bulletList",
        "orderedList",
        "listItem",
        "codeBlock",
        "blockquote",
        "panel",
        "table",
        "tableRow",
        "tableCell",
        "tableHeader",
        "mention",
        "emoji",
        "hardBreak",
        "rule",
        "mediaSingle",
        "media",
        "status",
        "date",
        "inlineCard",
        "blockCard",
        "expand",
        "nestedExpand",
        "taskList",
        "taskItem",
        "decisionList",
        "decisionItem",
    }
)
_SLACK_BLOCK_TYPES = frozenset(
    {
        "section",
        "header",
        "context",
        "divider",
        "actions",
        "input",
        "image",
        "rich_text",
        "rich_text_section",
        "rich_text_list",
        "rich_text_quote",
        "rich_text_preformatted",
        "mrkdwn",
        "plain_text",
    }
)
_NOTION_OBJECTS = frozenset({"block", "page", "database", "list", "comment"})

_HTML_RE = re.compile(r"</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?>")
_MD_RE = re.compile(
    r"(?m)^\s{0,3}(?:#{1,6}\s|[-*+]\s|\d+\.\s|>\s|```|\|.*\|)|\*\*[^*\n]+\*\*|__[^_\n]+__|`[^`\n]+`"
    r"|\[[^\]\n]+\]\([^)\s]+\)"
)


def _is_str_in(value: Any, names: frozenset[str]) -> bool:
    """``value in names`` for a value read from a record, which may be an object or a list (unhashable)."""
    return isinstance(value, str) and value in names


def container_representation(node: Mapping[str, Any], inherited: str) -> str:
    """The representation of a JSON object, given the one of its parent.

    ``adf`` for a ``{"type": "doc", "content": [...]}`` root or a node of an ADF type with content or
    text; ``notion`` for a Notion object or rich text; ``slack`` for a ``blocks`` list of Block Kit
    types or a block itself; else the parent's. Once inside one of the three, always that one.
    """
    if inherited in ("adf", "notion", "slack"):
        return inherited
    typ = node.get("type")
    if typ == "doc" and isinstance(node.get("content"), list):
        return "adf"
    if _is_str_in(node.get("object"), _NOTION_OBJECTS) or "plain_text" in node or "rich_text" in node:
        return "notion"
    if isinstance(node.get("blocks"), list):
        blocks = node["blocks"]
        if not blocks or all(isinstance(b, Mapping) and _is_str_in(b.get("type"), _SLACK_BLOCK_TYPES) for b in blocks):
            return "slack"
    if _is_str_in(typ, _SLACK_BLOCK_TYPES) and ("text" in node or "elements" in node):
        return "slack"
    if _is_str_in(typ, _ADF_NODE_TYPES) and ("content" in node or "text" in node):
        return "adf"
    return inherited


def string_representation(text: str, inherited: str) -> str:
    """The representation of a string value, given the one of its container.

    A string inside ADF / Notion / Slack keeps the container's; otherwise ``html`` when it holds a tag,
    ``markdown`` when it holds a block marker or inline markup, else the container's (``json`` for a
    field, ``text`` for a bare string).
    """
    if inherited in ("adf", "notion", "slack"):
        return inherited
    if "<" in text and _HTML_RE.search(text):
        return "html"
    if _may_be_markdown(text) and _MD_RE.search(text):
        return "markdown"
    return inherited


def representation_at(root: Any, path: Sequence[str], role: str) -> str:
    """The representation of one place of a projection, as the scan's walk names it there: ``json`` at a
    structured root or ``text`` at a bare string, each object on ``path`` through
    :func:`container_representation`, a string value through :func:`string_representation`; a key has its
    object's, a scalar its container's. ``path`` holds the pointer's tokens (object keys as text, list indexes
    as digits); ``role`` is ``key``, ``value`` or ``scalar``. For a finding made outside the walk (the learned
    decision's), so that it names the place as the written rules' findings do (``markdown``, not ``text``)."""
    rep = "json" if not isinstance(root, str) else "text"
    node = root
    for token in path[:-1] if role == "key" else path:
        if isinstance(node, Mapping):
            rep = container_representation(node, rep)
            node = node[token] if token in node else next((v for k, v in node.items() if str(k) == token), None)
        elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
            node = node[int(token)]
        else:
            return rep
    if isinstance(node, Mapping) and role == "key":
        return container_representation(node, rep)
    if isinstance(node, str) and role == "value":
        return string_representation(node, rep)
    return rep


def _may_be_markdown(text: str) -> bool:
    """A necessary condition for ``_MD_RE`` to match (its search tries every position of the text):
    one of its marker characters, or, in one line, a list marker or number after at most 3 spaces."""
    if "\n" in text or "*" in text or "_" in text or "`" in text or "[" in text or "#" in text:
        return True
    if ">" in text or "|" in text:
        return True
    j = len(text) - len(text.lstrip())
    return j <= 3 and j < len(text) and (text[j] in "-+" or text[j].isdigit())


# ---------------------------------------------------------------- upstream heuristics

_KEY_SPLIT_RE = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")
_UPSTREAM_PREFIXES = ("pred", "suggest", "auto", "classif", "infer")
_UPSTREAM_WORDS = frozenset({"ai", "ml", "llm", "gpt", "confidence", "predicted", "guess", "triage"})


def key_words(key: str) -> list[str]:
    """``aiCategory`` → ``[ai, category]``; ``predicted_label`` → ``[predicted, label]``.

    Words at case humps, digits and every non-letter; an acronym keeps together (``HTTPStatus`` →
    ``[http, status]``). ASCII letters only: a non-ASCII letter is dropped and splits the word
    (``prioritéHaute`` → ``[priorit, haute]``), which is enough for the upstream-name test it serves.
    """
    return [w.lower() for w in _KEY_SPLIT_RE.findall(key)]


@lru_cache(maxsize=8192)
def is_upstream_name(key: str) -> bool:
    """A field named like an earlier stage's output: ``aiCategory``, ``predicted_label``, ``confidence``.

    The first word of the key is an upstream word (``ai``, ``ml``, ``llm``, ``gpt``, ``triage`` …) or
    starts with an upstream prefix (``pred``, ``suggest``, ``auto``, ``classif``, ``infer``), or any word
    is ``confidence``. The words are whole (``domain`` or ``maintenance`` hold no ``ai``); the prefixes
    are not, so ``automation`` counts too. Under such a field any label is reported (another label as
    ``upstream.field-label``) and the field itself is a ``low`` review finding.
    """
    words = key_words(key)
    if not words:
        return False
    if words[0] in _UPSTREAM_WORDS or any(w in ("confidence",) for w in words):
        return True
    return any(words[0].startswith(p) for p in _UPSTREAM_PREFIXES)


def humanize_key(key: str) -> Mapped:
    """A key with its words separated by spaces (``isHighPriority`` → ``is High Priority``).

    Offsets map back into the key. Keys that are not ASCII only have ``_ - .`` turned into spaces.

    The scan searches a key as written first and this form only when that finds nothing, so a key that
    *is* the answer stays ``direct.key`` and one that merely holds it as a word (``isHighPriority``)
    becomes ``freetext.key-token``; the span still covers the word in the original key.
    """
    if not key.isascii():
        return Mapped(re.sub(r"[_.\-]", " ", key))
    spans = [m.span() for m in _KEY_SPLIT_RE.finditer(key)]
    if not spans:
        return Mapped(key)
    pieces: list[tuple[str, int, int]] = []
    for i, (a, b) in enumerate(spans):
        if i:
            gap_a = spans[i - 1][1]
            pieces.append((" ", gap_a, max(a, gap_a + 1)))
        pieces.append((key[a:b], a, b))
    return Mapped(key).compose(pieces)


# ---------------------------------------------------------------- paths and URLs

_URL_RE = re.compile(r"^(?:[a-z][a-z0-9+.-]*://|/)[^\s]*$", re.IGNORECASE)
_PATH_SEP_RE = re.compile(r"\s*(?:/|>|\||::|→|»)\s*")
_PATH_SEPARATORS = ("/", ">", "|", "::", "→", "»")


def is_url(text: str) -> bool:
    """The whole string (blanks trimmed) is one URL with a scheme, or an absolute path, with no blank inside."""
    return bool(_URL_RE.match(text.strip()))


_URL_IN_TEXT = re.compile(
    r"(?:[a-z][a-z0-9+.-]*://[^\s/?#\"'<>|]*|(?<![\w.:/~<-])(?=/[\w%.~-]))(/[^\s?#\"'<>()\[\]|]*)", re.IGNORECASE
)
"""A URL, or an absolute path (a ``/`` after no word, and not a closing tag's ``</``)."""
_EXTENSION = re.compile(r"\.[A-Za-z0-9]{1,5}$")
_URL_START = re.compile(r"://|(?<![\w.:/~<-])/(?=[\w%.~-])", re.IGNORECASE)
"""Where :data:`_URL_IN_TEXT` can match: a scheme's ``://`` (its letters just before it) or an absolute path's
``/`` (the same look-behind and look-ahead)."""
_URL_INDEXED = 8192
"""A text longer than this has its possible URL starts found once (:func:`_url_starts`), so the many hits of
one long string do not each search 4 K characters for a URL that is not there."""


@lru_cache(maxsize=8)
def _url_starts(text: str) -> list[int]:
    """The sorted positions in ``text`` of every :data:`_URL_START`: a search of :data:`_URL_IN_TEXT` over a
    window holding none of them finds nothing."""
    return [m.start() for m in _URL_START.finditer(text)]


def url_path_segment(text: str, a: int, b: int) -> bool:
    """``text[a:b]`` is a whole segment, or a whole file name without its extension, of the path of a
    URL (or of an absolute path) anywhere in ``text``: ``https://x.test/priorities/high.png``.

    Never the host (``https://high.example.test/``), the query or the fragment, and never part of a
    segment (``…/high-availability-guide``): a host names a site and a longer segment a page, not the
    label. Only URLs starting within 2,048 characters of the span are looked at, so prose stays linear.
    """
    if "/" not in text:
        return False
    lo, hi = max(0, a - 2048), min(len(text), b + 2048)
    if len(text) > _URL_INDEXED:
        starts = _url_starts(text)
        if bisect_left(starts, hi) == bisect_left(starts, lo):
            return False  # no URL or absolute path can start in the window (the window is not searched per hit)
    # A URL holding the span starts at most 2 K characters before it (a long text stays linear).
    for m in _URL_IN_TEXT.finditer(text, lo, hi):
        pa, pb = m.span(1)
        if not (pa <= a and b <= pb):
            continue
        s = text.rfind("/", pa, a) + 1
        e = text.find("/", b, pb)
        seg = text[s : pb if e < 0 else e]
        stem = _EXTENSION.sub("", seg)
        return a == s and b in (s + len(seg), s + len(stem))
    return False


def url_section(text: str, a: int, b: int) -> bool:
    """The URL path segment ``text[a:b]`` (see :func:`url_path_segment`) is followed by a page's slug
    that ends the path: words of letters and hyphens, no digit (``faq``, ``track-your-order``,
    ``refund-policy.html``). A path reads from the general to the particular: such a URL names a page
    (a help article, a document) filed under a section of that name, as a dotted key names its last
    word; ``…/billing/4711``, ``…/queues/billing`` or ``…/billing/`` keep the segment a value."""
    if b >= len(text) or text[b] != "/":
        return False
    m = _SLUG_SEGMENT.match(text, b + 1)
    return m is not None and len(m.group(1).replace("-", "")) >= 3


_SLUG_SEGMENT = re.compile(r"([A-Za-z][A-Za-z-]*)(?:\.[A-Za-z0-9]{1,5})?/?(?=[?#\s\"'<>)\]|]|\Z)")


def path_segments(text: str) -> list[tuple[int, int]] | None:
    """Segments of a path-like value (``Billing/High``, ``Support > Billing > High``, a URL), else ``None``.

    A path has at least two segments and no sentence punctuation; segments may contain single spaces; a text holding
    an XML / HTML tag is markup, not a path.
    Separators are ``/ > | :: → »``; a URL's query and fragment are not segments. At most 300
    characters, one line and (outside URLs) eight words: longer text is prose, whose slashes are not a
    category path. Segments are ``(start, end)`` in ``text``, blanks around separators excluded.
    """
    s = text
    # ``_PATH_SEP_RE`` matches exactly where a separator occurs (its blanks may be empty): looked for with
    # ``in``, as the regex led by ``\s*`` was tried at every position (~1.5 µs on a comment).
    if len(s) > 300 or "\n" in s or not any(sep in s for sep in _PATH_SEPARATORS):
        return None
    if "<" in s and _MARKUP_TAG.search(s):
        return None  # ``<a><b>x</b></a>``: the slashes and brackets of tags are markup, not a path's separators
    url = is_url(s)
    if url:
        s_clean = re.split(r"[?#]", s, maxsplit=1)[0]
    else:
        s_clean = s
        if re.search(r"[.!?;,]\s", s) or len(s.split()) > 8:
            return None
    out: list[tuple[int, int]] = []
    pos = 0
    for m in _PATH_SEP_RE.finditer(s_clean):
        if m.start() > pos:
            out.append((pos, m.start()))
        pos = m.end()
    if pos < len(s_clean):
        out.append((pos, len(s_clean)))
    if not url and all(_NUMBER_SEGMENT.fullmatch(s_clean[a:b]) for a, b in out):
        return None  # ``3/5``, ``12/03/2024``, ``1.2/2``: a ratio, a score or a date, not a category path
    return out if len(out) >= 2 else None


_NUMBER_SEGMENT = re.compile(r"\s*\d+(?:[.,]\d+)?\s*")
_MARKUP_TAG = re.compile(r"</?[A-Za-z][\w.:-]*(?:\s[^<>]*)?/?>")
"""An XML / HTML tag (opening, closing or empty)."""
