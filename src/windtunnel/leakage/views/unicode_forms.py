"""Standard Unicode representations that the per-character folds of the view layer do not undo.

The view layer (:mod:`windtunnel.leakage.text`) already folds compatibility forms by NFKC (ligatures
``ﬁ``, fullwidth ``Ｈｉｇｈ``, circled ``Ⓗ``) and drops what renders as nothing. Three standard forms
remain, each a decoder here:

* ``tags``: Unicode TAG characters (U+E0020–U+E007E) shadow printable ASCII one for one and render as
  nothing; a model's tokeniser reads them, so a label written in tags is read as the ASCII it shadows.
  The view layer drops them as invisible, which hides the label instead of reading it.
* ``digits``: a decimal digit of any script (``٤٢``, ``४२``, ``৪২``) is the number it writes; NFKC
  leaves these digits as they are, so a numeric label written in another script's digits is read as
  ASCII digits (``unicodedata.decimal``).
* ``bidi``: a run inside a right-to-left override (U+202E, ended by U+202C, an isolate's end U+2069 or
  the end of the line) is *displayed* reversed: ``\\u202ehgiH\\u202c`` shows ``High``; so is the
  content of the markup that writes the same override (``<bdo dir="rtl">``). The view reads the run
  in display order.

Each replacement covers the original characters it reads, so a finding points at the tag characters,
the digits or the overridden run, and the sanitizer removes exactly those. The ``tags`` and ``digits``
markers fail on an ASCII string (most strings) at the cost of one scan; the ``bidi`` marker asks for
the override character or its markup element.
"""

from __future__ import annotations

import re
import unicodedata

from windtunnel.leakage.views.registry import Replacement, decoder

_TAG_RUN_RE = re.compile("[\U000e0001\U000e0020-\U000e007f]+")


def _non_ascii(text: str) -> bool:
    """The markers' common pre-check: every form here is a non-ASCII character."""
    return not text.isascii()


@decoder("tags", order=12, marker=_non_ascii)
def tags(text: str) -> list[Replacement]:
    """Each TAG character as the ASCII character it shadows (the language tag U+E0001 and the cancel tag
    U+E007F as nothing); a run of them is a message of its own, so a blank separates it from a word
    it is glued to. One replacement per character, so a hit points at its own tag characters."""
    out: list[Replacement] = []
    for mt in _TAG_RUN_RE.finditer(text):
        a, b = mt.start(), mt.end()
        shadow = [chr(ord(ch) - 0xE0000) if "\U000e0020" <= ch <= "\U000e007e" else "" for ch in mt.group(0)]
        if not "".join(shadow).strip():
            continue  # only blanks or controls: nothing to read
        if a > 0 and not text[a - 1].isspace():
            shadow[0] = " " + shadow[0]
        if b < len(text) and not text[b].isspace():
            shadow[-1] += " "
        out.extend((a + i, a + i + 1, rep) for i, rep in enumerate(shadow))
    return out


_DIGIT_RUN_RE = re.compile(r"\d+")


@decoder("digits", order=13, marker=_non_ascii)
def digits(text: str) -> list[Replacement]:
    """Each decimal digit of another script (``٤٢``, ``४२``) as its ASCII digit, one replacement per
    digit (``unicodedata.decimal``); ASCII digits and digits NFKC already folds stay as they are."""
    out: list[Replacement] = []
    for mt in _DIGIT_RUN_RE.finditer(text):
        run = mt.group(0)
        if run.isascii():
            continue
        a = mt.start()
        for i, ch in enumerate(run):
            if not ch.isascii() and unicodedata.normalize("NFKC", ch) == ch:
                out.append((a + i, a + i + 1, str(unicodedata.decimal(ch))))
    return out


_OVERRIDE_RE = re.compile("\u202e([^\u202c\u2069\n\r\u2029]*)([\u202c\u2069]?)")
_BIDI_CONTROLS_RE = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


# The same override written as markup: HTML's bidirectional override element with a right-to-left
# direction (its content has no tags of its own here; bounded).
_MARKUP_OVERRIDE_RE = re.compile(
    r"""<bdo\b[^<>]{0,200}?\bdir\s*=\s*["']?rtl\b[^<>]{0,200}>([^<>]{0,400})</bdo\s*>""", re.IGNORECASE
)


def _bidi_marker(text: str) -> bool:
    """An override control, or the markup element that writes one."""
    return "\u202e" in text or (("<bdo" in text or "<BDO" in text) and "rtl" in text.lower())


@decoder("bidi", order=14, marker=_bidi_marker)
def bidi(text: str) -> list[Replacement]:
    """Each right-to-left override run (U+202E up to U+202C, U+2069 or the end of the line, or the
    content of a ``<bdo dir="rtl">`` element) in display order: reversed, its bidi controls dropped
    (``\\u202ehgiH\\u202c`` → ``High``). The controls (or the element's tags) read as nothing and
    the content as one replacement, so a hit points at the overridden characters as written.

    Only an override reverses letters: an embedding or isolate (U+202B, U+2067) changes the order of
    runs around Latin text, never the letters of a word, so it is left to the invisible-character fold.
    """
    found: list[tuple[int, int, int, int]] = []  # the run with its controls, then its content
    if "\u202e" in text:
        found.extend((mt.start(), mt.end(), mt.start(1), mt.end(1)) for mt in _OVERRIDE_RE.finditer(text))
    if "<" in text:
        found.extend((mt.start(), mt.end(), mt.start(1), mt.end(1)) for mt in _MARKUP_OVERRIDE_RE.finditer(text))
    out: list[Replacement] = []
    for a, b, ca, cb in sorted(found):
        shown = _BIDI_CONTROLS_RE.sub("", text[ca:cb])[::-1]
        if not shown.strip() or (out and a < out[-1][1]):
            continue
        # the controls (or tags) read as nothing, the content reversed: a hit points at the content
        if a < ca:
            out.append((a, ca, ""))
        out.append((ca, cb, shown))
        if cb < b:
            out.append((cb, b, ""))
    return out
