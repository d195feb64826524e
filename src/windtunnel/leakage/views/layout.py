"""Layout that breaks a word: end-of-line hyphenation and a soft hyphen at a line end."""

from __future__ import annotations

import re

from windtunnel.leakage.views.registry import Replacement, decoder

# ``Hi-\ngh`` / ``Hi\u00ad\ngh``: a letter, a hyphen (or soft hyphen) at the end of a line, a letter.
_HYPHEN_RE = re.compile(r"(?<=[^\W\d_])[-\u00ad\u2010][ \t]*\r?\n[ \t]*(?=[^\W\d_])")


@decoder("hyphenation", order=75, marker=lambda t: "\n" in t)
def hyphenation(text: str) -> list[Replacement]:
    """The two halves of a hyphenated word joined (``High-\\nway`` is not ``High``: whole tokens only)."""
    return [(mt.start(), mt.end(), "") for mt in _HYPHEN_RE.finditer(text)]
