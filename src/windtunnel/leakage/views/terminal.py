"""A terminal capture as the terminal shows it: ANSI escape sequences removed, backspaces applied.

A tool's output captured from a terminal keeps its control sequences: colour and bold (SGR,
``ESC[1;31m``), cursor moves, window titles (OSC), and the overstrike of ``nroff``/``man`` pages,
where a bold letter is written, backspaced over and written again (``H\\bHi\\bi``) and an underlined
one is ``_\\bH``. The escape glued to a word hides it from a token search (``[1;31mPositive``);
the reader sees only the word. The view deletes every escape sequence (ECMA-48: CSI, OSC, and the
two-character escapes), written as the control character or as the text a shell script or a log
holds (``\\033[``, ``\\e[``, ``\\x1b[``, ``\\u001b[``, ``^[[``), and applies each run of ``k``
backspaces to the ``k`` characters before it on its line, as a terminal would.
"""

from __future__ import annotations

import re

from windtunnel.leakage.views.registry import Replacement, decoder

# ESC as a control character or written out; then a CSI (parameters, intermediates, a final byte),
# an OSC string ended by BEL or ST (bounded), or a two-character escape. C1 CSI (0x9b) too.
_ESC = r"(?:\x1b|\\033|\\e|\\x1[bB]|\\u001[bB]|\^\[)"
_SEQ_RE = re.compile(
    _ESC + r"(?:\[[0-?]{0,32}[ -/]{0,4}[@-~]|\][^\x07\x1b]{0,512}(?:\x07|\x1b\\|\\a|\\007)|[()][0-9A-Za-z]|[@-Z\\^_=>])"
    r"|\x9b[0-?]{0,32}[ -/]{0,4}[@-~]"
)
_BACKSPACES_RE = re.compile(r"\x08+")
_WRITTEN = ("\\033", "\\e", "\\x1", "\\u001", "^[")


def _marker(text: str) -> bool:
    """An escape or a backspace character, or an escape written out as text."""
    return (
        "\x1b" in text
        or "\x08" in text
        or "\x9b" in text
        or (("\\" in text or "^[" in text) and any(w in text for w in _WRITTEN))
    )


@decoder("terminal", order=32, marker=_marker)
def terminal(text: str) -> list[Replacement]:
    """Escape sequences deleted; each run of backspaces deletes itself and as many characters before
    it on its line (the overstruck ones: ``H\\bH`` → ``H``, ``_\\bH`` → ``H``)."""
    out: list[Replacement] = [(mt.start(), mt.end(), "") for mt in _SEQ_RE.finditer(text)]
    if "\x08" in text:
        strikes: list[Replacement] = []
        last = 0
        for mt in _BACKSPACES_RE.finditer(text):
            a, b = mt.start(), mt.end()
            line = text.rfind("\n", last, a) + 1
            start = max(a - (b - a), line, last)
            strikes.append((start, b, ""))
            last = b
        out = _merged(out, strikes) if out else strikes
    return out


def _merged(first: list[Replacement], second: list[Replacement]) -> list[Replacement]:
    """Two sorted lists of deletions as one sorted list without overlaps (an overlap joins)."""
    out: list[Replacement] = []
    for a, b, rep in sorted(first + second):
        if out and a < out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b), "")
        else:
            out.append((a, b, rep))
    return out
