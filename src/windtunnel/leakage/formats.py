"""Recognising the representations a projection carries, and the shape heuristics of the channels.

Representations: ``json`` (a structured value), ``text`` (a plain string), ``markdown``, ``html``,
``adf`` (Atlassian Document Format), ``notion`` (Notion blocks and rich text), ``slack`` (Block Kit and
the message's top-level ``text``), ``json-in-string``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
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


def container_representation(node: Mapping[str, Any], inherited: str) -> str:
    """The representation of a JSON object, given the one of its parent."""
    if inherited in ("adf", "notion", "slack"):
        return inherited
    typ = node.get("type")
    if typ == "doc" and isinstance(node.get("content"), list):
        return "adf"
    if node.get("object") in _NOTION_OBJECTS or "plain_text" in node or "rich_text" in node:
        return "notion"
    if isinstance(node.get("blocks"), list):
        blocks = node["blocks"]
        if not blocks or all(isinstance(b, Mapping) and b.get("type") in _SLACK_BLOCK_TYPES for b in blocks):
            return "slack"
    if isinstance(typ, str) and typ in _SLACK_BLOCK_TYPES and ("text" in node or "elements" in node):
        return "slack"
    if isinstance(typ, str) and typ in _ADF_NODE_TYPES and ("content" in node or "text" in node):
        return "adf"
    return inherited


def string_representation(text: str, inherited: str) -> str:
    """The representation of a string value, given the one of its container."""
    if inherited in ("adf", "notion", "slack"):
        return inherited
    if "<" in text and _HTML_RE.search(text):
        return "html"
    if _may_be_markdown(text) and _MD_RE.search(text):
        return "markdown"
    return inherited


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
    """``aiCategory`` → ``[ai, category]``; ``predicted_label`` → ``[predicted, label]``."""
    return [w.lower() for w in _KEY_SPLIT_RE.findall(key)]


@lru_cache(maxsize=8192)
def is_upstream_name(key: str) -> bool:
    """A field named like an earlier stage's output: ``aiCategory``, ``predicted_label``, ``confidence``."""
    words = key_words(key)
    if not words:
        return False
    if words[0] in _UPSTREAM_WORDS or any(w in ("confidence",) for w in words):
        return True
    return any(words[0].startswith(p) for p in _UPSTREAM_PREFIXES)


def humanize_key(key: str) -> Mapped:
    """A key with its words separated by spaces (``isHighPriority`` → ``is High Priority``).

    Offsets map back into the key. Keys that are not ASCII only have ``_ - .`` turned into spaces.
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
    return bool(_URL_RE.match(text.strip()))


_URL_IN_TEXT = re.compile(
    r"(?:[a-z][a-z0-9+.-]*://[^\s/?#\"'<>|]*|(?<![\w.:/~-])(?=/[\w%.~-]))(/[^\s?#\"'<>()\[\]|]*)", re.IGNORECASE
)
_EXTENSION = re.compile(r"\.[A-Za-z0-9]{1,5}$")


def url_path_segment(text: str, a: int, b: int) -> bool:
    """``text[a:b]`` is a whole segment, or a whole file name without its extension, of the path of a
    URL (or of an absolute path) anywhere in ``text``: ``https://x.test/priorities/high.png``."""
    if "/" not in text:
        return False
    # A URL holding the span starts at most 2 K characters before it (a long text stays linear).
    for m in _URL_IN_TEXT.finditer(text, max(0, a - 2048), min(len(text), b + 2048)):
        pa, pb = m.span(1)
        if not (pa <= a and b <= pb):
            continue
        s = text.rfind("/", pa, a) + 1
        e = text.find("/", b, pb)
        seg = text[s : pb if e < 0 else e]
        stem = _EXTENSION.sub("", seg)
        return a == s and b in (s + len(seg), s + len(stem))
    return False


def path_segments(text: str) -> list[tuple[int, int]] | None:
    """Segments of a path-like value (``Billing/High``, ``Support > Billing > High``, a URL), else ``None``.

    A path has at least two segments and no sentence punctuation; segments may contain single spaces.
    """
    s = text
    # ``_PATH_SEP_RE`` matches exactly where a separator occurs (its blanks may be empty): looked for with
    # ``in``, as the regex led by ``\s*`` was tried at every position (~1.5 µs on a comment).
    if len(s) > 300 or "\n" in s or not any(sep in s for sep in _PATH_SEPARATORS):
        return None
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
    return out if len(out) >= 2 else None
